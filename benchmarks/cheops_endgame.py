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

Measured (2026-11-26, the shared 2-core machine, busy: load average 7.5; seeds from
9,000,000)::

    2 players, 12 positions per k, time limit 10 s (alpha-beta):
    k= 1: median 0.0008 s, max 0.0052 s, proven 100%, proven within 1 s 100%
    k= 2: median 0.0015 s, max 0.0042 s, proven 100%, proven within 1 s 100%
    k= 3: median 0.0069 s, max 0.0125 s, proven 100%, proven within 1 s 100%
    k= 4: median 0.0265 s, max 0.2465 s, proven 100%, proven within 1 s 100%
    k= 5: median 0.1146 s, max 0.2024 s, proven 100%, proven within 1 s 100%
    k= 6: median 0.2745 s, max 2.0765 s, proven 100%, proven within 1 s 83%
    k= 7: median 0.4409 s, max 1.4916 s, proven 100%, proven within 1 s 83%
    k= 8: median 1.3714 s, max 11.5767 s, proven 83%, proven within 1 s 50%
    k= 9: median 3.9347 s, max 10.5444 s, proven 83%, proven within 1 s 25%
    largest k whose median stays under a second: 7

    3 players, 10 positions per k, time limit 5 s (max-n):
    k= 5: median 0.1008 s, max 1.3616 s, proven 100%, proven within 1 s 90%
    k= 6: median 0.2270 s, max 1.4961 s, proven 100%, proven within 1 s 70%
    k= 7: median 0.7368 s, max 5.0542 s, proven 90%, proven within 1 s 60%
    largest k whose median stays under a second: 7

Before alpha-beta, 2 players reached k = 6 (k = 7: median 3.2 s). The node rate is low
(about 2,000 a second, most of it the engine's ``apply_unchecked`` and final scoring at the
ends and horizons), so the reach is set by the tree: each turn multiplies it by the takes
open (space x tile kind) and the sell-or-store choice. The max of 11.6 s over a 10 s limit
was the clock being read every 256 nodes; it is now read every 16.
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
