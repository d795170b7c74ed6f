"""A Pyramid of the Sun game saved as a record, and replayed move by move through the engine.

A game is fixed by its deck, seed, size and seats; the rest is the moves. ``silverpyr sun
game --record FILE`` writes the record (JSON) after every final decision, so an unfinished
game is kept too::

    {"format": "silverpyr sun game record", "version": 1, "deck": "<fingerprint>",
     "seed": 42, "size": "standard", "players": ["human", "greedy"],
     "moves": [[1, "#17@1c"], [1, "end"], [0, "draw standard"], ...],
     "outcome": null}

``players`` names the player of each seat (``human`` for a person, else a bot of the
registry); ``moves`` holds every final move of every seat in order, as ``[seat, notation]``
with cards by id (``#17@1c``: exact even for twin cards, Ruling R14); ``outcome`` is
``{"winners": [...], "scores": [...], "reason": "top"}`` once the game has ended.
:func:`replay` plays the moves through the engine (:func:`~silverpyr.solver.sun.game.apply`):
a move of the wrong seat, or one the rules refuse, is an error naming the move's index.
The record is read by the strict reader: every problem with its place.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...solver.core.errors import SilverpyrError
from ...solver.core.reader import Field, ReadError
from ...solver.sun.cards import Deck
from ...solver.sun.game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SIZES,
    SunState,
    apply,
    new_game,
    parse_move,
)
from ..core.records_file import (
    PERSON,
    MovesRecord,
    RecordPathError,
    RecordShape,
    load_json_record,
    record_target,
    replay_moves,
)

FORMAT = "silverpyr sun game record"
VERSION = 1
_KEYS = ("format", "version", "deck", "seed", "size", "players", "moves", "outcome")


class GameRecordError(ReadError):
    """A game record that cannot be read (every problem, with its place)."""


SHAPE = RecordShape(
    FORMAT,
    VERSION,
    _KEYS,
    "a Sun game record (format, seed, size, players, moves)",
    "deck",
    "the deck's fingerprint",
    MIN_PLAYERS,
    MAX_PLAYERS,
    "winners, scores, reason",
    GameRecordError,
    "sun",
    ("size",),
)


class RecordReplayError(SilverpyrError, ValueError):
    """A record whose moves do not replay through the engine (the first one that does not)."""


@dataclass(frozen=True)
class GameRecord(MovesRecord):
    """A game's deck, seed, size, seats and every final move (module docstring)."""

    deck: str
    seed: int
    size: str
    players: tuple[str, ...]
    moves: tuple[tuple[int | None, str], ...] = ()
    outcome: dict[str, Any] | None = None

    shape = SHAPE
    points = "scores"

    @classmethod
    def start(cls, deck: Deck, seed: int, size: str, bots: Sequence[str]) -> GameRecord:
        """The record of a new game: you in seat 0, ``bots`` in the others."""
        return cls(deck.fingerprint, seed, size, (PERSON, *bots))


def load_record(path: Path) -> GameRecord:
    """Read the record at ``path`` (strict: every problem, with its place)."""
    return load_json_record(path, parse_record, GameRecordError)


def _size(top: Field) -> str | None:
    size = top.at("size").text(what="a pyramid size")
    if size is not None and size not in SIZES:
        top.at("size").fail(f"{size!r} is not a pyramid size (short, standard or long)")
        return None
    return size


def parse_record(data: Any, source: str) -> GameRecord:
    """The record in ``data`` (a parsed JSON document): the core's
    :meth:`~silverpyr.puzzles.core.records_file.RecordShape.read`, the pyramid's size read after
    the seed."""
    fields = SHAPE.read(data, source, _size)
    return GameRecord(
        fields.fingerprint, fields.seed, fields.own, fields.players, fields.moves, fields.outcome
    )


def start_of(record: GameRecord, deck: Deck) -> SunState:
    """The record's game before its first move (:class:`RecordReplayError` for another deck)."""
    if record.deck != deck.fingerprint:
        raise RecordReplayError(
            f"the record was played with another deck ({record.deck}, not {deck.fingerprint})"
        )
    return new_game(deck, len(record.players), record.size, record.seed)


def replay(record: GameRecord, deck: Deck) -> SunState:
    """The state the record's moves lead to, each applied through the engine; raises
    :class:`RecordReplayError` for another deck, a move of the wrong seat or one the rules
    refuse (naming its index and why)."""
    return replay_moves(start_of(record, deck), record.moves, parse_move, apply, replay_error)


def replay_error(message: str) -> RecordReplayError:
    """A move of the record that does not replay (``message`` names it)."""
    return RecordReplayError(message)


__all__ = [
    "FORMAT",
    "PERSON",
    "GameRecord",
    "GameRecordError",
    "RecordPathError",
    "RecordReplayError",
    "load_record",
    "parse_record",
    "record_target",
    "replay",
    "replay_error",
    "start_of",
]
