"""The wheel holds every package of the tree: a new sub-package must be listed in pyproject."""

from __future__ import annotations

import tomllib
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_every_package_folder_is_listed_for_the_wheel() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    listed = set(config["tool"]["setuptools"]["packages"])
    on_disk = {"silverpyr", "silverpyr.data"} | {
        "silverpyr." + ".".join(init.parent.relative_to(ROOT).parts)
        for floor in ("solver", "puzzles", "cli")
        for init in (ROOT / floor).rglob("__init__.py")
    }
    assert on_disk == listed


def test_the_version_has_one_source() -> None:
    from silverpyr import __version__

    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    assert "version" in config["project"]["dynamic"]
    assert config["tool"]["setuptools"]["dynamic"]["version"] == {"attr": "silverpyr.__version__"}
    assert __version__.count(".") == 2
