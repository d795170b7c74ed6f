"""A Sun attempt kept in the results store: one scored attempt per puzzle, resumable.

The flow and its rulings are the core's (:mod:`silverpyr.puzzles.core.attempts`), shared by
every game's trainer; this module names the game's puzzle, session, fingerprint and errors.
Score and par are stored in tenths of a point: ``score=115, par=120`` is 11.5 / 12.0.
"""

from __future__ import annotations

import datetime as dt

from ..core.attempts import Sitting as CoreSitting
from ..core.attempts import TrainerGame
from ..core.store import Store
from .puzzle import SunPuzzle, SunPuzzleError
from .session import SunSession, SunSessionError

GAME = "sun"

Sitting = CoreSitting[SunSession]
"""A Sun session with what the store knows of it."""

_TRAINER: TrainerGame[SunSession, SunPuzzle] = TrainerGame(
    GAME,
    SunSessionError,
    SunPuzzleError,
    "it was played with other cards",
    "its moves end the turn",
    lambda puzzle: puzzle.deck.fingerprint,
)


def open_attempt(
    store: Store | None, puzzle: SunPuzzle, today: dt.date, *, restart: bool = False
) -> Sitting:
    """Start or resume an attempt at ``puzzle`` (the core's
    :meth:`~silverpyr.puzzles.core.attempts.TrainerGame.open_attempt`)."""
    first = SunSession(puzzle)

    def fresh() -> SunSession:
        return SunSession(puzzle, first.values)

    return _TRAINER.open_attempt(store, puzzle, today, fresh, restart=restart, session=first)


save_progress = _TRAINER.save_progress
"""Save where an unfinished attempt stands."""
attempt_of = _TRAINER.attempt_of
"""The record of a finished attempt (score and par in tenths)."""
record = _TRAINER.record
"""Record the ended attempt (dropping its progress in the same transaction)."""
