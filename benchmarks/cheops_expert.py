"""Speed of the Cheops expert (target of issue 22's bots: decision median <= 20 ms, p95 <=
0.3 s on one core; the issue itself allows 0.5 s / 3 s), bundled components.

    python benchmarks/cheops_expert.py                  # 20 games of 2 to 5 players
    python benchmarks/cheops_expert.py --games 40 --json

Every decision the expert makes (any phase) in ``--games`` seeded games of one expert against
greedy bots (2, 3, 4, 5 players in turn, the expert's seat rotated), timed one by one, by
phase and in all; and whole games, start to end. Times are wall seconds
(``time.perf_counter``) with CPU seconds beside them. Seeds start at ``--seed`` (default
900,000: the report's seeds, never used for tuning).
"""

from __future__ import annotations

import argparse

from timing import report_expert, time_expert  # benchmarks/timing.py, beside this script

from silverpyr.solver.cheops.bots import CheopsPlayer, GreedyPlayer, play_out
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.expert import ExpertPlayer
from silverpyr.solver.cheops.game import new_game


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=900_000)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    components = load_components()

    def play(g: int, players: int, seats: list[CheopsPlayer]) -> None:
        play_out(new_game(components, players, args.seed + g), seats)

    report_expert(
        {"games": args.games, "seed": args.seed},
        time_expert(args.games, GreedyPlayer, ExpertPlayer, play),
        "ms",
        3,
        (20, 300),
        "whole games (2-5 players, the expert against greedy bots)",
        args.json,
    )


if __name__ == "__main__":
    main()
