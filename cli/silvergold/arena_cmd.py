"""``silverpyr arena``: bots play seeded games against each other, seats rotated, on Dask."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ...puzzles.silvergold.realgame.registry import REGISTRY
from ..core.arena_view import (
    bots_table,
    categories_table,
    print_footer,
    print_pairs,
    print_records,
)
from ..core.game_commands import Arena, ArenaCommand
from .context import deck as sg_deck

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.silvergold.realgame.arena import ArenaReport

BotsOption = Annotated[
    str,
    typer.Option(
        "--bots",
        help="The line-up, one bot per seat, e.g. expert,greedy "
        f"(bots: {REGISTRY.known()}; or package.module:factory).",
    ),
]
RecordsOption = Annotated[
    Path | None,
    typer.Option(
        "--records",
        help="Write every game's record to this folder (made if missing), one "
        "game-SEED.json a game; judge any seat's decisions with hint --seat N --game FILE "
        "--review.",
        show_default=False,
        metavar="DIR",
    ),
]


def _arena() -> Arena:
    """Silver & Gold's arena, imported when the command runs."""
    from ...puzzles.silvergold.realgame.arena import ArenaRecords, check_line_up, run_arena

    return Arena(check_line_up, run_arena, ArenaRecords.open)


def _render(console: Console, report: ArenaReport, *, plain: bool) -> None:
    from ...puzzles.silvergold.realgame.arena import COLUMNS

    players = len(report.games[0].seats)
    title = (
        f"{len(report.games)} games of {players} player{'s' if players > 1 else ''}, seats rotated"
    )
    console.print(bots_table(title, report.bots, COLUMNS, plain=plain))
    console.print(categories_table(report.bots, _CATEGORIES, plain=plain))
    print_pairs(console, report.pairs, "points")
    print_footer(
        console,
        report.seconds,
        report.workers,
        "Forecast: the bot's predicted final score at its keep decision (calibration).",
    )
    if report.records is not None:
        print_records(
            console,
            f"The {len(report.games)} games' records are in {report.records}; review one "
            "with: silverpyr hint --game FILE --review --seat N",
        )


_CATEGORIES = (
    ("Torches", "torches"),
    ("Pyramid", "pyramid_points"),
    ("Gems", "gems"),
    ("Skulls", "skulls"),
    ("Cards", "completed"),
)
"""The columns of the table by category, and the keys of a bot's categories they show."""

arena = ArenaCommand(
    "Bots play seeded games against each other (seats rotated): win rates and scores.",
    BotsOption,
    RecordsOption,
    sg_deck,
    _arena,
    _render,
).command()
