"""Fixtures the Sun's test modules share: the bundled deck, loaded once a module."""

from __future__ import annotations

import pytest

from silverpyr.solver.sun import Deck, load_deck


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_deck()
