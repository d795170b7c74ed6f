"""The coach of a Cheops game: each decision measured against the expert's.

Before a move is final, :func:`judge` measures it with the advice's paired rollouts
(:mod:`.advice`): the **piastres of margin it gives up** (final money over the best other
player) against the expert's choice (the reference, fixed before any rollout, and the
policy the rollouts play: :mod:`.advice`'s ruling), over the advice's whole window of
:data:`~.advice.DEFAULT_ROLLOUTS` samples (never a screened subset), with its standard
error. The expert's own choice, and a decision with one option, give up 0 with no rollout.

The grades, the noise rule, the question before a graded move (:meth:`Verdict.warning`) and
the game's summary (:class:`CoachReport`) are the core's
(:mod:`silverpyr.puzzles.core.grading`, as the Sun's coach): silent below
:data:`SILENT_BELOW` (0.5) piastres or within twice the error, then ``doubtful``, ``bad``
from 2, ``blunder`` from 5. docs/cheops-game.md ("The coach") shows them, and
``benchmarks/cheops_coach_honesty.py`` checks that the summed losses estimate the gap to the
expert.
"""

from __future__ import annotations

from ...solver.cheops.game import CheopsState, Move, distinct_moves
from ..core import grading
from ..core.grading import SILENT_BELOW as SILENT_BELOW
from ..core.rollout_advice import Coaching
from .advice import SAMPLING, canonical, reference_move, rollouts_for

UNIT = "piastres of margin"
"""What the coach counts a loss in (final money over the best other player)."""


Grade = grading.Grade
GRADES = grading.GRADES
"""From how many piastres lost each grade starts (the core's thresholds)."""
grade = grading.grade


class Verdict(grading.Verdict):
    """One decision judged, in piastres of margin
    (:class:`~silverpyr.puzzles.core.grading.Verdict`)."""

    UNIT = UNIT


def _label(state: CheopsState, move: Move) -> str:
    return move.notation()


COACHING: Coaching[CheopsState, Move, Verdict] = Coaching(
    Verdict, SAMPLING, rollouts_for, reference_move, canonical, _label, distinct_moves, "samples on"
)
"""What this coach judges with: the advice's parts (module docstring)."""

judge = COACHING.judge
"""A move judged against the expert's choice (the core's :meth:`Coaching.judge`)."""


CoachReport = grading.CoachReport
"""A game's decisions judged, summed up (the core's)."""
report = COACHING.report
"""``report(verdicts)``: a game's verdicts summed up (the core's :meth:`Coaching.report`)."""
