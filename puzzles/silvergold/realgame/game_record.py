"""A game saved as a record, and replayed decision by decision through the engine.

A game is fixed by its deck, seed and seats; the rest is the seats' decisions. A record
(JSON) holds exactly that, in the shape every game's record has (the core's
:class:`~silverpyr.puzzles.core.records_file.RecordShape`). ``silverpyr game --record FILE``
writes it after every final decision (so an unfinished game is kept too)::

    {"format": "silverpyr game record", "version": 3, "deck": "<fingerprint>", "seed": 42,
     "players": ["human", "greedy"],
     "moves": [[0, "keep 11 23"], [1, "keep 4 30"], [0, "11:A1 A2 B2"], [1, "-"], ...],
     "outcome": null}

``players`` names the player of each seat (``human`` for a person, else a bot of the
registry, :mod:`.registry`). ``moves`` holds every decision of every seat in order, as
``[seat, notation]`` (:func:`~silverpyr.solver.silvergold.turns.notation`): in a step every
seat takes at once (keep, mark) seat 1 first, a pass (``-``) and a replacement with one
option too, as the engine's turns (:mod:`silverpyr.solver.silvergold.turns`) take them.
``outcome`` is ``{"winners": [...], "totals": [...], "reason": "rounds"}`` once the game
has ended. The same reader takes the arena's records (``arena --records DIR``, the core's
shape).

Versions 1 and 2 (:class:`AnswersRecord`, still read) held each seat's answers as the
game's prompts take them (``11 23``, ``11:A1 A2 B2``, ``2``, ``d``), without passes or
replacements that had one option, a seat without answers being a bot that decided again on
replay. They are read into the same moves (their bots deciding once), so every record
replays by the core's one loop (:func:`~silverpyr.puzzles.core.records_file.replay_steps`):
:func:`replay` returns every decision of one seat with the state it was made in (for
``hint --review``) and the state reached (for ``hint --game``, the decision now due).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ....solver.core.reader import Field, Problem, Problems, ReadError, parse_whole, parse_wholes
from ....solver.core.rng import seed_problem
from ....solver.silvergold import turns
from ....solver.silvergold.cards import Deck
from ....solver.silvergold.game import (
    DECK,
    MAX_PLAYERS,
    MIN_PLAYERS,
    GameState,
    Phase,
    Replacement,
)
from ....solver.silvergold.moves import (
    PASS,
    AmbiguousMoveError,
    IllegalMoveError,
    InvalidMoveError,
    Move,
)
from ....solver.silvergold.moves import move_str as _move_str
from ....solver.silvergold.players import Player, decide, with_choice
from ....solver.silvergold.rollouts import Choice
from ...core.records_file import (
    MovesRecord,
    RecordPathError,
    RecordShape,
    load_json_record,
    record_target,
    replay_steps,
)
from .advice import Kind, decision_kind
from .registry import NAMES, REGISTRY, make_player, seat_bots

FORMAT = "silverpyr game record"
VERSION = 3
"""The version every record is written in."""
ANSWERS_VERSIONS = (1, 2)
"""The versions of answers still read (:class:`AnswersRecord`)."""
HUMAN = 0
"""Player 1 (0-based seat): the seat a person plays in ``silverpyr game``."""
PERSON = "human"
"""The player of a seat a person played (every other seat names a bot of the registry)."""
_KEYS = {
    1: ("format", "version", "deck", "seed", "players", "opponents", "answers"),
    2: ("format", "version", "deck", "seed", "seats"),
}
"""The keys of the versions of answers."""
_SEAT_KEYS = ("player", "answers")


class GameRecordError(ReadError):
    """A game record that cannot be read, or whose answers do not replay (every problem)."""


SHAPE = RecordShape(
    FORMAT,
    VERSION,
    ("format", "version", "deck", "seed", "players", "moves", "outcome"),
    "a game record (a mapping with format, seed, players, moves ...)",
    "deck",
    "the deck's fingerprint",
    MIN_PLAYERS,
    MAX_PLAYERS,
    "totals",
    GameRecordError,
    "silvergold",
)
"""The game's record, and its arena record, as every game's (the core's reader)."""


class _Seating:
    """Who sat where, as a review and the advice read it (every version)."""

    @property
    def seats(self) -> tuple[str, ...]:
        """Who played each seat: :data:`PERSON` or a bot's name."""
        raise NotImplementedError

    @property
    def person(self) -> int | None:
        """The first seat a person played (0-based), if any."""
        return next((seat for seat, name in enumerate(self.seats) if name == PERSON), None)

    @property
    def reviewed_seat(self) -> int:
        """The seat a review looks at by default: the one a person played, else seat 1."""
        person = self.person
        return 0 if person is None else person

    def opponents_of(self, seat: int) -> str:
        """The bot that stands for ``seat``'s opponents in advice: the bot most seats around
        it play (the first such in seat order on a tie); ``greedy`` when none is a bot."""
        bots = [name for s, name in enumerate(self.seats) if s != seat and name != PERSON]
        if not bots:
            return "greedy"
        return max(bots, key=lambda name: (bots.count(name), -bots.index(name)))


@dataclass(frozen=True)
class GameRecord(_Seating, MovesRecord, shape=SHAPE):
    """A game's deck, seed, players and every seat's decisions (module docstring)."""

    deck: str
    seed: int
    players: tuple[str, ...]
    moves: tuple[tuple[int | None, str], ...] = ()
    outcome: dict[str, Any] | None = None

    @property
    def seats(self) -> tuple[str, ...]:
        return self.players

    @classmethod
    def start(cls, deck: Deck, seed: int, players: int, opponents: str) -> GameRecord:
        """The record of a new game of ``silverpyr game``: you at seat 1, the bots of the
        ``opponents`` text (:func:`~.registry.seat_bots`) in the others."""
        return cls(deck.fingerprint, seed, (PERSON, *seat_bots(opponents, players)))

    def with_moves(self, moves: Sequence[tuple[int, Choice]]) -> GameRecord:
        """With the decisions ``(seat, choice)`` of one step of the engine added."""
        written = tuple((seat, notation(choice)) for seat, choice in moves)
        return replace(self, moves=(*self.moves, *written))


def notation(choice: Choice) -> str:
    """How a seat's ``choice`` (a keep's two numbers, a mark, a replacement) is written in a
    record's moves: the engine's turns' notation."""
    return turns.notation(turns.Keep(*choice) if isinstance(choice, tuple) else choice)


def _players_problem(names: Sequence[str]) -> str | None:
    known = f"{REGISTRY.known()}, {PERSON}"
    unknown = next((name for name in names if name != PERSON and name not in REGISTRY), None)
    return None if unknown is None else f"{unknown!r} is not one of {known}"


@dataclass(frozen=True)
class AnswersRecord(_Seating):
    """A record of version 1 or 2, still read: deck, seed, who sat where, and the answers
    of the seats that have them (the others' bots decide again on replay)."""

    deck: str
    """Fingerprint of the deck played with (:attr:`.Deck.fingerprint`)."""
    seed: int
    players: int
    opponents: str
    """The bot of the other seats in a game of ``silverpyr game`` (for a record of bots
    alone, the first bot after seat 1: see :meth:`opponents_of` for a seat's opponents)."""
    answers: tuple[str, ...] = field(default=())
    """Player 1's answers."""
    seats: tuple[str, ...] = ()
    """Who played each seat: :data:`PERSON` or a bot's name. Left empty, a person at seat 1
    and :attr:`opponents` everywhere else (the game of ``silverpyr game``)."""
    others: tuple[tuple[str, ...] | None, ...] = ()
    """The answers of seats 2, 3...; ``None``: that seat's bot decides again on replay.
    Left empty, every other seat is such a bot."""
    version: int = field(default=ANSWERS_VERSIONS[-1], compare=False)
    """The version read (it only names the places of errors)."""

    def __post_init__(self) -> None:
        if not self.seats:
            object.__setattr__(self, "seats", (PERSON, *[self.opponents] * (self.players - 1)))
        if not self.others and self.players > 1:
            object.__setattr__(self, "others", (None,) * (self.players - 1))
        if len(self.seats) != self.players or len(self.others) != self.players - 1:
            raise ValueError(f"a record of {self.players} players names each seat once")

    @classmethod
    def start(cls, deck: Deck, seed: int, players: int, opponents: str) -> AnswersRecord:
        """The record ``silverpyr game`` began with before version 3: you at seat 1, the
        bots of the ``opponents`` text (:func:`~.registry.seat_bots`) in the others."""
        bots = seat_bots(opponents, players)
        return cls(
            deck.fingerprint, seed, players, bots[0] if bots else opponents, seats=(PERSON, *bots)
        )

    @classmethod
    def of_bots(
        cls, deck: str, seed: int, seats: Sequence[str], answers: Sequence[Sequence[str]]
    ) -> AnswersRecord:
        """The record of a game the bots named by ``seats`` played with these ``answers``
        (one list a seat), as the arena kept it before version 3."""
        others = tuple(tuple(seat) for seat in answers[1:])
        return cls(
            deck,
            seed,
            len(seats),
            _first_bot(seats[1:]) or seats[0],
            tuple(answers[0]),
            tuple(seats),
            others,
        )

    def with_answer(self, answer: str) -> AnswersRecord:
        """With one more answer of player 1."""
        return replace(self, answers=(*self.answers, answer))

    def answers_of(self, seat: int) -> tuple[str, ...] | None:
        """The answers of ``seat`` (0-based); ``None`` for a bot that decides on replay."""
        return self.answers if seat == 0 else self.others[seat - 1]

    def opponents_of(self, seat: int) -> str:
        """As every record's, but a game with no bot around ``seat`` names its
        :attr:`opponents`, as before version 3."""
        alone = all(name == PERSON for s, name in enumerate(self.seats) if s != seat)
        return self.opponents if alone and self.opponents != PERSON else super().opponents_of(seat)

    def to_dict(self) -> dict[str, Any]:
        """The record as version 2 wrote it (an old file, for tests of reading them)."""
        seats: list[dict[str, Any]] = []
        for seat, name in enumerate(self.seats):
            answers = self.answers_of(seat)
            entry: dict[str, Any] = {"player": name}
            if answers is not None:
                entry["answers"] = list(answers)
            seats.append(entry)
        return {
            "format": FORMAT,
            "version": ANSWERS_VERSIONS[-1],
            "deck": self.deck,
            "seed": self.seed,
            "seats": seats,
        }

    def where(self, seat: int, index: int | None = None) -> str:
        """The place of ``seat``'s answers (its answer ``index``) in the file read."""
        if self.version == 1:
            return "answers" if index is None else f"answers[{index}]"
        place = f"seats[{seat}].answers"
        return place if index is None else f"{place}[{index}]"


def _first_bot(names: Sequence[str]) -> str | None:
    return next((name for name in names if name != PERSON), None)


def answer_of(state: GameState, choice: Choice) -> str:
    """How ``choice`` is written in a record (and typed at the game's prompt)."""
    if isinstance(choice, Move):
        return _move_str(choice, with_card=True)
    if isinstance(choice, Replacement):
        return "d" if choice.slot is None else str(choice.slot + 1)
    return f"{choice[0]} {choice[1]}"


Record = GameRecord | AnswersRecord
"""A record as read: its moves, or (versions 1 and 2) its answers."""


def load_record(path: Path) -> Record:
    """Read the record at ``path``."""
    return load_json_record(path, parse_record, GameRecordError)


def parse_record(data: Any, source: str) -> Record:
    """The record in ``data`` (a parsed JSON document): a game record of version 3 or an
    arena record (the core's reader), or answers of version 1 or 2."""
    version = data.get("version") if isinstance(data, dict) else None
    if type(version) is int and version in ANSWERS_VERSIONS:
        return _parse_answers(data, source, version)
    fields = SHAPE.read(data, source, lambda _top: (), _players_problem)
    return GameRecord(fields.fingerprint, fields.seed, fields.players, fields.moves, fields.outcome)


def _parse_answers(data: dict[str, Any], source: str, version: int) -> AnswersRecord:
    """Answers of ``version`` 1 or 2 (module docstring)."""
    problems = Problems(source)
    top = Field.root(data, problems)
    record = None
    expected = "a game record (a mapping with format, seed, seats ...)"
    if top.mapping(_KEYS[version], expected=expected):
        kind = top.at("format").text(what=f"{FORMAT!r}")
        if kind is not None and kind != FORMAT:
            top.at("format").fail(f"expected {FORMAT!r}, not {kind!r}")
        deck = top.at("deck").text(what="the deck's fingerprint")
        seed = _seed(top.at("seed"))
        read = _version_1(top) if version == 1 else _version_2(top)
        if not problems and deck is not None and seed is not None and read is not None:
            seats, opponents, answers = read
            record = AnswersRecord(
                deck,
                seed,
                len(seats),
                opponents,
                answers[0] or (),
                tuple(seats),
                tuple(answers[1:]),
                version=version,
            )
    problems.raise_if_any(GameRecordError)
    assert record is not None
    return record


_Seats = tuple[list[str], str, list[tuple[str, ...] | None]]
"""Who played each seat, the other seats' bot (:attr:`AnswersRecord.opponents`), and each
seat's answers (``None``: a bot deciding on replay)."""


def _version_1(top: Field) -> _Seats | None:
    """Player 1's answers, the same ``opponents`` bot in the other seats."""
    players = top.at("players").integer(1, MAX_PLAYERS)
    opponents = _player(top.at("opponents"), person=False)
    answers = top.at("answers").text_list(what="a list of answers")
    if players is None or opponents is None or answers is None:
        return None
    others: list[tuple[str, ...] | None] = [None] * (players - 1)
    return [PERSON, *[opponents] * (players - 1)], opponents, [tuple(answers), *others]


def _version_2(top: Field) -> _Seats | None:
    """Every seat's player, and the answers of those that have them (player 1's always)."""
    names: list[str] = []
    answers: list[tuple[str, ...] | None] = []
    entries = top.at("seats").items(low=1, high=MAX_PLAYERS, what="a list of seats")
    complete = bool(entries)
    for seat, entry in enumerate(entries):
        if not entry.mapping(_SEAT_KEYS, expected="a seat (a mapping with player, answers)"):
            complete = False
            continue
        name = _player(entry.at("player"), person=True)
        given = entry.at("answers")
        seat_answers = None
        if given.present:
            listed = given.text_list(what="a list of answers")
            seat_answers = None if listed is None else tuple(listed)
            complete = complete and listed is not None
        elif seat == 0 or name == PERSON:
            given.fail(
                "missing: expected the answers of "
                + ("a seat a person played" if name == PERSON else "player 1")
            )
            complete = False
        if name is None:
            complete = False
            continue
        names.append(name)
        answers.append(seat_answers)
    if not complete:
        return None
    return names, _first_bot(names[1:]) or _first_bot(names) or NAMES[0], answers


def _player(field: Field, *, person: bool) -> str | None:
    """A seat's player: a bot of the registry, or (``person``) :data:`PERSON`."""
    known = f"{REGISTRY.known()}, {PERSON}" if person else REGISTRY.known()
    name = field.text(what=f"one of {known}")
    if name is not None and not (person and name == PERSON) and name not in REGISTRY:
        field.fail(f"{name!r} is not one of {known}")
        return None
    return name


def _seed(field: Field) -> int | None:
    """The record's seed, checked by the one rule every seed follows (``seed_problem``)."""
    if field.missing:
        field.fail("missing: expected the game's seed")
        return None
    problem = seed_problem(field.value)
    if problem is not None:
        field.fail(problem)
        return None
    seed: int = field.value
    return seed


@dataclass(frozen=True)
class Decision:
    """One decision of a seat: the state it was made in and what was chosen."""

    number: int
    """1-based number of the decision (of the seat's answer in the record)."""
    state: GameState
    kind: Kind
    choice: Choice
    answer: str
    seat: int = HUMAN
    """Who decided (0-based seat)."""

    @property
    def where(self) -> str:
        """When it was made, for people."""
        return when(self.state)


def when(state: GameState) -> str:
    """When the decision ``state`` waits for falls, for people: ``setup``, ``round 2, turn 3``
    or ``round 2, turn 3, replacing card 12``."""
    kind = decision_kind(state)
    if kind is Kind.KEEP:
        return "setup"
    moment = f"round {state.round_number}, turn {state.turn}"
    if kind is Kind.REPLACEMENT:
        return f"{moment}, replacing card {state.pending[0].card.number}"
    return moment


@dataclass(frozen=True)
class Replayed:
    """A record replayed: one seat's decisions and the state reached."""

    decisions: tuple[Decision, ...]
    state: GameState
    """The state after the last answer: the next decision due, or the game's end."""
    due: int | None = None
    """The seat whose decision is due (0-based; ``None`` once the game is over): in a keep
    or a mark, the first seat that has not chosen yet."""


class _Seat:
    """One seat while answers are read into moves: its answers still to play, or its bot."""

    def __init__(self, record: AnswersRecord, seat: int, source: str) -> None:
        self.record = record
        self.seat = seat
        self.source = source
        answers = record.answers_of(seat)
        self.answers = None if answers is None else list(answers)
        self.bot = make_player(record.seats[seat]) if answers is None else None
        self.taken = 0

    @property
    def out_of_answers(self) -> bool:
        return self.answers is not None and self.taken == len(self.answers)

    def decide(self, state: GameState) -> Choice:
        """The seat's choice for the decision ``state`` waits for."""
        if self.answers is None:
            assert self.bot is not None
            return decide(self.bot, state, self.seat)
        answer = self.answers[self.taken]
        where = self.record.where(self.seat, self.taken)
        self.taken += 1
        return parse_answer(state, answer, where=where, source=self.source, seat=self.seat)


def moves_of(
    record: Record, deck: Deck, *, source: str = "<record>"
) -> tuple[tuple[int | None, str], ...]:
    """The record's moves; answers of version 1 or 2 read into them, every seat without
    answers deciding by its bot, up to the first decision of a seat whose answers have run
    out (an unfinished game: the decision due)."""
    if isinstance(record, GameRecord):
        return record.moves
    table = turns.new_game(deck, record.players, record.seed)
    seats = [_Seat(record, seat, source) for seat in range(record.players)]
    moves: list[tuple[int | None, str]] = []
    while not table.over:
        game = table.game
        if not table.chosen:  # a step begins: does any seat it waits for have answers left?
            due = [seat for seat in range(record.players) if waits_for(game, seat)]
            if any(seats[seat].out_of_answers for seat in due):
                break
        seat = turns.to_move(table)
        assert seat is not None
        if waits_for(game, seat):
            choice = seats[seat].decide(game)
        else:  # a pass, or a replacement with a single option
            choice = PASS if game.phase is Phase.MARK else game.replacement_options()[0]
        move = turns.Keep(*choice) if isinstance(choice, tuple) else choice
        moves.append((seat, turns.notation(move)))
        table = turns.apply(table, move)
    if table.over:
        for seat, player in enumerate(seats):
            if player.answers is not None and not player.out_of_answers:
                raise _error(
                    source,
                    f"{player.answers[player.taken]!r} comes after the end of the game",
                    record.where(seat, player.taken),
                )
    return tuple(moves)


def replay(
    record: Record, deck: Deck, *, source: str = "<record>", seat: int | None = None
) -> Replayed:
    """Play ``record`` again with the engine (:func:`moves_of`, then the core's
    :func:`~silverpyr.puzzles.core.records_file.replay_steps`); every move is checked as the
    game checks it, the first that does not replay named by its index.

    The decisions returned are those of ``seat`` (0-based; default
    :attr:`GameRecord.reviewed_seat`) that were its to make: not a pass, nor a replacement
    with a single option.
    """
    if record.deck != deck.fingerprint:
        raise _error(
            source,
            f"the game was played with another deck (fingerprint {record.deck}); "
            "give the same --cards file",
            "deck",
        )
    watched = record.reviewed_seat if seat is None else seat
    players = len(record.seats)
    if not 0 <= watched < players:
        raise _error(source, f"the game has {players} seats, not a seat {watched + 1}")
    moves = moves_of(record, deck, source=source)
    table = turns.new_game(deck, players, record.seed)
    decisions: list[Decision] = []
    steps = replay_steps(
        table, moves, turns.parse_move, turns.apply, lambda message: _error(source, message)
    )
    for (_, text), (before, move, after) in zip(moves, steps, strict=False):
        game = before.game
        if before.turn == watched and waits_for(game, watched):
            choice = move.numbers if isinstance(move, turns.Keep) else move
            number = len(decisions) + 1
            decisions.append(Decision(number, game, decision_kind(game), choice, text, watched))
        table = after
    return Replayed(tuple(decisions), table.game, turns.to_move(table))


def waits_for(state: GameState, seat: int) -> bool:
    """Whether ``state`` waits for an answer of ``seat`` (a pass, or a replacement with a
    single option, is taken by itself)."""
    if state.phase is Phase.KEEP:
        return True
    if state.phase is Phase.MARK:
        return state.position(seat).has_card_in_play()
    if state.phase is Phase.OVER:
        return False
    return state.replacing_player == seat and len(state.replacement_options()) > 1


def waits_for_human(state: GameState) -> bool:
    """Whether ``state`` waits for an answer of player 1 (see :func:`waits_for`)."""
    return waits_for(state, HUMAN)


def apply(state: GameState, choice: Choice, bot: Player) -> GameState:
    """``state`` after player 1's ``choice`` and, in keep and mark, the bots' at once."""
    return with_choice(state, HUMAN, choice, [bot] * len(state.players))


def parse_answer(
    state: GameState, answer: str, *, where: str, source: str, seat: int = HUMAN
) -> Choice:
    """``seat``'s ``answer`` to the decision ``state`` waits for (an error names ``where``)."""
    text = answer.strip()
    kind = decision_kind(state)
    try:
        if kind is Kind.KEEP:
            numbers = parse_wholes(text) or []
            dealt = {card.number for card in state.players[seat].dealt}
            if len(numbers) != 2 or len(set(numbers)) != 2 or not set(numbers) <= dealt:
                raise ValueError(f"keep two of the dealt cards {sorted(dealt)}")
            return (numbers[0], numbers[1])
        if kind is Kind.REPLACEMENT:
            options = state.replacement_options()
            slot = parse_whole(text, 1)
            choice = DECK if text.lower() in {"d", "deck"} else slot and Replacement(slot - 1)
            if choice is None or choice not in options:
                raise ValueError("not an offer slot or the deck top of this replacement")
            return choice
        return state.parse_move(seat, text)
    except (ValueError, InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
        detail = str(error)
        when = "setup" if kind is Kind.KEEP else f"round {state.round_number}, turn {state.turn}"
        raise _error(
            source, f"{answer!r} does not replay ({kind.value}, {when}): {detail}", where
        ) from None


def _error(source: str, message: str, where: str = "") -> GameRecordError:
    return GameRecordError([Problem(source, message, where)])


__all__ = [
    "FORMAT",
    "PERSON",
    "SHAPE",
    "AnswersRecord",
    "Decision",
    "GameRecord",
    "GameRecordError",
    "Record",
    "RecordPathError",
    "Replayed",
    "answer_of",
    "apply",
    "load_record",
    "moves_of",
    "notation",
    "parse_answer",
    "parse_record",
    "record_target",
    "replay",
    "waits_for",
    "waits_for_human",
    "when",
]
