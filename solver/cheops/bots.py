"""Players of Cheops: the :class:`CheopsPlayer` protocol, the greedy bot, and games played by
players from a seed.

A player makes every decision of its seat, whatever the phase (``START``, ``SELL``, ``LAW``,
``SECOND``, ``DRAW``): :meth:`CheopsPlayer.decide` returns one move, which the game loop
applies through the engine (:func:`~silverpyr.solver.cheops.game.apply`), so a bot can never
break a rule unnoticed. A player decides from what its seat may know: the public state and
:meth:`CheopsState.view` (Ruling C13).

The **greedy** bot: each decision, the legal move with the most :func:`margin` right after it
(the seat's ``final_money`` less the most any other seat would have), ties to the first in
the engine's order of :func:`legal_moves`. The **yardsticks** the components are measured
against: :class:`MarketRulePlayer` (``always-sell``, ``always-store``: one rule for every
treasure, greedy otherwise) and :class:`RandomPlayer` (uniform over the legal moves, seeded
by public facts). docs/cheops-bots.md tells them, why greedy weighs the margin (the rising
market) and why it never depends on a hidden law.

The expert lives in :mod:`.expert`; the registry of players by name in
``silverpyr.puzzles.cheops.registry``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from ..core.montecarlo import margin
from ..core.rng import SeededStream
from ..core.rules import BotError, Player, play_to_end
from . import game
from .components import Components
from .game import (
    CheopsState,
    Move,
    Phase,
    Sell,
    Store,
    final_money,
    final_money_after,
    keeps_final_money,
    legal_moves,
    new_game,
)

MAX_MOVES = 5_000
"""The most moves :func:`play_out` makes before it calls the game stuck (a bug): 66 spaces,
each taken once, at most a handful of moves a take."""


CheopsPlayer: TypeAlias = Player[CheopsState, Move]
"""Whoever makes a seat's decisions, from what the seat may know: the core's
:class:`~silverpyr.solver.core.rules.Player` over this game's states and moves."""


def greedy_move(state: CheopsState, seat: int) -> Move:
    """The legal move after which ``seat``'s :func:`margin` is highest (ties: the first in
    :func:`legal_moves`' order)."""
    moves = legal_moves(state)
    if not moves:
        raise BotError(f"no legal move for seat {seat} in phase {state.phase}")
    if all(keeps_final_money(move) for move in moves):  # a draw phase, often: all tie
        return moves[0]
    margins = margins_after(state, moves, seat)
    return moves[max(range(len(moves)), key=margins.__getitem__)]  # max: the first of the best


def margins_after(state: CheopsState, moves: Sequence[Move], seat: int) -> list[int]:
    """Each move's :func:`margin` for ``seat`` right after it,
    ``margin(final_money(apply_unchecked(state, move)), seat)``; a move that
    :func:`~silverpyr.solver.cheops.game.keeps_final_money` is not applied (its margin is the
    state's own: most moves are takes), the others are scored by
    :func:`~silverpyr.solver.cheops.game.final_money_after`: greedy's play-outs are several
    times faster (issue 34)."""
    now: int | None = None
    result: list[int] = []
    for move in moves:
        if keeps_final_money(move):
            if now is None:
                now = margin(final_money(state), seat)
            result.append(now)
        else:
            result.append(margin(final_money_after(state, move), seat))
    return result


@dataclass
class GreedyPlayer:
    """The most margin right after each move (see the module docstring)."""

    name: str = "greedy"

    def decide(self, state: CheopsState, seat: int) -> Move:
        return greedy_move(state, seat)


@dataclass
class MarketRulePlayer:
    """A one-rule market: every treasure sold (``sell=True``) or stored (``sell=False``)
    whenever the rules allow it, the other when they do not; every other decision greedy's.
    The yardsticks the components are measured against (docs/cheops-components.md): a market
    where one rule wins is not a market."""

    name: str = "always-sell"
    sell: bool = True

    def decide(self, state: CheopsState, seat: int) -> Move:
        if state.phase is Phase.SELL:
            moves = legal_moves(state)
            wanted: Move = Sell() if self.sell else Store()
            return wanted if wanted in moves else moves[0]
        return greedy_move(state, seat)


def _public_key(state: CheopsState, seat: int) -> str:
    """What every seat sees of the pyramid (each law face down as ``?``), the events so far
    and the seat: a key for a seeded choice that reveals nothing hidden."""
    cells = ",".join("?" if isinstance(cell, int) else str(cell) for cell in state.cells)
    return f"{cells}|{len(state.events)}|{state.turn}|{seat}"


@dataclass
class RandomPlayer:
    """Uniform over the legal moves, seeded: each choice is drawn from a stream keyed by
    ``seed`` and the public facts of the position (:func:`_public_key`), so a game replays
    alike and the choice never depends on what the seat cannot see."""

    name: str = "random"
    seed: int = 0

    def decide(self, state: CheopsState, seat: int) -> Move:
        moves = legal_moves(state)
        if not moves:
            raise BotError(f"no legal move for seat {seat} in phase {state.phase}")
        stream = SeededStream(f"cheops-random|{self.seed}|{_public_key(state, seat)}")
        return stream.choice(moves)


def play_out(
    state: CheopsState, players: Sequence[CheopsPlayer], *, max_moves: int = MAX_MOVES
) -> tuple[CheopsState, tuple[Move, ...]]:
    """``state`` played to the end, each seat deciding by its player; the final state and
    every move made (each applied through the engine, so an illegal one raises)."""
    return play_to_end(game, state, players, max_moves=max_moves, moves=Move)


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
    "MarketRulePlayer",
    "RandomPlayer",
    "greedy_move",
    "margin",
    "margins_after",
    "play_game",
    "play_out",
]
