"""Turn starts whose draw piles are small, reshuffled, or empty: the cases where the belief
over a symbol's draw is not "every card not seen" (Ruling R6), for the cross-checks of the
best-turn search against the brute force (``tests/sun/brute_turn.py``).

Each position is a :func:`~silverpyr.solver.sun.game.random_position` where the mover holds
1-3 cards, then both piles changed as if the game had gone on: the draw pile
keeps 0-2 cards, its discards 0-3 cards, and (unless it keeps none) the pile is one made
from reshuffled discards: its reshuffle holds the cards left in it, some cards now in other
hands (drawn since) and some of the discards (drawn and discarded since). The pile's other
cards are set out of the game (``removed``), so that the piles stay small and the brute
force ends; neither search reads that place.
"""

from __future__ import annotations

from dataclasses import replace

from silverpyr.solver.core.rng import SeededStream
from silverpyr.solver.sun.cards import PILES, PileName
from silverpyr.solver.sun.game import SunState, random_position

SIZES = ("short", "standard", "long")


def _shrunk(state: SunState, pile: PileName, stream: SeededStream) -> SunState:
    """``pile`` left with 0-2 cards and 0-3 discards (see the module's docstring)."""
    keep = stream.between(0, 2)
    keep_discards = stream.between(0 if keep else 1, 3)
    cards = list(state.pile(pile)) + list(state.discards(pile))
    new_pile = tuple(cards[:keep])
    discards = tuple(cards[keep : keep + keep_discards])
    gone = cards[keep + keep_discards :]
    shuffled: tuple[int, ...] | None = None
    if new_pile:
        others = [
            c
            for seat, hand in enumerate(state.hands)
            if seat != state.turn
            for c in hand
            if state.deck[c].pile == pile
        ]
        since = [c for c in others if stream.chance(1, 3)]
        shuffled = tuple(sorted([*new_pile, *since, *(c for c in discards if stream.chance(1, 2))]))
    return replace(
        state,
        **{
            f"{pile}_pile": new_pile,
            f"{pile}_discards": discards,
            f"{pile}_reshuffled": shuffled,
        },
        removed=tuple(sorted((*state.removed, *gone))),
    )


def reshuffle_position(seed: int) -> SunState:
    """A turn start with both piles small (each empty, or made from a reshuffle, by
    ``seed``) and 1-3 cards in the mover's hand."""
    stream = SeededStream(f"tests|sun|reshuffle-position|{seed}")
    hand = stream.between(1, 3)
    state = random_position(seed, players=2 + seed % 4, size=SIZES[seed % 3], hand=hand)
    for pile in PILES:
        state = _shrunk(state, pile, stream.child(pile))
    return state
