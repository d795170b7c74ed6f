"""The Cheops expert's decision time against a player of the registry (issue 34: median at
most 0.5 s, p95 at most 3 s), bundled components.

    python benchmarks/cheops_decision_time.py                         # 10 games vs montecarlo
    python benchmarks/cheops_decision_time.py --games 40 --against greedy --players 3 --json

Game ``g`` is the game of seed ``--seed + g`` (default 900,000: report seeds, never tuned on)
between one expert and ``--players - 1`` copies of ``--against``, the expert's seat rotated
``g`` seats. Every decision the expert makes (any phase, the ones with a single legal move
included: a player waits for them too) is timed one by one, wall (``time.perf_counter``) and
CPU (``time.process_time``), by phase and in all. The expert's work is a fixed budget of
rollouts, never the clock, so its moves do not depend on the machine; only the times do.
"""

from __future__ import annotations

import argparse
import json
import time
from collections import defaultdict
from typing import Any

import timing  # benchmarks/timing.py, beside this script
from timing import Timed, Timings

from silverpyr.puzzles.cheops.registry import make_player
from silverpyr.solver.cheops.bots import play_game
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.expert import ExpertPlayer

MEDIAN_TARGET = 0.5
P95_TARGET = 3.0


def figures(walls: list[float], cpus: list[float]) -> dict[str, Any]:
    return timing.figures(walls, cpus, "s", 4)


def line(label: str, data: dict[str, Any]) -> str:
    return timing.figures_line(label, data, "s", 3)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=900_000)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 6))
    parser.add_argument("--against", default="montecarlo", help="a registry name")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    components = load_components()
    times: dict[str, Timings] = defaultdict(lambda: ([], []))
    games: Timings = ([], [])
    for g in range(args.games):
        seats: list[Any] = [make_player(args.against) for _ in range(args.players)]
        seats[g % args.players] = Timed(ExpertPlayer(), times)
        wall, cpu = time.perf_counter(), time.process_time()
        play_game(components, seats, args.seed + g)
        games[0].append(time.perf_counter() - wall)
        games[1].append(time.process_time() - cpu)
    every: Timings = ([], [])
    for walls, cpus in times.values():
        every[0].extend(walls)
        every[1].extend(cpus)
    total = figures(*every)
    result = {
        "games": args.games,
        "seed": args.seed,
        "players": args.players,
        "against": args.against,
        "decisions": total,
        "phases": {phase: figures(*times[phase]) for phase in sorted(times)},
        "whole_games": figures(*games),
        "targets": {"median_s": MEDIAN_TARGET, "p95_s": P95_TARGET},
        "met": total["median_s"] <= MEDIAN_TARGET and total["p95_s"] <= P95_TARGET,
    }
    if args.json:
        print(json.dumps(result, indent=1))
        return
    for phase, data in result["phases"].items():
        print(line(f"expert decisions, {phase}", data))
    print(
        line("expert decisions, all", total)
        + f" (target: median <= {MEDIAN_TARGET}s, p95 <= {P95_TARGET}s)"
    )
    print(line(f"whole games (the expert and {args.against})", result["whole_games"]))


if __name__ == "__main__":
    main()
