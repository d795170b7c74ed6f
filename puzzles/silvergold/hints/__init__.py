"""Hints for learning players: graded hints, the coach and move feedback, built on the best
line still open from a position (:mod:`silverpyr.solver.silvergold.line`)."""
