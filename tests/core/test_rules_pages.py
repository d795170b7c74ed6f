"""``silverpyr rules``, ``sun rules``, ``cheops rules``: each game's page for players, its
labelled board drawn from the game's own components and engine, at most 80 columns, without
escape codes under ``NO_COLOR``, in ASCII with ``--plain``, and as JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.cli.core.rules_page import WIDTH, RulesPageError, parse_page, read_page
from silverpyr.cli.silvergold.rules_cmd import example
from silverpyr.solver.cheops.board import SPACES, Space, supports
from silverpyr.solver.cheops.components import bundled_components_path, load_components
from silverpyr.solver.silvergold.cells import cell_str
from silverpyr.solver.silvergold.deckfile import load_deck as load_silvergold
from silverpyr.solver.sun.game import HAND_LIMIT, SIZES
from silverpyr.solver.sun.pyramid import geometry

runner = CliRunner()
GAMES = {"silvergold": [], "sun": ["sun"], "cheops": ["cheops"]}
"""Each game and the command group its ``rules`` is under."""


def flat(text: str) -> str:
    """``text`` with its line breaks and runs of blanks as one blank each."""
    return " ".join(text.split())


def _run(*args: str, **env: str) -> str:
    result = runner.invoke(app, list(args), env={"COLUMNS": "200", **env})
    assert result.exit_code == 0, result.output
    return result.stdout


@pytest.fixture(scope="module")
def pages() -> dict[str, str]:
    """Each game's page as printed (a terminal of 200 columns: the page keeps to 80)."""
    return {game: _run(*group, "rules") for game, group in GAMES.items()}


@pytest.mark.parametrize("game", GAMES)
def test_the_page_fits_80_columns_with_no_blank_at_a_line_end(
    pages: dict[str, str], game: str
) -> None:
    lines = pages[game].splitlines()
    assert len(lines) > 40
    assert max(len(line) for line in lines) <= WIDTH
    assert all(line == line.rstrip() for line in lines)
    assert "$" not in pages[game]  # every value put in
    assert not re.search(r"^@\w+$", pages[game], re.MULTILINE)  # every drawing put in


def test_silver_and_gold_names_its_ideas_and_marks_a_real_card_in_notation(
    pages: dict[str, str],
) -> None:
    page = pages["silvergold"]
    for idea in ("A TURN", "red cross", "golden tomb", "PYRAMID POINTS", "THE END AND THE SCORE"):
        assert idea in page  # headings in capitals without styles (a pipe)
    shown = example(load_silvergold())
    assert f"Card {shown.card.number} ({shown.card.color.value})" in page
    assert re.search(r"^\s+A\s+B\s+C\s+D\s+E$", page, re.MULTILINE)  # the notation's columns
    for turn, (shape, move) in enumerate(shown.turns, start=1):
        assert f"Turn {turn}, {shape}: {move}" in page
    marked = {cell_str(cell) for cell in shown.labels}
    assert len(shown.turns) == 2 and len(marked) >= 5
    written = {cell for _, move in shown.turns for cell in move.replace("+", "").split()}
    assert written == marked  # the cells labelled on the card are the moves' cells


def test_the_sun_labels_every_slot_as_the_notation_names_it(pages: dict[str, str]) -> None:
    page = pages["sun"]
    shape = geometry(SIZES["standard"] + 2)
    for slot in shape.slots:
        if slot.level:
            assert re.search(rf"\b{slot}\b", page), slot
    assert "(1a )" in page and "[<B ]" in page  # level 1 open over the base row
    assert f"The top, {shape.top}, is the last slot" in flat(page)
    assert f"discard down to {HAND_LIMIT}" in flat(page)
    assert "scores 1, a value-2 card on level 3 scores 2" in flat(page)


def test_cheops_labels_every_space_and_its_eyes_from_the_components(
    pages: dict[str, str],
) -> None:
    page = pages["cheops"]
    components = load_components()
    for space in SPACES:
        assert re.search(rf"\b{space}\b", page), space
    for eye in components.eyes:
        assert f"{eye}\u25c9" in page
    below = supports(Space(1, 2))
    assert f"b3 rests on {below[0]} and {below[1]}" in flat(page)
    assert f"which becomes {components.law7_number}" in flat(page)


def test_another_components_file_moves_the_eyes_on_the_board(tmp_path: Path) -> None:
    data = yaml.safe_load(bundled_components_path().read_text(encoding="utf-8"))
    data["eyes"] = ["a1", "b9", "c2", "d5", "e3", "h4"]
    path = tmp_path / "mine.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    page = _run("--cards", str(path), "cheops", "rules")
    assert "a1\u25c9" in page and "h4\u25c9" in page and "b3\u25c9" not in page


@pytest.mark.parametrize("game", GAMES)
def test_no_color_gives_no_escape_codes_and_plain_is_ascii(game: str) -> None:
    group = GAMES[game]
    assert "\x1b[" in _run(*group, "rules", FORCE_COLOR="1")  # the test can fail
    assert "\x1b[" not in _run(*group, "rules", FORCE_COLOR="1", NO_COLOR="1")
    plain = _run(*group, "rules", "--plain", FORCE_COLOR="1")
    assert plain.isascii() and "\x1b" not in plain
    assert max(len(line) for line in plain.splitlines()) <= WIDTH


@pytest.mark.parametrize("game", GAMES)
def test_json_gives_each_section_as_text_and_each_drawing_as_lines(game: str) -> None:
    data = json.loads(_run(*GAMES[game], "rules", "--json"))
    assert data["game"] == game and data["title"].endswith("the rules")
    assert data["sections"][0]["heading"] == ""  # the opening paragraph
    assert all(s["text"] and "**" not in s["text"] for s in data["sections"])
    assert data["drawings"] and all(
        lines and all(len(line) <= WIDTH for line in lines) for lines in data["drawings"].values()
    )


def test_every_page_is_ascii_source_with_its_values_put_in() -> None:
    for package in ("silvergold", "sun", "cheops"):
        with pytest.raises(RulesPageError, match=r"needs the value"):
            read_page(f"silverpyr.cli.{package}", {})
        source = Path(__file__).parents[2] / "cli" / package / "rules.md"
        assert source.read_text(encoding="utf-8").isascii()


def test_the_page_format() -> None:
    page = parse_page(
        "# T\n\nIntro line one\nand two.\n\n## H\n- an item\n  going on\n- **two**\n\n@board\n"
    )
    assert page.title == "T"
    assert [s.heading for s in page.sections] == ["", "H"]
    assert page.sections[0].blocks[0].text == "Intro line one and two."
    items = page.sections[1].blocks[0].items
    assert items == ("an item going on", "**two**")
    assert page.drawings() == ["board"]


@pytest.mark.parametrize("group", [[], ["sun"], ["cheops"]])
def test_help_lists_rules(group: list[str]) -> None:
    assert re.search(r"^\W*rules\s", _run(*group, "--help"), re.MULTILINE)
