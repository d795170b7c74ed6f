"""The naive greedy player the quality filter measures puzzles against.

A beginner ranks the legal moves of a turn by what they see at once, and plays the first
of the best (moves come in :meth:`~silverpyr.solver.silvergold.position.Position.legal_moves`
order),
by the greedy bot's key :func:`silverpyr.solver.silvergold.bots.greedy_key`:

* ``points``: the points the move earns at once, then the fewest cells left to mark on
  the closest card, then on all cards (the greedy bot of the game).
* ``sprint``: the fewest cells left to mark first, then the points: a beginner racing for
  the tomb.

A move is a *beginner's first choice* when no legal move ranks above it (ties included).
"""

from __future__ import annotations

from dataclasses import dataclass

from ...solver.silvergold import problem
from ...solver.silvergold.bots import GreedyKey, greedy_key
from ...solver.silvergold.cards import Expedition
from ...solver.silvergold.moves import Move
from ...solver.silvergold.position import Position
from ...solver.silvergold.sheet import puzzle_score


@dataclass(frozen=True)
class RankedMove:
    """A legal move, the position it leads to and the beginner's rank key (higher is better)."""

    move: Move
    after: Position
    key: GreedyKey


def ranked_moves(
    position: Position, expedition: Expedition, round_number: int, objective: problem.Objective
) -> list[RankedMove]:
    """Every legal move with its rank, in legal-move order."""
    return [
        RankedMove(move, after, greedy_key(position, after, objective))
        for move, after in position.successors(expedition, round_number)
    ]


def first_choices(
    position: Position, expedition: Expedition, round_number: int, objective: problem.Objective
) -> list[RankedMove]:
    """The moves a beginner would play first: every move of the best rank."""
    ranked = ranked_moves(position, expedition, round_number, objective)
    best = max(r.key for r in ranked)
    return [r for r in ranked if r.key == best]


def beginner_move(
    position: Position, expedition: Expedition, round_number: int, objective: problem.Objective
) -> Move:
    """The beginner's move: the first of the best-ranked moves."""
    return first_choices(position, expedition, round_number, objective)[0].move


def beginner_line(instance: problem.Instance, objective: problem.Objective) -> problem.LineResult:
    """The whole line the beginner plays."""
    position = instance.start
    moves = []
    for turn, expedition in enumerate(instance.expeditions):
        round_number = instance.round_of(turn)
        move = beginner_move(position, expedition, round_number, objective)
        moves.append(move)
        position = position.push(move, expedition, round_number)
    return problem.play_line(instance, moves)


def best_first_choice_value(instance: problem.Instance, objective: problem.Objective) -> int:
    """The best objective value of any line made only of beginner's first choices.

    Ties are all explored (memoised on the position), so this does not depend on which
    optimal line a solver happens to return: when it is below the optimum, *every* optimal
    line holds at least one move a beginner would not play first.
    """
    score_weight, turn_weight = (
        (problem.TURN_SPAN, 1) if objective is problem.Objective.POINTS else (1, problem.SCORE_SPAN)
    )
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
