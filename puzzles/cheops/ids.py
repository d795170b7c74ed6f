"""Cheops puzzle ids: what a player shares and what ``--id`` accepts.

* ``cheops-123``: the puzzle of seed 123, its kind drawn from the seed (any of the four);
* ``win-from-here-123``, ``best-margin-123``, ``sell-or-store-123``, ``which-treasure-123``:
  seed 123 of one kind;
* ``daily-2026-11-26``: the daily puzzle of that (local) date, the same for everyone on that
  date: an **endgame** puzzle (proven), its kind and seed drawn from the stream keyed
  ``silverpyr-cheops-daily-v1|cheops|<date>``. Should no puzzle pass the filter for the
  first seed, the next seed of the same stream is tried, so every date has a daily.

The store keeps each game's rows apart, so ``daily-...`` is unique within Cheops.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ...solver.cheops.components import Components
from ...solver.rng import MAX_SEED, SeededStream, seed_problem
from .puzzle import ENDGAME_KINDS, KINDS, CheopsPuzzle, CheopsPuzzleError, generate, with_daily

DAILY_KEY = "silverpyr-cheops-daily-v1|cheops"
KIND_KEY = "silverpyr-cheops-kind-v1"
DAILY_PREFIX = "daily-"
DAILY_SEEDS = 8
"""Seeds of a date's stream tried in turn before the daily gives up (never reached in
practice)."""
_SEED_RE = re.compile(
    r"^(?P<kind>cheops|win-from-here|best-margin|sell-or-store|which-treasure)"
    r"-(?P<seed>[0-9]{1,19})$"
)
_DAILY_RE = re.compile(r"^daily-(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2})$")
_EXAMPLES = (
    "cheops-123, win-from-here-123, best-margin-123, sell-or-store-123, which-treasure-123 "
    "or daily-2026-11-26"
)


@dataclass(frozen=True)
class CheopsPuzzleId:
    """A parsed id."""

    text: str
    kind: str | None = None
    seed: int | None = None
    daily_date: str | None = None


def parse_date(text: str) -> dt.date:
    """``YYYY-MM-DD`` as a date; :class:`CheopsPuzzleError` names the problem otherwise."""
    stripped = text.strip()
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", stripped):
        raise CheopsPuzzleError(f"{text!r} is not a date: write YYYY-MM-DD, e.g. 2026-11-26")
    try:
        return dt.date.fromisoformat(stripped)
    except ValueError as error:
        raise CheopsPuzzleError(f"{text!r} is not a date: {error}") from None


def seed_id(seed: int, kind: str | None = None) -> str:
    """``cheops-<seed>``, or ``<kind>-<seed>``."""
    problem = seed_problem(seed)
    if problem is not None:
        raise CheopsPuzzleError(problem)
    if kind is not None and kind not in KINDS:
        raise CheopsPuzzleError(f"{kind!r} is not a puzzle kind ({', '.join(KINDS)})")
    return f"{kind or 'cheops'}-{seed}"


def parse_puzzle_id(text: str) -> CheopsPuzzleId:
    """Parse an id; :class:`CheopsPuzzleError` says what ids look like otherwise."""
    token = text.strip().lower()
    daily = _DAILY_RE.match(token)
    if daily:
        date = parse_date(daily["date"])
        return CheopsPuzzleId(f"{DAILY_PREFIX}{date.isoformat()}", daily_date=date.isoformat())
    seeded = _SEED_RE.match(token)
    if seeded:
        seed = int(seeded["seed"])
        kind = None if seeded["kind"] == "cheops" else seeded["kind"]
        return CheopsPuzzleId(seed_id(seed, kind), kind=kind, seed=seed)
    raise CheopsPuzzleError(f"{text.strip()!r} is not a Cheops puzzle id: use {_EXAMPLES}")


def kind_of_seed(seed: int) -> str:
    """The kind a bare seed (``cheops-<seed>``) stands for."""
    return SeededStream(f"{KIND_KEY}|{seed}").choice(KINDS)


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
    puzzle_id = f"{DAILY_PREFIX}{date.isoformat()}"
    for attempt in range(DAILY_SEEDS):
        seed, kind = daily_seed(date, attempt)
        try:
            puzzle = generate(seed, kind, components, puzzle_id=puzzle_id)
        except CheopsPuzzleError:
            continue
        return with_daily(puzzle, date.isoformat())
    raise CheopsPuzzleError(f"no daily puzzle could be made for {date.isoformat()}")
