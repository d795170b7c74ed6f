"""Widgets of the full-screen game: a pyramid card you can point at, and small drawings.

:class:`CardView` draws a room with its symbols in colour (the looks of :mod:`..render`),
the marks labelled by turn, the ghost of the pattern under the cursor and a hint's area;
moving the mouse over a cell or clicking it posts a message the screen turns into a cursor
move or a placement.

Nothing is told by colour alone: a legal ghost cell carries a check and an illegal one a
cross (green and red are one colour to many colour-blind players), and the card under an
illegal ghost gets a dashed border instead of a solid one. Under ``NO_COLOR`` every
drawing goes through the core's :class:`~silverpyr.cli.core.tui.colour.Colourless` (colours
dropped, a coloured background becomes reverse video), since Textual's own answer, greys by
luminance, leaves a red gem grey 236 on grey 233: the core's
:class:`~silverpyr.cli.core.tui.base.Shown` is a ``Static`` that does it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from rich.console import Group, RenderableType
from rich.style import Style
from rich.text import Text
from textual import events
from textual.message import Message
from textual.widget import Widget

from ....solver.silvergold.cards import Expedition, PyramidCard, Symbol
from ....solver.silvergold.cells import COLUMN_NAMES, SIZE, CellMask, cell_at
from ...core.tui.base import no_colour
from ...core.tui.colour import Colourless
from ..render import SYMBOL_LOOKS, card_title, room_legend
from .placing import Ghost

CELL = 4
"""Characters per drawn cell."""
ROW_LABEL = 2
"""Characters of the row labels left of the grid."""

MARK_STYLE = "bold black on bright_cyan"
GHOST_STYLE = "bold bright_white on green4"
ILLEGAL_STYLE = "bold bright_white on red3"
AREA_STYLE = "on grey35"
GHOST_GLYPH = "\u2713"
"""A check: this cell of the ghost may be marked (told without colour)."""
ILLEGAL_GLYPH = "\u2717"
"""A cross: the ghost may not go there."""
MONO_GHOST_STYLE = "bold underline"
"""The ghost under ``NO_COLOR``: underlined, not reversed like a mark."""


class CardView(Widget):
    """One pyramid card: the room, its marks, the ghost and a hint's area."""

    class Pointed(Message):
        """The mouse is over a cell of the card (0-based row and column)."""

        def __init__(self, card: int, row: int, column: int) -> None:
            super().__init__()
            self.card, self.row, self.column = card, row, column

    class Clicked(Pointed):
        """A cell of the card was clicked."""

    def __init__(self, card: PyramidCard, *, id: str | None = None) -> None:
        super().__init__(id=id, classes="card")
        self.card = card
        self.labels: Mapping[int, str] = {}
        self.ghost: Ghost | None = None
        self.area: CellMask = 0
        self.complete = False
        # Text, not its markup: Textual would parse the markup's Rich colour names
        # (medium_purple1) itself, failing into a slow fuzzy search on every draw.
        self.border_title = card_title(card)

    def show(
        self,
        labels: Mapping[int, str],
        *,
        ghost: Ghost | None = None,
        area: CellMask = 0,
        complete: bool = False,
    ) -> None:
        """Draw the card with these marks, ghost and area."""
        self.labels = labels
        self.ghost = ghost if ghost is not None and ghost.card == self.card.number else None
        self.area = area
        self.complete = complete
        self.set_class(self.ghost is not None, "active")
        self.set_class(self.ghost is not None and not self.ghost.legal, "illegal")
        title = card_title(self.card)
        if complete:
            title.append(" complete", style="bold green")
        self.border_title = title
        self.refresh()

    def render(self) -> RenderableType:
        mono = no_colour(self)
        text = room_text(self.card, self.labels, ghost=self.ghost, area=self.area, mono=mono)
        return Colourless(text) if mono else text

    def _cell_at(self, event: events.MouseEvent) -> tuple[int, int] | None:
        offset = event.get_content_offset(self)
        if offset is None:
            return None
        row, column = offset.y - 1, (offset.x - ROW_LABEL) // CELL
        if 0 <= row < SIZE and 0 <= column < SIZE and offset.x >= ROW_LABEL:
            return row, column
        return None

    def on_mouse_move(self, event: events.MouseMove) -> None:
        where = self._cell_at(event)
        if where is not None:
            self.post_message(self.Pointed(self.card.number, *where))

    def on_click(self, event: events.Click) -> None:
        where = self._cell_at(event)
        if where is not None:
            self.post_message(self.Clicked(self.card.number, *where))


def room_text(
    card: PyramidCard,
    labels: Mapping[int, str],
    *,
    ghost: Ghost | None = None,
    area: CellMask = 0,
    mono: bool = False,
) -> Text:
    """The room as a grid of ``CELL``-wide cells with column and row labels.

    A ghost cell ends in a check (legal) or a cross (not); ``mono`` draws the ghost
    underlined instead of on green or red, for :class:`Colourless`.
    """
    text = Text(no_wrap=True, overflow="ignore")
    header = " " * ROW_LABEL + "".join(f" {name}".ljust(CELL) for name in COLUMN_NAMES)
    text.append(header.rstrip() + "\n", style="bold")
    room = card.room
    ghost_cells = ghost.cells if ghost is not None else 0
    legal = ghost is None or ghost.legal
    ghost_style = MONO_GHOST_STYLE if mono else GHOST_STYLE if legal else ILLEGAL_STYLE
    glyph = GHOST_GLYPH if legal else ILLEGAL_GLYPH
    for row in range(SIZE):
        text.append(f"{row + 1} ", style="bold")
        for column in range(SIZE):
            cell = cell_at(row, column)
            symbol = room.symbol_at(cell)
            look = SYMBOL_LOOKS[symbol]
            label = labels.get(cell)
            char = "\u00b7" if symbol is Symbol.PLAIN else look.char
            if ghost_cells >> cell & 1:
                wall = symbol is Symbol.WALL
                body = "\u2588" * (CELL - 1) if wall else f"{label or '':>2}{char}"
                text.append(body + glyph, style=ghost_style)
            elif symbol is Symbol.WALL:
                text.append("\u2588" * CELL, style=look.style)
            elif label is not None:
                text.append(f"{label:>2}", style=MARK_STYLE)
                text.append(char, style=Style.parse(look.style) + Style.parse(MARK_STYLE))
                text.append(" ")
            elif area >> cell & 1:
                text.append(f" [{char}]", style=Style.parse(look.style) + Style.parse(AREA_STYLE))
            else:
                text.append(f"  {char} ", style=look.style)
        if row < SIZE - 1:
            text.append("\n")
    return text


def legend(cards: Sequence[PyramidCard], *, mono: bool = False) -> Text:
    """The symbols on these cards, what a mark and the ghost look like."""
    room = cards[0].room if len(cards) == 1 else None
    text = room_legend(room, marked_note="marked on turn 3", width=76)
    text.append("\n")
    text.append(f" \u00b7{GHOST_GLYPH}", style=MONO_GHOST_STYLE if mono else GHOST_STYLE)
    text.append(" the pattern goes there  ")
    text.append(f" \u00b7{ILLEGAL_GLYPH}", style=MONO_GHOST_STYLE if mono else ILLEGAL_STYLE)
    text.append(" not allowed there  ")
    text.append("[\u00b7]", style=AREA_STYLE)
    text.append(" hint area")
    return text


def pattern_text(expedition: Expedition, style: str = "") -> Text:
    """The pattern as blocks, e.g. for the revealed card."""
    return Text(
        "\n".join(
            " ".join("\u25a0" if ch == "X" else " " for ch in row) for row in expedition.pattern()
        ),
        style=style,
    )


def strip(expeditions: Sequence[Expedition], current: int | None, *, done: int) -> RenderableType:
    """Expedition cards side by side: ``current`` framed heavy, the first ``done`` greyed."""
    from rich import box
    from rich.columns import Columns
    from rich.panel import Panel

    rows = max((len(e.pattern()) for e in expeditions), default=1)
    panels = []
    for index, expedition in enumerate(expeditions):
        style = "bold yellow" if index == current else ("grey50" if index < done else "")
        title = f"{index + 1} {expedition.name}" + (" \u2713" if index < done else "")
        panels.append(
            Panel(
                pattern_text(expedition, style),
                title=title,
                title_align="left",
                box=box.HEAVY if index == current else box.ROUNDED,
                border_style=style,
                width=11,
                height=rows + 2,
            )
        )
    return Group(Columns(panels, padding=(0, 0)))
