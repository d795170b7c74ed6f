"""How fast is the Cheops engine? (the searches and bots call it a lot)

* ``apply`` (checked and unchecked) in microseconds a move: the median over the moves of
  random games, each move timed on its own (repeated to be above the clock's grain, the
  best of 3 rounds);
* ``legal_moves`` and ``distinct_moves`` in microseconds a position, medians over the same
  games' positions;
* whole random games (uniform legal moves) per second, by number of players.

Games are ``new_game(bundled components, players, seed)`` for seeds ``--seed`` onwards, the
moves drawn by a ``SeededStream``: the same numbers of moves every run, only the times vary.

    python benchmarks/cheops_engine.py                 # 40 games, 2-5 players
    python benchmarks/cheops_engine.py --games 10 --json

Measured (2026-11-26, the shared 2-core machine, busy; ``--games 20``, 2,512 moves)::

    apply: median 17.5 us, p95 32.6 us, max 248.4 us
    apply_unchecked: median 10.0 us, p95 18.7 us, max 132.1 us
    legal_moves: median 3.0 us, p95 34.3 us, max 2816.2 us
    distinct_moves: median 4.4 us, p95 37.0 us, max 802.2 us
    legal moves a position: 9.3 on average
    2 players: 98.4 random games/s (117.8 moves a game)

The maxima are the turn starts of law 12's holder (every pair of treasures of different
colours is a swap: well over a thousand moves; ``distinct_moves`` lists each pair once) and
the game's last move (final scoring, law 9's colour tried six ways).
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from collections.abc import Callable

from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.game import (
    CheopsState,
    Move,
    apply,
    apply_unchecked,
    distinct_moves,
    legal_moves,
    new_game,
)
from silverpyr.solver.core.rng import SeededStream

REPEAT = 10
ROUNDS = 3
"""Each timed call is repeated ``REPEAT`` times in each of ``ROUNDS`` rounds; its time is the
best round's mean (the machine is shared: the best round is the one least disturbed)."""


def random_game(seed: int, players: int) -> list[tuple[CheopsState, Move]]:
    """Every (state, move) of a game of uniformly random legal moves."""
    components = load_components()
    state = new_game(components, players, seed)
    stream = SeededStream(f"cheops-benchmark|{seed}|{players}")
    pairs: list[tuple[CheopsState, Move]] = []
    while not state.over:
        move = stream.choice(legal_moves(state))
        pairs.append((state, move))
        state = apply(state, move)
    return pairs


def _micros(call: Callable[[], object]) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        start = time.perf_counter()
        for _ in range(REPEAT):
            call()
        best = min(best, time.perf_counter() - start)
    return best / REPEAT * 1e6


def _summary(values: list[float]) -> dict[str, float]:
    ordered = sorted(values)
    return {
        "median": round(statistics.median(ordered), 1),
        "p95": round(ordered[int(0.95 * (len(ordered) - 1))], 1),
        "max": round(ordered[-1], 1),
    }


def measure(games: int, seed: int) -> dict[str, object]:
    """The figures of ``games`` random games (players 2 to 5 in turn)."""
    pairs: list[tuple[CheopsState, Move]] = []
    per_players: dict[str, dict[str, float]] = {}
    for players in (2, 3, 4, 5):
        start = time.perf_counter()
        moves = 0
        count = 0
        for i in range(seed + players - 2, seed + games, 4):
            game = random_game(i, players)
            pairs.extend(game)
            moves += len(game)
            count += 1
        spent = time.perf_counter() - start
        if count:
            per_players[str(players)] = {
                "games_per_second": round(count / spent, 1),
                "moves_per_game": round(moves / count, 1),
            }
    checked = [_micros(lambda s=state, m=move: apply(s, m)) for state, move in pairs]
    unchecked = [_micros(lambda s=state, m=move: apply_unchecked(s, m)) for state, move in pairs]
    listing = [_micros(lambda s=state: legal_moves(s)) for state, _ in pairs]
    distinct = [_micros(lambda s=state: distinct_moves(s)) for state, _ in pairs]
    return {
        "games": games,
        "seed": seed,
        "moves": len(pairs),
        "apply_us": _summary(checked),
        "apply_unchecked_us": _summary(unchecked),
        "legal_moves_us": _summary(listing),
        "distinct_moves_us": _summary(distinct),
        "legal_moves_mean": round(statistics.mean(len(legal_moves(s)) for s, _ in pairs), 1),
        "random_games": per_players,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    figures = measure(args.games, args.seed)
    if args.json:
        print(json.dumps(figures, indent=2))
        return
    print(f"{figures['games']} random games, {figures['moves']} moves (seed {args.seed})")
    for name in ("apply_us", "apply_unchecked_us", "legal_moves_us", "distinct_moves_us"):
        row = figures[name]
        assert isinstance(row, dict)
        print(f"{name[:-3]}: median {row['median']} us, p95 {row['p95']} us, max {row['max']} us")
    print(f"legal moves a position: {figures['legal_moves_mean']} on average")
    games = figures["random_games"]
    assert isinstance(games, dict)
    for players, row in games.items():
        print(
            f"{players} players: {row['games_per_second']} random games/s "
            f"({row['moves_per_game']} moves a game)"
        )


if __name__ == "__main__":
    main()
