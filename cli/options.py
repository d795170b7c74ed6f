"""Options shared by several commands, declared once so every command spells and explains
them the same way (``--json``, ``--plain``, ``--moves``, ``--card``...).

Each is an ``Annotated`` alias: a command writes ``as_json: JsonOption = False``.
"""

from __future__ import annotations

import math
from typing import Annotated, Any

import typer

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


def line_option(*also: str) -> Any:
    """``--line``; ``also``: the command's own options that play in line mode too."""
    those = ", ".join(("--moves", "--plain", *also))
    return typer.Option(
        "--line",
        help="Play in the terminal's line mode (typed moves) instead of the full-screen game; "
        f"{those} or a pipe always do.",
    )


LineOption = Annotated[bool, line_option("--json")]
"""``--line`` of ``puzzle`` and ``daily``."""
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


RANDOM_SEEDS = 1_000_000
"""An omitted ``--seed`` of ``game`` and ``puzzle`` is drawn below this (short to retype)."""


def check_seed(value: int | None) -> int | None:
    """The one rule for ``--seed`` (:func:`~silverpyr.solver.rng.seed_problem`), as a usage
    error; the same rule checks the seeds of game records and puzzle ids."""
    from ..solver.rng import seed_problem

    problem = None if value is None else seed_problem(value)
    if problem is not None:
        raise typer.BadParameter(problem)
    return value


def seed_option(default_help: str) -> Any:
    """``--seed`` of every command: one spelling, one range (0 to 2**63-1), one message.

    Its default is decided once, by what the seed is for: where it deals you something to
    play (``game``, ``puzzle``) an omitted seed is a random one, shown so the game or puzzle
    can be had again; where it feeds an answer (``solve``, ``hint``, ``arena``) it is 0, so
    the same command gives the same answer.
    """
    return typer.Option(
        "--seed", help=default_help, callback=check_seed, metavar="SEED", show_default=False
    )


def random_seed() -> int:
    """The seed of a ``game`` or ``puzzle`` played without ``--seed``."""
    import secrets

    return secrets.randbelow(RANDOM_SEEDS)


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
        help="Dask scheduler, e.g. tcp://host:8786 (default: $DASK_SCHEDULER_ADDRESS, "
        "else an embedded cluster).",
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
WorkersOption = Annotated[
    int | None,
    typer.Option(
        "--workers",
        min=0,
        help="Worker processes of the embedded cluster (default: one per core; 0: none, "
        "all work in this process).",
        show_default=False,
    ),
]
