"""The one registry of Pyramid of the Sun players a seat can hold.

``sun arena --bots`` and ``sun game --opponents`` take their names from :data:`PLAYERS`, so a
bot added here is offered everywhere at once. Each player is made on demand (a fresh one per
game: a player may keep state within a game), and the command line reads the names without
loading a bot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...solver.core.errors import SilverpyrError
from ..core.players import Entry, Registry, montecarlo_entry

if TYPE_CHECKING:
    from ...solver.sun.bots import SunPlayer


class UnknownSunPlayerError(SilverpyrError, ValueError):
    """A player name the registry does not hold."""


def _greedy() -> SunPlayer:
    from ...solver.sun.bots import GreedyPlayer

    return GreedyPlayer()


def _expert() -> SunPlayer:
    from ...solver.sun.search import SearchExpert

    return SearchExpert()


def _planner() -> SunPlayer:
    from ...solver.sun.expert import ExpertPlayer

    return ExpertPlayer()


def _montecarlo() -> Callable[[int], SunPlayer]:
    from ...solver.sun.montecarlo import montecarlo_player

    return montecarlo_player


REGISTRY: Registry[SunPlayer] = Registry(
    Entry("greedy", _greedy, "the most points now, card after card; draws when it cannot"),
    Entry(
        "expert",
        _expert,
        "plays for the win: the final run to the top, else every option weighed by play-outs",
    ),
    Entry(
        "planner",
        _planner,
        "the expert's value model alone: high cards kept for high levels, no play-outs",
    ),
    montecarlo_entry(_montecarlo),
    error=UnknownSunPlayerError,
    methods=("decide",),
    aliases={"search": "expert"},  # its name before it became the expert (issue 34)
)
"""Every player by name, in the order menus show them."""

PLAYERS = REGISTRY.players
NAMES: tuple[str, ...] = REGISTRY.names
"""The players' names, in the registry's order."""


def make_player(name: str) -> SunPlayer:
    """A fresh player named ``name``; :class:`UnknownSunPlayerError` if there is none."""
    return REGISTRY.make(name)


__all__ = ["NAMES", "PLAYERS", "REGISTRY", "Entry", "UnknownSunPlayerError", "make_player"]
