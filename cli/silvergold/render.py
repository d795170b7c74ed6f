"""Drawing rooms and pyramid cards for the terminal, reused by every command that shows one.

A room is drawn as a 5x5 grid with column labels ``A``-``E`` and row labels ``1``-``5``.
Each cell shows the letter the card file uses for its symbol (``E`` entrance, ``T`` tomb,
``r`` red gem, ``g`` green gem, ``t`` torch, ``s`` skull, ``p`` potion, ``x`` red cross),
so a drawing stays readable without colour; with colour each symbol gets its own style and
walls become dark blocks. ``plain`` drawings are pure ASCII without styles.

Overlays let other commands draw on top of a room: ``marked`` puts a short label (e.g. the
turn number) into a cell, ``highlight`` frames cells (e.g. a route) in brackets.
This module imports Rich; command modules import it inside their functions.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence, Set
from dataclasses import dataclass

from rich.console import Group
from rich.style import Style
from rich.text import Text

from ...solver.silvergold.cards import Color, PyramidCard, Room, Symbol
from ...solver.silvergold.cells import COLUMN_NAMES, SIZE, cell_at

CELL_WIDTH = 3
"""Characters per drawn cell; a ``marked`` label holds at most ``CELL_WIDTH - 1`` of them."""

MAX_LABEL_LENGTH = CELL_WIDTH - 1

LEGEND_WIDTH = 60
"""Longest legend line; the legend wraps between entries, never inside one."""


@dataclass(frozen=True)
class SymbolLook:
    """How one symbol is drawn: its character, its Rich style, and its name in legends."""

    char: str
    style: str
    name: str


SYMBOL_LOOKS: Mapping[Symbol, SymbolLook] = {
    Symbol.ENTRANCE: SymbolLook("E", "bold bright_white on blue", "entrance"),
    Symbol.TOMB: SymbolLook("T", "bold black on gold1", "golden tomb"),
    Symbol.RED_GEM: SymbolLook("r", "bold red1", "red gem"),
    Symbol.GREEN_GEM: SymbolLook("g", "bold green1", "green gem"),
    Symbol.TORCH: SymbolLook("t", "bold yellow1", "torch"),
    Symbol.SKULL: SymbolLook("s", "bold black on grey82", "skull"),
    Symbol.POTION: SymbolLook("p", "bold magenta", "potion"),
    Symbol.CROSS: SymbolLook("x", "bold white on red3", "red cross"),
    Symbol.WALL: SymbolLook("#", "grey42", "wall"),
    Symbol.PLAIN: SymbolLook(".", "grey50", "plain cell"),
}
"""The look of every symbol; characters are the card file's legend letters."""

COLOR_STYLES: Mapping[Color, str] = {
    Color.PURPLE: "bold medium_purple1",
    Color.ORANGE: "bold dark_orange",
    Color.GREEN: "bold green3",
}
"""Style of each pyramid-card colour's name."""

_WALL_BLOCK = "\u2588" * CELL_WIDTH  # a full block per character: a dark wall
_PLAIN_DOT = "\u00b7"  # middle dot: a quieter plain cell than "."
_MARK_STYLE = "bold black on bright_cyan"
_HIGHLIGHT_STYLE = Style(bgcolor="grey30", bold=True)
_LABEL_STYLE = "bold"


def _cell_text(symbol: Symbol, *, plain: bool) -> str:
    """The characters of an unmarked, unhighlighted cell."""
    if plain:
        look = SYMBOL_LOOKS[symbol]
        return look.char * CELL_WIDTH if symbol is Symbol.WALL else f" {look.char} "
    if symbol is Symbol.WALL:
        return _WALL_BLOCK
    if symbol is Symbol.PLAIN:
        return f" {_PLAIN_DOT} "
    return f" {SYMBOL_LOOKS[symbol].char} "


def _check_overlays(marked: Mapping[int, str], highlight: Set[int]) -> None:
    for cell, label in marked.items():
        if not 0 <= cell < SIZE * SIZE:
            raise ValueError(f"marked cell {cell} is outside the room")
        if not 1 <= len(label) <= MAX_LABEL_LENGTH:
            raise ValueError(f"mark label {label!r} must have 1 to {MAX_LABEL_LENGTH} characters")
    for cell in highlight:
        if not 0 <= cell < SIZE * SIZE:
            raise ValueError(f"highlighted cell {cell} is outside the room")


def room_grid(
    room: Room,
    *,
    marked: Mapping[int, str] | None = None,
    highlight: Set[int] | None = None,
    plain: bool = False,
) -> Text:
    """The room as a labelled grid.

    ``marked`` maps cells to a label of one or two characters (e.g. a turn number) drawn
    right-aligned before the cell's symbol letter, e.g. `` 3r``; ``highlight`` draws its
    cells in brackets, e.g. ``[r]`` (a route), and on a dark background with colour.
    ``plain`` gives pure ASCII without styles. The result is a Rich renderable; print it
    with a console (Rich drops the styles itself when output is not a terminal).
    """
    marks = dict(marked or {})
    lit = frozenset(highlight or ())
    _check_overlays(marks, lit)
    text = Text(no_wrap=True, overflow="ignore")
    header = "  " + "".join(f" {name} " for name in COLUMN_NAMES)
    text.append(header.rstrip() + "\n", style="" if plain else _LABEL_STYLE)
    for row in range(SIZE):
        text.append(f"{row + 1} ", style="" if plain else _LABEL_STYLE)
        for column in range(SIZE):
            cell = cell_at(row, column)
            symbol = room.symbol_at(cell)
            _append_cell(text, symbol, marks.get(cell), cell in lit, plain=plain)
        if row < SIZE - 1:
            text.append("\n")
    return text


def _append_cell(text: Text, symbol: Symbol, label: str | None, lit: bool, *, plain: bool) -> None:
    look = SYMBOL_LOOKS[symbol]
    if plain:
        if label is not None:
            text.append(f"{label:>{MAX_LABEL_LENGTH}}{look.char}")
        elif lit:
            text.append(f"[{look.char}]")
        else:
            text.append(_cell_text(symbol, plain=True))
        return
    style = _lit(look.style) if lit else Style.parse(look.style)
    if label is not None:
        text.append(f"{label:>{MAX_LABEL_LENGTH}}", style=_MARK_STYLE)
        text.append(look.char, style=style)
    elif lit:
        text.append(f"[{_cell_text(symbol, plain=False)[1]}]", style=style)
    else:
        text.append(_cell_text(symbol, plain=False), style=style)


def _lit(style: str) -> Style:
    """``style`` on the highlight background, unless it has a background of its own."""
    parsed = Style.parse(style)
    return parsed if parsed.bgcolor is not None else parsed + _HIGHLIGHT_STYLE


def room_legend(
    room: Room | Sequence[Room] | None = None,
    *,
    plain: bool = False,
    marked_note: str | None = None,
    highlight_note: str | None = None,
    width: int = LEGEND_WIDTH,
) -> Text:
    """A key to the symbols (only those in ``room`` when given: one room, or the rooms
    drawn side by side), wrapped between entries.

    ``marked_note`` and ``highlight_note`` add what the overlays mean, e.g. ``turn marked``.
    """
    rooms = [room] if isinstance(room, Room) else room
    entries: list[tuple[str, str | Style, str]] = [
        (_cell_text(symbol, plain=plain).strip()[:1], "" if plain else look.style, look.name)
        for symbol, look in SYMBOL_LOOKS.items()
        if symbol is not Symbol.PLAIN
        and (rooms is None or any(shown.count(symbol) for shown in rooms))
    ]
    red = SYMBOL_LOOKS[Symbol.RED_GEM]
    if marked_note is not None:
        entries.append((f" 3{red.char}", "" if plain else _MARK_STYLE, marked_note))
    if highlight_note is not None:
        entries.append((f"[{red.char}]", "" if plain else _lit(red.style), highlight_note))
    text = Text(no_wrap=True, overflow="ignore")
    line_length = 0
    for sample, style, name in entries:
        entry_length = len(sample) + 1 + len(name)
        if line_length and line_length + 2 + entry_length > width:
            text.append("\n")
            line_length = 0
        elif line_length:
            text.append("  ")
            line_length += 2
        text.append(sample, style=style)
        text.append(f" {name}")
        line_length += entry_length
    return text


def card_title(card: PyramidCard, *, plain: bool = False) -> Text:
    """``Card 17 (purple)``, the colour in its own style unless ``plain``."""
    text = Text(f"Card {card.number} (")
    text.append(card.color.value, style="" if plain else COLOR_STYLES[card.color])
    text.append(")")
    return text


def card_view(
    card: PyramidCard,
    *,
    marked: Mapping[int, str] | None = None,
    highlight: Set[int] | None = None,
    plain: bool = False,
    marked_note: str | None = None,
    highlight_note: str | None = None,
) -> Group:
    """A card's title, its room grid with overlays, and the legend, one under the other."""
    return Group(
        card_title(card, plain=plain),
        room_grid(card.room, marked=marked, highlight=highlight, plain=plain),
        room_legend(card.room, plain=plain, marked_note=marked_note, highlight_note=highlight_note),
    )
