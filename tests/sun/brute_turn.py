"""An independent brute force of a turn's expected points, the best-turn search's check.

Plain recursion over the engine's ``legal_moves`` and ``apply``: no memo, no grouping of
equal cards, exact fractions, and every card a symbol's draw may bring is its own
outcome. It shares no code with ``solver/sun/bestturn.py`` nor with the engine's belief
(``next_draw``, ``unseen``, ``with_next_card``): it keeps its own model of each pile as the
rulebook has it (:class:`PileModel`), and puts the card it draws on top of the engine's
pile by a swap of two places.

The rulebook's piles (Ruling R6): the next card of a draw pile is equally likely to be any
card that may still be in it. For the setup's pile, that is every card of its type the seat
has not seen (the pyramid, its hand, the discards, the marker); for a pile made from
reshuffled discards, every card of that reshuffle the seat has not seen leave it. When the
draw pile is empty, its discards become the pile, and then exactly those cards may come,
less each one drawn.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction

from silverpyr.solver.sun.cards import PILES, PileName
from silverpyr.solver.sun.game import Draw, Pass, SunState, SymbolDraw, apply, legal_moves
from silverpyr.solver.sun.pyramid import EMPTY


class TooBig(Exception):
    """The brute force went past its node budget (the position is skipped, and counted)."""


@dataclass(frozen=True)
class PileModel:
    """One pile as the seat knows it: the cards its next card may be (each as likely), how
    many cards the draw pile holds, and its discards (the next pile once it is empty)."""

    may_be: tuple[int, ...]
    size: int
    discards: tuple[int, ...]

    def draws(self) -> list[tuple[int, PileModel]]:
        """Each card the next draw may bring (one entry per card) and the pile after it."""
        pile = self
        if pile.size == 0:
            pile = PileModel(pile.discards, len(pile.discards), ())
        result = []
        for i, card in enumerate(pile.may_be):
            rest = pile.may_be[:i] + pile.may_be[i + 1 :]
            result.append((card, PileModel(rest, pile.size - 1, pile.discards)))
        return result


def pile_models(state: SunState, seat: int) -> dict[PileName, PileModel]:
    """Each pile as ``seat`` knows it at ``state`` (see the module's docstring)."""
    seen = {card for card in state.pyramid.cells if card != EMPTY}
    seen.update(state.hands[seat], state.standard_discards, state.edge_discards, [state.marker])
    models = {}
    for pile in PILES:
        made_from = state.standard_reshuffled if pile == "standard" else state.edge_reshuffled
        if made_from is None:
            made_from = tuple(card.id for card in state.deck if card.pile == pile)
        size = len(state.standard_pile if pile == "standard" else state.edge_pile)
        discards = state.standard_discards if pile == "standard" else state.edge_discards
        may_be = tuple(card for card in made_from if card not in seen) if size else ()
        models[pile] = PileModel(may_be, size, tuple(discards))
    return models


def _put_on_top(state: SunState, seat: int, pile: PileName, card: int) -> SunState:
    """``state`` with ``card`` first in ``pile``: swapped with the front card wherever it
    is (the pile or another seat's hand), or, with an empty pile, the discards laid out as
    the new pile with ``card`` swapped to the front, the state remembering that the pile
    is made of those discards (as a reshuffle's state does: a later look at the pile by
    the engine, as the tests' replays make, must not take it for the setup's pile)."""
    name = "standard_pile" if pile == "standard" else "edge_pile"
    cards = list(getattr(state, name))
    if not cards:
        cards = list(state.standard_discards if pile == "standard" else state.edge_discards)
        where = cards.index(card)
        cards[0], cards[where] = cards[where], cards[0]
        made_from = tuple(sorted(cards))
        return replace(
            state,
            **{name: tuple(cards), f"{pile}_discards": (), f"{pile}_reshuffled": made_from},
        )
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
    piles: dict[PileName, PileModel] | None = None,
) -> Fraction:
    """Expected points ``seat`` (default: the seat to move) still scores this turn, playing
    best; with ``max_draws``, over the plans that draw at most that many cards for symbols.
    ``budget`` (a one-item list) counts nodes down and raises :class:`TooBig` at 0;
    ``piles`` is the seat's model of the piles (default: as it knows them at ``state``)."""
    seat = state.turn if seat is None else seat
    if str(state.phase) == "over" or state.turn != seat:
        return Fraction(0)
    if piles is None:
        piles = pile_models(state, seat)
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
            outcomes = piles[pile].draws()
            assert outcomes, "the engine offers a draw from a pile the rulebook says is empty"
            total = Fraction(0)
            for card, after_pile in outcomes:
                after = apply(_put_on_top(state, seat, pile, card), move)
                gained = after.scores[seat] - state.scores[seat]
                total += gained + turn_value(
                    after,
                    seat,
                    max_draws=left,
                    budget=budget,
                    piles={**piles, pile: after_pile},
                )
            worth = total / len(outcomes)
        else:
            after = apply(state, move)
            worth = (
                after.scores[seat]
                - state.scores[seat]
                + turn_value(after, seat, max_draws=max_draws, budget=budget, piles=piles)
            )
        best = max(best, worth)
    return best
