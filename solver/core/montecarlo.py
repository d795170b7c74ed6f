"""Flat Monte Carlo for any game whose seats move one at a time: the yardstick player.

At each decision with more than one option (:meth:`Rules.options`: where they are many, a
game may keep only the best few by its greedy player's own ranking) it deals the hidden
cards ``k`` times from its own seat's view (:meth:`Rules.determinized`), plays every option
out to the end on each of those deals with the game's greedy player at every seat, and takes
the option of the best mean final margin (its score less the best other score). Every
option meets the same ``k`` deals, so options differ by their play, not their luck. Ties go
to the first option in the engine's order. It is deterministic: the deals are drawn from a
stream keyed by the game's seed and what the seat sees.

Game-free: a game hands it a :class:`Rules` (its engine's functions, by name).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from .rng import SeededStream

S = TypeVar("S")
M = TypeVar("M")

DEFAULT_DEALS = 8
"""``montecarlo``'s deals a decision; ``montecarlo:K`` takes another."""
MAX_DEALS = 256
"""The most deals a decision (a yardstick, not a solver: more buys little and costs a lot)."""


class Rules(Protocol[S, M]):
    """What flat Monte Carlo needs of a game whose seats move one at a time."""

    def options(self, state: S, seat: int) -> Sequence[M]:
        """The options it weighs: the legal moves, one of each kind that differs (the
        engine's order), or where they are many the best of them by greedy's own ranking."""
        ...

    def apply(self, state: S, move: M) -> S:
        """``state`` after a legal ``move``."""
        ...

    def determinized(self, state: S, seat: int, stream: SeededStream) -> S:
        """A state ``seat`` cannot tell from ``state``, its hidden parts drawn anew."""
        ...

    def to_move(self, state: S) -> int:
        """The seat that decides next."""
        ...

    def scores(self, state: S) -> Sequence[int] | None:
        """The final scores by seat; ``None`` while the game goes on."""
        ...

    def rollout(self, state: S, seat: int) -> M:
        """The greedy player's move for ``seat`` (the seat to move)."""
        ...

    def seen(self, state: S, seat: int) -> str:
        """What ``seat`` knows, as text (keys the deals: same view, same deals)."""
        ...

    def seed(self, state: S) -> int:
        """The game's seed."""
        ...


MAX_ROLLOUT = 20_000
"""The most moves a play-out makes before it calls the game stuck (an engine bug)."""


class RolloutError(RuntimeError):
    """A play-out that did not end (an engine or bot bug, never bad input)."""


@dataclass
class MonteCarloPlayer(Generic[S, M]):
    """Flat Monte Carlo over ``deals`` deals a decision (see the module docstring)."""

    rules: Rules[S, M]
    deals: int = DEFAULT_DEALS
    name: str = "montecarlo"

    def decide(self, state: S, seat: int) -> M:
        return self.ranked(state, seat)[0][0]

    def ranked(self, state: S, seat: int) -> list[tuple[M, float]]:
        """Every option with its mean final margin, best first (ties: engine order)."""
        options = list(self.rules.options(state, seat))
        if len(options) == 1:
            return [(options[0], 0.0)]
        deals = self.deals_for(state, seat)
        means = [
            sum(self.play_out(self.rules.apply(deal, option), seat) for deal in deals) / len(deals)
            for option in options
        ]
        order = sorted(range(len(options)), key=lambda i: (-means[i], i))
        return [(options[i], means[i]) for i in order]

    def stream(self, state: S, seat: int) -> SeededStream:
        """The stream of ``seat``'s deals at ``state``: the game's seed and what it sees."""
        return deal_stream("montecarlo", self.rules.seed(state), seat, self.rules.seen(state, seat))

    def deals_for(self, state: S, seat: int) -> list[S]:
        """The ``deals`` states ``seat`` cannot tell from ``state``, the same for every
        option."""
        stream = self.stream(state, seat)
        return [
            self.rules.determinized(state, seat, stream.child(f"deal-{i}"))
            for i in range(self.deals)
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
        rules = self.rules
        for _ in range(MAX_ROLLOUT):
            scores = rules.scores(state)
            if scores is not None:
                return scores
            state = rules.apply(state, rules.rollout(state, rules.to_move(state)))
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
                totals[i] += player.value(player.rules.apply(deal, options[i]), seat, win)
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
    "RolloutError",
    "Rules",
    "deal_stream",
    "halving",
    "margin",
    "player_name",
]
