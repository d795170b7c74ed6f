"""*Pyramid of the Sun*'s rules page for players (``silverpyr sun rules``, :data:`rules`;
``?`` then ``r`` in the full-screen game), Rich only.

The page's text is ``cli/sun/rules.md`` (drawn by the core's
:mod:`~silverpyr.cli.core.rules_page`); its numbers come from the engine (hand sizes, the
multipliers, the rulebook's worked example scored by :func:`card_points`), and its pyramid
is a new game's, drawn by the full-screen game's :func:`.board.pyramid_text` with every
empty slot named as the notation names it (``1a``), with the screen's legend.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ...core.rules_page import Drawing, RulesPage, rules_command

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ....solver.sun.cards import Deck

GAME = "sun"
SIZE = "standard"
"""The pyramid the page draws (``sun game``'s own)."""


def page_values() -> dict[str, object]:
    """The engine's numbers the page names, the rulebook's worked example scored by the
    engine's :func:`card_points` (a value-2 card on level 1, on level 3, and a value-2 edge
    card at the end of level 2)."""
    from ....solver.sun import game
    from ....solver.sun.cards import Card
    from ....solver.sun.pyramid import Pyramid, Slot, geometry

    width = game.SIZES[SIZE] + 2
    pyramid = Pyramid.with_base(tuple(range(width)))
    standard = Card(0, "standard", 2)
    edge = Card(1, "edge", 2)
    examples = (
        game.card_points(standard, pyramid, Slot(1, 1)),
        game.card_points(standard, pyramid, Slot(3, 1)),
        game.card_points(edge, pyramid, Slot(2, 0)),
    )
    sizes = ", ".join(f"{name} {count + 2}" for name, count in game.SIZES.items())
    return {
        "players": f"{game.MIN_PLAYERS} to {game.MAX_PLAYERS}",
        "starting_hand": game.STARTING_HAND,
        "hand_limit": game.HAND_LIMIT,
        "draw_count": game.DRAW_COUNT,
        "edge_times": game.EDGE_MULTIPLIER,
        "top_times": game.TOP_MULTIPLIER,
        "sizes": sizes,
        "top": geometry(width).top,
        "size": SIZE,
        "base_width": width,
        "example_1": examples[0],
        "example_2": examples[1],
        "example_3": examples[2],
        "example_sum": sum(examples),
    }


def drawings(deck: Deck) -> dict[str, Drawing]:
    """The page's drawings: a new game's pyramid with its slots named, and the legend."""
    from ....solver.sun.game import new_game

    state = new_game(deck, 2, SIZE, 1)

    def pyramid(plain: bool) -> RenderableType:
        from .board import pyramid_text

        return pyramid_text(state, names=True)

    def legend(plain: bool) -> RenderableType:
        from .board import legend_text

        return legend_text(deck, plain=plain)

    return {"pyramid": pyramid, "legend": legend}


def rules_page() -> RulesPage:
    """The page with the engine's numbers put in."""
    from ...core.rules_page import read_page

    return read_page("silverpyr.cli.sun", page_values())


def page_renderable(deck: Deck, *, plain: bool = False) -> RenderableType:
    """The page as one renderable (the full-screen game's ``?`` then ``r``)."""
    from ...core.rules_page import page_renderable as draw

    return draw(rules_page(), drawings(deck), plain=plain)


def _parts(ctx: typer.Context) -> tuple[RulesPage, dict[str, Drawing]]:
    from ..context import deck

    return rules_page(), drawings(deck(ctx))


rules = rules_command(GAME, "its pyramid's slots", _parts)
"""``silverpyr sun rules`` (the core's command, this page)."""
