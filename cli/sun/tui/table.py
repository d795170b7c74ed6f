"""The table the full-screen Sun game drives: what the screen asks of a game against bots.

:class:`GameTable` is the whole interface :mod:`.game_screen` uses, so the screen does not care
who keeps the game: ``silverpyr.puzzles.sun.kept_game.KeptGame`` (saving, resuming, the
coach) fits it as it is, and the tests' in-memory stand-in (``tests/sun/engine_table.py``)
too. Your placements stay **pending** (``u`` takes back the last) until you end the turn or
make a symbol's choice; a draw, a discard, ``end`` and ``pass`` are final at once, and so is
the placement of the top (the game ends there). Every rule is the engine's
(:mod:`silverpyr.solver.sun.game`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Literal, Protocol

from ....solver.sun.cards import Deck
from ....solver.sun.game import (
    Move,
    Phase,
    Place,
    SunState,
)

HUMAN = 0
"""Your seat."""

Progress = Callable[[str], None]
"""Told a line before each bot's move (``Player 2 (greedy) is playing...``)."""

LineKind = Literal["event", "pending", "coach", "over", "note"]


class TableLine(Protocol):
    """A line of the game's messages as the screen reads it: :class:`Line`, or the kept
    game's events (``Happened``, ``Judged``, ``GameOver``)."""

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
    """What the full-screen game asks of the game it shows (see the module docstring).

    ``silverpyr.puzzles.sun.kept_game.KeptGame`` fits it as it is (checked by mypy where the
    tests hand one to the screen)."""

    @property
    def deck(self) -> Deck: ...

    @property
    def state(self) -> SunState:
        """The table as you see it: your pending placements on it."""
        ...

    @property
    def pending(self) -> tuple[Place, ...]:
        """Your placements of this turn that are not final yet."""
        ...

    @property
    def waiting(self) -> Phase | None:
        """The decision due from you; ``None`` when the game is over or the bots are due."""
        ...

    @property
    def bots_due(self) -> bool: ...

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

    def options(self) -> tuple[Move, ...]:
        """Your legal moves now (empty when it is not your turn)."""
        ...

    def why_illegal(self, move: Move) -> str | None: ...

    def play(self, move: Move) -> Sequence[TableLine]:
        """Make ``move`` (pending or final, see the module docstring); raises
        :class:`IllegalMove`. The bots do not move here: :meth:`settle` plays them."""
        ...

    def undo(self) -> Place:
        """Take back your last pending placement; raises :class:`IllegalMove` if none."""
        ...

    def check(self, move: Move, progress: Progress | None = None) -> VerdictLike | None:
        """The coach's verdict on ``move`` before it is final (``None`` without the coach);
        rollouts, so the screen runs it in a thread before :meth:`play`, which then finds
        it worked out."""
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

    def seed_words(self) -> str:
        """``seed 5, a standard pyramid, you against greedy``."""
        ...

    def leave(self) -> str:
        """You leave before the end: what is kept and how to come back (a clause)."""
        ...

    def release(self) -> None:
        """Let go of whatever the game holds (it ended, or the app exits)."""
        ...
