"""The coach of a Cheops game: each decision measured against the expert's.

Before a move is final, :func:`judge` measures it with the advice's paired rollouts
(:mod:`.advice`): the **piastres of margin it gives up** (final money over the best other
player) against the expert's choice (the reference, fixed before any rollout), over the
advice's whole window of :data:`~.advice.DEFAULT_ROLLOUTS` samples (never a screened subset),
with its standard error. The expert's own choice, and a decision with one option, give up 0
with no rollout.

**Rulings (grades and noise: the core's, :mod:`silverpyr.puzzles.grading`, as the Sun's
coach).** Silent below :data:`SILENT_BELOW` (0.5) piastres, and silent while the loss is
within twice its standard error (noise); then ``doubtful`` from 0.5, ``bad`` from 2,
``blunder`` from 5 (:data:`GRADES`). A graded move gets the question before it is final
(:meth:`Verdict.warning`: ``Bad: the expert prefers take a5 C: take a2 A gives up 2.4 ± 1.1
piastres of margin. Play it anyway?``).

:class:`CoachReport` sums a game up: the margin lost in all (every decision, the silent ones
too: summed over a game they estimate the gap between the player and the expert playing the
same seat, which ``benchmarks/cheops_coach_honesty.py`` checks), and the costliest decisions
with the better move.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ...solver.cheops.game import CheopsState, Move, distinct_moves
from .. import grading
from ..grading import SILENT_BELOW
from .advice import (
    Advice,
    Progress,
    canonical,
    check_samples,
    measure,
    reference_move,
    rollouts_for,
    window,
)

UNIT = "piastres of margin"
"""What the coach counts a loss in (final money over the best other player)."""


class Grade(StrEnum):
    """How costly a decision was."""

    DOUBTFUL = "doubtful"
    BAD = "bad"
    BLUNDER = "blunder"


GRADES: tuple[tuple[float, Grade], ...] = grading.grade_table(
    Grade.DOUBTFUL, Grade.BAD, Grade.BLUNDER
)
"""From how many piastres lost each grade starts (the core's thresholds)."""


def grade(loss: float, error: float | None = None) -> Grade | None:
    """The grade of a decision losing ``loss`` piastres with standard error ``error``
    (``None``: not worth mentioning: small, or within twice its error)."""
    return grading.grade_of(loss, error, GRADES)


@dataclass(frozen=True)
class Verdict:
    """One decision judged."""

    where: str
    """When it was made (``turn 7``, ``turn 7, sell``...)."""
    phase: str
    played: str
    best: str
    loss: float
    error: float | None
    grade: Grade | None
    samples: int = 0
    win: float | None = None
    """The reference's chance to win (the advice's estimate), when measured."""

    @property
    def is_silent(self) -> bool:
        return self.grade is None

    def warning(self) -> str:
        """The question before a graded move is final (empty when the coach is silent)."""
        if self.grade is None:
            return ""
        return grading.warning(
            self.grade.value, self.best, self.played, self.loss, self.error, unit=UNIT
        )

    def message(self) -> str:
        """One line once the move is final (empty when the coach stays silent)."""
        if self.grade is None:
            return ""
        return grading.message(
            self.where, self.grade.value, self.played, self.loss, self.error, self.best, unit=UNIT
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "where": self.where,
            "phase": self.phase,
            "played": self.played,
            "best": self.best,
            "loss": round(self.loss, 2),
            "loss_error": None if self.error is None else round(self.error, 2),
            "grade": None if self.grade is None else self.grade.value,
            "samples": self.samples,
            "win": None if self.win is None else round(self.win, 3),
        }


def judge(
    state: CheopsState,
    seat: int,
    table: Sequence[str],
    move: Move,
    *,
    where: str,
    samples: int | None = None,
    advice: Advice | None = None,
    progress: Progress | None = None,
) -> Verdict:
    """``move`` of ``seat`` in ``state`` measured against the expert's choice (module
    docstring). ``table`` names every seat's player, as for :func:`~.advice.advise`."""
    count = check_samples(samples)
    reference = reference_move(state, seat)
    played = canonical(state, move)
    best = reference.notation()
    label = played.notation()
    phase = state.phase.value
    if played == reference or len(distinct_moves(state)) == 1:
        return Verdict(where, phase, label, best, 0.0, None, None)
    if advice is not None:
        rated = advice.rated(played, state)
        if rated is not None and rated.samples >= count and rated.error is not None:
            return Verdict(
                where,
                phase,
                label,
                best,
                rated.loss,
                rated.error,
                grade(rated.loss, rated.error),
                rated.samples,
                advice.best.win,
            )
    if progress is not None:
        progress(f"The coach plays {count} samples on after {label} and after {best}...")
    rollouts = rollouts_for(state, seat, table)
    found = measure(rollouts, played, reference, window(count))
    ref = measure(rollouts, reference, reference, window(count))
    return Verdict(
        where,
        phase,
        label,
        best,
        found.loss,
        found.error,
        grade(found.loss, found.error),
        count,
        ref.win,
    )


@dataclass(frozen=True)
class CoachReport:
    """A game's decisions judged, summed up."""

    verdicts: tuple[Verdict, ...]

    @property
    def total_loss(self) -> float:
        """Piastres of margin lost in all (silent decisions included)."""
        return sum(v.loss for v in self.verdicts)

    def costliest(self, count: int = 3) -> list[Verdict]:
        """The ``count`` decisions that lost the most (those that lost something)."""
        return grading.costliest(self.verdicts, count)

    def lines(self) -> list[str]:
        """The summary for people."""
        count = len(self.verdicts)
        graded = sum(1 for v in self.verdicts if not v.is_silent)
        lines = [
            f"Coach's summary: {count} decision{'' if count == 1 else 's'} judged, "
            f"{graded} worth a word; {self.total_loss:.1f} piastres of margin lost against "
            "the expert in all (an estimate of your gap to it)."
        ]
        lines.extend(
            grading.costliest_lines(
                self.costliest(),
                better="the expert plays",
                none="Every decision was the expert's (or as good).",
            )
        )
        return lines

    def to_dict(self) -> dict[str, Any]:
        return {
            "decisions": len(self.verdicts),
            "total_loss": round(self.total_loss, 2),
            "costliest": [v.to_dict() for v in self.costliest()],
            "verdicts": [v.to_dict() for v in self.verdicts],
        }


def report(verdicts: Sequence[Verdict]) -> CoachReport:
    return CoachReport(tuple(verdicts))


__all__ = [
    "GRADES",
    "SILENT_BELOW",
    "UNIT",
    "CoachReport",
    "Grade",
    "Verdict",
    "grade",
    "judge",
    "report",
]
