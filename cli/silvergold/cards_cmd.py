"""``silverpyr cards``: check a card file, list its pyramid cards, draw one card's room."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..core.context import app_context
from ..core.options import CardFileArgument, JsonOption, PlainOption
from .card_page import symbol_counts
from .context import deck as sg_deck

if TYPE_CHECKING:
    from rich.console import Console

    from ...solver.silvergold.cards import Deck, PyramidCard

cards_app = typer.Typer(
    help="Check the card file, list the pyramid cards, draw a card's room.",
    no_args_is_help=True,
)


def deck_summary(deck: Deck) -> str:
    """``48 pyramid cards (16 purple, 16 orange, 16 green), 6 expedition kinds, 8 ...``."""
    from ...solver.silvergold.cards import Color

    per_color = ", ".join(
        f"{sum(card.color is color for card in deck.pyramids)} {color.value}" for color in Color
    )
    return (
        f"{len(deck.pyramids)} pyramid cards ({per_color}), "
        f"{len(deck.expeditions)} expedition kinds, "
        f"{len(deck.expedition_cards())} expedition cards"
    )


@cards_app.command("validate")
def validate(ctx: typer.Context, path: CardFileArgument = None) -> None:
    """Check a card file and print every problem, or a one-line summary when it is valid."""
    from ...solver.silvergold.deckfile import check_deck_file
    from ..core.output import report_checked_file

    deck, problems = check_deck_file(path if path is not None else app_context(ctx).cards_path)
    report_checked_file(problems, None if deck is None else f"{deck.source}: {deck_summary(deck)}")


def _card_row(card: PyramidCard) -> dict[str, Any]:
    from ...solver.silvergold.routes import shortest_route_length

    return {
        "number": card.number,
        "color": card.color.value,
        "shortest_route": shortest_route_length(card.room),
        **symbol_counts(card.room),
    }


_LIST_HEADERS: tuple[tuple[str, str], ...] = (
    ("number", "No."),
    ("color", "Colour"),
    ("shortest_route", "Route"),
    ("red_gems", "Red"),
    ("green_gems", "Green"),
    ("torches", "Torch"),
    ("skulls", "Skull"),
    ("potions", "Potion"),
    ("crosses", "Cross"),
    ("walls", "Wall"),
)


WIDE_LIST_COLUMNS = 78
"""Narrower than this, ``cards list`` heads its symbol columns with one letter each."""
_SYMBOL_KEYS = ("red_gems", "green_gems", "torches", "skulls", "potions", "crosses", "walls")
_SHORT_HEADERS = (
    ("r", "red gem"),
    ("g", "green gem"),
    ("t", "torch"),
    ("s", "skull"),
    ("p", "potion"),
    ("x", "red cross"),
    ("#", "wall"),
)


@cards_app.command("list")
def list_cards(ctx: typer.Context, as_json: JsonOption = False, plain: PlainOption = False) -> None:
    """List every pyramid card: colour, shortest route length (cells) and symbol counts."""
    from ..core.output import emit

    deck = sg_deck(ctx)
    rows = [_card_row(card) for card in sorted(deck.pyramids, key=lambda c: c.number)]

    def render(console: Console) -> None:
        from rich import box
        from rich.table import Table

        from ...solver.silvergold.cards import Color
        from .render import COLOR_STYLES

        # Narrow terminals get the card file's symbol letters as headers, so no colour name
        # or number is ever cut short.
        narrow = console.width < WIDE_LIST_COLUMNS
        caption = "Route: cells on a shortest entrance-to-tomb route, both ends included."
        if narrow:
            caption += " " + ", ".join(f"{letter} {name}" for letter, name in _SHORT_HEADERS)
        table = Table(
            title=f"Pyramid cards in {deck.source}",
            caption=caption,
            box=box.ASCII if plain else box.SIMPLE_HEAD,
            show_edge=plain,
            title_justify="left",
            caption_justify="left",
        )
        short = dict(zip(_SYMBOL_KEYS, (letter for letter, _ in _SHORT_HEADERS), strict=True))
        for key, header in _LIST_HEADERS:
            shown = short.get(key, header) if narrow else header
            table.add_column(shown, justify="left" if key == "color" else "right", no_wrap=True)
        for row in rows:
            cells = [str(row[key]) for key, _ in _LIST_HEADERS]
            color = row["color"]
            cells[1] = color if plain else f"[{COLOR_STYLES[Color(color)]}]{color}[/]"
            table.add_row(*cells)
        console.print(table)

    emit(rows, render, as_json=as_json, plain=plain)


@cards_app.command("show")
def show(
    ctx: typer.Context,
    number: Annotated[int, typer.Argument(help="Number of the pyramid card (1-48).")],
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """Draw a pyramid card's room as a grid with a legend."""
    from .card_page import print_card

    print_card(sg_deck(ctx).card(number), as_json=as_json, plain=plain)
