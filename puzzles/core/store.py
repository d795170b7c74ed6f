"""The results database: attempts, and a cache of generated puzzles (SQLite).

The file is ``silverpyr.db`` in the user data directory (``platformdirs``), or in the
directory named by the ``SILVERPYR_HOME`` environment variable when it is set.

* Every write is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``): an interrupted
  write leaves no partial row.
* Two processes at once are fine: the journal is a write-ahead log and each connection
  waits up to :data:`BUSY_SECONDS` for the other's write to finish.
* The format version lives in ``PRAGMA user_version``. A file that is not a SQLite
  database, a damaged one, another program's database, one written by a newer silverpyr or
  with a format number silverpyr never wrote (negative) raises :class:`StoreError` with
  what to do, and the file is never changed.
* A row damaged by hand or by another tool (a value of the wrong type or shape in any
  column the program reads) is skipped with a :class:`StoreWarning` naming its table and
  row; it stays in the file as it is. Statistics count what is readable. A damaged cache
  entry is recomputed (and replaced, with a warning). Saved progress that is damaged is
  never replaced silently: resuming it is refused until ``--restart`` drops it.
* Saved progress is written compare-and-set: each row has a ``revision``, and a save or
  a record names the revision it read; a row changed meanwhile by another session raises
  :class:`ProgressConflictError` instead of being overwritten. One session per puzzle at a
  time is the lease's job (:mod:`.lease`, :meth:`Store.hold`).
* Games against bots left before their end (:class:`SavedGame`, table ``saved_games``) are
  kept the same way, with enough to replay them through the engine (deck fingerprint, seed,
  players, opponents, coach, your final answers in order), each read against the seats its
  game hands in (the core's :mod:`.kept`); a damaged one raises :class:`DamagedGameError`
  until ``--restart`` drops it.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
import math
import re
import sqlite3
import time
import warnings
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ...solver.core.errors import SilverpyrError, SilverpyrWarning
from ...solver.core.places import HOME_ENV, data_dir
from .lease import Lease, LeaseHeldError, LockingUnsupportedError, acquire
from .records import Attempt, Progress

SCHEMA_VERSION = 7
FIRST_GAME = "silvergold"
"""The game every row written before the store had a ``game`` column belongs to (schema 6):
*Silver & Gold Pyramids*, the suite's first game; also the game a :class:`Store` serves
when none is named."""
DB_FILENAME = "silverpyr.db"
BUSY_SECONDS = 15.0
RETRY_PAUSE_SECONDS = 0.05
_T = TypeVar("_T")
_SQLITE_MAGIC = b"SQLite format 3\x00"
_TABLES = frozenset({"attempts", "puzzle_cache", "progress", "saved_games"})

_SCHEMA = (
    """
    CREATE TABLE attempts (
        id INTEGER PRIMARY KEY,
        puzzle_id TEXT NOT NULL,
        daily_date TEXT,
        played_on TEXT NOT NULL,
        recorded_at TEXT NOT NULL,
        kind TEXT NOT NULL,
        score INTEGER NOT NULL,
        par INTEGER NOT NULL,
        goal_met INTEGER NOT NULL CHECK (goal_met IN (0, 1)),
        at_par INTEGER NOT NULL CHECK (at_par IN (0, 1)),
        gave_up INTEGER NOT NULL CHECK (gave_up IN (0, 1)),
        moves TEXT NOT NULL,
        hints_used INTEGER NOT NULL CHECK (hints_used >= 0),
        seconds REAL NOT NULL
    )
    """,
    "CREATE INDEX attempts_by_daily ON attempts (daily_date)",
    """
    CREATE TABLE puzzle_cache (
        cache_key TEXT PRIMARY KEY,
        puzzle TEXT NOT NULL,
        stored_at TEXT NOT NULL
    )
    """,
)

_PROGRESS_SQL = """daily_date TEXT,
            fingerprint TEXT NOT NULL,
            moves TEXT NOT NULL,
            hints_used INTEGER NOT NULL CHECK (hints_used >= 0),
            hint_levels TEXT NOT NULL,
            turn_hint_level INTEGER NOT NULL CHECK (turn_hint_level BETWEEN 0 AND 3),
            practice INTEGER NOT NULL CHECK (practice IN (0, 1)),
            saw_solution INTEGER NOT NULL CHECK (saw_solution IN (0, 1)),
            seconds REAL NOT NULL,
            started_on TEXT NOT NULL,
            saved_at TEXT NOT NULL"""
"""The columns of a saved attempt (``progress``) after its key, as SQL: written once for version 3's
table and again for version 6's rebuild keyed by game, which keeps them as they were."""
_SAVED_GAME_SQL = """deck TEXT NOT NULL,
            seed INTEGER NOT NULL,
            players INTEGER NOT NULL,
            opponents TEXT NOT NULL,
            coach INTEGER NOT NULL,
            answers TEXT NOT NULL,
            started_on TEXT NOT NULL,
            saved_at TEXT NOT NULL"""
"""The columns of a saved game (``saved_games``) after its key, likewise for versions 5 and 6."""

_MIGRATIONS: dict[int, tuple[str, ...]] = {
    # 1 -> 2: one scored attempt per daily. Later attempts of a daily are practice; rows
    # already stored keep their values, and every attempt after the first of a daily
    # becomes practice, so old stats follow the same rule. Hints by level and whether the
    # solution was seen are unknown for old rows (empty, 0).
    2: (
        "ALTER TABLE attempts ADD COLUMN practice INTEGER NOT NULL DEFAULT 0 "
        "CHECK (practice IN (0, 1))",
        "ALTER TABLE attempts ADD COLUMN hint_levels TEXT NOT NULL DEFAULT ''",
        "ALTER TABLE attempts ADD COLUMN saw_solution INTEGER NOT NULL DEFAULT 0 "
        "CHECK (saw_solution IN (0, 1))",
        "UPDATE attempts SET practice = 1 WHERE daily_date IS NOT NULL AND id > "
        "(SELECT MIN(first.id) FROM attempts AS first WHERE first.daily_date = "
        "attempts.daily_date)",
    ),
    # 2 -> 3: save and resume. One row per puzzle with an attempt left before its end
    # (see puzzles/silvergold/progress.py); a new table, so every existing row stays as it is.
    3: (
        f"""
        CREATE TABLE progress (
            puzzle_id TEXT PRIMARY KEY,
            {_PROGRESS_SQL}
        )
        """,
    ),
    # 3 -> 4: saves are compare-and-set on a revision, so a session never overwrites a
    # move another session saved (rows saved before count as revision 0).
    4: ("ALTER TABLE progress ADD COLUMN revision INTEGER NOT NULL DEFAULT 0",),
    # 4 -> 5: games against bots are saved and resumed (puzzles/silvergold/realgame/kept_game.py). A
    # new table, so every existing row stays as it is.
    5: (
        f"""
        CREATE TABLE saved_games (
            game_id TEXT PRIMARY KEY,
            {_SAVED_GAME_SQL},
            revision INTEGER NOT NULL
        )
        """,
    ),
    # 5 -> 6: several games share the store. Every row gets the game it belongs to; rows
    # written before belong to the first game. Tables keyed by a puzzle or game id are
    # rebuilt keyed by (game, id), copying every row, so "daily-2026-11-22" of two games
    # never collide; nothing is lost.
    6: (
        f"ALTER TABLE attempts ADD COLUMN game TEXT NOT NULL DEFAULT '{FIRST_GAME}'",
        "CREATE INDEX attempts_by_game ON attempts (game, puzzle_id)",
        f"""
        CREATE TABLE progress_6 (
            game TEXT NOT NULL,
            puzzle_id TEXT NOT NULL,
            {_PROGRESS_SQL},
            revision INTEGER NOT NULL DEFAULT 0,
            PRIMARY KEY (game, puzzle_id)
        )
        """,
        f"INSERT INTO progress_6 SELECT '{FIRST_GAME}', puzzle_id, daily_date, fingerprint, "
        "moves, hints_used, hint_levels, turn_hint_level, practice, saw_solution, seconds, "
        "started_on, saved_at, revision FROM progress ORDER BY rowid",
        "DROP TABLE progress",
        "ALTER TABLE progress_6 RENAME TO progress",
        f"""
        CREATE TABLE saved_games_6 (
            game TEXT NOT NULL,
            game_id TEXT NOT NULL,
            {_SAVED_GAME_SQL},
            revision INTEGER NOT NULL,
            PRIMARY KEY (game, game_id)
        )
        """,
        f"INSERT INTO saved_games_6 SELECT '{FIRST_GAME}', game_id, deck, seed, players, "
        "opponents, coach, answers, started_on, saved_at, revision FROM saved_games "
        "ORDER BY rowid",
        "DROP TABLE saved_games",
        "ALTER TABLE saved_games_6 RENAME TO saved_games",
        """
        CREATE TABLE puzzle_cache_6 (
            game TEXT NOT NULL,
            cache_key TEXT NOT NULL,
            puzzle TEXT NOT NULL,
            stored_at TEXT NOT NULL,
            PRIMARY KEY (game, cache_key)
        )
        """,
        f"INSERT INTO puzzle_cache_6 SELECT '{FIRST_GAME}', cache_key, puzzle, stored_at "
        "FROM puzzle_cache ORDER BY rowid",
        "DROP TABLE puzzle_cache",
        "ALTER TABLE puzzle_cache_6 RENAME TO puzzle_cache",
    ),
    # 6 -> 7: an attempt left before its end keeps its counted take-backs (a move taken back
    # after its feedback named the better one), so the share text of a resumed attempt
    # names them (issue 32). Rows saved before took none back that they know of: 0.
    7: (
        "ALTER TABLE progress ADD COLUMN take_backs INTEGER NOT NULL DEFAULT 0 "
        "CHECK (take_backs >= 0)",
    ),
}
"""Statements that bring a database from the version before the key to the key's version."""

_ATTEMPT_COLUMNS = (
    "puzzle_id",
    "daily_date",
    "played_on",
    "kind",
    "score",
    "par",
    "goal_met",
    "at_par",
    "gave_up",
    "moves",
    "hints_used",
    "seconds",
    "practice",
    "hint_levels",
    "saw_solution",
)

_PROGRESS_COLUMNS = (
    "puzzle_id",
    "daily_date",
    "fingerprint",
    "moves",
    "hints_used",
    "hint_levels",
    "turn_hint_level",
    "practice",
    "saw_solution",
    "seconds",
    "started_on",
    "take_backs",
)


_GAME_COLUMNS = (
    "game_id",
    "deck",
    "seed",
    "players",
    "opponents",
    "coach",
    "answers",
    "started_on",
    "revision",
)

_COLUMNS: dict[str, tuple[str, ...]] = {
    "attempts": ("id", *_ATTEMPT_COLUMNS, "recorded_at", "game"),
    "puzzle_cache": ("game", "cache_key", "puzzle", "stored_at"),
    "progress": ("game", *_PROGRESS_COLUMNS, "saved_at", "revision"),
    "saved_games": ("game", *_GAME_COLUMNS, "saved_at"),
}
"""The columns of each table at :data:`SCHEMA_VERSION`."""
MAX_COUNT = 2**62
"""The most a stored count (hints, revisions) may be: counting on from it still fits SQLite."""
LOCKS_DIRNAME = "locks"
"""The folder (beside the database) of the lease files, one per puzzle played."""


class StoreError(SilverpyrError, RuntimeError):
    """The results database cannot be used (damaged, foreign or newer); it is left untouched."""


class DamagedProgressError(StoreError):
    """The saved progress of a puzzle is damaged: it is left as it is (``--restart`` drops it)."""


class ProgressConflictError(StoreError):
    """Another session changed a puzzle's saved progress since this one read it."""


class SessionBusyError(StoreError):
    """Another session holds the lease of the puzzle (see :meth:`Store.hold`)."""


class GameConflictError(StoreError):
    """Another session changed a saved game since this one read it."""


class DamagedGameError(StoreError):
    """A saved game's row is damaged: it is left as it is, and no game is saved over it
    (``--restart`` drops it). ``problem`` says what is wrong, for a message of the caller's."""

    def __init__(self, path: Path, problem: str, *, done: str = "", command: str = "") -> None:
        self.path = path
        self.problem = problem
        what = f"; this game was not {done}" if done else ""
        restart = f"`{command} --restart`" if command else "--restart"
        super().__init__(
            f"{path}: the unfinished game is damaged ({problem}){what}; it was left as it is: "
            f"{restart} drops it and starts a new game"
        )


@dataclass(frozen=True)
class SavedGame:
    """A game against bots left before its end: what replays it through the engine.

    ``answers`` are player 1's final decisions in order, as the game's prompts take them
    (a keep ``"11 23"``, a move ``"11:A1 A2"``, an offer slot ``"2"`` or ``"d"``).
    """

    game_id: str
    deck: str
    """Fingerprint of the deck (:attr:`silverpyr.solver.silvergold.cards.Deck.fingerprint`)."""
    seed: int
    players: int
    opponents: str
    coach: bool
    answers: tuple[str, ...]
    started_on: str
    """The date the game was started (YYYY-MM-DD)."""
    revision: int = 0


class StoreWarning(SilverpyrWarning):
    """A damaged row skipped or a damaged cache entry recomputed; the command goes on."""


def default_path() -> Path:
    """The results database file."""
    return data_dir() / DB_FILENAME


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


class Store:
    """An open results database; use as a context manager or call :meth:`close`."""

    def __init__(self, path: Path, *, game: str = FIRST_GAME) -> None:
        self.path = path
        self.game = game
        """The game whose rows this store reads and writes (each game sees only its own
        attempts, progress, cache and saved games: its streaks, stats and calendar)."""
        self._warned: set[tuple[str, int]] = set()
        """Damaged rows already told about, as ``(table, rowid)``: each is told once."""
        _check_header(path)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise StoreError(
                f"{path.parent}: cannot make the folder of the results database "
                f"({error.strerror or error}); point {HOME_ENV} at a folder you can write"
            ) from None
        try:
            self._db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
        except sqlite3.Error as error:
            raise StoreError(f"{path}: cannot open the results database: {error}") from None
        # Text that is not UTF-8 (written by another tool) reads as a damaged value, never
        # as an exception of the whole query.
        self._db.text_factory = _lenient_text
        try:
            with self._guard():
                self._retrying(self._prepare)
        except BaseException:
            self._db.close()
            raise

    @classmethod
    def open_default(cls, *, game: str = FIRST_GAME) -> Store:
        """The database in :func:`data_dir`, for ``game``'s rows."""
        return cls(default_path(), game=game)

    @classmethod
    def open_if_usable(cls, *, game: str = FIRST_GAME) -> Store | None:
        """The database in :func:`data_dir`, or ``None`` with a :class:`StoreWarning` when it
        cannot be used: for commands that record nothing and use it only as a cache."""
        try:
            return cls.open_default(game=game)
        except StoreError as error:
            warnings.warn(
                StoreWarning(f"{error} (this command goes on without it: nothing is cached)"),
                stacklevel=2,
            )
            return None

    def close(self) -> None:
        """Close the connection."""
        self._db.close()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # --- opening ------------------------------------------------------------------------

    def _prepare(self) -> None:
        db = self._db
        result = db.execute("PRAGMA quick_check").fetchone()
        if result is None or result[0] != "ok":
            raise sqlite3.DatabaseError(
                f"integrity check failed: {_shown(result[0]) if result else '?'}"
            )
        self._check_version(db.execute("PRAGMA user_version").fetchone()[0])
        if db.execute("PRAGMA journal_mode").fetchone()[0].lower() != "wal":
            db.execute("PRAGMA journal_mode=WAL")
        with self._transaction():
            version = db.execute("PRAGMA user_version").fetchone()[0]
            self._check_version(version)
            if version == 0:
                tables = {
                    row[0]
                    for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                }
                if tables >= {"attempts", "puzzle_cache"}:
                    raise _left_alone(
                        f"{self.path} holds silverpyr's tables but its database format number "
                        "was reset to 0 (by another tool?)"
                    )
                if tables:
                    raise _left_alone(
                        f"{self.path} is a SQLite database of another program (tables: "
                        f"{', '.join(sorted(tables))})",
                        "move it away",
                    )
                for statement in _SCHEMA:
                    db.execute(statement)
                for step in range(2, SCHEMA_VERSION + 1):
                    for statement in _MIGRATIONS[step]:
                        db.execute(statement)
                db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            else:
                for step in range(version + 1, SCHEMA_VERSION + 1):
                    for statement in _MIGRATIONS[step]:
                        db.execute(statement)
                    db.execute(f"PRAGMA user_version = {step}")
                tables = {
                    row[0]
                    for row in db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
                }
                if not tables >= _TABLES:
                    raise sqlite3.DatabaseError(
                        f"tables missing: {', '.join(sorted(_TABLES - tables))}"
                    )
                for table, columns in _COLUMNS.items():
                    have = {row[1] for row in db.execute(f"PRAGMA table_info({table})")}
                    missing = [column for column in columns if column not in have]
                    if missing:
                        raise sqlite3.DatabaseError(
                            f"table {table} lacks the column{'s' * (len(missing) > 1)} "
                            f"{', '.join(missing)}"
                        )

    def _check_version(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise _left_alone(
                f"{self.path} was written by a newer silverpyr (database format {version}; "
                f"this one reads up to {SCHEMA_VERSION})",
                "upgrade silverpyr",
            )
        if version < 0:
            raise _left_alone(f"{self.path} has a database format no silverpyr writes ({version})")

    # --- transactions -------------------------------------------------------------------

    @contextmanager
    def _guard(self) -> Iterator[None]:
        """Turn SQLite errors into :class:`StoreError` messages."""
        try:
            yield
        except sqlite3.OperationalError as error:
            if "locked" in str(error) or "busy" in str(error):
                raise StoreError(
                    f"{self.path}: the results database stayed busy for {BUSY_SECONDS:g} s "
                    f"(another silverpyr is writing); try again"
                ) from None
            raise StoreError(f"{self.path}: {error}") from None
        except sqlite3.DatabaseError as error:
            raise _left_alone(f"{self.path} is damaged ({error})") from None

    def _retrying(self, action: Callable[[], _T]) -> _T:
        """Run ``action`` again while SQLite reports the database busy, up to BUSY_SECONDS.

        SQLite's own busy timeout does not cover every case: switching to WAL, WAL
        recovery and lock upgrades can answer "locked" at once while another process
        opens or writes the same file.
        """
        deadline = time.monotonic() + BUSY_SECONDS
        while True:
            try:
                return action()
            except sqlite3.OperationalError as error:
                busy = "locked" in str(error) or "busy" in str(error)
                if not busy or time.monotonic() >= deadline:
                    raise
                time.sleep(RETRY_PAUSE_SECONDS)

    @contextmanager
    def _transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    def _own(self, game: str, what: str) -> None:
        """A record of another game must not be written through this game's store."""
        if game != self.game:
            raise StoreError(
                f"{self.path}: {what} belongs to the game {game!r}, not to {self.game!r}; "
                "it was not written"
            )

    # --- attempts -----------------------------------------------------------------------

    def add_attempt(self, attempt: Attempt, *, progress_revision: int | None = None) -> int:
        """Record an attempt that ended; its row id.

        The puzzle's saved progress is dropped in the same transaction, so the attempt is
        either still in progress or recorded; ``progress_revision`` is the revision of the
        saved progress this session last read or wrote (``None``: it saved none). Saved
        progress of another revision belongs to another session: nothing is written and
        :class:`ProgressConflictError` says so.
        """
        self._own(attempt.game, f"an attempt at {attempt.puzzle_id}")
        values = [getattr(attempt, column) for column in _ATTEMPT_COLUMNS]
        columns = ", ".join((*_ATTEMPT_COLUMNS, "recorded_at", "game"))
        marks = ", ".join("?" * (len(_ATTEMPT_COLUMNS) + 2))

        def insert() -> int:
            with self._transaction():
                self._check_revision(
                    attempt.puzzle_id,
                    progress_revision,
                    done=f"recorded (its moves: {attempt.moves or 'none'})",
                )
                cursor = self._db.execute(
                    f"INSERT INTO attempts ({columns}) VALUES ({marks})",
                    [*values, _now(), self.game],
                )
                self._db.execute(
                    "DELETE FROM progress WHERE game = ? AND puzzle_id = ?",
                    (self.game, attempt.puzzle_id),
                )
                return int(cursor.lastrowid or 0)

        with self._guard():
            return self._retrying(insert)

    def scored_attempt(self, puzzle_id: str) -> Attempt | None:
        """The attempt of ``puzzle_id`` that counts (not practice), if one has ended."""
        scored = [a for a in self.attempts(puzzle_id=puzzle_id) if not a.practice]
        return scored[0] if scored else None

    def attempts(self, *, puzzle_id: str | None = None) -> list[Attempt]:
        """Every readable attempt (of one puzzle when ``puzzle_id`` is given), oldest first;
        damaged rows are skipped with a :class:`StoreWarning`."""
        query = f"SELECT id, {', '.join(_ATTEMPT_COLUMNS)}, game FROM attempts WHERE game = ?"
        parameters: list[Any] = [self.game]
        if puzzle_id is not None:
            query += " AND puzzle_id = ?"
            parameters.append(puzzle_id)
        with self._guard():
            rows = self._db.execute(query + " ORDER BY id", parameters).fetchall()
        return self._readable("attempts", rows, _attempt_from_row)

    # --- progress of attempts not ended -------------------------------------------------

    def save_progress(self, progress: Progress, *, revision: int | None = None) -> int:
        """Save where an attempt stands (one transaction); the row's new revision.

        ``revision`` is the revision of the saved progress this session last read or wrote
        (``None``: none, so no row may exist). A row of another revision was saved by another
        session meanwhile: it is kept, and :class:`ProgressConflictError` is raised.
        """
        self._own(progress.game, f"the progress of {progress.puzzle_id}")
        values = [getattr(progress, column) for column in _PROGRESS_COLUMNS]
        values[_PROGRESS_COLUMNS.index("moves")] = "; ".join(progress.moves)
        values[_PROGRESS_COLUMNS.index("hint_levels")] = ",".join(map(str, progress.hint_levels))
        columns = ", ".join((*_PROGRESS_COLUMNS, "saved_at", "revision", "game"))
        marks = ", ".join("?" * (len(_PROGRESS_COLUMNS) + 3))
        new_revision = 1 if revision is None else revision + 1

        def store() -> int:
            with self._transaction():
                self._check_revision(progress.puzzle_id, revision)
                self._db.execute(
                    f"INSERT OR REPLACE INTO progress ({columns}) VALUES ({marks})",
                    [*values, _now(), new_revision, self.game],
                )
            return new_revision

        with self._guard():
            return self._retrying(store)

    def progress(self, puzzle_id: str) -> Progress | None:
        """The saved progress of ``puzzle_id``, if an attempt at it was left unfinished.

        Raises :class:`DamagedProgressError` when the row is damaged (it is left as it is).
        """
        query = f"SELECT rowid, {', '.join(_PROGRESS_COLUMNS)}, revision, game FROM progress "
        with self._guard():
            rows = self._db.execute(
                query + "WHERE game = ? AND puzzle_id = ?", (self.game, puzzle_id)
            ).fetchall()
        for row in rows:
            try:
                return _progress_from_row(row[1:])
            except _DamagedValueError as damaged:
                raise DamagedProgressError(
                    f"{self.path}: the saved attempt at {puzzle_id} is damaged (progress row "
                    f"{row[0]}: {damaged}); it was left as it is: play it with --restart to "
                    "drop it and start over"
                ) from None
        return None

    def all_progress(self) -> list[Progress]:
        """Every attempt left unfinished, by puzzle id; damaged rows are skipped with a
        :class:`StoreWarning`."""
        query = f"SELECT rowid, {', '.join(_PROGRESS_COLUMNS)}, revision, game FROM progress"
        with self._guard():
            rows = self._db.execute(
                query + " WHERE game = ? ORDER BY rowid", (self.game,)
            ).fetchall()
        found = self._readable("progress", rows, _progress_from_row)
        return sorted(found, key=lambda progress: progress.puzzle_id)

    def drop_progress(self, puzzle_id: str) -> bool:
        """Forget the saved progress of ``puzzle_id``, damaged or not; whether there was any."""

        def delete() -> bool:
            with self._transaction():
                cursor = self._db.execute(
                    "DELETE FROM progress WHERE game = ? AND puzzle_id = ?", (self.game, puzzle_id)
                )
                return cursor.rowcount > 0

        with self._guard():
            return self._retrying(delete)

    def _check_revision(self, puzzle_id: str, revision: int | None, done: str = "saved") -> None:
        """Inside a transaction: the puzzle's saved progress is at ``revision`` (or absent
        for ``None``), else :class:`ProgressConflictError`."""
        row = self._db.execute(
            "SELECT revision FROM progress WHERE game = ? AND puzzle_id = ?",
            (self.game, puzzle_id),
        ).fetchone()
        found = None if row is None else row[0]
        if found == revision:
            return
        if revision is None:
            what = "another session saved an attempt at it meanwhile"
        elif found is None:
            what = "another session ended or dropped the saved attempt meanwhile"
        else:
            what = "another session saved a move of it meanwhile"
        raise ProgressConflictError(
            f"{self.path}: this attempt at {puzzle_id} was not {done}: {what}, and that "
            "save is kept"
        )

    # --- games against bots left before their end --------------------------------------

    def saved_game(self, game_id: str, seats: range) -> SavedGame | None:
        """The game saved under ``game_id``, if one was left unfinished.

        ``seats`` are the table sizes of the game that wrote it (its declaration, e.g.
        ``range(2, 6)``): the row is read against them. Raises :class:`DamagedGameError`
        when the row is damaged (it is left as it is, and :meth:`save_game` never writes a
        new game over it).
        """
        with self._guard():
            row = self._game_row(game_id)
        if row is None:
            return None
        try:
            return _game_from_row(row[1:], seats)
        except _DamagedValueError as damaged:
            raise DamagedGameError(self.path, f"saved_games row {row[0]}: {damaged}") from None

    def save_game(self, game: SavedGame, seats: range, *, revision: int | None = None) -> int:
        """Save a game against bots (one transaction); the row's new revision.

        ``seats`` are the game's table sizes (as for :meth:`saved_game`): a game of another
        size is not written, since it would not read back. ``revision`` is the revision this
        session last read or wrote (``None``: none, so no row may exist). A row of another
        revision was saved by another session meanwhile: it is kept, and
        :class:`GameConflictError` is raised; a damaged row is kept too
        (:class:`DamagedGameError`).
        """
        if game.players not in seats:
            raise StoreError(
                f"{self.path}: a game of {game.players} players was not saved: the game seats "
                f"{seats[0]} to {seats[-1]} players"
            )
        values = [getattr(game, column) for column in _GAME_COLUMNS]
        values[_GAME_COLUMNS.index("answers")] = json.dumps(list(game.answers))
        values[_GAME_COLUMNS.index("coach")] = int(game.coach)
        new_revision = 1 if revision is None else revision + 1
        values[_GAME_COLUMNS.index("revision")] = new_revision
        columns = ", ".join((*_GAME_COLUMNS, "saved_at", "game"))
        marks = ", ".join("?" * (len(_GAME_COLUMNS) + 2))

        def store() -> int:
            with self._transaction():
                self._check_game_revision(game.game_id, revision, seats)
                self._db.execute(
                    f"INSERT OR REPLACE INTO saved_games ({columns}) VALUES ({marks})",
                    [*values, _now(), self.game],
                )
            return new_revision

        with self._guard():
            return self._retrying(store)

    def drop_game(self, game_id: str, *, revision: int | None = None) -> bool:
        """Forget the game saved under ``game_id`` (damaged or not: ``--restart``); whether
        there was one.

        With ``revision`` (a game that ended drops its own row), only that revision is
        dropped: a row another session saved since is kept, and :class:`GameConflictError`
        is raised; a row whose revision is damaged is kept too (:class:`DamagedGameError`).
        """

        def delete() -> bool:
            with self._transaction():
                if revision is not None:
                    self._check_game_revision(game_id, revision)
                cursor = self._db.execute(
                    "DELETE FROM saved_games WHERE game = ? AND game_id = ?", (self.game, game_id)
                )
                return cursor.rowcount > 0

        with self._guard():
            return self._retrying(delete)

    def _game_row(self, game_id: str) -> tuple[Any, ...] | None:
        """The saved row of ``game_id`` as stored: its rowid, then :data:`_GAME_COLUMNS`."""
        query = (
            f"SELECT rowid, {', '.join(_GAME_COLUMNS)} FROM saved_games "
            "WHERE game = ? AND game_id = ?"
        )
        row: tuple[Any, ...] | None = self._db.execute(query, (self.game, game_id)).fetchone()
        return row

    def _check_game_revision(
        self, game_id: str, revision: int | None, seats: range | None = None
    ) -> None:
        """Inside a transaction: the saved game is at ``revision`` (``None``: there is none),
        else :class:`GameConflictError`. A damaged row is never written over
        (:class:`DamagedGameError`): with ``seats`` the whole row is read, without them (a
        drop) its revision."""
        row = self._game_row(game_id)
        found: int | None = None
        if row is not None:
            rowid, values = row[0], row[1:]
            try:
                if seats is None:
                    found = _whole(
                        "revision", values[_GAME_COLUMNS.index("revision")], 0, MAX_COUNT
                    )
                else:
                    found = _game_from_row(values, seats).revision
            except _DamagedValueError as damaged:
                raise DamagedGameError(
                    self.path, f"saved_games row {rowid}: {damaged}", done="saved"
                ) from None
        if found == revision:
            return
        if revision is None:
            what = "another session saved a game meanwhile"
        elif found is None:
            what = "another session ended or dropped the saved game meanwhile"
        else:
            what = "another session saved a move of it meanwhile"
        raise GameConflictError(
            f"{self.path}: this game was not saved: {what}, and that save is kept"
        )

    # --- one session per puzzle ---------------------------------------------------------

    def hold(
        self, puzzle_id: str, name: str, *, unsaved: str | None = "--no-record"
    ) -> Lease | None:
        """The lease of ``puzzle_id`` for this session (release it when the attempt ends).

        A lock file beside the database, locked by the operating system: a session that
        ends in any way (even killed) lets go of it. Raises :class:`SessionBusyError` while
        another session holds it; ``name`` names the puzzle in that message, ``unsaved`` the
        command's option that plays without saving (``None``: it has none, and the message
        advises none). Where files
        cannot be locked, ``None`` with a :class:`StoreWarning` (saves are still
        compare-and-set, so no move is overwritten).
        """
        # Another game's ids get the game's name in front, so its lock files never meet
        # the first game's (whose names stay as they were before several games).
        name_id = puzzle_id if self.game == FIRST_GAME else f"{self.game}-{puzzle_id}"
        safe = re.sub(r"[^A-Za-z0-9_.-]", "_", name_id)[:60]
        digest = hashlib.sha256(name_id.encode("utf-8", "surrogatepass")).hexdigest()[:8]
        path = self.path.parent / LOCKS_DIRNAME / f"{safe}-{digest}.lock"
        try:
            return acquire(path)
        except LeaseHeldError as held:
            pid = f" (pid {held.pid})" if held.pid else ""
            advice = f" (or add {unsaved} to play it without saving)" if unsaved else ""
            raise SessionBusyError(
                f"the {name} is open in another session{pid}: finish it or save and leave "
                f"there, then play it here{advice}"
            ) from None
        except LockingUnsupportedError:
            warnings.warn(
                StoreWarning(
                    f"{path}: this file system cannot lock files, so two sessions of the "
                    f"{name} are not kept apart (a save never overwrites another's, though)"
                ),
                stacklevel=2,
            )
            return None
        except OSError as error:
            raise StoreError(
                f"{path}: cannot lock the attempt ({error.strerror or error}); point "
                f"{HOME_ENV} at a folder you can write"
            ) from None

    # --- the puzzle cache ---------------------------------------------------------------

    def cached_puzzle(self, key: str) -> dict[str, Any] | None:
        """The puzzle data cached under ``key``; ``None`` when there is none, or when the
        entry is damaged (then a :class:`StoreWarning` says it is recomputed)."""
        with self._guard():
            row = self._db.execute(
                "SELECT rowid, puzzle FROM puzzle_cache WHERE game = ? AND cache_key = ?",
                (self.game, key),
            ).fetchone()
        if row is None:
            return None
        rowid, text = row
        if not isinstance(text, str) or not _is_utf8(text):
            problem = f"the entry is {_shown(text)}, not JSON text"
        else:
            try:
                data = json.loads(text)
            except (ValueError, RecursionError):
                problem = "the entry is not valid JSON"
            else:
                if isinstance(data, dict):
                    return data
                problem = "the entry is not a JSON object"
        self.warn_cache(key, problem, rowid=rowid)
        return None

    def warn_cache(self, key: str, problem: str, *, rowid: int | None = None) -> None:
        """Say (once) that the cache entry ``key`` is damaged and is recomputed."""
        where = f"row {rowid}, " if rowid is not None else ""
        if ("puzzle_cache", hash(key)) in self._warned:
            return
        self._warned.add(("puzzle_cache", hash(key)))
        warnings.warn(
            StoreWarning(
                f"{self.path}: damaged puzzle cache entry ({where}key {key!r}): "
                f"{problem}; it is computed again and replaced"
            ),
            stacklevel=2,
        )

    def cache_puzzle(self, key: str, data: dict[str, Any]) -> None:
        """Cache puzzle data under ``key``."""

        def store() -> None:
            with self._transaction():
                self._db.execute(
                    "INSERT OR REPLACE INTO puzzle_cache (game, cache_key, puzzle, stored_at) "
                    "VALUES (?, ?, ?, ?)",
                    (self.game, key, json.dumps(data, sort_keys=True), _now()),
                )

        with self._guard():
            self._retrying(store)

    # --- damaged rows -------------------------------------------------------------------

    def _readable(
        self,
        table: str,
        rows: Sequence[tuple[Any, ...]],
        read: Callable[[tuple[Any, ...]], _T],
    ) -> list[_T]:
        """The rows that read (each row's first value is its rowid); one warning for the
        damaged ones not told about yet, which stay in the file as they are."""
        found: list[_T] = []
        damaged: list[tuple[int, str]] = []
        for row in rows:
            try:
                found.append(read(row[1:]))
            except _DamagedValueError as error:
                if (table, row[0]) not in self._warned:
                    self._warned.add((table, row[0]))
                    damaged.append((row[0], str(error)))
        if damaged:
            first, problem = damaged[0]
            if len(damaged) == 1:
                which = (
                    f"row {first} of table {table} is damaged ({problem}); it is skipped "
                    "(and left in the file as it is)"
                )
            else:
                listed = ", ".join(str(rowid) for rowid, _ in damaged[:5])
                more = f" and {len(damaged) - 5} more" if len(damaged) > 5 else ""
                which = (
                    f"{len(damaged)} rows of table {table} are damaged (rows {listed}{more}; "
                    f"row {first}: {problem}); they are skipped (and left in the file as they are)"
                )
            warnings.warn(
                StoreWarning(f"{self.path}: {which}"),
                stacklevel=3,
            )
        return found


# --- reading values ---------------------------------------------------------------------------


class _DamagedValueError(ValueError):
    """A value read from the database is not what its column holds."""


_DATE = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}")


def _lenient_text(data: bytes) -> str:
    """SQLite text as ``str``; bytes that are not UTF-8 become lone surrogates (damaged)."""
    return data.decode("utf-8", "surrogateescape")


def _is_utf8(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _shown(value: object) -> str:
    """A stored value as a message shows it: short, on one line."""
    if value is None:
        return "empty (NULL)"
    if isinstance(value, bytes):
        return f"a blob of {len(value)} byte{'s' * (len(value) != 1)}"
    if isinstance(value, str):
        text = value.encode("utf-8", "backslashreplace").decode("ascii", "backslashreplace")
        text = repr(text[:40] + ("..." if len(text) > 40 else ""))
        return f"the text {text}"
    if isinstance(value, float):
        return f"the number {value!r}"
    return repr(value)[:40]


def _damaged(column: str, value: object, expected: str) -> _DamagedValueError:
    return _DamagedValueError(f"{column} is {_shown(value)}, not {expected}")


def _text(column: str, value: object, *, empty: bool = True) -> str:
    if not isinstance(value, str) or not _is_utf8(value) or (not empty and not value.strip()):
        raise _damaged(column, value, "text" if empty else "a non-empty text")
    return value


def _date(column: str, value: object) -> str:
    if isinstance(value, str) and _DATE.fullmatch(value):
        try:
            dt.date.fromisoformat(value)
        except ValueError:
            pass
        else:
            return value
    raise _damaged(column, value, "a date (YYYY-MM-DD)")


def _optional_date(column: str, value: object) -> str | None:
    return None if value is None else _date(column, value)


def _whole(column: str, value: object, low: int | None = None, high: int | None = None) -> int:
    if type(value) is int and (low is None or value >= low) and (high is None or value <= high):
        return value
    if low is not None and high is not None:
        expected = f"a whole number from {low} to {high}"
    elif low is not None:
        expected = f"a whole number of at least {low}"
    else:
        expected = "a whole number"
    raise _damaged(column, value, expected)


def _flag(column: str, value: object) -> bool:
    return bool(_whole(column, value, 0, 1))


def _seconds(column: str, value: object) -> float:
    number = isinstance(value, int | float) and not isinstance(value, bool)
    if number and math.isfinite(value) and value >= 0:  # type: ignore[arg-type,operator]
        return float(value)  # type: ignore[arg-type]
    raise _damaged(column, value, "a number of seconds")


def _levels(column: str, value: object) -> tuple[int, ...]:
    """``"aim,area,move"`` hint counts (empty: not known)."""
    text = _text(column, value)
    parts = [part.strip() for part in text.split(",") if part.strip()]
    if len(parts) <= 3 and all(
        part.isascii() and part.isdigit() and len(part) < 10 for part in parts
    ):
        return tuple(int(part) for part in parts)
    raise _damaged(column, value, "hint counts (aim,area,move)")


def _progress_from_row(row: tuple[Any, ...]) -> Progress:
    """Progress from its columns (and ``revision``); :class:`_DamagedValueError` if damaged."""
    raw = dict(zip((*_PROGRESS_COLUMNS, "revision", "game"), row, strict=True))
    moves = _text("moves", raw["moves"])
    levels = [*_levels("hint_levels", raw["hint_levels"]), 0, 0, 0][:3]
    return Progress(
        puzzle_id=_text("puzzle_id", raw["puzzle_id"], empty=False),
        daily_date=_optional_date("daily_date", raw["daily_date"]),
        fingerprint=_text("fingerprint", raw["fingerprint"]),
        moves=tuple(m.strip() for m in moves.split(";") if m.strip()),
        hints_used=_whole("hints_used", raw["hints_used"], 0, MAX_COUNT),
        hint_levels=(levels[0], levels[1], levels[2]),
        turn_hint_level=_whole("turn_hint_level", raw["turn_hint_level"], 0, 3),
        practice=_flag("practice", raw["practice"]),
        saw_solution=_flag("saw_solution", raw["saw_solution"]),
        seconds=_seconds("seconds", raw["seconds"]),
        started_on=_date("started_on", raw["started_on"]),
        revision=_whole("revision", raw["revision"], 0, MAX_COUNT),
        game=_text("game", raw["game"], empty=False),
        take_backs=_whole("take_backs", raw["take_backs"], 0, MAX_COUNT),
    )


def _game_from_row(row: tuple[Any, ...], seats: range) -> SavedGame:
    """A saved game from its columns, ``players`` one of the game's ``seats``;
    :class:`_DamagedValueError` if damaged."""
    from ...solver.core.rng import seed_problem

    raw = dict(zip(_GAME_COLUMNS, row, strict=True))
    seed = _whole("seed", raw["seed"], 0)
    if seed_problem(seed) is not None:
        raise _damaged("seed", raw["seed"], "a seed")
    text = _text("answers", raw["answers"])
    try:
        answers = json.loads(text)
    except (ValueError, RecursionError):
        answers = None
    if not isinstance(answers, list) or not all(
        isinstance(answer, str) and answer.strip() and _is_utf8(answer) for answer in answers
    ):
        raise _damaged("answers", raw["answers"], "a JSON list of answers")
    return SavedGame(
        game_id=_text("game_id", raw["game_id"], empty=False),
        deck=_text("deck", raw["deck"], empty=False),
        seed=seed,
        players=_whole("players", raw["players"], seats[0], seats[-1]),
        opponents=_text("opponents", raw["opponents"], empty=False),
        coach=_flag("coach", raw["coach"]),
        answers=tuple(answers),
        started_on=_date("started_on", raw["started_on"]),
        revision=_whole("revision", raw["revision"], 0, MAX_COUNT),
    )


def _attempt_from_row(row: tuple[Any, ...]) -> Attempt:
    """An attempt from its columns; :class:`_DamagedValueError` if damaged."""
    raw = dict(zip((*_ATTEMPT_COLUMNS, "game"), row, strict=True))
    _levels("hint_levels", raw["hint_levels"])
    return Attempt(
        puzzle_id=_text("puzzle_id", raw["puzzle_id"], empty=False),
        daily_date=_optional_date("daily_date", raw["daily_date"]),
        played_on=_date("played_on", raw["played_on"]),
        kind=_text("kind", raw["kind"], empty=False),
        score=_whole("score", raw["score"]),
        par=_whole("par", raw["par"]),
        goal_met=_flag("goal_met", raw["goal_met"]),
        at_par=_flag("at_par", raw["at_par"]),
        gave_up=_flag("gave_up", raw["gave_up"]),
        moves=_text("moves", raw["moves"]),
        hints_used=_whole("hints_used", raw["hints_used"], 0, MAX_COUNT),
        seconds=_seconds("seconds", raw["seconds"]),
        practice=_flag("practice", raw["practice"]),
        hint_levels=raw["hint_levels"],
        saw_solution=_flag("saw_solution", raw["saw_solution"]),
        game=_text("game", raw["game"], empty=False),
    )


def _left_alone(problem: str, remedy: str = "move it away to start a new one") -> StoreError:
    """A results database silverpyr cannot use: ``problem``, and that the file was not
    touched, with what to do (``remedy``, or another home)."""
    return StoreError(
        f"{problem}; it was left as it is: {remedy}, or point {HOME_ENV} at another directory"
    )


def _check_header(path: Path) -> None:
    """A non-empty file that is not SQLite at all gets a clear message before SQLite sees it."""
    if path.is_dir():
        raise _left_alone(f"{path} is a folder, not a results database", "move it away")
    if path.exists() and not path.is_file():  # a FIFO would block the read below for ever
        raise _left_alone(
            f"{path} is not a regular file (a pipe, a device or a socket), not a results database",
            "move it away",
        )
    try:
        with path.open("rb") as handle:
            header = handle.read(len(_SQLITE_MAGIC))
    except FileNotFoundError:
        return
    except OSError as error:
        raise _left_alone(
            f"{path}: cannot read the results database ({error.strerror or error})",
            "check its permissions",
        ) from None
    if header and header != _SQLITE_MAGIC:
        raise _left_alone(f"{path} is not a silverpyr results database (not SQLite)")
