"""``silverpyr cheops arena``: Cheops bots play seeded games against each other, seats
rotated, on Dask; the same flags and JSON as ``silverpyr sun arena``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

from ...puzzles.cheops.registry import REGISTRY
from ..core.arena_view import RecordsOption, print_report, seats_option
from ..core.game_commands import Arena, ArenaCommand
from .context import components as cheops_components

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.cheops.arena import ArenaReport


def _arena() -> Arena:
    """Cheops's arena, imported when the command runs."""
    from ...puzzles.cheops.arena import CheopsRecords, check_arena, run_arena

    return Arena(check_arena, run_arena, CheopsRecords.open)


def _render(console: Console, report: ArenaReport, *, plain: bool) -> None:
    from ...puzzles.cheops.arena import COLUMNS

    print_report(
        console,
        report,
        (("Sold", "sold"), ("Stored", "stored"), ("Paid", "paid")),
        "piastres",
        "Mean: final money; Cards: tiles placed in the pyramid a game; by category: paid for "
        "sales, final scoring, paid out (money = start + sold + stored - paid).",
        COLUMNS,
        plain=plain,
    )


arena = ArenaCommand(
    "Bots play seeded games of Cheops (seats rotated): win rates and final money.",
    Annotated[str, seats_option(REGISTRY.known())],
    RecordsOption,
    cheops_components,  # --cards: a Cheops components file
    _arena,
    _render,
).command()
