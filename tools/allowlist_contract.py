"""An import-linter contract type that is an allow-list: each source module may import only
the project modules (and packages) named in ``allowed_modules``, so a module added to the
project later is forbidden to the sources until someone allows it on purpose.

Registered in ``pyproject.toml`` (``contract_types``); ``lint-imports`` puts the current
folder on ``sys.path``, so it is found as ``tools.allowlist_contract`` from the checkout.
Imports from outside the project are checked against ``allowed_external`` (the standard
library is always allowed).
"""

from __future__ import annotations

import sys
from typing import Any

from importlinter import Contract, ContractCheck, fields, output


class AllowListContract(Contract):
    """Sources import only what is allowed (direct imports; descendants of a source too)."""

    type_name = "allowlist"

    source_modules = fields.ListField(subfield=fields.StringField())
    allowed_modules = fields.ListField(subfield=fields.StringField())
    allowed_external = fields.ListField(subfield=fields.StringField(), required=False)

    def check(self, graph: Any, verbose: bool) -> ContractCheck:
        roots = set(self.session_options["root_packages"])
        sources: set[str] = set()
        for name in self.source_modules:  # type: ignore[attr-defined]
            sources.add(str(name))
            sources |= (
                set(graph.find_descendants(str(name))) if graph.find_children(str(name)) else set()
            )
        allowed = [str(name) for name in self.allowed_modules]  # type: ignore[attr-defined]
        external = {str(name) for name in (self.allowed_external or [])}  # type: ignore[attr-defined]

        def permitted(module: str) -> bool:
            if module.split(".")[0] not in roots:
                top = module.split(".")[0]
                return top in sys.stdlib_module_names or top in external
            return any(module == a or module.startswith(a + ".") for a in allowed + sorted(sources))

        broken = []
        for source in sorted(sources):
            for imported in sorted(graph.find_modules_directly_imported_by(source)):
                if not permitted(imported):
                    lines = graph.get_import_details(importer=source, imported=imported)
                    where = ", ".join(str(d["line_number"]) for d in lines) or "?"
                    broken.append(
                        f"{source} imports {imported} (line {where}), not on the allow-list"
                    )
        return ContractCheck(kept=not broken, metadata={"broken": broken})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for line in check.metadata["broken"]:
            output.print_error(line)
            output.new_line()
