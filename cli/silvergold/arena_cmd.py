"""``silverpyr arena``: bots play seeded games against each other, seats rotated, on Dask."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ...puzzles.silvergold.realgame.registry import REGISTRY
from ..core.arena_view import (
    FirstSeedOption,
    GamesOption,
    bots_table,
    categories_table,
    line_up,
    print_footer,
    print_records,
    show_arena,
)
from ..core.options import (
    JsonOption,
    PlainOption,
    SchedulerOption,
    WorkersOption,
    check_cluster_options,
)
from .context import deck as sg_deck

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.silvergold.realgame.arena import ArenaReport, BotReport


def arena(
    ctx: typer.Context,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="The line-up, one bot per seat, e.g. expert,greedy "
            f"(bots: {REGISTRY.known()}; or package.module:factory).",
        ),
    ] = "expert,greedy",
    games: GamesOption = 100,
    seed: FirstSeedOption = 0,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            help="Write every game's record to this folder (made if missing), one "
            "game-SEED.json a game; judge any seat's decisions with hint --seat N --game FILE "
            "--review.",
            show_default=False,
            metavar="DIR",
        ),
    ] = None,
    scheduler: SchedulerOption = None,
    workers: WorkersOption = None,
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """Bots play seeded games against each other (seats rotated): win rates and scores."""
    from ...puzzles.silvergold.realgame.arena import ArenaRecords, check_line_up, run_arena

    names = line_up(bots)
    check_line_up(names, games, seed)  # the line-up and the cluster options fail before work
    check_cluster_options(scheduler, workers)
    deck = sg_deck(ctx)
    folder = None if records is None else ArenaRecords.open(records, deck, seed + games - 1)
    show_arena(
        games,
        as_json=as_json,
        plain=plain,
        run=lambda advance: run_arena(
            deck,
            names,
            games,
            seed=seed,
            scheduler=scheduler,
            workers=workers,
            progress=advance,
            records=folder,
        ),
        render=lambda out, report: _render(out, report, plain=plain),
    )


def _render(console: Console, report: ArenaReport, *, plain: bool) -> None:
    players = len(report.games[0].seats)
    title = (
        f"{len(report.games)} games of {players} player{'s' if players > 1 else ''}, seats rotated"
    )

    def forecast(bot: BotReport) -> str:
        return "-" if bot.forecast is None else f"{bot.forecast:.1f}"

    console.print(bots_table(title, report.bots, plain=plain, extra={"Forecast": forecast}))
    console.print(categories_table(report.bots, _CATEGORIES, plain=plain))
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
