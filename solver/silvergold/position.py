"""One player's position: the pyramid cards in play with their marks, and the score card.

This is the rules engine for everything a player does in a turn (docs/silvergold-rules.md,
Step 2): legal move generation (pseudo-legal footprints filtered to legal ones, as
python-chess does), the effects of symbols, red-cross extra marks and the order rulings.
The multi-player turn flow (replacements, pyramid points) builds on it in :mod:`.game`;
the solver, puzzles and hints use it as the executable specification.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from .cards import Expedition, PyramidCard, Room, Symbol
from .cells import (
    NEIGHBOUR_MASKS,
    CellMask,
    border_of,
    cell_str,
    cells_of,
    cells_str,
    count,
    flood_fill,
)
from .moves import (
    PASS,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Mark,
    MarkText,
    Move,
    parse_mark_texts,
)
from .sheet import Sheet, points_gained

UNREACHABLE = 10**6
"""Distance of a cell that no marks can reach (a wall, a marked cell, a sealed-off cell)."""


@dataclass(frozen=True)
class CardState:
    """A pyramid card in play and the cells marked on it."""

    card: PyramidCard
    marked: CellMask = 0

    @property
    def number(self) -> int:
        """The card's number."""
        return self.card.number

    @property
    def room(self) -> Room:
        """The card's room."""
        return self.card.room

    def is_complete(self) -> bool:
        """Whether the tomb is marked (the card takes no more marks)."""
        return bool(self.marked >> self.room.tomb & 1)

    def is_started(self) -> bool:
        """Whether any cell is marked."""
        return self.marked != 0

    def single_cells(self) -> CellMask:
        """Cells a single-cell mark may take: the entrance first, then the marked area's border."""
        if self.is_complete():
            return 0
        if not self.marked:
            return 1 << self.room.entrance
        return border_of(self.marked) & self.room.open_mask

    def mark_distances(self) -> tuple[int, ...]:
        """For each cell, the fewest new cells to mark (itself included) before it is marked.

        Marks grow from the entrance (1 on an unmarked card) or from the border of the
        marked area (1 for each border cell), one orthogonal step per new cell; walls and
        marked cells get :data:`UNREACHABLE`, as does everything on a complete card.
        """
        distance = [UNREACHABLE] * len(NEIGHBOUR_MASKS)
        if self.is_complete():
            return tuple(distance)
        room = self.room
        free = room.open_mask & ~self.marked
        frontier = border_of(self.marked) & free if self.marked else 1 << room.entrance
        step = 1
        while frontier:
            for cell in cells_of(frontier):
                distance[cell] = step
            free &= ~frontier
            frontier = border_of(frontier) & free
            step += 1
        return tuple(distance)

    def cells_to_tomb(self) -> int:
        """Fewest cells still to mark to reach the tomb (0 on a complete card).

        On a fresh card this is the length of its shortest entrance-to-tomb route.
        """
        if self.is_complete():
            return 0
        return self.mark_distances()[self.room.tomb]

    def why_unreachable(self) -> str | None:
        """Why no game could have left these marks (``None`` when one could).

        Marks a game makes contain the entrance, avoid walls, connect orthogonally, and
        leave the tomb unmarked while the card is in play (a complete card leaves play).
        Start states of ``solve``, puzzle files and real-game state files are checked here.
        """
        cells, room = self.marked, self.room
        if not cells:
            return None
        walls = cells & room.mask(Symbol.WALL)
        if walls:
            verb = "is a wall" if count(walls) == 1 else "are walls"
            return f"{cells_str(walls)} {verb} and cannot be marked"
        if cells >> room.tomb & 1:
            return f"the tomb {cell_str(room.tomb)} is marked: the card is complete, out of play"
        if not cells >> room.entrance & 1:
            return f"the marks must include the entrance {cell_str(room.entrance)}"
        stray = cells & ~flood_fill(1 << room.entrance, cells)
        if stray:
            verb = "is" if count(stray) == 1 else "are"
            return f"{cells_str(stray)} {verb} not connected to the entrance through marked cells"
        return None

    def free_footprints(self, expedition: Expedition) -> Iterator[CellMask]:
        """Pseudo-legal placements: in the room, on no wall and no marked cell."""
        if self.is_complete():
            return
        blocked = self._blocked()
        for footprint in expedition.footprints:
            if not footprint & blocked:
                yield footprint

    def _blocked(self) -> CellMask:
        """Cells no placement may cover: the walls and the marked cells."""
        return self.marked | self.room.mask(Symbol.WALL)

    def touches(self, cells: CellMask) -> bool:
        """Whether ``cells`` may grow the marked area: entrance first, then adjacency."""
        return bool(cells & self._growth())

    def _growth(self) -> CellMask:
        """Cells of which a placement must cover one: the entrance first, then the cells
        adjacent to the marked area."""
        if not self.marked:
            return 1 << self.room.entrance
        return border_of(self.marked)

    def legal_footprints(self, expedition: Expedition) -> list[CellMask]:
        """Legal placements of ``expedition``: the free footprints that touch, in footprint
        order (:meth:`free_footprints` filtered by :meth:`touches`, in one pass)."""
        if self.is_complete():
            return []
        blocked, growth = self._blocked(), self._growth()
        return [fp for fp in expedition.footprints if not fp & blocked and fp & growth]

    def why_illegal(self, cells: CellMask, expedition: Expedition | None) -> str | None:
        """Why marking ``cells`` here breaks a rule (``None`` when it is legal).

        ``expedition`` is the revealed pattern; a one-cell mark is checked as a single cell.
        """
        if self.is_complete():
            return f"card {self.number} is complete and takes no more marks"
        walls = cells & self.room.mask(Symbol.WALL)
        if walls:
            verb = "is a wall" if count(walls) == 1 else "are walls"
            return f"{cells_str(walls)} {verb} on card {self.number}"
        taken = cells & self.marked
        if taken:
            verb = "is" if count(taken) == 1 else "are"
            return f"{cells_str(taken)} {verb} already marked on card {self.number}"
        if count(cells) > 1 and (expedition is None or cells not in expedition.footprint_set):
            shape = expedition.name if expedition is not None else "the revealed pattern"
            return f"{cells_str(cells)} is not the shape of {shape} (in any rotation or mirror)"
        if not self.touches(cells):
            if not self.marked:
                return (
                    f"the first marks on card {self.number} must include its entrance "
                    f"{cell_str(self.room.entrance)}"
                )
            return f"{cells_str(cells)} does not touch the marked area of card {self.number}"
        return None


@dataclass(frozen=True)
class Position:
    """A player's cards (completed ones stay, marked complete, until replaced) and sheet."""

    cards: tuple[CardState, ...]
    sheet: Sheet = field(default_factory=Sheet)

    @classmethod
    def start(cls, *cards: PyramidCard, sheet: Sheet | None = None) -> Position:
        """Fresh, unmarked ``cards`` with an empty (or the given) sheet."""
        return cls(tuple(CardState(card) for card in cards), sheet or Sheet())

    def card(self, number: int) -> CardState:
        """The card numbered ``number``; ``KeyError`` when it is not here."""
        for state in self.cards:
            if state.number == number:
                return state
        raise KeyError(number)

    def gain(self, after: Position) -> int:
        """Puzzle points a move from here to ``after`` earns at once (see ``points_gained``)."""
        return points_gained(self.sheet, after.sheet)

    def cells_to_tombs(self) -> tuple[int, int]:
        """Cells still to mark on the closest card in play, and on all of them together."""
        remaining = [state.cells_to_tomb() for state in self.in_play()]
        return min(remaining, default=0), sum(remaining)

    def in_play(self) -> tuple[CardState, ...]:
        """Cards that can still take marks."""
        return tuple(state for state in self.cards if not state.is_complete())

    def has_card_in_play(self) -> bool:
        """Whether any card can take marks (otherwise the player passes)."""
        return any(not state.is_complete() for state in self.cards)

    # --- generation -----------------------------------------------------------------

    def legal_marks(self, expedition: Expedition) -> list[Mark]:
        """Every legal placement of ``expedition`` and every legal single cell, per card."""
        marks: list[Mark] = []
        for state in self.in_play():
            footprints = set(state.legal_footprints(expedition))
            footprints.update(1 << cell for cell in cells_of(state.single_cells()))
            marks.extend(Mark(state.number, fp) for fp in sorted(footprints))
        return marks

    def legal_extra_marks(self) -> list[Mark]:
        """Every legal extra (single-cell) mark on any card in play."""
        return [
            Mark(state.number, 1 << cell)
            for state in self.in_play()
            for cell in cells_of(state.single_cells())
        ]

    def legal_moves(self, expedition: Expedition, round_number: int) -> list[Move]:
        """Every legal move, extra marks included, one per distinct resulting position."""
        return [move for move, _ in self.successors(expedition, round_number)]

    def successors(self, expedition: Expedition, round_number: int) -> list[tuple[Move, Position]]:
        """Every legal move with the position it leads to, one per distinct position."""
        if not self.has_card_in_play():
            return [(PASS, self)]
        seen: set[Position] = set()
        result: list[tuple[Move, Position]] = []
        for mark in self.legal_marks(expedition):
            after, crosses = self._resolve(mark, round_number)
            for extras, reached in after._extra_sequences(crosses, round_number):
                if reached not in seen:
                    seen.add(reached)
                    result.append((Move(mark, extras), reached))
        return result

    def _extra_sequences(
        self, pending: int, round_number: int
    ) -> list[tuple[tuple[Mark, ...], Position]]:
        """Every way to make ``pending`` extra marks (and those they earn), one per distinct
        (position, marks still due) state, breadth first so chains never blow up."""
        frontier: list[tuple[tuple[Mark, ...], Position, int]] = [((), self, pending)]
        finished: list[tuple[tuple[Mark, ...], Position]] = []
        seen: set[tuple[Position, int]] = set()
        while frontier:
            following = []
            for extras, position, due in frontier:
                options = position.legal_extra_marks() if due else []
                if not options:  # nothing due, or no legal cell: the rest is lost
                    finished.append((extras, position))
                    continue
                for extra in options:
                    after, crosses = position._resolve(extra, round_number)
                    state = (after, due - 1 + crosses)
                    if state not in seen:
                        seen.add(state)
                        following.append(((*extras, extra), after, due - 1 + crosses))
            frontier = following
        return finished

    # --- effects --------------------------------------------------------------------

    def _resolve(self, mark: Mark, round_number: int) -> tuple[Position, int]:
        """Mark the cells and resolve their symbols; return the position and crosses earned.

        Ruling (docs/silvergold-rules.md, R5 and R6): skulls resolve before potions; gems and
        skulls stop at 10; one torch a round, for the current round only.
        """
        index = next(i for i, state in enumerate(self.cards) if state.number == mark.card)
        state = self.cards[index]
        room = state.room
        cells = mark.cells
        sheet = self.sheet
        if cells & room.symbol_cells:  # only cells with a symbol change the sheet
            for _ in range(count(cells & room.mask(Symbol.RED_GEM))):
                sheet = sheet.with_red_gem()
            for _ in range(count(cells & room.mask(Symbol.GREEN_GEM))):
                sheet = sheet.with_green_gem()
            if cells & room.mask(Symbol.TORCH) and not sheet.has_torch(round_number):
                sheet = sheet.with_torch(round_number)
            for _ in range(count(cells & room.mask(Symbol.SKULL))):
                sheet = sheet.with_skull()
            for _ in range(count(cells & room.mask(Symbol.POTION))):
                sheet = sheet.with_potion()
            if cells >> room.tomb & 1:
                sheet = sheet.with_completed(state.card)
        new_state = CardState(state.card, state.marked | cells)
        cards = (*self.cards[:index], new_state, *self.cards[index + 1 :])
        return Position(cards, sheet), count(cells & room.mask(Symbol.CROSS))

    # --- checked play ---------------------------------------------------------------

    def push(self, move: Move, expedition: Expedition, round_number: int) -> Position:
        """The position after ``move``; ``IllegalMoveError`` says which rule it breaks."""
        if move.mark is None:
            if self.has_card_in_play():
                raise IllegalMoveError("every player with a card in play must mark something")
            return self
        position, owed = self.after_marks(move, expedition, round_number)
        if owed:
            raise IllegalMoveError(
                "a red cross earns an extra mark, which is mandatory while a legal cell exists: "
                "add it after '+' (e.g. +C3)"
            )
        return position

    def after_marks(
        self, move: Move, expedition: Expedition, round_number: int
    ) -> tuple[Position, int]:
        """The position after the marks of ``move`` made so far, and the extra marks still owed.

        For a move built one mark at a time (the full-screen game places the pattern, then
        each extra mark its red crosses earn): 0 owed means the move is whole. An extra that
        has no legal cell left is lost, not owed. ``IllegalMoveError`` says which rule a
        mark breaks; a pass owes nothing.
        """
        if move.mark is None:
            return self, 0
        self._check_mark(move.mark, expedition)
        position, pending = self._resolve(move.mark, round_number)
        for extra in move.extras:
            if pending == 0:
                raise IllegalMoveError(f"no extra mark is due before +{cells_str(extra.cells)}")
            if not extra.is_single:
                raise IllegalMoveError("an extra mark is a single cell")
            position._check_mark(extra, None)
            position, crosses = position._resolve(extra, round_number)
            pending += crosses - 1
        owed = pending if pending and position.legal_extra_marks() else 0
        return position, owed

    def _check_mark(self, mark: Mark, expedition: Expedition | None) -> None:
        try:
            state = self.card(mark.card)
        except KeyError:
            raise IllegalMoveError(f"card {mark.card} is not in play") from None
        reason = state.why_illegal(mark.cells, expedition)
        if reason:
            raise IllegalMoveError(reason)

    def parse_move(self, text: str, expedition: Expedition, round_number: int) -> Move:
        """Parse notation into a legal move, finding the card when it is not named.

        Raises :class:`InvalidMoveError` (syntax), :class:`IllegalMoveError` (rules) or
        :class:`AmbiguousMoveError` (fits more than one card).
        """
        if text.strip() in {"-", "pass"}:
            self.push(PASS, expedition, round_number)
            return PASS
        if not self.has_card_in_play():
            raise IllegalMoveError("you have no card in play: you pass ('-')")
        placement, extras = parse_mark_texts(text)
        mark = self._locate(placement, expedition)
        position, pending = self._resolve(mark, round_number)
        made: list[Mark] = []
        for extra_text in extras:
            if pending == 0:
                raise IllegalMoveError(
                    f"no extra mark is due before +{cells_str(extra_text.cells)}"
                )
            extra = position._locate(extra_text, None)
            position, crosses = position._resolve(extra, round_number)
            pending += crosses - 1
            made.append(extra)
        move = Move(mark, tuple(made))
        self.push(move, expedition, round_number)
        return move

    def _locate(self, text: MarkText, expedition: Expedition | None) -> Mark:
        """The mark ``text`` stands for: on the named card, or the one card it is legal on."""
        if text.card is not None:
            mark = Mark(text.card, text.cells)
            self._check_mark(mark, expedition)
            return mark
        candidates = self.in_play()
        reasons = {s.number: s.why_illegal(text.cells, expedition) for s in candidates}
        legal = [number for number, reason in reasons.items() if reason is None]
        if len(legal) == 1:
            return Mark(legal[0], text.cells)
        if len(legal) > 1:
            names = " or ".join(f"{n}:{cells_str(text.cells)}" for n in legal)
            raise AmbiguousMoveError(
                f"{cells_str(text.cells)} fits more than one card: write {names}"
            )
        if len(candidates) == 1:
            raise IllegalMoveError(str(reasons[candidates[0].number]))
        raise IllegalMoveError("; ".join(str(reason) for reason in reasons.values()))


__all__ = [
    "AmbiguousMoveError",
    "CardState",
    "IllegalMoveError",
    "InvalidMoveError",
    "Position",
]
