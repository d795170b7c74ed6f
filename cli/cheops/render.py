"""A Cheops table as lines of text, from one seat's view (no Textual, no Rich): the line mode
of ``silverpyr cheops game`` prints them, and a full screen may use them too.

**The pyramid**, top row first, each row its letter and then its spaces, a row indented half
a space more than the one below (the positions of the bottom row under it): a treasure is
its colour's letter (``U`` blue, ``R`` red, ``G`` green, ``Y`` yellow, ``K`` black, ``W``
white: letters, never colour alone), a law still face down on an eye is ``◉`` (``E`` when
``plain``), an emptied space the tile on it in lower case (``a`` ankh, ``b`` beetle, ``c``
cobra, ``d`` disc, ``n`` neighbour); a space that can be taken now is in brackets
(``[R]``).

**The rest:** each colour's price board (covered entries ``--``, the price marked ``>``,
law 7's entry with ``(7)``, the law under the board), the market price and the full boards,
then every seat's money (and what it would have if the game ended now), stores, kept laws and
hand, the stacks' tops and sizes, the neighbours left and the laws not seen yet.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...solver.cheops.board import ROW_LETTERS, ROWS, Space, index
from ...solver.cheops.components import COLOURS
from ...solver.cheops.game import (
    COLOUR_LETTERS,
    KIND_NAMES,
    CheopsState,
    boards_to_end,
    final_money,
    full_boards,
    open_spaces,
)

CELL = 4
"""Columns per space: a row above sits half a space to the right."""
EYE = "◉"
LETTER: dict[str, str] = dict(zip(COLOURS, COLOUR_LETTERS, strict=True))
"""A colour's letter in the drawing."""
LEGEND = (
    "U blue, R red, G green, Y yellow, K black, W white; {eye} a law face down; "
    "a b c d n the tile on an emptied space; [ ] can be taken now"
)


def _cell(content: str | int | None, *, plain: bool) -> str:
    if content is None or isinstance(content, int):  # a law face down (or one you see)
        return "E" if plain else EYE
    if content in COLOURS:
        return LETTER[content]
    return content.lower()


def pyramid_lines(state: CheopsState, seat: int = 0, *, plain: bool = False) -> list[str]:
    """The pyramid as ``seat`` sees it (module docstring), top row first."""
    view = state.view(seat)
    takeable = set(open_spaces(state)) if not state.over else set()
    lines = []
    for row in reversed(range(ROWS)):
        cells = []
        for pos in range(ROWS - row):
            space = Space(row, pos)
            text = _cell(view.cells[index(space)], plain=plain)
            cells.append(f"{f'[{text}]' if space in takeable else text:^{CELL}}")
        lines.append(f"{ROW_LETTERS[row]}  {' ' * (row * CELL // 2)}{''.join(cells)}".rstrip())
    lines.append("   " + "".join(f"{pos:^{CELL}}" for pos in range(1, ROWS + 1)).rstrip())
    return lines


def board_lines(state: CheopsState) -> list[str]:
    """Each colour's price board on a line: ``U blue    -- -- >20 15 10   law 5 under it``."""
    law7 = state.components.law7_number
    lines = []
    for colour, board in zip(COLOURS, state.boards, strict=True):
        entries = []
        for i in range(len(board.board.entries)):
            if i < board.covered:
                entries.append("--")
                continue
            entry = board.entry(i, law7)
            text = entry.text + ("(7)" if board.law7 == i else "")
            entries.append((">" if i == board.covered else "") + text)
        notes = []
        if board.full:
            notes.append("full")
        if board.law is not None:
            notes.append(f"law {board.law} under it")
        tail = f"   {', '.join(notes)}" if notes else ""
        lines.append(f"{LETTER[colour]} {colour:<7} {' '.join(entries)}{tail}")
    return lines


def _counted(counts: Sequence[int]) -> str:
    parts = [f"{LETTER[colour]}{count}" for colour, count in zip(COLOURS, counts, strict=True)]
    shown = [part for part, count in zip(parts, counts, strict=True) if count]
    return " ".join(shown) or "nothing"


def table_lines(
    state: CheopsState, names: Sequence[str], *, seat: int = 0, plain: bool = False
) -> list[str]:
    """The whole table as ``seat`` sees it (module docstring); ``names``: every seat's name
    for people."""
    view = state.view(seat)
    lines = ["", *pyramid_lines(state, seat, plain=plain)]
    lines.append(LEGEND.format(eye="E" if plain else EYE))
    lines.append("Price boards (top first; > the price, -- covered):")
    lines.extend(f"  {line}" for line in board_lines(state))
    in_force = ", ".join(str(law) for law in view.laws_in_force) or "none"
    lines.append(
        f"Market price {view.market_price}; full boards {full_boards(state)} of "
        f"{boards_to_end(state)} to end; laws in force: {in_force}"
    )
    ending = final_money(state)
    for other, name in enumerate(names):
        kept = ", ".join(str(law) for law in view.kept_laws[other])
        hand = " ".join(view.hands[other]) or "no tiles"
        extra = "; paid law 9" if view.law9 == other else ""
        lines.append(
            f"{name}: {view.money[other]} piastres ({ending[other]} if it ended now); "
            f"stores {_counted(view.stores[other])}; hand {hand}"
            + (f"; keeps law {kept}" if kept else "")
            + extra
        )
    stacks = ", ".join(
        f"{number} " + ("empty" if top is None else f"{top} ({size})")
        for number, (top, size) in enumerate(
            zip(view.stack_tops, view.stack_sizes, strict=True), start=1
        )
    )
    unseen = ", ".join(str(law) for law in view.unseen_laws) or "none"
    lines.append(
        f"Stacks (top, size): {stacks}; neighbours left {view.neighbours_left}; "
        f"laws not seen yet: {unseen}"
    )
    return lines


def kinds_legend() -> str:
    """``A ankh, B beetle, C cobra, D disc, N neighbour``."""
    return ", ".join(f"{kind} {name}" for kind, name in KIND_NAMES.items())


__all__ = ["LETTER", "board_lines", "kinds_legend", "pyramid_lines", "table_lines"]


def what_happened(state: CheopsState, seen: int, seat: int) -> list[str]:
    """What the moves since event ``seen`` brought seat ``seat`` that their notation does not
    say: what was taken, sold or stored, money paid, a tile drawn, the game's end (told
    under each move by the trainer, in line mode and on the full screen)."""
    from ...solver.cheops.game import DrewTile, LawPlayed, Lost, Paid, Sold, Stored, Took

    told = []
    for event in state.events[seen:]:
        if isinstance(event, Took) and event.seat == seat:
            what = event.item if isinstance(event.item, str) else f"law {event.item}"
            told.append(f"you took {what} from {event.space}")
        elif isinstance(event, LawPlayed) and event.seat == seat and event.target:
            told.append(f"law {event.law}: {event.target}")
        elif isinstance(event, Sold) and event.seat == seat:
            told.append(f"sold {event.colour} for {event.paid} piastres")
        elif isinstance(event, Stored) and event.seat == seat:
            told.append(f"stored {event.colour}")
        elif isinstance(event, Lost) and event.seat == seat:
            told.append(f"the {event.colour} treasure is lost (law 4 on a full board)")
        elif isinstance(event, Paid) and event.seat == seat:
            told.append(f"paid {event.amount} piastres ({event.why})")
        elif isinstance(event, DrewTile) and event.seat == seat:
            told.append(f"you drew {event.kind} from stack {event.stack}")
    if state.over:
        told.append(f"the game is over ({state.end})")
    return told
