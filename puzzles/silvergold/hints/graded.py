"""Graded hints for the next turn of a puzzle: the aim, then the area, then the move.

Each level adds to the one before and never tells more than its own level:

1. **Aim** — what the best line goes for next, in game terms and without cells: "light
   this round's torch (the best line does it within 2 turns)", "reach the tomb of card 17:
   it can be reached in 3 turns", "take the skull before the potion".
2. **Area** — the card and a part of its room (cells to highlight): the best placement
   lies inside, and so do at least :data:`MIN_AREA_MOVES` legal moves of that card (when
   the card has that many), so the area never pins the placement down.
3. **Move** — the exact move in notation, with what it is worth.

Hints are data (:class:`Hint`); the text is built from it and names cells only at level 3.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import IntEnum
from typing import Any

from ....solver.silvergold.cards import Symbol
from ....solver.silvergold.cells import (
    CELLS,
    COLUMN_NAMES,
    CellMask,
    cell_str,
    cells_of,
    column_of,
    count,
    mask_of,
    row_of,
)
from ....solver.silvergold.line import BestLine, LinePosition, best_reachable
from ....solver.silvergold.moves import Move, move_str
from ....solver.silvergold.objective import DEFAULT_TIME_LIMIT
from ....solver.silvergold.problem import Objective
from .events import EventKind, LineEvent, line_events

MIN_AREA_MOVES = 3
"""Legal moves of the hinted card that fit inside a level-2 area (when the card has that many)."""

MAX_AIMS = 4
"""Aims listed at level 1, soonest first."""


class HintLevel(IntEnum):
    """How much a hint tells."""

    AIM = 1
    AREA = 2
    MOVE = 3


@dataclass(frozen=True)
class Aim:
    """One thing the best line goes for; ``turn`` is the 1-based puzzle turn it happens on."""

    kind: str
    text: str
    turn: int | None = None
    card: int | None = None

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        return {"kind": self.kind, "turn": self.turn, "card": self.card, "text": self.text}


@dataclass(frozen=True)
class Area:
    """A part of a card's room that holds the best placement (and other legal moves)."""

    card: int
    cells: CellMask

    def bounds(self) -> tuple[int, int, int, int]:
        """0-based ``(top row, bottom row, left column, right column)`` of the area."""
        cells = list(cells_of(self.cells))
        rows = [row_of(cell) for cell in cells]
        columns = [column_of(cell) for cell in cells]
        return min(rows), max(rows), min(columns), max(columns)

    def describe(self) -> str:
        """``rows 2-4, columns B-D`` (no cell names, so no placement is spelt out)."""
        top, bottom, left, right = self.bounds()
        rows = f"row {top + 1}" if top == bottom else f"rows {top + 1}-{bottom + 1}"
        if left == right:
            columns = f"column {COLUMN_NAMES[left]}"
        else:
            columns = f"columns {COLUMN_NAMES[left]}-{COLUMN_NAMES[right]}"
        return f"{rows}, {columns}"


@dataclass(frozen=True)
class Hint:
    """A hint for the next turn of ``best.start``, telling up to ``level``."""

    level: HintLevel
    best: BestLine
    aims: tuple[Aim, ...]
    area: Area | None
    move: Move | None

    @property
    def at(self) -> LinePosition:
        """The line position the hint is about."""
        return self.best.start

    @property
    def turn(self) -> int:
        """1-based puzzle turn the hint is for."""
        return self.at.turn + 1

    def with_card_numbers(self) -> bool:
        """Whether moves are written with card numbers (more than one card in play)."""
        return len(self.at.position.cards) > 1

    def text_lines(self, *, newest_first: bool = False) -> list[str]:
        """The hint in words, one line per point; cells are named at level 3 only.
        ``newest_first``: the line this level added (the area, the move) before the
        others, so a short panel shows it above the fold."""
        lines = self._lines()
        if newest_first and (self.move is not None or self.area is not None):
            return [lines[-1], *lines[:-1]]
        return lines

    def _lines(self) -> list[str]:
        best = self.best
        reach = (
            f"{best.score}" if best.exact else f"at least {best.score} (at most {best.score_bound})"
        )
        lines = [f"Best score still reachable: {reach}."]
        lines.extend(aim.text for aim in self.aims)
        if self.area is not None:
            lines.append(
                f"Area: play on card {self.area.card}, in {self.area.describe()} "
                "(the highlighted cells)."
            )
        if self.move is not None:
            lines.append(
                f"Move: {move_str(self.move, with_card=self.with_card_numbers())} "
                f"({self._move_value()})."
            )
        return lines

    def _move_value(self) -> str:
        at = self.at
        after = at.after(self.best.next_move).position
        gained = at.position.gain(after)
        now = f"{gained:+d} now" if gained else "no points now"
        return f"{now}; keeps {self.best.score} within reach"

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form: ``best_before`` and the aims; the area and move by level."""
        data: dict[str, Any] = {
            "level": int(self.level),
            "turn": self.turn,
            "expedition": self.at.expedition.name,
            "best_before": self.best.score,
            "exact": self.best.exact,
            "aim": [aim.to_dict() for aim in self.aims],
        }
        if self.area is not None:
            data["area"] = {
                "card": self.area.card,
                "cells": [cell_str(cell) for cell in cells_of(self.area.cells)],
            }
        if self.move is not None and self.move.mark is not None:
            mark = self.move.mark
            data["move"] = {
                "card": mark.card,
                "cells": [cell_str(cell) for cell in cells_of(mark.cells)],
                "extras": [
                    {"card": extra.card, "cell": cell_str(next(cells_of(extra.cells)))}
                    for extra in self.move.extras
                ],
                "notation": move_str(self.move, with_card=self.with_card_numbers()),
            }
            data["best_after"] = self.best.score
        return data


def hint(
    at: LinePosition,
    level: HintLevel,
    objective: Objective = Objective.POINTS,
    *,
    best: BestLine | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Hint:
    """The hint of ``level`` for the next turn of ``at`` (``best`` if already solved)."""
    if best is None:
        best = best_reachable(at, objective, time_limit=time_limit)
    move = best.next_move
    area = best_area(at, move) if level >= HintLevel.AREA and move.mark is not None else None
    return Hint(
        level=level,
        best=best,
        aims=aims_of(best),
        area=area,
        move=move if level >= HintLevel.MOVE else None,
    )


# --- level 1: the aim ---------------------------------------------------------------------


def aims_of(best: BestLine) -> tuple[Aim, ...]:
    """What the best line goes for from its start, soonest first, in words without cells."""
    at = best.start
    events = line_events(best.line, at.turn)
    aims = [*_torch_aims(at, events), *_tomb_aims(at, events), *_gem_aims(at, events)]
    aims.sort(key=lambda aim: aim.turn if aim.turn is not None else 10**6)
    aims = aims[:MAX_AIMS]
    aims.extend(_skull_aims(at, events))
    aims.extend(_unreached_tombs(at, best))
    if not aims:
        aims.append(Aim("nothing", "No more points are within reach in the turns left."))
    return tuple(aims)


def _from_now(at: LinePosition, turn: int) -> str:
    ahead = turn - at.turn
    if ahead == 0:
        return "this turn"
    return f"within {ahead + 1} turns (by turn {turn + 1})"


def _torch_aims(at: LinePosition, events: tuple[LineEvent, ...]) -> list[Aim]:
    aims = []
    for event in events:
        if event.kind is not EventKind.TORCH:
            continue
        which = (
            "this round's torch"
            if event.round_number == at.round_number
            else (f"the torch of round {event.round_number}")
        )
        aims.append(
            Aim(
                "torch",
                f"Light {which} on card {event.card}: the best line does it "
                f"{_from_now(at, event.turn)}.",
                event.turn + 1,
                event.card,
            )
        )
    return aims


def _tomb_aims(at: LinePosition, events: tuple[LineEvent, ...]) -> list[Aim]:
    return [
        Aim(
            "tomb",
            f"Reach the tomb of card {event.card}: it can be reached {_from_now(at, event.turn)}.",
            event.turn + 1,
            event.card,
        )
        for event in events
        if event.kind is EventKind.TOMB
    ]


def _gem_aims(at: LinePosition, events: tuple[LineEvent, ...]) -> list[Aim]:
    gems = [e for e in events if e.kind in (EventKind.RED_GEM, EventKind.GREEN_GEM)]
    if not gems:
        return []
    red = sum(e.count for e in gems if e.kind is EventKind.RED_GEM)
    green = sum(e.count for e in gems if e.kind is EventKind.GREEN_GEM)
    parts = [
        f"{n} {colour} gem{'s' if n > 1 else ''}"
        for n, colour in ((red, "red"), (green, "green"))
        if n
    ]
    return [
        Aim(
            "gems",
            f"Collect {' and '.join(parts)} along the way; the first comes "
            f"{_from_now(at, gems[0].turn)}.",
            gems[0].turn + 1,
        )
    ]


def _skull_aims(at: LinePosition, events: tuple[LineEvent, ...]) -> list[Aim]:
    skulls = [e for e in events if e.kind is EventKind.SKULL]
    potions = [e for e in events if e.kind is EventKind.POTION]
    taken = sum(e.count for e in skulls)
    if skulls and potions and potions[-1].turn >= skulls[0].turn:
        return [
            Aim(
                "potion",
                "Take the skull before the potion: the potion then erases it.",
                potions[-1].turn + 1,
            )
        ]
    if taken:
        return [Aim("skulls", f"The best line accepts {taken} skull{'s' if taken > 1 else ''}.")]
    in_play = at.position.in_play()
    if any(state.room.mask(Symbol.SKULL) & ~state.marked for state in in_play):
        return [Aim("skulls", "The best line takes no skull.")]
    return []


def _unreached_tombs(at: LinePosition, best: BestLine) -> list[Aim]:
    """Cards the best line does not complete: out of reach, or not worth completing.

    Out of reach means more cells to the tomb than the turns left can mark at most: every
    pattern still to come, plus one extra mark per red cross still unmarked.
    """
    done = best.completion_turns()
    in_play = at.position.in_play()
    crosses = sum((state.room.mask(Symbol.CROSS) & ~state.marked).bit_count() for state in in_play)
    capacity = sum(e.size for e in at.instance.expeditions[at.turn :]) + crosses
    aims = []
    for state in in_play:
        if done.get(state.number) is not None:
            continue
        to_go = state.cells_to_tomb()
        why = (
            "is out of reach in the turns left"
            if to_go > capacity
            else "is not worth reaching: the best line scores more elsewhere"
        )
        aims.append(
            Aim(
                "no-tomb",
                f"The tomb of card {state.number} {why} ({to_go} cells to go).",
                card=state.number,
            )
        )
    return aims


# --- level 2: the area --------------------------------------------------------------------


def _surrounding(cell: int) -> CellMask:
    row, column = row_of(cell), column_of(cell)
    return mask_of(
        other
        for other in CELLS
        if abs(row_of(other) - row) <= 1 and abs(column_of(other) - column) <= 1
    )


_SURROUNDING = tuple(_surrounding(cell) for cell in CELLS)


def _grown(mask: CellMask) -> CellMask:
    grown = 0
    for cell in cells_of(mask):
        grown |= _SURROUNDING[cell]
    return grown


def best_area(at: LinePosition, move: Move) -> Area:
    """The level-2 area around ``move``'s placement (its extra marks are not hinted).

    The placement's cells grow ring by ring (diagonals included) over the room's non-wall
    cells until at least :data:`MIN_AREA_MOVES` legal moves on that card fit inside, or the
    area covers the whole room; the area is always strictly larger than the placement. The
    area returned leaves out cells already marked, so what :meth:`Area.describe` says is
    exactly the span of the cells a drawing highlights.
    """
    if move.mark is None:
        raise ValueError("a pass has no area")
    card = move.mark.card
    room = at.position.card(card).room
    placements = [
        m.mark.cells for m in at.legal_moves() if m.mark is not None and m.mark.card == card
    ]
    placements = list(dict.fromkeys(placements))
    # The area grows through marked cells too, but holds only cells still open to marks:
    # those are the cells highlighted, and its rows and columns in words are theirs.
    unmarked = room.open_mask & ~at.position.card(card).marked
    area = move.mark.cells
    while True:
        grown = _grown(area) & room.open_mask
        if grown == area:
            return Area(card, area & unmarked)
        area = grown
        fitting = sum(1 for cells in placements if cells & ~area == 0)
        if fitting >= min(MIN_AREA_MOVES, len(placements)) and count(area & unmarked) > count(
            move.mark.cells
        ):
            return Area(card, area & unmarked)
