"""What a solo line is optimised for (kept free of imports: the CLI needs it at start-up)."""

from __future__ import annotations

from enum import StrEnum


class Objective(StrEnum):
    """What a line is optimised for."""

    POINTS = "points"
    """Maximise the score; among equal scores, complete the card(s) in the fewest turns."""
    SPRINT = "sprint"
    """Complete the card(s) in the fewest turns; among those, maximise the score."""


DEFAULT_TIME_LIMIT = 10.0
"""Seconds CP-SAT may spend on one line before settling for the best line found."""
