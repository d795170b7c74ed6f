"""Stats and streaks, the results database (concurrency, corruption), ``silverpyr stats``."""

from __future__ import annotations

import datetime as dt
import json
import signal
import sqlite3
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import store_rows
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.store import (
    DB_FILENAME,
    HOME_ENV,
    SCHEMA_VERSION,
    Store,
    StoreError,
    data_dir,
)
from silverpyr.puzzles.silvergold.stats import (
    MISSED_BUCKET,
    Attempt,
    best_streak,
    bucket_of,
    current_streak,
    runs,
    streak_days,
    summarise,
)


def attempt(
    daily: str | None = None,
    *,
    played_on: str | None = None,
    score: int = 20,
    par: int = 20,
    goal_met: bool = True,
    gave_up: bool = False,
    hints: int = 0,
) -> Attempt:
    at_par = goal_met and not gave_up and score >= par
    return store_rows.attempt(
        puzzle_id=f"daily-{daily}" if daily else "123",
        daily_date=daily,
        played_on=played_on or daily or "2026-01-01",
        score=score,
        par=par,
        goal_met=goal_met,
        at_par=at_par,
        gave_up=gave_up,
        moves="C1; C2",
        hints_used=hints,
        seconds=12.5,
    )


def day(text: str) -> dt.date:
    return dt.date.fromisoformat(text)


# --- streak arithmetic ---------------------------------------------------------------------


def test_runs_cross_month_year_and_leap_day() -> None:
    days = {
        day(d)
        for d in (
            "2027-12-30",
            "2027-12-31",
            "2028-01-01",
            "2028-02-28",
            "2028-02-29",
            "2028-03-01",
        )
    }
    assert runs(days) == [(day("2028-01-01"), 3), (day("2028-03-01"), 3)]
    assert best_streak(days) == 3
    no_leap = {day("2027-02-28"), day("2027-03-01")}
    assert runs(no_leap) == [(day("2027-03-01"), 2)]


def test_current_streak_lives_until_today_ends() -> None:
    days = {day("2026-12-30"), day("2026-12-31")}
    assert current_streak(days, day("2026-12-31")) == 2
    assert current_streak(days, day("2027-01-01")) == 2  # today's daily is still open
    assert current_streak(days, day("2027-01-02")) == 0
    assert current_streak(days | {day("2027-01-01")}, day("2027-01-01")) == 3
    assert current_streak(set(), day("2027-01-01")) == 0


def test_only_dailies_at_par_on_their_own_date_count() -> None:
    attempts = [
        attempt("2026-03-01"),
        attempt("2026-03-02", played_on="2026-03-05"),  # caught up later: practice only
        attempt("2026-03-03", score=19),  # below par
        attempt("2026-03-04", gave_up=True),
        attempt(None, played_on="2026-03-06"),  # not a daily
        attempt("2026-03-07"),
        attempt("2026-03-07", score=3),  # a worse replay does not undo the day
    ]
    assert streak_days(attempts) == {day("2026-03-01"), day("2026-03-07")}


def test_best_streak_survives_a_broken_current_one() -> None:
    dates = ["2026-01-01", "2026-01-02", "2026-01-03", "2026-01-04", "2026-01-10"]
    stats = summarise([attempt(d) for d in dates], day("2026-01-11"))
    assert (stats.current_streak, stats.best_streak) == (1, 4)


def test_histogram_buckets() -> None:
    assert bucket_of(attempt(score=20, par=20)) == "par"
    assert bucket_of(attempt(score=18, par=20)) == "90-99%"
    assert bucket_of(attempt(score=15, par=20)) == "75-89%"
    assert bucket_of(attempt(score=10, par=20)) == "50-74%"
    assert bucket_of(attempt(score=-4, par=20)) == "under 50%"
    assert bucket_of(attempt(gave_up=True)) == MISSED_BUCKET
    assert bucket_of(attempt(goal_met=False, score=25)) == MISSED_BUCKET


def test_summary_counts() -> None:
    attempts = [
        attempt("2026-05-01"),
        attempt("2026-05-02", score=10, hints=2),
        attempt(None, score=5),
    ]
    stats = summarise(attempts, day("2026-05-02"))
    assert (stats.played, stats.at_par, stats.dailies_played, stats.hints_used) == (3, 1, 2, 2)
    assert round(stats.at_par_percent, 1) == 33.3
    assert dict(stats.histogram) == {
        "par": 1,
        "90-99%": 0,
        "75-89%": 0,
        "50-74%": 1,
        "under 50%": 1,
        MISSED_BUCKET: 0,
    }
    assert stats.current_streak == 1
    assert summarise([], day("2026-05-02")).at_par_percent == 0.0


# --- the database --------------------------------------------------------------------------


def test_attempts_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "nested" / "db.sqlite"
    record = attempt("2026-02-03", hints=1)
    with Store(path) as store:
        store.add_attempt(record)
        store.add_attempt(attempt(None))
        assert store.attempts() == [record, attempt(None)]
        assert store.attempts(puzzle_id="daily-2026-02-03") == [record]
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
        assert db.execute("PRAGMA journal_mode").fetchone()[0] == "wal"


def test_home_env_chooses_the_directory(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    assert data_dir() == tmp_path
    with Store.open_default() as store:
        assert store.path == tmp_path / DB_FILENAME


def test_a_file_that_is_not_sqlite_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    path.write_bytes(b"my shopping list\n" * 10)
    with pytest.raises(StoreError, match="not a silverpyr results database"):
        Store(path)
    assert path.read_bytes() == b"my shopping list\n" * 10


def test_a_damaged_database_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    with Store(path) as store:
        for n in range(200):
            store.add_attempt(attempt(None, score=n))
    with sqlite3.connect(path) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    data = bytearray(path.read_bytes())
    page = 4096
    data[page + 100 : page * 3] = b"\xff" * (page * 2 - 100)
    path.write_bytes(bytes(data))
    with pytest.raises(StoreError, match="damaged"):
        Store(path)
    assert path.read_bytes() == bytes(data)


def test_a_newer_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    with Store(path):
        pass
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    with pytest.raises(StoreError, match="newer silverpyr"):
        Store(path)
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION + 1


def test_another_programs_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE recipes (name TEXT)")
    with pytest.raises(StoreError, match="another program"):
        Store(path)


WRITER = textwrap.dedent(
    """
    import sys
    from silverpyr.puzzles.silvergold.stats import Attempt
    from silverpyr.puzzles.core.store import Store
    path, tag, count = sys.argv[1], sys.argv[2], int(sys.argv[3])
    for n in range(count):
        with Store(__import__("pathlib").Path(path)) as store:
            store.add_attempt(Attempt(f"{tag}-{n}", None, "2026-01-01", "points", n, 20,
                                      True, n >= 20, False, "C1", 0, 1.0))
    """
)


def test_two_processes_write_at_once(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    count = 40
    writers = [
        subprocess.Popen(
            [sys.executable, "-c", WRITER, str(path), tag, str(count)], stderr=subprocess.PIPE
        )
        for tag in ("a", "b")
    ]
    for writer in writers:
        _, err = writer.communicate(timeout=120)
        assert writer.returncode == 0, err.decode()
    with Store(path) as store:
        ids = [a.puzzle_id for a in store.attempts()]
    assert sorted(ids) == sorted(f"{t}-{n}" for t in ("a", "b") for n in range(count))


INTERRUPTED = textwrap.dedent(
    """
    import os, signal, sys
    from pathlib import Path
    from silverpyr.puzzles.silvergold.stats import Attempt
    from silverpyr.puzzles.core.store import Store
    store = Store(Path(sys.argv[1]))
    store.add_attempt(
        Attempt("kept", None, "2026-01-01", "points", 1, 2, True, False, False, "C1", 0, 1.0)
    )
    with store._transaction():
        store._db.execute(
            "INSERT INTO attempts (puzzle_id, played_on, recorded_at, kind, score, par, goal_met,"
            " at_par, gave_up, moves, hints_used, seconds)"
            " VALUES ('half', '2026-01-01', 'now', 'points', 1, 2, 1, 0, 0, 'C1', 0, 1.0)"
        )
        os.kill(os.getpid(), signal.SIGKILL)
    """
)


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_write_killed_midway_leaves_no_row(tmp_path: Path) -> None:
    path = tmp_path / "db.sqlite"
    done = subprocess.run([sys.executable, "-c", INTERRUPTED, str(path)], check=False)
    assert done.returncode == -signal.SIGKILL
    with Store(path) as store:
        assert [a.puzzle_id for a in store.attempts()] == ["kept"]


# --- the command ---------------------------------------------------------------------------


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    return tmp_path


def test_stats_command_json(home: Path) -> None:
    with Store.open_default() as store:
        for record in (
            attempt("2026-12-31"),
            attempt("2027-01-01"),
            attempt("2027-01-02", score=12),
        ):
            store.add_attempt(record)
    result = CliRunner().invoke(app, ["stats", "--today", "2027-01-02", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["played"] == 3 and data["at_par"] == 2
    assert (data["current_streak"], data["best_streak"]) == (2, 2)
    assert data["histogram"]["par"] == 2 and data["histogram"]["50-74%"] == 1


def test_stats_command_draws(home: Path) -> None:
    with Store.open_default() as store:
        store.add_attempt(attempt("2027-01-02", hints=1))
    result = CliRunner().invoke(app, ["stats", "--today", "2027-01-02", "--plain"])
    assert result.exit_code == 0, result.output
    assert "Played 1 - at par 1 (100%) - dailies 1 - hints used 1" in result.stdout
    assert "Current streak 1 day - best streak 1 day" in result.stdout
    assert "par  ####################  1" in result.stdout


def test_stats_with_nothing_played(home: Path) -> None:
    result = CliRunner().invoke(app, ["stats"])
    assert result.exit_code == 0
    assert "No puzzles played yet" in result.stdout


def test_stats_on_a_corrupt_database_is_one_line(home: Path) -> None:
    (home / DB_FILENAME).write_text("not a database", encoding="utf-8")
    result = CliRunner().invoke(app, ["stats"])
    assert result.exit_code == 2
    assert "not a silverpyr results database" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert (home / DB_FILENAME).read_text(encoding="utf-8") == "not a database"


def test_bad_today_is_refused(home: Path) -> None:
    result = CliRunner().invoke(app, ["stats", "--today", "2027-02-29"])
    assert result.exit_code == 2 and "not a date" in result.stderr
