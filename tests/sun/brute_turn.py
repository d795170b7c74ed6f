"""An independent brute force of a turn's expected points, the best-turn search's check.

Plain recursion over the engine's ``legal_moves`` and ``apply``: no memo, no grouping of
equal cards, exact fractions, and every card a symbol's draw may bring is its own
outcome. It shares no code with ``solver/sun/bestturn.py``: the drawn card is put on top
of its pile by a swap of two places (not by the solver's move-to-front), and the belief is
asked of the engine here (``unseen``; the discards when the pile is empty).
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from silverpyr.solver.sun.cards import PileName
from silverpyr.solver.sun.game import Draw, Pass, SunState, SymbolDraw, apply, legal_moves, unseen


class TooBig(Exception):
    """The brute force went past its node budget (the position is skipped, and counted)."""


def _put_on_top(state: SunState, seat: int, pile: PileName, card: int) -> SunState:
    """``state`` with ``card`` first in ``pile``: swapped with the front card wherever it
    is (the pile or another seat's hand), or, with an empty pile, the discards laid out as
    the new pile with ``card`` swapped to the front."""
    name = "standard_pile" if pile == "standard" else "edge_pile"
    cards = list(getattr(state, name))
    if not cards:
        cards = list(state.standard_discards if pile == "standard" else state.edge_discards)
        where = cards.index(card)
        cards[0], cards[where] = cards[where], cards[0]
        return replace(state, **{name: tuple(cards), f"{pile}_discards": ()})
    if card in cards:
        where = cards.index(card)
        cards[0], cards[where] = cards[where], cards[0]
        return replace(state, **{name: tuple(cards)})
    hands = [list(hand) for hand in state.hands]
    for other, hand in enumerate(hands):
        if other != seat and card in hand:
            hand[hand.index(card)] = cards[0]
            cards[0] = card
            return replace(
                state,
                **{name: tuple(cards)},
                hands=tuple(tuple(sorted(h)) for h in hands),
            )
    raise AssertionError(f"card {card} cannot be drawn")


def turn_value(
    state: SunState,
    seat: int | None = None,
    *,
    max_draws: int | None = None,
    budget: list[int] | None = None,
) -> Fraction:
    """Expected points ``seat`` (default: the seat to move) still scores this turn, playing
    best; with ``max_draws``, over the plans that draw at most that many cards for symbols.
    ``budget`` (a one-item list) counts nodes down and raises :class:`TooBig` at 0."""
    seat = state.turn if seat is None else seat
    if str(state.phase) == "over" or state.turn != seat:
        return Fraction(0)
    if budget is not None:
        budget[0] -= 1
        if budget[0] < 0:
            raise TooBig
    best = Fraction(0)
    for move in legal_moves(state):
        if isinstance(move, Draw | Pass):
            continue
        if isinstance(move, SymbolDraw):
            if max_draws is not None and max_draws <= 0:
                continue
            left = None if max_draws is None else max_draws - 1
            pile = move.pile
            name = "standard_pile" if pile == "standard" else "edge_pile"
            belief = (
                list(unseen(state, seat, pile))
                if getattr(state, name)
                else list(state.standard_discards if pile == "standard" else state.edge_discards)
            )
            total = Fraction(0)
            for card in belief:
                after = apply(_put_on_top(state, seat, pile, card), move)
                gained = after.scores[seat] - state.scores[seat]
                total += gained + turn_value(after, seat, max_draws=left, budget=budget)
            worth = total / len(belief)
        else:
            after = apply(state, move)
            worth = (
                after.scores[seat]
                - state.scores[seat]
                + turn_value(after, seat, max_draws=max_draws, budget=budget)
            )
        best = max(best, worth)
    return best
