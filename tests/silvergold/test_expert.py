"""The expert player and the arena: legal choices in every phase, rotated seats, reports."""

from __future__ import annotations

import json
import statistics
from fractions import Fraction

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.tournament import chance_to_win, line_ups, wilson
from silverpyr.puzzles.silvergold.realgame.arena import (
    CATEGORIES,
    ArenaError,
    GameResult,
    check_line_up,
    run_arena,
    summarise,
)
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.expert import (
    BASELINES,
    Clock,
    Expert,
    Race,
    baseline,
    expert_ranking,
)
from silverpyr.solver.silvergold.game import MAX_PLAYERS, Phase, deal

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


def test_the_forecast_knows_the_table_and_never_changes_a_choice() -> None:
    """More players, or fewer pyramid points left open, forecast less (the races are lost)."""
    assert sorted(BASELINES) == list(range(1, MAX_PLAYERS + 1))
    keeps = [expert_ranking(deal(DECK, players, 7), 0)[0].predicted for players in BASELINES]
    assert keeps == sorted(keeps, reverse=True) and len(set(keeps)) == len(keeps)
    for players in BASELINES:
        assert baseline(20, Race(players, 57)) > baseline(20, Race(players, 19))
        assert baseline(0, Race(players, 57)) == baseline(0, Race(players, 0))  # game over
    state = deal(DECK, 4, 7)
    state = state.keep([Expert().choose_keep(state, seat) for seat in range(4)])
    situation = state.situation(0)
    inputs = (
        situation.position,
        situation.expedition,
        Clock(1, 1),
        situation.unseen(),
        state.expedition_cards,
    )
    alone, crowded = (Expert().rank_moves(*inputs, race=race) for race in (Race(), Race(4, 38)))
    assert [(o.choice, o.value) for o in alone] == [(o.choice, o.value) for o in crowded]
    assert all(a.predicted > c.predicted for a, c in zip(alone, crowded, strict=True))


def test_line_ups_rotate_the_seats() -> None:
    plan = list(line_ups(["expert", "greedy"], 4, seed=10))
    assert plan == [
        (10, ("expert", "greedy")),
        (11, ("greedy", "expert")),
        (12, ("expert", "greedy")),
        (13, ("greedy", "expert")),
    ]
    with pytest.raises(ArenaError, match="unknown bot 'wizard'"):
        check_line_up(["wizard"], 1, 0)


def test_wilson_interval() -> None:
    low, high = wilson(70, 100)
    assert 0.60 < low < 0.70 < high < 0.79
    assert wilson(0, 10)[0] == pytest.approx(0.0, abs=1e-12)
    assert wilson(10, 10)[1] == pytest.approx(1.0)


def test_a_chance_to_win_always_carries_its_interval() -> None:
    """Issue 32: 8 rollouts all won are no certainty, so no bare 100% is ever shown."""
    assert chance_to_win(1.0, 8) == "100% [68%-100%]"
    assert chance_to_win(0.0, 8) == "0% [0%-32%]"
    assert chance_to_win(0.5, 2) == "50% [9%-91%]"


def test_arena_in_process_and_on_dask_agree() -> None:
    here = run_arena(DECK, ["greedy", "greedy"], 2, seed=3, workers=0)
    there = run_arena(DECK, ["greedy", "greedy"], 2, seed=3, workers=1)
    assert [g.scores for g in here.games] == [g.scores for g in there.games]
    assert there.workers == 1
    (bot,) = here.bots
    assert bot.seats_played == 4 and bot.wins == pytest.approx(2)


@st.composite
def _arena_games(draw: st.DrawFn) -> list[GameResult]:
    seats = draw(st.integers(1, 4))
    games = []
    for g in range(draw(st.integers(1, 6))):
        line_up = tuple(draw(st.sampled_from(["expert", "greedy", "hint"])) for _ in range(seats))
        scores = tuple(
            {
                **{key: draw(st.integers(-5, 90)) for key in CATEGORIES},
                "total": draw(st.integers(0, 200)),
            }
            for _ in range(seats)
        )
        winners = tuple(sorted(draw(st.sets(st.integers(0, seats - 1), min_size=1))))
        forecasts = tuple(draw(st.none() | st.floats(0, 200)) for _ in range(seats))
        games.append(GameResult(g, line_up, scores, winners, forecasts))
    return games


@given(games=_arena_games())
def test_the_arena_report_counts_every_seat_and_shares_every_win(games: list[GameResult]) -> None:
    """Each bot's figures, recomputed seat by seat: a win shared by k seats is 1/k to each,
    the shares add up to one a game, and the means are over the seats the bot played."""
    report = summarise(games, 1.0, 0)
    assert [bot.name for bot in report.bots] == list(
        dict.fromkeys(n for g in games for n in g.seats)
    )
    assert sum(bot.wins for bot in report.bots) == pytest.approx(len(games))
    for bot in report.bots:
        seats = [(g, s) for g in games for s, name in enumerate(g.seats) if name == bot.name]
        wins = sum(Fraction(1, len(g.winners)) for g, s in seats if s in g.winners)
        totals = [g.scores[s]["total"] for g, s in seats]
        assert bot.seats_played == len(seats)
        assert bot.wins == pytest.approx(float(wins))
        assert bot.win_interval == wilson(bot.wins, len(seats))
        assert bot.mean == pytest.approx(sum(totals) / len(totals))
        assert bot.median == statistics.median(totals)
        assert bot.categories["gems"] == pytest.approx(
            sum(g.scores[s]["gems"] for g, s in seats) / len(seats)
        )
        forecasts = [g.forecasts[s] for g, s in seats if g.forecasts[s] is not None]
        assert (bot.forecast is None) == (not forecasts)


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
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: unknown bot 'wizard' (known: greedy,")


def test_game_against_expert_opponents(tmp_path: object) -> None:
    result = CliRunner().invoke(
        app,
        ["game", "--seed", "5", "--opponents", "expert", "--plain", "--moves", "-"],
        input="1 2\nq!\n",
    )
    assert "player 2 is an expert bot" in result.stdout


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 100_000), marks=st.integers(0, 26))
def test_every_mark_is_valued_on_the_two_ply_scale_and_the_choice_is_a_searched_one(
    seed: int, marks: int
) -> None:
    """Moves outside the searched few are lifted onto the two-ply scale (the advice's losses
    compare every option), yet never above the best searched move: the expert's choice is
    still the best of the moves it looked at two plies deep."""
    from silverpyr.solver.silvergold.players import ExpertPlayer

    deck = load_deck()
    state = deal(deck, 1, seed)
    bot = ExpertPlayer()
    state = state.keep([bot.keep(state, 0)])
    for _ in range(marks):
        if state.phase is not Phase.MARK:
            break
        state = state.play([bot.move(state, 0)])
    while state.phase is Phase.REPLACE:
        state = state.take_replacement(bot.replacement(state))
    if state.phase is not Phase.MARK or not state.position(0).has_card_in_play():
        return
    expert = Expert()
    ranking = expert_ranking(state, 0, expert)
    values = [option.value for option in ranking]
    assert values == sorted(values, reverse=True)
    situation = state.situation(0)
    position = situation.position
    clock = Clock(situation.round_number, situation.turn)
    one_ply = sorted(
        (
            (expert.afterstate(position, after, clock), move)
            for move, after in position.successors(situation.expedition, situation.round_number)
        ),
        key=lambda item: -item[0],
    )
    searched = {move for _, move in one_ply[: expert.weights.top_k]}
    assert ranking[0].choice in searched
    assert len(ranking) == len(one_ply)


def test_the_arena_reports_the_pairs_and_endings_as_every_game() -> None:
    """The keys of every game's arena JSON, in their order, and the paired difference: game
    by game, the expert's seat's total minus greedy's."""
    report = run_arena(DECK, ["expert", "greedy"], 2, seed=100_000, workers=0)
    data = report.to_dict()
    assert list(data) == [
        "games", "players", "bots", "seconds", "workers", "records", "game", "pairs", "endings"
    ]  # fmt: skip
    assert data["game"] == "silvergold" and data["endings"] == {"rounds": 2}
    differences = [
        game.totals[game.seats.index("expert")] - game.totals[game.seats.index("greedy")]
        for game in report.games
    ]
    (pair,) = data["pairs"]
    assert pair["bots"] == ["expert", "greedy"] and pair["score_difference"]["count"] == 2
    assert pair["score_difference"]["mean"] == pytest.approx(statistics.fmean(differences))
    drawn = CliRunner().invoke(
        app, ["arena", "--bots", "expert,greedy", "--games", "2", "--seed", "100000",
              "--workers", "0", "--plain"],
    )  # fmt: skip
    assert drawn.exit_code == 0, drawn.output
    assert "expert - greedy: " in drawn.stdout and "paired over 2" in drawn.stdout
