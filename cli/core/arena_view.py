"""What every game's ``arena`` command shares: its options (``--games``, ``--seed``, the Sun's
and Cheops's ``--bots`` and ``--records``), the run under a progress bar and its output
(``--json`` or the drawing), the bots' table, the table of mean scores by category, the paired
differences and the footer (each game names its own columns and words). Game-free."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any, TypeVar

import typer

from ...puzzles.core.cluster import MAX_GAMES
from ...solver.core.errors import SilverpyrError
from .options import seed_option
from .output import emit, stderr_console

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from ...puzzles.core.tournament import (
        ArenaFigures,
        ArenaReport,
        BotReport,
        Column,
        PairReport,
    )

R = TypeVar("R")

GamesOption = Annotated[int, typer.Option("--games", min=1, max=MAX_GAMES, help="Games to play.")]
"""Every arena's ``--games`` (default: 100)."""

FirstSeedOption = Annotated[
    int, seed_option("Seed of the first game; game g plays seed + g (default: 0).")
]
"""Every arena's ``--seed`` (default: 0)."""

RecordsOption = Annotated[
    Path | None,
    typer.Option(
        "--records",
        help="Write every game to this folder (made if missing), one game-SEED.json a "
        "game: the seats' bots and every move, replayable through the engine.",
        show_default=False,
        metavar="DIR",
    ),
]
"""The Sun's and Cheops's ``--records DIR`` (Silver & Gold's says how to review a game)."""


def seats_option(known: str) -> Any:
    """The Sun's and Cheops's ``--bots``: a line-up of 2 to 5 seats among the ``known``
    players (a registry's :meth:`~silverpyr.puzzles.core.players.Registry.known`)."""
    return typer.Option(
        "--bots",
        help="The line-up, one bot per seat (2 to 5), e.g. expert,greedy,greedy "
        f"(bots: {known}; or package.module:factory).",
    )


class LineUpError(SilverpyrError, ValueError):
    """A ``--bots`` with an empty part: a seat named by nothing."""


def line_up(bots: str) -> list[str]:
    """The bots of ``--bots``, one a seat; an empty part (``greedy,,greedy``, a comma at an
    end, or nothing at all) is refused, as it names no bot for its seat."""
    names = [name.strip() for name in bots.split(",")]
    if "" in names:
        seat = names.index("") + 1
        raise LineUpError(
            f"--bots {bots!r}: seat {seat} names no bot (one bot a seat, comma-separated, "
            "e.g. expert,greedy)"
        )
    return names


BOT_COLUMNS = ("Bot", "Wins", "95% CI", "Mean", "Median")
"""The columns every game's bots' table starts with (the game's own follow)."""


B = TypeVar("B", bound="BotReport")
"""A bot's line: every game's arena reports its bots as the core's ``BotReport`` (or a
subclass), its pairs as ``PairReport``, itself as ``ArenaReport`` (an ``ArenaFigures`` with
the pairs), so the drawing types against those, not against look-alike protocols."""
Rep = TypeVar("Rep", bound="ArenaFigures[Any, Any]")


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


def show_arena(
    games: int,
    *,
    as_json: bool,
    plain: bool,
    run: Callable[[Callable[[], None]], Rep],
    render: Callable[[Console, Rep], None],
) -> None:
    """Run the arena under its bar (none under ``--json`` or ``--plain``), then print the
    report: its JSON, or the game's ``render``."""
    report = with_bar(games, quiet=plain or as_json, run=run)
    emit(report.to_dict(), lambda out: render(out, report), as_json=as_json, plain=plain)


def bots_table(title: str, bots: Sequence[B], columns: Sequence[Column], *, plain: bool) -> Table:
    """The bots' table: :data:`BOT_COLUMNS`, then the game's own ``columns`` that have a
    heading."""
    from rich import box
    from rich.table import Table

    shown = [column for column in columns if column.heading is not None]
    table = Table(title=title, box=box.ASCII if plain else box.SIMPLE_HEAD)
    plus_minus = "+/-" if plain else "\u00b1"
    for heading in (*BOT_COLUMNS, *(str(column.heading) for column in shown)):
        table.add_column(heading, justify="left" if heading == "Bot" else "right")
    for bot in bots:
        low, high = bot.win_interval
        table.add_row(
            bot.name,
            f"{bot.win_rate:.1%}",
            f"{low:.1%}-{high:.1%}",
            f"{bot.mean:.1f} {plus_minus} {bot.stderr:.1f}",
            f"{bot.median:g}",
            *(column.cell(bot.columns[column.key]) for column in shown),
        )
    return table


def categories_table(
    bots: Sequence[BotReport], columns: Sequence[tuple[str, str]], *, plain: bool
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


def print_pairs(console: Console, pairs: Sequence[PairReport], unit: str) -> None:
    """A line a pair of bots: their paired difference in the game's ``unit`` a game."""
    for pair in pairs:
        low, high = pair.difference.interval
        console.print(
            f"{pair.first} - {pair.second}: {pair.difference.mean:+.1f} {unit} a game "
            f"(95% CI {low:+.1f} to {high:+.1f}, paired over {pair.difference.count} games)",
            highlight=False,
        )


def print_footer(
    console: Console,
    seconds: float,
    workers: int,
    words: str,
    *,
    endings: Mapping[str, int] | None = None,
) -> None:
    """How long and where, how the games ended (a game that counts its endings), and what
    the columns mean (the game's ``words``)."""
    ended = ""
    if endings is not None:
        ended = " Endings: " + ", ".join(f"{count} {reason}" for reason, count in endings.items())
        ended += "."
    console.print(
        f"{seconds:.1f} s on {where(workers)}.{ended} Wins: a shared win counts as a fraction; "
        + words,
        highlight=False,
    )


def print_records(console: Console, text: str) -> None:
    """The line naming the records' folder (a path copies whole)."""
    console.print(text, highlight=False, markup=False, soft_wrap=True)


def print_report(
    console: Console,
    report: ArenaReport[Any],
    categories: Sequence[tuple[str, str]],
    unit: str,
    words: str,
    columns: Sequence[Column],
    *,
    plain: bool,
    setting: str = "",
) -> None:
    """The Sun's and Cheops's drawing of a report: the bots' table (titled by the games, the
    players and the game's ``setting``, with the game's own ``columns``), the ``categories``'
    table, the paired differences in ``unit``, the footer with the endings and the game's
    ``words``, the records' folder."""
    players = len(report.games[0].seats)
    title = f"{len(report.games)} games of {players} players{setting}, seats rotated"
    console.print(bots_table(title, report.bots, columns, plain=plain))
    console.print(categories_table(report.bots, categories, plain=plain))
    print_pairs(console, report.pairs, unit)
    print_footer(console, report.seconds, report.workers, words, endings=report.endings())
    if report.records is not None:
        print_records(console, f"The {len(report.games)} games' records are in {report.records}.")


__all__ = [
    "BOT_COLUMNS",
    "FirstSeedOption",
    "GamesOption",
    "RecordsOption",
    "bots_table",
    "categories_table",
    "line_up",
    "print_footer",
    "print_pairs",
    "print_records",
    "print_report",
    "seats_option",
    "show_arena",
    "where",
    "with_bar",
]
