"""Cheops puzzle ids: what a player shares and what ``--id`` accepts.

* ``cheops-123``: the puzzle of seed 123, its kind drawn from the seed (any of the four);
* ``win-from-here-123``, ``best-margin-123``, ``sell-or-store-123``, ``which-treasure-123``:
  seed 123 of one kind;
* ``daily-2026-11-26``: the daily puzzle of that (local) date, the same for everyone on that
  date: an **endgame** puzzle (proven), its kind and seed drawn from the stream keyed
  ``silverpyr-cheops-daily-v1|cheops|<date>``. Should no puzzle pass the filter for the
  first seed, the next seed of the same stream is tried, so every date has a daily.

The store keeps each game's rows apart, so ``daily-...`` is unique within Cheops. Reading
ids is the core's (:mod:`silverpyr.puzzles.core.puzzle_ids`); this module names Cheops's kinds,
keys and error, and makes the puzzles (the daily's fallback seeds too).
"""

from __future__ import annotations

import datetime as dt

from ...solver.cheops.components import Components
from ...solver.core.rng import MAX_SEED, SeededStream
from ..core.puzzle_ids import DAILY_PREFIX as DAILY_PREFIX
from ..core.puzzle_ids import PuzzleId, SeededIds, daily_id
from .puzzle import ENDGAME_KINDS, KINDS, CheopsPuzzle, CheopsPuzzleError, generate, with_daily

DAILY_KEY = "silverpyr-cheops-daily-v1|cheops"
KIND_KEY = "silverpyr-cheops-kind-v1"
DAILY_SEEDS = 8
"""Seeds of a date's stream tried in turn before the daily gives up (never reached in
practice)."""

IDS = SeededIds("cheops", "Cheops", KINDS, KIND_KEY, CheopsPuzzleError, known_kinds=True)
"""Cheops's ids (the core's :class:`~silverpyr.puzzles.core.puzzle_ids.SeededIds`; a kind that
is not Cheops's is refused when an id is made)."""

CheopsPuzzleId = PuzzleId
"""A parsed id."""


parse_date = IDS.parse_date
"""``YYYY-MM-DD`` as a date; :class:`CheopsPuzzleError` names the problem otherwise."""
seed_id = IDS.seed_id
"""``cheops-<seed>``, or ``<kind>-<seed>``."""
parse_puzzle_id = IDS.parse
"""Parse an id; :class:`CheopsPuzzleError` says what ids look like otherwise."""
kind_of_seed = IDS.kind_of_seed
"""The kind a bare seed (``cheops-<seed>``) stands for."""


def daily_seed(date: dt.date, attempt: int = 0) -> tuple[int, str]:
    """The seed and kind of the daily puzzle of ``date`` (``attempt``: the fallback's turn)."""
    stream = SeededStream(f"{DAILY_KEY}|{date.isoformat()}").child(f"attempt|{attempt}")
    return stream.below(MAX_SEED), stream.choice(ENDGAME_KINDS)


def puzzle_for_id(text: str, components: Components) -> CheopsPuzzle:
    """The puzzle an id stands for (generated)."""
    return IDS.puzzle_on(text, components, daily_puzzle, generate)


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
