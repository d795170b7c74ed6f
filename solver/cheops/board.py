"""Cheops's pyramid board: its 66 spaces, what rests on what, the six directions, and the
notation (Ruling C2, docs/cheops-rules.md).

Rows run from 0 (the bottom, 11 spaces) to 10 (the top, 1 space); row ``r`` has the
positions ``0 .. 10 - r`` from the left. A space ``(r, j)`` with ``r >= 1`` rests on the two
spaces below it, ``(r - 1, j)`` and ``(r - 1, j + 1)``: a brick on two bricks. Its six
directions are left ``(r, j - 1)``, right ``(r, j + 1)``, below-left ``(r - 1, j)``,
below-right ``(r - 1, j + 1)``, above-left ``(r + 1, j - 1)`` and above-right ``(r + 1, j)``,
where they exist.

In text a space is its row as a letter (``a`` the bottom .. ``k`` the top) and its position
counted from 1: ``a1`` .. ``a11`` along the bottom, ``k1`` the top.

Every relation is computed once, as tuples by space index (:data:`SUPPORTS`, :data:`ABOVE`,
:data:`NEIGHBOURS`, ...), so the engine can work on indexes alone; :func:`supports`,
:func:`above` and :func:`neighbours` give the same relations as spaces.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from ..core.errors import SilverpyrError

ROWS = 11
"""Rows of the pyramid; the bottom row holds as many spaces."""
ROW_LETTERS = "abcdefghijk"
"""Row ``r`` in text is ``ROW_LETTERS[r]``."""

_SPACE_TEXT = re.compile(r"([a-z])([0-9]{1,3})", re.IGNORECASE | re.ASCII)


class SpaceSyntaxError(SilverpyrError, ValueError):
    """Text (or a row and position) that does not name a space of the board."""


def row_length(row: int) -> int:
    """Spaces in ``row`` (11 in row 0, 1 in row 10)."""
    return ROWS - row


def _on_board(row: int, pos: int) -> bool:
    return 0 <= row < ROWS and 0 <= pos < ROWS - row


@dataclass(frozen=True, order=True, slots=True)
class Space:
    """A space of the board: ``row`` (0 = the bottom) and ``pos`` (0 = the left end).

    Spaces order row by row from the bottom, left to right (the order of :data:`SPACES`);
    ``str(space)`` is the notation (``b3``). Making a space off the board raises
    :class:`SpaceSyntaxError`.
    """

    row: int
    pos: int

    def __post_init__(self) -> None:
        if not (
            isinstance(self.row, int)
            and isinstance(self.pos, int)
            and not isinstance(self.row, bool)
            and not isinstance(self.pos, bool)
            and _on_board(self.row, self.pos)
        ):
            raise SpaceSyntaxError(
                f"no space at row {self.row!r}, position {self.pos!r} (rows 0 to {ROWS - 1}, "
                f"row r has positions 0 to {ROWS - 1} - r)"
            )

    def __str__(self) -> str:
        return f"{ROW_LETTERS[self.row]}{self.pos + 1}"

    @property
    def index(self) -> int:
        """The space's index in :data:`SPACES`."""
        return ROW_START[self.row] + self.pos


ROW_START: tuple[int, ...] = tuple(sum(ROWS - r for r in range(row)) for row in range(ROWS + 1))
"""The index of each row's left space (``ROW_START[ROWS]`` is 66, the number of spaces)."""

SPACES: tuple[Space, ...] = tuple(
    Space(row, pos) for row in range(ROWS) for pos in range(row_length(row))
)
"""All 66 spaces, row by row from the bottom, left to right; a space's index is its place."""

SIZE = len(SPACES)
"""66."""

TOP = Space(ROWS - 1, 0)
"""``k1``, the top of the pyramid."""

INDEX: Mapping[Space, int] = MappingProxyType({space: i for i, space in enumerate(SPACES)})
"""Each space's index (read-only)."""

ROW_OF: tuple[int, ...] = tuple(space.row for space in SPACES)
"""The row of each space, by index."""

BOTTOM: tuple[int, ...] = tuple(range(ROW_START[1]))
"""The indexes of the bottom row (row 0), left to right."""


def _indexes(places: tuple[tuple[int, int], ...]) -> tuple[int, ...]:
    return tuple(ROW_START[row] + pos for row, pos in places if _on_board(row, pos))


SUPPORTS: tuple[tuple[int, ...], ...] = tuple(
    () if s.row == 0 else _indexes(((s.row - 1, s.pos), (s.row - 1, s.pos + 1))) for s in SPACES
)
"""The two spaces each space rests on (below-left, below-right), by index; ``()`` in row 0."""

ABOVE: tuple[tuple[int, ...], ...] = tuple(
    _indexes(((s.row + 1, s.pos - 1), (s.row + 1, s.pos))) for s in SPACES
)
"""The spaces resting on each space (above-left, above-right; 0, 1 or 2), by index."""

BESIDE: tuple[tuple[int, ...], ...] = tuple(
    _indexes(((s.row, s.pos - 1), (s.row, s.pos + 1))) for s in SPACES
)
"""The spaces left and right of each space in its row (1 or 2; none for the top), by index."""

NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    _indexes(
        (
            (s.row, s.pos - 1),
            (s.row, s.pos + 1),
            (s.row - 1, s.pos),
            (s.row - 1, s.pos + 1),
            (s.row + 1, s.pos - 1),
            (s.row + 1, s.pos),
        )
    )
    for s in SPACES
)
"""The spaces touching each space in the six directions (Ruling C2), by index, in the order
left, right, below-left, below-right, above-left, above-right (those that exist)."""


def index(space: Space) -> int:
    """The index of ``space`` in :data:`SPACES`."""
    return ROW_START[space.row] + space.pos


def supports(space: Space) -> tuple[Space, ...]:
    """The two spaces ``space`` rests on (below-left, below-right); ``()`` in the bottom row."""
    return tuple(SPACES[i] for i in SUPPORTS[index(space)])


def above(space: Space) -> tuple[Space, ...]:
    """The spaces resting on ``space`` (above-left, above-right; 0, 1 or 2)."""
    return tuple(SPACES[i] for i in ABOVE[index(space)])


def neighbours(space: Space) -> tuple[Space, ...]:
    """The spaces touching ``space`` in the six directions (Ruling C2): left, right,
    below-left, below-right, above-left, above-right, those that exist."""
    return tuple(SPACES[i] for i in NEIGHBOURS[index(space)])


def parse_space(text: str) -> Space:
    """The space named by ``text``: a row letter ``a`` (bottom) .. ``k`` (top) and a position
    from 1 (``a1`` .. ``a11``, ``k1``); letters in either case, spaces around ignored.

    Raises :class:`SpaceSyntaxError` naming the text and what is wrong.
    """
    cleaned = text.strip() if isinstance(text, str) else ""
    match = _SPACE_TEXT.fullmatch(cleaned)
    if not match:
        raise SpaceSyntaxError(
            f"{cleaned!r} is not a space (a row letter a-k and a position from 1, such as b3)"
        )
    letter, digits = match.group(1).lower(), match.group(2)
    if letter not in ROW_LETTERS:
        raise SpaceSyntaxError(
            f"{cleaned!r}: there is no row {letter!r} (rows a, the bottom, to k, the top)"
        )
    row = ROW_LETTERS.index(letter)
    last = row_length(row)
    if digits.startswith("0") or not 1 <= int(digits) <= last:
        has = "only k1" if last == 1 else f"{letter}1 to {letter}{last}"
        raise SpaceSyntaxError(f"{cleaned!r}: no such space (row {letter} has {has})")
    return SPACES[ROW_START[row] + int(digits) - 1]
