"""Players that make every decision of a game, and a game played by them from a seed.

A :class:`Player` decides the three things a player decides (docs/silvergold-rules.md):
which 2 of the 4 dealt cards to keep, which mark to make each turn, and where a
replacement comes from.
The built-in players are ``greedy`` (:mod:`.bots`) and ``expert`` (:mod:`.expert`);
the one registry of players by name (``silverpyr.puzzles.silvergold.realgame.registry``) adds
``hint``,
which plays by the real-game hints of the floor above. :func:`play_game` plays a dealt game to the
end, seat by seat.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from . import bots
from .cards import Deck
from .expert import Expert, expert_ranking
from .game import GameState, Outcome, Phase, Replacement, deal
from .moves import Move


class Player(Protocol):
    """Whoever makes a seat's decisions."""

    name: str

    def keep(self, state: GameState, player: int) -> tuple[int, int]: ...

    def move(self, state: GameState, player: int) -> Move: ...

    def replacement(self, state: GameState) -> Replacement: ...

    def predicted(self, state: GameState, player: int) -> float | None:
        """The player's own forecast of its final score now (``None`` if it makes none)."""
        ...


@dataclass
class GreedyPlayer:
    """The greedy bot of :mod:`.bots` (shortest routes, best immediate points)."""

    name: str = "greedy"

    def keep(self, state: GameState, player: int) -> tuple[int, int]:
        return bots.choose_keep(state.players[player].dealt)

    def move(self, state: GameState, player: int) -> Move:
        return bots.choose_move(state.position(player), state.expedition, state.round_number)

    def replacement(self, state: GameState) -> Replacement:
        return bots.choose_replacement(state)

    def predicted(self, state: GameState, player: int) -> float | None:
        return None


@dataclass
class ExpertPlayer:
    """The expert of :mod:`.expert`."""

    name: str = "expert"
    expert: Expert = field(default_factory=Expert)

    def keep(self, state: GameState, player: int) -> tuple[int, int]:
        return self.expert.choose_keep(state, player)

    def move(self, state: GameState, player: int) -> Move:
        return self.expert.choose_move(state, player)

    def replacement(self, state: GameState) -> Replacement:
        return self.expert.choose_replacement(state)

    def predicted(self, state: GameState, player: int) -> float | None:
        if state.phase is Phase.OVER:
            return None
        if state.phase is Phase.REPLACE and state.replacing_player != player:
            return None
        return expert_ranking(state, player, self.expert)[0].predicted


@dataclass
class Seated:
    """A different player at each seat, as one :class:`Player`: it decides for a seat by
    that seat's player (``seats``: seat -> player). It stands for the other seats of a
    table whose bots are not all the same (``game --opponents greedy,expert``)."""

    seats: Mapping[int, Player]
    name: str = field(init=False)
    """The players' names in seat order, comma-separated (``greedy,expert``)."""

    def __post_init__(self) -> None:
        self.name = ",".join(self.seats[seat].name for seat in sorted(self.seats))

    def keep(self, state: GameState, player: int) -> tuple[int, int]:
        return self.seats[player].keep(state, player)

    def move(self, state: GameState, player: int) -> Move:
        return self.seats[player].move(state, player)

    def replacement(self, state: GameState) -> Replacement:
        seat = state.replacing_player
        assert seat is not None
        return self.seats[seat].replacement(state)

    def predicted(self, state: GameState, player: int) -> float | None:
        return self.seats[player].predicted(state, player)


@dataclass(frozen=True)
class PlayedGame:
    """A finished game: the outcome and each seat's first forecast of its final score."""

    outcome: Outcome
    forecasts: tuple[float | None, ...]
    """Each seat's predicted final score at its keep decision (``None``: no forecast)."""


def play_game(deck: Deck, seed: int, players: Sequence[Player]) -> PlayedGame:
    """Deal the game of ``seed`` for ``len(players)`` seats and play it to the end."""
    state = deal(deck, len(players), seed)
    forecasts = tuple(p.predicted(state, seat) for seat, p in enumerate(players))
    return PlayedGame(play_out(state, players).outcome(), forecasts)


Choice = tuple[int, int] | Move | Replacement
"""A keep (two card numbers), a mark, or a replacement."""


def decide(player: Player, state: GameState, seat: int) -> Choice:
    """``player``'s choice for ``seat`` in the decision ``state`` waits for."""
    if state.phase is Phase.KEEP:
        return player.keep(state, seat)
    if state.phase is Phase.REPLACE:
        return player.replacement(state)
    return player.move(state, seat)


def step(state: GameState, players: Sequence[Player]) -> GameState:
    """One decision of the table, every seat deciding by its player: everyone keeps, or
    everyone marks, or the replacement now due is taken."""
    if state.phase is Phase.REPLACE:
        seat = state.replacing_player
        assert seat is not None
        return state.take_replacement(players[seat].replacement(state))
    if state.phase is Phase.KEEP:
        return state.keep([p.keep(state, seat) for seat, p in enumerate(players)])
    return state.play([p.move(state, seat) for seat, p in enumerate(players)])


def play_out(state: GameState, players: Sequence[Player]) -> GameState:
    """Play ``state`` to the end of the game, every seat deciding by its player."""
    while not state.is_over():
        state = step(state, players)
    return state


def with_choice(
    state: GameState, player: int, choice: object, players: Sequence[Player]
) -> GameState:
    """``state`` after ``player``'s ``choice`` for the decision it waits for.

    ``choice`` is two card numbers (keep), a :class:`~.moves.Move` (mark) or a
    :class:`~.game.Replacement`; in keep and mark, where everyone decides at once, the other
    seats decide by ``players[seat]``.
    """
    seats = range(len(state.players))
    if state.phase is Phase.KEEP:
        assert isinstance(choice, tuple)
        return state.keep([choice if s == player else players[s].keep(state, s) for s in seats])
    if state.phase is Phase.REPLACE:
        assert isinstance(choice, Replacement)
        return state.take_replacement(choice)
    assert isinstance(choice, Move)
    return state.play([choice if s == player else players[s].move(state, s) for s in seats])
