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

from timing import report_expert, time_expert  # benchmarks/timing.py, beside this script

from silverpyr.puzzles.cheops.registry import make_player
from silverpyr.solver.cheops.bots import CheopsPlayer, play_game
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.expert import ExpertPlayer


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=900_000)
    parser.add_argument("--players", type=int, default=2, choices=range(2, 6))
    parser.add_argument("--against", default="montecarlo", help="a registry name")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    components = load_components()

    def play(g: int, players: int, seats: list[CheopsPlayer]) -> None:
        play_game(components, seats, args.seed + g)

    timings = time_expert(
        args.games, lambda: make_player(args.against), ExpertPlayer, play, args.players
    )
    report_expert(
        {"games": args.games, "seed": args.seed, "players": args.players, "against": args.against},
        timings,
        "s",
        4,
        (0.5, 3.0),
        f"whole games (the expert and {args.against})",
        args.json,
    )


if __name__ == "__main__":
    main()
