"""Property-based: random legal games of Pyramid of the Sun (2-5 players, every size) never
break an invariant of the rules."""

from __future__ import annotations

import dataclasses
from collections import Counter
from itertools import pairwise

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from silverpyr.solver.core.rng import MAX_SEED, SeededStream
from silverpyr.solver.sun import game as engine
from silverpyr.solver.sun.cards import PILES, load_deck
from silverpyr.solver.sun.pyramid import EMPTY, Slot

DECK = load_deck()
MAX_MOVES = 3_000
"""A random game ends long before this many moves (the longest seen are under 600)."""

games = st.tuples(
    st.integers(0, MAX_SEED),
    st.integers(2, 5),
    st.sampled_from(["short", "standard", "long"]),
    st.integers(0, 2**32),
    st.sampled_from(["uniform", "drawer"]),
)


def _choose(
    state: engine.SunState, moves: tuple[engine.Move, ...], stream: SeededStream, policy: str
) -> engine.Move:
    """Uniform over the legal moves; the ``drawer`` draws half the time it may, so that piles
    run dry, reshuffle and hands fill up."""
    if policy == "drawer":
        draws = [m for m in moves if isinstance(m, engine.Draw | engine.SymbolDraw)]
        if draws and stream.chance(1, 2):
            return stream.choice(draws)
    return stream.choice(moves)


def _play(
    seed: int, players: int, size: str, policy_seed: int, policy: str
) -> list[engine.SunState]:
    state = engine.new_game(DECK, players, size, seed)
    stream = SeededStream(f"test-policy|{policy_seed}")
    states = [state]
    while not state.over:
        assert len(states) < MAX_MOVES, "the game did not end"
        state = engine.apply(state, _choose(state, engine.legal_moves(state), stream, policy))
        states.append(state)
    return states


def _places(state: engine.SunState) -> Counter[int]:
    """Every card id where it lies: piles, marker, discards, hands, pyramid, out of the game."""
    where: Counter[int] = Counter()
    where.update(state.standard_pile)
    where.update(state.edge_pile)
    where[state.marker] += 1
    where.update(state.standard_discards)
    where.update(state.edge_discards)
    for hand in state.hands:
        where.update(hand)
    where.update(card for card in state.pyramid.cells if card != EMPTY)
    where.update(state.removed)
    return where


ALL_CARDS = Counter(card.id for card in DECK)


def _candidates(state: engine.SunState) -> list[engine.Move]:
    """Moves of every kind, legal or not: every hand card on every slot, both piles, every
    hand card discarded, and the rest."""
    moves: list[engine.Move] = [engine.EndTurn(), engine.Pass(), engine.TakePoints()]
    for pile in PILES:
        moves += [engine.Draw(pile), engine.SymbolDraw(pile)]
    for card in state.hand:
        moves.append(engine.Discard(card))
        moves += [engine.Place(card, slot) for slot in state.pyramid.geometry.slots]
    other = next(c for c in DECK.standard_ids if c not in state.hand)
    moves += [engine.Place(other, state.pyramid.top), engine.Discard(other)]
    return moves


def _check(state: engine.SunState) -> None:
    assert engine.state_problems(state) == ()
    assert _places(state) == ALL_CARDS, "a card is lost or in two places"
    totals = [0] * state.players
    for event in state.events:
        if isinstance(event, engine.Scored):
            totals[event.seat] += event.points
    assert tuple(totals) == state.scores
    assert all(DECK[c].kind == "standard" for c in state.standard_pile + state.standard_discards)
    assert all(DECK[c].kind in ("edge", "top") for c in state.edge_pile + state.edge_discards)
    for seat, hand in enumerate(state.hands):
        assert list(hand) == sorted(hand)
        if state.phase in (engine.Phase.DRAWING, engine.Phase.DISCARD) and seat == state.turn:
            assert len(hand) <= engine.HAND_LIMIT + 2
        else:
            assert len(hand) <= engine.HAND_LIMIT, "more than 5 cards outside a draw"
    pyramid = state.pyramid
    shape = pyramid.geometry
    for i, card in enumerate(pyramid.cells):
        if card == EMPTY or i < pyramid.width:
            continue
        support = shape.supports[i]
        assert support is not None
        assert all(pyramid.cells[j] != EMPTY for j in support), "a card floats"
        kind = DECK[card].kind
        if kind == "top":
            assert shape.slots[i] == shape.top
        if kind == "edge":
            assert shape.ends[i]
    for pile in PILES:
        hidden = set(engine.unseen(state, state.turn, pile))
        assert hidden.isdisjoint(state.hand)
        assert set(state.pile(pile)) <= hidden
        shuffled = state.reshuffled(pile)
        if shuffled is not None:  # a reshuffled pile holds only cards of its reshuffle (R6)
            assert set(state.pile(pile)) <= set(shuffled)
        for seat in range(state.players):
            chances = engine.next_draw(state, seat, pile)
            if not state.can_draw(pile):
                assert chances == ()
            elif not state.pile(pile):
                assert sorted(chances) == sorted(state.discards(pile))
            else:  # every card the pile holds may come, and no card held before a reshuffle
                assert set(state.pile(pile)) <= set(chances)
                mine = set(engine.unseen(state, seat, pile))
                assert set(chances) == (mine if shuffled is None else mine & set(shuffled))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_random_games_keep_every_invariant(game: tuple[int, int, str, int, str]) -> None:
    states = _play(*game)
    for state in states:
        _check(state)
    final = states[-1]
    result = engine.outcome(final)
    assert result is not None and result.reason == "top"
    assert final.pyramid.complete
    assert set(result.winners) <= set(range(final.players))
    best = max(result.scores)
    assert all(result.scores[seat] == best for seat in result.winners)
    assert all(engine.outcome(state) is None for state in states[:-1])


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_legal_moves_apply_and_why_illegal_is_none_exactly_for_them(
    game: tuple[int, int, str, int, str],
) -> None:
    states = _play(*game)
    for state in states[:: max(1, len(states) // 40)]:
        legal = set(engine.legal_moves(state))
        assert len(legal) == len(engine.legal_moves(state)), "a move listed twice"
        for move in legal:
            engine.apply(state, move)
        for move in _candidates(state):
            assert (engine.why_illegal(state, move) is None) == (move in legal), move


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_states_are_immutable_and_apply_leaves_the_old_state_alone(
    game: tuple[int, int, str, int, str],
) -> None:
    seed, players, size, policy_seed, policy = game
    state = engine.new_game(DECK, players, size, seed)
    stream = SeededStream(f"test-policy|{policy_seed}")
    for _ in range(200):
        if state.over:
            break
        before = _snapshot(state)
        after = engine.apply(state, _choose(state, engine.legal_moves(state), stream, policy))
        assert _snapshot(state) == before
        with pytest.raises(dataclasses.FrozenInstanceError):
            state.turn = 3  # type: ignore[misc]
        with pytest.raises(dataclasses.FrozenInstanceError):
            state.pyramid.cells = ()  # type: ignore[misc]
        assert isinstance(state.hands, tuple) and all(isinstance(h, tuple) for h in state.hands)
        state = after


def _snapshot(state: engine.SunState) -> tuple[object, ...]:
    return tuple(getattr(state, f.name) for f in dataclasses.fields(state) if f.name != "deck")


@settings(max_examples=10, deadline=None)
@given(games)
def test_the_same_seed_and_moves_give_the_same_game(game: tuple[int, int, str, int, str]) -> None:
    first = _play(*game)
    second = _play(*game)
    assert first == second
    assert hash(first[-1]) == hash(second[-1])


@settings(max_examples=20, deadline=None)
@given(st.integers(0, MAX_SEED), st.integers(2, 5), st.integers(0, 2**32))
def test_a_determinized_state_keeps_what_the_seat_knows(seed: int, players: int, deal: int) -> None:
    state = engine.random_position(seed, players, "standard", turns=deal % 30)
    seat = deal % players
    other = engine.determinized(state, seat, SeededStream(f"deal|{deal}"))
    assert other.view(seat) == state.view(seat)
    assert _places(other) == ALL_CARDS
    for pile in PILES:
        assert engine.unseen(other, seat, pile) == engine.unseen(state, seat, pile)
        assert len(other.pile(pile)) == len(state.pile(pile))
        for s in range(players):
            assert sum(DECK[c].pile == pile for c in other.hands[s]) == sum(
                DECK[c].pile == pile for c in state.hands[s]
            )
    assert other.hands[seat] == state.hands[seat]
    assert engine.determinized(state, seat, SeededStream(f"deal|{deal}")) == other
    engine.legal_moves(other)  # a state the engine plays on


def test_a_determinized_reshuffled_pile_holds_only_its_reshuffle() -> None:
    """Issue 30: a pile made from reshuffled discards is dealt only cards of that
    reshuffle, and the seat's belief over every pile stays what it was (games of the
    ``drawer`` policy, whose piles run dry)."""
    checked = 0
    for i in range(1, 6):
        states = _play(i, 2 + i % 4, ("short", "standard", "long")[i % 3], i, "drawer")
        shuffled = [s for s in states if not s.over and any(s.reshuffled(p) for p in PILES)]
        for state in shuffled[::10]:
            seat = (i + checked) % state.players
            other = engine.determinized(state, seat, SeededStream(f"deal|{i}|{checked}"))
            assert other.view(seat) == state.view(seat)
            for pile in PILES:
                made_from = state.reshuffled(pile)
                assert made_from is None or set(other.pile(pile)) <= set(made_from)
                assert engine.next_draw(other, seat, pile) == engine.next_draw(state, seat, pile)
            checked += 1
    assert checked >= 30


@settings(max_examples=10, deadline=None)
@given(st.integers(0, MAX_SEED), st.integers(0, 5))
def test_random_position_with_a_hand_size(seed: int, hand: int) -> None:
    state = engine.random_position(seed, 3, "standard", hand=hand)
    assert state.phase is engine.Phase.CHOOSE and len(state.hand) == hand
    _check(state)


def _expected_points(state: engine.SunState, event: engine.Scored) -> int:
    """The scoring rules computed again from the slot's coordinates, apart from the engine."""
    card = DECK[event.card]
    level, pos = event.slot.level, event.slot.pos
    width = state.pyramid.width
    if event.kind == "symbol":
        below = [state.pyramid.card_at(Slot(level - 1, p)) for p in (pos, pos + 1)]
        return sum(1 for c in below if c is not None and DECK[c].symbol == card.symbol)
    top = level == width - 1
    end = not top and pos in (0, width - level - 1)
    factor = 3 if card.kind == "top" and top else 2 if card.kind == "edge" and end else 1
    return min(card.value, level) * factor


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games)
def test_every_score_follows_the_scoring_rules(game: tuple[int, int, str, int, str]) -> None:
    final = _play(*game)[-1]
    scored = [e for e in final.events if isinstance(e, engine.Scored)]
    assert scored and all(e.points == _expected_points(final, e) for e in scored)
    kinds = [e.kind for e in scored]
    assert kinds[0] == "card"
    for before, after in pairwise(scored):
        if after.kind == "symbol":  # a symbol's points follow its own card at once
            assert before.kind == "card" and before.card == after.card and after.points >= 1


@settings(max_examples=15, deadline=None)
@given(st.integers(0, MAX_SEED), st.integers(2, 5), st.integers(0, 2**32), st.sampled_from(PILES))
def test_with_next_card_makes_each_possible_draw_come_next(
    seed: int, players: int, pick: int, pile: str
) -> None:
    state = engine.random_position(seed, players, "long", turns=pick % 40)
    if pick % 3 == 0:  # an empty pile, its discards about to be reshuffled
        state = dataclasses.replace(
            state,
            **{f"{pile}_pile": (), f"{pile}_discards": state.discards(pile) + state.pile(pile)},
        )
    seat = state.turn
    chances = engine.next_draw(state, seat, pile)  # type: ignore[arg-type]
    assert chances
    card = chances[pick % len(chances)]
    ready = engine.with_next_card(state, seat, pile, card)  # type: ignore[arg-type]
    assert ready.view(seat).hand == state.view(seat).hand
    assert ready.view(seat).hand_sizes == state.view(seat).hand_sizes
    assert _places(ready) == ALL_CARDS and engine.state_problems(ready) == ()
    drawn = engine.apply(ready, engine.Draw(pile))  # type: ignore[arg-type]
    assert card in drawn.hands[seat]
    assert engine.next_draw(ready, seat, pile) == engine.next_draw(
        state, seat, pile
    ) or not state.pile(pile)
