"""A solo line problem: cards, a start state and a known order of expedition cards.

This is what ``silverpyr solve``, the puzzles and the hints work on. The score is the
puzzle score of docs/silvergold-rules.md ("Solo play and puzzles"); :func:`play_line`
replays a line through the rules engine, which is the executable specification every
solver answer is checked against.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import SilverpyrError
from .cards import Expedition, Symbol
from .cells import cells_of, count
from .moves import Move
from .objective import Objective as Objective  # re-exported: part of this API
from .position import CardState, Position
from .sheet import (
    COMPLETED_CARD_POINTS,
    GEM_CAP,
    MAX_TURNS,
    ROUNDS,
    TORCH_POINTS,
    TURNS_PER_ROUND,
    ScoreBreakdown,
    gem_points,
    puzzle_score,
    turn_at,
)


class ProblemError(SilverpyrError, ValueError):
    """A line problem that cannot be posed (too many turns, past round 4, ...)."""


@dataclass(frozen=True)
class Instance:
    """Cards in play with their start state, and the expedition cards in the order they come.

    ``first_round`` and ``first_turn_in_round`` place the first turn in the game; turns then
    run through rounds of 7, which matters for torches (one per round).
    """

    start: Position
    expeditions: tuple[Expedition, ...]
    first_round: int = 1
    first_turn_in_round: int = 1

    def __post_init__(self) -> None:
        if not self.expeditions:
            raise ProblemError("give at least one expedition card")
        for state in self.start.cards:
            if state.is_complete():
                raise ProblemError(f"card {state.number} is already complete: it is out of play")
        if len(self.expeditions) > MAX_TURNS:
            raise ProblemError(
                f"{len(self.expeditions)} turns is more than a game has ({MAX_TURNS})"
            )
        if not 1 <= self.first_round <= ROUNDS:
            raise ProblemError(f"round {self.first_round} does not exist (1-{ROUNDS})")
        if not 1 <= self.first_turn_in_round <= TURNS_PER_ROUND:
            raise ProblemError(
                f"turn {self.first_turn_in_round} of a round does not exist (1-{TURNS_PER_ROUND})"
            )
        last = self.round_of(len(self.expeditions) - 1)
        if last > ROUNDS:
            raise ProblemError(
                f"{len(self.expeditions)} turns from round {self.first_round}, turn "
                f"{self.first_turn_in_round} run past the end of round {ROUNDS}"
            )

    @property
    def turns(self) -> int:
        """Number of turns in the line."""
        return len(self.expeditions)

    def round_of(self, turn_index: int) -> int:
        """Round (1-4) of the 0-based ``turn_index``."""
        return self.when(turn_index)[0]

    def when(self, turn_index: int) -> tuple[int, int]:
        """``(round, turn in round)`` of the 0-based ``turn_index``."""
        return turn_at(self.first_round, self.first_turn_in_round, turn_index)


@dataclass(frozen=True)
class LineResult:
    """A line replayed by the rules engine: positions after each turn and the outcome."""

    instance: Instance
    moves: tuple[Move, ...]
    positions: tuple[Position, ...]
    """``positions[0]`` is the start; ``positions[t + 1]`` follows turn ``t``."""

    @property
    def final(self) -> Position:
        """The position after the last turn."""
        return self.positions[-1]

    def score(self) -> ScoreBreakdown:
        """The puzzle score of the line."""
        return puzzle_score(self.instance.start.sheet, self.final.sheet)

    def completion_turns(self) -> dict[int, int | None]:
        """For each card, the 1-based turn it was completed in (``None`` if never)."""
        result: dict[int, int | None] = {}
        for state in self.instance.start.cards:
            result[state.number] = None
            for turn, position in enumerate(self.positions[1:], start=1):
                if position.card(state.number).is_complete():
                    result[state.number] = turn
                    break
        return result

    def objective_value(self, objective: Objective) -> int:
        """The value the solvers maximise (see :func:`objective_value`)."""
        return objective_value(
            objective, self.score().total, self.completion_turns(), self.instance.turns
        )


# Weights of the lexicographic objectives: the secondary term never outweighs one unit of
# the primary one. Scores of a line lie well within (-SCORE_SPAN, SCORE_SPAN).
SCORE_SPAN = 500
TURN_SPAN = 2 * (MAX_TURNS + 1) + 1


def objective_value(
    objective: Objective, score: int, completed: dict[int, int | None], turns: int
) -> int:
    """One integer ordering lines by ``objective``; a card never completed counts as turns + 1."""
    turn_sum = sum(turns + 1 if turn is None else turn for turn in completed.values())
    if objective is Objective.POINTS:
        return score * TURN_SPAN - turn_sum
    return -turn_sum * SCORE_SPAN + score


def split_objective_value(objective: Objective, value: int) -> tuple[int, int]:
    """``(score, sum of completion turns)`` encoded in an objective value."""
    if objective is Objective.POINTS:
        score = -(-value // TURN_SPAN)
        return score, score * TURN_SPAN - value
    turn_sum = (SCORE_SPAN // 2 - value) // SCORE_SPAN
    return value + turn_sum * SCORE_SPAN, turn_sum


def score_ceiling(instance: Instance) -> int:
    """A score no line of ``instance`` can beat (a quick, loose upper bound).

    Every card completed, every gem on the cards collected (up to the box caps), a torch in
    every round of the line whose box is open and that has a torch to mark, and no skull.
    """
    start = instance.start
    red = min(GEM_CAP, start.sheet.red + sum(_unmarked(s, Symbol.RED_GEM) for s in start.cards))
    green = min(
        GEM_CAP, start.sheet.green + sum(_unmarked(s, Symbol.GREEN_GEM) for s in start.cards)
    )
    torches = 0
    if any(_unmarked(state, Symbol.TORCH) for state in start.cards):
        rounds = {instance.round_of(turn) for turn in range(instance.turns)}
        torches = sum(1 for r in rounds if not start.sheet.has_torch(r))
    return (
        COMPLETED_CARD_POINTS * len(start.cards) + gem_points(red, green) + TORCH_POINTS * torches
    )


def _unmarked(state: CardState, symbol: Symbol) -> int:
    return count(state.room.mask(symbol) & ~state.marked)


def play_line(instance: Instance, moves: tuple[Move, ...] | list[Move]) -> LineResult:
    """Replay ``moves`` through the rules engine; ``IllegalMoveError`` if one breaks a rule."""
    if len(moves) != instance.turns:
        raise ProblemError(f"the line has {len(moves)} turns, the problem {instance.turns}")
    positions = [instance.start]
    for turn, (move, expedition) in enumerate(zip(moves, instance.expeditions, strict=True)):
        positions.append(positions[-1].push(move, expedition, instance.round_of(turn)))
    return LineResult(instance, tuple(moves), tuple(positions))


@dataclass(frozen=True)
class TurnReport:
    """What one turn of a line did, for people: the move and the symbols it reached."""

    turn: int
    """1-based turn of the line."""
    round_number: int
    expedition: Expedition
    move: Move
    gained: tuple[tuple[int, int, Symbol], ...]
    """``(card, cell, symbol)`` for every newly marked cell with a symbol, in marking order."""
    completed: tuple[int, ...]
    """Cards completed this turn."""
    torch: int | None = None
    """The card whose torch ticked the round's torch box this turn (the first torch marked;
    ``None`` when the box was not ticked: no torch marked, or the round's torch was lit)."""

    def symbols(self, symbol: Symbol) -> tuple[int, ...]:
        """The card of every cell with ``symbol`` marked this turn, in marking order (a
        :attr:`~.cards.Symbol.TOMB` is a card completed, in the order its tomb was reached)."""
        return tuple(card for card, _, found in self.gained if found is symbol)


def turn_reports(line: LineResult) -> list[TurnReport]:
    """One :class:`TurnReport` per turn of ``line``."""
    reports = []
    for turn, move in enumerate(line.moves):
        before, after = line.positions[turn], line.positions[turn + 1]
        round_number = line.instance.round_of(turn)
        gained = []
        for mark in move.marks():
            room = before.card(mark.card).room
            for cell in cells_of(mark.cells):
                symbol = room.symbol_at(cell)
                if symbol not in (Symbol.PLAIN, Symbol.ENTRANCE):
                    gained.append((mark.card, cell, symbol))
        completed = tuple(
            state.number
            for state in after.cards
            if state.is_complete() and not before.card(state.number).is_complete()
        )
        lit = after.sheet.has_torch(round_number) and not before.sheet.has_torch(round_number)
        torch = next((c for c, _, found in gained if found is Symbol.TORCH), None) if lit else None
        reports.append(
            TurnReport(
                turn + 1,
                round_number,
                line.instance.expeditions[turn],
                move,
                tuple(gained),
                completed,
                torch,
            )
        )
    return reports
