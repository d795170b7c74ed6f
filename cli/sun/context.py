"""*Pyramid of the Sun*'s deck for its commands: the card file of ``--cards`` (or the
bundled original deck), loaded and validated once per run."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ..core.context import app_context

if TYPE_CHECKING:
    from ...solver.sun.cards import Deck

GAME = "sun"
"""The game's name in the results store and in ``--cards``'s cache."""


def deck(ctx: typer.Context) -> Deck:
    """The *Pyramid of the Sun* deck of the running command."""
    from ...solver.sun.cards import load_deck

    return app_context(ctx).loaded(GAME, load_deck)
