"""Options shared by several commands, declared once so every command spells and explains
them the same way (``--json``, ``--plain``, ``--moves``, ``--card``...).

One name per idea, whatever the command: ``--round`` and ``--turn`` (a turn within its
round; ``--turn-in-round`` is its old name), ``--workers`` (worker processes; ``--jobs`` is
its old name), ``--moves TEXT`` (answers as text, ``-`` for stdin) and ``--moves-file
FILE``, ``--seed`` (one range, :func:`seed_option`). Old names keep working: the root app
rewrites them (``OLD_NAMES``) before parsing, and help shows only the new ones.

Each is an ``Annotated`` alias: a command writes ``as_json: JsonOption = False``.
"""

from __future__ import annotations

import math
import re
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Annotated, Any

import typer

from ...puzzles.core.cluster import MAX_WORKERS
from ...solver.core.errors import SilverpyrError

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print JSON for scripts instead of a drawing.")
]
PlainOption = Annotated[bool, typer.Option("--plain", help="ASCII output without colour.")]


def moves_option(example: str) -> Any:
    """The ``--moves`` option, its help showing ``example`` in the game's own notation."""
    return typer.Option(
        "--moves",
        help=f"Your answers as text, ';' or a new line between them (e.g. \"{example}\"); "
        "'-' reads them from stdin; a line starting with '#' and no digit after it is a "
        "comment.",
        show_default=False,
        metavar="TEXT",
    )


MovesOption = Annotated[str | None, moves_option("B1 B2 C2; C3; u; C4")]
"""``--moves`` with an example in *Silver & Gold*'s notation (each other game names its own:
:func:`moves_option`)."""


def file_option(name: str, help_text: str, *, dir_okay: bool = True) -> Any:
    """An option naming one file (``--moves-file``, ``--position``, ``--record``, ``--game``),
    spelled the same everywhere: ``FILE`` in help, no default shown; ``dir_okay=False``
    refuses a folder (a file written to)."""
    return typer.Option(name, help=help_text, dir_okay=dir_okay, show_default=False, metavar="FILE")


MovesFileOption = Annotated[
    Path | None,
    file_option(
        "--moves-file",
        "Read your answers from this file, as --moves takes them (a line starting with "
        "'#' and no digit after it is a comment).",
    ),
]


class EmptyPathError(SilverpyrError, ValueError):
    """A path option or argument given as empty text."""


def empty_path(command: Any, args: Sequence[str]) -> str | None:
    """What is wrong with the first path option or argument of ``args`` given as empty text
    (``--records ''``), or ``None``; ``command`` is the root group, its subcommands walked
    as ``args`` name them. To Python an empty path is the current folder, so ``arena
    --records ''`` wrote its games there: every command refuses it before it starts."""
    shared = [param for param in command.params if param.param_type_name == "option"]
    positional = 0
    index = 0
    while index < len(args) and args[index] != "--":
        arg = args[index]
        index += 1
        commands = getattr(command, "commands", None) or {}
        if arg in commands:
            command, positional = commands[arg], 0
            continue
        params = [*command.params, *shared]
        if arg.startswith("-") and len(arg) > 1:
            name, equals, given = arg.partition("=")
            option = next((p for p in params if name in (*p.opts, *p.secondary_opts)), None)
            if option is None or option.is_flag or option.count:
                continue
            value: str | None = given
            if not equals:
                value = args[index] if index < len(args) else None
                index += 1
            if value == "" and _is_path(option):
                return f"{name} '': an empty path names no file or folder"
            continue
        arguments = [p for p in command.params if p.param_type_name == "argument"]
        if positional < len(arguments):
            argument = arguments[positional]
            if arg == "" and _is_path(argument):
                name = (argument.metavar or argument.name or "path").upper()
                return f"{name} '': an empty path names no file or folder"
            positional += argument.nargs == 1
    return None


def _is_path(param: Any) -> bool:
    """Whether ``param`` takes a path (Click's ``Path``, or Typer's ``TyperPath``, of
    whichever copy of Click)."""
    return any(kind.__name__.endswith("Path") for kind in type(param.type).__mro__)


class MovesInputError(SilverpyrError, ValueError):
    """``--moves`` and ``--moves-file`` together."""


def moves_text(moves: str | None, moves_file: Path | None) -> str | None:
    """The answers of ``--moves TEXT`` (``-``: stdin) or ``--moves-file FILE`` as one meaning:
    the text of the answers (``-`` still to be read from stdin), None when neither is given."""
    if moves is not None and moves_file is not None:
        raise MovesInputError("give only one of --moves, --moves-file")
    if moves_file is None:
        return moves
    from ...solver.core.reader import read_text

    text = read_text(moves_file)
    return text if text != "-" else "-\n"  # a file holding one pass, not stdin


COMMENT = re.compile(r"\s*#(?!\d)")
"""A comment line of a script, in every game: its first mark is ``#`` with no digit after it.
Only a whole line is ever a comment, so no answer is lost to it: ``#17@1c`` (the Sun's move by
card id) and ``discard #17`` are answers; no game's notation starts with ``#`` otherwise."""


def is_comment(line: str) -> bool:
    """Whether ``line`` (of a script, or typed) is a comment (:data:`COMMENT`)."""
    return COMMENT.match(line) is not None


def script_lines(text: str) -> list[str]:
    """The answers of script ``text``: ``;`` or a new line between them, comment lines
    (:data:`COMMENT`) and blank answers left out."""
    answers: list[str] = []
    for line in text.splitlines():
        if not is_comment(line):
            answers.extend(part.strip() for part in line.split(";") if part.strip())
    return answers


def script_answers(text: str | None) -> list[str] | None:
    """The one script reader of every game and mode: the answers of :func:`moves_text`'s
    ``text`` (``-``: read from stdin), ``None`` when there is no script."""
    if text is None:
        return None
    return script_lines(sys.stdin.read() if text == "-" else text)


def line_option(*also: str) -> Any:
    """``--line``; ``also``: the command's own options that play in line mode too."""
    those = ", ".join(("--moves", "--moves-file", "--plain", *also))
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


OLD_NAMES = {"--turn-in-round": "--turn", "--jobs": "--workers"}
"""Old spellings of shared options, still taken: old name -> the one name of the idea."""

RANDOM_SEEDS = 1_000_000
"""An omitted ``--seed`` of ``game`` and ``puzzle`` is drawn below this (short to retype)."""


def check_seed(value: int | None) -> int | None:
    """The one rule for ``--seed`` (:func:`~silverpyr.solver.core.rng.seed_problem`), as a usage
    error; the same rule checks the seeds of game records and puzzle ids."""
    from ...solver.core.rng import seed_problem

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


PositionOption = Annotated[
    Path | None,
    file_option("--position", "The position: a YAML or JSON file (see --position-template)."),
]
"""``--position FILE`` of the Sun's and Cheops's ``solve``."""
SearchTimeOption = Annotated[
    float,
    time_limit_option(
        "Seconds the search may take; past it the answer is the best found, not proven."
    ),
]
"""``--time-limit`` of the Sun's and Cheops's ``solve`` (default: 10 s)."""
PositionTemplateOption = Annotated[
    bool,
    typer.Option(
        "--position-template",
        help="Print a commented example position file and stop.",
    ),
]


def position_to_solve(
    position: Path | None, template: bool, example: Callable[[], str]
) -> Path | None:
    """The ``--position`` file to solve; ``None`` when ``--position-template`` printed the
    game's ``example`` (the command stops). Neither given is an error."""
    if template:
        typer.echo(example(), nl=False)
        return None
    if position is None:
        raise SilverpyrError("give --position FILE (or --position-template for an example)")
    return position


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


def check_cluster_options(scheduler: str | None, workers: int | None) -> None:
    """Check ``--scheduler`` (else ``$DASK_SCHEDULER_ADDRESS``) and the timeout before any
    work, unless ``--workers 0`` keeps the work in this process; warn (one line) when
    ``--workers`` cannot apply because the workers are the scheduler's."""
    from ...puzzles.core.cluster import scheduler_address, wait_timeout

    if workers == 0 and scheduler is None:
        return
    target = scheduler_address(scheduler)
    wait_timeout()
    if target is not None and workers is not None:
        from .output import warn

        warn(f"--workers {workers} is ignored: {target.where} has its own workers")


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


CardFileArgument = Annotated[
    Path | None,
    typer.Argument(
        help="Card file to check (default: the --cards file, else the bundled deck).",
        show_default=False,
    ),
]
"""The file of every game's ``cards validate``."""
