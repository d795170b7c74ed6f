"""Fixtures the *Silver & Gold* test modules share: the bundled deck, loaded once a module."""

from __future__ import annotations

import pytest

from silverpyr.solver.silvergold.cards import Deck
from silverpyr.solver.silvergold.deckfile import load_deck


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_deck()
