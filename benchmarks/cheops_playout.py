"""How fast are Cheops's play-outs? (issue 34: the ``montecarlo`` yardstick plays greedy out
at every seat, 8 deals times every option, at each decision)

* a **play-out**: greedy at every seat from a seeded state to the end of the game, exactly
  as ``montecarlo`` plays one out (:meth:`MonteCarloPlayer.final`), CPU seconds each;
* a **decision** of ``montecarlo`` (K = 8, the registry's player) at a seeded state, CPU
  seconds each.

The states: game ``g`` is the two-player game of seed ``--seed + g``, played by greedy for
0, 30, 60 or 90 moves (``g`` mod 4): early, middle and late positions alike in every run.
Only the times vary from run to run; the moves never do.

    python benchmarks/cheops_playout.py                 # 40 play-outs, 8 decisions
    python benchmarks/cheops_playout.py --playouts 100 --decisions 0 --json

Measured (2026-11-30, the shared 2-core machine, load 6-8; defaults, two runs each, the
code before issue 34's change run from an export of ``main`` on ``PYTHONPATH``), CPU seconds:

    before (greedy applied and scored every legal move):
        play-out median 0.0162-0.0184 s, p95 0.036-0.041 s
        decision median 1.15-1.19 s, p95 2.50-2.68 s
    after (only moves that can change the money scored; scoring colour by colour):
        play-out median 0.0051-0.0059 s, p95 0.010-0.011 s
        decision median 0.350-0.357 s, p95 0.545-0.569 s

About 3.2 times faster in both; ``cheops arena --bots expert,montecarlo --games 2
--workers 0`` went from 54.6 s to 15.5 s of user CPU, its output the same but its seconds.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from typing import Any

from timing import percentile  # benchmarks/timing.py, beside this script

from silverpyr.puzzles.cheops.registry import make_player
from silverpyr.solver.cheops.bots import greedy_move
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.game import CheopsState, apply_unchecked, new_game
from silverpyr.solver.cheops.montecarlo import montecarlo_player

DEPTHS = (0, 30, 60, 90)
"""Greedy moves made before a state is measured, by game number modulo 4."""


def seeded_state(seed: int, made: int) -> CheopsState:
    """The two-player game of ``seed`` after greedy made ``made`` moves (or fewer: the last
    state before the end)."""
    state = new_game(load_components(), 2, seed)
    for _ in range(made):
        after = apply_unchecked(state, greedy_move(state, state.turn))
        if after.over:
            break
        state = after
    return state


def cpu_seconds(states: list[CheopsState], measure: Any) -> list[float]:
    """The CPU seconds of ``measure(state)``, one state after the other."""
    times = []
    for state in states:
        start = time.process_time()
        measure(state)
        times.append(time.process_time() - start)
    return times


def figures(times: list[float]) -> dict[str, float]:
    return {
        "n": len(times),
        "median_s": round(statistics.median(times), 4),
        "p95_s": round(percentile(times, 0.95), 4),
        "max_s": round(max(times), 4),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--playouts", type=int, default=40)
    parser.add_argument("--decisions", type=int, default=8)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    count = max(args.playouts, args.decisions)
    states = [seeded_state(args.seed + g, DEPTHS[g % len(DEPTHS)]) for g in range(count)]
    rollouts = montecarlo_player()
    result: dict[str, Any] = {"seed": args.seed}
    if args.playouts:
        result["playout"] = figures(cpu_seconds(states[: args.playouts], rollouts.final))
    if args.decisions:
        player = make_player("montecarlo")
        decide = lambda state: player.decide(state, state.turn)  # noqa: E731
        result["decision"] = figures(cpu_seconds(states[: args.decisions], decide))
    if args.json:
        print(json.dumps(result, indent=2))
        return
    for name in ("playout", "decision"):
        if name in result:
            row = result[name]
            print(
                f"{name}: n={row['n']} cpu median={row['median_s']:.4f}s "
                f"p95={row['p95_s']:.4f}s max={row['max_s']:.4f}s"
            )


if __name__ == "__main__":
    main()
