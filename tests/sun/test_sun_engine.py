"""Pyramid of the Sun's engine: setup, placement, scoring, symbols, drawing, the end."""

from __future__ import annotations

import pickle
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from engine_imports import sibling_imports
from hypothesis import given, settings
from hypothesis import strategies as st
from sun.sun_setups import card, fill, give

from silverpyr.solver.sun import game as engine
from silverpyr.solver.sun.cards import Deck, load_deck
from silverpyr.solver.sun.pyramid import EMPTY, Pyramid, Slot, geometry

ROOT = Path(__file__).resolve().parents[2]
DECK = load_deck()


def test_the_bundled_deck_has_the_components() -> None:
    assert len(DECK.base_ids) == 10
    assert len(DECK.standard_ids) == 48
    assert len(DECK.edge_ids) == 30
    assert len(DECK.top_ids) == 4
    assert load_deck() == load_deck(ROOT / "data" / "sun_cards.yaml")


def test_new_game_deals_four_standard_cards_each_and_a_base_row() -> None:
    state = engine.new_game(DECK, 4, "standard", 7)
    assert all(len(hand) == 4 for hand in state.hands)
    assert all(DECK[c].kind == "standard" for hand in state.hands for c in hand)
    row = state.pyramid.rows()[0]
    assert len(row) == 9
    assert DECK[row[0]].side == "left" and DECK[row[-1]].side == "right"  # type: ignore[index]
    assert state.marker not in state.edge_pile
    assert state.phase is engine.Phase.CHOOSE and state.turn == state.first


@pytest.mark.parametrize(
    ("players", "size"), [(1, "standard"), (6, "short"), (3, "huge"), (True, "short")]
)
def test_new_game_refuses_bad_arguments(players: int, size: str) -> None:
    with pytest.raises(engine.SunSetupError):
        engine.new_game(DECK, players, size, 1)


def test_new_game_refuses_a_bad_seed() -> None:
    with pytest.raises(engine.SunSetupError):
        engine.new_game(DECK, 2, "short", -1)


def test_the_rulebook_worked_example_scores_7_in_one_turn() -> None:
    """A value-2 card on level 1 scores 1, on level 3 scores 2; a value-2 edge card on level 2
    scores 4: 7 in one turn."""
    state = engine.new_game(DECK, 2, "short", 3)  # base row of 8
    fillers = [c.id for c in DECK if c.kind == "standard" and c.symbol is None and c.value != 2]
    two_on_one = card("standard", 2, None)
    two_on_three = card("standard", 2, "moon")
    edge_two = card("edge", 2, None)
    # Level 3's slot 3b rests on 2b and 2c, which rest on 1b, 1c, 1d: symbol-free cards.
    state = fill(
        state,
        {
            Slot(1, 1): fillers[0],
            Slot(1, 2): fillers[1],
            Slot(1, 3): fillers[2],
            Slot(2, 1): fillers[3],
            Slot(2, 2): fillers[4],
        },
    )
    seat = state.turn
    state = give(state, seat, (two_on_one, two_on_three, edge_two))
    state = engine.play_turn(
        state,
        [
            engine.Place(two_on_one, Slot(1, 0)),  # min(2, 1) = 1
            engine.Place(edge_two, Slot(2, 0)),  # an edge card at the row's end: min(2, 2) x 2 = 4
            engine.Place(two_on_three, Slot(3, 1)),  # min(2, 3) = 2
        ],
    )
    gains = [e.points for e in state.events if isinstance(e, engine.Scored)]
    assert gains == [1, 4, 2]
    assert state.scores[seat] == 7
    assert state.phase is engine.Phase.PLAYING


def test_a_card_rests_on_two_cards() -> None:
    state = engine.new_game(DECK, 2, "short", 5)
    card = state.hand[0]
    assert engine.why_illegal(state, engine.Place(card, Slot(2, 0))) is not None
    assert engine.why_illegal(state, engine.Place(card, Slot(0, 0))) is not None
    assert engine.why_illegal(state, engine.Place(card, Slot(1, 3))) is None
    with pytest.raises(engine.IllegalMove, match="needs both cards below"):
        engine.apply(state, engine.Place(card, Slot(2, 0)))


def test_a_card_not_in_hand_is_named_by_id_when_the_hand_holds_its_twin() -> None:
    state = engine.new_game(DECK, 2, "short", 5)
    held, twin = card("edge", 4), card("edge", 4, skip=1)
    state = give(state, state.turn, (held,))
    label = DECK[held].label
    assert DECK[twin].label == label
    assert engine.why_illegal(state, engine.Place(twin, Slot(1, 0))) == (
        f"#{twin} ({label}) is not in your hand; your {label} is #{held}"
    )
    other = card("edge", 3)
    assert (
        engine.why_illegal(state, engine.Place(other, Slot(1, 0)))
        == f"{DECK[other].label} is not in your hand"
    )


def test_edge_and_top_cards_go_only_where_they_may() -> None:
    state = engine.new_game(DECK, 2, "short", 5)
    edge = card("edge", 3)
    top = DECK.top_ids[0]
    state = give(state, state.turn, (edge, top))
    assert engine.why_illegal(state, engine.Place(edge, Slot(1, 0))) is None
    assert engine.why_illegal(state, engine.Place(edge, Slot(1, 6))) is None  # R2: either end
    assert (
        engine.why_illegal(state, engine.Place(edge, Slot(1, 3)))
        == "an edge card goes only at an end of a row"
    )
    assert engine.why_illegal(state, engine.Place(top, Slot(1, 3))) is not None
    assert engine.Place(top, Slot(1, 0)) not in engine.legal_moves(state)


def test_a_turn_plays_at_least_one_card_and_may_stop_after_any() -> None:
    state = engine.new_game(DECK, 3, "standard", 11)
    assert engine.why_illegal(state, engine.EndTurn()) is not None
    moves = engine.legal_moves(state)
    place = next(m for m in moves if isinstance(m, engine.Place))
    after = engine.apply(state, place)
    if after.phase is engine.Phase.SYMBOL:
        after = engine.apply(after, engine.TakePoints())
    assert after.phase is engine.Phase.PLAYING
    assert engine.EndTurn() in engine.legal_moves(after)
    assert not any(isinstance(m, engine.Draw) for m in engine.legal_moves(after))
    ended = engine.apply(after, engine.EndTurn())
    assert ended.turn == (state.turn + 1) % 3 and ended.phase is engine.Phase.CHOOSE


def test_draw_two_then_discard_down_to_five() -> None:
    state = engine.new_game(DECK, 2, "standard", 2)
    seat = state.turn
    state = give(state, seat, DECK.standard_ids[-5:])
    state = engine.apply(state, engine.Draw("standard"))
    assert state.phase is engine.Phase.DRAWING and len(state.hands[seat]) == 6
    state = engine.apply(state, engine.Draw("edge"))
    assert state.phase is engine.Phase.DISCARD and len(state.hands[seat]) == 7
    assert engine.why_illegal(state, engine.EndTurn()) is not None
    state = engine.apply(state, engine.Discard(state.hands[seat][0]))
    assert state.phase is engine.Phase.DISCARD
    state = engine.apply(state, engine.Discard(state.hands[seat][-1]))
    assert state.phase is engine.Phase.CHOOSE and len(state.hands[seat]) == 5
    assert len(state.standard_discards) + len(state.edge_discards) == 2


def test_pass_only_with_nothing_to_play_or_draw() -> None:
    state = engine.new_game(DECK, 2, "short", 4)
    assert engine.why_illegal(state, engine.Pass()) is not None
    empty = replace(
        state,
        hands=((), ()),
        standard_pile=(),
        edge_pile=(),
    )
    assert engine.legal_moves(empty) == (engine.Pass(),)
    once = engine.apply(empty, engine.Pass())
    assert once.phase is engine.Phase.CHOOSE and once.turn != empty.turn
    twice = engine.apply(once, engine.Pass())
    assert twice.phase is engine.Phase.OVER
    result = engine.outcome(twice)
    assert result is not None and result.reason == "stalled"


def test_notation_round_trips() -> None:
    state = engine.random_position(21, 3, "standard")
    for move in engine.legal_moves(state):
        assert engine.parse_move(state, move.notation()) == move
        assert engine.why_illegal(state, engine.parse_move(state, move.notation(DECK))) is None


def test_symbol_choice() -> None:
    state = engine.new_game(DECK, 2, "short", 9)
    sun = [c.id for c in DECK if c.kind == "standard" and c.symbol == "sun"]
    state = fill(state, {Slot(1, 1): sun[0], Slot(1, 2): sun[1]})
    state = give(state, state.turn, (sun[2],))
    seat = state.turn
    after = engine.apply(state, engine.Place(sun[2], Slot(2, 1)))
    assert after.phase is engine.Phase.SYMBOL
    assert set(engine.legal_moves(after)) == {
        engine.TakePoints(),
        engine.SymbolDraw("standard"),
        engine.SymbolDraw("edge"),
    }
    gain = after.scores[seat] - state.scores[seat]
    points = engine.apply(after, engine.TakePoints())
    assert points.scores[seat] - after.scores[seat] == 2
    assert gain == min(DECK[sun[2]].value, 2)
    drawn = engine.apply(after, engine.SymbolDraw("edge"))
    assert len(drawn.hands[seat]) == 1 and drawn.phase is engine.Phase.PLAYING


def test_random_position_is_deterministic_and_mid_game() -> None:
    a = engine.random_position(5, 4, "long")
    assert a == engine.random_position(5, 4, "long")
    assert a.phase is engine.Phase.CHOOSE


def test_geometry() -> None:
    shape = geometry(9)
    assert shape.top == Slot(8, 0)
    assert shape.size == 45
    assert not shape.ends[shape.index[shape.top]]
    pyramid = Pyramid.with_base(tuple(range(1, 10)))
    assert len(pyramid.open_slots()) == 8
    assert pyramid.cells.count(EMPTY) == 36


ALLOWED = {
    "__future__",
    "bisect",
    "collections",
    "dataclasses",
    "enum",
    "fractions",  # bestturn.py: exact expected points
    "functools",
    "hashlib",
    "pathlib",
    "re",
    "time",  # bestturn.py: the search's time limit
    "types",
    "typing",
}
CORE = {"engine", "errors", "montecarlo", "reader", "rng", "rules"}


@pytest.mark.parametrize("module", sorted((ROOT / "solver" / "sun").glob("*.py")), ids=str)
def test_the_engine_imports_only_the_core_and_the_standard_library(module: Path) -> None:
    """An allow-list: a new import must be added here on purpose."""
    for node in sibling_imports(module, ALLOWED, CORE):
        assert node.level == 1, "no import above solver/"


def test_a_deck_is_shared_by_reference() -> None:
    state = engine.random_position(3)
    assert state.deck is DECK
    assert isinstance(state.deck, Deck)


RULINGS = range(1, 17)


@pytest.mark.parametrize("number", RULINGS)
def test_every_ruling_is_documented_and_tested(number: int) -> None:
    """docs/sun-rules.md marks Ruling Rn, says where it is implemented, and a test named
    after it exists."""
    doc = (ROOT / "docs" / "sun-rules.md").read_text(encoding="utf-8")
    assert f"**Ruling R{number} (" in doc
    section = doc.split(f"**Ruling R{number} (")[1].split("**Ruling")[0]
    assert "*Tested:*" in section
    tests = "".join(
        path.read_text(encoding="utf-8") for path in (ROOT / "tests" / "sun").glob("test_*.py")
    )
    assert f"def test_ruling_r{number}_" in tests


FUZZ_STATE = engine.random_position(8, 2, "short")


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=30))
def test_any_text_is_a_move_or_one_move_syntax_error(text: str) -> None:
    state = FUZZ_STATE
    try:
        move = engine.parse_move(state, text)
    except engine.MoveSyntaxError as error:
        assert "\n" not in str(error)
        return
    reason = engine.why_illegal(state, move)
    if reason is None:
        engine.apply(state, move)
    else:
        with pytest.raises(engine.IllegalMove):
            engine.apply(state, move)


@settings(max_examples=200, deadline=None)
@given(st.integers(-5, 200), st.integers(-3, 12), st.integers(-3, 12))
def test_why_illegal_answers_any_placement_in_words(card_id: int, level: int, pos: int) -> None:
    state = FUZZ_STATE
    reason = engine.why_illegal(state, engine.Place(card_id, Slot(level, pos)))
    assert reason is None or (isinstance(reason, str) and reason and "\n" not in reason)


def test_the_view_tells_each_hands_edge_cards() -> None:
    state = engine.random_position(10, 3, "standard", hand=5)
    view = state.view(0)
    assert view.hand_sizes == tuple(len(h) for h in state.hands)
    assert view.hand_edge_cards == tuple(
        sum(DECK[c].kind in ("edge", "top") for c in h) for h in state.hands
    )


def test_a_position_from_its_parts_is_checked_and_playable() -> None:
    state = engine.random_position(30, 3, "standard", hand=5)
    again = engine.position(
        DECK,
        state.pyramid,
        state.hands,
        state.turn,
        scores=state.scores,
        standard_discards=state.standard_discards,
        edge_discards=state.edge_discards,
        marker=state.marker,
        seed=4,
    )
    assert again.view(state.turn) == state.view(state.turn)
    assert engine.state_problems(again) == ()
    assert set(engine.legal_moves(again)) == set(engine.legal_moves(state))
    assert engine.position(DECK, state.pyramid, state.hands, state.turn, seed=4) == engine.position(
        DECK, state.pyramid, state.hands, state.turn, seed=4
    )


def _base(width: int = 8) -> tuple[int, ...]:
    plain = [c for c in DECK.base_ids if DECK[c].side is None]
    left = next(c for c in DECK.base_ids if DECK[c].side == "left")
    right = next(c for c in DECK.base_ids if DECK[c].side == "right")
    return (left, *plain[: width - 2], right)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda b, h: (Pyramid.with_base(b), [h[:2], h[1:3]]), "in 2 places"),
        (lambda b, h: (Pyramid.with_base(b), [h[:6], ()]), "holds 6 cards"),
        (lambda b, h: (Pyramid.with_base(b).place(Slot(2, 0), h[0]), [h[1:3], ()]), "rest on two"),
        (
            lambda b, h: (Pyramid.with_base(b).place(Slot(1, 3), card("edge", 2)), [h[:2], ()]),
            "only at an end",
        ),
        (lambda b, h: (Pyramid.with_base(b[::-1]), [h[:2], ()]), "left-end base card"),
        (lambda b, h: (Pyramid.with_base(b), [(*h[:2], 999), ()]), "not a card of this deck"),
        (lambda b, h: (Pyramid.with_base(b), [(b[0],), ()]), "in 2 places"),
    ],
)
def test_a_position_the_rules_cannot_reach_is_one_error(change: Any, words: str) -> None:
    pyramid, hands = change(_base(), DECK.standard_ids[:8])
    with pytest.raises(engine.PositionError, match=words) as caught:
        engine.position(DECK, pyramid, hands, 0)
    assert "\n" not in str(caught.value)


def test_a_position_needs_a_known_width_and_a_seat_to_move() -> None:
    with pytest.raises(engine.PositionError, match="8, 9 or 10"):
        engine.position(DECK, Pyramid.with_base(_base(7)), [(), ()], 0)
    with pytest.raises(engine.PositionError, match="seat 2 is to move"):
        engine.position(DECK, Pyramid.with_base(_base()), [(), ()], 2)
    with pytest.raises(engine.PositionError, match="2 to 5"):
        engine.position(DECK, Pyramid.with_base(_base()), [()], 0)


def test_states_pickle_and_their_mappings_are_read_only() -> None:
    """A Dask task may carry a state; nobody can change a deck or a pyramid in place."""
    state = engine.random_position(12, 4, "long", hand=5)
    assert state.pyramid.cards  # the cached view is built
    again = pickle.loads(pickle.dumps(state))
    assert again == state and again.deck == state.deck
    assert engine.legal_moves(again) == engine.legal_moves(state)
    with pytest.raises(TypeError):
        state.deck.cards[1] = state.deck.cards[2]  # type: ignore[index]
    with pytest.raises(TypeError):
        state.pyramid.cards[Slot(5, 0)] = 1  # type: ignore[index]
