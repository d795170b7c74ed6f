"""Tune the Pyramid of the Sun expert's constants on TUNING seeds (100,000 and up; the arena's
report uses 900,000 and up, never seen here): the expert's win share against greedy bots for
each value of one constant, the others at their defaults.

    python tools/sun_tune.py --games 600 --players 2 5 keep=0.45,0.55,0.65
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))  # a checkout as silverpyr

from silverpyr.puzzles.core.tournament import seat_share, wilson
from silverpyr.solver.sun.bots import GreedyPlayer, SunPlayer, play_game
from silverpyr.solver.sun.cards import load_deck
from silverpyr.solver.sun.expert import Expert, ExpertPlayer, ExpertWeights
from silverpyr.solver.sun.game import outcome

TUNING_SEED = 100_000


def share(make: Callable[[], SunPlayer], players: int, games: int, size: str) -> float:
    """The win share of the player ``make()`` makes for each game, over ``games`` games against
    greedy bots, seat rotated (``tools/sun_rollouts.py`` measures its experts with it too)."""
    deck = load_deck()

    def winners(seat: int, seed: int) -> tuple[int, ...]:
        line_up: list[SunPlayer] = [GreedyPlayer() for _ in range(players)]
        line_up[seat] = make()
        final, _ = play_game(deck, line_up, size, seed)
        result = outcome(final)
        assert result is not None
        return result.winners

    return seat_share(games, players, TUNING_SEED, winners)


def expert_of(weights: ExpertWeights) -> Callable[[], SunPlayer]:
    """A fresh expert with ``weights``, one a game."""
    return lambda: ExpertPlayer(expert=Expert(weights))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=600)
    parser.add_argument("--players", type=int, nargs="+", default=[2, 5])
    parser.add_argument("--size", default="standard")
    parser.add_argument("sweep", help="constant=value,value,... (an ExpertWeights field)")
    args = parser.parse_args()
    name, _, values = args.sweep.partition("=")
    kind = type(getattr(ExpertWeights(), name))
    for text in values.split(","):
        weights = dataclasses.replace(ExpertWeights(), **{name: kind(text)})
        began = time.perf_counter()
        cells = []
        for players in args.players:
            rate = share(expert_of(weights), players, args.games, args.size)
            low, high = wilson(rate * args.games, args.games)
            cells.append(f"{players}p {rate:.1%} [{low:.1%}-{high:.1%}]")
        print(f"{name}={text}: " + "  ".join(cells) + f"  ({time.perf_counter() - began:.0f} s)")


if __name__ == "__main__":
    main()
