"""What every game's rules engine writes alike (issue 33), once: a state changed without
``dataclasses.replace``'s cost, ``apply`` as the legality check then the unchecked move, and
an amount added to one seat's entry of a tuple.

Pure and game-free: an engine may import it (``allowed_core`` of the engines contract in
``pyproject.toml``), as it imports :mod:`.rng`, :mod:`.reader` and :mod:`.errors`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TypeVar

from .errors import IllegalMove

S = TypeVar("S")
M = TypeVar("M")


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
