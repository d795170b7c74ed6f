"""``silverpyr stats``: the player's record from the results database.

Counting (played, at par, streaks, histogram) is
:func:`~silverpyr.puzzles.silvergold.stats.summarise`;
this module only opens the store and draws the summary.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING

from ..core.options import JsonOption, PlainOption
from ..core.output import emit
from ..core.trainer import TodayOption

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.silvergold.stats import Stats


def stats(
    today: TodayOption = None,
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """Your puzzle record: played, at par, streaks of dailies at par, score/par histogram.

    Only the first attempt at each daily that ends counts; later plays are practice,
    shown on a line of their own.
    """
    from ...puzzles.core.store import Store
    from ...puzzles.silvergold.ids import parse_date
    from ...puzzles.silvergold.stats import summarise

    day = parse_date(today) if today is not None else dt.date.today()
    with Store.open_default() as store:
        summary = summarise(store.attempts(), day)
    emit(
        summary.to_dict(),
        lambda console: _print_stats(console, summary, plain=plain),
        as_json=as_json,
        plain=plain,
    )


def _print_stats(console: Console, summary: Stats, *, plain: bool) -> None:
    from rich.table import Table
    from rich.text import Text

    sep = " - " if plain else " \u00b7 "
    days = "day" if summary.current_streak == 1 else "days"
    best_days = "day" if summary.best_streak == 1 else "days"
    console.print(
        Text(
            f"Played {summary.played}{sep}at par {summary.at_par} ({summary.at_par_percent:.0f}%)"
            f"{sep}dailies {summary.dailies_played}{sep}hints used {summary.hints_used}",
            style="bold",
        )
    )
    console.print(
        f"Current streak {summary.current_streak} {days}"
        f"{sep}best streak {summary.best_streak} {best_days}",
        highlight=False,
    )
    if summary.practice:
        console.print(
            f"Practice plays {summary.practice} (dailies played again; not counted above)",
            highlight=False,
        )
    if not summary.played:
        console.print(
            "No puzzles played yet: try `silverpyr daily`.", highlight=False, markup=False
        )
        return
    top = max(count for _, count in summary.histogram) or 1
    table = Table.grid(padding=(0, 2))
    table.add_column(justify="right")
    table.add_column()
    table.add_column(justify="right")
    bar_char = "#" if plain else "\u2588"
    for label, count in summary.histogram:
        bar = bar_char * max(1 if count else 0, round(20 * count / top))
        table.add_row(label, Text(bar, style="" if plain else "cyan"), str(count))
    console.print("Score / par:", style="bold")
    console.print(table)
