"""What the Sun's value model keeps between calls (``solver/sun/expert.py``'s final-run
memos and mean worths) answers as a fresh computation would, and the belief it reads (the
engine's ``unseen``) is what the seat has not seen."""

from __future__ import annotations

from dataclasses import replace

import pytest

from silverpyr.solver.sun import expert as value_model
from silverpyr.solver.sun import game as engine
from silverpyr.solver.sun.cards import PILES
from silverpyr.solver.sun.expert import Expert, context
from silverpyr.solver.sun.pyramid import EMPTY

from .sun_setups import random_states


def _empty_above_base(state: engine.SunState) -> int:
    cells = state.pyramid.cells
    return sum(1 for i in range(state.pyramid.width, len(cells)) if cells[i] == EMPTY)


@pytest.mark.parametrize("seeds", [range(0, 6), pytest.param(range(6, 30), marks=pytest.mark.slow)])
def test_a_final_run_found_with_kept_memos_is_the_one_found_afresh(seeds: range) -> None:
    expert = Expert()
    late = [
        state
        for state in random_states(seeds)
        if state.phase in (engine.Phase.CHOOSE, engine.Phase.PLAYING)
        and 0 < _empty_above_base(state) <= len(state.hands[state.turn])
    ]
    assert len(late) >= 5  # the sample reaches the end of its games
    kept = [expert.final_run(state, state.turn) for state in late]  # memos shared, in turn
    fresh = []
    for state in late:
        value_model._FINAL_RUNS.clear()
        fresh.append(expert.final_run(state, state.turn))
    assert kept == fresh
    assert any(run is not None for run in fresh)


def test_a_final_run_is_not_taken_from_a_table_where_someone_scored_otherwise() -> None:
    expert = Expert()
    for state in random_states(range(0, 12)):
        seat = state.turn
        if state.phase is not engine.Phase.CHOOSE or _empty_above_base(state) > len(
            state.hands[seat]
        ):
            continue
        run = expert.final_run(state, seat)
        if run is None:
            continue
        # the same pyramid, hand and score, but a rival far ahead: no run wins any more
        scores = tuple(
            score if other == seat else score + 1000 for other, score in enumerate(state.scores)
        )
        assert expert.final_run(replace(state, scores=scores), seat) is None
        # the same table, but the seat itself far behind: its own score is part of a node
        scores = tuple(
            score - 1000 if other == seat else score for other, score in enumerate(state.scores)
        )
        assert expert.final_run(replace(state, scores=scores), seat) is None
        # and the memo of the first table still answers it
        assert expert.final_run(state, seat) == run
        return
    pytest.fail("no state with a winning final run in the sample")


def test_unseen_is_the_set_difference_of_what_the_seat_has_seen() -> None:
    for state in random_states(range(0, 8)):
        for seat in range(state.players):
            for pile in PILES:
                seen = {*state.pyramid.cells, *state.hands[seat], *state.discards(pile)}
                seen.add(state.marker)
                expected = tuple(c for c in state.deck.pile_ids(pile) if c not in seen)
                assert engine.unseen(state, seat, pile) == expected


def test_a_piles_mean_worth_is_the_mean_of_each_cards_worth_in_order() -> None:
    expert = Expert()
    weights = expert.weights
    checked = 0
    for state in random_states(range(0, 8)):
        seat = state.turn
        ctx = context(state, seat, weights)
        held_top = any(state.deck[c].kind == "top" for c in state.hands[seat])
        for pile in PILES:
            if not state.can_draw(pile):
                continue
            cards = engine.next_draw(state, seat, pile)
            if not cards:
                continue
            total = 0.0
            for card in cards:
                total += value_model.card_worth(
                    state.deck[card], ctx, weights, first_top=not held_top
                )
            # the same floats: summed one card at a time in the belief's order
            assert expert.pile_worth(state, seat, pile, ctx) == total / len(cards)
            checked += 1
    assert checked > 50
