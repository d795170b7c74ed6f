"""YAML written for the tests' generated files: LibYAML's safe dumper where PyYAML has it
(the same text as ``yaml.safe_dump``, many times faster: the input sweeps write thousands),
and a file of edited components written as YAML (:func:`write_yaml`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import yaml

DUMPER = getattr(yaml, "CSafeDumper", yaml.SafeDumper)


def dump_yaml(data: object, **options: Any) -> str:
    """``yaml.safe_dump(data, **options)``, by :data:`DUMPER`."""
    return yaml.dump(data, Dumper=DUMPER, **options)


def write_yaml(path: Path, data: object) -> Path:
    """``data`` written at ``path`` by ``yaml.safe_dump`` (UTF-8, letters kept as they are);
    the path back."""
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path
