"""Flat Monte Carlo (``solver/core/montecarlo.py``) on a toy game whose values are known, and over
the Sun's and Cheops's engines: legal, deterministic, deals that keep what the seat sees,
the same deals for every option."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st
from toy_game import Toy, ToyRules

from silverpyr.solver.cheops import game as cheops
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.montecarlo import montecarlo_player as cheops_montecarlo
from silverpyr.solver.core.montecarlo import MonteCarloPlayer, margin
from silverpyr.solver.sun import game as sun
from silverpyr.solver.sun.cards import load_deck
from silverpyr.solver.sun.montecarlo import montecarlo_player as sun_montecarlo

DECK = load_deck()
COMPONENTS = load_components()


def test_the_toy_picks_the_best_mean_over_the_same_deals() -> None:
    rules = ToyRules()
    player = MonteCarloPlayer(rules, rules, deals=256)
    ranked = player.ranked(Toy(), 0)
    deals = rules.dealt
    assert len(deals) == 256
    for option in range(6):  # every option met the very same deals, in order
        assert [die for move, die in rules.played if move == option] == deals
    exact = {
        option: sum(margin((option if option <= die else 0, 1), 0) for die in deals) / 256
        for option in range(6)
    }
    assert dict(ranked) == exact
    assert ranked[0][0] == 3  # 256 deals are enough to find the exact best here
    assert [mean for _, mean in ranked] == sorted(exact.values(), reverse=True)


def test_one_option_is_played_without_dealing() -> None:
    rules = ToyRules()
    rules.options = lambda state, seat: (3,)  # type: ignore[method-assign]
    assert MonteCarloPlayer(rules, rules, deals=8).decide(Toy(), 0) == 3
    assert rules.dealt == []


def _plays_legally_and_the_same_twice(
    state: Any, montecarlo: Callable[[int], Any], why_illegal: Callable[[Any, Any], str | None]
) -> None:
    """The player to move, a game's ``montecarlo`` of 2 rollouts, plays a legal move, the
    same twice; each deal of 3 shows that seat what it sees."""
    seat = state.turn
    first = montecarlo(2).decide(state, seat)
    assert why_illegal(state, first) is None
    assert montecarlo(2).decide(state, seat) == first
    for deal in montecarlo(3).deals_for(state, seat):
        assert deal.view(seat) == state.view(seat)


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4))
def test_the_suns_montecarlo_plays_legally_and_the_same_twice(seed: int, players: int) -> None:
    state = sun.random_position(seed, players, deck=DECK)
    _plays_legally_and_the_same_twice(state, sun_montecarlo, sun.why_illegal)


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(2, 4), taken=st.integers(30, 60))
def test_cheops_montecarlo_plays_legally_and_the_same_twice(
    seed: int, players: int, taken: int
) -> None:
    state = cheops.random_position(COMPONENTS, players, seed, taken)
    if state.over:
        return
    _plays_legally_and_the_same_twice(state, cheops_montecarlo, cheops.why_illegal)


def test_a_game_of_montecarlo_against_greedy_ends_through_the_engine() -> None:
    from silverpyr.solver.sun.bots import GreedyPlayer, play_game

    final, moves = play_game(DECK, [sun_montecarlo(1), GreedyPlayer()], "short", 5)
    assert sun.outcome(final) is not None and moves


def test_cheops_weighs_greedys_best_eight_of_many_options_in_engine_order() -> None:
    from silverpyr.solver.cheops.bots import greedy_move
    from silverpyr.solver.cheops.montecarlo import SHORTLIST, CheopsPlayouts

    state = cheops.new_game(COMPONENTS, 3, 11)
    every = cheops.distinct_moves(state)
    kept = list(CheopsPlayouts().options(state, state.turn))
    assert len(every) > SHORTLIST == len(kept)
    assert kept == [move for move in every if move in kept]  # the engine's order
    assert greedy_move(state, state.turn) in kept
