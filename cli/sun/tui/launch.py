"""What the commands call: the full-screen Sun game on a table.

Imported inside the command functions only, so ``silverpyr --help`` never loads Textual. What
leaving kept (the saved game and how to resume it, or the final score) is printed when the
app exits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...tui.terminal import NOT_A_TERMINAL, interactive, why_not_full_screen

if TYPE_CHECKING:
    from ....puzzles.sun.kept_game import KeptGame
    from .table import GameTable


__all__ = ["NOT_A_TERMINAL", "interactive", "run_game", "run_kept_game", "why_not_full_screen"]


def run_game(table: GameTable) -> list[str]:
    """Play ``table`` (a new or resumed game: the command made it, so a refusal was its usual
    one-line error) on the full screen; print and return what leaving kept."""
    from ...tui.game_screen import run_table_game
    from .app import SunApp, SunSetting
    from .game_screen import SunGameScreen

    setting = SunSetting()
    return run_table_game(
        table, setting, lambda: SunApp(setting, lambda s: SunGameScreen(s, table))
    )


def run_kept_game(kept: KeptGame) -> list[str]:
    """:func:`run_game` on the kept game of ``silverpyr sun game`` (started, or resumed, by
    the command: ``KeptGame.start``); it fits :class:`~.table.GameTable` as it is."""
    return run_game(kept)
