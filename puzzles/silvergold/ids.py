"""Puzzle ids: what a player shares and what ``--id`` / ``--puzzle`` accept.

* ``123``: the puzzle of seed 123 (``silverpyr puzzle --seed 123``); its kind comes from
  the seed.
* ``sprint-123`` (``points``, ``sprint``, ``pair``, ``midround``): seed 123 of one kind
  (``silverpyr puzzle --seed 123 --kind sprint``).
* ``daily-2026-11-22``: the daily puzzle of that date.
* ``custom-1a2b3c4d5e6f``: a puzzle loaded from a file that no seed makes; only its file
  can rebuild it.

Every generated id stands for the same puzzle on every machine, for the same deck.
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass

from ..core.puzzle_ids import DAILY_PREFIX, DAILY_RE, check_seed, daily_id
from ..core.puzzle_ids import PuzzleId as CorePuzzleId
from ..core.puzzle_ids import parse_date as core_parse_date
from .kinds import Kind, PuzzleError

__all__ = [
    "CUSTOM_PREFIX",
    "DAILY_PREFIX",
    "PuzzleId",
    "daily_id",
    "parse_date",
    "parse_puzzle_id",
    "seed_id",
]

CUSTOM_PREFIX = "custom-"
_SEED_RE = re.compile(r"^(?:(?P<kind>[a-z]+)-)?(?P<seed>[0-9]{1,19})$")
_CUSTOM_RE = re.compile(r"^custom-[0-9a-f]{12}$")
_EXAMPLES = "a seed such as 123, a kind and seed such as sprint-123, or daily-2026-11-22"


@dataclass(frozen=True)
class PuzzleId(CorePuzzleId):
    """A parsed puzzle id (the core's, its ``text`` canonical: ``007`` becomes ``7``), its
    kind one of :class:`Kind`, or a custom puzzle's."""

    kind: Kind | None = None
    custom: bool = False


def parse_date(text: str) -> dt.date:
    """``YYYY-MM-DD`` as a date; :class:`PuzzleError` names the problem otherwise."""
    return core_parse_date(text, PuzzleError, "2026-11-22")


def seed_id(seed: int, kind: Kind | None = None) -> str:
    """The id of seed ``seed`` (of one ``kind``, or of the kind the seed picks)."""
    check_seed(seed, PuzzleError)
    return f"{kind.value}-{seed}" if kind is not None else str(seed)


def parse_puzzle_id(text: str) -> PuzzleId:
    """Parse an id; :class:`PuzzleError` explains what ids look like otherwise."""
    token = text.strip().lower()
    daily = DAILY_RE.match(token)
    if daily:
        date = parse_date(daily["date"])
        return PuzzleId(daily_id(date), daily_date=date.isoformat())
    if _CUSTOM_RE.match(token):
        return PuzzleId(token, custom=True)
    seeded = _SEED_RE.match(token)
    if seeded:
        kind: Kind | None = None
        if seeded["kind"] is not None:
            try:
                kind = Kind(seeded["kind"])
            except ValueError:
                kinds = ", ".join(k.value for k in Kind)
                raise PuzzleError(
                    f"{text.strip()!r}: unknown puzzle kind {seeded['kind']!r} (known: {kinds})"
                ) from None
        seed = int(seeded["seed"])
        return PuzzleId(seed_id(seed, kind), kind=kind, seed=seed)
    raise PuzzleError(f"{text.strip()!r} is not a puzzle id: use {_EXAMPLES}")
