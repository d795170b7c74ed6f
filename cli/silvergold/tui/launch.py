"""What the commands call: run the full-screen game on a puzzle, a game or the home screen.

Imported inside the command functions only, so ``silverpyr --help`` never loads Textual.
Share texts of the puzzles finished are printed when the app exits.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import TYPE_CHECKING

from ...core.tui.terminal import DUMB_TERMINALS, NOT_A_TERMINAL, interactive, why_not_full_screen

__all__ = [
    "DUMB_TERMINALS",
    "NOT_A_TERMINAL",
    "interactive",
    "run_game",
    "run_home",
    "run_puzzle",
    "why_not_full_screen",
]

if TYPE_CHECKING:
    from textual.screen import Screen

    from ....puzzles.core.store import Store
    from ....puzzles.silvergold.puzzle import Puzzle
    from ....puzzles.silvergold.realgame.kept_game import KeptGame
    from ....solver.silvergold.cards import Deck
    from .setting import Setting


def _run(setting: Setting, first: Callable[[Setting], Screen[None]]) -> None:
    from .app import SilverpyrApp

    SilverpyrApp(setting, first).run()
    for share in setting.shares:
        print(share, end="\n\n")
    for left in setting.left.values():
        print(left)


def run_puzzle(
    puzzle: Puzzle,
    deck: Deck,
    store: Store | None,
    *,
    record: bool,
    restart: bool = False,
    today: dt.date | None = None,
) -> None:
    """An attempt at ``puzzle`` on the full screen: resumed when saved progress is there
    (``restart`` drops it first), as in the line mode.

    The attempt is started before the app runs, so a refused ``--restart`` is the usual
    one-line error.
    """
    from ....puzzles.silvergold.attempt import KeptAttempt
    from .puzzle_screen import PuzzleScreen
    from .setting import Setting

    kept = KeptAttempt.start(puzzle, deck, store, record=record, restart=restart)
    setting = Setting(deck, store, today or dt.date.today(), record=record)
    _run(setting, lambda s: PuzzleScreen(s, kept))


def run_game(deck: Deck, kept: KeptGame) -> None:
    """The kept game (new or resumed: the command started it, so a refusal is its usual
    one-line error) on the full screen; what leaving kept is printed when the app exits."""
    from .game_screen import GameScreen
    from .setting import Setting

    setting = Setting(deck, kept.store, dt.date.today(), record=kept.saved)
    _run(setting, lambda s: GameScreen(s, kept))


def run_home(deck: Deck, store: Store, *, record: bool, today: dt.date | None = None) -> None:
    """The home screen: today's daily, yesterday's, a puzzle, a game, the stats."""
    from .home import HomeScreen
    from .setting import Setting

    setting = Setting(deck, store, today or dt.date.today(), record=record, home=True)
    _run(setting, HomeScreen)
