"""Game model, rules engine and CP-SAT solver for Silver & Gold Pyramids.

Nothing in this package prints or reads files except :mod:`silverpyr.solver.silvergold.deckfile`.
"""
