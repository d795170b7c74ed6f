"""What the command calls: the full-screen Cheops game on a table.

Imported inside the command function only, so ``silverpyr --help`` never loads Textual. What
leaving kept (the saved game and how to resume it, or the final money) is printed when the
app exits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...tui.terminal import NOT_A_TERMINAL, interactive, why_not_full_screen

if TYPE_CHECKING:
    from ....puzzles.cheops.kept_game import KeptGame
    from .table import GameTable


__all__ = ["NOT_A_TERMINAL", "interactive", "run_game", "run_kept_game", "why_not_full_screen"]


def run_game(table: GameTable) -> list[str]:
    """Play ``table`` (a new or resumed game: the command made it, so a refusal was its usual
    one-line error) on the full screen; print and return what leaving kept. The table is
    released when the app exits."""
    from ...tui.game_screen import run_table_game
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
