"""Options shared by several commands, declared once so every command spells and explains
them the same way (``--json``, ``--plain``, ``--moves``, ``--card``...).

Each is an ``Annotated`` alias: a command writes ``as_json: JsonOption = False``.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

import typer

from ..puzzles.cluster import MAX_WORKERS

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON for scripts instead of a drawing.")
]
PlainOption = Annotated[bool, typer.Option("--plain", help="ASCII output without colour.")]
MovesOption = Annotated[
    str | None,
    typer.Option(
        "--moves",
        help="Play these answers, turns separated by ';' (e.g. \"B1 B2 C2; C3; u; C4\"); "
        "'-' reads them from stdin.",
        show_default=False,
    ),
]
LineOption = Annotated[
    bool,
    typer.Option(
        "--line",
        help="Play in the terminal's line mode (typed moves) instead of the full-screen game; "
        "--moves, --plain, --json or a pipe always do.",
    ),
]
NoRecordOption = Annotated[
    bool,
    typer.Option(
        "--no-record", help="Do not record the attempt in your stats, nor save or resume it."
    ),
]
RestartOption = Annotated[
    bool,
    typer.Option(
        "--restart",
        help="Drop the saved attempt and start over (refused once a daily's attempt is scored).",
    ),
]
CardsOption = Annotated[
    list[int],
    typer.Option(
        "--card", help="Pyramid card number; twice for a hand of two.", show_default=False
    ),
]
OptionalCardsOption = Annotated[
    list[int] | None,
    typer.Option(
        "--card", help="Ad-hoc problem: a card in play (repeat for two).", show_default=False
    ),
]


MAX_TIME_LIMIT = 3600.0


def check_time_limit(value: float) -> float:
    """The one rule for ``--time-limit``: a finite number of seconds above 0, at most an hour
    (``nan``, ``inf`` and negative values are usage errors, not solver errors)."""
    if not math.isfinite(value) or not 0 < value <= MAX_TIME_LIMIT:
        limit = f"{MAX_TIME_LIMIT:g}"
        raise typer.BadParameter(f"{value:g} is not a number of seconds above 0, up to {limit}")
    return value


def time_limit_option(default_help: str) -> Any:
    """``--time-limit`` of ``solve`` and ``hint``, checked by :func:`check_time_limit`."""
    return typer.Option("--time-limit", help=default_help, callback=check_time_limit)


SchedulerOption = Annotated[
    str | None,
    typer.Option(
        "--scheduler",
        help="Dask scheduler, tcp://host:port (default: $DASK_SCHEDULER_ADDRESS, "
        "else an embedded cluster); $SILVERPYR_DASK_TIMEOUT seconds (10) to answer and to "
        "have a worker.",
        show_default=False,
    ),
]
RolloutsOption = Annotated[
    int,
    typer.Option(
        "--rollouts",
        min=1,
        max=1000,
        help="Keep and replacement advice: games played out per option (more: surer, slower).",
    ),
]


def check_cluster_options(scheduler: str | None, workers: int | None) -> None:
    """Check ``--scheduler`` (else ``$DASK_SCHEDULER_ADDRESS``) and the timeout before any
    work, unless ``--workers 0`` keeps the work in this process; warn (one line) when
    ``--workers`` cannot apply because the workers are the scheduler's."""
    from ..puzzles.cluster import scheduler_address, wait_timeout

    if workers == 0 and scheduler is None:
        return
    target = scheduler_address(scheduler)
    wait_timeout()
    if target is not None and workers is not None:
        typer.echo(
            f"warning: --workers {workers} is ignored: {target.where} has its own workers",
            err=True,
        )


WorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers",
        min=0,
        max=MAX_WORKERS,
        help="Worker processes of the embedded cluster (default: one per core; 0: none, "
        "all work in this process).",
        show_default=False,
    ),
]
