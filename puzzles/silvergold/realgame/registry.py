"""The one registry of players a seat can hold.

``game --opponents``, ``arena --bots``, the full-screen game's opponents, game records and
``hint --game`` all take their names from :data:`PLAYERS`, so a bot added here is offered
everywhere at once. The solver floor defines the greedy and expert players
(:mod:`silverpyr.solver.silvergold.players`); ``hint`` plays by this floor's real-game ranking
(:mod:`.hint_player`), which is why the registry lives here and not on the solver floor.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
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


def seat_bots(opponents: str, players: int) -> tuple[str, ...]:
    """The bots of seats 2 on from a game's ``opponents`` text: one name sits in every other
    seat, a comma-separated list names one bot a seat (:func:`opponents_text`)."""
    names = tuple(opponents.split(","))
    return names * (players - 1) if len(names) == 1 else names


def opponents_text(bots: Sequence[str], alone: str) -> str:
    """A table's ``opponents`` text, as the saved game and the record keep it: one name
    when every other seat holds the same bot (as every game was written before a seat could
    hold its own), else the bots comma-separated; ``alone`` for a table of one."""
    if not bots:
        return alone
    return bots[0] if len(set(bots)) == 1 else ",".join(bots)


def make_table(opponents: str, players: int) -> Player:
    """The player of the other seats of a game from its ``opponents`` text: the bot named,
    or each seat's own bot (:class:`~silverpyr.solver.silvergold.players.Seated`; a name
    named twice is one player, as one name is for every seat)."""
    names = seat_bots(opponents, players)
    if len(set(names)) <= 1:
        return make_player(names[0] if names else opponents)
    from ....solver.silvergold.players import Seated

    made = {name: make_player(name) for name in dict.fromkeys(names)}
    return Seated({seat: made[name] for seat, name in enumerate(names, start=1)})


__all__ = [
    "NAMES",
    "PLAYERS",
    "REGISTRY",
    "Entry",
    "UnknownPlayerError",
    "make_player",
    "make_table",
    "opponents_text",
    "seat_bots",
]
