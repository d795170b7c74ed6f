"""Huge inputs (Python refuses to convert more than 4,300 digits with a ValueError of its
own) are one short ``error:`` line, exit 2, in every place a whole number is read: options,
answers, puzzle ids, and every kind of data file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.cli.core.output import LONGEST_WORD, one_line
from silverpyr.solver.core.reader import MAX_DIGITS

runner = CliRunner()
HUGE = "7" * 5000
TOO_LONG = f"a whole number of more than {MAX_DIGITS} digits"


def one_short_error(args: list[str]) -> str:
    result = runner.invoke(app, args)
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines and lines[0].startswith("error: ")
    assert len(lines) == 1
    assert len(lines[0]) < 1000, lines[0][:200]
    return lines[0]


@pytest.mark.parametrize(
    "args",
    [
        ["solve", "--card", HUGE],
        ["puzzle", "--seed", HUGE, "--no-record", "--moves", "q!"],
        ["puzzle", "--id", HUGE, "--no-record", "--moves", "q!"],
        ["puzzle", "--id", f"sprint-{HUGE}", "--no-record", "--moves", "q!"],
        ["daily", "--no-record", "--moves", f"{HUGE}:B1"],
        ["game", "--seed", HUGE, "--line"],
        ["arena", "--games", HUGE],
        ["cards", "show", HUGE],
    ],
    ids=lambda args: " ".join(a[:12] for a in args[:2]),
)
def test_a_huge_number_in_an_option_or_answer_is_one_short_line(args: list[str]) -> None:
    one_short_error(args)


def test_huge_numbers_in_every_data_file_kind(tmp_path: Path) -> None:
    cards = tmp_path / "cards.yaml"
    cards.write_text(f"format: 1\ncards:\n  - number: {HUGE}\n")
    assert TOO_LONG in one_short_error(["--cards", str(cards), "cards", "show", "1"])

    puzzle = tmp_path / "puzzle.yaml"
    puzzle.write_text(f"title: big\ncards: [{HUGE}]\n")
    assert TOO_LONG in one_short_error(["puzzle", "--file", str(puzzle), "--no-record"])

    state = tmp_path / "state.yaml"
    state.write_text(f"round: {HUGE}\n")
    assert TOO_LONG in one_short_error(["hint", "--state", str(state)])

    state_json = tmp_path / "state.json"
    state_json.write_text(f'{{"round": {HUGE}}}')
    assert TOO_LONG in one_short_error(["hint", "--state", str(state_json)])

    record = tmp_path / "game.json"
    record.write_text(json.dumps({"seed": 1}).replace("1", HUGE))
    assert TOO_LONG in one_short_error(["hint", "--game", str(record)])


def test_one_line_shortens_only_huge_words() -> None:
    assert one_line("a  b\n c") == "a b c"
    word = "x" * LONGEST_WORD
    assert one_line(f"bad {word}") == f"bad {word}"
    shortened = one_line(f"bad '{HUGE}' here")
    assert shortened.startswith("bad '7777") and shortened.endswith("(5,002 characters) here")
    assert len(shortened) < 160
