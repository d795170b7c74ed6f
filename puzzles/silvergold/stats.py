"""*Silver & Gold*'s attempt records (:func:`attempt_of` a finished session) and the
statistics ``silverpyr stats`` shows, which are game-free and live in
:mod:`silverpyr.puzzles.core.standings` (re-exported here): streaks of dailies at par, the
histogram and the archive, over this game's records only.
"""

from __future__ import annotations

import datetime as dt

from ..core.attempts import ended_attempt
from ..core.records import Attempt
from ..core.standings import (
    HISTOGRAM_BUCKETS,
    MISSED_BUCKET,
    ArchiveEntry,
    Stats,
    archive,
    best_streak,
    bucket_of,
    current_streak,
    runs,
    streak_days,
    summarise,
)
from .session import Result

__all__ = [
    "HISTOGRAM_BUCKETS",
    "MISSED_BUCKET",
    "ArchiveEntry",
    "Attempt",
    "Stats",
    "archive",
    "attempt_of",
    "best_streak",
    "bucket_of",
    "current_streak",
    "runs",
    "streak_days",
    "summarise",
]


def attempt_of(
    result: Result,
    *,
    puzzle_id: str,
    daily_date: str | None,
    kind: str,
    played_on: dt.date,
    seconds: float,
    practice: bool = False,
) -> Attempt:
    """The record of a finished attempt (the core's :func:`ended_attempt`)."""
    return ended_attempt(
        result,
        (puzzle_id, daily_date, kind),
        played_on,
        seconds,
        score=result.points,
        par=result.par,
        goal_met=result.goal_met,
        practice=practice,
        game="silvergold",
    )
