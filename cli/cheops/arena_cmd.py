"""``silverpyr cheops arena``: Cheops bots play seeded games against each other, seats
rotated, on Dask; the same flags and JSON as ``silverpyr sun arena``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ...puzzles.cheops.registry import REGISTRY
from ..core.arena_view import (
    FirstSeedOption,
    GamesOption,
    RecordsOption,
    bots_table,
    categories_table,
    line_up,
    print_footer,
    print_pairs,
    print_records,
    seats_option,
    show_arena,
)
from ..core.options import (
    JsonOption,
    PlainOption,
    SchedulerOption,
    WorkersOption,
    check_cluster_options,
)
from .context import components as cheops_components

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.cheops.arena import ArenaReport


def arena(
    ctx: typer.Context,
    bots: Annotated[str, seats_option(REGISTRY.known())] = "expert,greedy",
    games: GamesOption = 100,
    seed: FirstSeedOption = 0,
    records: RecordsOption = None,
    scheduler: SchedulerOption = None,
    workers: WorkersOption = None,
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """Bots play seeded games of Cheops (seats rotated): win rates and final money."""
    from ...puzzles.cheops.arena import CheopsRecords, check_arena, run_arena

    names = line_up(bots)
    check_arena(names, games, seed)  # the line-up and the cluster fail before work
    check_cluster_options(scheduler, workers)
    components = cheops_components(ctx)  # --cards: a Cheops components file
    folder = None if records is None else CheopsRecords.open(records, components, seed + games - 1)
    show_arena(
        games,
        as_json=as_json,
        plain=plain,
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
        render=lambda out, report: _render(out, report, plain=plain),
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
    print_pairs(console, report.pairs, "piastres")
    print_footer(
        console,
        report.seconds,
        report.workers,
        "Mean: final money; Cards: tiles placed in the pyramid a game; by category: paid for "
        "sales, final scoring, paid out (money = start + sold + stored - paid).",
        endings=report.endings(),
    )
    if report.records is not None:
        print_records(console, f"The {len(report.games)} games' records are in {report.records}.")
