"""A Sun attempt kept in the results store: one scored attempt per puzzle, resumable.

* Records are the core's :class:`~silverpyr.puzzles.records.Attempt` and
  :class:`~silverpyr.puzzles.records.Progress` with ``game="sun"``, written through a store
  opened for the game (``Store.open_default(game="sun")``).
* The store keeps whole numbers, so **score and par are stored in tenths of a point**
  (rounded half up from the exact Fractions): ``score=115, par=120`` is 11.5 / 12.0.
  ``at_par`` is exact (the Fractions were equal), not a comparison of tenths.
* The first attempt that ends is the scored one; a later play of the same puzzle is
  **practice** (recorded, never counted).
* An attempt left before its end is saved as progress (its moves) and resumed by replaying
  them through the engine; ``restart`` drops it (refused once the puzzle is scored: a
  later play is practice anyway).
"""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, replace

from ..records import Attempt, Progress
from ..store import Store
from .puzzle import SunPuzzle
from .session import Result, SunSession, tenths_of

GAME = "sun"


@dataclass
class Sitting:
    """A session with what the store knows of it."""

    session: SunSession
    practice: bool
    revision: int | None
    """The revision of the saved progress this sitting read or wrote (``None``: none)."""
    started_on: str
    seconds: float = 0.0


def open_attempt(
    store: Store | None,
    puzzle: SunPuzzle,
    today: dt.date,
    *,
    restart: bool = False,
) -> Sitting:
    """Start or resume an attempt at ``puzzle``."""
    session = SunSession(puzzle)
    if store is None:
        return Sitting(session, False, None, today.isoformat())
    practice = store.scored_attempt(puzzle.id) is not None
    if restart:
        store.drop_progress(puzzle.id)
        return Sitting(session, practice, None, today.isoformat())
    saved = store.progress(puzzle.id)
    if saved is None:
        return Sitting(session, practice, None, today.isoformat())
    for move in saved.moves:
        session.play(move)
    session.hint_levels = list(saved.hint_levels)
    session.turn_hint_level = saved.turn_hint_level
    session.saw_solution = saved.saw_solution
    return Sitting(session, saved.practice, saved.revision, saved.started_on, saved.seconds)


def save_progress(store: Store, sitting: Sitting, puzzle: SunPuzzle) -> None:
    """Save where an unfinished attempt stands."""
    session = sitting.session
    progress = Progress(
        puzzle_id=puzzle.id,
        daily_date=puzzle.daily_date,
        fingerprint=puzzle.deck.fingerprint,
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


def attempt_of(puzzle: SunPuzzle, result: Result, today: dt.date, seconds: float) -> Attempt:
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


def record(store: Store, sitting: Sitting, puzzle: SunPuzzle, today: dt.date) -> Attempt:
    """Record the ended attempt (dropping its progress in the same transaction)."""
    result = sitting.session.result()
    result = replace(result, practice=sitting.practice)
    attempt = attempt_of(puzzle, result, today, sitting.seconds)
    store.add_attempt(attempt, progress_revision=sitting.revision)
    return attempt
