"""The Sun's flat Monte Carlo player (``montecarlo``, ``montecarlo:K``): the game-free
:class:`~silverpyr.solver.montecarlo.MonteCarloPlayer` over the Sun's engine, greedy playing
every seat out (docs/sun-bots.md)."""

from __future__ import annotations

from collections.abc import Sequence

from ..montecarlo import DEFAULT_DEALS, MonteCarloPlayer
from ..rng import SeededStream
from .bots import GreedyPlayer
from .game import Move, SunState, apply_unchecked, determinized, distinct_moves, outcome

_GREEDY = GreedyPlayer()


class SunRules:
    """The Sun's engine, as flat Monte Carlo asks for it."""

    def options(self, state: SunState, seat: int) -> Sequence[Move]:
        return distinct_moves(state)  # rarely more than 30, and a play-out is cheap

    def apply(self, state: SunState, move: Move) -> SunState:
        return apply_unchecked(state, move)

    def determinized(self, state: SunState, seat: int, stream: SeededStream) -> SunState:
        return determinized(state, seat, stream)

    def to_move(self, state: SunState) -> int:
        return state.turn

    def scores(self, state: SunState) -> Sequence[int] | None:
        result = outcome(state)
        return None if result is None else result.scores

    def rollout(self, state: SunState, seat: int) -> Move:
        return _GREEDY.decide(state, seat)

    def seen(self, state: SunState, seat: int) -> str:
        return repr(state.view(seat))

    def seed(self, state: SunState) -> int:
        return state.seed


def montecarlo_player(deals: int = DEFAULT_DEALS) -> MonteCarloPlayer[SunState, Move]:
    """``montecarlo`` (8 deals a decision) or ``montecarlo:K``."""
    name = "montecarlo" if deals == DEFAULT_DEALS else f"montecarlo:{deals}"
    return MonteCarloPlayer(SunRules(), deals, name)


__all__ = ["SunRules", "montecarlo_player"]
