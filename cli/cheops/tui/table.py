"""The table the full-screen Cheops game drives: what the screen asks of a game against bots.

:class:`GameTable` is the whole interface :mod:`.game_screen` uses (the ``cheops-game`` helper's
``/work/briefs/i22/table_api.md``), so the screen does not care who keeps the game:
``silverpyr.puzzles.cheops.kept_game.KeptGame`` (saving, resuming, advice, the coach) fits it,
and so does the tests' in-memory stand-in (``tests/cheops/tui_table.py``).

Your moves of a turn stay **pending** (``u`` takes back the last) until the turn is confirmed:
by the move that ends it (a draw, ``end``, ``pass``, or the sale that ends a turn owing no
draw), or by a move that shows something hidden (a law taken from an eye, a draw) or ends the
game. Every rule is the engine's (:mod:`silverpyr.solver.cheops.game`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, Protocol

from ....solver.cheops.game import CheopsState, CheopsView, Move, Outcome, Phase

HUMAN = 0
"""Your seat."""

Progress = Callable[[str], None]
"""Told a line before each bot's move (``Player 2 (greedy) is playing...``)."""

LineKind = Literal["event", "pending", "coach", "over", "note"]


class TableLine(Protocol):
    """A line of the game's messages as the screen reads it (the kept game's ``Happened``,
    ``Judged``, ``GameOver``, or the stand-in's line)."""

    @property
    def text(self) -> str: ...

    @property
    def kind(self) -> str:
        """``event``, ``pending``, ``coach`` or ``over``."""
        ...

    @property
    def seat(self) -> int | None: ...


class VerdictLike(Protocol):
    """The coach's verdict on a move before it is final, as the screen reads it."""

    @property
    def is_silent(self) -> bool: ...

    def warning(self) -> str:
        """The question before a graded move is final (``... Play it anyway?``)."""
        ...


class GameTable(Protocol):
    """What the full-screen game asks of the game it shows (see the module docstring)."""

    @property
    def state(self) -> CheopsState:
        """The table as you see it: your pending moves on it (hidden parts are in it too:
        the screen draws them only through :meth:`view`)."""
        ...

    def view(self) -> CheopsView:
        """What your seat knows: the laws on the eyes are ``None`` until taken."""
        ...

    @property
    def pending(self) -> tuple[Move, ...]:
        """Your moves of this turn that are not final yet."""
        ...

    @property
    def waiting(self) -> Phase | None:
        """The decision due from you; ``None`` when the game is over or the bots are due."""
        ...

    @property
    def bots_due(self) -> bool: ...

    @property
    def seed(self) -> int: ...

    @property
    def bots(self) -> tuple[str, ...]:
        """The bots' names, seats 1 on."""
        ...

    @property
    def coach(self) -> bool: ...

    @property
    def saved(self) -> bool:
        """Whether leaving keeps the game (to resume it next time)."""
        ...

    @property
    def notes(self) -> Sequence[str]:
        """What starting the game has to say (resumed, started over)."""
        ...

    def outcome(self) -> Outcome | None: ...

    def options(self) -> tuple[Move, ...]:
        """Your legal moves now (empty when it is not your decision)."""
        ...

    def parse(self, text: str) -> Move:
        """A move from its notation (``take b3 A``); raises ``MoveSyntaxError``."""
        ...

    def why_illegal(self, move: Move) -> str | None: ...

    def play(self, move: Move) -> Sequence[TableLine]:
        """Make ``move`` (pending or final, see the module docstring); raises ``IllegalMove``.
        The bots do not move here: :meth:`settle` plays them."""
        ...

    def undo(self) -> Move:
        """Take back your last pending move; raises ``IllegalMove`` if none."""
        ...

    def check(self, move: Move, progress: Progress | None = None) -> VerdictLike | None:
        """The coach's verdict on ``move`` before it is final (``None`` without the coach);
        rollouts, so the screen runs it in a thread before :meth:`play`."""
        ...

    def settle(self, progress: Progress | None = None) -> Sequence[TableLine]:
        """The bots' moves up to your next decision or the end (may run in a thread)."""
        ...

    def advice_lines(self, progress: Progress | None = None) -> list[str]:
        """Advice on the decision due, for the messages (may run in a thread)."""
        ...

    def summary_lines(self) -> list[str]:
        """The coach's summary of the game so far (empty without the coach)."""
        ...

    def seat_names(self) -> tuple[str, ...]:
        """``You``, ``Player 2 (greedy)``, ..."""
        ...

    def leave(self) -> str:
        """You leave before the end: what is kept and how to come back (a clause)."""
        ...

    def release(self) -> None:
        """Let go of whatever the game holds (it ended, or the app exits)."""
        ...
