"""What every command shares: the card file chosen with ``--cards`` and the debug flag."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

import typer

if TYPE_CHECKING:
    from ..solver.cards import Deck


@dataclass
class AppContext:
    """Global options, and the deck once a command has asked for it."""

    cards_path: Path | None = None
    debug: bool = False
    _deck: Deck | None = field(default=None, repr=False)

    def deck(self) -> Deck:
        """The deck from ``--cards`` (or the bundled one), loaded and validated once."""
        if self._deck is None:
            from ..solver.deckfile import load_deck

            self._deck = load_deck(self.cards_path)
        return self._deck


def app_context(ctx: typer.Context) -> AppContext:
    """The :class:`AppContext` of the running command (a default one in bare tests)."""
    root = ctx.find_root()
    if not isinstance(root.obj, AppContext):
        root.obj = AppContext()
    return root.obj
