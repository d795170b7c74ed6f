"""A simple, deterministic greedy bot for the multi-player game.

* **Keep:** the 2 dealt cards with the shortest entrance-to-tomb route (fewest cells),
  lower card number first on a tie.
* **Move:** among :meth:`.Position.legal_moves` (in their fixed order), the move with the
  best immediate sheet change, scored like a puzzle (10 per card completed, the change in
  gem points and skull penalty, 5 for a new torch box); ties go to the move that leaves the
  fewest cells still to mark on the closest card, then on all cards; then the first move.
* **Replacement:** the offer card with the shortest route (lower number on a tie); the
  deck top only when the offer is empty.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence

from .cards import Expedition, PyramidCard
from .cells import NEIGHBOURS
from .game import DECK, GameState, Phase, Replacement
from .moves import Move
from .position import CardState, Position
from .sheet import puzzle_score


def cells_to_tomb(state: CardState) -> int:
    """Fewest unmarked cells still to mark to connect the card's marks to its tomb.

    Counts the entrance on an unmarked card, so a fresh card gives its shortest route
    length; a complete card gives 0. Walls block; marked cells are free to cross.
    """
    if state.is_complete():
        return 0
    room = state.room
    open_mask = room.open_mask
    marked = state.marked

    def cost(cell: int) -> int:
        return 0 if marked >> cell & 1 else 1

    start = room.entrance
    best = {start: cost(start)}
    queue: deque[int] = deque([start])
    while queue:
        cell = queue.popleft()
        for neighbour in NEIGHBOURS[cell]:
            if not open_mask >> neighbour & 1:
                continue
            distance = best[cell] + cost(neighbour)
            if distance < best.get(neighbour, distance + 1):
                best[neighbour] = distance
                if cost(neighbour):
                    queue.append(neighbour)
                else:
                    queue.appendleft(neighbour)
    return best[room.tomb]


def route_length(card: PyramidCard) -> int:
    """Cells on the card's shortest entrance-to-tomb route."""
    return cells_to_tomb(CardState(card))


def choose_keep(hand: Sequence[PyramidCard]) -> tuple[int, int]:
    """The numbers of the 2 cards of ``hand`` the bot keeps."""
    ranked = sorted(hand, key=lambda card: (route_length(card), card.number))
    return ranked[0].number, ranked[1].number


def _progress(position: Position) -> tuple[int, int]:
    remaining = [cells_to_tomb(state) for state in position.in_play()]
    return (min(remaining, default=0), sum(remaining))


def choose_move(position: Position, expedition: Expedition, round_number: int) -> Move:
    """The bot's move: best immediate sheet change, then progress toward a tomb."""
    base = puzzle_score(position.sheet, position.sheet).total
    best_move: Move | None = None
    best_key: tuple[int, int, int] | None = None
    for move in position.legal_moves(expedition, round_number):
        after = position.push(move, expedition, round_number)
        gain = puzzle_score(position.sheet, after.sheet).total - base
        closest, total = _progress(after)
        key = (gain, -closest, -total)
        if best_key is None or key > best_key:
            best_move, best_key = move, key
    assert best_move is not None  # legal_moves always holds at least a pass
    return best_move


def choose_replacement(state: GameState) -> Replacement:
    """The bot's replacement: the offer card with the shortest route, else the deck top."""
    options = [option for option in state.replacement_options() if option.slot is not None]
    if not options:
        return DECK
    return min(
        options,
        key=lambda option: (
            route_length(state.offer[option.slot or 0]),
            state.offer[option.slot or 0].number,
        ),
    )


def bot_keep_choices(state: GameState) -> list[tuple[int, int]]:
    """Every player's keep choice by the bot rule."""
    return [choose_keep(player.dealt) for player in state.players]


def bot_moves(state: GameState) -> list[Move]:
    """Every player's move by the bot rule."""
    return [
        choose_move(player.position, state.expedition, state.round_number)
        for player in state.players
    ]


def play_bot_game(deck_state: GameState) -> GameState:
    """Play a dealt game (phase ``KEEP``) to the end with every seat a bot."""
    state = deck_state.keep(bot_keep_choices(deck_state))
    while not state.is_over():
        if state.phase is Phase.REPLACE:
            state = state.replace(choose_replacement(state))
        else:
            state = state.play(bot_moves(state))
    return state


__all__ = [
    "bot_keep_choices",
    "bot_moves",
    "cells_to_tomb",
    "choose_keep",
    "choose_move",
    "choose_replacement",
    "play_bot_game",
    "route_length",
]
