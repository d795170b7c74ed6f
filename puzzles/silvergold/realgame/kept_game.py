"""Keeping a game against bots: one table for the line mode and the full-screen game.

:class:`KeptGame` holds a game of ``silverpyr game`` and drives it for seat 0 (you)
against bots of the registry (:func:`.registry.make_player`), the way
:class:`silverpyr.puzzles.silvergold.attempt.KeptAttempt` keeps a puzzle: both screens
(:mod:`silverpyr.cli.silvergold.game_cmd` and the full-screen game) call the same methods, and only
draw what they return.

* **What it waits for** (:attr:`KeptGame.waiting`): your keep, your mark or your
  replacement (:class:`~.advice.Kind`), or nothing once the game is over. Everything that
  is not your decision happens by itself: the bots' keeps and marks, your passes when you
  have no card in play, the bots' replacements, replacements with a single option, and the
  pyramid-point claims.
* **Your mark stays pending** (:meth:`KeptGame.mark`) until you end the turn
  (:meth:`KeptGame.end_turn`); :meth:`KeptGame.undo` takes it back. A keep and a
  replacement are final at once.
* **Events as data**: each step returns what happened (:class:`Played`,
  :class:`Completed`, :class:`Replaced`, :class:`Claimed`, and the coach's
  :class:`Judged`), so no screen derives a rule itself. Every rule is the engine's
  (:mod:`silverpyr.solver.silvergold.game`).
* **The coach**: :meth:`KeptGame.check` is the coach's opinion of a choice before it is
  final (``None`` when the coach is off); the verdict is recorded when the choice becomes
  final, and :meth:`KeptGame.report` sums up the game so far. The advice
  (:func:`~.advice.advise`, the opponents seated as in the game) is worked out once per
  state; :meth:`KeptGame.check` and :meth:`KeptGame.advice` are solver work that touches
  neither the table nor the store, so a screen may run them in a worker thread.
* **The record** (``--record FILE``, :class:`~.game_record.GameRecord`) is written after
  every final decision: every seat's decisions up to yours, and the outcome at the end.
* **Saved after every final decision** in the results store (:meth:`Store.save_game
  <silverpyr.puzzles.core.store.Store.save_game>`: deck fingerprint, seed, players, opponents,
  coach, your final answers in order; a pending mark is not saved). Resuming replays the
  answers through the engine (and the coach judges them again: it is deterministic). A
  finished game deletes its saved row. One session at a time holds the saved game's lease
  (:meth:`Store.hold <silverpyr.puzzles.core.store.Store.hold>`).

**Ruling (one unfinished game).** The store keeps one unfinished game against bots
(:data:`GAME_ID`). :meth:`KeptGame.start` without a seed resumes it when there is one (a
note says which: seed, players, opponents, round and turn, and that ``--restart`` starts a
new one); ``restart`` drops it and starts a new game; a seed, a number of players or
opponents given for another game while one is unfinished raises
:class:`UnfinishedGameError`, which names both remedies (play on without ``--seed``, or
``--restart``). A game played with another deck (``--cards``) than the unfinished one is
another game. The coach of a resumed game is on when it was on before or is asked for now.
A game with no final decision yet is not saved (there is nothing to resume).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from ....solver.core.errors import SilverpyrError
from ....solver.core.reader import parse_whole, parse_wholes
from ....solver.games import GAMES
from ....solver.silvergold.game import (
    DECK,
    GameState,
    Phase,
    Replacement,
    deal,
)
from ....solver.silvergold.moves import PASS, IllegalMoveError, Move
from ...core.kept import (
    GAME_ID,
    HoldsLease,
    Keeping,
    UnfinishedGameError,
    start_kept,
    unfinished_error,
)
from .advice import Kind, decision_kind

if TYPE_CHECKING:
    from pathlib import Path

    from ....solver.silvergold.cards import Deck, PyramidCard
    from ....solver.silvergold.game import Claim
    from ....solver.silvergold.players import Player
    from ....solver.silvergold.position import Position
    from ....solver.silvergold.rollouts import Choice
    from ...core.store import SavedGame, Store
    from .advice import Advice
    from .game_coach import CoachReport, Verdict
    from .game_record import GameRecord

HUMAN = 0
"""Your seat (0-based): player 1."""
DEFAULT_PLAYERS = 2
DEFAULT_OPPONENTS = "greedy"
LEASE_NAME = "unfinished game against bots"
RESUME_COMMAND = "silverpyr game"
SEATS = GAMES["silvergold"].seats
"""The table sizes of a game (the engine's): the store reads the saved row against them."""
KEEPING = Keeping(LEASE_NAME, RESUME_COMMAND, SEATS)
"""The game's declaration to the core's kept game (:mod:`silverpyr.puzzles.core.kept`)."""


# --- events ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """``player`` played ``move`` (a pass when it had no card in play) in this turn."""

    player: int
    move: Move
    round_number: int
    turn: int


@dataclass(frozen=True)
class Completed:
    """``player`` completed ``card`` this turn."""

    player: int
    card: PyramidCard


@dataclass(frozen=True)
class Replaced:
    """``player`` replaced the completed ``card`` with ``taken`` from ``source``."""

    player: int
    card: PyramidCard
    taken: PyramidCard
    source: Replacement


@dataclass(frozen=True)
class Claimed:
    """A pyramid-point box claimed (``claim.player``, ``claim.points`` of ``claim.color``,
    triggered by card ``claim.card``)."""

    claim: Claim


@dataclass(frozen=True)
class Judged:
    """The coach's verdict on your decision that just became final (may be silent)."""

    verdict: Verdict


Event = Played | Completed | Replaced | Claimed | Judged


# --- the kept game -----------------------------------------------------------------------


class KeptGame(HoldsLease):
    """A game against bots and what the results store keeps of it (module docstring).

    ``store`` is ``None`` when nothing is saved (``--no-record``, or a store that cannot
    be used). ``notes`` are what starting it has to say (resuming, starting over).
    """

    def __init__(
        self,
        deck: Deck,
        seed: int,
        players: int,
        opponents: str,
        *,
        coach: bool = False,
        record: Path | None = None,
        store: Store | None = None,
    ) -> None:
        from .registry import make_table

        self.deck = deck
        self.seed = seed
        self.players = players
        """How many seats (you included)."""
        self.opponents = opponents
        """The other seats' bots: one name for all of them, or one a seat, comma-separated
        (:func:`~.registry.seat_bots`)."""
        self.coach = coach
        self.rollouts = 0
        """The advice's second opinion: games played out per option (0: none; ``--rollouts``)."""
        self.record_path = record
        self.store = store
        self.bot: Player = make_table(opponents, players)
        self.state: GameState = deal(deck, players, seed)
        """The table after every final decision (a pending mark is not on it)."""
        self.pending: Move | None = None
        """Your mark while it can still be taken back (before :meth:`end_turn`)."""
        self.answers: list[str] = []
        """Your final decisions in order, as the prompts take them (the saved game)."""
        self.verdicts: list[Verdict] = []
        self.notes: list[str] = []
        self.resumed = False
        self.started_on = dt.date.today().isoformat()
        self.revision: int | None = None
        """The revision of the saved game this session read or wrote last."""
        self._record: GameRecord | None = None
        self._advised: tuple[GameState, Advice] | None = None
        self._bot_keeps: tuple[GameState, list[tuple[int, int]]] | None = None
        self._claims_seen = 0
        self._replaying = False
        if record is not None:
            from .game_record import GameRecord

            self._record = GameRecord.start(deck, seed, players, opponents)
            self._record.save(record)

    # --- starting -----------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        deck: Deck,
        *,
        seed: int | None,
        fresh_seed: int,
        players: int | None = None,
        opponents: str | None = None,
        coach: bool = False,
        record: Path | None = None,
        store: Store | None = None,
        restart: bool = False,
    ) -> KeptGame:
        """A new game, or the unfinished one resumed (see the module's ruling).

        ``seed``, ``players`` and ``opponents`` are ``None`` when not asked for; a new game
        then takes ``fresh_seed``, :data:`DEFAULT_PLAYERS` and :data:`DEFAULT_OPPONENTS`.
        Raises :class:`UnfinishedGameError` when another game is asked for while one is
        unfinished, and the store's ``SessionBusyError`` while another session holds the
        saved game.
        """

        def new() -> KeptGame:
            return cls(
                deck,
                fresh_seed if seed is None else seed,
                DEFAULT_PLAYERS if players is None else players,
                DEFAULT_OPPONENTS if opponents is None else opponents,
                coach=coach,
                record=record,
                store=store,
            )

        def resume(saved: SavedGame) -> KeptGame | str:
            asked = (
                (seed is None or seed == saved.seed)
                and (players is None or players == saved.players)
                and (opponents is None or opponents == saved.opponents)
            )
            if not asked or saved.deck != deck.fingerprint:
                raise unfinished_error(
                    describe(saved),
                    other_deck=saved.deck != deck.fingerprint,
                    command=RESUME_COMMAND,
                    options="--seed, --players or --opponents",
                )
            problem = _seats_problem(saved)
            if problem is not None:
                return problem
            kept = cls(
                deck,
                saved.seed,
                saved.players,
                saved.opponents,
                coach=coach or saved.coach,
                record=record,
                store=store,
            )
            problem = kept._replay(saved)
            return kept if problem is None else problem

        return start_kept(
            store, KEEPING, restart=restart, describe=describe, resume=resume, new=new
        )

    def _replay(self, saved: SavedGame) -> str | None:
        """Replay the saved answers through the engine; why they do not replay, if so."""
        self._replaying = True
        try:
            for number, answer in enumerate(saved.answers, start=1):
                try:
                    self.answer(answer)
                except (SilverpyrError, ValueError) as error:
                    return f"answer {number}, {answer!r}: {error}"
        finally:
            self._replaying = False
        if self.is_over():
            return "it had ended"
        self._took_over(
            saved,
            f"Resuming the unfinished game ({describe(saved)}) at {self.where()}; "
            "--restart starts a new one.",
            self._record,
            self.record_path,
        )
        return None

    # --- where it stands ----------------------------------------------------------------

    @property
    def waiting(self) -> Kind | None:
        """What the game waits for from you (``None``: the game is over)."""
        if self.state.is_over():
            return None
        return decision_kind(self.state)

    def is_over(self) -> bool:
        return self.state.is_over()

    @property
    def table(self) -> tuple[str, ...]:
        """The player of every seat: ``human``, then the bots' names."""
        from .game_record import PERSON
        from .registry import seat_bots

        return (PERSON, *seat_bots(self.opponents, self.players))

    @property
    def saved(self) -> bool:
        """Whether the game is saved in the results store (not ``--no-record``)."""
        return self.store is not None

    def where(self) -> str:
        """``setup``, ``round 2, turn 3``, ``round 2, turn 3, replacing card 12`` or ``the
        end``: where the game stands, for people."""
        if self.state.is_over():
            return "the end"
        from .game_record import when

        return when(self.state)

    def position(self) -> Position:
        """Your cards and sheet as you see them: with the pending mark on them, if any."""
        state = self.state
        position = state.position(HUMAN)
        if self.pending is None:
            return position
        return position.push(self.pending, state.expedition, state.round_number)

    def options(self) -> list[Choice]:
        """Your options in the decision due now, in the engine's order."""
        from .advice import options_of

        return options_of(self.state, HUMAN)

    # --- the coach ----------------------------------------------------------------------

    def advice(self) -> Advice:
        """The expert's advice on the decision due now (worked out once per state)."""
        state = self.state
        cached = self._advised
        if cached is not None and cached[0] is state:
            return cached[1]
        from .advice import advise

        found = advise(
            state,
            HUMAN,
            opponents=self._advice_opponents(),
            rollouts=self.rollouts,
            seed=state.seed,
        )
        self._advised = (state, found)
        return found

    def _advice_opponents(self) -> Player:
        from .registry import make_table

        return make_table(self.opponents, self.players)

    def check(self, choice: Choice) -> Verdict | None:
        """The coach's opinion of ``choice`` before it is final (not recorded); ``None``
        when the coach is off. Raises ``IllegalMoveError`` for a choice that is not legal."""
        self._check_legal(choice)
        if not self.coach:
            return None
        return self._judge(choice)

    def _judge(self, choice: Choice) -> Verdict:
        from .game_coach import judge
        from .game_record import when

        return judge(self.advice(), choice, when(self.state))

    def report(self) -> CoachReport:
        """The coach's summary of the decisions made so far."""
        from .game_coach import report

        return report(self.verdicts)

    # --- your decisions -----------------------------------------------------------------

    def keep(self, first: int, second: int) -> list[Event]:
        """Keep two of the dealt cards (final at once); the bots keep theirs."""
        self._require(Kind.KEEP)
        choice = (first, second)
        keeps = [choice, *self._bots_keep()]
        after = self.state.keep(keeps)
        self._recorded(enumerate(keeps))
        return self._final(choice, after, [])

    def mark(self, move: Move) -> None:
        """Your mark for this turn, pending until :meth:`end_turn` (:meth:`undo` takes it
        back). Raises ``IllegalMoveError`` when it is not legal or a mark is pending."""
        self._require(Kind.MARK)
        if self.pending is not None:
            raise IllegalMoveError("a move is already made this turn: take it back first")
        self._check_legal(move)
        self.pending = move

    def undo(self) -> Move:
        """Take back the pending mark; the mark taken back."""
        if self.pending is None:
            raise IllegalMoveError("nothing to take back: a move is final once its turn has ended")
        move, self.pending = self.pending, None
        return move

    def end_turn(self) -> list[Event]:
        """Make the pending mark final: the bots mark, completions, replacements that are
        not yours to choose and claims settle, up to your next decision."""
        self._require(Kind.MARK)
        move = self.pending
        if move is None:
            raise IllegalMoveError("make your move first")
        self.pending = None
        events: list[Event] = []
        after = self._play_turn(move, events)
        return self._final(move, after, events)

    def replace(self, choice: Replacement) -> list[Event]:
        """Replace your completed card from an offer slot or the deck top (final at once)."""
        self._require(Kind.REPLACEMENT)
        self._check_legal(choice)
        events: list[Event] = [self._replaced(choice)]
        after = self.state.take_replacement(choice)
        self._recorded([(HUMAN, choice)])
        return self._final(choice, after, events)

    def answer(self, text: str) -> list[Event]:
        """A final decision written as the prompts take it (``"11 23"``, ``"11:A1 A2"``,
        ``"2"``, ``"d"``): how a saved game is replayed. A mark ends the turn."""
        choice = self.parse(text)
        if isinstance(choice, Move):
            self.mark(choice)
            return self.end_turn()
        if isinstance(choice, Replacement):
            return self.replace(choice)
        return self.keep(*choice)

    def parse(self, text: str) -> Choice:
        """Your answer ``text`` to the decision due now as a choice (``IllegalMoveError``,
        ``InvalidMoveError`` or ``ValueError`` when it is not one)."""
        kind = self.waiting
        words = text.strip()
        if kind is Kind.KEEP:
            numbers = parse_wholes(words)
            if numbers is None or len(numbers) != 2:
                raise ValueError(f"{text!r}: write two card numbers")
            return (numbers[0], numbers[1])
        if kind is Kind.REPLACEMENT:
            lowered = words.lower()
            if lowered in {"d", "deck"}:
                return DECK
            slot = parse_whole(lowered, 1)
            if slot is None:
                raise ValueError(f"{text!r}: answer an offer slot or d for the deck top")
            return Replacement(slot - 1)
        if kind is Kind.MARK:
            return self.state.parse_move(HUMAN, words)
        raise IllegalMoveError("the game is over")

    # --- leaving ------------------------------------------------------------------------

    def leave(self) -> str:
        """You leave before the end: what is kept, and how to come back (a pending mark is
        not kept: it was not final)."""
        return self._left(
            "the game is not saved (--no-record)",
            f"the game is saved at {self.where()} ({self.seed_words()}): "
            f"`{RESUME_COMMAND}` resumes it",
        )

    def seed_words(self) -> str:
        """``seed 5, 2 players against greedy bots``."""
        return _words(self.seed, self.players, self.opponents)

    # --- internals ----------------------------------------------------------------------

    def _require(self, kind: Kind) -> None:
        if self.waiting is not kind:
            due = "nothing (the game is over)" if self.waiting is None else self.waiting.value
            raise IllegalMoveError(f"the game waits for your {due}, not a {kind.value}")

    def _bots_keep(self) -> list[tuple[int, int]]:
        """The bots' keeps (seats 1 on), worked out once per state."""
        cached = self._bot_keeps
        if cached is not None and cached[0] is self.state:
            return cached[1]
        keeps = [self.bot.keep(self.state, seat) for seat in range(1, self.players)]
        self._bot_keeps = (self.state, keeps)
        return keeps

    def _check_legal(self, choice: Choice) -> None:
        """``IllegalMoveError`` unless ``choice`` is legal in the decision due now."""
        state = self.state
        if isinstance(choice, Move):
            self._require(Kind.MARK)
            state.position(HUMAN).push(choice, state.expedition, state.round_number)
        elif isinstance(choice, Replacement):
            self._require(Kind.REPLACEMENT)
            if choice not in state.replacement_options():
                slots = len(state.offer)
                deck = " or the deck top" if state.pyramid_deck else ""
                raise IllegalMoveError(f"{choice} is not an option: an offer slot 1-{slots}{deck}")
        else:
            self._require(Kind.KEEP)
            state.keep([choice, *self._bots_keep()])

    def _play_turn(self, move: Move, events: list[Event]) -> GameState:
        """Everyone marks (``move`` for you, the bots by their policy); events appended."""
        state = self.state
        moves = [move] + [self.bot.move(state, seat) for seat in range(1, self.players)]
        after = state.play(moves)
        self._recorded(enumerate(moves))
        for seat, played in enumerate(moves):
            events.append(Played(seat, played, state.round_number, state.turn))
            before = len(state.players[seat].sheet.completed)
            events.extend(
                Completed(seat, card) for card in after.players[seat].sheet.completed[before:]
            )
        return after

    def _replaced(self, choice: Replacement) -> Replaced:
        state = self.state
        entry = state.pending[0]
        taken = state.pyramid_deck[0] if choice.slot is None else state.offer[choice.slot]
        return Replaced(entry.player, entry.card, taken, choice)

    def _final(self, choice: Choice, after: GameState, events: list[Event]) -> list[Event]:
        """``choice`` made in the state before ``after`` is final: judge, record, settle
        what is not yours to decide, save."""
        from .game_record import answer_of

        if self.coach:
            verdict = self._judge(choice)
            self.verdicts.append(verdict)
            events.insert(0, Judged(verdict))
        answer = answer_of(self.state, choice)
        self.answers.append(answer)
        self.state = after
        self._claims(events)
        self._settle(events)
        if self._record is not None and self.record_path is not None:
            if self.state.is_over():
                self._record = self._record.with_outcome(self.state.outcome())
            if not self._replaying:
                self._record.save(self.record_path)
        if not self._replaying:
            self._save()
        return events

    def _settle(self, events: list[Event]) -> None:
        """Take every step that is not your decision, up to your next one."""
        while not self.state.is_over() and not self._waits_for_you():
            state = self.state
            if state.phase is Phase.MARK:  # you have no card in play: a pass
                self.state = self._play_turn(PASS, events)
            else:
                options = state.replacement_options()
                choice = options[0] if len(options) == 1 else self.bot.replacement(state)
                events.append(self._replaced(choice))
                assert state.replacing_player is not None
                self._recorded([(state.replacing_player, choice)])
                self.state = state.take_replacement(choice)
            self._claims(events)

    def _recorded(self, choices: Iterable[tuple[int, Choice]]) -> None:
        """The decisions ``(seat, choice)`` of one step of the engine, added to the record."""
        if self._record is not None:
            self._record = self._record.with_moves(list(choices))

    def _claims(self, events: list[Event]) -> None:
        claims = self.state.claims
        events.extend(Claimed(claim) for claim in claims[self._claims_seen :])
        self._claims_seen = len(claims)

    def _waits_for_you(self) -> bool:
        state = self.state
        if state.phase is Phase.KEEP:
            return True
        if state.phase is Phase.MARK:
            return state.position(HUMAN).has_card_in_play()
        if state.phase is Phase.REPLACE:
            return state.replacing_player == HUMAN and len(state.replacement_options()) > 1
        return False

    def _save(self) -> None:
        """Save the game in the store after a final decision (a finished game is dropped)."""
        from ...core.store import SavedGame

        self._keep(
            self.state.is_over(),
            lambda: SavedGame(
                game_id=GAME_ID,
                deck=self.deck.fingerprint,
                seed=self.seed,
                players=self.players,
                opponents=self.opponents,
                coach=self.coach,
                answers=tuple(self.answers),
                started_on=self.started_on,
            ),
            SEATS,
        )


def _seats_problem(saved: SavedGame) -> str | None:
    """Why a saved row's ``opponents`` do not seat its table (``None``: they do)."""
    from .registry import REGISTRY, seat_bots

    names = seat_bots(saved.opponents, saved.players)
    for name in names or (saved.opponents,):
        if name not in REGISTRY:
            return f"no bot is named {name!r}"
    seats = saved.players - 1
    if len(names) != seats:
        other = f"{seats} other seat{'s' * (seats != 1)}"
        return f"{saved.opponents!r} names {len(names)} bots for {other}"
    return None


def _words(seed: int, players: int, opponents: str) -> str:
    if players == 1:
        return f"seed {seed}, solo"
    return f"seed {seed}, {players} players against {bots_words(players, opponents)}"


def bots_words(players: int, opponents: str) -> str:
    """The other seats' bots for people: ``a greedy bot``, ``an expert bot``, ``greedy
    bots``, ``greedy and expert bots`` (``opponents``: the game's text)."""
    if "," in opponents:
        *rest, last = opponents.split(",")
        return f"{', '.join(rest)} and {last} bots"
    if players > 2:
        return f"{opponents} bots"
    return f"{'an' if opponents[:1] in 'aeiou' else 'a'} {opponents} bot"


def describe(saved: SavedGame) -> str:
    """A saved game for people: ``seed 5, 2 players against a greedy bot, 7 decisions``."""
    count = len(saved.answers)
    return (
        f"{_words(saved.seed, saved.players, saved.opponents)}, "
        f"{count} decision{'s' * (count != 1)} made"
    )


__all__ = [
    "GAME_ID",
    "HUMAN",
    "SEATS",
    "Claimed",
    "Completed",
    "Event",
    "Judged",
    "KeptGame",
    "Played",
    "Replaced",
    "UnfinishedGameError",
    "bots_words",
    "describe",
]
