"""Every Silver & Gold file format (card file ``--cards``, puzzle file ``puzzle --file``,
state file ``hint --state``, game record ``hint --game``) given a value of the wrong type at
each field: each message is one line, names the value in file terms (an empty list, null,
true, the text 'x'; never Python's ``None``, ``True``, ``[]``) and, in the strict formats,
the place. A hostile sweep found such messages misleading (an empty list called "not a
list", ``count is None``, ``cards: write 1 or 2 ...`` for any wrong value)."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from quick_yaml import dump_yaml
from wrong_values import places, put, value_at

from silverpyr.puzzles.silvergold.fileformat import read_definition
from silverpyr.puzzles.silvergold.realgame.game_record import parse_record
from silverpyr.puzzles.silvergold.realgame.state_file import STATE_TEMPLATE, parse_view
from silverpyr.solver.core.errors import SilverpyrError
from silverpyr.solver.silvergold.deckfile import bundled_deck_path, load_deck

DECK = load_deck()
WRONG: list[Any] = [[], {}, None, "x", "", 5, True, 3.5, [1], {"a": 1}, [None], [[]]]
PYTHON = re.compile(r"(?<![\w'])(None|True|False)(?![\w'])|\[\]|\{\}|\[None\]|\[\[\]\]|\{'a': 1\}")

PUZZLE: dict[str, Any] = {
    "format": 1,
    "id": "1",
    "cards": [7],
    "round": 1,
    "turn_in_round": 5,
    "expeditions": ["I2", "L3", "L4", "T4", "I3"],
    "objective": "points",
    "start": {"marked": {7: "A1 A2"}, "red": 0, "green": 0, "skulls": 0, "torches": [False] * 4},
    "par": 20,
    "difficulty": 3,
}
RECORD: dict[str, Any] = {
    "format": "silverpyr game record",
    "version": 2,
    "deck": DECK.fingerprint,
    "seed": 0,
    "seats": [{"player": "expert", "answers": ["11 25", "11:A1 A2 A3"]}],
}


def _messages(read: Callable[[Any], object], data: Any) -> list[str]:
    try:
        read(data)
    except SilverpyrError as error:
        problems = getattr(error, "problems", None)
        return [str(p) for p in problems] if problems else [str(error)]
    return []


def _read_cards(tmp: Path) -> Callable[[Any], object]:
    def read(data: Any) -> object:
        path = tmp / "cards.yaml"
        path.write_text(dump_yaml(data), encoding="utf-8")  # the deck, some 200 times
        return load_deck(path)

    return read


FORMATS: dict[str, tuple[Callable[[], Any], Callable[[Path], Callable[[Any], object]], bool]] = {
    "cards": (lambda: yaml.safe_load(bundled_deck_path().read_text()), _read_cards, False),
    "puzzle": (lambda: PUZZLE, lambda _: lambda d: read_definition(d, DECK, "p.yaml"), True),
    "state": (
        lambda: yaml.safe_load(STATE_TEMPLATE),
        lambda _: lambda d: parse_view(yaml.safe_dump(d), DECK, source="s.yaml"),
        True,
    ),
    "record": (lambda: RECORD, lambda _: lambda d: parse_record(d, "g.json"), True),
}


@pytest.mark.parametrize("name", sorted(FORMATS))
def test_each_wrong_value_is_named_exactly_where_it_is(name: str, tmp_path: Path) -> None:
    sample, reader, strict = FORMATS[name]
    data = sample()
    read = reader(tmp_path)
    assert _messages(read, data) == [], "the sample itself reads"
    checked = 0
    for at in places(data, 2):
        original = value_at(data, at)
        if name == "cards" and len(at) > 2 and isinstance(at[1], int) and at[1] > 0:
            continue  # one card and one expedition stand for the rest
        for wrong in WRONG:
            messages = _messages(read, put(data, at, wrong))
            for message in messages:
                checked += 1
                assert "\n" not in message, message
                assert not PYTHON.search(message), (at, wrong, message)
            keys = [str(key) for key in at if isinstance(key, str)]
            retyped = type(wrong) is not type(original)
            if strict and messages and keys and wrong is not None and retyped:
                assert any(keys[-1] in message for message in messages), (at, wrong, messages)
    assert checked > 100
