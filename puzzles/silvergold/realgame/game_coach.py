"""The coach: each decision of a game measured against the expert's advice, then a summary.

Before a decision is final, :func:`judge` looks it up in the :class:`~.advice.Advice` for the
state it is made in: the **expected final-score points** it gives up against the expert's
choice (zero when it *is* that choice), with the uncertainty the advice states and the
reasons in game terms. The line mode and the full-screen game ask "play it anyway?" with
:meth:`Verdict.warning` before a graded choice is final, like GNU Backgammon's tutor. Like
its doubtful / bad / very bad and the Yatzy trainers that stay silent below a fifth of a
point, small losses are not mentioned. The grades (:data:`GRADES`: ``doubtful`` from
:data:`SILENT_BELOW`, ``bad`` from 2, ``very bad`` from 5) and the noise rule are the core's
(:mod:`silverpyr.puzzles.core.grading`), on the advice's calibrated expected points.

**Ruling (noise).** Only a loss *measured* by rollouts (the advice's second opinion) must
also be more than twice its standard error to be graded. A calibrated loss is already the
expected loss given what the expert sees, so it is graded as it is; its ± is the spread of
the true loss around it.

:class:`CoachReport` sums a game up: the expected points lost in all (every decision, silent
ones included: summed they estimate the gap to the expert), the mean loss per decision by
kind (keep, mark, replacement), and the three costliest decisions with the better choice.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ....solver.silvergold.rollouts import Choice
from ...core import grading
from ...core.grading import SILENT_BELOW
from .advice import Advice, Kind, Method


class Grade(StrEnum):
    """How costly a decision was."""

    DOUBTFUL = "doubtful"
    BAD = "bad"
    VERY_BAD = "very bad"


GRADES: tuple[tuple[float, Grade], ...] = grading.grade_table(
    Grade.DOUBTFUL, Grade.BAD, Grade.VERY_BAD
)
"""From how many expected points lost each grade starts (the core's thresholds)."""


def grade(loss: float, error: float | None = None) -> Grade | None:
    """The grade of a decision losing ``loss`` points (``None``: not worth mentioning)."""
    return grading.grade_of(loss, error, GRADES)


@dataclass(frozen=True)
class Verdict(grading.GradedLines):
    """One decision judged (the coach's lines: the core's
    :class:`~silverpyr.puzzles.core.grading.GradedLines`)."""

    kind: Kind
    where: str
    """When it was made, e.g. ``round 2, turn 3`` or ``setup``."""
    played: str
    best: str
    loss: float
    error: float | None
    grade: Grade | None
    reasons: tuple[str, ...] = ()
    """What the better option gains, in game terms (the value model's own terms)."""

    def _why(self) -> str:
        """`` (reasons)`` (empty without any)."""
        return f" ({'; '.join(self.reasons)})" if self.reasons else ""

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind.value,
            "where": self.where,
            **self._judged_dict(),
            "reasons": list(self.reasons),
        }


def judge(advice: Advice, choice: Choice, where: str) -> Verdict:
    """``choice`` measured against ``advice`` (the ranking of the state it was made in)."""
    rated = advice.rated(choice)
    best = advice.best
    if advice.is_best(choice):
        return Verdict(advice.kind, where, rated.label, best.label, 0.0, None, None)
    noise = rated.error if advice.method is Method.ROLLOUTS else None
    return Verdict(
        advice.kind,
        where,
        rated.label,
        best.label,
        rated.loss,
        rated.error,
        grade(rated.loss, noise),
        rated.reasons,
    )


@dataclass(frozen=True)
class CoachReport:
    """A game's decisions judged, summed up."""

    verdicts: tuple[Verdict, ...]

    def mean_loss(self) -> dict[Kind, tuple[int, float]]:
        """Decisions and mean expected loss per decision, by kind (kinds with decisions)."""
        found: dict[Kind, tuple[int, float]] = {}
        for kind in Kind:
            losses = [v.loss for v in self.verdicts if v.kind is kind]
            if losses:
                found[kind] = (len(losses), statistics.fmean(losses))
        return found

    def costliest(self, count: int = 3) -> list[Verdict]:
        """The ``count`` decisions that lost the most (those that lost something)."""
        return grading.costliest(self.verdicts, count)

    @property
    def total_loss(self) -> float:
        return sum(v.loss for v in self.verdicts)

    def lines(self) -> list[str]:
        """The summary for people."""
        lines = [
            f"Coach's summary: {_decisions(len(self.verdicts))}, "
            f"{self.total_loss:.1f} expected points lost in all."
        ]
        for kind, (count, mean) in self.mean_loss().items():
            lines.append(f"  {kind.value}: {_decisions(count)}, mean loss {mean:.2f} points")
        lines.extend(
            grading.costliest_lines(
                self.costliest(), better="better", none="Every decision was the expert's."
            )
        )
        return lines

    def to_dict(self) -> dict[str, Any]:
        return {
            "decisions": len(self.verdicts),
            "total_loss": round(self.total_loss, 2),
            "mean_loss": {
                kind.value: {"decisions": count, "mean": round(mean, 3)}
                for kind, (count, mean) in self.mean_loss().items()
            },
            "costliest": [v.to_dict() for v in self.costliest()],
            "verdicts": [v.to_dict() for v in self.verdicts],
        }


def _decisions(count: int) -> str:
    return f"{count} decision{'' if count == 1 else 's'}"


def report(verdicts: Sequence[Verdict]) -> CoachReport:
    return CoachReport(tuple(verdicts))


__all__ = ["GRADES", "SILENT_BELOW", "CoachReport", "Grade", "Verdict", "grade", "judge", "report"]
