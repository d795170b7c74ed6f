"""A Cheops attempt kept in the results store: one scored attempt per puzzle, resumable.

* Records are the core's :class:`~silverpyr.puzzles.records.Attempt` and
  :class:`~silverpyr.puzzles.records.Progress` with ``game="cheops"``, written through a store
  opened for the game (``Store.open_default(game="cheops")``).
* The store keeps whole numbers, so **score and par are stored in tenths of the puzzle's
  unit** (rounded half up from the exact Fractions): tenths of a percent of win chance for
  ``win-from-here`` (``score=1000`` is 100 %), tenths of a piastre for the other kinds
  (``score=115, par=670`` is 11.5 / 67.0 piastres).
  ``at_par`` is exact (the Fractions were equal), not a comparison of tenths.
* The first attempt that ends is the scored one; a later play of the same puzzle is
  **practice** (recorded, never counted).
* An attempt left before its end is saved as progress (its moves) and resumed by replaying
  them through the engine; ``restart`` drops it (refused once the puzzle is scored: a
  later play is practice anyway).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field, replace

from ..records import Attempt, Progress
from ..store import Store
from .puzzle import CheopsPuzzle, CheopsPuzzleError
from .session import CheopsSession, CheopsSessionError, Result, tenths_of

GAME = "cheops"


@dataclass
class Sitting:
    """A session with what the store knows of it."""

    session: CheopsSession
    practice: bool
    revision: int | None
    """The revision of the saved progress this sitting read or wrote (``None``: none)."""
    started_on: str
    seconds: float = 0.0
    notes: list[str] = field(default_factory=list)
    """What the player should be told before playing (resumed, practice, dropped)."""


def open_attempt(
    store: Store | None,
    puzzle: CheopsPuzzle,
    today: dt.date,
    *,
    restart: bool = False,
    session: CheopsSession | None = None,
) -> Sitting:
    """Start or resume an attempt at ``puzzle``; ``restart`` drops a saved one (refused once
    the daily is scored: a new play is practice anyway). Saved progress of other cards, or
    whose moves no longer replay, is dropped with a note; damaged progress is the store's
    one-line error unless ``restart``."""
    from ..store import DamagedProgressError

    session = CheopsSession(puzzle) if session is None else session
    sitting = Sitting(session, False, None, today.isoformat())
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
            raise CheopsPuzzleError(
                f"the {puzzle.id} was scored already: --restart starts over only an attempt "
                "not scored yet (play it without --restart: it is practice)"
            )
        if saved is not None:
            store.drop_progress(puzzle.id)
            sitting.notes.append(f"Starting {puzzle.id} over: the saved attempt is dropped.")
        return sitting
    if saved is None:
        return sitting
    sitting.revision = saved.revision
    try:
        if saved.fingerprint != puzzle.components.fingerprint:
            raise CheopsSessionError("it was played with other components")
        for move in saved.moves:
            session.play(move)
        if session.finished:
            raise CheopsSessionError("its moves end the puzzle")
    except CheopsSessionError as error:
        store.drop_progress(puzzle.id)
        sitting.notes.append(
            f"The saved attempt at {puzzle.id} cannot be resumed ({error}); starting over."
        )
        sitting.session = CheopsSession(puzzle)
        sitting.revision = None
        return sitting
    session.hint_levels = list(saved.hint_levels)
    session.turn_hint_level = saved.turn_hint_level
    session.saw_solution = saved.saw_solution
    sitting.practice = saved.practice or sitting.practice
    sitting.started_on = saved.started_on
    sitting.seconds = saved.seconds
    sitting.notes.append(
        f"Resuming {puzzle.id} after {len(saved.moves)} move"
        f"{'s' * (len(saved.moves) != 1)} ({'; '.join(saved.moves) or 'none'})."
    )
    return sitting


def save_progress(store: Store, sitting: Sitting, puzzle: CheopsPuzzle) -> None:
    """Save where an unfinished attempt stands."""
    session = sitting.session
    progress = Progress(
        puzzle_id=puzzle.id,
        daily_date=puzzle.daily_date,
        fingerprint=puzzle.components.fingerprint,
        moves=session.moves,
        hints_used=session.hints_used,
        hint_levels=(session.hint_levels[0], session.hint_levels[1], session.hint_levels[2]),
        turn_hint_level=session.turn_hint_level,
        practice=sitting.practice,
        saw_solution=session.saw_solution,
        seconds=round(sitting.seconds, 3),
        started_on=sitting.started_on,
        game=GAME,
    )
    sitting.revision = store.save_progress(progress, revision=sitting.revision)


def attempt_of(puzzle: CheopsPuzzle, result: Result, today: dt.date, seconds: float) -> Attempt:
    """The record of a finished attempt (score and par in tenths)."""
    return Attempt(
        puzzle_id=puzzle.id,
        daily_date=puzzle.daily_date,
        played_on=today.isoformat(),
        kind=puzzle.kind,
        score=tenths_of(result.score),
        par=tenths_of(result.par),
        goal_met=not result.gave_up,
        at_par=result.at_par,
        gave_up=result.gave_up,
        moves="; ".join(result.moves),
        hints_used=result.hints_used,
        seconds=round(seconds, 3),
        practice=result.practice,
        hint_levels=",".join(map(str, result.hint_levels)),
        saw_solution=result.saw_solution,
        game=GAME,
    )


def record(store: Store, sitting: Sitting, puzzle: CheopsPuzzle, today: dt.date) -> Attempt:
    """Record the ended attempt (dropping its progress in the same transaction)."""
    result = sitting.session.result()
    result = replace(result, practice=sitting.practice)
    attempt = attempt_of(puzzle, result, today, sitting.seconds)
    store.add_attempt(attempt, progress_revision=sitting.revision)
    return attempt
