"""``q`` then ``y`` means the same in every game's trainer (issue 32): ``q`` asks, ``y`` gives
up (the attempt ends and is scored), ``s`` saves and leaves, anything else plays on; ``q!``
gives up without asking. *Silver & Gold*'s own trainer had it first (``cli/silvergold/play.py``);
here the Sun's and Cheops's, through the real CLI on a puzzle of each."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from cheops_golden import cache_golden_puzzles
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.cli.core.trainer import QUIT_QUESTION

PUZZLES = {"sun": "final-run-9", "cheops": "win-from-here-2"}


@pytest.fixture(autouse=True)
def _cached(home: Path) -> None:
    """Cheops's puzzle from its golden file, as if played before: no test waits seconds
    for its generation. (The Sun makes its puzzle in a fraction of a second.)"""
    cache_golden_puzzles()


def _run(game: str, script: str, *flags: str) -> tuple[int, dict[str, object], str]:
    result = CliRunner().invoke(
        app, [game, "puzzle", "--id", PUZZLES[game], *flags, "--moves", script, "--json"]
    )
    return result.exit_code, json.loads(result.stdout), result.stderr


@pytest.mark.parametrize("game", sorted(PUZZLES))
@pytest.mark.parametrize("script", ["q; y", "q!"], ids=["q then y", "q! without asking"])
def test_q_then_y_or_q_bang_gives_up_and_the_attempt_is_scored(
    home: Path, game: str, script: str
) -> None:
    code, data, err = _run(game, script)
    assert code == 0, err
    assert data["finished"] is True and data["gave_up"] is True
    assert {"gave_up": True} in data["log"]  # type: ignore[operator]


@pytest.mark.parametrize("game", sorted(PUZZLES))
def test_q_then_s_leaves_and_anything_else_plays_on(home: Path, game: str) -> None:
    code, data, err = _run(game, "q; n; q; s")
    assert code == 0, err
    assert data["finished"] is False
    assert [entry for entry in data["log"] if isinstance(entry, dict)][-1] == {"left": True}  # type: ignore[union-attr]


@pytest.mark.parametrize("game", sorted(PUZZLES))
def test_a_script_that_stops_on_the_question_ran_out(home: Path, game: str) -> None:
    result = CliRunner().invoke(app, [game, "puzzle", "--id", PUZZLES[game], "--moves", "q"])
    assert result.exit_code == 2
    assert result.stderr.startswith("error: the moves ran out")
    assert QUIT_QUESTION in result.stdout


@pytest.mark.parametrize("game", sorted(PUZZLES))
def test_a_finished_attempt_says_gave_up_hints_and_moves_in_its_json(home: Path, game: str) -> None:
    """Part of issue 32's one result shape: ``gave_up``, ``hints_used`` and ``moves`` as
    *Silver & Gold*'s say them."""
    code, data, err = _run(game, "hint; give up")
    assert code == 0, err
    assert (data["gave_up"], data["hints_used"], data["moves"]) == (True, 1, [])
