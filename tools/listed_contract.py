"""The base of our import-linter contract types: a check that lists each broken import as one
line (``module imports other (line 12)``), and prints those lines when the contract breaks.
Found as ``tools.listed_contract`` from the checkout, as the contract types that use it."""

from __future__ import annotations

from typing import Any

from importlinter import Contract, ContractCheck, output


class ListedContract(Contract):
    """A contract whose check's ``broken`` metadata is the lines to print."""

    @staticmethod
    def at(graph: Any, module: str, imported: str) -> str:
        """Where ``module`` imports ``imported``: its line numbers (``12, 40``), or ``?``."""
        lines = graph.get_import_details(importer=module, imported=imported)
        return ", ".join(str(d["line_number"]) for d in lines) or "?"

    @staticmethod
    def result(broken: list[str]) -> ContractCheck:
        return ContractCheck(kept=not broken, metadata={"broken": broken})

    def render_broken_contract(self, check: ContractCheck) -> None:
        for line in check.metadata["broken"]:
            output.print_error(line)
            output.new_line()
