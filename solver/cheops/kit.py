"""Cheops on the bottom floor, as :data:`silverpyr.solver.games.GAMES` seats it: its engine
as the declared rules, its components, a new game."""

from __future__ import annotations

from pathlib import Path

from ..core.rules import Rules
from . import game
from .components import Components, load_components
from .game import CheopsState, Move

RULES: Rules[CheopsState, Move] = game
"""The engine itself (mypy checks that it is the declared
:class:`~silverpyr.solver.core.rules.Rules`)."""


def load(path: str | Path | None = None) -> Components:
    """The board, tiles and laws: the bundled set, or a component file of the user's."""
    return load_components(path)


def start(components: Components, players: int, seed: int) -> CheopsState:
    """A new game."""
    return game.new_game(components, players, seed)


__all__ = ["RULES", "load", "start"]
