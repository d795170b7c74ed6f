"""Which mode ``daily`` opens in every game whose trainer has a full screen (the Sun's,
Cheops's): the full screen on a terminal, unless the line mode is asked for
(:func:`trainer_checks.assert_the_daily_opens`)."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from types import ModuleType

import pytest
import trainer_checks as checks

from silverpyr.cli.cheops import puzzle_cmd as cheops_puzzle_cmd
from silverpyr.cli.cheops.tui import launch as cheops_launch
from silverpyr.cli.sun import puzzle_cmd as sun_puzzle_cmd
from silverpyr.cli.sun.tui import launch as sun_launch

GAMES: dict[str, tuple[ModuleType, ModuleType, dt.date, str]] = {
    "sun": (sun_launch, sun_puzzle_cmd, dt.date(2026, 11, 26), "L4"),
    "cheops": (cheops_launch, cheops_puzzle_cmd, dt.date(2026, 11, 2), "market price 15"),
}
"""Per game: its ``launch`` and ``puzzle_cmd``, the day (its daily tests' own), and what
the line mode's position shows."""


@pytest.mark.parametrize("game", list(GAMES))
@checks.LINE_MODE_ASKED
def test_the_daily_opens_the_full_screen_on_a_terminal_unless_line_mode_is_asked(
    home: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    args: tuple[str, ...],
    full: bool,
) -> None:
    launch, puzzle_cmd, day, shows = GAMES[game]
    checks.assert_the_daily_opens(monkeypatch, launch, puzzle_cmd, day, args, full, shows)
