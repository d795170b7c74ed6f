"""The table the full-screen Cheops game drives: what the screen asks of a game against bots.

:class:`GameTable` is the whole interface :mod:`.game_screen` uses, so the screen does not
care who keeps the game:
``silverpyr.puzzles.cheops.kept_game.KeptGame`` (saving, resuming, advice, the coach) fits it,
and so does the tests' in-memory stand-in (``tests/cheops/tui_table.py``).

Your moves of a turn stay **pending** (``u`` takes back the last) until the turn is confirmed:
by the move that ends it (a draw, ``end``, ``pass``, or the sale that ends a turn owing no
draw), or by a move that shows something hidden (a law taken from an eye, a draw) or ends the
game. Every rule is the engine's (:mod:`silverpyr.solver.cheops.game`). What every game's
table shares (the lines, the coach's verdict, playing, the bots, leaving) is the core's
:class:`~silverpyr.cli.core.tui.table.BotTable`.
"""

from __future__ import annotations

from typing import Protocol

from ....solver.cheops.game import CheopsState, CheopsView, Move, Outcome, Phase
from ...core.tui.table import HUMAN as HUMAN
from ...core.tui.table import BotTable
from ...core.tui.table import Progress as Progress
from ...core.tui.table import TableLine as TableLine
from ...core.tui.table import VerdictLike as VerdictLike


class GameTable(BotTable[CheopsState, Move, Phase, Move], Protocol):
    """What the full-screen game asks of the game it shows (see the module docstring): the
    core's table on Cheops's state (hidden parts are in it too: the screen draws them only
    through :meth:`view`), moves and phases, and what only Cheops asks: the view, the seed
    and the bots, the outcome, a move from its notation."""

    def view(self) -> CheopsView:
        """What your seat knows: the laws on the eyes are ``None`` until taken."""
        ...

    @property
    def seed(self) -> int: ...

    @property
    def bots(self) -> tuple[str, ...]:
        """The bots' names, seats 1 on."""
        ...

    def outcome(self) -> Outcome | None: ...

    def parse(self, text: str) -> Move:
        """A move from its notation (``take b3 A``); raises ``MoveSyntaxError``."""
        ...
