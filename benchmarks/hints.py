"""Speed of the hints (issue 6's targets): in a puzzle, and in a real game under uncertainty.

    python benchmarks/hints.py                      # 30 puzzles, 30 game states
    python benchmarks/hints.py --puzzles 60 --states 60 --jobs 2
    python benchmarks/hints.py --pruning-check 20   # also: does top-K pruning lose the best?

* **Puzzle hint**: puzzles from seeded ids (generation not timed); at every turn along
  a line that mixes optimal and random legal moves, a level-3 hint from scratch (the best
  line still open is solved, nothing cached). Feedback on a random legal move is timed too,
  with the best line before the move already known (as the play loop has it).
* **Hint under uncertainty**: states of player 1 at seeded random turns of seeded
  two-player bot games; :func:`~silverpyr.puzzles.silvergold.realgame.uncertain.rank_moves` with
  the default
  samples, top-K and look-ahead, ``--jobs`` processes.
* ``--pruning-check N``: on N states, also rank *every* legal move on the same futures and
  count how often the best of them was among the default top-K candidates.

Targets: puzzle hint median < 0.5 s; hint under uncertainty median < 3 s on 2 cores.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable

from timing import percentile  # benchmarks/timing.py, beside this script

from silverpyr.puzzles.silvergold.generate import puzzle_from_id
from silverpyr.puzzles.silvergold.hints.coach import Coach
from silverpyr.puzzles.silvergold.hints.graded import HintLevel, hint
from silverpyr.puzzles.silvergold.realgame.uncertain import (
    DEFAULT_LOOKAHEAD,
    DEFAULT_SAMPLES,
    DEFAULT_TOP_K,
    Situation,
    rank_moves,
)
from silverpyr.solver.silvergold.bots import bot_keep_choices, bot_moves, choose_replacement
from silverpyr.solver.silvergold.cards import Deck
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.game import Phase, deal
from silverpyr.solver.silvergold.line import LinePosition, best_reachable

PUZZLE_TARGET = 0.5
UNCERTAIN_TARGET = 3.0
KINDS = ("points", "sprint", "pair", "midround")


def report(name: str, times: list[float], target: float | None = None) -> None:
    verdict = ""
    if target is not None:
        verdict = "  ok" if statistics.median(times) < target else f"  OVER the {target} s target"
    print(
        f"{name}: n={len(times)} median={statistics.median(times):.3f}s "
        f"p90={percentile(times, 0.9):.3f}s max={max(times):.3f}s{verdict}"
    )


def timed(action: Callable[[], object]) -> float:
    began = time.perf_counter()
    action()
    return time.perf_counter() - began


def puzzle_benchmark(deck: Deck, count: int, seed: int) -> None:
    rng = random.Random(seed)
    hint_times: dict[str, list[float]] = defaultdict(list)
    feedback_times: list[float] = []
    for index in range(count):
        kind = KINDS[index % len(KINDS)]
        puzzle = puzzle_from_id(deck, f"{kind}-{seed + index}")
        instance = puzzle.instance(deck)
        coach = Coach(instance, puzzle.objective)
        at = LinePosition(instance)
        while not at.is_over() and at.position.has_card_in_play():
            objective = puzzle.objective
            hint_times[kind].append(
                timed(lambda at=at, objective=objective: hint(at, HintLevel.MOVE, objective))
            )
            best = coach.best(at.played)
            move = rng.choice(at.legal_moves())
            feedback_times.append(
                timed(lambda at=at, move=move, coach=coach: coach.feedback(at.played, move))
            )
            at = at.after(best.next_move if rng.random() < 0.6 else move)
    everything = [t for times in hint_times.values() for t in times]
    report("puzzle hint (level 3, from scratch)", everything, PUZZLE_TARGET)
    for kind, times in hint_times.items():
        report(f"  {kind}", times)
    report("feedback on a move (best before known)", feedback_times)


def game_states(deck: Deck, count: int, seed: int) -> list[Situation]:
    rng = random.Random(seed)
    states: list[Situation] = []
    game = 0
    while len(states) < count:
        state = deal(deck, 2, seed + game)
        state = state.keep(bot_keep_choices(state))
        stops = set(rng.sample(range(28), 3))
        turn = 0
        while not state.is_over() and len(states) < count:
            if state.phase is Phase.REPLACE:
                state = state.take_replacement(choose_replacement(state))
                continue
            if turn in stops and state.position(0).has_card_in_play():
                states.append(
                    Situation(
                        state.position(0),
                        state.round_number,
                        state.expedition,
                        state.expedition_order[: state.turn - 1],
                        state.expedition_cards,
                    )
                )
            state = state.play(bot_moves(state))
            turn += 1
        game += 1
    return states


def uncertain_benchmark(states: list[Situation], jobs: int) -> None:
    times: list[float] = []
    by_turn: dict[int, list[float]] = defaultdict(list)
    for situation in states:
        elapsed = timed(lambda situation=situation: rank_moves(situation, jobs=jobs))
        times.append(elapsed)
        by_turn[situation.turn].append(elapsed)
    report(
        f"hint under uncertainty ({DEFAULT_SAMPLES} samples, top {DEFAULT_TOP_K}, "
        f"look-ahead {DEFAULT_LOOKAHEAD}, {jobs} jobs)",
        times,
        UNCERTAIN_TARGET,
    )
    for turn in sorted(by_turn):
        report(f"  turn {turn} of the round", by_turn[turn])


def pruning_check(states: list[Situation], jobs: int) -> None:
    kept = 0
    losses: list[float] = []
    for situation in states:
        pruned = rank_moves(situation, jobs=jobs)
        full = rank_moves(situation, jobs=jobs, top_k=len(situation.legal_moves()))
        chosen = {estimate.move for estimate in pruned.estimates}
        if full.best.move in chosen:
            kept += 1
        by_move = {estimate.move: estimate.mean for estimate in full.estimates}
        losses.append(full.best.mean - by_move[pruned.best.move])
    print(
        f"pruning check: the best of all legal moves was among the top-{DEFAULT_TOP_K} "
        f"candidates in {kept} of {len(states)} states; expected points lost by pruning: "
        f"mean {statistics.mean(losses):.2f}, max {max(losses):.2f}"
    )


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--puzzles", type=int, default=30, help="puzzles to walk through")
    parser.add_argument("--states", type=int, default=30, help="game states to rank")
    parser.add_argument("--jobs", type=int, default=2, help="processes for the rankings")
    parser.add_argument("--pruning-check", type=int, default=0, metavar="N")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args()

    deck = load_deck()
    best_reachable(LinePosition(puzzle_from_id(deck, "1").instance(deck)))  # warm the imports
    if args.puzzles:
        puzzle_benchmark(deck, args.puzzles, args.seed)
    if args.states:
        uncertain_benchmark(game_states(deck, args.states, args.seed), args.jobs)
    if args.pruning_check:
        pruning_check(game_states(deck, args.pruning_check, args.seed + 1), args.jobs)
    return 0


if __name__ == "__main__":
    sys.exit(main())
