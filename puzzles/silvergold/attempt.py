"""Keeping an attempt: start or resume it, save it after every change, record it at the end.

One implementation for both ways of playing a puzzle, the line mode
(:mod:`silverpyr.cli.silvergold.play`)
and the full-screen game (:mod:`silverpyr.cli.core.tui`): :meth:`KeptAttempt.start` applies the
rules of saved progress (resume, ``--restart``, a save that no longer replays) and of
scored attempts (one per daily; a replay is practice and its share text says so), and the
attempt then saves its :class:`~.progress.Progress` after every move, undo and hint, and
records its :class:`~.stats.Attempt` once it ends.

Solver work (:meth:`KeptAttempt.think_hint`, :meth:`KeptAttempt.feedback`) touches neither
the session nor the store, so a front end may run it in a worker thread and apply the
result (:meth:`KeptAttempt.took_hint`) on the thread that owns the store.
"""

from __future__ import annotations

import datetime as dt
import time
from typing import TYPE_CHECKING, Any

from ...solver.core.errors import SilverpyrError
from ..core.lease import LeaseHolder
from .kinds import PuzzleError
from .progress import progress_matches, progress_of, restore_progress
from .session import PlaySession

if TYPE_CHECKING:
    from ...solver.silvergold.cards import Deck
    from ...solver.silvergold.moves import Move
    from ..core.lease import Lease
    from ..core.records import Attempt
    from ..core.store import Store
    from .hints.coach import Coach
    from .hints.feedback import Feedback
    from .hints.graded import Hint
    from .puzzle import Puzzle


def name_of(puzzle: Puzzle) -> str:
    """``daily 2026-11-22`` or ``puzzle 123``: how messages name a puzzle."""
    return f"daily {puzzle.daily_date}" if puzzle.daily_date else f"puzzle {puzzle.id}"


def resume_command(puzzle: Puzzle) -> str:
    """The command that plays ``puzzle`` again (and so resumes it)."""
    if puzzle.daily_date is not None:
        return f"silverpyr daily --date {puzzle.daily_date}"
    return f"silverpyr puzzle --id {puzzle.id}"


def moves_played(count: int) -> str:
    """``2 moves played``."""
    return f"{count} move{'s' * (count != 1)} played"


def trainer_coach(session: PlaySession, deck: Deck) -> Coach:
    """A coach for an attempt, seeded with the puzzle's proven solution when it has one."""
    from .hints.coach import Coach

    puzzle = session.puzzle
    proven = puzzle.solution_line(deck) if puzzle.solution else None
    return Coach(session.instance, puzzle.objective, proven=proven)


def best_before(store: Store, puzzle: Puzzle) -> str | None:
    """``You played this puzzle 2 times before; best 18/20.`` (``None``: never played)."""
    attempts = store.attempts(puzzle_id=puzzle.id)
    if not attempts:
        return None
    best = max(attempts, key=lambda a: (a.at_par, a.goal_met and not a.gave_up, a.score))
    times = f"{len(attempts)} time{'s' * (len(attempts) != 1)}"
    at_par = " (at par)" if best.at_par else ""
    return f"You played this puzzle {times} before; best {best.score}/{best.par}{at_par}."


_TAKE_BACK_COUNTED = " (its feedback had named the better move: counted as a move hint)"


class KeptAttempt(LeaseHolder):
    """An attempt at a puzzle and what the results store keeps of it (a context manager
    holding the puzzle's lease while it is recorded and not over: the core's
    :class:`~silverpyr.puzzles.core.lease.LeaseHolder`).

    ``store`` is ``None`` when nothing is recorded (``--no-record``): nothing is saved,
    resumed or recorded. ``notes`` are what starting it has to say, in order (played
    before, starting over, resuming, practice); ``resumed`` tells whether saved moves or
    hints were replayed.
    """

    def __init__(
        self, session: PlaySession, deck: Deck, store: Store | None, lease: Lease | None = None
    ) -> None:
        self.session = session
        self.deck = deck
        self.store = store
        self.notes: list[str] = []
        self.resumed = False
        self.started_on = dt.date.today().isoformat()
        self.seconds_before = 0.0
        self.began = time.monotonic()
        self.resumed_hint: tuple[int, int] | None = None
        """``(turn index, level)``: the hint level a resumed attempt had reached there."""
        self._coach: Coach | None = None
        self.lease = lease
        """The puzzle's lease while the attempt is recorded and not over (see :meth:`release`)."""
        self.revision: int | None = None
        """The revision of the puzzle's saved progress this session read or wrote last
        (``None``: no saved progress); every save and the record check it."""
        self._told: set[tuple[Move, ...]] = set()
        """Lines whose last move's feedback, shown to the player, named a better move."""
        self._replayed = 0
        """How many moves of the line were replayed from saved progress (never judged here)."""

    # --- starting -----------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        puzzle: Puzzle,
        deck: Deck,
        store: Store | None,
        *,
        record: bool = True,
        restart: bool = False,
    ) -> KeptAttempt:
        """A new attempt, or the saved one resumed; ``restart`` drops what was saved.

        Raises :class:`PuzzleError` for ``restart`` once a daily's attempt was scored, and
        the store's ``SessionBusyError`` while another session plays the same puzzle
        (recorded attempts only: one session per puzzle holds its lease until
        :meth:`release`).
        """
        recorded = store if record else None
        lease = recorded.hold(puzzle.id, name_of(puzzle)) if recorded is not None else None
        try:
            kept = cls(PlaySession(puzzle, deck), deck, recorded, lease)
            if store is not None:
                kept._open(store, record=record, restart=restart)
        except BaseException:
            if lease is not None:
                lease.release()
            raise
        return kept

    def _open(self, store: Store, *, record: bool, restart: bool) -> None:
        puzzle = self.session.puzzle
        before = best_before(store, puzzle)
        if before:
            self.notes.append(before)
        if record:
            self._resume(restart)
        scored = store.scored_attempt(puzzle.id) if puzzle.daily_date else None
        if scored is not None:
            # One scored attempt per daily: its end screen showed the optimal line, so any
            # later play is practice, and its share text must not claim a clean solve.
            self.session.practice = self.session.saw_solution = True
            self.notes.append(
                f"Your scored attempt at this daily stands ({scored.score}/{scored.par}); "
                "this play is practice and does not count."
            )

    def _resume(self, restart: bool) -> None:
        from ..core.store import DamagedProgressError

        store, puzzle = self.store, self.session.puzzle
        assert store is not None
        try:
            saved = store.progress(puzzle.id)
        except DamagedProgressError:
            if not restart:
                raise
            saved = None
            if store.drop_progress(puzzle.id):
                self.notes.append(
                    f"Starting {name_of(puzzle)} over: the damaged saved attempt is dropped."
                )
        self.revision = saved.revision if saved is not None else None
        if restart:
            scored = store.scored_attempt(puzzle.id) if puzzle.daily_date else None
            if scored is not None:
                raise PuzzleError(
                    f"the {name_of(puzzle)} was scored already ({scored.score}/{scored.par}): "
                    "--restart starts over only an attempt not scored yet (play it without "
                    "--restart: it is practice)"
                )
            if saved is not None and store.drop_progress(puzzle.id):
                self.notes.append(
                    f"Starting {name_of(puzzle)} over: the saved attempt at turn {saved.turn} "
                    "is dropped."
                )
            self.revision = None
            return
        if saved is None or not progress_matches(saved, puzzle):
            return
        try:
            restore_progress(saved, self.session)
        except (SilverpyrError, ValueError) as error:
            self.notes.append(
                f"The saved attempt at {name_of(puzzle)} cannot be replayed ({error}); "
                "starting over."
            )
            store.drop_progress(puzzle.id)
            self.revision = None
            self.session = PlaySession(puzzle, self.deck)
            return
        if self.session.finished:  # saved on the last move: nothing is left to play
            store.drop_progress(puzzle.id)
            self.revision = None
            self.session = PlaySession(puzzle, self.deck)
            return
        self.started_on = saved.started_on
        self._replayed = len(self.session.moves)
        self.seconds_before = saved.seconds
        self.resumed_hint = (self.session.turn_index, saved.turn_hint_level)
        if saved.moves or saved.hints_used:
            self.resumed = True
            hints = f", {saved.hints_used} hint{'s' * (saved.hints_used != 1)} taken"
            self.notes.append(
                f"Resuming {name_of(puzzle)} at turn {saved.turn} "
                f"({moves_played(len(saved.moves))}{hints if saved.hints_used else ''})."
            )

    # --- where it stands ----------------------------------------------------------------

    @property
    def recorded(self) -> bool:
        """Whether the attempt is saved and recorded (not ``--no-record``)."""
        return self.store is not None

    @property
    def name(self) -> str:
        return name_of(self.session.puzzle)

    @property
    def resume_command(self) -> str:
        return resume_command(self.session.puzzle)

    def seconds(self) -> float:
        """Time spent on the attempt, over every sitting."""
        return self.seconds_before + time.monotonic() - self.began

    def coach(self) -> Coach:
        """The attempt's coach, seeded with the proven solution and a resumed hint level."""
        if self._coach is None:
            from .hints.graded import HintLevel

            self._coach = trainer_coach(self.session, self.deck)
            if self.resumed_hint is not None and self.resumed_hint[1]:
                turn, level = self.resumed_hint
                played = self.session.moves[:turn]
                if len(played) == turn:
                    self._coach.remember_level(played, HintLevel(level))
        return self._coach

    def turn_hint_level(self) -> int:
        """The hint level already given for the turn to play (0: none)."""
        if self._coach is not None:
            level = self._coach.level(self.session.moves)
            return int(level) if level is not None else 0
        if self.resumed_hint is not None and self.resumed_hint[0] == self.session.turn_index:
            return self.resumed_hint[1]
        return 0

    # --- changes ------------------------------------------------------------------------

    def save(self) -> None:
        """Save where the attempt stands (nothing when not recorded)."""
        if self.store is None:
            return
        self.revision = self.store.save_progress(
            progress_of(
                self.session,
                seconds=self.seconds(),
                started_on=self.started_on,
                turn_hint_level=self.turn_hint_level(),
            ),
            revision=self.revision,
        )

    def moved(self) -> None:
        """A move was played: save unless it ended the attempt (the record replaces it)."""
        if not self.session.finished:
            self.save()

    def think_hint(self, played: tuple[Move, ...] | None = None) -> tuple[Hint, int]:
        """The next hint level after ``played`` (default: the moves made) and how many
        hints it counts (0 when the move is shown again at level 3). Solver work only:
        the session and the store are untouched (see :meth:`took_hint`)."""
        coach = self.coach()
        before = coach.hints_given
        given = coach.next_hint(self.session.moves if played is None else played)
        return given, coach.hints_given - before

    def took_hint(self, given: Hint, counted: int) -> None:
        """Count a hint shown to the player and save."""
        if counted > 0:
            self.session.hints_used += counted
            self.session.hint_levels[int(given.level) - 1] += 1
            self.save()

    def hint(self) -> Hint:
        """The next hint level for the turn to play, counted and saved."""
        given, counted = self.think_hint()
        self.took_hint(given, counted)
        return given

    def feedback(self, played: tuple[Move, ...], move: Move) -> Feedback:
        """The solver's judgement of ``move`` played after ``played`` (solver work only)."""
        return self.coach().feedback(played, move)

    def told(self, moves: tuple[Move, ...], judged: Feedback) -> None:
        """The player was shown ``judged``, the feedback on the last of ``moves``."""
        if judged.better_move is not None:
            self._told.add(moves)

    def undo(self) -> str | None:
        """Take back the last move and save; what to say of it (``Took back turn 2: B1
        B2``), or ``None`` when there is nothing to undo.

        A take-back of a move whose feedback named the better move counts as a move hint
        (level 3), as in every game, and says so: undoing to play that move is never a free
        path to par. A move replayed from saved progress had its feedback shown when it was
        played, so it is judged again here (solver work) and counted the same way.
        """
        moves = self.session.moves
        undone = self.session.undo()
        if undone is None:
            return None
        told = moves in self._told
        if not told and len(moves) <= self._replayed:
            told = self.feedback(moves[:-1], moves[-1]).better_move is not None
        self._told.discard(moves)
        self._replayed = min(self._replayed, len(self.session.moves))
        if told:
            self.session.hints_used += 1
            self.session.hint_levels[2] += 1
            self.session.saw_solution = True
            self.session.take_backs += 1
        self.save()
        said = f"Took back turn {self.session.turn_index + 1}: {self.session.notation(undone)}"
        return said + (_TAKE_BACK_COUNTED if told else "")

    def keep(self) -> str:
        """The player leaves before the end: save, and say what was kept."""
        session = self.session
        if self.store is None:
            return f"Left {self.name}; nothing was saved (--no-record)."
        if not (session.moves or session.hints_used):
            self.release()
            return f"Left {self.name} before the first move."
        try:
            self.save()
        finally:
            self.release()
        return (
            f"Saved {self.name} at turn {session.turn_index + 1} "
            f"({moves_played(len(session.moves))}): `{self.resume_command}` resumes it."
        )

    # --- the end ------------------------------------------------------------------------

    def record(self) -> Attempt | None:
        """Record the attempt that ended (its saved progress goes in the same transaction)."""
        from .stats import attempt_of

        if self.store is None:
            return None
        puzzle = self.session.puzzle
        attempt = attempt_of(
            self.session.result(),
            puzzle_id=puzzle.id,
            daily_date=puzzle.daily_date,
            kind=puzzle.kind.value,
            played_on=dt.date.today(),
            seconds=self.seconds(),
            practice=self.session.practice,
        )
        try:
            self.store.add_attempt(attempt, progress_revision=self.revision)
        finally:
            self.release()
        return attempt

    def share(self, *, plain: bool = False) -> str:
        """The spoiler-free share text of the attempt that ended."""
        from .share import share_text

        session = self.session
        completed = tuple(state.number for state in session.position.cards if state.is_complete())
        return share_text(session.puzzle, session.result(), self.deck, completed, plain=plain)

    def to_dict(self, *, plain: bool = False) -> dict[str, Any]:
        """The ended attempt as every game's JSON has it (:mod:`...vocabulary`): the puzzle,
        the result and the share text; the optimal line (``optimal``) beside them."""
        session = self.session
        return {
            **session.puzzle.shown_dict(),
            **session.result().to_dict(self.share(plain=plain)),
            "optimal": list(session.puzzle.solution),
        }

    def so_far_dict(self, *, saved: bool) -> dict[str, Any]:
        """An attempt left before its end, in the keys of :meth:`to_dict` (the points so
        far; no share text yet) and whether it was ``saved``."""
        from ..core.vocabulary import attempt_fields

        session = self.session
        return {
            **session.puzzle.shown_dict(),
            **attempt_fields(
                finished=False,
                score=session.score().total,
                at_par=False,
                percent=None,
                gave_up=False,
                hints_used=session.hints_used,
                hint_levels=session.hint_levels,
                take_backs=session.take_backs,
                moves=[session.notation(move) for move in session.moves],
                practice=session.practice,
                share=None,
            ),
            "saved": saved,
        }
