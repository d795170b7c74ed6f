"""``silverpyr cheops rules``: *Cheops*'s rules for players (the page and its drawings:
:mod:`.tui.rules`, Rich only)."""

from __future__ import annotations

import typer

from ..core.options import JsonOption, PlainOption


def rules(ctx: typer.Context, as_json: JsonOption = False, plain: PlainOption = False) -> None:
    """The rules of Cheops for players, with its board's spaces labelled.

    The rulings the engine follows in the cases the rulebook leaves open are in
    docs/cheops-rules.md.
    """
    from ..core.rules_page import print_page
    from .context import components
    from .tui.rules import GAME, drawings, rules_page

    found = components(ctx)
    print_page(GAME, rules_page(found), drawings(found), as_json=as_json, plain=plain)
