"""Does a Cheops components file make a market? Endings, sold share and money scale per policy.

    python benchmarks/cheops_components.py                       # report seeds, bundled file
    python benchmarks/cheops_components.py --games 100 --seed 800000 --cards mine.yaml
    python benchmarks/cheops_components.py --line-ups greedy,greedy expert,always-store

Each line-up (bots from the arena's registry, seats rotated game by game as in ``cheops
arena``) plays ``--games`` games from ``--seed`` on; per line-up the games' endings
(``boards``: two full boards, three under law 3; ``empty``: the pyramid emptied; ``blocked``:
nobody could place a family tile), then per policy: its win share (a shared win a fraction),
its **sold share** (money from sales over money from sales and stores, the market's measure:
a game where nobody sells is no market), and its final money's median, 10th and 90th
percentile (the money scale). The default line-ups are the measures of
docs/cheops-components.md. Default seeds: 900,000 on (the report's seeds; the components and
the expert were chosen on tuning seeds 800,000 to 899,999).
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections import Counter, defaultdict
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))  # a checkout as silverpyr

from silverpyr.puzzles.cheops.arena import play_arena_game
from silverpyr.puzzles.cheops.registry import NAMES, make_player
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.game import LAW9_PRICE, Phase, apply, new_game

REPORT_SEED = 900_000
DEFAULT_LINE_UPS = (
    "greedy,greedy",
    "always-sell,always-sell",
    "always-store,always-store",
    "random,random",
    "greedy,always-sell",
    "greedy,always-store",
    "greedy,random",
    "expert,greedy",
    "expert,always-sell",
    "expert,always-store",
    "expert,random",
    "greedy,greedy,greedy",
    "greedy,greedy,greedy,greedy,greedy",
)
ENDINGS = ("boards", "empty", "blocked")


def percentile(values: list[int], share: float) -> float:
    ordered = sorted(values)
    return float(ordered[min(len(ordered) - 1, int(share * len(ordered)))])


def measure(line_up: tuple[str, ...], games: int, seed: int, cards: str | None) -> dict[str, Any]:
    """One line-up's endings and, per policy, wins, sold share and money scale."""
    components = load_components(cards)
    endings: Counter[str] = Counter()
    wins: dict[str, float] = defaultdict(float)
    seats_played: Counter[str] = Counter()
    sold: dict[str, int] = defaultdict(int)
    stored: dict[str, int] = defaultdict(int)
    money: dict[str, list[int]] = defaultdict(list)
    began = time.perf_counter()
    size = len(line_up)
    for g in range(games):
        seats = tuple(line_up[(s + g) % size] for s in range(size))
        result = play_arena_game((components, False), seed + g, seats)
        endings[result.reason] += 1
        for s, bot in enumerate(seats):
            seats_played[bot] += 1
            if s in result.winners:
                wins[bot] += 1 / len(result.winners)
            sold[bot] += result.categories[s]["sold"]
            stored[bot] += result.categories[s]["stored"]
            money[bot].append(result.money[s])
    policies = {}
    for bot in dict.fromkeys(line_up):
        earned = sold[bot] + stored[bot]
        policies[bot] = {
            "seats": seats_played[bot],
            "wins": round(wins[bot] / seats_played[bot], 4),
            "sold_share": round(sold[bot] / earned, 4) if earned else 0.0,
            "money_median": statistics.median(money[bot]),
            "money_p10": percentile(money[bot], 0.1),
            "money_p90": percentile(money[bot], 0.9),
            "money_mean": round(statistics.fmean(money[bot]), 1),
        }
    all_sold = sum(sold.values())
    all_earned = all_sold + sum(stored.values())
    return {
        "line_up": list(line_up),
        "games": games,
        "seed": seed,
        "endings": {reason: endings.get(reason, 0) for reason in ENDINGS},
        "sold_share": round(all_sold / all_earned, 4) if all_earned else 0.0,
        "policies": policies,
        "seconds": round(time.perf_counter() - began, 1),
    }


def law_measures(
    line_ups: list[tuple[str, ...]], games: int, seed: int, cards: str | None
) -> dict[str, Any]:
    """What law 7's number and the starting money were chosen by, over ``games`` games of each
    line-up (seats rotated): every plain number law 7 could cover when it is carried out (its
    number should both raise some and cut some: about their median), and the taker's money
    when law 9 asks for its 25 (the starting money should make law 9 a decision, not a
    refusal for want of money)."""
    components = load_components(cards)
    entries: list[int] = []
    law9_money: list[int] = []
    for line_up in line_ups:
        size = len(line_up)
        for g in range(games):
            state = new_game(components, size, seed + g)
            bots = [make_player(line_up[(s + g) % size]) for s in range(size)]
            while state.phase is not Phase.OVER:
                if state.phase is Phase.LAW and state.pending == 7:
                    for board in state.boards:
                        for i in range(board.covered, len(board.board.entries)):
                            entry = board.entry(i, components.law7_number)
                            if entry.kind == "plain":
                                entries.append(entry.a)
                if state.phase is Phase.LAW and state.pending == 9:
                    law9_money.append(state.money[state.turn])
                state = apply(state, bots[state.turn].decide(state, state.turn))
    return {
        "line_ups": [",".join(line_up) for line_up in line_ups],
        "games": games,
        "law7_entries": len(entries),
        "law7_entry_p25_median_p75": [
            percentile(entries, 0.25),
            percentile(entries, 0.5),
            percentile(entries, 0.75),
        ]
        if entries
        else [],
        "law9_asked": len(law9_money),
        "law9_affordable": round(sum(m >= LAW9_PRICE for m in law9_money) / len(law9_money), 3)
        if law9_money
        else None,
        "start_money": components.start_money,
        "law7_number": components.law7_number,
    }


def table(rows: list[dict[str, Any]]) -> list[str]:
    lines = [
        "| line-up | games | boards / empty / blocked | sold share | policy | wins "
        "| its sold share | money median [p10-p90] |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for row in rows:
        ends = " / ".join(str(row["endings"][reason]) for reason in ENDINGS)
        first = True
        for bot, figures in row["policies"].items():
            head = (
                f"| {' v '.join(row['line_up'])} | {row['games']} | {ends} | "
                f"{row['sold_share']:.0%} |"
                if first
                else "| | | | |"
            )
            lines.append(
                f"{head} {bot} | {figures['wins']:.1%} | {figures['sold_share']:.0%} | "
                f"{figures['money_median']:.0f} [{figures['money_p10']:.0f}-"
                f"{figures['money_p90']:.0f}] |"
            )
            first = False
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--seed", type=int, default=REPORT_SEED)
    parser.add_argument("--cards", help="a components file (default: the bundled one)")
    parser.add_argument(
        "--line-ups",
        nargs="+",
        default=list(DEFAULT_LINE_UPS),
        help="comma-separated bots per line-up (names: " + ", ".join(NAMES) + ")",
    )
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--laws",
        action="store_true",
        help="measure what law 7's number and the starting money are chosen by, instead",
    )
    args = parser.parse_args()
    line_ups = [tuple(name.strip() for name in text.split(",")) for text in args.line_ups]
    for text, line_up in zip(args.line_ups, line_ups, strict=True):
        if any(name not in NAMES for name in line_up) or not 2 <= len(line_up) <= 5:
            parser.error(f"{text!r}: 2 to 5 bots from {', '.join(NAMES)}")
    if args.laws:
        print(json.dumps(law_measures(line_ups, args.games, args.seed, args.cards)))
        return
    rows = []
    for line_up in line_ups:
        row = measure(line_up, args.games, args.seed, args.cards)
        rows.append(row)
        if not args.json:
            print("\n".join(table([row])[2:]), f"({row['seconds']} s)", flush=True)
    if args.json:
        print(json.dumps(rows, indent=2))
    else:
        print("\n".join(table(rows)))


if __name__ == "__main__":
    main()
