"""The root ``silverpyr`` app: global options, command groups and the one error mapping.

Domain errors (:class:`~silverpyr.solver.errors.SilverpyrError`) and unreadable files
become one line on stderr and exit code 2; ``--debug`` shows the traceback instead.
Heavy modules (ortools, networkx) are imported inside the commands that need them, so
``silverpyr --help`` starts fast.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer
from typer.core import TyperGroup

from .context import AppContext

EXIT_USAGE = 2
EXIT_INTERRUPTED = 130


class _ErrorMappingGroup(TyperGroup):
    """Turns user-facing errors raised anywhere below into a one-line message."""

    def invoke(self, ctx: Any) -> Any:  # a click Context; typer >= 0.27 vendors click
        from ..solver.errors import SilverpyrError

        try:
            return super().invoke(ctx)
        except (SilverpyrError, OSError) as error:
            if isinstance(ctx.obj, AppContext) and ctx.obj.debug:
                raise
            message = str(error)
            if isinstance(error, OSError) and error.filename:
                message = f"{error.filename}: {error.strerror or error}"
            typer.echo(f"error: {message}", err=True)
            raise typer.Exit(EXIT_USAGE) from None
        except KeyboardInterrupt:
            typer.echo("interrupted", err=True)
            raise typer.Exit(EXIT_INTERRUPTED) from None


app = typer.Typer(
    name="silverpyr",
    cls=_ErrorMappingGroup,
    help="Solver and puzzle trainer for Silver & Gold Pyramids.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    context_settings={"help_option_names": ["-h", "--help"]},
)


@app.callback()
def _root(
    ctx: typer.Context,
    cards: Annotated[
        Path | None,
        typer.Option(
            "--cards",
            help="Card file to use instead of the bundled deck.",
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    debug: Annotated[bool, typer.Option("--debug", help="Show tracebacks for errors.")] = False,
) -> None:
    ctx.obj = AppContext(cards_path=cards, debug=debug)


def _register() -> None:
    from . import commands

    commands.register(app)


_register()


def main() -> None:
    """Console-script entry point."""
    app()
