"""Cheops's move notation: every move's text parses back to the move, and text that is not a
move raises MoveSyntaxError (a SilverpyrError: one line for the user)."""

from __future__ import annotations

import pytest
from cheops.cheops_setups import game
from hypothesis import given
from hypothesis import strategies as st

from silverpyr.solver.cheops import game as engine
from silverpyr.solver.cheops.board import SPACES, parse_space
from silverpyr.solver.cheops.components import COLOURS
from silverpyr.solver.core.errors import SilverpyrError

STATE = game(2)

EXAMPLES: list[tuple[str, engine.Move]] = [
    ("take b3 A", engine.Take(parse_space("b3"), "A")),
    ("buy", engine.BuyNeighbour()),
    ("sell", engine.Sell()),
    ("store", engine.Store()),
    ("law blue", engine.LawTarget("blue")),
    ("law blue 2", engine.LawTarget("blue", 1)),
    ("remove 5", engine.RemoveLaw(5)),
    ("remove none", engine.RemoveLaw(None)),
    ("pay", engine.PayLaw9()),
    ("decline", engine.DeclineLaw9()),
    ("law10 blue", engine.UseLaw10("blue")),
    ("law11 b3 A", engine.UseLaw11(parse_space("b3"), "A")),
    ("law12 b3 c4", engine.UseLaw12(parse_space("b3"), parse_space("c4"))),
    ("law12 b3 blue", engine.UseLaw12(parse_space("b3"), "blue")),
    ("draw 2", engine.DrawTile(2)),
    ("end", engine.EndTurn()),
    ("pass", engine.Pass()),
]


@pytest.mark.parametrize(("text", "move"), EXAMPLES)
def test_the_spec_notation_parses_and_prints_back(text: str, move: engine.Move) -> None:
    assert engine.parse_move(STATE, text) == move
    assert move.notation() == text


def test_tiles_and_colours_by_name_or_letter_in_any_case() -> None:
    assert engine.parse_move(STATE, "  TAKE B3 beetle ") == engine.Take(parse_space("b3"), "B")
    assert engine.parse_move(STATE, "law10 U") == engine.UseLaw10("blue")
    assert engine.parse_move(STATE, "law12 a1 k") == engine.UseLaw12(parse_space("a1"), "black")


moves = st.one_of(
    st.builds(engine.Take, st.sampled_from(SPACES), st.sampled_from("ABCDN")),
    st.builds(engine.UseLaw11, st.sampled_from(SPACES), st.sampled_from("ABCD")),
    st.builds(engine.UseLaw12, st.sampled_from(SPACES), st.sampled_from([*SPACES, *COLOURS])),
    st.builds(engine.LawTarget, st.sampled_from(COLOURS), st.none() | st.integers(0, 11)),
    st.builds(engine.RemoveLaw, st.none() | st.integers(1, 12)),
    st.builds(engine.UseLaw10, st.sampled_from(COLOURS)),
    st.builds(engine.DrawTile, st.integers(1, 3)),
)


@given(moves)
def test_every_move_round_trips(move: engine.Move) -> None:
    assert engine.parse_move(STATE, move.notation()) == move


def test_every_legal_move_of_a_start_round_trips() -> None:
    for move in engine.legal_moves(STATE):
        assert engine.parse_move(STATE, move.notation()) == move


@pytest.mark.parametrize(
    "text",
    [
        "",
        "   ",
        "fly",
        "take",
        "take b3",
        "take z9 A",
        "take b3 Q",
        "take a12 A",
        "law purple",
        "law blue x",
        "law blue 0",
        "remove 13",
        "remove all",
        "draw 4",
        "draw 0",
        "draw one",
        "law12 b3",
        "law12 b3 mauve",
        "sell now",
        "law10",
        "take b3 A extra",
    ],
)
def test_text_that_is_not_a_move_raises_a_syntax_error(text: str) -> None:
    with pytest.raises(engine.MoveSyntaxError) as caught:
        engine.parse_move(STATE, text)
    assert isinstance(caught.value, SilverpyrError)
    assert str(caught.value).strip() and "\n" not in str(caught.value)


@given(st.text(max_size=30))
def test_any_text_is_a_move_or_a_syntax_error(text: str) -> None:
    try:
        move = engine.parse_move(STATE, text)
    except engine.MoveSyntaxError as error:
        assert "\n" not in str(error)
        return
    assert engine.parse_move(STATE, move.notation()) == move
    if engine.why_illegal(STATE, move) is None:
        engine.apply(STATE, move)


def test_an_illegal_move_says_why_in_one_line() -> None:
    with pytest.raises(engine.IllegalMove) as caught:
        engine.apply(STATE, engine.parse_move(STATE, "sell"))
    assert isinstance(caught.value, SilverpyrError) and "\n" not in str(caught.value)
