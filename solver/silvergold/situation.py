"""What a player knows in a real game when an expedition card is revealed.

Their cards and sheet, the round, the card just revealed, the cards revealed earlier this
round and the composition of the expedition deck; not the order of the cards to come. The
real-game hints, the state file of ``hint --state`` and ``h`` in ``silverpyr game`` all
work from a :class:`Situation` (a game makes one with :meth:`.GameState.situation`).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from ..core.errors import SilverpyrError
from .cards import Expedition
from .limits import round_count_problem
from .moves import Move
from .position import Position
from .sheet import TURNS_PER_ROUND


class SituationError(SilverpyrError, ValueError):
    """A game situation that cannot happen (cards seen that the deck does not hold, ...)."""


@dataclass(frozen=True)
class Situation:
    """What a player knows when an expedition card is revealed in a real game."""

    position: Position
    round_number: int
    expedition: Expedition
    """The card revealed this turn."""
    seen: tuple[Expedition, ...]
    """Cards revealed earlier this round, in order."""
    deck: tuple[Expedition, ...]
    """Every physical expedition card (kinds repeated by their count)."""

    def __post_init__(self) -> None:
        if len(self.seen) >= TURNS_PER_ROUND:
            raise SituationError(
                f"{len(self.seen)} cards seen before this one: a round has {TURNS_PER_ROUND} turns"
            )
        problem = round_count_problem((*self.seen, self.expedition), self.round_number)
        if problem:
            raise SituationError(problem)

    @property
    def turn(self) -> int:
        """Turn within the round (1-7)."""
        return len(self.seen) + 1

    @property
    def turns_after(self) -> int:
        """Turns left in the round after this one."""
        return TURNS_PER_ROUND - self.turn

    def unseen(self) -> tuple[Expedition, ...]:
        """The cards not revealed yet this round (one of them will stay hidden)."""
        left = Counter(e.name for e in (*self.seen, self.expedition))
        unseen = []
        for card in self.deck:
            if left[card.name]:
                left[card.name] -= 1
            else:
                unseen.append(card)
        return tuple(unseen)

    def legal_moves(self) -> list[Move]:
        """Every legal move for the revealed card."""
        return self.position.legal_moves(self.expedition, self.round_number)
