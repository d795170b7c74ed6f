"""``silverpyr cheops solve`` as a user runs it: the template round trip, the JSON contract,
the time limit, bad input as one error line with exit code 2."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.endgame import random_endgame
from silverpyr.solver.cheops.game import random_position
from silverpyr.solver.cheops.positionfile import position_text

runner = CliRunner()


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def template(tmp_path: Path) -> Path:
    code, out, _ = run("cheops", "solve", "--position-template")
    assert code == 0 and out.startswith("# A Cheops position")
    path = tmp_path / "position.yaml"
    path.write_text(out, encoding="utf-8")
    return path


def test_the_template_round_trip_solves(tmp_path: Path) -> None:
    code, out, err = run("cheops", "solve", "--position", str(template(tmp_path)), "--plain")
    assert code == 0, err
    assert "proven" in out and "NOT proven" not in out
    # the template on the rising boards of issue 31: the seat to move is behind, whatever it does
    assert "best move: take i3 A" in out
    assert "margin: -15" in out and "win from here: 0" in out
    assert "principal line:" in out and "seat 1: take i3 A" in out
    assert "\x1b" not in out


def test_json_parses_and_keeps_its_contract(tmp_path: Path) -> None:
    code, out, _ = run("cheops", "solve", "--position", str(template(tmp_path)), "--json")
    assert code == 0
    data = json.loads(out)
    assert data["status"] == "proven" and data["proven"] is True
    assert data["objective"] == "margin" and data["seat"] == 1 and data["players"] == 2
    assert data["move"] == "take i3 A" and data["margin"] == -15 and data["win"] == 0
    assert data["value"] == -15 and data["value_exact"] == "-15"
    assert data["margins"] == ["15", "-15"] and data["wins"] == ["1", "0"]
    assert [m["move"] for m in data["options"]] == ["take i3 A", "take j1 B", "take i3 B"]
    assert data["line"][0] == {"seat": 1, "move": "take i3 A", "chance": None}
    assert data["turns"] >= 1 and data["time_limit"] == 10.0
    assert set(data) >= {"note", "nodes", "seconds", "margin_exact", "win_exact"}


def test_the_win_objective(tmp_path: Path) -> None:
    code, out, _ = run("cheops", "solve", "--position", str(template(tmp_path)), "--json", "--win")
    assert code == 0 and json.loads(out)["objective"] == "win"


def test_a_node_limit_says_not_proven_and_answers_the_same_every_time(tmp_path: Path) -> None:
    """A budget of nodes, unlike a time limit, stops the search at the same place on every
    machine (the whole search of this position takes 4,056 nodes)."""
    state = random_endgame(load_components(), 2, 7, 9)
    path = tmp_path / "big.yaml"
    path.write_text(position_text(state), encoding="utf-8")
    code, out, _ = run("cheops", "solve", "--position", str(path), "--node-limit", "1000")
    assert code == 0
    assert "best found, NOT proven: the node limit came first" in out
    answers = []
    for _ in range(2):
        code, out, _ = run(
            "cheops", "solve", "--position", str(path), "--node-limit", "1000", "--json"
        )
        assert code == 0
        answers.append(json.loads(out) | {"seconds": 0})
    assert answers[0] == answers[1]
    assert answers[0]["proven"] is False and answers[0]["node_limit"] == 1000
    assert answers[0]["nodes"] <= 1000


@pytest.mark.parametrize("limit", ["0", "-1", "x", "2.5"])
def test_a_bad_node_limit_is_refused(tmp_path: Path, limit: str) -> None:
    code, _, err = run(
        "cheops", "solve", "--position", str(template(tmp_path)), "--node-limit", limit
    )
    assert code == 2 and err.startswith("error: ") and "--node-limit" in err.splitlines()[0]


def one_error_line(*args: str) -> str:
    code, out, err = run(*args)
    assert code == 2
    assert out == ""
    assert err.count("\n") == 1 and err.startswith("error: ")
    return err


def test_bad_files_are_one_error_line(tmp_path: Path) -> None:
    assert "no such file" in one_error_line(
        "cheops", "solve", "--position", str(tmp_path / "none.yaml")
    )
    broken = tmp_path / "broken.yaml"
    broken.write_text("players: 7\nturn: x\n", encoding="utf-8")
    err = one_error_line("cheops", "solve", "--position", str(broken))
    assert "broken.yaml" in err and "players" in err
    assert "--position" in one_error_line("cheops", "solve")


def test_a_position_with_a_hidden_law_is_one_error_line(tmp_path: Path) -> None:
    path = tmp_path / "early.yaml"
    path.write_text(position_text(random_position(load_components(), 2, 5, 10)), encoding="utf-8")
    assert "hidden law" in one_error_line("cheops", "solve", "--position", str(path))


@pytest.mark.parametrize("limit", ["0", "-1", "nan"])
def test_a_bad_time_limit_is_refused(tmp_path: Path, limit: str) -> None:
    code, _, err = run(
        "cheops", "solve", "--position", str(template(tmp_path)), "--time-limit", limit
    )
    # a usage error: the house's error line (and Click's pointer to --help)
    assert code == 2 and err.startswith("error: ") and "--time-limit" in err.splitlines()[0]
