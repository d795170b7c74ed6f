"""``silverpyr solve`` as a user runs it: the JSON contract, the text output, bad input."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from silverpyr.cli.core.app import app

runner = CliRunner()
ORDER = "I3,L4,O4,T4,L3,I2,I3"


def run(*args: str) -> tuple[int, str, str]:
    result = runner.invoke(app, list(args))
    return result.exit_code, result.stdout, result.stderr


def test_json_contract() -> None:
    code, out, _ = run("solve", "--card", "17", "--expeditions", ORDER, "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"status", "proven", "value", "line", "objective", "score", "seconds"}
    assert data["status"] == "proven" and data["proven"] is True
    assert data["value"] == data["score"]["total"]
    assert data["objective"] == "points"
    assert set(data["score"]) == {
        "total",
        "torches",
        "pyramid_points",
        "gems",
        "skulls",
        "completed",
    }
    assert data["score"]["total"] == sum(v for k, v in data["score"].items() if k != "total")
    assert set(data["completed"]) == {"17"}
    turns = [m["turn"] for m in data["line"]]
    assert turns == sorted(turns) and turns[0] == 1
    for move in data["line"]:
        assert move["kind"] in {"pattern", "single", "extra", "pass"}
        assert move["expedition"] in ORDER.split(",")
        if move["kind"] == "pattern":
            size = {"I2": 2, "I3": 3, "L3": 3, "O4": 4, "L4": 4, "T4": 4}[move["expedition"]]
            assert len(move["cells"]) == size


def test_text_output_shows_the_line_and_the_proof() -> None:
    code, out, _ = run("solve", "--card", "17", "--expeditions", ORDER, "--plain")
    assert code == 0
    assert "Proven optimal in" in out
    assert "Best line (points)" in out
    assert "\x1b" not in out


def test_hand_of_two_with_a_start_state() -> None:
    code, out, _ = run(
        "solve",
        "--card",
        "1",
        "--card",
        "2",
        "--expeditions",
        "I3,L3,I2",
        "--marked",
        "1:" + _entrance(1),
        "--skulls",
        "2",
        "--json",
    )
    assert code == 0, out
    data = json.loads(out)
    assert set(data["completed"]) == {"1", "2"}


def _entrance(number: int) -> str:
    from silverpyr.solver.silvergold.cells import cell_str
    from silverpyr.solver.silvergold.deckfile import load_deck

    return cell_str(load_deck().card(number).room.entrance)


def test_objectives_agree_on_what_they_optimise() -> None:
    _, points_out, _ = run("solve", "--card", "17", "--expeditions", ORDER, "--json")
    _, sprint_out, _ = run(
        "solve", "--card", "17", "--expeditions", ORDER, "--objective", "sprint", "--json"
    )
    points, sprint = json.loads(points_out), json.loads(sprint_out)
    assert points["score"]["total"] >= sprint["score"]["total"]
    assert (sprint["completed"]["17"] or 99) <= (points["completed"]["17"] or 99)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--card", "99", "--expeditions", "I2"], "no pyramid card 99"),
        (["--card", "17", "--expeditions", "I2,Q7"], "unknown expedition 'Q7'"),
        (["--card", "17", "--expeditions", "I2", "--marked", "17-C1"], "--marked '17-C1'"),
        (["--card", "17", "--expeditions", "I2", "--marked", "17:Z9"], "not a cell"),
        (["--card", "17", "--expeditions", "I2", "--marked", "17:E5"], "must include the entrance"),
        (["--card", "17", "--expeditions", ",".join(["I2"] * 29)], "more than a game has"),
        (
            ["--card", "17", "--expeditions", "I2", "--skulls", "11"],
            "skulls must be between 0 and 10",
        ),
        (["--card", "17", "--card", "17", "--expeditions", "I2"], "named twice"),
        (
            ["--card", "17", "--expeditions", "I2", "--time-limit", "0"],
            "'--time-limit': 0 is not a number of seconds above 0",
        ),
    ],
)
def test_bad_input_is_one_line_and_exit_2(args: list[str], message: str) -> None:
    code, out, err = run("solve", *args)
    assert code == 2
    assert message in err
    lines = err.strip().splitlines()
    assert len(lines) == 1
    assert "Traceback" not in err + out


def test_a_limit_too_short_for_a_proof_still_shows_a_line(monkeypatch: pytest.MonkeyPatch) -> None:
    """The search starts from the greedy bot's line, so there is always a line to show. The
    limit that comes first is CP-SAT's deterministic time (the same on every machine, unlike
    seconds), set below the time limit the command passes on."""
    from silverpyr.solver.silvergold import solve as module

    solve = module.solve
    limits: list[float] = []

    def briefly(*args: Any, time_limit: float, **kwargs: Any) -> Any:
        limits.append(time_limit)
        return solve(*args, time_limit=time_limit, work_limit=1e-6, **kwargs)

    monkeypatch.setattr(module, "solve", briefly)
    code, out, err = run("solve", "--card", "8", "--card", "21", "--time-limit", "7")
    assert code == 0, err
    assert limits == [7.0]
    assert "Raise --time-limit to prove it." in out
    assert "Proven optimal" not in out
