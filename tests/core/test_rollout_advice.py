"""The core of paired-rollout advice (``puzzles/core/rollout_advice.py``) on a made-up game: the
samples checked, the window after the screening samples, the budget's screening, and the
ranking (fully measured first, each part by loss)."""

from __future__ import annotations

import math
from dataclasses import dataclass

import pytest

from silverpyr.puzzles.core.rollout_advice import (
    AdviceError,
    RolloutCache,
    Rollouts,
    Sampling,
    measure,
    measure_options,
)
from silverpyr.solver.core.rng import SeededStream

SAMPLING = Sampling(default=4, screen=1, budget=6, keep=2, noun="games")
_POINTS = {"ref": 10, "a": 9, "b": 7, "c": 4, "d": 8}


@dataclass(frozen=True)
class _State:
    over: bool = False
    turn: int = 0
    players: int = 2


class _Fixed(Rollouts[_State, str]):
    """Option ``x`` scores ``points[x] + k`` in sample ``k``; sample 0 (screening) inverts."""

    def determinized(self, stream: SeededStream) -> _State:
        return self.state

    def value(self, move: str, k: int) -> tuple[float, float]:
        score = _POINTS[move] + k
        if k == 0 and move != "ref":
            score = 20 - _POINTS[move]
        return float(score), 1.0 if move == "ref" else 0.0


def test_samples_are_checked_with_one_message() -> None:
    assert SAMPLING.check(None) == 4
    assert SAMPLING.check(2) == 2
    for bad in (1, 201, True, 2.5):
        with pytest.raises(AdviceError, match="give a whole number from 2 to 200"):
            SAMPLING.check(bad)  # type: ignore[arg-type]
    assert SAMPLING.window(3) == range(1, 4)


def test_a_seat_not_to_move_or_a_wrong_table_has_no_rollouts() -> None:
    with pytest.raises(AdviceError, match="no decision"):
        _Fixed(_State(turn=1), 0, ["x", "y"], "key")
    with pytest.raises(AdviceError, match="3 players named for 2 seats"):
        _Fixed(_State(), 0, ["x", "y", "z"], "key")


def test_paired_measure_takes_the_mean_difference_and_its_error() -> None:
    rollouts = _Fixed(_State(), 0, ["x", "y"], "key")
    found = measure(rollouts.value, "b", "ref", range(1, 4))
    assert (found.loss, found.error, found.samples) == (3.0, 0.0, 3)
    assert found.expected == pytest.approx(9.0) and found.win == 0.0
    assert math.isinf(measure(rollouts.value, "b", "ref", range(1)).error)


def test_over_budget_screens_and_keeps_the_best_screened_on_the_window() -> None:
    rollouts = _Fixed(_State(), 0, ["x", "y"], "key")
    said: list[str] = []
    ref, ranked = measure_options(
        SAMPLING, 2, rollouts, "ref", ["a", "b", "c", "d"], str, said.append
    )
    # screening inverts: c and b screen best, so they alone are measured on the window;
    # the screened follow by their screening loss (d's -2 before a's -1)
    assert [(move, found.samples) for move, found in ranked] == [
        ("b", 2),
        ("c", 2),
        ("d", 1),
        ("a", 1),
    ]
    assert ranked[0][1].loss == 3.0 and ref.loss == 0.0 and ref.win == 1.0
    assert said[0] == "Screening option 1 of 4..."
    assert said[-1] == "Rolling out option 2 of 2 (2 games each)..."


def test_within_budget_every_option_is_measured_on_the_window() -> None:
    rollouts = _Fixed(_State(), 0, ["x", "y"], "key")
    _, ranked = measure_options(SAMPLING, 2, rollouts, "ref", ["c", "a", "b"], str)
    assert [move for move, _ in ranked] == ["a", "b", "c"]
    assert {found.samples for _, found in ranked} == {2}


def test_the_cache_keeps_the_last_states_rollouts() -> None:
    cache = RolloutCache(lambda state, seat, table: _Fixed(state, seat, table, "key"), size=2)
    first = _State()
    made = cache.get(first, 0, ["x", "y"])
    assert cache.get(first, 0, ("x", "y")) is made
    cache.get(_State(players=2, turn=1), 1, ["x", "y"])
    cache.get(_State(turn=1, players=2, over=False), 1, ["y", "x"])
    assert cache.get(first, 0, ["x", "y"]) is not made
