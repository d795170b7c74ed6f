"""The limits every input is held to, one rule per concept, shared by ``solve``, ``hint``,
puzzle files and state files.

* A hand holds one or two different cards (:data:`MAX_CARDS_IN_PLAY`):
  docs/silvergold-rules.md, Setting up.
* A round reveals each expedition kind at most as often as the deck holds it (a round
  reveals 7 of the 8 cards, so ``I3`` at most twice with the standard deck).

Each check returns the problem in words (``None`` when there is none); the caller adds
where the input came from (an option, a file and key) and raises its own error.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

from .cards import Expedition
from .sheet import turn_at

MAX_CARDS_IN_PLAY = 2
"""Cards a player holds in play at once."""


def hand_problem(numbers: Sequence[int]) -> str | None:
    """What is wrong with a hand of the card ``numbers`` (``None``: one or two different)."""
    if not numbers:
        return "no card: give one card, or two for a hand of two"
    if len(numbers) > MAX_CARDS_IN_PLAY:
        return f"a hand holds at most {MAX_CARDS_IN_PLAY} cards, not {len(numbers)}"
    repeated = [number for number, times in Counter(numbers).items() if times > 1]
    if repeated:
        return f"card {repeated[0]} is named twice"
    return None


def round_count_problem(
    order: Sequence[Expedition], first_round: int = 1, first_turn_in_round: int = 1
) -> str | None:
    """What is wrong with an order of expedition cards starting at ``first_round``, turn
    ``first_turn_in_round``: a round in which a kind comes more often than the deck holds
    it (``Expedition.count``). ``None`` when every round is possible."""
    per_round: dict[int, Counter[str]] = {}
    kinds: dict[str, Expedition] = {}
    for offset, expedition in enumerate(order):
        round_number, _ = turn_at(first_round, first_turn_in_round, offset)
        per_round.setdefault(round_number, Counter())[expedition.name] += 1
        kinds[expedition.name] = expedition
    for round_number, counts in sorted(per_round.items()):
        for name, times in counts.items():
            held = kinds[name].count
            if times > held:
                copies = f"{held} cop{'y' if held == 1 else 'ies'}"
                return (
                    f"{name} comes {times} times in round {round_number}; the deck holds {copies}"
                )
    return None
