"""What the commands call: the full-screen Cheops game on a table, and a daily or puzzle.

Imported inside the command functions only, so ``silverpyr --help`` never loads Textual. What
leaving kept (the saved game and how to resume it, or the final money; the attempt's share
text, or how to resume it) is printed when the app exits.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from ...core.tui.terminal import NOT_A_TERMINAL, interactive, why_not_full_screen

if TYPE_CHECKING:
    from ....puzzles.cheops.kept_game import KeptGame
    from ....puzzles.cheops.puzzle import CheopsPuzzle
    from ....puzzles.cheops.session import CheopsSession
    from ....puzzles.core.store import Store
    from ...core.tui.trainer import TrainerRun
    from .app import CheopsTrainerApp
    from .table import GameTable


__all__ = [
    "NOT_A_TERMINAL",
    "interactive",
    "puzzle_app",
    "run_game",
    "run_kept_game",
    "run_puzzle",
    "trainer_run",
    "why_not_full_screen",
]


def run_game(table: GameTable) -> list[str]:
    """Play ``table`` (a new or resumed game: the command made it, so a refusal was its usual
    one-line error) on the full screen; print and return what leaving kept. The table is
    released when the app exits."""
    from ...core.tui.game_screen import run_table_game
    from .app import CheopsApp, CheopsSetting
    from .game_screen import CheopsGameScreen

    setting = CheopsSetting()
    return run_table_game(
        table, setting, lambda: CheopsApp(setting, lambda s: CheopsGameScreen(s, table))
    )


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
    from ....puzzles.cheops.attempt import GAME, open_attempt, record, save_progress
    from ....puzzles.cheops.share import share_text
    from ...core.tui.trainer import TrainerRun

    sitting = open_attempt(store, puzzle, today, restart=restart, session=session)

    return TrainerRun.of(
        GAME,
        puzzle,
        sitting,
        store,
        today,
        record=record,
        save_progress=save_progress,
        share_text=share_text,
    )


def puzzle_app(run: TrainerRun, puzzle: CheopsPuzzle) -> CheopsTrainerApp:
    """The app of an attempt at ``puzzle``."""
    from .app import CheopsTrainerApp
    from .puzzle_screen import CheopsPuzzleScreen

    return CheopsTrainerApp(run, lambda r: CheopsPuzzleScreen(r, puzzle))


def run_puzzle(
    puzzle: CheopsPuzzle, today: dt.date, *, no_record: bool, restart: bool = False
) -> list[str]:
    """An attempt at ``puzzle`` on the full screen, in the results store unless
    ``no_record``: resumed when saved (``restart`` drops it first), practice once scored, as in
    the line mode. The attempt is opened before the app runs (its values proven under the line
    mode's spinner), so a refused ``--restart`` is the usual one-line error. Prints and returns
    the share text, or what was kept."""
    from ....puzzles.cheops.attempt import GAME
    from ....puzzles.cheops.session import CheopsSession
    from ...core.output import with_spinner
    from ...core.trainer import results_store
    from ...core.tui.trainer import run_trainer

    fresh = with_spinner(lambda: CheopsSession(puzzle), "Proving the position's values...")
    with results_store(GAME, no_record) as store:
        run = trainer_run(puzzle, store, today, restart=restart, session=fresh)
        return run_trainer(run, lambda: puzzle_app(run, puzzle))
