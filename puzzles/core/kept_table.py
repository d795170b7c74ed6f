"""The table of a kept game on a move-by-move engine, for any game: every game's ``KeptGame``
(*Silver & Gold*'s simultaneous turns as one seat's decision at a time). Game-free.

:class:`KeptTable` holds a game against bots (seat 0 is you, seats 1 on the registry's bots)
and owns, once, what does not depend on the rules:

* **Pending moves.** Your moves stay pending while the game's :meth:`KeptTable._held` says so
  (the Sun: placements until the turn ends; Cheops: until the turn is confirmed or something
  hidden is shown); the move that confirms the turn makes them all final with it, their
  coach's verdicts too. :meth:`KeptTable.undo` takes back the last pending one.
* **The bots** (:meth:`KeptTable.settle`) move up to your next decision, each move final
  (and so do your moves the game does not ask you for, :meth:`KeptTable._forced`),
  safe in a worker thread: a game they end there drops its saved row on the home thread
  (:meth:`KeptTable.release`), SQLite objects being tied to their thread.
* **Saving and resuming** through the core's :mod:`.kept`: saved after every final decision
  (your final moves in notation), replayed through the engine on resuming
  (:meth:`KeptTable._replay`, the coach off meanwhile); ``--record`` written after every final
  decision.
* **The coach**: its verdict on a move before it is final (worked out once per state and
  move), the advice (once per state), the summary.
* **Events as data** (:class:`Happened`, :class:`Judged`, :class:`GameOver`), each with
  ``text``, ``kind`` and ``seat``.

A game declares once (:class:`TableGame`) its engine (:class:`TableRules`), how it is chosen
and resumed (:class:`Choosing`), how it counts its turns (:class:`Turns`), its bots and the
undo refusal; it gives its advice and coach (:class:`TableCoach`), its texts (events, the
outcome, the saved row's table) and its hooks (what stays pending, its new game and record).
The options every game's ``KeptGame`` takes alike are :class:`Options` and :class:`Starting`.
"""

from __future__ import annotations

import datetime as dt
import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import (
    TYPE_CHECKING,
    Any,
    ClassVar,
    Generic,
    Literal,
    Protocol,
    TypedDict,
    TypeVar,
    cast,
)

from ...solver.core.errors import SilverpyrError
from .grading import GradedLines
from .kept import (
    GAME_ID,
    HoldsLease,
    Keeping,
    SavedTableError,
    start_kept,
    unfinished_error,
)
from .records_file import PERSON, Notated, Replayable

if TYPE_CHECKING:
    from pathlib import Path

    from .lease import Lease
    from .store import SavedGame, Store

HUMAN = 0
"""Your seat."""

Progress = Callable[[str], None]
"""Told a line before each bot's move (or each stage of the advice's rollouts)."""
LineKind = Literal["event", "pending", "coach", "over"]
"""What an event's line is: every event has ``text``, ``kind`` and ``seat``."""


# --- what the table needs of a game ----------------------------------------------------------

E_co = TypeVar("E_co", covariant=True)
P_co = TypeVar("P_co", covariant=True)
M_co = TypeVar("M_co", covariant=True)
M_contra = TypeVar("M_contra", contravariant=True)
O_contra = TypeVar("O_contra", contravariant=True)
S_contra = TypeVar("S_contra", contravariant=True)


class TableState(Replayable, Protocol[E_co, P_co]):
    """An engine's state, as the table reads it: over and whose turn (the core's
    :class:`~.records_file.Replayable`) and the phase."""

    @property
    def phase(self) -> P_co: ...


class Evented(Protocol[E_co]):
    """An engine's state that keeps what happened, in order (the Sun's and Cheops's): what
    :meth:`KeptTable._happened` tells by default."""

    @property
    def events(self) -> Sequence[E_co]: ...


class TableBot(Protocol[S_contra, M_co]):
    """A bot of the game's registry."""

    def decide(self, state: S_contra, seat: int) -> M_co: ...


class TableRecord(Protocol[M_contra, O_contra]):
    """The game's ``--record`` file (its ``GameRecord``)."""

    def with_move(self, seat: int, move: M_contra) -> TableRecord[M_contra, O_contra]: ...

    def with_outcome(self, result: O_contra) -> TableRecord[M_contra, O_contra]: ...

    def save(self, path: Path) -> None: ...


A_co = TypeVar("A_co", covariant=True)
A_contra = TypeVar("A_contra", contravariant=True)
V_co = TypeVar("V_co", covariant=True)


class Advise(Protocol[S_contra, A_co]):
    """A game's ``advice.advise``: every option of ``seat``'s decision, ranked by rollouts."""

    def __call__(
        self,
        state: S_contra,
        seat: int,
        table: Sequence[str],
        *,
        samples: int | None = ...,
        progress: Progress | None = ...,
    ) -> A_co: ...


class Judge(Protocol[S_contra, M_contra, A_contra, V_co]):
    """A game's ``coach.judge``: the verdict on ``move`` (``advice``: worked out already)."""

    def __call__(
        self,
        state: S_contra,
        seat: int,
        table: Sequence[str],
        move: M_contra,
        *,
        where: str,
        samples: int | None = ...,
        advice: A_contra | None = ...,
        progress: Progress | None = ...,
    ) -> V_co: ...


class Lines(Protocol):
    """The advice or the coach's summary: lines for people."""

    def lines(self) -> list[str]: ...


S = TypeVar("S", bound="TableState[Any, Any]")
M = TypeVar("M", bound=Notated)
U = TypeVar("U", bound=Notated)
E = TypeVar("E")
O = TypeVar("O")  # noqa: E741 - the outcome, as the engines name it
O_co = TypeVar("O_co", covariant=True)
P = TypeVar("P")
V = TypeVar("V", bound=GradedLines)
"""The coach's verdict on a decision (every game's verdict is the core's
:class:`~.grading.GradedLines`)."""
A = TypeVar("A", bound=Lines)


@dataclass(frozen=True)
class TableRules(Generic[S, M, O]):
    """A game's engine: every rule is its."""

    apply: Callable[[S, M], S]
    """The state after a move (``IllegalMove`` when it is not legal)."""
    legal_moves: Callable[[S], tuple[M, ...]]
    outcome: Callable[[S], O | None]
    parse_move: Callable[[S, str], M]
    why_illegal: Callable[[S, M], str | None]
    illegal: Callable[[str], Exception]
    """The engine's ``IllegalMove``."""


class Engine(Protocol[S, M, O_co]):
    """A game's engine module, as :func:`rules_of` reads it (mypy checks the module)."""

    def apply(self, state: S, move: M, /) -> S: ...

    def legal_moves(self, state: S, /) -> tuple[M, ...]: ...

    def outcome(self, state: S, /) -> O_co | None: ...

    def parse_move(self, state: S, text: str, /) -> M: ...

    def why_illegal(self, state: S, move: M, /) -> str | None: ...

    @property
    def IllegalMove(self) -> Callable[[str], Exception]: ...


def rules_of(engine: Engine[S, M, O]) -> TableRules[S, M, O]:
    """The kept table's :class:`TableRules` of a game's engine module."""
    return TableRules(
        engine.apply,
        engine.legal_moves,
        engine.outcome,
        engine.parse_move,
        engine.why_illegal,
        engine.IllegalMove,
    )


@dataclass(frozen=True)
class Turns(Generic[S]):
    """How a game counts its turns and names where it stands, for people (the coach's
    verdicts say it: in a game, and in a review of its record)."""

    new_turn: Callable[[S, S], bool]
    """Whether a seat's turn began between two states (turns are counted over every seat)."""
    where: Callable[[S, int], str]
    """``turn 7``, ``turn 7, sell``: where a state stands at a turn's number; ``the end``."""


@dataclass(frozen=True)
class TableCoach(Generic[S, M, V, A]):
    """A game's advice and coach (its modules are imported when first asked for): the
    summary of a game's verdicts is ``report``'s."""

    advise: Advise[S, A]
    judge: Judge[S, M, A, V]
    report: Callable[[Sequence[V]], Lines]


@dataclass(frozen=True)
class TableGame(Generic[S, M, O]):
    """What a game declares once to its kept table: its engine, how its kept game is chosen
    (:class:`Choosing`: its keeping, the command that resumes it, the table sizes the store
    reads the saved row against), how it counts its turns, why nothing can be taken back (no
    move is pending) and its bots (``bot``: the registry's player of a name)."""

    rules: TableRules[S, M, O]
    choosing: Choosing[Any]
    turns: Turns[S]
    undo_refusal: str
    bot: Callable[[str], TableBot[S, M]]


class Options(TypedDict, total=False):
    """What every game's ``KeptGame`` takes besides its table: the coach on, the ``--record``
    file, the results store (``None``: nothing saved), the rollouts of the advice and coach
    (``None``: the advice's default)."""

    coach: bool
    record: Path | None
    store: Store | None
    rollouts: int | None


class Made(Options, total=False):
    """What :func:`start_table` makes a game's ``KeptGame`` with: its :class:`Options`, the
    saved game's lease, which the game holds from then on (``None``: nothing saved), and the
    notes to say before the game's own (a restart's)."""

    lease: Lease | None
    notes: list[str]


class Starting(Options, total=False):
    """What every game's ``KeptGame.start`` takes besides the game asked for: its
    :class:`Options`, and ``restart`` (drop the unfinished game)."""

    restart: bool


# --- events ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Happened(Generic[E]):
    """Something the engine did (``event``), told from your seat (``text``); ``pending``: a
    move of yours not yet final (``u`` takes it back)."""

    seat: int | None
    text: str
    event: E
    pending: bool = False

    @property
    def kind(self) -> LineKind:
        """``pending`` for a move of yours not final yet, else ``event``."""
        return "pending" if self.pending else "event"


@dataclass(frozen=True)
class Judged(Generic[V]):
    """The coach's verdict on your decision that just became final (may be silent)."""

    verdict: V
    kind: ClassVar[LineKind] = "coach"
    seat: ClassVar[int | None] = HUMAN

    @property
    def text(self) -> str:
        """The coach's line (empty when it stays silent)."""
        return self.verdict.message()


@dataclass(frozen=True)
class GameOver(Generic[O]):
    """The game has ended: its outcome, and a line for people."""

    outcome: O
    text: str
    kind: ClassVar[LineKind] = "over"
    seat: ClassVar[int | None] = None


# --- words ---------------------------------------------------------------------------------------


def seat_name(seat: int, bots: Sequence[str]) -> str:
    """``You`` for seat 0, ``Player 3 (expert)`` for the others (``bots``: seats 1 on)."""
    if seat == HUMAN:
        return "You"
    return f"Player {seat + 1} ({bots[seat - 1]})"


def game_over_line(
    ended: str, winners: Sequence[int], amounts: Sequence[int], bots: Sequence[str], label: str
) -> str:
    """``The game is over ({ended}). You win. {label}: You 34, Player 2 (greedy) 29.``: the
    winners (a shared win names them all) and every seat's ``amounts``."""
    listed = ", ".join(f"{seat_name(seat, bots)} {amount}" for seat, amount in enumerate(amounts))
    names = [seat_name(seat, bots) for seat in winners]
    if len(names) == 1:
        verb = "win" if winners[0] == HUMAN else "wins"
        who = f"{names[0]} {verb}"
    else:
        who = f"Shared win: {' and '.join(names)}"
    return f"The game is over ({ended}). {who}. {label}: {listed}."


def against_words(bots: Sequence[str]) -> str:
    """``greedy``, ``greedy and expert``, ``greedy, greedy and expert``."""
    names = list(bots)
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def seated(saved: SavedGame, bots: Sequence[str]) -> tuple[str, ...]:
    """The ``bots`` of a saved row's ``opponents`` text, when they and you fill its
    ``players`` seats; else :class:`~.kept.SavedTableError` (the row is damaged)."""
    if 1 + len(bots) != saved.players:
        raise SavedTableError(
            f"{saved.opponents!r} seats {1 + len(bots)} players, but the row says {saved.players}"
        )
    return tuple(bots)


def describe_saved(saved: SavedGame, words: Callable[[SavedGame], str]) -> str:
    """``{words}, 7 moves made``: a saved game for people (``words``: the game's words for
    its seed and table, from the row's ``opponents`` text; a text that does not read,
    :class:`~.kept.SavedTableError`, gives ``seed 5, 3 players``)."""
    try:
        text = words(saved)
    except SavedTableError:
        text = f"seed {saved.seed}, {saved.players} players"
    count = len(saved.answers)
    return f"{text}, {count} move{'s' * (count != 1)} made"


T = TypeVar("T", bound="KeptTable[Any, Any, Any, Any, Any, Any, Any, Any]")


def resumed(make: Callable[[], T], saved: SavedGame) -> T | str:
    """The game ``make()`` gives (the saved game's table) with the saved answers replayed, or
    why it cannot be resumed (an error of the game's in making it, or of the replay)."""
    try:
        kept = make()
        problem = kept._replay(saved)
    except SilverpyrError as error:
        return str(error)
    return kept if problem is None else problem


C = TypeVar("C", bound=tuple[Any, ...])


@dataclass(frozen=True)
class Choosing(Generic[C]):
    """How a game's kept game is chosen, declared once by the game: its :class:`~.kept.Keeping`,
    the ``options`` that choose a game (``--seed, --players or --opponents``, named when
    another game is asked for), how a saved row is described for people, and the row's
    ``choice`` (``(seed, bots)``, the Sun's ``(seed, size, bots)``: what the game's
    ``KeptGame`` is made of besides its cards; :class:`~.kept.SavedTableError` when damaged)."""

    keeping: Keeping
    options: str
    describe: Callable[[SavedGame], str]
    choice: Callable[[SavedGame], C]


def start_table(
    choosing: Choosing[C],
    *,
    fingerprint: str,
    asked: tuple[object, ...],
    fresh: C,
    make: Callable[[C, Made], T],
    coach: bool = False,
    record: Path | None = None,
    store: Store | None = None,
    rollouts: int | None = None,
    restart: bool = False,
) -> T:
    """A game's kept game started (:func:`~.kept.start_kept`): the unfinished one resumed
    when every part of ``asked`` (the choice, ``None`` where not asked for) and the cards'
    ``fingerprint`` are the saved row's, else :class:`~.kept.UnfinishedGameError`; or a new
    one of choice ``fresh``. ``make(choice, options)`` makes the game (its coach on when
    ``coach`` or the saved row's coach is)."""

    def made(choice: C, coached: bool, lease: Lease | None, notes: list[str]) -> T:
        options = Made(
            coach=coach or coached,
            record=record,
            store=store,
            rollouts=rollouts,
            lease=lease,
            notes=notes,
        )
        return make(choice, options)

    def resume(saved: SavedGame, lease: Lease | None) -> T | str:
        choice = choosing.choice(saved)
        same = all(part is None or part == mine for part, mine in zip(asked, choice, strict=True))
        other = saved.deck != fingerprint
        if not same or other:
            raise unfinished_error(
                choosing.describe(saved),
                other_deck=other,
                command=choosing.keeping.command,
                options=choosing.options,
            )
        return resumed(lambda: made(choice, saved.coach, lease, []), saved)

    return start_kept(
        store,
        choosing.keeping,
        restart=restart,
        describe=choosing.describe,
        resume=resume,
        new=lambda lease, notes: made(fresh, False, lease, notes),
    )


# --- the table -----------------------------------------------------------------------------------


class KeptTable(HoldsLease, Generic[S, M, U, E, O, P, V, A]):
    """A game against bots and what the results store keeps of it (module docstring).

    Type parameters: the engine's state ``S``, move ``M``, pending move ``U`` (the moves
    :meth:`_held` keeps pending), event ``E``, outcome ``O`` and phase ``P``; the coach's
    verdict ``V`` and advice ``A``. ``store`` is ``None`` when nothing is saved; ``notes``
    are what starting it has to say (resuming, starting over).
    """

    def __init__(
        self,
        game: TableGame[S, M, O],
        start: Callable[[], S],
        seed: int,
        bots: Sequence[str],
        *,
        fingerprint: str,
        opponents: str,
        coach: bool = False,
        record: Path | None = None,
        store: Store | None = None,
        rollouts: int | None = None,
        lease: Lease | None = None,
        notes: Sequence[str] = (),
    ) -> None:
        """``start()`` deals the new game (after the bots are found in the registry);
        ``record``: the ``--record`` file, begun with the game's :meth:`_new_record`;
        ``lease``: the saved game's, held while the game is played; ``notes``: what to say
        first (a restart's note)."""
        self.lease = lease
        self.bots = tuple(bots)
        self.seated: list[TableBot[S, M]] = [game.bot(name) for name in self.bots]
        """The bots of seats 1 on, as the registry makes them (a screen may stand in for
        one: *Silver & Gold*'s full screen works out their marks ahead)."""
        state = start()
        self.declared = game
        """The game's declaration (:class:`TableGame`)."""
        self.rules = game.rules
        self.fingerprint = fingerprint
        """The fingerprint of the game's cards or components (the saved row's ``deck``)."""
        self.opponents = opponents
        """The saved row's ``opponents`` text (the game's table: its bots, and its size)."""
        self.seed = seed
        self._coach = coach
        """Whether the coach judges your decisions (read through :attr:`coach`, which a
        screen's stand-in may override without the table judging)."""
        self.rollouts = rollouts
        """Paired rollouts of the advice and the coach (``None``: the advice's default)."""
        self.record_path = record
        self.store = store
        self.committed: S = state
        """The table after the last final decision."""
        self.pending: tuple[U, ...] = ()
        """Your moves of this turn that are not final yet."""
        self.state: S = state
        """The table as you see it: the pending moves on it."""
        self.answers: list[str] = []
        """Your final moves in order, in notation (the saved game)."""
        self.moves: list[tuple[int, M]] = []
        """Every final move of every seat, in order (the record)."""
        self.verdicts: list[V] = []
        self._pending_verdicts: list[V | None] = []
        self.warnings_heeded = 0
        """The coach's warnings you heeded (you chose again) in this sitting."""
        self.notes: list[str] = list(notes)
        self.resumed = False
        self.turn_number = 1
        """Turns started so far, every seat's (for people: the game's ``where``)."""
        self.started_on = dt.date.today().isoformat()
        self.revision: int | None = None
        self._record = None if record is None else self._new_record()
        self._advised: tuple[S, A] | None = None
        self._checked: tuple[S, str, V] | None = None
        self._replaying = False
        self._home_thread = threading.get_ident()
        """The thread that made the game: the store (SQLite) may be used only there."""
        self._drop_due = False
        """The game ended in :meth:`settle` on another thread: the saved row is dropped on
        the home thread (:meth:`release`)."""
        if self._record is not None and record is not None:
            self._record.save(record)

    # --- the game's hooks ------------------------------------------------------------------

    def _held(self, before: S, move: M, after: S) -> U | None:
        """``move`` (from ``before`` to ``after``) if it stays pending, ``None`` when it is
        final (making the turn's pending moves final with it)."""
        raise NotImplementedError

    def _forced(self, state: S) -> M | None:
        """Your move when it is yours and the game asks you nothing (*Silver & Gold*: a
        pass with no card in play, a replacement with one option): :meth:`settle` plays it,
        unjudged and not among your answers. ``None``: you decide."""
        return None

    def _happened(self, before: S, after: S, move: M) -> Sequence[E]:
        """What the engine did between ``before`` and ``after`` (``move`` took it there):
        the engine's events since."""
        old = cast("Evented[E]", before).events
        return cast("Evented[E]", after).events[len(old) :]

    def _answer(self, move: M) -> str:
        """Your final ``move`` as the saved game keeps it (the move's notation)."""
        return move.notation()

    def _resume_note(self, saved: SavedGame) -> str:
        """The note that says which game is resumed."""
        return (
            f"Resuming the unfinished game ({self._describe_saved(saved)}); --restart starts "
            "a new one."
        )

    def _describe(self, state: S, event: E) -> str:
        """``event`` as a line for you (``state``: the state after it)."""
        raise NotImplementedError

    def _new_record(self) -> TableRecord[M, O]:
        """The ``--record`` of this new game (its cards, seed, table), before any move."""
        raise NotImplementedError

    def _describe_outcome(self, result: O) -> str:
        """The end as a line for people."""
        raise NotImplementedError

    def _coach_of(self) -> TableCoach[S, M, V, A]:
        """The game's advice and coach (imported here: rollouts are heavy)."""
        raise NotImplementedError

    def where(self) -> str:
        """Where the game stands, for people (``turn 7``; ``the end``): the coach's verdicts
        say it."""
        return self.declared.turns.where(self.state, self.turn_number)

    def report(self) -> Lines:
        """The coach's summary of the final decisions so far (the game's ``CoachReport``)."""
        return self._coach_of().report(self.verdicts)

    def seed_words(self) -> str:
        """The game for people: ``seed 5, you against greedy and expert``."""
        raise NotImplementedError

    def _describe_saved(self, saved: SavedGame) -> str:
        """A saved game for people (the game's ``describe``)."""
        return self.declared.choosing.describe(saved)

    # --- resuming ----------------------------------------------------------------------------

    judges_replay: ClassVar[bool] = False
    """Whether the coach judges the saved decisions again on resuming (*Silver & Gold*'s
    coach, exact and quick, does; rollouts would make resuming slow)."""

    def _replay(self, saved: SavedGame) -> str | None:
        """Replay the saved answers through the engine; why they do not replay, if so."""
        self._replaying = True
        coach, rollouts = self._coach, self.rollouts
        self._coach = coach and self.judges_replay
        self.rollouts = None  # the replay's verdicts are the quick ones: resuming stays quick
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
            self._coach, self.rollouts = coach, rollouts
        if self.is_over():
            return "it had ended"
        self._took_over(saved, self._resume_note(saved), self._record, self.record_path)
        if self._coach and self.answers and not self.judges_replay:
            self.notes.append(
                "The coach's summary covers the decisions from here on (earlier verdicts "
                "are not saved)."
            )
        return None

    # --- where it stands -------------------------------------------------------------------

    @property
    def coach(self) -> bool:
        """Whether the coach is on (``coach=True``, or on in the saved game resumed)."""
        return self._coach

    @coach.setter
    def coach(self, on: bool) -> None:
        self._coach = on

    @property
    def waiting(self) -> P | None:
        """The decision due from you (``None``: the game is over, or the bots are due)."""
        state = self.state
        if state.over or self.bots_due:
            return None
        phase: P = state.phase
        return phase

    @property
    def bots_due(self) -> bool:
        """Whether a bot is to move, or a move of yours the game does not ask for
        (:meth:`_forced`): :meth:`settle` plays up to your next decision."""
        state = self.state
        if state.over:
            return False
        return state.turn != HUMAN or self._forced(state) is not None

    @property
    def can_undo(self) -> bool:
        """Whether a move of yours is pending (:meth:`undo` takes it back)."""
        return bool(self.pending)

    def is_over(self) -> bool:
        return self.state.over

    def outcome(self) -> O | None:
        """The end of the game (``None`` while it goes on)."""
        return self.rules.outcome(self.state)

    @property
    def saved(self) -> bool:
        """Whether the game is saved in the results store."""
        return self.store is not None

    @property
    def table(self) -> tuple[str, ...]:
        """The player of every seat: ``human``, then the bots' names."""
        return (PERSON, *self.bots)

    def seat_names(self) -> tuple[str, ...]:
        """Every seat's name for people: ``You``, ``Player 2 (greedy)``..."""
        return tuple(seat_name(seat, self.bots) for seat in range(1 + len(self.bots)))

    def options(self) -> tuple[M, ...]:
        """Your legal moves now, in the engine's order (empty when it is not your turn)."""
        if self.waiting is None:
            return ()
        return self.rules.legal_moves(self.state)

    def parse(self, text: str) -> M:
        """Your move written as ``text`` (the engine's notation); ``MoveSyntaxError`` if it is
        not a move (legality is :meth:`why_illegal`'s)."""
        return self.rules.parse_move(self.state, text)

    def why_illegal(self, move: M) -> str | None:
        """Why ``move`` is not yours to make now (the engine's sentence), or ``None``."""
        if self.state.over:
            return "the game is over"
        if self.state.turn != HUMAN:
            return "it is not your turn: the other players are playing"
        return self.rules.why_illegal(self.state, move)

    # --- the coach --------------------------------------------------------------------------

    def advice(self, progress: Progress | None = None) -> A:
        """Every option of the decision due, ranked (worked out once per state; rollouts
        only: neither the table nor the store changes)."""
        state = self.state
        cached = self._advised
        if cached is not None and cached[0] is state:
            return cached[1]
        found = self._coach_of().advise(
            state, HUMAN, self.table, samples=self.rollouts, progress=progress
        )
        self._advised = (state, found)
        return found

    def check(self, move: M, progress: Progress | None = None) -> V | None:
        """The coach's verdict on ``move`` before it is final (``None`` when the coach is
        off). Raises the engine's ``IllegalMove`` when the move is not legal now."""
        self._check_legal(move)
        if not self._coach:
            return None
        return self._judge(move, progress)

    def _judge(self, move: M, progress: Progress | None = None) -> V:
        state = self.state
        key = move.notation()
        cached = self._checked
        if cached is not None and cached[0] is state and cached[1] == key:
            return cached[2]
        advised = self._advised[1] if self._advised and self._advised[0] is state else None
        verdict = self._coach_of().judge(
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
        """The coach's summary as lines (empty without the coach). It judges final decisions
        only, so warnings heeded (the move never played) are told apart: a summary of "0 worth
        a word" after two warnings would read as a contradiction."""
        if not self._coach:
            return []
        lines = self.report().lines()
        heeded = self.warnings_heeded
        if heeded:
            lines.insert(
                1,
                f"You heeded {heeded} of the coach's warnings and chose "
                "again: those moves were never played, so they are not among the decisions "
                "above.",
            )
        return lines

    def heed(self) -> None:
        """You chose again after the coach's warning (its move is not played)."""
        self.warnings_heeded += 1

    # --- your decisions ----------------------------------------------------------------------

    def play(self, move: M) -> list[Happened[E] | Judged[V] | GameOver[O]]:
        """Make ``move`` (pending, or final with the turn's pending moves: module
        docstring). Raises the engine's ``IllegalMove`` when it is not legal now. The bots do
        not move here: :meth:`settle` plays them."""
        self._check_legal(move)
        judging = self._coach and (self.judges_replay or not self._replaying)
        verdict = self._judge(move) if judging else None
        before = self.state
        after = self.rules.apply(before, move)
        held = self._held(before, move, after)
        if held is not None:
            self.pending = (*self.pending, held)
            self._pending_verdicts.append(verdict)
            self.state = after
            self._advised = None
            return self._events(before, after, move, pending=True)
        events: list[Happened[E] | Judged[V] | GameOver[O]] = []
        for earlier in self._pending_verdicts:  # the turn's moves are final now
            if earlier is not None:
                self.verdicts.append(earlier)
                events.append(Judged(earlier))
        if verdict is not None:
            self.verdicts.append(verdict)
            events.append(Judged(verdict))
        events.extend(self._events(before, after, move))  # the pending ones were told already
        for final in (*self.pending, move):
            self._final(cast(M, final))  # a pending move is a move
        self._count_turn(before, after)
        self.pending = ()
        self._pending_verdicts = []
        self.committed = after
        self.state = after
        self._advised = None
        self._saved_now()
        events.extend(self._game_over())
        return events

    def undo(self) -> U:
        """Take back your last pending move; the move taken back. Raises the engine's
        ``IllegalMove`` (:attr:`undo_refusal`) when none is pending."""
        if not self.pending:
            raise self.rules.illegal(self.declared.undo_refusal)
        move = self.pending[-1]
        self.pending = self.pending[:-1]
        self._pending_verdicts.pop()
        state = self.committed
        for made in self.pending:
            state = self.rules.apply(state, cast(M, made))  # a pending move is a move
        self.state = state
        self._advised = None
        return move

    def settle(
        self, progress: Progress | None = None
    ) -> list[Happened[E] | Judged[V] | GameOver[O]]:
        """The bots' moves up to your next decision or the end (each applied through the
        engine, each final); their events. Safe in a worker thread (nothing else may run on
        this game meanwhile)."""
        events: list[Happened[E] | Judged[V] | GameOver[O]] = []
        moved = False
        while self.bots_due:
            state = self.state
            seat = state.turn
            forced = self._forced(state) if seat == HUMAN else None
            if forced is None and progress is not None:
                progress(f"{seat_name(seat, self.bots)} is playing...")
            move = self.seated[seat - 1].decide(state, seat) if forced is None else forced
            after = self.rules.apply(state, move)
            events.extend(self._events(state, after, move))
            self._final(move, seat, answered=forced is None)
            self._count_turn(state, after)
            self.committed = after
            self.state = after
            moved = True
        if moved:
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
        super().release()

    def leave(self) -> str:
        """You leave before the end: what is kept and how to come back (pending moves are
        not kept: they were not final)."""
        command = self.declared.choosing.keeping.command
        return self._left(
            "the game is not saved",
            f"the game is saved ({self.seed_words()}): `{command}` resumes it",
        )

    # --- internals ---------------------------------------------------------------------------

    def _check_legal(self, move: M) -> None:
        reason = self.why_illegal(move)
        if reason is not None:
            raise self.rules.illegal(reason)

    def _events(
        self, before: S, after: S, move: M, *, pending: bool = False
    ) -> list[Happened[E] | Judged[V] | GameOver[O]]:
        return [
            Happened(getattr(event, "seat", None), self._describe(after, event), event, pending)
            for event in self._happened(before, after, move)
        ]

    def _game_over(self) -> list[Happened[E] | Judged[V] | GameOver[O]]:
        result = self.rules.outcome(self.state)
        if result is None:
            return []
        return [GameOver(result, self._describe_outcome(result))]

    def _final(self, move: M, seat: int = HUMAN, *, answered: bool = True) -> None:
        """``move`` of ``seat`` is final: into the answers (yours, when you chose it:
        ``answered``) and the record."""
        self.moves.append((seat, move))
        if seat == HUMAN and answered:
            self.answers.append(self._answer(move))
        if self._record is not None:
            self._record = self._record.with_move(seat, move)

    def _count_turn(self, before: S, after: S) -> None:
        if self.declared.turns.new_turn(before, after):
            self.turn_number += 1

    def _saved_now(self) -> None:
        if self._replaying:
            return
        self._save_record()
        self._save()

    def _save_record(self) -> None:
        if self._record is not None and self.record_path is not None:
            result = self.rules.outcome(self.state)
            if result is not None:
                self._record = self._record.with_outcome(result)
            self._record.save(self.record_path)

    def _save(self) -> None:
        """Save the game in the store after a final decision (a finished game is dropped)."""
        self._keep(self.state.over, self._saved_game, self.declared.choosing.keeping.seats)

    def _saved_game(self) -> SavedGame:
        """The store's row of this game as it stands."""
        from .store import SavedGame

        return SavedGame(
            game_id=GAME_ID,
            deck=self.fingerprint,
            seed=self.seed,
            players=1 + len(self.bots),
            opponents=self.opponents,
            coach=self._coach,
            answers=tuple(self.answers),
            started_on=self.started_on,
        )


__all__ = [
    "HUMAN",
    "Choosing",
    "GameOver",
    "Happened",
    "Judged",
    "KeptTable",
    "LineKind",
    "Options",
    "Progress",
    "Starting",
    "TableCoach",
    "TableGame",
    "TableRules",
    "Turns",
    "against_words",
    "describe_saved",
    "game_over_line",
    "resumed",
    "seat_name",
    "seated",
    "start_table",
]
