"""``silverpyr sun cards``: check a Sun card file, list its cards, show one card."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..core.context import app_context
from ..core.options import CardFileArgument, JsonOption, PlainOption
from .context import deck as sun_deck

if TYPE_CHECKING:
    from rich.console import Console

    from ...solver.sun.cards import Card, Deck

cards_app = typer.Typer(
    help="Check a Pyramid of the Sun card file, list its cards, show one card.",
    no_args_is_help=True,
)

KIND_NAMES = {"base": "base", "standard": "standard", "edge": "edge", "top": "top"}


def summary_line(deck: Deck) -> str:
    """``88 cards: 10 base, 48 standard, 26 edge, 4 top; symbols sun 12, ...``."""
    from ...solver.sun.cards import deck_summary

    data = deck_summary(deck)
    kinds = ", ".join(f"{count} {kind}" for kind, count in data["by_kind"].items())
    symbols = ", ".join(
        f"{name} {deck.symbols.get(name, '')} {count}".replace("  ", " ")
        for name, count in data["by_symbol"].items()
    )
    return (
        f"{data['cards']} cards: {kinds}; symbols: {symbols}, "
        f"{data['without_symbol']} without a symbol"
    )


@cards_app.command("validate")
def validate(ctx: typer.Context, path: CardFileArgument = None) -> None:
    """Check a card file and print every problem, or a one-line summary when it is valid."""
    from ...solver.sun.cards import check_deck_file
    from ..core.output import report_checked_file

    deck, problems = check_deck_file(path if path is not None else app_context(ctx).cards_path)
    report_checked_file(
        problems.found, None if deck is None else f"{deck.source}: {summary_line(deck)}"
    )


def _row(card: Card, deck: Deck) -> dict[str, Any]:
    row = card.to_dict()
    row["glyph"] = deck.symbols.get(card.symbol, "") if card.symbol else ""
    return row


@cards_app.command("list")
def list_cards(ctx: typer.Context, as_json: JsonOption = False, plain: PlainOption = False) -> None:
    """List every card: id, label, kind, value, symbol (name and glyph) and side."""
    from ..core.output import emit

    deck = sun_deck(ctx)
    rows = [_row(card, deck) for card in deck]

    def render(console: Console) -> None:
        from rich import box
        from rich.table import Table

        table = Table(
            title=f"Pyramid of the Sun cards in {deck.source}",
            caption=summary_line(deck),
            box=box.ASCII if plain else box.SIMPLE_HEAD,
            show_edge=plain,
            title_justify="left",
            caption_justify="left",
        )
        for header in ("Id", "Label", "Kind", "Value", "Symbol", "Side"):
            table.add_column(header, justify="right" if header in ("Id", "Value") else "left")
        for row in rows:
            symbol = row["symbol"] or "-"
            if row["glyph"] and not plain:
                symbol = f"{row['glyph']} {symbol}"
            table.add_row(
                str(row["id"]),
                row["label"],
                row["kind"],
                str(row["value"]),
                symbol,
                row["side"] or "",
            )
        console.print(table)

    emit(rows, render, as_json=as_json, plain=plain)


@cards_app.command("show")
def show(
    ctx: typer.Context,
    card_text: Annotated[
        str, typer.Argument(metavar="CARD", help="A card id (17) or label (S4-sun, T8).")
    ],
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """Show one card: its kind, value, symbol and side, and where it may be placed and how
    it scores (the rules of its kind)."""
    from ...solver.core.errors import SilverpyrError
    from ...solver.sun.cards import CardTextError
    from ..core.output import emit

    deck = sun_deck(ctx)
    try:
        card = deck.parse_card(card_text)
    except CardTextError as error:
        raise SilverpyrError(f"CARD: {error}") from None
    data = _row(card, deck)
    data["rules"] = _rules_of(card)

    def render(console: Console) -> None:
        from rich.text import Text

        glyph = f" {data['glyph']}" if data["glyph"] and not plain else ""
        symbol = f"{card.symbol}{glyph}" if card.symbol else "no symbol"
        console.print(
            Text(f"{card.label} (card {card.id}): {card.kind}, value {card.value}, {symbol}")
        )
        for line in data["rules"]:
            console.print(Text(f"  {line}"))

    emit(data, render, as_json=as_json, plain=plain)


def _rules_of(card: Card) -> list[str]:
    """What the rules say of a card of this kind, in the project's words (docs/sun-rules.md)."""
    if card.kind == "base":
        return ["a base card: part of the bottom row (level 0), never in a hand; scores nothing"]
    lines = []
    if card.kind == "standard":
        lines.append("placed on two adjacent cards anywhere in a row, the top included")
        lines.append("scores min(value, level); on the top too (only a top card triples)")
    elif card.kind == "edge":
        side = {"left": "the left end", "right": "the right end"}.get(card.side or "", "either end")
        lines.append(f"placed only at {side} of a row, never on the top")
        lines.append("scores min(value, level) x 2")
    else:
        lines.append("placed only on the top, as the very last card: the game ends at once")
        lines.append("scores min(value, level) x 3")
    if card.symbol:
        lines.append(
            f"symbol {card.symbol}: touching cards with the same symbol, draw 1 card or score "
            "1 point per such card"
        )
    return lines
