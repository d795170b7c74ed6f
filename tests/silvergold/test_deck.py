"""The bundled 48-card deck: its design targets and its seeded generator."""

from __future__ import annotations

import importlib.util
import random
import statistics
import sys
from collections import Counter
from pathlib import Path
from types import ModuleType

import pytest

from silverpyr.solver.silvergold.cards import Color, Deck, Symbol
from silverpyr.solver.silvergold.deckfile import bundled_deck_path
from silverpyr.solver.silvergold.routes import (
    richest_route,
    route_skulls,
    safest_route,
    shortest_route,
    shortest_route_length,
)

GENERATOR_PATH = Path(__file__).resolve().parents[2] / "tools" / "generate_deck.py"


@pytest.fixture(scope="module")
def generator() -> ModuleType:
    """``tools/generate_deck.py`` imported as a module."""
    spec = importlib.util.spec_from_file_location("generate_deck", GENERATOR_PATH)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while being built
    spec.loader.exec_module(module)
    return module


def test_generator_check_passes(generator: ModuleType) -> None:
    assert generator.main(["--check"]) == 0


def test_check_fails_on_a_changed_file(generator: ModuleType, tmp_path: Path) -> None:
    edited = tmp_path / "cards.yaml"
    edited.write_text(bundled_deck_path().read_text(encoding="utf-8") + "# hand edit\n")
    assert generator.main(["--check", "--path", str(edited)]) == 1


def test_file_round_trips_through_the_loader(generator: ModuleType, deck: Deck) -> None:
    text = bundled_deck_path().read_text(encoding="utf-8")
    assert generator.render_deck(deck.pyramids) == text


def test_file_shape(deck: Deck) -> None:
    text = bundled_deck_path().read_text(encoding="utf-8")
    assert "ORIGINAL deck" in text and "NOT a transcription" in text
    assert "--cards my.yaml" in text and "tools/generate_deck.py" in text
    assert '  - {name: L3, count: 2, pattern: ["X.", "XX"]}\n' in text
    assert "  - number: 1\n    color: " in text
    assert sum(line.startswith("    room: [") for line in text.splitlines()) == 48


def test_stats_describe_every_colour(generator: ModuleType, deck: Deck) -> None:
    stats = generator.deck_stats(deck)
    for color in Color:
        assert f"{color.value} " in stats
    assert "red gem   total  60" in stats


def test_another_seed_also_meets_its_plans(generator: ModuleType, deck: Deck) -> None:
    cards = generator.generate_cards(seed=7)
    assert cards != list(deck.pyramids)
    plans = generator.plan_deck(random.Random(7))
    for card, plan in zip(cards, plans, strict=True):
        assert shortest_route_length(card.room) == plan.route_length
        scattered = Counter(s for s in card.room.symbols if s not in generator.LAYOUT_SYMBOLS)
        assert scattered == Counter(plan.symbols())
        if plan.detour_pays:
            assert len(richest_route(card.room)) > plan.route_length


def test_deck_has_48_valid_cards_16_per_colour(deck: Deck) -> None:
    assert sorted(card.number for card in deck.pyramids) == list(range(1, 49))
    assert Counter(card.color for card in deck.pyramids) == dict.fromkeys(Color, 16)


def test_no_two_rooms_equal_even_mirrored(deck: Deck) -> None:
    seen: set[object] = set()
    for card in deck.pyramids:
        assert card.room not in seen and card.room.mirrored() not in seen, card.number
        seen.add(card.room)


def test_route_lengths_spread_within_each_colour(deck: Deck) -> None:
    for color in Color:
        lengths = [shortest_route_length(c.room) for c in deck.pyramids if c.color is color]
        assert min(lengths) >= 5 and max(lengths) <= 11
        assert len(set(lengths)) >= 5, color
        assert min(lengths) <= 6 and max(lengths) >= 9, color
        assert 7 <= statistics.median(lengths) <= 9, color


def test_walls_and_gems_per_room(deck: Deck) -> None:
    rooms = [card.room for card in deck.pyramids]
    assert all(3 <= room.count(Symbol.WALL) <= 6 for room in rooms)
    assert 4 <= statistics.mean(room.count(Symbol.WALL) for room in rooms) <= 5
    assert all(
        2 <= room.count(Symbol.RED_GEM) + room.count(Symbol.GREEN_GEM) <= 3 for room in rooms
    )
    red = sum(room.count(Symbol.RED_GEM) for room in rooms)
    green = sum(room.count(Symbol.GREEN_GEM) for room in rooms)
    assert abs(red - green) <= 0.1 * max(red, green)


def test_other_symbols_per_room(deck: Deck) -> None:
    rooms = [card.room for card in deck.pyramids]

    def share(symbol: Symbol) -> float:
        return sum(room.count(symbol) > 0 for room in rooms) / len(rooms)

    assert all(room.count(s) <= 1 for room in rooms for s in (Symbol.TORCH, Symbol.POTION))
    assert all(room.count(Symbol.CROSS) <= 1 for room in rooms)
    assert all(room.count(Symbol.SKULL) <= 2 for room in rooms)
    assert 0.4 <= share(Symbol.TORCH) <= 0.6
    assert 0.25 <= share(Symbol.POTION) <= 0.42
    assert 0.55 <= share(Symbol.CROSS) <= 0.75
    assert share(Symbol.SKULL) >= 0.75


def test_some_rooms_force_a_choice_about_a_skull(deck: Deck) -> None:
    forced = 0
    for card in deck.pyramids:
        length = shortest_route_length(card.room)
        safest = safest_route(card.room)
        if route_skulls(card.room, safest) > 0 or len(safest) > length:
            forced += 1
    assert 5 <= forced <= 24


def test_leaving_the_shortest_route_often_pays(deck: Deck) -> None:
    differ = sum(richest_route(c.room) != shortest_route(c.room) for c in deck.pyramids)
    assert differ >= len(deck.pyramids) / 3
