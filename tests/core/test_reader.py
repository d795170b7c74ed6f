"""The strict reader: every problem at once, each with its place, in the user's terms."""

from __future__ import annotations

import re

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from silverpyr.puzzles.silvergold.realgame.state_file import StateFileError, parse_state
from silverpyr.solver.core.errors import SilverpyrError
from silverpyr.solver.core.reader import (
    MAX_DIGITS,
    MAX_NESTING,
    Field,
    Problem,
    Problems,
    ReadError,
    load_data,
)
from silverpyr.solver.silvergold.deckfile import load_deck


def read_cards(data: object) -> Problems:
    problems = Problems("state.yaml")
    top = Field.root(data, problems)
    if top.mapping(("round", "cards")):
        top.at("round").integer(1, 4)
        for card in top.at("cards").items(low=1, high=2):
            if card.mapping(("number", "marks")):
                card.at("number").whole()
                card.at("marks").text("")
    return problems


def test_every_problem_is_reported_with_its_place() -> None:
    problems = read_cards(
        {"round": True, "cards": [{"number": "x"}, {"number": 3, "marks": ["A1"], "colour": 1}]}
    )
    assert [(p.where, p.message.split(",")[0]) for p in problems.found] == [
        ("round", "expected a whole number from 1 to 4"),
        ("cards[0].number", "expected a whole number"),
        ("cards[1].colour", "unknown field (known: marks"),
        ("cards[1].marks", "expected text"),
    ]
    with pytest.raises(ReadError) as raised:
        problems.raise_if_any()
    assert isinstance(raised.value, SilverpyrError)
    assert len(raised.value.problems) == 4
    assert str(raised.value.problems[1]) == (
        "state.yaml: cards[0].number: expected a whole number, not the text 'x'"
    )
    # The message is one line (the error contract): the source once, problems joined by
    # "; " while they fit, then how many more.
    message = str(raised.value)
    assert "\n" not in message
    assert message.startswith("state.yaml: round: expected a whole number from 1 to 4, not true; ")
    assert "; cards[0].number: expected a whole number, not the text 'x'" in message


def test_missing_keys_and_wrong_shapes() -> None:
    problems = read_cards({"cards": []})
    assert [str(p) for p in problems.found] == [
        "state.yaml: round: missing: expected a whole number from 1 to 4",
        "state.yaml: cards: expected 1 to 2 entries, not 0",
    ]
    problems = read_cards({"round": 1, "cards": []})
    assert [str(p) for p in problems.found] == ["state.yaml: cards: expected 1 to 2 entries, not 0"]
    problems = read_cards([1, 2])
    assert [str(p) for p in problems.found] == [
        "state.yaml: expected a mapping of round, cards, not a list"
    ]
    assert not read_cards({"round": 2, "cards": [{"number": 5}]})


def test_a_key_with_a_line_break_is_still_one_line() -> None:
    # hypothesis found it: a key "\n" under cards[0] made a problem of two lines
    problems = read_cards({"round": 1, "cards": [{"number": 5, "\n\t": 1}]})
    shown = [str(p) for p in problems.found]
    assert shown
    assert all("\n" not in line for line in shown)
    assert any("cards[0].\\n\\t: unknown field" in line for line in shown)
    assert str(Problem("a\nb.yaml", "bad", "x")) == "a\\nb.yaml: x: bad"


def test_problem_places_read_like_the_deck_reader() -> None:
    assert str(Problem("f.yaml", "bad", "card 3, row 2")) == "f.yaml: card 3, row 2: bad"
    assert str(Problem("f.yaml", "bad")) == "f.yaml: bad"
    assert Problem("f.yaml", "bad").file == "f.yaml"
    load_deck()  # the bundled deck still reads


def test_a_state_file_with_wrong_types_names_the_key_paths() -> None:
    text = (
        "round: two\nexpedition: 3\nseen: I3\n"
        "cards:\n  - number: 1\n    marks: [A1]\n"
        "sheet: {red: -1, torches: [yes]}\n"
    )
    with pytest.raises(StateFileError) as raised:
        parse_state(text, load_deck())
    message = "\n".join(str(problem) for problem in raised.value.problems)
    lines = message.splitlines()
    assert all(line.startswith("<state>: ") for line in lines)
    summary = str(raised.value)
    assert "\n" not in summary and re.search(r"\(and \d more problems\)$", summary)
    for expected in (
        "round: expected a whole number from 1 to 4, not the text 'two'",
        "expedition: expected an expedition card name, e.g. L3, not the whole number 3",
        "seen: expected a list, not the text 'I3'",
        "cards[0].marks: expected cells as text, e.g. A1 A2 B2, not a list",
        "sheet.red: -1 is not a whole number from 0 to 10",
        "sheet.torches[0]: expected a whole number from 1 to 4, not true",
    ):
        assert expected in message
    assert len(lines) == 6
    for internal in ("Model", "pydantic", "instance of", "validation"):
        assert internal not in message


# --- limits of the YAML and JSON parsers, in the project's own words -----------------------

MAX_NESTING_WORDS = f"nested more than {MAX_NESTING} levels deep"


def nested_yaml(depth: int, style: str) -> str:
    if style == "flow-list":
        return "[" * depth + "1" + "]" * depth
    if style == "flow-map":
        return "{a: " * depth + "1" + "}" * depth
    return "".join(f"{'  ' * level}k{level}:\n" for level in range(depth)) + "  " * depth + "1\n"


@settings(max_examples=30, deadline=None)
@given(
    depth=st.one_of(st.integers(MAX_NESTING + 1, 60), st.integers(900, 3000)),
    style=st.sampled_from(["flow-list", "flow-map", "block"]),
)
def test_deep_yaml_is_refused_by_our_own_check_whatever_the_yaml_library(
    depth: int, style: str
) -> None:
    """libyaml stops very deep flow nesting with its own cap before the event check sees it
    (PyYAML 6.0.4); the message is still the project's, with the place."""
    with pytest.raises(ReadError) as caught:
        load_data(nested_yaml(depth, style), "deep.yaml")
    assert MAX_NESTING_WORDS in str(caught.value)
    assert str(caught.value).startswith("deep.yaml: line ")


@pytest.mark.parametrize("style", ["flow-list", "flow-map", "block"])
def test_nesting_up_to_the_limit_is_read(style: str) -> None:
    assert load_data(nested_yaml(MAX_NESTING, style), "ok.yaml") is not None


@settings(max_examples=40, deadline=None)
@given(
    digits=st.integers(MAX_DIGITS + 1, 6000),
    form=st.sampled_from(["{n}", "-{n}", "+{n}", "!!int '{n}'", "0x{n}", "0{n}", "1_{n}"]),
)
def test_over_long_whole_numbers_in_yaml_are_one_located_problem(digits: int, form: str) -> None:
    """Python refuses to convert more than 4,300 digits with a ValueError of its own."""
    number = form.format(n="7" * digits)
    with pytest.raises(ReadError) as caught:
        load_data(f"seed: {number}\n", "big.yaml")
    assert str(caught.value) == (
        f"big.yaml: line 1, column 7: a whole number of more than {MAX_DIGITS} digits"
    )


@settings(max_examples=40, deadline=None)
@given(digits=st.integers(MAX_DIGITS + 1, 6000), sign=st.sampled_from(["", "-"]))
def test_over_long_whole_numbers_in_json_are_one_problem(digits: int, sign: str) -> None:
    with pytest.raises(ReadError) as caught:
        load_data(f'{{"seed": [1, {sign}{"7" * digits}]}}', "big.json", as_json=True)
    assert str(caught.value) == f"big.json: a whole number of more than {MAX_DIGITS} digits"


@given(st.integers(-(10**MAX_DIGITS) + 1, 10**MAX_DIGITS - 1))
def test_whole_numbers_within_the_limit_are_read(number: int) -> None:
    assert load_data(f"seed: {number}\n", "ok.yaml") == {"seed": number}
    assert load_data(f'{{"seed": {number}}}', "ok.json", as_json=True) == {"seed": number}


def test_long_text_and_floats_are_not_whole_numbers() -> None:
    long = "7" * 5000
    assert load_data(f"name: '{long}'\n", "ok.yaml") == {"name": long}
    assert load_data(f"x: {long}.5\n", "ok.yaml")["x"] > 0
