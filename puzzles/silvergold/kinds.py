"""Puzzle kinds and the puzzle error, free of project imports but the error base and objective.

:mod:`.ids` and :mod:`.puzzle` both need them; keeping them here lets ``ids`` stand below
``puzzle`` instead of the two importing each other.
"""

from __future__ import annotations

from enum import StrEnum

from ...solver.core.errors import SilverpyrError
from ...solver.silvergold.objective import Objective


class PuzzleError(SilverpyrError, ValueError):
    """A puzzle that cannot be made, read or played (bad id, bad file, unprovable par)."""


class Kind(StrEnum):
    """The kinds of puzzle served across days."""

    POINTS = "points"
    """One fresh card, most points."""
    SPRINT = "sprint"
    """One fresh card, completed as fast as possible, then most points."""
    PAIR = "pair"
    """A hand of two fresh cards, most points."""
    MIDROUND = "midround"
    """One card already started mid-round: cells marked, gems and skulls on the sheet."""

    @property
    def objective(self) -> Objective:
        """What the kind is solved for."""
        return Objective.SPRINT if self is Kind.SPRINT else Objective.POINTS

    @property
    def label(self) -> str:
        """A short human name, e.g. ``two-card hand``."""
        return _KIND_LABELS[self]


_KIND_LABELS = {
    Kind.POINTS: "points",
    Kind.SPRINT: "sprint",
    Kind.PAIR: "two-card hand",
    Kind.MIDROUND: "mid-round start",
}
