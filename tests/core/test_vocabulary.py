"""One name per idea across the commands, and the old names still taken.

| idea | option | commands |
| the turn within its round | ``--turn`` (old: ``--turn-in-round``) | solve, hint |
| worker processes | ``--workers`` (old: ``--jobs``) | analyze, arena, hint |
| answers as text, ``-`` stdin | ``--moves TEXT`` | puzzle, daily, game, hint |
| answers from a file | ``--moves-file FILE`` (old: ``game --moves FILE``) | same |
| seed | ``--seed`` (0 to 2**63-1) | game, puzzle, solve, hint, arena |
"""

from __future__ import annotations

import inspect
import json
from pathlib import Path
from typing import Any

import pytest
import typer.main
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from silverpyr.cli.core.app import app, respell_old_names
from silverpyr.cli.core.options import OLD_NAMES, check_seed

IDEAS = {
    "--turn": "solve hint",
    "--round": "solve hint",
    "--workers": "analyze arena hint",
    "--moves": "puzzle daily game hint",
    "--moves-file": "puzzle daily game hint",
    "--seed": "game puzzle solve hint arena",
}


def _commands() -> dict[str, Any]:
    root = typer.main.get_command(app)
    return dict(root.commands)  # type: ignore[attr-defined]


def _option(command: Any, name: str) -> Any:
    return next((p for p in command.params if name in p.opts), None)


def test_every_idea_has_one_name_in_every_command() -> None:
    commands = _commands()
    for name, users in IDEAS.items():
        for user in users.split():
            assert _option(commands[user], name) is not None, (user, name)
    for command in commands.values():
        names = {n for p in command.params for n in (*p.opts, *p.secondary_opts)}
        assert not names & set(OLD_NAMES), command.name  # old names are not options
        if "--moves" in names:
            assert "--moves-file" in names and _option(command, "--moves").metavar == "TEXT"
        seed = _option(command, "--seed")
        if seed is not None:
            assert inspect.unwrap(seed.callback) is check_seed, command.name  # one range


def test_help_shows_only_the_one_names() -> None:
    runner = CliRunner()
    for words in ("solve", "hint", "game"):
        shown = runner.invoke(app, [words, "--help"], env={"COLUMNS": "200"}).stdout
        for old in OLD_NAMES:
            assert old not in shown


@pytest.mark.parametrize(
    ("given_args", "wanted"),
    [
        (["solve", "--turn-in-round", "3"], ["solve", "--turn", "3"]),
        (["hint", "--jobs=2"], ["hint", "--workers=2"]),
        (["game", "--", "--jobs"], ["game", "--", "--jobs"]),
    ],
)
def test_old_names_are_respelled_before_parsing(given_args: list[str], wanted: list[str]) -> None:
    assert respell_old_names(given_args) == wanted


def test_an_old_name_gives_the_same_answer() -> None:
    runner = CliRunner()
    base = ["solve", "--card", "17", "--expeditions", "I3,L3", "--json"]
    old = runner.invoke(app, [*base, "--turn-in-round", "6"])
    new = runner.invoke(app, [*base, "--turn", "6"])
    assert old.exit_code == new.exit_code == 0, old.output
    timeless = [
        {k: v for k, v in json.loads(r.stdout).items() if k != "seconds"} for r in (old, new)
    ]
    assert timeless[0] == timeless[1]
    wrong = runner.invoke(app, [*base, "--turn-in-round", "8"])
    assert wrong.exit_code == 2 and wrong.stderr.startswith("error: ")


ANSWERS = st.lists(st.sampled_from(["?", "h", "B1", "A1 A2", "u", "q"]), min_size=1, max_size=4)


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(answers=ANSWERS)
def test_moves_text_file_and_stdin_are_one_meaning(
    tmp_path: Path, home: Path, answers: list[str]
) -> None:
    runner = CliRunner()
    base = ["puzzle", "--seed", "1", "--no-record", "--plain"]
    path = tmp_path / "answers.txt"
    path.write_text("# my answers\n" + "\n".join(answers) + "\n", encoding="utf-8")
    runs = [
        runner.invoke(app, [*base, "--moves", "; ".join(answers)]),
        runner.invoke(app, [*base, "--moves-file", str(path)]),
        runner.invoke(app, [*base, "--moves", "-"], input="\n".join(answers) + "\n"),
    ]
    assert len({(r.exit_code, r.stdout) for r in runs}) == 1, [r.output for r in runs]


def test_moves_and_moves_file_together_is_one_error(tmp_path: Path) -> None:
    path = tmp_path / "answers.txt"
    path.write_text("q!\n", encoding="utf-8")
    for command in (["game"], ["puzzle", "--no-record"], ["hint", "--puzzle", "1"]):
        result = CliRunner().invoke(app, [*command, "--moves", "q", "--moves-file", str(path)])
        assert result.exit_code == 2
        assert result.stderr.splitlines() == ["error: give only one of --moves, --moves-file"]


def test_game_moves_naming_a_file_still_reads_it_with_one_warning(tmp_path: Path) -> None:
    path = tmp_path / "answers.txt"
    path.write_text("q!\n", encoding="utf-8")
    runner = CliRunner()
    old = runner.invoke(app, ["game", "--seed", "2", "--plain", "--moves", str(path)])
    new = runner.invoke(app, ["game", "--seed", "2", "--plain", "--moves-file", str(path)])
    assert old.exit_code == new.exit_code == 0, old.output
    assert old.stdout == new.stdout
    warnings = [line for line in old.stderr.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 1 and "--moves-file" in warnings[0]
    assert not [line for line in new.stderr.splitlines() if line.startswith("warning: ")]
