"""The single-player rules engine: symbols, rulings, move generation, notation, errors."""

from __future__ import annotations

import pytest

from silverpyr.solver.silvergold.cards import (
    STANDARD_EXPEDITIONS,
    Color,
    Expedition,
    PyramidCard,
    Room,
)
from silverpyr.solver.silvergold.cells import mask_of, parse_cell
from silverpyr.solver.silvergold.moves import (
    PASS,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Mark,
    Move,
    move_str,
)
from silverpyr.solver.silvergold.position import CardState, Position
from silverpyr.solver.silvergold.sheet import Sheet

EXPEDITIONS = {expedition.name: expedition for expedition in STANDARD_EXPEDITIONS}
I2, I3, L3, O4, L4, T4 = (EXPEDITIONS[name] for name in ("I2", "I3", "L3", "O4", "L4", "T4"))

OPEN_ROOM = ("E....", ".....", ".....", ".....", "....T")


def card(number: int, *rows: str, color: Color = Color.PURPLE) -> PyramidCard:
    """A hand-made pyramid card."""
    return PyramidCard(number, color, Room.from_rows(list(rows)))


def cells(text: str) -> int:
    """Mask of cells written in notation, e.g. ``A1 B1``."""
    return mask_of(parse_cell(token) for token in text.split())


def marked(pyramid: PyramidCard, text: str) -> CardState:
    """``pyramid`` with the cells of ``text`` already marked."""
    return CardState(pyramid, cells(text))


def play(position: Position, text: str, expedition: Expedition, round_number: int = 1) -> Position:
    """Parse and push a move written in notation."""
    return position.push(
        position.parse_move(text, expedition, round_number), expedition, round_number
    )


# --- symbols ---------------------------------------------------------------------------


def test_gems_tick_their_colour() -> None:
    position = Position.start(card(1, "Erg..", ".....", ".....", ".....", "....T"))
    after = play(position, "A1 B1 C1", I3)
    assert (after.sheet.red, after.sheet.green) == (1, 1)


@pytest.mark.parametrize("row", ["Err..", "Egg.."])
def test_gems_stop_at_ten(row: str) -> None:
    position = Position.start(
        card(1, row, ".....", ".....", ".....", "....T"), sheet=Sheet(red=9, green=9)
    )
    after = play(position, "A1 B1 C1", I3)
    assert (after.sheet.red, after.sheet.green) == ((10, 9) if "r" in row else (9, 10))


def test_skull_ticks_and_stops_at_ten() -> None:
    room = ("Ess..", ".....", ".....", ".....", "....T")
    assert play(Position.start(card(1, *room)), "A1 B1 C1", I3).sheet.skulls == 2
    capped = Position.start(card(1, *room), sheet=Sheet(skulls=9))
    assert play(capped, "A1 B1 C1", I3).sheet.skulls == 10


@pytest.mark.parametrize(("skulls", "expected"), [(0, 0), (1, 0), (2, 0), (3, 1), (10, 8)])
def test_potion_erases_up_to_two_skulls(skulls: int, expected: int) -> None:
    position = Position.start(
        card(1, "Ep...", ".....", ".....", ".....", "....T"), sheet=Sheet(skulls=skulls)
    )
    assert play(position, "A1 B1", I2).sheet.skulls == expected


@pytest.mark.parametrize(("skulls", "expected"), [(0, 0), (1, 0), (10, 8)])
def test_ruling_skulls_resolve_before_potions_in_one_placement(skulls: int, expected: int) -> None:
    """Ruling: within a placement, skulls first (potion first would leave 1, 2 and 9)."""
    position = Position.start(
        card(1, "Esp..", ".....", ".....", ".....", "....T"), sheet=Sheet(skulls=skulls)
    )
    assert play(position, "A1 B1 C1", I3).sheet.skulls == expected


def test_torch_ticks_the_current_round_only_once() -> None:
    position = Position.start(card(1, "Ett.t", ".....", ".....", ".....", "....T"))
    after = play(position, "A1 B1 C1", I3, round_number=2)
    assert after.sheet.torches == (False, True, False, False)
    again = play(after, "D1 E1", I2, round_number=2)
    assert again.sheet.torches == (False, True, False, False)
    assert again.sheet.score().torches == 5


def test_torch_cannot_tick_a_past_round() -> None:
    position = Position.start(card(1, "E.t..", ".....", ".....", ".....", "....T"))
    after = play(position, "A1 B1 C1", I3, round_number=3)
    assert after.sheet.torches == (False, False, True, False)


def test_tomb_completes_the_card() -> None:
    pyramid = card(7, "E####", ".####", ".####", ".####", "T####")
    position = Position((marked(pyramid, "A1 A2 A3"),))
    after = play(position, "A4 A5", I2)
    assert after.cards[0].is_complete()
    assert after.sheet.completed == (pyramid,)
    assert not after.has_card_in_play()


def test_cross_earns_a_mandatory_extra_mark() -> None:
    position = Position.start(card(1, "Ex...", ".....", ".....", ".....", "....T"))
    with pytest.raises(IllegalMoveError, match="mandatory"):
        position.push(Move(Mark(1, cells("A1 B1"))), I2, 1)
    after = play(position, "A1 B1 +C1", I2)
    assert after.cards[0].marked == cells("A1 B1 C1")


def test_cross_chain_of_two() -> None:
    position = Position.start(card(1, "Exx..", ".....", ".....", ".....", "....T"))
    with pytest.raises(IllegalMoveError, match="mandatory"):
        play(position, "A1 B1 +C1", I2)
    after = play(position, "A1 B1 +C1 +D1", I2)
    assert after.cards[0].marked == cells("A1 B1 C1 D1")
    # Generated moves: the first extra on A2 or B2 ends there; on the cross C1 it earns a
    # second, on D1, A2, B2 or C2.
    on_crosses = [
        m for m in position.legal_moves(I2, 1) if m.mark and m.mark.cells == cells("A1 B1")
    ]
    assert sorted(len(m.extras) for m in on_crosses) == [1, 1, 2, 2, 2, 2]
    assert all(len(m.extras) == 2 for m in on_crosses if m.extras[0].cells == cells("C1"))


def test_cross_in_the_completing_placement_marks_the_other_card() -> None:
    """The completed card takes no more marks: the extra goes to the other card."""
    finishing = card(3, "E####", ".####", ".####", "x####", "T####")
    other = card(9, *OPEN_ROOM)
    position = Position((marked(finishing, "A1 A2 A3"), CardState(other)))
    with pytest.raises(IllegalMoveError, match="complete"):
        position.push(Move(Mark(3, cells("A4 A5")), (Mark(3, cells("B1")),)), I2, 1)
    with pytest.raises(IllegalMoveError, match="mandatory"):
        position.push(Move(Mark(3, cells("A4 A5"))), I2, 1)
    after = play(position, "3:A4 A5 +9:A1", I2)
    assert after.card(3).is_complete()
    assert after.card(9).marked == cells("A1")


def test_cross_extra_mark_with_no_legal_cell_is_lost() -> None:
    finishing = card(3, "E####", ".####", ".####", "x####", "T####")
    position = Position((marked(finishing, "A1 A2 A3"),))
    after = position.push(Move(Mark(3, cells("A4 A5"))), I2, 1)
    assert after.sheet.completed == (finishing,)


# --- move generation ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "expected"), [("I2", 2), ("I3", 2), ("L3", 4), ("O4", 1), ("L4", 8), ("T4", 4)]
)
def test_distinct_orientations(name: str, expected: int) -> None:
    assert len(EXPEDITIONS[name].orientations) == expected


def _mark_count(position: Position, expedition: Expedition) -> int:
    return len(position.legal_marks(expedition))


def test_placement_counts_on_a_fresh_card() -> None:
    corner = Position.start(card(1, *OPEN_ROOM))
    # Entrance A1: dominoes A1-B1 and A1-A2, plus the single cell A1.
    assert _mark_count(corner, I2) == 3
    middle = Position.start(card(2, "..E..", ".....", ".....", ".....", "....T"))
    # Entrance C1: rows A-C, B-D, C-E and the column C1-C3, plus the single C1.
    assert _mark_count(middle, I3) == 5
    # Two 2x2 boxes hold C1 (columns B-C and C-D); in each, 3 of the 4 L-trominoes use it.
    assert _mark_count(middle, L3) == 7
    # Squares B1-C2 and C1-D2, plus the single C1.
    assert _mark_count(middle, O4) == 3
    walled = Position.start(card(3, ".#E..", ".....", ".....", ".....", "....T"))
    # Wall B1 blocks rows A-C and B-D: row C-E, column C1-C3, single C1.
    assert _mark_count(walled, I3) == 3


def test_placement_counts_after_a_first_mark() -> None:
    position = Position((marked(card(1, *OPEN_ROOM), "A1"),))
    # Border of {A1} is B1 and A2. Dominoes through B1: B1-C1, B1-B2; through A2: A2-A3,
    # A2-B2. Singles: B1, A2. Six in all.
    assert _mark_count(position, I2) == 6


def test_legal_footprints_are_the_free_footprints_that_touch() -> None:
    walled = card(4, "..E#.", ".#...", "...#.", "#....", "..T..")
    for text in ("", "C1", "C1 C2", "C1 D2 C2 E2", "C1 C2 C3 C4 C5"):
        state = marked(walled, text)
        for expedition in STANDARD_EXPEDITIONS:
            expected = [fp for fp in state.free_footprints(expedition) if state.touches(fp)]
            assert state.legal_footprints(expedition) == expected
            assert all(state.why_illegal(fp, expedition) is None for fp in expected)


def test_two_cards_are_generated_separately() -> None:
    position = Position.start(card(1, *OPEN_ROOM), card(2, *OPEN_ROOM))
    assert _mark_count(position, I2) == 6
    assert {mark.card for mark in position.legal_marks(I2)} == {1, 2}


def test_no_card_in_play_passes() -> None:
    pyramid = card(1, "E####", ".####", ".####", ".####", "T####")
    done = Position((marked(pyramid, "A1 A2 A3 A4 A5"),))
    assert done.legal_moves(I2, 1) == [PASS]
    assert done.push(PASS, I2, 1) == done
    assert done.parse_move("-", I2, 1) == PASS
    with pytest.raises(IllegalMoveError, match="every player"):
        Position.start(pyramid).parse_move("-", I2, 1)


# --- notation ------------------------------------------------------------------------------


@pytest.mark.parametrize("expedition", STANDARD_EXPEDITIONS, ids=lambda e: e.name)
def test_notation_round_trip(expedition: Expedition) -> None:
    crosses = card(4, "Ex.x.", ".x...", ".....", ".....", "....T")
    position = Position((marked(crosses, "A1"), CardState(card(5, *OPEN_ROOM))))
    for move in position.legal_moves(expedition, 1):
        text = move_str(move, with_card=True)
        assert position.parse_move(text, expedition, 1) == move
        assert move_str(position.parse_move(text, expedition, 1), with_card=True) == text


def test_notation_single_card_needs_no_number() -> None:
    position = Position.start(card(17, "Ex...", ".....", ".....", ".....", "....T"))
    move = position.parse_move("a1 b1 +c1", I2, 1)
    assert move == Move(Mark(17, cells("A1 B1")), (Mark(17, cells("C1")),))
    assert move_str(move) == "A1 B1 +C1"
    assert move_str(move, with_card=True) == "17:A1 B1 +17:C1"


def test_notation_syntax_errors() -> None:
    position = Position.start(card(1, *OPEN_ROOM))
    for text in ("", "Z9", "A1 A1", "x:A1", "A1 +", "A1 B1 +B2 C2"):
        with pytest.raises(InvalidMoveError):
            position.parse_move(text, I2, 1)


# --- illegal moves ---------------------------------------------------------------------


def _reason(position: Position, text: str, expedition: Expedition) -> str:
    with pytest.raises((IllegalMoveError, AmbiguousMoveError)) as info:
        position.parse_move(text, expedition, 1)
    return str(info.value)


def test_reason_wall() -> None:
    position = Position.start(card(1, "E#...", ".....", ".....", ".....", "....T"))
    assert _reason(position, "A1 B1", I2) == "B1 is a wall on card 1"


def test_reason_already_marked() -> None:
    position = Position((marked(card(1, *OPEN_ROOM), "A1 B1"),))
    assert _reason(position, "B1 C1", I2) == "B1 is already marked on card 1"


def test_reason_not_touching() -> None:
    position = Position((marked(card(1, *OPEN_ROOM), "A1"),))
    assert _reason(position, "D4 E4", I2) == "D4 E4 does not touch the marked area of card 1"


def test_reason_first_marks_miss_the_entrance() -> None:
    position = Position.start(card(1, *OPEN_ROOM))
    assert (
        _reason(position, "B1 C1", I2) == "the first marks on card 1 must include its entrance A1"
    )


def test_reason_wrong_shape() -> None:
    position = Position.start(card(1, *OPEN_ROOM))
    assert "is not the shape of I3" in _reason(position, "A1 B1 B2", I3)
    assert "is not the shape of I2" in _reason(position, "A1 B1 C1", I2)


def test_reason_ambiguous_between_two_cards() -> None:
    position = Position.start(card(12, *OPEN_ROOM), card(30, *OPEN_ROOM))
    with pytest.raises(AmbiguousMoveError, match=r"write 12:A1 B1 or 30:A1 B1"):
        position.parse_move("A1 B1", I2, 1)


def test_reason_card_not_in_play() -> None:
    position = Position.start(card(12, *OPEN_ROOM))
    assert _reason(position, "99:A1 B1", I2) == "card 99 is not in play"


def test_reason_missing_mandatory_extra() -> None:
    position = Position.start(card(1, "Ex...", ".....", ".....", ".....", "....T"))
    assert "mandatory" in _reason(position, "A1 B1", I2)


def test_reason_extra_mark_not_due() -> None:
    position = Position.start(card(1, *OPEN_ROOM))
    assert _reason(position, "A1 B1 +C1", I2) == "no extra mark is due before +C1"
