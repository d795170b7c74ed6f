"""``silverpyr sun solve``: the proven best turn of a position, in expected points."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..options import JsonOption, PlainOption, time_limit_option
from ..output import emit, with_spinner
from .context import deck as sun_deck


def solve(
    ctx: typer.Context,
    position: Annotated[
        Path | None,
        typer.Option(
            "--position",
            metavar="FILE",
            help="The position: a YAML or JSON file (see --position-template).",
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    template: Annotated[
        bool,
        typer.Option(
            "--position-template",
            help="Print a commented example position file and stop.",
        ),
    ] = False,
    time_limit: Annotated[
        float,
        time_limit_option(
            "Seconds the search may take; past it the answer is the best found, not proven."
        ),
    ] = 10.0,
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """The best turn of a position, in expected points: proven when the search is complete.

    The best plays of this turn (cards, slots, order, each symbol's choice) for the seat to
    move: a symbol's draw is random, so after a draw the plan goes on by the card drawn.
    Said "proven" only when the search was complete. Set against drawing 2 instead, which
    scores nothing this turn.

    The position file's format is in docs/sun-position.md; --position-template prints one
    to start from."""
    from ...solver.errors import SilverpyrError
    from ...solver.sun.positionfile import load_position, position_template, solve_position

    if template:
        typer.echo(position_template(), nl=False)
        return
    if position is None:
        raise SilverpyrError("give --position FILE (or --position-template for an example)")
    loaded = load_position(position, sun_deck(ctx))
    answer = with_spinner(
        lambda: solve_position(loaded, time_limit=time_limit),
        f"Searching every plan of this turn (at most {time_limit:g} s)...",
        quiet=as_json,
    )

    def render(console: object) -> None:
        from rich.console import Console
        from rich.text import Text

        assert isinstance(console, Console)
        for line in answer.lines():
            console.print(Text(line))
        console.print(Text(f"{answer.nodes:,} positions searched in {answer.seconds:.2f} s"))

    emit(answer.to_dict(), render, as_json=as_json, plain=plain)
