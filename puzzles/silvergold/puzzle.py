"""A solo puzzle: everything hidden in a game fixed up front, and its proven par.

A :class:`Puzzle` names pyramid cards and expedition cards by number and name, so it is
plain data that can be printed as JSON, saved to a file and compared; :meth:`Puzzle.instance`
turns it into the solver's :class:`~silverpyr.solver.silvergold.problem.Instance` for a deck.

Goals (docs/silvergold-rules.md, "Solo play and puzzles" gives the score):

* ``points``: score as many points as possible; at par means scoring ``par``.
* ``sprint`` (one card): complete the card by turn ``par_turns``, the fastest possible, and
  among such lines score the most; at par means completing it by then *and* scoring ``par``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ...solver.core.errors import SilverpyrError
from ...solver.silvergold.cards import Deck
from ...solver.silvergold.cells import CellMask, cells_str, count
from ...solver.silvergold.position import CardState, Position
from ...solver.silvergold.problem import Instance, LineResult, Objective, play_line
from ...solver.silvergold.sheet import ROUNDS, Sheet
from .ids import parse_puzzle_id
from .kinds import Kind, PuzzleError

MIN_DIFFICULTY = 1
MAX_DIFFICULTY = 5


@dataclass(frozen=True)
class StartState:
    """Marks already on the cards and the score card as the puzzle begins."""

    marked: tuple[tuple[int, CellMask], ...] = ()
    """``(card number, cells)`` for each card with marks, by card number."""
    red: int = 0
    green: int = 0
    skulls: int = 0
    torches: tuple[bool, ...] = (False,) * ROUNDS

    def marks_on(self, number: int) -> CellMask:
        """Cells already marked on card ``number``."""
        return dict(self.marked).get(number, 0)

    def sheet(self) -> Sheet:
        """The score card at the start."""
        return Sheet(red=self.red, green=self.green, skulls=self.skulls, torches=self.torches)

    def is_empty(self) -> bool:
        """Whether nothing is marked or ticked yet."""
        return self == StartState()

    def to_dict(self) -> dict[str, Any]:
        """``{"marked": {"17": ["B1", "B2"]}, "red": 0, ...}`` for JSON and puzzle files."""
        return {
            "marked": {str(number): cells_str(cells).split() for number, cells in self.marked},
            "red": self.red,
            "green": self.green,
            "skulls": self.skulls,
            "torches": list(self.torches),
        }

    def describe(self) -> str:
        """One line for people, e.g. ``2 red gems, 1 skull; torch of round 2 ticked``."""
        parts = []
        for amount, name in (
            (self.red, "red gem"),
            (self.green, "green gem"),
            (self.skulls, "skull"),
        ):
            if amount:
                parts.append(f"{amount} {name}{'s' if amount != 1 else ''}")
        ticked = [str(r) for r, lit in enumerate(self.torches, start=1) if lit]
        text = ", ".join(parts) or "an empty score card"
        if ticked:
            text += (
                f"; torch box{'es' if len(ticked) > 1 else ''} of round {', '.join(ticked)} ticked"
            )
        marks = sum(count(cells) for _, cells in self.marked)
        if marks:
            text += f"; {marks} cell{'s' if marks != 1 else ''} already marked"
        return text


@dataclass(frozen=True)
class Puzzle:
    """A puzzle with its proven par, ready to play or print."""

    id: str
    """Shareable: ``silverpyr puzzle --id ID`` (and ``--puzzle ID`` elsewhere) rebuilds it."""
    cards: tuple[int, ...]
    round: int
    """Round (1-4) of the first turn."""
    turn_in_round: int
    """Turn (1-7) of the first turn within its round."""
    expeditions: tuple[str, ...]
    """The expedition cards in the order they come, one per turn."""
    objective: Objective
    start: StartState
    par: int
    """Points of an optimal line (for ``sprint``, among the fastest lines)."""
    par_turns: int | None
    """``sprint``: the turn by which an optimal line completes the card; else ``None``."""
    difficulty: int
    """1 (gentle) to 5 (hard), from measured features (see :mod:`.rating`)."""
    solution: tuple[str, ...] = field(default=(), compare=False)
    """An optimal line, one move in notation per turn (kept out of the puzzle's JSON)."""

    @property
    def turns(self) -> int:
        """Number of turns in the puzzle."""
        return len(self.expeditions)

    @property
    def kind(self) -> Kind:
        """The kind, read from the puzzle's shape."""
        if self.objective is Objective.SPRINT:
            return Kind.SPRINT
        if len(self.cards) > 1:
            return Kind.PAIR
        if not self.start.is_empty():
            return Kind.MIDROUND
        return Kind.POINTS

    @property
    def daily_date(self) -> str | None:
        """``YYYY-MM-DD`` when this is a daily puzzle."""
        try:
            return parse_puzzle_id(self.id).daily_date
        except PuzzleError:
            return None

    def instance(self, deck: Deck) -> Instance:
        """The solver's problem for this puzzle with ``deck``'s cards."""
        cards = tuple(CardState(deck.card(n), self.start.marks_on(n)) for n in self.cards)
        return Instance(
            start=Position(cards, self.start.sheet()),
            expeditions=tuple(deck.expedition(name) for name in self.expeditions),
            first_round=self.round,
            first_turn_in_round=self.turn_in_round,
        )

    def solution_line(self, deck: Deck) -> LineResult:
        """The stored optimal line replayed by the rules engine (:class:`PuzzleError` if not)."""
        instance = self.instance(deck)
        if len(self.solution) != instance.turns:
            raise PuzzleError(
                f"puzzle {self.id}: the solution has {len(self.solution)} moves, "
                f"not {instance.turns}"
            )
        position = instance.start
        moves = []
        try:
            for turn, text in enumerate(self.solution):
                expedition, round_number = instance.expeditions[turn], instance.round_of(turn)
                move = position.parse_move(text, expedition, round_number)
                moves.append(move)
                position = position.push(move, expedition, round_number)
        except SilverpyrError as error:
            raise PuzzleError(f"puzzle {self.id}: the solution breaks a rule: {error}") from None
        return play_line(instance, moves)

    def is_at_par(self, points: int, completed_turn: int | None) -> bool:
        """Whether a result reaches par (``completed_turn``: when the last card was completed)."""
        return self.goal_met(completed_turn) and points >= self.par

    def goal_met(self, completed_turn: int | None) -> bool:
        """``sprint``: whether the card was completed by ``par_turns``; other kinds: always."""
        if self.par_turns is None:
            return True
        return completed_turn is not None and completed_turn <= self.par_turns

    def to_dict(self, *, with_solution: bool = False) -> dict[str, Any]:
        """The puzzle as JSON data (the ``--json`` output); no solution unless asked."""
        data: dict[str, Any] = {
            "id": self.id,
            "kind": self.kind.value,
            "cards": list(self.cards),
            "round": self.round,
            "turn_in_round": self.turn_in_round,
            "expeditions": list(self.expeditions),
            "objective": self.objective.value,
            "start": self.start.to_dict(),
            "par": self.par,
            "par_turns": self.par_turns,
            "difficulty": self.difficulty,
        }
        if with_solution:
            data["solution"] = list(self.solution)
        return data

    def shown_dict(self) -> dict[str, Any]:
        """The puzzle as every game shows it (``daily --json``; :mod:`...vocabulary`): the
        cards, the round and turn, the expedition order and the start state under
        ``position``; the goal (``objective``, ``par_turns``) beside it. No solution. Par is
        always proven (:mod:`.par`)."""
        from ..core.vocabulary import puzzle_dict

        return puzzle_dict(
            puzzle_id=self.id,
            date=self.daily_date,
            kind=self.kind.value,
            difficulty=self.difficulty,
            par=self.par,
            unit="points",
            proven=True,
            position={
                "cards": list(self.cards),
                "round": self.round,
                "turn_in_round": self.turn_in_round,
                "expeditions": list(self.expeditions),
                "start": self.start.to_dict(),
            },
            objective=self.objective.value,
            par_turns=self.par_turns,
        )

    def goal_text(self) -> str:
        """What the player is asked to do, in one sentence."""
        if self.par_turns is not None:
            return (
                f"Sprint: complete the card by turn {self.par_turns} of {self.turns} (the fastest "
                f"possible) and score as many points as you can on the way. Par: {self.par}."
            )
        cards = "cards" if len(self.cards) > 1 else "card"
        return (
            f"Score as many points as you can with your {cards} in {self.turns} turns. "
            f"Par: {self.par}."
        )
