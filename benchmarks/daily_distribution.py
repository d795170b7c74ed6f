"""Kinds and difficulty ratings of the daily puzzles over a span of days.

Generates the daily puzzle of each of ``--days`` dates from ``--start`` (in-process, with
``--jobs`` worker processes) and prints how many of each kind and of each difficulty
rating there are, the candidates tried per puzzle and the generation time (solving the par
included, importing excluded). ``--features FILE`` also writes every puzzle's measured
features as JSON lines, for tuning :mod:`silverpyr.puzzles.silvergold.rating`.

    .venv/bin/python benchmarks/daily_distribution.py --days 365 --start 2026-01-01
"""

from __future__ import annotations

import argparse
import datetime as dt
import json
import statistics
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import asdict
from typing import Any

from timing import in_words  # benchmarks/timing.py, beside this script

DEFAULT_DAYS = 365
DEFAULT_START = "2026-01-01"


def measure(date_text: str) -> dict[str, Any]:
    """Generate one daily puzzle and report what it is and what it cost."""
    from silverpyr.puzzles.silvergold.generate import assessments
    from silverpyr.puzzles.silvergold.ids import parse_puzzle_id
    from silverpyr.solver.silvergold.deckfile import load_deck

    deck = load_deck()
    began = time.perf_counter()
    tried = assessments(deck, parse_puzzle_id(f"daily-{date_text}"))
    seconds = time.perf_counter() - began
    kept = tried[-1]
    if kept.puzzle is None or kept.features is None:
        return {"date": date_text, "failed": True, "tries": len(tried), "seconds": seconds}
    return {
        "date": date_text,
        "failed": False,
        "kind": kept.puzzle.kind.value,
        "difficulty": kept.puzzle.difficulty,
        "par": kept.puzzle.par,
        "turns": kept.puzzle.turns,
        "tries": len(tried),
        "seconds": seconds,
        "features": asdict(kept.features),
        "puzzle": kept.puzzle.to_dict(),
    }


def _table(title: str, counts: Counter[Any], total: int) -> str:
    lines = [title]
    for key in sorted(counts):
        share = 100 * counts[key] / total
        lines.append(f"  {key!s:<10} {counts[key]:>4}  {share:5.1f}%  {'#' * round(share / 2)}")
    return "\n".join(lines)


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=DEFAULT_DAYS)
    parser.add_argument("--start", default=DEFAULT_START, help="first date, YYYY-MM-DD")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--features", help="write one JSON line per puzzle to this file")
    args = parser.parse_args()
    first = dt.date.fromisoformat(args.start)
    dates = [(first + dt.timedelta(days=n)).isoformat() for n in range(args.days)]
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(measure, dates, chunksize=4))
    if args.features:
        with open(args.features, "w", encoding="utf-8") as out:
            for result in results:
                out.write(json.dumps(result) + "\n")
    served = [r for r in results if not r["failed"]]
    failed = len(results) - len(served)
    print(f"{len(results)} daily puzzles from {dates[0]} to {dates[-1]}; {failed} without a puzzle")
    print(_table("Kinds:", Counter(r["kind"] for r in served), len(served)))
    print(_table("Difficulty:", Counter(r["difficulty"] for r in served), len(served)))
    by_kind: dict[str, list[int]] = {}
    for r in served:
        by_kind.setdefault(r["kind"], []).append(r["difficulty"])
    print(
        "Mean difficulty by kind: "
        + ", ".join(
            f"{kind} {statistics.mean(values):.2f}" for kind, values in sorted(by_kind.items())
        )
    )
    tries = [r["tries"] for r in results]
    seconds = [r["seconds"] for r in results]
    print(f"Candidates tried per puzzle: mean {statistics.mean(tries):.2f}, max {max(tries)}")
    print(f"Generation seconds (par solved, imports excluded): {in_words(seconds, unit='')}")


if __name__ == "__main__":
    main()
