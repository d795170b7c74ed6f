"""The Cheops trainer's golden puzzles (``tests/cheops/data/trainer_puzzles.json``, written
by the generator; the slow tests make them again and compare the bytes), and the store's
cache filled with them as the commands would have filled it: a test that plays one through
the CLI then waits for no generation (seconds a puzzle), only for the par proof on reading;
and a puzzle's best line, to play it through."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from silverpyr.cli.cheops import puzzle_cmd
from silverpyr.puzzles.cheops.puzzle import CheopsPuzzle
from silverpyr.puzzles.cheops.values import EndgameValues
from silverpyr.puzzles.core.store import Store
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.game import apply

COMPONENTS = load_components()
GOLDEN = Path(__file__).parent / "cheops" / "data" / "trainer_puzzles.json"
DATA: dict[str, dict[str, Any]] = json.loads(GOLDEN.read_text())


def cache_golden_puzzles() -> None:
    """Put every golden puzzle in the cache of the store at ``SILVERPYR_HOME``."""
    with Store.open_default(game="cheops") as store:
        for name, data in DATA.items():
            store.cache_puzzle(puzzle_cmd.cache_key(COMPONENTS, name), data)


def best_line(p: CheopsPuzzle) -> list[str]:
    """The puzzle's best line by the endgame values, as notation, to the end of the turn."""
    values = EndgameValues(p.seat, p.objective)
    state = p.start()
    moves = []
    while not values.turn_over(state):
        move = values.best_move(state)
        assert move is not None
        moves.append(move.notation())
        state = apply(state, move)
    return moves
