"""The expert player and the arena: legal choices in every phase, rotated seats, reports."""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from silverpyr.cli.app import app
from silverpyr.puzzles.arena import ArenaError, line_ups, run_arena, wilson
from silverpyr.solver.deckfile import load_deck
from silverpyr.solver.expert import Expert, expert_ranking
from silverpyr.solver.game import Phase, deal

DECK = load_deck(None)


@settings(max_examples=3, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(1, 4))
def test_the_experts_choices_are_legal_in_every_phase(seed: int, players: int) -> None:
    expert = Expert()
    state = deal(DECK, players, seed)
    for seat in range(players):
        keep = expert.choose_keep(state, seat)
        dealt = {card.number for card in state.players[seat].dealt}
        assert set(keep) <= dealt and len(set(keep)) == 2
    state = state.keep([expert.choose_keep(state, seat) for seat in range(players)])
    decisions = 0
    while not state.is_over() and decisions < 12:
        if state.phase is Phase.REPLACE:
            choice = expert.choose_replacement(state)
            assert choice in state.replacement_options()
            state = state.take_replacement(choice)
        else:
            moves = [expert.choose_move(state, seat) for seat in range(players)]
            for seat, move in enumerate(moves):
                assert move in state.legal_moves(seat)
            state = state.play(moves)
            decisions += 1


def test_rankings_are_best_first_with_forecasts() -> None:
    state = deal(DECK, 2, 7)
    keeps = expert_ranking(state, 0)
    assert len(keeps) == 6  # every pair of the 4 dealt cards
    assert [o.value for o in keeps] == sorted((o.value for o in keeps), reverse=True)
    assert keeps[0].predicted >= keeps[-1].predicted
    state = state.keep([Expert().choose_keep(state, seat) for seat in range(2)])
    marks = expert_ranking(state, 0)
    assert {o.choice for o in marks} == set(state.legal_moves(0))
    assert marks[0].value >= marks[-1].value


def test_line_ups_rotate_the_seats() -> None:
    plan = line_ups(["expert", "greedy"], 4, seed=10)
    assert plan == [
        (10, ("expert", "greedy")),
        (11, ("greedy", "expert")),
        (12, ("expert", "greedy")),
        (13, ("greedy", "expert")),
    ]
    with pytest.raises(ArenaError, match="unknown bot 'wizard'"):
        line_ups(["wizard"], 1, 0)


def test_wilson_interval() -> None:
    low, high = wilson(70, 100)
    assert 0.60 < low < 0.70 < high < 0.79
    assert wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_arena_in_process_and_on_dask_agree() -> None:
    here = run_arena(DECK, ["greedy", "greedy"], 2, seed=3, workers=0)
    there = run_arena(DECK, ["greedy", "greedy"], 2, seed=3, workers=1)
    assert [g.scores for g in here.games] == [g.scores for g in there.games]
    assert there.workers == 1
    (bot,) = here.bots
    assert bot.seats_played == 4 and bot.wins == pytest.approx(2)


def test_arena_command_json() -> None:
    result = CliRunner().invoke(
        app, ["arena", "--bots", "greedy", "--games", "2", "--workers", "0", "--json"]
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["games"] == 2 and data["bots"][0]["bot"] == "greedy"
    assert data["bots"][0]["win_rate"] == 1.0


def test_arena_command_refuses_an_unknown_bot() -> None:
    result = CliRunner().invoke(app, ["arena", "--bots", "wizard", "--workers", "0"])
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "error: unknown bot 'wizard' (known: expert, greedy, hint)"
    ]


def test_game_against_expert_opponents(tmp_path: object) -> None:
    result = CliRunner().invoke(
        app,
        ["game", "--seed", "5", "--opponents", "expert", "--plain", "--moves", "-"],
        input="1 2\nq!\n",
    )
    assert "player 2 is an expert bot" in result.stdout
