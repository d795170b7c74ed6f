"""Cheops on the bottom floor, as :data:`silverpyr.solver.games.GAMES` seats it: its engine
as the declared rules, its components, a new game."""

from __future__ import annotations

from ..core.rules import Rules
from . import game
from .components import load_components
from .game import CheopsState, Move

RULES: Rules[CheopsState, Move] = game
"""The engine itself (mypy checks that it is the declared
:class:`~silverpyr.solver.core.rules.Rules`)."""


load = load_components
"""The board, tiles and laws: the bundled set, or a component file of the user's."""
start = game.new_game
"""A new game: ``start(components, players, seed)``."""


__all__ = ["RULES", "load", "start"]
