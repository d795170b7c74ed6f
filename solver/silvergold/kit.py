"""*Silver & Gold Pyramids* on the bottom floor, as :data:`silverpyr.solver.games.GAMES` seats
it: its turns as seat decisions (:mod:`.turns`) as the declared rules, its cards, a new game."""

from __future__ import annotations

from ..core.rules import Rules
from . import turns
from .deckfile import load_deck
from .turns import Choice, Table

RULES: Rules[Table, Choice] = turns
"""The engine's turns, one seat at a time (mypy checks the declared
:class:`~silverpyr.solver.core.rules.Rules`)."""


load = load_deck
"""The cards: the bundled deck, or a card file of the user's."""
start = turns.new_game
"""A new game: every seat dealt 4 cards, waiting for seat 1's keep
(``start(deck, players, seed)``)."""


__all__ = ["RULES", "load", "start"]
