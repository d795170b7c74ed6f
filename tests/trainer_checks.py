"""What the Sun's and Cheops's trainer tests (``test_*_daily_tui.py``) share: a trainer's
app with some moves played, a flow played by keys and what it leaves (scored, saved and
resumed, given up), a snapshot after some keys, and which mode ``daily`` and
``puzzle`` open: the two commands in a small app with the project's error mapping, the
argument sets that ask for the line mode, and a full screen that records what it was asked
to open instead of opening. Each game hands in its own ``puzzle_cmd`` and ``launch``
modules."""

from __future__ import annotations

import datetime as dt
from collections.abc import Awaitable, Callable
from types import ModuleType
from typing import Any

import pytest
import typer
from click.testing import Result
from textual.app import App
from textual.pilot import Pilot
from tui_pilot import drive, press, screen_lines
from typer.testing import CliRunner

from silverpyr.cli.core.app import _ErrorMappingGroup
from silverpyr.cli.core.tui import terminal
from silverpyr.cli.core.tui.modals import LeaveDialog
from silverpyr.cli.core.tui.trainer import TrainerEnd, TrainerHelp
from silverpyr.puzzles.core.store import Store


def trainer_app(launch: ModuleType, puzzle: Any, day: dt.date, *moves: str) -> App[Any]:
    """The game's trainer app on ``puzzle`` (no store, on ``day``) with ``moves`` played."""
    run_ = launch.trainer_run(puzzle, None, day)
    for move in moves:
        run_.session.play(move)
    return launch.puzzle_app(run_, puzzle)  # type: ignore[no-any-return]


def play_trainer(
    launch: ModuleType,
    puzzle: Any,
    run_: Any,
    steps: Callable[[Pilot[None], Any], Awaitable[None]],
) -> App[Any]:
    """The game's trainer app on ``puzzle`` (its ``run_``) driven by ``steps``; the app
    back, to look at after."""
    return drive(launch.puzzle_app(run_, puzzle), steps)


def assert_scored_and_kept_no_more(store: Store, puzzle: Any, hints: int) -> None:
    """The attempt at ``puzzle`` ended: scored with ``hints`` hints, and no longer saved."""
    scored = store.scored_attempt(puzzle.id)
    assert scored is not None and scored.hints_used == hints
    assert store.progress(puzzle.id) is None


def assert_saved_and_resumed(
    launch: ModuleType,
    store: Store,
    puzzle: Any,
    run_: Any,
    day: dt.date,
    said: str,
    moves: tuple[str, ...],
) -> tuple[Any, Any]:
    """The attempt left after ``moves`` was saved, ``said`` was printed (how to resume), and
    the next start on ``day`` resumes the moves, saying so: the saved progress and the new
    run back, for the game's own checks."""
    assert run_.printed == [said]
    saved = store.progress(puzzle.id)
    assert saved is not None and saved.moves == moves
    again = launch.trainer_run(puzzle, store, day)
    assert again.session.moves == moves
    assert any(note.startswith(f"Resuming {puzzle.id}") for note in again.sitting.notes)
    return saved, again


async def play_on_then_save_and_leave(pilot: Pilot[None], app: App[Any]) -> None:
    """``q`` asks the line mode's question; any other key plays on; ``q`` then ``s`` saves
    and leaves."""
    await press(pilot, "q")
    assert isinstance(app.screen, LeaveDialog)
    await press(pilot, "x")
    assert "Playing on." in "\n".join(screen_lines(app))
    await press(pilot, "q")
    await press(pilot, "s")


async def give_up_then_help(pilot: Pilot[None], app: App[Any], says: str) -> None:
    """``q`` then ``y`` ends the attempt as given up: the end screen says so and ``says``;
    ``?`` works on it too."""
    await press(pilot, "q")
    await press(pilot, "y")
    assert isinstance(app.screen, TrainerEnd)
    text = "\n".join(screen_lines(app))
    assert "gave up" in text and says in text
    await press(pilot, "question_mark")
    assert isinstance(app.screen, TrainerHelp)


def assert_given_up(run_: Any, share_says: str) -> None:
    """The attempt ended as given up, and its share text says ``share_says``."""
    assert run_.session.gave_up
    assert share_says in run_.printed[0]


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
