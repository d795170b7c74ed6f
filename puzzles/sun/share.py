"""The share text of a Sun attempt: the core's format (:mod:`...vocabulary`), nothing of the
answer.

``Pyramid of the Sun daily 2026-11-26 · best turn · difficulty 3/5`` then ``11.5/12.0 (par
12.0) · 1 hint (aim 1)``: score and par in expected points with one decimal, the hints by
level. It names no card, slot or move, and it is honest: a practice play says so, a give-up
says so, and a solution seen through a move hint or a counted take-back is said.
"""

from __future__ import annotations

from ..core.vocabulary import ShareFacts
from ..core.vocabulary import share_text as core_share_text
from .puzzle import SunPuzzle
from .session import Result, points_text

GAME_NAME = "Pyramid of the Sun"


def share_facts(puzzle: SunPuzzle, result: Result) -> ShareFacts:
    """What the share text tells of ``result``."""
    return result.share_facts(
        GAME_NAME, puzzle, score=points_text(result.score), par=points_text(result.par)
    )


def share_text(puzzle: SunPuzzle, result: Result, *, plain: bool = False) -> str:
    """The share text (two lines)."""
    return core_share_text(share_facts(puzzle, result), plain=plain)
