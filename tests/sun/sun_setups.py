"""Pyramid of the Sun test positions: cards put in the pyramid or a hand directly."""

from __future__ import annotations

from dataclasses import replace

from silverpyr.solver.sun.cards import Deck, load_deck
from silverpyr.solver.sun.game import SunState, random_game
from silverpyr.solver.sun.pyramid import Pyramid, Slot

DECK = load_deck()


def card(kind: str, value: int | None = None, symbol: str | None = None, *, skip: int = 0) -> int:
    """The id of a card of this kind, value (any when None) and symbol (None: no symbol);
    ``skip`` such cards first."""
    found = [
        c.id
        for c in DECK
        if c.kind == kind and (value is None or c.value == value) and c.symbol == symbol
    ]
    return found[skip]


def fill(state: SunState, slots: dict[Slot, int]) -> SunState:
    """The state with these cards in the pyramid (taken out of the piles and hands)."""
    used = set(slots.values())
    cells = list(state.pyramid.cells)
    shape = state.pyramid.geometry
    for slot, card_id in slots.items():
        cells[shape.index[slot]] = card_id
    return replace(
        state,
        pyramid=Pyramid(state.pyramid.width, tuple(cells)),
        hands=tuple(tuple(c for c in hand if c not in used) for hand in state.hands),
        standard_pile=tuple(c for c in state.standard_pile if c not in used),
        edge_pile=tuple(c for c in state.edge_pile if c not in used),
    )


def fill_below(state: SunState, level: int, deck: Deck = DECK) -> SunState:
    """Every slot below ``level`` filled with symbol-free cards from the piles (standard
    cards inside, edge cards, then standard ones, at the ends), the piles' fronts first."""
    shape = state.pyramid.geometry
    inner = [c for c in state.standard_pile if deck[c].symbol is None]
    inner += [c for c in state.standard_pile if deck[c].symbol is not None]
    slots: dict[Slot, int] = {}
    for slot in shape.slots:
        if 1 <= slot.level < level and state.pyramid.card_at(slot) is None:
            slots[slot] = inner.pop(0)
    return fill(state, slots)


def give(state: SunState, seat: int, cards: tuple[int, ...]) -> SunState:
    """Seat ``seat`` holds exactly ``cards`` (taken from wherever they were but the
    pyramid; its old cards go to the end of their piles)."""
    taken = set(cards)
    old = [c for c in state.hands[seat] if c not in taken]
    standard = tuple(c for c in state.standard_pile if c not in taken) + tuple(
        c for c in old if DECK[c].kind == "standard"
    )
    edge = tuple(c for c in state.edge_pile if c not in taken) + tuple(
        c for c in old if DECK[c].kind != "standard"
    )
    hands = tuple(
        tuple(sorted(cards)) if s == seat else tuple(c for c in hand if c not in taken)
        for s, hand in enumerate(state.hands)
    )
    return replace(
        state,
        hands=hands,
        standard_pile=standard,
        edge_pile=edge,
        standard_discards=tuple(c for c in state.standard_discards if c not in taken),
        edge_discards=tuple(c for c in state.edge_discards if c not in taken),
    )


def random_states(seeds: range) -> list[SunState]:
    """Every state short of the end of the random games of ``seeds`` (2-5 players and the
    three pyramid sizes in turn)."""
    return [
        state
        for seed in seeds
        for state in random_game(seed, 2 + seed % 4, ("short", "standard", "long")[seed % 3])
        if not state.over
    ]
