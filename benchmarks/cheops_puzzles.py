"""Making Cheops puzzles: seconds per puzzle by kind (processor time, then wall time: on a
shared machine the two differ), and difficulties; the dailies of a run of dates. One core,
the bundled components.

    python benchmarks/cheops_puzzles.py                  # 5 seeds of each kind from 900,000
    python benchmarks/cheops_puzzles.py --seeds 20 --kind best-margin
    python benchmarks/cheops_puzzles.py --dailies 10     # the dailies of 10 dates from 2026-12-01

Seeds start at ``--seed`` (default 900,000: apart from the seeds the tests use).
"""

from __future__ import annotations

import argparse
import datetime as dt
import statistics
import time
from collections import Counter

from timing import percentile  # benchmarks/timing.py, beside this script

from silverpyr.puzzles.cheops.ids import daily_puzzle
from silverpyr.puzzles.cheops.puzzle import KINDS, CheopsPuzzle, generate
from silverpyr.solver.cheops.components import load_components


def _line(label: str, cpu: list[float], wall: list[float], difficulty: Counter[str]) -> str:
    return (
        f"{label}: n={len(cpu)} cpu median={statistics.median(cpu):.1f}s "
        f"p90={percentile(cpu, 0.9):.1f}s max={max(cpu):.1f}s; wall median="
        f"{statistics.median(wall):.1f}s max={max(wall):.1f}s; "
        f"difficulty={dict(sorted(difficulty.items()))}"
    )


def _timed(make: object) -> tuple[CheopsPuzzle, float, float]:
    assert callable(make)
    wall, cpu = time.perf_counter(), time.process_time()
    puzzle = make()
    assert isinstance(puzzle, CheopsPuzzle)
    return puzzle, time.process_time() - cpu, time.perf_counter() - wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--seed", type=int, default=900_000)
    parser.add_argument("--kind", choices=KINDS, action="append")
    parser.add_argument("--dailies", type=int, default=0, help="dates from 2026-12-01")
    args = parser.parse_args()
    components = load_components()
    if args.dailies:
        cpu: list[float] = []
        wall: list[float] = []
        difficulty: Counter[str] = Counter()
        for back in range(args.dailies):
            day = dt.date(2026, 12, 1) + dt.timedelta(days=back)
            puzzle, spent, waited = _timed(lambda day=day: daily_puzzle(day, components))
            cpu.append(spent)
            wall.append(waited)
            difficulty[f"{puzzle.kind} {puzzle.difficulty}"] += 1
        print(_line("dailies", cpu, wall, difficulty))
        return
    for kind in args.kind or KINDS:
        cpu, wall, difficulty = [], [], Counter()
        for seed in range(args.seed, args.seed + args.seeds):
            puzzle, spent, waited = _timed(
                lambda seed=seed, kind=kind: generate(seed, kind, components)
            )
            cpu.append(spent)
            wall.append(waited)
            difficulty[puzzle.difficulty] += 1
        print(_line(kind, cpu, wall, difficulty))


if __name__ == "__main__":
    main()
