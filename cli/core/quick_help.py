"""Typer's Rich help without importing Markdown and tracebacks it does not use.

``typer.rich_utils`` formats every ``--help`` and usage error, and imports ``rich.markdown``
(with ``markdown_it``) and ``rich.traceback`` (with ``pygments``) at its top. silverpyr's help
is Rich markup, never Markdown, and Typer's pretty tracebacks are off, yet the two imports
took 0.04 s of ``silverpyr --help``'s 0.29 s (idle, medians of 11; issue 29; Typer's own
lazy loading, fastapi/typer#1128, stops short of them). :func:`install` makes
``typer.rich_utils`` see stand-ins that import the real class the first time one is used;
every other importer of ``rich.markdown`` or ``rich.traceback`` gets the real module.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
import types
from collections.abc import Sequence
from typing import Any

_TARGET = "typer.rich_utils"
_DEFERRED = {"rich.markdown": "Markdown", "rich.traceback": "Traceback"}


class _Later(type):
    """A stand-in class: calling it, or any attribute of it, is the real class's."""

    _module: str

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        return cls._real()(*args, **kwargs)

    def __getattr__(cls, name: str) -> Any:
        if name.startswith("__"):
            raise AttributeError(name)
        return getattr(cls._real(), name)

    def _real(cls) -> Any:
        return getattr(importlib.import_module(cls._module), cls.__name__)


def _stand_in(module: str, name: str) -> types.ModuleType:
    shim = types.ModuleType(module)
    setattr(shim, name, _Later(name, (), {"_module": module}))
    return shim


class _Loader(importlib.abc.Loader):
    """Runs the real loader of ``typer.rich_utils`` with the stand-ins in ``sys.modules``."""

    def __init__(self, real: importlib.abc.Loader) -> None:
        self._real = real

    def create_module(self, spec: importlib.machinery.ModuleSpec) -> types.ModuleType | None:
        return self._real.create_module(spec)

    def exec_module(self, module: types.ModuleType) -> None:
        placed = {
            name: _stand_in(name, attribute)
            for name, attribute in _DEFERRED.items()
            if name not in sys.modules
        }
        sys.modules.update(placed)
        try:
            self._real.exec_module(module)
        finally:
            for name, shim in placed.items():  # anyone else importing it gets the real one
                if sys.modules.get(name) is shim:
                    del sys.modules[name]


class _Finder(importlib.abc.MetaPathFinder):
    def find_spec(
        self,
        fullname: str,
        path: Sequence[str] | None,
        target: types.ModuleType | None = None,
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != _TARGET:
            return None
        sys.meta_path.remove(self)  # once: the real spec comes from the other finders
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        if spec is None or spec.loader is None:
            return spec
        spec.loader = _Loader(spec.loader)
        return spec


def install() -> None:
    """Defer the two imports when ``typer.rich_utils`` is first imported (idempotent)."""
    if _TARGET in sys.modules or any(isinstance(f, _Finder) for f in sys.meta_path):
        return
    sys.meta_path.insert(0, _Finder())
