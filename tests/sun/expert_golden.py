"""The expert's decisions on fixed games and positions, recorded once (``python -m
tests.sun.expert_golden`` rewrites ``data/expert_golden.json``): refactoring the expert's
values must not change a single decision."""

from __future__ import annotations

import json
from pathlib import Path

from silverpyr.solver.sun.bots import GreedyPlayer, SunPlayer, play_game
from silverpyr.solver.sun.cards import load_deck
from silverpyr.solver.sun.expert import ExpertPlayer
from silverpyr.solver.sun.game import random_game

GOLDEN = Path(__file__).parent / "data" / "expert_golden.json"
GAMES = (  # seed, seats ("e" expert, "g" greedy), size
    (11, "ee", "short"),
    (12, "eg", "standard"),
    (13, "eee", "standard"),
    (14, "geg", "long"),
    (15, "eeee", "short"),
    (16, "eegge", "standard"),
)
POSITIONS = (21, 22, 23)
"""Seeds of random games: the expert's decision in every state of each (every phase)."""


def _players(seats: str) -> list[SunPlayer]:
    return [ExpertPlayer() if s == "e" else GreedyPlayer() for s in seats]


def recorded() -> dict[str, list[str]]:
    """Every game's moves and every position's decision, in notation."""
    deck = load_deck()
    found: dict[str, list[str]] = {}
    for seed, seats, size in GAMES:
        _, moves = play_game(deck, _players(seats), size, seed)
        found[f"game {seed} {seats} {size}"] = [move.notation(deck) for move in moves]
    expert = ExpertPlayer()
    for seed in POSITIONS:
        states = [state for state in random_game(seed, 3, deck=deck) if not state.over]
        found[f"positions {seed}"] = [
            expert.decide(state, state.turn).notation(deck) for state in states
        ]
    return found


if __name__ == "__main__":
    GOLDEN.write_text(json.dumps(recorded(), indent=0) + "\n")
