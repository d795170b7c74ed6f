"""``silverpyr rules``: *Silver & Gold*'s rules for players, with a labelled card.

The page's text is ``cli/silvergold/rules.md`` (drawn by the core's
:mod:`~silverpyr.cli.core.rules_page`); its numbers come from the engine's constants, and its
card is a real card of the deck, drawn by :mod:`.render` with two turns of marks chosen by
the engine (:meth:`Position.successors`) and written in the game's notation.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING

import typer

from ..core.options import JsonOption, PlainOption

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ...solver.silvergold.cards import Deck, PyramidCard
    from ..core.rules_page import Drawing, RulesPage

GAME = "silvergold"


def page_values() -> dict[str, object]:
    """The engine's numbers the page names."""
    from ...solver.silvergold import game, sheet

    boxes = sheet.PYRAMID_POINT_BOXES
    claims = [f"{n}{'nd' if n == 2 else 'th'}" for n in game.CLAIM_COUNTS]
    return {
        "rounds": sheet.ROUNDS,
        "turns": sheet.TURNS_PER_ROUND,
        "dealt": game.DEALT_CARDS,
        "kept": game.KEPT_CARDS,
        "offer": game.OFFER_SIZE,
        "gem_cap": sheet.GEM_CAP,
        "skull_cap": sheet.SKULL_CAP,
        "torch_points": sheet.TORCH_POINTS,
        "card_points": sheet.COMPLETED_CARD_POINTS,
        "pair_points": sheet.PAIR_POINTS,
        "boxes": ", then ".join(str(box) for box in boxes),
        "claims": ", ".join(claims[:-1]) + f" and {claims[-1]}" if len(claims) > 1 else claims[0],
        "worst_skull": sheet.SKULL_CAP * (sheet.SKULL_CAP + 1) // 2,
        "players": f"{game.MIN_PLAYERS} to {game.MAX_PLAYERS}",
    }


@dataclass(frozen=True)
class Example:
    """A card of the deck and two turns of marks on it, as the engine allows them."""

    card: PyramidCard
    turns: tuple[tuple[str, str], ...]
    """Each turn's expedition card and its move in notation (``B1 B2 C2``)."""
    labels: Mapping[int, str]
    """The turn each marked cell was marked on (the cell -> ``1``)."""


def example(deck: Deck) -> Example:
    """The lowest-numbered card that shows the most kinds of symbols, and two turns of
    marks on it: the first pattern move the engine lists for each of the deck's first two
    expedition kinds of at least three cells (a red cross's extra mark included)."""
    from ...solver.silvergold.cards import Symbol
    from ...solver.silvergold.cells import cells_of
    from ...solver.silvergold.moves import move_str
    from ...solver.silvergold.position import Position

    def kinds(card: PyramidCard) -> int:
        return sum(1 for symbol in Symbol if card.room.count(symbol))

    card = min(deck.pyramids, key=lambda c: (-kinds(c), c.number))
    shapes = [e for e in deck.expeditions if e.size >= 3][:2] or list(deck.expeditions[:2])
    position = Position.start(card)
    turns: list[tuple[str, str]] = []
    labels: dict[int, str] = {}
    for turn, expedition in enumerate(shapes, start=1):
        options = position.successors(expedition, 1)
        chosen = next(
            ((m, p) for m, p in options if m.mark is not None and not m.mark.is_single),
            options[0],
        )
        move, position = chosen
        for mark in move.marks():
            labels.update(dict.fromkeys(cells_of(mark.cells), str(turn)))
        turns.append((expedition.name, move_str(move)))
        if not position.has_card_in_play():
            break
    return Example(card, tuple(turns), labels)


def drawings(deck: Deck) -> dict[str, Drawing]:
    """The page's drawings: the labelled card, its turns in notation and the legend."""
    found = example(deck)

    def card(plain: bool) -> RenderableType:
        from rich.console import Group
        from rich.text import Text

        from .render import card_title, room_grid, room_legend

        turns = Text()
        for turn, (shape, move) in enumerate(found.turns, start=1):
            turns.append(f"Turn {turn}, {shape}: ")
            turns.append(move, style="" if plain else "bold cyan")
            turns.append("\n" if turn < len(found.turns) else "")
        return Group(
            card_title(found.card, plain=plain),
            room_grid(found.card.room, marked=found.labels, plain=plain),
            turns,
            room_legend(found.card.room, plain=plain, marked_note="marked on turn 3", width=76),
        )

    return {"card": card}


def rules_page() -> RulesPage:
    """The page with the engine's numbers put in."""
    from ..core.rules_page import read_page

    return read_page("silverpyr.cli.silvergold", page_values())


def page_renderable(deck: Deck, *, plain: bool = False) -> RenderableType:
    """The page as one renderable (the full-screen app's ``?`` then ``r``)."""
    from ..core.rules_page import page_renderable as draw

    return draw(rules_page(), drawings(deck), plain=plain)


def rules(ctx: typer.Context, as_json: JsonOption = False, plain: PlainOption = False) -> None:
    """The rules for players, with a labelled card: a turn, the score, the end, the notation.

    The rulings the engine follows in the cases the rulebook leaves open are in
    docs/silvergold-rules.md.
    """
    from ..core.rules_page import print_page
    from .context import deck

    print_page(GAME, rules_page(), drawings(deck(ctx)), as_json=as_json, plain=plain)
