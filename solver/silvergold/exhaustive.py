"""Exhaustive search over every legal line, memoised on the full state.

Small and obviously correct, and slow: it only asks the rules engine for legal moves and
keeps the best. The tests check the CP-SAT solver against it; the benchmark races them.
"""

from __future__ import annotations

from dataclasses import dataclass

from .moves import Move
from .position import Position
from .problem import Instance, LineResult, Objective, objective_value, play_line
from .sheet import puzzle_score

_StateKey = tuple[tuple[int, ...], int, int, int, tuple[bool, ...]]


@dataclass(frozen=True)
class ExhaustiveResult:
    """The best line found by trying everything, its objective value and the states seen."""

    line: LineResult
    value: int
    states: int


def solve_exhaustively(instance: Instance, objective: Objective) -> ExhaustiveResult:
    """The optimal line for ``instance`` under ``objective``, by memoised exhaustive search."""
    memo: dict[tuple[int, _StateKey], tuple[int, tuple[Move, ...]]] = {}
    start_sheet = instance.start.sheet
    numbers = tuple(state.number for state in instance.start.cards)
    turns = instance.turns

    def key(position: Position) -> _StateKey:
        sheet = position.sheet
        marks = tuple(state.marked for state in position.cards)
        return marks, sheet.red, sheet.green, sheet.skulls, sheet.torches

    def best(
        turn: int, position: Position, done: dict[int, int | None]
    ) -> tuple[int, tuple[Move, ...]]:
        if turn == turns:
            score = puzzle_score(start_sheet, position.sheet).total
            return objective_value(objective, score, done, turns), ()
        memo_key = (turn, key(position))
        # Completion turns already fixed shift every continuation equally, so the memo
        # stores values relative to them.
        base = objective_value(objective, 0, done, turns)
        if memo_key in memo:
            value, line = memo[memo_key]
            return value + base, line
        expedition = instance.expeditions[turn]
        round_number = instance.round_of(turn)
        best_value: int | None = None
        best_line: tuple[Move, ...] = ()
        for move, after in position.successors(expedition, round_number):
            now_done = {
                n: (turn + 1 if done[n] is None and after.card(n).is_complete() else done[n])
                for n in numbers
            }
            value, rest = best(turn + 1, after, now_done)
            if best_value is None or value > best_value:
                best_value, best_line = value, (move, *rest)
        assert best_value is not None
        memo[memo_key] = (best_value - base, best_line)
        return best_value, best_line

    done0: dict[int, int | None] = dict.fromkeys(numbers)
    value, line = best(0, instance.start, done0)
    return ExhaustiveResult(play_line(instance, line), value, len(memo))
