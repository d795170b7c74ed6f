"""The share text of an attempt: the core's format (:mod:`...vocabulary`: the game, the
date, the score against par, hints by level, a counted take-back) and a small picture; no
spoilers.

The picture is each card's room as emoji squares: walls black, open cells white, the
entrance blue, and the tomb gold when the card was completed (brown when not). It shows
neither the symbols nor the cells marked, so it gives nothing of the answer away.
"""

from __future__ import annotations

from ...solver.silvergold.cards import Deck, Room, Symbol
from ...solver.silvergold.cells import SIZE, cell_at
from ..core.vocabulary import ShareFacts, counted
from ..core.vocabulary import share_text as core_share_text
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


GAME_NAME = "Silver & Gold"
"""The game's name in its share text."""


def share_facts(puzzle: Puzzle, result: Result) -> ShareFacts:
    """What the share text tells of ``result`` (the core's format, :mod:`...vocabulary`)."""
    missed = None
    if not result.gave_up and not result.goal_met:
        missed = f"card not completed by turn {puzzle.par_turns}"
    levels = result.hint_levels
    return ShareFacts(
        game=GAME_NAME,
        puzzle_id=puzzle.id,
        date=puzzle.daily_date,
        kind=puzzle.kind.label,
        difficulty=puzzle.difficulty,
        score=str(result.points),
        par=str(result.par),
        at_par=result.at_par,
        gave_up=result.gave_up,
        practice=result.practice,
        hints_used=result.hints_used,
        hint_levels=(levels[0], levels[1], levels[2]) if len(levels) == 3 else None,
        saw_solution=result.saw_solution,
        take_backs=result.take_backs,
        played=counted(len(result.moves), "turn"),
        missed=missed,
    )


def share_text(
    puzzle: Puzzle, result: Result, deck: Deck, completed: tuple[int, ...], *, plain: bool = False
) -> str:
    """The whole share text (the core's two lines, then the rooms); ``completed`` holds the
    numbers of the cards the player completed."""
    pictures = [room_picture(deck.card(n).room, n in completed, plain=plain) for n in puzzle.cards]
    rows = ["  ".join(rows) for rows in zip(*pictures, strict=True)]
    return core_share_text(share_facts(puzzle, result), plain=plain, picture=rows)
