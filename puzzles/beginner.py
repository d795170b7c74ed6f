"""The naive greedy player the quality filter measures puzzles against.

A beginner ranks the legal moves of a turn by what they see at once, and plays the first
of the best (moves come in :meth:`~silverpyr.solver.position.Position.legal_moves` order):

* ``points``: the immediate change in puzzle score (10 for a completed card, the change in
  gem points and in skull penalty, 5 for a new torch box), then the fewest cells left to
  mark on the closest card, then on all cards. This is the greedy bot of
  :func:`silverpyr.solver.bots.choose_move`.
* ``sprint``: the fewest cells left to mark on the closest card, then on all cards, then
  the immediate change in score: a beginner racing for the tomb.

"Cells left to mark" is :func:`silverpyr.solver.bots.cells_to_tomb`. A move is a
*beginner's first choice* when no legal move ranks above it (ties included).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..solver.bots import cells_to_tomb
from ..solver.cards import Expedition
from ..solver.moves import Move
from ..solver.position import Position
from ..solver.problem import (
    SCORE_SPAN,
    TURN_SPAN,
    Instance,
    LineResult,
    Objective,
    play_line,
)
from ..solver.sheet import puzzle_score

RankKey = tuple[int, int, int]


@dataclass(frozen=True)
class RankedMove:
    """A legal move, the position it leads to and the beginner's rank key (higher is better)."""

    move: Move
    after: Position
    key: RankKey


def immediate_gain(before: Position, after: Position) -> int:
    """Puzzle points a move earns at once (completions, gems, skulls, torches)."""
    sheet = before.sheet
    return puzzle_score(sheet, after.sheet).total - puzzle_score(sheet, sheet).total


def rank_key(before: Position, after: Position, objective: Objective) -> RankKey:
    """The beginner's key for the move from ``before`` to ``after``."""
    gain = immediate_gain(before, after)
    remaining = [cells_to_tomb(state) for state in after.in_play()]
    closest, total = min(remaining, default=0), sum(remaining)
    if objective is Objective.POINTS:
        return gain, -closest, -total
    return -closest, -total, gain


def ranked_moves(
    position: Position, expedition: Expedition, round_number: int, objective: Objective
) -> list[RankedMove]:
    """Every legal move with its rank, in legal-move order."""
    ranked = []
    for move in position.legal_moves(expedition, round_number):
        after = position.push(move, expedition, round_number)
        ranked.append(RankedMove(move, after, rank_key(position, after, objective)))
    return ranked


def first_choices(
    position: Position, expedition: Expedition, round_number: int, objective: Objective
) -> list[RankedMove]:
    """The moves a beginner would play first: every move of the best rank."""
    ranked = ranked_moves(position, expedition, round_number, objective)
    best = max(r.key for r in ranked)
    return [r for r in ranked if r.key == best]


def beginner_move(
    position: Position, expedition: Expedition, round_number: int, objective: Objective
) -> Move:
    """The beginner's move: the first of the best-ranked moves."""
    return first_choices(position, expedition, round_number, objective)[0].move


def beginner_line(instance: Instance, objective: Objective) -> LineResult:
    """The whole line the beginner plays."""
    position = instance.start
    moves = []
    for turn, expedition in enumerate(instance.expeditions):
        round_number = instance.round_of(turn)
        move = beginner_move(position, expedition, round_number, objective)
        moves.append(move)
        position = position.push(move, expedition, round_number)
    return play_line(instance, moves)


def best_first_choice_value(instance: Instance, objective: Objective) -> int:
    """The best objective value of any line made only of beginner's first choices.

    Ties are all explored (memoised on the position), so this does not depend on which
    optimal line a solver happens to return: when it is below the optimum, *every* optimal
    line holds at least one move a beginner would not play first.
    """
    score_weight, turn_weight = (TURN_SPAN, 1) if objective is Objective.POINTS else (1, SCORE_SPAN)
    start_sheet = instance.start.sheet
    turns = instance.turns
    memo: dict[tuple[int, Position], int] = {}

    def best(turn: int, position: Position) -> int:
        if turn == turns:
            unfinished = len(position.in_play())
            score = puzzle_score(start_sheet, position.sheet).total
            return score_weight * score - turn_weight * (turns + 1) * unfinished
        key = (turn, position)
        if key not in memo:
            expedition = instance.expeditions[turn]
            choices = first_choices(position, expedition, instance.round_of(turn), objective)
            memo[key] = max(
                best(turn + 1, choice.after)
                - turn_weight * (turn + 1) * _newly_complete(position, choice.after)
                for choice in choices
            )
        return memo[key]

    return best(0, instance.start)


def _newly_complete(before: Position, after: Position) -> int:
    return len(before.in_play()) - len(after.in_play())
