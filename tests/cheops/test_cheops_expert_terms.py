"""The expert's valuation in named parts (`Expert.explain`, issue 32): the parts add up to
the numbers it ranks by, its move is the option they rank first, and splitting the valuation
changed none of its decisions (whole games against moves recorded before the split)."""

from __future__ import annotations

import hashlib
import random

import pytest

from silverpyr.solver.cheops.bots import play_game
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.expert import (
    Expert,
    ExpertPlayer,
    ExpertWeights,
    combined,
    difference,
    total,
)
from silverpyr.solver.cheops.game import (
    Phase,
    Take,
    UseLaw10,
    UseLaw11,
    UseLaw12,
    apply,
    apply_unchecked,
    distinct_moves,
    new_game,
)

COMPONENTS = load_components()
MODEL = Expert(ExpertWeights(search_samples=0))

# Recorded on `main` before the valuation was split (commit 3fc96e0): players, seed, whether
# the determinized search is on, the number of moves and the first 16 hex digits of the
# SHA-256 of the moves' notation, one a line.
GOLDEN = [
    (2, 11, False, 89, "a0fd7fe7d4c82c33"),
    (3, 12, False, 134, "b475cdd86f551f35"),
    (4, 13, False, 125, "e3f8e392ad0cf807"),
    (5, 14, False, 90, "4e466c00752386b8"),
    (4, 15, False, 96, "1f88e06cf7bbd91e"),
    (2, 16, True, 171, "df25ba363c91e41b"),
    (4, 17, True, 145, "bcb943c6013c7fe3"),
]


@pytest.mark.parametrize(("players", "seed", "search", "count", "digest"), GOLDEN)
def test_the_experts_games_are_the_ones_recorded_before_the_split(
    players: int, seed: int, search: bool, count: int, digest: str
) -> None:
    weights = ExpertWeights() if search else ExpertWeights(search_samples=0)
    table = [ExpertPlayer(expert=Expert(weights)) for _ in range(players)]
    _, moves = play_game(COMPONENTS, table, seed)
    text = "\n".join(move.notation() for move in moves)
    assert (len(moves), hashlib.sha256(text.encode()).hexdigest()[:16]) == (count, digest)


def _decisions(seeds: range, explore: float = 0.4):
    """Decisions of several options met in games of 2 to 5 players, the moves chosen by the
    value model or (with chance ``explore``) at random, seeded."""
    for seed in seeds:
        rng = random.Random(seed)
        state = new_game(COMPONENTS, 2 + seed % 4, seed)
        while not state.over:
            moves = distinct_moves(state)
            if len(moves) > 1:
                yield state
            move = rng.choice(moves) if rng.random() < explore else MODEL.decide(state, state.turn)
            state = apply(state, move)


def test_the_parts_add_up_to_what_the_expert_ranks_by_and_rank_its_move_first() -> None:
    phases: set[Phase] = set()
    for state in _decisions(range(300, 306)):
        seat = state.turn
        view = MODEL.view_state(state, seat)
        options = MODEL.explain(state, seat)
        choice = MODEL.decide(state, seat)
        assert choice in options
        assert total(MODEL.worth_terms(view, seat)) == pytest.approx(MODEL.worth(view, seat))
        values = {move: total(terms) for move, terms in options.items()}
        phases.add(state.phase)
        if state.phase is Phase.START and any(isinstance(m, Take) for m in options):
            takes = MODEL.take_values(view, seat)
            for value, move in takes:  # a take's parts: the number it is ranked by
                assert values[move] == pytest.approx(value, abs=1e-9)
            uses = [m for m in options if isinstance(m, (UseLaw10, UseLaw11, UseLaw12))]
            if any(values[m] > takes[0][0] + 1e-9 for m in uses):  # a gaining use goes first
                assert choice in uses
                assert values[choice] == pytest.approx(max(values[m] for m in uses), abs=1e-9)
                continue
        elif state.phase in (Phase.SELL, Phase.LAW9):
            base = MODEL.worth(view, seat)
            for move, value in values.items():
                after = MODEL.worth(apply_unchecked(view, move), seat)
                assert value == pytest.approx(after - base, abs=1e-9)
        assert values[choice] == pytest.approx(max(values.values()), abs=1e-9)
    assert {Phase.START, Phase.SELL, Phase.DRAW} <= phases


def test_a_decision_of_one_option_has_no_parts() -> None:
    met = 0
    for seed in range(5):
        state = new_game(COMPONENTS, 2, seed)
        while not state.over:
            if len(distinct_moves(state)) == 1:
                assert MODEL.explain(state, state.turn) == {}
                met += 1
            state = apply(state, MODEL.decide(state, state.turn))
    assert met


def test_parts_combine_and_differ_key_by_key() -> None:
    assert combined({"a": 1.0, "b": 2.0}, {"b": 3.0, "c": -1.0}) == {"a": 1.0, "b": 5.0, "c": -1.0}
    assert difference({"a": 1.0, "b": 2.0}, {"b": 2.0, "c": 4.0}) == {"a": 1.0, "c": -4.0}
    assert total({"a": 1e16, "b": 1.0, "c": -1e16}) == 1.0  # rounded once, in any order
