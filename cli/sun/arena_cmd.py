"""``silverpyr sun arena``: Pyramid of the Sun bots play seeded games against each other,
seats rotated, on Dask; the same flags and JSON as ``silverpyr arena``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ...puzzles.sun.registry import REGISTRY
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
from ..core.context import app_context
from ..core.options import (
    JsonOption,
    PlainOption,
    SchedulerOption,
    WorkersOption,
    check_cluster_options,
)

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.sun.arena import ArenaReport

SIZES = ("short", "standard", "long")


def arena(
    ctx: typer.Context,
    bots: Annotated[str, seats_option(REGISTRY.known())] = "expert,greedy",
    games: GamesOption = 100,
    seed: FirstSeedOption = 0,
    size: Annotated[
        str,
        typer.Option(
            "--size",
            help=f"The pyramid: {', '.join(SIZES)} (a base row of 8, 9 or 10 cards).",
        ),
    ] = "standard",
    records: RecordsOption = None,
    scheduler: SchedulerOption = None,
    workers: WorkersOption = None,
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """Bots play seeded games of Pyramid of the Sun (seats rotated): win rates and scores."""
    from ...puzzles.sun.arena import SunRecords, check_arena, run_arena
    from ...solver.sun.cards import load_deck

    names = line_up(bots)
    check_arena(names, games, seed, size)  # the line-up and the cluster fail before work
    check_cluster_options(scheduler, workers)
    deck = load_deck(app_context(ctx).cards_path)  # --cards: a Sun card file
    folder = None if records is None else SunRecords.open(records, deck, seed + games - 1)
    show_arena(
        games,
        as_json=as_json,
        plain=plain,
        run=lambda advance: run_arena(
            deck,
            names,
            games,
            seed=seed,
            size=size,
            scheduler=scheduler,
            workers=workers,
            progress=advance,
            records=folder,
        ),
        render=lambda out, report: _render(out, report, plain=plain),
    )


def _render(console: Console, report: ArenaReport, *, plain: bool) -> None:
    players = len(report.games[0].seats)
    title = f"{len(report.games)} games of {players} players, {report.size} pyramid, seats rotated"
    console.print(bots_table(title, report.bots, plain=plain))
    console.print(
        categories_table(
            report.bots, (("Cards", "cards"), ("Symbols", "symbols"), ("Top", "top")), plain=plain
        )
    )
    print_pairs(console, report.pairs, "points")
    print_footer(
        console,
        report.seconds,
        report.workers,
        "Cards: cards placed in the pyramid a game; by category: the cards below the top, the "
        "symbols' points, the top.",
        endings=report.endings(),
    )
    if report.records is not None:
        print_records(console, f"The {len(report.games)} games' records are in {report.records}.")
