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

from collections.abc import Sequence

from .cards import Expedition, PyramidCard
from .game import DECK, GameState, Phase, Replacement
from .moves import Move
from .objective import Objective
from .position import CardState, Position


def route_length(card: PyramidCard) -> int:
    """Cells on the card's shortest entrance-to-tomb route."""
    return CardState(card).cells_to_tomb()


GreedyKey = tuple[int, int, int]


def greedy_key(
    before: Position, after: Position, objective: Objective = Objective.POINTS
) -> GreedyKey:
    """How the greedy player ranks the move from ``before`` to ``after`` (higher is better).

    ``points``: the points the move earns at once, then the fewest cells still to mark on
    the closest card, then on all cards. ``sprint``: the cells first, then the points.
    """
    gain = before.gain(after)
    closest, total = after.cells_to_tombs()
    if objective is Objective.POINTS:
        return gain, -closest, -total
    return -closest, -total, gain


def choose_keep(hand: Sequence[PyramidCard]) -> tuple[int, int]:
    """The numbers of the 2 cards of ``hand`` the bot keeps."""
    ranked = sorted(hand, key=lambda card: (route_length(card), card.number))
    return ranked[0].number, ranked[1].number


def choose_move(position: Position, expedition: Expedition, round_number: int) -> Move:
    """The bot's move: the first legal move of the best :func:`greedy_key`."""
    best_move: Move | None = None
    best_key: GreedyKey | None = None
    for move, after in position.successors(expedition, round_number):
        key = greedy_key(position, after)
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
            state = state.take_replacement(choose_replacement(state))
        else:
            state = state.play(bot_moves(state))
    return state


__all__ = [
    "bot_keep_choices",
    "bot_moves",
    "choose_keep",
    "choose_move",
    "choose_replacement",
    "greedy_key",
    "play_bot_game",
    "route_length",
]
