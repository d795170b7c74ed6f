"""Saved progress: an attempt left before its end, kept so the next play resumes it.

An attempt is saved after every move (and every undo or hint) while it is recorded, one
row per puzzle (:meth:`~silverpyr.puzzles.core.store.Store.save_progress`, one transaction per
save). Leaving in any way but giving up keeps the row: *save and leave* at the ``q``
question, Ctrl-C, a closed terminal (end of input) or a ``--moves`` script that runs out.
The next play of the same puzzle replays the saved moves and carries on; the attempt's
hints stay counted. When the attempt ends (finished or given up) the row is replaced by the
attempt's record in the same transaction.

A row also holds a fingerprint of the puzzle's definition, so progress saved with another
deck (``--cards``) for the same id is never replayed against a different puzzle.

Two sessions of one puzzle (two terminals) never both play it: the first holds the
puzzle's lease (:meth:`~silverpyr.puzzles.core.store.Store.hold`) until its attempt is saved and
left or ended, and the second is refused with one line naming the first's pid. Every save
is also compare-and-set on the row's ``revision``, so even a session that lost its lease
cannot overwrite a move another one saved.
"""

from __future__ import annotations

import hashlib
import json

from ..core.records import Progress
from .puzzle import Puzzle
from .session import PlaySession


def puzzle_fingerprint(puzzle: Puzzle) -> str:
    """A short hash of what the puzzle is (cards, expeditions, start, objective, par)."""
    text = json.dumps(puzzle.to_dict(), sort_keys=True)
    return hashlib.sha256(text.encode("utf-8")).hexdigest()[:16]


def progress_of(
    session: PlaySession,
    *,
    seconds: float,
    started_on: str,
    turn_hint_level: int = 0,
) -> Progress:
    """The progress of ``session`` now."""
    levels = session.hint_levels
    return Progress(
        puzzle_id=session.puzzle.id,
        daily_date=session.puzzle.daily_date,
        fingerprint=puzzle_fingerprint(session.puzzle),
        moves=tuple(session.notation(move) for move in session.moves),
        hints_used=session.hints_used,
        hint_levels=(levels[0], levels[1], levels[2]),
        turn_hint_level=turn_hint_level,
        practice=session.practice,
        saw_solution=session.saw_solution,
        seconds=round(seconds, 3),
        started_on=started_on,
        take_backs=session.take_backs,
    )


def progress_matches(self: Progress, puzzle: Puzzle) -> bool:
    """Whether this progress was saved for ``puzzle`` as it is now."""
    return self.puzzle_id == puzzle.id and self.fingerprint == puzzle_fingerprint(puzzle)


def restore_progress(self: Progress, session: PlaySession) -> None:
    """Replay the saved moves and hints into a fresh ``session``.

    Raises the rules engine's errors when a saved move no longer fits (then the
    session may hold some of the moves: start a new one).
    """
    for text in self.moves:
        session.play(text)
    session.hints_used = self.hints_used
    session.hint_levels = list(self.hint_levels)
    session.saw_solution = session.saw_solution or self.saw_solution
    session.take_backs = self.take_backs
