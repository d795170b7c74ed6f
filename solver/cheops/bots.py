"""Players of Cheops: the :class:`CheopsPlayer` protocol, the greedy bot, and games played by
players from a seed.

A player makes every decision of its seat, whatever the phase (``START``, ``SELL``, ``LAW``,
``SECOND``, ``DRAW``): :meth:`CheopsPlayer.decide` returns one move, which the game loop
applies through the engine (:func:`~silverpyr.solver.cheops.game.apply`), so a bot can never
break a rule unnoticed. A player decides from what its seat may know: the public state and
:meth:`CheopsState.view` (the laws on the eyes, the unused laws and the stacks below their
tops are hidden, Ruling C13). The greedy bot uses nothing hidden: it only compares the legal
moves by :func:`~silverpyr.solver.cheops.game.final_money` right after each, and no move it
compares reveals a hidden law (taking an eye changes no money until the law is carried out,
which is the next decision).

The **greedy** bot (docs/cheops-bots.md): each decision, the legal move with the most
``final_money(after)[seat]`` (what the seat would have if the game ended right after the
move), ties to the first in the engine's order of :func:`legal_moves` (deterministic). So it
stores a treasure worth more than the market price and sells otherwise, never buys a
neighbour (it costs 20 now), pays law 9 only when a treasure is worth more than 25 at the
end, and takes the first space the engine lists.

The expert lives in :mod:`.expert`; the registry of players by name in
``silverpyr.puzzles.cheops.registry``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..errors import SilverpyrError
from .components import Components
from .game import (
    CheopsState,
    Move,
    Phase,
    apply,
    apply_unchecked,
    final_money,
    legal_moves,
    new_game,
)

MAX_MOVES = 5_000
"""The most moves :func:`play_out` makes before it calls the game stuck (a bug): 66 spaces,
each taken once, at most a handful of moves a take."""


class BotError(SilverpyrError, RuntimeError):
    """A game between bots that did not end (a bot or engine bug, never bad input)."""


class CheopsPlayer(Protocol):
    """Whoever makes a seat's decisions, from what the seat may know."""

    name: str

    def decide(self, state: CheopsState, seat: int) -> Move:
        """The move of ``seat`` (the seat to move) in ``state``, whatever its phase."""
        ...


def greedy_move(state: CheopsState, seat: int) -> Move:
    """The legal move after which ``seat``'s :func:`final_money` is highest (ties: the first
    in :func:`legal_moves`' order)."""
    moves = legal_moves(state)
    if not moves:
        raise BotError(f"no legal move for seat {seat} in phase {state.phase}")
    best = moves[0]
    best_money: int | None = None
    for move in moves:
        money = final_money(apply_unchecked(state, move))[seat]
        if best_money is None or money > best_money:
            best, best_money = move, money
    return best


@dataclass
class GreedyPlayer:
    """The most final money right after each move (see the module docstring)."""

    name: str = "greedy"

    def decide(self, state: CheopsState, seat: int) -> Move:
        return greedy_move(state, seat)


def play_out(
    state: CheopsState, players: Sequence[CheopsPlayer], *, max_moves: int = MAX_MOVES
) -> tuple[CheopsState, tuple[Move, ...]]:
    """``state`` played to the end, each seat deciding by its player; the final state and
    every move made (each applied through the engine, so an illegal one raises)."""
    if len(players) != state.players:
        raise BotError(f"{len(players)} players for a table of {state.players} seats")
    moves: list[Move] = []
    while state.phase is not Phase.OVER:
        if len(moves) >= max_moves:
            raise BotError(f"the game of seed {state.seed} did not end in {max_moves:,} moves")
        seat = state.turn
        move = players[seat].decide(state, seat)
        state = apply(state, move)
        moves.append(move)
    return state, tuple(moves)


def play_game(
    components: Components, players: Sequence[CheopsPlayer], seed: int
) -> tuple[CheopsState, tuple[Move, ...]]:
    """The game of ``seed``, one seat per player (2 to 5), played to the end: the final state
    and every move."""
    return play_out(new_game(components, len(players), seed), players)


__all__ = [
    "MAX_MOVES",
    "BotError",
    "CheopsPlayer",
    "GreedyPlayer",
    "greedy_move",
    "play_game",
    "play_out",
]
