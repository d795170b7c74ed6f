"""A seat's view reads the same on a Dask worker as in the process: the montecarlo players
key their deals by ``repr(view)``, and a worker gets the components pickled (a set may come
back in another order: *Silver & Gold*'s expeditions did, tests/silvergold)."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest


def _sun() -> tuple[Any, Callable[[Any], Any]]:
    from silverpyr.solver.sun.bots import GreedyPlayer
    from silverpyr.solver.sun.cards import load_deck
    from silverpyr.solver.sun.game import new_game

    return load_deck(), lambda deck: (new_game(deck, 3, "standard", 11), GreedyPlayer())


def _cheops() -> tuple[Any, Callable[[Any], Any]]:
    from silverpyr.solver.cheops.bots import GreedyPlayer
    from silverpyr.solver.cheops.components import load_components
    from silverpyr.solver.cheops.game import new_game

    return load_components(), lambda components: (new_game(components, 3, 11), GreedyPlayer())


@pytest.mark.parametrize("game", [_sun, _cheops], ids=["sun", "cheops"])
def test_every_view_of_a_game_reads_the_same_from_components_that_travelled(game: Any) -> None:
    parts, start = game()
    travelled = pickle.loads(pickle.dumps(parts))
    here, there = _play(parts, start), _play(travelled, start)
    assert len(here) > 20
    assert here == there


def _play(parts: Any, start: Callable[[Any], Any]) -> list[str]:
    """Every view of a greedy game, as text, through the game's own engine."""
    state, bot = start(parts)
    engine = __import__(type(state).__module__, fromlist=["apply"])
    seen = []
    while not state.over:
        seen.append(repr(state.view(state.turn)))
        state = engine.apply(state, bot.decide(state, state.turn))
    return seen
