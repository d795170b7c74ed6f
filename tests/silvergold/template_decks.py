"""Decks of a few template rooms for the engine's tests (the real deck is data): rooms rich
in the symbols a test is after, every card's room known."""

from __future__ import annotations

from collections.abc import Callable

from silverpyr.solver.silvergold.cards import Color, Deck, PyramidCard, Room


def templated_deck(
    templates: tuple[tuple[str, ...], ...], mirrored: Callable[[int], bool], **deck: str
) -> Deck:
    """48 cards, 16 per colour (``number % 3``): card ``number``'s room is the template
    ``number % len(templates)``, mirrored where ``mirrored(number)``; ``deck``: the
    :class:`Deck`'s other fields (its ``source``)."""
    colors = list(Color)
    cards = []
    for number in range(1, 49):
        room = Room.from_rows(list(templates[number % len(templates)]))
        cards.append(
            PyramidCard(number, colors[number % 3], room.mirrored() if mirrored(number) else room)
        )
    return Deck(tuple(cards), **deck)
