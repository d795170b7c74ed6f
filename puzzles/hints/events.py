"""What happens along a line, turn by turn: torches lit, tombs reached, gems, skulls, potions.

The hints explain a line in these terms ("light this round's torch", "reach the tomb of
card 17 in 3 turns") and the move feedback compares two lines category by category. Cell
names never appear here, so nothing built from events gives a placement away.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from ...solver.cards import Symbol
from ...solver.cells import count
from ...solver.position import Position
from ...solver.problem import LineResult
from ...solver.sheet import puzzle_score


class EventKind(StrEnum):
    """Something a line does that matters for the score."""

    TORCH = "torch"
    """A torch box is ticked (only the first torch of a round counts)."""
    TOMB = "tomb"
    """A card is completed."""
    RED_GEM = "red gem"
    GREEN_GEM = "green gem"
    SKULL = "skull"
    POTION = "potion"


_SYMBOL_EVENTS = {
    Symbol.RED_GEM: EventKind.RED_GEM,
    Symbol.GREEN_GEM: EventKind.GREEN_GEM,
    Symbol.SKULL: EventKind.SKULL,
    Symbol.POTION: EventKind.POTION,
}


@dataclass(frozen=True)
class LineEvent:
    """``count`` times ``kind`` on card ``card`` in the 0-based ``turn`` of the line."""

    kind: EventKind
    turn: int
    round_number: int
    card: int
    count: int = 1


def line_events(line: LineResult, since: int = 0) -> tuple[LineEvent, ...]:
    """The events of ``line`` from the 0-based turn ``since`` on, in the order they happen."""
    events: list[LineEvent] = []
    for turn in range(since, line.instance.turns):
        events.extend(_turn_events(line, turn))
    return tuple(events)


def _turn_events(line: LineResult, turn: int) -> Iterator[LineEvent]:
    before, after = line.positions[turn], line.positions[turn + 1]
    round_number = line.instance.round_of(turn)
    torch_lit = after.sheet.has_torch(round_number) and not before.sheet.has_torch(round_number)
    for mark in line.moves[turn].marks():
        room = before.card(mark.card).room
        if torch_lit and mark.cells & room.mask(Symbol.TORCH):
            yield LineEvent(EventKind.TORCH, turn, round_number, mark.card)
            torch_lit = False
        for symbol, kind in _SYMBOL_EVENTS.items():
            found = count(mark.cells & room.mask(symbol))
            if found:
                yield LineEvent(kind, turn, round_number, mark.card, found)
        if mark.cells >> room.tomb & 1:
            yield LineEvent(EventKind.TOMB, turn, round_number, mark.card)


class Category(StrEnum):
    """A part of the puzzle score (RULES.md, Solo play and puzzles)."""

    TORCHES = "torches"
    COMPLETED = "completed cards"
    GEMS = "gems"
    SKULLS = "skulls"


def category_points(start: Position, now: Position) -> dict[Category, int]:
    """Puzzle points per category of ``now``, for a puzzle that started at ``start``."""
    score = puzzle_score(start.sheet, now.sheet)
    return {
        Category.TORCHES: score.torches,
        Category.COMPLETED: score.completed,
        Category.GEMS: score.gems,
        Category.SKULLS: score.skulls,
    }
