"""``silverpyr sun rules``: *Pyramid of the Sun*'s rules for players (the page and its drawings:
:mod:`.tui.rules`, Rich only)."""

from __future__ import annotations

import typer

from ..core.options import JsonOption, PlainOption


def rules(ctx: typer.Context, as_json: JsonOption = False, plain: PlainOption = False) -> None:
    """The rules of Pyramid of the Sun for players, with its pyramid's slots labelled.

    The rulings the engine follows in the cases the rulebook leaves open are in
    docs/sun-rules.md.
    """
    from ..core.rules_page import print_page
    from .context import deck
    from .tui.rules import GAME, drawings, rules_page

    print_page(GAME, rules_page(), drawings(deck(ctx)), as_json=as_json, plain=plain)
