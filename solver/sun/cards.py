"""Pyramid of the Sun's cards: :class:`Card`, :class:`Deck` and the card file reader.

A card file (``data/sun_cards.yaml`` is the bundled, original deck; docs/sun-rules.md) is read
by the strict reader (:mod:`silverpyr.solver.core.reader`): every problem is recorded with the file,
the card and the key, and :func:`load_deck` raises one :class:`SunDeckError` listing them all.

Cards are named by their id (``#17``) or their label (``S4-sun``: kind letter, value, symbol,
and ``-L``/``-R`` for a card restricted to one end of a row). Cards with the same label are
interchangeable in play.
"""

from __future__ import annotations

import hashlib
import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from types import MappingProxyType
from typing import Any, Literal

from ..core.errors import SilverpyrError
from ..core.reader import ComponentsFile, Field, Problems, ReadError, parse_recorded, parse_whole

Kind = Literal["base", "standard", "edge", "top"]
Side = Literal["left", "right"]
PileName = Literal["standard", "edge"]

KINDS: tuple[Kind, ...] = ("base", "standard", "edge", "top")
PILES: tuple[PileName, ...] = ("standard", "edge")
FORMAT_VERSION = 1

BASE_CARDS = 10
"""Base cards in a deck (value 0): one left edge, one right edge, 8 plain (Ruling R1)."""
STANDARD_CARDS = 48
EDGE_CARDS = 30
"""Edge cards, the tops among them."""
MAX_VALUE = 9
"""The highest card value: no level of the longest pyramid is above 9, so more never scores."""
MAX_CARD_ID = 999

_KIND_LETTERS: dict[str, Kind] = {"B": "base", "S": "standard", "E": "edge", "T": "top"}
_LETTER_OF: dict[Kind, str] = {kind: letter for letter, kind in _KIND_LETTERS.items()}
_SIDE_LETTER: dict[Side, str] = {"left": "L", "right": "R"}
_SYMBOL_NAME = re.compile(r"^[a-z]{2,12}$")
_LABEL = re.compile(r"^([BSET])(\d)(?:-([a-z]{2,12}))?(?:-([LR]))?$", re.IGNORECASE)
_ID = re.compile(r"#?([0-9]{1,3})", re.ASCII)


class SunDeckError(ReadError):
    """A Pyramid of the Sun card file could not be read; ``problems`` lists them all."""


class CardTextError(SilverpyrError, ValueError):
    """A card named in text that the deck does not hold."""


@dataclass(frozen=True, slots=True)
class Card:
    """One card: its id, kind, value (0 for base cards), symbol and side (or ``None``)."""

    id: int
    kind: Kind
    value: int
    symbol: str | None = None
    side: Side | None = None

    @property
    def label(self) -> str:
        """Short ASCII text: ``S4-sun``, ``E3``, ``E2-moon-L``, ``T8``, ``B0-L``."""
        text = f"{_LETTER_OF[self.kind]}{self.value}"
        if self.symbol is not None:
            text += f"-{self.symbol}"
        if self.side is not None:
            text += f"-{_SIDE_LETTER[self.side]}"
        return text

    @property
    def pile(self) -> PileName | None:
        """The pile (and discard pile) the card belongs to; ``None`` for base cards."""
        if self.kind == "standard":
            return "standard"
        if self.kind in ("edge", "top"):
            return "edge"
        return None

    def to_dict(self) -> dict[str, Any]:
        """The card as plain data (JSON output): id, label, kind, value, symbol, side."""
        return {
            "id": self.id,
            "label": self.label,
            "kind": self.kind,
            "value": self.value,
            "symbol": self.symbol,
            "side": self.side,
        }


@dataclass(frozen=True, eq=False)
class Deck:
    """Every card of a game by id, and the symbols' display glyphs.

    Two decks are equal when their :attr:`fingerprint` is (the same cards, whatever the file's
    layout). A deck is shared by reference by every state of a game.
    """

    cards: Mapping[int, Card]
    symbols: Mapping[str, str] = field(default_factory=dict)
    """Symbol name -> glyph (``sun`` -> ``☉``), in file order."""
    source: str = ""

    def __post_init__(self) -> None:
        ordered = dict(sorted(self.cards.items()))
        object.__setattr__(self, "cards", MappingProxyType(ordered))  # read-only views
        object.__setattr__(self, "symbols", MappingProxyType(dict(self.symbols)))
        by_kind: dict[str, list[int]] = {kind: [] for kind in KINDS}
        for card in ordered.values():
            by_kind[card.kind].append(card.id)
        object.__setattr__(self, "base_ids", tuple(by_kind["base"]))
        object.__setattr__(self, "standard_ids", tuple(by_kind["standard"]))
        object.__setattr__(self, "top_ids", tuple(by_kind["top"]))
        object.__setattr__(
            self, "edge_ids", tuple(sorted(by_kind["edge"] + by_kind["top"]))
        )  # tops included
        size = max(ordered, default=0) + 1
        table: list[Card | None] = [None] * size
        for card in ordered.values():
            table[card.id] = card
        object.__setattr__(self, "_table", tuple(table))
        object.__setattr__(self, "fingerprint", self._fingerprint())

    base_ids: tuple[int, ...] = field(init=False, repr=False)
    standard_ids: tuple[int, ...] = field(init=False, repr=False)
    edge_ids: tuple[int, ...] = field(init=False, repr=False)
    """The edge pile's cards: edge cards and tops."""
    top_ids: tuple[int, ...] = field(init=False, repr=False)
    fingerprint: str = field(init=False, repr=False)
    """A short hash of the cards (id, kind, value, symbol, side) in a canonical text."""
    _table: tuple[Card | None, ...] = field(init=False, repr=False)

    def _fingerprint(self) -> str:
        digest = hashlib.sha256(b"silverpyr-sun-deck-v1\n")
        for card in self.cards.values():
            text = f"{card.id}:{card.kind}:{card.value}:{card.symbol or ''}:{card.side or ''}"
            digest.update(f"{text}\n".encode())
        return digest.hexdigest()[:16]

    def __reduce__(self) -> tuple[type[Deck], tuple[dict[int, Card], dict[str, str], str]]:
        """Pickled as its cards (a Dask task may carry a deck to a worker)."""
        return (Deck, (dict(self.cards), dict(self.symbols), self.source))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Deck):
            return NotImplemented
        return self is other or self.fingerprint == other.fingerprint

    def __hash__(self) -> int:
        return int(self.fingerprint, 16)

    def __getitem__(self, card_id: int) -> Card:
        """The card with this id (``KeyError`` for an id the deck does not hold)."""
        card = self._table[card_id] if 0 <= card_id < len(self._table) else None
        if card is None:
            raise KeyError(card_id)
        return card

    def __contains__(self, card_id: object) -> bool:
        return isinstance(card_id, int) and card_id in self.cards

    def __iter__(self) -> Iterator[Card]:
        return iter(self.cards.values())

    def __len__(self) -> int:
        return len(self.cards)

    def pile_ids(self, pile: PileName) -> tuple[int, ...]:
        """The cards of a pile's type (standard, or edge with the tops)."""
        return self.standard_ids if pile == "standard" else self.edge_ids

    def glyph(self, card: Card) -> str:
        """The card for a screen: ``S4☉``, ``E3``, ``T8``, ``E2☾<`` (a left-only edge)."""
        text = f"{_LETTER_OF[card.kind]}{card.value}"
        if card.symbol is not None:
            text += self.symbols.get(card.symbol, card.symbol)
        if card.side is not None:
            text += "<" if card.side == "left" else ">"
        return text

    def with_label(self, label: str) -> tuple[Card, ...]:
        """Every card with this label (interchangeable in play), lowest id first."""
        return tuple(card for card in self.cards.values() if card.label == label)

    def parse_card(self, text: str) -> Card:
        """The card named by ``text``: an id (``17`` or ``#17``) or a label (``S4-sun``,
        case-insensitive; the lowest id of the cards with that label).

        Raises :class:`CardTextError` naming the text when the deck holds no such card.
        """
        cleaned = text.strip()
        by_id = _ID.fullmatch(cleaned)
        card_id = parse_whole(by_id.group(1)) if by_id else None
        if card_id is not None:
            if card_id in self.cards:
                return self.cards[card_id]
            raise CardTextError(f"no card #{card_id} in this deck")
        label = normalize_label(cleaned)
        if label is None:
            raise CardTextError(
                f"{cleaned!r} is not a card (an id such as #17, or a label such as S4-sun)"
            )
        matches = self.with_label(label)
        if not matches:
            raise CardTextError(f"no card {label} in this deck")
        return matches[0]


def normalize_label(text: str) -> str | None:
    """``text`` as a label in its canonical case (``s4-SUN`` -> ``S4-sun``), or ``None``."""
    match = _LABEL.match(text.strip())
    if not match:
        return None
    letter, value, symbol, side = match.groups()
    label = f"{letter.upper()}{value}"
    if symbol:
        label += f"-{symbol.lower()}"
    if side:
        label += f"-{side.upper()}"
    return label


# --- the card file -------------------------------------------------------------------------


def bundled_deck_path() -> Path:
    """Path of the bundled Pyramid of the Sun deck (``data/sun_cards.yaml``)."""
    return _FILE.bundled_path


BUNDLED_NAME = "sun_cards.yaml (bundled)"


def load_deck(path: str | Path | None = None) -> Deck:
    """The deck of the card file at ``path`` (the bundled deck when ``None``).

    Raises :class:`SunDeckError` (a :class:`~silverpyr.solver.core.reader.ReadError`) naming the
    file, the card and the key of every problem.
    """
    return _FILE.load(path)


def check_deck_file(path: str | Path | None = None) -> tuple[Deck | None, Problems]:
    """Read and check a card file: the deck (``None`` when unusable) and every problem."""
    return _FILE.check(path)


def parse_deck(data: Any, source: str, problems: Problems | None = None) -> Deck | None:
    """The deck described by ``data`` (a card file's content); problems are recorded in
    ``problems`` (or raised as one :class:`SunDeckError` when it is ``None``)."""
    return parse_recorded(data, source, problems, _read_deck, SunDeckError)


def _read_deck(top: Field, source: str) -> Deck | None:
    found = top.problems
    if not top.mapping(
        ("format", "symbols", "cards"), expected="a mapping of format, symbols, cards"
    ):
        return None
    top.at("format").integer(FORMAT_VERSION, FORMAT_VERSION)
    symbols = _read_symbols(top.at("symbols"))
    cards: dict[int, Card] = {}
    for index, item in enumerate(top.at("cards").items(low=1, what="a list of cards")):
        card = _read_card(item, index, symbols)
        if card is None:
            continue
        if card.id in cards:
            found.add(f"the id {card.id} is used twice", f"cards[{index}].id")
            continue
        cards[card.id] = card
    if not found:
        _check_counts(list(cards.values()), found)
    if found:
        return None
    return Deck(cards, symbols, source)


_FILE = ComponentsFile("sun_cards.yaml", parse_deck, SunDeckError)


def _read_symbols(entry: Field) -> dict[str, str]:
    symbols: dict[str, str] = {}
    for name, where in entry.pairs("a mapping of symbol name to glyph (e.g. sun: ☉)"):
        if not isinstance(name, str) or not _SYMBOL_NAME.match(name):
            where.fail("a symbol's name is 2 to 12 lowercase letters a-z")
            continue
        text = where.text(what="a glyph (one character)")
        if text is None:
            continue
        if len(text) != 1 or not text.isprintable() or text.isspace():
            where.fail(f"{text!r} is not one printable character")
            continue
        symbols[name] = text
    return symbols


def _read_card(item: Field, index: int, symbols: Mapping[str, str]) -> Card | None:
    raw_id = item.value.get("id") if isinstance(item.value, dict) else None
    where = f"cards[{index}]"
    if isinstance(raw_id, int) and not isinstance(raw_id, bool):
        where += f" (card {raw_id})"
    entry = Field(item.value, where, item.problems)
    if not entry.mapping(("id", "kind", "value", "symbol", "side"), expected="a card mapping"):
        return None
    before = len(entry.problems)
    card_id = entry.at("id").integer(1, MAX_CARD_ID)
    kind = entry.at("kind").text(what="a kind: base, standard, edge or top")
    if kind is not None and kind not in KINDS:
        entry.at("kind").fail(f"{kind!r} is not a kind (base, standard, edge or top)")
        kind = None
    value_field = entry.at("value")
    value: int | None
    if kind == "base":
        value = value_field.integer(0, 0, default=0)
    else:
        value = value_field.integer(1, MAX_VALUE)
    symbol_field = entry.at("symbol")
    symbol: str | None = None
    if not symbol_field.missing:
        symbol = symbol_field.text(what="a symbol's name")
        if symbol is not None and symbol not in symbols:
            known = ", ".join(symbols) or "none declared under `symbols`"
            symbol_field.fail(f"{symbol!r} is not a symbol of this file (symbols: {known})")
            symbol = None
        if symbol is not None and kind == "base":
            symbol_field.fail("a base card has no symbol")
    side_field = entry.at("side")
    side: Side | None = None
    if not side_field.missing:
        text = side_field.text(what="left or right")
        if text is not None and text not in ("left", "right"):
            side_field.fail(f"{text!r} is not a side (left or right)")
        elif text is not None and kind in ("standard", "top"):
            side_field.fail(f"a {kind} card has no side (only base and edge cards do)")
        elif text == "left":
            side = "left"
        elif text == "right":
            side = "right"
    if len(entry.problems) > before or card_id is None or kind is None or value is None:
        return None
    return Card(card_id, kind, value, symbol, side)


def _check_counts(cards: list[Card], problems: Problems) -> None:
    counts = {kind: sum(1 for card in cards if card.kind == kind) for kind in KINDS}
    where = "cards"
    if counts["base"] != BASE_CARDS:
        problems.add(f"{counts['base']} base cards; a deck has exactly {BASE_CARDS}", where)
    if counts["standard"] != STANDARD_CARDS:
        problems.add(
            f"{counts['standard']} standard cards; a deck has exactly {STANDARD_CARDS}", where
        )
    edge = counts["edge"] + counts["top"]
    if edge != EDGE_CARDS:
        problems.add(f"{edge} edge and top cards; a deck has exactly {EDGE_CARDS}", where)
    if counts["top"] < 1:
        problems.add("no top card; a deck has at least one", where)
    for side in ("left", "right"):
        sided = sum(1 for card in cards if card.kind == "base" and card.side == side)
        if sided != 1:
            problems.add(f"{sided} base cards with side: {side}; a deck has exactly one", where)
    edges_left = sum(1 for c in cards if c.kind == "edge" and c.side != "right")
    edges_right = sum(1 for c in cards if c.kind == "edge" and c.side != "left")
    if counts["edge"] and (edges_left == 0 or edges_right == 0):
        problems.add(
            "no edge card fits one end of a row (every edge card has the same side)", where
        )


# --- summaries (the `sun cards` commands) ----------------------------------------------------


def deck_summary(deck: Deck) -> dict[str, Any]:
    """The deck in numbers, as plain data: source, fingerprint, counts by kind, by symbol,
    and values by kind (value -> count)."""
    by_kind: dict[str, int] = {kind: 0 for kind in KINDS}
    by_symbol: dict[str, int] = {name: 0 for name in deck.symbols}
    no_symbol = 0
    values: dict[str, dict[int, int]] = {kind: {} for kind in KINDS}
    for card in deck:
        by_kind[card.kind] += 1
        if card.kind != "base":
            if card.symbol is None:
                no_symbol += 1
            else:
                by_symbol[card.symbol] = by_symbol.get(card.symbol, 0) + 1
        values[card.kind][card.value] = values[card.kind].get(card.value, 0) + 1
    return {
        "source": deck.source,
        "fingerprint": deck.fingerprint,
        "cards": len(deck),
        "by_kind": by_kind,
        "symbols": dict(deck.symbols),
        "by_symbol": by_symbol,
        "without_symbol": no_symbol,
        "values": {kind: dict(sorted(counts.items())) for kind, counts in values.items()},
    }


def deck_to_dict(deck: Deck) -> dict[str, Any]:
    """The deck in the card file's format (``format``, ``symbols``, ``cards``)."""
    cards: list[dict[str, Any]] = []
    for card in deck:
        entry: dict[str, Any] = {"id": card.id, "kind": card.kind}
        if card.kind != "base":
            entry["value"] = card.value
        if card.symbol is not None:
            entry["symbol"] = card.symbol
        if card.side is not None:
            entry["side"] = card.side
        cards.append(entry)
    return {"format": FORMAT_VERSION, "symbols": dict(deck.symbols), "cards": cards}
