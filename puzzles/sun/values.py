"""Exact values of the decisions of one turn of *Pyramid of the Sun*, in expected points.

A Sun puzzle's score is luck-free (docs/sun-puzzles.md, "Scoring"): each decision is charged
what it loses in expectation, ``V*(node) - Q(node, move)``, where ``V*`` is the expected
points the seat to move still scores this turn playing best, and ``Q`` those of one move and
best play after it. This module computes both, exactly (:class:`fractions.Fraction`), by
expectimax over the engine's own :func:`~silverpyr.solver.sun.game.legal_moves` and
:func:`~silverpyr.solver.sun.game.apply_unchecked`: no rule is written here. The chance
nodes, the placements in slot order (the exchange argument is at :meth:`TurnValues._q`) and
the ties are told there; here is what the search adds:

* **Chance outcomes:** cards of one label are one outcome of a symbol's draw (Ruling R14:
  the same card in play), weighted by how many there are.
* **Drawing two** at a turn's start, and passing, score nothing this turn: their ``Q`` is 0.
* **Memo key:** the order floor, the phase, the card waiting for its symbol, the pyramid
  and the hand by card label, each draw pile's belief by label (which cards of a reshuffle
  are left depends on which cards were drawn, not only on their labels), and the sizes of
  the piles and discards (within one turn the discards only change by a reshuffle, which
  empties them).
"""

from __future__ import annotations

from fractions import Fraction
from functools import cache

from ...solver.core.errors import SilverpyrError
from ...solver.sun import game as engine
from ...solver.sun.cards import PILES, Deck, PileName
from ...solver.sun.pyramid import geometry

ZERO = Fraction(0)

_Key = tuple[object, ...]


def tie_rank(move: engine.Move, notation: str) -> tuple[int, str]:
    """Among moves of equal value the smaller rank is the one shown as best."""
    if isinstance(move, engine.EndTurn):
        return (0, "")
    if isinstance(move, engine.SymbolDraw):
        return (1, notation)
    if isinstance(move, engine.TakePoints):
        return (2, "")
    if isinstance(move, engine.Draw | engine.Pass):
        return (4, notation)
    return (3, notation)


NODE_LIMIT = 400
"""Decision nodes one search may evaluate before it gives up (a count, not a time, so the
same puzzles are made on every machine): a turn too big to prove is no puzzle."""


class SearchTooLarge(SilverpyrError, RuntimeError):
    """The exact search needed more nodes than its limit: the value is not proven."""


class TurnValues:
    """Expectimax over the rest of ``seat``'s turn; one instance per puzzle (memoised)."""

    def __init__(self, seat: int, *, node_limit: int = NODE_LIMIT) -> None:
        self.seat = seat
        self.node_limit = node_limit
        self._memo: dict[_Key, tuple[Fraction, engine.Move | None]] = {}
        self.nodes = 0
        self._canon_of: tuple[str, list[int]] | None = None

    def _canon(self, deck: Deck) -> list[int]:
        """Card id -> the lowest id of its label (index -1, an empty cell, maps to -1)."""
        known = self._canon_of
        if known is not None and known[0] == deck.fingerprint:
            return known[1]
        table = [-1] * (max(c.id for c in deck) + 2)
        for card in deck:
            table[card.id] = _label_index(deck, card.id)
        self._canon_of = (deck.fingerprint, table)
        return table

    # --- what a node is -----------------------------------------------------------------------

    def _key(self, state: engine.SunState) -> _Key:
        canon = self._canon(state.deck)
        labels = tuple([canon[c] for c in state.pyramid.cells])
        hand = tuple(sorted([canon[c] for c in state.hands[self.seat]]))
        beliefs = tuple(
            tuple(sorted([canon[c] for c in engine.next_draw(state, self.seat, pile)]))
            if state.pile(pile)
            else ()
            for pile in PILES
        )
        return (
            state.phase,
            state.pending,
            labels,
            hand,
            beliefs,
            len(state.standard_pile),
            len(state.edge_pile),
            len(state.standard_discards),
            len(state.edge_discards),
        )

    def turn_over(self, state: engine.SunState) -> bool:
        """Whether the seat's turn is over (the game ended, or another seat moves)."""
        return state.phase is engine.Phase.OVER or state.turn != self.seat

    # --- values -------------------------------------------------------------------------------

    def value(self, state: engine.SunState) -> Fraction:
        """``V*``: expected points the seat still scores this turn from ``state``, playing
        best."""
        return self._best(state, 0, ())[0]

    def best_move(self, state: engine.SunState) -> engine.Move | None:
        """The best move from ``state`` (ties broken as the module says), or ``None`` when
        the turn is over. A placement names the lowest card id of its label in the hand."""
        return self._best(state, 0, ())[1]

    def _best(
        self, state: engine.SunState, floor: int, block: tuple[int, ...]
    ) -> tuple[Fraction, engine.Move | None]:
        """The best value and move from ``state`` among the plays whose placements up to the
        next symbol draw lie at slot index ``floor`` or above, drawing a symbol's card only
        when every card of ``block`` (the slots placed since the last draw) lies under the
        drawing card (see :meth:`_q`)."""
        if self.turn_over(state):
            return (ZERO, None)
        if state.phase in (engine.Phase.DRAWING, engine.Phase.DISCARD):
            return (ZERO, None)  # a draw-2 action scores nothing this turn
        key = (*self._key(state), floor, block)
        known = self._memo.get(key)
        if known is not None:
            return known
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise SearchTooLarge(
                f"the best turn needs more than {self.node_limit} positions to prove"
            )
        best: Fraction | None = None
        best_move: engine.Move | None = None
        best_rank = (9, "")
        index = state.pyramid.geometry.index
        drawing_allowed = True
        if state.pending is not None and block:
            under = _under(state.pyramid.width)[index[state.pending]]
            drawing_allowed = all(slot in under for slot in block)
        for move in engine.distinct_moves(state):
            if isinstance(move, engine.Place) and index[move.slot] < floor:
                continue
            if isinstance(move, engine.SymbolDraw) and not drawing_allowed:
                continue
            worth = self._q(state, move, floor, block)
            if best is not None and worth < best:
                continue
            rank = tie_rank(move, move.notation(state.deck))
            if best is None or worth > best or rank < best_rank:
                best, best_move, best_rank = worth, move, rank
        result = (ZERO if best is None else best, best_move)
        self._memo[key] = result
        return result

    def _q(
        self, state: engine.SunState, move: engine.Move, floor: int, block: tuple[int, ...]
    ) -> Fraction:
        """Inside the search: ``move`` and the best play after it whose placements up to the
        next symbol draw come in the pyramid's slot order (bottom up, left to right), and
        whose symbol draws come only when every card placed since the last draw lies under
        the drawing card.

        This loses no value (the exchange argument of the best-turn solver,
        docs/sun-puzzles.md): a card's points and its symbol's points do not depend on the
        order of the placements between two draws (a card touches, when laid, only the two
        below it, which come first in that order), and a placement made before a symbol
        draw that the drawing card does not rest on (however far down) can as well come
        after the draw, scoring the same. So the best over the first moves is ``V*``; a
        single move's exact ``Q`` is :meth:`q` (nothing imposed after it)."""
        if isinstance(move, engine.Draw | engine.Pass):
            return ZERO
        if isinstance(move, engine.SymbolDraw):
            return self.q(state, move)
        after = engine.apply_unchecked(state, move)
        gained = after.scores[self.seat] - state.scores[self.seat]
        if isinstance(move, engine.Place):
            floor = state.pyramid.geometry.index[move.slot]
            block = (*block, floor)
        return gained + self._best(after, floor, block)[0]

    def q(self, state: engine.SunState, move: engine.Move) -> Fraction:
        """``Q``: expected points of ``move`` (which must be legal) and best play after it,
        this turn (exact: nothing restricts the play after it)."""
        if isinstance(move, engine.Draw | engine.Pass):
            return ZERO
        if isinstance(move, engine.SymbolDraw):
            total = ZERO
            for _, probability, after in self.outcomes(state, move.pile):
                gained = after.scores[self.seat] - state.scores[self.seat]
                total += probability * (gained + self.value(after))
            return total
        after = engine.apply_unchecked(state, move)
        return after.scores[self.seat] - state.scores[self.seat] + self.value(after)

    def outcomes(
        self, state: engine.SunState, pile: PileName
    ) -> list[tuple[int, Fraction, engine.SunState]]:
        """Each label a symbol's draw from ``pile`` may bring: (its lowest card id, its
        probability, the state after the draw), by card id."""
        belief = engine.next_draw(state, self.seat, pile)
        groups: dict[int, list[int]] = {}
        for card in belief:
            groups.setdefault(_label_index(state.deck, card), []).append(card)
        total = len(belief)
        result = []
        for cards in sorted(groups.values(), key=min):
            card = min(cards)
            ready = engine.with_next_card(state, self.seat, pile, card)
            result.append(
                (
                    card,
                    Fraction(len(cards), total),
                    engine.apply_unchecked(ready, engine.SymbolDraw(pile)),
                )
            )
        return result

    def options(self, state: engine.SunState) -> tuple[tuple[engine.Move, Fraction], ...]:
        """Every legal move with its ``Q``, best first (ties as :func:`tie_rank`)."""
        moves = engine.legal_moves(state)
        valued = [(move, self.q(state, move)) for move in moves]
        valued.sort(key=lambda mv: (-mv[1], tie_rank(mv[0], mv[0].notation(state.deck))))
        return tuple(valued)


@cache
def _under(width: int) -> tuple[frozenset[int], ...]:
    """For each slot index of a pyramid of ``width``: itself and every slot it rests on,
    however far down."""
    supports = geometry(width).supports
    result: list[frozenset[int]] = []
    for i, support in enumerate(supports):
        below: set[int] = {i}
        if support is not None:
            for j in support:
                below |= result[j]
        result.append(frozenset(below))
    return tuple(result)


_LABELS: dict[tuple[str, int], int] = {}


def _label_index(deck: Deck, card: int) -> int:
    """The lowest card id of ``card``'s label in ``deck`` (the class of interchangeable
    cards; Ruling R14)."""
    key = (deck.fingerprint, card)
    found = _LABELS.get(key)
    if found is None:
        found = min(c.id for c in deck.with_label(deck[card].label))
        _LABELS[key] = found
    return found
