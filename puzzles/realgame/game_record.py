"""A game of ``silverpyr game`` saved as a record, and replayed decision by decision.

A game against bots is fixed by its deck, seed, number of players and the bots' kind; the
rest is player 1's answers. The record (JSON, written by ``silverpyr game --record FILE``
after every decision, so an unfinished game is kept too) holds exactly that::

    {"format": "silverpyr game record", "version": 1, "deck": "<fingerprint>",
     "seed": 42, "players": 2, "opponents": "greedy",
     "answers": ["11 23", "11:A1 A2 B2", "2", ...]}

An answer is written as the game's prompts take it: two card numbers to keep, a move in
notation with its card (``11:A1 A2``), an offer slot (``2``) or ``d`` for the deck top.
Passes (no card in play) and replacements with a single option are not answers, as in the
game. The answers are also a ``--moves`` script: ``silverpyr game --seed 42 --players 2
--moves FILE`` with one answer a line plays the same game again.

:func:`replay` steps through a record with the engine and returns every decision of
player 1 with the state it was made in (for ``hint --review``) and the state reached (for
``hint --game``, the decision now due).
"""

from __future__ import annotations

import json
import os
import stat
import tempfile
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ...solver.cards import Deck
from ...solver.errors import SilverpyrError
from ...solver.game import DECK, MAX_PLAYERS, GameState, Phase, Replacement, deal
from ...solver.moves import PASS, AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move
from ...solver.moves import move_str as _move_str
from ...solver.players import Player, with_choice
from ...solver.reader import Field, Problem, Problems, ReadError, read_data_file
from ...solver.rng import seed_problem
from ...solver.rollouts import Choice
from .advice import Kind, decision_kind
from .registry import PLAYERS, make_player

FORMAT = "silverpyr game record"
VERSION = 1
HUMAN = 0
"""Player 1, whose answers the record holds (0-based seat)."""
_KEYS = ("format", "version", "deck", "seed", "players", "opponents", "answers")


class GameRecordError(ReadError):
    """A game record that cannot be read, or whose answers do not replay (every problem)."""


@dataclass(frozen=True)
class GameRecord:
    """Everything needed to replay a game of ``silverpyr game``."""

    deck: str
    """Fingerprint of the deck played with (:attr:`.Deck.fingerprint`)."""
    seed: int
    players: int
    opponents: str
    answers: tuple[str, ...] = field(default=())

    @classmethod
    def start(cls, deck: Deck, seed: int, players: int, opponents: str) -> GameRecord:
        return cls(deck.fingerprint, seed, players, opponents)

    def with_answer(self, answer: str) -> GameRecord:
        return replace(self, answers=(*self.answers, answer))

    def to_dict(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": VERSION,
            "deck": self.deck,
            "seed": self.seed,
            "players": self.players,
            "opponents": self.opponents,
            "answers": list(self.answers),
        }

    def save(self, path: Path) -> None:
        """Write the record to ``path`` atomically (a crash never leaves half a file).

        ``path`` is checked again first (:func:`record_target`): only a regular file, or a
        new name in an existing folder, is ever replaced; a link to a file is followed.
        """
        path = record_target(path)
        text = json.dumps(self.to_dict(), indent=1) + "\n"
        folder = path.parent if str(path.parent) else Path(".")
        try:
            handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
        except OSError as error:  # name the record, not the temporary file beside it
            raise OSError(
                error.errno, f"cannot write the game record: {error.strerror}", str(path)
            ) from None
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise


class RecordPathError(SilverpyrError, ValueError):
    """A place a game record cannot be saved to without harm (a FIFO, a device, a folder...)."""


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def record_target(path: Path) -> Path:
    """Where a record named ``path`` is written: ``path`` itself when it is a regular file or
    a new name in an existing folder, the file a link points to; anything else (a FIFO, a
    device, a folder, a link to such or to nothing, a missing folder) is refused, so saving
    never replaces it."""
    shown = str(path)
    target = Path(os.path.realpath(path))
    try:
        mode = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise RecordPathError(f"cannot save the game record to {shown}: {error.strerror}") from None
    if mode is not None:
        if stat.S_ISREG(mode):
            return target
        kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
        raise RecordPathError(
            f"cannot save the game record to {shown}: it is {kind}, not a regular file"
        )
    if os.path.islink(path):
        raise RecordPathError(
            f"cannot save the game record to {shown}: it is a link to nothing ({target})"
        )
    if not target.parent.is_dir():
        raise RecordPathError(
            f"cannot save the game record to {shown}: the folder {target.parent} does not exist"
        )
    return target


def answer_of(state: GameState, choice: Choice) -> str:
    """How ``choice`` is written in a record (and typed at the game's prompt)."""
    if isinstance(choice, Move):
        return _move_str(choice, with_card=True)
    if isinstance(choice, Replacement):
        return "d" if choice.slot is None else str(choice.slot + 1)
    return f"{choice[0]} {choice[1]}"


def load_record(path: Path) -> GameRecord:
    """Read the record at ``path``."""
    source = str(path)
    try:
        data = read_data_file(path, source=source, as_json=True)
    except ReadError as error:
        raise GameRecordError(error.problems) from None
    return parse_record(data, source)


def parse_record(data: Any, source: str) -> GameRecord:
    """The record in ``data`` (a parsed JSON document)."""
    problems = Problems(source)
    top = Field.root(data, problems)
    record = None
    if top.mapping(_KEYS, expected="a game record (a mapping with format, seed, answers ...)"):
        kind = top.at("format").text(what=f"{FORMAT!r}")
        if kind is not None and kind != FORMAT:
            top.at("format").fail(f"expected {FORMAT!r}, not {kind!r}")
        top.at("version").integer(VERSION, VERSION)
        deck = top.at("deck").text(what="the deck's fingerprint")
        seed = _seed(top.at("seed"))
        players = top.at("players").integer(1, MAX_PLAYERS)
        opponents = top.at("opponents").text(what=f"one of {', '.join(PLAYERS)}")
        if opponents is not None and opponents not in PLAYERS:
            top.at("opponents").fail(f"{opponents!r} is not one of {', '.join(PLAYERS)}")
        answers = top.at("answers").text_list(what="a list of answers")
        if not problems and None not in (deck, seed, players, opponents, answers):
            assert deck is not None and seed is not None and players is not None
            assert opponents is not None and answers is not None
            record = GameRecord(deck, seed, players, opponents, tuple(answers))
    problems.raise_if_any(GameRecordError)
    assert record is not None
    return record


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
    """One decision of player 1: the state it was made in and what was chosen."""

    number: int
    """1-based number of the answer in the record."""
    state: GameState
    kind: Kind
    choice: Choice
    answer: str

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
    """A record replayed: player 1's decisions and the state reached."""

    decisions: tuple[Decision, ...]
    state: GameState
    """The state after the last answer: the next decision due, or the game's end."""


def replay(record: GameRecord, deck: Deck, *, source: str = "<record>") -> Replayed:
    """Play ``record`` again with the engine; every answer is checked as the game checks it."""
    if record.deck != deck.fingerprint:
        raise _error(
            source,
            f"the game was played with another deck (fingerprint {record.deck}); "
            "give the same --cards file",
            "deck",
        )
    bot = make_player(record.opponents)
    state = deal(deck, record.players, record.seed)
    decisions: list[Decision] = []
    answers = list(record.answers)
    while not state.is_over():
        state = _advance_bots(state, bot)
        if state.is_over() or not waits_for_human(state):
            continue
        if not answers:
            break
        number = len(record.answers) - len(answers) + 1
        answer = answers.pop(0)
        choice = parse_answer(state, answer, where=f"answers[{number - 1}]", source=source)
        decisions.append(Decision(number, state, decision_kind(state), choice, answer))
        state = apply(state, choice, bot)
    if answers:
        number = len(record.answers) - len(answers) + 1
        raise _error(
            source, f"{answers[0]!r} comes after the end of the game", f"answers[{number - 1}]"
        )
    return Replayed(tuple(decisions), state)


def waits_for_human(state: GameState) -> bool:
    """Whether ``state`` waits for an answer of player 1 (a pass, or a replacement with a
    single option, is taken by itself)."""
    if state.phase is Phase.KEEP:
        return True
    if state.phase is Phase.MARK:
        return state.position(HUMAN).has_card_in_play()
    return state.replacing_player == HUMAN and len(state.replacement_options()) > 1


def _advance_bots(state: GameState, bot: Player) -> GameState:
    """Take the steps that are not player 1's answers: passes, bots' replacements, ..."""
    while not state.is_over() and not waits_for_human(state):
        if state.phase is Phase.MARK:  # player 1 has no card in play: a pass
            state = apply(state, PASS, bot)
        else:
            options = state.replacement_options()
            choice = options[0] if len(options) == 1 else bot.replacement(state)
            state = state.take_replacement(choice)
    return state


def apply(state: GameState, choice: Choice, bot: Player) -> GameState:
    """``state`` after player 1's ``choice`` and, in keep and mark, the bots' at once."""
    return with_choice(state, HUMAN, choice, [bot] * len(state.players))


def parse_answer(state: GameState, answer: str, *, where: str, source: str) -> Choice:
    """Player 1's ``answer`` to the decision ``state`` waits for (an error names ``where``)."""
    text = answer.strip()
    kind = decision_kind(state)
    try:
        if kind is Kind.KEEP:
            numbers = [int(token) for token in text.replace(",", " ").split()]
            dealt = {card.number for card in state.players[HUMAN].dealt}
            if len(numbers) != 2 or len(set(numbers)) != 2 or not set(numbers) <= dealt:
                raise ValueError(f"keep two of the dealt cards {sorted(dealt)}")
            return (numbers[0], numbers[1])
        if kind is Kind.REPLACEMENT:
            options = state.replacement_options()
            choice = DECK if text.lower() in {"d", "deck"} else Replacement(int(text) - 1)
            if choice not in options:
                raise ValueError("not an offer slot or the deck top of this replacement")
            return choice
        return state.parse_move(HUMAN, text)
    except (ValueError, InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
        detail = str(error)
        if detail.startswith("invalid literal"):
            detail = "not a number"
        when = "setup" if kind is Kind.KEEP else f"round {state.round_number}, turn {state.turn}"
        raise _error(
            source, f"{answer!r} does not replay ({kind.value}, {when}): {detail}", where
        ) from None


def _error(source: str, message: str, where: str = "") -> GameRecordError:
    return GameRecordError([Problem(source, message, where)])


__all__ = [
    "FORMAT",
    "Decision",
    "GameRecord",
    "GameRecordError",
    "RecordPathError",
    "Replayed",
    "answer_of",
    "apply",
    "load_record",
    "parse_answer",
    "parse_record",
    "record_target",
    "replay",
    "waits_for_human",
    "when",
]
