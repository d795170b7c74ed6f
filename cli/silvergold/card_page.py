"""One pyramid card's page (``silverpyr cards show``), without Typer: the command and the
console script's quick path (:func:`quick`, called by :mod:`..launch`) both print it here."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ...solver.silvergold.cards import Symbol
from ...solver.silvergold.cells import cell_str
from ..core.output import emit
from ..core.streams import degrade_streams, quiet_broken_pipes

if TYPE_CHECKING:
    from rich.console import Console

    from ...solver.silvergold.cards import PyramidCard, Room

SYMBOL_COUNT_FIELDS: tuple[tuple[str, str], ...] = (
    ("red_gems", "r"),
    ("green_gems", "g"),
    ("torches", "t"),
    ("skulls", "s"),
    ("potions", "p"),
    ("crosses", "x"),
    ("walls", "#"),
)
"""JSON field names of the symbol counts, with the card-file letter each one counts."""

_NUMBER = re.compile(r"[0-9]{1,4}")
_FLAGS = frozenset({"--json", "--plain"})


def symbol_counts(room: Room) -> dict[str, int]:
    """How many cells of ``room`` show each symbol, keyed by :data:`SYMBOL_COUNT_FIELDS`."""
    return {name: room.count(Symbol(letter)) for name, letter in SYMBOL_COUNT_FIELDS}


def card_data(card: PyramidCard) -> dict[str, Any]:
    """The card as ``cards show --json`` prints it."""
    return {
        "number": card.number,
        "color": card.color.value,
        "room": list(card.room.rows()),
        "entrance": cell_str(card.room.entrance),
        "tomb": cell_str(card.room.tomb),
        "symbols": symbol_counts(card.room),
    }


def print_card(card: PyramidCard, *, as_json: bool, plain: bool) -> None:
    """Draw ``card``'s room as a grid with a legend, or print it as JSON."""

    def render(console: Console) -> None:
        from .render import card_view

        console.print(card_view(card, plain=plain))

    emit(card_data(card), render, as_json=as_json, plain=plain)


def card_request(args: Sequence[str]) -> int | None:
    """The card number when ``args`` (after ``cards show``) is ``N``, then ``--json`` or
    ``--plain`` at most once each; else None."""
    if not args or not _NUMBER.fullmatch(args[0]):
        return None
    flags = args[1:]
    if len(set(flags)) < len(flags) or not _FLAGS.issuperset(flags):
        return None
    return int(args[0])


def quick(args: Sequence[str]) -> bool:
    """``cards show`` of the bundled deck without Typer: False, having printed nothing, for
    any other request, or when the deck cannot be read or lacks the card."""
    from ...solver.core.errors import SilverpyrError
    from ...solver.silvergold.deckfile import load_deck

    number = card_request(args)
    if number is None:
        return False
    try:
        card = load_deck().card(number)
    except (SilverpyrError, OSError):
        return False
    degrade_streams()
    quiet_broken_pipes()
    print_card(card, as_json="--json" in args, plain="--plain" in args)
    return True
