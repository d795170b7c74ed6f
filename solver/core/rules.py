"""The rules engine every game declares (issue 33): what game-free code may ask of a game.

A game's engine is a module (or any object) with these members, python-chess style: legal
moves, ``why_illegal``, ``apply``, notation in pairs (:meth:`Rules.parse_move` and
:meth:`Rules.move_text`), the end as an :class:`Ended`, the seat to move, the table sizes, and
a determinization of what a seat cannot see. Each game's ``kit.py`` seats its engine here,
checked by mypy, and ``tests/core/test_rules_contract.py`` plays random games of every game
of :data:`silverpyr.solver.games.GAMES` through this interface alone.

:func:`play_to_end` plays a game out through these rules alone, each seat's decision asked
of its :class:`Player` and checked before it is applied: the games' ``play_out``.
"""

from __future__ import annotations

from collections.abc import Sequence
from types import UnionType
from typing import Protocol, TypeVar

from .engine import Ended
from .errors import IllegalMove, SilverpyrError
from .rng import SeededStream

S = TypeVar("S")
M = TypeVar("M")
S_in = TypeVar("S_in", contravariant=True)
M_out = TypeVar("M_out", covariant=True)


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
        """``state`` after ``move``; an :class:`~.errors.IllegalMoveError` when it is
        illegal."""
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


class Table(Protocol):
    """What :func:`play_to_end` reads of a state beyond the rules: its seats and its seed."""

    @property
    def players(self) -> int:
        """Seats at the table."""
        ...

    @property
    def seed(self) -> int:
        """The game's seed (named in the errors)."""
        ...


T = TypeVar("T", bound=Table)


class BotError(SilverpyrError, RuntimeError):
    """A game between bots that did not end (a bot or engine bug, never bad input)."""


class Player(Protocol[S_in, M_out]):
    """Whoever makes a seat's decisions."""

    @property
    def name(self) -> str:
        """The player's name (named in the errors)."""
        ...

    def decide(self, state: S_in, seat: int, /) -> M_out:
        """The move of ``seat`` (the seat to move) in ``state``, whatever its phase."""
        ...


def play_to_end(
    rules: Rules[T, M],
    state: T,
    players: Sequence[Player[T, M]],
    *,
    max_moves: int,
    moves: type | UnionType,
) -> tuple[T, tuple[M, ...]]:
    """``state`` played to the end, each seat deciding by its player: the final state and
    every move made. Each move is checked before it is applied, so a player never breaks a
    rule unnoticed: an illegal one, or no move at all (``moves``: the game's move types; an
    outside player may return anything), raises :class:`~.errors.IllegalMove` naming the
    player, the seat and the game. More than ``max_moves`` moves is a :class:`BotError`."""
    if len(players) != state.players:
        raise BotError(f"{len(players)} players for a table of {state.players} seats")
    made: list[M] = []
    seat = rules.to_move(state)
    while seat is not None:
        if len(made) >= max_moves:
            raise BotError(f"the game of seed {state.seed} did not end in {max_moves:,} moves")
        player = players[seat]
        move = player.decide(state, seat)
        if not isinstance(move, moves):
            reason: str | None = f"{move!r} is not a move"
        else:
            reason = rules.why_illegal(state, move)
        if reason is not None:
            where = f"the game of seed {state.seed}: {player.name} (seat {seat + 1})"
            raise IllegalMove(f"{where}: {reason}")
        state = rules.apply_unchecked(state, move)
        made.append(move)
        seat = rules.to_move(state)
    return state, tuple(made)


__all__ = ["BotError", "Ended", "Player", "Rules", "Table", "play_to_end"]
