"""An import-linter contract type for the games on the floors: every game's code imports only
its own game (on any floor), the cores and the floors' top modules (the registry); the cores
import no game and not their own floor's top modules; a top module imports no game; and a
floor holds nothing but its core, its games and the top modules named in ``top_modules``.

The games are found, not listed: on each floor (a container), every child package but the
core is a game. So a new game is covered the day its packages appear, with no edit to the
contract, and a module put beside them on a floor is refused. With direct imports so
bounded, no chain of imports can lead from one game to another either. Registered in
``pyproject.toml`` (``contract_types``), found as ``tools.games_contract`` from the checkout,
as ``tools.engines_contract`` is.
"""

from __future__ import annotations

from typing import Any

from importlinter import ContractCheck, fields

from tools.listed_contract import ListedContract


class GamesContract(ListedContract):
    """Games import no other game; the core imports no game (direct imports, every floor)."""

    type_name = "games"

    containers = fields.ListField(subfield=fields.StringField())
    """The floors (``silverpyr.solver``, ...)."""
    core = fields.StringField()
    """The name of each floor's game-free package (``core``). A floor's own top modules (the
    registry, ``solver/games.py``) belong to no game: any game may import them."""
    top_modules = fields.ListField(subfield=fields.StringField(), required=False)
    """The modules a floor may hold beside its core and its games (``games``)."""

    def check(self, graph: Any, verbose: bool) -> ContractCheck:
        floors = [str(name) for name in self.containers]  # type: ignore[attr-defined]
        core = str(self.core)  # type: ignore[attr-defined]

        def owner(module: str) -> str | None:
            """The game (its package's last name) or ``core`` that ``module`` belongs to;
            ``None`` outside the floors' packages (a floor's own top modules)."""
            for floor in floors:
                if module.startswith(floor + "."):
                    part = module[len(floor) + 1 :].split(".")[0]
                    child = f"{floor}.{part}"
                    if graph.find_children(child) or part == core:
                        return part
            return None

        def _floor(module: str) -> str | None:
            return next((f for f in floors if module.startswith(f + ".")), None)

        tops = {str(name) for name in (self.top_modules or [])}  # type: ignore[attr-defined]

        def top(module: str) -> bool:
            """Whether ``module`` is a floor's own top module (not the floor itself)."""
            return any(module.startswith(floor + ".") for floor in floors) and (
                owner(module) is None
            )

        broken = []
        for floor in floors:
            for child in sorted(graph.find_children(floor)):
                if owner(child) is None and child.rsplit(".", 1)[1] not in tops:
                    broken.append(f"{child} sits on {floor} outside its core and its games")
        for module in sorted(graph.modules):
            mine = owner(module)
            if mine is None and not top(module):
                continue
            for imported in sorted(graph.find_modules_directly_imported_by(module)):
                theirs = owner(imported)
                if mine is None:  # a top module: the core and other top modules only
                    if theirs is None or theirs == core:
                        continue
                    what = "a floor's top module"
                elif theirs is None:
                    if mine != core or not top(imported) or _floor(imported) != _floor(module):
                        continue
                    what = "the core"
                elif theirs in (core, mine):
                    continue
                else:
                    what = "the core" if mine == core else f"the game {mine}"
                where = self.at(graph, module, imported)
                broken.append(f"{module} ({what}) imports {imported} (line {where})")
        return self.result(broken)
