"""A seat's view reads the same on a Dask worker as in the process: the montecarlo players
key their deals by ``repr(view)``, and a worker gets the components pickled (a set may come
back in another order: *Silver & Gold*'s expeditions did, tests/silvergold)."""

from __future__ import annotations

import pickle
from collections.abc import Callable
from typing import Any

import pytest

Game = tuple[Any, Callable[[Any], Any], Callable[[Any, Any], Any], Any]
"""A game's components, a 3-player start from them, its engine's ``apply``, its greedy bot."""


def _sun() -> Game:
    from silverpyr.solver.sun.bots import GreedyPlayer
    from silverpyr.solver.sun.cards import load_deck
    from silverpyr.solver.sun.game import apply, new_game

    return load_deck(), lambda deck: new_game(deck, 3, "standard", 11), apply, GreedyPlayer()


def _cheops() -> Game:
    from silverpyr.solver.cheops.bots import GreedyPlayer
    from silverpyr.solver.cheops.components import load_components
    from silverpyr.solver.cheops.game import apply, new_game

    return load_components(), lambda parts: new_game(parts, 3, 11), apply, GreedyPlayer()


def _views(parts: Any, game: Game) -> list[str]:
    """Every view of a greedy game played on ``parts``, as text."""
    _, start, apply, bot = game
    state = start(parts)
    seen = []
    while not state.over:
        seen.append(repr(state.view(state.turn)))
        state = apply(state, bot.decide(state, state.turn))
    return seen


@pytest.mark.parametrize("make", [_sun, _cheops], ids=["sun", "cheops"])
def test_every_view_of_a_game_reads_the_same_from_components_that_travelled(
    make: Callable[[], Game],
) -> None:
    game = make()
    parts = game[0]
    here = _views(parts, game)
    assert len(here) > 20
    assert _views(pickle.loads(pickle.dumps(parts)), game) == here
