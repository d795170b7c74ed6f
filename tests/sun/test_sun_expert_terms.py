"""The Sun expert's values in named terms (``solver/sun/expert.py``): the refactor changed no
decision, and an option's terms add up to the number the expert decides by."""

from __future__ import annotations

import json
import math

import pytest

from silverpyr.solver.sun import game as engine
from silverpyr.solver.sun.cards import load_deck
from silverpyr.solver.sun.expert import Expert, context, hand_worths

from .expert_golden import GOLDEN, recorded
from .sun_setups import random_states

DECK = load_deck()


def test_the_experts_decisions_are_the_ones_recorded_before_its_terms() -> None:
    golden = json.loads(GOLDEN.read_text())
    found = recorded()
    assert found.keys() == golden.keys()
    for name, moves in golden.items():
        differ = next(
            (i for i, (a, b) in enumerate(zip(found[name], moves, strict=False)) if a != b),
            None,
        )
        if differ is not None:
            pytest.fail(f"{name}: move {differ} is {found[name][differ]}, not {moves[differ]}")
        assert len(found[name]) == len(moves), name


def _total(terms: dict[tuple[str, str], float]) -> float:
    return sum(terms.values())


def _close(a: float, b: float) -> bool:
    return math.isclose(a, b, abs_tol=1e-6)


@pytest.mark.parametrize("seeds", [range(0, 3), pytest.param(range(3, 12), marks=pytest.mark.slow)])
def test_every_options_terms_add_up_to_the_number_the_expert_decides_by(seeds: range) -> None:
    expert = Expert()
    weights = expert.weights
    checked: set[str] = set()
    for state in random_states(seeds):
        seat = state.turn
        ctx = context(state, seat, weights)
        for move in engine.distinct_moves(state):
            total = _total(expert.valuation(state, seat, move))
            if isinstance(move, engine.Place):
                worths = hand_worths(state, state.hands[seat], ctx, weights)
                _, card = expert.best_pile(state, seat, ctx)
                can = state.can_draw("standard") or state.can_draw("edge")
                gain = _total(expert.gain_terms(state, seat, move, ctx, worths, card, can))
                after = engine.apply_unchecked(state, move)
                if after.phase is engine.Phase.SYMBOL:
                    after = engine.apply_unchecked(after, engine.TakePoints())
                _, rest = expert.plan(after, seat)
                assert _close(total, gain + rest), (state.seed, move)
                checked.add("place")
            elif isinstance(move, engine.EndTurn):
                assert _close(total, expert.tempo(state, seat, ctx.empty))
                checked.add("end")
            elif isinstance(move, engine.Draw) and state.phase is engine.Phase.CHOOSE:
                best, _ = expert.best_pile(state, seat, ctx)
                if move.pile == best:
                    draw = expert.draw_worth(state, seat, ctx)
                    assert _close(total, draw + expert.tempo(state, seat, ctx.empty))
                    checked.add("draw 2")
            elif isinstance(move, engine.Draw):
                assert _close(total, expert.pile_worth(state, seat, move.pile, ctx))
                checked.add("second card")
            elif isinstance(move, engine.SymbolDraw):
                worth = expert.pile_worth(state, seat, move.pile, ctx)
                assert _close(total, weights.symbol_card * worth)
                checked.add("symbol card")
            elif isinstance(move, engine.TakePoints):
                assert _close(total, expert.pending_matches(state))
                checked.add("symbol points")
            elif isinstance(move, engine.Discard):
                worths = hand_worths(state, state.hands[seat], ctx, weights)
                assert _close(total, -worths[move.card])
                checked.add("discard")
        if state.phase in (engine.Phase.CHOOSE, engine.Phase.PLAYING):
            steps, value = expert.plan(state, seat)
            if steps:  # the turn the expert weighs against drawing or ending is its plan's
                assert _close(_total(expert.valuation(state, seat, steps[0])), value)
    assert checked >= {"place", "end", "draw 2", "second card", "symbol points", "discard"}


def test_a_choice_made_by_value_is_worth_at_least_what_it_was_weighed_against() -> None:
    expert = Expert()
    for state in random_states(range(12, 18)):
        seat = state.turn
        choice = expert.choose(state, seat)
        if choice.rule is not None:
            continue
        mine = _total(expert.valuation(state, seat, choice.move))
        if state.phase in (engine.Phase.SYMBOL, engine.Phase.DRAWING, engine.Phase.DISCARD):
            rivals = engine.distinct_moves(state)  # the expert takes the best of these by value
        elif isinstance(choice.move, engine.Place):
            rivals = tuple(
                m for m in engine.distinct_moves(state) if not isinstance(m, engine.Place)
            )
        else:  # drawing or ending: its plan's first card was worth less
            steps, _ = expert.plan(state, seat)
            rivals = tuple(steps[:1])
        for rival in rivals:
            theirs = _total(expert.valuation(state, seat, rival))
            assert mine >= theirs - 1e-9, (state.seed, choice.move, rival)
