"""Sun puzzle ids: what a player shares and what ``--id`` accepts.

* ``sun-123``: the puzzle of seed 123, its kind drawn from the seed;
* ``best-turn-123``, ``final-run-123``: seed 123 of one kind;
* ``daily-2026-11-26``: the daily puzzle of that date, the same for everyone on that
  (local) date. Its seed and kind come from the stream keyed
  ``silverpyr-sun-daily-v1|pyramid-of-the-sun|<date>`` (the game's own key: never Silver &
  Gold's).

The store keeps each game's rows apart, so ``daily-...`` is unique within Pyramid of the
Sun. Reading ids is the core's (:mod:`silverpyr.puzzles.core.puzzle_ids`); this module names the
Sun's kinds, keys and error, and makes the puzzles.
"""

from __future__ import annotations

import datetime as dt
from dataclasses import replace

from ...solver.core.rng import MAX_SEED, SeededStream
from ...solver.sun.cards import Deck
from ..core.puzzle_ids import DAILY_PREFIX as DAILY_PREFIX
from ..core.puzzle_ids import PuzzleId, SeededIds, daily_id
from .puzzle import KINDS, SunPuzzle, SunPuzzleError, generate

DAILY_KEY = "silverpyr-sun-daily-v1|pyramid-of-the-sun"
KIND_KEY = "silverpyr-sun-kind-v1"

IDS = SeededIds("sun", "Pyramid of the Sun", KINDS, KIND_KEY, SunPuzzleError)
"""The Sun's ids (the core's :class:`~silverpyr.puzzles.core.puzzle_ids.SeededIds`)."""

SunPuzzleId = PuzzleId
"""A parsed id."""


parse_date = IDS.parse_date
"""``YYYY-MM-DD`` as a date; :class:`SunPuzzleError` names the problem otherwise."""
seed_id = IDS.seed_id
"""``sun-<seed>``, or ``<kind>-<seed>``."""
parse_puzzle_id = IDS.parse
"""Parse an id; :class:`SunPuzzleError` says what ids look like otherwise."""
kind_of_seed = IDS.kind_of_seed
"""The kind a bare seed (``sun-<seed>``) stands for."""


def daily_seed(date: dt.date) -> tuple[int, str]:
    """The seed and kind of the daily puzzle of ``date``."""
    stream = SeededStream(f"{DAILY_KEY}|{date.isoformat()}")
    return stream.below(MAX_SEED), stream.choice(KINDS)


def puzzle_for_id(text: str, deck: Deck) -> SunPuzzle:
    """The puzzle an id stands for (generated)."""
    return IDS.puzzle_on(text, deck, daily_puzzle, generate)


def daily_puzzle(date: dt.date, deck: Deck) -> SunPuzzle:
    """The daily puzzle of ``date``."""
    seed, kind = daily_seed(date)
    puzzle = generate(seed, kind, deck, puzzle_id=daily_id(date))
    return replace(puzzle, daily_date=date.isoformat())
