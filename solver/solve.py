"""Solve a line problem with CP-SAT and check the answer with the rules engine.

Determinism: the solver runs one worker with a fixed seed, so the same input gives the
same line on every run and machine (``num_workers=1``, ``random_seed=0``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from .errors import SilverpyrError
from .moves import IllegalMoveError
from .problem import Instance, LineResult, Objective, play_line, split_objective_value

if TYPE_CHECKING:
    from ortools.sat.python import cp_model

    from .model import LineModel

DEFAULT_TIME_LIMIT = 10.0


class Status(StrEnum):
    """How far the solver got."""

    OPTIMAL = "optimal"
    """The line is proven best."""
    FEASIBLE = "feasible"
    """A line was found, but the time limit came before the proof; see the bound."""


class SolverBugError(SilverpyrError, RuntimeError):
    """The rules engine disagrees with the model: a bug, never to be hidden."""


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


def configure(
    parameters: Any, time_limit: float, *, cards: int = 1, work_limit: float | None = None
) -> None:
    """Deterministic, single-worker parameters tuned with ``benchmarks/solver.py``.

    The model is small and already pruned, so presolve, probing, symmetry detection, cuts
    and (for one card) SAT inprocessing cost more than they save on the deck's rooms
    (measured: median 0.12 s -> 0.04 s); hands of two cards solve faster with inprocessing.
    ``work_limit`` caps CP-SAT's deterministic time, which unlike seconds does not depend on
    the machine (puzzle generation uses it so every machine keeps the same puzzles).
    """
    parameters.max_time_in_seconds = time_limit
    if work_limit is not None:
        parameters.max_deterministic_time = work_limit
    parameters.num_workers = 1
    parameters.random_seed = 0
    parameters.cp_model_presolve = False
    parameters.cp_model_probing_level = 0
    parameters.symmetry_level = 0
    parameters.cut_level = 0
    parameters.use_sat_inprocessing = cards > 1


def solve(
    instance: Instance,
    objective: Objective = Objective.POINTS,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Solution:
    """The best line for ``instance``: proven optimal, or the best found within ``time_limit``."""
    from ortools.sat.python import cp_model

    from .model import LineModel

    began = time.perf_counter()
    built = LineModel(instance, objective)
    build_seconds = time.perf_counter() - began

    solver = cp_model.CpSolver()
    configure(solver.parameters, time_limit, cards=len(instance.start.cards))
    code = solver.solve(built.model)
    if code not in (cp_model.OPTIMAL, cp_model.FEASIBLE):
        name = solver.status_name(code)
        if code == cp_model.UNKNOWN:
            raise NoLineFoundError(f"no line found within {time_limit:g} s")
        raise SolverBugError(f"the model has no solution ({name}): a bug in silverpyr's model")
    status = Status.OPTIMAL if code == cp_model.OPTIMAL else Status.FEASIBLE
    line = checked_line(built, solver, proven=status is Status.OPTIMAL)
    value = line.objective_value(objective)
    proto = built.model.proto
    return Solution(
        status=status,
        objective=objective,
        line=line,
        value=value,
        bound=max(value, round(solver.best_objective_bound)),
        seconds=time.perf_counter() - began,
        build_seconds=build_seconds,
        size=ModelSize(len(proto.variables), len(proto.constraints)),
    )


def checked_line(built: LineModel, solver: cp_model.CpSolver, *, proven: bool) -> LineResult:
    """The solver's line replayed by the rules engine; :class:`SolverBugError` if the engine
    rejects it, or (for a ``proven`` optimum) scores it differently from the model."""
    try:
        line = play_line(built.instance, built.vars.extract(solver))
    except IllegalMoveError as error:
        raise SolverBugError(f"the rules engine rejects the solver's line: {error}") from error
    value = line.objective_value(built.objective)
    model_value = round(solver.objective_value)
    if proven and value != model_value:
        raise SolverBugError(
            f"the rules engine scores the optimal line {value}, the model {model_value}"
        )
    return line


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
