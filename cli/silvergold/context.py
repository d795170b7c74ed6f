"""*Silver & Gold*'s deck for its commands: the card file of ``--cards`` (or the bundled
one), loaded and validated once per run."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ..core.context import app_context

if TYPE_CHECKING:
    from ...solver.silvergold.cards import Deck


def deck(ctx: typer.Context) -> Deck:
    """The *Silver & Gold* deck of the running command."""
    from ...solver.silvergold.deckfile import load_deck

    return app_context(ctx).loaded("silvergold", load_deck)
