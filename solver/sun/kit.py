"""Pyramid of the Sun on the bottom floor, as :data:`silverpyr.solver.games.GAMES` seats it:
its engine as the declared rules, its components, a new game."""

from __future__ import annotations

from ..core.rules import Rules
from . import game
from .cards import Deck, load_deck
from .game import Move, Size, SunState

RULES: Rules[SunState, Move] = game
"""The engine itself (mypy checks that it is the declared
:class:`~silverpyr.solver.core.rules.Rules`)."""


load = load_deck
"""The cards: the bundled deck, or a card file of the user's."""


def start(components: Deck, players: int, seed: int, size: Size = "standard") -> SunState:
    """A new game (a pyramid of ``size``)."""
    return game.new_game(components, players, size, seed)


__all__ = ["RULES", "load", "start"]
