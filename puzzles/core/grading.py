"""The coach's grades, for any game: how costly a decision was, and the words that say so.

Both games' coaches measure a decision in **expected final-score points given up** against
the expert's choice, with a standard error when the loss was measured by rollouts; this
module owns what they do with that number, once:

* **Ruling (grades).** Silent below :data:`SILENT_BELOW` (0.5) expected points; then the
  mildest grade from 0.5, the middle one from :data:`BAD_FROM` (2), the worst from
  :data:`WORST_FROM` (5). A game names its own three grades (:func:`grade_table`).
* **Ruling (noise).** A loss given with a standard error is graded only when it is more than
  twice that error; within the noise the coach stays silent (:func:`grade_of`).

:func:`warning` is the question before a graded decision is final, :func:`message` the line
once it is, :func:`costliest` the decisions a summary names first.

The coaches that measure by paired rollouts (the Sun's and Cheops's) share more: their grades
(:class:`Grade`: doubtful, bad, blunder), one judged decision (:class:`Verdict`) and a game's
summary (:class:`CoachReport`), each game naming only the unit it counts a loss in
(:attr:`Verdict.UNIT`: expected points, piastres of margin), and how their advice shows the
reasons under an option (:func:`reason_lines`: the same look in every game).
"""

from __future__ import annotations

import math
import textwrap
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, ClassVar, Protocol, TypeVar

SILENT_BELOW = 0.5
"""Expected points lost under which the coach says nothing."""

BAD_FROM = 2.0
"""Expected points lost from which the middle grade starts."""

WORST_FROM = 5.0
"""Expected points lost from which the worst grade starts."""

G = TypeVar("G")


def grade_table(mild: G, bad: G, worst: G) -> tuple[tuple[float, G], ...]:
    """A game's three grades with the points lost from which each starts."""
    return ((SILENT_BELOW, mild), (BAD_FROM, bad), (WORST_FROM, worst))


def grade_of(loss: float, error: float | None, grades: Iterable[tuple[float, G]]) -> G | None:
    """The grade of a decision losing ``loss`` points (``None``: not worth mentioning:
    small, or within twice its standard error ``error``)."""
    if error is not None and loss <= 2 * error:
        return None
    found = None
    for start, name in grades:
        if loss >= start:
            found = name
    return found


def noise(error: float | None) -> str:
    """`` ± 0.5`` (empty without an error)."""
    return "" if error is None else f" ± {error:.1f}"


def warning(
    grade: str,
    best: str,
    played: str,
    loss: float,
    error: float | None,
    why: str = "",
    *,
    unit: str = "expected points",
) -> str:
    """``Bad: the expert prefers X: Y gives up 2.4 ± 0.5 expected points (why). Play it
    anyway?`` (``why`` is empty or starts with a space; ``unit`` names what is lost, for a
    game that does not count points)."""
    return (
        f"{grade.capitalize()}: the expert prefers {best}: {played} "
        f"gives up {loss:.1f}{noise(error)} {unit}{why}. Play it anyway?"
    )


def message(
    where: str,
    grade: str,
    played: str,
    loss: float,
    error: float | None,
    best: str,
    why: str = "",
    *,
    unit: str = "expected points",
) -> str:
    """``Coach (where): bad, Y loses 2.4 ± 0.5 expected points; the expert plays X.``"""
    return (
        f"Coach ({where}): {grade}, {played} loses "
        f"{loss:.1f}{noise(error)} {unit}; the expert plays {best}{why}."
    )


L = TypeVar("L", bound="GradedLines")


def costliest(verdicts: Iterable[L], count: int = 3) -> list[L]:
    """The ``count`` decisions that lost the most (those that lost something), costliest
    first; ties keep the order of play."""
    ranked = sorted((v for v in verdicts if v.loss > 0), key=lambda v: -v.loss)
    return ranked[:count]


def said(verdict: GradedLines) -> str:
    """What the coach said of a decision, for a summary: its grade (`` (bad)``), or why it
    said nothing, so that a summary never lists a loss beside "0 worth a word" without
    saying why (issue 32)."""
    if verdict.grade is not None:
        return f" ({verdict.grade})"
    if verdict.loss < SILENT_BELOW:
        return f" (no word: under {SILENT_BELOW})"
    return " (no word: within twice its error)"


def costliest_lines(costly: Iterable[GradedLines], *, better: str, none: str) -> list[str]:
    """A summary's lines on its costliest decisions: ``Costliest decisions:``, then
    ``  where: X lost 2.4 ± 0.5 (bad); {better} Y`` each (:func:`said`); ``none`` when there
    are none."""
    lines = [
        f"  {v.where}: {v.played} lost {v.loss:.1f}{noise(v.error)}{said(v)}; {better} {v.best}"
        for v in costly
    ]
    return ["Costliest decisions:", *lines] if lines else [none]


REASON_WIDTH = 80
"""Columns an option's reasons are wrapped to in the advice's lines."""

REASON_INDENT = "    "
"""Where a reason starts under its option (the option's line is indented 2); a reason's
wrapped lines are indented 2 more, so each reason stands apart."""


class RatedLike(Protocol):
    """An advice's option as :func:`clearly_better` reads it (every game's ``Rated``: the
    core's ``RatedMove``, which imports this module, so it cannot be named here)."""

    @property
    def label(self) -> str: ...

    @property
    def loss(self) -> float: ...

    @property
    def error(self) -> float | None: ...

    @property
    def samples(self) -> int: ...


RatedT = TypeVar("RatedT", bound=RatedLike)


def clearly_better(others: Sequence[RatedT], samples: int) -> RatedT | None:
    """Of an advice's ``others`` (every option but the reference), the fully measured one
    (all ``samples``) the rollouts put highest, when it beats the reference by more than
    twice its standard error (``None`` otherwise). Chosen on the same samples that measured
    it, its lead is an overestimate (the winner's curse): :func:`favour_line` says so, and
    the coach never uses it (its yardstick stays the reference)."""
    full = [o for o in others if o.samples == samples and o.error is not None]
    if not full:
        return None
    top = min(full, key=lambda option: (option.loss, option.label))
    assert top.error is not None
    return top if -top.loss > 2 * top.error else None


NOISE_NOTE = "(within noise: not clearly better than the expert's move)"
"""Under an advice option whose mean beats the expert's move by at most twice its error."""


def noise_lines(loss: float, error: float | None) -> list[str]:
    """:data:`NOISE_NOTE` as a line under its option (after its reasons), when its mean is
    above the expert's move by no more than twice its error: shown, never as better (a
    reader goes by the sign); nothing otherwise."""
    if error is not None and loss < 0 and -loss <= 2 * error:
        return [REASON_INDENT + NOISE_NOTE]
    return []


def favour_line(better: RatedLike, unit: str) -> str:
    """The advice's note on :func:`clearly_better`'s option, in ``unit``."""
    return (
        f"  (the rollouts favour {better.label}: {-better.loss:+.1f} ± {better.error:.1f} "
        f"{unit} against the expert's move, more than twice its error; picked as the best "
        "of these samples, the figure leans high)"
    )


def reason_lines(reasons: Sequence[str], width: int = REASON_WIDTH) -> list[str]:
    """An option's reasons under it, one a line at :data:`REASON_INDENT`, each wrapped to
    ``width`` with its next lines 2 deeper; a reason's points (``(+3.0)``) stay on their
    words' line and a hyphenated name (``S4-sun``) is never split."""
    hanging = REASON_INDENT + "  "
    width = max(width, len(hanging) + 20)  # a narrow screen wraps more, never fails
    lines: list[str] = []
    for reason in reasons:
        glued = reason.replace(" (+", "\xa0(+").replace(" (-", "\xa0(-")
        wrapped = textwrap.wrap(
            glued,
            width,
            initial_indent=REASON_INDENT,
            subsequent_indent=hanging,
            break_on_hyphens=False,
        )
        lines.extend(line.replace("\xa0", " ") for line in wrapped)
    return lines


class Grade(StrEnum):
    """How costly a decision was (the rollout coaches' three grades)."""

    DOUBTFUL = "doubtful"
    BAD = "bad"
    BLUNDER = "blunder"


GRADES: tuple[tuple[float, Grade], ...] = grade_table(Grade.DOUBTFUL, Grade.BAD, Grade.BLUNDER)
"""From how much lost each of :class:`Grade` starts (this module's thresholds)."""


def grade(loss: float, error: float | None = None) -> Grade | None:
    """The :class:`Grade` of a decision losing ``loss`` with standard error ``error``
    (``None``: not worth mentioning: small, or within twice its error)."""
    return grade_of(loss, error, GRADES)


class GradedLines:
    """What every coach's verdict says, whatever its game's grades: silent without a grade,
    else :func:`warning` before the decision is final and :func:`message` once it is, and the
    judged part of its JSON. A verdict adds its reasons (:meth:`_why`) or its :attr:`UNIT`.
    Every game's verdict subclasses it (a frozen dataclass of the fields below), so the
    summaries (:func:`costliest`, :func:`said`, :func:`costliest_lines`) read it too."""

    UNIT: ClassVar[str] = "expected points"
    """What a loss is counted in, as the coach's lines say it."""

    where: str
    played: str
    best: str
    loss: float
    error: float | None
    grade: StrEnum | None

    def _why(self) -> str:
        """`` (reasons)`` after the loss (empty: none given)."""
        return ""

    @property
    def is_silent(self) -> bool:
        return self.grade is None

    def warning(self) -> str:
        """The question before a graded decision is final (empty when the coach is silent)."""
        if self.grade is None:
            return ""
        return warning(
            self.grade.value,
            self.best,
            self.played,
            self.loss,
            self.error,
            self._why(),
            unit=self.UNIT,
        )

    def message(self) -> str:
        """One line once the decision is final (empty when the coach stays silent)."""
        if self.grade is None:
            return ""
        return message(
            self.where,
            self.grade.value,
            self.played,
            self.loss,
            self.error,
            self.best,
            self._why(),
            unit=self.UNIT,
        )

    def _judged_dict(self) -> dict[str, Any]:
        """The JSON keys every verdict has, in their order: played, best, loss and its error,
        grade."""
        return {
            "played": self.played,
            "best": self.best,
            "loss": round(self.loss, 2),
            "loss_error": None if self.error is None else round(self.error, 2),
            "grade": None if self.grade is None else self.grade.value,
        }


@dataclass(frozen=True)
class Verdict(GradedLines):
    """One decision judged by a rollout coach: what was played, the expert's choice, the loss
    against it with its standard error, and the grade. A game subclasses it to name its
    :attr:`UNIT`."""

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
    """The reference's chance to win (share of the samples won), when measured."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "where": self.where,
            "phase": self.phase,
            **self._judged_dict(),
            "samples": self.samples,
            "win": None if self.win is None else round(self.win, 3),
        }


@dataclass(frozen=True)
class CoachReport:
    """A game's decisions judged by a rollout coach, summed up."""

    verdicts: tuple[Verdict, ...]
    unit: str = "expected points"
    """What the losses are counted in (the game's :attr:`Verdict.UNIT`)."""
    whose: str = "your"
    """Whose gap the sum estimates, in the summary's words (a review of a bot's seat names
    the seat)."""

    @property
    def total_loss(self) -> float:
        """Lost in all (silent decisions included): an estimate of the gap to the expert."""
        return sum(v.loss for v in self.verdicts)

    @property
    def total_error(self) -> float:
        """The standard error of :attr:`total_loss`: each verdict is measured on its own
        samples (independent of the others'), so the errors add in quadrature; a decision
        that was the expert's own loses exactly 0."""
        return math.sqrt(sum((v.error or 0.0) ** 2 for v in self.verdicts))

    def costliest(self, count: int = 3) -> list[Verdict]:
        """The ``count`` decisions that lost the most (those that lost something)."""
        return costliest(self.verdicts, count)

    def lines(self) -> list[str]:
        """The summary for people."""
        count = len(self.verdicts)
        graded = sum(1 for v in self.verdicts if not v.is_silent)
        lines = [
            f"Coach's summary: {count} decision{'' if count == 1 else 's'} judged, "
            f"{graded} worth a word; {self.total_loss:.1f}{noise(self.total_error)} {self.unit} "
            "lost against "
            f"the expert in all (an estimate of {self.whose} gap to it)."
        ]
        lines.extend(
            costliest_lines(
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
            "total_loss_error": round(self.total_error, 2),
            "costliest": [v.to_dict() for v in self.costliest()],
            "verdicts": [v.to_dict() for v in self.verdicts],
        }


__all__ = [
    "BAD_FROM",
    "GRADES",
    "NOISE_NOTE",
    "REASON_INDENT",
    "REASON_WIDTH",
    "SILENT_BELOW",
    "WORST_FROM",
    "CoachReport",
    "Grade",
    "RatedLike",
    "Verdict",
    "clearly_better",
    "costliest",
    "costliest_lines",
    "favour_line",
    "grade",
    "grade_of",
    "grade_table",
    "message",
    "noise",
    "noise_lines",
    "reason_lines",
    "said",
    "warning",
]
