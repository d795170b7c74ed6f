"""The error contract of the command line: one line, exit 2, never a usage box.

Every input or usage error prints one line, ``error: <what is wrong, and where>``, on stderr;
a usage error's line ends by pointing to ``--help``; the global options work anywhere.
"""

from __future__ import annotations

import pytest
from typer.testing import CliRunner

from silverpyr import __version__
from silverpyr.cli.core.app import app, hoist_global_options

runner = CliRunner()


def _errors(args: list[str]) -> list[str]:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert "Traceback" not in result.stderr
    return result.stderr.strip().splitlines()


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["puzzle", "--seed", "abc"], "'--seed': 'abc' is not a whole number"),
        (["hint", "--round", "5"], "'--round': 5 is not from 1 to 4"),
        (["puzzle", "--seed", "-5"], "-5 is not a seed"),
        (["solve"], "Missing option '--card'"),
        (["solve", "--card", "17", "--frob"], "No such option: --frob"),
        (["frobnicate"], "No such command 'frobnicate'"),
        (["solve", "--card", "17", "--objective", "fastest"], "'fastest' is not one of"),
        (["solve", "--card", "17", "--time-limit", "abc"], "'abc' is not a number"),
    ],
)
def test_usage_errors_are_one_line_with_a_pointer(args: list[str], words: str) -> None:
    lines = _errors(args)
    assert len(lines) == 1
    assert lines[0].startswith("error: ")
    assert words in lines[0]
    assert lines[0].endswith("--help').") and "(see 'silverpyr" in lines[0]


def test_domain_errors_are_one_line() -> None:
    assert _errors(["cards", "show", "99"]) == ["error: no pyramid card 99 in cards.yaml (bundled)"]


def test_cards_option_works_after_the_subcommand(tmp_path: object) -> None:
    lines = _errors(["cards", "show", "1", "--cards", "/no/such/cards.yaml"])
    assert lines == ["error: /no/such/cards.yaml: no such file"]
    lines = _errors(["cards", "show", "1", "--cards=/no/such/cards.yaml"])
    assert lines == ["error: /no/such/cards.yaml: no such file"]


def test_debug_works_after_the_subcommand() -> None:
    result = runner.invoke(app, ["cards", "show", "99", "--debug"])
    assert result.exit_code != 0
    assert result.exception is not None  # raised for the traceback, not mapped to a line


def test_hoisting_keeps_everything_else_in_order() -> None:
    assert hoist_global_options(["solve", "--card", "17", "--cards", "my.yaml", "--debug"]) == [
        "--cards",
        "my.yaml",
        "--debug",
        "solve",
        "--card",
        "17",
    ]
    assert hoist_global_options(["hint", "--", "--debug"]) == ["hint", "--", "--debug"]


def test_version() -> None:
    result = runner.invoke(app, ["--version"])
    assert result.exit_code == 0
    assert result.stdout.strip() == f"silverpyr {__version__}"


def test_shell_completion_is_offered() -> None:
    result = runner.invoke(app, ["--help"])
    assert "--install-completion" in result.stdout
    assert "--show-completion" in result.stdout
