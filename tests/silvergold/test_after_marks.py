"""``Position.after_marks``: a move built one mark at a time (the full-screen game)."""

from __future__ import annotations

import pytest

from silverpyr.solver.silvergold.cells import parse_cell
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.moves import IllegalMoveError, Mark, Move
from silverpyr.solver.silvergold.position import Position


def _mask(*cells: str) -> int:
    return sum(1 << parse_cell(cell) for cell in cells)


def test_a_red_cross_owes_an_extra_mark_until_it_is_made() -> None:
    deck = load_deck()
    card = deck.card(6)  # row 1: . r x E g (the cross C1 beside the entrance D1)
    start = Position.start(card)
    domino = deck.expedition("I2")
    placement = Mark(6, _mask("C1", "D1"))
    after, owed = start.after_marks(Move(placement), domino, 1)
    assert owed == 1
    assert after.card(6).marked == _mask("C1", "D1")
    with pytest.raises(IllegalMoveError, match="mandatory"):
        start.push(Move(placement), domino, 1)
    whole = Move(placement, (Mark(6, _mask("E1")),))
    after, owed = start.after_marks(whole, domino, 1)
    assert owed == 0
    assert after == start.push(whole, domino, 1)


def test_an_illegal_mark_is_explained_by_the_engine() -> None:
    deck = load_deck()
    start = Position.start(deck.card(6))
    with pytest.raises(IllegalMoveError, match="entrance"):
        start.after_marks(Move(Mark(6, _mask("A1", "B1"))), deck.expedition("I2"), 1)
