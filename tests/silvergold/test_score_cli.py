"""``silverpyr score``: the end-of-game calculator."""

from __future__ import annotations

import json

import pytest
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.cli.silvergold import score_cmd
from silverpyr.solver.silvergold.sheet import claimable_pyramid_points

GOLDEN_COUNTS = {
    "torches": 2,
    "pyramid-points": 19,
    "red": 6,
    "green": 3,
    "skulls": 3,
    "completed": 7,
}
GOLDEN = [part for name, value in GOLDEN_COUNTS.items() for part in (f"--{name}", str(value))]


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def test_golden_111_table(runner: CliRunner) -> None:
    result = runner.invoke(app, ["score", *GOLDEN, "--plain"])
    assert result.exit_code == 0, result.output
    lines = [line.strip("| ").split("|") for line in result.stdout.splitlines()]
    cells = {parts[0].strip(): [p.strip() for p in parts[1:]] for parts in lines if len(parts) >= 2}
    assert cells["Torches"] == ["2 boxes", "10"]
    assert cells["Pyramid points"] == ["19", "19"]
    assert cells["Gems"] == ["6 red, 3 green", "18"]
    assert cells["Skulls"] == ["3 ticked", "-6"]
    assert cells["Completed cards"] == ["7", "70"]
    assert cells["Total"][-1] == "111"


def test_golden_111_json(runner: CliRunner) -> None:
    result = runner.invoke(app, ["score", *GOLDEN, "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "total": 111,
        "torches": 10,
        "pyramid_points": 19,
        "gems": 18,
        "skulls": -6,
        "completed": 70,
    }


def test_skull_and_gem_extremes(runner: CliRunner) -> None:
    counts = {**GOLDEN_COUNTS, "torches": 0, "pyramid-points": 0, "red": 10, "green": 0}
    counts.update({"skulls": 10, "completed": 0})
    args = [part for name, value in counts.items() for part in (f"--{name}", str(value))]
    result = runner.invoke(app, ["score", *args, "--json"])
    assert json.loads(result.stdout) == {
        "total": 10 - 55,
        "torches": 0,
        "pyramid_points": 0,
        "gems": 10,
        "skulls": -55,
        "completed": 0,
    }


@pytest.mark.parametrize(
    ("option", "value", "message"),
    [
        ("--torches", "5", "--torches 5 is out of range 0-4"),
        ("--red", "11", "--red 11 is out of range 0-10"),
        ("--green", "-1", "--green -1 is out of range 0-10"),
        ("--skulls", "11", "--skulls 11 is out of range 0-10"),
        ("--completed", "49", "--completed 49 is out of range 0-48"),
        ("--pyramid-points", "58", "--pyramid-points 58 is out of range 0-57"),
        ("--pyramid-points", "2", "--pyramid-points 2 is not a sum of pyramid-point boxes"),
    ],
)
def test_out_of_range_is_a_one_line_error(
    runner: CliRunner, option: str, value: str, message: str
) -> None:
    args = list(GOLDEN)
    args[args.index(option) + 1] = value
    result = runner.invoke(app, ["score", *args])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.startswith(f"error: {message}")
    assert result.stderr.count("\n") == 1


def test_missing_option_without_a_terminal_is_an_error(runner: CliRunner) -> None:
    result = runner.invoke(app, ["score", "--torches", "2"])
    assert result.exit_code == 2
    assert "missing --pyramid-points, --red, --green, --skulls, --completed" in result.stderr


def test_missing_options_are_asked_for_on_a_terminal(
    runner: CliRunner, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(score_cmd, "_stdin_is_tty", lambda: True)
    # Skulls: 12 is refused and asked again, then 3.
    result = runner.invoke(
        app,
        ["score", "--torches", "2", "--pyramid-points", "19", "--json"],
        input="6\n3\n12\n3\n7\n",
    )
    assert result.exit_code == 0, result.output
    # CliRunner echoes the typed input to stdout, as a terminal would show it.
    assert json.loads(result.stdout[result.stdout.index("{") :])["total"] == 111
    assert "Red gems (0-10)" in result.stderr
    assert "--skulls 12 is out of range 0-10" in result.stderr


def test_claimable_pyramid_points() -> None:
    totals = claimable_pyramid_points()
    assert {0, 3, 6, 9, 10, 19, 38, 57} <= totals
    assert not {1, 2, 4, 5, 8, 56} & totals
    assert max(totals) == 57
