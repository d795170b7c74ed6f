"""Playing a Cheops puzzle move by move: luck-free score, feedback in piastres, hints, undo.

Every move is text in the engine's notation (``take h2 D``, ``sell``, ``store``, ``buy``,
``draw 2``, ``end``, ...), parsed, checked and applied by the engine. A decision at node
``s`` costs ``V*(s) - Q(s, move)`` (:mod:`.values`); the score is ``par`` minus those
losses, so best play scores exactly par and a lucky tile never lifts it above. The units,
the feedback, the hints, undo (Ruling T4) and giving up (T2) are told in
docs/cheops-puzzles.md; the bookkeeping is the core's
:mod:`silverpyr.puzzles.core.puzzle_session`.

* **Endgame kinds** cover your whole turn (until another seat moves or the game ends);
  every value is proven by the exact search.
* **Mid-game kinds** are one decision (``sell-or-store``: sell or store the treasure just
  taken; ``which-treasure``: the take, with a family tile, of a treasure). Values are the
  expert's rollouts: feedback gives the standard error and never says "proven". Their
  score counts from the worst answer analysed (par is the spread between the best and the
  worst answer), so a score is never negative and 100 % means the expert's best.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...solver.cheops import game as engine
from ...solver.core.errors import SilverpyrError
from ..core.attempts import one_decimal, tenths_of
from ..core.puzzle_session import PuzzleAttempt, ScoredResult
from .puzzle import ENDGAME_KINDS, CheopsPuzzle
from .values import WIN, EndgameValues, Rollouts, RolloutValues, Worth, paired_error

HINT_LEVELS = ("aim", "area", "move")


class CheopsSessionError(SilverpyrError, ValueError):
    """A move or request the puzzle cannot take now; the message says why."""


def piastres(value: Fraction) -> str:
    """``+67`` or ``-12.5`` piastres (whole numbers without decimals)."""
    text = str(value.numerator) if value.denominator == 1 else one_decimal(value)
    return text if value < 0 else f"+{text}"


def percent(value: Fraction) -> str:
    """A win share in percent: ``100%``, ``66.7%``."""
    scaled = value * 100
    if scaled.denominator == 1:
        return f"{scaled.numerator}%"
    return f"{one_decimal(scaled)}%"


def shown(value: Fraction, objective: str) -> str:
    """A value in the puzzle's unit for people."""
    return percent(value) if objective == WIN else f"{piastres(value)} piastres"


def display_units(value: Fraction, objective: str) -> Fraction:
    """A value in the unit scores are shown and stored in: percent or piastres."""
    return value * 100 if objective == WIN else value


@dataclass(frozen=True)
class Decision:
    """One decision and what it cost."""

    move: str
    best: str
    best_worth: Worth
    played_worth: Worth
    objective: str
    loss_error: Fraction | None = None
    """Standard error of the loss (mid-game kinds: paired rollouts); ``None``: proven."""

    @property
    def loss(self) -> Fraction:
        """What the decision gave away, in the puzzle's value (0 on a best move)."""
        return max(
            Fraction(0), self.best_worth.of(self.objective) - self.played_worth.of(self.objective)
        )

    def feedback(self) -> str | None:
        """What the decision lost and the better move; ``None`` when it lost nothing."""
        if self.loss <= 0:
            return None
        best, played = self.best_worth, self.played_worth
        if self.loss_error is not None:
            noise = "" if self.loss > 2 * self.loss_error else ", within the noise"
            return (
                f"-{one_decimal(self.loss)} ± {one_decimal(self.loss_error)} piastres "
                f"(the expert's estimate, not proven{noise}): {self.best} was worth "
                f"{piastres(best.margin)} (yours {piastres(played.margin)})"
            )
        if self.objective == WIN:
            return (
                f"-{percent(self.loss)} win chance: {self.best} wins {percent(best.win)} "
                f"(yours {percent(played.win)}); margin {piastres(best.margin)} against "
                f"{piastres(played.margin)} piastres"
            )
        return (
            f"-{piastres(self.loss)[1:]} piastres: {self.best} was worth "
            f"{piastres(best.margin)} (yours {piastres(played.margin)})"
        )


@dataclass(frozen=True)
class Result(ScoredResult):
    """A finished (or given-up) attempt, in display units (percent or piastres; ``at_par``
    and ``percent``: the core's)."""

    score: Fraction
    par: Fraction
    moves: tuple[str, ...]
    hints_used: int
    hint_levels: tuple[int, int, int]
    gave_up: bool
    saw_solution: bool
    unit: str
    proven: bool
    practice: bool = False
    take_backs: int = 0
    """Decisions taken back after their feedback named the better move (each a move hint)."""

    def score_text(self) -> str:
        """``12 / 67 piastres`` or ``50% / 100% win chance``."""
        if self.unit == "percent":
            return f"{one_decimal(self.score)}% / {one_decimal(self.par)}% win chance"
        return f"{one_decimal(self.score)} / {one_decimal(self.par)} piastres"


class CheopsSession(PuzzleAttempt[engine.CheopsState, Decision]):
    """One attempt at a puzzle (the bookkeeping is the core's
    :class:`~silverpyr.puzzles.core.puzzle_session.PuzzleAttempt`; an endgame is over with your
    turn, a mid-game question with its one answer)."""

    error = CheopsSessionError

    def __init__(self, puzzle: CheopsPuzzle) -> None:
        self.puzzle = puzzle
        self.objective = puzzle.objective
        start = puzzle.start()
        self.start(start)
        self.endgame: EndgameValues | None = None
        self.rollouts: RolloutValues | None = None
        if puzzle.kind in ENDGAME_KINDS:
            self.endgame = EndgameValues(puzzle.seat, self.objective)
            proven = self.endgame.value(start)
            if proven != puzzle.par:
                raise CheopsSessionError(
                    f"{puzzle.id}: its par says {puzzle.par}, the position's proven value "
                    f"is {proven}"
                )
            self.floor = Fraction(0)
            self.par = puzzle.par
        else:
            self.rollouts = RolloutValues(puzzle.seat, puzzle.rollout_key)
            self.floor = min(a.worth.margin for a in puzzle.analysis)
            self.par = puzzle.par - self.floor

    # --- where things stand ----------------------------------------------------------------

    def _turn_done(self) -> bool:
        if self.endgame is not None:
            return self.endgame.turn_over(self.state)
        return bool(self._decisions)

    # finished, and the score (par less the losses so far; mid-game: from the worst answer
    # analysed), are the core's

    # --- values ------------------------------------------------------------------------------

    def _analysed(self, text: str) -> Worth | None:
        for answer in self.puzzle.analysis:
            if answer.move == text:
                return answer.worth
        return None

    def _midgame_answer(self, move: engine.Move) -> str | None:
        """Why ``move`` is not an answer to the mid-game question (``None``: it is)."""
        if self.puzzle.kind == "which-treasure":
            if not isinstance(move, engine.Take) or move.kind == engine.NEIGHBOUR:
                return "this puzzle asks which treasure you take: answer with take SPACE TILE"
            if not isinstance(self.state.cell(move.space), str):
                return f"{move.space} holds a law: this puzzle asks which treasure you take"
        elif not isinstance(move, engine.Sell | engine.Store):
            return "this puzzle asks whether you sell or store: answer sell or store"
        return None

    def _decide(self, move: engine.Move) -> Decision:
        state = self.state
        text = move.notation()
        if self.endgame is not None:
            best = self.endgame.best_move(state)
            assert best is not None
            return Decision(
                move=text,
                best=best.notation(),
                best_worth=self.endgame.worth(state),
                played_worth=self.endgame.q_worth(state, move),
                objective=self.objective,
            )
        assert self.rollouts is not None
        best_text = self.puzzle.analysis[0].move
        best_worth = self.puzzle.analysis[0].worth
        played = self._analysed(text)
        if played is not None:
            error = next(a.gap_error for a in self.puzzle.analysis if a.move == text)
        else:
            best_runs = self.rollouts.rollouts(state, engine.parse_move(state, best_text))
            runs: Rollouts = self.rollouts.rollouts(state, move)
            played = runs.worth()
            error = paired_error(best_runs, runs)
        return Decision(
            move=text,
            best=best_text,
            best_worth=best_worth,
            played_worth=played,
            objective=self.objective,
            loss_error=error,
        )

    # --- moves -------------------------------------------------------------------------------

    def play(self, text: str) -> Decision:
        """Play one move written in notation; :class:`CheopsSessionError` says why a move is
        not legal (or not an answer) now."""
        move = self.read_move(text, engine.parse_move, lambda _, move: self.why_not(move))
        state = self.state
        decision = self._decide(move)
        try:
            after = engine.apply(state, move)
        except engine.IllegalMove as error:  # pragma: no cover - why_illegal said it was legal
            raise CheopsSessionError(str(error)) from None
        return self.keep(after, decision)

    # undo (a decision whose feedback named the better move counts as a move hint) and
    # give_up (it scores 0) are the core's

    # --- hints -------------------------------------------------------------------------------

    def hint(self, level: int | None = None) -> tuple[int, str]:
        """The next hint at the node you are at (or the one of ``level``, 1-3): its level and
        text. Each level counts once per node."""
        wanted = self.take_hint(level)
        return wanted, (self.hint_aim, self.hint_area, self.hint_move)[wanted - 1]()

    def best_move(self) -> engine.Move:
        """The best move at the node you are at (the move hint's)."""
        state = self.state
        if self.endgame is not None:
            move = self.endgame.best_move(state)
            assert move is not None
            return move
        return engine.parse_move(state, self.puzzle.analysis[0].move)

    def hint_aim(self) -> str:
        """Level 1: what the best play from here is worth, and what it aims at."""
        state = self.state
        if self.endgame is None:
            best = self.puzzle.analysis[0]
            return (
                f"the expert's best answer keeps a margin of about {piastres(best.worth.margin)}"
                f" ± {one_decimal(best.worth.margin_error or Fraction(0))} piastres and wins "
                f"about {percent(best.worth.win)} of its rollouts (an estimate, not proven)"
            )
        worth = self.endgame.worth(state)
        if self.objective == WIN:
            chance = (
                "wins for sure" if worth.win == 1 else f"wins with a chance of {percent(worth.win)}"
            )
            head = f"the best play from here {chance} (margin {piastres(worth.margin)} piastres)"
        else:
            head = f"the best play from here ends {piastres(worth.margin)} piastres ahead"
        line = self._best_line()
        if line and line[-1].phase is engine.Phase.OVER:
            return f"{head}; aim: it ends the game this turn"
        if any(isinstance(m, engine.BuyNeighbour) for m in self._line_moves()):
            return f"{head}; aim: a neighbour's second take pays"
        return f"{head}; aim: the game goes on after your turn, so think of what you leave open"

    def _line_moves(self) -> list[engine.Move]:
        assert self.endgame is not None
        moves = []
        state = self.state
        while not self.endgame.turn_over(state):
            move = self.endgame.best_move(state)
            if move is None:
                break
            moves.append(move)
            if isinstance(move, engine.DrawTile):
                break
            state = engine.apply(state, move)
        return moves

    def _best_line(self) -> list[engine.CheopsState]:
        assert self.endgame is not None
        states = []
        state = self.state
        for move in self._line_moves():
            state = engine.apply(state, move)
            states.append(state)
        return states

    def hint_area(self) -> str:
        """Level 2: which treasure, or which kind of choice."""
        state = self.state
        move = self.best_move()
        if isinstance(move, engine.Take | engine.UseLaw11):
            item = state.cell(move.space)
            what = f"a {item} treasure" if isinstance(item, str) else f"law on {move.space}"
            return f"take {what} (which space and which tile is up to you)"
        if isinstance(move, engine.Sell | engine.Store):
            colour = state.pending
            assert isinstance(colour, str)
            entry = engine.price(state, colour)
            return (
                f"weigh the market price ({state.market_price} piastres now) against what "
                f"{colour} will pay at the end (its price now: {entry.label}) and against "
                "what the others store"
            )
        if isinstance(move, engine.BuyNeighbour):
            return "start with a purchase"
        if isinstance(move, engine.DrawTile):
            top = state.stacks[move.stack - 1][0]
            return f"draw a {top} tile (the stack is up to you)"
        if isinstance(move, engine.EndTurn):
            return "stop here: no further take gains"
        if isinstance(move, engine.Pass):
            return "nothing can be taken: pass"
        if isinstance(move, engine.UseLaw10 | engine.UseLaw12):
            return "use a kept law first"
        if isinstance(move, engine.LawTarget | engine.RemoveLaw):
            return "the law's choice is what counts here"
        return "carry out the law"

    def hint_move(self) -> str:
        """Level 3: the exact next move."""
        move = self.best_move()
        if self.endgame is not None:
            worth = self.endgame.worth(self.state)
            return f"{move.notation()} (worth {shown(worth.of(self.objective), self.objective)})"
        best = self.puzzle.analysis[0]
        return (
            f"{move.notation()} (the expert's estimate: {piastres(best.worth.margin)} ± "
            f"{one_decimal(best.worth.margin_error or Fraction(0))} piastres, not proven)"
        )

    # --- the end -----------------------------------------------------------------------------

    def so_far_dict(self, *, practice: bool) -> dict[str, Any]:
        """An attempt not over yet, in the keys of :meth:`Result.to_dict` (the score so far
        in display units: par less the losses; no share text yet)."""
        return self.so_far_fields(display_units(self.score, self.objective), practice=practice)

    def result(self) -> Result:
        """The attempt's result in display units (a give-up scores 0)."""
        score = Fraction(0) if self.gave_up else self.score
        return Result(
            score=display_units(score, self.objective),
            par=display_units(self.par, self.objective),
            moves=self.moves,
            hints_used=self.hints_used,
            hint_levels=self.levels(),
            gave_up=self.gave_up,
            saw_solution=self.saw_solution,
            unit="percent" if self.objective == WIN else "piastres",
            proven=self.puzzle.proven,
            take_backs=self.take_backs,
        )

    def why_not(self, move: engine.Move) -> str | None:
        """Why ``move`` cannot be played now: the engine's reason, or (a mid-game question)
        why it is no answer; ``None`` when it can (the full screen's ghosts say it)."""
        reason = engine.why_illegal(self.state, move)
        if reason is None and self.endgame is None:
            reason = self._midgame_answer(move)
        return reason

    def answers(self) -> tuple[engine.Move, ...]:
        """The moves that answer the puzzle now: every legal move of an endgame, a mid-game
        question's answers only."""
        moves = engine.legal_moves(self.state)
        if self.endgame is None:
            moves = tuple(m for m in moves if self._midgame_answer(m) is None)
        return moves

    def options_now(self) -> list[str]:
        """:meth:`answers` in notation, for the line mode's prompt."""
        return [m.notation() for m in self.answers()]

    def par_line(self) -> list[tuple[str, Fraction]]:
        """The line that scores par from the puzzle's start, each move with the value it
        keeps (a win share or piastres): an endgame's best play until the turn is over (a draw ends
        it: the tile is chance), a mid-game question's best answer."""
        start = self.puzzle.start()
        if self.endgame is None:
            best = self.puzzle.analysis[0]
            return [(best.move, best.worth.margin)]
        line = []
        state = start
        while not self.endgame.turn_over(state):
            move = self.endgame.best_move(state)
            if move is None:
                break
            line.append((move.notation(), self.endgame.q_worth(state, move).of(self.objective)))
            if isinstance(move, engine.DrawTile):
                break
            state = engine.apply(state, move)
        return line


__all__ = [
    "HINT_LEVELS",
    "CheopsSession",
    "CheopsSessionError",
    "Decision",
    "Result",
    "display_units",
    "one_decimal",
    "percent",
    "piastres",
    "tenths_of",
]
