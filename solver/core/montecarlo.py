"""Flat Monte Carlo for any game whose seats move one at a time: the yardstick player.

At each decision with more than one option (:meth:`Playouts.options`: where they are many, a
game may keep only the best few by its greedy player's own ranking) it deals the hidden
cards ``k`` times from its own seat's view (the rules' ``determinized``), plays every option
out to the end on each of those deals with the game's greedy player at every seat, and takes
the option of the best mean final margin (its score less the best other score). Every
option meets the same ``k`` deals, so options differ by their play, not their luck. Ties go
to the first option in the engine's order. It is deterministic: the deals are drawn from a
stream keyed by the game's seed and what the seat sees.

Game-free: a game hands it its declared :class:`~.rules.Rules` (its engine) and its
:class:`Playouts` (the options weighed, the play-out player, what a seat sees, the seed).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from .rng import SeededStream
from .rules import Rules

S = TypeVar("S")
M = TypeVar("M")
S_in = TypeVar("S_in", contravariant=True)
M_out = TypeVar("M_out", covariant=True)

DEFAULT_DEALS = 8
"""``montecarlo``'s deals a decision; ``montecarlo:K`` takes another."""
MAX_DEALS = 256
"""The most deals a decision (a yardstick, not a solver: more buys little and costs a lot)."""


class Playouts(Protocol[S_in, M_out]):
    """What flat Monte Carlo asks of a game beyond its declared :class:`~.rules.Rules`."""

    def options(self, state: S_in, seat: int) -> Sequence[M_out]:
        """The options it weighs: the legal moves, one of each kind that differs (the
        engine's order), or where they are many the best of them by greedy's own ranking."""
        ...

    def rollout(self, state: S_in, seat: int) -> M_out:
        """The greedy player's move for ``seat`` (the seat to move)."""
        ...

    def seen(self, state: S_in, seat: int) -> str:
        """What ``seat`` knows, as text (keys the deals: same view, same deals)."""
        ...

    def seed(self, state: S_in) -> int:
        """The game's seed."""
        ...


class Viewed(Protocol):
    """A state that tells what each seat sees (its ``view``) and carries its game's seed."""

    @property
    def seed(self) -> int:
        """The game's seed."""
        ...

    def view(self, seat: int, /) -> object:
        """What ``seat`` knows."""
        ...


class ViewedPlayouts:
    """:class:`Playouts`' ``seen`` and ``seed`` for a :class:`Viewed` state: the text of the
    seat's view, and the state's seed. A game adds its ``options`` and ``rollout``."""

    def seen(self, state: Viewed, seat: int) -> str:
        return repr(state.view(seat))

    def seed(self, state: Viewed) -> int:
        return state.seed


MAX_ROLLOUT = 20_000
"""The most moves a play-out makes before it calls the game stuck (an engine bug)."""


class RolloutError(RuntimeError):
    """A play-out that did not end (an engine or bot bug, never bad input)."""


@dataclass
class MonteCarloPlayer(Generic[S, M]):
    """Flat Monte Carlo over ``deals`` deals a decision (see the module docstring)."""

    rules: Rules[S, M]
    playouts: Playouts[S, M]
    deals: int = DEFAULT_DEALS
    name: str = "montecarlo"

    def decide(self, state: S, seat: int) -> M:
        return self.ranked(state, seat)[0][0]

    def ranked(self, state: S, seat: int) -> list[tuple[M, float]]:
        """Every option with its mean final margin, best first (ties: engine order)."""
        options = list(self.playouts.options(state, seat))
        if len(options) == 1:
            return [(options[0], 0.0)]
        return self.ranked_on(options, self.deals_for(state, seat), seat)

    def ranked_on(
        self, options: Sequence[M], deals: Sequence[S], seat: int
    ) -> list[tuple[M, float]]:
        """``options`` with their mean final margin over ``deals``, best first (ties: the
        order given)."""
        means = [
            sum(self.play_out(self.rules.apply_unchecked(deal, option), seat) for deal in deals)
            / len(deals)
            for option in options
        ]
        order = sorted(range(len(options)), key=lambda i: (-means[i], i))
        return [(options[i], means[i]) for i in order]

    def stream(self, state: S, seat: int) -> SeededStream:
        """The stream of ``seat``'s deals at ``state``: the game's seed and what it sees."""
        playouts = self.playouts
        return deal_stream("montecarlo", playouts.seed(state), seat, playouts.seen(state, seat))

    def deals_for(
        self, state: S, seat: int, count: int | None = None, key: str = "deal"
    ) -> list[S]:
        """The ``deals`` (or ``count``) states ``seat`` cannot tell from ``state``, the same
        for every option; another ``key`` draws other deals from the same stream."""
        stream = self.stream(state, seat)
        return [
            self.rules.determinized(state, seat, stream.child(f"{key}-{i}"))
            for i in range(self.deals if count is None else count)
        ]

    def play_out(self, state: S, seat: int) -> int:
        """``seat``'s final margin after greedy plays ``state`` out at every seat."""
        return margin(self.final(state), seat)

    def value(self, state: S, seat: int, win: float) -> float:
        """``seat``'s final margin after the play-out, plus ``win`` for a win (half of it
        for a shared one)."""
        scores = self.final(state)
        lead = margin(scores, seat)
        return lead + (win if lead > 0 else win / 2 if lead == 0 else 0.0)

    def final(self, state: S) -> Sequence[int]:
        """The final scores after greedy plays ``state`` out at every seat."""
        rules, rollout = self.rules, self.playouts.rollout
        for _ in range(MAX_ROLLOUT):
            ended = rules.outcome(state)
            if ended is not None:
                return ended.totals
            seat = rules.to_move(state)
            assert seat is not None  # the game goes on
            state = rules.apply_unchecked(state, rollout(state, seat))
        raise RolloutError(f"a play-out did not end in {MAX_ROLLOUT:,} moves")


def deal_stream(key: str, seed: int, seat: int, seen: str) -> SeededStream:
    """The stream a seat's deals are drawn from: keyed by the game's ``seed``, the ``seat``
    and a digest of what it ``seen``, so the same view gives the same deals anywhere."""
    digest = hashlib.sha256(seen.encode("utf-8")).hexdigest()[:32]
    return SeededStream(f"{key}|{seed}|{seat}|{digest}")


def player_name(deals: int) -> str:
    """A Monte Carlo player's seat name: ``montecarlo``, or ``montecarlo:K`` for other K."""
    return "montecarlo" if deals == DEFAULT_DEALS else f"montecarlo:{deals}"


def halving(
    player: MonteCarloPlayer[S, M],
    state: S,
    seat: int,
    options: Sequence[M],
    budget: int,
    *,
    win: float = 0.0,
) -> list[tuple[M, float]]:
    """Successive halving over ``options``: each round plays every option still in on the
    same new deals, then keeps the better half, until one is left; about ``budget`` play-outs
    in all, shared evenly between the rounds. Returns the options by their mean value over
    the deals they met (the last survivor first), a value being the final margin plus
    ``win`` for a win (half of it for a shared one). Deterministic, like ``player``."""
    alive = list(range(len(options)))
    if len(alive) == 1:
        return [(options[0], 0.0)]
    rounds = max(1, (len(alive) - 1).bit_length())
    totals = [0.0] * len(options)
    met = [0] * len(options)
    dealt = 0
    stream = player.stream(state, seat)
    out: list[int] = []
    while len(alive) > 1:
        each = max(1, budget // (rounds * len(alive)))
        deals = [
            player.rules.determinized(state, seat, stream.child(f"deal-{dealt + i}"))
            for i in range(each)
        ]
        dealt += each
        for i in alive:
            for deal in deals:
                totals[i] += player.value(player.rules.apply_unchecked(deal, options[i]), seat, win)
            met[i] += each
        alive.sort(key=lambda i: (-totals[i] / met[i], i))
        keep = (len(alive) + 1) // 2
        out = alive[keep:] + out
        alive = sorted(alive[:keep])
    order = alive + out
    return [(options[i], totals[i] / met[i] if met[i] else 0.0) for i in order]


def margin(scores: Sequence[int], seat: int) -> int:
    """``scores[seat]`` less the best other score."""
    return scores[seat] - max(s for other, s in enumerate(scores) if other != seat)


__all__ = [
    "DEFAULT_DEALS",
    "MAX_DEALS",
    "MonteCarloPlayer",
    "Playouts",
    "RolloutError",
    "Rules",
    "Viewed",
    "ViewedPlayouts",
    "deal_stream",
    "halving",
    "margin",
    "player_name",
]
