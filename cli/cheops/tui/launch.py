"""What the commands call: the full-screen Cheops game on a table, and a daily or puzzle (the
core's :func:`~silverpyr.cli.core.tui.game_screen.run_table_game` and
:func:`~silverpyr.cli.core.tui.trainer.run_trainer` on Cheops's app, screens and attempts).

Imported inside the command functions only, so ``silverpyr --help`` never loads Textual. What
leaving kept (the saved game and how to resume it, or the final money; the attempt's share
text, or how to resume it) is printed when the app exits.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from ...core.tui.terminal import NOT_A_TERMINAL as NOT_A_TERMINAL
from ...core.tui.terminal import interactive as interactive
from ...core.tui.terminal import why_not_full_screen as why_not_full_screen

if TYPE_CHECKING:
    from ....puzzles.cheops.kept_game import KeptGame
    from ....puzzles.cheops.puzzle import CheopsPuzzle
    from ....puzzles.cheops.session import CheopsSession
    from ....puzzles.core.store import Store
    from ...core.tui.trainer import TrainerRun
    from .app import CheopsTrainerApp
    from .table import GameTable


def run_game(table: GameTable) -> list[str]:
    """Play ``table`` on the full screen; print and return what leaving kept. The table is
    released when the app exits."""
    from ...core.tui.game_screen import run_table_game
    from .app import CheopsApp, CheopsSetting
    from .game_screen import CheopsGameScreen

    return run_table_game(table, CheopsApp, CheopsGameScreen, CheopsSetting())


def run_kept_game(kept: KeptGame) -> list[str]:
    """:func:`run_game` on the kept game of ``silverpyr cheops game`` (started, or resumed, by
    the command): it fits :class:`~.table.GameTable` as it is (strict mypy checks it here)."""
    return run_game(kept)


def trainer_run(
    puzzle: CheopsPuzzle,
    store: Store | None,
    today: dt.date,
    *,
    restart: bool = False,
    session: CheopsSession | None = None,
) -> TrainerRun:
    """The attempt at ``puzzle`` in ``store`` (``None``: nothing recorded), started or resumed
    as in the line mode (``restart`` drops a saved one; practice once scored; ``session``: a
    fresh session already made), with Cheops's recording, saving and share text."""
    from ....puzzles.cheops import attempt
    from ....puzzles.cheops.share import share_text
    from ...core.tui.trainer import TrainerRun

    return TrainerRun.open(
        attempt, share_text, puzzle, store, today, restart=restart, session=session
    )


def puzzle_app(run: TrainerRun, puzzle: CheopsPuzzle) -> CheopsTrainerApp:
    """The app of an attempt at ``puzzle``."""
    from .app import CheopsTrainerApp
    from .puzzle_screen import CheopsPuzzleScreen

    return CheopsTrainerApp(run, lambda r: CheopsPuzzleScreen(r, puzzle))


def run_puzzle(
    puzzle: CheopsPuzzle, today: dt.date, *, no_record: bool, restart: bool = False
) -> list[str]:
    """An attempt at ``puzzle`` on the full screen, as in the line mode (``restart``, practice).
    Its values are proven under the line mode's spinner before the attempt is opened, and that
    before the app runs. Prints and returns the share text, or what was kept."""
    from ....puzzles.cheops.attempt import GAME
    from ....puzzles.cheops.session import CheopsSession
    from ...core.output import with_spinner
    from ...core.tui.trainer import run_trainer

    fresh = with_spinner(lambda: CheopsSession(puzzle), "Proving the position's values...")
    return run_trainer(
        GAME,
        no_record,
        lambda store: trainer_run(puzzle, store, today, restart=restart, session=fresh),
        lambda run: puzzle_app(run, puzzle),
    )
