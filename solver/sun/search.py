"""The Sun's expert (``expert``): every option of a decision weighed by play-outs.

It plays the exact final run first (:meth:`.expert.Expert.final_run`: the placements that fill
the pyramid and win, proven by exhaustive search), and otherwise weighs every distinct
option of the decision (with montecarlo's patience: :class:`.montecarlo.SunPlayouts`) by
successive halving (:func:`~silverpyr.solver.core.montecarlo.halving`):
deals of what it cannot see drawn from its own view, each option played out to the end by
greedy at every seat, the better half kept round after round. A decision's work is a fixed
number of play-outs (:attr:`SearchWeights.budget`), never a clock, so a seed gives the same
game on every machine.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..core.montecarlo import MonteCarloPlayer, halving
from . import game
from .expert import Expert
from .game import Move, Phase, SunState
from .montecarlo import SunPlayouts


@dataclass(frozen=True)
class SearchWeights:
    """The search's constants (tuned by arena runs on tuning seeds only)."""

    budget: int = 256
    """Play-outs a decision, shared by the rounds of halving."""
    win: float = 0.0
    """Worth of a win in points, beside the final margin."""


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
        options = self._player.playouts.options(state, seat)
        return halving(
            self._player, state, seat, options, self.weights.budget, win=self.weights.win
        )

    def decide(self, state: SunState, seat: int) -> Move:
        return self.ranked(state, seat)[0][0]


__all__ = ["SearchExpert", "SearchWeights"]
