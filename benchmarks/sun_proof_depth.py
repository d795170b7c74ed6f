"""How deep must a proof of a Sun best turn go? The best plan at each symbol-draw limit on
issue 30's positions (a full hand of 5, full piles, standard pyramid), by how many slots
are empty.

    python benchmarks/sun_proof_depth.py --positions 60 --limit 10

For each report position (:data:`~sun_best_turn.REPORT_SEEDS` on, never tuned on) the
search runs with ``max_draws`` = 0, 1, 2, ... (``--limit`` seconds each) until its answer is
proven or a limit does not finish. For each finished limit ``d`` it records the best plan's
value ``v_d``, its bound, and two facts of its policy tree:

* **reach**: the chance that the plan makes all ``d`` symbol draws the limit allows (its
  ``d``-th draw is reached);
* **outcomes**: the chance outcomes (drawn card classes) of the plan at draw depth ``d``.

A proof needs the exact expectation of an optimal plan, so every outcome of its tree
where another draw may come must be valued exactly. Where ``v_d`` keeps rising with ``d``
and the reach stays near 1, the optimal plan draws on and on, and its tree grows by the
outcome factor with each draw: the work of any exact proof does, whatever bound prunes
the plans that are not optimal. The summary prints, per band of empty slots: the share
proven, the gain of the last draw allowed (``v_d - v_{d-1}``), the reach of that draw, and
the growth of the outcomes per draw.

Measured 2026-11-30 (``--positions 60 --limit 10``, seeds 5,000,000-5,000,059, the shared
2-core machine with two arena runs beside it; docs/sun-position.md, "Why most full hands
are not proven", reads it)::

      empty     n  proven  deepest  last gain  reach  growth   (medians of the unproven)
       0-3      5       5  -  -  -  -
       4-7      9       7        2       3.80    0.87      8.8
       8-11    15       1        2       5.00    1.00     16.0
      12-19    12       2        2       3.49    1.00     17.7
      20-99    19       0        1       4.19    1.00     23.4
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from fractions import Fraction
from typing import Any

from sun_best_turn import REPORT_SEEDS, full_hand  # beside this script

from silverpyr.solver.sun.bestturn import PROVEN, Plan, best_turn
from silverpyr.solver.sun.pyramid import EMPTY

BANDS = ((0, 3), (4, 7), (8, 11), (12, 19), (20, 99))
"""Bands of empty slots the summary groups positions by."""


def tree(plan: Plan) -> tuple[dict[int, Fraction], dict[int, int]]:
    """The chance of reaching each draw depth (1 = the first draw) and the outcomes there."""
    reach: dict[int, Fraction] = {}
    outcomes: dict[int, int] = {}

    def walk(node: Plan, p: Fraction, depth: int) -> None:
        if node.draw is None:
            return
        reach[depth] = reach.get(depth, Fraction(0)) + p
        for branch in node.branches:
            outcomes[depth] = outcomes.get(depth, 0) + 1
            walk(branch.plan, p * branch.probability, depth + 1)

    walk(plan, Fraction(1), 1)
    return reach, outcomes


def position(seed: int, limit: float, deepest: int) -> dict[str, Any]:
    """The deepening on one position: a row per finished draw limit."""
    state = full_hand(seed)
    empty = sum(1 for card in state.pyramid.cells if card == EMPTY)
    rows: list[dict[str, Any]] = []
    for d in range(deepest + 1):
        began = time.perf_counter()
        answer = best_turn(state, time_limit=limit, max_draws=d)
        seconds = time.perf_counter() - began
        if answer.status != PROVEN and answer.draw_limit is not None and answer.draw_limit < d:
            break  # this limit did not finish in time
        reach, outcomes = tree(answer.plan)
        rows.append(
            {
                "d": d,
                "value": float(answer.value),
                "upper": float(answer.upper_bound),
                "proven": answer.status == PROVEN,
                "nodes": answer.nodes,
                "seconds": round(seconds, 3),
                "reach": float(reach.get(d, 0)),
                "outcomes": outcomes.get(d, 0),
            }
        )
        if answer.status == PROVEN:
            break
    return {"seed": seed, "empty": empty, "rows": rows}


def band_line(low: int, high: int, found: list[dict[str, Any]]) -> str:
    """The summary of the positions with ``low``-``high`` empty slots."""
    mine = [p for p in found if low <= p["empty"] <= high]
    if not mine:
        return f"  {low:>2}-{high:<2}  {0:>4}"
    proven = sum(1 for p in mine if p["rows"] and p["rows"][-1]["proven"])
    open_ = [p for p in mine if p["rows"] and not p["rows"][-1]["proven"]]
    deepest = [p["rows"][-1]["d"] for p in open_]
    gains = [p["rows"][-1]["value"] - p["rows"][-2]["value"] for p in open_ if len(p["rows"]) > 1]
    reach = [p["rows"][-1]["reach"] for p in open_ if p["rows"][-1]["d"] > 0]
    growth = [
        p["rows"][-1]["outcomes"] / p["rows"][-2]["outcomes"]
        for p in open_
        if len(p["rows"]) > 2 and p["rows"][-2]["outcomes"]
    ]

    def median(values: list[float], fmt: str) -> str:
        return format(statistics.median(values), fmt) if values else "-"

    cells = [f"{low:>2}-{high:<2}", f"{len(mine):>4}", f"{proven:>6}"]
    cells += [median(deepest, ">7.0f"), median(gains, ">9.2f")]
    cells += [median(reach, ">6.2f"), median(growth, ">7.1f")]
    return "  " + "  ".join(cells)


def main() -> int:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--positions", type=int, default=60)
    parser.add_argument("--seed", type=int, default=REPORT_SEEDS, help="first seed")
    parser.add_argument("--limit", type=float, default=10.0, help="seconds a draw limit")
    parser.add_argument("--deepest", type=int, default=6, help="the last draw limit tried")
    parser.add_argument("--rows", action="store_true", help="a JSON line a position too")
    args = parser.parse_args()
    found = []
    for n in range(args.positions):
        result = position(args.seed + n, args.limit, args.deepest)
        found.append(result)
        if args.rows:
            print(json.dumps(result), flush=True)
    print(f"seeds {args.seed}-{args.seed + args.positions - 1}, {args.limit:g} s a draw limit")
    print("  empty     n  proven  deepest  last gain  reach  growth   (medians of the unproven)")
    for low, high in BANDS:
        print(band_line(low, high, found))
    return 0


if __name__ == "__main__":
    sys.exit(main())
