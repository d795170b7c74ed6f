"""The share text of a Cheops attempt: the core's format (:mod:`...vocabulary`), nothing of
the answer.

``Cheops daily 2026-11-26 · win from here · difficulty 5/5`` then ``⭐ 100%/100% at par ·
1 hint (aim 1)``: the score as its share of par (par in piastres would tell a reader how
well the best line does), the hints by level, and whether par is only the expert's
estimate. It names no space, colour, tile or move, and it is honest: a practice play says
so, a give-up says so, and a solution seen through a move hint or a counted take-back is
said.
"""

from __future__ import annotations

from ..core.vocabulary import ShareFacts
from ..core.vocabulary import share_text as core_share_text
from .puzzle import CheopsPuzzle
from .session import Result

GAME_NAME = "Cheops"


def share_facts(puzzle: CheopsPuzzle, result: Result) -> ShareFacts:
    """What the share text tells of ``result``."""
    note = None if result.proven else "par by the expert's estimate"
    return result.share_facts(GAME_NAME, puzzle, score=f"{result.percent}%", par="100%", note=note)


def share_text(puzzle: CheopsPuzzle, result: Result, *, plain: bool = False) -> str:
    """The share text (two lines)."""
    return core_share_text(share_facts(puzzle, result), plain=plain)
