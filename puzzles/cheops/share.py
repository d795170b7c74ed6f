"""The share text of a Cheops attempt: which puzzle and the result, nothing of the answer.

``Cheops daily 2026-11-26 (win from here, proven): 100% of par, hints 1``: the kind, whether
par is proven, the score's share of par, the hints taken. It names no space, colour, tile or
move, and no value of the position (a par in piastres would tell a reader how well the best
line does), so the puzzle stays unspoilt. It is honest: a practice play says so, a give-up
says so, and a solution seen through a move hint is counted among the hints.
"""

from __future__ import annotations

from .puzzle import CheopsPuzzle
from .session import Result

GAME_NAME = "Cheops"


def share_text(puzzle: CheopsPuzzle, result: Result) -> str:
    """One line for sharing."""
    what = f"daily {puzzle.daily_date}" if puzzle.daily_date else f"puzzle {puzzle.id}"
    how = "proven" if puzzle.proven else "expert's estimate"
    mark = "at par" if result.at_par else f"{result.percent}% of par"
    line = f"{GAME_NAME} {what} ({puzzle.kind_label}, {how}): {mark}, hints {result.hints_used}"
    if result.gave_up:
        line += " (gave up)"
    if result.practice:
        line += " (practice, not scored)"
    return line
