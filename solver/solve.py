"""Solve a line problem with CP-SAT and check the answer with the rules engine.

Determinism: the solver runs one worker with a fixed seed, so the same input gives the
same line on every run and machine (``num_workers=1``, ``random_seed=0``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .errors import SilverpyrError, SolverBugError
from .objective import DEFAULT_TIME_LIMIT
from .problem import Instance, LineResult, Objective, split_objective_value


class Status(StrEnum):
    """How far the solver got."""

    OPTIMAL = "optimal"
    """The line is proven best."""
    FEASIBLE = "feasible"
    """A line was found, but the time limit came before the proof; see the bound."""


class NoLineFoundError(SilverpyrError, TimeoutError):
    """The time limit ran out before the solver found any line."""


@dataclass(frozen=True)
class ModelSize:
    """Size of the CP-SAT model."""

    variables: int
    constraints: int


@dataclass(frozen=True)
class Solution:
    """A solved line: status, the line as replayed by the engine, objective and bound."""

    status: Status
    objective: Objective
    line: LineResult
    value: int
    """Objective value of the line (see :func:`~.problem.objective_value`)."""
    bound: int
    """Proven upper bound on the objective value (equals ``value`` when optimal)."""
    seconds: float
    build_seconds: float
    size: ModelSize

    @property
    def is_optimal(self) -> bool:
        """Whether the line is proven optimal."""
        return self.status is Status.OPTIMAL

    def score_bound(self) -> int:
        """Best score still possible under ``objective`` according to the proven bound."""
        return split_objective_value(self.objective, self.bound)[0]

    def to_dict(self) -> dict[str, Any]:
        """The documented JSON form (``silverpyr solve --json``); see :func:`_solution_dict`."""
        return _solution_dict(self)


def solve(
    instance: Instance,
    objective: Objective = Objective.POINTS,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Solution:
    """The best line for ``instance``: proven optimal, or the best found within ``time_limit``."""
    from .model import LineModel, SearchStatus

    began = time.perf_counter()
    built = LineModel(instance, objective)
    build_seconds = time.perf_counter() - began

    result = built.solve(time_limit=time_limit)
    if result.status is SearchStatus.UNKNOWN:
        raise NoLineFoundError(f"no line found within {time_limit:g} s")
    if result.line is None or result.value is None:
        raise SolverBugError(
            f"the model has no solution ({result.status_name}): a bug in silverpyr's model"
        )
    status = Status.OPTIMAL if result.status is SearchStatus.OPTIMAL else Status.FEASIBLE
    line = result.line
    value = result.value
    variables, constraints = built.size
    return Solution(
        status=status,
        objective=objective,
        line=line,
        value=value,
        bound=value if result.bound is None else max(value, result.bound),
        seconds=time.perf_counter() - began,
        build_seconds=build_seconds,
        size=ModelSize(variables, constraints),
    )


def _solution_dict(solution: Solution) -> dict[str, Any]:
    """The documented JSON form of a solution (``silverpyr solve --json``).

    ``moves`` lists every mark in the order made: ``kind`` is ``pattern``, ``single`` or
    ``extra`` (a red cross's extra mark), or ``pass`` with no cells when no card was in play.
    Turns count from 1.
    """
    from .cells import cell_str, cells_of
    from .problem import turn_reports

    line = solution.line
    moves: list[dict[str, Any]] = []
    for report in turn_reports(line):
        base = {"turn": report.turn, "expedition": report.expedition.name}
        move = report.move
        if move.mark is None:
            moves.append({**base, "card": None, "kind": "pass", "cells": []})
            continue
        for index, mark in enumerate(move.marks()):
            kind = (
                "extra"
                if index
                else ("single" if mark.is_single and report.expedition.size > 1 else "pattern")
            )
            cells = [cell_str(c) for c in cells_of(mark.cells)]
            moves.append({**base, "card": mark.card, "kind": kind, "cells": cells})
    return {
        "status": solution.status.value,
        "objective": solution.objective.value,
        "score": line.score().to_dict(),
        "score_bound": solution.score_bound(),
        "completed": {str(card): turn for card, turn in line.completion_turns().items()},
        "moves": moves,
        "seconds": round(solution.seconds, 3),
    }
