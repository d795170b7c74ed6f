"""``silverpyr sun game``: a game of Pyramid of the Sun in the terminal, you against 1-4 bots.

The command is the core's :class:`~silverpyr.cli.core.game_commands.GameCommand` over the
Sun's :class:`~silverpyr.puzzles.sun.kept_game.KeptGame`, its line mode the core's flow
(:mod:`silverpyr.cli.core.line_game`). This module gives what is the Sun's: ``--size``, the
prompts (moves in the engine's notation, docs/sun-rules.md), the table as text, the title and
the JSON outcome.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..core.game_commands import GameCommand
from ..core.line_game import BotsError, LineScreen, ScriptError, print_outcome
from ..core.own_options import Own
from .context import GAME
from .context import deck as sun_deck

if TYPE_CHECKING:
    from ...puzzles.core.players import Registry
    from ...puzzles.sun.kept_game import KeptGame
    from ...solver.sun.cards import Deck
    from ...solver.sun.game import SunState

SIZES = ("short", "standard", "long")
SizeOption = Annotated[
    str | None,
    typer.Option(
        "--size",
        help="Pyramid size: short (base row of 8), standard (9) or long (10); default standard.",
        show_default=False,
        metavar="SIZE",
    ),
]


def _check_size(size: str | None) -> None:
    if size is not None and size not in SIZES:
        raise BotsError(f"--size {size!r}: a pyramid is short, standard or long")


def _registry() -> Registry[Any]:
    from ...puzzles.sun.registry import REGISTRY

    return REGISTRY


def _kept_game() -> tuple[type[KeptGame], Callable[[Path], object]]:
    """The Sun's kept game and its record's check, imported when the command runs."""
    from ...puzzles.sun.game_record import record_target
    from ...puzzles.sun.kept_game import KeptGame

    return KeptGame, record_target


def _title(kept: KeptGame) -> str:
    return (
        f"Pyramid of the Sun, seed {kept.seed} ({kept.size} pyramid): replay it with "
        f"--seed {kept.seed}"
    )


def _full_screen() -> Callable[[KeptGame], object] | None:
    """The full-screen game when this terminal can draw it, else ``None`` (line mode)."""
    from .tui.launch import interactive, run_kept_game

    return run_kept_game if interactive() else None


def _print_json(kept: KeptGame, record: Path | None, *, left: bool) -> None:
    """The game's end as JSON (the core's
    :func:`~silverpyr.cli.core.line_game.print_outcome`): the pyramid's size, the scores by
    seat, and the cards in each hand."""
    result = kept.outcome()
    print_outcome(
        kept,
        result,
        record,
        left=left,
        setting={"size": kept.size},
        totals={"scores": list(kept.state.scores if result is None else result.scores)},
        tallies={"hands": [len(hand) for hand in kept.state.hands]},
    )


# --- the screen --------------------------------------------------------------------------


HELP = "? moves, h advice, u undo, q quit"
_PROMPTS = {
    "choose": "play a card (e.g. S4-sun@1c) or draw (draw standard, draw edge)",
    "playing": "lay another card, or end",
    "symbol": "symbol points, symbol standard or symbol edge",
    "drawing": "your second card: draw standard or draw edge",
    "discard": "discard down to 5 (e.g. discard S1)",
}


class _Screen(LineScreen["KeptGame"]):
    """The line mode's loop over the Sun's kept game."""

    help = HELP
    prompts = _PROMPTS

    def show(self) -> None:
        for line in table_lines(self.kept.state, self.kept.seat_names(), plain=self.plain):
            self.say(line)


def _cell(deck: Deck, card: int, *, plain: bool) -> str:
    found = deck[card]
    if plain:
        text = f"{found.label[:2]}"
        if found.symbol:
            text += found.symbol[:2]
        if found.side:
            text += "<" if found.side == "left" else ">"
        return text
    return deck.glyph(found)


def table_lines(state: SunState, names: tuple[str, ...], *, plain: bool = False) -> list[str]:
    """The pyramid (top first; an open slot shows its name, an empty one ``.``), your hand,
    the piles and the scores, as lines."""
    deck = state.deck
    pyramid = state.pyramid
    opened = set(pyramid.open_slots())
    width = 5
    lines = [""]
    rows = pyramid.rows()
    from ...solver.sun.pyramid import Slot

    for level in range(len(rows) - 1, -1, -1):
        cells = []
        for pos, card in enumerate(rows[level]):
            slot = Slot(level, pos)
            if card is not None:
                text = _cell(deck, card, plain=plain)
            elif slot in opened:
                text = str(slot)
            else:
                text = "."
            cells.append(text.center(width))
        indent = " " * ((width + 1) * level // 2)
        lines.append(f"{level:>2} {indent}{' '.join(cells).rstrip()}")
    hand = ", ".join(deck[card].label for card in state.hands[0]) or "empty"
    lines.append(f"Your hand: {hand}")
    others = "; ".join(
        f"{names[seat]} {len(state.hands[seat])} card{'s' * (len(state.hands[seat]) != 1)}"
        for seat in range(1, state.players)
    )
    lines.append(f"Hands: {others}")
    lines.append(
        f"Piles: standard {len(state.standard_pile)} (discards {len(state.standard_discards)}), "
        f"edge {len(state.edge_pile)} (discards {len(state.edge_discards)}); "
        f"marker {deck[state.marker].label}"
    )
    scores = ", ".join(f"{names[seat]} {score}" for seat, score in enumerate(state.scores))
    lines.append(f"Scores: {scores}")
    return lines


game = GameCommand(
    """Play Pyramid of the Sun against bots: full-screen on a terminal, else a move a line.

    --line, --moves, --json and --plain play a move a line in notation. The game is saved
    after every decision; without --seed it resumes the unfinished one (--restart starts a
    new one).
    """,
    12,
    "decision",
    "S6-moon@2b; symbol points; end",
    GAME,
    _registry,
    sun_deck,
    _kept_game,
    _title,
    _Screen,
    _full_screen,
    _print_json,
    own=(Own("size", SizeOption, None),),
    check=_check_size,
).command()

__all__ = ["BotsError", "ScriptError", "game", "table_lines"]
