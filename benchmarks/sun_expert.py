"""Speed of the Pyramid of the Sun expert (issue 21's target: decision median <= 0.5 s), one
core, bundled deck.

    python benchmarks/sun_expert.py                      # 20 games of 2 to 5 players
    python benchmarks/sun_expert.py --games 50 --size long
    python benchmarks/sun_expert.py --player montecarlo     # any player of the registry

Every decision the expert makes (any phase) in ``--games`` seeded games of one expert against
greedy bots (2, 3, 4, 5 players in turn, the expert's seat rotated), timed one by one, by
phase and in all; and whole games, start to end. Times are wall seconds
(``time.perf_counter``) with CPU seconds beside them. Seeds start at ``--seed`` (default
800,000: neither the tuning seeds nor the arena report's).
"""

from __future__ import annotations

import argparse

from timing import time_expert, wall_line  # benchmarks/timing.py, beside this script

from silverpyr.puzzles.sun.registry import make_player
from silverpyr.solver.sun.bots import GreedyPlayer, SunPlayer, play_out
from silverpyr.solver.sun.cards import load_deck
from silverpyr.solver.sun.game import new_game


def line(label: str, walls: list[float], cpus: list[float]) -> str:
    return wall_line(label, walls, cpus, "ms", 2)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=800_000)
    parser.add_argument("--size", default="standard", choices=("short", "standard", "long"))
    parser.add_argument("--player", default="expert", help="the registry's player timed")
    args = parser.parse_args()
    deck = load_deck()

    def play(g: int, players: int, seats: list[SunPlayer]) -> None:
        play_out(new_game(deck, players, args.size, args.seed + g), seats)

    phases, every, games = time_expert(
        args.games, GreedyPlayer, lambda: make_player(args.player), play
    )
    for phase, (walls, cpus) in phases.items():
        print(line(f"{args.player} decisions, {phase}", walls, cpus))
    print(line(f"{args.player} decisions, all", *every) + " (target: median <= 500ms)")
    print(line(f"whole games ({args.size}, 2-5 players)", *games))


if __name__ == "__main__":
    main()
