"""Advice and the coach of a Cheops game (``puzzles/cheops/advice.py``, ``coach.py``): the
expert's choice is the yardstick, options are measured by paired rollouts on seeded
determinizations played to the game's end, each estimate carries its standard error, the coach
grades by the core's thresholds and noise rule, and the same state gives the same advice."""

from __future__ import annotations

import math
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from silverpyr.puzzles.cheops import advice as advice_module
from silverpyr.puzzles.cheops.advice import (
    AdviceError,
    Rollouts,
    advise,
    canonical,
    check_samples,
    lead_share,
    margin,
    measure,
    play_to_horizon,
    reference_move,
    window,
)
from silverpyr.puzzles.cheops.coach import Grade, Verdict, grade, judge, report
from silverpyr.puzzles.cheops.registry import make_player
from silverpyr.puzzles.core.grading import SILENT_BELOW
from silverpyr.solver.cheops.bots import GreedyPlayer
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.expert import ExpertPlayer, ExpertWeights
from silverpyr.solver.cheops.game import (
    CheopsState,
    DrawTile,
    Phase,
    apply,
    distinct_moves,
    outcome,
    random_position,
)

COMPONENTS = load_components()
TABLE = ("greedy", "greedy")
"""Both seats' bots (the seat advised is played by the expert whatever its entry)."""


def _fresh_cache() -> None:
    advice_module._CACHE.clear()


def _position(seed: int, taken: int = 10) -> CheopsState:
    return random_position(COMPONENTS, 2, seed, taken)


def test_margin_and_lead_share() -> None:
    assert margin((30, 10, 25), 0) == 5 and margin((30, 10, 25), 1) == -20
    assert lead_share((30, 10, 25), 0) == 1.0 and lead_share((30, 10, 25), 2) == 0.0
    assert lead_share((30, 30, 25), 1) == 0.5


def test_the_reference_comes_first_and_every_option_is_rated() -> None:
    _fresh_cache()
    state = _position(4)
    found = advise(state, state.turn, TABLE, samples=2)
    assert found.best.move == reference_move(state, state.turn)
    assert found.best.loss == 0.0 and found.best.error is None
    labels = sorted(option.label for option in found.options)
    assert labels == sorted(move.notation() for move in distinct_moves(state))
    full = [o for o in found.options[1:] if o.samples == found.samples]
    assert full and all(o.error is not None and o.error >= 0 for o in full)
    lines = found.lines()
    assert lines[0].startswith("The expert plays")
    assert re.search(r"\d+% \[\d+%-\d+%\] chance to win \(2 paired rollouts", lines[0])


@pytest.mark.parametrize(("seed", "taken"), [(4, 10), (11, 20), (21, 30), (8, 40)])
def test_the_first_option_is_the_expert_bots_move_and_the_rollouts_play_it(
    seed: int, taken: int
) -> None:
    # one decision procedure (issue 34): the yardstick is the registry's expert, search and
    # all, and the same expert plays the seat in every rollout
    state = _position(seed, taken)
    bot = make_player("expert").decide(state, state.turn)
    assert reference_move(state, state.turn) == canonical(state, bot)
    seat_player = Rollouts(state, state.turn, TABLE)._players[state.turn]
    assert isinstance(seat_player, ExpertPlayer)
    assert seat_player.expert.weights == ExpertWeights()
    assert seat_player.expert.weights.search_samples > 0


def test_the_same_state_gives_the_same_advice() -> None:
    state = _position(5)
    _fresh_cache()
    first = advise(state, state.turn, TABLE, samples=2).to_dict()
    _fresh_cache()
    second = advise(state, state.turn, TABLE, samples=2).to_dict()
    assert first == second


def test_a_move_against_itself_loses_nothing_and_paired_samples_cancel() -> None:
    state = _position(6)
    rollouts = Rollouts(state, state.turn, TABLE)
    reference = reference_move(state, state.turn)
    same = measure(rollouts, reference, reference, window(3))
    assert same.loss == 0.0 and same.error == 0.0


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 5_000), taken=st.integers(0, 40))
def test_the_rollouts_stop_after_the_seats_next_turn(seed: int, taken: int) -> None:
    state = random_position(COMPONENTS, 3, seed, taken)
    if state.over:
        return
    seat = state.turn
    players = [GreedyPlayer() for _ in range(3)]
    final = play_to_horizon(state, players, seat, rounds=1)
    if not final.over:
        assert final.turn == (seat + 1) % 3 and final.phase is Phase.START
    ends = play_to_horizon(state, players, seat, rounds=0)
    assert ends.over or ends.turn != seat
    assert play_to_horizon(state, players, seat, rounds=None).over


def test_a_full_measurement_plays_each_sample_to_the_games_end() -> None:
    """The ruling: no horizon. A sample's value is the margin and win share of the finished
    game (so the chance to win is the real result, never "the leader at the horizon")."""
    _fresh_cache()
    state = _position(8)
    seat = state.turn
    rollouts = Rollouts(state, seat, TABLE)
    assert rollouts.rounds is None
    move = distinct_moves(state)[0]
    players = [advice_module.rollout_player("expert" if s == seat else "greedy") for s in (0, 1)]
    final = play_to_horizon(apply(rollouts.world(1), move), players, seat, None)
    result = outcome(final)
    assert result is not None
    assert rollouts.value(move, 1) == (margin(result.money, seat), lead_share(result.money, seat))
    assert rollouts.value(move, 1)[1] in (0.0, 0.5, 1.0)
    found = advise(state, seat, TABLE, samples=2)
    assert found.rounds is None and "each played to the end" in found.lines()[0]


def test_the_expert_gives_up_nothing_and_the_coach_stays_silent() -> None:
    _fresh_cache()
    state = _position(7)
    reference = reference_move(state, state.turn)
    verdict = judge(state, state.turn, TABLE, reference, where="turn 3", samples=2)
    assert verdict.loss == 0.0 and verdict.is_silent and verdict.samples == 0
    assert verdict.message() == "" and verdict.warning() == ""


def test_another_move_is_measured_on_the_window_and_agrees_with_the_advice() -> None:
    _fresh_cache()
    state = _position(8)
    seat = state.turn
    found = advise(state, seat, TABLE, samples=3)
    measured = [o for o in found.options[1:] if o.samples == found.samples]
    assert measured
    option = measured[-1]
    with_advice = judge(state, seat, TABLE, option.move, where="w", samples=3, advice=found)
    _fresh_cache()
    alone = judge(state, seat, TABLE, option.move, where="w", samples=3)
    assert with_advice.loss == pytest.approx(alone.loss) == pytest.approx(option.loss)
    assert with_advice.error == pytest.approx(alone.error)
    assert with_advice.samples == alone.samples == 3


def test_grades_follow_the_core_thresholds_and_the_noise_rule() -> None:
    assert grade(SILENT_BELOW / 2) is None
    assert grade(0.6) is Grade.DOUBTFUL and grade(2.5) is Grade.BAD and grade(7) is Grade.BLUNDER
    assert grade(7, error=4) is None  # within twice its error: noise
    assert grade(7, error=3) is Grade.BLUNDER
    verdict = Verdict("turn 4", "start", "take a2 A", "take a5 C", 2.4, 1.1, grade(2.4, 1.1))
    assert verdict.grade is Grade.BAD
    assert "piastres" in verdict.warning() and verdict.warning().endswith("Play it anyway?")
    assert verdict.message().startswith("Coach (turn 4): bad, take a2 A loses 2.4 ± 1.1")


def test_the_summary_adds_every_loss() -> None:
    verdicts = [
        Verdict("turn 1", "start", "a", "a", 0.0, None, None),
        Verdict("turn 3", "start", "b", "c", 3.0, 1.0, Grade.BAD),
        Verdict("turn 5", "sell", "sell", "store", 0.4, 0.5, None),
    ]
    summary = report(verdicts)
    assert math.isclose(summary.total_loss, 3.4)
    assert [v.played for v in summary.costliest()] == ["b", "sell"]
    assert math.isclose(summary.total_error, math.sqrt(1.0 + 0.25))
    assert "3.4 ± 1.1 piastres of margin lost" in summary.lines()[0]


def test_draws_from_alike_stacks_are_one_option() -> None:
    state = _position(9, taken=5)
    seen = 0
    for stack in (1, 2, 3):
        move = DrawTile(stack)
        found = canonical(state, move)
        assert isinstance(found, DrawTile)
        tiles = state.stacks[stack - 1]
        other = state.stacks[found.stack - 1]
        if tiles:
            assert (tiles[0], len(tiles)) == (other[0], len(other))
            seen += 1
    assert seen


def test_advice_where_there_is_no_decision_is_refused() -> None:
    state = _position(10)
    other = (state.turn + 1) % state.players
    with pytest.raises(AdviceError, match="no decision"):
        advise(state, other, TABLE)
    with pytest.raises(AdviceError, match="players named"):
        Rollouts(state, state.turn, ("human",))
    for bad in (1, 0, 201, True):
        with pytest.raises(AdviceError):
            check_samples(bad)
    assert check_samples(None) == advice_module.DEFAULT_ROLLOUTS


def test_the_advice_never_peeks_at_what_the_seat_cannot_see() -> None:
    """Two tables the seat cannot tell apart (the laws face down swapped with the laws out of
    the game, the tiles under the stacks' tops reordered) get the same advice."""
    from silverpyr.solver.cheops.board import index
    from silverpyr.solver.cheops.game import open_spaces, position

    state = _position(2, taken=20)  # an eye can be taken: the rollouts take its law
    seat = state.turn
    places = [index(space) for space in open_spaces(state) if isinstance(state.cell(space), int)]
    assert places and state.removed_laws
    cells = list(state.cells)
    cells[places[0]], out = state.removed_laws[0], cells[places[0]]
    assert isinstance(out, int)
    removed = tuple(sorted((*state.removed_laws[1:], out)))
    stacks = tuple((s[0], *reversed(s[1:])) if s else s for s in state.stacks)
    other = position(state, cells=tuple(cells), removed_laws=removed, stacks=stacks)
    assert other.view(seat) != state.view(seat) or other.cells != state.cells
    assert other.view(seat).cells == state.view(seat).cells
    _fresh_cache()
    first = advise(state, seat, TABLE, samples=2).to_dict()
    _fresh_cache()
    second = advise(other, seat, TABLE, samples=2).to_dict()
    assert first == second


def test_an_option_clearly_better_than_the_yardstick_is_named_with_its_bias() -> None:
    """The reference stays the expert's move (the coach's yardstick), but when the rollouts
    put another option more than twice its error above it, the advice says so, and says that
    a best-of-the-samples figure leans high; within the noise it says nothing."""
    from silverpyr.puzzles.cheops.advice import Advice, Rated

    state = _position(3)
    a, b, c = distinct_moves(state)[:3]
    reference = Rated(a, a.notation(), 10.0, 0.0, None, 8, 0.5, 2.0)

    def advice(loss_b: float, error_b: float) -> Advice:
        return Advice(
            state.phase,
            (
                reference,
                Rated(b, b.notation(), 10 - loss_b, loss_b, error_b, 8, 0.6, 2.0),
                Rated(c, c.notation(), 9.0, 1.0, 0.5, 8, 0.4, 2.0),
                Rated(c, "screened", 50.0, -40.0, None, 1),  # one screening rollout: never
            ),
            8,
        )

    clear = advice(-5.0, 2.0)
    assert clear.clearly_better() is clear.options[1]
    assert any("the rollouts favour " + b.notation() in line for line in clear.lines())
    assert "leans high" in clear.lines()[1]
    noisy = advice(-5.0, 3.0)
    assert noisy.clearly_better() is None
    assert not any("favour" in line for line in noisy.lines())
