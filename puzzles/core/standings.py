"""Statistics of any game's recorded puzzle attempts (pure functions, game-free): played,
at par, streaks of dailies at par, the score/par histogram and the archive of dailies.

**Streaks** count calendar days on which the day's daily puzzle was solved at par, the
scored attempt ending that same (local) day: catching up on an old daily with ``--date``
or ``--yesterday`` is fine but does not extend a streak. The current streak is the run
ending today, or ending yesterday while today's daily is still to be played; the best
streak is the longest run ever. A day breaks the run when its daily was not solved at par
on that day: not played, given up, below par, or finished only on a later day.

The **archive** (``silverpyr daily --archive``) lists past dailies with what became of
each: not played, in progress, or the scored result, with any practice plays.

Each game's store hands these functions that game's records only, so streaks, stats and
the daily calendar are per game.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from .records import Attempt, Progress

HISTOGRAM_BUCKETS: tuple[tuple[str, float], ...] = (
    ("par", 1.0),
    ("90-99%", 0.9),
    ("75-89%", 0.75),
    ("50-74%", 0.5),
    ("under 50%", 0.0),
)
"""Histogram rows of score/par, each with the lowest share it holds."""
MISSED_BUCKET = "missed"
"""Histogram row of attempts given up or sprints not completed in time."""


@dataclass(frozen=True)
class Stats:
    """What ``silverpyr stats`` shows."""

    played: int
    at_par: int
    dailies_played: int
    current_streak: int
    best_streak: int
    histogram: tuple[tuple[str, int], ...]
    hints_used: int
    practice: int = 0
    """Practice plays (dailies played again after their scored attempt): not counted above."""

    @property
    def at_par_percent(self) -> float:
        """Share of attempts solved at par, in percent (0 with no attempt)."""
        return 100.0 * self.at_par / self.played if self.played else 0.0

    def to_dict(self) -> dict[str, object]:
        """JSON data for ``stats --json``."""
        return {
            "played": self.played,
            "at_par": self.at_par,
            "at_par_percent": round(self.at_par_percent, 1),
            "dailies_played": self.dailies_played,
            "current_streak": self.current_streak,
            "best_streak": self.best_streak,
            "hints_used": self.hints_used,
            "histogram": dict(self.histogram),
            "practice": self.practice,
        }


def streak_days(attempts: Iterable[Attempt]) -> set[dt.date]:
    """The days that count for a streak."""
    return {
        dt.date.fromisoformat(a.daily_date)
        for a in attempts
        if a.counts_for_streak and a.daily_date
    }


def runs(days: set[dt.date]) -> list[tuple[dt.date, int]]:
    """Runs of consecutive days as ``(last day, length)``, in date order."""
    result: list[tuple[dt.date, int]] = []
    for day in sorted(days):
        if result and result[-1][0] + dt.timedelta(days=1) == day:
            result[-1] = (day, result[-1][1] + 1)
        else:
            result.append((day, 1))
    return result


def current_streak(days: set[dt.date], today: dt.date) -> int:
    """The run ending today, or yesterday while today is still open."""
    for last, length in runs(days):
        if last in (today, today - dt.timedelta(days=1)):
            return length
    return 0


def best_streak(days: set[dt.date]) -> int:
    """The longest run."""
    return max((length for _, length in runs(days)), default=0)


def bucket_of(attempt: Attempt) -> str:
    """The histogram row of an attempt."""
    if attempt.gave_up or not attempt.goal_met:
        return MISSED_BUCKET
    if attempt.at_par or attempt.par <= 0:  # a par of 0 or less is met by any score >= it
        return HISTOGRAM_BUCKETS[0][0] if attempt.score >= attempt.par else MISSED_BUCKET
    share = attempt.score / attempt.par
    for label, lowest in HISTOGRAM_BUCKETS[1:]:
        if share >= lowest:
            return label
    return HISTOGRAM_BUCKETS[-1][0]


def summarise(attempts: Sequence[Attempt], today: dt.date) -> Stats:
    """Statistics over ``attempts`` as of ``today``; practice plays are only counted."""
    practice = sum(1 for a in attempts if a.practice)
    attempts = [a for a in attempts if not a.practice]
    days = streak_days(attempts)
    counts = dict.fromkeys([label for label, _ in HISTOGRAM_BUCKETS] + [MISSED_BUCKET], 0)
    for attempt in attempts:
        counts[bucket_of(attempt)] += 1
    return Stats(
        played=len(attempts),
        at_par=sum(1 for a in attempts if a.at_par),
        dailies_played=len({a.daily_date for a in attempts if a.daily_date}),
        current_streak=current_streak(days, today),
        best_streak=best_streak(days),
        histogram=tuple(counts.items()),
        hints_used=sum(a.hints_used for a in attempts),
        practice=practice,
    )


@dataclass(frozen=True)
class ArchiveEntry:
    """One daily of the archive and what became of it."""

    date: str
    scored: Attempt | None
    """The attempt that counts, if one has ended."""
    practice: int
    """Practice plays after the scored attempt."""
    in_progress: Progress | None
    """A saved attempt not ended yet (scored or practice)."""

    @property
    def counts_for_streak(self) -> bool:
        """Solved at par on its own date."""
        return self.scored is not None and self.scored.counts_for_streak

    @property
    def status(self) -> str:
        """``not played``, ``in progress`` or ``scored``."""
        if self.scored is not None:
            return "scored"
        return "in progress" if self.in_progress is not None else "not played"

    def describe(self) -> str:
        """``20/20 at par``, ``18/20 + 1 practice``, ``in progress (turn 3)``, ``not played``."""
        scored = self.scored
        if scored is None:
            text = "not played"
        elif scored.gave_up:
            text = f"gave up ({scored.score}/{scored.par})"
        elif not scored.goal_met:
            text = f"goal missed ({scored.score}/{scored.par})"
        else:
            text = f"{scored.score}/{scored.par}{' at par' if scored.at_par else ''}"
        if self.practice:
            text += f", {self.practice} practice"
        if self.in_progress is not None:
            where = f"in progress (turn {self.in_progress.turn})"
            if scored is not None:
                where = "practice " + where
            text = where if scored is None else f"{text}, {where}"
        return text

    def to_dict(self) -> dict[str, object]:
        """JSON data for ``daily --archive --json``."""
        scored = self.scored
        return {
            "date": self.date,
            "status": self.status,
            "score": scored.score if scored else None,
            "par": scored.par if scored else None,
            "at_par": scored.at_par if scored else None,
            "gave_up": scored.gave_up if scored else None,
            "counts_for_streak": self.counts_for_streak,
            "practice": self.practice,
            "in_progress_turn": self.in_progress.turn if self.in_progress else None,
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
        practice = sum(1 for a in mine if a.practice)
        entries.append(ArchiveEntry(date, scored, practice, saved.get(date)))
    return entries
