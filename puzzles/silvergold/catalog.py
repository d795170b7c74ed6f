"""Puzzles by id, generated once and then read from the results database's cache, and
puzzles loaded from files: their par proven, rated, and their id kept when a seed makes them.

The cache key holds the generator version, a fingerprint of the deck (``--cards`` can
change every card) and the id, so a cached puzzle is exactly what generating would give.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import replace
from pathlib import Path
from typing import Any

from ...solver.core.errors import SilverpyrError
from ...solver.silvergold.cards import Deck
from ..core.ahead import read_made_ahead
from ..core.store import FIRST_GAME, Store
from .fileformat import puzzle_from_data, read_puzzle_file
from .generate import (
    GENERATOR_VERSION,
    Draft,
    evaluate,
    generate_puzzle,
    make_puzzle,
    measure_features,
)
from .ids import CUSTOM_PREFIX, PuzzleId, parse_puzzle_id
from .kinds import PuzzleError
from .puzzle import Puzzle


def cache_key(deck: Deck, puzzle_id: str) -> str:
    """Where the puzzle ``puzzle_id`` of ``deck`` is cached."""
    return f"v{GENERATOR_VERSION}|{deck.fingerprint}|{puzzle_id}"


def get_puzzle(deck: Deck, text: str, store: Store | None = None) -> Puzzle:
    """The puzzle of id ``text``: from ``store``'s cache, else made ahead
    (:mod:`~silverpyr.puzzles.core.ahead`), else generated (and cached)."""
    puzzle_id = parse_puzzle_id(text)
    key = cache_key(deck, puzzle_id.text)
    data = store.cached_puzzle(key) if store is not None else None
    if data is not None:
        try:
            return puzzle_from_data(data, deck, source="the puzzle cache")
        except _DAMAGED as error:
            # an entry that does not read is regenerated and replaced below, with a word
            problem = str(error) if isinstance(error, SilverpyrError) else "not a puzzle"
            assert store is not None  # only a store has a cache
            store.warn_cache(key, problem.removeprefix("the puzzle cache: "))
    ahead = read_made_ahead(
        FIRST_GAME,
        key,
        lambda made: puzzle_from_data(made, deck, source="the dailies made ahead"),
        _DAMAGED,
    )
    puzzle = ahead or generate_puzzle(deck, puzzle_id)
    if store is not None:
        store.cache_puzzle(key, puzzle.to_dict(with_solution=True))
    return puzzle


_DAMAGED = (SilverpyrError, ValueError, TypeError, KeyError)


# --- puzzle files ---------------------------------------------------------------------


def definition_key(puzzle: Puzzle) -> tuple[Any, ...]:
    """What makes two puzzles the same puzzle (id, par and rating aside)."""
    return (
        puzzle.cards,
        puzzle.round,
        puzzle.turn_in_round,
        puzzle.expeditions,
        puzzle.objective,
        puzzle.start,
    )


def custom_id(puzzle: Puzzle) -> str:
    """A ``custom-`` id hashed from the puzzle's definition."""
    text = json.dumps(
        {
            k: v
            for k, v in puzzle.to_dict().items()
            if k not in {"id", "par", "par_turns", "difficulty", "kind"}
        },
        sort_keys=True,
    )
    return CUSTOM_PREFIX + hashlib.sha256(text.encode("utf-8")).hexdigest()[:12]


def load_puzzle_file(deck: Deck, path: Path) -> Puzzle:
    """Read a puzzle file, prove its par, rate it and settle its id."""
    source = str(path)
    read = read_puzzle_file(deck, path)
    stated = read.puzzle
    draft = Draft(
        stated.cards, stated.round, stated.turn_in_round, stated.expeditions, stated.start
    )
    evaluation = evaluate(deck, draft, stated.objective, trim_sprint=False)
    if isinstance(evaluation, str):
        raise PuzzleError(f"{source}: cannot be a puzzle: {evaluation}")
    features = measure_features(evaluation, stated.objective)
    if features is None:
        raise PuzzleError(
            f"{source}: cannot be a puzzle: the optimal first moves were not counted "
            f"within the work limit"
        )
    puzzle = make_puzzle("", evaluation, stated.objective, features)
    if read.par is not None and read.par != puzzle.par:
        raise PuzzleError(
            f"{source}: the file says par {read.par}, but the proven optimum is {puzzle.par}"
        )
    return _settle_id(deck, puzzle, stated.id)


def _settle_id(deck: Deck, puzzle: Puzzle, stated_id: str) -> Puzzle:
    parsed: PuzzleId | None = None
    if stated_id:
        try:
            parsed = parse_puzzle_id(stated_id)
        except PuzzleError:
            parsed = None
    if parsed is not None and not parsed.custom:
        generated = generate_puzzle(deck, parsed)
        if definition_key(generated) == definition_key(puzzle):
            return generated
    return replace(puzzle, id=custom_id(puzzle))
