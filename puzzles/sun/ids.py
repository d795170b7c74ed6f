"""Sun puzzle ids: what a player shares and what ``--id`` accepts.

* ``sun-123``: the puzzle of seed 123, its kind drawn from the seed;
* ``best-turn-123``, ``final-run-123``: seed 123 of one kind;
* ``daily-2026-11-26``: the daily puzzle of that date, the same for everyone on that
  (local) date. Its seed and kind come from the stream keyed
  ``silverpyr-sun-daily-v1|pyramid-of-the-sun|<date>`` (the game's own key: never Silver &
  Gold's).

The store keeps each game's rows apart, so ``daily-...`` is unique within Pyramid of the
Sun.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ...solver.rng import MAX_SEED, SeededStream, seed_problem
from ...solver.sun.cards import Deck
from .puzzle import KINDS, SunPuzzle, SunPuzzleError, generate

DAILY_KEY = "silverpyr-sun-daily-v1|pyramid-of-the-sun"
KIND_KEY = "silverpyr-sun-kind-v1"
DAILY_PREFIX = "daily-"
_SEED_RE = re.compile(r"^(?P<kind>sun|best-turn|final-run)-(?P<seed>[0-9]{1,19})$")
_DAILY_RE = re.compile(r"^daily-(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2})$")
_EXAMPLES = "sun-123, best-turn-123, final-run-123 or daily-2026-11-26"


@dataclass(frozen=True)
class SunPuzzleId:
    """A parsed id."""

    text: str
    kind: str | None = None
    seed: int | None = None
    daily_date: str | None = None


def parse_date(text: str) -> dt.date:
    """``YYYY-MM-DD`` as a date; :class:`SunPuzzleError` names the problem otherwise."""
    stripped = text.strip()
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", stripped):
        raise SunPuzzleError(f"{text!r} is not a date: write YYYY-MM-DD, e.g. 2026-11-26")
    try:
        return dt.date.fromisoformat(stripped)
    except ValueError as error:
        raise SunPuzzleError(f"{text!r} is not a date: {error}") from None


def seed_id(seed: int, kind: str | None = None) -> str:
    """``sun-<seed>``, or ``<kind>-<seed>``."""
    problem = seed_problem(seed)
    if problem is not None:
        raise SunPuzzleError(problem)
    return f"{kind or 'sun'}-{seed}"


def parse_puzzle_id(text: str) -> SunPuzzleId:
    """Parse an id; :class:`SunPuzzleError` says what ids look like otherwise."""
    token = text.strip().lower()
    daily = _DAILY_RE.match(token)
    if daily:
        date = parse_date(daily["date"])
        return SunPuzzleId(f"{DAILY_PREFIX}{date.isoformat()}", daily_date=date.isoformat())
    seeded = _SEED_RE.match(token)
    if seeded:
        seed = int(seeded["seed"])
        kind = None if seeded["kind"] == "sun" else seeded["kind"]
        return SunPuzzleId(seed_id(seed, kind), kind=kind, seed=seed)
    raise SunPuzzleError(f"{text.strip()!r} is not a Pyramid of the Sun puzzle id: use {_EXAMPLES}")


def kind_of_seed(seed: int) -> str:
    """The kind a bare seed (``sun-<seed>``) stands for."""
    return SeededStream(f"{KIND_KEY}|{seed}").choice(KINDS)


def daily_seed(date: dt.date) -> tuple[int, str]:
    """The seed and kind of the daily puzzle of ``date``."""
    stream = SeededStream(f"{DAILY_KEY}|{date.isoformat()}")
    return stream.below(MAX_SEED), stream.choice(KINDS)


def puzzle_for_id(text: str, deck: Deck) -> SunPuzzle:
    """The puzzle an id stands for (generated)."""
    parsed = parse_puzzle_id(text)
    if parsed.daily_date is not None:
        return daily_puzzle(parse_date(parsed.daily_date), deck)
    assert parsed.seed is not None
    kind = parsed.kind or kind_of_seed(parsed.seed)
    return generate(parsed.seed, kind, deck, puzzle_id=parsed.text)


def daily_puzzle(date: dt.date, deck: Deck) -> SunPuzzle:
    """The daily puzzle of ``date``."""
    seed, kind = daily_seed(date)
    from dataclasses import replace

    puzzle = generate(seed, kind, deck, puzzle_id=f"{DAILY_PREFIX}{date.isoformat()}")
    return replace(puzzle, daily_date=date.isoformat())
