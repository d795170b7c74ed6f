"""The bookkeeping of one attempt at a puzzle, for any game: the states and decisions so
far, the luck-free score, hints counted by level, undo and giving up.

Game-free: nothing here imports a game. A game's session (the Sun's and Cheops's
``session.py``) subclasses :class:`PuzzleAttempt`, names its error and how it says the
puzzle is over, and keeps what is its own: parsing and judging a move, the values behind a
decision, the hints' texts and the result.

* The **score** is ``par`` minus the decisions' losses (exact Fractions), so best play scores
  exactly par.
* **Hints** count once per level per node: asking for level ``n`` at a node counts every
  level up to ``n`` not given there yet (:meth:`PuzzleAttempt.take_hint`); level 3 (the
  move) means the answer was seen.
* **Undo** takes back the last decision until the puzzle is over; taking back a decision
  whose feedback named a better move counts as a move hint (the answer was seen).
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, TypeVar

from ...solver.core.errors import MoveSyntaxError

if TYPE_CHECKING:
    from .puzzle_fields import PuzzleHead
    from .vocabulary import ShareFacts


class Decided(Protocol):
    """What the bookkeeping reads of a game's decision (a frozen dataclass)."""

    @property
    def move(self) -> str:
        """The move as played, in notation."""
        ...

    @property
    def loss(self) -> Fraction: ...

    def feedback(self) -> str | None: ...


class ScoredResult:
    """What every game's result (a frozen dataclass of ``score``, ``par``, ``gave_up``...)
    says of its score."""

    score: Fraction
    par: Fraction
    gave_up: bool
    moves: tuple[str, ...]
    hints_used: int
    hint_levels: tuple[int, int, int]
    practice: bool
    take_backs: int
    saw_solution: bool

    @property
    def at_par(self) -> bool:
        """Whether the score is par exactly (every decision best)."""
        return not self.gave_up and self.score == self.par

    @property
    def percent(self) -> int:
        """The score's share of par in whole percent (rounded half up; 100 at par 0)."""
        if self.par <= 0:
            return 100
        return int((self.score * 100 / self.par + Fraction(1, 2)).__floor__())

    def to_dict(self, share: str | None) -> dict[str, Any]:
        """What the attempt adds to its puzzle's JSON (:mod:`.vocabulary`): the score with one
        decimal (exact as ``score_exact``), its share of par, its hints and take-backs."""
        from .vocabulary import attempt_fields, tenths_number

        return {
            **attempt_fields(
                finished=True,
                score=tenths_number(self.score),
                at_par=self.at_par,
                percent=self.percent,
                gave_up=self.gave_up,
                hints_used=self.hints_used,
                hint_levels=self.hint_levels,
                take_backs=self.take_backs,
                moves=self.moves,
                practice=self.practice,
                share=share,
            ),
            "score_exact": str(self.score),
        }

    def share_facts(
        self, game: str, puzzle: PuzzleHead[Any], *, score: str, par: str, note: str | None = None
    ) -> ShareFacts:
        """What the share text (:mod:`.vocabulary`) tells of this attempt at ``puzzle``:
        ``score`` and ``par`` as ``game`` shows them, and its own ``note``, if any."""
        from .vocabulary import ShareFacts, counted

        return ShareFacts(
            game=game,
            puzzle_id=puzzle.id,
            date=puzzle.daily_date,
            kind=puzzle.kind_label,
            difficulty=puzzle.level,
            score=score,
            par=par,
            at_par=self.at_par,
            gave_up=self.gave_up,
            practice=self.practice,
            hints_used=self.hints_used,
            hint_levels=self.hint_levels,
            saw_solution=self.saw_solution,
            take_backs=self.take_backs,
            played=counted(len(self.moves), "move"),
            note=note,
        )


S = TypeVar("S")
M = TypeVar("M")
D = TypeVar("D", bound=Decided)


class PuzzleAttempt(Generic[S, D]):
    """One attempt at a puzzle: the states from the puzzle's start, the decisions made, the
    hints taken. A subclass calls :meth:`start` first, says when the puzzle is over
    (:meth:`_turn_done`) and keeps each decision with :meth:`keep`."""

    error: ClassVar[type[Exception]]
    """The game's session error (a move or request the puzzle cannot take now)."""
    over: ClassVar[str] = "the puzzle is over"
    """How a request refused at the end starts (``the puzzle is over: no hint to give``)."""
    undo_over: ClassVar[str] = "the puzzle is over"
    """How a refused undo at the end starts (``...: its moves can no longer be undone``)."""

    par: Fraction
    hint_levels: list[int]
    """Hints taken over the attempt, by level (aim, area, move)."""
    turn_hint_level: int
    """The hint level already given at the node you are at."""
    saw_solution: bool
    gave_up: bool
    take_backs: int
    """Decisions taken back after their feedback named the better move (each also a move
    hint): the share text names them."""

    def start(self, state: S) -> None:
        """Begin at ``state`` with no decision and no hint."""
        self._states: list[S] = [state]
        self._decisions: list[D] = []
        self.hint_levels = [0, 0, 0]
        self.turn_hint_level = 0
        self.saw_solution = False
        self.gave_up = False
        self.take_backs = 0

    # --- where things stand ----------------------------------------------------------------

    @property
    def state(self) -> S:
        """The state now."""
        return self._states[-1]

    @property
    def decisions(self) -> tuple[D, ...]:
        """The decisions made so far."""
        return tuple(self._decisions)

    @property
    def moves(self) -> tuple[str, ...]:
        """The moves made so far, in notation."""
        return tuple(d.move for d in self._decisions)

    def _turn_done(self) -> bool:
        """Whether the puzzle's play is over (the game's rule)."""
        raise NotImplementedError

    @property
    def finished(self) -> bool:
        """Whether the puzzle is over or given up."""
        return self.gave_up or self._turn_done()

    @property
    def score(self) -> Fraction:
        """``par`` minus the losses so far: what the attempt is worth if every decision from
        here on is best."""
        return self.par - sum((d.loss for d in self._decisions), start=Fraction(0))

    @property
    def hints_used(self) -> int:
        """Hints taken over the attempt."""
        return sum(self.hint_levels)

    def levels(self) -> tuple[int, int, int]:
        """:attr:`hint_levels` as the result keeps them."""
        return self.hint_levels[0], self.hint_levels[1], self.hint_levels[2]

    # --- moves -----------------------------------------------------------------------------

    def play(self, text: str) -> D:
        """Play one move written in notation and give its decision (the game's parsing and
        values, through :meth:`read_move` and :meth:`keep`)."""
        raise NotImplementedError

    def check_open(self, refused: str) -> None:
        """Raise the game's error (``<over>: <refused>``) once the puzzle is over."""
        if self.finished:
            raise self.error(f"{self.over}: {refused}")

    def read_move(
        self, text: str, parse: Callable[[S, str], M], why_not: Callable[[S, M], str | None]
    ) -> M:
        """The move ``text`` stands for now, by the engine's ``parse``, once the puzzle is
        still open (:meth:`check_open`); else the game's error quoting ``text`` with the
        engine's words, or with ``why_not``'s reason the move cannot be played now."""
        self.check_open("no more moves")
        state = self.state
        try:
            move = parse(state, text)
        except MoveSyntaxError as problem:
            raise self.error(f"{text.strip()!r}: {problem}") from None
        reason = why_not(state, move)
        if reason is not None:
            raise self.error(f"{text.strip()!r}: {reason}")
        return move

    def keep(self, after: S, decision: D) -> D:
        """Keep a decision made and the state it led to (no hint given at the new node)."""
        self._states.append(after)
        self._decisions.append(decision)
        self.turn_hint_level = 0
        return decision

    def undo(self) -> str:
        """Take back the last decision (before the puzzle is over); its notation."""
        if not self._decisions:
            raise self.error("nothing to undo: no move made yet")
        if self.finished:
            raise self.error(f"{self.undo_over}: its moves can no longer be undone")
        self._states.pop()
        self.turn_hint_level = 0
        taken = self._decisions.pop()
        if taken.feedback() is not None:
            # its feedback named the better move: taking it back to play that move is a
            # move hint, never a free path to par
            self.hint_levels[2] += 1
            self.saw_solution = True
            self.take_backs += 1
        return taken.move

    def so_far_fields(self, score: Fraction, *, practice: bool) -> dict[str, Any]:
        """An attempt not over yet, in the keys of :meth:`ScoredResult.to_dict`: ``score`` is
        the score so far as the game shows it (no share text yet)."""
        from .vocabulary import attempt_fields, tenths_number

        return {
            **attempt_fields(
                finished=False,
                score=tenths_number(score),
                at_par=False,
                percent=None,
                gave_up=False,
                hints_used=self.hints_used,
                hint_levels=self.levels(),
                take_backs=self.take_backs,
                moves=self.moves,
                practice=practice,
                share=None,
            ),
            "score_exact": str(score),
        }

    def give_up(self) -> None:
        """End the attempt here (what the rest is worth is the game's rule)."""
        self.gave_up = True

    # --- hints -----------------------------------------------------------------------------

    def hint(self, level: int | None = None) -> tuple[int, str]:
        """The next hint (or the one of ``level``) at the node you are at: its level and its
        text (the game's words, counted by :meth:`take_hint`)."""
        raise NotImplementedError

    def take_hint(self, level: int | None = None) -> int:
        """Count the next hint at the node you are at (or the one of ``level``, 1-3) and give
        its level; each level counts once per node."""
        self.check_open("no hint to give")
        wanted = min(self.turn_hint_level + 1, 3) if level is None else level
        if wanted not in (1, 2, 3):
            raise self.error(f"hint level {wanted}: the levels are 1 (aim), 2 (area), 3 (move)")
        if wanted > self.turn_hint_level:
            for taken in range(self.turn_hint_level + 1, wanted + 1):
                self.hint_levels[taken - 1] += 1
            self.turn_hint_level = wanted
        if wanted == 3:
            self.saw_solution = True
        return wanted

    # --- the end ---------------------------------------------------------------------------

    def result(self) -> Any:
        """The attempt's result, once it is over (the game's :class:`ScoredResult`, a frozen
        dataclass)."""
        raise NotImplementedError
