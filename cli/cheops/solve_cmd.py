"""``silverpyr cheops solve``: the exact best move of a Cheops endgame, its value in final
piastres and the principal line (docs/cheops-position.md)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..core.options import (
    JsonOption,
    PlainOption,
    PositionOption,
    PositionTemplateOption,
    SearchTimeOption,
    position_to_solve,
)
from ..core.output import emit_search, with_spinner
from .context import components as cheops_components


def solve(
    ctx: typer.Context,
    position: PositionOption = None,
    template: PositionTemplateOption = False,
    time_limit: SearchTimeOption = 10.0,
    win: Annotated[
        bool,
        typer.Option(
            "--win",
            help="Play for the chance to win first, the margin second (default: the margin).",
        ),
    ] = False,
    node_limit: Annotated[
        int | None,
        typer.Option(
            "--node-limit",
            min=1,
            metavar="N",
            help="Stop after N positions searched: the same answer on every machine "
            "(default: the time limit only).",
            show_default=False,
        ),
    ] = None,
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
    comes first (or --node-limit), the answer looked some turns ahead and says so.

    The position file's format is in docs/cheops-position.md; --position-template prints
    one to start from."""
    from ...solver.cheops.endgame import MARGIN, WIN
    from ...solver.cheops.positionfile import load_position, position_template, solve_position

    chosen = position_to_solve(position, template, position_template)
    if chosen is None:
        return
    loaded = load_position(chosen, cheops_components(ctx))
    objective = WIN if win else MARGIN
    answer = with_spinner(
        lambda: solve_position(
            loaded, time_limit=time_limit, objective=objective, node_limit=node_limit
        ),
        f"Searching the endgame (at most {time_limit:g} s)...",
        quiet=as_json,
    )

    emit_search(answer, as_json=as_json, plain=plain)
