"""Cheops's flat Monte Carlo player (``montecarlo``, ``montecarlo:K``): the game-free
:class:`~silverpyr.solver.core.montecarlo.MonteCarloPlayer` over Cheops's engine, greedy playing
every seat out (docs/cheops-bots.md)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.montecarlo import DEFAULT_DEALS, MonteCarloPlayer, player_name
from ..core.rng import SeededStream
from .bots import greedy_move, margin
from .game import (
    CheopsState,
    Move,
    apply_unchecked,
    determinized,
    distinct_moves,
    final_money,
    outcome,
)

SHORTLIST = 8
"""The most options a decision weighs: the best by greedy's own ranking (the margin right
after the move), in the engine's order. A play-out cost about 0.2 s early in a game (timed
by hand on seed 5), and the first decision holds 40 or more distinct moves."""


class CheopsRules:
    """Cheops's engine, as flat Monte Carlo asks for it."""

    def options(self, state: CheopsState, seat: int) -> Sequence[Move]:
        moves = distinct_moves(state)
        if len(moves) <= SHORTLIST:
            return moves
        ranked = sorted(
            range(len(moves)),
            key=lambda i: (-margin(final_money(apply_unchecked(state, moves[i])), seat), i),
        )
        return [moves[i] for i in sorted(ranked[:SHORTLIST])]

    def apply(self, state: CheopsState, move: Move) -> CheopsState:
        return apply_unchecked(state, move)

    def determinized(self, state: CheopsState, seat: int, stream: SeededStream) -> CheopsState:
        return determinized(state, seat, stream)

    def to_move(self, state: CheopsState) -> int:
        return state.turn

    def scores(self, state: CheopsState) -> Sequence[int] | None:
        result = outcome(state)
        return None if result is None else result.money

    def rollout(self, state: CheopsState, seat: int) -> Move:
        return greedy_move(state, seat)

    def seen(self, state: CheopsState, seat: int) -> str:
        return repr(state.view(seat))

    def seed(self, state: CheopsState) -> int:
        return state.seed


def montecarlo_player(deals: int = DEFAULT_DEALS) -> MonteCarloPlayer[CheopsState, Move]:
    """``montecarlo`` (8 deals a decision) or ``montecarlo:K``."""
    return MonteCarloPlayer(CheopsRules(), deals, player_name(deals))


__all__ = ["CheopsRules", "montecarlo_player"]
