"""The allow-list check of an engine module's imports, for the Sun's and Cheops's engine
tests: absolute imports only of ``allowed`` top-level packages, imports two levels up only
of the solver's core modules ``core``; the imports one level up (beside the engine) come back
for each game's own rule."""

from __future__ import annotations

import ast
from collections.abc import Collection
from pathlib import Path


def sibling_imports(
    path: Path, allowed: Collection[str], core: Collection[str]
) -> list[ast.ImportFrom]:
    """The relative imports of the module at ``path`` that are neither absolute nor of the
    solver's core (checked here against ``allowed`` and ``core``), in the order they stand."""
    siblings = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            for alias in node.names:
                assert alias.name.split(".")[0] in allowed, alias.name
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0:
                assert (node.module or "").split(".")[0] in allowed, node.module
            elif node.level == 2:
                assert (node.module or "") in {f"core.{name}" for name in core}, node.module
            else:
                siblings.append(node)
    return siblings
