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

import json
from collections.abc import Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from ...solver.errors import SilverpyrError
from ...solver.reader import Field, Problems, ReadError
from ...solver.rng import seed_problem
from ...solver.sun.cards import Deck
from ...solver.sun.game import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    SIZES,
    Move,
    Outcome,
    SunState,
    apply,
    new_game,
    parse_move,
)
from ..records_file import RecordPathError, load_json_record, record_target, save_text

FORMAT = "silverpyr sun game record"
VERSION = 1
PERSON = "human"
_KEYS = ("format", "version", "deck", "seed", "size", "players", "moves", "outcome")


class GameRecordError(ReadError):
    """A game record that cannot be read (every problem, with its place)."""


class RecordReplayError(SilverpyrError, ValueError):
    """A record whose moves do not replay through the engine (the first one that does not)."""


@dataclass(frozen=True)
class GameRecord:
    """A game's deck, seed, size, seats and every final move (module docstring)."""

    deck: str
    seed: int
    size: str
    players: tuple[str, ...]
    moves: tuple[tuple[int, str], ...] = ()
    outcome: dict[str, Any] | None = None

    @classmethod
    def start(cls, deck: Deck, seed: int, size: str, bots: Sequence[str]) -> GameRecord:
        """The record of a new game: you in seat 0, ``bots`` in the others."""
        return cls(deck.fingerprint, seed, size, (PERSON, *bots))

    def with_move(self, seat: int, move: Move) -> GameRecord:
        return replace(self, moves=(*self.moves, (seat, move.notation())))

    def with_outcome(self, result: Outcome) -> GameRecord:
        return replace(
            self,
            outcome={
                "winners": list(result.winners),
                "scores": list(result.scores),
                "reason": result.reason,
            },
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "deck": self.deck,
            "seed": self.seed,
            "size": self.size,
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
    """The record in ``data`` (a parsed JSON document)."""
    problems = Problems(source)
    top = Field.root(data, problems)
    record: GameRecord | None = None
    if top.mapping(_KEYS, expected="a Sun game record (format, seed, size, players, moves)"):
        kind = top.at("format").text(what=repr(FORMAT))
        if kind is not None and kind != FORMAT:
            top.at("format").fail(f"expected {FORMAT!r}, not {kind!r}")
        top.at("version").integer(VERSION, VERSION)
        deck = top.at("deck").text(what="the deck's fingerprint")
        seed_field = top.at("seed")
        seed = seed_field.whole()
        if seed is not None and seed_problem(seed) is not None:
            seed_field.fail(str(seed_problem(seed)))
            seed = None
        size = top.at("size").text(what="a pyramid size")
        if size is not None and size not in SIZES:
            top.at("size").fail(f"{size!r} is not a pyramid size (short, standard or long)")
            size = None
        players_field = top.at("players")
        players = players_field.text_list(low=MIN_PLAYERS, what="a list of players")
        if players is not None and len(players) > MAX_PLAYERS:
            players_field.fail(f"{len(players)} players: a game has {MIN_PLAYERS}-{MAX_PLAYERS}")
            players = None
        moves: list[tuple[int, str]] = []
        for index, item in enumerate(top.at("moves").items(what="a list of [seat, move]")):
            pair = item.items(low=2, high=2, what="[seat, move]")
            if len(pair) != 2:
                continue
            seat = pair[0].integer(0, MAX_PLAYERS - 1)
            text = pair[1].text(what="a move in notation")
            if seat is not None and text is not None:
                moves.append((seat, text))
            del index
        outcome_field = top.at("outcome")
        outcome = outcome_field.value if outcome_field.present else None
        if outcome is not None and not isinstance(outcome, dict):
            outcome_field.fail("expected null or a mapping (winners, scores, reason)")
            outcome = None
        if not problems and deck and seed is not None and size and players:
            record = GameRecord(deck, seed, size, tuple(players), tuple(moves), outcome)
    problems.raise_if_any(GameRecordError)
    assert record is not None
    return record


def replay(record: GameRecord, deck: Deck) -> SunState:
    """The state the record's moves lead to, each applied through the engine; raises
    :class:`RecordReplayError` for another deck, a move of the wrong seat or one the rules
    refuse (naming its index and why)."""
    if record.deck != deck.fingerprint:
        raise RecordReplayError(
            f"the record was played with another deck ({record.deck}, not {deck.fingerprint})"
        )
    state = new_game(deck, len(record.players), record.size, record.seed)
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
