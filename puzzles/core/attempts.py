"""A trainer's attempt kept in the results store, for any game: one scored attempt per puzzle,
resumable (the Sun's and Cheops's trainers; *Silver & Gold* keeps its own, older flow).

* Records are the core's :class:`~silverpyr.puzzles.core.records.Attempt` and
  :class:`~silverpyr.puzzles.core.records.Progress` with the game's name, written through a store
  opened for the game (``Store.open_default(game=...)``).
* The store keeps whole numbers, so **score and par are stored in tenths** of the game's
  unit (rounded half up from the exact Fractions, :func:`tenths_of`); ``at_par`` is exact
  (the Fractions were equal), not a comparison of tenths.
* The first attempt that ends is the scored one; a later play of the same puzzle is
  **practice** (recorded, never counted).
* An attempt left before its end is saved as progress (its moves) and resumed by replaying
  them through the game's session; ``restart`` drops it (refused once a daily is scored: a
  later play is practice anyway).

A game gives its puzzle (the core's :class:`~.puzzle_fields.PuzzleHead`), its session
(the core's :class:`~.puzzle_session.PuzzleAttempt`), the fingerprint of its cards or
components, and its own error types.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, Generic, Protocol, TypeVar

from .puzzle_fields import PuzzleHead
from .puzzle_session import PuzzleAttempt
from .records import Attempt, Progress
from .store import DamagedProgressError, Store


def tenths_of(value: Fraction) -> int:
    """``value`` as a whole number of tenths, rounded half up (the store keeps these)."""
    return int((value * 10 + Fraction(1, 2)).__floor__())


def one_decimal(value: Fraction) -> str:
    """``value`` for people, with one decimal (rounded half up, as :func:`tenths_of`)."""
    tenths = tenths_of(value)
    sign = "-" if tenths < 0 else ""
    return f"{sign}{abs(tenths) // 10}.{abs(tenths) % 10}"


class EndedResult(Protocol):
    """How an attempt ended, as its record reads it (every game's session ``Result``)."""

    @property
    def at_par(self) -> bool: ...

    @property
    def gave_up(self) -> bool: ...

    @property
    def moves(self) -> Sequence[str]: ...

    @property
    def hints_used(self) -> int: ...

    @property
    def hint_levels(self) -> Sequence[int]: ...

    @property
    def saw_solution(self) -> bool: ...


def ended_attempt(
    result: EndedResult,
    puzzle: tuple[str, str | None, str],
    played_on: dt.date,
    seconds: float,
    *,
    score: int,
    par: int,
    goal_met: bool,
    practice: bool,
    game: str,
) -> Attempt:
    """The record of an attempt at ``puzzle`` (its id, daily date and kind) that ended with
    ``result``, its ``score`` and ``par`` as the game stores them: the one way every game
    records its moves, hints and time."""
    puzzle_id, daily_date, kind = puzzle
    return Attempt(
        puzzle_id,
        daily_date,
        played_on.isoformat(),
        kind,
        score,
        par,
        goal_met,
        result.at_par,
        result.gave_up,
        "; ".join(result.moves),
        result.hints_used,
        round(seconds, 3),
        practice=practice,
        hint_levels=",".join(map(str, result.hint_levels)) if result.hint_levels else "",
        saw_solution=result.saw_solution,
        game=game,
    )


class TrainerResult(EndedResult, Protocol):
    """A finished (or given-up) attempt, as a game's session reports it (a dataclass)."""

    @property
    def score(self) -> Fraction: ...

    @property
    def par(self) -> Fraction: ...

    @property
    def practice(self) -> bool: ...


S = TypeVar("S", bound=PuzzleAttempt[Any, Any])
"""A game's puzzle session: the Sun's and Cheops's subclass the core's
:class:`~.puzzle_session.PuzzleAttempt`."""
Z = TypeVar("Z", bound=PuzzleHead[Any])


@dataclass
class Sitting(Generic[S]):
    """A session with what the store knows of it."""

    session: S
    practice: bool
    revision: int | None
    """The revision of the saved progress this sitting read or wrote (``None``: none)."""
    started_on: str
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)
    """What the player should be told before playing (resumed, practice, dropped)."""


@dataclass(frozen=True)
class TrainerGame(Generic[S, Z]):
    """One game's trainer, as the store sees it (``Z``: the game's puzzle)."""

    name: str
    """The store's ``game`` column (``sun``, ``cheops``)."""
    session_error: type[Exception]
    """What the game's session raises when a saved move no longer replays."""
    scored_error: Callable[[str], Exception]
    """The error refusing ``--restart`` of a scored daily (the message given)."""
    other_cards: str
    """Why saved progress of another fingerprint is dropped (``it was played with ...``)."""
    ended: str
    """Why saved progress whose moves end the puzzle is dropped (``its moves end ...``)."""
    fingerprint: Callable[[Z], str]
    """The fingerprint of a puzzle's cards or components (saved with its progress)."""

    def open_attempt(
        self,
        store: Store | None,
        puzzle: Z,
        today: dt.date,
        new_session: Callable[[], S],
        *,
        restart: bool = False,
        session: S | None = None,
    ) -> Sitting[S]:
        """Start or resume an attempt at ``puzzle``; ``restart`` drops a saved one (refused
        once the daily is scored: a new play is practice anyway). Saved progress of other
        cards, or whose moves no longer replay, is dropped with a note; damaged progress is
        the store's one-line error unless ``restart``."""
        session = new_session() if session is None else session
        sitting: Sitting[S] = Sitting(session, False, None, today.isoformat())
        if store is None:
            return sitting
        scored = store.scored_attempt(puzzle.id)
        sitting.practice = scored is not None
        if scored is not None:
            sitting.notes.append(
                f"Your scored attempt at {puzzle.id} stands ({scored.score / 10:.1f} / "
                f"{scored.par / 10:.1f}); this play is practice and does not count."
            )
        try:
            saved = store.progress(puzzle.id)
        except DamagedProgressError:
            if not restart:
                raise
            store.drop_progress(puzzle.id)
            saved = None
        if restart:
            if scored is not None and puzzle.daily_date is not None:
                raise self.scored_error(
                    f"the {puzzle.id} was scored already: --restart starts over only an "
                    "attempt not scored yet (play it without --restart: it is practice)"
                )
            if saved is not None:
                store.drop_progress(puzzle.id)
                sitting.notes.append(f"Starting {puzzle.id} over: the saved attempt is dropped.")
            return sitting
        if saved is None:
            return sitting
        sitting.revision = saved.revision
        try:
            if saved.fingerprint != self.fingerprint(puzzle):
                raise self.session_error(self.other_cards)
            for move in saved.moves:
                session.play(move)
            if session.finished:
                raise self.session_error(self.ended)
        except self.session_error as error:
            store.drop_progress(puzzle.id)
            sitting.notes.append(
                f"The saved attempt at {puzzle.id} cannot be resumed ({error}); starting over."
            )
            sitting.session = new_session()
            sitting.revision = None
            return sitting
        session.hint_levels = list(saved.hint_levels)
        session.turn_hint_level = saved.turn_hint_level
        session.saw_solution = saved.saw_solution
        session.take_backs = saved.take_backs
        sitting.practice = saved.practice or sitting.practice
        sitting.started_on = saved.started_on
        sitting.seconds = saved.seconds
        if saved.moves:
            sitting.notes.append(
                f"Resuming {puzzle.id} after {len(saved.moves)} move"
                f"{'s' * (len(saved.moves) != 1)} ({'; '.join(saved.moves)})."
            )
        else:  # left after hints only: they stay counted
            sitting.notes.append(
                f"Resuming {puzzle.id}: no move yet, {saved.hints_used} hint"
                f"{'s' * (saved.hints_used != 1)} taken."
            )
        return sitting

    def save_progress(self, store: Store, sitting: Sitting[S], puzzle: Z) -> None:
        """Save where an unfinished attempt stands."""
        session = sitting.session
        levels = session.hint_levels
        progress = Progress(
            puzzle_id=puzzle.id,
            daily_date=puzzle.daily_date,
            fingerprint=self.fingerprint(puzzle),
            moves=session.moves,
            hints_used=session.hints_used,
            hint_levels=(levels[0], levels[1], levels[2]),
            turn_hint_level=session.turn_hint_level,
            practice=sitting.practice,
            saw_solution=session.saw_solution,
            seconds=round(sitting.seconds, 3),
            started_on=sitting.started_on,
            game=self.name,
            take_backs=session.take_backs,
        )
        sitting.revision = store.save_progress(progress, revision=sitting.revision)

    def attempt_of(
        self, puzzle: Z, result: TrainerResult, today: dt.date, seconds: float
    ) -> Attempt:
        """The record of a finished attempt (score and par in tenths)."""
        return ended_attempt(
            result,
            (puzzle.id, puzzle.daily_date, puzzle.kind),
            today,
            seconds,
            score=tenths_of(result.score),
            par=tenths_of(result.par),
            goal_met=not result.gave_up,
            practice=result.practice,
            game=self.name,
        )

    def record(self, store: Store, sitting: Sitting[S], puzzle: Z, today: dt.date) -> Attempt:
        """Record the ended attempt (dropping its progress in the same transaction)."""
        result = replace(sitting.session.result(), practice=sitting.practice)
        attempt = self.attempt_of(puzzle, result, today, sitting.seconds)
        store.add_attempt(attempt, progress_revision=sitting.revision)
        return attempt
