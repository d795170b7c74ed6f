"""Proving a puzzle's par with CP-SAT under a deterministic work limit.

Whether a candidate puzzle is kept depends on whether its optimum is proven in time, so
that limit must not depend on the machine: a wall-clock limit would serve a slow CI runner
different puzzles than a fast laptop. CP-SAT's *deterministic time* counts work instead of
seconds; with one worker and a fixed seed (as :func:`silverpyr.solver.solve.solve` uses)
the same model gives the same answer everywhere, for the same OR-Tools version. The model
is the solver's :class:`~silverpyr.solver.model.LineModel`, and every line is replayed by
the rules engine exactly as ``solve`` does.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ..solver.moves import Mark, Move
from ..solver.problem import Instance, LineResult, Objective
from ..solver.solve import SolverBugError, checked_line

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

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


def _solver(instance: Instance, work_limit: float) -> cp_model.CpSolver:
    from ortools.sat.python import cp_model

    from ..solver.solve import configure

    solver = cp_model.CpSolver()
    configure(
        solver.parameters, SAFETY_SECONDS, cards=len(instance.start.cards), work_limit=work_limit
    )
    return solver


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
    from ortools.sat.python import cp_model

    from ..solver.model import LineModel

    built = LineModel(instance, objective)
    if hint:
        built.vars.hint(built.model, hint)
    solver = _solver(instance, work_limit)
    code = solver.solve(built.model)
    if code != cp_model.OPTIMAL:
        if code in (cp_model.FEASIBLE, cp_model.UNKNOWN):
            return None
        raise SolverBugError(f"the model has no solution ({solver.status_name(code)})")
    line = checked_line(built, solver, proven=True)
    return ProvenLine(
        line, line.objective_value(objective), solver.response_proto.deterministic_time
    )


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
    from ortools.sat.python import cp_model

    from ..solver.model import LineModel

    first = optimum.line.moves[0].mark
    if first is None:
        return 1
    found: list[Mark] = [first]
    built = LineModel(instance, objective)
    model = built.model
    model.add(built.objective_expression >= optimum.value)
    model.clear_objective()  # type: ignore[no-untyped-call]
    candidates = built.vars.placements[0]
    numbers = built.vars.numbers
    while len(found) < cap:
        for candidate in candidates:
            if Mark(numbers[candidate.card], candidate.cells) == found[-1]:
                model.add(candidate.var == 0)
        solver = _solver(instance, work_limit)
        code = solver.solve(model)
        if code == cp_model.INFEASIBLE:
            return len(found)
        if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
            return None
        chosen = [Mark(numbers[c.card], c.cells) for c in candidates if solver.boolean_value(c.var)]
        if len(chosen) != 1 or chosen[0] in found:
            raise SolverBugError(f"the model chose first placements {chosen} after {found}")
        found.append(chosen[0])
    return len(found)
