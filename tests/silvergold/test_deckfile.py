"""Loading and validating card files: one test per problem, each with its message and place."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from silverpyr.solver.silvergold.cards import STANDARD_EXPEDITIONS, Color, PyramidCard, Room
from silverpyr.solver.silvergold.deckfile import (
    BUNDLED_CARD_COUNT,
    DeckFileError,
    Problem,
    _check_bundled_counts,
    bundled_deck_path,
    check_deck_file,
    load_deck,
)

ROOM = ["..E..", ".r#g.", "t.s.x", "#p..#", "..T.."]
OTHER_ROOM = ["E....", "##.#.", "..r..", ".#.##", "...T."]


def card(number: object = 1, color: object = "purple", room: object = None) -> dict[str, object]:
    """A pyramid-card entry of a card file."""
    return {"number": number, "color": color, "room": list(ROOM) if room is None else room}


def write(tmp_path: Path, data: object, name: str = "my.yaml") -> Path:
    """Write ``data`` as a YAML card file and return its path."""
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, sort_keys=False), encoding="utf-8")
    return path


def deck_file(tmp_path: Path, *pyramids: object, **top: object) -> Path:
    """A card file holding ``pyramids`` (and any other top-level keys)."""
    return write(tmp_path, {"format": 1, **top, "pyramids": list(pyramids)})


def problems_of(path: Path) -> list[Problem]:
    deck, problems = check_deck_file(path)
    assert deck is None
    assert problems, "an invalid file must report at least one problem"
    return problems


def only_problem(path: Path) -> Problem:
    problems = problems_of(path)
    assert len(problems) == 1, [str(p) for p in problems]
    return problems[0]


# --- valid files --------------------------------------------------------------------------


def test_valid_user_file_with_two_cards_loads(tmp_path: Path) -> None:
    path = deck_file(tmp_path, card(1), card(7, "green", OTHER_ROOM))
    deck = load_deck(path)
    assert [c.number for c in deck.pyramids] == [1, 7]
    assert deck.card(7) == PyramidCard(7, Color.GREEN, Room.from_rows(OTHER_ROOM))
    assert deck.source == str(path)


def test_omitted_expeditions_give_the_standard_eight(tmp_path: Path) -> None:
    deck = load_deck(deck_file(tmp_path, card(1)))
    assert deck.expeditions == STANDARD_EXPEDITIONS
    assert len(deck.expedition_cards()) == 8


def test_own_expeditions_are_loaded(tmp_path: Path) -> None:
    expeditions = [
        {"name": "I3", "count": 4, "pattern": ["XXX"]},
        {"name": "Z4", "count": 4, "pattern": ["XX.", ".XX"]},
    ]
    deck = load_deck(deck_file(tmp_path, card(1), expeditions=expeditions))
    assert [(e.name, e.count, e.size) for e in deck.expeditions] == [("I3", 4, 3), ("Z4", 4, 4)]
    assert deck.expedition("z4").pattern() == ("XX.", ".XX")


def test_bundled_deck_is_valid() -> None:
    deck, problems = check_deck_file(None)
    assert problems == []
    assert deck is not None and len(deck.pyramids) == BUNDLED_CARD_COUNT
    assert deck.source == "cards.yaml (bundled)"
    assert bundled_deck_path().name == "cards.yaml" and bundled_deck_path().is_file()


# --- the file itself ----------------------------------------------------------------------


def test_missing_file(tmp_path: Path) -> None:
    path = tmp_path / "nothere.yaml"
    problem = only_problem(path)
    assert problem == Problem(str(path), "no such file")
    with pytest.raises(DeckFileError, match=r"nothere\.yaml: no such file"):
        load_deck(path)


def test_not_yaml_names_line_and_column(tmp_path: Path) -> None:
    path = tmp_path / "broken.yaml"
    path.write_text("format: 1\npyramids:\n  - number: 1\n    color: [purple\n", encoding="utf-8")
    problem = only_problem(path)
    assert problem.file == str(path)
    assert problem.message.startswith("not valid YAML: ")
    assert problem.where == "line 5, column 1"
    assert str(problem).startswith(f"{path}: line 5, column 1: not valid YAML")


def test_tab_indentation_is_not_yaml(tmp_path: Path) -> None:
    path = tmp_path / "tabs.yaml"
    path.write_text("format: 1\npyramids:\n\t- number: 1\n", encoding="utf-8")
    problem = only_problem(path)
    assert problem.message.startswith("not valid YAML")
    assert problem.where.startswith("line 3, ")


def test_top_level_must_be_a_mapping(tmp_path: Path) -> None:
    problem = only_problem(write(tmp_path, ["format", 1]))
    assert "expected a mapping with 'format: 1' and 'pyramids'" in problem.message


def test_unknown_and_missing_top_level_keys(tmp_path: Path) -> None:
    messages = [p.message for p in problems_of(write(tmp_path, {"format": 1, "cards": []}))]
    assert messages == [
        "unknown key 'cards' (expected format, expeditions, pyramids)",
        "missing key 'pyramids'",
    ]


def test_wrong_format_version(tmp_path: Path) -> None:
    problem = only_problem(deck_file(tmp_path, card(1), format=2))
    assert problem.message == "format is 2; this silverpyr reads format: 1"


def test_empty_pyramid_list(tmp_path: Path) -> None:
    problem = only_problem(deck_file(tmp_path))
    assert problem.message == "'pyramids' must be a non-empty list of cards, not an empty list"


# --- rooms --------------------------------------------------------------------------------


def test_wrong_row_count(tmp_path: Path) -> None:
    problem = only_problem(deck_file(tmp_path, card(3, room=ROOM[:4])))
    assert (problem.where, problem.message) == ("card 3", "room has 4 rows, expected 5")


def test_wrong_row_length(tmp_path: Path) -> None:
    rows = [*ROOM[:2], "t.s.x.", *ROOM[3:]]
    problem = only_problem(deck_file(tmp_path, card(3, room=rows)))
    assert problem.where == "card 3, row 3"
    assert problem.message == "row 't.s.x.' has 6 cells, expected 5"


def test_row_that_is_not_text(tmp_path: Path) -> None:
    rows: list[object] = [*ROOM[:4], 12345]
    problem = only_problem(deck_file(tmp_path, card(3, room=rows)))
    assert (problem.where, problem.message) == (
        "card 3",
        "'room' row 5 must be a string, not the whole number 12345",
    )


def test_unknown_character(tmp_path: Path) -> None:
    rows = [*ROOM[:3], "#pQ.#", ROOM[4]]
    problem = only_problem(deck_file(tmp_path, card(9, room=rows)))
    assert problem.where == "card 9, row 4, column C"
    assert problem.message == "unknown character 'Q' (legend: #.ETgprstx)"
    assert str(problem) == (
        f"{tmp_path / 'my.yaml'}: card 9, row 4, column C: unknown character 'Q' "
        "(legend: #.ETgprstx)"
    )


def test_no_entrance(tmp_path: Path) -> None:
    rows = [".....", *ROOM[1:]]
    problem = only_problem(deck_file(tmp_path, card(4, room=rows)))
    assert (problem.where, problem.message) == (
        "card 4",
        "room has no entrance: put one 'E' in row 1",
    )


def test_two_entrances(tmp_path: Path) -> None:
    rows = ["E.E..", *ROOM[1:]]
    problem = only_problem(deck_file(tmp_path, card(4, room=rows)))
    assert problem.where == "card 4"
    assert problem.message == "room has 2 entrances (A1, C1), expected exactly one"


def test_entrance_not_in_row_one(tmp_path: Path) -> None:
    rows = [".....", ".rEg.", *ROOM[2:]]
    problem = only_problem(deck_file(tmp_path, card(5, room=rows)))
    assert problem.where == "card 5, row 2, column C"
    assert problem.message == "the entrance must be in row 1"


def test_tomb_not_in_row_five(tmp_path: Path) -> None:
    rows = [*ROOM[:3], "#pT.#", "....."]
    problem = only_problem(deck_file(tmp_path, card(6, room=rows)))
    assert problem.where == "card 6, row 4, column C"
    assert problem.message == "the tomb must be in row 5"


def test_two_tombs(tmp_path: Path) -> None:
    rows = [*ROOM[:4], "T.T.."]
    problem = only_problem(deck_file(tmp_path, card(6, room=rows)))
    assert problem.message == "room has 2 tombs (A5, C5), expected exactly one"


def test_tomb_unreachable(tmp_path: Path) -> None:
    rows = ["..E..", ".....", "#####", ".....", "..T.."]
    problem = only_problem(deck_file(tmp_path, card(8, room=rows)))
    assert problem.where == "card 8"
    assert problem.message == (
        "the tomb (C5) cannot be reached from the entrance (C1) without crossing a wall"
    )


def test_diagonal_gap_does_not_connect(tmp_path: Path) -> None:
    rows = ["E#...", "#....", ".....", ".....", "....T"]
    assert "cannot be reached" in only_problem(deck_file(tmp_path, card(8, room=rows))).message


# --- card fields --------------------------------------------------------------------------


def test_duplicate_number(tmp_path: Path) -> None:
    problem = only_problem(deck_file(tmp_path, card(12), card(12, "green", OTHER_ROOM)))
    assert (problem.where, problem.message) == ("card 12", "duplicate card number 12")


@pytest.mark.parametrize("number", [0, 49, -3])
def test_out_of_range_number(tmp_path: Path, number: int) -> None:
    problem = only_problem(deck_file(tmp_path, card(number)))
    assert problem.where == f"card {number}"
    assert problem.message == f"number {number} is out of range 1-48"


def test_number_that_is_not_a_whole_number(tmp_path: Path) -> None:
    problem = only_problem(deck_file(tmp_path, card(True)))
    assert (problem.where, problem.message) == (
        "pyramid #1",
        "number must be a whole number, not true",
    )


def test_unknown_colour(tmp_path: Path) -> None:
    problem = only_problem(deck_file(tmp_path, card(2, "blue")))
    assert problem.where == "card 2"
    assert problem.message == "unknown colour 'blue' (use purple, orange, green)"


def test_unknown_and_missing_card_keys(tmp_path: Path) -> None:
    entry = {"number": 2, "colour": "green", "room": ROOM}
    messages = [(p.where, p.message) for p in problems_of(deck_file(tmp_path, entry))]
    assert messages == [
        ("card 2", "unknown key 'colour' (expected number, color, room)"),
        ("card 2", "missing key 'color'"),
    ]


def test_card_that_is_not_a_mapping(tmp_path: Path) -> None:
    problem = only_problem(deck_file(tmp_path, card(1), "card two"))
    assert problem.where == "pyramid #2"
    assert problem.message == "expected a mapping with number, color, room, not the text 'card two'"


# --- expeditions --------------------------------------------------------------------------


def expedition(name: object = "I2", count: object = 7, pattern: object = None) -> dict[str, object]:
    return {"name": name, "count": count, "pattern": ["XX"] if pattern is None else pattern}


def test_disconnected_pattern(tmp_path: Path) -> None:
    entries = [expedition("I2"), expedition("D2", 1, ["X.", ".X"])]
    problem = only_problem(deck_file(tmp_path, card(1), expeditions=entries))
    assert problem.where == "expedition D2"
    assert problem.message.startswith("pattern is not one connected polyomino")


def test_pattern_with_a_foreign_character(tmp_path: Path) -> None:
    entries = [expedition("I2", 7, ["XO"])]
    problem = only_problem(deck_file(tmp_path, card(1), expeditions=entries))
    assert problem.where == "expedition I2, pattern row 1, column 2"
    assert problem.message == "pattern has 'O'; use 'X' for a cell and '.' for a gap"


def test_pattern_too_big_for_a_room(tmp_path: Path) -> None:
    entries = [expedition("I6", 7, ["XXXXXX"])]
    problem = only_problem(deck_file(tmp_path, card(1), expeditions=entries))
    assert (problem.where, problem.message) == (
        "expedition I6",
        "pattern does not fit in a 5x5 room",
    )


@pytest.mark.parametrize("name", ["l4", "4L", "L-4", "LONGNAME9", ""])
def test_malformed_expedition_name(tmp_path: Path, name: str) -> None:
    problem = only_problem(deck_file(tmp_path, card(1), expeditions=[expedition(name)]))
    assert problem.where == (f"expedition {name}")
    assert problem.message == (
        f"malformed expedition name {name!r}: use 1 to 8 capital letters and digits, "
        "starting with a letter (e.g. L4)"
    )


def test_duplicate_expedition_name(tmp_path: Path) -> None:
    entries = [expedition("I2", 4), expedition("I2", 3)]
    problem = only_problem(deck_file(tmp_path, card(1), expeditions=entries))
    assert (problem.where, problem.message) == ("expedition I2", "duplicate expedition name 'I2'")


@pytest.mark.parametrize("count", [0, 9, "two"])
def test_expedition_count_out_of_range(tmp_path: Path, count: object) -> None:
    entries = [expedition("I2", 7), expedition("I3", count, ["XXX"])]
    problem = only_problem(deck_file(tmp_path, card(1), expeditions=entries))
    assert (problem.where, problem.message) == (
        "expedition I3",
        f"count is {count if isinstance(count, int) else 'the text ' + repr(count)}; "
        "use a whole number from 1 to 8",
    )


def test_too_few_expedition_cards_for_a_round(tmp_path: Path) -> None:
    entries = [expedition("I2", 3), expedition("I3", 3, ["XXX"])]
    problem = only_problem(deck_file(tmp_path, card(1), expeditions=entries))
    assert problem.message == "the expedition deck holds 6 cards; a round reveals 7"


def test_empty_expedition_list(tmp_path: Path) -> None:
    problem = only_problem(deck_file(tmp_path, card(1), expeditions=[]))
    assert problem.message.startswith("'expeditions' must be a non-empty list")


# --- several problems, and the bundled deck's counts ---------------------------------------


def test_every_problem_in_a_file_is_reported(tmp_path: Path) -> None:
    path = deck_file(
        tmp_path,
        card(1, "blue"),
        card(2, room=[".....", *ROOM[1:]]),
        card(2, "green", OTHER_ROOM),
        card(60),
        expeditions=[expedition("I2", 7), expedition("bad")],
    )
    found = [(p.where, p.message.split(" (")[0].split(":")[0]) for p in problems_of(path)]
    assert found == [
        ("expedition bad", "malformed expedition name 'bad'"),
        ("card 1", "unknown colour 'blue'"),
        ("card 2", "room has no entrance"),
        ("card 2", "duplicate card number 2"),
        ("card 60", "number 60 is out of range 1-48"),
    ]
    with pytest.raises(DeckFileError) as raised:
        load_deck(path)
    assert len(raised.value.problems) == 5
    assert str(raised.value).endswith(
        f"(and 4 more problems; 'silverpyr cards validate {path}' lists them)"
    )
    assert "\n" not in str(raised.value)


def test_bundled_counts_are_checked() -> None:
    room = Room.from_rows(ROOM)
    cards = [PyramidCard(n, Color.PURPLE if n <= 20 else Color.GREEN, room) for n in range(1, 48)]
    problems: list[Problem] = []
    _check_bundled_counts("cards.yaml (bundled)", cards, problems)
    assert [str(p) for p in problems] == [
        "cards.yaml (bundled): the bundled deck has 47 cards, expected 48",
        "cards.yaml (bundled): the bundled deck has 20 purple cards, expected 16",
        "cards.yaml (bundled): the bundled deck has 0 orange cards, expected 16",
        "cards.yaml (bundled): the bundled deck has 27 green cards, expected 16",
    ]


def test_bundled_counts_pass_for_sixteen_of_each_colour() -> None:
    room = Room.from_rows(ROOM)
    colors = list(Color)
    cards = [PyramidCard(n, colors[(n - 1) % 3], room) for n in range(1, 49)]
    problems: list[Problem] = []
    _check_bundled_counts("cards.yaml (bundled)", cards, problems)
    assert problems == []


def test_user_file_is_exempt_from_bundled_counts(tmp_path: Path) -> None:
    deck = load_deck(deck_file(tmp_path, card(1)))
    assert len(deck.pyramids) == 1
