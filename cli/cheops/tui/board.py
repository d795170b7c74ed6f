"""Drawings of the full-screen Cheops game (Rich only, no Textual): the pyramid of 11 rows,
the six price boards as columns, the seats (money, stores, tiles, kept laws), your tiles and
the stacks, the legend.

Nothing is told by colour alone (colour-blind players, ``NO_COLOR``): a treasure is its
colour's LETTER (``U`` blue, ``R`` red, ``G`` green, ``Y`` yellow, ``K`` black, ``W`` white)
on its colour; a hidden law on an eye is ``?``; an emptied space shows its tile in lower case
(``a`` ankh, ``b`` beetle, ``c`` cobra, ``d`` disc, ``n`` neighbour); a space that can be taken
now is in brackets ``[U]``; the cursor is ``>U<`` (the chosen tile fits there) or ``!U!`` (it
does not); a space chosen for law 12 is ``*U*``; your take of this turn that is not final yet (``u``
takes it back) shows its tile in braces ``{a}``. On a price board the current price is marked
``>`` (every entry above it is covered, and drawn struck through), law 7's entry ends in ``*``
and the law under a board (4, 5 or 6) is written below it. Under ``NO_COLOR`` the core's
:class:`~silverpyr.cli.core.tui.colour.Colourless` drops every colour (a coloured background turns
into reverse video), so the letters and marks carry everything.

Only what your seat knows is drawn: the pyramid comes from the view (:meth:`CheopsState.view`,
hidden laws ``None``), the stacks by their tops and sizes.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from rich.text import Text

from ....solver.cheops.board import ROW_LETTERS, ROWS, Space
from ....solver.cheops.components import COLOUR_LETTERS, COLOURS
from ....solver.cheops.game import (
    KIND_NAMES,
    LAW_MARKET,
    NEIGHBOUR_PRICE,
    CheopsState,
    CheopsView,
    boards_to_end,
    full_boards,
)

CELL = 3
"""Characters of a space."""
STEP = CELL + 1
"""Characters from one space of a row to the next (a row is set half a step right of the
one below it: each space rests on two)."""
LABEL = 2
"""Characters of the row letters left of the pyramid."""
PYRAMID_WIDTH = LABEL + ROWS * STEP - 1
"""Characters the pyramid takes (45)."""
BOARD_ROWS = 8
"""Entries of a price board shown at most (a longer board shows the part around its price)."""

TREASURE_STYLES: dict[str, str] = {
    "blue": "bold bright_white on blue",
    "red": "bold bright_white on red3",
    "green": "bold black on green3",
    "yellow": "bold black on yellow",
    "black": "bold bright_white on grey23",
    "white": "bold black on grey85",
}
"""Each colour's treasure: its letter on its colour (the letter tells it without colour)."""
LAW_STYLE = "bold bright_white on magenta"
TILE_STYLE = "grey62"
OPEN_STYLE = "bold"
CURSOR_STYLE = "bold reverse"
ILLEGAL_STYLE = "bold bright_white on red3"
MARKED_STYLE = "bold underline"
COVERED_STYLE = "strike grey50"
PRICE_STYLE = "bold"

LAW_WORDS: dict[int, str] = {
    1: "market 5",
    2: "market 15",
    3: "3 full boards end",
    4: "no storing",
    5: "no selling",
    6: "blocks the place",
    7: "a new number",
    8: "removes a law",
    9: "pay 25: a treasure",
    10: "sell from store",
    11: "an extra take",
    12: "swap treasures",
}
"""What each law does, in a few words (the help, the questions)."""


def letter(colour: str) -> str:
    """A colour's letter (``U`` blue, ``K`` black)."""
    return COLOUR_LETTERS[COLOURS.index(colour)]


def kind_words(kind: str) -> str:
    """``A ankh``."""
    return f"{kind} {KIND_NAMES.get(kind, kind)}"


def space_x(space: Space) -> int:
    """The column of a space's first character (a row is set half a step right of the one
    below it)."""
    return LABEL + space.row * STEP // 2 + space.pos * STEP


def space_face(view: CheopsView, space: Space) -> tuple[str, str]:
    """What a space shows (one character) and its style: a treasure's letter on its colour,
    ``?`` a hidden law, a tile in lower case."""
    cell = view.cells[space.index]
    if cell is None or isinstance(cell, int):
        return "?", LAW_STYLE
    if cell in TREASURE_STYLES:
        return letter(cell), TREASURE_STYLES[cell]
    return cell.lower(), TILE_STYLE


def pyramid_text(
    view: CheopsView,
    *,
    takeable: Collection[Space] = (),
    cursor: Space | None = None,
    cursor_fits: bool = True,
    marked: Space | None = None,
    recent: Collection[Space] = (),
    pending: Collection[Space] = (),
) -> Text:
    """The pyramid, its top (row ``k``) first: the spaces that can be taken in brackets, the
    cursor ``>U<`` (``!U!`` when the chosen tile does not fit), law 12's first space ``*U*``,
    the tiles the others placed since your last decision underlined, your takes not final
    yet in braces ``{a}``."""
    text = Text(no_wrap=True, overflow="ignore")
    for row in reversed(range(ROWS)):
        line = Text(ROW_LETTERS[row].ljust(LABEL), style="bold")
        line.append(" " * (row * STEP // 2))
        for pos in range(ROWS - row):
            space = Space(row, pos)
            if pos:
                line.append(" ")
            face, style = space_face(view, space)
            if space == cursor:
                left, right = (">", "<") if cursor_fits else ("!", "!")
                look = CURSOR_STYLE if cursor_fits else ILLEGAL_STYLE
                line.append(f"{left}{face}{right}", style=look)
                continue
            if space == marked:
                line.append("*", style=MARKED_STYLE)
                line.append(face, style=style)
                line.append("*", style=MARKED_STYLE)
                continue
            if space in takeable:
                line.append("[", style=OPEN_STYLE)
                line.append(face, style=style)
                line.append("]", style=OPEN_STYLE)
                continue
            if space in pending:
                line.append("{", style=OPEN_STYLE)
                line.append(face, style=f"{style} italic")
                line.append("}", style=OPEN_STYLE)
                continue
            if space in recent:
                style = f"{style} underline"
            line.append(" ")
            line.append(face, style=style)
            line.append(" ")
        text.append_text(line)
        if row:
            text.append("\n")
    return text


def _window(entries: int, covered: int) -> range:
    """The entries of a board shown: all of them, or :data:`BOARD_ROWS` around its price."""
    if entries <= BOARD_ROWS:
        return range(entries)
    start = max(0, min(covered - 1, entries - BOARD_ROWS))
    return range(start, start + BOARD_ROWS)


def boards_text(state: CheopsState) -> Text:
    """The six price boards as columns under their colour letters: covered entries struck,
    the price ``>``, law 7's entry ``*``, the law under the board (``L4`` ...) at the foot;
    then the market price and how many full boards end the game."""
    law7_number = state.components.law7_number
    columns: list[list[tuple[str, str]]] = []
    widths: list[int] = []
    for board in state.boards:
        labels = [board.entry(i, law7_number).label for i in range(len(board.board.entries))]
        width = max(len(label) for label in labels) + 2
        widths.append(max(width, 3))
        cells: list[tuple[str, str]] = []
        shown = _window(len(labels), board.covered)
        if shown.start:
            cells.append(("\u2026".center(width), "grey50"))
        for i in shown:
            label = labels[i]
            star = "*" if board.law7 == i else " "
            if i < board.covered:
                cells.append((f" {label.rjust(width - 2)}{star}", COVERED_STYLE))
            elif i == board.covered:
                cells.append((f">{label.rjust(width - 2)}{star}", PRICE_STYLE))
            else:
                cells.append((f" {label.rjust(width - 2)}{star}", ""))
        columns.append(cells)
    depth = max(len(cells) for cells in columns)
    text = Text(no_wrap=True, overflow="ellipsis")
    for c, colour in enumerate(COLOURS):
        text.append(" " * (widths[c] - 2))
        text.append(letter(colour), style=TREASURE_STYLES[colour])
        text.append(" ")
    text.append("\n")
    for row in range(depth):
        for c, cells in enumerate(columns):
            shown_text, style = cells[row] if row < len(cells) else (" " * widths[c], "")
            text.append(shown_text, style=style)
        text.append("\n")
    for c, board in enumerate(state.boards):
        under = f"L{board.law}" if board.law is not None else ""
        full = "full" if board.full and not under else under
        text.append(full.rjust(widths[c] - 1) + " ", style="bold")
    text.append("\n")
    market = f"Market {state.market_price}"
    laws = [law for law in state.laws_in_force if law in LAW_MARKET]
    if laws:
        market += f" (law {laws[-1]})"
    text.append(market, style="bold")
    ends = boards_to_end(state)
    # With law 3 the line is one space shorter, so that it fits 34 columns with law 1 or 2
    law3 = " (law 3)" if 3 in state.laws_in_force else ""
    text.append(f"{' ' if law3 else '  '}full {full_boards(state)}/{ends}{law3}")
    return text


def seat_label(name: str, seat: int, you: int = 0) -> str:
    """A seat's name in at most 12 characters: ``You``, ``P2 greedy``."""
    if seat == you:
        return name[:12]
    return name.replace("Player ", "P").replace("(", "").replace(")", "")[:12]


def seats_text(state: CheopsState, names: Sequence[str], you: int = 0) -> Text:
    """Each seat: ``>`` before the seat to move, its money, its stores by colour (``.`` for
    none), its tiles, its kept laws (and law 9 when it paid for it); yours (``you``) in
    bold."""
    text = Text(no_wrap=True, overflow="ellipsis")
    text.append("  Seat          Money ", style="bold")
    for colour in COLOURS:
        text.append(" ")
        text.append(letter(colour), style=TREASURE_STYLES[colour])
        text.append(" ")
    text.append(" Tiles Laws", style="bold")
    for seat, name in enumerate(names):
        text.append("\n")
        turn = ">" if seat == state.turn and not state.over else " "
        line = Text(f"{turn} {seat_label(name, seat, you):<12}{state.money[seat]:>7} ")
        for count in state.stores[seat]:
            line.append(f" {count if count else '.'} ")
        line.append(f" {''.join(state.hands[seat]):<5}")
        laws = [str(law) for law in state.kept_laws[seat]]
        if state.law9 == seat:
            laws.append("9")
        line.append(" " + " ".join(laws))
        if seat == you:
            line.stylize("bold")
        text.append_text(line)
    return text


def hand_text(state: CheopsState, chosen: int | None, you: int = 0) -> Text:
    """Your tiles (seat ``you``) numbered for the keys (``1 A  2>B<``: the chosen one between
    ``>`` and ``<``), the stacks' tops and sizes (``1:A17``; ``1:--`` empty), the neighbours
    left."""
    view = state.view(you)
    hand = state.hands[you]
    text = Text("Tiles", style="bold", no_wrap=True, overflow="ellipsis")
    if not hand:
        text.append(" (none)", style="italic")
    for number, kind in enumerate(hand, start=1):
        mark = number - 1 == chosen
        text.append(f" {number}", style="bold")
        text.append(">" if mark else " ")
        text.append(kind, style="reverse bold" if mark else "bold")
        text.append("<" if mark else " ")
    text.append("  Stacks", style="bold")
    for number, (top, size) in enumerate(zip(view.stack_tops, view.stack_sizes, strict=True), 1):
        text.append(f" {number}:{top}{size}" if top else f" {number}:--")
    text.append(f"  Neighbours {state.neighbours_left} at {NEIGHBOUR_PRICE}")
    return text


def legend_text(*, notes: bool = True) -> Text:
    """What the spaces, letters and marks mean (the help screen), in lines of at most 76
    characters so the help fits 80x24; without ``notes``, the marks alone (the rules page
    says the rest)."""
    text = Text()
    for shown, meaning in (
        (" U ", "a treasure: U blue, R red, G green, Y yellow, K black, W white"),
        (" ? ", "a law, face down on an eye until it is taken"),
        (" a ", "a taken space's tile: a ankh, b beetle, c cobra, d disc, n neighbour"),
        ("[U]", "you can take it now; {a} your take not final yet (u takes it back)"),
        (">U<", "the cursor: the chosen tile fits there; !U! it does not"),
        (">30", "a board's price (the entries above it are covered); 30* law 7"),
        ("L4 ", "the law under a board (4 no storing, 5 no selling, 6 blocks it)"),
    ):
        text.append(f" {shown} ", style="bold")
        text.append(f"{meaning}\n")
    if not notes:
        text.rstrip()
        return text
    text.append("Spaces: a row (a the bottom .. k the top), then the place from the left:\n")
    text.append("a1 .. a11, k1 the top. Laws: 1 market 5, 2 market 15, 3 three full boards\n")
    text.append("end, 7 a new number, 8 removes a law, 9 pay 25 for a treasure; kept, any\n")
    text.append("time in your turns: 10 sell from store, 11 extra take, 12 swap treasures.")
    return text
