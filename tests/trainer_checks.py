"""What the Sun's and Cheops's trainer tests (``test_*_daily_tui.py``) share: a trainer's
app with some moves played, a snapshot after some keys, and which mode ``daily`` and
``puzzle`` open: the two commands in a small app with the project's error mapping, the
argument sets that ask for the line mode, and a full screen that records what it was asked
to open instead of opening. Each game hands in its own ``puzzle_cmd`` and ``launch``
modules."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from types import ModuleType
from typing import Any

import pytest
import typer
from click.testing import Result
from textual.app import App
from textual.pilot import Pilot
from tui_pilot import press
from typer.testing import CliRunner

from silverpyr.cli.core.app import _ErrorMappingGroup
from silverpyr.cli.core.tui import terminal


def trainer_app(launch: ModuleType, puzzle: Any, day: dt.date, *moves: str) -> App[Any]:
    """The game's trainer app on ``puzzle`` (no store, on ``day``) with ``moves`` played."""
    run_ = launch.trainer_run(puzzle, None, day)
    for move in moves:
        run_.session.play(move)
    return launch.puzzle_app(run_, puzzle)  # type: ignore[no-any-return]


def snapshot_after(snap_compare: Callable[..., bool], app: App[Any], *keys: str) -> bool:
    """The app's snapshot at 80x24 after a pause and ``keys`` (the snapshot is named after
    the test that asks)."""

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await press(pilot, *keys)

    return snap_compare(app, terminal_size=(80, 24), run_before=steps)


LINE_MODE_ASKED = pytest.mark.parametrize(
    ("args", "full"),
    [
        ((), True),
        (("--line",), False),
        (("--plain",), False),
        (("--moves", "q; s"), False),
    ],
)
"""The daily's extra arguments, and whether the full screen opens with them (on a
terminal)."""


def puzzle_cli(puzzle_cmd: ModuleType) -> typer.Typer:
    """A small app with the project's error mapping, a game's ``puzzle`` and ``daily``."""
    app = typer.Typer(cls=_ErrorMappingGroup)
    app.command("puzzle")(puzzle_cmd.puzzle)
    app.command("daily")(puzzle_cmd.daily)
    return app


def full_screen_opened(
    monkeypatch: pytest.MonkeyPatch, launch: ModuleType, puzzle_cmd: ModuleType, day: dt.date
) -> list[tuple[str, dt.date, bool]]:
    """On a terminal, on ``day``: the list where each full screen asked for lands as
    ``(puzzle id, today, no_record)``, and nothing opens."""
    opened: list[tuple[str, dt.date, bool]] = []
    monkeypatch.setattr(terminal, "interactive", lambda: True)
    monkeypatch.setattr(
        launch,
        "run_puzzle",
        lambda p, today, *, no_record, restart: opened.append((p.id, today, no_record)),
    )
    monkeypatch.setattr(puzzle_cmd, "_today", lambda: day)
    return opened


def invoke_daily(
    monkeypatch: pytest.MonkeyPatch,
    launch: ModuleType,
    puzzle_cmd: ModuleType,
    day: dt.date,
    args: tuple[str, ...],
) -> tuple[list[tuple[str, dt.date, bool]], Result]:
    """``daily --no-record ARGS`` on a terminal on ``day`` (``q`` then ``s`` typed in): what
    the full screen was asked to open, and the result (exit 0 checked)."""
    opened = full_screen_opened(monkeypatch, launch, puzzle_cmd, day)
    result = CliRunner().invoke(
        puzzle_cli(puzzle_cmd), ["daily", "--no-record", *args], input="q\ns\n"
    )
    assert result.exit_code == 0, result.stderr
    return opened, result


def assert_the_daily_opens(
    monkeypatch: pytest.MonkeyPatch,
    launch: ModuleType,
    puzzle_cmd: ModuleType,
    day: dt.date,
    args: tuple[str, ...],
    full: bool,
    line_mode_shows: str,
) -> None:
    """``daily --no-record ARGS`` on a terminal on ``day``: the full screen opens on the
    daily of ``day`` when ``full``; otherwise nothing opens and the line mode's position
    shows ``line_mode_shows``."""
    opened, result = invoke_daily(monkeypatch, launch, puzzle_cmd, day, args)
    if full:
        assert opened == [(f"daily-{day.isoformat()}", day, True)] and result.stdout == ""
    else:
        assert opened == [] and line_mode_shows in result.stdout
