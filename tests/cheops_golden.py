"""The Cheops trainer's golden puzzles (``tests/cheops/data/trainer_puzzles.json``, written
by the generator; the slow tests make them again and compare the bytes), and the store's
cache filled with them as the commands would have filled it: a test that plays one through
the CLI then waits for no generation (seconds a puzzle), only for the par proof on reading."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from silverpyr.cli.cheops import puzzle_cmd
from silverpyr.puzzles.core.store import Store
from silverpyr.solver.cheops.components import load_components

COMPONENTS = load_components()
GOLDEN = Path(__file__).parent / "cheops" / "data" / "trainer_puzzles.json"
DATA: dict[str, dict[str, Any]] = json.loads(GOLDEN.read_text())


def cache_golden_puzzles() -> None:
    """Put every golden puzzle in the cache of the store at ``SILVERPYR_HOME``."""
    with Store.open_default(game="cheops") as store:
        for name, data in DATA.items():
            store.cache_puzzle(puzzle_cmd.cache_key(COMPONENTS, name), data)
