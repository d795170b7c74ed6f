"""The one registry of Cheops players a seat can hold.

``cheops arena --bots`` takes its names from :data:`PLAYERS`, so a bot added here is offered
everywhere at once. Each player is made on demand (a fresh one per game: a player may keep
state within a game), and the command line reads the names without loading a bot.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ...solver.core.errors import SilverpyrError
from ..core.players import Entry, Registry, montecarlo_entry

if TYPE_CHECKING:
    from ...solver.cheops.bots import CheopsPlayer


class UnknownCheopsPlayerError(SilverpyrError, ValueError):
    """A player name the registry does not hold."""


def _greedy() -> CheopsPlayer:
    from ...solver.cheops.bots import GreedyPlayer

    return GreedyPlayer()


def _always_sell() -> CheopsPlayer:
    from ...solver.cheops.bots import MarketRulePlayer

    return MarketRulePlayer("always-sell", sell=True)


def _always_store() -> CheopsPlayer:
    from ...solver.cheops.bots import MarketRulePlayer

    return MarketRulePlayer("always-store", sell=False)


def _random() -> CheopsPlayer:
    from ...solver.cheops.bots import RandomPlayer

    return RandomPlayer()


def _expert() -> CheopsPlayer:
    from ...solver.cheops.expert import ExpertPlayer

    return ExpertPlayer()


def _montecarlo() -> Callable[[int], CheopsPlayer]:
    from ...solver.cheops.montecarlo import montecarlo_player

    return montecarlo_player


REGISTRY: Registry[CheopsPlayer] = Registry(
    Entry(
        "greedy", _greedy, "the most margin over the others if the game ended now, move after move"
    ),
    Entry(
        "expert",
        _expert,
        "plays for the win: the market, the race to the end, denial and its tiles",
    ),
    Entry("always-sell", _always_sell, "sells every treasure it may; otherwise greedy"),
    Entry("always-store", _always_store, "stores every treasure it may; otherwise greedy"),
    Entry("random", _random, "a legal move drawn uniformly, seeded by the position"),
    montecarlo_entry(_montecarlo),
    error=UnknownCheopsPlayerError,
    methods=("decide",),
)
"""Every player by name, in the order menus show them."""

PLAYERS = REGISTRY.players
NAMES: tuple[str, ...] = REGISTRY.names
"""The players' names, in the registry's order."""


def make_player(name: str) -> CheopsPlayer:
    """A fresh player named ``name``; :class:`UnknownCheopsPlayerError` if there is none."""
    return REGISTRY.make(name)


__all__ = ["NAMES", "PLAYERS", "REGISTRY", "Entry", "UnknownCheopsPlayerError", "make_player"]
