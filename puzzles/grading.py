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
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Protocol, TypeVar

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


class _Lossy(Protocol):
    @property
    def loss(self) -> float: ...


class _Judged(Protocol):
    @property
    def where(self) -> str: ...
    @property
    def played(self) -> str: ...
    @property
    def best(self) -> str: ...
    @property
    def loss(self) -> float: ...
    @property
    def error(self) -> float | None: ...


L = TypeVar("L", bound=_Lossy)


def costliest(verdicts: Iterable[L], count: int = 3) -> list[L]:
    """The ``count`` decisions that lost the most (those that lost something), costliest
    first; ties keep the order of play."""
    ranked = sorted((v for v in verdicts if v.loss > 0), key=lambda v: -v.loss)
    return ranked[:count]


def costliest_lines(costly: Iterable[_Judged], *, better: str, none: str) -> list[str]:
    """A summary's lines on its costliest decisions: ``Costliest decisions:``, then
    ``  where: X lost 2.4 ± 0.5; {better} Y`` each; ``none`` when there are none."""
    lines = [
        f"  {v.where}: {v.played} lost {v.loss:.1f}{noise(v.error)}; {better} {v.best}"
        for v in costly
    ]
    return ["Costliest decisions:", *lines] if lines else [none]


__all__ = [
    "BAD_FROM",
    "SILENT_BELOW",
    "WORST_FROM",
    "costliest",
    "costliest_lines",
    "grade_of",
    "grade_table",
    "message",
    "noise",
    "warning",
]
