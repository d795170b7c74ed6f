"""docs/architecture.md is the map of the house: every module of every floor is on it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
MAP = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
FLOORS = ("solver", "puzzles", "cli")
MODULES = sorted(
    path.relative_to(ROOT)
    for floor in FLOORS
    for path in (ROOT / floor).rglob("*.py")
    if path.name != "__init__.py"
)


def test_the_floors_have_modules() -> None:
    assert len(MODULES) > 50


@pytest.mark.parametrize("module", MODULES, ids=str)
def test_every_module_is_on_the_map(module: Path) -> None:
    """Named in backticks, as `name.py` or `name` (a command group's module)."""
    name = module.stem
    assert re.search(rf"`[^`]*\b{re.escape(name)}(\.py)?\b[^`]*`", MAP), (
        f"{module} is not in docs/architecture.md"
    )
