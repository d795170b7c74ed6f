"""Speed of the CP-SAT line solver on the bundled deck (issue 4's targets).

    python benchmarks/solver.py                 # 48 cards x 10 orders, one card, one round
    python benchmarks/solver.py --pairs 40      # also 40 hands of two cards
    python benchmarks/solver.py --brute 48      # race the exhaustive search on 48 instances

Orders are drawn with ``random.Random(seed)`` from the 8 expedition cards (7 of 8, as a
round reveals them). Wall times include building the model. Prints medians, p95, max,
model sizes, the share of time spent building the model, and peak RSS.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys
import time

from timing import summary  # benchmarks/timing.py, beside this script

from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.exhaustive import solve_exhaustively
from silverpyr.solver.silvergold.position import Position
from silverpyr.solver.silvergold.problem import Instance, Objective
from silverpyr.solver.silvergold.solve import solve


def orders(deck_cards: list[str], count: int, seed: int) -> list[tuple[str, ...]]:
    """``count`` seeded rounds: 7 of the 8 expedition cards in shuffled order."""
    rng = random.Random(seed)
    result = []
    for _ in range(count):
        cards = list(deck_cards)
        rng.shuffle(cards)
        result.append(tuple(cards[:7]))
    return result


def report(name: str, times: list[float]) -> None:
    print(summary(name, times))


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--orders", type=int, default=10, help="orders per card (default 10)")
    parser.add_argument("--cards", type=int, default=48, help="how many cards (default all 48)")
    parser.add_argument("--pairs", type=int, default=0, help="hands of two cards to time")
    parser.add_argument(
        "--brute",
        type=int,
        default=0,
        help="single-card instances to race the exhaustive search on",
    )
    parser.add_argument("--time-limit", type=float, default=60.0)
    parser.add_argument("--seed", type=int, default=2026)
    parser.add_argument("--verbose", action="store_true")
    args = parser.parse_args()

    deck = load_deck()
    names = [e.name for e in deck.expedition_cards()]
    singles: list[Instance] = []
    for card in deck.pyramids[: args.cards]:
        for order in orders(names, args.orders, args.seed + card.number):
            singles.append(Instance(Position.start(card), tuple(deck.expedition(n) for n in order)))

    times, builds, unproven, sizes = [], [], 0, []
    solutions = []
    for instance in singles:
        solution = solve(instance, Objective.POINTS, time_limit=args.time_limit)
        solutions.append(solution)
        times.append(solution.seconds)
        builds.append(solution.build_seconds)
        sizes.append(solution.size)
        unproven += not solution.is_optimal
        if args.verbose:
            card = instance.start.cards[0].number
            order = ",".join(e.name for e in instance.expeditions)
            score = solution.line.score().total
            print(f"  card {card:2} {order:24} {solution.seconds:.3f}s score {score}")
    report("single card, one round (points)", times)
    print(f"  unproven: {unproven}; build share of wall time: {sum(builds) / sum(times):.0%}")
    print(
        "  model size: variables median "
        f"{statistics.median(s.variables for s in sizes):.0f} "
        f"max {max(s.variables for s in sizes)}, "
        f"constraints median {statistics.median(s.constraints for s in sizes):.0f} "
        f"max {max(s.constraints for s in sizes)}"
    )

    if args.pairs:
        rng = random.Random(args.seed)
        pair_times, pair_unproven = [], 0
        for _ in range(args.pairs):
            first, second = rng.sample(list(deck.pyramids), 2)
            order = orders(names, 1, rng.randrange(10**9))[0]
            instance = Instance(
                Position.start(first, second), tuple(deck.expedition(n) for n in order)
            )
            solution = solve(instance, Objective.POINTS, time_limit=args.time_limit)
            pair_times.append(solution.seconds)
            pair_unproven += not solution.is_optimal
            if args.verbose:
                print(f"  cards {first.number:2}+{second.number:2} {solution.seconds:.3f}s")
        report("hand of two, one round (points)", pair_times)
        print(f"  unproven: {pair_unproven}")

    if args.brute:
        step = max(1, len(singles) // args.brute)
        ratios = []
        for index in range(0, len(singles), step)[: args.brute]:
            began = time.perf_counter()
            exact = solve_exhaustively(singles[index], Objective.POINTS)
            brute_seconds = time.perf_counter() - began
            assert exact.value == solutions[index].value, f"disagreement on instance {index}"
            ratios.append(brute_seconds / times[index])
            if args.verbose:
                print(
                    f"  instance {index}: exhaustive {brute_seconds:.2f}s, ratio {ratios[-1]:.1f}"
                )
        print(
            f"exhaustive / CP-SAT ratio: n={len(ratios)} median={statistics.median(ratios):.1f} "
            f"min={min(ratios):.2f} (CP-SAT slower on {sum(r < 1 for r in ratios)})"
        )

    peak_mb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
    print(f"peak RSS: {peak_mb:.0f} MB")
    return 0


if __name__ == "__main__":
    sys.exit(main())
