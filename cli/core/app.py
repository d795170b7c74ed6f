"""The root ``silverpyr`` app: global options, command groups and the one error mapping.

The error contract: every input or usage error is one line on stderr, ``error: <what is
wrong, and where>``, exit code 2; a usage error (bad option value, unknown option, missing
option) ends that line with where to look: ``(see 'silverpyr game --help')``. Domain errors
(:class:`~silverpyr.solver.core.errors.SilverpyrError`), unreadable files and Click's usage
errors all end here; ``--debug`` shows the traceback instead. A problem the library
recovered from (:class:`~silverpyr.solver.core.errors.SilverpyrWarning`, e.g. a damaged row of
the results database skipped) is one ``warning: <what, where>`` line, and the command goes on.

The global options ``--cards`` and ``--debug`` work before or after the subcommand: they
are moved to the front before Click parses the line.

Each command's module is imported only when it runs or shows its own help
(:class:`~.commands.LazyGroup`), and heavy modules (ortools, networkx, Dask, Textual) only
inside the commands that need them, so ``silverpyr --help`` starts fast.
"""

from __future__ import annotations

import errno
import importlib
import re
import select
import sys
import warnings
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Annotated, Any, NoReturn

import typer

from . import quick_help
from .commands import PLAY, SILVERGOLD, Lazy, LazyGroup, game_groups
from .context import AppContext
from .output import one_line, warn
from .streams import degrade_streams, leave_quietly, quiet_broken_pipes

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


GLOBAL_FLAGS = ("--debug",)
GLOBAL_VALUE_OPTIONS = ("--cards",)


def hoist_global_options(args: Sequence[str]) -> list[str]:
    """``args`` with the global options moved to the front (before ``--`` only)."""
    front: list[str] = []
    rest: list[str] = []
    items = list(args)
    index = 0
    while index < len(items):
        item = items[index]
        if item == "--":
            rest.extend(items[index:])
            break
        name = item.split("=", 1)[0]
        if item in GLOBAL_FLAGS:
            front.append(item)
        elif name in GLOBAL_VALUE_OPTIONS:
            front.append(item)
            if "=" not in item and index + 1 < len(items):
                index += 1
                front.append(items[index])
        else:
            rest.append(item)
        index += 1
    return front + rest


def respell_old_names(args: Sequence[str]) -> list[str]:
    """``args`` with the old names of shared options (``--jobs``, ``--turn-in-round``) given
    their one name (:data:`~.options.OLD_NAMES`), before ``--`` only."""
    from .options import OLD_NAMES

    out: list[str] = []
    for index, item in enumerate(args):
        if item == "--":
            return out + list(args[index:])
        name, equals, value = item.partition("=")
        out.append(OLD_NAMES[name] + equals + value if name in OLD_NAMES else item)
    return out


def _usage_message(error: Any) -> str:
    """Click's usage error as one line, in the project's words."""
    message: str = error.format_message()
    # Click names a type "int", "integer" or "integer range" depending on its version.
    message = re.sub(
        r"is not a valid (?:int|integer)(?: range)?\b", "is not a whole number", message
    )
    message = re.sub(r"is not a valid float(?: range)?\b", "is not a number", message)
    message = re.sub(r"is not in the range (\S+?)<=x<=(\S+?)\.", r"is not from \1 to \2.", message)
    message = re.sub(r"is not in the range x>=(\S+?)\.", r"is less than \1.", message)
    return one_line(message)


@contextmanager
def _warnings_as_lines() -> Iterator[None]:
    """Each :class:`~silverpyr.solver.core.errors.SilverpyrWarning` (a problem the library
    recovered from, e.g. a damaged row of the results database) is one ``warning:`` line
    on stderr, every time it is raised; other warnings are shown as Python shows them."""
    from ...solver.core.errors import SilverpyrWarning

    with warnings.catch_warnings():
        warnings.simplefilter("always", SilverpyrWarning)
        shown = warnings.showwarning

        def show(message: Warning | str, category: type[Warning], *args: Any, **kw: Any) -> None:
            if issubclass(category, SilverpyrWarning):
                warn(str(message))
            else:
                shown(message, category, *args, **kw)

        warnings.showwarning = show
        yield


def _reader_gone(error: BaseException) -> bool:
    """Whether ``error`` is stdout's reader going away (``silverpyr cards list | head -1``).

    A broken pipe of a file or a network connection has a file name, or leaves stdout's
    reader there: those stay errors.
    """
    if not isinstance(error, OSError) or error.errno != errno.EPIPE or error.filename:
        return False
    try:
        fd = sys.__stdout__.fileno() if sys.__stdout__ is not None else sys.stdout.fileno()
        if not hasattr(select, "poll"):
            return True
        poller = select.poll()
        poller.register(fd, select.POLLOUT)
        return any(events & select.POLLERR for _, events in poller.poll(0))
    except (OSError, ValueError, AttributeError):
        return False


def _flush_stdout() -> None:
    """Flush stdout at the end; a reader gone by then is no error either."""
    try:
        sys.stdout.flush()
    except OSError as error:
        if not _reader_gone(error):
            raise
        leave_quietly()


def _root_commands() -> dict[str, Lazy]:
    """The root's commands, in the order ``silverpyr --help`` lists them: *Silver & Gold*'s
    (the first game's, at the top as they always were; its own home is ``silverpyr
    silvergold play``), the home of every game before the rules, then every game's group."""
    first = [(name, entry) for name, entry in SILVERGOLD.items() if name != "play"]
    at = [name for name, _ in first].index("rules")
    return {**dict(first[:at]), "play": PLAY, **dict(first[at:]), **game_groups()}


ROOT = _root_commands()


class _ErrorMappingGroup(LazyGroup):
    """Turns user-facing errors raised anywhere below into a one-line message; its
    commands (:data:`ROOT`) are imported when they run."""

    LAZY = ROOT

    def main(self, args: Sequence[str] | None = None, *posargs: Any, **kwargs: Any) -> Any:
        """Parse and run with the error contract: one line, exit 2, no usage box."""
        # The exceptions of the Click that Typer runs on (its vendored copy in typer >= 0.27).
        click = importlib.import_module(typer.BadParameter.__module__)

        argv = respell_old_names(hoist_global_options(sys.argv[1:] if args is None else args))
        kwargs["standalone_mode"] = False
        from .options import empty_path

        empty = empty_path(self, argv)
        if empty is not None:
            typer.echo(f"error: {empty}", err=True)
            sys.exit(EXIT_USAGE)
        try:
            code = super().main(argv, *posargs, **kwargs)
        except click.UsageError as error:
            if "--debug" in argv:
                raise
            path = error.ctx.command_path if error.ctx is not None else "silverpyr"
            what = _usage_message(error).rstrip(".")
            typer.echo(f"error: {what} (see '{path} --help').", err=True)
            sys.exit(EXIT_USAGE)
        except click.ClickException as error:
            typer.echo(f"error: {_usage_message(error)}", err=True)
            sys.exit(EXIT_USAGE)
        except typer.Abort:
            typer.echo("aborted", err=True)
            sys.exit(EXIT_INTERRUPTED)
        _flush_stdout()
        sys.exit(code if isinstance(code, int) else 0)

    def make_context(self, *args: Any, **kwargs: Any) -> Any:
        """The root's options are parsed here (``--help``, ``--version`` print at once)."""
        try:
            return super().make_context(*args, **kwargs)
        except OSError as error:
            if not _reader_gone(error):
                raise
            leave_quietly()
            raise typer.Exit(0) from None

    def invoke(self, ctx: Any) -> Any:  # a click Context; typer >= 0.27 vendors click
        from ...solver.core.errors import SilverpyrError

        try:
            with _warnings_as_lines():
                return super().invoke(ctx)
        except OSError as error:
            if not _reader_gone(error):
                self._fail(ctx, error)
            leave_quietly()
            raise typer.Exit(0) from None
        except SilverpyrError as error:
            self._fail(ctx, error)
        except KeyboardInterrupt:
            typer.echo("interrupted", err=True)
            raise typer.Exit(EXIT_INTERRUPTED) from None

    @staticmethod
    def _fail(ctx: Any, error: Exception) -> NoReturn:
        """The one error mapping: a domain error or an unreadable file is one line, exit 2."""
        if isinstance(ctx.obj, AppContext) and ctx.obj.debug:
            raise error
        message = str(error)
        if isinstance(error, OSError) and error.filename:
            message = f"{error.filename}: {error.strerror or error}"
        # The contract is one line, whatever a message holds.
        typer.echo(f"error: {one_line(message)}", err=True)
        raise typer.Exit(EXIT_USAGE) from None


quick_help.install()

app = typer.Typer(
    name="silverpyr",
    cls=_ErrorMappingGroup,
    help="Solvers, puzzle trainers and expert players for pyramid board games: Silver & Gold "
    "Pyramids (the commands below), Pyramid of the Sun (silverpyr sun ...) and Cheops "
    "(silverpyr cheops ...).",
    no_args_is_help=True,
    add_completion=True,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


def _print_version(value: bool) -> None:
    if value:
        from ... import __version__

        typer.echo(f"silverpyr {__version__}")
        raise typer.Exit()


@app.callback()
def _root(
    ctx: typer.Context,
    cards: Annotated[
        Path | None,
        typer.Option(
            "--cards",
            help="Card file to use instead of the bundled deck.",
            metavar="<file>",
            show_default=False,
        ),
    ] = None,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks for errors.")] = False,
    version: Annotated[
        bool,
        typer.Option(
            "--version",
            help="Print the version and exit.",
            is_eager=True,
            callback=_print_version,
        ),
    ] = False,
) -> None:
    ctx.obj = AppContext(cards_path=cards, debug=debug)


def main() -> None:
    """Console-script entry point."""
    degrade_streams()
    quiet_broken_pipes()
    app()
