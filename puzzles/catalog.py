"""Puzzles by id, generated once and then read from the results database's cache.

The cache key holds the generator version, a fingerprint of the deck (``--cards`` can
change every card) and the id, so a cached puzzle is exactly what generating would give.
"""

from __future__ import annotations

import hashlib

from ..solver.cards import Deck
from .fileformat import puzzle_from_data
from .generate import GENERATOR_VERSION, generate_puzzle
from .ids import parse_puzzle_id
from .kinds import PuzzleError
from .puzzle import Puzzle
from .store import Store


def deck_fingerprint(deck: Deck) -> str:
    """A short hash of every card and expedition card of ``deck``."""
    digest = hashlib.sha256()
    for card in sorted(deck.pyramids, key=lambda c: c.number):
        digest.update(f"{card.number}:{card.color.value}:{'/'.join(card.room.rows())}\n".encode())
    for expedition in deck.expeditions:
        digest.update(
            f"{expedition.name}:{expedition.count}:{'/'.join(expedition.pattern())}\n".encode()
        )
    return digest.hexdigest()[:16]


def cache_key(deck: Deck, puzzle_id: str) -> str:
    """Where the puzzle ``puzzle_id`` of ``deck`` is cached."""
    return f"v{GENERATOR_VERSION}|{deck_fingerprint(deck)}|{puzzle_id}"


def get_puzzle(deck: Deck, text: str, store: Store | None = None) -> Puzzle:
    """The puzzle of id ``text``: from ``store``'s cache, else generated (and cached)."""
    puzzle_id = parse_puzzle_id(text)
    if store is None:
        return generate_puzzle(deck, puzzle_id)
    key = cache_key(deck, puzzle_id.text)
    data = store.cached_puzzle(key)
    if data is not None:
        try:
            return puzzle_from_data(data, deck, source="the puzzle cache")
        except PuzzleError:
            pass  # an unreadable entry is regenerated and replaced below
    puzzle = generate_puzzle(deck, puzzle_id)
    store.cache_puzzle(key, puzzle.to_dict(with_solution=True))
    return puzzle
