"""A recorded Pyramid of the Sun game reviewed by the coach: every decision of one seat
judged against the expert's choice, in expected final points (the core's
:mod:`silverpyr.puzzles.core.review`). Reads what ``sun game --record`` and ``sun arena
--records`` write."""

from __future__ import annotations

from ..core.kept_table import TableCoach
from ..core.review import Reviewing
from .advice import advise
from .coach import judge, report
from .game_record import load_record, replay_error, start_of
from .kept_game import RULES, TURNS

REVIEWING = Reviewing(
    load_record, start_of, RULES, TableCoach(advise, judge), TURNS, replay_error, report
)
"""The game's declaration to the core's review."""

__all__ = ["REVIEWING"]
