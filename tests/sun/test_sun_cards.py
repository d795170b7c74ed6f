"""Pyramid of the Sun's card file: the bundled original deck (Ruling R1) and the strict reader."""

from __future__ import annotations

import copy
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import example, given, settings
from hypothesis import strategies as st
from quick_yaml import write_yaml

from silverpyr.solver.core.errors import SilverpyrError
from silverpyr.solver.core.reader import ReadError
from silverpyr.solver.sun.cards import (
    CardTextError,
    Deck,
    SunDeckError,
    bundled_deck_path,
    deck_summary,
    deck_to_dict,
    load_deck,
    normalize_label,
    parse_deck,
)

DECK = load_deck()
BUNDLED: dict[str, Any] = yaml.safe_load(bundled_deck_path().read_text(encoding="utf-8"))


def test_ruling_r1_the_bundled_deck_is_original_and_has_the_component_counts() -> None:
    header = bundled_deck_path().read_text(encoding="utf-8").split("format:")[0]
    assert "ORIGINAL" in header and "NOT a transcription" in header
    assert "--cards" in header  # how to load another deck
    kinds = deck_summary(DECK)["by_kind"]
    assert kinds == {"base": 10, "standard": 48, "edge": 26, "top": 4}
    bases = [DECK[c] for c in DECK.base_ids]
    assert sorted(str(c.side) for c in bases) == ["None"] * 8 + ["left", "right"]
    assert all(c.value == 0 and c.symbol is None for c in bases)
    assert {DECK[c].value for c in DECK.standard_ids} == set(range(1, 7))
    assert {c.value for c in DECK if c.kind == "edge"} == set(range(1, 6))
    assert {c.value for c in DECK if c.kind == "top"} == {6, 7, 8, 9}
    assert list(DECK.symbols) == ["sun", "moon", "jaguar", "serpent"]
    assert any(c.symbol is None for c in DECK if c.kind == "standard")
    assert all(c.side is None for c in DECK if c.kind == "edge")  # R2: no sided edge ships


def test_the_deck_round_trips_through_its_file_format(tmp_path: Path) -> None:
    path = write_yaml(tmp_path / "cards.yaml", deck_to_dict(DECK))
    again = load_deck(path)
    assert again == DECK
    assert again.fingerprint == DECK.fingerprint
    assert again.source == str(path)


def test_the_fingerprint_follows_the_cards(tmp_path: Path) -> None:
    data = copy.deepcopy(BUNDLED)
    data["cards"][20]["value"] = 6 if data["cards"][20]["value"] != 6 else 5
    assert load_deck(write_yaml(tmp_path / "cards.yaml", data)).fingerprint != DECK.fingerprint


def test_labels_and_parse_card() -> None:
    card = DECK.parse_card("#11")
    assert card.id == 11 and card.label == "S1-sun"
    assert DECK.parse_card("s1-SUN") == card
    assert DECK.parse_card("T9").kind == "top"
    assert DECK.glyph(card) == "S1☉"
    assert normalize_label("e3-moon-l") == "E3-moon-L"
    for text in ("#500", "S7-sun", "hello"):
        with pytest.raises(CardTextError):
            DECK.parse_card(text)
    assert all(DECK.parse_card(c.label).label == c.label for c in DECK)
    assert all(DECK.parse_card(f"#{c.id}") == c for c in DECK)
    assert card.to_dict()["label"] == "S1-sun"


def test_a_sided_edge_card_is_read(tmp_path: Path) -> None:
    data = copy.deepcopy(BUNDLED)
    edge = next(c for c in data["cards"] if c["kind"] == "edge")
    edge["side"] = "left"
    deck = load_deck(write_yaml(tmp_path / "cards.yaml", data))
    assert deck[edge["id"]].side == "left"
    assert deck[edge["id"]].label.endswith("-L")


# Each: (index of the card, key, bad value, a word the message must hold)
BAD_FIELDS = [
    (15, "value", 12, "value"),
    (15, "value", "four", "value"),
    (15, "value", True, "value"),
    (15, "kind", "castle", "kind"),
    (15, "symbol", "eagle", "symbol"),
    (15, "side", "left", "side"),
    (60, "side", "middle", "side"),
    (87, "side", "left", "side"),
    (3, "value", 2, "value"),
    (3, "symbol", "sun", "symbol"),
    (40, "colour", "red", "colour"),
    (40, "id", 0, "id"),
    (40, "id", "x", "id"),
    (70, "value", 0, "value"),
]


@pytest.mark.parametrize(("index", "key", "value", "word"), BAD_FIELDS)
def test_a_bad_field_is_one_error_naming_file_card_and_key(
    tmp_path: Path, index: int, key: str, value: Any, word: str
) -> None:
    data = copy.deepcopy(BUNDLED)
    card_id = data["cards"][index]["id"]
    data["cards"][index][key] = value
    path = write_yaml(tmp_path / "cards.yaml", data)
    with pytest.raises(SunDeckError) as caught:
        load_deck(path)
    message = str(caught.value)
    assert "\n" not in message
    assert str(path) in message
    assert f"cards[{index}]" in message
    if key != "id":
        assert f"(card {card_id})" in message
    assert f".{word}" in message
    assert isinstance(caught.value, ReadError) and isinstance(caught.value, SilverpyrError)


MUTATIONS = st.sampled_from(
    [
        ("value", -1),
        ("value", 10),
        ("value", 3.5),
        ("value", None),
        ("kind", None),
        ("kind", 7),
        ("symbol", "dragon"),
        ("symbol", ["sun"]),
        ("side", "up"),
        ("extra", 1),
    ]
)


@settings(max_examples=60, deadline=None)
@given(st.integers(10, 87), MUTATIONS)
def test_any_bad_field_of_a_non_base_card_names_its_place(
    index: int, mutation: tuple[str, Any]
) -> None:
    key, value = mutation
    data = copy.deepcopy(BUNDLED)
    if value is None:
        data["cards"][index].pop(key, None)
    else:
        data["cards"][index][key] = value
    card_id = data["cards"][index]["id"]
    if key == "symbol" and value is None:
        return  # a card without a symbol is fine
    with pytest.raises(SunDeckError) as caught:
        parse_deck(data, "mine.yaml")
    message = str(caught.value)
    assert message.startswith("mine.yaml: ")
    assert f"cards[{index}] (card {card_id}).{key}" in message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda cards: cards.pop(30), "47 standard"),
        (lambda cards: cards.pop(0), "9 base"),
        (lambda cards: cards.pop(80), "29 edge and top"),
        (lambda cards: [c.update(kind="edge") for c in cards if c["kind"] == "top"], "no top"),
        (lambda cards: cards[0].pop("side"), "side: left"),
        (lambda cards: cards[5].update(id=cards[6]["id"]), "used twice"),
    ],
)
def test_the_component_counts_are_checked(change: Any, words: str) -> None:
    data = copy.deepcopy(BUNDLED)
    change(data["cards"])
    with pytest.raises(SunDeckError, match=words):
        parse_deck(data, "mine.yaml")


def test_bad_files_are_one_read_error(tmp_path: Path) -> None:
    for text in ("cards: [", "- 1\n- 2\n", "format: 2\nsymbols: {}\ncards: []\n"):
        path = tmp_path / "bad.yaml"
        path.write_text(text, encoding="utf-8")
        with pytest.raises(ReadError) as caught:
            load_deck(path)
        assert str(path) in str(caught.value) and "\n" not in str(caught.value)
    with pytest.raises(ReadError, match="no such file"):
        load_deck(tmp_path / "missing.yaml")


def test_bad_symbols_are_named(tmp_path: Path) -> None:
    data = copy.deepcopy(BUNDLED)
    data["symbols"] = {"sun": "☉☉", "Moon": "x", "jaguar": "✶", "serpent": "∿"}
    with pytest.raises(SunDeckError) as caught:
        parse_deck(data, "mine.yaml")
    assert "symbols.sun" in str(caught.value) and "symbols.Moon" in str(caught.value)


def test_deck_summary_is_plain_data() -> None:
    summary = deck_summary(DECK)
    assert summary["cards"] == 88
    assert summary["fingerprint"] == DECK.fingerprint
    assert summary["values"]["top"] == {6: 1, 7: 1, 8: 1, 9: 1}
    assert sum(summary["by_symbol"].values()) + summary["without_symbol"] == 78
    assert isinstance(DECK, Deck)


HOSTILE = Path(__file__).resolve().parents[1] / "data" / "hostile"


@pytest.mark.parametrize("path", sorted(HOSTILE.glob("*")), ids=lambda p: p.name)
def test_a_hostile_file_is_one_read_error(path: Path) -> None:
    """The shared corpus of ways to break a reader: each is one located error, never a crash."""
    with pytest.raises(ReadError) as caught:
        load_deck(path)
    assert "\n" not in str(caught.value)
    assert str(caught.value).startswith(str(path))


@settings(max_examples=50, deadline=None)
@given(
    st.recursive(
        st.none() | st.booleans() | st.integers(-5, 1000) | st.text(max_size=8),
        lambda inner: (
            st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4)
        ),
        max_leaves=20,
    )
)
@example([{"\n": None}])  # a key with a line break once made a two-line error
def test_any_data_is_a_deck_or_one_read_error(data: Any) -> None:
    try:
        parse_deck({"format": 1, "symbols": {"sun": "☉"}, "cards": data}, "fuzz.yaml")
    except SunDeckError as error:
        assert str(error).startswith("fuzz.yaml: ") and "\n" not in str(error)


VALUES = (
    st.none()
    | st.booleans()
    | st.integers(-2, 1000)
    | st.sampled_from(["base", "standard", "edge", "top", "left", "right", "sun", "x"])
    | st.lists(st.integers(), max_size=2)
)


@settings(max_examples=80, deadline=None)
@given(
    st.lists(
        st.dictionaries(
            st.sampled_from(["id", "kind", "value", "symbol", "side", "other"]), VALUES, max_size=5
        ),
        max_size=12,
    )
)
def test_any_card_like_entries_are_a_deck_or_one_read_error(cards: list[dict[str, Any]]) -> None:
    try:
        parse_deck({"format": 1, "symbols": {"sun": "☉"}, "cards": cards}, "fuzz.yaml")
    except SunDeckError as error:
        assert str(error).startswith("fuzz.yaml: ") and "\n" not in str(error)
