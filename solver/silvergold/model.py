"""The CP-SAT model of a solo line (time-indexed over turns, red-cross extras as sub-steps).

Built in small named steps in :class:`LineModel`'s constructor, in the manner of the CP-SAT
Primer. Candidate marks come from the rules engine (``CardState.free_footprints``); the
model only adds what the engine checks move by move: connectivity, completion, the extra
marks red crosses earn, and the score. It prints nothing and reads no files.

:meth:`LineModel.solve` runs CP-SAT on it (always under a time limit) and replays the line
it finds through the rules engine; the other public methods are the few edits callers need
(a hint line, a required objective value, a forbidden first placement), so no caller
touches CP-SAT itself.

Step ``(t, 0)`` is turn ``t``'s placement (the pattern or one cell); steps ``(t, s)`` for
``s >= 1`` are the extra marks made in that turn, in order.

Relaxations that are exact at the optimum: skull counts, gems and torches are bounded on
the side the objective pushes against (e.g. ``skulls_after >= skulls_before + k - 2p``),
because a higher skull count or fewer gems never helps a line. The line the solver returns
is replayed through the rules engine, which gives the score shown to users.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from ortools.sat.python import cp_model

from ..core.errors import SolverBugError
from .cards import Symbol
from .cells import CELLS, CellMask, border_of, cells_of, count
from .moves import PASS, IllegalMoveError, Mark, Move
from .position import UNREACHABLE
from .problem import SCORE_SPAN, TURN_SPAN, Instance, LineResult, Objective, play_line
from .sheet import (
    COMPLETED_CARD_POINTS,
    GEM_CAP,
    PAIR_POINTS,
    ROUNDS,
    SKULL_CAP,
    TORCH_POINTS,
    skull_penalty,
)

LinearTerms = list[cp_model.IntVar]
Expr = Any
"""A CP-SAT linear expression or constant (ortools' overloads are beyond mypy's reach)."""


@dataclass
class Candidate:
    """A mark the model may choose at one step: its card (index), cells and decision."""

    card: int
    cells: CellMask
    var: cp_model.IntVar


@dataclass
class LineVariables:
    """The decisions of the model, and how to read a line back from a solver."""

    numbers: tuple[int, ...]
    placements: list[list[Candidate]] = field(default_factory=list)
    """``placements[t]``: candidates for turn ``t``'s placement."""
    extras: list[list[list[Candidate]]] = field(default_factory=list)
    """``extras[t][s - 1]``: candidates for the ``s``-th extra mark of turn ``t``."""

    def chosen(self, solver: cp_model.CpSolver, candidates: Sequence[Candidate]) -> Mark | None:
        """The mark chosen among ``candidates`` (``None`` if none is)."""
        for candidate in candidates:
            if solver.boolean_value(candidate.var):
                return Mark(self.numbers[candidate.card], candidate.cells)
        return None

    def first_placements(self, solver: cp_model.CpSolver) -> tuple[Mark, ...]:
        """Every turn-1 placement in the solver's current solution (one, unless a bug)."""
        if not self.placements:
            return ()
        return tuple(
            Mark(self.numbers[c.card], c.cells)
            for c in self.placements[0]
            if solver.boolean_value(c.var)
        )

    def extract(self, solver: cp_model.CpSolver) -> tuple[Move, ...]:
        """The line in the solver's current solution."""
        moves = []
        for turn, candidates in enumerate(self.placements):
            mark = self.chosen(solver, candidates)
            if mark is None:
                moves.append(PASS)
                continue
            extras = [self.chosen(solver, step) for step in self.extras[turn]]
            moves.append(Move(mark, tuple(e for e in extras if e is not None)))
        return tuple(moves)

    def hint(self, model: cp_model.CpModel, moves: Sequence[Move]) -> None:
        """Give ``moves`` (a legal line) to the solver as a starting solution."""
        index = {number: i for i, number in enumerate(self.numbers)}
        for turn, move in enumerate(moves):
            wanted = [(index[m.card], m.cells) for m in move.marks()]
            steps = [self.placements[turn], *self.extras[turn]]
            for step, candidates in enumerate(steps):
                for candidate in candidates:
                    hit = step < len(wanted) and wanted[step] == (candidate.card, candidate.cells)
                    model.add_hint(candidate.var, hit)


class SearchStatus(StrEnum):
    """How a CP-SAT search ended."""

    OPTIMAL = "optimal"
    """A line was found and proven best (for a feasibility search: a line was found)."""
    FEASIBLE = "feasible"
    """A line was found, but the limit came before the proof."""
    UNKNOWN = "unknown"
    """The limit came before any line was found."""
    INFEASIBLE = "infeasible"
    """Proven: no line meets the model's constraints."""


_STATUSES = {
    cp_model.OPTIMAL: SearchStatus.OPTIMAL,
    cp_model.FEASIBLE: SearchStatus.FEASIBLE,
    cp_model.UNKNOWN: SearchStatus.UNKNOWN,
    cp_model.INFEASIBLE: SearchStatus.INFEASIBLE,
}


@dataclass(frozen=True)
class ModelSolution:
    """The outcome of one :meth:`LineModel.solve`."""

    status: SearchStatus
    line: LineResult | None
    """The line found, as replayed by the rules engine (``None`` if none was found)."""
    value: int | None
    """The line's objective value, as the rules engine scores it (``None`` without a line)."""
    bound: int | None
    """CP-SAT's proven upper bound on the objective value (``None`` without an objective)."""
    first_placements: tuple[Mark, ...]
    """Every placement the solution makes on turn 1 (one, for a correct model)."""
    work: float
    """Deterministic time spent (CP-SAT's machine-independent measure of work)."""

    @property
    def found(self) -> bool:
        """Whether a line was found."""
        return self.line is not None

    @property
    def status_name(self) -> str:
        """CP-SAT's name for the status (``OPTIMAL``, ``INFEASIBLE``, ...)."""
        return self.status.name


def configure(
    parameters: Any, time_limit: float, *, cards: int = 1, work_limit: float | None = None
) -> None:
    """Deterministic, single-worker parameters tuned with ``benchmarks/solver.py``.

    The model is small and already pruned, so presolve, probing, symmetry detection, cuts
    and (for one card) SAT inprocessing cost more than they save on the deck's rooms
    (measured: median 0.12 s -> 0.04 s); hands of two cards solve faster with inprocessing.
    ``work_limit`` caps CP-SAT's deterministic time, which unlike seconds does not depend on
    the machine (puzzle generation uses it so every machine keeps the same puzzles).
    Ctrl-C stays Python's (a KeyboardInterrupt), not the solver's.
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
    # CP-SAT's own Ctrl-C handler stays installed after the solve and ends the process
    # silently at the next Ctrl-C; Python's KeyboardInterrupt lets an attempt save itself.
    parameters.catch_sigint_signal = False


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


class LineModel:
    """The CP-SAT model of ``instance`` under ``objective``, and the solver that runs it."""

    def __init__(self, instance: Instance, objective: Objective) -> None:
        self.instance = instance
        self.objective = objective
        self.model = cp_model.CpModel()
        self.cards = instance.start.cards
        self.rooms = [state.room for state in self.cards]
        self.turns = instance.turns
        self.vars = LineVariables(tuple(state.number for state in self.cards))
        # Filled by the steps below; declared here so the object's shape is seen in one place.
        self.distance: list[list[int]] = []
        """``distance[c][q]``: fewest new cells to mark before ``q`` can be marked on card ``c``."""
        self.budget: list[int] = []
        """``budget[t]``: most new cells any line marks through turn ``t``."""
        self.cross_cells: list[CellMask] = []
        """Per card, the unmarked cross cells (each earns an extra mark)."""
        self.cover: list[list[list[list[LinearTerms]]]] = []
        """``cover[t][step][c][q]``: decisions that mark ``q`` at that step."""
        self.start_marked: list[list[int]] = []
        """``start_marked[c][q]``: 1 if ``q`` of card ``c`` is marked at the start."""
        self.marked: list[list[list[Expr]]] = []
        """``marked[t][c][q]``: ``q`` of card ``c`` is marked at the end of turn ``t``."""
        self.final_skulls: Expr = self.instance.start.sheet.skulls
        """The skull count at the end of the line."""
        self.completed: list[Expr] = []
        """Per card, whether it is complete at the end of the line."""
        self.score: Expr = 0
        """The puzzle score of docs/silvergold-rules.md."""
        self.turn_sum: Expr = 0
        """Sum of the cards' completion turns (``turns + 1`` for a card left incomplete)."""
        self.objective_expression: Expr = 0
        """The value maximised: score and completion turns folded as :attr:`objective` says."""
        self.optimising = False
        """Whether the model has an objective (:meth:`drop_objective` makes it a search)."""
        self._prepare_reach()
        self._add_placement_variables()
        self._add_extra_variables()
        self._add_marking_state()
        self._add_placement_constraints()
        self._add_connectivity_constraints()
        self._add_completion_constraints()
        self._add_cross_constraints()
        self._add_skull_constraints()
        self._add_layer_cuts()
        self._add_score()
        self._add_objective()

    # --- solving ----------------------------------------------------------------------

    @property
    def size(self) -> tuple[int, int]:
        """Variables and constraints in the model."""
        proto = self.model.proto
        return len(proto.variables), len(proto.constraints)

    def hint_line(self, moves: Sequence[Move]) -> None:
        """Seed the search with ``moves`` (a legal line of the instance)."""
        self.vars.hint(self.model, moves)

    def require_objective_at_least(self, value: int) -> None:
        """Accept only lines whose objective value is at least ``value``."""
        self.model.add(self.objective_expression >= value)

    def drop_objective(self) -> None:
        """Search for any line meeting the constraints instead of the best one."""
        self.model.clear_objective()  # type: ignore[no-untyped-call]
        self.optimising = False

    def forbid_first_placement(self, mark: Mark) -> None:
        """Accept only lines whose turn-1 placement is not ``mark``."""
        for candidate in self.vars.placements[0]:
            if Mark(self.vars.numbers[candidate.card], candidate.cells) == mark:
                self.model.add(candidate.var == 0)

    def solve(self, *, time_limit: float, work_limit: float | None = None) -> ModelSolution:
        """Run CP-SAT (one worker, fixed seed) for at most ``time_limit`` seconds and, if
        given, ``work_limit`` units of deterministic time.

        A line found is replayed by the rules engine (:func:`checked_line`); a proven
        optimum must score what the model says. :class:`SolverBugError` if the model is
        invalid or the engine disagrees.
        """
        solver = cp_model.CpSolver()
        configure(solver.parameters, time_limit, cards=len(self.cards), work_limit=work_limit)
        code = solver.solve(self.model)
        status = _STATUSES.get(code)
        if status is None:
            raise SolverBugError(
                f"the model has no solution ({solver.status_name(code)}): "
                "a bug in silverpyr's model"
            )
        line: LineResult | None = None
        first: tuple[Mark, ...] = ()
        if status in (SearchStatus.OPTIMAL, SearchStatus.FEASIBLE):
            proven = status is SearchStatus.OPTIMAL and self.optimising
            line = checked_line(self, solver, proven=proven)
            first = self.vars.first_placements(solver)
        return ModelSolution(
            status=status,
            line=line,
            value=None if line is None else line.objective_value(self.objective),
            bound=self._bound(solver),
            first_placements=first,
            work=solver.response_proto.deterministic_time,
        )

    def _bound(self, solver: cp_model.CpSolver) -> int | None:
        if not self.optimising:
            return None
        bound = solver.best_objective_bound
        return round(bound) if math.isfinite(bound) else None

    # --- pruning ----------------------------------------------------------------------

    def _prepare_reach(self) -> None:
        """Distances and budgets that rule out marks no line can make.

        ``distance[c][q]``: fewest new cells to mark before ``q`` can be marked on card
        ``c``, counting ``q``. ``budget[t]``: most new cells any line marks through turn
        ``t`` (pattern sizes plus every cross as an extra).
        """
        self.distance = [self._distances(i) for i in range(len(self.cards))]
        crosses = sum(
            count(room.mask(Symbol.CROSS) & ~state.marked)
            for room, state in zip(self.rooms, self.cards, strict=True)
        )
        self.budget = []
        total = 0
        for expedition in self.instance.expeditions:
            total += expedition.size
            self.budget.append(total + crosses)
        self.cross_cells = [
            room.mask(Symbol.CROSS) & ~state.marked
            for room, state in zip(self.rooms, self.cards, strict=True)
        ]

    def _distances(self, index: int) -> list[int]:
        """The engine's distances (:meth:`.CardState.mark_distances`) for card ``index``."""
        return list(self.cards[index].mark_distances())

    def _reachable_by(self, card: int, cells: CellMask, turn: int) -> bool:
        """Whether every cell of ``cells`` can be marked on ``card`` by the end of ``turn``,
        with one of them touching what can be marked before ``turn``."""
        dist = [self.distance[card][q] for q in cells_of(cells)]
        before = self.budget[turn - 1] if turn > 0 else 0
        return max(dist) <= self.budget[turn] and min(dist) <= before + 1

    # --- variables --------------------------------------------------------------------

    def _add_placement_variables(self) -> None:
        for turn, expedition in enumerate(self.instance.expeditions):
            candidates: list[Candidate] = []
            for index, state in enumerate(self.cards):
                masks = set(state.free_footprints(expedition))
                masks.update(1 << q for q in cells_of(state.room.open_mask & ~state.marked))
                for cells in sorted(masks):
                    if self._reachable_by(index, cells, turn):
                        var = self.model.new_bool_var("")
                        candidates.append(Candidate(index, cells, var))
            self.vars.placements.append(candidates)

    def _add_extra_variables(self) -> None:
        for turn in range(self.turns):
            available = [
                sum(
                    1
                    for q in cells_of(self.cross_cells[i])
                    if self.distance[i][q] <= self.budget[turn]
                )
                for i in range(len(self.cards))
            ]
            steps: list[list[Candidate]] = []
            for _ in range(sum(available)):
                candidates = []
                for index, state in enumerate(self.cards):
                    for q in cells_of(state.room.open_mask & ~state.marked):
                        if self.distance[index][q] <= self.budget[turn]:
                            var = self.model.new_bool_var("")
                            candidates.append(Candidate(index, 1 << q, var))
                steps.append(candidates)
            self.vars.extras.append(steps)

    def _add_marking_state(self) -> None:
        """``marked[t][c][q]``: cell ``q`` of card ``c`` is marked at the end of turn ``t``
        (``t = -1``: the start). A boolean, so every cell is marked at most once."""
        self.cover = []
        for turn in range(self.turns):
            steps = [self.vars.placements[turn], *self.vars.extras[turn]]
            per_step = []
            for candidates in steps:
                terms: list[list[LinearTerms]] = [[[] for _ in CELLS] for _ in self.cards]
                for candidate in candidates:
                    for q in cells_of(candidate.cells):
                        terms[candidate.card][q].append(candidate.var)
                per_step.append(terms)
            self.cover.append(per_step)

        start = [[int(state.marked >> q & 1) for q in CELLS] for state in self.cards]
        self.marked = []
        previous: list[list[Expr]] = start
        for turn in range(self.turns):
            now: list[list[Expr]] = []
            for card in range(len(self.cards)):
                row: list[Expr] = []
                for q in CELLS:
                    covering = [v for per_card in self.cover[turn] for v in per_card[card][q]]
                    if not covering:
                        row.append(previous[card][q])
                        continue
                    var = self.model.new_bool_var("")
                    self.model.add(var == previous[card][q] + cp_model.LinearExpr.sum(covering))
                    row.append(var)
                now.append(row)
            self.marked.append(now)
            previous = now
        self.start_marked = start

    def marked_before(self, turn: int, step: int, card: int, q: int) -> Expr:
        """Whether ``q`` on ``card`` is marked before step ``step`` of ``turn``."""
        base = self.marked[turn - 1][card][q] if turn > 0 else self.start_marked[card][q]
        if step == 0:
            return base
        terms = [v for s in range(step) for v in self.cover[turn][s][card][q]]
        return base + cp_model.LinearExpr.sum(terms) if terms else base

    def tomb_before(self, turn: int, step: int, card: int) -> Expr:
        """Whether ``card`` is complete before step ``step`` of ``turn``."""
        return self.marked_before(turn, step, card, self.rooms[card].tomb)

    def all_complete_before(self, turn: int, step: int) -> Expr:
        """Whether no card is left in play before step ``step`` of ``turn`` (a 0/1 expression)."""
        tombs = [self.tomb_before(turn, step, c) for c in range(len(self.cards))]
        if len(tombs) == 1:
            return tombs[0]
        both = self.model.new_bool_var("")
        for tomb in tombs:
            self.model.add(both <= tomb)
        self.model.add(both >= sum(tombs) - (len(tombs) - 1))
        return both

    # --- rules ------------------------------------------------------------------------

    def _add_placement_constraints(self) -> None:
        """Every turn exactly one placement, unless no card is in play (then a pass)."""
        for turn, candidates in enumerate(self.vars.placements):
            chosen = sum(c.var for c in candidates)
            self.model.add(chosen + self.all_complete_before(turn, 0) == 1)

    def _add_connectivity_constraints(self) -> None:
        """A mark includes the entrance of an unmarked card or touches a marked cell."""
        for turn in range(self.turns):
            steps = [self.vars.placements[turn], *self.vars.extras[turn]]
            for step, candidates in enumerate(steps):
                for candidate in candidates:
                    room = self.rooms[candidate.card]
                    if candidate.cells >> room.entrance & 1:
                        continue  # only legal on an unmarked card: at most once per cell
                    touching = border_of(candidate.cells) & room.open_mask
                    support = [
                        self.marked_before(turn, step, candidate.card, n)
                        for n in cells_of(touching)
                    ]
                    self.model.add(cp_model.LinearExpr.sum(support) >= candidate.var)

    def _add_completion_constraints(self) -> None:
        """A completed card takes no further mark, not even an extra of the same turn."""
        for turn in range(self.turns):
            steps = [self.vars.placements[turn], *self.vars.extras[turn]]
            for step, candidates in enumerate(steps):
                for card in range(len(self.cards)):
                    on_card = [c.var for c in candidates if c.card == card]
                    if on_card:
                        self.model.add(sum(on_card) + self.tomb_before(turn, step, card) <= 1)

    def _add_cross_constraints(self) -> None:
        """The ``s``-th extra mark of a turn is made exactly when ``s`` crosses have been
        marked in that turn so far and a card is still in play (an extra is mandatory)."""
        all_made: list[Expr] = []
        all_crosses: LinearTerms = []
        for turn in range(self.turns):
            extras = self.vars.extras[turn]
            previous_made: Expr | None = None
            for step in range(1, len(extras) + 1):
                crosses = [
                    v
                    for s in range(step)
                    for card in range(len(self.cards))
                    for q in cells_of(self.cross_cells[card])
                    for v in self.cover[turn][s][card][q]
                ]
                made = cp_model.LinearExpr.sum([c.var for c in extras[step - 1]])
                self.model.add(made <= 1)
                self.model.add(step * made <= cp_model.LinearExpr.sum(crosses))
                earned = self.model.new_bool_var("")
                self.model.add(cp_model.LinearExpr.sum(crosses) <= step - 1).only_enforce_if(
                    earned.Not()
                )
                self.model.add(made + self.all_complete_before(turn, step) >= earned)
                if previous_made is not None:
                    self.model.add(made <= previous_made)
                previous_made = made
                all_made.append(made)
            turn_crosses = [
                v
                for s in range(1 + len(extras))
                for card in range(len(self.cards))
                for q in cells_of(self.cross_cells[card])
                for v in self.cover[turn][s][card][q]
            ]
            if extras:
                # Redundant: a turn's extra marks never outnumber its crosses.
                made_here = [c.var for step in extras for c in step]
                self.model.add(
                    cp_model.LinearExpr.sum(made_here) <= cp_model.LinearExpr.sum(turn_crosses)
                )
            all_crosses.extend(turn_crosses)
        if all_made:
            # Redundant: never more extra marks than crosses marked.
            self.model.add(
                cp_model.LinearExpr.sum(all_made) <= cp_model.LinearExpr.sum(all_crosses)
            )

    def _add_layer_cuts(self) -> None:
        """Redundant cuts that tighten the LP bound: every cell at BFS distance ``k`` from the
        start separates the start from farther cells, so a marked valuable cell needs a
        marked cell in every nearer layer."""
        valuable = (Symbol.TOMB, Symbol.RED_GEM, Symbol.GREEN_GEM, Symbol.TORCH)
        for card, room in enumerate(self.rooms):
            distance = self.distance[card]
            layers: dict[int, list[int]] = {}
            for q in CELLS:
                if distance[q] < UNREACHABLE and not self.start_marked[card][q]:
                    layers.setdefault(distance[q], []).append(q)
            targets = [q for symbol in valuable for q in cells_of(room.mask(symbol))]
            for turn in range(self.turns):
                marked = self.marked[turn][card]
                for q in targets:
                    if distance[q] >= UNREACHABLE or isinstance(marked[q], int):
                        continue
                    for k in range(1, distance[q]):
                        self.model.add(
                            marked[q] <= cp_model.LinearExpr.sum([marked[s] for s in layers[k]])
                        )

    def _symbol_terms(self, turn: int, step: int, symbol: Symbol) -> LinearTerms:
        return [
            v
            for card, room in enumerate(self.rooms)
            for q in cells_of(room.mask(symbol))
            for v in self.cover[turn][step][card][q]
        ]

    def _add_skull_constraints(self) -> None:
        """Skulls after each step: ``max(0, min(10, before + skulls) - 2 * potions)``.

        Ruling (docs/silvergold-rules.md, R5): within one placement skulls resolve before
        potions.
        """
        start = self.instance.start.sheet.skulls
        markable = sum(
            count(room.mask(Symbol.SKULL) & ~state.marked)
            for room, state in zip(self.rooms, self.cards, strict=True)
        )
        capped = start + markable > SKULL_CAP
        level: Expr = start
        for turn in range(self.turns):
            for step in range(1 + len(self.vars.extras[turn])):
                skulls = self._symbol_terms(turn, step, Symbol.SKULL)
                potions = self._symbol_terms(turn, step, Symbol.POTION)
                if not skulls and not potions:
                    continue
                raised: Expr = level + sum(skulls)
                if capped and skulls:
                    cap = self.model.new_int_var(0, SKULL_CAP, "")
                    self.model.add_min_equality(cap, [raised, SKULL_CAP])
                    raised = cap
                after = self.model.new_int_var(0, SKULL_CAP, "")
                self.model.add(after >= raised - 2 * sum(potions))
                level = after
        self.final_skulls = level

    def _add_score(self) -> None:
        """The puzzle score of docs/silvergold-rules.md, as the model's ``score`` expression."""
        sheet = self.instance.start.sheet
        all_steps = [(t, s) for t in range(self.turns) for s in range(1 + len(self.vars.extras[t]))]

        def total(symbol: Symbol) -> Expr:
            return sum(v for t, s in all_steps for v in self._symbol_terms(t, s, symbol))

        red = self.model.new_int_var(0, GEM_CAP, "red")
        green = self.model.new_int_var(0, GEM_CAP, "green")
        pairs = self.model.new_int_var(0, GEM_CAP, "pairs")
        self.model.add(red <= sheet.red + total(Symbol.RED_GEM))
        self.model.add(green <= sheet.green + total(Symbol.GREEN_GEM))
        self.model.add(pairs <= red)
        self.model.add(pairs <= green)
        gems = red + green + (PAIR_POINTS - 2) * pairs

        torches = []
        for round_number in range(1, ROUNDS + 1):
            turns = [t for t in range(self.turns) if self.instance.round_of(t) == round_number]
            if not turns or sheet.has_torch(round_number):
                continue
            lit = [
                v
                for t in turns
                for s in range(1 + len(self.vars.extras[t]))
                for v in self._symbol_terms(t, s, Symbol.TORCH)
            ]
            if lit:
                torch = self.model.new_bool_var("")
                self.model.add(torch <= sum(lit))
                torches.append(torch)

        penalty = self.model.new_int_var(0, skull_penalty(SKULL_CAP), "skull_penalty")
        for k in range(SKULL_CAP):
            self.model.add(penalty >= (k + 1) * self.final_skulls - skull_penalty(k))

        last = self.turns - 1
        self.completed = [self.marked[last][c][room.tomb] for c, room in enumerate(self.rooms)]
        self.score = (
            COMPLETED_CARD_POINTS * sum(self.completed)
            + gems
            + TORCH_POINTS * sum(torches)
            - penalty
        )
        self.turn_sum = sum(
            (t + 1) * v
            for t in range(self.turns)
            for c, room in enumerate(self.rooms)
            for step in self.cover[t]
            for v in step[c][room.tomb]
        ) + (self.turns + 1) * sum(1 - done for done in self.completed)

    def _add_objective(self) -> None:
        """Lexicographic objectives folded into one (see :func:`~.problem.objective_value`)."""
        if self.objective is Objective.POINTS:
            self.objective_expression = self.score * TURN_SPAN - self.turn_sum
        else:
            self.objective_expression = -self.turn_sum * SCORE_SPAN + self.score
        self.model.maximize(self.objective_expression)
        self.optimising = True
