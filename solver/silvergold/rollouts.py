"""A decision's worth by playing the rest of the game many times (Monte-Carlo rollouts).

Each *sample* deals what the deciding player cannot see anew
(:meth:`.GameState.determinized`, seeded), then every option is taken in that same deal and
the game is played to its end: the player's seat by :data:`ROLLOUT_EXPERT` (the expert
one ply deep: its fast policy), the other seats by the given players. The options share
their deals (common random numbers), so the *difference* between two options is measured
far more precisely than either value: :meth:`RolloutValue.loss_against` gives it with its
standard error. Nobody in a rollout looks at the hidden order (the players decide from
what their seat knows), so no option is rewarded for knowing the future (no strategy
fusion). The scores are those *of the rollout policy*, which plays a whole game
:data:`POLICY_GAP` points below the full expert; :func:`expert_forecast` adds that gap
pro rata the turns left, so a forecast means "if the expert plays on". Losses need no
correction (every option is played out by the same policy).
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from dataclasses import dataclass

from ..core.rng import SeededStream
from .cards import PyramidCard
from .expert import Expert, Weights
from .game import GameState, Phase
from .players import Choice, ExpertPlayer, Player, play_out, with_choice
from .sheet import MAX_TURNS, turns_after

ROLLOUT_EXPERT = Weights(top_k=0)
"""The expert's weights in rollouts: one ply deep, :data:`POLICY_GAP` points a game weaker
(``benchmarks/expert.py`` times the advice built on it: a keep's 32 rollouts per option in
a median 7.3 s, a replacement's in 2.7 s)."""

POLICY_GAP = 6.1
"""Points a solo game of the rollout policy scores below the full expert (the mean over 40
seeded games, standard error 1.7: ``python benchmarks/expert.py --gap 40``, expert 176.1,
rollout policy 169.9)."""


@dataclass(frozen=True)
class RolloutValue:
    """What the rollouts of one option gave, sample by sample."""

    choice: Choice
    scores: tuple[int, ...]
    """The deciding player's final score in each sample."""
    wins: tuple[float, ...]
    """Their share of the win in each sample (1, 1/k for a k-way shared win, or 0)."""

    @property
    def mean(self) -> float:
        """Mean final score."""
        return statistics.fmean(self.scores)

    @property
    def win_rate(self) -> float:
        """Share of samples won."""
        return statistics.fmean(self.wins)

    def loss_against(self, best: RolloutValue) -> tuple[float, float]:
        """Mean points lost against ``best`` on the same deals, and its standard error."""
        gaps = [float(b - s) for b, s in zip(best.scores, self.scores, strict=True)]
        return statistics.fmean(gaps), _standard_error(gaps)


def rollout_values(
    state: GameState,
    player: int,
    choices: Sequence[Choice],
    *,
    samples: int,
    seed: int,
    opponents: Player,
    pool: Sequence[PyramidCard] | None = None,
) -> list[RolloutValue]:
    """Every choice of ``player`` in ``state`` (the decision it waits for), by rollouts.

    ``opponents`` plays the other seats; ``pool`` lists the cards the hidden deck is drawn
    from when its contents are unknown (see :meth:`.GameState.determinized`).
    """
    me = ExpertPlayer(name="expert (rollouts)", expert=Expert(ROLLOUT_EXPERT))
    seats: list[Player] = [
        me if seat == player else opponents for seat in range(len(state.players))
    ]
    scores: list[list[int]] = [[] for _ in choices]
    wins: list[list[float]] = [[] for _ in choices]
    stream = SeededStream(f"silverpyr-rollouts|{seed}")
    for sample in range(samples):
        deal_seed = stream.child(str(sample)).below(2**62)
        dealt = state.determinized(player, deal_seed, pool)
        for index, choice in enumerate(choices):
            end = play_out(with_choice(dealt, player, choice, seats), seats)
            outcome = end.outcome()
            scores[index].append(outcome.totals[player])
            winners = outcome.winners
            wins[index].append(1 / len(winners) if player in winners else 0.0)
    return [
        RolloutValue(choice, tuple(s), tuple(w))
        for choice, s, w in zip(choices, scores, wins, strict=True)
    ]


def expert_forecast(state: GameState, mean: float) -> float:
    """A rollout ``mean`` from ``state`` as the full expert's expected final score."""
    keep = state.phase is Phase.KEEP
    left = MAX_TURNS if keep else turns_after(state.round_number, state.turn)
    return mean + POLICY_GAP * left / MAX_TURNS


def _standard_error(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    return statistics.stdev(values) / math.sqrt(len(values))


__all__ = [
    "POLICY_GAP",
    "ROLLOUT_EXPERT",
    "Choice",
    "RolloutValue",
    "expert_forecast",
    "rollout_values",
]
