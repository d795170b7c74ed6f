#!/usr/bin/env python3
"""Make each game's dailies ahead, for a span of dates: ``data/dailies/<game>.json``.

Each daily is made by the game's own generator with the bundled components, exactly as
``daily`` makes it on a fresh home, and kept under the key the results database caches it
under (``puzzles/core/ahead.py``). The dates are shared out over ``--workers`` processes; the
file does not depend on their number. Run it again after a generator's version changes
(the tests say when: a bundled key no longer matches). A date whose daily cannot be made
is named, and nothing is written.

    python tools/make_dailies.py --from 2026-11-01 --to 2027-03-31 --workers 2
    python tools/make_dailies.py --game cheops --from 2026-11-01 --to 2026-11-30
"""

from __future__ import annotations

import argparse
import datetime as dt
import sys
import time
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

GAMES = ("silvergold", "sun", "cheops")


def _silvergold(day: dt.date) -> tuple[str, dict[str, Any]]:
    from silverpyr.puzzles.core.puzzle_ids import daily_id
    from silverpyr.puzzles.silvergold.catalog import cache_key
    from silverpyr.puzzles.silvergold.generate import generate_puzzle
    from silverpyr.puzzles.silvergold.ids import parse_puzzle_id
    from silverpyr.solver.silvergold.deckfile import load_deck

    deck = load_deck()
    puzzle_id = daily_id(day)
    puzzle = generate_puzzle(deck, parse_puzzle_id(puzzle_id))
    return cache_key(deck, puzzle_id), puzzle.to_dict(with_solution=True)


def _sun(day: dt.date) -> tuple[str, dict[str, Any]]:
    from silverpyr.cli.sun.puzzle_cmd import cache_key
    from silverpyr.puzzles.core.puzzle_ids import daily_id
    from silverpyr.puzzles.sun.ids import daily_puzzle
    from silverpyr.solver.sun.cards import load_deck

    deck = load_deck()
    return cache_key(deck, daily_id(day)), daily_puzzle(day, deck).to_dict()


def _cheops(day: dt.date) -> tuple[str, dict[str, Any]]:
    from silverpyr.cli.cheops.puzzle_cmd import cache_key
    from silverpyr.puzzles.cheops.ids import daily_puzzle
    from silverpyr.puzzles.core.puzzle_ids import daily_id
    from silverpyr.solver.cheops.components import load_components

    components = load_components()
    return cache_key(components, daily_id(day)), daily_puzzle(day, components).to_dict()


MAKERS: dict[str, Callable[[dt.date], tuple[str, dict[str, Any]]]] = {
    "silvergold": _silvergold,
    "sun": _sun,
    "cheops": _cheops,
}


def make(job: tuple[str, str]) -> tuple[str, str, dict[str, Any], float]:
    """One daily: its game, key, data and the seconds it took."""
    game, day = job
    began = time.perf_counter()
    key, data = MAKERS[game](dt.date.fromisoformat(day))
    return game, key, data, time.perf_counter() - began


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=GAMES, action="append", help="default: all three")
    parser.add_argument("--from", dest="first", type=dt.date.fromisoformat, required=True)
    parser.add_argument("--to", dest="last", type=dt.date.fromisoformat, required=True)
    parser.add_argument("--workers", type=int, default=1)
    args = parser.parse_args(argv)
    if args.last < args.first:
        parser.error("--to is before --from")
    if args.workers < 1:
        parser.error("--workers must be at least 1")
    from silverpyr.puzzles.core.ahead import AHEAD_DIR, ahead_path, ahead_text
    from silverpyr.solver.core.places import write_atomically

    games = args.game or list(GAMES)
    days = [
        (args.first + dt.timedelta(days=n)).isoformat()
        for n in range((args.last - args.first).days + 1)
    ]
    jobs = [(game, day) for game in games for day in days]
    made: dict[str, dict[str, dict[str, Any]]] = {game: {} for game in games}
    seconds: dict[str, list[float]] = {game: [] for game in games}
    failed: list[str] = []
    with ProcessPoolExecutor(args.workers) as pool:
        futures = {pool.submit(make, job): job for job in jobs}
        for count, future in enumerate(as_completed(futures), 1):
            game, day = futures[future]
            try:
                _, key, data, took = future.result()
            except Exception as error:  # a date without a daily: said below, nothing written
                failed.append(f"{game} {day}: {type(error).__name__}: {error}")
            else:
                made[game][key] = data
                seconds[game].append(took)
            print(f"\r{count}/{len(jobs)} dailies made", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    if failed:
        print("no daily could be made for:", *sorted(failed), sep="\n  ", file=sys.stderr)
        return 1
    AHEAD_DIR.mkdir(exist_ok=True)
    for game in games:
        write_atomically(ahead_path(game), ahead_text(game, made[game]))
        took = sorted(seconds[game])
        print(
            f"{game}: {len(took)} dailies, {days[0]} to {days[-1]}; seconds each: median "
            f"{took[len(took) // 2]:.2f}, max {took[-1]:.2f}, total {sum(took):.0f}"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
