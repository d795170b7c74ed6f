"""Position files (solver/sun/positionfile.py): the template, the layout of what the seat
cannot see, and one located error for every kind of bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from position_files import one_line_error

from silverpyr.solver.core.reader import ReadError
from silverpyr.solver.sun.bestturn import BestTurn
from silverpyr.solver.sun.game import Phase, random_position, state_problems, unseen
from silverpyr.solver.sun.positionfile import (
    PositionFileError,
    load_position,
    parse_position,
    position_template,
    solve_position,
)

TEMPLATE = position_template()


def test_the_template_is_a_commented_valid_position(tmp_path: Path) -> None:
    assert TEMPLATE.startswith("# A Pyramid of the Sun position")
    position = parse_position(TEMPLATE, source="template")
    state = position.state
    assert state.phase is Phase.CHOOSE and state.turn == 0
    assert state_problems(state) == ()
    assert [state.deck[c].label for c in position.hand] == sorted(
        ["S4-serpent", "S6", "E4", "S5"],
        key=lambda label: next(c.id for c in state.deck if c.label == label),
    )
    assert tuple(len(hand) for hand in state.hands) == (4, 4, 3)
    assert state.scores == (6, 9, 4)
    path = tmp_path / "position.yaml"
    path.write_text(TEMPLATE, encoding="utf-8")
    assert load_position(path).state == state
    answer = solve_position(load_position(path), time_limit=10)
    assert isinstance(answer, BestTurn) and answer.proven and answer.value == 16


def test_json_reads_the_same(tmp_path: Path) -> None:
    data = yaml.safe_load(TEMPLATE)
    path = tmp_path / "position.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    assert load_position(path).state == parse_position(TEMPLATE).state


def test_the_piles_hold_what_the_other_hands_do_not() -> None:
    data = yaml.safe_load(TEMPLATE)
    data["piles"] = {"standard": 36, "edge": 23}  # 40 and 26 out of sight, 7 in other hands
    state = parse_position(yaml.safe_dump(data)).state
    assert (len(state.standard_pile), len(state.edge_pile)) == (36, 23)
    assert sum(state.deck[c].kind == "standard" for c in state.hands[1] + state.hands[2]) == 4
    hidden = len(unseen(state, 0, "standard")) + len(unseen(state, 0, "edge"))
    assert hidden == 36 + 23 + 4 + 3
    # the seat's belief does not depend on the layout
    other = parse_position(TEMPLATE).state
    assert unseen(state, 0, "standard") == unseen(other, 0, "standard")


def bad(change: dict[str, object], drop: tuple[str, ...] = ()) -> str:
    """The one-line error of the template changed by ``change`` (and without ``drop``)."""
    return one_line_error(TEMPLATE, parse_position, PositionFileError, change, drop)


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"size": "huge"}, "size: 'huge' is not a pyramid size"),
        ({"players": 6}, "players: 6 is not a whole number from 2 to 5"),
        ({"turn": 3}, "turn: 3 is not a whole number from 0 to 2"),
        ({"scores": [1, 2]}, "scores: expected one number per seat (3), not 2"),
        ({"hand": ["S4-sun", "S9"]}, "hand[1]: no card S9 in this deck"),
        ({"hand": ["B0"]}, "hand[0]:"),
        ({"hand": ["S4-sun"] * 3}, "hand[2]: S4-sun is named more often than the deck holds it"),
        ({"hand": ["S1"] * 6}, "hand: expected 0 to 5 entries, not 6"),
        ({"marker": "S3"}, "marker: S3 is a standard card; the marker is an edge or top card"),
        ({"hand_sizes": [5, 4, 4]}, "hand_sizes: seat 0 (to move) holds the 4 cards"),
        ({"discards": {"standard": ["E3"]}}, "discards.standard[0]: E3 is a edge card"),
        ({"discards": {"pile": []}}, "discards.pile: unknown field"),
        ({"pyramid": {"2d": "S3"}}, "pyramid.2d: no game reaches this: slot 2d needs both cards"),
        ({"pyramid": {"1c": "E3"}}, "pyramid.1c: no game reaches this: an edge card goes only"),
        ({"pyramid": {"0a": "S3"}}, "pyramid.0a: the base row (level 0) is laid by the setup"),
        ({"pyramid": {"9a": "S3"}}, "pyramid.9a: the pyramid has no slot 9a"),
        ({"pyramid": {"1a": "T9"}}, "pyramid.1a: no game reaches this: a top card goes only"),
        ({"pyramid": ["S1"]}, "pyramid: expected a mapping of slot"),
        ({"piles": {"standard": 1, "edge": 1}}, "piles: "),
        ({"reshuffled": {"edge": ["S3"]}}, "reshuffled.edge[0]: S3 is a standard card"),
        ({"reshuffled": {"edge": ["E3"]}}, "reshuffled.edge: the edge pile holds 26 cards, more"),
        ({"colour": "red"}, "colour: unknown field"),
    ],
)
def test_bad_input_is_one_located_line(change: dict[str, object], where: str) -> None:
    assert where in bad(change)


@pytest.mark.parametrize("key", ["hand", "marker", "size"])
def test_required_keys(key: str) -> None:
    assert f"{key}: missing" in bad({}, drop=(key,))


def test_a_filled_top_is_a_game_over() -> None:
    standard = [c.id for c in parse_position(TEMPLATE).state.deck if c.kind == "standard"]
    slots = [f"{level}{'abcdefgh'[pos]}" for level in range(1, 8) for pos in range(8 - level)]
    full = {slot: f"#{card}" for slot, card in zip(slots, standard, strict=False)}
    message = bad(
        {"size": "short", "hand": [], "hand_sizes": [0, 4, 4], "pyramid": full, "discards": {}}
    )
    assert "pyramid.7a: the top is placed: the game is over" in message


def test_a_file_that_is_not_yaml_or_not_there(tmp_path: Path) -> None:
    with pytest.raises(PositionFileError, match="no such file"):
        load_position(tmp_path / "missing.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("size: [short\n", encoding="utf-8")
    with pytest.raises(ReadError, match="not valid YAML"):
        load_position(broken)


@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5))
def test_a_game_position_written_as_a_file_reads_back(seed: int, players: int) -> None:
    """Any reachable turn start, written in the format, reads back to the same view."""
    state = random_position(seed, players, "standard")
    deck = state.deck
    shape = state.pyramid.geometry
    data = {
        "size": "standard",
        "players": players,
        "turn": state.turn,
        "scores": list(state.scores),
        "hand": [f"#{c}" for c in state.hands[state.turn]],
        "hand_sizes": [len(hand) for hand in state.hands],
        "marker": f"#{state.marker}",
        "pyramid": {
            str(shape.slots[i]): f"#{card}"
            for i, card in enumerate(state.pyramid.cells)
            if card != -1 and shape.slots[i].level > 0
        },
        "discards": {
            "standard": [f"#{c}" for c in state.standard_discards],
            "edge": [f"#{c}" for c in state.edge_discards],
        },
        "piles": {"standard": len(state.standard_pile), "edge": len(state.edge_pile)},
    }
    read = parse_position(json.dumps(data), as_json=True).state
    assert read.hands[state.turn] == state.hands[state.turn]
    assert read.scores == state.scores and read.turn == state.turn
    for pile in ("standard", "edge"):
        assert unseen(read, state.turn, pile) == unseen(state, state.turn, pile)
        assert len(read.pile(pile)) == len(state.pile(pile))
        assert read.discards(pile) == state.discards(pile)
    above = {s: c for s, c in state.pyramid.cards.items() if s.level > 0}
    assert {s: c for s, c in read.pyramid.cards.items() if s.level > 0} == above
    assert {deck[c].label for c in read.hands[state.turn]} == {
        deck[c].label for c in state.hands[state.turn]
    }
