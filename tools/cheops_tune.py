"""Tune the Cheops expert's constants on TUNING seeds (800,000 to 899,999 since the rising
market of issue 31; before it, 0 to 99,999. The arena's report uses 900,000 and up, never
seen here): the expert's win share against greedy bots (1 expert, the
other seats greedy, the expert's seat rotated) for each value of one constant, the others at
their defaults.

    python tools/cheops_tune.py --games 200 --players 2 3 5 deny=0.0,0.5,1.0
    python tools/cheops_tune.py --games 200 --players 2 3 5          # the defaults only
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))  # a checkout as silverpyr

from silverpyr.puzzles.core.tournament import seat_share, wilson
from silverpyr.solver.cheops.bots import CheopsPlayer, GreedyPlayer, play_game
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.expert import Expert, ExpertPlayer, ExpertWeights
from silverpyr.solver.cheops.game import outcome

TUNING_SEED = 800_000
LAST_TUNING_SEED = 899_999


def share(weights: ExpertWeights, players: int, games: int, first: int) -> float:
    """The expert's win share over ``games`` games against greedy bots, seat rotated."""
    if first + games - 1 > LAST_TUNING_SEED:
        raise SystemExit("tuning seeds end at 899,999")
    components = load_components()

    def winners(seat: int, seed: int) -> tuple[int, ...]:
        line_up: list[CheopsPlayer] = [GreedyPlayer() for _ in range(players)]
        line_up[seat] = ExpertPlayer(expert=Expert(weights))
        final, _ = play_game(components, line_up, seed)
        result = outcome(final)
        assert result is not None
        return result.winners

    return seat_share(games, players, first, winners)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=TUNING_SEED)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 3, 5])
    parser.add_argument(
        "sweep", nargs="?", help="constant=value,value,... (an ExpertWeights field)"
    )
    args = parser.parse_args()
    sweeps: list[tuple[str, ExpertWeights]] = [("defaults", ExpertWeights())]
    if args.sweep:
        name, _, values = args.sweep.partition("=")
        kind = type(getattr(ExpertWeights(), name))
        sweeps = [
            (f"{name}={text}", dataclasses.replace(ExpertWeights(), **{name: kind(text)}))
            for text in values.split(",")
        ]
    for label, weights in sweeps:
        began = time.perf_counter()
        cells = []
        for players in args.players:
            rate = share(weights, players, args.games, args.seed)
            low, high = wilson(rate * args.games, args.games)
            cells.append(f"{players}p {rate:.1%} [{low:.1%}-{high:.1%}]")
        print(
            f"{label}: " + "  ".join(cells) + f"  ({time.perf_counter() - began:.0f} s)", flush=True
        )


if __name__ == "__main__":
    main()
