"""How hard a Sun puzzle is: how far below par good simple policies land.

Two policies play the puzzle's turn through the same luck-free scoring as a player
(``par`` minus the expected-point loss of each decision, :class:`~.values.TurnValues`):

* **greedy** (as the greedy bot plays a turn): each time the placement worth most points
  now (the card's points plus the symbol's points it would offer), a symbol's points
  rather than its card, the turn ended when no card scores; with no card that scores at the
  turn's start, it draws two (0 points this turn);
* **best single card**: the one placement worth most now, the symbol's points, then end.

Ties go to the engine's move order (:func:`~silverpyr.solver.sun.game.legal_moves`), so the
rating is the same on every machine. The difficulty is the better policy's share of par:
``easy`` from 80 %, ``medium`` from 55 %, ``hard`` below.
"""

from __future__ import annotations

from fractions import Fraction

from ...solver.sun import game as engine
from .values import TurnValues

EASY = Fraction(80, 100)
MEDIUM = Fraction(55, 100)
DIFFICULTIES = ("easy", "medium", "hard")


def immediate_points(state: engine.SunState, move: engine.Place) -> int:
    """Points ``move`` scores at once, with the symbol's points it would offer."""
    after = engine.apply(state, move)
    gained = after.scores[state.turn] - state.scores[state.turn]
    if after.phase is engine.Phase.SYMBOL:
        gained += engine.pyramid_matches(after.deck, after.pyramid, move.card, move.slot)
    return gained


def _best_place(state: engine.SunState) -> tuple[engine.Place | None, int]:
    best: engine.Place | None = None
    best_points = -1
    for move in engine.legal_moves(state):
        if isinstance(move, engine.Place):
            points = immediate_points(state, move)
            if points > best_points:
                best, best_points = move, points
    return best, best_points


def greedy_move(state: engine.SunState) -> engine.Move:
    """The greedy turn's next move (see the module docstring)."""
    moves = engine.legal_moves(state)
    if state.phase is engine.Phase.SYMBOL:
        return engine.TakePoints()
    place, points = _best_place(state)
    if place is not None and points > 0:
        return place
    if state.phase is engine.Phase.PLAYING:
        return engine.EndTurn()
    draws = [m for m in moves if isinstance(m, engine.Draw)]
    if draws:
        return draws[0]
    return place if place is not None else moves[0]


def single_move(state: engine.SunState, placed: int) -> engine.Move:
    """The best single card's next move (``placed``: cards this policy placed so far)."""
    moves = engine.legal_moves(state)
    if state.phase is engine.Phase.SYMBOL:
        return engine.TakePoints()
    if state.phase is engine.Phase.PLAYING:
        return engine.EndTurn()
    place, _ = _best_place(state)
    if place is not None and placed == 0:
        return place
    return moves[0]


def policy_score(state: engine.SunState, values: TurnValues, single: bool) -> Fraction:
    """The luck-free score of one policy: par minus the loss of each of its decisions."""
    score = values.value(state)
    placed = 0
    while not values.turn_over(state) and state.phase not in (
        engine.Phase.DRAWING,
        engine.Phase.DISCARD,
    ):
        move = single_move(state, placed) if single else greedy_move(state)
        score -= values.value(state) - values.q(state, move)
        if isinstance(move, engine.Place):
            placed += 1
        state = engine.apply(state, move)
    return score


def policy_scores(state: engine.SunState, values: TurnValues) -> tuple[Fraction, Fraction]:
    """(greedy, best single card) scores of the puzzle's turn."""
    return policy_score(state, values, False), policy_score(state, values, True)


def difficulty_of(par: Fraction, greedy: Fraction, single: Fraction) -> str:
    """``easy``, ``medium`` or ``hard`` from the better policy's share of par."""
    if par <= 0:
        return "easy"
    share = max(greedy, single) / par
    if share >= EASY:
        return "easy"
    if share >= MEDIUM:
        return "medium"
    return "hard"
