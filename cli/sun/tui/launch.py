"""What the commands call: the full-screen Sun game on a table, and a daily or puzzle (the
core's :func:`~silverpyr.cli.core.tui.game_screen.run_table_game` and
:func:`~silverpyr.cli.core.tui.trainer.run_trainer` on the Sun's app, screens and attempts).

Imported inside the command functions only, so ``silverpyr --help`` never loads Textual. What
leaving kept (the saved game and how to resume it, or the final score; the attempt's share
text, or how to resume it) is printed when the app exits.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from ...core.tui.terminal import NOT_A_TERMINAL as NOT_A_TERMINAL
from ...core.tui.terminal import interactive as interactive
from ...core.tui.terminal import why_not_full_screen as why_not_full_screen

if TYPE_CHECKING:
    from ....puzzles.core.store import Store
    from ....puzzles.sun.kept_game import KeptGame
    from ....puzzles.sun.puzzle import SunPuzzle
    from ...core.tui.trainer import TrainerRun
    from .app import SunTrainerApp
    from .table import GameTable


def run_game(table: GameTable) -> list[str]:
    """Play ``table`` on the full screen; print and return what leaving kept."""
    from ...core.tui.game_screen import run_table_game
    from .app import SunApp, SunSetting
    from .game_screen import SunGameScreen

    return run_table_game(table, SunApp, SunGameScreen, SunSetting())


def run_kept_game(kept: KeptGame) -> list[str]:
    """:func:`run_game` on the kept game of ``silverpyr sun game`` (started, or resumed, by
    the command: ``KeptGame.start``); it fits :class:`~.table.GameTable` as it is."""
    return run_game(kept)


def trainer_run(
    puzzle: SunPuzzle, store: Store | None, today: dt.date, *, restart: bool = False
) -> TrainerRun:
    """The attempt at ``puzzle`` in ``store`` (``None``: nothing recorded), started or resumed
    as in the line mode (``restart`` drops a saved one; practice once scored), with the Sun's
    recording, saving and share text."""
    from ....puzzles.sun import attempt
    from ....puzzles.sun.share import share_text
    from ...core.tui.trainer import TrainerRun

    return TrainerRun.open(attempt, share_text, puzzle, store, today, restart=restart)


def puzzle_app(run: TrainerRun, puzzle: SunPuzzle) -> SunTrainerApp:
    """The app of an attempt at ``puzzle``."""
    from .app import SunTrainerApp
    from .puzzle_screen import SunPuzzleScreen

    return SunTrainerApp(run, lambda r: SunPuzzleScreen(r, puzzle))


def run_puzzle(
    puzzle: SunPuzzle, today: dt.date, *, no_record: bool, restart: bool = False
) -> list[str]:
    """An attempt at ``puzzle`` on the full screen, resumed when saved (``restart`` drops it
    first), practice once scored, as in the line mode. Prints and returns the share text, or
    what was kept."""
    from ....puzzles.sun.attempt import GAME
    from ...core.tui.trainer import run_trainer

    return run_trainer(
        GAME,
        no_record,
        lambda store: trainer_run(puzzle, store, today, restart=restart),
        lambda run: puzzle_app(run, puzzle),
    )
