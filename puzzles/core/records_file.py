"""Where a game record may be written, writing it, and reading and replaying it, for any game.

:func:`record_target` checks a path before a game starts (and again before the write):
**ruling** only a regular file, or a new name in an existing folder, is ever replaced; a link
to a file is followed; anything else (a FIFO, a device, a folder, a link to such or to
nothing, a missing folder) is refused with :class:`RecordPathError`, so saving never harms
it. :func:`save_text` writes a record atomically (a crash never leaves half a file).

Game-free: a game names its record's shape. Every game's ``game --record`` files share one
(:class:`RecordShape`: ``format``, ``version``, the fingerprint of the game's cards
or components, ``seed``, the game's own keys, ``players``, ``moves`` as ``[seat, notation]``
and ``outcome``), read strictly by :meth:`RecordShape.read` (every problem, with its place),
and :meth:`RecordGame.replay` plays the moves through the game's engine, the first one that
does not replay named by its index (:func:`replay_steps`: each step, for a review too).

The same reader takes a game's **arena record** (``arena --records``: ``format`` 1, ``game``,
the fingerprint, ``seed``, the game's own keys, ``seats`` and ``moves`` as bare notation), so
that anything that reads a record reads both. An arena move names no seat: it is the move of
the seat whose turn it is (``None`` in :attr:`RecordFields.moves`), and the arena's seats are
bots, so it has no outcome to read.
"""

from __future__ import annotations

import json
import os
import stat
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from ...solver.core.errors import SilverpyrError
from ...solver.core.places import write_atomically
from ...solver.core.reader import Field, Problems, ReadError, read_data_file, special_kind
from ...solver.core.rng import seed_problem

R = TypeVar("R")
T = TypeVar("T")

PERSON = "human"
"""A person's seat in every game's record (the others name their bot)."""

ARENA_FORMAT = 1
"""The ``format`` of every game's arena records (a number; a game record's is a name)."""


class RecordPathError(SilverpyrError, ValueError):
    """A place a game record cannot be saved to without harm (a FIFO, a device, a folder...)."""


class GameRecordError(ReadError):
    """A game record that cannot be read (every problem, with its place)."""


class RecordReplayError(SilverpyrError, ValueError):
    """A record whose moves do not replay through the engine (the first one that does not)."""


def stat_mode(path: Path, shown: str, error: Callable[[str], Exception]) -> int | None:
    """``path``'s mode (a link followed), ``None`` when nothing is there; ``error`` saying
    ``shown`` and why when it cannot be looked at (no right to, a file as a folder...)."""
    try:
        return os.stat(path).st_mode
    except FileNotFoundError:
        return None
    except OSError as problem:
        raise error(f"{shown}: {problem.strerror or problem}") from None


def record_target(path: Path, *, what: str = "the game record") -> Path:
    """Where a record named ``path`` is written: ``path`` itself when it is a regular file or
    a new name in an existing folder, the file a link points to; anything else (a FIFO, a
    device, a folder, a link to such or to nothing, a missing folder) is refused, naming
    ``what`` is saved, so saving never replaces it. Only ``stat`` looks at it: opening a FIFO
    to write would wait for a reader."""
    shown = f"cannot save {what} to {path}"
    target = Path(os.path.realpath(path))
    mode = stat_mode(target, shown, RecordPathError)
    if mode is not None:
        if stat.S_ISREG(mode):
            return target
        raise RecordPathError(f"{shown}: it is {special_kind(mode)}, not a regular file")
    if os.path.islink(path):
        raise RecordPathError(f"{shown}: it is a link to nothing ({target})")
    if not target.parent.is_dir():
        raise RecordPathError(f"{shown}: the folder {target.parent} does not exist")
    return target


def save_text(path: Path, text: str, *, what: str = "the game record") -> None:
    """Write ``text`` to ``path`` atomically, ``path`` checked again first
    (:func:`record_target`; ``what`` names what is saved in its errors)."""
    path = record_target(path, what=what)
    try:
        write_atomically(path, text)
    except OSError as error:  # name the record, not the temporary file beside it
        raise OSError(error.errno, f"cannot write {what}: {error.strerror}", str(path)) from None


def load_json_record(
    path: Path, parse: Callable[[Any, str], R], error: type[ReadError] = ReadError
) -> R:
    """The record at ``path``: its JSON read strictly (unreadable: ``error`` listing every
    problem, with its place), then ``parse(data, source)`` (the game's own checks)."""
    source = str(path)
    try:
        data = read_data_file(path, source=source, as_json=True)
    except ReadError as problem:
        raise error(problem.problems) from None
    return parse(data, source)


@dataclass(frozen=True)
class RecordFields(Generic[T]):
    """What a game record holds (read by :meth:`RecordShape.read`)."""

    fingerprint: str
    seed: int
    own: T
    """The game's own keys, as its hook read them (the Sun's pyramid size)."""
    players: tuple[str, ...]
    moves: tuple[tuple[int | None, str], ...]
    """``(seat, notation)``; the seat is ``None`` in an arena record (whoever's turn it is)."""
    outcome: dict[str, Any] | None


@dataclass(frozen=True)
class RecordShape:
    """The keys of one game's record and how its messages name them."""

    format: str
    """The ``format`` key's one value (``silverpyr sun game record``)."""
    version: int
    keys: tuple[str, ...]
    """Every key the record may hold, in order."""
    expected: str
    """What the record is, when it is no mapping."""
    fingerprint: str
    """The key of the game's cards' (or components') fingerprint (``deck``)."""
    fingerprint_what: str
    min_players: int
    max_players: int
    points: str
    """The outcome's points, as the engine's ``Outcome`` names them (``money``, ``scores``)."""
    error: type[ReadError]
    game: str
    """The ``game`` key of the game's arena records (``sun``)."""
    own_keys: tuple[str, ...] = ()
    """The game's own keys (the Sun's ``size``), read by the ``own`` hook in both shapes."""

    @property
    def outcome_keys(self) -> str:
        """The outcome's keys, as a bad outcome's message names them."""
        return f"winners, {self.points}, reason"

    def read(
        self,
        data: Any,
        source: str,
        own: Callable[[Field], T | None],
        players_problem: Callable[[Sequence[str]], str | None] | None = None,
    ) -> RecordFields[T]:
        """The record in ``data`` (a parsed JSON document; ``source`` names it in
        problems), read strictly: :attr:`error` lists every problem, with its place.
        ``own`` reads the game's own keys after the seed (``None``: a problem it gave);
        ``players_problem`` says what is wrong with the players' names, if anything."""
        problems = Problems(source)
        top = Field.root(data, problems)
        arena = (
            isinstance(data, dict)
            and isinstance(data.get("format"), int)
            and not isinstance(data.get("format"), bool)
        )
        fields: RecordFields[T] | None = None
        keys = self._arena_keys() if arena else self.keys
        if top.mapping(keys, expected=self.expected):
            if arena:
                top.at("format").integer(ARENA_FORMAT, ARENA_FORMAT)
                game = top.at("game").text(what=repr(self.game))
                if game is not None and game != self.game:
                    top.at("game").fail(f"a record of {game!r}, not of {self.game!r}")
            else:
                kind = top.at("format").text(what=repr(self.format))
                if kind is not None and kind != self.format:
                    top.at("format").fail(f"expected {self.format!r}, not {kind!r}")
                top.at("version").integer(self.version, self.version)
            fingerprint = top.at(self.fingerprint).text(what=self.fingerprint_what)
            if fingerprint == "":
                top.at(self.fingerprint).fail(f"expected {self.fingerprint_what}, not ''")
                fingerprint = None
            seed_field = top.at("seed")
            seed = seed_field.whole()
            if seed is not None and seed_problem(seed) is not None:
                seed_field.fail(str(seed_problem(seed)))
                seed = None
            mine = own(top)
            players = self._players(top.at("seats" if arena else "players"), players_problem)
            moves = self._arena_moves(top) if arena else self._moves(top)
            outcome = None if arena else self._outcome(top)
            if (
                not problems
                and fingerprint is not None
                and seed is not None
                and mine is not None
                and players is not None
            ):
                fields = RecordFields(
                    fingerprint, seed, mine, tuple(players), tuple(moves), outcome
                )
        problems.raise_if_any(self.error)
        assert fields is not None
        return fields

    def arena_record(
        self,
        fingerprint: str,
        seed: int,
        seats: Sequence[str],
        moves: Sequence[str],
        own: dict[str, Any] | None = None,
    ) -> dict[str, Any]:
        """A game's arena record (``arena --records``) as plain data, as :meth:`read` takes
        it: ``own`` holds the game's own keys (written before the seed)."""
        return {
            "format": ARENA_FORMAT,
            "game": self.game,
            self.fingerprint: fingerprint,
            **(own or {}),
            "seed": seed,
            "seats": list(seats),
            "moves": list(moves),
        }

    def _arena_keys(self) -> tuple[str, ...]:
        return ("format", "game", self.fingerprint, "seed", *self.own_keys, "seats", "moves")

    def _players(
        self, field: Field, problem_of: Callable[[Sequence[str]], str | None] | None
    ) -> list[str] | None:
        players = field.text_list(low=self.min_players, what="a list of players")
        if players is not None and len(players) > self.max_players:
            field.fail(f"{len(players)} players: a game has {self.min_players}-{self.max_players}")
            return None
        if players is not None and problem_of is not None:
            problem = problem_of(players)
            if problem is not None:
                field.fail(problem)
                return None
        return players

    def _moves(self, top: Field) -> list[tuple[int | None, str]]:
        moves: list[tuple[int | None, str]] = []
        for item in top.at("moves").items(what="a list of [seat, move]"):
            pair = item.items(low=2, high=2, what="[seat, move]")
            if len(pair) != 2:
                continue
            seat = pair[0].integer(0, self.max_players - 1)
            text = pair[1].text(what="a move in notation")
            if seat is not None and text is not None:
                moves.append((seat, text))
        return moves

    @staticmethod
    def _arena_moves(top: Field) -> list[tuple[int | None, str]]:
        moves: list[tuple[int | None, str]] = []
        for item in top.at("moves").items(what="a list of moves in notation"):
            text = item.text(what="a move in notation")
            if text is not None:
                moves.append((None, text))
        return moves

    def _outcome(self, top: Field) -> dict[str, Any] | None:
        field = top.at("outcome")
        outcome = field.value if field.present else None
        if outcome is not None and not isinstance(outcome, dict):
            field.fail(f"expected null or a mapping ({self.outcome_keys})")
            return None
        return outcome


class Notated(Protocol):
    """A move that has a notation (the engine's: what a record, a saved game or an arena's
    result keeps); the one such protocol of the core."""

    def notation(self) -> str: ...


class MovesRecord:
    """What every game's ``GameRecord`` (a frozen dataclass whose fields are named by its
    :attr:`shape`'s keys, given as ``class GameRecord(MovesRecord, shape=SHAPE)``) writes: a
    move or the outcome added, the record as JSON."""

    shape: ClassVar[RecordShape]

    def __init_subclass__(cls, *, shape: RecordShape, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        cls.shape = shape

    players: tuple[str, ...]
    moves: tuple[tuple[int | None, str], ...]
    outcome: dict[str, Any] | None

    @property
    def fingerprint(self) -> str:
        """The fingerprint of the cards or components the game was played with."""
        return cast(str, getattr(self, self.shape.fingerprint))

    def with_move(self, seat: int, move: Notated) -> Self:
        return cast(Self, replace(cast(Any, self), moves=(*self.moves, (seat, move.notation()))))

    def with_outcome(self, result: Any) -> Self:
        outcome = {
            "winners": list(result.winners),
            self.shape.points: list(getattr(result, self.shape.points)),
            "reason": result.reason,
        }
        return cast(Self, replace(cast(Any, self), outcome=outcome))

    def to_dict(self) -> dict[str, Any]:
        written = {
            "format": self.shape.format,
            "version": self.shape.version,
            "players": list(self.players),
            "moves": [[seat, text] for seat, text in self.moves],
        }
        return {
            key: written[key] if key in written else getattr(self, key) for key in self.shape.keys
        }

    def save(self, path: Path) -> None:
        """Write the record to ``path`` atomically (checked by :func:`record_target`)."""
        save_text(path, json.dumps(self.to_dict(), indent=1) + "\n")


class Replayable(Protocol):
    """What replaying needs of a game's state: whether the game is over, whose turn it is
    (the core's other readers of a state extend it)."""

    @property
    def over(self) -> bool: ...

    @property
    def turn(self) -> int: ...


S = TypeVar("S", bound=Replayable)
M = TypeVar("M")


def replay_steps(
    state: S,
    moves: Sequence[tuple[int | None, str]],
    parse: Callable[[S, str], M],
    apply: Callable[[S, M], S],
    error: Callable[[str], Exception],
) -> Iterator[tuple[S, M, S]]:
    """``(before, move, after)`` for each of ``moves`` (``(seat, notation)``) from ``state``,
    each parsed and applied by the game's engine; ``error`` names the first move (by its
    index) of a game already over, of the wrong seat, or that the rules refuse (and why).
    A move of seat ``None`` (an arena record's) is the turn's seat's."""
    for index, (seat, text) in enumerate(moves):
        if state.over:
            raise error(f"moves[{index}] ({text!r}): the game is already over")
        if seat is not None and seat != state.turn:
            raise error(
                f"moves[{index}] ({text!r}): seat {seat} moves, but it is seat {state.turn}'s turn"
            )
        try:
            move = parse(state, text)
            after = apply(state, move)
        except SilverpyrError as problem:
            raise error(f"moves[{index}] ({text!r}): {problem}") from None
        yield state, move, after
        state = after


class Fingerprinted(Protocol):
    """A game's cards or components, as a record, an arena's records and the puzzle cache
    name them."""

    @property
    def fingerprint(self) -> str: ...


G = TypeVar("G", bound=MovesRecord)
K = TypeVar("K", bound=Fingerprinted)


@dataclass(frozen=True)
class RecordGame(Generic[G, K, S, M]):
    """A game's ``game --record`` files, declared once by the game: how a record ``G`` is
    read, where its game starts with the cards or components ``K``, and how its moves
    replay through the engine (a game binds these methods as its module's functions)."""

    parse: Callable[[Any, str], G]
    """The record in a parsed JSON document (``source`` names it in problems)."""
    new_game: Callable[[G, K], S]
    """The record's game before its first move."""
    other_cards: str
    """Why a record of other cards does not replay: ``...another deck ({}, not {})``, the
    record's fingerprint and the given one filled in."""
    parse_move: Callable[[S, str], M]
    apply: Callable[[S, M], S]
    replay_error: Callable[[str], Exception]
    """A move of the record that does not replay (the message names it)."""

    def load_record(self, path: Path) -> G:
        """Read the record at ``path`` (strict: every problem, with its place)."""
        return load_json_record(path, self.parse, GameRecordError)

    def start_of(self, record: G, cards: K) -> S:
        """The record's game before its first move (:class:`RecordReplayError` for other
        cards)."""
        if record.fingerprint != cards.fingerprint:
            raise RecordReplayError(self.other_cards.format(record.fingerprint, cards.fingerprint))
        return self.new_game(record, cards)

    def replay_data(self, data: Any, cards: K, source: str = "record") -> S:
        """The state the record in ``data`` (plain data: a game's record or its arena
        record) leads to, read and replayed as any record file (:meth:`replay`)."""
        return self.replay(self.parse(data, source), cards)

    def replay(self, record: G, cards: K) -> S:
        """The state the record's moves lead to, each applied through the engine; raises
        :class:`RecordReplayError` for other cards, :attr:`replay_error` for a move of the
        wrong seat or one the rules refuse (naming its index and why)."""
        state = self.start_of(record, cards)
        steps = replay_steps(state, record.moves, self.parse_move, self.apply, self.replay_error)
        for _, _, after in steps:
            state = after
        return state


__all__ = [
    "ARENA_FORMAT",
    "PERSON",
    "Fingerprinted",
    "GameRecordError",
    "MovesRecord",
    "Notated",
    "RecordFields",
    "RecordGame",
    "RecordPathError",
    "RecordReplayError",
    "RecordShape",
    "load_json_record",
    "record_target",
    "replay_steps",
    "save_text",
]
