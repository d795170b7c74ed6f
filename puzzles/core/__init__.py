"""The middle floor's game-free core: the results store, tournaments, grading, advice by
rollouts, the trainer's and kept games' bookkeeping, shared by every game. It imports no game
(import-linter)."""
