"""The one registry of players a seat can hold.

``game --opponents``, ``arena --bots``, the full-screen game's opponents, game records and
``hint --game`` all take their names from :data:`PLAYERS`, so a bot added here is offered
everywhere at once. The solver floor defines the greedy and expert players
(:mod:`silverpyr.solver.silvergold.players`); ``hint`` plays by this floor's real-game ranking
(:mod:`.hint_player`), which is why the registry lives here and not on the solver floor.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from ....solver.core.errors import SilverpyrError
from ...core.players import Entry, Registry, montecarlo_entry

if TYPE_CHECKING:
    from ....solver.silvergold.players import Player


class UnknownPlayerError(SilverpyrError, ValueError):
    """A player name the registry does not hold."""


def _greedy() -> Player:
    from ....solver.silvergold.players import GreedyPlayer

    return GreedyPlayer()


def _expert() -> Player:
    from ....solver.silvergold.players import ExpertPlayer

    return ExpertPlayer()


def _montecarlo() -> Callable[[int], Player]:
    from ....solver.silvergold.montecarlo import montecarlo_player

    return montecarlo_player


def _hint() -> Player:
    from .hint_player import HintPlayer

    return HintPlayer()


REGISTRY: Registry[Player] = Registry(
    Entry("greedy", _greedy, "the best points this turn, the shortest routes"),
    Entry("expert", _expert, "two plies deep, the potential of every card in play"),
    Entry("hint", _hint, "the top move of hint --state each turn (slow)"),
    montecarlo_entry(_montecarlo),
    error=UnknownPlayerError,
    methods=("keep", "move", "replacement", "predicted"),
)
"""Every player by name, in the order menus show them (each made on demand: the command
line reads the names without loading a bot)."""

PLAYERS = REGISTRY.players
NAMES: tuple[str, ...] = REGISTRY.names
"""The players' names, in the registry's order."""


def make_player(name: str) -> Player:
    """A fresh player named ``name``; :class:`UnknownPlayerError` if there is none."""
    return REGISTRY.make(name)


__all__ = ["NAMES", "PLAYERS", "REGISTRY", "Entry", "UnknownPlayerError", "make_player"]
