"""Cheops: the rules engine and the game's solvers (board, components, game; the exact
endgame search and the bots).

The engine imports only the game-free core (:mod:`silverpyr.solver.rng`,
:mod:`silverpyr.solver.reader`, :mod:`silverpyr.solver.errors`) and the standard library;
docs/cheops-rules.md restates the rules and lists every ruling with where it lives.
"""
