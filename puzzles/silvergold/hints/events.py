"""What happens along a line, turn by turn: torches lit, tombs reached, gems, skulls, potions.

The hints explain a line in these terms ("light this round's torch", "reach the tomb of
card 17 in 3 turns") and the move feedback compares two lines category by category. Cell
names never appear here, so nothing built from events gives a placement away.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from enum import StrEnum

from ....solver.silvergold.cards import Symbol
from ....solver.silvergold.position import Position
from ....solver.silvergold.problem import LineResult, TurnReport, turn_reports
from ....solver.silvergold.sheet import puzzle_score


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
    """The events of ``line`` from the 0-based turn ``since`` on, turn by turn, read from
    the engine's :func:`~silverpyr.solver.silvergold.problem.turn_reports` (which cells each turn
    marked, which torch lit the round's box, which tombs were reached)."""
    events: list[LineEvent] = []
    for report in turn_reports(line)[since:]:
        events.extend(_turn_events(report))
    return tuple(events)


def _turn_events(report: TurnReport) -> Iterator[LineEvent]:
    """One turn's events: the torch, then each symbol's count per card, then the tombs."""
    turn, round_number = report.turn - 1, report.round_number
    if report.torch is not None:
        yield LineEvent(EventKind.TORCH, turn, round_number, report.torch)
    for symbol, kind in _SYMBOL_EVENTS.items():
        cards = report.symbols(symbol)
        for card in dict.fromkeys(cards):  # each card once, in the order first marked
            yield LineEvent(kind, turn, round_number, card, cards.count(card))
    for card in report.symbols(Symbol.TOMB):
        yield LineEvent(EventKind.TOMB, turn, round_number, card)


class Category(StrEnum):
    """A part of the puzzle score (docs/silvergold-rules.md, Solo play and puzzles)."""

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
