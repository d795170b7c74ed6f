"""Every ruling of docs/sun-rules.md (R2-R16; R1 is in test_sun_cards.py), one test or more
each, named after it."""

from __future__ import annotations

import copy
from dataclasses import replace

import pytest
import yaml
from sun.sun_setups import DECK, card, fill, fill_below, give

from silverpyr.solver.core.rng import SeededStream
from silverpyr.solver.sun import game as engine
from silverpyr.solver.sun.cards import bundled_deck_path, parse_deck
from silverpyr.solver.sun.pyramid import Pyramid, Slot, geometry


def _game(players: int = 2, size: str = "short", seed: int = 1) -> engine.SunState:
    return engine.new_game(DECK, players, size, seed)


# --- R2: edge cards fit either end unless the file gives a side -------------------------------


def test_ruling_r2_an_edge_card_fits_either_end_unless_its_side_is_given() -> None:
    data = yaml.safe_load(bundled_deck_path().read_text(encoding="utf-8"))
    sided = next(c for c in data["cards"] if c["kind"] == "edge")
    sided["side"] = "left"
    deck = parse_deck(copy.deepcopy(data), "sided.yaml")
    assert deck is not None
    plain_edge = card("edge", 3)
    state = engine.new_game(deck, 2, "short", 4)
    state = give(state, state.turn, (sided["id"], plain_edge))
    last = Slot(1, 6)
    assert engine.why_illegal(state, engine.Place(plain_edge, Slot(1, 0))) is None
    assert engine.why_illegal(state, engine.Place(plain_edge, last)) is None
    assert engine.why_illegal(state, engine.Place(sided["id"], Slot(1, 0))) is None
    reason = engine.why_illegal(state, engine.Place(sided["id"], last))
    assert reason is not None and "left end" in reason


# --- R3: adjacency is the two below and the two above -----------------------------------------


def test_ruling_r3_neighbours_are_below_and_above_not_beside() -> None:
    shape = geometry(8)
    pyramid = Pyramid.with_base(tuple(range(1, 9)))
    assert set(pyramid.neighbours(Slot(2, 1))) == {Slot(1, 1), Slot(1, 2), Slot(3, 0), Slot(3, 1)}
    assert set(pyramid.neighbours(Slot(0, 0))) == {Slot(1, 0)}
    assert set(pyramid.neighbours(shape.top)) == {Slot(6, 0), Slot(6, 1)}
    assert all(n.level != 2 for n in pyramid.neighbours(Slot(2, 3)))


def test_ruling_r3_a_matching_card_beside_does_not_count() -> None:
    state = _game()
    sun = [card("standard", v, "sun") for v in (1, 2, 3)]
    state = fill(state, {Slot(1, 1): sun[0]})
    state = give(state, state.turn, (sun[1], sun[2]))
    beside = engine.apply(state, engine.Place(sun[1], Slot(1, 2)))  # beside 1b: no symbol choice
    assert beside.phase is engine.Phase.PLAYING
    above = engine.apply(beside, engine.Place(sun[2], Slot(2, 1)))  # on 1b and 1c: both suns
    assert above.phase is engine.Phase.SYMBOL
    assert engine.matching_neighbours(beside, sun[2], Slot(2, 1)) == 2


# --- R4: what goes on the top and at the ends, and the multipliers ----------------------------


def _before_top(size: str = "standard") -> engine.SunState:
    state = _game(3, size, 6)
    return fill_below(state, geometry(state.pyramid.width).top.level)


def test_ruling_r4_a_top_card_on_the_top_scores_three_times() -> None:
    state = _before_top()
    top_level = state.pyramid.top.level
    assert state.pyramid.open_slots() == (state.pyramid.top,)
    nine = card("top", 9)
    state = give(state, state.turn, (nine,))
    assert engine.points_for(state, nine, state.pyramid.top) == min(9, top_level) * 3
    after = engine.apply(state, engine.Place(nine, state.pyramid.top))
    assert after.scores[state.turn] == 24  # min(9, 8) x 3 on a standard pyramid


def test_ruling_r4_a_standard_card_on_the_top_scores_once_and_an_edge_card_may_not_go() -> None:
    state = _before_top()
    six = card("standard", 6)
    edge = card("edge", 5)
    state = give(state, state.turn, (six, edge))
    assert engine.points_for(state, six, state.pyramid.top) == 6
    reason = engine.why_illegal(state, engine.Place(edge, state.pyramid.top))
    assert reason == "an edge card cannot go on the top (only a top card or a standard card)"
    assert engine.legal_moves(state) == (
        engine.Place(six, state.pyramid.top),
        engine.Draw("standard"),
        engine.Draw("edge"),
    )


def test_ruling_r4_a_top_card_goes_only_on_the_top() -> None:
    state = give(_game(), 0, (card("top", 6),))
    state = replace(state, turn=0)
    for slot in state.pyramid.open_slots():
        assert engine.why_illegal(state, engine.Place(card("top", 6), slot)) == (
            "a top card goes only on the top of the pyramid"
        )


def test_ruling_r4_row_ends_double_edge_cards_only() -> None:
    state = fill_below(_game(), 4)
    edge, standard = card("edge", 5), card("standard", 5)
    assert state.pyramid.is_end(Slot(4, 0)) and state.pyramid.is_end(Slot(4, 3))
    assert engine.points_for(state, edge, Slot(4, 0)) == 8  # min(5, 4) x 2
    assert engine.points_for(state, standard, Slot(4, 0)) == 4  # a standard card at an end: x1
    assert engine.points_for(state, standard, Slot(4, 1)) == 4
    assert engine.points_for(state, card("standard", 1), Slot(4, 1)) == 1  # min(value, level)


# --- R5: a symbol's choice --------------------------------------------------------------------


def _symbol_state() -> tuple[engine.SunState, int]:
    state = _game(seed=9)
    suns = [card("standard", v, "sun") for v in (1, 2, 3)]
    state = fill(state, {Slot(1, 1): suns[0], Slot(1, 2): suns[1]})
    state = give(state, state.turn, (suns[2],))
    return engine.apply(state, engine.Place(suns[2], Slot(2, 1))), state.turn


def test_ruling_r5_the_player_chooses_the_pile_of_the_symbols_card() -> None:
    state, seat = _symbol_state()
    assert set(engine.legal_moves(state)) == {
        engine.TakePoints(),
        engine.SymbolDraw("standard"),
        engine.SymbolDraw("edge"),
    }
    for pile in ("standard", "edge"):
        after = engine.apply(state, engine.SymbolDraw(pile))
        assert after.hands[seat] == (state.pile(pile)[0],)
        assert after.events[-1] == engine.Drew(seat, pile, state.pile(pile)[0], "symbol")
        assert after.phase is engine.Phase.PLAYING


def test_ruling_r5_points_are_one_per_matching_neighbour() -> None:
    state, seat = _symbol_state()
    after = engine.apply(state, engine.TakePoints())
    assert after.scores[seat] - state.scores[seat] == 2
    assert isinstance(after.events[-1], engine.Scored) and after.events[-1].kind == "symbol"


def test_ruling_r5_with_nothing_to_draw_only_the_points_are_offered() -> None:
    state, _ = _symbol_state()
    empty_standard = replace(state, standard_pile=(), standard_discards=())
    assert set(engine.legal_moves(empty_standard)) == {
        engine.TakePoints(),
        engine.SymbolDraw("edge"),
    }
    assert engine.why_illegal(empty_standard, engine.SymbolDraw("standard")) == (
        "the standard pile and its discards are empty"
    )
    nothing = replace(empty_standard, edge_pile=(), edge_discards=())
    assert engine.legal_moves(nothing) == (engine.TakePoints(),)


# --- R6: drawing two --------------------------------------------------------------------------


def test_ruling_r6_the_second_pile_is_chosen_after_seeing_the_first_card() -> None:
    state = _game(seed=12)
    seat = state.turn
    first = engine.apply(state, engine.Draw("edge"))
    assert first.phase is engine.Phase.DRAWING and first.turn == seat
    assert state.edge_pile[0] in first.hands[seat]  # seen before the second choice
    assert set(engine.legal_moves(first)) == {engine.Draw("standard"), engine.Draw("edge")}
    second = engine.apply(first, engine.Draw("standard"))
    assert len(second.hands[seat]) == 6  # 4 + 2: down to 5 after both cards
    assert second.phase is engine.Phase.DISCARD and second.turn == seat


def test_ruling_r6_an_empty_pile_is_refilled_by_its_shuffled_discards_from_the_seed() -> None:
    state = _game(seed=13)
    discards = state.standard_pile[:10]
    state = replace(state, standard_pile=(), standard_discards=discards, reshuffles=2)
    after = engine.apply(state, engine.Draw("standard"))
    expected = SeededStream(f"{engine.SEED_KEY}|13|reshuffle|2").shuffled(discards)
    assert after.hand.count(expected[0]) == 1
    assert after.standard_pile == tuple(expected[1:])
    assert after.standard_discards == ()
    assert after.reshuffles == 3
    assert engine.Reshuffled("standard", 10, 3) in after.events
    assert engine.apply(state, engine.Draw("standard")) == after  # seeded: the same every time


def test_ruling_r6_a_pile_with_no_card_and_no_discard_cannot_be_chosen() -> None:
    state = replace(_game(seed=14), edge_pile=(), edge_discards=())
    assert engine.Draw("edge") not in engine.legal_moves(state)
    assert (
        engine.why_illegal(state, engine.Draw("edge")) == "the edge pile and its discards are empty"
    )


def test_ruling_r16_the_draw_takes_one_card_when_nothing_is_left_after_it() -> None:
    state = _game(seed=15)
    seat = state.turn
    state = replace(state, edge_pile=(), edge_discards=(), standard_pile=state.standard_pile[:1])
    after = engine.apply(state, engine.Draw("standard"))
    assert after.phase is engine.Phase.CHOOSE and after.turn != seat
    assert len(after.hands[seat]) == 5


# --- R7: a stall ------------------------------------------------------------------------------


def _stuck(players: int = 3) -> engine.SunState:
    state = _game(players, seed=16)
    state = fill_below(state, 2)  # level 1 full: only level 2 is open, ends included
    state = replace(
        state,
        hands=tuple(() for _ in range(players)),
        standard_pile=(),
        edge_pile=(),
        standard_discards=(),
        edge_discards=(),
    )
    return state


def test_ruling_r7_a_player_with_nothing_to_play_or_draw_passes() -> None:
    state = _stuck()
    assert engine.legal_moves(state) == (engine.Pass(),)
    assert engine.why_illegal(_game(), engine.Pass()) == "you can still draw, so you cannot pass"


def test_ruling_r7_a_whole_round_of_passes_ends_the_game_without_a_top() -> None:
    state = _stuck(3)
    for _ in range(2):
        state = engine.apply(state, engine.Pass())
        assert state.phase is engine.Phase.CHOOSE
    state = engine.apply(state, engine.Pass())
    result = engine.outcome(state)
    assert result is not None and result.reason == "stalled"
    assert not state.pyramid.complete


def test_ruling_r7_a_play_or_draw_breaks_the_row_of_passes() -> None:
    state = engine.apply(_stuck(2), engine.Pass())
    assert state.passes == 1
    state = replace(state, standard_pile=(card("standard", 3, "moon"),))
    state = engine.apply(state, engine.Draw("standard"))
    assert state.passes == 0 and not state.over


# --- R8: a play turn and the hand limit -------------------------------------------------------


def test_ruling_r8_a_turn_plays_one_card_or_more_and_may_stop_after_any() -> None:
    state = _game(seed=17)
    assert engine.why_illegal(state, engine.EndTurn()) is not None
    place = next(m for m in engine.legal_moves(state) if isinstance(m, engine.Place))
    after = engine.apply(state, place)
    while after.phase is engine.Phase.SYMBOL:
        after = engine.apply(after, engine.TakePoints())
    assert engine.EndTurn() in engine.legal_moves(after)
    assert any(isinstance(m, engine.Place) for m in engine.legal_moves(after))


def test_ruling_r8_the_hand_limit_applies_after_a_draw_two_only() -> None:
    state = _game(seed=18)
    seat = state.turn
    state = give(state, seat, tuple(state.standard_pile[-4:]))
    state = engine.apply(engine.apply(state, engine.Draw("standard")), engine.Draw("standard"))
    assert len(state.hands[seat]) == 6 and state.phase is engine.Phase.DISCARD
    assert engine.legal_moves(state) == tuple(engine.Discard(c) for c in state.hands[seat])
    state = engine.apply(state, engine.Discard(state.hands[seat][2]))
    assert state.phase is engine.Phase.CHOOSE and len(state.hands[seat]) == 5


def test_ruling_r8_a_symbols_draw_keeps_the_hand_at_five_at_most() -> None:
    state = _game(seed=19)
    suns = [card("standard", v, "sun") for v in (1, 2, 3, 4, 5, 6)]
    state = fill(state, {Slot(1, 1): suns[0], Slot(1, 2): suns[1]})
    state = give(state, state.turn, (*suns[2:], card("standard", 2, "moon")))
    seat = state.turn
    assert len(state.hand) == 5
    after = engine.apply(
        engine.apply(state, engine.Place(suns[2], Slot(2, 1))), engine.SymbolDraw("standard")
    )
    assert len(after.hands[seat]) == 5


def test_ruling_r15_the_turn_ends_by_end_even_with_an_empty_hand() -> None:
    state = _game(seed=20)
    only = card("standard", 1)
    state = give(state, state.turn, (only,))
    after = engine.apply(state, engine.Place(only, state.pyramid.open_slots()[0]))
    assert after.phase is engine.Phase.PLAYING and engine.legal_moves(after) == (engine.EndTurn(),)


# --- R9: the end and the winners --------------------------------------------------------------


def test_ruling_r9_the_game_ends_at_once_when_the_top_is_placed() -> None:
    state = _before_top("short")
    six = card("standard", 6)
    state = give(state, state.turn, (six, card("standard", 5)))
    after = engine.apply(state, engine.Place(six, state.pyramid.top))
    assert after.phase is engine.Phase.OVER and after.pyramid.complete
    assert engine.legal_moves(after) == ()
    with pytest.raises(engine.IllegalMove, match="the game is over"):
        engine.apply(after, engine.EndTurn())
    result = engine.outcome(after)
    assert result is not None and result.reason == "top"


def _over(scores: tuple[int, ...], sizes: tuple[int, ...]) -> engine.SunState:
    state = _game(len(scores), seed=21)
    pool = iter(state.standard_pile + sum(state.hands, ()))
    hands = tuple(tuple(sorted(next(pool) for _ in range(n))) for n in sizes)
    return replace(state, scores=scores, hands=hands, phase=engine.Phase.OVER, end="top")


@pytest.mark.parametrize(
    ("scores", "sizes", "winners"),
    [
        ((30, 25, 12), (0, 5, 5), (0,)),  # most points
        ((30, 30, 12), (1, 3, 5), (1,)),  # tie: more cards in hand
        ((30, 30, 30), (2, 2, 1), (0, 1)),  # still tied: a shared win
        ((7, 7), (0, 0), (0, 1)),
    ],
)
def test_ruling_r9_most_points_then_more_cards_then_a_shared_win(
    scores: tuple[int, ...], sizes: tuple[int, ...], winners: tuple[int, ...]
) -> None:
    result = engine.outcome(_over(scores, sizes))
    assert result is not None and result.winners == winners


# --- R10: pyramid sizes and the base row ------------------------------------------------------


@pytest.mark.parametrize(("size", "width"), [("short", 8), ("standard", 9), ("long", 10)])
def test_ruling_r10_pyramid_sizes_and_base_row(size: str, width: int) -> None:
    state = _game(2, size, 22)
    row = state.pyramid.rows()[0]
    assert len(row) == width == engine.SIZES[size] + 2
    assert DECK[row[0]].side == "left" and DECK[row[-1]].side == "right"  # type: ignore[index]
    assert all(DECK[c].side is None and DECK[c].kind == "base" for c in row[1:-1])  # type: ignore[index]
    assert len(state.removed) == 8 - engine.SIZES[size]
    rows = {engine.new_game(DECK, 2, size, seed).pyramid.rows()[0] for seed in range(12)}
    assert len(rows) > 1  # the plain cards' order is drawn from the seed
    assert _game(2, size, 22).pyramid == state.pyramid


# --- R11: no symbol on the top ----------------------------------------------------------------


def test_ruling_r11_the_top_cards_symbol_is_not_resolved() -> None:
    state = _game(2, "short", 23)
    width = state.pyramid.width
    moons = [c.id for c in DECK if c.kind == "standard" and c.symbol == "moon"]
    below_top = {Slot(width - 2, 0): moons[0], Slot(width - 2, 1): moons[1]}
    state = fill(fill_below(fill(state, below_top), width - 2), {})
    state = give(state, state.turn, (moons[2],))
    assert engine.matching_neighbours(state, moons[2], state.pyramid.top) == 2
    after = engine.apply(state, engine.Place(moons[2], state.pyramid.top))
    assert after.phase is engine.Phase.OVER and after.pending is None


# --- R12: the marker --------------------------------------------------------------------------


def test_ruling_r12_the_marker_is_any_edge_card_never_drawn_and_out_of_the_game() -> None:
    markers = [engine.new_game(DECK, 2, "short", seed).marker for seed in range(120)]
    assert all(m in DECK.edge_ids for m in markers)
    assert any(DECK[m].kind == "top" for m in markers)  # tops included
    state = _game(seed=24)
    assert state.marker not in state.edge_pile
    assert state.marker not in engine.unseen(state, 0, "edge")
    state = replace(state, edge_pile=(), edge_discards=())
    assert engine.Draw("edge") not in engine.legal_moves(state)


# --- R13: the deal and the first player -------------------------------------------------------


def test_ruling_r13_the_first_player_is_drawn_from_the_seed_and_deals_are_round_robin() -> None:
    firsts = {engine.new_game(DECK, 4, "standard", seed).first for seed in range(40)}
    assert firsts == {0, 1, 2, 3}
    state = engine.new_game(DECK, 3, "standard", 25)
    stream = SeededStream(f"{engine.SEED_KEY}|25")
    standard = stream.child("standard").shuffled(DECK.standard_ids)
    assert state.hands[1] == tuple(sorted(standard[1:12:3]))
    assert state.turn == state.first


# --- R14: cards of one label are interchangeable ----------------------------------------------


def test_ruling_r14_a_label_names_the_lowest_id_of_that_label_in_the_hand() -> None:
    twos = [c.id for c in DECK if c.label == "S2-sun"]
    assert len(twos) == 2
    state = give(_game(seed=26), 0, (twos[1],))
    state = replace(state, turn=0)
    assert engine.parse_move(state, "S2-sun@1c") == engine.Place(twos[1], Slot(1, 2))
    state = give(state, 0, tuple(twos))
    assert engine.parse_move(state, "s2-sun 1c") == engine.Place(twos[0], Slot(1, 2))
    assert engine.parse_move(state, f"#{twos[1]}@1c") == engine.Place(twos[1], Slot(1, 2))


def test_ruling_r6_a_reshuffled_pile_holds_only_its_reshuffle_less_what_left_it() -> None:
    """Issue 30: after a reshuffle the next card is one of the reshuffled discards a seat
    has not seen leave the pile, never a card another hand held before it, for the seat
    that drew (which saw its card) and for the others (which did not)."""
    state = _game(seed=28)
    discards = state.standard_pile[:3]
    state = replace(state, standard_pile=(), standard_discards=discards)
    mover = state.turn
    other = (mover + 1) % state.players
    first = engine.apply(state, engine.Draw("standard"))
    assert first.standard_reshuffled == tuple(sorted(discards))
    drawn = first.events[-1]
    assert isinstance(drawn, engine.Drew)
    rest = tuple(sorted(c for c in discards if c != drawn.card))
    assert engine.next_draw(first, mover, "standard") == rest
    assert engine.next_draw(first, other, "standard") == tuple(sorted(discards))
    held = first.hands[other][0]  # dealt before the reshuffle: not in the pile
    assert held not in engine.next_draw(first, mover, "standard")
    with pytest.raises(engine.PositionError, match="cannot be the next card"):
        engine.with_next_card(first, mover, "standard", held)
    # for the other seat, the mover's card may still be in the pile: swapped, not invented
    swapped = engine.with_next_card(first, other, "standard", drawn.card)
    assert swapped.standard_pile[0] == drawn.card
    assert drawn.card not in swapped.hands[mover]
    assert first.standard_pile[0] in swapped.hands[mover]
    # the pile runs out: the reshuffle is forgotten, the next one is of the discards
    second = engine.apply(first, engine.Draw("standard"))
    while second.phase is engine.Phase.DISCARD:
        second = engine.apply(second, engine.Discard(second.hand[0]))
    assert len(second.standard_pile) == 1 and second.standard_reshuffled is not None
    last = engine.apply(second, engine.Draw("standard"))
    assert last.standard_pile == () and last.standard_reshuffled is None


def test_ruling_r6_after_an_empty_pile_the_next_card_is_one_of_the_discards() -> None:
    state = _game(seed=27)
    discards = state.standard_pile[:3]
    state = replace(state, standard_pile=(), standard_discards=discards)
    assert engine.next_draw(state, state.turn, "standard") == tuple(sorted(discards))
    drawn = engine.apply(state, engine.Draw("standard")).events[-1]
    assert isinstance(drawn, engine.Drew) and drawn.card in discards
