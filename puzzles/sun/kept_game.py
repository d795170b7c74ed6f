"""Keeping a game of Pyramid of the Sun against bots: one table for both screens.

:class:`KeptGame` holds a game of ``silverpyr sun game``: seat 0 is you, seats 1 on are bots
of the registry (:func:`.registry.make_player`). The line mode
(:mod:`silverpyr.cli.sun.game_cmd`) and the full-screen game call the same methods and only
draw what they return; every rule is the engine's (:mod:`silverpyr.solver.sun.game`).

**The API the screens use** (small and stable):

* :meth:`KeptGame.start` opens a new game or resumes the unfinished one (see the ruling);
  use the result as a context manager, or call :meth:`KeptGame.release` when done.
* :attr:`KeptGame.state` is the table as you see it now, your pending placements on it;
  :meth:`KeptGame.view` what you know of it (the engine's :class:`SunView`).
* :attr:`KeptGame.waiting`: the :class:`Phase` of the decision the game waits for from you,
  ``None`` when the game is over or the bots are due (:attr:`KeptGame.bots_due`).
* :meth:`KeptGame.options` (the legal moves now, the engine's order), :meth:`KeptGame.parse`
  (text to a move), :meth:`KeptGame.why_illegal` (a sentence, or ``None``),
  :meth:`KeptGame.is_final` (whether a move is final at once when played).
* :meth:`KeptGame.play` makes a move: a placement in a play turn stays **pending**
  (:meth:`KeptGame.undo` takes back the last one) until you end the turn (``end``) or make a
  symbol's choice; a draw, a discard, a symbol's choice, ``end`` and ``pass`` are final at
  once, and so is the placement of the top (the game ends). It returns the events.
* :meth:`KeptGame.settle` plays the bots' turns up to your next decision or the end, and may
  run in a worker thread (``progress`` is called before each bot's move with a line such as
  ``Player 2 (greedy) is playing...``); no other method may be called meanwhile.
* The coach (``coach=True``): :meth:`KeptGame.check` is its verdict on a move before it is
  final (``None`` when the coach is off; a pending placement is judged too, and its
  verdict is kept once the placement becomes final); :meth:`KeptGame.play` judges a move
  that was not checked first, so call :meth:`KeptGame.check` in a worker thread first;
  :meth:`KeptGame.advice` ranks every option of the decision due (:mod:`.advice`); both are
  rollouts that touch neither the table nor the store, so a screen runs them in a worker
  thread.
  :meth:`KeptGame.report` sums the game up (:mod:`.coach`); :meth:`KeptGame.advice_lines`
  and :meth:`KeptGame.summary_lines` give both as lines.
* Events as data (:class:`Happened`, :class:`Judged`, :class:`GameOver`): each has ``text``
  (its line for people: ``Player 3 (expert) placed T8 on the top 7a: 24 points; the game
  ends``, what your seat does not see left out: a bot's drawn card is not named), ``kind``
  (``event``, ``pending``, ``coach``, ``over``) and ``seat``.
* :meth:`KeptGame.leave` says what is kept and how to come back.

**Saved after every final decision** in the results store (``Store.open_default(game="sun")``,
:class:`~silverpyr.puzzles.store.SavedGame` ``game``; a pending placement is not saved):
the deck's fingerprint, seed, size and bots, the coach, and your final moves in order, in
id notation (``#17@1c``: exact even for twin cards, Ruling R14). Resuming replays them
through the engine, the bots deciding again (they are deterministic). A finished game drops
its row. One session at a time holds the saved game's lease.

**Rulings.**

* *One unfinished game.* The store keeps one unfinished Sun game (:data:`GAME_ID`).
  :meth:`KeptGame.start` without a seed resumes it (a note says which and that ``--restart``
  starts a new one); ``restart`` drops it; a seed, size or bots of another game while one is
  unfinished raise :class:`UnfinishedGameError`, naming both remedies (play on without
  those options, or ``--restart``). Another deck (``--cards``) is another game.
* *Size in the saved row.* :class:`SavedGame` has no size column: its ``opponents`` text
  holds the size and the bots, ``standard:greedy,expert`` (:func:`table_text`).
* *What is final.* Placements stay pending until ``end`` or a symbol's choice, which makes
  the turn's placements before it final too (a drawn card cannot be put back, and a turn
  is not cut in two). Placing on the top ends the game at once, so it is final at once.
  ``u`` takes back the last pending placement (and its points) only.
* *Seats for people.* Seat 0 is "You", seat ``k`` is "Player k+1 (bot)", as in the
  *Silver & Gold* game.
* *The coach when resuming.* The verdicts of the decisions made before leaving are not
  saved, and judging them again would replay every rollout: a resumed game's summary covers
  the decisions made since (a note says so).
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ...solver.errors import SilverpyrError
from ...solver.sun.game import (
    Discarded,
    Drew,
    Event,
    IllegalMove,
    Move,
    Outcome,
    Passed,
    Phase,
    Place,
    Reshuffled,
    Scored,
    SunState,
    SunView,
    apply,
    legal_moves,
    new_game,
    outcome,
    parse_move,
    why_illegal,
)
from ..kept import (
    UnfinishedGameError,
    dropped_note,
    keep_in_store,
    restart_note,
    unfinished_error,
)

if TYPE_CHECKING:
    from pathlib import Path

    from ...solver.sun.bots import SunPlayer
    from ...solver.sun.cards import Deck
    from ..lease import Lease
    from ..store import SavedGame, Store
    from .advice import Advice
    from .coach import CoachReport, Verdict
    from .game_record import GameRecord

HUMAN = 0
"""Your seat."""
GAME_ID = "game"
"""The id of the unfinished game in the store (one at a time: see the module's rulings)."""
DEFAULT_OPPONENTS: tuple[str, ...] = ("greedy",)
DEFAULT_SIZE = "standard"
LEASE_NAME = "unfinished Pyramid of the Sun game"
RESUME_COMMAND = "silverpyr sun game"

Progress = Callable[[str], None]
"""Told a line before each bot's move (or each stage of the advice's rollouts)."""
LineKind = Literal["event", "pending", "coach", "over"]
"""What an event's line is: every event has ``text``, ``kind`` and ``seat``."""


class SavedTableError(SilverpyrError, ValueError):
    """A saved game's ``opponents`` text that does not name a size and bots."""


# --- events --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Happened:
    """Something the engine did (``event``), told from your seat (``text``); ``pending``: a
    placement of yours not yet final (``u`` takes it back)."""

    seat: int | None
    text: str
    event: Event
    pending: bool = False

    @property
    def kind(self) -> LineKind:
        """``pending`` for a placement of yours not final yet, else ``event``."""
        return "pending" if self.pending else "event"


@dataclass(frozen=True)
class Judged:
    """The coach's verdict on your decision that just became final (may be silent)."""

    verdict: Verdict

    @property
    def text(self) -> str:
        """The coach's line (empty when it stays silent)."""
        return self.verdict.message()

    @property
    def kind(self) -> LineKind:
        return "coach"

    @property
    def seat(self) -> int | None:
        return HUMAN


@dataclass(frozen=True)
class GameOver:
    """The game has ended: its outcome, and a line for people."""

    outcome: Outcome
    text: str

    @property
    def kind(self) -> LineKind:
        return "over"

    @property
    def seat(self) -> int | None:
        return None


TableEvent = Happened | Judged | GameOver


def seat_name(seat: int, bots: Sequence[str]) -> str:
    """``You`` for seat 0, ``Player 3 (expert)`` for the others (``bots``: seats 1 on)."""
    if seat == HUMAN:
        return "You"
    return f"Player {seat + 1} ({bots[seat - 1]})"


def _points(points: int) -> str:
    return f"{points} point{'' if points == 1 else 's'}"


def describe_event(state: SunState, event: Event, bots: Sequence[str]) -> str:
    """One engine event as a line for seat 0 (``state``: any state of the game, for the
    deck and the top): a bot's drawn card is not named."""
    deck = state.deck
    if isinstance(event, Scored):
        who = seat_name(event.seat, bots)
        label = deck[event.card].label
        if event.kind == "symbol":
            symbol = deck[event.card].symbol or "its"
            return f"{who} took {_points(event.points)} for the {symbol} symbol of {label}"
        where = f"the top {event.slot}" if event.slot == state.pyramid.top else str(event.slot)
        text = f"{who} placed {label} on {where}: {_points(event.points)}"
        return text + ("; the game ends" if event.slot == state.pyramid.top else "")
    if isinstance(event, Drew):
        who = seat_name(event.seat, bots)
        why = " for the symbol" if event.reason == "symbol" else ""
        if event.seat == HUMAN:
            return f"{who} drew {deck[event.card].label} from the {event.pile} pile{why}"
        return f"{who} drew a card from the {event.pile} pile{why}"
    if isinstance(event, Discarded):
        return f"{seat_name(event.seat, bots)} discarded {deck[event.card].label}"
    if isinstance(event, Reshuffled):
        return (
            f"The {event.pile} discards ({event.cards} cards) were shuffled into a new "
            f"{event.pile} pile"
        )
    if isinstance(event, Passed):
        return f"{seat_name(event.seat, bots)} passed: nothing to play, nothing to draw"
    raise TypeError(f"not an event: {event!r}")  # pragma: no cover - every event is above


def describe_outcome(result: Outcome, bots: Sequence[str]) -> str:
    """``You win with 34 points (Player 2 (greedy) 29).`` and the like."""
    scores = ", ".join(
        f"{seat_name(seat, bots)} {score}" for seat, score in enumerate(result.scores)
    )
    ended = "the top is placed" if result.reason == "top" else "every player passed in a row"
    names = [seat_name(seat, bots) for seat in result.winners]
    if len(names) == 1:
        verb = "win" if result.winners[0] == HUMAN else "wins"
        who = f"{names[0]} {verb}"
    else:
        who = f"Shared win: {' and '.join(names)}"
    return f"The game is over ({ended}). {who}. Scores: {scores}."


def table_text(size: str, bots: Sequence[str]) -> str:
    """The saved row's ``opponents`` text: ``standard:greedy,expert`` (module rulings)."""
    return f"{size}:{','.join(bots)}"


def parse_table_text(text: str) -> tuple[str, tuple[str, ...]]:
    """The size and bots of a saved row's ``opponents`` text (:func:`table_text`)."""
    size, colon, names = text.partition(":")
    bots = tuple(name for name in names.split(",") if name)
    if not colon or not size or not bots:
        raise SavedTableError(f"{text!r} does not name a size and bots (size:bot,bot)")
    return size, bots


# --- the kept game -------------------------------------------------------------------------


class KeptGame:
    """A game against bots and what the results store keeps of it (module docstring).

    ``bots`` are the registry names of seats 1 on; ``store`` is ``None`` when nothing is
    saved. ``notes`` are what starting it has to say (resuming, starting over).
    """

    def __init__(
        self,
        deck: Deck,
        seed: int,
        size: str,
        bots: Sequence[str],
        *,
        coach: bool = False,
        record: Path | None = None,
        store: Store | None = None,
        rollouts: int | None = None,
    ) -> None:
        from .registry import make_player

        self.deck = deck
        self.seed = seed
        self.size = size
        self.bots: tuple[str, ...] = tuple(bots)
        self.players: list[SunPlayer] = [make_player(name) for name in self.bots]
        self.coach = coach
        self.rollouts = rollouts
        """Paired rollouts per option of the advice (``None``: :data:`.advice.DEFAULT_ROLLOUTS`)."""
        self.record_path = record
        self.store = store
        self.committed: SunState = new_game(deck, 1 + len(self.bots), size, seed)
        """The table after the last final decision."""
        self.pending: tuple[Place, ...] = ()
        """Your placements of this turn that are not final yet."""
        self.state: SunState = self.committed
        """The table as you see it: the pending placements on it (and symbol phase)."""
        self.answers: list[str] = []
        """Your final moves in order, in id notation (the saved game)."""
        self.moves: list[tuple[int, Move]] = []
        """Every final move of every seat, in order (the record)."""
        self.verdicts: list[Verdict] = []
        self._pending_verdicts: list[Verdict | None] = []
        self.notes: list[str] = []
        self.resumed = False
        self.turn_number = 1
        """Turns started so far, every seat's (for people: :meth:`where`)."""
        self.started_on = dt.date.today().isoformat()
        self.revision: int | None = None
        self.lease: Lease | None = None
        self._record: GameRecord | None = None
        self._advised: tuple[SunState, Advice] | None = None
        self._checked: tuple[SunState, str, Verdict] | None = None
        self._replaying = False
        self._home_thread = threading.get_ident()
        """The thread that made the game: the store (SQLite) may be used only there."""
        self._drop_due = False
        """The game ended in :meth:`settle` on another thread: the saved row is dropped on
        the home thread (:meth:`release`)."""
        if record is not None:
            from .game_record import GameRecord

            self._record = GameRecord.start(deck, seed, size, self.bots)
            self._record.save(record)

    # --- starting --------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        deck: Deck,
        *,
        seed: int | None,
        fresh_seed: int,
        size: str | None = None,
        bots: Sequence[str] | None = None,
        coach: bool = False,
        record: Path | None = None,
        store: Store | None = None,
        restart: bool = False,
    ) -> KeptGame:
        """A new game, or the unfinished one resumed (see the module's rulings).

        ``seed``, ``size`` and ``bots`` are ``None`` when not asked for; a new game then takes
        ``fresh_seed``, :data:`DEFAULT_SIZE` and :data:`DEFAULT_OPPONENTS`. Raises
        :class:`UnfinishedGameError` when another game is asked for while one is unfinished,
        the store's ``SessionBusyError`` while another session holds the saved game, and the
        engine's or the registry's errors for a bad size, seed or bot name.
        """
        if store is None:
            return cls._new(deck, seed, fresh_seed, size, bots, coach, record, None)
        lease = store.hold(GAME_ID, LEASE_NAME)
        try:
            kept = cls._open(deck, seed, fresh_seed, size, bots, coach, record, store, restart)
        except BaseException:
            if lease is not None:
                lease.release()
            raise
        kept.lease = lease
        return kept

    @classmethod
    def _new(
        cls,
        deck: Deck,
        seed: int | None,
        fresh_seed: int,
        size: str | None,
        bots: Sequence[str] | None,
        coach: bool,
        record: Path | None,
        store: Store | None,
    ) -> KeptGame:
        kept = cls(
            deck,
            fresh_seed if seed is None else seed,
            DEFAULT_SIZE if size is None else size,
            DEFAULT_OPPONENTS if bots is None else bots,
            coach=coach,
            record=record,
            store=store,
        )
        return kept

    @classmethod
    def _open(
        cls,
        deck: Deck,
        seed: int | None,
        fresh_seed: int,
        size: str | None,
        bots: Sequence[str] | None,
        coach: bool,
        record: Path | None,
        store: Store,
        restart: bool,
    ) -> KeptGame:
        saved = store.saved_game(GAME_ID)
        notes: list[str] = []
        if saved is not None and restart:
            store.drop_game(GAME_ID)
            notes.append(restart_note(describe(saved)))
            saved = None
        if saved is not None:
            problem: str | None = None
            try:
                saved_size, saved_bots = parse_table_text(saved.opponents)
            except SavedTableError as error:
                problem = str(error)
                saved_size, saved_bots = DEFAULT_SIZE, DEFAULT_OPPONENTS
            asked = (
                (seed is None or seed == saved.seed)
                and (size is None or size == saved_size)
                and (bots is None or tuple(bots) == saved_bots)
            )
            if problem is None and (not asked or saved.deck != deck.fingerprint):
                raise unfinished_error(
                    describe(saved),
                    other_deck=saved.deck != deck.fingerprint,
                    command=RESUME_COMMAND,
                    options="--seed, --size, --players or --opponents",
                )
            if problem is None:
                try:
                    kept = cls(
                        deck,
                        saved.seed,
                        saved_size,
                        saved_bots,
                        coach=coach or saved.coach,
                        record=record,
                        store=store,
                    )
                    problem = kept._replay(saved)
                except SilverpyrError as error:
                    problem = str(error)
                if problem is None:
                    kept.notes[:0] = notes
                    return kept
            notes.append(dropped_note(describe(saved), problem))
            store.drop_game(GAME_ID)
        kept = cls._new(deck, seed, fresh_seed, size, bots, coach, record, store)
        kept.notes[:0] = notes
        return kept

    def _replay(self, saved: SavedGame) -> str | None:
        """Replay the saved answers through the engine; why they do not replay, if so."""
        self._replaying = True
        coach, self.coach = self.coach, False
        try:
            self.settle()
            for number, answer in enumerate(saved.answers, start=1):
                try:
                    self.play(self.parse(answer))
                    self.settle()
                except SilverpyrError as error:
                    return f"answer {number}, {answer!r}: {error}"
            if self.pending:
                return "it stopped inside a turn"
        finally:
            self._replaying = False
            self.coach = coach
        if self.is_over():
            return "it had ended"
        if self._record is not None and self.record_path is not None:
            self._record.save(self.record_path)
        self.revision = saved.revision
        self.started_on = saved.started_on
        self.resumed = True
        self.notes.append(
            f"Resuming the unfinished game ({describe(saved)}); --restart starts a new one."
        )
        if self.coach and self.answers:
            self.notes.append(
                "The coach's summary covers the decisions from here on (earlier verdicts "
                "are not saved)."
            )
        return None

    # --- where it stands -------------------------------------------------------------------

    @property
    def waiting(self) -> Phase | None:
        """The decision due from you (``None``: the game is over, or the bots are due)."""
        state = self.state
        if state.over or state.turn != HUMAN:
            return None
        return state.phase

    @property
    def bots_due(self) -> bool:
        """Whether a bot is to move (:meth:`settle` plays up to your next decision)."""
        return not self.state.over and self.state.turn != HUMAN

    def is_over(self) -> bool:
        return self.state.over

    def outcome(self) -> Outcome | None:
        """The end of the game (``None`` while it goes on)."""
        return outcome(self.state)

    @property
    def saved(self) -> bool:
        """Whether the game is saved in the results store."""
        return self.store is not None

    def view(self) -> SunView:
        """What you know of the table now (your pending placements on it)."""
        return self.state.view(HUMAN)

    @property
    def table(self) -> tuple[str, ...]:
        """The player of every seat: ``human``, then the bots' names."""
        return ("human", *self.bots)

    def seat_names(self) -> tuple[str, ...]:
        """Every seat's name for people: ``You``, ``Player 2 (greedy)``..."""
        return tuple(seat_name(seat, self.bots) for seat in range(1 + len(self.bots)))

    def options(self) -> tuple[Move, ...]:
        """Your legal moves now, in the engine's order (empty when it is not your turn)."""
        if self.waiting is None:
            return ()
        return legal_moves(self.state)

    def parse(self, text: str) -> Move:
        """Your move written as ``text`` (the engine's notation); ``MoveSyntaxError`` if it is
        not a move (legality is :meth:`why_illegal`'s)."""
        return parse_move(self.state, text)

    def why_illegal(self, move: Move) -> str | None:
        """Why ``move`` is not yours to make now (a sentence), or ``None``."""
        if self.state.over:
            return "the game is over"
        if self.state.turn != HUMAN:
            return "it is not your turn: the other players are playing"
        return why_illegal(self.state, move)

    def is_final(self, move: Move) -> bool:
        """Whether :meth:`play` makes ``move`` final at once (else it stays pending)."""
        return not (isinstance(move, Place) and move.slot != self.state.pyramid.top)

    def label(self, move: Move) -> str:
        """``move`` in notation with card labels (``S4-sun@1c``), for people."""
        return move.notation(self.deck)

    # --- the coach --------------------------------------------------------------------------

    def advice(self, progress: Progress | None = None) -> Advice:
        """Every option of the decision due, ranked in expected final points (worked out
        once per state; rollouts only: neither the table nor the store changes)."""
        state = self.state
        cached = self._advised
        if cached is not None and cached[0] is state:
            return cached[1]
        from .advice import advise

        found = advise(state, HUMAN, self.table, samples=self.rollouts, progress=progress)
        self._advised = (state, found)
        return found

    def check(self, move: Move, progress: Progress | None = None) -> Verdict | None:
        """The coach's verdict on ``move`` before it is final (``None`` when the coach is
        off). Raises :class:`IllegalMove` when the move is not legal now."""
        self._check_legal(move)
        if not self.coach:
            return None
        return self._judge(move, progress)

    def _judge(self, move: Move, progress: Progress | None = None) -> Verdict:
        state = self.state
        key = move.notation()
        cached = self._checked
        if cached is not None and cached[0] is state and cached[1] == key:
            return cached[2]
        from .coach import judge

        advised = self._advised[1] if self._advised and self._advised[0] is state else None
        verdict = judge(
            state,
            HUMAN,
            self.table,
            move,
            where=self.where(),
            samples=self.rollouts,
            advice=advised,
            progress=progress,
        )
        self._checked = (state, key, verdict)
        return verdict

    def advice_lines(self, progress: Progress | None = None) -> list[str]:
        """:meth:`advice` as lines for people (rollouts: may run in a worker thread)."""
        if self.waiting is None:
            return ["No decision of yours is due."]
        return self.advice(progress).lines()

    def summary_lines(self) -> list[str]:
        """The coach's summary as lines (empty without the coach)."""
        return self.report().lines() if self.coach else []

    def report(self) -> CoachReport:
        """The coach's summary of the final decisions so far."""
        from .coach import report

        return report(self.verdicts)

    def where(self) -> str:
        """``turn 7``, ``turn 7, after 2 cards``, ``turn 7, discard``: where the game stands
        (turns counted over every seat, from 1), for people; ``the end``."""
        state = self.state
        if state.over:
            return "the end"
        turn = self.turn_number
        if state.phase is Phase.PLAYING:
            return f"turn {turn}, after {state.placed} card{'s' * (state.placed != 1)}"
        if state.phase is Phase.CHOOSE:
            return f"turn {turn}"
        return f"turn {turn}, {state.phase.value}"

    # --- your decisions ----------------------------------------------------------------------

    def play(self, move: Move) -> list[TableEvent]:
        """Make ``move`` (see the module docstring: pending or final). Raises
        :class:`IllegalMove` when it is not legal now. The bots do not move here:
        :meth:`settle` plays them."""
        self._check_legal(move)
        verdict = self._judge(move) if self.coach and not self._replaying else None
        before = self.state
        after = apply(before, move)
        if isinstance(move, Place) and not after.over:
            self.pending = (*self.pending, move)
            self._pending_verdicts.append(verdict)
            self.state = after
            return self._events(before, after, pending=True)
        events: list[TableEvent] = []
        for earlier in self._pending_verdicts:  # the turn's placements are final now
            if earlier is not None:
                self.verdicts.append(earlier)
                events.append(Judged(earlier))
        if verdict is not None:
            self.verdicts.append(verdict)
            events.append(Judged(verdict))
        # the pending placements' events were told already; only the new ones now
        events.extend(self._events(before, after))
        for final in (*self.pending, move):
            self._final(final)
        self._count_turn(before, after)
        self.pending = ()
        self._pending_verdicts = []
        self.committed = after
        self.state = after
        self._advised = None
        self._saved_now()
        events.extend(self._game_over())
        return events

    def undo(self) -> Place:
        """Take back your last pending placement; the placement taken back. Raises
        :class:`IllegalMove` when none is pending."""
        if not self.pending:
            raise IllegalMove(
                "nothing to take back: a move is final once you end the turn, draw, discard "
                "or choose a symbol's option"
            )
        move = self.pending[-1]
        self.pending = self.pending[:-1]
        self._pending_verdicts.pop()
        state = self.committed
        for placed in self.pending:
            state = apply(state, placed)
        self.state = state
        self._advised = None
        return move

    def settle(self, progress: Progress | None = None) -> list[TableEvent]:
        """The bots' moves up to your next decision or the end (each applied through the
        engine, each final); their events. Safe in a worker thread (nothing else may run on
        this game meanwhile)."""
        events: list[TableEvent] = []
        while self.bots_due:
            state = self.state
            seat = state.turn
            if progress is not None:
                progress(f"{seat_name(seat, self.bots)} is playing...")
            move = self.players[seat - 1].decide(state, seat)
            after = apply(state, move)
            events.extend(self._events(state, after))
            self._final(move, seat)
            self._count_turn(state, after)
            self.committed = after
            self.state = after
        if events:
            self._advised = None
            events.extend(self._game_over())
            if not self._replaying:
                self._save_record()
                if self.state.over and threading.get_ident() == self._home_thread:
                    self._save()
                elif self.state.over:  # a worker thread (the full screen): SQLite objects
                    self._drop_due = True  # are tied to their thread; dropped on release
        return events

    # --- leaving -------------------------------------------------------------------------------

    def release(self) -> None:
        """Let go of the saved game's lease (the game was left, or ended); a game that
        ended in a worker thread's :meth:`settle` drops its saved row here."""
        if self._drop_due and threading.get_ident() == self._home_thread:
            self._drop_due = False
            self._save()
        if self.lease is not None:
            self.lease.release()
            self.lease = None

    def __enter__(self) -> KeptGame:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.release()

    def leave(self) -> str:
        """You leave before the end: what is kept and how to come back (pending placements
        are not kept: they were not final)."""
        self.release()
        if self.store is None:
            return "the game is not saved"
        if not self.answers:
            return "nothing was decided, so nothing is saved"
        return f"the game is saved ({self.seed_words()}): `{RESUME_COMMAND}` resumes it"

    def seed_words(self) -> str:
        """``seed 5, a standard pyramid, you against greedy and expert``."""
        return _words(self.seed, self.size, self.bots)

    # --- internals ---------------------------------------------------------------------------

    def _check_legal(self, move: Move) -> None:
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(reason)

    def _events(
        self, before: SunState, after: SunState, *, pending: bool = False
    ) -> list[TableEvent]:
        new = after.events[len(before.events) :]
        return [
            Happened(
                getattr(event, "seat", None),
                describe_event(after, event, self.bots),
                event,
                pending,
            )
            for event in new
        ]

    def _game_over(self) -> list[TableEvent]:
        result = outcome(self.state)
        if result is None:
            return []
        return [GameOver(result, describe_outcome(result, self.bots))]

    def _final(self, move: Move, seat: int = HUMAN) -> None:
        """``move`` of ``seat`` is final: into the answers (yours) and the record."""
        self.moves.append((seat, move))
        if seat == HUMAN:
            self.answers.append(move.notation())
        if self._record is not None:
            self._record = self._record.with_move(seat, move)

    def _count_turn(self, before: SunState, after: SunState) -> None:
        if not after.over and after.phase is Phase.CHOOSE and after.turn != before.turn:
            self.turn_number += 1

    def _saved_now(self) -> None:
        if self._replaying:
            return
        self._save_record()
        self._save()

    def _save_record(self) -> None:
        if self._record is not None and self.record_path is not None:
            result = outcome(self.state)
            if result is not None:
                self._record = self._record.with_outcome(result)
            self._record.save(self.record_path)

    def _save(self) -> None:
        """Save the game in the store after a final decision (a finished game is dropped)."""
        store = self.store
        if store is None:
            return
        from ..store import SavedGame

        self.revision = keep_in_store(
            store,
            GAME_ID,
            self.revision,
            over=self.state.over,
            saved=lambda: SavedGame(
                game_id=GAME_ID,
                deck=self.deck.fingerprint,
                seed=self.seed,
                players=1 + len(self.bots),
                opponents=table_text(self.size, self.bots),
                coach=self.coach,
                answers=tuple(self.answers),
                started_on=self.started_on,
            ),
        )


def _words(seed: int, size: str, bots: Sequence[str]) -> str:
    names = list(bots)
    against = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    article = "an" if size[:1] in "aeiou" else "a"
    return f"seed {seed}, {article} {size} pyramid, you against {against}"


def describe(saved: SavedGame) -> str:
    """A saved game for people: ``seed 5, a standard pyramid, you against greedy, 7 moves
    made``."""
    count = len(saved.answers)
    try:
        size, bots = parse_table_text(saved.opponents)
        words = _words(saved.seed, size, bots)
    except SavedTableError:
        words = f"seed {saved.seed}, {saved.players} players"
    return f"{words}, {count} move{'s' * (count != 1)} made"


__all__ = [
    "DEFAULT_OPPONENTS",
    "DEFAULT_SIZE",
    "GAME_ID",
    "HUMAN",
    "GameOver",
    "Happened",
    "Judged",
    "KeptGame",
    "Progress",
    "SavedTableError",
    "TableEvent",
    "UnfinishedGameError",
    "describe",
    "describe_event",
    "describe_outcome",
    "parse_table_text",
    "seat_name",
    "table_text",
]
