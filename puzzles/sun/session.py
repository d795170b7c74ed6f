"""Playing a Sun puzzle move by move: luck-free score, feedback, hints, undo.

Every move is text in the engine's notation (``S4-sun@2c``, ``symbol points``, ``symbol
edge``, ``end``, ``draw standard``), parsed and applied by the engine. A decision at node
``s`` costs ``V*(s) - Q(s, move)`` expected points (:class:`~.values.TurnValues`); the score
is ``par`` minus those losses, exact (a Fraction), so optimal play scores exactly par and a
lucky draw never lifts it above. Drawing two (Ruling P1), giving up (P5), the hints (P6),
undo (P7) and the feedback (silent below 0.05 points) are told in docs/sun-puzzles.md; the
bookkeeping is the core's :mod:`silverpyr.puzzles.core.puzzle_session`.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...solver.core.errors import SilverpyrError
from ...solver.sun import game as engine
from ..core.attempts import one_decimal
from ..core.attempts import tenths_of as tenths_of  # the trainer tests read it here
from ..core.puzzle_session import PuzzleAttempt, ScoredResult
from .puzzle import SunPuzzle
from .values import TurnValues

SILENT_BELOW = Fraction(1, 20)
"""Feedback is given for a loss of at least this many expected points (0.05)."""
HINT_LEVELS = ("aim", "area", "move")


class SunSessionError(SilverpyrError, ValueError):
    """A move or request the puzzle cannot take now; the message says why."""


points_text = one_decimal
"""Expected points for people, with one decimal (rounded half up: the core's)."""


@dataclass(frozen=True)
class Decision:
    """One decision of the turn and what it cost."""

    move: str
    """The move as played, in notation."""
    best: str
    """The best move at that node (ties as :func:`~.values.tie_rank`)."""
    value_best: Fraction
    """``V*`` at the node."""
    value_played: Fraction
    """``Q`` of the move played."""
    points: int
    """Points the move scored at once (as the engine counted them)."""

    @property
    def loss(self) -> Fraction:
        """Expected points the decision gave away (0 on an optimal move)."""
        return self.value_best - self.value_played

    def feedback(self) -> str | None:
        """``-1.5: S5@3b was worth 6.0 (yours 4.5)``; ``None`` below 0.05 points."""
        if self.loss < SILENT_BELOW:
            return None
        return (
            f"-{points_text(self.loss)}: {self.best} was worth {points_text(self.value_best)}"
            f" (yours {points_text(self.value_played)})"
        )


@dataclass(frozen=True)
class Result(ScoredResult):
    """A finished (or given-up) attempt (``at_par`` and ``percent``: the core's)."""

    score: Fraction
    par: Fraction
    points: int
    moves: tuple[str, ...]
    hints_used: int
    hint_levels: tuple[int, int, int]
    gave_up: bool
    saw_solution: bool
    practice: bool = False
    take_backs: int = 0
    """Decisions taken back after their feedback named the better move (each a move hint)."""

    def to_dict(self, share: str | None) -> dict[str, Any]:
        """The core's attempt JSON (in expected points), and the points the turn scored."""
        return {**super().to_dict(share), "points": self.points}


class SunSession(PuzzleAttempt[engine.SunState, Decision]):
    """One attempt at a puzzle (the bookkeeping is the core's
    :class:`~silverpyr.puzzles.core.puzzle_session.PuzzleAttempt`; the puzzle is over once the
    turn is: ended, top filled, drew two)."""

    error = SunSessionError
    over = "the puzzle's turn is over"
    undo_over = "the turn is over"

    def __init__(self, puzzle: SunPuzzle, values: TurnValues | None = None) -> None:
        self.puzzle = puzzle
        self.values = TurnValues(puzzle.seat) if values is None else values
        self.par = self.values.value(puzzle.state)
        if self.par != puzzle.par:
            raise SunSessionError(
                f"{puzzle.id}: its par says {puzzle.par}, the position's best turn {self.par}"
            )
        self.start(puzzle.state)

    # --- where things stand --------------------------------------------------------------------

    def _turn_done(self) -> bool:
        state = self.state
        return self.values.turn_over(state) or state.phase in (
            engine.Phase.DRAWING,
            engine.Phase.DISCARD,
        )

    @property
    def points(self) -> int:
        """Points actually scored this turn so far."""
        return self.state.scores[self.puzzle.seat] - self.puzzle.state.scores[self.puzzle.seat]

    # --- moves ---------------------------------------------------------------------------------

    def play(self, text: str) -> Decision:
        """Play one move written in notation; :class:`SunSessionError` (or the engine's
        :class:`~silverpyr.solver.sun.game.MoveSyntaxError` / ``IllegalMove``) for a move
        that is not legal now, saying why."""
        return self._decide(self.read_move(text, engine.parse_move, engine.why_illegal))

    def _decide(self, move: engine.Move) -> Decision:
        state = self.state
        best = self.values.best_move(state)
        assert best is not None
        seat = self.puzzle.seat
        try:
            after = engine.apply(state, move)
        except engine.IllegalMove as error:  # pragma: no cover - why_illegal said it was legal
            raise SunSessionError(str(error)) from None
        decision = Decision(
            move=move.notation(state.deck),
            best=best.notation(state.deck),
            value_best=self.values.value(state),
            value_played=self.values.q(state, move),
            points=after.scores[seat] - state.scores[seat],
        )
        return self.keep(after, decision)

    # undo (a decision whose feedback named the better move counts as a move hint, Ruling
    # P7) and give_up (the rest of the turn scores nothing more) are the core's

    # --- hints ---------------------------------------------------------------------------------

    def hint(self, level: int | None = None) -> tuple[int, str]:
        """The next hint at the node you are at (or the one of ``level``, 1-3): its level
        and text. Each level counts once per node."""
        wanted = self.take_hint(level)
        state = self.state
        text = (hint_aim, hint_area, hint_move)[wanted - 1](state, self.values)
        return wanted, text

    def so_far_dict(self, *, practice: bool) -> dict[str, Any]:
        """An attempt not over yet, in the keys of :meth:`Result.to_dict` (the score so
        far: par less the losses; no share text yet)."""
        return {**self.so_far_fields(self.score, practice=practice), "points": self.points}

    def result(self) -> Result:
        """The attempt's result (the score so far when given up: the rest counts 0)."""
        score = self.score
        if self.gave_up and not self._turn_done():
            score -= self.values.value(self.state)
        return Result(
            score=score,
            par=self.par,
            points=self.points,
            moves=self.moves,
            hints_used=self.hints_used,
            hint_levels=self.levels(),
            gave_up=self.gave_up,
            saw_solution=self.saw_solution,
            take_backs=self.take_backs,
        )


# --- the hints, from the exact search (they never claim what the best line does not do) ------


def best_line(
    state: engine.SunState, values: TurnValues
) -> list[tuple[engine.SunState, engine.Move]]:
    """The best moves from ``state`` until the turn ends or a symbol's card is drawn (the
    draw included: what comes after depends on the card)."""
    line: list[tuple[engine.SunState, engine.Move]] = []
    while not values.turn_over(state):
        move = values.best_move(state)
        if move is None:
            break
        line.append((state, move))
        if isinstance(move, engine.SymbolDraw | engine.Draw):
            break
        state = engine.apply(state, move)
    return line


def hint_aim(state: engine.SunState, values: TurnValues) -> str:
    """Level 1: what the best play from here is worth, and what it aims at."""
    worth = values.value(state)
    line = best_line(state, values)
    head = f"the best play from here is worth {points_text(worth)} expected points"
    if not line:
        return head
    deck = state.deck
    top = state.pyramid.top
    aims: list[str] = []
    for node, move in line:
        if isinstance(move, engine.Place) and move.slot == top:
            if deck[move.card].kind == "top":
                aims.append("the top is in reach: a top card there scores 3x and ends the game")
            else:
                aims.append("the top is in reach: filling it ends the game")
        elif isinstance(move, engine.Place) and deck[move.card].kind == "edge":
            if "an edge card at a row end scores 2x" not in aims:
                aims.append("an edge card at a row end scores 2x")
        elif isinstance(move, engine.SymbolDraw):
            aims.append(f"a symbol's card is worth {_than_points(node, move, values)}")
        elif isinstance(move, engine.Draw):
            aims.append("no card scores this turn: drawing two loses nothing")
    if isinstance(line[0][1], engine.EndTurn):
        aims.append("nothing more gains: stop here")
    if not aims:
        cards = sum(1 for _, m in line if isinstance(m, engine.Place))
        aims.append(f"the best line lays {cards} card{'s' * (cards != 1)} before any draw")
    return f"{head}; aim: {'; '.join(aims)}"


def _than_points(state: engine.SunState, move: engine.SymbolDraw, values: TurnValues) -> str:
    """``more here than its points`` or ``as much as its points`` (the tie-break prefers the
    card): exactly what the search found."""
    if values.q(state, move) > values.q(state, engine.TakePoints()):
        return "more here than its points"
    return "as much as its points here"


def hint_area(state: engine.SunState, values: TurnValues) -> str:
    """Level 2: which card to play next (or which kind of choice)."""
    move = values.best_move(state)
    if isinstance(move, engine.Place):
        return f"play {state.deck[move.card].label} next (where is up to you)"
    if isinstance(move, engine.SymbolDraw):
        return (
            f"take the symbol's card: it is worth {_than_points(state, move, values)} "
            "(which pile is up to you)"
        )
    if isinstance(move, engine.TakePoints):
        return "take the symbol's points"
    if isinstance(move, engine.EndTurn):
        return "end your turn: no further card gains"
    if isinstance(move, engine.Draw):
        return "draw two instead of playing"
    return "no move to hint"


def hint_move(state: engine.SunState, values: TurnValues) -> str:
    """Level 3: the exact next move, on an optimal line."""
    move = values.best_move(state)
    if move is None:
        return "no move to hint"
    return f"{move.notation(state.deck)} (worth {points_text(values.value(state))})"


def par_line(puzzle: SunPuzzle, values: TurnValues | None = None) -> tuple[Decision, ...]:
    """The line that scores par: the best move at every node from the puzzle's start, each
    played through a session of its own (so a symbol's card is the puzzle's seeded one), until
    the turn ends. The end screen shows it beside yours."""
    session = SunSession(puzzle, values)
    while not session.finished:
        move = session.values.best_move(session.state)
        assert move is not None  # a turn not over has a move
        session.play(move.notation(session.state.deck))
    return session.decisions
