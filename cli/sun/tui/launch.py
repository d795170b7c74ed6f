"""What the commands call: the full-screen Sun game on a table.

Imported inside the command functions only, so ``silverpyr --help`` never loads Textual. What
leaving kept (the saved game and how to resume it, or the final score) is printed when the
app exits.
"""

from __future__ import annotations

import os
import sys
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from ....puzzles.sun.kept_game import KeptGame
    from .table import GameTable


NOT_A_TERMINAL = "standard input or output is not a terminal"
DUMB_TERMINALS = frozenset({"dumb"})
"""``TERM`` values of terminals that cannot move the cursor or draw a screen."""


def why_not_full_screen() -> str | None:
    """Why the full-screen game cannot run here (a pipe or a file at either end, or a
    ``TERM`` that cannot draw a screen), or ``None`` when it can."""
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        return NOT_A_TERMINAL
    term = os.environ.get("TERM", "")
    if term in DUMB_TERMINALS:
        return f"TERM={term} cannot draw a screen"
    return None


def interactive() -> bool:
    """Whether ``silverpyr sun game`` should open the full screen (else its line mode): a
    terminal that cannot draw one gets one ``warning:`` line saying the line mode runs
    instead; a pipe or a file needs none (that is what the line mode is for)."""
    reason = why_not_full_screen()
    if reason is None:
        return True
    if reason != NOT_A_TERMINAL:
        from ...output import warn

        warn(f"{reason}: playing in line mode")
    return False


def run_game(table: GameTable) -> list[str]:
    """Play ``table`` (a new or resumed game: the command made it, so a refusal was its usual
    one-line error) on the full screen; print and return what leaving kept."""
    from .app import SunApp, SunSetting
    from .game_screen import SunGameScreen

    setting = SunSetting()
    try:
        SunApp(setting, lambda s: SunGameScreen(s, table)).run()
    finally:
        table.release()
    for line in setting.left:
        print(line)
    return setting.left


def run_kept_game(kept: KeptGame) -> list[str]:
    """:func:`run_game` on the kept game of ``silverpyr sun game`` (started, or resumed, by
    the command: ``KeptGame.start``); it fits :class:`~.table.GameTable` as it is."""
    return run_game(kept)
