"""The ladder of issue 34: every pair of a game's players meets over the same seeds (two
players, seats rotated), and a Bradley-Terry fit turns the results into Elo-scale ratings,
greedy at 0, each with a 95% interval from a seeded bootstrap over the games.

    python benchmarks/ladder.py --game sun --games 40 --seed 900000 --svg ladder-sun.svg

Prints the pairs and the ratings (``--json`` for numbers); ``--svg PATH`` draws the ladder.
``--out FILE`` appends a JSON line a finished pair, and a rerun with the same file, game,
seed and games a pair plays only the pairs it does not hold yet (a long ladder may be stopped).
Seeds 900,000 and up are the report seeds: nothing was tuned on them. Slow: montecarlo:32
plays 32 deals a decision (a greedy play-out costs about 5 ms in Cheops, 7 ms in the Sun).
"""

from __future__ import annotations

import argparse
import itertools
import json
import math
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from pathlib import Path

from silverpyr.solver.core.rng import SeededStream

PLAYERS = ("greedy", "montecarlo:2", "montecarlo:8", "montecarlo:32", "expert")
ANCHOR = "greedy"
BOOTSTRAP = 400


@dataclass(frozen=True)
class Pair:
    """One pair's games: the first bot's win share in each game (1, 0, or 0.5 shared)."""

    first: str
    second: str
    shares: tuple[float, ...]

    @property
    def score(self) -> float:
        return sum(self.shares)


def play_pair(game: str, first: str, second: str, games: int, seed: int, workers: int) -> Pair:
    """``games`` games of ``first`` against ``second`` through the game's own arena."""
    if game == "sun":
        from silverpyr.puzzles.sun.arena import run_arena
        from silverpyr.solver.sun.cards import load_deck

        report = run_arena(load_deck(), [first, second], games, seed=seed, workers=workers)
    elif game == "cheops":
        from silverpyr.puzzles.cheops.arena import run_arena as run_cheops
        from silverpyr.solver.cheops.components import load_components

        report = run_cheops(load_components(), [first, second], games, seed=seed, workers=workers)
    else:
        from silverpyr.puzzles.silvergold.realgame.arena import run_arena as run_silvergold
        from silverpyr.solver.silvergold.deckfile import load_deck as load_silvergold

        deck = load_silvergold()
        report = run_silvergold(deck, [first, second], games, seed=seed, workers=workers)
    shares = []
    for result in report.games:
        seat = result.seats.index(first)
        winners = result.winners
        shares.append(1 / len(winners) if seat in winners else 0.0)
    return Pair(first, second, tuple(shares))


def kept_pairs(path: Path | None, game: str, seed: int, games: int) -> dict[tuple[str, str], Pair]:
    """The pairs ``--out`` already holds for this game, seed and number of games."""
    if path is None or not path.exists():
        return {}
    kept = {}
    for number, text in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
        try:
            line = json.loads(text)
            key = (line["game"], line["seed"], len(line["shares"]))
            pair = Pair(line["first"], line["second"], tuple(float(s) for s in line["shares"]))
        except (ValueError, KeyError, TypeError):
            sys.exit(f"error: {path}:{number}: not a ladder pair line")
        if key == (game, seed, games):
            kept[(pair.first, pair.second)] = pair
    return kept


def fit(names: Sequence[str], pairs: Sequence[tuple[str, str, float, int]]) -> dict[str, float]:
    """Bradley-Terry ratings on the Elo scale (400 points: odds of 10 to 1), ``ANCHOR`` at 0,
    by the minorization-maximization iteration; ``pairs`` hold (first, second, first's
    score, games). A player that won or lost everything is held within 800 of the rest."""
    strength = dict.fromkeys(names, 1.0)
    wins = dict.fromkeys(names, 0.0)
    for first, second, score, games in pairs:
        wins[first] += score
        wins[second] += games - score
    for _ in range(2000):
        new = {}
        for name in names:
            total = 0.0
            for first, second, _, games in pairs:
                if name in (first, second):
                    other = second if name == first else first
                    total += games / (strength[name] + strength[other])
            won = min(max(wins[name], 0.5), sum(g for *_, g in pairs) - 0.5)
            new[name] = won / total if total else 1.0
        scale = new.get(ANCHOR, 1.0)
        new = {name: min(max(value / scale, 1e-2), 1e2) for name, value in new.items()}
        if all(abs(new[n] - strength[n]) < 1e-9 for n in names):
            break
        strength = new
    return {name: 400 * math.log10(strength[name]) for name in names}


def ladder(names: Sequence[str], played: Sequence[Pair]) -> dict[str, dict[str, float]]:
    """Each player's rating and its bootstrap 95% interval (games resampled in each pair)."""
    rows = [(p.first, p.second, p.score, len(p.shares)) for p in played]
    ratings = fit(names, rows)
    stream = SeededStream("silverpyr-ladder-bootstrap")
    draws: dict[str, list[float]] = {name: [] for name in names}
    for b in range(BOOTSTRAP):
        child = stream.child(str(b))
        resampled = []
        for p in played:
            n = len(p.shares)
            score = sum(p.shares[child.below(n)] for _ in range(n))
            resampled.append((p.first, p.second, score, n))
        for name, value in fit(names, resampled).items():
            draws[name].append(value)
    out = {}
    for name in names:
        ordered = sorted(draws[name])
        low = ordered[int(0.025 * (len(ordered) - 1))]
        high = ordered[math.ceil(0.975 * (len(ordered) - 1))]
        out[name] = {"rating": round(ratings[name]), "low": round(low), "high": round(high)}
    return out


def svg(game: str, rows: dict[str, dict[str, float]], games: int) -> str:
    """The ladder as a picture: one line a player, its rating a dot, its interval a bar."""
    names = sorted(rows, key=lambda n: rows[n]["rating"])
    low = min(r["low"] for r in rows.values()) - 50
    high = max(r["high"] for r in rows.values()) + 50
    width, left, right, step = 640, 150, 30, 36
    height = 70 + step * len(names)

    def x(value: float) -> float:
        return left + (value - low) / (high - low) * (width - left - right)

    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        'font-family="sans-serif" font-size="13">',
        f'<rect width="{width}" height="{height}" fill="white"/>',
        f'<text x="10" y="22" font-size="15">{escape(game)}: ratings (Elo scale, greedy 0) '
        f"and 95% intervals, {games} games a pair</text>",
    ]
    for i, name in enumerate(names):
        y = 50 + step * i
        row = rows[name]
        parts += [
            f'<text x="10" y="{y + 4}">{escape(name)}</text>',
            f'<line x1="{x(row["low"]):.1f}" y1="{y}" x2="{x(row["high"]):.1f}" y2="{y}" '
            'stroke="black" stroke-width="2"/>',
            f'<circle cx="{x(row["rating"]):.1f}" cy="{y}" r="5" fill="black"/>',
            f'<text x="{x(row["high"]) + 6:.1f}" y="{y + 4}">{row["rating"]:+.0f}</text>',
        ]
    axis = 50 + step * len(names)
    parts.append(
        f'<line x1="{x(0):.1f}" y1="35" x2="{x(0):.1f}" y2="{axis - 10}" stroke="grey" '
        'stroke-dasharray="4 3"/>'
    )
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("sun", "cheops", "silvergold"), default="sun")
    parser.add_argument("--games", type=int, default=40, help="games a pair")
    parser.add_argument("--seed", type=int, default=900_000)
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--players", default=",".join(PLAYERS))
    parser.add_argument("--svg", type=Path)
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--out", type=Path, help="keep finished pairs here; resume from it")
    args = parser.parse_args()
    names = [name.strip() for name in args.players.split(",")]
    if ANCHOR not in names:
        sys.exit(f"error: --players must include {ANCHOR} (the ladder's 0)")
    kept = kept_pairs(args.out, args.game, args.seed, args.games)
    played = []
    for first, second in itertools.combinations(names, 2):
        pair = kept.get((first, second))
        if pair is None:
            pair = play_pair(args.game, first, second, args.games, args.seed, args.workers)
            if args.out is not None:
                with args.out.open("a", encoding="utf-8") as out:
                    line = {"game": args.game, "seed": args.seed, "first": first}
                    line |= {"second": second, "shares": list(pair.shares)}
                    out.write(json.dumps(line) + "\n")
        played.append(pair)
        print(f"{first} vs {second}: {pair.score:g} of {len(pair.shares)}", file=sys.stderr)
    rows = ladder(names, played)
    if args.svg is not None:
        args.svg.write_text(svg(args.game, rows, args.games), encoding="utf-8")
    if args.json:
        pairs = [{"first": p.first, "second": p.second, "score": p.score} for p in played]
        print(
            json.dumps(
                {
                    "game": args.game,
                    "games": args.games,
                    "seed": args.seed,
                    "pairs": pairs,
                    "ratings": rows,
                },
                indent=1,
            )
        )
        return
    print(f"{'player':<16}{'rating':>8}{'95% interval':>18}")
    for name in sorted(rows, key=lambda n: -rows[n]["rating"]):
        row = rows[name]
        interval = f"[{row['low']:+.0f}, {row['high']:+.0f}]"
        print(f"{name:<16}{row['rating']:>+8.0f}{interval:>18}")


if __name__ == "__main__":
    main()
