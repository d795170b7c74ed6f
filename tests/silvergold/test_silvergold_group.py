"""``silverpyr silvergold ...``: *Silver & Gold*'s commands as a group like every other
game's, the same commands as at the top (issue 33), so nothing a user types breaks."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from built_once import BuiltOnceRunner

from silverpyr.cli.core.app import ROOT, app
from silverpyr.cli.core.commands import PLAY, SILVERGOLD

RUNNER = BuiltOnceRunner()


def test_every_top_command_but_the_home_is_silver_and_gold_s() -> None:
    top = {
        name: entry for name, entry in ROOT.items() if name not in ("silvergold", "sun", "cheops")
    }
    assert top == {**{n: e for n, e in SILVERGOLD.items() if n != "play"}, "play": PLAY}
    assert SILVERGOLD["play"].attr == "own_home"


@pytest.mark.parametrize(
    "args",
    [
        ["cards", "show", "17", "--json"],
        ["solve", "--card", "17", "--expeditions", "I3,L4,O4", "--json"],
        ["daily", "--date", "2026-11-22", "--json"],
    ],
    ids=lambda args: args[0],
)
def test_a_command_in_the_group_answers_as_at_the_top(args: list[str], home: Path) -> None:
    top = RUNNER.invoke(app, args)
    grouped = RUNNER.invoke(app, ["silvergold", *args])
    assert grouped.exit_code == top.exit_code
    timeless = [json.loads(result.stdout) for result in (top, grouped)]
    for answer in timeless:
        answer.pop("seconds", None)  # the solver's own time
    assert timeless[0] == timeless[1]


def test_the_group_s_help_lists_its_commands_and_its_own_home() -> None:
    result = RUNNER.invoke(app, ["silvergold", "--help"], env={"COLUMNS": "200"})
    assert result.exit_code == 0
    for name in SILVERGOLD:
        assert f" {name} " in result.stdout
    assert "Silver & Gold on one screen" in result.stdout


def test_the_group_s_home_refuses_without_a_terminal_in_one_line(home: Path) -> None:
    result = RUNNER.invoke(app, ["silvergold", "play", "--today", "2026-11-22"])
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and "full screen" in result.stderr
