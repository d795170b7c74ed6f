"""Advice and the coach of a Sun game (``puzzles/sun/advice.py``, ``puzzles/sun/coach.py``):
the expert's choice is the yardstick fixed first, losses are paired rollouts with their
standard error, the grades are the Silver & Gold coach's, and everything is deterministic."""

from __future__ import annotations

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from silverpyr.puzzles.sun import advice as advice_module
from silverpyr.puzzles.sun.advice import (
    KEEP,
    SCREEN,
    AdviceError,
    Rollouts,
    advise,
    measure,
    reference_move,
    window,
)
from silverpyr.puzzles.sun.coach import Grade, Verdict, grade, judge, report
from silverpyr.puzzles.sun.registry import make_player
from silverpyr.solver.core.rng import SeededStream
from silverpyr.solver.sun.game import determinized, distinct_moves, legal_moves, random_position

SAMPLES = 4


def _table(players: int) -> tuple[str, ...]:
    """Every seat's player (the coached seat's entry is not used: the expert plays it)."""
    return ("greedy",) * players


@pytest.mark.parametrize(
    ("loss", "error", "expected"),
    [
        (0.49, None, None),
        (0.5, None, Grade.DOUBTFUL),
        (1.99, 0.1, Grade.DOUBTFUL),
        (2.0, 0.1, Grade.BAD),
        (5.0, 1.0, Grade.BLUNDER),
        (3.0, 1.5, None),  # within twice its error: noise
        (-3.0, 0.5, None),
    ],
)
def test_grades_are_the_silver_and_gold_coachs(
    loss: float, error: float | None, expected: Grade | None
) -> None:
    assert grade(loss, error) is expected


def test_the_warning_asks_before_the_move_is_final() -> None:
    verdict = Verdict("turn 3", "choose", "S2@1c", "draw edge", 2.4, 1.1, Grade.BAD, 12)
    assert verdict.warning() == (
        "Bad: the expert prefers draw edge: S2@1c gives up 2.4 ± 1.1 expected points. "
        "Play it anyway?"
    )
    silent = Verdict("turn 3", "choose", "S2@1c", "draw edge", 0.2, 1.1, None, 12)
    assert silent.warning() == "" and silent.message() == ""


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 5_000), players=st.integers(2, 4))
def test_advice_ranks_every_option_with_the_experts_first_and_repeats_itself(
    seed: int, players: int
) -> None:
    state = random_position(seed, players=players)
    table = _table(players)
    seat = state.turn
    found = advise(state, seat, table, samples=SAMPLES)
    assert found.best.move == reference_move(state, seat)
    assert found.best.loss == 0.0 and found.best.error is None
    labels = {option.label for option in found.options}
    assert labels == {move.notation(state.deck) for move in distinct_moves(state)}
    for move in legal_moves(state):  # twins are found by their label
        assert found.rated(move, state.deck) is not None
    measured = [option.samples == SAMPLES for option in found.options[1:]]
    assert measured == sorted(measured, reverse=True)  # the fully measured first
    for full in (True, False):  # each part by loss
        losses = [o.loss for o in found.options[1:] if (o.samples == SAMPLES) is full]
        assert losses == sorted(losses)
    if not all(measured):  # screened: the best by their screening loss were measured fully
        assert sum(measured) >= KEEP
        assert all(o.samples == SCREEN for o in found.options[1:] if o.samples != SAMPLES)
    advice_module._CACHE.clear()
    assert advise(state, seat, table, samples=SAMPLES) == found


def test_the_reference_is_the_expert_bots_choice_decided_from_the_seats_view() -> None:
    state = random_position(17, players=3)
    chosen = make_player("expert").decide(state, state.turn)
    assert reference_move(state, state.turn).notation(state.deck) == chosen.notation(state.deck)
    other = replace(  # what the seat cannot see dealt anew; the game's seed kept
        determinized(state, state.turn, SeededStream("test-reference")), seed=state.seed
    )
    assert reference_move(other, state.turn) == reference_move(state, state.turn)


def test_losses_are_paired_on_the_same_determinizations() -> None:
    state = random_position(23, players=2)
    rollouts = Rollouts(state, state.turn, _table(2))
    reference = reference_move(state, state.turn)
    same = measure(rollouts, reference, reference, window(SAMPLES))
    assert same.loss == 0.0 and same.error == 0.0  # paired: no noise against itself
    other = next(m for m in distinct_moves(state) if m != reference)
    found = measure(rollouts, other, reference, window(SAMPLES))
    by_hand = [
        rollouts.value(reference, k)[0] - rollouts.value(other, k)[0] for k in window(SAMPLES)
    ]
    assert found.loss == pytest.approx(sum(by_hand) / SAMPLES)
    assert list(window(SAMPLES)) == list(range(SCREEN, SCREEN + SAMPLES))


def test_the_coach_judges_the_move_played_against_the_reference() -> None:
    state = random_position(31, players=2)
    seat = state.turn
    table = _table(2)
    reference = reference_move(state, seat)
    best = judge(state, seat, table, reference, where="turn 1", samples=SAMPLES)
    assert best.loss == 0.0 and best.is_silent
    found = advise(state, seat, table, samples=SAMPLES)
    for option in found.options[1:]:
        verdict = judge(state, seat, table, option.move, where="turn 1", samples=SAMPLES)
        assert verdict.best == found.best.label
        assert verdict.samples == SAMPLES
        if option.samples == SAMPLES:
            assert verdict.loss == pytest.approx(option.loss)
        assert verdict.grade is grade(verdict.loss, verdict.error)


def test_the_summary_adds_up_every_loss() -> None:
    verdicts = [
        Verdict("turn 1", "choose", "a", "b", 2.5, 0.5, Grade.BAD, 4),
        Verdict("turn 2", "choose", "c", "c", 0.0, None, None),
        Verdict("turn 3", "choose", "d", "e", -0.5, 0.4, None, 4),
    ]
    summary = report(verdicts)
    assert summary.total_loss == pytest.approx(2.0)
    assert summary.costliest() == [verdicts[0]]
    assert summary.total_error == pytest.approx((0.5**2 + 0.4**2) ** 0.5)
    assert "2.0 ± 0.6 expected points lost" in summary.lines()[0]
    assert summary.to_dict()["total_loss_error"] == pytest.approx(0.64)


def test_no_advice_for_a_seat_that_is_not_to_move() -> None:
    state = random_position(3, players=2)
    with pytest.raises(AdviceError):
        advise(state, (state.turn + 1) % 2, _table(2), samples=SAMPLES)
    with pytest.raises(AdviceError):
        advise(state, state.turn, _table(2), samples=1)


def test_over_budget_options_are_screened_and_the_best_measured_on_the_window(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(advice_module, "SAMPLING", replace(advice_module.SAMPLING, budget=10))
    state = random_position(41, players=2, hand=5)
    seat = state.turn
    assert len(distinct_moves(state)) - 1 > KEEP
    found = advise(state, seat, _table(2), samples=SAMPLES)
    full = [option for option in found.options[1:] if option.samples == SAMPLES]
    screened = [option for option in found.options[1:] if option.samples == SCREEN]
    assert len(full) == KEEP and len(full) + len(screened) == len(found.options) - 1
    rollouts = advice_module.rollouts_for(state, seat, _table(2))
    reference = found.best.move
    for option in full:  # reported on the window, never on the screening samples
        assert option.loss == measure(rollouts, option.move, reference, window(SAMPLES)).loss
    for option in screened:
        assert option.loss == measure(rollouts, option.move, reference, range(SCREEN)).loss
    lines = found.lines()
    assert any(f"(screened: {SCREEN} rollouts)" in line for line in lines)
