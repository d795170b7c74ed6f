"""Solve a line problem with CP-SAT and check the answer with the rules engine.

Determinism: the solver runs one worker with a fixed seed, so the same input gives the
same line on every run and machine (``num_workers=1``, ``random_seed=0``).
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ..core.errors import SolverBugError
from .objective import DEFAULT_TIME_LIMIT
from .problem import (
    SCORE_SPAN,
    TURN_SPAN,
    Instance,
    LineResult,
    Objective,
    play_line,
    score_ceiling,
    split_objective_value,
)


class Status(StrEnum):
    """How far the solver got."""

    OPTIMAL = "proven"
    """The line is proven best (every game's ``solve`` says ``proven``)."""
    FEASIBLE = "best found"
    """A line was found, but the time limit came before the proof; see the bound."""


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

    def _turn_sum(self) -> int:
        """The line's sum of completion turns (a card never completed counts turns + 1)."""
        return split_objective_value(self.objective, self.value)[1]

    def score_bound(self) -> int:
        """A proven upper bound on the score of the best line under ``objective``.

        ``points``: no line scores more. ``sprint``: the fastest line scores no more; when
        the fastest completion is not proven yet, a faster line than the one found might
        exist, so the bound is the weaker of what the objective bound allows for a line as
        slow as the one found and :func:`~.problem.score_ceiling`.
        """
        score, turn_sum = split_objective_value(self.objective, self.bound)
        if self.objective is Objective.POINTS or turn_sum >= self._turn_sum():
            return score
        allowed = self.bound + self._turn_sum() * SCORE_SPAN
        return max(self.line.score().total, min(allowed, score_ceiling(self.line.instance)))

    @property
    def score_proven(self) -> bool:
        """Whether no line better under ``objective`` scores more than this line."""
        return self.is_optimal or (
            (self.completion_proven or self.objective is Objective.POINTS)
            and self.score_bound() <= self.line.score().total
        )

    @property
    def completion_proven(self) -> bool:
        """Whether the sum of completion turns is proven to be what the best line has."""
        if self.is_optimal:
            return True
        if self.objective is Objective.POINTS:
            return False  # the tie-break is proven only with the optimum
        return split_objective_value(self.objective, self.bound)[1] >= self._turn_sum()

    def to_dict(self) -> dict[str, Any]:
        """The documented JSON form (``silverpyr solve --json``); see :func:`_solution_dict`."""
        return _solution_dict(self)


def solve(
    instance: Instance,
    objective: Objective = Objective.POINTS,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    work_limit: float | None = None,
) -> Solution:
    """The best line for ``instance``: proven optimal, or the best found within ``time_limit``
    (and ``work_limit`` units of CP-SAT's deterministic time, if given).

    The search starts from the greedy bot's line (:func:`greedy_line`, given to CP-SAT as a
    hint), so a line is always found: if the limit comes first, that line is the answer,
    with the proven bound.
    """
    from .model import LineModel, SearchStatus

    began = time.perf_counter()
    built = LineModel(instance, objective)
    start = greedy_line(instance, objective)
    built.hint_line(start.moves)
    build_seconds = time.perf_counter() - began

    result = built.solve(time_limit=time_limit, work_limit=work_limit)
    if result.status is SearchStatus.INFEASIBLE:
        raise SolverBugError(
            f"the model has no solution ({result.status_name}): a bug in silverpyr's model"
        )
    start_value = start.objective_value(objective)
    if result.line is None or result.value is None or result.value < start_value:
        # The limit came first: the greedy line is the best line known.
        status, line, value = Status.FEASIBLE, start, start_value
    else:
        line, value = result.line, result.value
        status = Status.OPTIMAL if result.status is SearchStatus.OPTIMAL else Status.FEASIBLE
    # A search stopped before any line has no trustworthy bound (CP-SAT may report 0).
    bound = _objective_ceiling(instance, objective)
    if result.line is not None and result.bound is not None:
        bound = min(bound, result.bound)
    variables, constraints = built.size
    return Solution(
        status=status,
        objective=objective,
        line=line,
        value=value,
        bound=value if status is Status.OPTIMAL else max(value, bound),
        seconds=time.perf_counter() - began,
        build_seconds=build_seconds,
        size=ModelSize(variables, constraints),
    )


def greedy_line(instance: Instance, objective: Objective = Objective.POINTS) -> LineResult:
    """The greedy bot's line (:func:`~.bots.greedy_key` under ``objective``, the first of
    equal moves): legal by construction, so a solve always has a line to show."""
    from .bots import greedy_key

    position = instance.start
    moves = []
    for turn, expedition in enumerate(instance.expeditions):
        best = None
        for move, after in position.successors(expedition, instance.round_of(turn)):
            key = greedy_key(position, after, objective)
            if best is None or key > best[0]:
                best = (key, move, after)
        assert best is not None  # a pass at least
        moves.append(best[1])
        position = best[2]
    return play_line(instance, moves)


def _objective_ceiling(instance: Instance, objective: Objective) -> int:
    """An objective value no line reaches (when CP-SAT stopped before any bound)."""
    ceiling = score_ceiling(instance)
    return ceiling * TURN_SPAN if objective is Objective.POINTS else ceiling


def _solution_dict(solution: Solution) -> dict[str, Any]:
    """The documented JSON form of a solution (``silverpyr solve --json``), in every game's
    ``solve`` words: ``status`` (``proven`` or ``best found``), ``proven``, ``value`` (the
    line's points) and ``line``.

    ``line`` lists every mark in the order made: ``kind`` is ``pattern``, ``single`` or
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
        "proven": solution.is_optimal,
        "value": line.score().total,
        "line": moves,
        "objective": solution.objective.value,
        "score": line.score().to_dict(),
        "score_bound": solution.score_bound(),
        "score_proven": solution.score_proven,
        "completion_proven": solution.completion_proven,
        "completed": {str(card): turn for card, turn in line.completion_turns().items()},
        "seconds": round(solution.seconds, 3),
    }
