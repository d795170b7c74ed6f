"""The rules engine every game declares (issue 33): what game-free code may ask of a game.

A game's engine is a module (or any object) with these members, python-chess style: legal
moves, ``why_illegal``, ``apply``, notation in pairs (:meth:`Rules.parse_move` and
:meth:`Rules.move_text`), the end as an :class:`Ended`, the seat to move, the table sizes, and
a determinization of what a seat cannot see. Each game's ``kit.py`` seats its engine here,
checked by mypy, and ``tests/core/test_rules_contract.py`` plays random games of every game
of :data:`silverpyr.solver.games.GAMES` through this interface alone.
"""

from __future__ import annotations

from typing import Protocol, TypeVar

from .rng import SeededStream

S = TypeVar("S")
M = TypeVar("M")


class Ended(Protocol):
    """How a game ended, as every game says it (each game's ``Outcome`` adds its detail)."""

    @property
    def winners(self) -> tuple[int, ...]:
        """The winning seats (0-based; several on a shared win)."""
        ...

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's final total, in the game's own unit (points, piastres)."""
        ...


class Rules(Protocol[S, M]):
    """A game's rules over its states ``S`` and moves ``M``; every state is immutable."""

    MIN_PLAYERS: int
    MAX_PLAYERS: int

    def legal_moves(self, state: S, /) -> tuple[M, ...]:
        """Every legal move of the seat to move (none once the game is over)."""
        ...

    def distinct_moves(self, state: S, /) -> tuple[M, ...]:
        """The legal moves, one of each that leads to a different game."""
        ...

    def why_illegal(self, state: S, move: M, /) -> str | None:
        """Why ``move`` breaks a rule in ``state``, in a few words; ``None`` when legal."""
        ...

    def apply(self, state: S, move: M, /) -> S:
        """``state`` after ``move``; an :class:`~.errors.IllegalMoveError` (the game's own)
        when it is illegal."""
        ...

    def apply_unchecked(self, state: S, move: M, /) -> S:
        """``state`` after ``move``, which must be one of :meth:`legal_moves` (not checked
        again: searches and play-outs)."""
        ...

    def to_move(self, state: S, /) -> int | None:
        """The seat whose decision is due; ``None`` once the game is over."""
        ...

    def outcome(self, state: S, /) -> Ended | None:
        """How the game ended; ``None`` while it goes on."""
        ...

    def parse_move(self, state: S, text: str, /) -> M:
        """The seat to move's move written as ``text``; a :class:`~.errors.MoveError` (the
        game's own) when it is not one."""
        ...

    def move_text(self, state: S, move: M, /) -> str:
        """``move`` in notation, as :meth:`parse_move` reads it back in ``state``."""
        ...

    def determinized(self, state: S, seat: int, stream: SeededStream, /) -> S:
        """A state ``seat`` cannot tell from ``state``: what it cannot see, dealt anew."""
        ...


__all__ = ["Ended", "Rules"]
