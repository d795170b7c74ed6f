"""``silverpyr sun arena``: Pyramid of the Sun bots play seeded games against each other,
seats rotated, on Dask; the same flags and JSON as ``silverpyr arena``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ...puzzles.sun.registry import REGISTRY
from ..core.arena_view import RecordsOption, print_report, seats_option
from ..core.game_commands import Arena, ArenaCommand
from ..core.own_options import Own
from .context import deck as sun_deck

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.sun.arena import ArenaReport

SIZES = ("short", "standard", "long")
SizeOption = Annotated[
    str,
    typer.Option(
        "--size", help=f"The pyramid: {', '.join(SIZES)} (a base row of 8, 9 or 10 cards)."
    ),
]


def _arena() -> Arena:
    """The Sun's arena, imported when the command runs."""
    from ...puzzles.sun.arena import SunRecords, check_arena, run_arena

    return Arena(check_arena, run_arena, SunRecords.open)


def _render(console: Console, report: ArenaReport, *, plain: bool) -> None:
    from ...puzzles.sun.arena import COLUMNS

    print_report(
        console,
        report,
        (("Cards", "cards"), ("Symbols", "symbols"), ("Top", "top")),
        "points",
        "Cards: cards placed in the pyramid a game; by category: the cards below the top, the "
        "symbols' points, the top.",
        COLUMNS,
        plain=plain,
        setting=f", {report.size} pyramid",
    )


arena = ArenaCommand(
    "Bots play seeded games of Pyramid of the Sun (seats rotated): win rates and scores.",
    Annotated[str, seats_option(REGISTRY.known())],
    RecordsOption,
    sun_deck,  # --cards: a Sun card file
    _arena,
    _render,
    own=(Own("size", SizeOption, "standard"),),
).command()
