"""Write ``data/exact_values.json``: each bundled card's exact round value, shipped with silverpyr.

For every pyramid card of the bundled deck, alone, from an empty card and sheet at the
start of round 1, before the first reveal (see ``silverpyr.solver.silvergold.exact``):

* ``score``: the exact expected puzzle score of the round under optimal play;
* ``completion``: the chance to complete the card within the round under that play;
* ``greedy_score``, ``greedy_completion``: the same for the greedy bot.

Values are exact fractions written as text (``"11197/560"``), with a rounded float beside.

    python tools/exact_values.py                # write data/exact_values.json
    python tools/exact_values.py --check        # exit 1 if the file differs
    python tools/exact_values.py --jobs 2       # worker processes (default: 1)
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

from silverpyr.solver.silvergold import exact
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.position import Position

ROOT = Path(__file__).resolve().parent.parent
VALUES_PATH = ROOT / "data" / "exact_values.json"
FORMAT = 1


def card_values(number: int) -> dict[str, Any]:
    """The shipped figures of one bundled card."""
    deck = load_deck(None)
    position = Position.start(deck.card(number))
    deal = exact.Deal.of_round(deck.expedition_cards())
    best = exact.evaluate(position, 1, deal)
    greedy = exact.policy_value(position, 1, deal, exact.greedy_policy)
    return {
        "score": str(best.score),
        "completion": str(best.completion),
        "greedy_score": str(greedy.score),
        "greedy_completion": str(greedy.completion),
        "score_float": round(float(best.score), 6),
        "completion_float": round(float(best.completion), 6),
        "greedy_score_float": round(float(greedy.score), 6),
        "greedy_completion_float": round(float(greedy.completion), 6),
    }


def generate(jobs: int = 1) -> str:
    """The file's text."""
    deck = load_deck(None)
    numbers = sorted(card.number for card in deck.pyramids)
    if jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            values = list(pool.map(card_values, numbers))
    else:
        values = [card_values(number) for number in numbers]
    data = {
        "format": FORMAT,
        "about": (
            "Exact values of one round (round 1, empty card and sheet, before the first "
            "reveal) for each bundled card, written by tools/exact_values.py"
        ),
        "deck": deck.fingerprint,
        "cards": {str(n): v for n, v in zip(numbers, values, strict=True)},
    }
    return json.dumps(data, indent=1) + "\n"


def main(argv: Sequence[str] | None = None) -> int:
    """Command line: write or check the shipped values."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--check", action="store_true", help="exit 1 if the file differs")
    parser.add_argument("--jobs", type=int, default=1, help="worker processes")
    parser.add_argument("--path", type=Path, default=VALUES_PATH)
    args = parser.parse_args(argv)
    text = generate(max(1, args.jobs))
    if args.check:
        current = args.path.read_text(encoding="utf-8") if args.path.exists() else ""
        if current != text:
            print(f"{args.path} differs from the generated values", file=sys.stderr)
            return 1
        print(f"OK: {args.path} matches")
        return 0
    args.path.write_text(text, encoding="utf-8")
    print(f"wrote {args.path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
