"""An independent brute force of a Cheops endgame's value, the endgame search's check.

Plain recursion over the engine's ``legal_moves`` and checked ``apply``: no memo, no
pruning, no grouping of equal moves, exact fractions. It shares no code with
``solver/cheops/endgame.py``: the objective is written again here (each seat's final money
less the best other seat's, and its win share, compared by the same documented rule), and
a draw's chance is enumerated place by place: every hidden tile (under any stack's top) is
its own equally likely outcome, swapped into the place under the drawn tile by hand (not by
the engine's ``with_next_tile``, and without asking the engine's ``next_tile``).

Every decision the rules give is a branch here because it is a legal move (issue 31's
rulings): a kept law wherever in its holder's turn it may be used, ``end`` beside the draws
(the draw is optional), and law 9's colour, a move of its holder once the game is over (the
game's value is only read at :func:`outcome`, so that choice is always searched: no turn
counting, no horizon, none of the search's own handling of it).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import Any

from silverpyr.solver.cheops.game import (
    CheopsState,
    DrawTile,
    Move,
    apply,
    legal_moves,
    outcome,
)

SCALE = 60
"""Win shares in 60ths, as whole numbers."""


class TooBig(Exception):
    """The brute force went past its node budget (the position is skipped, and counted)."""


def end_vector(money: tuple[int, ...]) -> tuple[Fraction, ...]:
    """Each seat's margin (own money less the best other's), then its win share in 60ths."""
    n = len(money)
    best = max(money)
    winners = [s for s in range(n) if money[s] == best]
    margins = []
    for s in range(n):
        rival = max(money[o] for o in range(n) if o != s)
        margins.append(Fraction(money[s] - rival))
    wins = [Fraction(SCALE, len(winners)) if s in winners else Fraction(0) for s in range(n)]
    return tuple(margins + wins)


def preference(vec: tuple[Fraction, ...], seat: int, objective: str) -> tuple[Any, ...]:
    """Larger is better for ``seat``: its objective, its other quantity, then the others'
    sums lowest, then the lowest vector (docs/cheops-position.md, "Ties")."""
    n = len(vec) // 2
    margins, wins = vec[:n], vec[n:]
    own = (margins[seat], wins[seat]) if objective == "margin" else (wins[seat], margins[seat])
    rest_margin = sum((margins[o] for o in range(n) if o != seat), Fraction(0))
    rest_win = sum((wins[o] for o in range(n) if o != seat), Fraction(0))
    rest = (rest_margin, rest_win) if objective == "margin" else (rest_win, rest_margin)
    return (*own, -rest[0], -rest[1], tuple(-x for x in vec))


def _under_top_outcomes(state: CheopsState, stack: int) -> list[CheopsState]:
    """One state per hidden tile: that tile swapped into the place under the top of
    ``stack`` (1-based), each as likely. Empty when nothing lies under that top."""
    stacks = [list(s) for s in state.stacks]
    here = stacks[stack - 1]
    if len(here) < 2:
        return []
    results = []
    for other, tiles in enumerate(stacks):
        for place in range(1, len(tiles)):
            copy = [list(s) for s in stacks]
            a = copy[stack - 1][1]
            copy[stack - 1][1] = copy[other][place]
            copy[other][place] = a
            results.append(replace(state, stacks=tuple(tuple(s) for s in copy)))
    return results


def game_value(
    state: CheopsState, objective: str = "margin", budget: list[int] | None = None
) -> tuple[Fraction, ...]:
    """The value vector of ``state``: margins, then win shares in 60ths, under max-n play
    with expectation at the draws. ``budget`` (a one-item list) counts nodes down and raises
    :class:`TooBig` at 0."""
    done = outcome(state)
    if done is not None:
        return end_vector(tuple(done.money))
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise TooBig
    seat = state.turn
    best: tuple[Fraction, ...] | None = None
    for move in legal_moves(state):
        vec = move_value(state, move, objective, budget)
        if best is None or preference(vec, seat, objective) > preference(best, seat, objective):
            best = vec
    assert best is not None, "a state of a game going on has a legal move"
    return best


def move_value(
    state: CheopsState, move: Move, objective: str = "margin", budget: list[int] | None = None
) -> tuple[Fraction, ...]:
    """The value vector of playing ``move`` in ``state``."""
    if isinstance(move, DrawTile):
        worlds = _under_top_outcomes(state, move.stack)
        if worlds:
            vecs = [game_value(apply(w, move), objective, budget) for w in worlds]
            size = len(vecs[0])
            return tuple(sum((v[i] for v in vecs), Fraction(0)) / len(vecs) for i in range(size))
    return game_value(apply(state, move), objective, budget)
