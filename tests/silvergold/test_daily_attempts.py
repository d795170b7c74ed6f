"""One scored attempt per daily: later plays are practice, stats and share text say so."""

from __future__ import annotations

import datetime as dt
import sqlite3
from pathlib import Path

import pytest
from old_stores import close_at_version, old_database
from playing import solution_moves
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core import store as store_module
from silverpyr.puzzles.core.store import SCHEMA_VERSION, Store
from silverpyr.puzzles.silvergold.generate import puzzle_from_id
from silverpyr.puzzles.silvergold.puzzle import Puzzle
from silverpyr.puzzles.silvergold.session import PlaySession
from silverpyr.puzzles.silvergold.share import share_text
from silverpyr.puzzles.silvergold.stats import Attempt, bucket_of, summarise
from silverpyr.solver.silvergold.cards import Deck

DATE = "2026-01-03"


@pytest.fixture(scope="module")
def daily(deck: Deck) -> Puzzle:
    return puzzle_from_id(deck, f"daily-{DATE}")


def _attempt(daily_date: str | None, **changes: object) -> Attempt:
    values: dict[str, object] = {
        "puzzle_id": f"daily-{daily_date}" if daily_date else "points-1",
        "daily_date": daily_date,
        "played_on": daily_date or "2026-01-01",
        "kind": "points",
        "score": 20,
        "par": 20,
        "goal_met": True,
        "at_par": True,
        "gave_up": False,
        "moves": "A1",
        "hints_used": 0,
        "seconds": 1.0,
    }
    values.update(changes)
    return Attempt(**values)  # type: ignore[arg-type]


def test_a_version_1_database_keeps_its_rows_and_marks_replays_as_practice(
    tmp_path: Path,
) -> None:
    path = tmp_path / "silverpyr.db"
    db = old_database(path)
    columns = store_module._ATTEMPT_COLUMNS[:12]
    rows = [
        _attempt(DATE, at_par=False, score=10),
        _attempt(DATE),
        _attempt(None),
        _attempt(None),
    ]
    for row in rows:
        db.execute(
            f"INSERT INTO attempts ({', '.join(columns)}, recorded_at) "
            f"VALUES ({', '.join('?' * (len(columns) + 1))})",
            [*(getattr(row, c) for c in columns), "2026-01-03T00:00:00+00:00"],
        )
    close_at_version(db, 1)
    with Store(path) as store:
        attempts = store.attempts()
        assert [a.practice for a in attempts] == [False, True, False, False]
        assert [a.score for a in attempts] == [10, 20, 20, 20]
        scored = store.scored_attempt(f"daily-{DATE}")
        assert scored is not None and scored.score == 10
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION == 7
    stats = summarise(attempts, dt.date(2026, 1, 3))
    assert (stats.played, stats.at_par, stats.practice, stats.current_streak) == (3, 2, 1, 0)


def test_replaying_a_daily_is_practice_and_says_so(home: Path, daily: Puzzle) -> None:
    script = "; ".join(solution_moves(daily))
    first = CliRunner().invoke(app, ["daily", "--date", DATE, "--moves", script, "--plain"])
    assert first.exit_code == 0, first.output
    assert "at par - no hints" in first.stdout
    again = CliRunner().invoke(app, ["daily", "--date", DATE, "--moves", script, "--plain"])
    assert again.exit_code == 0, again.output
    assert "this play is practice and does not count" in " ".join(again.stdout.split())
    assert "practice (not scored)" in again.stdout
    assert "solution seen before the end" in again.stdout
    assert "no hints" not in again.stdout.split("Share:")[1]
    with Store.open_default() as store:
        assert [a.practice for a in store.attempts()] == [False, True]
    stats = CliRunner().invoke(app, ["stats", "--plain", "--today", DATE, "--json"])
    assert '"played": 1' in stats.stdout and '"practice": 1' in stats.stdout
    shown = CliRunner().invoke(app, ["stats", "--plain", "--today", DATE])
    assert "Practice plays 1" in shown.stdout


def test_share_text_counts_hints_by_level(deck: Deck, daily: Puzzle) -> None:
    session = PlaySession(daily, deck)
    session.hints_used = 3
    session.hint_levels = [2, 0, 1]
    session.give_up()
    text = share_text(daily, session.result(), deck, (), plain=True)
    assert "3 hints (aim 2, move 1)" in text


def test_hints_in_play_are_counted_by_level(home: Path, daily: Puzzle) -> None:
    script = "; ".join(["h", "h", *solution_moves(daily)])
    result = CliRunner().invoke(app, ["daily", "--date", DATE, "--moves", script, "--plain"])
    assert result.exit_code == 0, result.output
    assert "2 hints (aim 1, area 1)" in result.stdout
    with Store.open_default() as store:
        (attempt,) = store.attempts()
    assert attempt.hint_levels == "1,1,0" and not attempt.practice


def test_par_of_zero_met_counts_as_at_par() -> None:
    assert bucket_of(_attempt(None, par=0, score=0, at_par=True)) == "par"
    assert bucket_of(_attempt(None, par=-2, score=1, at_par=True)) == "par"


def test_giving_up_asks_for_a_confirmation(home: Path, daily: Puzzle) -> None:
    first = solution_moves(daily)[0]
    result = CliRunner().invoke(
        app, ["daily", "--date", DATE, "--moves", f"q; n; {first}; q; y", "--plain"]
    )
    assert result.exit_code == 0, result.output
    assert "Give up? The attempt ends and its score counts" in result.stdout
    assert "Playing on." in result.stdout
    assert "You gave up" in result.stdout and "gave up after 1 turn" in result.stdout
    # the optimal line is shown only once the attempt has ended
    assert result.stdout.index("Optimal line") > result.stdout.index("You gave up")


def test_a_script_ending_at_the_confirmation_gives_nothing_up(home: Path, daily: Puzzle) -> None:
    result = CliRunner().invoke(app, ["daily", "--date", DATE, "--moves", "q", "--plain"])
    assert result.exit_code == 2
    assert "ran out" in result.stderr
    with Store.open_default() as store:
        assert store.attempts() == []


def test_q_bang_gives_up_at_once(home: Path, daily: Puzzle) -> None:
    result = CliRunner().invoke(app, ["daily", "--date", DATE, "--moves", "q!", "--plain"])
    assert result.exit_code == 0, result.output
    assert "Give up?" not in result.stdout and "You gave up" in result.stdout
