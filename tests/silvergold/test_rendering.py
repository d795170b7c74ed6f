"""Output for people: narrow terminals, words wrapped whole, hints whose words match the
drawing, legends that list only what is shown."""

from __future__ import annotations

import io
import re

import pytest
from rich.console import Console
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.cli.silvergold.render import room_legend
from silverpyr.cli.silvergold.views import draw_turn, hint_cards, hint_lines
from silverpyr.puzzles.silvergold.generate import puzzle_from_id
from silverpyr.puzzles.silvergold.hints.coach import Coach
from silverpyr.puzzles.silvergold.session import PlaySession
from silverpyr.solver.silvergold.cards import Deck, Symbol
from silverpyr.solver.silvergold.cells import COLUMN_NAMES
from silverpyr.solver.silvergold.line import LinePosition


def _console(width: int) -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=width, color_system=None, emoji=False), out


def test_cards_list_at_60_columns_keeps_every_value_whole() -> None:
    result = CliRunner().invoke(app, ["cards", "list"], env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    assert "\u2026" not in result.stdout
    assert all(len(line) <= 60 for line in result.stdout.splitlines())
    assert re.search(r"\b(orange|purple|green)\b", result.stdout)
    assert "r red gem, g green gem" in " ".join(result.stdout.split())
    wide = CliRunner().invoke(app, ["cards", "list"], env={"COLUMNS": "100"})
    assert "Green" in wide.stdout and "Potion" in wide.stdout


@pytest.mark.parametrize(
    "command",
    [
        ["cards", "show", "3"],
        ["route", "12"],
        [
            "score",
            "--torches",
            "2",
            "--red",
            "3",
            "--green",
            "1",
            "--skulls",
            "1",
            "--completed",
            "2",
            "--pyramid-points",
            "6",
        ],
        ["solve", "--card", "17", "--card", "3", "--expeditions", "I3,L4,O4"],
        ["hint", "--puzzle", "points-1", "--level", "2"],
    ],
)
def test_commands_at_60_columns_cut_nothing(command: list[str]) -> None:
    result = CliRunner().invoke(app, [*command, "--plain"], env={"COLUMNS": "60"})
    assert result.exit_code == 0, result.output
    assert "\u2026" not in result.stdout
    assert all(len(line) <= 60 for line in result.stdout.splitlines()), result.stdout


def test_route_counts_treasures_in_the_plural() -> None:
    result = CliRunner().invoke(app, ["route", "12", "--plain"], env={"COLUMNS": "80"})
    assert "2 treasures" in result.stdout and "1 treasure " in result.stdout


def test_hint_text_wraps_between_words(deck: Deck) -> None:
    puzzle = puzzle_from_id(deck, "points-1")
    session = PlaySession(puzzle, deck)
    coach = Coach(session.instance, puzzle.objective, proven=puzzle.solution_line(deck))
    given = coach.next_hint(())
    console, out = _console(40)
    hint_lines(console, given)
    lines = out.getvalue().splitlines()
    assert all(len(line) <= 40 for line in lines)
    assert all(line.startswith("  ") for line in lines[1:])  # wrapped lines keep the indent
    wide, wide_out = _console(400)
    hint_lines(wide, given)
    assert len(lines) > len(wide_out.getvalue().splitlines())  # it did wrap
    assert out.getvalue().split() == wide_out.getvalue().split()  # no word cut in two


def test_level_2_hint_words_name_exactly_the_highlighted_cells(deck: Deck) -> None:
    puzzle = puzzle_from_id(deck, "points-1")
    line = puzzle.solution_line(deck)
    coach = Coach(line.instance, puzzle.objective, proven=line)
    for turn in range(3):
        played = tuple(line.moves[:turn])
        coach.next_hint(played)
        given = coach.next_hint(played)
        assert given.area is not None
        at = LinePosition(line.instance, played)
        console, out = _console(80)
        console.print(hint_cards(at, given, plain=True))
        grid = out.getvalue().splitlines()[1:]
        lit = [
            (int(row.split()[0]) - 1, (index - 2) // 3)
            for row in grid[1:6]
            for index in [m.start() for m in re.finditer(r"\[", row)]
        ]
        words = " ".join(given.text_lines())
        found = re.search(r"in rows? (\d)(?:-(\d))?, columns? ([A-E])(?:-([A-E]))?", words)
        assert found is not None, words
        top, bottom = int(found[1]) - 1, int(found[2] or found[1]) - 1
        left = COLUMN_NAMES.index(found[3])
        right = COLUMN_NAMES.index(found[4] or found[3])
        assert (min(r for r, _ in lit), max(r for r, _ in lit)) == (top, bottom)
        assert (min(c for _, c in lit), max(c for _, c in lit)) == (left, right)


def test_the_legend_of_two_cards_lists_only_their_symbols(deck: Deck) -> None:
    rooms = [deck.card(n).room for n in (12, 17)]
    legend = room_legend(rooms, plain=True).plain
    for symbol, name in ((Symbol.TORCH, "torch"), (Symbol.CROSS, "red cross")):
        assert (name in legend) == any(room.count(symbol) for room in rooms)
    pair = puzzle_from_id(deck, "pair-11")
    session = PlaySession(pair, deck)
    console, out = _console(100)
    draw_turn(console, session, deck, plain=True, notes=[])
    shown = [deck.card(n).room for n in pair.cards]
    text = out.getvalue()
    for symbol, name in ((Symbol.POTION, "p potion"), (Symbol.CROSS, "x red cross")):
        assert (name in text) == any(room.count(symbol) for room in shown)


def test_game_hint_text_wraps_between_words(deck: Deck) -> None:
    from silverpyr.solver.silvergold.game import deal

    dealt = deal(deck, 1, 3).players[0].dealt
    keep = f"{dealt[0].number} {dealt[1].number}"

    def ranking_text(columns: int) -> str:
        result = CliRunner().invoke(
            app,
            ["game", "--seed", "3", "--players", "1", "--plain", "--no-record", "--moves", "-"],
            input=f"{keep}\nh\nq!\n",
            env={"COLUMNS": str(columns)},
        )
        assert result.exit_code == 0, result.output
        out = result.stdout
        assert all(len(line) <= columns for line in out.splitlines())
        return out[
            out.index("Ranked by the expert") : out.index("Your move")
            if "Your move" in out
            else None
        ]

    narrow, wide = ranking_text(60), ranking_text(200)
    assert len(narrow.splitlines()) > len(wide.splitlines())  # it did wrap
    assert narrow.split() == wide.split()  # and no word was cut in two
