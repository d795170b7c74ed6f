"""How fast is the Pyramid of the Sun engine? (the searches and bots call it a lot)

* ``apply`` and ``legal_moves`` in microseconds, over every legal move of random turn starts
  with a full hand of 5 on a standard pyramid;
* whole random games (uniform legal moves) per second, by number of players.

    python benchmarks/sun_engine.py --positions 300 --games 100
"""

from __future__ import annotations

import argparse
import statistics
import time

from silverpyr.solver.sun.game import (
    apply,
    apply_unchecked,
    legal_moves,
    random_game,
    random_position,
)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()

    states = [random_position(args.seed + i, 3, "standard", hand=5) for i in range(args.positions)]
    pairs = [(state, move) for state in states for move in legal_moves(state)]
    start = time.perf_counter()
    for state, move in pairs:
        apply(state, move)
    checked = (time.perf_counter() - start) / len(pairs) * 1e6
    start = time.perf_counter()
    for state, move in pairs:
        apply_unchecked(state, move)
    unchecked = (time.perf_counter() - start) / len(pairs) * 1e6
    start = time.perf_counter()
    for state in states:
        legal_moves(state)
    listing = (time.perf_counter() - start) / len(states) * 1e6
    moves = statistics.mean(len(legal_moves(state)) for state in states)
    print(
        f"positions: {len(states)} (hand of 5, standard pyramid, 3 players), {moves:.1f} moves each"
    )
    print(f"apply: {checked:.1f} us a move ({unchecked:.1f} us unchecked)")
    print(f"legal_moves: {listing:.1f} us a position")
    for players in (2, 3, 4, 5):
        start = time.perf_counter()
        total = 0
        for i in range(args.games):
            total += len(random_game(args.seed + i, players, "standard")) - 1
        spent = time.perf_counter() - start
        print(
            f"{players} players: {args.games / spent:.0f} random games/s "
            f"({total / args.games:.0f} moves a game)"
        )


if __name__ == "__main__":
    main()
