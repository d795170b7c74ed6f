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
from pathlib import Path
from typing import Any

from ...solver.cheops.components import Components
from ...solver.cheops.game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    CheopsState,
    apply,
    new_game,
    parse_move,
)
from ...solver.core.errors import SilverpyrError
from ...solver.core.reader import Field, ReadError
from ..core.records_file import (
    PERSON,
    MovesRecord,
    RecordPathError,
    RecordShape,
    load_json_record,
    record_target,
    replay_moves,
)

FORMAT = "silverpyr cheops game record"
VERSION = 1
_KEYS = ("format", "version", "components", "seed", "players", "moves", "outcome")


class GameRecordError(ReadError):
    """A game record that cannot be read (every problem, with its place)."""


SHAPE = RecordShape(
    FORMAT,
    VERSION,
    _KEYS,
    "a Cheops game record (format, seed, players, moves)",
    "components",
    "the components' fingerprint",
    MIN_PLAYERS,
    MAX_PLAYERS,
    "winners, money, reason",
    GameRecordError,
    "cheops",
    (),
)


class RecordReplayError(SilverpyrError, ValueError):
    """A record whose moves do not replay through the engine (the first one that does not)."""


@dataclass(frozen=True)
class GameRecord(MovesRecord):
    """A game's components, seed, seats and every final move (module docstring)."""

    components: str
    seed: int
    players: tuple[str, ...]
    moves: tuple[tuple[int | None, str], ...] = ()
    outcome: dict[str, Any] | None = None

    shape = SHAPE
    points = "money"

    @classmethod
    def start(cls, components: Components, seed: int, bots: Sequence[str]) -> GameRecord:
        """The record of a new game: you in seat 0, ``bots`` in the others."""
        return cls(components.fingerprint, seed, (PERSON, *bots))


def load_record(path: Path) -> GameRecord:
    """Read the record at ``path`` (strict: every problem, with its place)."""
    return load_json_record(path, parse_record, GameRecordError)


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


def replay(record: GameRecord, components: Components) -> CheopsState:
    """The state the record's moves lead to, each applied through the engine; raises
    :class:`RecordReplayError` for other components, a move of the wrong seat or one the
    rules refuse (naming its index and why)."""
    return replay_moves(start_of(record, components), record.moves, parse_move, apply, replay_error)


def start_of(record: GameRecord, components: Components) -> CheopsState:
    """The record's game before its first move (:class:`RecordReplayError` for other
    components)."""
    if record.components != components.fingerprint:
        raise RecordReplayError(
            "the record was played with other components "
            f"({record.components}, not {components.fingerprint}): load them with --cards"
        )
    return new_game(components, len(record.players), record.seed)


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
