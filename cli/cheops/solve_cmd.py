"""``silverpyr cheops solve``: the exact best move of a Cheops endgame, its value in final
piastres and the principal line (docs/cheops-position.md)."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

import typer

from ..options import JsonOption, PlainOption, time_limit_option
from ..output import emit, with_spinner
from .context import components as cheops_components


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
    win: Annotated[
        bool,
        typer.Option(
            "--win",
            help="Play for the chance to win first, the margin second (default: the margin).",
        ),
    ] = False,
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """The best move of an endgame, by exact search: proven when the search is complete.

    Once every law is known (none left on the pyramid), searches the rest of the game for
    the seat to move: its best move, its final margin (own money less the best other
    seat's) and its chance to win, and the principal line. A draw that uncovers a hidden
    tile is chance (its expectation is taken; the line follows the most likely tile). Two
    players: expectiminimax; three to five: each seat plays for its own margin (max-n).
    Said "proven" only when the search reached the end of the game; when the time limit
    comes first, the answer looked some turns ahead and says so.

    The position file's format is in docs/cheops-position.md; --position-template prints
    one to start from."""
    from ...solver.cheops.endgame import MARGIN, WIN
    from ...solver.cheops.positionfile import load_position, position_template, solve_position
    from ...solver.errors import SilverpyrError

    if template:
        typer.echo(position_template(), nl=False)
        return
    if position is None:
        raise SilverpyrError("give --position FILE (or --position-template for an example)")
    loaded = load_position(position, cheops_components(ctx))
    objective = WIN if win else MARGIN
    answer = with_spinner(
        lambda: solve_position(loaded, time_limit=time_limit, objective=objective),
        f"Searching the endgame (at most {time_limit:g} s)...",
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
