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

from dataclasses import dataclass
from typing import Any

from ...solver.core.reader import Field
from ...solver.sun.cards import Deck
from ...solver.sun.game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SIZES,
    Move,
    SunState,
    apply,
    new_game,
    parse_move,
)
from ..core.records_file import GameRecordError as GameRecordError
from ..core.records_file import MovesRecord, RecordGame, RecordShape
from ..core.records_file import RecordPathError as RecordPathError
from ..core.records_file import RecordReplayError as RecordReplayError
from ..core.records_file import record_target as record_target

FORMAT = "silverpyr sun game record"
VERSION = 1
_KEYS = ("format", "version", "deck", "seed", "size", "players", "moves", "outcome")

SHAPE = RecordShape(
    FORMAT,
    VERSION,
    _KEYS,
    "a Sun game record (format, seed, size, players, moves)",
    "deck",
    "the deck's fingerprint",
    MIN_PLAYERS,
    MAX_PLAYERS,
    "scores",
    GameRecordError,
    "sun",
    ("size",),
)


@dataclass(frozen=True)
class GameRecord(MovesRecord, shape=SHAPE):
    """A game's deck, seed, size, seats and every final move (module docstring)."""

    deck: str
    seed: int
    size: str
    players: tuple[str, ...]
    moves: tuple[tuple[int | None, str], ...] = ()
    outcome: dict[str, Any] | None = None


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


def _start(record: GameRecord, deck: Deck) -> SunState:
    return new_game(deck, len(record.players), record.size, record.seed)


RECORDS: RecordGame[GameRecord, Deck, SunState, Move] = RecordGame(
    parse_record,
    _start,
    "the record was played with another deck ({}, not {})",
    parse_move,
    apply,
    RecordReplayError,
)
"""The game's declaration to the core's records (:class:`~.records_file.RecordGame`)."""
load_record = RECORDS.load_record
start_of = RECORDS.start_of
replay = RECORDS.replay
replay_error = RECORDS.replay_error
