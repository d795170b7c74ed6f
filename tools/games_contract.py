"""An import-linter contract type for the games on the floors: every game's code imports only
its own game (on any floor), the cores and the floors' top modules (the registry), and
the cores import no game.

The games are found, not listed: on each floor (a container), every child package but the
core is a game. So a new game is covered the day its packages appear, with no edit to the
contract. Registered in ``pyproject.toml`` (``contract_types``), found as
``tools.games_contract`` from the checkout, as ``tools.engines_contract`` is.
"""

from __future__ import annotations

from typing import Any

from importlinter import Contract, ContractCheck, fields, output


class GamesContract(Contract):
    """Games import no other game; the core imports no game (direct imports, every floor)."""

    type_name = "games"

    containers = fields.ListField(subfield=fields.StringField())
    """The floors (``silverpyr.solver``, ...)."""
    core = fields.StringField()
    """The name of each floor's game-free package (``core``). A floor's own top modules (the
    registry, ``solver/games.py``) belong to no game: anyone may import them."""

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

        broken = []
        for module in sorted(graph.modules):
            mine = owner(module)
            if mine is None:
                continue
            for imported in sorted(graph.find_modules_directly_imported_by(module)):
                theirs = owner(imported)
                if theirs is None or theirs in (core, mine):
                    continue
                lines = graph.get_import_details(importer=module, imported=imported)
                where = ", ".join(str(d["line_number"]) for d in lines) or "?"
                what = "the core" if mine == core else f"the game {mine}"
                broken.append(f"{module} ({what}) imports {imported} (line {where})")
        return ContractCheck(kept=not broken, metadata={"broken": broken})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for line in check.metadata["broken"]:
            output.print_error(line)
            output.new_line()
