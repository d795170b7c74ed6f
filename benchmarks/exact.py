"""Speed of the exact engine (issue 12's targets), one core, bundled deck.

    python benchmarks/exact.py                  # all three measurements
    python benchmarks/exact.py --cards 12       # the whole-round one on 12 cards only
    python benchmarks/exact.py --states 40      # states for the mid-round measurements

* **One card, whole round**: each card alone, empty card and sheet, round 1 before the first
  reveal: :func:`~silverpyr.solver.silvergold.exact.evaluate` (graph build + backward pass).
  Target: median <= 3 s, max <= 20 s, peak RSS <= 500 MB.
* **One card from turn 3**: a seeded order, turns 1-2 played by the greedy bot, then the
  exact value of every legal move for turn 3's card (:func:`~.exact.move_values`, what
  ``hint --state`` asks). Target: median <= 0.1 s.
* **Two cards from turn 5**: the same for seeded pairs, turns 1-4 played by the bot,
  ranked at turn 5. Target: median <= 1 s.

Times are wall seconds (``time.perf_counter``); CPU seconds are shown beside them, since a
busy machine stretches wall time. Peak RSS is the process's (``ru_maxrss``), the largest
graph's.
"""

from __future__ import annotations

import argparse
import random
import resource
import statistics
import sys

from timing import percentile, timed  # benchmarks/timing.py, beside this script

from silverpyr.solver.silvergold import exact
from silverpyr.solver.silvergold.bots import choose_move
from silverpyr.solver.silvergold.cards import Deck
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.position import Position


def report(name: str, walls: list[float], cpus: list[float], target: float | None) -> bool:
    median = statistics.median(walls)
    ok = target is None or median <= target
    verdict = "" if target is None else ("  ok" if ok else f"  OVER the {target} s target")
    print(
        f"{name}: n={len(walls)} median={median:.3f}s p95={percentile(walls, 0.95):.3f}s "
        f"max={max(walls):.3f}s (cpu median={statistics.median(cpus):.3f}s "
        f"max={max(cpus):.3f}s){verdict}",
        flush=True,
    )
    return ok


def peak_rss_mb() -> float:
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024  # bytes / KiB


def whole_round(deck: Deck, count: int) -> bool:
    cards = deck.expedition_cards()
    walls, cpus = [], []
    for card in sorted(deck.pyramids, key=lambda c: c.number)[:count]:
        position = Position.start(card)
        timed((walls, cpus), lambda p=position: exact.evaluate(p, 1, exact.Deal.of_round(cards)))
        print(f"  card {card.number}: {walls[-1]:.2f}s (cpu {cpus[-1]:.2f}s)", flush=True)
    ok = report("one card, whole round from turn 1", walls, cpus, None)
    ok &= statistics.median(walls) <= 3 and max(walls) <= 20
    rss = peak_rss_mb()
    print(f"  targets median <= 3 s, max <= 20 s; peak RSS {rss:.0f} MB (target <= 500 MB)")
    return ok and rss <= 500


def mid_round(deck: Deck, states: int, hand: int, turn: int, seed: int) -> list[float]:
    """Wall times of move_values at ``turn`` after bot play, for seeded cards and orders."""
    rng = random.Random(seed)
    cards = deck.expedition_cards()
    walls, cpus = [], []
    while len(walls) < states:
        chosen = rng.sample(sorted(deck.pyramids, key=lambda c: c.number), hand)
        order = list(cards)
        rng.shuffle(order)
        position = Position.start(*chosen)
        for expedition in order[: turn - 1]:
            position = position.push(choose_move(position, expedition, 1), expedition, 1)
        if any(state.is_complete() for state in position.cards):
            continue  # a card completed: the hand changes, not what we time
        deal = exact.Deal.of_round(cards, order[: turn - 1])
        revealed = order[turn - 1]
        timed((walls, cpus), lambda p=position, d=deal, r=revealed: exact.move_values(p, 1, r, d))
    return [*walls, *cpus]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--cards", type=int, default=48, help="cards for the whole round")
    parser.add_argument("--states", type=int, default=30, help="states per mid-round test")
    parser.add_argument("--seed", type=int, default=12)
    args = parser.parse_args()
    deck = load_deck(None)
    ok = True
    for hand, turn, target in ((1, 3, 0.1), (2, 5, 1.0)):
        both = mid_round(deck, args.states, hand, turn, args.seed)
        walls, cpus = both[: args.states], both[args.states :]
        label = f"{'one card' if hand == 1 else 'two cards'} from turn {turn}"
        ok &= report(label, walls, cpus, target)
    ok &= whole_round(deck, args.cards)
    return 0 if ok else 1


if __name__ == "__main__":
    raise SystemExit(main())
