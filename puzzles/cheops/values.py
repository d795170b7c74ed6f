"""What each move of a Cheops puzzle is worth: proven by the exact endgame search, or
estimated by the expert's rollouts (with their standard error, never called proven).

Both value sources answer the same questions for the trainer's session (:mod:`.session`):
the value of a position to the puzzle's seat, the value of a move (``q``), the best move,
and when the puzzle's part of the game is over. Every value is a :class:`Worth`: the seat's
final **margin** in piastres (own final money less the best other seat's) and its **win**
share (1 a win, 1/k a k-way shared win, 0 a loss), exact :class:`~fractions.Fraction`\\ s.

* :class:`EndgameValues` (the endgame kinds): :func:`~silverpyr.solver.cheops.endgame.
  solve_endgame` at every node the player decides at, each answer **proven** (the generator
  keeps only small trees, :func:`tree_size`); a move the search merged with another is
  valued through its own child.
* :class:`RolloutValues` (the mid-game kinds): the same seeded determinizations for every
  answer (paired), played to the end by the expert at every seat; the mean and its
  **standard error**.

docs/cheops-puzzles.md tells both ("How par is proven", "How the mid-game kinds are valued",
Rulings T1 and T6).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, fields
from fractions import Fraction
from typing import Any

from ...solver.cheops.endgame import (
    MARGIN,
    WIN,
    WIN_SCALE,
    EndgameAnswer,
    money_vector,
    solve_endgame,
)
from ...solver.cheops.expert import Expert, ExpertWeights
from ...solver.cheops.game import (
    CheopsState,
    DrawTile,
    Move,
    Phase,
    apply,
    apply_unchecked,
    determinized,
    distinct_moves,
    legal_moves,
    next_tile,
    outcome,
    with_next_tile,
)
from ...solver.core.errors import SilverpyrError
from ...solver.core.rng import SeededStream

SOLVE_SECONDS = 300.0
"""The time limit given to each exact search. Generous on purpose: the generator's size
limit (:data:`MAX_TREE`) is what keeps searches small, on every machine; this limit only
catches a machine far too slow to prove what every other machine proves."""
MAX_TREE = 2_500
"""The most distinct positions (chance outcomes counted) an endgame puzzle's game tree may
hold: a position with more is too big to prove quickly and is no puzzle. Counted by
:func:`tree_size`, so the cut is the same on every machine."""
ROLLOUTS = 16
"""Determinizations each mid-game answer is played out on."""
ROLLOUT_KEY = "silverpyr-cheops-rollout-v1"
FAST_EXPERT = ExpertWeights(search_samples=0)
"""The expert the trainer plays with: its value model, without its determinized search at a
turn's start (Ruling T6 in docs/cheops-puzzles.md): a whole game takes about 0.1 s instead of
1.5 s, so 16 rollouts of an answer take seconds, not minutes."""


def fast_expert() -> Expert:
    """The expert of :data:`FAST_EXPERT`."""
    return Expert(FAST_EXPERT)


class ValuesError(SilverpyrError, RuntimeError):
    """A value that could not be established (a search that did not finish)."""


@dataclass(frozen=True)
class Worth:
    """A value to the puzzle's seat: margin in piastres, win share; ``margin_error`` and
    ``win_error`` are standard errors (``None``: exact)."""

    margin: Fraction
    win: Fraction
    margin_error: Fraction | None = None
    win_error: Fraction | None = None

    def of(self, objective: str) -> Fraction:
        """The value the puzzle scores by."""
        return self.win if objective == WIN else self.margin


def _worth_of_vector(vec: tuple[Any, ...], seat: int) -> Worth:
    n = len(vec) // 2
    return Worth(Fraction(vec[seat]), Fraction(vec[n + seat]) / WIN_SCALE)


def _end_worth(state: CheopsState, seat: int) -> Worth:
    done = outcome(state)
    assert done is not None
    return _worth_of_vector(money_vector(tuple(done.money), tuple(done.winners)), seat)


_SKIPPED = frozenset(
    {"components", "seed", "events", "stacks", "boards", "removed_laws", "spent_laws", "first"}
)
"""Fields a position's future does not depend on, or keyed in a compact form (the boards by
their covered counts and laws: the price boards themselves never change in a game)."""
_KEYED = tuple(f.name for f in fields(CheopsState) if f.name not in _SKIPPED)


def state_key(state: CheopsState) -> tuple[Any, ...]:
    """What a position's future depends on (the stacks as their tops, sizes and the multiset
    under the tops: nobody sees the order)."""
    parts = tuple(getattr(state, name) for name in _KEYED)
    boards = tuple((b.covered, b.law, b.law7) for b in state.boards)
    stacks = state.stacks
    hidden = "".join(sorted(tile for stack in stacks for tile in stack[1:]))
    tops = tuple(s[0] if s else "" for s in stacks)
    return (parts, boards, tops, tuple(map(len, stacks)), hidden)


def tree_size(state: CheopsState, cap: int = MAX_TREE) -> int | None:
    """How many distinct positions the game tree from ``state`` holds (chance outcomes
    included), or ``None`` once it holds more than ``cap``: a count, never a clock, so the
    same positions pass on every machine."""
    seen: set[tuple[Any, ...]] = set()
    todo = [state]
    while todo:
        node = todo.pop()
        if node.phase is Phase.OVER:
            continue
        key = state_key(node)
        if key in seen:
            continue
        seen.add(key)
        if len(seen) > cap:
            return None
        for move in distinct_moves(node):
            if isinstance(move, DrawTile) and next_tile(node, move.stack):
                for kind, _ in next_tile(node, move.stack):
                    todo.append(apply_unchecked(with_next_tile(node, move.stack, kind), move))
            else:
                todo.append(apply_unchecked(node, move))
    return len(seen)


_SOLVED: dict[tuple[tuple[Any, ...], str], EndgameAnswer] = {}
"""Proven answers of this run, by position and objective (a bounded memo: cleared when full)."""
_SOLVED_KEPT = 512


class EndgameValues:
    """Proven values of an endgame for ``seat`` by ``objective`` (``margin`` or ``win``)."""

    def __init__(self, seat: int, objective: str) -> None:
        self.seat = seat
        self.objective = objective
        self._answers: dict[tuple[Any, ...], EndgameAnswer] = {}

    def answer(self, state: CheopsState) -> EndgameAnswer:
        """The exact search's answer at ``state`` (cached, also across sessions of one run:
        an answer depends on the position and the objective only), always proven."""
        key = state_key(state)
        found = self._answers.get(key)
        if found is None:
            found = _SOLVED.get((key, self.objective))
        if found is None:
            found = solve_endgame(state, time_limit=SOLVE_SECONDS, objective=self.objective)
            if not found.proven:
                raise ValuesError(
                    f"the exact search did not finish in {SOLVE_SECONDS:.0f} s on this "
                    "machine: the puzzle cannot be proven here"
                )
            if len(_SOLVED) >= _SOLVED_KEPT:
                _SOLVED.clear()
            _SOLVED[key, self.objective] = found
        self._answers[key] = found
        return found

    def turn_over(self, state: CheopsState) -> bool:
        """The puzzle covers the seat's turn: over once another seat moves or the game ends."""
        return state.phase is Phase.OVER or state.turn != self.seat

    def worth(self, state: CheopsState) -> Worth:
        """The position's proven value to the seat (best play by every seat)."""
        if state.phase is Phase.OVER:
            return _end_worth(state, self.seat)
        found = self.answer(state)
        return Worth(found.margins[self.seat], found.wins[self.seat])

    def value(self, state: CheopsState) -> Fraction:
        return self.worth(state).of(self.objective)

    def q_worth(self, state: CheopsState, move: Move) -> Worth:
        """The proven value of ``move`` at ``state`` (a draw that uncovers a tile: the
        expectation over the tiles it may uncover)."""
        if state.turn == self.seat and state.phase is not Phase.OVER:
            found = self.answer(state)
            text = move.notation()
            for option in found.moves:
                if option.move == text:
                    return Worth(option.margin, option.win)
        if isinstance(move, DrawTile):
            belief = next_tile(state, move.stack)
            if belief:
                total = sum(count for _, count in belief)
                parts = [
                    (count, self.worth(apply(with_next_tile(state, move.stack, kind), move)))
                    for kind, count in belief
                ]
                return Worth(
                    sum((c * w.margin for c, w in parts), Fraction(0)) / total,
                    sum((c * w.win for c, w in parts), Fraction(0)) / total,
                )
        return self.worth(apply(state, move))

    def q(self, state: CheopsState, move: Move) -> Fraction:
        return self.q_worth(state, move).of(self.objective)

    def error(self, state: CheopsState, move: Move) -> Fraction | None:
        return None

    def best_move(self, state: CheopsState) -> Move | None:
        """The search's best move (its deterministic tie-break), as a legal move."""
        if self.turn_over(state):
            return None
        text = self.answer(state).move
        for move in legal_moves(state):
            if move.notation() == text:
                return move
        raise ValuesError(f"the search's move {text!r} is not legal")  # pragma: no cover

    def options(self, state: CheopsState) -> list[tuple[str, Worth]]:
        """Every distinct move at ``state`` with its worth, best first."""
        found = self.answer(state)
        return [(m.move, Worth(m.margin, m.win)) for m in found.moves]


@dataclass(frozen=True)
class Rollouts:
    """One answer's rollouts: the seat's final margin and win share (in 60ths) on each
    determinization, in order."""

    margins: tuple[int, ...]
    wins: tuple[int, ...]

    def worth(self) -> Worth:
        n = len(self.margins)
        return Worth(
            Fraction(sum(self.margins), n),
            Fraction(sum(self.wins), n * WIN_SCALE),
            standard_error([Fraction(m) for m in self.margins]),
            standard_error([Fraction(w, WIN_SCALE) for w in self.wins]),
        )


def standard_error(samples: list[Fraction]) -> Fraction:
    """The standard error of the samples' mean, rounded to hundredths (a Fraction, so it
    prints the same everywhere): ``sqrt(var / n)`` with the sample variance."""
    n = len(samples)
    if n < 2:
        return Fraction(0)
    mean = sum(samples, Fraction(0)) / n
    variance = sum(((x - mean) ** 2 for x in samples), Fraction(0)) / (n - 1)
    # an integer square root of the variance in 10^-4 units keeps this exact and portable
    scaled = variance / n * 10_000
    root = math.isqrt(scaled.numerator // scaled.denominator)
    return Fraction(root, 100)


def paired_error(a: Rollouts, b: Rollouts) -> Fraction:
    """The standard error of the mean margin difference of two answers (paired)."""
    return standard_error([Fraction(x - y) for x, y in zip(a.margins, b.margins, strict=True)])


class RolloutValues:
    """The expert's estimate of each answer at one decision (see the module docstring)."""

    def __init__(self, seat: int, key: str, rollouts: int = ROLLOUTS) -> None:
        self.seat = seat
        self.key = key
        self.count = rollouts
        self.expert = fast_expert()
        self._done: dict[tuple[tuple[Any, ...], str], Rollouts] = {}

    def rollouts(self, state: CheopsState, move: Move) -> Rollouts:
        """``move`` played at ``state``, then the game played out by the expert for every
        seat, on :attr:`count` seeded determinizations of what the seat cannot see."""
        cache = (state_key(state), move.notation())
        found = self._done.get(cache)
        if found is not None:
            return found
        stream = SeededStream(f"{ROLLOUT_KEY}|{self.key}")
        margins: list[int] = []
        wins: list[int] = []
        for i in range(self.count):
            world = determinized(state, self.seat, stream.child(f"world|{i}"))
            world = apply(world, move)
            while world.phase is not Phase.OVER:
                world = apply_unchecked(world, self.expert.decide(world, world.turn))
            done = outcome(world)
            assert done is not None
            vec = money_vector(tuple(done.money), tuple(done.winners))
            margins.append(int(vec[self.seat]))
            wins.append(int(vec[len(vec) // 2 + self.seat]))
        found = Rollouts(tuple(margins), tuple(wins))
        self._done[cache] = found
        return found

    def q_worth(self, state: CheopsState, move: Move) -> Worth:
        return self.rollouts(state, move).worth()


__all__ = [
    "MARGIN",
    "MAX_TREE",
    "ROLLOUTS",
    "WIN",
    "EndgameValues",
    "RolloutValues",
    "Rollouts",
    "ValuesError",
    "Worth",
    "paired_error",
    "standard_error",
    "state_key",
    "tree_size",
]
