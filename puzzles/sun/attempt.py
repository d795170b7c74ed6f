"""A Sun attempt kept in the results store: one scored attempt per puzzle, resumable.

* Records are the core's :class:`~silverpyr.puzzles.core.records.Attempt` and
  :class:`~silverpyr.puzzles.core.records.Progress` with ``game="sun"``, written through a store
  opened for the game (``Store.open_default(game="sun")``).
* The store keeps whole numbers, so **score and par are stored in tenths of a point**
  (rounded half up from the exact Fractions): ``score=115, par=120`` is 11.5 / 12.0.
  ``at_par`` is exact (the Fractions were equal), not a comparison of tenths.
* The first attempt that ends is the scored one; a later play of the same puzzle is
  **practice** (recorded, never counted).
* An attempt left before its end is saved as progress (its moves) and resumed by replaying
  them through the engine; ``restart`` drops it (refused once the puzzle is scored: a
  later play is practice anyway).

The flow is the core's (:mod:`silverpyr.puzzles.core.attempts`), shared by every game's trainer;
this module names the game's puzzle, session, fingerprint and errors.
"""

from __future__ import annotations

import datetime as dt

from ..core.attempts import Sitting as CoreSitting
from ..core.attempts import TrainerGame
from ..core.records import Attempt
from ..core.store import Store
from .puzzle import SunPuzzle, SunPuzzleError
from .session import Result, SunSession, SunSessionError

GAME = "sun"

Sitting = CoreSitting[SunSession]
"""A Sun session with what the store knows of it."""

_TRAINER: TrainerGame[SunSession] = TrainerGame(
    GAME,
    SunSessionError,
    SunPuzzleError,
    "it was played with other cards",
    "its moves end the turn",
)


def open_attempt(
    store: Store | None, puzzle: SunPuzzle, today: dt.date, *, restart: bool = False
) -> Sitting:
    """Start or resume an attempt at ``puzzle`` (the core's
    :meth:`~silverpyr.puzzles.core.attempts.TrainerGame.open_attempt`)."""
    first = SunSession(puzzle)

    def fresh() -> SunSession:
        return SunSession(puzzle, first.values)

    return _TRAINER.open_attempt(
        store, puzzle, puzzle.deck.fingerprint, today, fresh, restart=restart, session=first
    )


def save_progress(store: Store, sitting: Sitting, puzzle: SunPuzzle) -> None:
    """Save where an unfinished attempt stands."""
    _TRAINER.save_progress(store, sitting, puzzle, puzzle.deck.fingerprint)


def attempt_of(puzzle: SunPuzzle, result: Result, today: dt.date, seconds: float) -> Attempt:
    """The record of a finished attempt (score and par in tenths of a point)."""
    return _TRAINER.attempt_of(puzzle, result, today, seconds)


def record(store: Store, sitting: Sitting, puzzle: SunPuzzle, today: dt.date) -> Attempt:
    """Record the ended attempt (dropping its progress in the same transaction)."""
    return _TRAINER.record(store, sitting, puzzle, today)
