"""The command line's game-free core: the entry point, the root app and its one error
mapping, the games' command registry, shared options and output, the line-mode loops and the
full-screen bases (``tui/``). It imports no game; games are named by the registry's strings
and :data:`silverpyr.solver.games.GAMES` (import-linter)."""
