"""How long a player waits for Cheops advice (``h``) and for the coach's verdict, rollouts
played to the end of the game (puzzles/cheops/advice.py's ruling).

    python benchmarks/cheops_advice.py                 # 2-5 players, 3 seeds, 3 stages each
    python benchmarks/cheops_advice.py --seeds 5 --json

Positions: for each table of 2 to 5 players and each seed (from ``--seed``, default 900,000:
report seeds, never used for tuning), greedy bots play a fresh game until ``stage`` moves are
made (0, 40, 80: the start, the middle, late), then the seat to move asks for advice
(:func:`~silverpyr.puzzles.cheops.advice.advise`, 8 paired rollouts an option) and, separately
with the caches cleared, for the coach's verdict on the greedy bot's move there
(:func:`~silverpyr.puzzles.cheops.coach.judge`). Times are wall seconds with CPU seconds beside
them; the machine's load is printed, since it is shared.
"""

from __future__ import annotations

import argparse
import json
import os
from functools import partial
from typing import Any

import timing  # benchmarks/timing.py, beside this script
from timing import timed

from silverpyr.puzzles.cheops import advice
from silverpyr.puzzles.cheops.coach import judge
from silverpyr.solver.cheops.bots import GreedyPlayer
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.game import CheopsState, apply, new_game

STAGES = (0, 40, 80)


def position(players: int, seed: int, stage: int) -> CheopsState | None:
    """A greedy game of ``seed`` after ``stage`` moves (``None`` when it ended before)."""
    state = new_game(load_components(), players, seed)
    bot = GreedyPlayer()
    for _ in range(stage):
        if state.over:
            return None
        state = apply(state, bot.decide(state, state.turn))
    return None if state.over else state


def figures(walls: list[float], cpus: list[float]) -> dict[str, Any]:
    return timing.figures(walls, cpus, "s", 3, cpu_p95=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--seeds", type=int, default=3)
    parser.add_argument("--seed", type=int, default=900_000)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    load = os.getloadavg()[0]
    found: dict[str, dict[str, Any]] = {}
    for players in range(2, 6):
        table = ("expert",) + ("greedy",) * (players - 1)
        kinds: dict[str, tuple[list[float], list[float]]] = {
            "advice": ([], []),
            "verdict": ([], []),
        }
        for number in range(args.seeds):
            for stage in STAGES:
                state = position(players, args.seed + number, stage)
                if state is None:
                    continue
                seat = state.turn
                seats = tuple(table[(other - seat) % players] for other in range(players))
                advice._CACHE.clear()
                timed(kinds["advice"], partial(advice.advise, state, seat, seats))
                advice._CACHE.clear()
                move = GreedyPlayer().decide(state, seat)
                timed(kinds["verdict"], partial(judge, state, seat, seats, move, where=""))
        for kind, (walls, cpus) in kinds.items():
            found[f"{players} players, {kind}"] = figures(walls, cpus)
    if args.json:
        print(json.dumps({"load": load, "figures": found}, indent=2))
        return
    print(f"load average at the start: {load:.1f}")
    for label, data in found.items():
        print(
            f"{label}: n={data['n']} median {data['median_s']:.2f} s, p95 {data['p95_s']:.2f} s,"
            f" max {data['max_s']:.2f} s (cpu median {data['cpu_median_s']:.2f} s)"
        )


if __name__ == "__main__":
    main()
