"""A Cheops attempt kept in the results store: one scored attempt per puzzle, resumable.

* Records are the core's :class:`~silverpyr.puzzles.core.records.Attempt` and
  :class:`~silverpyr.puzzles.core.records.Progress` with ``game="cheops"``, written through a store
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

The flow is the core's (:mod:`silverpyr.puzzles.core.attempts`), shared by every game's trainer;
this module names the game's puzzle, session, fingerprint and errors.
"""

from __future__ import annotations

import datetime as dt

from ..core.attempts import Sitting as CoreSitting
from ..core.attempts import TrainerGame
from ..core.records import Attempt
from ..core.store import Store
from .puzzle import CheopsPuzzle, CheopsPuzzleError
from .session import CheopsSession, CheopsSessionError, Result

GAME = "cheops"

Sitting = CoreSitting[CheopsSession]
"""A Cheops session with what the store knows of it."""

_TRAINER: TrainerGame[CheopsSession] = TrainerGame(
    GAME,
    CheopsSessionError,
    CheopsPuzzleError,
    "it was played with other components",
    "its moves end the puzzle",
)


def open_attempt(
    store: Store | None,
    puzzle: CheopsPuzzle,
    today: dt.date,
    *,
    restart: bool = False,
    session: CheopsSession | None = None,
) -> Sitting:
    """Start or resume an attempt at ``puzzle`` (the core's
    :meth:`~silverpyr.puzzles.core.attempts.TrainerGame.open_attempt`)."""

    def fresh() -> CheopsSession:
        return CheopsSession(puzzle)

    return _TRAINER.open_attempt(
        store,
        puzzle,
        puzzle.components.fingerprint,
        today,
        fresh,
        restart=restart,
        session=session,
    )


def save_progress(store: Store, sitting: Sitting, puzzle: CheopsPuzzle) -> None:
    """Save where an unfinished attempt stands."""
    _TRAINER.save_progress(store, sitting, puzzle, puzzle.components.fingerprint)


def attempt_of(puzzle: CheopsPuzzle, result: Result, today: dt.date, seconds: float) -> Attempt:
    """The record of a finished attempt (score and par in tenths of the puzzle's unit)."""
    return _TRAINER.attempt_of(puzzle, result, today, seconds)


def record(store: Store, sitting: Sitting, puzzle: CheopsPuzzle, today: dt.date) -> Attempt:
    """Record the ended attempt (dropping its progress in the same transaction)."""
    return _TRAINER.record(store, sitting, puzzle, today)
