"""Cheops's board (Ruling C2): 66 spaces, supports, the six directions, the notation."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from silverpyr.solver.cheops.board import (
    ABOVE,
    BESIDE,
    BOTTOM,
    INDEX,
    NEIGHBOURS,
    ROW_OF,
    ROWS,
    SPACES,
    SUPPORTS,
    TOP,
    Space,
    SpaceSyntaxError,
    above,
    index,
    neighbours,
    parse_space,
    supports,
)
from silverpyr.solver.core.errors import SilverpyrError


def test_ruling_c2_the_board_has_66_spaces_in_11_rows() -> None:
    assert ROWS == 11
    assert len(SPACES) == 66 == len(set(SPACES))
    assert [sum(1 for s in SPACES if s.row == r) for r in range(ROWS)] == list(range(11, 0, -1))
    assert tuple(sorted(SPACES)) == SPACES  # row by row from the bottom, left to right
    assert SPACES[0] == Space(0, 0) and SPACES[10] == Space(0, 10) and SPACES[11] == Space(1, 0)
    assert SPACES[-1] == TOP == Space(10, 0)
    assert tuple(range(11)) == BOTTOM
    assert all(index(s) == i == INDEX[s] == s.index for i, s in enumerate(SPACES))
    assert all(ROW_OF[i] == s.row for i, s in enumerate(SPACES))


def test_ruling_c2_a_space_rests_on_the_two_below_it() -> None:
    assert supports(Space(0, 4)) == ()
    assert supports(Space(1, 0)) == (Space(0, 0), Space(0, 1))
    assert supports(Space(3, 7)) == (Space(2, 7), Space(2, 8))
    assert supports(TOP) == (Space(9, 0), Space(9, 1))
    assert above(TOP) == ()
    assert above(Space(0, 0)) == (Space(1, 0),)  # only above-right
    assert above(Space(0, 10)) == (Space(1, 9),)  # only above-left
    assert above(Space(0, 5)) == (Space(1, 4), Space(1, 5))
    for i, space in enumerate(SPACES):
        assert len(SUPPORTS[i]) == (0 if space.row == 0 else 2)
        for below in SUPPORTS[i]:
            assert i in ABOVE[below]  # symmetric: what rests on what
        for up in ABOVE[i]:
            assert i in SUPPORTS[up]
    assert sum(len(a) for a in ABOVE) == sum(len(s) for s in SUPPORTS) == 2 * 55


def test_ruling_c2_the_six_directions() -> None:
    inner = Space(3, 2)
    assert neighbours(inner) == (
        Space(3, 1),  # left
        Space(3, 3),  # right
        Space(2, 2),  # below-left
        Space(2, 3),  # below-right
        Space(4, 1),  # above-left
        Space(4, 2),  # above-right
    )
    assert neighbours(Space(0, 0)) == (Space(0, 1), Space(1, 0))
    assert neighbours(Space(0, 10)) == (Space(0, 9), Space(1, 9))
    assert neighbours(TOP) == (Space(9, 0), Space(9, 1))
    assert neighbours(Space(9, 0)) == (Space(9, 1), Space(8, 0), Space(8, 1), TOP)
    for i, space in enumerate(SPACES):
        touching = NEIGHBOURS[i]
        assert i not in touching and len(set(touching)) == len(touching)
        assert set(touching) == set(BESIDE[i]) | set(SUPPORTS[i]) | set(ABOVE[i])
        for j in touching:
            assert i in NEIGHBOURS[j]  # touching is symmetric
        for j in BESIDE[i]:
            assert ROW_OF[j] == space.row and abs(SPACES[j].pos - space.pos) == 1
    # Each inner space has 6; an edge one fewer. Count the touching pairs: 3 per small triangle.
    assert max(len(n) for n in NEIGHBOURS) == 6
    assert sum(len(n) for n in NEIGHBOURS) == 2 * (55 + 2 * 55)  # beside + two supports each


@given(st.sampled_from(SPACES))
def test_notation_round_trips(space: Space) -> None:
    text = str(space)
    assert parse_space(text) == space
    assert parse_space(f"  {text.upper()} ") == space


def test_notation_of_all_66() -> None:
    texts = [str(s) for s in SPACES]
    assert len(set(texts)) == 66
    assert texts[:11] == [f"a{n}" for n in range(1, 12)]
    assert texts[11] == "b1" and texts[-1] == "k1" and texts[-2] == "j2"
    assert [parse_space(t) for t in texts] == list(SPACES)


@pytest.mark.parametrize(
    ("text", "part"),
    [
        ("", "is not a space"),
        ("b", "is not a space"),
        ("3b", "is not a space"),
        ("b-1", "is not a space"),
        ("l1", "no row 'l'"),
        ("z3", "no row 'z'"),
        ("a0", "no such space"),
        ("a01", "no such space"),
        ("a12", "row a has a1 to a11"),
        ("b11", "row b has b1 to b10"),
        ("k2", "row k has only k1"),
        ("j3", "row j has j1 to j2"),
    ],
)
def test_bad_space_text_raises_naming_it(text: str, part: str) -> None:
    with pytest.raises(SpaceSyntaxError) as caught:
        parse_space(text)
    assert part in str(caught.value)
    assert repr(text.strip()) in str(caught.value)
    assert isinstance(caught.value, SilverpyrError) and isinstance(caught.value, ValueError)


@given(st.text(max_size=6))
def test_any_text_is_a_space_or_a_space_syntax_error(text: str) -> None:
    try:
        space = parse_space(text)
    except SpaceSyntaxError:
        return
    assert str(space) == text.strip().lower()


@pytest.mark.parametrize(("row", "pos"), [(-1, 0), (11, 0), (0, 11), (10, 1), (5, -1), (3, 8)])
def test_a_space_off_the_board_cannot_be_made(row: int, pos: int) -> None:
    with pytest.raises(SpaceSyntaxError):
        Space(row, pos)
