"""What every screen of the full-screen game shares: the deck, the store, the date."""

from __future__ import annotations

import datetime as dt
import time
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen

    from ...puzzles.session import PlaySession
    from ...puzzles.store import Store
    from ...solver.cards import Deck


@dataclass
class Setting:
    """The deck, the results store (``None``: record nothing) and today's date.

    ``today`` is fixed when the app starts (``play --today``, or the local date), so nothing
    on screen reads a clock; an attempt is still recorded as played on the real local date
    (a streak counts a daily solved on its own date). ``shares`` collects the share texts
    of finished puzzles; the command prints them when the app exits.
    """

    deck: Deck
    store: Store | None
    today: dt.date
    record: bool = True
    home: bool = False
    """Whether the home screen is underneath: leaving a puzzle or game goes back to it."""
    shares: list[str] = field(default_factory=list)


def start_attempt(setting: Setting, session: PlaySession) -> str | None:
    """Mark a replay of an already scored daily as practice; say so (``None``: nothing)."""
    store, puzzle = setting.store, session.puzzle
    if store is None or not puzzle.daily_date:
        return None
    scored = store.scored_attempt(puzzle.id)
    if scored is None:
        return None
    session.practice = session.saw_solution = True
    return (
        f"Your scored attempt at this daily stands ({scored.score}/{scored.par}); "
        "this play is practice and does not count."
    )


def record_attempt(setting: Setting, session: PlaySession, began: float) -> None:
    """Record a finished attempt in the store (unless ``--no-record``)."""
    from ...puzzles.stats import Attempt

    if setting.store is None or not setting.record:
        return
    puzzle = session.puzzle
    setting.store.add_attempt(
        Attempt.from_result(
            session.result(),
            puzzle_id=puzzle.id,
            daily_date=puzzle.daily_date,
            kind=puzzle.kind.value,
            played_on=dt.date.today(),
            seconds=time.monotonic() - began,
            practice=session.practice,
        )
    )


def leave(setting: Setting, screen: Screen[None]) -> None:
    """Leave a finished puzzle or game: back to the home screen, or out of the app."""
    if setting.home:
        screen.app.pop_screen()
    else:
        screen.app.exit()
