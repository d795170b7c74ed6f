"""docs/architecture.md is the map of the house: every module of every floor is on it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
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


def test_the_readme_points_nowhere_outside_the_repository() -> None:
    """Every link and path the README names is inside the repository, and exists."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert "../" not in readme
    for target in re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", readme):
        if "://" in target:
            continue
        assert (ROOT / target).exists(), f"README links to {target}, which is not in the tree"
    for doc in re.findall(r"`(docs/[\w./-]+\.md)`", readme):
        assert (ROOT / doc).exists(), f"README names {doc}, which is not in the tree"


def test_each_game_has_its_rules_in_the_projects_docs() -> None:
    for name in ("silvergold-rules.md", "sun-rules.md", "cheops-rules.md"):
        text = (ROOT / "docs" / name).read_text(encoding="utf-8")
        assert "Ruling" in text and "../shared" not in text
