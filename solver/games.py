"""The games, side by side: one declaration a game in :data:`GAMES`, keyed by the game's key,
as python-chess's ``chess.variant.VARIANTS``.

A :class:`Game` says what every floor needs to know of a game without importing it: its
key, its name, its words on the command line and its summary. Its engine, components and new
game are the game's own ``solver/<key>/kit.py``, imported the first time :attr:`Game.kit` is
asked for, so ``silverpyr --help`` imports no engine (issue 29). The command groups, the
home, the arena and the saved games take their games from here (docs/architecture.md).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cached_property
from types import MappingProxyType
from typing import Any, Protocol, cast

from .core.rules import Rules


class Kit(Protocol):
    """A game's ``kit.py``: its rules and components on the bottom floor."""

    RULES: Rules[Any, Any]

    def load(self, path: Any = None) -> Any:
        """The components: the bundled ones, or a file of the user's."""
        ...

    start: Callable[..., Any]
    """A new game: ``start(components, players, seed)``."""


@dataclass(frozen=True)
class Game:
    """One game of the suite (see the module docstring)."""

    key: str
    """Its key: its subpackage on every floor and its name in the store (``sun``)."""
    title: str
    """Its name for people (``Pyramid of the Sun``)."""
    about: str
    """Its command group's summary: the line ``silverpyr --help`` shows."""

    @property
    def words(self) -> tuple[str, ...]:
        """The words before its commands (``silverpyr sun daily``)."""
        return (self.key,)

    @cached_property
    def kit(self) -> Kit:
        """Its ``solver/<key>/kit.py``, imported now."""
        return cast(Kit, importlib.import_module(f"silverpyr.solver.{self.key}.kit"))

    @property
    def rules(self) -> Rules[Any, Any]:
        """Its engine, as the declared rules."""
        return self.kit.RULES

    @property
    def seats(self) -> range:
        """The table sizes its engine deals for."""
        rules = self.rules
        return range(rules.MIN_PLAYERS, rules.MAX_PLAYERS + 1)


GAMES: Mapping[str, Game] = MappingProxyType(
    {
        "silvergold": Game(
            "silvergold",
            "Silver & Gold",
            "Silver & Gold Pyramids: the same commands as at the top (silverpyr daily is "
            "silverpyr silvergold daily).",
        ),
        "sun": Game(
            "sun",
            "Pyramid of the Sun",
            "Pyramid of the Sun: its cards, proven best turns, dailies and puzzles, games "
            "against bots, the arena.",
        ),
        "cheops": Game(
            "cheops",
            "Cheops",
            "Cheops (Hans im Glück): its board and price boards, and the game's commands.",
        ),
    }
)
"""Every game, in the order the help and the home list them."""

FIRST = GAMES["silvergold"]
"""The game whose commands also sit at the top of the command line (``silverpyr daily``)."""


__all__ = ["FIRST", "GAMES", "Game", "Kit"]
