"""The Sun's and Cheops's component readers are strict about every field's type: each field
of the bundled file (the first three items of each list), given a value of another type, is
refused with a problem that names its place (a plain Cheops entry given as the text ``"30"``
passed ``cheops cards validate``)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
import yaml
from wrong_values import places, put, value_at

from silverpyr.solver.cheops.components import bundled_components_path, parse_components
from silverpyr.solver.core.reader import Problems
from silverpyr.solver.sun.cards import bundled_deck_path, parse_deck

WRONG: list[Any] = [[], {}, None, "x", "", 5, -1, True, 3.5, [1], {"a": 1}, [None], "30"]


def _cases(path: Any) -> list[tuple[tuple[Any, ...], Any]]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    return [
        (at, wrong)
        for at in places(data, 3)
        for wrong in WRONG
        if type(wrong) is not type(value_at(data, at)) or isinstance(wrong, list | dict)
        if wrong != value_at(data, at)
    ]


READERS: dict[str, tuple[Any, Callable[[Any, str, Problems], object]]] = {
    "sun": (bundled_deck_path(), parse_deck),
    "cheops": (bundled_components_path(), parse_components),
}


@pytest.mark.parametrize("game", sorted(READERS))
def test_every_field_of_another_type_is_refused_at_its_place(game: str) -> None:
    path, parse = READERS[game]
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    cases = _cases(path)
    assert len(cases) > 150
    passed = []
    for at, wrong in cases:
        problems = Problems("mine.yaml")
        parse(put(data, at, wrong), "mine.yaml", problems)
        if not problems.found:
            passed.append((at, wrong))
            continue
        text = "\n".join(str(problem) for problem in problems.found)
        assert all("\n" not in str(problem) for problem in problems.found)
        keys = [key for key in at if isinstance(key, str)]
        if keys:  # the innermost key is named (a list item by its parent's key)
            assert re.search(rf"\b{re.escape(keys[-1])}\b", text) or at[-1] != keys[-1], text
    assert passed == []
