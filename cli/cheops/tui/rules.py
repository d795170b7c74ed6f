"""*Cheops*'s rules page for players (``silverpyr cheops rules``, :data:`rules`; ``?`` then
``r`` in the full-screen game), Rich only.

The page's text is ``cli/cheops/rules.md`` (drawn by the core's
:mod:`~silverpyr.cli.core.rules_page`); its numbers come from the engine and the components
(prices, the hand of tiles, the starting money, law 7's number, the eyes), its example of a
space's supports from the board's geometry; its drawings are the components' board with
every space named as the notation names it (:func:`..cards_cmd.pyramid_lines`), a new game's
price boards and the full-screen game's legend (:mod:`.board`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ...core.rules_page import Drawing, RulesPage, rules_command

if TYPE_CHECKING:
    from rich.console import RenderableType

    from ....solver.cheops.components import Components

GAME = "cheops"


def page_values(components: Components) -> dict[str, object]:
    """The engine's and the components' numbers the page names."""
    from ....solver.cheops import game
    from ....solver.cheops.board import ROW_LETTERS, ROWS, SPACES, Space, supports
    from ....solver.cheops.components import COLOURS

    example = Space(1, 2)
    below = supports(example)
    kinds = ", ".join(f"`{kind}` {game.KIND_NAMES[kind]}" for kind in game.FAMILY)
    return {
        "players": f"{game.MIN_PLAYERS} to {game.MAX_PLAYERS}",
        "spaces": len(SPACES),
        "rows": ROWS,
        "bottom": ROWS,
        "first_row": ROW_LETTERS[0],
        "last_row": ROW_LETTERS[-1],
        "top": Space(ROWS - 1, 0),
        "last_bottom": Space(0, ROWS - 1),
        "example": example,
        "support_1": below[0],
        "support_2": below[1],
        "eyes": " ".join(str(eye) for eye in components.eyes),
        "eye_count": len(components.eyes),
        "colours": len(COLOURS),
        "per_colour": game.TREASURES_PER_COLOUR,
        "kinds": kinds,
        "kind_count": len(game.FAMILY),
        "stacks": game.STACKS,
        "hand_limit": game.HAND_LIMIT,
        "neighbour": game.NEIGHBOUR,
        "neighbour_price": game.NEIGHBOUR_PRICE,
        "market": game.MARKET_PRICE,
        "market_low": game.LAW_MARKET[1],
        "market_high": game.LAW_MARKET[2],
        "full_boards": game.FULL_BOARDS_TO_END,
        "full_boards_law3": game.FULL_BOARDS_TO_END_LAW3,
        "law9_price": game.LAW9_PRICE,
        "law7_number": components.law7_number,
        "start_money": components.start_money,
    }


def drawings(components: Components) -> dict[str, Drawing]:
    """The page's drawings: the board by space names, a new game's price boards, the
    full-screen game's legend."""

    def board(plain: bool) -> RenderableType:
        from rich.text import Text

        from ..cards_cmd import pyramid_lines

        return Text("\n".join(pyramid_lines(components, plain=plain, names=True)))

    def boards(plain: bool) -> RenderableType:
        from ....solver.cheops.game import new_game
        from .board import boards_text

        return boards_text(new_game(components, 2, 1))

    def legend(plain: bool) -> RenderableType:
        from .board import legend_text

        return legend_text(notes=False)

    return {"board": board, "boards": boards, "legend": legend}


def rules_page(components: Components) -> RulesPage:
    """The page with the engine's and the components' numbers put in."""
    from ...core.rules_page import read_page

    return read_page("silverpyr.cli.cheops", page_values(components))


def page_renderable(components: Components, *, plain: bool = False) -> RenderableType:
    """The page as one renderable (the full-screen game's ``?`` then ``r``)."""
    from ...core.rules_page import page_renderable as draw

    return draw(rules_page(components), drawings(components), plain=plain)


def _parts(ctx: typer.Context) -> tuple[RulesPage, dict[str, Drawing]]:
    from ..context import components

    found = components(ctx)
    return rules_page(found), drawings(found)


rules = rules_command(GAME, "its board's spaces", _parts)
"""``silverpyr cheops rules`` (the core's command, this page)."""
