"""Two-player Sun games of one registry player against montecarlo (K=8) on the seeds given,
the player's seat alternating (first on even seeds), on every core: its win share (a shared
win a fraction) and mean margin, with a running count on stderr.

    python benchmarks/sun_versus.py search --seed 100000 --games 16     # tuning seeds
    python benchmarks/sun_versus.py search --seed 900000 --games 12     # report seeds
    python benchmarks/sun_versus.py search --seed 920000 --games 1000 --out games.jsonl

``--out`` appends a JSON line a game (seed, win share, margin), so a long run that is stopped
keeps every game it finished.

The search's constants were chosen on seeds 100,000 and up only; 900,000 and up are the
report's. ``silverpyr sun arena --bots search,montecarlo`` plays the same match with the
arena's seat rotation and tables; this script only adds the running count.
"""

from __future__ import annotations

import argparse
import json
import multiprocessing
import sys

from silverpyr.puzzles.sun.registry import make_player
from silverpyr.solver.sun.bots import play_game
from silverpyr.solver.sun.cards import load_deck
from silverpyr.solver.sun.game import outcome

DECK = load_deck()
PLAYER = "search"


def one(job: tuple[str, str, int]) -> tuple[float, int]:
    """The player's win share and margin in the game of ``seed``."""
    name, against, seed = job
    first = seed % 2 == 0
    players = [make_player(name), make_player(against)]
    if not first:
        players.reverse()
    final, _ = play_game(DECK, players, "standard", seed)
    result = outcome(final)
    assert result is not None
    me = 0 if first else 1
    share = 1 / len(result.winners) if me in result.winners else 0.0
    return share, result.scores[me] - result.scores[1 - me]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("player", nargs="?", default=PLAYER)
    parser.add_argument("--against", default="montecarlo")
    parser.add_argument("--seed", type=int, default=900_000)
    parser.add_argument("--games", type=int, default=12)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--out", help="append a JSON line a game to this file")
    args = parser.parse_args()
    jobs = [(args.player, args.against, args.seed + g) for g in range(args.games)]
    results: list[tuple[float, int]] = []
    with multiprocessing.Pool(args.workers) as pool:
        for seed, result in zip((job[2] for job in jobs), pool.imap(one, jobs), strict=True):
            results.append(result)
            if args.out:
                with open(args.out, "a", encoding="utf-8") as out:
                    line = {"seed": seed, "share": result[0], "margin": result[1]}
                    print(json.dumps(line), file=out)
            wins = sum(share for share, _ in results)
            print(f"{len(results)} games: {wins:g} won", file=sys.stderr, flush=True)
    wins = sum(share for share, _ in results)
    margin = sum(m for _, m in results) / len(results)
    print(
        f"{args.player} vs {args.against}, seeds {args.seed}-{args.seed + args.games - 1}: "
        f"{wins:g} of {len(results)} won ({wins / len(results):.1%}), margin {margin:+.1f}"
    )


if __name__ == "__main__":
    main()
