"""The results database: attempts, and a cache of generated puzzles (SQLite).

The file is ``silverpyr.db`` in the user data directory (``platformdirs``), or in the
directory named by the ``SILVERPYR_HOME`` environment variable when it is set.

* Every write is one transaction (``BEGIN IMMEDIATE`` ... ``COMMIT``): an interrupted
  write leaves no partial row.
* Two processes at once are fine: the journal is a write-ahead log and each connection
  waits up to :data:`BUSY_SECONDS` for the other's write to finish.
* The format version lives in ``PRAGMA user_version``. A file that is not a SQLite
  database, a damaged one, another program's database or one written by a newer silverpyr
  raises :class:`StoreError` with what to do, and the file is never changed.
"""

from __future__ import annotations

import datetime as dt
import json
import os
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

from ..solver.errors import SilverpyrError
from .progress import Progress
from .stats import Attempt

SCHEMA_VERSION = 3
HOME_ENV = "SILVERPYR_HOME"
DB_FILENAME = "silverpyr.db"
BUSY_SECONDS = 15.0
RETRY_PAUSE_SECONDS = 0.05
_T = TypeVar("_T")
_SQLITE_MAGIC = b"SQLite format 3\x00"
_TABLES = frozenset({"attempts", "puzzle_cache", "progress"})

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
    # (see puzzles/progress.py); a new table, so every existing row stays as it is.
    3: (
        """
        CREATE TABLE progress (
            puzzle_id TEXT PRIMARY KEY,
            daily_date TEXT,
            fingerprint TEXT NOT NULL,
            moves TEXT NOT NULL,
            hints_used INTEGER NOT NULL CHECK (hints_used >= 0),
            hint_levels TEXT NOT NULL,
            turn_hint_level INTEGER NOT NULL CHECK (turn_hint_level BETWEEN 0 AND 3),
            practice INTEGER NOT NULL CHECK (practice IN (0, 1)),
            saw_solution INTEGER NOT NULL CHECK (saw_solution IN (0, 1)),
            seconds REAL NOT NULL,
            started_on TEXT NOT NULL,
            saved_at TEXT NOT NULL
        )
        """,
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
)


class StoreError(SilverpyrError, RuntimeError):
    """The results database cannot be used (damaged, foreign or newer); it is left untouched."""


def data_dir() -> Path:
    """Where silverpyr keeps its data: ``$SILVERPYR_HOME`` or the user data directory."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("silverpyr", appauthor=False))


def default_path() -> Path:
    """The results database file."""
    return data_dir() / DB_FILENAME


def _now() -> str:
    return dt.datetime.now(dt.UTC).isoformat(timespec="seconds")


class Store:
    """An open results database; use as a context manager or call :meth:`close`."""

    def __init__(self, path: Path) -> None:
        self.path = path
        _check_header(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(path, timeout=BUSY_SECONDS, isolation_level=None)
        except sqlite3.Error as error:
            raise StoreError(f"{path}: cannot open the results database: {error}") from None
        try:
            with self._guard():
                self._retrying(self._prepare)
        except BaseException:
            self._db.close()
            raise

    @classmethod
    def open_default(cls) -> Store:
        """The database in :func:`data_dir`."""
        return cls(default_path())

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
            raise sqlite3.DatabaseError(f"integrity check failed: {result[0] if result else '?'}")
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
                if tables:
                    raise StoreError(
                        f"{self.path} is a SQLite database of another program (tables: "
                        f"{', '.join(sorted(tables))}); it was left as it is. Point "
                        f"{HOME_ENV} at another directory or move the file away."
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

    def _check_version(self, version: int) -> None:
        if version > SCHEMA_VERSION:
            raise StoreError(
                f"{self.path} was written by a newer silverpyr (database format {version}; "
                f"this one reads up to {SCHEMA_VERSION}); it was left as it is: upgrade "
                f"silverpyr, or point {HOME_ENV} at another directory"
            )

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
            raise StoreError(
                f"{self.path} is damaged ({error}); it was left as it is: move it away to "
                f"start a new results database"
            ) from None

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

    # --- attempts -----------------------------------------------------------------------

    def add_attempt(self, attempt: Attempt) -> int:
        """Record an attempt that ended; its row id. Progress saved for its puzzle goes in
        the same transaction: the attempt is either still in progress or recorded."""
        values = [getattr(attempt, column) for column in _ATTEMPT_COLUMNS]
        columns = ", ".join((*_ATTEMPT_COLUMNS, "recorded_at"))
        marks = ", ".join("?" * (len(_ATTEMPT_COLUMNS) + 1))

        def insert() -> int:
            with self._transaction():
                cursor = self._db.execute(
                    f"INSERT INTO attempts ({columns}) VALUES ({marks})", [*values, _now()]
                )
                self._db.execute("DELETE FROM progress WHERE puzzle_id = ?", (attempt.puzzle_id,))
                return int(cursor.lastrowid or 0)

        with self._guard():
            return self._retrying(insert)

    def scored_attempt(self, puzzle_id: str) -> Attempt | None:
        """The attempt of ``puzzle_id`` that counts (not practice), if one has ended."""
        scored = [a for a in self.attempts(puzzle_id=puzzle_id) if not a.practice]
        return scored[0] if scored else None

    def attempts(self, *, puzzle_id: str | None = None) -> list[Attempt]:
        """Every attempt (of one puzzle when ``puzzle_id`` is given), oldest first."""
        query = f"SELECT {', '.join(_ATTEMPT_COLUMNS)} FROM attempts"
        parameters: list[Any] = []
        if puzzle_id is not None:
            query += " WHERE puzzle_id = ?"
            parameters.append(puzzle_id)
        with self._guard():
            rows = self._db.execute(query + " ORDER BY id", parameters).fetchall()
        return [_attempt_from_row(row) for row in rows]

    # --- progress of attempts not ended -------------------------------------------------

    def save_progress(self, progress: Progress) -> None:
        """Save where an attempt stands (one transaction; replaces the puzzle's last save)."""
        values = [getattr(progress, column) for column in _PROGRESS_COLUMNS]
        values[_PROGRESS_COLUMNS.index("moves")] = "; ".join(progress.moves)
        values[_PROGRESS_COLUMNS.index("hint_levels")] = ",".join(map(str, progress.hint_levels))
        columns = ", ".join((*_PROGRESS_COLUMNS, "saved_at"))
        marks = ", ".join("?" * (len(_PROGRESS_COLUMNS) + 1))

        def store() -> None:
            with self._transaction():
                self._db.execute(
                    f"INSERT OR REPLACE INTO progress ({columns}) VALUES ({marks})",
                    [*values, _now()],
                )

        with self._guard():
            self._retrying(store)

    def progress(self, puzzle_id: str) -> Progress | None:
        """The saved progress of ``puzzle_id``, if an attempt at it was left unfinished."""
        found = self._progress_rows("WHERE puzzle_id = ?", [puzzle_id])
        return found[0] if found else None

    def all_progress(self) -> list[Progress]:
        """Every attempt left unfinished, by puzzle id."""
        return self._progress_rows("ORDER BY puzzle_id", [])

    def drop_progress(self, puzzle_id: str) -> bool:
        """Forget the saved progress of ``puzzle_id``; whether there was any."""

        def delete() -> bool:
            with self._transaction():
                cursor = self._db.execute("DELETE FROM progress WHERE puzzle_id = ?", (puzzle_id,))
                return cursor.rowcount > 0

        with self._guard():
            return self._retrying(delete)

    def _progress_rows(self, where: str, parameters: list[Any]) -> list[Progress]:
        query = f"SELECT {', '.join(_PROGRESS_COLUMNS)} FROM progress {where}"
        with self._guard():
            rows = self._db.execute(query, parameters).fetchall()
        return [_progress_from_row(row) for row in rows]

    # --- the puzzle cache ---------------------------------------------------------------

    def cached_puzzle(self, key: str) -> dict[str, Any] | None:
        """The puzzle data cached under ``key``."""
        with self._guard():
            row = self._db.execute(
                "SELECT puzzle FROM puzzle_cache WHERE cache_key = ?", (key,)
            ).fetchone()
        if row is None:
            return None
        data = json.loads(row[0])
        return data if isinstance(data, dict) else None

    def cache_puzzle(self, key: str, data: dict[str, Any]) -> None:
        """Cache puzzle data under ``key``."""

        def store() -> None:
            with self._transaction():
                self._db.execute(
                    "INSERT OR REPLACE INTO puzzle_cache (cache_key, puzzle, stored_at) "
                    "VALUES (?, ?, ?)",
                    (key, json.dumps(data, sort_keys=True), _now()),
                )

        with self._guard():
            self._retrying(store)


def _progress_from_row(row: tuple[Any, ...]) -> Progress:
    values = dict(zip(_PROGRESS_COLUMNS, row, strict=True))
    values["moves"] = tuple(m.strip() for m in values["moves"].split(";") if m.strip())
    levels = [int(n) for n in values["hint_levels"].split(",") if n.strip()]
    levels = [*levels, 0, 0, 0][:3]
    values["hint_levels"] = (levels[0], levels[1], levels[2])
    for flag in ("practice", "saw_solution"):
        values[flag] = bool(values[flag])
    return Progress(**values)


def _attempt_from_row(row: tuple[Any, ...]) -> Attempt:
    values = dict(zip(_ATTEMPT_COLUMNS, row, strict=True))
    for flag in ("goal_met", "at_par", "gave_up", "practice", "saw_solution"):
        values[flag] = bool(values[flag])
    return Attempt(**values)


def _check_header(path: Path) -> None:
    """A non-empty file that is not SQLite at all gets a clear message before SQLite sees it."""
    try:
        with path.open("rb") as handle:
            header = handle.read(len(_SQLITE_MAGIC))
    except FileNotFoundError:
        return
    except OSError as error:
        raise StoreError(f"{path}: cannot read the results database: {error.strerror}") from None
    if header and header != _SQLITE_MAGIC:
        raise StoreError(
            f"{path} is not a silverpyr results database (not SQLite); it was left as it is: "
            f"move it away to start a new one"
        )
