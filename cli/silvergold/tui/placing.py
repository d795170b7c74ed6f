"""The pattern under the cursor, and the move it builds, mark by mark (no Textual here).

A :class:`Placer` holds what the player points at: a card in play, one of the revealed
pattern's orientations (``Expedition.orientations``, the engine's own list), the cursor cell
and whether a single cell is marked instead. Its :meth:`~Placer.ghost` is the cells that
would be marked and the engine's reason when that is illegal (``CardState.why_illegal``).
:meth:`~Placer.place` adds the ghost to the move; ``Position.after_marks`` then says how
many extra marks the red crosses still owe, each placed the same way as a single cell.
Geometry only lives here (turning and mirroring a shape, clamping it into the room); every
rule is the engine's.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ....solver.silvergold.cards import Expedition
from ....solver.silvergold.cells import SIZE, CellMask, cell_at, cells_of, column_of, row_of
from ....solver.silvergold.moves import Mark, Move
from ....solver.silvergold.position import Position

Shape = frozenset[tuple[int, int]]


def _normalise(shape: set[tuple[int, int]] | Shape) -> Shape:
    top = min(r for r, _ in shape)
    left = min(c for _, c in shape)
    return frozenset((r - top, c - left) for r, c in shape)


def _shape_of(cells: CellMask) -> Shape:
    return _normalise({(row_of(cell), column_of(cell)) for cell in cells_of(cells)})


@dataclass(frozen=True)
class Ghost:
    """The cells the cursor would mark on card ``card``, and why that is illegal (if it is)."""

    card: int
    cells: CellMask
    reason: str | None

    @property
    def legal(self) -> bool:
        """Whether placing the ghost breaks no rule."""
        return self.reason is None


@dataclass
class Placer:
    """The cursor over one turn's position and the move being built."""

    start: Position
    expedition: Expedition
    round_number: int
    marks: list[Mark] = field(default_factory=list)
    """The placement and the extra marks made so far this turn."""
    card_index: int = 0
    orientation: int = 0
    single: bool = False
    row: int = 0
    column: int = 0
    hint: Move | None = None
    """A hinted move the ghost follows: its pattern, then each extra mark its red crosses
    owe, as long as the marks made so far are the hint's."""

    def __post_init__(self) -> None:
        in_play = self.cards_in_play()
        if in_play:
            entrance = self.start.card(in_play[0]).room.entrance
            self.row, self.column = row_of(entrance), column_of(entrance)
        self._clamp()

    # --- where things stand -----------------------------------------------------------

    @property
    def position(self) -> Position:
        """The position after the marks made so far this turn."""
        return self._after()[0]

    @property
    def owed(self) -> int:
        """Extra marks the red crosses still owe (0 before the placement)."""
        return self._after()[1] if self.marks else 0

    @property
    def extra_mode(self) -> bool:
        """Whether the next mark is an extra mark (a single cell on any card)."""
        return bool(self.marks) and self.owed > 0

    def _after(self) -> tuple[Position, int]:
        if not self.marks:
            return self.start, 0
        move = Move(self.marks[0], tuple(self.marks[1:]))
        return self.start.after_marks(move, self.expedition, self.round_number)

    def cards_in_play(self) -> list[int]:
        """Numbers of the cards that can take marks now."""
        return [state.number for state in self.position.in_play()]

    @property
    def card(self) -> int:
        """The number of the card the cursor is on."""
        in_play = self.cards_in_play()
        return in_play[self.card_index % len(in_play)] if in_play else 0

    @property
    def is_single(self) -> bool:
        """Whether the ghost is one cell (the single-cell mark, or an extra mark)."""
        return self.single or self.extra_mode

    def shape(self) -> Shape:
        """The shape under the cursor: one orientation of the pattern, or a single cell."""
        if self.is_single:
            return frozenset({(0, 0)})
        orientations = self.expedition.orientations
        return orientations[self.orientation % len(orientations)]

    def ghost(self) -> Ghost:
        """The cells under the cursor and the engine's reason when they may not be marked."""
        shape = self.shape()
        first_row, first_column = min(shape)
        cells = 0
        for r, c in shape:
            cells |= 1 << cell_at(self.row + r - first_row, self.column + c - first_column)
        card = self.card
        if not card:
            return Ghost(0, 0, "no card in play")
        state = self.position.card(card)
        reason = state.why_illegal(cells, None if self.is_single else self.expedition)
        return Ghost(card, cells, reason)

    # --- moving the cursor ------------------------------------------------------------

    def _clamp(self) -> None:
        """Move the cursor so the whole shape stays inside the room."""
        shape = self.shape()
        first_row, first_column = min(shape)
        rows = [r - first_row for r, _ in shape]
        columns = [c - first_column for _, c in shape]
        self.row = max(-min(rows), min(self.row, SIZE - 1 - max(rows)))
        self.column = max(-min(columns), min(self.column, SIZE - 1 - max(columns)))

    def move(self, rows: int, columns: int) -> None:
        """Shift the cursor (the shape stays inside the room)."""
        self.row += rows
        self.column += columns
        self._clamp()

    def point(self, card: int, row: int, column: int) -> None:
        """Put the cursor on ``card`` at the cell (``row``, ``column``) (mouse hover)."""
        in_play = self.cards_in_play()
        if card in in_play:
            self.card_index = in_play.index(card)
        self.row, self.column = row, column
        self._clamp()

    def _turned(self, turn: bool) -> None:
        if self.is_single:
            return
        shape = self.shape()
        changed = {(c, -r) for r, c in shape} if turn else {(r, -c) for r, c in shape}
        orientations = self.expedition.orientations
        self.orientation = orientations.index(_normalise(changed))
        self._clamp()

    def rotate(self) -> None:
        """Turn the pattern a quarter clockwise."""
        self._turned(turn=True)

    def mirror(self) -> None:
        """Mirror the pattern left to right."""
        self._turned(turn=False)

    def toggle_single(self) -> None:
        """Switch between the pattern and a single-cell mark (not while extras are owed).

        When the pattern fits nowhere (the way out says to press ``s``) and the cell under
        the cursor cannot take a mark, the ghost goes to the first cell that can.
        """
        if self.extra_mode:
            return
        nowhere = self.fits_nowhere()
        self.single = not self.single
        self._clamp()
        if nowhere and not self.ghost().legal:
            self.step(1)

    def next_card(self) -> None:
        """Move the cursor to the next card in play, keeping the cell."""
        if self.cards_in_play():
            self.card_index = (self.card_index + 1) % len(self.cards_in_play())

    def show(self, mark: Mark) -> None:
        """Put the ghost exactly on ``mark`` (stepping through legal placements, a hint)."""
        in_play = self.cards_in_play()
        if mark.card in in_play:
            self.card_index = in_play.index(mark.card)
        if not self.extra_mode:
            self.single = mark.is_single
            if not mark.is_single:
                self.orientation = self.expedition.orientations.index(_shape_of(mark.cells))
        first = next(cells_of(mark.cells))
        self.row, self.column = row_of(first), column_of(first)

    def follow(self, hint: Move) -> None:
        """Put the ghost on ``hint``'s pattern, and after each mark of it on its next extra
        mark (a level-3 hint: the whole move, red crosses included)."""
        self.hint = hint
        if hint.mark is not None:
            self.show(hint.mark)

    def _follow_hint(self) -> None:
        if self.hint is None:
            return
        hinted = self.hint.marks()
        made = len(self.marks)
        if len(hinted) > made and list(hinted[:made]) == self.marks:
            self.show(hinted[made])

    def fits_nowhere(self) -> bool:
        """Whether the pattern is under the cursor but has no legal placement on any card in
        play: then only a single cell can be marked, whatever spot the ghost is on."""
        if self.is_single:
            return False
        return not any(state.legal_footprints(self.expedition) for state in self.position.in_play())

    def way_out(self) -> str | None:
        """When the pattern fits nowhere, what the player can do instead, with the key;
        ``None`` otherwise (the ghost's own reason, per spot, is then the useful one)."""
        if not self.fits_nowhere():
            return None
        if self.position.legal_extra_marks():  # the single cells a mark may take
            return (
                f"{self.expedition.name} fits nowhere on your cards: "
                "press s to mark a single cell instead"
            )
        return "Nothing can be marked this turn: press : and type - to pass"

    def candidates(self) -> list[Mark]:
        """The legal marks now, in the engine's order: placements of the pattern and single
        cells, or the extra marks while the red crosses owe some."""
        position = self.position
        if self.extra_mode:
            return position.legal_extra_marks()
        return position.legal_marks(self.expedition)

    def step(self, offset: int) -> None:
        """Show the next (``+1``) or previous (``-1``) legal mark after the ghost."""
        marks = self.candidates()
        if not marks:
            return
        ghost = self.ghost()
        here = Mark(ghost.card, ghost.cells)
        index = marks.index(here) + offset if here in marks else (0 if offset > 0 else -1)
        self.show(marks[index % len(marks)])

    # --- building the move ------------------------------------------------------------

    def place(self) -> Move | str | None:
        """Add the ghost to the move.

        Returns the reason when the ghost is illegal (nothing changes), the whole move
        when no extra mark is owed, else ``None`` (place the extras next).
        """
        ghost = self.ghost()
        if ghost.reason is not None:
            return ghost.reason
        self.marks.append(Mark(ghost.card, ghost.cells))
        if self.owed:
            self.single = True
            self._clamp()
            self._follow_hint()
            return None
        return Move(self.marks[0], tuple(self.marks[1:]))

    def take_back(self) -> bool:
        """Take back the last mark of a move not yet whole; ``False`` when none was made."""
        if not self.marks:
            return False
        self.marks.pop()
        if not self.marks:
            self.single = False
        return True
