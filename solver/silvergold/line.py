"""A point inside a line problem (a puzzle being played) and the best line still open from it.

A :class:`LinePosition` is an :class:`~silverpyr.solver.silvergold.problem.Instance` plus the moves
played so far. :func:`best_reachable` solves the *remaining* turns: a new instance whose
start is the current position, whose expeditions are the ones still to come and whose
first round and turn are advanced to the next turn. The continuation is then replayed
with the moves already played on the *whole* instance, so the score it reports is always
the puzzle score of the whole line (docs/silvergold-rules.md, Solo play and puzzles).

Why solving the remaining turns ranks continuations exactly like the whole puzzle does:
the puzzle score is 10 per card completed during the puzzle, 5 per torch box ticked during
the puzzle, and the gems and skulls held at the end. Cards and torches already banked add
the same constant to every continuation, and gems and skulls are counted at the end in
both problems; completion turns already fixed shift the tie-break term by a constant too.

Cards already completed are left out of the remaining instance: they take no more marks,
and the CP-SAT model counts a card complete at the start as completed during the line.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from functools import cached_property

from ..core.errors import SilverpyrError
from .cards import Expedition
from .moves import (
    PASS,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
)
from .objective import DEFAULT_TIME_LIMIT
from .position import Position
from .problem import Instance, LineResult, Objective, play_line

EXHAUSTIVE_TURNS = 2
"""Remaining turns up to which the exhaustive search answers (faster than building a model)."""


class LineOverError(SilverpyrError, ValueError):
    """Every turn of the line has been played: there is no next move to talk about."""


@dataclass(frozen=True)
class LinePosition:
    """A line problem and the moves played so far (checked by the rules engine)."""

    instance: Instance
    played: tuple[Move, ...] = ()

    def __post_init__(self) -> None:
        if len(self.played) > self.instance.turns:
            raise LineOverError(
                f"{len(self.played)} moves played, but the line has {self.instance.turns} turns"
            )
        _ = self.positions  # replay now: an illegal move fails here, with its reason

    @cached_property
    def positions(self) -> tuple[Position, ...]:
        """The start and the position after each played move."""
        positions = [self.instance.start]
        for turn, move in enumerate(self.played):
            expedition = self.instance.expeditions[turn]
            positions.append(positions[-1].push(move, expedition, self.instance.round_of(turn)))
        return tuple(positions)

    @property
    def turn(self) -> int:
        """0-based index of the next turn to play."""
        return len(self.played)

    @property
    def position(self) -> Position:
        """The position now."""
        return self.positions[-1]

    def is_over(self) -> bool:
        """Whether every turn has been played."""
        return self.turn == self.instance.turns

    @property
    def expedition(self) -> Expedition:
        """The expedition card of the next turn."""
        self._require_turn()
        return self.instance.expeditions[self.turn]

    @property
    def round_number(self) -> int:
        """Round (1-4) of the next turn."""
        return self.instance.round_of(self.turn)

    def turn_in_round(self, turn: int | None = None) -> int:
        """Turn within its round (1-7) of the 0-based ``turn`` (default: the next turn)."""
        return self.instance.when(self.turn if turn is None else turn)[1]

    def legal_moves(self) -> list[Move]:
        """Every legal move of the next turn."""
        return self.position.legal_moves(self.expedition, self.round_number)

    def parse_move(self, text: str) -> Move:
        """A move of the next turn written in notation (errors say which rule it breaks)."""
        return self.position.parse_move(text, self.expedition, self.round_number)

    def after(self, move: Move) -> LinePosition:
        """The line position once ``move`` is played (``IllegalMoveError`` if it breaks a rule)."""
        self._require_turn()
        return LinePosition(self.instance, (*self.played, move))

    def remaining_instance(self) -> Instance | None:
        """The turns still to play as a problem of their own; ``None`` when nothing is left.

        Completed cards are left out (see the module docstring); with no card in play the
        player passes, which needs no problem either.
        """
        if self.is_over() or not self.position.has_card_in_play():
            return None
        position = self.position
        return Instance(
            start=replace(position, cards=position.in_play()),
            expeditions=self.instance.expeditions[self.turn :],
            first_round=self.round_number,
            first_turn_in_round=self.turn_in_round(),
        )

    def _require_turn(self) -> None:
        if self.is_over():
            raise LineOverError("every turn of the line has been played")


def play_moves(instance: Instance, text: str) -> LinePosition:
    """The line position after the moves of ``text`` (``B1 B2; C3; ...``, ``;`` between turns).

    ``u`` takes back the move before it, as in the puzzles. A bad move raises the engine's
    error with the answer it was given in.
    """
    at = LinePosition(instance)
    for number, move_text in enumerate((part for part in text.split(";") if part.strip()), 1):
        if move_text.strip().lower() == "u":
            if not at.played:
                raise InvalidMoveError(f"answer {number} (u): there is no move to take back")
            at = LinePosition(instance, at.played[:-1])
            continue
        if at.is_over():
            raise LineOverError(f"{number - 1} turns is all the line has; remove the moves after")
        try:
            at = at.after(at.parse_move(move_text))
        except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
            raise type(error)(f"turn {number} ({move_text.strip()}): {error}") from None
    return at


@dataclass(frozen=True)
class BestLine:
    """The best line still open from a :class:`LinePosition`, as a whole puzzle line.

    ``line`` replays the moves already played and the continuation on the whole instance;
    its score is what the player would end with by playing the continuation from here.
    """

    start: LinePosition
    line: LineResult
    objective: Objective
    exact: bool
    """Whether the continuation is proven best (else the time limit came first)."""
    score_bound: int
    """Proven upper bound on the score still reachable (equals :attr:`score` when exact)."""

    @property
    def score(self) -> int:
        """The whole-puzzle score of the line: the best score still reachable."""
        return self.line.score().total

    @property
    def continuation(self) -> tuple[Move, ...]:
        """The moves from the next turn on."""
        return self.line.moves[self.start.turn :]

    @property
    def next_move(self) -> Move:
        """The best move of the next turn."""
        self.start._require_turn()
        return self.continuation[0]

    @property
    def objective_value(self) -> int:
        """The value the solvers maximise, for the whole line."""
        return self.line.objective_value(self.objective)

    def completion_turns(self) -> dict[int, int | None]:
        """For each card, the 1-based puzzle turn it is completed on by this line."""
        return self.line.completion_turns()


def best_reachable(
    at: LinePosition,
    objective: Objective = Objective.POINTS,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> BestLine:
    """The best line still open from ``at`` under ``objective`` (whole-puzzle score)."""
    remaining = at.remaining_instance()
    if remaining is None:
        continuation: tuple[Move, ...] = (PASS,) * (at.instance.turns - at.turn)
        line = play_line(at.instance, (*at.played, *continuation))
        return BestLine(at, line, objective, exact=True, score_bound=line.score().total)
    if remaining.turns <= EXHAUSTIVE_TURNS:
        from .exhaustive import solve_exhaustively

        moves = solve_exhaustively(remaining, objective).line.moves
        line = play_line(at.instance, (*at.played, *moves))
        return BestLine(at, line, objective, exact=True, score_bound=line.score().total)
    from .solve import solve

    solution = solve(remaining, objective, time_limit=time_limit)
    line = play_line(at.instance, (*at.played, *solution.line.moves))
    banked = line.score().total - solution.line.score().total
    return BestLine(
        at,
        line,
        objective,
        exact=solution.is_optimal,
        score_bound=banked + max(solution.score_bound(), solution.line.score().total),
    )
