"""``silverpyr sun solve``: the proven best turn of a position, in expected points."""

from __future__ import annotations

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
from .context import deck as sun_deck


def solve(
    ctx: typer.Context,
    position: PositionOption = None,
    template: PositionTemplateOption = False,
    time_limit: SearchTimeOption = 10.0,
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
    from ...solver.sun.positionfile import load_position, position_template, solve_position

    chosen = position_to_solve(position, template, position_template)
    if chosen is None:
        return
    loaded = load_position(chosen, sun_deck(ctx))
    answer = with_spinner(
        lambda: solve_position(loaded, time_limit=time_limit),
        f"Searching every plan of this turn (at most {time_limit:g} s)...",
        quiet=as_json,
    )

    emit_search(answer, as_json=as_json, plain=plain)
