"""*Silver & Gold*'s flat Monte Carlo player (``montecarlo``, ``montecarlo:K``): the yardstick.

At each decision with more than one option it deals what its seat cannot see ``K`` times
(:meth:`.GameState.determinized`, keyed by the game's seed, the seat and what the seat sees),
takes every option on each of those deals, plays the game out with greedy at every seat and
picks the option of the best mean final margin. The turns are simultaneous, so it cannot use
the sequential games' :class:`~silverpyr.solver.core.montecarlo.MonteCarloPlayer`: in a keep
or a mark the other seats decide by greedy on the same deal (:func:`.players.with_choice`).
Its options (a mark's cut to the best :data:`MARK_OPTIONS` by :func:`.bots.greedy_key`), its
play-outs and its ties are told in docs/silvergold-bots.md.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import dataclass, field

from ..core.montecarlo import DEFAULT_DEALS, deal_stream, margin, player_name
from . import bots
from .game import GameState, Phase, Replacement
from .moves import Move
from .players import Choice, GreedyPlayer, Player, play_out, with_choice
from .position import Position

MARK_OPTIONS = 8
"""The most marks a decision weighs: the best by greedy's ranking (a mark may have dozens)."""

_DEAL_SEEDS = 2**62
"""Each deal's game seed is drawn below this (a seed the engine accepts)."""


@dataclass
class MonteCarloPlayer:
    """Flat Monte Carlo over ``deals`` deals a decision (see the module docstring)."""

    deals: int = DEFAULT_DEALS
    name: str = "montecarlo"
    marks: int = MARK_OPTIONS
    rollout: Player = field(default_factory=lambda: RolloutGreedy())
    """Who plays every seat out (greedy: the yardstick's definition)."""

    def keep(self, state: GameState, player: int) -> tuple[int, int]:
        choice = self.ranked(state, player)[0][0]
        assert isinstance(choice, tuple)
        return choice

    def move(self, state: GameState, player: int) -> Move:
        choice = self.ranked(state, player)[0][0]
        assert isinstance(choice, Move)
        return choice

    def replacement(self, state: GameState) -> Replacement:
        seat = state.replacing_player
        assert seat is not None
        choice = self.ranked(state, seat)[0][0]
        assert isinstance(choice, Replacement)
        return choice

    def predicted(self, state: GameState, player: int) -> float | None:
        return None

    def options(self, state: GameState, seat: int) -> list[Choice]:
        """The options weighed for ``seat`` in the decision ``state`` waits for, in order."""
        if state.phase is Phase.KEEP:
            numbers = [card.number for card in state.players[seat].dealt]
            return [(a, b) for a, b in itertools.combinations(numbers, 2)]
        if state.phase is Phase.REPLACE:
            return list(state.replacement_options())
        return list(mark_options(state.position(seat), state, self.marks))

    def ranked(self, state: GameState, seat: int) -> list[tuple[Choice, float]]:
        """Every option with its mean final margin, best first (ties: the options' order).

        A lone option comes back at once, valued 0, without a deal."""
        options = self.options(state, seat)
        if len(options) == 1:
            return [(options[0], 0.0)]
        deals = self.deals_for(state, seat)
        seats = [self.rollout] * len(state.players)
        means = [
            sum(final_margin(play_out(with_choice(d, seat, o, seats), seats), seat) for d in deals)
            / len(deals)
            for o in options
        ]
        order = sorted(range(len(options)), key=lambda i: (-means[i], i))
        return [(options[i], means[i]) for i in order]

    def deals_for(self, state: GameState, seat: int) -> list[GameState]:
        """The ``deals`` games ``seat`` cannot tell from ``state``, the same for every option."""
        stream = deal_stream("silvergold-montecarlo", state.seed, seat, seen(state, seat))
        return [
            state.determinized(seat, stream.child(f"deal-{i}").below(_DEAL_SEEDS))
            for i in range(self.deals)
        ]


_greedy_move = functools.lru_cache(maxsize=1 << 16)(bots.choose_move)
"""Greedy's mark, remembered: play-outs of one decision meet the same positions again and
again (the other seats' above all), and half of a play-out's marks are found here."""


@dataclass
class RolloutGreedy(GreedyPlayer):
    """Greedy, its marks remembered (:data:`_greedy_move`): the same choices, sooner."""

    name: str = "greedy"

    def move(self, state: GameState, player: int) -> Move:
        return _greedy_move(state.position(player), state.expedition, state.round_number)


def mark_options(position: Position, state: GameState, most: int) -> tuple[Move, ...]:
    """The ``most`` best legal marks by :func:`.bots.greedy_key`, ties in the engine's order."""
    ranked = sorted(
        position.successors(state.expedition, state.round_number),
        key=lambda item: bots.greedy_key(position, item[1]),
        reverse=True,
    )
    return tuple(move for move, _ in ranked[:most])


def seen(state: GameState, seat: int) -> str:
    """What ``seat`` knows of ``state``, as text: everything but the deck's order, the other
    seats' dealt cards, the expedition cards still face down and the seed of rounds to come.

    The same text in every process: the reprs hold tuples, numbers, enums and text. The
    revealed expeditions go in by name (unique in a deck), not by their shapes: a shape is a
    set, whose order in its repr depends on how it was built, and a deck unpickled in a Dask
    worker builds it otherwise than one loaded from its file."""
    revealed = (
        tuple(expedition.name for expedition in state.expedition_order[: state.turn])
        if state.phase is not Phase.KEEP
        else ()
    )
    return repr(
        (
            state.phase.value,
            state.round_number,
            state.turn,
            revealed,
            state.players[seat].dealt,
            tuple(len(player.dealt) for player in state.players),
            tuple(player.position for player in state.players),
            state.offer,
            len(state.pyramid_deck),
            state.claims,
            state.pending,
            state.completed_this_turn,
        )
    )


def final_margin(end: GameState, seat: int) -> int:
    """``seat``'s total less the best other total at the end of ``end``; alone, its total."""
    totals = end.outcome().totals
    return totals[seat] if len(totals) == 1 else margin(totals, seat)


def montecarlo_player(deals: int = DEFAULT_DEALS) -> MonteCarloPlayer:
    """``montecarlo`` (8 deals a decision) or ``montecarlo:K``."""
    return MonteCarloPlayer(deals, player_name(deals))


__all__ = [
    "MARK_OPTIONS",
    "MonteCarloPlayer",
    "RolloutGreedy",
    "final_margin",
    "mark_options",
    "montecarlo_player",
    "seen",
]
