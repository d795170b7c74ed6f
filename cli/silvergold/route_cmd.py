"""``silverpyr route N``: the shortest, safest and richest routes through a card's room."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

from ..core.options import JsonOption, PlainOption
from ..core.output import emit
from .context import deck as sg_deck

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from ...solver.silvergold.cards import PyramidCard
    from ...solver.silvergold.routes import RouteSummary


def route(
    ctx: typer.Context,
    number: Annotated[int, typer.Argument(help="Number of the pyramid card.", show_default=False)],
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """Show the shortest, safest and richest entrance-to-tomb routes of a card's room.

    Safest: fewest skulls, then fewest cells. Richest: most gems and torches among routes at
    most two cells longer than the shortest, then fewest skulls, then fewest cells. Ties go
    to the route whose cells come first in reading order.
    """
    from ...solver.silvergold.routes import summarize_routes

    card = sg_deck(ctx).card(number)
    summary = summarize_routes(card.room)
    emit(
        summary.to_dict(card.number),
        lambda console: _render(console, card, summary, plain=plain),
        as_json=as_json,
        plain=plain,
    )


def _render(console: Console, card: PyramidCard, summary: RouteSummary, *, plain: bool) -> None:
    from rich.columns import Columns
    from rich.console import Group
    from rich.text import Text

    from ...solver.silvergold.cells import cell_str
    from ...solver.silvergold.routes import route_skulls, route_treasure
    from .render import card_title, room_grid, room_legend

    routes = (
        ("shortest", summary.shortest),
        ("safest", summary.safest),
        ("richest", summary.richest),
    )
    ways = "route" if summary.shortest_count == 1 else "routes"
    title = card_title(card, plain=plain)
    title.append(
        f": shortest route {summary.shortest_length} cells, "
        f"{summary.shortest_count} shortest {ways}"
    )
    console.print(title)
    panels: list[RenderableType] = []
    for name, cells in routes:
        skulls = route_skulls(card.room, cells)
        treasure = route_treasure(card.room, cells)
        caption = Text(
            f"{name}: {len(cells)} cells\n{_count(skulls, 'skull')}, {_count(treasure, 'treasure')}"
        )
        grid = room_grid(card.room, highlight=frozenset(cells), plain=plain)
        panels.append(Group(caption, grid))
    console.print(Columns(panels, padding=(1, 4)))
    console.print(room_legend(card.room, plain=plain, highlight_note="on the route"))
    for name, cells in routes:
        console.print(f"{name + ':':<10}{' '.join(cell_str(cell) for cell in cells)}")


def _count(number: int, noun: str) -> str:
    return f"{number} {noun}" if number == 1 else f"{number} {noun}s"
