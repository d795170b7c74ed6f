"""The game's components: rooms, pyramid cards, expedition patterns and a deck.

Everything here is immutable. A :class:`Room` is the 5x5 grid printed on a pyramid card;
an :class:`Expedition` is one kind of expedition card (a polyomino and how many copies the
deck holds). Loading and validating the YAML file lives in :mod:`.deckfile`.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from enum import StrEnum
from functools import cached_property

from ..core.errors import SilverpyrError
from .cells import SIZE, Cell, CellMask, cell_at, mask_of


class UnknownNameError(SilverpyrError, KeyError):
    """A card number or expedition name that the deck does not hold."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown name"


class Symbol(StrEnum):
    """What a cell of a room shows, by its letter in ``cards.yaml``."""

    PLAIN = "."
    WALL = "#"
    ENTRANCE = "E"
    TOMB = "T"
    RED_GEM = "r"
    GREEN_GEM = "g"
    TORCH = "t"
    SKULL = "s"
    POTION = "p"
    CROSS = "x"

    @property
    def label(self) -> str:
        """Human name, e.g. ``red gem``."""
        return self.name.lower().replace("_", " ")


class Color(StrEnum):
    """Colour of a pyramid card (the pyramid-point races are per colour)."""

    PURPLE = "purple"
    ORANGE = "orange"
    GREEN = "green"


@dataclass(frozen=True)
class Room:
    """A 5x5 room; ``symbols[cell]`` is what the cell shows."""

    symbols: tuple[Symbol, ...]

    @classmethod
    def from_rows(cls, rows: list[str] | tuple[str, ...]) -> Room:
        """Build a room from five strings of five legend letters (no validation of rules)."""
        return cls(tuple(Symbol(ch) for row in rows for ch in row))

    def rows(self) -> tuple[str, ...]:
        """The room as five legend strings, top row first."""
        text = "".join(s.value for s in self.symbols)
        return tuple(text[i : i + SIZE] for i in range(0, SIZE * SIZE, SIZE))

    def symbol_at(self, cell: Cell) -> Symbol:
        """What ``cell`` shows."""
        return self.symbols[cell]

    def mask(self, symbol: Symbol) -> CellMask:
        """Cells showing ``symbol``."""
        return self._masks[symbol]

    @cached_property
    def _masks(self) -> dict[Symbol, CellMask]:
        masks = dict.fromkeys(Symbol, 0)
        for cell, symbol in enumerate(self.symbols):
            masks[symbol] |= 1 << cell
        return masks

    @cached_property
    def entrance(self) -> Cell:
        """The entrance cell (the first one, should the room be invalid)."""
        return self._first(Symbol.ENTRANCE)

    @cached_property
    def tomb(self) -> Cell:
        """The golden tomb cell (the first one, should the room be invalid)."""
        return self._first(Symbol.TOMB)

    def _first(self, symbol: Symbol) -> Cell:
        mask = self.mask(symbol)
        if not mask:
            raise ValueError(f"room has no {symbol.label}")
        return (mask & -mask).bit_length() - 1

    @cached_property
    def symbol_cells(self) -> CellMask:
        """Cells whose symbol does something when marked (gems, torch, skull, potion, ...)."""
        inert = self.mask(Symbol.PLAIN) | self.mask(Symbol.WALL) | self.mask(Symbol.ENTRANCE)
        return ((1 << (SIZE * SIZE)) - 1) & ~inert

    @cached_property
    def open_mask(self) -> CellMask:
        """Cells that can be marked: every cell but the walls."""
        return ((1 << (SIZE * SIZE)) - 1) & ~self.mask(Symbol.WALL)

    def count(self, symbol: Symbol) -> int:
        """How many cells show ``symbol``."""
        return self.mask(symbol).bit_count()

    def mirrored(self) -> Room:
        """The room mirrored left to right."""
        return Room(
            tuple(self.symbols[cell_at(r, SIZE - 1 - c)] for r in range(SIZE) for c in range(SIZE))
        )


@dataclass(frozen=True)
class PyramidCard:
    """A numbered pyramid card: its colour and its room."""

    number: int
    color: Color
    room: Room

    def __hash__(self) -> int:
        # Numbers identify cards in a deck; hashing the whole room would slow every
        # position lookup in the searches.
        return hash((self.number, self.color))


@dataclass(frozen=True)
class Expedition:
    """A kind of expedition card: a named polyomino and how many copies the deck holds.

    ``shape`` holds (row, column) offsets, normalised to start at (0, 0).
    """

    name: str
    count: int
    shape: frozenset[tuple[int, int]]

    @classmethod
    def from_pattern(
        cls, name: str, count: int, pattern: list[str] | tuple[str, ...]
    ) -> Expedition:
        """Build from rows of ``X`` (cell) and ``.`` (gap), as in ``cards.yaml``."""
        cells = {(r, c) for r, row in enumerate(pattern) for c, ch in enumerate(row) if ch == "X"}
        return cls(name, count, _normalise(cells))

    @property
    def size(self) -> int:
        """Number of cells in the pattern."""
        return len(self.shape)

    def pattern(self) -> tuple[str, ...]:
        """The pattern as rows of ``X`` and ``.``."""
        height = 1 + max(r for r, _ in self.shape)
        width = 1 + max(c for _, c in self.shape)
        return tuple(
            "".join("X" if (r, c) in self.shape else "." for c in range(width))
            for r in range(height)
        )

    @cached_property
    def orientations(self) -> tuple[frozenset[tuple[int, int]], ...]:
        """Distinct rotations and mirrors of the shape, in a fixed order."""
        seen: set[frozenset[tuple[int, int]]] = set()
        result: list[frozenset[tuple[int, int]]] = []
        shape = set(self.shape)
        for mirror in (False, True):
            current = {(r, -c) for r, c in shape} if mirror else set(shape)
            for _ in range(4):
                normal = _normalise(current)
                if normal not in seen:
                    seen.add(normal)
                    result.append(normal)
                current = {(c, -r) for r, c in current}
        return tuple(sorted(result, key=sorted))

    @cached_property
    def footprints(self) -> tuple[CellMask, ...]:
        """Every in-room position of every orientation, as masks, deduplicated and sorted."""
        masks: set[CellMask] = set()
        for shape in self.orientations:
            height = 1 + max(r for r, _ in shape)
            width = 1 + max(c for _, c in shape)
            for top in range(SIZE - height + 1):
                for left in range(SIZE - width + 1):
                    masks.add(mask_of(cell_at(top + r, left + c) for r, c in shape))
        return tuple(sorted(masks))

    @cached_property
    def footprint_set(self) -> frozenset[CellMask]:
        """:attr:`footprints` as a set, for shape checks."""
        return frozenset(self.footprints)


def _normalise(
    cells: set[tuple[int, int]] | frozenset[tuple[int, int]],
) -> frozenset[tuple[int, int]]:
    top = min(r for r, _ in cells)
    left = min(c for _, c in cells)
    return frozenset((r - top, c - left) for r, c in cells)


STANDARD_EXPEDITIONS: tuple[Expedition, ...] = (
    Expedition.from_pattern("I2", 1, ["XX"]),
    Expedition.from_pattern("I3", 2, ["XXX"]),
    Expedition.from_pattern("L3", 2, ["X.", "XX"]),
    Expedition.from_pattern("O4", 1, ["XX", "XX"]),
    Expedition.from_pattern("L4", 1, ["X.", "X.", "XX"]),
    Expedition.from_pattern("T4", 1, ["XXX", ".X."]),
)
"""The project's 8 expedition cards (docs/silvergold-rules.md, The cards)."""


@dataclass(frozen=True)
class Deck:
    """A set of pyramid cards and the expedition cards, as loaded from a card file."""

    pyramids: tuple[PyramidCard, ...]
    expeditions: tuple[Expedition, ...] = STANDARD_EXPEDITIONS
    source: str = field(default="<memory>", compare=False)

    def card(self, number: int) -> PyramidCard:
        """The pyramid card numbered ``number``; :class:`UnknownNameError` when missing."""
        try:
            return self._by_number[number]
        except KeyError:
            raise UnknownNameError(f"no pyramid card {number} in {self.source}") from None

    @cached_property
    def _by_number(self) -> dict[int, PyramidCard]:
        return {card.number: card for card in self.pyramids}

    def expedition(self, name: str) -> Expedition:
        """The expedition kind named ``name`` (case-insensitive)."""
        for expedition in self.expeditions:
            if expedition.name.upper() == name.strip().upper():
                return expedition
        names = ", ".join(e.name for e in self.expeditions)
        raise UnknownNameError(f"unknown expedition {name.strip()!r} (known: {names})")

    @cached_property
    def fingerprint(self) -> str:
        """A short hash of the deck's content: every pyramid card (number, colour, room) and
        expedition card (name, count, pattern), in a canonical text.

        Two files that hold the same cards share it, whatever their layout or order. It ties
        cached puzzles, cached analyses and game records to the deck they were made with.
        """
        digest = hashlib.sha256()
        for card in sorted(self.pyramids, key=lambda c: c.number):
            digest.update(
                f"{card.number}:{card.color.value}:{'/'.join(card.room.rows())}\n".encode()
            )
        for expedition in self.expeditions:
            digest.update(
                f"{expedition.name}:{expedition.count}:{'/'.join(expedition.pattern())}\n".encode()
            )
        return digest.hexdigest()[:16]

    def expedition_cards(self) -> tuple[Expedition, ...]:
        """One entry per physical expedition card (kinds repeated by their count)."""
        return tuple(e for e in self.expeditions for _ in range(e.count))
