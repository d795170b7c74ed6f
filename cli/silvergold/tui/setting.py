"""What every screen of the full-screen game shares: the deck, the store, the date."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from textual.screen import Screen

    from ....puzzles.core.store import Store
    from ....solver.silvergold.cards import Deck


@dataclass
class Setting:
    """The deck, the results store (``None``: record nothing) and today's date.

    ``today`` is fixed when the app starts (``play --today``, or the local date), so nothing
    on screen reads a clock; an attempt is still recorded as played on the real local date
    (a streak counts a daily solved on its own date). ``shares`` collects the share texts
    of finished puzzles and ``left`` what was saved of those left unfinished; the command
    prints them when the app exits.
    """

    deck: Deck
    store: Store | None
    today: dt.date
    record: bool = True
    home: bool = False
    """Whether the home screen is underneath: leaving a puzzle or game goes back to it."""
    shares: list[str] = field(default_factory=list)
    left: dict[str, str] = field(default_factory=dict)
    """What was kept of the puzzles left before their end, by puzzle id, printed when the
    app exits; a puzzle finished later in the same run drops its line (it would be stale)."""


def leave(setting: Setting, screen: Screen[None]) -> None:
    """Leave a finished puzzle or game: back to the home screen, or out of the app."""
    if setting.home:
        screen.app.pop_screen()
    else:
        screen.app.exit()
