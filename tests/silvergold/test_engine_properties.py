"""Property-based: random seeded games with random legal choices never break an invariant."""

from __future__ import annotations

import random
from collections.abc import Sequence

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from silvergold.template_decks import templated_deck

from silverpyr.solver.silvergold.cards import Color, Deck, Symbol
from silverpyr.solver.silvergold.cells import NEIGHBOUR_MASKS, cells_of, count
from silverpyr.solver.silvergold.game import GameState, Phase, deal
from silverpyr.solver.silvergold.moves import Move
from silverpyr.solver.silvergold.position import CardState
from silverpyr.solver.silvergold.sheet import (
    GEM_CAP,
    PYRAMID_POINT_BOXES,
    SKULL_CAP,
    Sheet,
    gem_points,
)

# Rooms rich in crosses, potions and skulls so that chains and caps come up often.
TEMPLATES = (
    ("..E..", ".xrx.", "xs.pg", ".#t#.", "..T.."),
    ("E.r..", "#x.#.", "gx.xs", "s#s#t", "p..T."),
    ("..E.g", "r.#..", ".xx.s", "#.t.#", "s..Tp"),
    ("....E", "t##.x", "grs..", "s.#t.", "T...p"),
    ("E.t.t", "x.x.x", "rgrgr", "sssss", "Tpppp"),
)


def _deck() -> Deck:
    return templated_deck(TEMPLATES, lambda number: number % 2 == 1)


DECK = _deck()


def _connected_from_entrance(state: CardState) -> bool:
    marked = state.marked
    entrance = state.room.entrance
    if not marked >> entrance & 1:
        return False
    reached = 1 << entrance
    frontier = [entrance]
    while frontier:
        cell = frontier.pop()
        for neighbour in cells_of(NEIGHBOUR_MASKS[cell] & marked & ~reached):
            reached |= 1 << neighbour
            frontier.append(neighbour)
    return reached == marked


def _check_card(state: CardState) -> None:
    if state.marked:
        assert _connected_from_entrance(state), "marks not connected from the entrance"
    assert not state.marked & state.room.mask(Symbol.WALL), "a wall is marked"


def _check_sheet(sheet: Sheet, round_number: int) -> None:
    assert 0 <= sheet.red <= GEM_CAP and 0 <= sheet.green <= GEM_CAP
    assert 0 <= sheet.skulls <= SKULL_CAP
    assert not any(sheet.torches[round_number:]), "a torch box of a future round is ticked"
    score = sheet.score()
    assert score.total == (
        score.torches + score.pyramid_points + score.gems + score.skulls + score.completed
    )
    assert score.torches == 5 * sum(sheet.torches)
    assert score.gems == gem_points(sheet.red, sheet.green)
    assert score.skulls == -sheet.skulls * (sheet.skulls + 1) // 2
    assert score.completed == 10 * len(sheet.completed)


def _check_state(state: GameState, all_numbers: list[int]) -> None:
    in_hands = [s.number for p in state.players for s in p.cards]
    completed = [c.number for p in state.players for c in p.sheet.completed]
    piles = [c.number for c in (*state.offer, *state.pyramid_deck)]
    if state.phase is Phase.MARK or state.is_over():
        # Completed cards left the hands; every card is somewhere, exactly once.
        assert sorted(in_hands + completed + piles) == all_numbers
        assert len(state.offer) == 4 or not state.pyramid_deck
    for player in state.players:
        for card_state in player.cards:
            _check_card(card_state)
            if card_state.is_complete():
                assert card_state.card in player.sheet.completed
        _check_sheet(player.sheet, state.round_number)
    for color in Color:
        values = [claim.points for claim in state.claims if claim.color is color]
        assert values == list(PYRAMID_POINT_BOXES[: len(values)])


def _check_turn(before: GameState, after: GameState) -> None:
    """What one play() changed: only fresh cells, torches of this round, tombs for completions."""
    for old, new in zip(before.players, after.players, strict=True):
        for old_card in old.cards:
            same = [s for s in new.cards if s.number == old_card.number]
            if same:
                assert same[0].marked & old_card.marked == old_card.marked, "a mark disappeared"
        grown = {s.number: s for s in old.cards}
        for card_state in new.cards:
            if card_state.number in grown and card_state.is_complete():
                assert card_state.marked >> card_state.room.tomb & 1
        ticked = [
            i
            for i, (a, b) in enumerate(zip(old.sheet.torches, new.sheet.torches, strict=True))
            if b and not a
        ]
        assert ticked in ([], [before.round_number - 1]), "torch ticked for another round"
        for card in new.sheet.completed[len(old.sheet.completed) :]:
            assert card.number in grown


def _check_marked_cells(before: GameState, after: GameState, moves: Sequence[Move]) -> None:
    """No cell marked twice: each card still held grows by exactly the cells its marks name."""
    for old, new, move in zip(before.players, after.players, moves, strict=True):
        named: dict[int, int] = {}
        for mark in move.marks():
            named[mark.card] = named.get(mark.card, 0) + count(mark.cells)
        held = {s.number: s for s in new.cards}
        for old_card in old.cards:
            if old_card.number in held:
                grown = count(held[old_card.number].marked) - count(old_card.marked)
                assert grown == named.get(old_card.number, 0)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4), rng=st.randoms(use_true_random=False))
def test_random_games_keep_every_invariant(seed: int, players: int, rng: random.Random) -> None:
    state = deal(DECK, players, seed)
    all_numbers = list(range(1, 49))
    state = state.keep([tuple(c.number for c in rng.sample(p.dealt, 2)) for p in state.players])
    _check_state(state, all_numbers)
    while not state.is_over():
        if state.phase is Phase.REPLACE:
            state = state.take_replacement(rng.choice(state.replacement_options()))
        else:
            moves = [rng.choice(state.legal_moves(p)) for p in range(players)]
            marked = state.play(moves)
            _check_marked_cells(state, marked, moves)
            _check_turn(state, marked)
            state = marked
        _check_state(state, all_numbers)
    outcome = state.outcome()
    assert outcome.totals == tuple(p.sheet.score().total for p in state.players)
    assert outcome.winners
