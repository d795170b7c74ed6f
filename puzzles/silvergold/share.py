"""The share text of an attempt: which puzzle, the result, a small picture; no spoilers.

The picture is each card's room as emoji squares: walls black, open cells white, the
entrance blue, and the tomb gold when the card was completed (brown when not). It shows
neither the symbols nor the cells marked, so it gives nothing of the answer away.
"""

from __future__ import annotations

from ...solver.silvergold.cards import Deck, Room, Symbol
from ...solver.silvergold.cells import SIZE, cell_at
from .puzzle import Puzzle
from .session import Result

EMOJI = {
    "wall": "\u2b1b",
    "open": "\u2b1c",
    "entrance": "\U0001f7e6",
    "tomb": "\U0001f7eb",
    "done": "\U0001f7e8",
}
ASCII = {"wall": "#", "open": ".", "entrance": "E", "tomb": "T", "done": "*"}
STAR = "\u2b50"
HINT_LEVEL_NAMES = ("aim", "area", "move")
"""Names of the hint levels 1-3, as counted in the share text."""


def room_picture(room: Room, completed: bool, *, plain: bool = False) -> list[str]:
    """Five rows of the room's silhouette."""
    look = ASCII if plain else EMOJI
    rows = []
    for row in range(SIZE):
        cells = []
        for column in range(SIZE):
            symbol = room.symbol_at(cell_at(row, column))
            if symbol is Symbol.WALL:
                cells.append(look["wall"])
            elif symbol is Symbol.ENTRANCE:
                cells.append(look["entrance"])
            elif symbol is Symbol.TOMB:
                cells.append(look["done" if completed else "tomb"])
            else:
                cells.append(look["open"])
        rows.append("".join(cells))
    return rows


def result_line(puzzle: Puzzle, result: Result, *, plain: bool = False) -> str:
    """``21/21 at par``, ``18/21``, ``gave up``, ... with the hints used."""
    hints = (
        "no hints"
        if result.hints_used == 0
        else f"{result.hints_used} hint{'s' * (result.hints_used != 1)}"
    )
    if result.hints_used and result.hint_levels:
        levels = ", ".join(
            f"{name} {count}"
            for name, count in zip(HINT_LEVEL_NAMES, result.hint_levels, strict=False)
            if count
        )
        hints += f" ({levels})"
    if result.saw_solution:
        # honest: a line played after seeing the optimum cannot claim "no hints"
        hints = "solution seen before the end" + ("" if not result.hints_used else f", {hints}")
    if result.gave_up:
        played = len(result.moves)
        outcome = f"gave up after {played} turn{'s' * (played != 1)}"
    elif not result.goal_met:
        outcome = (
            f"card not completed by turn {puzzle.par_turns} "
            f"({result.points} points, par {result.par})"
        )
    elif result.at_par:
        outcome = f"{'' if plain else STAR + ' '}{result.points}/{result.par} at par"
    else:
        outcome = f"{result.points}/{result.par}"
    return f"{outcome} \u00b7 {hints}" if not plain else f"{outcome} - {hints}"


def share_text(
    puzzle: Puzzle, result: Result, deck: Deck, completed: tuple[int, ...], *, plain: bool = False
) -> str:
    """The whole share text; ``completed`` holds the numbers of the cards the player completed."""
    date = puzzle.daily_date
    title = f"silverpyr daily {date}" if date else f"silverpyr puzzle {puzzle.id}"
    sep = " - " if plain else " \u00b7 "
    if result.practice:
        title += f"{sep}practice (not scored)"
    lines = [
        f"{title}{sep}{puzzle.kind.label}{sep}difficulty {puzzle.difficulty}/5",
        result_line(puzzle, result, plain=plain),
    ]
    pictures = [room_picture(deck.card(n).room, n in completed, plain=plain) for n in puzzle.cards]
    lines.extend("  ".join(rows) for rows in zip(*pictures, strict=True))
    return "\n".join(lines)
