"""Players of Pyramid of the Sun: the :class:`SunPlayer` protocol, the greedy bot, and a game
played by players from a seed.

A player makes every decision of its seat, whatever the phase (``choose``, ``playing``,
``symbol``, ``drawing``, ``discard``): :meth:`SunPlayer.decide` returns one move, which the
game loop applies through the engine (:func:`~silverpyr.solver.sun.game.apply`), so a bot
can never break a rule unnoticed. The bots here use nothing random; a bot that does must draw
from a :class:`~silverpyr.solver.core.rng.SeededStream` keyed by the game's seed and its seat.

The **greedy** bot plays for points now (the card and slot worth most now, a symbol's points,
the lowest discard); docs/sun-bots.md tells when it draws instead, its ties and its rulings.

The expert lives in :mod:`.expert`; the registry of players by name in
``silverpyr.puzzles.sun.registry``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TypeAlias

from ..core.rules import BotError, Player, play_to_end
from . import game
from .cards import PILES, Deck, PileName
from .game import (
    Discard,
    Draw,
    EndTurn,
    Move,
    Pass,
    Phase,
    Place,
    SunState,
    SymbolDraw,
    TakePoints,
    matching_neighbours,
    new_game,
    placements,
    points_for,
)

MAX_MOVES = 20_000
"""The most moves :func:`play_out` makes before it calls the game stuck (a bug)."""


SunPlayer: TypeAlias = Player[SunState, Move]
"""Whoever makes a seat's decisions: the core's
:class:`~silverpyr.solver.core.rules.Player` over this game's states and moves."""


def _draw_pile(state: SunState) -> PileName | None:
    """The standard pile, else the edge pile, else ``None`` (nothing can be drawn)."""
    for pile in PILES:
        if state.can_draw(pile):
            return pile
    return None


def greedy_placement(state: SunState) -> Place | None:
    """The placement worth most points now (ties: lower card id, then lower slot)."""
    best: Place | None = None
    best_key: tuple[int, int, int, int] | None = None
    for move in placements(state):
        key = (
            points_for(state, move.card, move.slot),
            -move.card,
            -move.slot.level,
            -move.slot.pos,
        )
        if best_key is None or key > best_key:
            best, best_key = move, key
    return best


@dataclass
class GreedyPlayer:
    """Points now, every time (see the module docstring)."""

    name: str = "greedy"

    def decide(self, state: SunState, seat: int) -> Move:
        phase = state.phase
        if phase in (Phase.CHOOSE, Phase.PLAYING):
            place = greedy_placement(state)
            if place is not None and points_for(state, place.card, place.slot) > 0:
                return place
            if phase is Phase.PLAYING:
                return EndTurn()
            pile = _draw_pile(state)
            if pile is not None:
                return Draw(pile)
            return place if place is not None else Pass()
        if phase is Phase.SYMBOL:
            slot = state.pending
            card = None if slot is None else state.pyramid.card_at(slot)
            matches = 0 if slot is None or card is None else matching_neighbours(state, card, slot)
            if matches <= 1 and len(state.hand) <= 1 and state.can_draw("standard"):
                return SymbolDraw("standard")
            return TakePoints()
        if phase is Phase.DRAWING:
            pile = _draw_pile(state)
            if pile is None:  # the engine ends a draw it cannot finish; never asked
                raise BotError("asked for a second card that cannot be drawn")
            return Draw(pile)
        if phase is Phase.DISCARD:
            deck = state.deck
            return Discard(min(state.hand, key=lambda card: (deck[card].value, card)))
        raise BotError(f"no decision in phase {phase}")


def play_out(
    state: SunState, players: Sequence[SunPlayer], *, max_moves: int = MAX_MOVES
) -> tuple[SunState, tuple[Move, ...]]:
    """``state`` played to the end, each seat deciding by its player; the final state and
    every move made (each applied through the engine, so an illegal one raises)."""
    return play_to_end(game, state, players, max_moves=max_moves, moves=Move)


def play_game(
    deck: Deck, players: Sequence[SunPlayer], size: str, seed: int
) -> tuple[SunState, tuple[Move, ...]]:
    """The game of ``seed`` on a pyramid of ``size``, one seat per player, played to the end:
    the final state and every move."""
    return play_out(new_game(deck, len(players), size, seed), players)


__all__ = [
    "MAX_MOVES",
    "BotError",
    "GreedyPlayer",
    "SunPlayer",
    "greedy_placement",
    "play_game",
    "play_out",
]
