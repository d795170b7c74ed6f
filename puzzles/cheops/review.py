"""A recorded Cheops game reviewed by the coach: every decision of one seat
judged against the expert's choice, in piastres of margin (the core's
:mod:`silverpyr.puzzles.core.review`). Reads what ``cheops game --record`` and ``cheops arena
--records`` write."""

from __future__ import annotations

from ..core.review import Reviewing
from . import advice, coach, game_record, kept_game

REVIEWING = Reviewing.of(game_record, kept_game, advice, coach)
"""The game's declaration to the core's review."""

__all__ = ["REVIEWING"]
