"""Making Pyramid of the Sun puzzles: seconds per puzzle by kind, difficulties, and how many
pars involve a symbol's draw (a fractional par). One core, bundled deck.

    python benchmarks/sun_puzzles.py                 # 20 seeds of each kind from 900,000
    python benchmarks/sun_puzzles.py --seeds 50 --kind final-run

Seeds start at ``--seed`` (default 900,000: apart from the seeds the tests use).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from timing import percentile  # benchmarks/timing.py, beside this script

from silverpyr.puzzles.sun.puzzle import KINDS, generate
from silverpyr.solver.sun.cards import load_deck


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20)
    parser.add_argument("--seed", type=int, default=900_000)
    parser.add_argument("--kind", choices=KINDS, action="append")
    args = parser.parse_args()
    deck = load_deck()
    for kind in args.kind or KINDS:
        times: list[float] = []
        difficulty: Counter[str] = Counter()
        fractional = 0
        for seed in range(args.seed, args.seed + args.seeds):
            began = time.perf_counter()
            puzzle = generate(seed, kind, deck)
            times.append(time.perf_counter() - began)
            difficulty[puzzle.difficulty] += 1
            fractional += puzzle.par.denominator != 1
        print(
            f"{kind}: n={len(times)} median={statistics.median(times):.2f}s "
            f"p90={percentile(times, 0.9):.2f}s max={max(times):.2f}s "
            f"difficulty={dict(sorted(difficulty.items()))} par with a draw={fractional}"
        )


if __name__ == "__main__":
    main()
