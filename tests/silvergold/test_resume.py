"""Save and leave, resume, --restart, and the daily calendar (future dates, archive)."""

from __future__ import annotations

import datetime as dt
import json
import sqlite3
from pathlib import Path

import pytest
from old_stores import add_attempt_row, close_at_version, old_database
from playing import solution_moves
from typer.testing import CliRunner, Result

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.store import SCHEMA_VERSION, Store
from silverpyr.puzzles.silvergold.generate import puzzle_from_id
from silverpyr.puzzles.silvergold.puzzle import Puzzle
from silverpyr.solver.silvergold.deckfile import load_deck

DATE = "2026-01-03"


@pytest.fixture(scope="module")
def daily() -> Puzzle:
    return puzzle_from_id(load_deck(), f"daily-{DATE}")


def _daily(*args: str, moves: str | None = None, stdin: str | None = None) -> Result:
    command = ["daily", "--date", DATE, "--plain", *args]
    if moves is not None:
        command += ["--moves", moves]
    return CliRunner().invoke(app, command, input=stdin)


def _flat(text: str) -> str:
    return " ".join(text.split())


def test_a_script_that_runs_out_is_resumed_at_the_next_turn(home: Path, daily: Puzzle) -> None:
    line = solution_moves(daily)
    first = _daily(moves="; ".join(line[:2]))
    assert first.exit_code == 2
    assert "ran out" in first.stderr and "saved at turn 3" in first.stderr
    with Store.open_default() as store:
        assert store.attempts() == []
        saved = store.progress(f"daily-{DATE}")
    assert saved is not None and list(saved.moves) == line[:2]
    again = _daily(moves="; ".join(line[2:]))
    assert again.exit_code == 0, again.output
    assert f"Resuming daily {DATE} at turn 3 (2 moves played)" in again.stdout
    assert "At par!" in again.stdout and "at par - no hints" in again.stdout
    with Store.open_default() as store:
        (attempt,) = store.attempts()
        assert store.progress(f"daily-{DATE}") is None
    assert attempt.at_par and attempt.moves == "; ".join(line)


def test_save_and_leave_then_resume_keeps_the_hints(home: Path, daily: Puzzle) -> None:
    line = solution_moves(daily)
    left = _daily(moves=f"{line[0]}; h; h; q; s")
    assert left.exit_code == 0, left.output
    assert "s saves and leaves" in _flat(left.stdout)
    assert f"Saved daily {DATE} at turn 2 (1 move played)" in _flat(left.stdout)
    back = _daily(moves="h; " + "; ".join(line[1:]))
    assert back.exit_code == 0, back.output
    assert "Resuming daily" in back.stdout and "2 hints taken" in back.stdout
    # the third h of the turn is level 3: the levels reached before leaving still count
    assert "Hint, level 3 of 3" in back.stdout
    assert "3 hints (aim 1, area 1, move 1)" in back.stdout


def test_answers_on_stdin_that_run_out_are_saved(home: Path, daily: Puzzle) -> None:
    line = solution_moves(daily)
    left = _daily(stdin=f"{line[0]}\n{line[1]}\n")
    assert left.exit_code == 2
    resumed = _daily("--json")
    assert resumed.exit_code == 0  # --json without moves only shows the puzzle
    with Store.open_default() as store:
        saved = store.progress(f"daily-{DATE}")
    assert saved is not None and saved.turn == 3


def test_give_up_then_replay_at_par_leaves_the_streak_and_says_practice(
    home: Path, daily: Puzzle
) -> None:
    line = solution_moves(daily)
    gave_up = _daily(moves=f"{line[0]}; q; y")
    assert gave_up.exit_code == 0, gave_up.output
    replay = _daily(moves="; ".join(line))
    assert replay.exit_code == 0, replay.output
    assert "practice (not scored)" in replay.stdout
    stats = CliRunner().invoke(app, ["stats", "--json", "--today", DATE])
    data = json.loads(stats.stdout)
    assert (data["current_streak"], data["best_streak"], data["practice"]) == (0, 0, 1)


def test_restart_starts_over_until_the_attempt_is_scored(home: Path, daily: Puzzle) -> None:
    line = solution_moves(daily)
    _daily(moves=line[0])
    restarted = _daily("--restart", moves="; ".join(line))
    assert restarted.exit_code == 0, restarted.output
    assert "Starting daily 2026-01-03 over" in _flat(restarted.stdout)
    assert "Resuming" not in restarted.stdout
    refused = _daily("--restart", moves=line[0])
    assert refused.exit_code == 2
    assert refused.stderr.startswith(f"error: the daily {DATE} was scored already")
    assert len(refused.stderr.splitlines()) == 1


def test_no_record_neither_saves_nor_resumes(home: Path, daily: Puzzle) -> None:
    line = solution_moves(daily)
    _daily("--no-record", moves=line[0])
    with Store.open_default() as store:
        assert store.progress(f"daily-{DATE}") is None
    _daily(moves=line[0])
    fresh = _daily("--no-record", moves="q; s")
    assert fresh.exit_code == 0, fresh.output
    assert "Resuming" not in fresh.stdout and "nothing was saved" in fresh.stdout
    with Store.open_default() as store:
        saved = store.progress(f"daily-{DATE}")
    assert saved is not None and saved.turn == 2  # the saved attempt is left alone


def test_puzzle_by_id_resumes_too(home: Path) -> None:
    puzzle = puzzle_from_id(load_deck(), "points-1")
    line = solution_moves(puzzle)
    CliRunner().invoke(app, ["puzzle", "--id", "points-1", "--plain", "--moves", line[0]])
    again = CliRunner().invoke(
        app, ["puzzle", "--id", "points-1", "--plain", "--moves", "; ".join(line[1:])]
    )
    assert again.exit_code == 0, again.output
    assert "Resuming puzzle points-1 at turn 2 (1 move played)" in again.stdout


def test_a_version_2_database_gains_the_progress_table_and_keeps_its_rows(
    tmp_path: Path,
) -> None:
    path = tmp_path / "silverpyr.db"
    db = old_database(path, 2)
    add_attempt_row(
        db,
        "'daily-2026-01-03', '2026-01-03', '2026-01-03', 'x', 'points', 5, 9, 1, 0, 0, "
        "'A1', 0, 1.0",
    )
    close_at_version(db, 2)
    with Store(path) as store:
        (attempt,) = store.attempts()
        assert attempt.score == 5
        assert store.all_progress() == []
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 7


# --- the calendar ------------------------------------------------------------------------


def test_a_daily_after_today_is_refused(home: Path) -> None:
    result = CliRunner().invoke(app, ["daily", "--date", "2099-12-31"])
    today = dt.date.today().isoformat()
    assert result.exit_code == 2
    assert result.stderr == f"error: the daily of 2099-12-31 is not out yet (today is {today})\n"
    by_id = CliRunner().invoke(app, ["puzzle", "--id", "daily-2099-12-31"])
    assert by_id.exit_code == 2 and by_id.stderr == result.stderr


def test_yesterday_is_the_daily_of_the_day_before(home: Path) -> None:
    result = CliRunner().invoke(app, ["daily", "--yesterday", "--json"])
    assert result.exit_code == 0, result.output
    yesterday = dt.date.today() - dt.timedelta(days=1)
    assert json.loads(result.stdout)["id"] == f"daily-{yesterday.isoformat()}"
    both = CliRunner().invoke(app, ["daily", "--yesterday", "--date", DATE])
    assert both.exit_code == 2


def test_the_archive_lists_played_and_unplayed_dailies(home: Path) -> None:
    deck = load_deck()
    today = dt.date.today()
    days = [today - dt.timedelta(days=n) for n in (1, 2)]
    puzzles = [puzzle_from_id(deck, f"daily-{day.isoformat()}") for day in days]
    solved = solution_moves(puzzles[0])
    CliRunner().invoke(app, ["daily", "--date", days[0].isoformat(), "--moves", "; ".join(solved)])
    CliRunner().invoke(
        app, ["daily", "--date", days[1].isoformat(), "--moves", solution_moves(puzzles[1])[0]]
    )
    result = CliRunner().invoke(app, ["daily", "--archive", "--days", "3", "--json"])
    assert result.exit_code == 0, result.output
    entries = json.loads(result.stdout)["dailies"]
    assert [e["date"] for e in entries] == [
        (today - dt.timedelta(days=n)).isoformat() for n in range(3)
    ]
    assert [e["status"] for e in entries] == ["not played", "scored", "in progress"]
    assert entries[1]["at_par"] is True and entries[1]["counts_for_streak"] is False
    assert entries[2]["in_progress_turn"] == 2
    shown = CliRunner().invoke(app, ["daily", "--archive", "--days", "3", "--plain"])
    assert "not played" in shown.stdout and "at par" in shown.stdout
    assert "in progress (turn 2)" in shown.stdout


def test_ctrl_c_after_a_solve_is_still_a_keyboard_interrupt() -> None:
    """CP-SAT's SIGINT handler, left installed after a solve, ended the process silently:
    a daily interrupted after a move (each move is judged by the solver) said nothing.

    The child starts with Python's own handler, as an interactive shell gives it: a child
    inherits an ignored SIGINT, and then said "no KeyboardInterrupt" whatever the solver
    did. A suite started as a background job of a non-interactive shell (``pytest &``, as
    a script or CI may) has SIGINT ignored (POSIX), and the test failed there every time."""
    import subprocess
    import sys

    script = (
        "import signal\n"
        "signal.signal(signal.SIGINT, signal.default_int_handler)\n"
        "from typer.testing import CliRunner\n"
        "from silverpyr.cli.core.app import app\n"
        "r = CliRunner().invoke(app, ['solve', '--card', '17', '--expeditions', 'I3,L4'])\n"
        "assert r.exit_code == 0, r.output\n"
        "try:\n"  # raised in this thread: its handler runs before the next line, no clock
        "    signal.raise_signal(signal.SIGINT)\n"
        "    print('no KeyboardInterrupt')\n"
        "except KeyboardInterrupt:\n"
        "    print('KeyboardInterrupt')\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "KeyboardInterrupt"
