"""Shared by the coach-honesty benchmarks of the games whose coach judges every decision by
paired rollouts (``sun_coach_honesty.py``, ``cheops_coach_honesty.py``): a greedy game of
seat 0 reviewed decision by decision on its record (``GAME hint --game FILE --review``'s
numbers), the seeds played one after another with a progress line, and the report of the
coach's summed losses against the measured gap to the expert.

Game-free: each script hands in its game's engine, bots, coach and what seat 0's result is
(a score, a margin)."""

from __future__ import annotations

import math
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any


@dataclass
class Coached:
    """One greedy game of seat 0: its final result (score or margin) and what the coach said
    of it."""

    final: int = 0
    total_loss: float = 0.0
    decisions: int = 0
    graded: int = 0
    differed: int = 0


def coached_play(
    state: Any,
    seats: Sequence[Any],
    apply: Callable[[Any, Any], Any],
    review: Callable[[list[tuple[int, str]]], Sequence[Any]],
) -> tuple[Coached, Any]:
    """Play ``state`` to its end, each seat by its bot, and judge seat 0's decisions on the
    game's record as ``GAME hint --game FILE --review`` does: ``review(moves)`` is the game's
    review of the record's ``(seat, notation)`` moves (the coach's verdicts, in order). What
    the coach said, and the final state (the caller sets :attr:`Coached.final`)."""
    moves: list[tuple[int, str]] = []
    while not state.over:
        seat = state.turn
        move = seats[seat].decide(state, seat)
        moves.append((seat, move.notation()))
        state = apply(state, move)
    found = Coached()
    for verdict in review(moves):
        found.decisions += 1
        found.total_loss += verdict.loss
        found.graded += 0 if verdict.is_silent else 1
        found.differed += 1 if verdict.samples else 0
    return found, state


def mean_se(values: list[float]) -> tuple[float, float]:
    """The mean and its standard error (``nan`` with one value)."""
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return mean, se


def play_seeds(
    games: int, first: int, coached: Callable[[int], Coached], expert: Callable[[int], int]
) -> tuple[list[Coached], list[int]]:
    """For each of ``games`` seeds from ``first``, the coached greedy game and the expert's
    result on the same seed, with a progress line on stderr."""
    began = time.monotonic()
    greedy: list[Coached] = []
    best: list[int] = []
    for number in range(games):
        seed = first + number
        greedy.append(coached(seed))
        best.append(expert(seed))
        print(
            f"\r{number + 1}/{games} games, {time.monotonic() - began:.0f} s",
            end="",
            file=sys.stderr,
            flush=True,
        )
    print(file=sys.stderr)
    return greedy, best


def report(
    header: str, unit: str, greedy: list[Coached], expert: list[int], began: float
) -> list[float]:
    """Print the coach's summed losses against the measured gap (``unit``: what a result
    is, ``score`` or ``margin``); each seed's gap, in order."""
    games = len(greedy)
    gaps = [float(e - g.final) for e, g in zip(expert, greedy, strict=True)]
    gap, gap_se = mean_se(gaps)
    loss, loss_se = mean_se([g.total_loss for g in greedy])
    residual, residual_se = mean_se([g.total_loss - d for g, d in zip(greedy, gaps, strict=True)])
    decisions = sum(g.decisions for g in greedy)
    print(header)
    print(f"  expert mean {unit:<9}{statistics.fmean(expert):7.2f}")
    print(f"  greedy mean {unit:<9}{statistics.fmean(g.final for g in greedy):7.2f}")
    print(f"  measured gap         {gap:7.2f} ± {gap_se:.2f} (SE, paired by seed)")
    print(f"  coach's total loss   {loss:7.2f} ± {loss_se:.2f} per greedy game")
    print(f"  loss - gap           {residual:7.2f} ± {residual_se:.2f} (paired by seed)")
    ratio = loss / gap if gap else math.nan
    print(f"  ratio loss / gap     {ratio:7.2f}")
    print(
        f"  greedy decisions     {decisions} ({decisions / games:.1f} a game), "
        f"{sum(g.differed for g in greedy)} not the expert's, "
        f"{sum(g.graded for g in greedy)} graded"
    )
    print(f"  {time.monotonic() - began:.0f} s wall")
    return gaps
