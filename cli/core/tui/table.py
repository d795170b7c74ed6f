"""What a game against bots asks of the game it shows (game-free): the table that both
screens drive, the full screen's :class:`~silverpyr.cli.core.tui.game_screen.TableGameScreen`
and the line mode's :class:`~silverpyr.cli.core.line_game.LineScreen`.

Each game's ``tui/table.py`` narrows :class:`BotTable` to its own state, moves, phases and
pending moves and adds what only its screen asks (the Sun's deck, Cheops's view of hidden
laws); its kept game (``puzzles/<game>/kept_game.py``) fits that protocol as it is, and so
does the tests' in-memory stand-in. Your moves stay **pending** (``u`` takes back the last)
until the game makes them final (each game's ``table.py`` says when); every rule is the
game engine's.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol, TypeVar

HUMAN = 0
"""Your seat."""

Progress = Callable[[str], None]
"""Told a line before each bot's move (``Player 2 (greedy) is playing...``)."""


class TableLine(Protocol):
    """A line of the game's messages as the screens read it, full-screen and line mode
    (:mod:`~silverpyr.cli.core.line_game`): the kept game's ``Happened``, ``Judged``,
    ``GameOver``, or the stand-in's line."""

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


StateT_co = TypeVar("StateT_co", covariant=True)
MoveT = TypeVar("MoveT")
PhaseT_co = TypeVar("PhaseT_co", covariant=True)
PendingT_co = TypeVar("PendingT_co", covariant=True)


class OpenKept(Protocol):
    """What every game's kept game is, *Silver & Gold*'s too: held open while it is played
    (its lease), with the notes of its start, your decisions so far and how leaving it
    reads (:func:`~silverpyr.cli.core.line_game.play_kept_game` needs no more)."""

    def __enter__(self) -> object: ...

    def __exit__(self, *exc_info: object) -> None: ...

    @property
    def notes(self) -> Sequence[str]:
        """What starting the game has to say (resumed, started over)."""
        ...

    @property
    def answers(self) -> list[str]:
        """Your final decisions so far, in notation (what is saved)."""
        ...

    def is_over(self) -> bool: ...

    def leave(self) -> str:
        """You leave before the end: what is kept and how to come back (a clause)."""
        ...


class BotTable(OpenKept, Protocol[StateT_co, MoveT, PhaseT_co, PendingT_co]):
    """A game against bots as both screens drive it: the state (your pending moves on it),
    the decision due from you, your legal moves, playing and taking back, the bots' turns,
    the coach and the advice (which may run in a thread), leaving; and for the line mode,
    moves read and written as text, where the game stands, and the record."""

    @property
    def seed(self) -> int: ...

    @property
    def record_path(self) -> Path | None:
        """The ``--record`` file (``None``: none)."""
        ...

    def where(self) -> str:
        """Where the game stands (``turn 3``), for the prompt."""
        ...

    def parse(self, text: str) -> MoveT:
        """A move read from its notation; raises the engine's move error."""
        ...

    def label(self, move: MoveT) -> str:
        """A move as the legal moves' list writes it."""
        ...

    @property
    def state(self) -> StateT_co:
        """The table as you see it: your pending moves on it."""
        ...

    @property
    def pending(self) -> tuple[PendingT_co, ...]:
        """Your moves of this turn that are not final yet."""
        ...

    @property
    def waiting(self) -> PhaseT_co | None:
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

    def options(self) -> tuple[MoveT, ...]:
        """Your legal moves now (empty when it is not your decision)."""
        ...

    def why_illegal(self, move: MoveT) -> str | None: ...

    def play(self, move: MoveT) -> Sequence[TableLine]:
        """Make ``move`` (pending or final); raises ``IllegalMove``. The bots do not move
        here: :meth:`settle` plays them."""
        ...

    def undo(self) -> PendingT_co:
        """Take back your last pending move; raises ``IllegalMove`` if none."""
        ...

    def check(self, move: MoveT, progress: Progress | None = None) -> VerdictLike | None:
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

    def heed(self) -> None:
        """You chose again after the coach's warning (counted for the summary)."""
        ...

    def seat_names(self) -> tuple[str, ...]:
        """``You``, ``Player 2 (greedy)``, ..."""
        ...

    def release(self) -> None:
        """Let go of whatever the game holds (it ended, or the app exits)."""
        ...
