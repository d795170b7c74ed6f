"""The shared pyramid of Pyramid of the Sun: slots, supports, row ends and neighbours.

A pyramid with a base row of ``width`` cards has levels 0 (the base) to ``width - 1`` (the
top); level ``k`` has ``width - k`` positions, numbered from 0 on the left. A card at slot
``(k, j)`` with ``k >= 1`` rests on ``(k - 1, j)`` and ``(k - 1, j + 1)``: a brick on two
bricks. In text a slot is its level and its position as a letter: ``0a`` is the base row's
left end, ``1c`` the third position of level 1.

The geometry of each width is computed once (:func:`geometry`); a :class:`Pyramid` is an
immutable tuple of card ids by slot index (``EMPTY`` where no card lies), so placing a card
copies one short tuple.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache, cached_property
from types import MappingProxyType

from ..core.errors import SilverpyrError

EMPTY = -1
"""The cell value of an empty slot."""
MIN_WIDTH = 3
MAX_WIDTH = 10
_LETTERS = "abcdefghij"
_SLOT_TEXT = re.compile(r"([0-9])([a-j])", re.IGNORECASE | re.ASCII)


class SlotTextError(SilverpyrError, ValueError):
    """Text that does not name a slot of the pyramid."""


@dataclass(frozen=True, order=True, slots=True)
class Slot:
    """A place in the pyramid: ``level`` (0 = the base row) and ``pos`` (0 = the left end)."""

    level: int
    pos: int

    def __str__(self) -> str:
        letter = _LETTERS[self.pos] if 0 <= self.pos < len(_LETTERS) else f"[{self.pos}]"
        return f"{self.level}{letter}"


def parse_slot(text: str, width: int | None = None) -> Slot:
    """The slot named by ``text`` (``1c``: level 1, third position), checked against a pyramid
    of ``width`` when given. Raises :class:`SlotTextError`."""
    match = _SLOT_TEXT.fullmatch(text.strip())
    if not match:
        raise SlotTextError(
            f"{text.strip()!r} is not a slot (a level and a position letter, such as 1c)"
        )
    slot = Slot(int(match.group(1)), _LETTERS.index(match.group(2).lower()))
    if width is not None and not geometry(width).contains(slot):
        raise SlotTextError(f"the pyramid has no slot {slot} (its top is {geometry(width).top})")
    return slot


@dataclass(frozen=True)
class Geometry:
    """Everything about a pyramid of one width that does not depend on its cards."""

    width: int
    slots: tuple[Slot, ...]
    """Every slot, by index: level 0 left to right, then level 1, ... the top last."""
    index: Mapping[Slot, int]
    """Each slot's index (read-only)."""
    supports: tuple[tuple[int, int] | None, ...]
    """The two slots below each slot (``None`` for the base row)."""
    above: tuple[tuple[int, ...], ...]
    """The slots resting on each slot (0, 1 or 2)."""
    neighbours: tuple[tuple[int, ...], ...]
    """Ruling R3: the two below and the two above; not the cards beside it in its row."""
    ends: tuple[bool, ...]
    """Whether each slot is at an end of its row (the top is not: Ruling R4)."""
    left_end: tuple[bool, ...]
    right_end: tuple[bool, ...]
    top: Slot

    def contains(self, slot: Slot) -> bool:
        """Whether the slot lies in this pyramid."""
        return 0 <= slot.level < self.width and 0 <= slot.pos < self.width - slot.level

    @property
    def size(self) -> int:
        """Slots in all, the base row included."""
        return len(self.slots)


@cache
def geometry(width: int) -> Geometry:
    """The geometry of a pyramid whose base row holds ``width`` cards (computed once)."""
    if not MIN_WIDTH <= width <= MAX_WIDTH:
        raise ValueError(f"a pyramid's base row holds {MIN_WIDTH} to {MAX_WIDTH} cards")
    slots = tuple(Slot(level, pos) for level in range(width) for pos in range(width - level))
    index = {slot: i for i, slot in enumerate(slots)}
    top = Slot(width - 1, 0)
    supports: list[tuple[int, int] | None] = []
    above: list[tuple[int, ...]] = []
    ends: list[bool] = []
    left: list[bool] = []
    right: list[bool] = []
    for slot in slots:
        level, pos = slot.level, slot.pos
        supports.append(
            None if level == 0 else (index[Slot(level - 1, pos)], index[Slot(level - 1, pos + 1)])
        )
        up = [Slot(level + 1, p) for p in (pos - 1, pos)]
        above.append(tuple(index[s] for s in up if s in index))
        last = width - level - 1
        is_left = pos == 0 and slot != top
        is_right = pos == last and slot != top
        left.append(is_left)
        right.append(is_right)
        ends.append(is_left or is_right)
    neighbours = tuple(
        (supports[i] or ()) + above[i]  # below first, then above
        for i in range(len(slots))
    )
    return Geometry(
        width,
        slots,
        MappingProxyType(index),
        tuple(supports),
        tuple(above),
        neighbours,
        tuple(ends),
        tuple(left),
        tuple(right),
        top,
    )


@dataclass(frozen=True)
class Pyramid:
    """The cards in the pyramid: ``cells[i]`` is the card id at slot index ``i`` or ``EMPTY``."""

    width: int
    cells: tuple[int, ...]

    @classmethod
    def with_base(cls, base: tuple[int, ...]) -> Pyramid:
        """A pyramid whose base row holds these card ids, left to right, and nothing above."""
        shape = geometry(len(base))
        return cls(len(base), tuple(base) + (EMPTY,) * (shape.size - len(base)))

    @property
    def geometry(self) -> Geometry:
        """The pyramid's shape."""
        return geometry(self.width)

    @property
    def top(self) -> Slot:
        """The top slot (level ``width - 1``)."""
        return self.geometry.top

    def __reduce__(self) -> tuple[type[Pyramid], tuple[int, tuple[int, ...]]]:
        """Pickled as its width and cells (not the cached views)."""
        return (Pyramid, (self.width, self.cells))

    @cached_property
    def cards(self) -> Mapping[Slot, int]:
        """The card id at each filled slot (a read-only view)."""
        slots = self.geometry.slots
        return MappingProxyType(
            {slots[i]: card for i, card in enumerate(self.cells) if card != EMPTY}
        )

    def card_at(self, slot: Slot) -> int | None:
        """The card id at ``slot``, or ``None`` when it is empty (or not in the pyramid)."""
        i = self.geometry.index.get(slot)
        if i is None or self.cells[i] == EMPTY:
            return None
        return self.cells[i]

    def contains(self, slot: Slot) -> bool:
        """Whether the slot lies in this pyramid."""
        return self.geometry.contains(slot)

    @cached_property
    def open_indexes(self) -> tuple[int, ...]:
        """Indexes of the empty slots whose two supports are filled."""
        cells = self.cells
        result = []
        for i, support in enumerate(self.geometry.supports):
            if support is not None and cells[i] == EMPTY:
                a, b = support
                if cells[a] != EMPTY and cells[b] != EMPTY:
                    result.append(i)
        return tuple(result)

    def open_slots(self) -> tuple[Slot, ...]:
        """The empty slots whose two supports are filled (where a card may go), bottom up."""
        slots = self.geometry.slots
        return tuple(slots[i] for i in self.open_indexes)

    def is_open(self, slot: Slot) -> bool:
        """Whether a card may rest on ``slot`` (empty, both supports filled)."""
        i = self.geometry.index.get(slot)
        return i is not None and i in self.open_indexes

    def is_end(self, slot: Slot) -> bool:
        """Whether ``slot`` is at an end of its row (the top is not: Ruling R4)."""
        i = self.geometry.index.get(slot)
        return i is not None and self.geometry.ends[i]

    def neighbours(self, slot: Slot) -> tuple[Slot, ...]:
        """Ruling R3: the slots sharing part of a side with ``slot``: the two below and the
        two above (fewer at the edges); the slots beside it in its row do not count."""
        shape = self.geometry
        return tuple(shape.slots[i] for i in shape.neighbours[shape.index[slot]])

    def place(self, slot: Slot, card: int) -> Pyramid:
        """The pyramid with ``card`` at ``slot`` (no rule is checked here)."""
        i = self.geometry.index[slot]
        cells = self.cells
        return Pyramid(self.width, (*cells[:i], card, *cells[i + 1 :]))

    @property
    def complete(self) -> bool:
        """Whether the top is filled (the game is over)."""
        return self.cells[-1] != EMPTY

    @property
    def placed(self) -> int:
        """Cards above the base row."""
        return sum(1 for card in self.cells[self.width :] if card != EMPTY)

    def rows(self) -> tuple[tuple[int | None, ...], ...]:
        """The card ids row by row, the base row first (``None`` where empty)."""
        result = []
        start = 0
        for level in range(self.width):
            count = self.width - level
            row = self.cells[start : start + count]
            result.append(tuple(None if c == EMPTY else c for c in row))
            start += count
        return tuple(result)
