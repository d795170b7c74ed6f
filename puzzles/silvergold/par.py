"""Proving a puzzle's par with CP-SAT under a deterministic work limit.

Whether a candidate puzzle is kept depends on whether its optimum is proven in time, so
that limit must not depend on the machine: a wall-clock limit would serve a slow CI runner
different puzzles than a fast laptop. CP-SAT's *deterministic time* counts work instead of
seconds; with one worker and a fixed seed (as :func:`silverpyr.solver.silvergold.solve.solve` uses)
the same model gives the same answer everywhere, for the same OR-Tools version. The model
is the solver's :class:`~silverpyr.solver.silvergold.model.LineModel`, which replays every line it
finds through the rules engine exactly as ``solve`` does. This module only decides what to
prove and how hard to try.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from ...solver.core.errors import SolverBugError
from ...solver.silvergold.moves import Mark, Move
from ...solver.silvergold.problem import Instance, LineResult, Objective

WORK_LIMIT = 1.0
"""Deterministic-time budget for proving a par (about a second of work on a laptop)."""

COUNT_WORK_LIMIT = 0.5
"""Deterministic-time budget for each search for a further optimal first placement."""

SAFETY_SECONDS = 120.0
"""Wall-clock limit that only stops a runaway search; the work limit normally ends it first."""


@dataclass(frozen=True)
class ProvenLine:
    """An optimal line, its objective value and the deterministic time spent proving it."""

    line: LineResult
    value: int
    work: float


def prove_optimum(
    instance: Instance,
    objective: Objective,
    *,
    work_limit: float = WORK_LIMIT,
    hint: Sequence[Move] = (),
) -> ProvenLine | None:
    """The optimal line when CP-SAT proves it within ``work_limit``; ``None`` otherwise.

    ``hint`` (a legal line, e.g. the beginner's) seeds the search.
    """
    from ...solver.silvergold.model import LineModel, SearchStatus

    built = LineModel(instance, objective)
    if hint:
        built.hint_line(hint)
    result = built.solve(time_limit=SAFETY_SECONDS, work_limit=work_limit)
    if result.status is SearchStatus.INFEASIBLE:
        raise SolverBugError(f"the model has no solution ({result.status_name})")
    if result.status is not SearchStatus.OPTIMAL or result.line is None or result.value is None:
        return None  # not proven within the work limit
    return ProvenLine(result.line, result.value, result.work)


def count_optimal_first_placements(
    instance: Instance,
    objective: Objective,
    optimum: ProvenLine,
    *,
    cap: int,
    work_limit: float = COUNT_WORK_LIMIT,
) -> int | None:
    """How many distinct first placements start an optimal line, counting up to ``cap``.

    The placement of turn 1 (a pattern or a single cell, extra marks aside) of ``optimum``
    is one; each further search asks for an optimal line avoiding every placement found so
    far. ``None`` when a search is not settled within ``work_limit``.
    """
    from ...solver.silvergold.model import LineModel, SearchStatus

    first = optimum.line.moves[0].mark
    if first is None:
        return 1
    found: list[Mark] = [first]
    built = LineModel(instance, objective)
    built.require_objective_at_least(optimum.value)
    built.drop_objective()
    while len(found) < cap:
        built.forbid_first_placement(found[-1])
        result = built.solve(time_limit=SAFETY_SECONDS, work_limit=work_limit)
        if result.status is SearchStatus.INFEASIBLE:
            return len(found)
        if not result.found:
            return None
        chosen = result.first_placements
        if len(chosen) != 1 or chosen[0] in found:
            raise SolverBugError(f"the model chose first placements {list(chosen)} after {found}")
        found.append(chosen[0])
    return len(found)
