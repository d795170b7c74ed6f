"""The places of a data file's content and values put there: what the type sweeps of the
file readers (tests/core/test_component_types.py,
tests/silvergold/test_silvergold_messages.py) share."""

from __future__ import annotations

import copy
from collections.abc import Iterator
from typing import Any


def places(data: Any, items: int, at: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place of ``data`` (keys and list indices from the top), the first ``items`` of
    each list."""
    yield at
    if isinstance(data, dict):
        for key, value in data.items():
            yield from places(value, items, (*at, key))
    elif isinstance(data, list):
        for index, value in enumerate(data[:items]):
            yield from places(value, items, (*at, index))


def value_at(data: Any, at: tuple[Any, ...]) -> Any:
    """The value at place ``at`` of ``data``."""
    for key in at:
        data = data[key]
    return data


def put(data: Any, at: tuple[Any, ...], value: Any) -> Any:
    """A copy of ``data`` with ``value`` at place ``at``."""
    if not at:
        return value
    changed = copy.deepcopy(data)
    value_at(changed, at[:-1])[at[-1]] = value
    return changed
