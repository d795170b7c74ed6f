"""``silverpyr arena``: bots play seeded games against each other, seats rotated, on Dask."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ...puzzles.cluster import MAX_GAMES
from ...puzzles.silvergold.realgame.registry import NAMES
from ..options import (
    JsonOption,
    PlainOption,
    SchedulerOption,
    WorkersOption,
    check_cluster_options,
    seed_option,
)
from ..output import emit, stderr_console
from .context import deck as sg_deck

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.silvergold.realgame.arena import ArenaReport


def arena(
    ctx: typer.Context,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help=f"The line-up, one bot per seat, e.g. expert,greedy (bots: {', '.join(NAMES)}).",
        ),
    ] = "expert,greedy",
    games: Annotated[
        int, typer.Option("--games", min=1, max=MAX_GAMES, help="Games to play.")
    ] = 100,
    seed: Annotated[
        int, seed_option("Seed of the first game; game g plays seed + g (default: 0).")
    ] = 0,
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
    from rich.progress import BarColumn, MofNCompleteColumn, Progress

    from ...puzzles.silvergold.realgame.arena import ArenaRecords, check_line_up, run_arena

    names = [name.strip() for name in bots.split(",") if name.strip()]
    check_line_up(names, games, seed)  # the line-up and the cluster options fail before work
    check_cluster_options(scheduler, workers)
    deck = sg_deck(ctx)
    folder = None if records is None else ArenaRecords.open(records, deck, seed + games - 1)
    console = stderr_console()
    with Progress(
        BarColumn(),
        MofNCompleteColumn(),
        console=console,
        disable=plain or as_json or not console.is_terminal,
    ) as progress:
        bar = progress.add_task("games", total=games)
        report = run_arena(
            deck,
            names,
            games,
            seed=seed,
            scheduler=scheduler,
            workers=workers,
            progress=lambda: progress.update(bar, advance=1),
            records=folder,
        )
    emit(
        report.to_dict(),
        lambda out: _render(out, report, plain=plain),
        as_json=as_json,
        plain=plain,
    )


def _render(console: Console, report: ArenaReport, *, plain: bool) -> None:
    from rich import box
    from rich.table import Table

    players = len(report.games[0].seats)
    table = Table(
        title=f"{len(report.games)} games of {players} player{'s' if players > 1 else ''}, "
        "seats rotated",
        box=box.ASCII if plain else box.SIMPLE_HEAD,
    )
    plus_minus = "+/-" if plain else "\u00b1"
    for column in ("Bot", "Wins", "95% CI", "Mean", "Median", "Cards", "Forecast"):
        table.add_column(column, justify="left" if column == "Bot" else "right")
    for bot in report.bots:
        low, high = bot.win_interval
        table.add_row(
            bot.name,
            f"{bot.win_rate:.1%}",
            f"{low:.1%}-{high:.1%}",
            f"{bot.mean:.1f} {plus_minus} {bot.stderr:.1f}",
            f"{bot.median:g}",
            f"{bot.cards:.2f}",
            "-" if bot.forecast is None else f"{bot.forecast:.1f}",
        )
    console.print(table)
    categories = Table(title="Mean score by category", box=box.ASCII if plain else box.SIMPLE_HEAD)
    categories.add_column("Bot")
    for name in ("Torches", "Pyramid", "Gems", "Skulls", "Cards"):
        categories.add_column(name, justify="right")
    for bot in report.bots:
        c = bot.categories
        categories.add_row(
            bot.name,
            *(f"{c[k]:.1f}" for k in ("torches", "pyramid_points", "gems", "skulls", "completed")),
        )
    console.print(categories)
    where = f"{report.workers} Dask worker(s)" if report.workers else "this process"
    console.print(
        f"{report.seconds:.1f} s on {where}. Wins: a shared win counts as a fraction; "
        "Forecast: the bot's predicted final score at its keep decision (calibration).",
        highlight=False,
    )
    if report.records is not None:
        console.print(
            f"The {len(report.games)} games' records are in {report.records}; review one "
            "with: silverpyr hint --game FILE --review --seat N",
            highlight=False,
            markup=False,
            soft_wrap=True,  # a path copies whole
        )
