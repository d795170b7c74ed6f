"""The import contracts of our own (``tools/engines_contract.py``, ``tools/wing_contract.py``)
find their modules by pattern: they are checked here on small made-up graphs, each rule once
kept and once broken, and a new game or module covered with no edit."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import grimp

ROOT = Path(__file__).resolve().parents[2]


def _tool(name: str) -> ModuleType:
    """``tools/<name>.py`` as ``lint-imports`` finds it: ``tools.<name>`` from the checkout."""
    sys.path.insert(0, str(ROOT))
    try:
        return importlib.import_module(f"tools.{name}")
    finally:
        sys.path.remove(str(ROOT))


ENGINES = _tool("engines_contract").EnginesContract
WING = _tool("wing_contract").WingContract


def _graph(imports: dict[str, list[str]]) -> Any:
    graph = grimp.ImportGraph()
    for module, targets in imports.items():
        graph.add_module(module)
        for target in targets:
            graph.add_module(target)
            graph.add_import(importer=module, imported=target, line_number=1, line_contents="")
    return graph


def _engines(graph: Any) -> list[str]:
    contract = ENGINES(
        "engines",
        {"root_packages": ["pkg"]},
        {"floor": "pkg.solver", "core": "core", "entry": "game", "allowed_core": ["rng"]},
    )
    check = contract.check(graph, verbose=False)
    assert check.kept == (not check.metadata["broken"])
    return list(check.metadata["broken"])


def _wing(graph: Any) -> list[str]:
    contract = WING(
        "wing", {"root_packages": ["pkg"]}, {"package": "pkg.games.one", "wing": "real"}
    )
    check = contract.check(graph, verbose=False)
    assert check.kept == (not check.metadata["broken"])
    return list(check.metadata["broken"])


SOUND = {
    "pkg": [],
    "pkg.solver": [],
    "pkg.solver.core": [],
    "pkg.solver.core.rng": [],
    "pkg.solver.core.search": [],
    "pkg.solver.one": [],
    "pkg.solver.one.game": ["pkg.solver.one.cards", "pkg.solver.core.rng", "math"],
    "pkg.solver.one.cards": ["fractions"],
    "pkg.solver.one.bots": ["pkg.solver.one.game", "pkg.solver.core.search"],
    "pkg.solver.two": [],
    "pkg.solver.two.game": [],
}


def test_engines_that_import_themselves_and_the_allowed_core_keep_it() -> None:
    # bots is not the engine (game does not import it): it may use the rest of the core
    assert _engines(_graph(SOUND)) == []


def test_an_engine_module_reached_through_another_is_checked_too() -> None:
    broken = _engines(_graph({**SOUND, "pkg.solver.one.cards": ["pkg.solver.core.search"]}))
    assert broken == [
        "pkg.solver.one.cards (the engine of pkg.solver.one) imports pkg.solver.core.search "
        "(line 1)"
    ]


def test_an_engine_may_not_import_another_game_or_a_package_from_outside() -> None:
    graph = _graph({**SOUND, "pkg.solver.two.game": ["pkg.solver.one.game", "yaml"]})
    assert [line.split(" imports ")[1] for line in _engines(graph)] == [
        "pkg.solver.one.game (line 1)",
        "yaml (line 1)",
    ]


def test_a_new_game_is_covered_and_must_have_an_engine() -> None:
    graph = _graph({**SOUND, "pkg.solver.three": [], "pkg.solver.three.bots": []})
    assert _engines(graph) == ["pkg.solver.three has no engine module pkg.solver.three.game"]


WINGED = {
    "pkg": [],
    "pkg.games": [],
    "pkg.games.one": [],
    "pkg.games.one.puzzle": ["pkg.store"],
    "pkg.games.one.stats": ["pkg.games.one.puzzle"],
    "pkg.games.one.real": [],
    "pkg.games.one.real.play": ["pkg.store"],
    "pkg.store": [],
}


def test_a_wing_and_the_rest_of_its_package_apart_keep_it() -> None:
    assert _wing(_graph(WINGED)) == []


def test_a_direct_import_either_way_breaks_the_wall() -> None:
    graph = _graph({**WINGED, "pkg.games.one.real.play": ["pkg.games.one.stats"]})
    assert _wing(graph) == [
        "pkg.games.one.real.play imports pkg.games.one.stats (line 1) across "
        "pkg.games.one.real's wall"
    ]
    graph = _graph({**WINGED, "pkg.games.one.new": ["pkg.games.one.real.play"]})
    assert len(_wing(graph)) == 1  # a module added later is on the rest's side at once


def test_the_rest_may_not_reach_the_wing_through_another_module_but_the_wing_may() -> None:
    graph = _graph({**WINGED, "pkg.store": ["pkg.games.one.real.play"]})
    assert _wing(graph) == [
        "pkg.games.one.puzzle -> pkg.store -> pkg.games.one.real.play: the rest reaches "
        "pkg.games.one.real",
        "pkg.games.one.stats -> pkg.games.one.puzzle -> pkg.store -> pkg.games.one.real.play: "
        "the rest reaches pkg.games.one.real",
    ]
    graph = _graph({**WINGED, "pkg.store": ["pkg.games.one.stats"]})
    assert _wing(graph) == []  # the wing reaches the rest only through the store: allowed


GAMES = _tool("games_contract").GamesContract

FLOORS = {
    "pkg": [],
    "pkg.solver": [],
    "pkg.solver.games": ["pkg.solver.core.rules"],
    "pkg.solver.core": [],
    "pkg.solver.core.rules": [],
    "pkg.solver.one": [],
    "pkg.solver.one.game": ["pkg.solver.core.rules"],
    "pkg.solver.two": [],
    "pkg.solver.two.game": ["pkg.solver.games"],
    "pkg.cli": [],
    "pkg.cli.core": [],
    "pkg.cli.core.commands": ["pkg.solver.games"],
    "pkg.cli.one": [],
    "pkg.cli.one.app": ["pkg.solver.one.game", "pkg.cli.core.commands"],
}


def _games(graph: Any) -> list[str]:
    contract = GAMES(
        "games",
        {"root_packages": ["pkg"]},
        {"containers": ["pkg.solver", "pkg.cli"], "core": "core", "top_modules": ["games"]},
    )
    check = contract.check(graph, verbose=False)
    assert check.kept == (not check.metadata["broken"])
    return list(check.metadata["broken"])


def test_games_over_their_cores_and_the_registry_keep_it() -> None:
    # a higher floor's core may use a lower floor's registry
    assert _games(_graph(FLOORS)) == []


def test_a_game_importing_another_on_any_floor_breaks_it() -> None:
    graph = _graph({**FLOORS, "pkg.cli.one.app": ["pkg.solver.two.game"]})
    assert _games(graph) == ["pkg.cli.one.app (the game one) imports pkg.solver.two.game (line 1)"]


def test_a_core_may_not_import_a_game_nor_its_own_floors_registry() -> None:
    graph = _graph({**FLOORS, "pkg.solver.core.rules": ["pkg.solver.games", "pkg.solver.one"]})
    assert _games(graph) == [
        "pkg.solver.core.rules (the core) imports pkg.solver.games (line 1)",
        "pkg.solver.core.rules (the core) imports pkg.solver.one (line 1)",
    ]


def test_the_registry_may_not_import_a_game() -> None:
    graph = _graph({**FLOORS, "pkg.solver.games": ["pkg.solver.one.game"]})
    assert _games(graph) == [
        "pkg.solver.games (a floor's top module) imports pkg.solver.one.game (line 1)"
    ]


def test_a_new_game_is_covered_and_a_stray_module_on_a_floor_is_refused() -> None:
    graph = _graph(
        {
            **FLOORS,
            "pkg.cli.three": [],
            "pkg.cli.three.app": ["pkg.cli.one.app"],
            "pkg.cli.util": [],
        }
    )
    assert _games(graph) == [
        "pkg.cli.util sits on pkg.cli outside its core and its games",
        "pkg.cli.three.app (the game three) imports pkg.cli.one.app (line 1)",
    ]
