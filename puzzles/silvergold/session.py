"""Playing a puzzle, one move at a time, apart from any terminal.

:class:`PlaySession` holds the moves made so far (a solver
:class:`~silverpyr.solver.silvergold.line.LinePosition`, which replays them into
positions) and the hints used; it takes moves in notation, explains illegal ones (the
rules engine's exception says which rule), undoes, lists the legal moves, and scores the
result against par. A turn in which every card is complete is a pass, so the session ends
as soon as nothing is left to mark.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ...solver.silvergold.cards import Deck, Expedition
from ...solver.silvergold.moves import PASS, Move, move_str
from ...solver.silvergold.position import Position
from ...solver.silvergold.problem import Instance, LineResult, play_line
from ...solver.silvergold.sheet import ScoreBreakdown, puzzle_score
from .kinds import PuzzleError
from .puzzle import Puzzle

if TYPE_CHECKING:
    from ...solver.silvergold.line import LinePosition


@dataclass(frozen=True)
class TurnPlayed:
    """What one move did: the move, the positions around it, points earned, cards completed."""

    turn: int
    """1-based turn number."""
    move: Move
    before: Position
    after: Position

    @property
    def points(self) -> int:
        """Puzzle points the move earned (negative for a skull)."""
        return self.before.gain(self.after)

    @property
    def completed(self) -> tuple[int, ...]:
        """Numbers of the cards this move completed."""
        return tuple(
            state.number
            for state in self.after.cards
            if state.is_complete() and not self.before.card(state.number).is_complete()
        )


@dataclass(frozen=True)
class Result:
    """How a finished (or abandoned) attempt went."""

    points: int
    par: int
    goal_met: bool
    """``sprint``: the card was completed by the par turn; other kinds: always true."""
    at_par: bool
    gave_up: bool
    completed_turn: int | None
    """Turn in which the last card was completed (``None`` if some card never was)."""
    moves: tuple[str, ...]
    """The moves made, in notation (no trailing passes)."""
    hints_used: int
    hint_levels: tuple[int, ...] = ()
    """Hints used by level (aim, area, move); empty when not tracked."""
    saw_solution: bool = False
    """The optimal line was shown before the end (an earlier attempt's end screen)."""
    practice: bool = False
    """A replay of a daily already scored: shown and recorded, never counted."""
    take_backs: int = 0
    """Moves taken back after their feedback named the better move (each a move hint)."""

    @property
    def share(self) -> float:
        """Points as a share of par, 0 when the goal was missed or the attempt abandoned."""
        if self.gave_up or not self.goal_met or self.par <= 0:
            return 0.0
        return max(0.0, min(1.0, self.points / self.par))

    def to_dict(self, share: str | None) -> dict[str, Any]:
        """What the attempt adds to its puzzle's JSON (``silverpyr daily --moves ...
        --json``; :mod:`...vocabulary`), with ``goal_met`` of its own."""
        from ..core.vocabulary import attempt_fields

        levels = self.hint_levels if len(self.hint_levels) == 3 else None
        if levels is None and self.hints_used == 0:
            levels = (0, 0, 0)  # no hint at all: none of any level
        return {
            **attempt_fields(
                finished=True,
                score=self.points,
                at_par=self.at_par,
                percent=int(self.share * 100 + 0.5),
                gave_up=self.gave_up,
                hints_used=self.hints_used,
                hint_levels=levels,
                take_backs=self.take_backs,
                moves=self.moves,
                practice=self.practice,
                share=share,
            ),
            "goal_met": self.goal_met,
        }


class PlaySession:
    """One attempt at a puzzle."""

    def __init__(self, puzzle: Puzzle, deck: Deck) -> None:
        self.puzzle = puzzle
        self.instance: Instance = puzzle.instance(deck)
        self.at = _line_position(self.instance)
        """The moves made and the positions they lead to."""
        self.hints_used = 0
        self.hint_levels = [0, 0, 0]
        """Hints given by level (aim, area, move), counted by whoever gives them."""
        self.saw_solution = False
        self.practice = False
        self.gave_up = False
        self.take_backs = 0
        """Moves taken back after their feedback named the better move (counted by whoever
        gives the feedback, as a move hint too)."""

    # --- where the attempt stands ------------------------------------------------------

    @property
    def position(self) -> Position:
        """The current position."""
        return self.at.position

    @property
    def positions(self) -> tuple[Position, ...]:
        """The start and the position after each move made."""
        return self.at.positions

    @property
    def moves(self) -> tuple[Move, ...]:
        """The moves made so far."""
        return self.at.played

    @property
    def turn_index(self) -> int:
        """0-based index of the turn to play next (equals the turns when all are played)."""
        return self.at.turn

    @property
    def finished(self) -> bool:
        """Whether the attempt is over: every turn played, every card complete, or given up."""
        return self.gave_up or self.at.is_over() or not self.position.has_card_in_play()

    @property
    def expedition(self) -> Expedition:
        """The expedition card of the turn to play."""
        self._require_open()
        return self.at.expedition

    @property
    def round_number(self) -> int:
        """The round of the turn to play."""
        return self.instance.round_of(min(self.turn_index, self.instance.turns - 1))

    @property
    def with_card_numbers(self) -> bool:
        """Whether moves name their card (more than one card in play)."""
        return len(self.instance.start.cards) > 1

    def score(self) -> ScoreBreakdown:
        """The puzzle score of the moves made so far."""
        return puzzle_score(self.instance.start.sheet, self.position.sheet)

    def notation(self, move: Move) -> str:
        """``move`` in notation, with card numbers when there are several cards."""
        return move_str(move, with_card=self.with_card_numbers)

    # --- actions -----------------------------------------------------------------------

    def play(self, text: str) -> TurnPlayed:
        """Play a move written in notation.

        Raises the rules engine's ``InvalidMoveError`` (syntax), ``IllegalMoveError`` (which
        rule is broken) or ``AmbiguousMoveError``; the session is unchanged then.
        """
        self._require_open()
        return self.play_move(self.at.parse_move(text))

    def play_move(self, move: Move) -> TurnPlayed:
        """Play a move (``IllegalMoveError`` if it breaks a rule)."""
        self._require_open()
        before = self.at
        self.at = before.after(move)
        return TurnPlayed(before.turn + 1, move, before.position, self.at.position)

    def undo(self) -> Move | None:
        """Take back the last move; ``None`` when there is none (or the attempt was given up)."""
        if self.gave_up or not self.at.played:
            return None
        *kept, taken = self.at.played
        self.at = _line_position(self.instance, tuple(kept))
        return taken

    def give_up(self) -> None:
        """End the attempt here."""
        self.gave_up = True

    def legal_moves(self) -> list[Move]:
        """Every legal move of the turn to play."""
        self._require_open()
        return self.at.legal_moves()

    # --- the end -----------------------------------------------------------------------

    def line(self) -> LineResult:
        """The moves made, padded with passes, replayed by the rules engine.

        Only for a finished attempt that was not given up.
        """
        if not self.finished or self.gave_up:
            raise PuzzleError("the attempt is not finished")
        padding = [PASS] * (self.instance.turns - self.at.turn)
        return play_line(self.instance, [*self.at.played, *padding])

    def completed_turn(self) -> int | None:
        """Turn in which the last card was completed, ``None`` while some card is not."""
        if self.position.has_card_in_play():
            return None
        for turn, position in enumerate(self.at.positions):
            if not position.has_card_in_play():
                return turn
        return None

    def result(self) -> Result:
        """The outcome; for a given-up attempt, the points of the moves made."""
        if not self.finished:
            raise PuzzleError("the attempt is not finished")
        points = self.score().total
        completed = self.completed_turn()
        goal_met = not self.gave_up and self.puzzle.goal_met(completed)
        return Result(
            points=points,
            par=self.puzzle.par,
            goal_met=goal_met,
            at_par=goal_met and self.puzzle.is_at_par(points, completed),
            gave_up=self.gave_up,
            completed_turn=completed,
            moves=tuple(self.notation(move) for move in self.at.played),
            hints_used=self.hints_used,
            hint_levels=tuple(self.hint_levels) if any(self.hint_levels) else (),
            saw_solution=self.saw_solution,
            practice=self.practice,
            take_backs=self.take_backs,
        )

    def _require_open(self) -> None:
        if self.finished:
            raise PuzzleError("the puzzle is over: no turn is left to play")


def _line_position(instance: Instance, played: tuple[Move, ...] = ()) -> LinePosition:
    """``played`` replayed on ``instance``; the solver's line module is imported on first
    use, so the puzzle screen's first frame loads none of the solver's hint machinery."""
    from ...solver.silvergold.line import LinePosition

    return LinePosition(instance, played)
