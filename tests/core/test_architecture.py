"""docs/architecture.md is the map of the house: every module of every floor is on it, every
path it names exists, and its diagram lists each floor's core as it is."""

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


SECTIONS = re.split(r"(?m)^(?=#{2,3} )", MAP)


def _named(text: str, what: str) -> bool:
    """Whether ``what`` stands in backticks in ``text`` as a whole path, not inside another."""
    return re.search(rf"`[^`]*(?<![\w/]){re.escape(what)}(?!\w)[^`]*`", text) is not None


@pytest.mark.parametrize("module", MODULES, ids=str)
def test_every_module_is_on_the_map(module: Path) -> None:
    """Named by its path (`solver/sun/game.py`), its path on its floor (`sun/game.py`), or
    by its name in a section whose heading names its package or one above it
    (`placing.py` under "cli/silvergold/")."""
    if _named(MAP, str(module)) or _named(MAP, str(Path(*module.parts[1:]))):
        return
    packages = [f"{Path(*module.parts[:n])}/" for n in range(2, len(module.parts))]
    for section in SECTIONS:
        heading = section.splitlines()[0] if section else ""
        if any(package in heading for package in packages) and (
            _named(section, module.name) or _named(section, module.stem)
        ):
            return
    raise AssertionError(f"{module} is not in docs/architecture.md")


def test_every_path_the_map_names_exists() -> None:
    named = set(re.findall(r"(?<![\w/])((?:solver|puzzles|cli)/[\w/]+\.py)\b", MAP))
    assert named, "the map names no module by its path"
    assert sorted(path for path in named if not (ROOT / path).exists()) == []


def _diagram_core(floor: str) -> set[str]:
    """The core modules the diagram lists for ``floor``: its ``core/:`` line and the lines
    that go on with it (indented to the list's column), ``tui/:`` opening a subfolder."""
    lines = MAP.split("```")[1].splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith(f"{floor}/"))
    column = lines[start].index("core/:") + len("core/:")
    text = [lines[start][column:]]
    for line in lines[start + 1 :]:
        if len(line) <= column or line[:column].replace("|", "").strip():
            break
        text.append(line[column:])
    listed = " ".join(text).split("tui/:")
    names = set(re.findall(r"(\w+\.py)", listed[0]))
    if len(listed) > 1:
        names |= {f"tui/{name}" for name in re.findall(r"(\w+\.py)", listed[1])}
    return names


@pytest.mark.parametrize("floor", FLOORS)
def test_the_diagram_lists_each_floor_s_core_as_it_is(floor: str) -> None:
    core = ROOT / floor / "core"
    actual = {
        str(path.relative_to(core)) for path in core.rglob("*.py") if path.name != "__init__.py"
    }
    assert _diagram_core(floor) == actual
