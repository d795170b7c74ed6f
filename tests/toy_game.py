"""A toy game for searches whose values are exact: seat 0 names a number, a hidden die is
rolled, seat 0 scores the number if the die reaches it."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from silverpyr.solver.core.rng import SeededStream


@dataclass(frozen=True)
class Toy:
    """Seat 0 names a number 0-5; a hidden die (0-5) is rolled; seat 0 scores the number if
    it is at most the die, else nothing; seat 1 scores 1. By exact expectation over the die
    the number k is worth k (6 - k) / 6: best 3 (1.5), then 2 and 4 (1.33)."""

    die: int | None = None
    choice: int | None = None


@dataclass(frozen=True)
class ToyEnd:
    """How a toy game ended (the declared rules' ``Ended``)."""

    totals: tuple[int, int]

    @property
    def winners(self) -> tuple[int, ...]:
        best = max(self.totals)
        return tuple(seat for seat, total in enumerate(self.totals) if total == best)


class ToyRules:
    """The toy's rules and play-outs in one (flat Monte Carlo takes both)."""

    def __init__(self) -> None:
        self.dealt: list[int] = []
        self.played: list[tuple[int, int]] = []

    def options(self, state: Toy, seat: int) -> Sequence[int]:
        return tuple(range(6)) if state.choice is None else ()

    def apply(self, state: Toy, move: int) -> Toy:
        assert state.die is not None
        self.played.append((move, state.die))
        return Toy(state.die, move)

    def determinized(self, state: Toy, seat: int, stream: SeededStream) -> Toy:
        die = stream.below(6)
        self.dealt.append(die)
        return Toy(die, state.choice)

    apply_unchecked = apply

    def to_move(self, state: Toy) -> int:
        return 0

    def outcome(self, state: Toy) -> ToyEnd | None:
        if state.choice is None or state.die is None:
            return None
        return ToyEnd((state.choice if state.choice <= state.die else 0, 1))

    def rollout(self, state: Toy, seat: int) -> int:
        raise AssertionError("the toy ends with seat 0's choice")

    def seen(self, state: Toy, seat: int) -> str:
        return repr(state.choice)

    def seed(self, state: Toy) -> int:
        return 7
