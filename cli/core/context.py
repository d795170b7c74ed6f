"""What every command shares, game-free: the card file chosen with ``--cards``, the debug
flag, and the data a command loaded from them once.

``--cards`` names the card file of the game whose command runs (``silverpyr --cards
my.yaml solve ...`` for *Silver & Gold*, ``silverpyr --cards sun.yaml sun solve ...`` for
*Pyramid of the Sun*): each game's CLI package loads its own deck from
:attr:`AppContext.cards_path` through :meth:`AppContext.loaded`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import typer

T = TypeVar("T")


@dataclass
class AppContext:
    """Global options, and what a command loaded from them (once per run)."""

    cards_path: Path | None = None
    debug: bool = False
    _loaded: dict[str, Any] = field(default_factory=dict, repr=False)

    def loaded(self, key: str, load: Callable[[Path | None], T]) -> T:
        """``load(cards_path)``, called once per ``key`` (a game's name) and kept."""
        if key not in self._loaded:
            self._loaded[key] = load(self.cards_path)
        value: T = self._loaded[key]
        return value


def app_context(ctx: typer.Context) -> AppContext:
    """The :class:`AppContext` of the running command (a default one in bare tests)."""
    root = ctx.find_root()
    if not isinstance(root.obj, AppContext):
        root.obj = AppContext()
    return root.obj
