"""Keeping a game of Cheops against bots: one table for both screens.

:class:`KeptGame` holds a game of ``silverpyr cheops game``: seat 0 is you, seats 1 on are bots
of the registry (:func:`.registry.make_player`). The line mode
(:mod:`silverpyr.cli.cheops.game_cmd`) and the full-screen game call the same methods and only
draw what they return; every rule is the engine's (:mod:`silverpyr.solver.cheops.game`).
The API is written down for the screens in ``docs/cheops-game.md`` ("The table").

**The API the screens use** (small and stable):

* :meth:`KeptGame.start` opens a new game or resumes the unfinished one (see the rulings);
  use the result as a context manager, or call :meth:`KeptGame.release` when done.
* :attr:`KeptGame.state` is the table as you see it now, your pending moves on it;
  :meth:`KeptGame.view` what you know of it (the engine's ``CheopsView``).
* :attr:`KeptGame.waiting`: the :class:`Phase` of the decision the game waits for from you,
  ``None`` when the game is over or the bots are due (:attr:`KeptGame.bots_due`).
* :meth:`KeptGame.options` (the legal moves now, the engine's order), :meth:`KeptGame.parse`
  (text to a move), :meth:`KeptGame.why_illegal` (the engine's sentence, or ``None``),
  :meth:`KeptGame.is_final` (whether a move confirms your turn at once).
* :meth:`KeptGame.play` makes a move; it stays **pending** (:meth:`KeptGame.undo` takes back
  the last one) until your turn is confirmed (see the rulings). It returns the events.
* :meth:`KeptGame.settle` plays the bots' turns up to your next decision or the end, and may
  run in a worker thread (``progress`` is told ``Player 2 (greedy) is playing...`` before
  each bot's move); no other method may be called meanwhile.
* The coach (``coach=True``): :meth:`KeptGame.check` is its verdict on a move before it is
  played (``None`` when the coach is off), :meth:`KeptGame.advice` ranks every option of the
  decision due (:mod:`.advice`); both are rollouts that touch neither the table nor the
  store, so a screen runs them in a worker thread. :meth:`KeptGame.report` sums the game up
  (:mod:`.coach`).
* Events as data (:class:`Happened`, :class:`Judged`, :class:`GameOver`): each has ``text``
  (its line for people: ``Player 2 (greedy) took a red treasure from a4 with a beetle (B)``),
  ``kind`` (``event``, ``pending``, ``coach``, ``over``) and ``seat``.
* :meth:`KeptGame.leave` says what is kept and how to come back.

**Saved after every confirmed turn** in the results store (``Store.open_default(game=
"cheops")``, :class:`~silverpyr.puzzles.store.SavedGame` ``game``; pending moves are not
saved): the components' fingerprint, the seed, the bots, the coach, and your final moves in
order, in the engine's notation. Resuming replays them through the engine, the bots deciding
again (they are deterministic). A finished game drops its row. One session at a time holds
the saved game's lease.

**Rulings.**

* *One unfinished game* (the core's :mod:`silverpyr.puzzles.kept`). The store keeps one
  unfinished Cheops game (:data:`GAME_ID`). :meth:`KeptGame.start` without a seed resumes it
  (a note says which and that ``--restart`` starts a new one); ``restart`` drops it; a seed or
  bots of another game while one is unfinished raise :class:`UnfinishedGameError`, naming
  both remedies. Other components (``--cards``) are another game.
* *What is final.* Your moves of a turn stay pending until the turn is **confirmed**: by the
  move that ends it (the draw, ``end`` or ``pass``, or a sale or store after which no draw is
  owed) or by a move that **shows something hidden** (Ruling C13): taking a law from an eye
  shows the law, and a draw shows the stack's next tile, so either makes the turn's moves so
  far final with it (a hidden thing once seen cannot be unseen). A move that ends the game is
  final. ``u`` takes back the last pending move only.
* *Seats for people.* Seat 0 is "You", seat ``k`` is "Player k+1 (bot)", as in the other
  games.
* *The coach when resuming.* The verdicts of the decisions made before leaving are not saved:
  a resumed game's summary covers the decisions made since (a note says so).
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from ...solver.cheops.game import (
    KIND_NAMES,
    CheopsState,
    CheopsView,
    DrawTile,
    DrewTile,
    Event,
    IllegalMove,
    LawPlayed,
    Lost,
    Move,
    Outcome,
    Paid,
    Passed,
    Phase,
    Scored,
    Sold,
    Stored,
    Take,
    Took,
    apply,
    legal_moves,
    new_game,
    outcome,
    parse_move,
    why_illegal,
)
from ...solver.errors import SilverpyrError
from ..kept import (
    UnfinishedGameError,
    dropped_note,
    keep_in_store,
    restart_note,
    unfinished_error,
)

if TYPE_CHECKING:
    from pathlib import Path

    from ...solver.cheops.bots import CheopsPlayer
    from ...solver.cheops.components import Components
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
LEASE_NAME = "unfinished Cheops game"
RESUME_COMMAND = "silverpyr cheops game"
MAX_BOTS = 4

Progress = Callable[[str], None]
"""Told a line before each bot's move (or each stage of the advice's rollouts)."""
LineKind = Literal["event", "pending", "coach", "over"]
"""What an event's line is: every event has ``text``, ``kind`` and ``seat``."""

LAW_WORDS: dict[int, str] = {
    1: "the market price is 5",
    2: "the market price is 15",
    3: "3 full boards end the game",
    4: "no storing",
    5: "no selling",
    6: "blocks a board",
    7: "a new price",
    8: "removes a law",
    9: "pay 25 for a treasure at the end",
    10: "sell a stored treasure",
    11: "an extra take",
    12: "swap two treasures",
}
"""What each law does, in a few words (docs/cheops-rules.md has them in full)."""

ENDS: dict[str, str] = {
    "empty": "the pyramid is empty",
    "boards": "enough price boards are full",
    "blocked": "no player can place a family tile",
}


class SavedTableError(SilverpyrError, ValueError):
    """A saved game's ``opponents`` text that does not name bots of the registry."""


# --- events --------------------------------------------------------------------------------


@dataclass(frozen=True)
class Happened:
    """Something the engine did (``event``), told from your seat (``text``); ``pending``: a
    move of yours not yet final (``u`` takes it back)."""

    seat: int | None
    text: str
    event: Event
    pending: bool = False

    @property
    def kind(self) -> LineKind:
        """``pending`` for a move of yours not final yet, else ``event``."""
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


def tile_words(kind: str) -> str:
    """``an ankh (A)``, ``a neighbour (N)``."""
    name = KIND_NAMES.get(kind, kind)
    article = "an" if name[:1] in "aeiou" else "a"
    return f"{article} {name} ({kind})"


def law_words(law: int) -> str:
    """``law 4 (no storing)``."""
    return f"law {law} ({LAW_WORDS.get(law, '?')})"


def describe_event(event: Event, bots: Sequence[str]) -> str:
    """One engine event as a line for people (Cheops hides nothing an event tells: a law is
    named once taken, and the stacks are face up)."""
    who = seat_name(event.seat, bots)
    if isinstance(event, Took):
        item = law_words(event.item) if isinstance(event.item, int) else f"a {event.item} treasure"
        return f"{who} took {item} from {event.space} with {tile_words(event.kind)}"
    if isinstance(event, Sold):
        return f"{who} sold {event.colour} for {event.paid}"
    if isinstance(event, Stored):
        return f"{who} stored {event.colour}"
    if isinstance(event, Lost):
        return f"{who} lost the {event.colour} treasure (law 4 under a full board)"
    if isinstance(event, Paid):
        why = "a neighbour" if event.why == "neighbour" else event.why
        return f"{who} paid {event.amount} for {why}"
    if isinstance(event, LawPlayed):
        return _law_line(who, event)
    if isinstance(event, DrewTile):
        return f"{who} drew {tile_words(event.kind)} from stack {event.stack}"
    if isinstance(event, Passed):
        return f"{who} passed: no family tile fits"
    if isinstance(event, Scored):
        return f"{who} scored {event.amount} for {event.colour}"
    raise TypeError(f"not an event: {event!r}")  # pragma: no cover - every event is above


def _law_line(who: str, event: LawPlayed) -> str:
    law, target = event.law, event.target
    name = law_words(law)
    if target is None:
        return f"{who} played {name}"
    if target == "kept":
        return f"{who} keeps {name} for a later turn"
    if target == "no effect":
        return f"{who} played {name}: no board is free, so it has no effect"
    if law == 9:
        if target == "paid":
            return f"{who} paid for {name}"
        if target == "declined":
            return f"{who} declined {name}"
        return f"{who}'s {name} counts as a {target} treasure"
    if law == 8:
        return f"{who} played {name}: " + ("nothing removed" if target == "none" else target)
    if law in (10, 11, 12):
        return f"{who} used {name}: {target}"
    return f"{who} played {name} on {target}"


def describe_outcome(result: Outcome, bots: Sequence[str]) -> str:
    """``The game is over (the pyramid is empty). You win. Money: You 140, ...``."""
    money = ", ".join(
        f"{seat_name(seat, bots)} {amount}" for seat, amount in enumerate(result.money)
    )
    names = [seat_name(seat, bots) for seat in result.winners]
    if len(names) == 1:
        verb = "win" if result.winners[0] == HUMAN else "wins"
        who = f"{names[0]} {verb}"
    else:
        who = f"Shared win: {' and '.join(names)}"
    return f"The game is over ({ENDS[result.reason]}). {who}. Final money: {money}."


def table_text(bots: Sequence[str]) -> str:
    """The saved row's ``opponents`` text: ``greedy,expert``."""
    return ",".join(bots)


def parse_table_text(text: str) -> tuple[str, ...]:
    """The bots of a saved row's ``opponents`` text (:func:`table_text`)."""
    from .registry import NAMES

    bots = tuple(name for name in text.split(",") if name)
    if not 1 <= len(bots) <= MAX_BOTS or any(name not in NAMES for name in bots):
        raise SavedTableError(f"{text!r} does not name 1-{MAX_BOTS} bots of the registry")
    return bots


def confirms(before: CheopsState, move: Move, after: CheopsState) -> bool:
    """Whether ``move`` (from ``before`` to ``after``) confirms the turn's moves (the
    module's ruling): the turn or the game ends, or something hidden is shown."""
    if after.over or after.turn != before.turn:
        return True
    if isinstance(move, DrawTile):
        return True
    return isinstance(move, Take) and isinstance(before.cell(move.space), int)


# --- the kept game -------------------------------------------------------------------------


class KeptGame:
    """A game against bots and what the results store keeps of it (module docstring).

    ``bots`` are the registry names of seats 1 on; ``store`` is ``None`` when nothing is
    saved. ``notes`` are what starting it has to say (resuming, starting over).
    """

    def __init__(
        self,
        components: Components,
        seed: int,
        bots: Sequence[str],
        *,
        coach: bool = False,
        record: Path | None = None,
        store: Store | None = None,
        rollouts: int | None = None,
    ) -> None:
        from .registry import make_player

        self.components = components
        self.seed = seed
        self.bots: tuple[str, ...] = tuple(bots)
        self.players: list[CheopsPlayer] = [make_player(name) for name in self.bots]
        self.coach = coach
        self.rollouts = rollouts
        """Paired rollouts of the advice and the coach (``None``: the advice's default)."""
        self.record_path = record
        self.store = store
        self.committed: CheopsState = new_game(components, 1 + len(self.bots), seed)
        """The table after the last final move."""
        self.pending: tuple[Move, ...] = ()
        """Your moves of this turn that are not final yet."""
        self.state: CheopsState = self.committed
        """The table as you see it: the pending moves on it."""
        self.answers: list[str] = []
        """Your final moves in order, in notation (the saved game)."""
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
        self._advised: tuple[CheopsState, Advice] | None = None
        self._checked: tuple[CheopsState, str, Verdict] | None = None
        self._replaying = False
        self._home_thread = threading.get_ident()
        """The thread that made the game: the store (SQLite) may be used only there."""
        self._drop_due = False
        if record is not None:
            from .game_record import GameRecord

            self._record = GameRecord.start(components, seed, self.bots)
            self._record.save(record)

    # --- starting --------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        components: Components,
        *,
        seed: int | None,
        fresh_seed: int,
        bots: Sequence[str] | None = None,
        coach: bool = False,
        record: Path | None = None,
        store: Store | None = None,
        restart: bool = False,
    ) -> KeptGame:
        """A new game, or the unfinished one resumed (see the module's rulings).

        ``seed`` and ``bots`` are ``None`` when not asked for; a new game then takes
        ``fresh_seed`` and :data:`DEFAULT_OPPONENTS`. Raises :class:`UnfinishedGameError`
        when another game is asked for while one is unfinished, the store's
        ``SessionBusyError`` while another session holds the saved game, and the engine's or
        the registry's errors for a bad seed or bot name.
        """
        if store is None:
            return cls._new(components, seed, fresh_seed, bots, coach, record, None)
        lease = store.hold(GAME_ID, LEASE_NAME)
        try:
            kept = cls._open(components, seed, fresh_seed, bots, coach, record, store, restart)
        except BaseException:
            if lease is not None:
                lease.release()
            raise
        kept.lease = lease
        return kept

    @classmethod
    def _new(
        cls,
        components: Components,
        seed: int | None,
        fresh_seed: int,
        bots: Sequence[str] | None,
        coach: bool,
        record: Path | None,
        store: Store | None,
    ) -> KeptGame:
        return cls(
            components,
            fresh_seed if seed is None else seed,
            DEFAULT_OPPONENTS if bots is None else bots,
            coach=coach,
            record=record,
            store=store,
        )

    @classmethod
    def _open(
        cls,
        components: Components,
        seed: int | None,
        fresh_seed: int,
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
            saved_bots: tuple[str, ...] = DEFAULT_OPPONENTS
            try:
                saved_bots = parse_table_text(saved.opponents)
            except SavedTableError as error:
                problem = str(error)
            asked = (seed is None or seed == saved.seed) and (
                bots is None or tuple(bots) == saved_bots
            )
            other = saved.deck != components.fingerprint
            if problem is None and (not asked or other):
                raise unfinished_error(
                    describe(saved),
                    other_deck=other,
                    command=RESUME_COMMAND,
                    options="--seed, --players or --opponents",
                )
            if problem is None:
                try:
                    kept = cls(
                        components,
                        saved.seed,
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
        kept = cls._new(components, seed, fresh_seed, bots, coach, record, store)
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

    @property
    def can_undo(self) -> bool:
        """Whether a move of yours is pending (:meth:`undo` takes it back)."""
        return bool(self.pending)

    def is_over(self) -> bool:
        return self.state.over

    def outcome(self) -> Outcome | None:
        """The end of the game (``None`` while it goes on)."""
        return outcome(self.state)

    @property
    def saved(self) -> bool:
        """Whether the game is saved in the results store."""
        return self.store is not None

    def view(self) -> CheopsView:
        """What you know of the table now (your pending moves on it)."""
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
        """Why ``move`` is not yours to make now (the engine's sentence), or ``None``."""
        if self.state.over:
            return "the game is over"
        if self.state.turn != HUMAN:
            return "it is not your turn: the other players are playing"
        return why_illegal(self.state, move)

    def is_final(self, move: Move) -> bool:
        """Whether :meth:`play` makes ``move`` (legal now) final at once, confirming the
        turn's pending moves with it (module rulings). Raises :class:`IllegalMove`."""
        self._check_legal(move)
        return confirms(self.state, move, apply(self.state, move))

    def label(self, move: Move) -> str:
        """``move`` in the engine's notation (``take b3 A``)."""
        return move.notation()

    # --- the coach --------------------------------------------------------------------------

    def advice(self, progress: Progress | None = None) -> Advice:
        """Every option of the decision due, ranked by the expert's valuation (worked out
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
        """The coach's verdict on ``move`` before it is played (``None`` when the coach is
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
        """``turn 7``, ``turn 7, sell``, ``turn 7, draw``: where the game stands (turns
        counted over every seat, from 1), for people; ``the end``."""
        state = self.state
        if state.over:
            return "the end"
        turn = self.turn_number
        if state.phase is Phase.START and not state.placed and not state.bought:
            return f"turn {turn}"
        return f"turn {turn}, {state.phase.value}"

    # --- your decisions ----------------------------------------------------------------------

    def play(self, move: Move) -> list[TableEvent]:
        """Make ``move`` (pending, or final with the turn's pending moves: module rulings).
        Raises :class:`IllegalMove` when it is not legal now. The bots do not move here:
        :meth:`settle` plays them."""
        self._check_legal(move)
        verdict = self._judge(move) if self.coach and not self._replaying else None
        before = self.state
        after = apply(before, move)
        if not confirms(before, move, after):
            self.pending = (*self.pending, move)
            self._pending_verdicts.append(verdict)
            self.state = after
            self._advised = None
            return self._events(before, after, pending=True)
        events: list[TableEvent] = []
        for earlier in self._pending_verdicts:  # the turn's moves are final now
            if earlier is not None:
                self.verdicts.append(earlier)
                events.append(Judged(earlier))
        if verdict is not None:
            self.verdicts.append(verdict)
            events.append(Judged(verdict))
        events.extend(self._events(before, after))  # the pending ones were told already
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

    def undo(self) -> Move:
        """Take back your last pending move; the move taken back. Raises
        :class:`IllegalMove` when none is pending."""
        if not self.pending:
            raise IllegalMove(
                "nothing to take back: your moves are final once your turn ends, or once a "
                "move shows something hidden (a law taken from an eye, a draw)"
            )
        move = self.pending[-1]
        self.pending = self.pending[:-1]
        self._pending_verdicts.pop()
        state = self.committed
        for made in self.pending:
            state = apply(state, made)
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
        """You leave before the end: what is kept and how to come back (pending moves are
        not kept: they were not final)."""
        self.release()
        if self.store is None:
            return "the game is not saved"
        if not self.answers:
            return "nothing was decided, so nothing is saved"
        return f"the game is saved ({self.seed_words()}): `{RESUME_COMMAND}` resumes it"

    def seed_words(self) -> str:
        """``seed 5, you against greedy and expert``."""
        return _words(self.seed, self.bots)

    # --- internals ---------------------------------------------------------------------------

    def _check_legal(self, move: Move) -> None:
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(reason)

    def _events(
        self, before: CheopsState, after: CheopsState, *, pending: bool = False
    ) -> list[TableEvent]:
        new = after.events[len(before.events) :]
        return [
            Happened(event.seat, describe_event(event, self.bots), event, pending) for event in new
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

    def _count_turn(self, before: CheopsState, after: CheopsState) -> None:
        if not after.over and after.turn != before.turn:
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
        """Save the game in the store after a final move (a finished game is dropped)."""
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
                deck=self.components.fingerprint,
                seed=self.seed,
                players=1 + len(self.bots),
                opponents=table_text(self.bots),
                coach=self.coach,
                answers=tuple(self.answers),
                started_on=self.started_on,
            ),
        )


def _words(seed: int, bots: Sequence[str]) -> str:
    names = list(bots)
    against = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"seed {seed}, you against {against}"


def describe(saved: SavedGame) -> str:
    """A saved game for people: ``seed 5, you against greedy, 7 moves made``."""
    count = len(saved.answers)
    try:
        words = _words(saved.seed, parse_table_text(saved.opponents))
    except SavedTableError:
        words = f"seed {saved.seed}, {saved.players} players"
    return f"{words}, {count} move{'s' * (count != 1)} made"


__all__ = [
    "DEFAULT_OPPONENTS",
    "GAME_ID",
    "HUMAN",
    "LAW_WORDS",
    "GameOver",
    "Happened",
    "Judged",
    "KeptGame",
    "Progress",
    "SavedTableError",
    "TableEvent",
    "UnfinishedGameError",
    "confirms",
    "describe",
    "describe_event",
    "describe_outcome",
    "law_words",
    "parse_table_text",
    "seat_name",
    "table_text",
    "tile_words",
]
