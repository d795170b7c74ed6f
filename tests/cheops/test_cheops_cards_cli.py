"""``silverpyr cheops cards validate|show``, and ``--cards`` naming the Cheops components file."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from silverpyr.cli.cheops.cards_cmd import pyramid_lines
from silverpyr.cli.core.app import app
from silverpyr.solver.cheops.components import bundled_components_path, load_components

runner = CliRunner()
COMPONENTS = load_components()


def _run(*args: str):  # type: ignore[no-untyped-def]
    return runner.invoke(app, list(args))


def _broken(tmp_path: Path) -> Path:
    data = yaml.safe_load(bundled_components_path().read_text(encoding="utf-8"))
    data["eyes"][2] = "m4"
    data["boards"][4]["entries"] = [9, 3]  # the old, falling direction
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


def test_validate_the_bundled_file_prints_one_summary_line() -> None:
    result = _run("cheops", "cards", "validate")
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("OK: cheops.yaml (bundled): 16 price boards")
    assert len(result.stdout.splitlines()) == 1
    assert COMPONENTS.fingerprint in result.stdout and "eyes b3 c7 d4 e6 f2 g4" in result.stdout


def test_validate_json() -> None:
    result = _run("cheops", "cards", "validate", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["valid"] is True and data["fingerprint"] == COMPONENTS.fingerprint
    assert len(data["boards"]) == 16 and data["law7_number"] == 20


def test_validate_a_broken_file_names_each_problem_with_exit_2(tmp_path: Path) -> None:
    path = _broken(tmp_path)
    for extra in ([], ["--json"]):
        result = _run("cheops", "cards", "validate", str(path), *extra)
        assert result.exit_code == 2
        assert result.stdout == ""
        lines = result.stderr.splitlines()
        assert len(lines) == 2 and all(line.startswith("error: ") for line in lines)
        assert all("mine.yaml" in line for line in lines)
        assert "eyes[2]" in lines[0] and "m4" in lines[0]
        assert "boards[4] (I-5).entries[1]" in lines[1]
        assert "the numbers fall from 9 at the top to 3 at the bottom" in lines[1]
        assert "rise from the top entry to the bottom one" in lines[1]


def test_cards_help_says_which_way_the_numbers_run() -> None:
    result = _run("cheops", "cards", "--help")
    assert result.exit_code == 0
    text = " ".join(result.stdout.split())
    assert (
        "rise from the top entry to the bottom one" in text and "falling board is refused" in text
    )


def test_validate_a_missing_file_is_one_error_line(tmp_path: Path) -> None:
    result = _run("cheops", "cards", "validate", str(tmp_path / "none.yaml"))
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert "none.yaml" in result.stderr


def test_show_draws_the_board_and_the_boards() -> None:
    result = _run("cheops", "cards", "show")
    assert result.exit_code == 0, result.output
    out = result.stdout
    assert out.count("◉") == 6 + 1  # the six eyes and the legend
    for board in COMPONENTS.boards:
        assert board.name in out
    for board_type in ("I", "II", "III"):
        assert f"Price boards of type {board_type}" in out
    assert "\u00d75" in out and "26/17" in out
    assert "Law 7's number: 20" in out and "Starting money: 10 piastres" in out


def test_show_plain_is_ascii() -> None:
    result = _run("cheops", "cards", "show", "--plain")
    assert result.exit_code == 0, result.output
    assert result.stdout.isascii()
    assert "x5" in result.stdout and result.stdout.count("E") == 6 + 1


def test_the_pyramid_drawing() -> None:
    lines = pyramid_lines(COMPONENTS, plain=True)
    assert len(lines) == 12  # 11 rows, top first, then the positions
    rows = lines[:11]
    assert [line[0] for line in rows] == list("kjihgfedcba")
    assert [line[1:].split().count(".") + line[1:].split().count("E") for line in rows] == list(
        range(1, 12)
    )
    assert sum(line[1:].count("E") for line in rows) == 6
    b_row = rows[9][1:].split()
    assert b_row.index("E") == 2  # b3
    g_row = rows[4][1:].split()
    assert g_row.index("E") == 3  # g4
    # a brick on two bricks: each space is drawn midway between the two it rests on
    columns = [[i for i, c in enumerate(line) if i > 0 and c in ".E"] for line in reversed(rows)]
    for row in range(1, 11):
        for pos, column in enumerate(columns[row]):
            below = columns[row - 1]
            assert 2 * column == below[pos] + below[pos + 1]


def test_show_json_parses(tmp_path: Path) -> None:
    result = _run("cheops", "cards", "show", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["eyes"] == ["b3", "c7", "d4", "e6", "f2", "g4"]
    assert data["boards_by_type"] == {"I": 6, "II": 6, "III": 4}
    assert data["boards"][7]["entries"][3] == "\u00d73" and data["boards"][7]["text"][3] == "x3"
    assert len(data["pyramid"]) == 12


def test_the_global_cards_option_is_the_cheops_file(tmp_path: Path) -> None:
    data = yaml.safe_load(bundled_components_path().read_text(encoding="utf-8"))
    data["law7_number"] = 31
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    result = _run("--cards", str(path), "cheops", "cards", "show", "--json")
    assert result.exit_code == 0, result.output
    shown = json.loads(result.stdout)
    assert shown["law7_number"] == 31 and shown["source"] == str(path)
    result = _run("--cards", str(path), "cheops", "cards", "validate")
    assert result.exit_code == 0 and "law 7's number 31" in result.stdout


def test_a_broken_cards_file_for_show_is_one_error_line(tmp_path: Path) -> None:
    path = _broken(tmp_path)
    result = _run("--cards", str(path), "cheops", "cards", "show")
    assert result.exit_code == 2
    assert result.stderr.count("\n") == 1 and result.stderr.startswith("error: ")
    assert "mine.yaml" in result.stderr and "eyes[2]" in result.stderr
    assert "Traceback" not in result.output


HOSTILE = Path(__file__).resolve().parent.parent / "data" / "hostile"


@pytest.mark.parametrize("path", sorted(HOSTILE.glob("cards-*")), ids=lambda p: p.name)
def test_a_hostile_file_is_one_error_line_naming_it(path: Path) -> None:
    """The core's hostile card files, given as the Cheops file: one error line, exit 2."""
    result = _run("--cards", str(path), "cheops", "cards", "show")
    assert result.exit_code == 2, result.output
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and path.name in lines[0]
    assert "Traceback" not in result.output
    checked = _run("cheops", "cards", "validate", str(path))
    assert checked.exit_code == 2 and checked.stdout == ""
    assert all(line.startswith("error: ") for line in checked.stderr.splitlines())
