"""A bot whose every move is checked against the engine's legal moves first, for the Sun's
and Cheops's bot tests: each game's subclass names its engine's ``legal_moves``."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from typing import Any


@dataclass
class CheckedPlayer:
    """A player whose every move is checked against the engine's legal moves first."""

    player: Any
    name: str = "checked"

    def legal(self, state: Any) -> Collection[Any]:
        """The engine's legal moves in ``state`` (the game's subclass says whose)."""
        raise NotImplementedError

    def decide(self, state: Any, seat: int) -> Any:
        assert seat == state.turn
        move = self.player.decide(state, seat)
        assert move in self.legal(state), (state.phase, move)
        return move
