"""What every game's rules engine writes alike (issue 33), once: how a game ended
(:class:`Ended`, each game's ``Outcome`` adding its detail), the base of a state whose
seats move in turn (:class:`TurnState`), a move written as its word and its fields
(:class:`Worded`), a state changed without ``dataclasses.replace``'s cost, ``apply`` as the
legality check then the unchecked move, and an amount added to one seat's entry of a tuple.

Pure and game-free: an engine may import it (``allowed_core`` of the engines contract in
``pyproject.toml``), as it imports :mod:`.rng`, :mod:`.reader` and :mod:`.errors`.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from typing import ClassVar, Generic, TypeVar

from .errors import IllegalMove

S = TypeVar("S")
M = TypeVar("M")
H = TypeVar("H")

OVER = "over"
"""The phase every game's state is in once the game has ended."""


@dataclass(frozen=True)
class Ended:
    """How a game ended, as every game says it: the winning seats (0-based; several on a
    shared win). Each game's ``Outcome`` derives from it and adds its detail: each seat's
    final total in the game's own unit (:attr:`totals`) and how the game ended."""

    winners: tuple[int, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's final total, in the game's own unit (points, piastres)."""
        raise NotImplementedError


class TurnState(Generic[H]):
    """The base of a game's state whose seats move in turn, each with a hand of ``H``: the
    game's own frozen dataclass declares these fields (its phases a ``StrEnum`` with
    :data:`OVER`)."""

    hands: tuple[tuple[H, ...], ...]
    turn: int
    phase: StrEnum

    @property
    def hand(self) -> tuple[H, ...]:
        """The hand of the seat to move."""
        return self.hands[self.turn]

    @property
    def over(self) -> bool:
        """Whether the game has ended."""
        return self.phase == OVER


@dataclass(frozen=True, slots=True)
class Worded:
    """A move written as its ``word`` then each of its fields, in order (``take b3 A``,
    ``draw standard``, ``end``): each move names its word once, and a game's ``parse_move``
    reads it by that word."""

    word: ClassVar[str]

    def notation(self) -> str:
        """The move's word then each field's text."""
        fields: tuple[str, ...] = self.__match_args__
        return " ".join([self.word, *[format(getattr(self, name)) for name in fields]])


def evolve(state: S, **changes: object) -> S:
    """``dataclasses.replace`` without its cost (no field checks; every caller passes fields
    of the state's class with the right types): a copy of the instance's fields, changed."""
    new = object.__new__(type(state))
    fields = new.__dict__
    fields.update(state.__dict__)
    fields.update(changes)
    return new


def apply_checked(
    why_illegal: Callable[[S, M], str | None],
    apply_unchecked: Callable[[S, M], S],
    state: S,
    move: M,
) -> S:
    """The state after ``move``; raises :class:`~.errors.IllegalMove` (the ``why_illegal``
    sentence) when it is not legal: a game's ``apply``, from its own two functions."""
    reason = why_illegal(state, move)
    if reason is not None:
        raise IllegalMove(reason)
    return apply_unchecked(state, move)


def added(values: tuple[int, ...], i: int, amount: int) -> tuple[int, ...]:
    """``values`` with ``amount`` added to entry ``i`` (a seat's score, money or store)."""
    return (*values[:i], values[i] + amount, *values[i + 1 :])
