"""The share text of a Sun attempt: which puzzle and the result, nothing of the answer.

``Pyramid of the Sun daily 2026-11-26: 11.5 / 12.0 (96%) hints 1``: the score and par in
expected points with one decimal, the share of par, the hints taken. It names no card, slot
or move (the puzzle's position and its answer stay unspoilt), and it is honest: a practice
play says so, a give-up says so, and a solution seen through a move hint is counted.
"""

from __future__ import annotations

from .puzzle import SunPuzzle
from .session import Result, points_text

GAME_NAME = "Pyramid of the Sun"


def share_text(puzzle: SunPuzzle, result: Result) -> str:
    """One line for sharing."""
    what = f"daily {puzzle.daily_date}" if puzzle.daily_date else f"puzzle {puzzle.id}"
    line = (
        f"{GAME_NAME} {what}: {points_text(result.score)} / {points_text(result.par)} "
        f"({result.percent}%) hints {result.hints_used}"
    )
    if result.gave_up:
        line += " (gave up)"
    if result.practice:
        line += " (practice, not scored)"
    return line
