"""``silverpyr cards validate|list|show`` and the room renderer."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from rich.console import Console
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.cli.silvergold.render import card_view, room_grid, room_legend
from silverpyr.solver.silvergold.cards import Color, PyramidCard, Room
from silverpyr.solver.silvergold.cells import parse_cell
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.routes import shortest_route_length

ROOM = ["..E..", ".r#g.", "t.s.x", "#p..#", "..T.."]
OTHER_ROOM = ["E....", "##.#.", "..r..", ".#.##", "...T."]
OTHER_ROOM_SYMBOLS = {
    "red_gems": 1,
    "green_gems": 0,
    "torches": 0,
    "skulls": 0,
    "potions": 0,
    "crosses": 0,
    "walls": 6,
}
"""What ``cards list --json`` and ``cards show --json`` count in OTHER_ROOM (card 7)."""

PLAIN_GRID = """\
   A  B  C  D  E
1  .  .  E  .  .
2  .  r ### g  .
3  t  .  s  .  x
4 ### p  .  . ###
5  .  .  T  .  ."""


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()


def _card_file(path: Path, *pyramids: dict[str, object]) -> Path:
    """A card file (format 1) at ``path`` holding ``pyramids``."""
    data = {"format": 1, "pyramids": list(pyramids)}
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    return path


@pytest.fixture
def two_cards(tmp_path: Path) -> Path:
    """A valid user card file with cards 1 (purple) and 7 (green)."""
    return _card_file(
        tmp_path / "two.yaml",
        {"number": 1, "color": "purple", "room": ROOM},
        {"number": 7, "color": "green", "room": OTHER_ROOM},
    )


@pytest.fixture
def broken(tmp_path: Path) -> Path:
    """A card file with two problems: an unknown colour and a short row."""
    return _card_file(
        tmp_path / "broken.yaml",
        {"number": 1, "color": "blue", "room": ROOM},
        {"number": 2, "color": "green", "room": [*ROOM[:4], "..T."]},
    )


def plain_lines(text: str) -> list[str]:
    return [line.rstrip() for line in text.splitlines()]


# --- validate -----------------------------------------------------------------------------


def test_validate_bundled_deck(runner: CliRunner) -> None:
    result = runner.invoke(app, ["cards", "validate"])
    assert result.exit_code == 0, result.output
    assert result.stdout == (
        "OK: cards.yaml (bundled): 48 pyramid cards (16 purple, 16 orange, 16 green), "
        "6 expedition kinds, 8 expedition cards\n"
    )
    assert result.stderr == ""


def test_validate_path_argument(runner: CliRunner, two_cards: Path) -> None:
    result = runner.invoke(app, ["cards", "validate", str(two_cards)])
    assert result.exit_code == 0
    assert result.stdout == (
        f"OK: {two_cards}: 2 pyramid cards (1 purple, 0 orange, 1 green), "
        "6 expedition kinds, 8 expedition cards\n"
    )


def test_validate_defaults_to_the_cards_option(runner: CliRunner, two_cards: Path) -> None:
    result = runner.invoke(app, ["--cards", str(two_cards), "cards", "validate"])
    assert result.exit_code == 0
    assert result.stdout.startswith(f"OK: {two_cards}: 2 pyramid cards")


def test_validate_lists_every_problem_on_stderr(runner: CliRunner, broken: Path) -> None:
    result = runner.invoke(app, ["cards", "validate", str(broken)])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.splitlines() == [
        f"error: {broken}: card 1: unknown colour 'blue' (use purple, orange, green)",
        f"error: {broken}: card 2, row 5: row '..T.' has 4 cells, expected 5",
    ]


def test_validate_missing_file(runner: CliRunner, tmp_path: Path) -> None:
    missing = tmp_path / "nothere.yaml"
    result = runner.invoke(app, ["cards", "validate", str(missing)])
    assert result.exit_code == 2
    assert result.stderr == f"error: {missing}: no such file\n"


# --- a broken --cards file gives one clear line, never a traceback --------------------------


@pytest.mark.parametrize(
    "command", [["cards", "list"], ["cards", "show", "1"], ["cards", "show", "1", "--json"]]
)
def test_broken_cards_file_is_one_line_error(
    runner: CliRunner, broken: Path, command: list[str]
) -> None:
    result = runner.invoke(app, ["--cards", str(broken), *command])
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr == (
        f"error: {broken}: card 1: unknown colour 'blue' (use purple, orange, green) "
        f"(and 1 more problem; 'silverpyr cards validate {broken}' lists them)\n"
    )
    assert not isinstance(result.exception, Exception) or isinstance(result.exception, SystemExit)


def test_missing_cards_file_is_one_line_error(runner: CliRunner, tmp_path: Path) -> None:
    missing = tmp_path / "nothere.yaml"
    result = runner.invoke(app, ["--cards", str(missing), "cards", "show", "1"])
    assert result.exit_code == 2
    assert result.stderr == f"error: {missing}: no such file\n"


def test_unknown_card_number(runner: CliRunner, two_cards: Path) -> None:
    result = runner.invoke(app, ["--cards", str(two_cards), "cards", "show", "3"])
    assert result.exit_code == 2
    assert result.stderr == f"error: no pyramid card 3 in {two_cards}\n"


# --- list ---------------------------------------------------------------------------------


def test_list_json(runner: CliRunner, two_cards: Path) -> None:
    result = runner.invoke(app, ["--cards", str(two_cards), "cards", "list", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == [
        {
            "number": 1,
            "color": "purple",
            "shortest_route": 7,
            "red_gems": 1,
            "green_gems": 1,
            "torches": 1,
            "skulls": 1,
            "potions": 1,
            "crosses": 1,
            "walls": 3,
        },
        {
            "number": 7,
            "color": "green",
            "shortest_route": 8,
            **OTHER_ROOM_SYMBOLS,
        },
    ]


def test_list_table(runner: CliRunner, two_cards: Path) -> None:
    result = runner.invoke(app, ["--cards", str(two_cards), "cards", "list"])
    assert result.exit_code == 0
    lines = plain_lines(result.stdout)
    header = next(i for i, line in enumerate(lines) if line.split()[:1] == ["No."])
    # The title names the file; Rich may wrap a long temporary path over several lines.
    assert "".join("".join(lines[:header]).split()) == "".join(
        f"Pyramid cards in {two_cards}".split()
    )
    lines = lines[header - 1 :]
    assert lines[1].split() == [
        "No.",
        "Colour",
        "Route",
        "Red",
        "Green",
        "Torch",
        "Skull",
        "Potion",
        "Cross",
        "Wall",
    ]
    assert lines[3].split() == ["1", "purple", "7", "1", "1", "1", "1", "1", "1", "3"]
    assert lines[4].split() == ["7", "green", "8", "1", "0", "0", "0", "0", "0", "6"]
    assert "\x1b" not in result.stdout


def test_list_bundled_deck_matches_routes(runner: CliRunner) -> None:
    result = runner.invoke(app, ["cards", "list", "--json"])
    assert result.exit_code == 0
    rows = json.loads(result.stdout)
    deck = load_deck()
    assert [row["number"] for row in rows] == list(range(1, 49))
    for row in rows:
        room = deck.card(row["number"]).room
        assert row["shortest_route"] == shortest_route_length(room)
        assert row["walls"] == "".join(room.rows()).count("#")


def test_list_plain_is_ascii(runner: CliRunner) -> None:
    result = runner.invoke(app, ["cards", "list", "--plain"])
    assert result.exit_code == 0
    assert result.stdout.isascii()
    assert len(plain_lines(result.stdout)) > 48


# --- show ---------------------------------------------------------------------------------


def test_show_plain_is_pure_ascii_grid(runner: CliRunner, two_cards: Path) -> None:
    result = runner.invoke(app, ["--cards", str(two_cards), "cards", "show", "1", "--plain"])
    assert result.exit_code == 0
    assert result.stdout.isascii()
    assert "\x1b" not in result.stdout
    lines = plain_lines(result.stdout)
    assert lines[0] == "Card 1 (purple)"
    assert "\n".join(lines[1:7]) == PLAIN_GRID
    legend = " ".join(lines[7:])
    for entry in (
        "E entrance",
        "T golden tomb",
        "r red gem",
        "g green gem",
        "t torch",
        "s skull",
        "p potion",
        "x red cross",
        "# wall",
    ):
        assert entry in legend


def test_show_piped_has_no_escape_codes(runner: CliRunner, two_cards: Path) -> None:
    result = runner.invoke(app, ["--cards", str(two_cards), "cards", "show", "1"])
    assert result.exit_code == 0
    assert "\x1b" not in result.stdout
    lines = plain_lines(result.stdout)
    assert lines[1] == "   A  B  C  D  E"
    assert lines[2] == "1  \u00b7  \u00b7  E  \u00b7  \u00b7"
    assert lines[3] == "2  \u00b7  r \u2588\u2588\u2588 g  \u00b7"


def test_show_json(runner: CliRunner, two_cards: Path) -> None:
    result = runner.invoke(app, ["--cards", str(two_cards), "cards", "show", "7", "--json"])
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {
        "number": 7,
        "color": "green",
        "room": OTHER_ROOM,
        "entrance": "A1",
        "tomb": "D5",
        "symbols": OTHER_ROOM_SYMBOLS,
    }


def test_show_bundled_card(runner: CliRunner) -> None:
    result = runner.invoke(app, ["cards", "show", "1", "--json"])
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["room"] == list(load_deck().card(1).room.rows())
    assert data["entrance"][1] == "1" and data["tomb"][1] == "5"


# --- the renderer -------------------------------------------------------------------------


def render(renderable: object, *, color: bool) -> str:
    console = Console(width=80, force_terminal=color, color_system="truecolor" if color else None)
    with console.capture() as capture:
        console.print(renderable)
    return capture.get()


def test_colour_output_styles_symbols() -> None:
    room = Room.from_rows(ROOM)
    text = render(room_grid(room), color=True)
    assert "\x1b[" in text
    assert "\x1b" not in render(room_grid(room), color=False)


def test_marked_cells_show_their_label_and_symbol() -> None:
    room = Room.from_rows(ROOM)
    grid = room_grid(room, marked={parse_cell("C1"): "1", parse_cell("B2"): "12"}, plain=True)
    lines = plain_lines(grid.plain)
    assert lines[1] == "1  .  .  1E .  ."
    assert lines[2] == "2  . 12r### g  ."


def test_highlighted_cells_are_bracketed() -> None:
    room = Room.from_rows(ROOM)
    route = {parse_cell(c) for c in ("C1", "C2", "C3")} - {parse_cell("C2")}
    grid = room_grid(room, highlight=route, plain=True)
    lines = plain_lines(grid.plain)
    assert lines[1] == "1  .  . [E] .  ."
    assert lines[3] == "3  t  . [s] .  x"
    colored = render(room_grid(room, highlight=route), color=True)
    assert "[E]" in colored


@pytest.mark.parametrize(
    ("marked", "highlight"),
    [({25: "1"}, None), ({0: "123"}, None), ({0: ""}, None), (None, {-1})],
)
def test_bad_overlays_are_rejected(
    marked: dict[int, str] | None, highlight: set[int] | None
) -> None:
    with pytest.raises(ValueError):
        room_grid(Room.from_rows(ROOM), marked=marked, highlight=highlight)


def test_legend_lists_only_present_symbols_and_overlay_notes() -> None:
    room = Room.from_rows(OTHER_ROOM)
    legend = room_legend(
        room, plain=True, marked_note="turn marked", highlight_note="route", width=200
    )
    assert legend.plain.split("  ") == [
        "E entrance",
        "T golden tomb",
        "r red gem",
        "# wall",
        " 3r turn marked",
        "[r] route",
    ]


def test_legend_wraps_between_entries() -> None:
    legend = room_legend(plain=True, width=30)
    lines = legend.plain.splitlines()
    assert len(lines) > 2
    assert all(len(line) <= 30 for line in lines)
    assert all(not line.startswith(" ") for line in lines)


def test_card_view_has_title_grid_and_legend() -> None:
    card = PyramidCard(5, Color.ORANGE, Room.from_rows(ROOM))
    lines = plain_lines(render(card_view(card, plain=True), color=False))
    assert lines[0] == "Card 5 (orange)"
    assert "\n".join(lines[1:7]) == PLAIN_GRID
    assert lines[7].startswith("E entrance  T golden tomb")
