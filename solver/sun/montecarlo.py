"""The Sun's flat Monte Carlo player (``montecarlo``, ``montecarlo:K``): the game-free
:class:`~silverpyr.solver.core.montecarlo.MonteCarloPlayer` over the Sun's engine, greedy playing
every seat out (docs/sun-bots.md).

**Patience (Ruling, as the expert's):** after a round of turns in which no one placed a card,
it weighs only placements when it holds one. The rules end a game only when the top is
placed, and draws never run out (the discards are reshuffled), so two players who both find
drawing better drew and discarded for ever: montecarlo against the searching expert did,
scores frozen at 28-62 past 800 moves, seed 100,011.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..core.montecarlo import DEFAULT_DEALS, MonteCarloPlayer, ViewedPlayouts, player_name
from . import game
from .bots import GreedyPlayer
from .expert import idle_turns
from .game import Move, Phase, SunState, distinct_moves, placements

_GREEDY = GreedyPlayer()


class SunPlayouts(ViewedPlayouts):
    """What flat Monte Carlo asks of the Sun beyond its engine: the options, greedy to play
    out, what a seat sees, the seed."""

    def options(self, state: SunState, seat: int) -> Sequence[Move]:
        """Every distinct move (rarely more than 30, and a play-out is cheap); but after a
        round of turns without a card placed, only the placements if there are any."""
        if state.phase is Phase.CHOOSE and idle_turns(state) >= state.players:
            places = placements(state, distinct=True)
            if places:
                return places
        return distinct_moves(state)

    def rollout(self, state: SunState, seat: int) -> Move:
        return _GREEDY.decide(state, seat)


def montecarlo_player(deals: int = DEFAULT_DEALS) -> MonteCarloPlayer[SunState, Move]:
    """``montecarlo`` (8 deals a decision) or ``montecarlo:K``."""
    return MonteCarloPlayer(game, SunPlayouts(), deals, player_name(deals))


__all__ = ["SunPlayouts", "montecarlo_player"]
