"""Silver & Gold: a take-back after the feedback named the better move counts as a move
hint (issue 32: an honest daily score), as the Sun's and Cheops's sessions count it; a
take-back of a good move is free; a move replayed from saved progress is judged again, so
leaving and resuming is no way around it."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.store import DB_FILENAME, Store

LOSING = "A1 A2"  # puzzle 1, turn 1: loses 4 points (best reachable 20 before, 16 after)
COUNTED = "counted as a move hint"


def play(home: Path, moves: str) -> str:
    result = CliRunner().invoke(
        app, ["puzzle", "--seed", "1", "--moves", moves], env={"SILVERPYR_HOME": str(home)}
    )
    assert result.exit_code == 0, result.output
    return result.stdout


def saved_hints(home: Path) -> tuple[int, tuple[int, int, int]]:
    with Store(home / DB_FILENAME) as store:
        saved = store.progress("1")
    assert saved is not None
    return saved.hints_used, saved.hint_levels


def test_taking_back_a_move_the_feedback_judged_counts_a_move_hint(tmp_path: Path) -> None:
    out = play(tmp_path, f"{LOSING}; u; q; s")
    assert "loses 4 points" in out
    assert COUNTED in " ".join(out.split())
    assert saved_hints(tmp_path) == (1, (0, 0, 1))


def test_taking_back_a_good_move_is_free(tmp_path: Path) -> None:
    out = play(tmp_path, "A1 B1; u; q; s")  # the best move
    assert "A1 B1 is good" in " ".join(out.split())
    assert COUNTED not in " ".join(out.split())
    assert saved_hints(tmp_path) == (0, (0, 0, 0))


def test_leaving_and_resuming_does_not_make_the_take_back_free(tmp_path: Path) -> None:
    play(tmp_path, f"{LOSING}; q; s")
    assert saved_hints(tmp_path) == (0, (0, 0, 0))
    out = play(tmp_path, "u; q; s")
    assert COUNTED in " ".join(out.split())
    assert saved_hints(tmp_path) == (1, (0, 0, 1))


def test_the_share_text_names_a_counted_take_back_even_after_resuming(tmp_path: Path) -> None:
    """The take-back is kept with the saved attempt (schema 7), so the share text of the
    attempt resumed and ended still names it, in every game's words."""
    play(tmp_path, f"{LOSING}; u; q; s")
    with Store(tmp_path / DB_FILENAME) as store:
        saved = store.progress("1")
    assert saved is not None and saved.take_backs == 1
    result = CliRunner().invoke(
        app,
        ["puzzle", "--seed", "1", "--moves", "q!", "--json"],
        env={"SILVERPYR_HOME": str(tmp_path)},
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["take_backs"] == 1 and data["hint_levels"] == [0, 0, 1]
    assert "solution seen before the end, 1 take-back, 1 hint (move 1)" in data["share"]


def test_a_good_move_taken_back_is_not_named(tmp_path: Path) -> None:
    play(tmp_path, "A1 B1; u; q; s")
    result = CliRunner().invoke(
        app,
        ["puzzle", "--seed", "1", "--moves", "q!", "--json"],
        env={"SILVERPYR_HOME": str(tmp_path)},
    )
    data = json.loads(result.stdout)
    assert data["take_backs"] == 0 and "take-back" not in data["share"]
