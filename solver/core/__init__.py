"""The solver floor's game-free core: seeded streams, the strict reader, the errors, where
files live, flat Monte Carlo, and the rules every game's engine declares. It imports no game
(import-linter)."""
