"""Cheops puzzle ids: what a player shares and what ``--id`` accepts.

* ``cheops-123``: the puzzle of seed 123, its kind drawn from the seed (any of the four);
* ``win-from-here-123``, ``best-margin-123``, ``sell-or-store-123``, ``which-treasure-123``:
  seed 123 of one kind;
* ``daily-2026-11-26``: the daily puzzle of that (local) date, the same for everyone on that
  date: an **endgame** puzzle (proven), its kind and seed drawn from the stream keyed
  ``silverpyr-cheops-daily-v1|cheops|<date>``. Should no puzzle pass the filter for the
  first seed, the next seed of the same stream is tried, so every date has a daily.

The store keeps each game's rows apart, so ``daily-...`` is unique within Cheops. Reading
ids is the core's (:mod:`silverpyr.puzzles.puzzle_ids`); this module names Cheops's kinds,
keys and error, and makes the puzzles (the daily's fallback seeds too).
"""

from __future__ import annotations

import datetime as dt

from ...solver.cheops.components import Components
from ...solver.rng import MAX_SEED, SeededStream
from ..puzzle_ids import DAILY_PREFIX, PuzzleId, SeededIds, daily_id
from .puzzle import ENDGAME_KINDS, KINDS, CheopsPuzzle, CheopsPuzzleError, generate, with_daily

DAILY_KEY = "silverpyr-cheops-daily-v1|cheops"
KIND_KEY = "silverpyr-cheops-kind-v1"
DAILY_SEEDS = 8
"""Seeds of a date's stream tried in turn before the daily gives up (never reached in
practice)."""

IDS = SeededIds("cheops", "Cheops", KINDS, KIND_KEY, CheopsPuzzleError, known_kinds=True)
"""Cheops's ids (the core's :class:`~silverpyr.puzzles.puzzle_ids.SeededIds`; a kind that
is not Cheops's is refused when an id is made)."""

CheopsPuzzleId = PuzzleId
"""A parsed id."""

__all__ = [
    "DAILY_KEY",
    "DAILY_PREFIX",
    "DAILY_SEEDS",
    "IDS",
    "KIND_KEY",
    "CheopsPuzzleId",
    "daily_puzzle",
    "daily_seed",
    "kind_of_seed",
    "parse_date",
    "parse_puzzle_id",
    "puzzle_for_id",
    "seed_id",
]


def parse_date(text: str) -> dt.date:
    """``YYYY-MM-DD`` as a date; :class:`CheopsPuzzleError` names the problem otherwise."""
    return IDS.parse_date(text)


def seed_id(seed: int, kind: str | None = None) -> str:
    """``cheops-<seed>``, or ``<kind>-<seed>``."""
    return IDS.seed_id(seed, kind)


def parse_puzzle_id(text: str) -> CheopsPuzzleId:
    """Parse an id; :class:`CheopsPuzzleError` says what ids look like otherwise."""
    return IDS.parse(text)


def kind_of_seed(seed: int) -> str:
    """The kind a bare seed (``cheops-<seed>``) stands for."""
    return IDS.kind_of_seed(seed)


def daily_seed(date: dt.date, attempt: int = 0) -> tuple[int, str]:
    """The seed and kind of the daily puzzle of ``date`` (``attempt``: the fallback's turn)."""
    stream = SeededStream(f"{DAILY_KEY}|{date.isoformat()}").child(f"attempt|{attempt}")
    return stream.below(MAX_SEED), stream.choice(ENDGAME_KINDS)


def puzzle_for_id(text: str, components: Components) -> CheopsPuzzle:
    """The puzzle an id stands for (generated)."""
    parsed = parse_puzzle_id(text)
    if parsed.daily_date is not None:
        return daily_puzzle(parse_date(parsed.daily_date), components)
    assert parsed.seed is not None
    kind = parsed.kind or kind_of_seed(parsed.seed)
    return generate(parsed.seed, kind, components, puzzle_id=parsed.text)


def daily_puzzle(date: dt.date, components: Components) -> CheopsPuzzle:
    """The daily puzzle of ``date``."""
    puzzle_id = daily_id(date)
    for attempt in range(DAILY_SEEDS):
        seed, kind = daily_seed(date, attempt)
        try:
            puzzle = generate(seed, kind, components, puzzle_id=puzzle_id)
        except CheopsPuzzleError:
            continue
        return with_daily(puzzle, date.isoformat())
    raise CheopsPuzzleError(f"no daily puzzle could be made for {date.isoformat()}")
