"""Puzzles never change by accident: a sample of the promised puzzles against a snapshot.

``tests/silvergold/data/puzzle_snapshot.jsonl`` holds the dailies of 2026-11-22 ..
2027-01-31 and the puzzles of seeds 0-99, each as canonical JSON with its solution, written
by ``python tools/puzzle_snapshot.py --out`` (which also checks all of them, with ``--check``).
A player's streak and shared ids depend on every one staying byte-identical; this test
regenerates every seventh of them, enough to catch a change in generation, rating or par.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from silverpyr.puzzles.silvergold.generate import generate_puzzle
from silverpyr.puzzles.silvergold.ids import parse_puzzle_id
from silverpyr.solver.silvergold.deckfile import load_deck

SNAPSHOT = Path(__file__).parent / "data" / "puzzle_snapshot.jsonl"
LINES = SNAPSHOT.read_text(encoding="utf-8").splitlines()


@pytest.mark.parametrize("line", LINES[::7], ids=lambda line: json.loads(line)["id"])
def test_puzzle_is_unchanged(line: str) -> None:
    expected = json.loads(line)
    puzzle = generate_puzzle(load_deck(None), parse_puzzle_id(expected["id"]))
    assert json.dumps(puzzle.to_dict(with_solution=True), sort_keys=True) == line


def test_snapshot_covers_the_promised_range() -> None:
    ids = [json.loads(line)["id"] for line in LINES]
    assert ids[0] == "daily-2026-11-22"
    assert "daily-2027-01-31" in ids
    assert ids[-1] == "99"
    assert len(ids) == 71 + 100
