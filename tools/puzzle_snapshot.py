"""Writes (or checks) every puzzle the project promises to keep: dailies and seeds.

The architecture work must not change a single puzzle. This script generates the daily
puzzles of a date range and the puzzles of a seed range, from the bundled deck, and writes
each as canonical JSON (with its solution) to one file, one puzzle a line. ``--check FILE``
compares a fresh run with a file written before and names every puzzle that differs.

    python tools/puzzle_snapshot.py --check tests/silvergold/data/puzzle_snapshot.jsonl
    # after a deliberate change:
    python tools/puzzle_snapshot.py --out tests/silvergold/data/puzzle_snapshot.jsonl

``tests/silvergold/test_puzzle_snapshot.py`` checks a sample of the same file in every test run.
"""

from __future__ import annotations

import argparse
import datetime as dt
import hashlib
import json
import sys
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path


def _ids(first: str, last: str, seeds: int) -> list[str]:
    start, end = dt.date.fromisoformat(first), dt.date.fromisoformat(last)
    days = (end - start).days + 1
    dailies = [f"daily-{(start + dt.timedelta(days=n)).isoformat()}" for n in range(days)]
    return dailies + [str(seed) for seed in range(seeds)]


def _line(puzzle_id: str) -> str:
    from silverpyr.puzzles.silvergold.generate import generate_puzzle
    from silverpyr.puzzles.silvergold.ids import parse_puzzle_id
    from silverpyr.solver.silvergold.deckfile import load_deck

    puzzle = generate_puzzle(load_deck(None), parse_puzzle_id(puzzle_id))
    return json.dumps(puzzle.to_dict(with_solution=True), sort_keys=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", default="2026-11-22", help="first daily date")
    parser.add_argument("--last", default="2027-01-31", help="last daily date")
    parser.add_argument("--seeds", type=int, default=100, help="seeds 0 .. N-1")
    parser.add_argument("--jobs", type=int, default=2)
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--out", type=Path, help="write the snapshot here")
    group.add_argument("--check", type=Path, help="compare with this snapshot")
    args = parser.parse_args(argv)

    ids = _ids(args.first, args.last, args.seeds)
    with ProcessPoolExecutor(max_workers=args.jobs) as pool:
        lines = list(pool.map(_line, ids))
    text = "".join(line + "\n" for line in lines)
    digest = hashlib.sha256(text.encode()).hexdigest()
    if args.out is not None:
        args.out.write_text(text, encoding="utf-8")
        print(f"{len(ids)} puzzles written to {args.out}, sha256 {digest}")
        return 0
    before = args.check.read_text(encoding="utf-8").splitlines()
    differ = [pid for pid, old, new in zip(ids, before, lines, strict=False) if old != new]
    if len(before) != len(lines):
        print(f"{args.check}: {len(before)} puzzles, this run made {len(lines)}")
        return 1
    for pid in differ:
        print(f"differs: {pid}")
    print(f"{len(ids)} puzzles, {len(differ)} differ; sha256 {digest}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
