"""Statistics of Sun attempts (``silverpyr sun stats``) and the dailies' archive: pure
functions over the store's ``game="sun"`` records (scores and par in tenths).

The names follow Silver & Gold's trainer (``summarise``, ``archive``, ``Stats``) so that the
game-free ``puzzles/standings`` can take them over; until it lands they live here, apart
(games never import each other).

* **Streak days:** dailies solved at par on their own date (a scored attempt, not
  practice); the current streak ends today, or yesterday while today's daily is open.
* **Histogram:** the scored attempts by share of par (``par``, ``90-99%``, ``75-89%``,
  ``50-74%``, ``under 50%``; given up: ``gave up``).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..records import Attempt, Progress

BUCKETS: tuple[tuple[str, int], ...] = (
    ("90-99%", 90),
    ("75-89%", 75),
    ("50-74%", 50),
    ("under 50%", 0),
)
GAVE_UP = "gave up"


@dataclass(frozen=True)
class Stats:
    """What ``sun stats`` shows."""

    played: int
    at_par: int
    dailies_played: int
    current_streak: int
    best_streak: int
    histogram: tuple[tuple[str, int], ...]
    hints_used: int
    practice: int

    def to_dict(self) -> dict[str, object]:
        """JSON data for ``sun stats --json``."""
        return {
            "played": self.played,
            "at_par": self.at_par,
            "dailies_played": self.dailies_played,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "hints_used": self.hints_used,
            "histogram": dict(self.histogram),
            "practice": self.practice,
        }


def bucket_of(attempt: Attempt) -> str:
    """The histogram row of a scored attempt."""
    if attempt.gave_up:
        return GAVE_UP
    if attempt.at_par:
        return "par"
    percent = 100 * attempt.score // attempt.par if attempt.par > 0 else 100
    for label, lowest in BUCKETS:
        if percent >= lowest:
            return label
    return BUCKETS[-1][0]


def _runs(days: set[dt.date]) -> list[tuple[dt.date, int]]:
    result: list[tuple[dt.date, int]] = []
    for day in sorted(days):
        if result and result[-1][0] + dt.timedelta(days=1) == day:
            result[-1] = (day, result[-1][1] + 1)
        else:
            result.append((day, 1))
    return result


def summarise(attempts: Sequence[Attempt], today: dt.date) -> Stats:
    """Statistics as of ``today``; practice plays are only counted."""
    practice = sum(1 for a in attempts if a.practice)
    scored = [a for a in attempts if not a.practice]
    days = {
        dt.date.fromisoformat(a.daily_date) for a in scored if a.counts_for_streak and a.daily_date
    }
    runs = _runs(days)
    current = next((n for last, n in runs if last in (today, today - dt.timedelta(days=1))), 0)
    counts = dict.fromkeys(["par", *(label for label, _ in BUCKETS), GAVE_UP], 0)
    for attempt in scored:
        counts[bucket_of(attempt)] += 1
    return Stats(
        played=len(scored),
        at_par=sum(1 for a in scored if a.at_par),
        dailies_played=len({a.daily_date for a in scored if a.daily_date}),
        current_streak=current,
        best_streak=max((n for _, n in runs), default=0),
        histogram=tuple(counts.items()),
        hints_used=sum(a.hints_used for a in scored),
        practice=practice,
    )


@dataclass(frozen=True)
class ArchiveEntry:
    """One daily and what became of it."""

    date: str
    scored: Attempt | None
    practice: int
    in_progress: Progress | None

    def describe(self) -> str:
        """``11.5 / 12.0``, ``not played``, ``in progress``, ..."""
        scored = self.scored
        if scored is None:
            text = "in progress" if self.in_progress is not None else "not played"
        else:
            text = f"{scored.score / 10:.1f} / {scored.par / 10:.1f}"
            if scored.at_par:
                text += " at par"
            if scored.gave_up:
                text += " (gave up)"
        if self.practice:
            text += f", {self.practice} practice"
        return text

    def to_dict(self) -> dict[str, object]:
        """JSON data for ``sun daily --archive --json`` (score and par in points)."""
        scored = self.scored
        return {
            "date": self.date,
            "status": "scored" if scored else ("in progress" if self.in_progress else "not played"),
            "score": scored.score / 10 if scored else None,
            "par": scored.par / 10 if scored else None,
            "at_par": scored.at_par if scored else None,
            "practice": self.practice,
        }


def archive(
    attempts: Sequence[Attempt], progress: Iterable[Progress], today: dt.date, days: int
) -> list[ArchiveEntry]:
    """The dailies of the ``days`` days up to ``today``, newest first."""
    saved = {p.daily_date: p for p in progress if p.daily_date}
    entries = []
    for back in range(days):
        date = (today - dt.timedelta(days=back)).isoformat()
        mine = [a for a in attempts if a.daily_date == date]
        scored = next((a for a in mine if not a.practice), None)
        entries.append(
            ArchiveEntry(date, scored, sum(1 for a in mine if a.practice), saved.get(date))
        )
    return entries
