"""A Cheops game saved as a record, and replayed move by move through the engine.

A game is fixed by its components, seed and seats; the rest is the moves. ``silverpyr cheops
game --record FILE`` writes the record (JSON) after every confirmed turn (and at the end), so
an unfinished game is kept too::

    {"format": "silverpyr cheops game record", "version": 1, "components": "<fingerprint>",
     "seed": 42, "players": ["human", "greedy"],
     "moves": [[1, "take a4 B"], [1, "sell"], [1, "draw 2"], [0, "buy"], ...],
     "outcome": null}

``players`` names the player of each seat (``human`` for a person, else a bot of the
registry, :mod:`.registry`); ``moves`` holds every final move of every seat in order, as
``[seat, notation]`` (the engine's notation, :func:`~silverpyr.solver.cheops.game.parse_move`);
``outcome`` is ``{"winners": [...], "money": [...], "reason": "boards"}`` once the game has
ended. :func:`replay` plays the moves through the engine
(:func:`~silverpyr.solver.cheops.game.apply`): a move of the wrong seat, or one the rules
refuse, is an error naming the move's index. The record is read by the strict reader: every
problem with its place; unknown bots in ``players`` are named too.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...solver.cheops.components import Components
from ...solver.cheops.game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    CheopsState,
    Move,
    apply,
    new_game,
    parse_move,
)
from ...solver.core.reader import Field
from ..core.records_file import PERSON, MovesRecord, RecordGame, RecordShape
from ..core.records_file import GameRecordError as GameRecordError
from ..core.records_file import RecordPathError as RecordPathError
from ..core.records_file import RecordReplayError as RecordReplayError
from ..core.records_file import record_target as record_target

FORMAT = "silverpyr cheops game record"
VERSION = 1
_KEYS = ("format", "version", "components", "seed", "players", "moves", "outcome")


SHAPE = RecordShape(
    FORMAT,
    VERSION,
    _KEYS,
    "a Cheops game record (format, seed, players, moves)",
    "components",
    "the components' fingerprint",
    MIN_PLAYERS,
    MAX_PLAYERS,
    "money",
    GameRecordError,
    "cheops",
    (),
)


@dataclass(frozen=True)
class GameRecord(MovesRecord, shape=SHAPE):
    """A game's components, seed, seats and every final move (module docstring)."""

    components: str
    seed: int
    players: tuple[str, ...]
    moves: tuple[tuple[int | None, str], ...] = ()
    outcome: dict[str, Any] | None = None


def _unknown_players(players: Sequence[str]) -> str | None:
    from .registry import REGISTRY

    unknown = [name for name in players if name != PERSON and name not in REGISTRY]
    if unknown:
        return f"no player is named {unknown[0]!r} ({PERSON!r} or a bot: {REGISTRY.known()})"
    return None


def _no_own_keys(top: Field) -> bool:
    return True


def parse_record(data: Any, source: str) -> GameRecord:
    """The record in ``data`` (a parsed JSON document); ``source`` names it in problems (the
    core's :meth:`~silverpyr.puzzles.core.records_file.RecordShape.read`, unknown bots named)."""
    fields = SHAPE.read(data, source, _no_own_keys, _unknown_players)
    return GameRecord(fields.fingerprint, fields.seed, fields.players, fields.moves, fields.outcome)


EARLIER_RULINGS = (
    "a record made under silverpyr's earlier Cheops rulings (a compulsory draw, kept laws at "
    "a turn's start only, touching neighbours, law 9's colour chosen by the engine) may not "
    "replay: docs/cheops-rules.md"
)
"""Said with every move that does not replay: the rules follow the rulebook's text now."""


def replay_error(message: str) -> RecordReplayError:
    """A move of the record that does not replay (``message`` names it), with the rulings'
    change that may be why."""
    return RecordReplayError(f"{message} ({EARLIER_RULINGS})")


def _start(record: GameRecord, components: Components) -> CheopsState:
    return new_game(components, len(record.players), record.seed)


RECORDS: RecordGame[GameRecord, Components, CheopsState, Move] = RecordGame(
    parse_record,
    _start,
    "the record was played with other components ({}, not {}): load them with --cards",
    parse_move,
    apply,
    replay_error,
)
"""The game's declaration to the core's records (:class:`~.records_file.RecordGame`)."""
load_record = RECORDS.load_record
start_of = RECORDS.start_of
replay = RECORDS.replay
