"""An import-linter contract type for a wing of a package: the subpackage ``wing`` of
``package`` and the rest of ``package`` do not import each other (the package's own
``__init__`` belongs to neither). The rest may not reach the wing even through other modules;
the wing may reach the rest indirectly (``silvergold``'s real-game wing and trainer share the
results store, which keeps the trainer's records too).

The rest is found, not listed: every module of ``package`` outside the wing, so a module
added on either side is covered without an edit. Registered in ``pyproject.toml``
(``contract_types``), found as ``tools.wing_contract`` from the checkout.
"""

from __future__ import annotations

from typing import Any

from importlinter import ContractCheck, fields

from tools.listed_contract import ListedContract


class WingContract(ListedContract):
    """The wing and the rest of its package do not import each other."""

    type_name = "wing"

    package = fields.StringField()
    """The package (``silverpyr.puzzles.silvergold``)."""
    wing = fields.StringField()
    """Its subpackage kept apart (``realgame``)."""

    def check(self, graph: Any, verbose: bool) -> ContractCheck:
        package = str(self.package)  # type: ignore[attr-defined]
        wing = f"{package}.{self.wing}"  # type: ignore[attr-defined]

        def side(module: str) -> str | None:
            if module == wing or module.startswith(wing + "."):
                return "wing"
            if module.startswith(package + "."):
                return "rest"
            return None

        broken = []
        wing_modules = {m for m in graph.find_descendants(package) if side(m) == "wing"}
        for module in sorted(graph.find_descendants(package)):
            if side(module) == "rest":
                for reached in sorted(graph.find_upstream_modules(module) & wing_modules):
                    chain = graph.find_shortest_chain(importer=module, imported=reached)
                    if chain and len(chain) > 2:  # a direct import is said below
                        broken.append(f"{' -> '.join(chain)}: the rest reaches {wing}")
            mine = side(module)
            for imported in sorted(graph.find_modules_directly_imported_by(module)):
                theirs = side(imported)
                if mine is None or theirs is None or theirs == mine:
                    continue
                where = self.at(graph, module, imported)
                broken.append(f"{module} imports {imported} (line {where}) across {wing}'s wall")
        return self.result(broken)
