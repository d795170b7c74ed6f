"""Cheops's flat Monte Carlo player (``montecarlo``, ``montecarlo:K``): the game-free
:class:`~silverpyr.solver.core.montecarlo.MonteCarloPlayer` over Cheops's engine, greedy playing
every seat out (docs/cheops-bots.md)."""

from __future__ import annotations

from collections.abc import Sequence

from ..core.montecarlo import DEFAULT_DEALS, MonteCarloPlayer, ViewedPlayouts, player_name
from . import game
from .bots import greedy_move, margins_after
from .game import CheopsState, Move, distinct_moves

SHORTLIST = 8
"""The most options a decision weighs: the best by greedy's own ranking (the margin right
after the move), in the engine's order. A play-out cost about 0.2 s early in a game when it
was chosen (timed by hand on seed 5; about 0.01 s since issue 34's fast play-outs,
``benchmarks/cheops_playout.py``), and the first decision holds 40 or more distinct moves."""


class CheopsPlayouts(ViewedPlayouts):
    """What flat Monte Carlo asks of Cheops beyond its engine: the options (a shortlist by
    greedy's ranking), greedy to play out, what a seat sees, the seed."""

    def options(self, state: CheopsState, seat: int) -> Sequence[Move]:
        moves = distinct_moves(state)
        if len(moves) <= SHORTLIST:
            return moves
        margins = margins_after(state, moves, seat)
        ranked = sorted(range(len(moves)), key=lambda i: (-margins[i], i))
        return [moves[i] for i in sorted(ranked[:SHORTLIST])]

    def rollout(self, state: CheopsState, seat: int) -> Move:
        return greedy_move(state, seat)


def montecarlo_player(deals: int = DEFAULT_DEALS) -> MonteCarloPlayer[CheopsState, Move]:
    """``montecarlo`` (8 deals a decision) or ``montecarlo:K``."""
    return MonteCarloPlayer(game, CheopsPlayouts(), deals, player_name(deals))


__all__ = ["CheopsPlayouts", "montecarlo_player"]
