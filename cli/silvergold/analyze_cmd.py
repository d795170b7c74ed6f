"""``silverpyr analyze``: the deck analysed card by card with the exact engine, on Dask.

See :mod:`silverpyr.puzzles.silvergold.realgame.analysis` for the figures; this module holds the
options, the
progress bar and the output (a Rich table, ``--json``, CSV and PNG charts in ``--out``).
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from ...solver.core.errors import SilverpyrError
from ..core.options import (
    JsonOption,
    PlainOption,
    SchedulerOption,
    WorkersOption,
    check_cluster_options,
)
from ..core.output import emit, stderr_console
from .context import deck as sg_deck

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.core.store import Store
    from ...puzzles.silvergold.realgame.analysis import CardAnalysis, RunReport, Task


class AnalyzeInputError(SilverpyrError, ValueError):
    """Options that do not describe an analysis."""


def analyze(
    ctx: typer.Context,
    cards: Annotated[
        list[int] | None,
        typer.Option(
            "--card", help="Analyse only this card (repeat for more).", show_default=False
        ),
    ] = None,
    cards_only: Annotated[
        bool,
        typer.Option(
            "--cards-only",
            help="Only each card's exact and greedy figures (no orders, no speed).",
        ),
    ] = False,
    orders: Annotated[
        int | None,
        typer.Option(
            "--orders",
            min=1,
            help="Known-order optimum over N seeded orders (default: all of them).",
            show_default=False,
        ),
    ] = None,
    scheduler: SchedulerOption = None,
    workers: WorkersOption = None,
    out: Annotated[
        Path | None,
        typer.Option(
            "--out",
            help="Write analysis.csv and PNG charts to this folder.",
            file_okay=False,
            show_default=False,
        ),
    ] = None,
    no_cache: Annotated[
        bool, typer.Option("--no-cache", help="Neither read nor write cached results.")
    ] = False,
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """The deck card by card: exact expected round score, completion chance, the greedy bot,
    the known-order optimum and the turns to complete playing for speed."""
    from ...puzzles.core.store import Store
    from ...puzzles.silvergold.realgame import analysis

    check_cluster_options(scheduler, workers)  # a bad address fails before any work
    deck = sg_deck(ctx)
    tasks = analysis.make_tasks(deck, cards, cards_only=cards_only, orders=orders)
    if out is not None and out.exists() and not out.is_dir():
        raise AnalyzeInputError(f"--out {out} is a file, not a folder")
    store = None if no_cache else Store.open_default()
    try:
        report = _run_with_progress(tasks, deck.fingerprint, store, scheduler, workers, plain=plain)
    finally:
        if store is not None:
            store.close()
    rows = analysis.analyses(deck, report)
    written: list[str] = []
    if out is not None:
        out.mkdir(parents=True, exist_ok=True)
        analysis.write_csv(rows, out / "analysis.csv")
        written = [str(out / "analysis.csv"), *analysis.write_charts(rows, out)]
    emit(
        {**analysis.report_dict(rows, report, deck), "files": written},
        lambda console: _render(console, rows, report, written),
        as_json=as_json,
        plain=plain,
    )
    if report.failures:
        errors = stderr_console()
        for failure in report.failures:
            errors.print(f"failed: {failure}", markup=False, highlight=False, soft_wrap=True)
        kept = "cached" if store is not None else "shown"
        raise analysis.AnalysisError(
            f"{len(report.failures)} task(s) failed (each named above); the other results "
            f"are {kept}: run again to retry the failed ones"
        )


def _run_with_progress(
    tasks: list[Task],
    deck_hash: str,
    store: Store | None,
    scheduler: str | None,
    workers: int | None,
    *,
    plain: bool,
) -> RunReport:
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from ...puzzles.silvergold.realgame import analysis as module

    console = stderr_console()
    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("{task.fields[last]}"),
        console=console,
        disable=plain or not console.is_terminal,
        transient=False,
    ) as progress:
        bar = progress.add_task("analyze", total=len(tasks), last="")

        def advance(task: Task, ok: bool) -> None:
            progress.update(bar, advance=1, last=task.label + ("" if ok else " FAILED"))

        return module.run(
            tasks,
            deck_hash,
            store,
            scheduler=scheduler,
            workers=workers,
            progress=advance,
        )


def _fmt(value: float | None, digits: int = 2, *, percent: bool = False) -> str:
    if value is None:
        return "-"
    return f"{value:.{digits}%}" if percent else f"{value:.{digits}f}"


def _render(
    console: Console, rows: list[CardAnalysis], report: RunReport, written: list[str]
) -> None:
    from rich import box
    from rich.table import Table

    table = Table(title="The deck, one round from an empty card", box=box.SIMPLE_HEAD)
    for name in ("#", "Card", "Exact", "Done", "Greedy", "Done", "Known", "p10/50/90", "Turns"):
        table.add_column(name, justify="right")
    for rank, row in enumerate(rows, start=1):
        spread = (
            "-" if row.known_p50 is None else f"{row.known_p10}/{row.known_p50}/{row.known_p90}"
        )
        table.add_row(
            str(rank),
            f"{row.number} {row.color[0].upper()}",
            _fmt(row.exact),
            _fmt(row.completion, 1, percent=True),
            _fmt(row.greedy),
            _fmt(row.greedy_completion, 1, percent=True),
            _fmt(row.known_mean),
            spread,
            _fmt(row.speed_turns),
        )
    console.print(table)
    orders = {row.orders for row in rows if row.orders is not None}
    notes = [
        "Exact: the expected puzzle score of round 1 under optimal play, before the first "
        "reveal, over every way the expedition cards can come (exact fractions, shown "
        "rounded); Done: the chance to complete the card within the round.",
        "Greedy: the same for the greedy bot (skill = Exact - Greedy). Known: the mean best "
        "score when the order is known in advance"
        + (f" ({', '.join(str(o) for o in sorted(orders))} orders)" if orders else "")
        + " (foresight = Known - Exact), with its percentiles. Turns: expected turns to "
        "complete the card playing for speed, across rounds. Card colour: P/O/G.",
        f"{report.computed} task(s) computed, {report.cached} from the cache, "
        f"{report.seconds:.1f} s"
        + (f" on {report.workers} worker(s)" if report.workers else "")
        + ".",
    ]
    if written:
        notes.append("Wrote " + ", ".join(written) + ".")
    from rich.text import Text

    for line in notes:
        console.print(Text(line))  # wrapped between words to the terminal's width
