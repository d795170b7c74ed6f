"""An import-linter contract type for the rules engines: each game's engine is self-contained.

A game's **engine** is found, not listed: its ``game`` module (``entry``) and every module of
its game that the engine imports, directly or not. The engine may import only itself, the
solver core's modules named in ``allowed_core`` (pure helpers such as ``rng`` and
``engine``: ``pyproject.toml`` lists them) and the standard library. The games are the
floor's child packages but the core, as in ``tools/games_contract.py``, so a new game is
covered the day its package appears, and a game without a ``game`` module breaks the
contract. Registered in ``pyproject.toml``
(``contract_types``), found as ``tools.engines_contract`` from the checkout.
"""

from __future__ import annotations

import sys
from typing import Any

from importlinter import ContractCheck, fields

from tools.listed_contract import ListedContract


class EnginesContract(ListedContract):
    """Every game's engine imports only itself, the allowed core modules and the standard
    library (direct imports)."""

    type_name = "engines"

    floor = fields.StringField()
    """The floor whose child packages are the games (``silverpyr.solver``)."""
    core = fields.StringField()
    """The floor's game-free package (``core``): not a game."""
    entry = fields.StringField()
    """Each game's engine module (``game``), where its engine starts."""
    allowed_core = fields.ListField(subfield=fields.StringField())
    """The core's modules an engine may import (``rng``, ...)."""

    def check(self, graph: Any, verbose: bool) -> ContractCheck:
        floor, core = str(self.floor), str(self.core)  # type: ignore[attr-defined]
        entry = str(self.entry)  # type: ignore[attr-defined]
        allowed = {f"{floor}.{core}.{name}" for name in self.allowed_core}  # type: ignore[attr-defined]
        roots = {floor.split(".")[0]}
        broken: list[str] = []
        games = sorted(
            child
            for child in graph.find_children(floor)
            if child != f"{floor}.{core}" and graph.find_children(child)
        )
        for game in games:
            start = f"{game}.{entry}"
            if start not in graph.modules:
                broken.append(f"{game} has no engine module {start}")
                continue
            for module, imported in _engine_imports(graph, game, start):
                if imported.startswith(game + ".") or imported in allowed:
                    continue
                top = imported.split(".")[0]
                if top not in roots and top in sys.stdlib_module_names:
                    continue
                where = self.at(graph, module, imported)
                broken.append(f"{module} (the engine of {game}) imports {imported} (line {where})")
        return self.result(broken)


def _engine_imports(graph: Any, game: str, start: str) -> list[tuple[str, str]]:
    """Every direct import of the engine's modules: ``start`` and the modules of ``game`` it
    reaches through imports inside ``game``, as (importer, imported) pairs."""
    seen = {start}
    todo = [start]
    found: list[tuple[str, str]] = []
    while todo:
        module = todo.pop()
        for imported in sorted(graph.find_modules_directly_imported_by(module)):
            found.append((module, imported))
            if imported.startswith(game + ".") and imported not in seen:
                seen.add(imported)
                todo.append(imported)
    return sorted(found)
