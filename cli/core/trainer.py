"""The trainer's commands in line mode, for any game with a :mod:`puzzles.attempts` trainer
(the Sun's and Cheops's ``puzzle``, ``daily`` and ``stats``): what they do the same, game-free.

* ``puzzle``: ``--seed`` or ``--id`` (:func:`puzzle_to_play`), a daily not out yet refused
  (:func:`require_out`); the puzzle from the store's cache or made and cached
  (:func:`cached_puzzle`), by the game's :class:`TrainerParts` (the commands themselves:
  :mod:`.trainer_commands`).
* ``daily``: ``--date`` or today (:func:`daily_date`); ``--archive``: the past dailies with
  your result (:func:`show_archive`), scores and pars in the game's unit (the store keeps
  tenths).
* ``stats``: played, at par, streaks, histogram (:func:`show_stats`).
* Playing (:func:`play_attempt`): ``--json`` without answers shows the puzzle; else the
  attempt is opened (resumed, practice), the position and the notes are printed, the answers
  (``--moves``, or typed lines) run through :func:`run_answers` (``undo``, ``hint``/``hint N``,
  ``give up``, ``q``; a move is the game's), and the attempt is finished (scored, or saved),
  also on Ctrl-C.

Each game names its store (``game``), its errors, its puzzle's making and reading, its
position and its move's lines.
"""

from __future__ import annotations

import datetime as dt
import importlib
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import AbstractContextManager, nullcontext
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Generic, Protocol, TypeAlias, TypeVar, cast

import typer

from ...solver.core.errors import SilverpyrError
from .options import is_comment, random_seed
from .output import emit, print_json

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.core.attempts import Sitting
    from ...puzzles.core.puzzle_fields import PuzzleHead
    from ...puzzles.core.puzzle_ids import PuzzleId
    from ...puzzles.core.puzzle_session import PuzzleAttempt
    from ...puzzles.core.records_file import Fingerprinted
    from ...puzzles.core.standings import ArchiveEntry
    from ...puzzles.core.store import Store

Error = Callable[[str], Exception]
"""A game's error type (its puzzle's or its session's): a problem the user is told of."""


class Cacheable(Protocol):
    def to_dict(self) -> dict[str, Any]: ...


P = TypeVar("P", bound=Cacheable)


T = TypeVar("T", bound="Sitting[Any]")
"""An attempt being played: the core's :class:`~silverpyr.puzzles.core.attempts.Sitting`."""


class LoopSession(Protocol):
    """What :func:`run_answers` uses of a game's puzzle session."""

    @property
    def finished(self) -> bool: ...

    @property
    def moves(self) -> tuple[str, ...]: ...

    @property
    def hints_used(self) -> int: ...

    def undo(self) -> str: ...

    def hint(self, level: int | None = None) -> tuple[int, str]: ...

    def give_up(self) -> None: ...


ARCHIVE_DAYS = 30
"""Days listed by ``daily --archive`` unless ``--days`` says otherwise."""

DateOption = Annotated[
    str | None,
    typer.Option(
        "--date",
        help="Play the daily of this date (YYYY-MM-DD, not after today); default: today.",
        show_default=False,
    ),
]


def today_option(help_text: str) -> Any:
    """``--today DATE``: the date a command takes as today, ``help_text`` saying for what."""
    return typer.Option("--today", help=help_text, show_default=False)


TodayOption = Annotated[
    str | None,
    today_option(
        "Count the current streak as of this date (YYYY-MM-DD); default: your local date."
    ),
]
YesterdayOption = Annotated[
    bool, typer.Option("--yesterday", help="Play yesterday's daily.", show_default=False)
]
ArchiveOption = Annotated[
    bool, typer.Option("--archive", help="List past dailies with your result instead.")
]
DaysOption = Annotated[
    int,
    typer.Option(
        "--days",
        min=1,
        max=3660,
        help="Days listed by --archive (ending at --date, default today).",
    ),
]


def kind_option() -> Any:
    """``--kind`` of ``puzzle`` (its values are the game's kinds)."""
    return typer.Option(
        "--kind", help="Kind of puzzle (default: the seed picks one).", show_default=False
    )


def results_store(game: str, optional: bool) -> AbstractContextManager[Store | None]:
    """``game``'s rows of the results store; none at all when nothing is recorded."""
    from ...puzzles.core.store import Store

    if optional:
        return nullcontext()
    return Store.open_default(game=game)


def require_out(day: dt.date, today: dt.date, error: Error) -> None:
    """Refuse a daily of a date after ``today``."""
    if day > today:
        raise error(f"the daily of {day.isoformat()} is not out yet (today is {today.isoformat()})")


def puzzle_to_play(
    seed: int | None,
    kind: str | None,
    puzzle_id: str | None,
    today: dt.date,
    *,
    seed_id: Callable[[int, str | None], str],
    parse_puzzle_id: Callable[[str], PuzzleId],
    error: Error,
) -> str:
    """The id of the puzzle ``puzzle`` plays: ``--id``, or the id of ``--seed`` (random when
    not given) and ``--kind``; a daily's only once it is out on ``today``."""
    if seed is not None and puzzle_id is not None:
        raise error("give only one of --seed, --id")
    if kind is not None and puzzle_id is not None:
        raise error("--kind goes with --seed (or no seed), not with --id")
    if puzzle_id is None:
        puzzle_id = seed_id(seed if seed is not None else random_seed(), kind)
    parsed = parse_puzzle_id(puzzle_id)
    if parsed.daily_date is not None:
        require_out(dt.date.fromisoformat(parsed.daily_date), today, error)
    return parsed.text


def daily_date(
    date: str | None,
    today: dt.date,
    *,
    yesterday: bool,
    archive: bool,
    text: str | None,
    restart: bool,
    parse_date: Callable[[str], dt.date],
    error: Error,
) -> dt.date:
    """The date of the daily ``daily`` plays (``--date``, ``--yesterday``, else ``today``;
    not after it), or with ``--archive`` the last day it lists (so a listing can be repeated
    on any later day; nothing to play or restart goes with it). Every game's ``daily``."""
    if date is not None and yesterday:
        raise error("give only one of --date, --yesterday")
    day = parse_date(date) if date is not None else today
    if yesterday:
        day = today - dt.timedelta(days=1)
    if archive and (text is not None or restart):
        raise error(
            "--archive lists the dailies: it takes only --date or --yesterday (the last "
            "day listed), --days, --json, --plain"
        )
    require_out(day, today, error)
    return day


def _call(make: Callable[[], P]) -> P:
    return make()


def cached_puzzle(
    game: str,
    key: str,
    make: Callable[[], P],
    read: Callable[[dict[str, Any]], P],
    damaged: type[Exception],
    *,
    no_record: bool,
    made: Callable[[Callable[[], P]], P] = _call,
) -> P:
    """The puzzle cached under ``key`` in ``game``'s store (``read`` checks it again: a
    ``damaged`` entry is warned about and made again), else the one made ahead under
    ``key`` (:mod:`~silverpyr.puzzles.core.ahead`, read the same way), else ``make``'s; cached.
    ``--no-record`` neither reads nor writes the store. ``made`` runs each making or
    reading (a game may show a spinner)."""
    from ...puzzles.core.store import Store

    def ahead_or_make() -> P:
        from ...puzzles.core.ahead import read_made_ahead

        ahead = read_made_ahead(game, key, read, damaged)
        return ahead if ahead is not None else make()

    if no_record:
        return made(ahead_or_make)
    with Store.open_default(game=game) as store:
        data = store.cached_puzzle(key)
        if data is not None:
            try:
                return made(lambda: read(data))
            except damaged as error:
                store.warn_cache(key, str(error))
        puzzle = made(ahead_or_make)
        store.cache_puzzle(key, puzzle.to_dict())
        return puzzle


G = TypeVar("G", bound="Fingerprinted")
"""A game's table (the Sun's deck, Cheops's components): its fingerprint keys the cache."""
G_contra = TypeVar("G_contra", bound="Fingerprinted", contravariant=True)
P_co = TypeVar("P_co", bound=Cacheable, covariant=True)


class PuzzleIds(Protocol[G_contra, P_co]):
    """A game's ids module (``puzzles/<game>/ids.py``): ids read and made, puzzles made."""

    def seed_id(self, seed: int, kind: str | None, /) -> str: ...

    def parse_puzzle_id(self, text: str, /) -> PuzzleId: ...

    def parse_date(self, text: str, /) -> dt.date: ...

    def puzzle_for_id(self, text: str, table: G_contra, /) -> P_co: ...

    def daily_puzzle(self, date: dt.date, table: G_contra, /) -> P_co: ...


def cache_key(version: str, table: Fingerprinted, puzzle_id: str) -> str:
    """Where a game's puzzle ``puzzle_id`` of ``table`` is cached (and made ahead)."""
    return f"{version}|{table.fingerprint}|{puzzle_id}"


@dataclass(frozen=True)
class PlayFlags:
    """The options of how a trainer command plays: ``--json``, ``--plain``, ``--no-record``,
    ``--restart``, ``--line``."""

    as_json: bool
    plain: bool
    no_record: bool
    restart: bool
    line: bool = False


class PuzzleReader(Protocol[G_contra, P_co]):
    """A game's cached puzzle read back from its dict on its table (its ``from_dict``)."""

    def __call__(self, data: dict[str, Any], table: G_contra, /, *, where: str) -> P_co: ...


@dataclass(frozen=True)
class TrainerParts(Generic[G, P]):
    """What a game's ``puzzle`` and ``daily`` name: its store, cache version, table (loaded
    only when a puzzle is wanted), ids, cached puzzle's reader (data, table, where) and
    error; ``making``: a spinner's text while a puzzle is made or read (none with
    ``--json``); ``note``: the archive's note on a daily."""

    game: str
    cache_version: str
    table: Callable[[], G]
    ids: PuzzleIds[G, P]
    read: PuzzleReader[G, P]
    error: type[Exception]
    making: str | None = None
    note: ArchiveNote | None = None

    def cached(
        self, puzzle_id: str, make: Callable[[G], P], *, no_record: bool, as_json: bool = False
    ) -> P:
        """The puzzle ``puzzle_id`` by :func:`cached_puzzle`, keyed by the table's
        fingerprint; ``make`` makes it from the table."""
        table = self.table()

        def made(making: Callable[[], P]) -> P:
            if self.making is None:
                return making()
            from .output import with_spinner

            return with_spinner(making, self.making, quiet=as_json)

        return cached_puzzle(
            self.game,
            cache_key(self.cache_version, table, puzzle_id),
            lambda: make(table),
            lambda data: self.read(data, table, where=f"cached puzzle {puzzle_id}"),
            self.error,
            no_record=no_record,
            made=made,
        )

    def puzzle(
        self,
        seed: int | None,
        kind: str | None,
        puzzle_id: str | None,
        today: dt.date,
        /,
        flags: PlayFlags,
    ) -> P:
        """``puzzle``'s puzzle: ``--id``, or ``--seed`` and ``--kind`` (:func:`puzzle_to_play`),
        cached."""
        chosen = puzzle_to_play(
            seed,
            kind,
            puzzle_id,
            today,
            seed_id=self.ids.seed_id,
            parse_puzzle_id=self.ids.parse_puzzle_id,
            error=self.error,
        )
        return self.cached(
            chosen,
            lambda table: self.ids.puzzle_for_id(chosen, table),
            no_record=flags.no_record,
            as_json=flags.as_json,
        )

    def daily(
        self,
        date: str | None,
        today: dt.date,
        *,
        yesterday: bool,
        archive: bool,
        days: int,
        text: str | None,
        flags: PlayFlags,
    ) -> P | None:
        """``daily``'s puzzle (:func:`daily_date`), cached; ``None`` when ``--archive``
        listed the dailies instead."""
        day = daily_date(
            date,
            today,
            yesterday=yesterday,
            archive=archive,
            text=text,
            restart=flags.restart,
            parse_date=self.ids.parse_date,
            error=self.error,
        )
        if archive:
            plain = flags.plain
            show_archive(self.game, day, days, as_json=flags.as_json, plain=plain, note=self.note)
            return None
        return self.cached(
            f"daily-{day.isoformat()}",
            lambda table: self.ids.daily_puzzle(day, table),
            no_record=flags.no_record,
            as_json=flags.as_json,
        )


def show_stats(game: str, today: dt.date, *, as_json: bool, plain: bool) -> None:
    """``stats``: played, at par, streaks, histogram of ``game``'s recorded attempts."""
    from ...puzzles.core.standings import summarise
    from ...puzzles.core.store import Store

    with Store.open_default(game=game) as store:
        summary = summarise(store.attempts(), today)

    def render(console: Console) -> None:
        console.print(
            f"played {summary.played}, at par {summary.at_par}, dailies {summary.dailies_played}, "
            f"streak {summary.current_streak} (best {summary.best_streak}), "
            f"hints {summary.hints_used}, practice {summary.practice}",
            markup=False,
        )
        for label, count in summary.histogram:
            console.print(f"  {label:>10}  {count}", markup=False)

    emit(summary.to_dict(), render, as_json=as_json, plain=plain)


# --- playing -----------------------------------------------------------------------------


def say(console: Console | None, text: str) -> None:
    """A line for people (none under ``--json``), never cut to the console's width: the
    terminal folds it, and a share line piped to a file stays one line to copy."""
    if console is not None:
        console.print(text, markup=False, highlight=False, soft_wrap=True)


def stdin_lines(console: Console | None) -> Iterator[str]:
    """Typed answers, one per line (comment lines left out, as in a script), until the
    puzzle ends or the input does."""
    while True:
        if console is not None and sys.stdin.isatty():
            console.print("> ", end="", markup=False)
        line = sys.stdin.readline()
        if not line:
            return
        stripped = line.strip()
        if stripped and not is_comment(line):
            yield stripped


def hint_level(word: str, error: Error) -> int | None:
    """``hint`` or ``h`` (the next level), or ``hint N`` / ``h N``."""
    parts = word.split()
    if len(parts) == 1:
        return None
    if len(parts) == 2 and parts[1] in ("1", "2", "3"):
        return int(parts[1])
    raise error(f"{word!r}: write hint, or hint 1 (aim), 2 (area) or 3 (move)")


def warn_unused(unused: list[str], what: str) -> None:
    """Scripted answers after the end of the ``what`` (turn, puzzle): one warning."""
    from .output import warn

    if unused:
        warn(
            f"the {what} is over: {len(unused)} answer{'s' * (len(unused) != 1)} not played "
            f"({'; '.join(unused)})"
        )


QUIT_QUESTION = (
    "Give up? The attempt ends and its score counts. y gives up, s saves it and leaves (the "
    "next play resumes; nothing is saved under --no-record), anything else plays on:"
)
"""``q``'s question, the same in every game's trainer (Silver & Gold's ``q``): in a script
``q`` is followed by its answer (``q; y``, ``q; s``); ``q!`` gives up without asking."""


def run_answers(
    session: LoopSession,
    answers: Iterable[str],
    log: list[dict[str, Any]],
    console: Console | None,
    *,
    scripted: bool,
    play: Callable[[str], None],
    save: Callable[[], None] | None,
    error: type[Exception],
    what: str,
    options: Callable[[], Sequence[str]] | None = None,
) -> None:
    """The answers until the puzzle ends: ``undo``, ``hint``, ``give up``, ``q`` and ``?``
    (``help``: what can be answered, with the moves of ``options`` now) here, a move by the
    game's ``play`` (it logs and says its lines). A session's ``error`` is a line for
    a person; a script stops on it, its moves saved first (``save``, when there is a store)."""
    unused: list[str] = []
    stream = iter(answers)
    for answer in stream:
        if session.finished:
            unused.append(answer)
            if scripted:
                continue
            break
        word = answer.lower()
        try:
            if word in ("?", "help"):
                moves = "" if options is None else f"a move ({', '.join(options())}); "
                say(
                    console,
                    f"answers: {moves}undo (u) takes back your last move; hint (h), then hint 2 "
                    "and hint 3, tell more each; give up (or q!) ends the attempt; q asks: "
                    "y gives up, s saves it and leaves",
                )
            elif word in ("undo", "u"):
                taken = session.undo()
                log.append({"undo": taken})
                say(console, f"undone: {taken}")
            elif (word.split() or [""])[0] in ("hint", "h"):
                got, hint = session.hint(hint_level(word, error))
                log.append({"hint": got, "text": hint})
                say(console, f"hint ({('aim', 'area', 'move')[got - 1]}): {hint}")
            elif word in ("give up", "giveup", "q!"):
                session.give_up()
                log.append({"gave_up": True})
            elif word == "save":
                log.append({"left": True})
                break
            elif word in ("q", "quit"):
                say(console, QUIT_QUESTION)
                reply = next(stream, None)
                if reply is None:  # the script or the input ran out on the question
                    if scripted:
                        log.append(RAN_OUT)
                    else:
                        log.append({"left": True})
                    break
                choice = reply.strip().lower()
                if choice in ("y", "yes"):
                    session.give_up()
                    log.append({"gave_up": True})
                elif choice in ("s", "save"):
                    log.append({"left": True})
                    break
                else:
                    say(console, "Playing on.")
            else:
                play(answer)
        except error as problem:
            if scripted:
                if save is not None and (session.moves or session.hints_used):
                    save()
                raise
            say(console, f"{problem}")
        if session.finished and not scripted:
            break  # typed answers: the end shows at once, not after one more line
    else:
        if scripted and not session.finished:
            log.append(RAN_OUT)
    warn_unused(unused, what)


def play_attempt(
    answers: list[str] | None,
    *,
    game: str,
    as_json: bool,
    plain: bool,
    no_record: bool,
    public: Callable[[], dict[str, Any]],
    open_sitting: Callable[[Store | None], T],
    show: Callable[[Console, T], None],
    typed: Callable[[Console | None], Iterable[str]],
    run: Callable[[T, Iterable[str], list[dict[str, Any]], Console | None, Store | None], None],
    finish: Callable[[T, Store | None, list[dict[str, Any]], Console | None], None],
) -> None:
    """Play a puzzle: ``--json`` without ``answers`` prints the ``public`` puzzle; else the
    attempt is opened in ``game``'s store (none with ``no_record``), shown (``show``, the
    notes), played (``run``: the scripted ``answers`` or the ``typed`` lines) and finished
    (``finish``), also when Ctrl-C leaves (the attempt is saved, then the app says so)."""
    if as_json and answers is None:
        print_json(public())
        return
    with results_store(game, no_record) as store:
        sitting = open_sitting(store)
        log: list[dict[str, Any]] = []
        console = None
        if not as_json:
            from .output import stdout_console

            console = stdout_console(plain=plain)
            show(console, sitting)
            for note in sitting.notes:
                say(console, note)
        source = answers if answers is not None else typed(console)
        try:
            run(sitting, source, log, console, store)
        except KeyboardInterrupt:
            finish(sitting, store, log, console)
            raise
        finish(sitting, store, log, console)


Said = tuple[dict[str, Any], list[str]]
"""Fields of the attempt's JSON, and lines for people."""

RAN_OUT: dict[str, Any] = {"ran_out": True}
"""The log's last entry when a script ran out before the attempt ended (not left by ``q``)."""


class ScriptRanOutError(SilverpyrError):
    """A ``--moves`` script that ran out before the attempt ended: exit 2 in every game, as
    a script that stops early is a script out of step."""


def saved_clause(game: str, public: dict[str, Any], *, saved: bool, recorded: bool) -> str:
    """What became of an unfinished attempt, true to what happened: saved (and how to resume
    it), or why nothing is saved (``--no-record``, or neither a move nor a hint yet: a hint
    alone is kept, as in every game, so leaving never clears it)."""
    if saved:
        return f"the attempt is saved: `silverpyr {game} puzzle --id {public['id']}` resumes it"
    if not recorded:
        return "nothing is saved (--no-record)"
    return "no move or hint yet, so nothing is saved"


def finish_attempt(
    sitting: Sitting[Any],
    store: Store | None,
    log: list[dict[str, Any]],
    console: Console | None,
    *,
    game: str,
    public: dict[str, Any],
    as_json: bool,
    record: Callable[[Store], object],
    save: Callable[[Store], None],
    scored: Callable[[Any], Said],
    unfinished: Callable[[], tuple[dict[str, Any], str]],
) -> None:
    """The attempt's end: a finished one recorded in the store (``record``, when there is
    one) and its ``scored`` fields and lines (of the session's result); else its moves saved
    (``save``, with a store and moves), its ``unfinished`` fields and what is not over, and
    whether it is saved (:func:`saved_clause`); the whole as JSON under ``--json``.

    A script that ran out (:data:`RAN_OUT`) then stops with :class:`ScriptRanOutError`: one
    ``error:`` line saying so and what is saved, exit 2."""
    session = sitting.session
    data: dict[str, Any] = {**public, "notes": sitting.notes, "log": log}
    if session.finished:
        result = session.result()
        if store is not None:
            record(store)
        fields, lines = scored(result)
        data.update(fields)
    else:
        saved = store is not None and bool(session.moves or session.hints_used)
        if saved:
            assert store is not None
            save(store)
        fields, not_over = unfinished()
        clause = saved_clause(game, public, saved=saved, recorded=store is not None)
        data.update(fields)
        data["saved"] = saved
        if log and log[-1] == RAN_OUT:
            if as_json:
                print_json(data)
            raise ScriptRanOutError(f"the moves ran out: {not_over}; {clause}")
        lines = [f"{not_over}; {clause}"]
    for line in lines:
        say(console, line)
    if as_json:
        print_json(data)


# --- the archive -------------------------------------------------------------------------


ArchiveNote: TypeAlias = "Callable[[ArchiveEntry], str | None]"
"""A game's note on a line of its archive (``None``: no note)."""


Q = TypeVar("Q", bound="PuzzleHead[Any]")
"""A game's puzzle (the Sun's and Cheops's: the core's ``PuzzleHead``, shown by its
``shown_dict``)."""
N = TypeVar("N", bound="PuzzleAttempt[Any, Any]")


class AttemptModule(Protocol):
    """A game's attempt module (``puzzles/<game>/attempt.py``) as its line mode uses it."""

    def record(self, store: Store, sitting: Any, puzzle: Any, today: dt.date, /) -> object: ...

    def save_progress(self, store: Store, sitting: Any, puzzle: Any, /) -> None: ...


class LinePuzzle(ABC, Generic[Q, N]):
    """A game's attempt at ``loaded`` (a puzzle, a daily): :meth:`play` plays it in line mode
    (:func:`play_attempt`, :func:`run_answers`, :func:`finish_attempt`), :meth:`full_screen`
    on the full screen (:func:`~.trainer_commands.play_puzzle` chooses). The game says what
    differs: its key (``game``: its screen and attempt modules), what its session plays
    (``turn``, ``puzzle``), its errors, position, a move's lines and the result's."""

    game: str
    what: str

    def __init__(self, loaded: Q, today: dt.date, flags: PlayFlags) -> None:
        self.loaded = loaded
        self.today = today
        self.flags = flags

    def full_screen(self) -> None:
        """The attempt on the full screen: the ``run_puzzle`` of the game's
        ``cli/<game>/tui/launch.py``, imported only now (as :attr:`Game.kit
        <silverpyr.solver.games.Game.kit>`), so the line mode never loads Textual."""
        launch = importlib.import_module(f"silverpyr.cli.{self.game}.tui.launch")
        flags = self.flags
        launch.run_puzzle(self.loaded, self.today, no_record=flags.no_record, restart=flags.restart)

    @abstractmethod
    def open_sitting(self, store: Store | None) -> Sitting[N]:
        """The attempt opened (resumed, practice) in ``store`` (none: nothing recorded)."""

    @abstractmethod
    def show(self, console: Console, sitting: Sitting[N]) -> None:
        """The position and what to answer."""

    def play_answer(
        self, sitting: Sitting[N], answer: str, log: list[dict[str, Any]], console: Console | None
    ) -> None:
        """A move played by the session: logged and said (:meth:`told`)."""
        session: Any = sitting.session
        seen = len(session.state.events)
        self.told(session, session.play(answer), seen, log, console)

    @abstractmethod
    def told(
        self,
        session: N,
        decision: Any,
        seen: int,
        log: list[dict[str, Any]],
        console: Console | None,
    ) -> None:
        """The ``decision`` just played logged and said (``seen``: the events before it)."""

    @abstractmethod
    def options(self, sitting: Sitting[N]) -> Sequence[str]:
        """The moves now, in notation."""

    @abstractmethod
    def session_error(self) -> type[Exception]:
        """The error of the game's session: a line for a person."""

    def attempt(self) -> AttemptModule:
        """The game's attempt module (``puzzles/<game>/attempt.py``): the finished attempt
        recorded, progress saved."""
        return cast(
            AttemptModule, importlib.import_module(f"silverpyr.puzzles.{self.game}.attempt")
        )

    def record(self, store: Store, sitting: Sitting[N]) -> None:
        """The finished attempt recorded."""
        self.attempt().record(store, sitting, self.loaded, self.today)

    def save(self, store: Store, sitting: Sitting[N]) -> None:
        """The unfinished attempt's progress saved."""
        self.attempt().save_progress(store, sitting, self.loaded)

    @abstractmethod
    def scored(self, sitting: Sitting[N], result: Any) -> Said:
        """The finished attempt's fields and lines."""

    def play(self, answers: list[str] | None) -> None:
        """The attempt in line mode with the scripted ``answers`` (``None``: typed lines)."""
        scripted = answers is not None
        flags = self.flags
        play_attempt(
            answers,
            game=self.game,
            as_json=flags.as_json,
            plain=flags.plain,
            no_record=flags.no_record,
            public=self.loaded.shown_dict,
            open_sitting=self.open_sitting,
            show=self.show,
            typed=lambda console: stdin_lines(console),
            run=lambda sitting, source, log, console, store: self.run(
                sitting, source, log, console, scripted=scripted, store=store
            ),
            finish=self.finish,
        )

    def run(
        self,
        sitting: Sitting[N],
        answers: Iterable[str],
        log: list[dict[str, Any]],
        console: Console | None,
        *,
        scripted: bool,
        store: Store | None,
    ) -> None:
        """The answers played (:func:`run_answers`); a script stopped by an error saves first."""
        run_answers(
            sitting.session,
            answers,
            log,
            console,
            scripted=scripted,
            play=lambda answer: self.play_answer(sitting, answer, log, console),
            save=None if store is None else lambda: self.save(store, sitting),
            error=self.session_error(),
            what=self.what,
            options=lambda: self.options(sitting),
        )

    def finish(
        self,
        sitting: Sitting[N],
        store: Store | None,
        log: list[dict[str, Any]],
        console: Console | None,
    ) -> None:
        """The attempt's end (:func:`finish_attempt`): scored, or what is not over."""
        session: Any = sitting.session
        finish_attempt(
            sitting,
            store,
            log,
            console,
            game=self.game,
            public=self.loaded.shown_dict(),
            as_json=self.flags.as_json,
            record=lambda store: self.record(store, sitting),
            save=lambda store: self.save(store, sitting),
            scored=lambda result: self.scored(sitting, result),
            unfinished=lambda: (
                session.so_far_dict(practice=sitting.practice),
                f"the {self.what} is not over",
            ),
        )


def show_archive(
    game: str,
    today: dt.date,
    days: int,
    *,
    as_json: bool,
    plain: bool,
    note: ArchiveNote | None = None,
) -> None:
    """``daily --archive``: ``game``'s dailies of the last ``days`` days with your result,
    and the game's ``note`` on a line where it has one."""
    from ...puzzles.core.standings import archive
    from ...puzzles.core.store import Store

    with Store.open_default(game=game) as store:
        entries = archive(store.attempts(), store.all_progress(), today, days)
    notes = [None if note is None else note(entry) for entry in entries]

    def render(console: Console) -> None:
        for entry, text in zip(entries, notes, strict=True):
            line = f"{entry.date}  {describe_entry(entry)}"
            console.print(line if text is None else f"{line}  ({text})", markup=False)

    dailies = [entry_dict(e) for e in entries]
    for data, text in zip(dailies, notes, strict=True):
        if text is not None:
            data["note"] = text
    emit(
        {"today": today.isoformat(), "dailies": dailies},
        render,
        as_json=as_json,
        plain=plain,
    )


def entry_dict(entry: ArchiveEntry) -> dict[str, object]:
    """The game-free archive entry with score and par in the puzzle's unit (the store keeps
    tenths)."""
    data = entry.to_dict()
    for key in ("score", "par"):
        value = data[key]
        data[key] = value / 10 if isinstance(value, int) else None
    return data


def describe_entry(entry: ArchiveEntry) -> str:
    """``11.5 / 12.0 at par``, ``gave up (0.0 / 12.0)``, ``in progress``, ``not played``."""
    scored = entry.scored
    if scored is None:
        text = "in progress" if entry.in_progress is not None else "not played"
    else:
        text = f"{scored.score / 10:.1f} / {scored.par / 10:.1f}"
        text = f"gave up ({text})" if scored.gave_up else text
        text += " at par" if scored.at_par else ""
        if entry.in_progress is not None:
            text += ", practice in progress"
    if entry.practice:
        text += f", {entry.practice} practice"
    return text


__all__ = [
    "ARCHIVE_DAYS",
    "RAN_OUT",
    "ArchiveNote",
    "ArchiveOption",
    "DateOption",
    "DaysOption",
    "LinePuzzle",
    "PlayFlags",
    "ScriptRanOutError",
    "TodayOption",
    "TrainerParts",
    "YesterdayOption",
    "cache_key",
    "cached_puzzle",
    "daily_date",
    "describe_entry",
    "entry_dict",
    "finish_attempt",
    "hint_level",
    "kind_option",
    "play_attempt",
    "puzzle_to_play",
    "require_out",
    "results_store",
    "run_answers",
    "saved_clause",
    "say",
    "show_archive",
    "show_stats",
    "stdin_lines",
    "warn_unused",
]
