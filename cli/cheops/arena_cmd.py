"""``silverpyr cheops arena``: Cheops bots play seeded games against each other, seats
rotated, on Dask; the same flags and JSON as ``silverpyr sun arena``."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ...puzzles.cheops.registry import NAMES
from ..arena_view import (
    FirstSeedOption,
    GamesOption,
    bots_table,
    categories_table,
    print_records,
    where,
    with_bar,
)
from ..options import (
    JsonOption,
    PlainOption,
    SchedulerOption,
    WorkersOption,
    check_cluster_options,
)
from ..output import emit
from .context import components as cheops_components

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.cheops.arena import ArenaReport


def arena(
    ctx: typer.Context,
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            help="The line-up, one bot per seat (2 to 5), e.g. expert,greedy,greedy "
            f"(bots: {', '.join(NAMES)}).",
        ),
    ] = "expert,greedy",
    games: GamesOption = 100,
    seed: FirstSeedOption = 0,
    records: Annotated[
        Path | None,
        typer.Option(
            "--records",
            help="Write every game to this folder (made if missing), one game-SEED.json a "
            "game: the seats' bots and every move, replayable through the engine.",
            show_default=False,
            metavar="DIR",
        ),
    ] = None,
    scheduler: SchedulerOption = None,
    workers: WorkersOption = None,
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """Bots play seeded games of Cheops (seats rotated): win rates and final money."""
    from ...puzzles.cheops.arena import CheopsRecords, check_arena, run_arena

    names = [name.strip() for name in bots.split(",") if name.strip()]
    check_arena(names, games, seed)  # the line-up and the cluster fail before work
    check_cluster_options(scheduler, workers)
    components = cheops_components(ctx)  # --cards: a Cheops components file
    folder = None if records is None else CheopsRecords.open(records, components, seed + games - 1)
    report = with_bar(
        games,
        quiet=plain or as_json,
        run=lambda advance: run_arena(
            components,
            names,
            games,
            seed=seed,
            scheduler=scheduler,
            workers=workers,
            progress=advance,
            records=folder,
        ),
    )
    emit(
        report.to_dict(),
        lambda out: _render(out, report, plain=plain),
        as_json=as_json,
        plain=plain,
    )


def _render(console: Console, report: ArenaReport, *, plain: bool) -> None:
    players = len(report.games[0].seats)
    title = f"{len(report.games)} games of {players} players, seats rotated"
    console.print(bots_table(title, report.bots, plain=plain))
    console.print(
        categories_table(
            report.bots, (("Sold", "sold"), ("Stored", "stored"), ("Paid", "paid")), plain=plain
        )
    )
    for pair in report.pairs:
        low, high = pair.difference.interval
        console.print(
            f"{pair.first} - {pair.second}: {pair.difference.mean:+.1f} piastres a game "
            f"(95% CI {low:+.1f} to {high:+.1f}, paired over {pair.difference.count} games)",
            highlight=False,
        )
    endings = ", ".join(f"{count} {reason}" for reason, count in report.endings().items())
    console.print(
        f"{report.seconds:.1f} s on {where(report.workers)}. Endings: {endings}. Wins: a shared "
        "win counts as a fraction; Mean: final money; Cards: tiles placed in the pyramid a "
        "game; by category: paid for sales, final scoring, paid out (money = start + sold + "
        "stored - paid).",
        highlight=False,
    )
    if report.records is not None:
        print_records(console, f"The {len(report.games)} games' records are in {report.records}.")
