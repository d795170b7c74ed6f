"""A Cheops attempt kept in the results store: one scored attempt per puzzle, resumable.

The flow and its rulings are the core's (:mod:`silverpyr.puzzles.core.attempts`), shared by
every game's trainer; this module names the game's puzzle, session, fingerprint and errors.
Score and par are stored in tenths of the puzzle's unit: tenths of a percent of win chance
for ``win-from-here`` (``score=1000`` is 100 %), tenths of a piastre for the other kinds
(``score=115, par=670`` is 11.5 / 67.0 piastres).
"""

from __future__ import annotations

import datetime as dt

from ..core.attempts import Sitting as CoreSitting
from ..core.attempts import TrainerGame
from ..core.store import Store
from .puzzle import CheopsPuzzle, CheopsPuzzleError
from .session import CheopsSession, CheopsSessionError

GAME = "cheops"

Sitting = CoreSitting[CheopsSession]
"""A Cheops session with what the store knows of it."""

_TRAINER: TrainerGame[CheopsSession, CheopsPuzzle] = TrainerGame(
    GAME,
    CheopsSessionError,
    CheopsPuzzleError,
    "it was played with other components",
    "its moves end the puzzle",
    lambda puzzle: puzzle.components.fingerprint,
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
        today,
        fresh,
        restart=restart,
        session=session,
    )


save_progress = _TRAINER.save_progress
"""Save where an unfinished attempt stands."""
attempt_of = _TRAINER.attempt_of
"""The record of a finished attempt (score and par in tenths)."""
record = _TRAINER.record
"""Record the ended attempt (dropping its progress in the same transaction)."""
