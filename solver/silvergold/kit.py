"""*Silver & Gold Pyramids* on the bottom floor, as :data:`silverpyr.solver.games.GAMES` seats
it: its turns as seat decisions (:mod:`.turns`) as the declared rules, its cards, a new game."""

from __future__ import annotations

from pathlib import Path

from ..core.rules import Rules
from . import turns
from .cards import Deck
from .deckfile import load_deck
from .turns import Choice, Table

RULES: Rules[Table, Choice] = turns
"""The engine's turns, one seat at a time (mypy checks the declared
:class:`~silverpyr.solver.core.rules.Rules`)."""


def load(path: str | Path | None = None) -> Deck:
    """The cards: the bundled deck, or a card file of the user's."""
    return load_deck(path)


def start(components: Deck, players: int, seed: int) -> Table:
    """A new game: every seat dealt 4 cards, waiting for seat 1's keep."""
    return turns.new_game(components, players, seed)


__all__ = ["RULES", "load", "start"]
