"""Reach of the Cheops endgame search (issue 22: "measure how many spaces from the end it
stays under a second").

    python benchmarks/cheops_endgame.py                      # k = 1..8, 12 positions each
    python benchmarks/cheops_endgame.py --max-k 10 --positions 20 --time-limit 10
    python benchmarks/cheops_endgame.py --json

For each k (spaces of the pyramid still holding a treasure; no law left on it), the
positions are ``random_endgame(components, players, seed, k)`` for the report seeds
``9_000_000 + i`` (the tests use seeds below 300,000), 2 players unless ``--players``.
Each is solved with the time limit; prints, per k, the median and max seconds to a proven
answer (an answer not proven within the limit counts as the limit), the share proven within
1 s and the share proven at all, then the largest k whose median stays under a second.

Measured (2026-11-26, the shared 2-core machine, busy; 2 players, 12 positions per k,
time limit 10 s): see the report in the module's git history and docs/cheops-position.md.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from typing import Any

from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.endgame import EndgameError, random_endgame, solve_endgame

REPORT_SEEDS = 9_000_000


def measure(k: int, players: int, positions: int, seed: int, limit: float) -> dict[str, Any]:
    """The figures of one k (positions the generator cannot make are skipped, counted)."""
    components = load_components()
    times: list[float] = []
    proven = 0
    within = 0
    missing = 0
    nodes: list[int] = []
    for n in range(positions):
        try:
            state = random_endgame(components, players, seed + n, k)
        except EndgameError:
            missing += 1
            continue
        began = time.perf_counter()
        answer = solve_endgame(state, time_limit=limit)
        seconds = time.perf_counter() - began
        nodes.append(answer.nodes)
        if answer.proven:
            proven += 1
            within += seconds <= 1.0
            times.append(seconds)
        else:
            times.append(max(seconds, limit))
    count = len(times)
    return {
        "k": k,
        "positions": count,
        "skipped": missing,
        "median_seconds": round(statistics.median(times), 4) if times else None,
        "max_seconds": round(max(times), 4) if times else None,
        "proven_share": round(proven / count, 3) if count else None,
        "proven_within_1s_share": round(within / count, 3) if count else None,
        "median_nodes": int(statistics.median(nodes)) if nodes else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--min-k", type=int, default=1)
    parser.add_argument("--max-k", type=int, default=8)
    parser.add_argument("--positions", type=int, default=12)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--time-limit", type=float, default=10.0)
    parser.add_argument("--seed", type=int, default=REPORT_SEEDS, help="first seed")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    rows = []
    reach = args.min_k - 1
    for k in range(args.min_k, args.max_k + 1):
        row = measure(k, args.players, args.positions, args.seed, args.time_limit)
        rows.append(row)
        if not args.json:
            print(
                f"k={k:2d}: n={row['positions']} median {row['median_seconds']} s, "
                f"max {row['max_seconds']} s, proven {row['proven_share']:.0%}, "
                f"proven within 1 s {row['proven_within_1s_share']:.0%}, "
                f"median nodes {row['median_nodes']}",
                flush=True,
            )
        if row["median_seconds"] is not None and row["median_seconds"] < 1.0 and reach == k - 1:
            reach = k
    summary = {
        "players": args.players,
        "time_limit": args.time_limit,
        "positions_per_k": args.positions,
        "first_seed": args.seed,
        "rows": rows,
        "largest_k_median_under_1s": reach,
    }
    if args.json:
        print(json.dumps(summary, indent=2))
    else:
        print(f"largest k whose median stays under a second: {reach}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
