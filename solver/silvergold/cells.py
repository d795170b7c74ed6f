"""Cells of the 5x5 room, their notation and bitmask helpers.

A cell is an ``int`` from 0 to 24: ``row * 5 + column``, row 0 at the top (row ``1`` in
notation) and column 0 on the left (column ``A``). Sets of cells are bitmasks (``int``),
which keeps game states small, immutable and hashable.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

Cell = int
CellMask = int

SIZE = 5
COLUMN_NAMES = "ABCDE"
CELLS: tuple[Cell, ...] = tuple(range(SIZE * SIZE))
ALL_CELLS_MASK: CellMask = (1 << (SIZE * SIZE)) - 1


def cell_at(row: int, column: int) -> Cell:
    """The cell at 0-based ``row`` and ``column``."""
    return row * SIZE + column


def row_of(cell: Cell) -> int:
    """0-based row of ``cell`` (0 is the top row, ``1`` in notation)."""
    return cell // SIZE


def column_of(cell: Cell) -> int:
    """0-based column of ``cell`` (0 is column ``A``)."""
    return cell % SIZE


def cell_str(cell: Cell) -> str:
    """Notation of a cell, e.g. ``C3``."""
    return f"{COLUMN_NAMES[column_of(cell)]}{row_of(cell) + 1}"


def parse_cell(text: str) -> Cell:
    """Parse ``C3`` (case-insensitive) into a cell; raise ``ValueError`` when malformed."""
    token = text.strip().upper()
    if len(token) != 2 or token[0] not in COLUMN_NAMES or token[1] not in "12345":
        raise ValueError(f"{text.strip()!r} is not a cell: use a column A-E and a row 1-5, e.g. C3")
    return cell_at(int(token[1]) - 1, COLUMN_NAMES.index(token[0]))


def _neighbours(cell: Cell) -> tuple[Cell, ...]:
    row, column = row_of(cell), column_of(cell)
    steps = ((row - 1, column), (row + 1, column), (row, column - 1), (row, column + 1))
    return tuple(cell_at(r, c) for r, c in steps if 0 <= r < SIZE and 0 <= c < SIZE)


NEIGHBOURS: tuple[tuple[Cell, ...], ...] = tuple(_neighbours(cell) for cell in CELLS)
NEIGHBOUR_MASKS: tuple[CellMask, ...] = tuple(
    sum(1 << n for n in NEIGHBOURS[cell]) for cell in CELLS
)


def mask_of(cells: Iterable[Cell]) -> CellMask:
    """Bitmask holding ``cells``."""
    mask = 0
    for cell in cells:
        mask |= 1 << cell
    return mask


def cells_of(mask: CellMask) -> Iterator[Cell]:
    """Cells of ``mask`` in increasing order (row by row, left to right)."""
    while mask:
        low = mask & -mask
        yield low.bit_length() - 1
        mask ^= low


def count(mask: CellMask) -> int:
    """Number of cells in ``mask``."""
    return mask.bit_count()


_COLUMN_A = mask_of(cell_at(r, 0) for r in range(SIZE))
_COLUMN_E = mask_of(cell_at(r, SIZE - 1) for r in range(SIZE))


def border_of(mask: CellMask) -> CellMask:
    """Cells orthogonally adjacent to ``mask`` and not in it (bit-parallel)."""
    spread = (
        (mask << SIZE) | (mask >> SIZE) | ((mask & ~_COLUMN_E) << 1) | ((mask & ~_COLUMN_A) >> 1)
    )
    return spread & ALL_CELLS_MASK & ~mask


def cells_str(mask: CellMask) -> str:
    """Notation of a set of cells, e.g. ``B1 B2 C2``."""
    return " ".join(cell_str(cell) for cell in cells_of(mask))


def flood_fill(seed: CellMask, allowed: CellMask) -> CellMask:
    """Cells of ``allowed`` connected to ``seed`` through ``allowed`` (``seed`` included)."""
    reached = seed
    while grown := border_of(reached) & allowed:
        reached |= grown
    return reached
