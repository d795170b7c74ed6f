"""The table the full-screen Sun game drives: what the screen asks of a game against bots.

:class:`GameTable` is the whole interface :mod:`.game_screen` uses, so the screen does not care
who keeps the game: ``silverpyr.puzzles.sun.kept_game.KeptGame`` (saving, resuming, the
coach) fits it as it is, and the tests' in-memory stand-in (``tests/sun/engine_table.py``)
too. Your placements stay **pending** (``u`` takes back the last) until you end the turn or
make a symbol's choice; a draw, a discard, ``end`` and ``pass`` are final at once, and so is
the placement of the top (the game ends there). Every rule is the engine's
(:mod:`silverpyr.solver.sun.game`). What every game's table shares (the lines, the coach's
verdict, playing, the bots, leaving) is the core's :class:`~silverpyr.cli.core.tui.table.BotTable`.
"""

from __future__ import annotations

from typing import Protocol

from ....solver.sun.cards import Deck
from ....solver.sun.game import (
    Move,
    Phase,
    Place,
    SunState,
)
from ...core.tui.table import HUMAN as HUMAN
from ...core.tui.table import BotTable
from ...core.tui.table import Progress as Progress
from ...core.tui.table import TableLine as TableLine
from ...core.tui.table import VerdictLike as VerdictLike


class GameTable(BotTable[SunState, Move, Phase, Place], Protocol):
    """What the full-screen game asks of the game it shows (see the module docstring): the
    core's table on the Sun's state, moves and phases, whose pending moves are placements
    (:meth:`undo` gives the last one back), and its deck and seed words.

    ``silverpyr.puzzles.sun.kept_game.KeptGame`` fits it as it is (checked by mypy where the
    tests hand one to the screen)."""

    @property
    def deck(self) -> Deck: ...

    def seed_words(self) -> str:
        """``seed 5, a standard pyramid, you against greedy``."""
        ...
