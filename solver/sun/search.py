"""The Sun's expert (``expert``): every option of a decision weighed by play-outs.

It plays the exact final run first (:meth:`.expert.Expert.final_run`: the placements that fill
the pyramid and win, proven by exhaustive search), and otherwise weighs every distinct
option of the decision (with montecarlo's patience: :class:`.montecarlo.SunPlayouts`) in two
steps, on deals of what it cannot see drawn from its own view:

1. a screen keeps the better half of the options by their mean final margin over
   :attr:`SearchWeights.screen` play-outs with greedy at every seat;
2. successive halving (:func:`~silverpyr.solver.core.montecarlo.halving`) over the rest, on
   deals of its own (never the screen's, so what screened does not also measure): each
   option played out to the end with its own seat played by the value model (``planner``)
   and every other seat by greedy, the better half kept round after round.

The seat plays out by the value model because the advice's and the coach's rollouts play it
so: the expert and the advice then weigh an option alike (one decision procedure).
:class:`SearchWeights` also selects the earlier all-greedy search (``own="greedy"``,
``screen=0``, ``budget=256``). A decision's work is a fixed number of play-outs, never a
clock, so a seed gives the same game on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from ..core.montecarlo import MonteCarloPlayer, halving
from . import game
from .expert import Expert
from .game import Move, Phase, SunState
from .montecarlo import SunPlayouts


@dataclass(frozen=True)
class SearchWeights:
    """The search's constants (chosen by runs on tuning seeds only: docs/sun-bots.md)."""

    budget: int = 128
    """Play-outs a decision, shared by the rounds of halving."""
    win: float = 0.0
    """Worth of a win in points, beside the final margin."""
    own: Literal["greedy", "planner"] = "planner"
    """Who plays the searching seat in its play-outs: ``greedy`` or ``planner`` (the value
    model, as the advice's rollouts play it)."""
    screen: int = 4
    """All-greedy play-outs an option in a first round that keeps the better half (0: no
    screening)."""


class _SeatPlayouts(SunPlayouts):
    """Montecarlo's play-outs, but the searching seat played by the value model."""

    def __init__(self, seat: int, expert: Expert) -> None:
        self._seat = seat
        self._expert = expert

    def rollout(self, state: SunState, seat: int) -> Move:
        if seat == self._seat:
            return self._expert.decide(state, seat)
        return super().rollout(state, seat)


@dataclass
class SearchExpert:
    """The expert as a seat's player (see the module docstring)."""

    name: str = "expert"
    weights: SearchWeights = field(default_factory=SearchWeights)
    expert: Expert = field(default_factory=Expert)

    def __post_init__(self) -> None:
        self._player = MonteCarloPlayer(game, SunPlayouts(), 1, self.name)

    def ranked(self, state: SunState, seat: int) -> list[tuple[Move, float]]:
        """Every option, the choice first, with its mean value over the deals it met."""
        if state.phase in (Phase.CHOOSE, Phase.PLAYING):
            run = self.expert.final_run(state, seat)
            if run:
                return [(run[0], float("inf"))]
        player = self._player
        if self.weights.own == "planner":
            player = MonteCarloPlayer(game, _SeatPlayouts(seat, self.expert), 1, self.name)
        options = list(player.playouts.options(state, seat))
        dropped: list[tuple[Move, float]] = []
        if self.weights.screen and len(options) > 2:
            screened = self._screened(state, seat, options)
            keep = (len(screened) + 1) // 2
            options = [move for move, _ in screened[:keep]]
            dropped = screened[keep:]
        return [
            *halving(player, state, seat, options, self.weights.budget, win=self.weights.win),
            *dropped,
        ]

    def _screened(
        self, state: SunState, seat: int, options: list[Move]
    ) -> list[tuple[Move, float]]:
        """``options`` by their mean margin over :attr:`SearchWeights.screen` all-greedy
        play-outs on the screen's own deals, best first (ties: engine order)."""
        player = self._player
        deals = player.deals_for(state, seat, self.weights.screen, key="screen")
        return player.ranked_on(options, deals, seat)

    def decide(self, state: SunState, seat: int) -> Move:
        return self.ranked(state, seat)[0][0]


__all__ = ["SearchExpert", "SearchWeights"]
