"""The coach of a Pyramid of the Sun game: each decision measured against the expert's.

Before a move is final, :func:`judge` measures it with the advice's paired rollouts
(:mod:`.advice`): the **expected final points it gives up** against the expert's choice (the
reference, fixed before any rollout), over the advice's whole window of
:data:`~.advice.DEFAULT_ROLLOUTS` samples (never a screened subset), with its standard
error. The expert's own choice, and a decision with one option, give up 0 with no rollout.

**Ruling (grades, as the Silver & Gold coach's).** Silent below :data:`SILENT_BELOW` (0.5)
expected points, and silent while the loss is within twice its standard error (noise); then
``doubtful`` from 0.5, ``bad`` from 2, ``blunder`` from 5 (:data:`GRADES`). A graded move gets
the question before it is final (:meth:`Verdict.warning`: ``Bad: the expert prefers
S5-moon@3a: S2@1c gives up 2.4 ± 1.1 expected points. Play it anyway?``).

:class:`CoachReport` sums a game up: the expected points lost in all (every decision, the
silent ones too: summed over a game they estimate the gap between the player and the expert
playing the same seat, which ``benchmarks/sun_coach_honesty.py`` checks), and the costliest
decisions with the better move.
"""

from __future__ import annotations

from ...solver.sun.game import Move, SunState, distinct_moves
from ..core import grading
from ..core.grading import SILENT_BELOW as SILENT_BELOW
from ..core.rollout_advice import Coaching
from .advice import SAMPLING, canonical, reference_move, rollouts_for

Grade = grading.Grade
GRADES = grading.GRADES
grade = grading.grade


class Verdict(grading.Verdict):
    """One decision judged, in expected points
    (:class:`~silverpyr.puzzles.core.grading.Verdict`)."""


def _label(state: SunState, move: Move) -> str:
    return move.notation(state.deck)


COACHING: Coaching[SunState, Move, Verdict] = Coaching(
    Verdict, SAMPLING, rollouts_for, reference_move, canonical, _label, distinct_moves, "games out"
)
"""What this coach judges with: the advice's parts (module docstring)."""

judge = COACHING.judge
"""A move judged against the expert's choice (the core's :meth:`Coaching.judge`)."""


CoachReport = grading.CoachReport
"""A game's decisions judged, summed up (the core's)."""
report = COACHING.report
"""``report(verdicts)``: a game's verdicts summed up (the core's :meth:`Coaching.report`)."""
