"""What every game's ``arena`` command shows: the progress bar, the bots' table and the
table of mean scores by category (each game names its own columns and words)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Annotated, Protocol, TypeVar

import typer

from ..puzzles.cluster import MAX_GAMES
from .options import seed_option
from .output import stderr_console

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

R = TypeVar("R")

GamesOption = Annotated[int, typer.Option("--games", min=1, max=MAX_GAMES, help="Games to play.")]
"""Every arena's ``--games`` (default: 100)."""

FirstSeedOption = Annotated[
    int, seed_option("Seed of the first game; game g plays seed + g (default: 0).")
]
"""Every arena's ``--seed`` (default: 0)."""

BOT_COLUMNS = ("Bot", "Wins", "95% CI", "Mean", "Median", "Cards")
"""The columns every game's bots' table starts with (a game may add more)."""


class BotLine(Protocol):
    """One bot's line of an arena report (as every game's arena gives it)."""

    @property
    def name(self) -> str: ...
    @property
    def win_rate(self) -> float: ...
    @property
    def win_interval(self) -> tuple[float, float]: ...
    @property
    def mean(self) -> float: ...
    @property
    def stderr(self) -> float: ...
    @property
    def median(self) -> float: ...
    @property
    def cards(self) -> float: ...
    @property
    def categories(self) -> Mapping[str, float]: ...


B = TypeVar("B", bound=BotLine)


def with_bar(games: int, *, quiet: bool, run: Callable[[Callable[[], None]], R]) -> R:
    """``run(advance)`` under a bar of ``games`` games on stderr (none when ``quiet`` or
    stderr is not a terminal)."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress

    console = stderr_console()
    with Progress(
        BarColumn(),
        MofNCompleteColumn(),
        console=console,
        disable=quiet or not console.is_terminal,
    ) as progress:
        bar = progress.add_task("games", total=games)
        return run(lambda: progress.update(bar, advance=1))


def bots_table(
    title: str,
    bots: Sequence[B],
    *,
    plain: bool,
    extra: Mapping[str, Callable[[B], str]] | None = None,
) -> Table:
    """The bots' table: :data:`BOT_COLUMNS`, then the game's ``extra`` columns."""
    from rich import box
    from rich.table import Table

    more = dict(extra or {})
    table = Table(title=title, box=box.ASCII if plain else box.SIMPLE_HEAD)
    plus_minus = "+/-" if plain else "\u00b1"
    for column in (*BOT_COLUMNS, *more):
        table.add_column(column, justify="left" if column == "Bot" else "right")
    for bot in bots:
        low, high = bot.win_interval
        table.add_row(
            bot.name,
            f"{bot.win_rate:.1%}",
            f"{low:.1%}-{high:.1%}",
            f"{bot.mean:.1f} {plus_minus} {bot.stderr:.1f}",
            f"{bot.median:g}",
            f"{bot.cards:.2f}",
            *(cell(bot) for cell in more.values()),
        )
    return table


def categories_table(
    bots: Sequence[BotLine], columns: Sequence[tuple[str, str]], *, plain: bool
) -> Table:
    """``Mean score by category``: one column a ``(heading, key of the bot's categories)``."""
    from rich import box
    from rich.table import Table

    table = Table(title="Mean score by category", box=box.ASCII if plain else box.SIMPLE_HEAD)
    table.add_column("Bot")
    for heading, _ in columns:
        table.add_column(heading, justify="right")
    for bot in bots:
        table.add_row(bot.name, *(f"{bot.categories[key]:.1f}" for _, key in columns))
    return table


def where(workers: int) -> str:
    """Where the games ran, for the footer."""
    return f"{workers} Dask worker(s)" if workers else "this process"


def print_records(console: Console, text: str) -> None:
    """The line naming the records' folder (a path copies whole)."""
    console.print(text, highlight=False, markup=False, soft_wrap=True)


__all__ = [
    "BOT_COLUMNS",
    "BotLine",
    "FirstSeedOption",
    "GamesOption",
    "bots_table",
    "categories_table",
    "print_records",
    "where",
    "with_bar",
]
