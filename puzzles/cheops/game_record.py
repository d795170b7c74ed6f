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

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ...solver.cheops.components import Components
from ...solver.cheops.game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    CheopsState,
    Move,
    Outcome,
    apply,
    new_game,
    parse_move,
)
from ...solver.errors import SilverpyrError
from ...solver.reader import Field, Problems, ReadError
from ...solver.rng import seed_problem
from ..records_file import RecordPathError, load_json_record, record_target, save_text

FORMAT = "silverpyr cheops game record"
VERSION = 1
PERSON = "human"
_KEYS = ("format", "version", "components", "seed", "players", "moves", "outcome")


class GameRecordError(ReadError):
    """A game record that cannot be read (every problem, with its place)."""


class RecordReplayError(SilverpyrError, ValueError):
    """A record whose moves do not replay through the engine (the first one that does not)."""


@dataclass(frozen=True)
class GameRecord:
    """A game's components, seed, seats and every final move (module docstring)."""

    components: str
    seed: int
    players: tuple[str, ...]
    moves: tuple[tuple[int, str], ...] = ()
    outcome: dict[str, Any] | None = None

    @classmethod
    def start(cls, components: Components, seed: int, bots: Sequence[str]) -> GameRecord:
        """The record of a new game: you in seat 0, ``bots`` in the others."""
        return cls(components.fingerprint, seed, (PERSON, *bots))

    def with_move(self, seat: int, move: Move) -> GameRecord:
        return replace(self, moves=(*self.moves, (seat, move.notation())))

    def with_outcome(self, result: Outcome) -> GameRecord:
        return replace(
            self,
            outcome={
                "winners": list(result.winners),
                "money": list(result.money),
                "reason": result.reason,
            },
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "components": self.components,
            "seed": self.seed,
            "players": list(self.players),
            "moves": [[seat, text] for seat, text in self.moves],
            "outcome": self.outcome,
        }

    def save(self, path: Path) -> None:
        """Write the record to ``path`` atomically (checked by :func:`record_target`)."""
        save_text(path, json.dumps(self.to_dict(), indent=1) + "\n")


def load_record(path: Path) -> GameRecord:
    """Read the record at ``path`` (strict: every problem, with its place)."""
    return load_json_record(path, parse_record, GameRecordError)


def parse_record(data: Any, source: str) -> GameRecord:
    """The record in ``data`` (a parsed JSON document); ``source`` names it in problems."""
    from .registry import NAMES

    problems = Problems(source)
    top = Field.root(data, problems)
    record: GameRecord | None = None
    if top.mapping(_KEYS, expected="a Cheops game record (format, seed, players, moves)"):
        kind = top.at("format").text(what=repr(FORMAT))
        if kind is not None and kind != FORMAT:
            top.at("format").fail(f"expected {FORMAT!r}, not {kind!r}")
        top.at("version").integer(VERSION, VERSION)
        components = top.at("components").text(what="the components' fingerprint")
        seed_field = top.at("seed")
        seed = seed_field.whole()
        if seed is not None and seed_problem(seed) is not None:
            seed_field.fail(str(seed_problem(seed)))
            seed = None
        players_field = top.at("players")
        players = players_field.text_list(low=MIN_PLAYERS, what="a list of players")
        if players is not None and len(players) > MAX_PLAYERS:
            players_field.fail(f"{len(players)} players: a game has {MIN_PLAYERS}-{MAX_PLAYERS}")
            players = None
        if players is not None:
            unknown = [name for name in players if name != PERSON and name not in NAMES]
            if unknown:
                players_field.fail(
                    f"no player is named {unknown[0]!r} ({PERSON!r} or a bot: {', '.join(NAMES)})"
                )
                players = None
        moves: list[tuple[int, str]] = []
        for item in top.at("moves").items(what="a list of [seat, move]"):
            pair = item.items(low=2, high=2, what="[seat, move]")
            if len(pair) != 2:
                continue
            seat = pair[0].integer(0, MAX_PLAYERS - 1)
            text = pair[1].text(what="a move in notation")
            if seat is not None and text is not None:
                moves.append((seat, text))
        outcome_field = top.at("outcome")
        outcome = outcome_field.value if outcome_field.present else None
        if outcome is not None and not isinstance(outcome, dict):
            outcome_field.fail("expected null or a mapping (winners, money, reason)")
            outcome = None
        if not problems and components and seed is not None and players:
            record = GameRecord(components, seed, tuple(players), tuple(moves), outcome)
    problems.raise_if_any(GameRecordError)
    assert record is not None
    return record


def replay(record: GameRecord, components: Components) -> CheopsState:
    """The state the record's moves lead to, each applied through the engine; raises
    :class:`RecordReplayError` for other components, a move of the wrong seat or one the
    rules refuse (naming its index and why)."""
    if record.components != components.fingerprint:
        raise RecordReplayError(
            "the record was played with other components "
            f"({record.components}, not {components.fingerprint}): load them with --cards"
        )
    state = new_game(components, len(record.players), record.seed)
    for index, (seat, text) in enumerate(record.moves):
        if state.over:
            raise RecordReplayError(f"moves[{index}] ({text!r}): the game is already over")
        if seat != state.turn:
            raise RecordReplayError(
                f"moves[{index}] ({text!r}): seat {seat} moves, but it is seat {state.turn}'s turn"
            )
        try:
            state = apply(state, parse_move(state, text))
        except SilverpyrError as error:
            raise RecordReplayError(f"moves[{index}] ({text!r}): {error}") from None
    return state


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
]
