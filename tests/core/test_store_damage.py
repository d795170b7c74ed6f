"""A results database damaged by hand or by another tool: every column of every table.

The database is made by the CLI itself (a daily scored, a daily saved mid-way, their cache
entries); then each column found by ``PRAGMA table_info`` gets a value of each wrong type,
with the schema's NOT NULL and CHECK constraints taken off first (another tool need not
keep them). ``stats`` and a resumed ``daily`` must then answer by the error contract: exit
0 with only ``warning:`` lines, or exit 2 with exactly one ``error:`` line; never a
traceback, and no damaged attempt or progress row is deleted.
"""

from __future__ import annotations

import os
import shutil
import sqlite3
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from built_once import BuiltOnceRunner
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from playing import solution_moves
from typer.testing import Result

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.ahead import made_ahead
from silverpyr.puzzles.core.store import DB_FILENAME, FIRST_GAME, HOME_ENV, SCHEMA_VERSION, Store
from silverpyr.puzzles.silvergold.catalog import cache_key, get_puzzle
from silverpyr.solver.silvergold.deckfile import load_deck

SCORED = "2026-11-03"
"""A daily played to its end (a row of ``attempts``)."""
SAVED = "2026-11-04"
"""A daily left after one move (a row of ``progress``)."""
# Both are dailies made ahead (data/dailies/): a damaged cache entry is replaced from there at
# once, where a daily outside that span is generated again (0.4 s, for each damaged run).
# test_a_damaged_cache_entry_is_recomputed_with_a_warning also damages a generated one.
GENERATED = "2026-01-03"
"""A daily outside the span made ahead: generated, then cached."""
TABLES = ("attempts", "progress", "puzzle_cache")

BAD_VALUES: dict[str, Any] = {
    "NULL": None,
    "text": "x",
    "empty text": "",
    "blob": b"\x00\xff",
    "float": 1.5,
    "negative": -1,
    "huge int": 2**63 - 1,
    "not UTF-8": "not UTF-8",  # written as CAST(x'ff...' AS TEXT), see _damage
    "bad date": "2026-02-30",
    "half JSON": "{",
}


# --- the database the CLI makes ---------------------------------------------------------------


@pytest.fixture(scope="module")
def made(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A results database made by the CLI: one scored daily, one saved mid-way."""
    home = tmp_path_factory.mktemp("made")
    deck = load_deck()
    for date in (SCORED, SAVED):  # else every damaged cache entry is generated again
        assert made_ahead(FIRST_GAME, cache_key(deck, f"daily-{date}")) is not None, date
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv(HOME_ENV, str(home))
        line = solution_moves(get_puzzle(deck, f"daily-{SCORED}"))
        done = _run("daily", "--date", SCORED, "--plain", "--moves", "; ".join(line))
        assert done.exit_code == 0, done.output
        first = solution_moves(get_puzzle(deck, f"daily-{SAVED}"))[0]
        left = _run("daily", "--date", SAVED, "--plain", "--moves", f"{first}; q; s")
        assert left.exit_code == 0, left.output
    with sqlite3.connect(home / DB_FILENAME) as db:
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        counts = {t: db.execute(f"SELECT COUNT(*) FROM {t}").fetchone()[0] for t in TABLES}
    assert counts == {"attempts": 1, "progress": 1, "puzzle_cache": 2}
    return home / DB_FILENAME


def _run(*args: str) -> Result:
    """The CLI in process, its command built and the bundled deck loaded once (neither is
    about the store)."""
    return BuiltOnceRunner().invoke(app, list(args))


def _columns(path: Path) -> Iterator[tuple[str, str]]:
    with sqlite3.connect(path) as db:
        for table in TABLES:
            for row in db.execute(f"PRAGMA table_info({table})"):
                yield table, row[1]


def _loosen(db: sqlite3.Connection, table: str) -> None:
    """Rebuild ``table`` with the same columns and types but no NOT NULL or CHECK."""
    info = db.execute(f"PRAGMA table_info({table})").fetchall()
    keys = [name for _, name, _, _, _, pk in sorted(info, key=lambda row: row[5]) if pk]
    columns = [f"{name} {kind}" for _, name, kind, _, _, _ in info]
    if len(keys) == 1:  # an INTEGER PRIMARY KEY stays one (a rowid alias)
        columns = [f"{c} PRIMARY KEY" if c.split()[0] == keys[0] else c for c in columns]
    elif keys:
        columns.append(f"PRIMARY KEY ({', '.join(keys)})")
    db.execute(f"ALTER TABLE {table} RENAME TO old_{table}")
    db.execute(f"CREATE TABLE {table} ({', '.join(columns)})")
    db.execute(f"INSERT INTO {table} SELECT * FROM old_{table}")
    db.execute(f"DROP TABLE old_{table}")


def _damage(path: Path, table: str, column: str, name: str, value: Any) -> bool:
    """Put ``value`` into ``column`` of every row of ``table``; whether SQLite stored it
    (an INTEGER PRIMARY KEY holds nothing but integers)."""
    db = sqlite3.connect(path, isolation_level=None)
    try:
        db.execute("BEGIN")
        _loosen(db, table)
        if name == "not UTF-8":
            db.execute(f"UPDATE {table} SET {column} = CAST(x'ff41fe' AS TEXT)")
        else:
            db.execute(f"UPDATE {table} SET {column} = ?", (value,))
        db.execute("COMMIT")
    except sqlite3.IntegrityError:  # datatype mismatch: the damage cannot happen
        db.execute("ROLLBACK")
        return False
    finally:
        db.close()
    return True


def _rows(path: Path, table: str) -> list[tuple[Any, ...]]:
    db = sqlite3.connect(path)
    db.text_factory = bytes
    try:
        return db.execute(f"SELECT * FROM {table} ORDER BY rowid").fetchall()
    finally:
        db.close()


def _home(made: Path, folder: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    folder.mkdir(parents=True, exist_ok=True)
    shutil.copyfile(made, folder / DB_FILENAME)
    monkeypatch.setenv(HOME_ENV, str(folder))
    return folder / DB_FILENAME


def assert_contract(result: Result) -> str:
    """Exit 0 with only ``warning:`` lines, or exit 2 with one ``error:`` line; which."""
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    assert "Traceback" not in result.output
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    if result.exit_code == 0:
        assert all(line.startswith("warning: ") for line in lines), result.stderr
        return "warning" if lines else "clean"
    assert result.exit_code == 2, result.output
    assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr
    return "error"


# --- every column, every wrong type --------------------------------------------------------


def _cases() -> list[tuple[str, str]]:
    """(table, column) of the current schema, read from a database the store makes."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / DB_FILENAME
        Store(path).close()
        return list(_columns(path))


COLUMNS = _cases()


def test_the_sweep_covers_every_table() -> None:
    assert {table for table, _ in COLUMNS} == set(TABLES)
    assert len(COLUMNS) >= 30


@pytest.mark.parametrize(("table", "column"), COLUMNS, ids=[f"{t}.{c}" for t, c in COLUMNS])
def test_a_wrong_value_in_any_column(
    made: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, table: str, column: str
) -> None:
    for name, value in BAD_VALUES.items():
        path = _home(made, tmp_path / name.replace(" ", "-"), monkeypatch)
        if not _damage(path, table, column, name, value):
            continue
        before = _rows(path, table)
        stats = _run("stats", "--json", "--today", SCORED)
        assert_contract(stats)
        # a resume of the saved daily: ends at once, saving again
        resumed = _run("daily", "--date", SAVED, "--plain", "--moves", "q; s")
        outcome = assert_contract(resumed)
        after = _rows(path, table)
        if table == "attempts" or outcome == "error":
            assert after == before, f"{column}={name}: a row changed"
        elif table == "progress" and (stats.stderr or resumed.stderr):
            # told it is damaged: the row stays as it is (a value that reads is no damage,
            # and saving over it is the resume's job)
            lost = [row for row in before if row not in after]
            assert not lost, f"{column}={name}: a damaged row was replaced"


@settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    case=st.sampled_from(COLUMNS),
    value=st.one_of(
        st.none(),
        st.integers(min_value=-(2**63), max_value=2**63 - 1),
        st.floats(allow_nan=False),
        st.text(max_size=30),
        st.binary(max_size=30),
    ),
)
def test_generated_values_in_any_column_keep_the_contract(
    made: Path,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    case: tuple[str, str],
    value: Any,
) -> None:
    table, column = case
    path = _home(made, tmp_path_factory.mktemp("generated"), monkeypatch)
    if not _damage(path, table, column, "generated", value):
        return
    assert_contract(_run("stats", "--json", "--today", SCORED))
    assert_contract(_run("daily", "--archive", "--days", "3", "--plain"))


# --- what is readable still counts ---------------------------------------------------------


def _two_attempts(home: Path) -> None:
    from silverpyr.puzzles.silvergold.stats import Attempt

    with Store(home / DB_FILENAME) as store:
        for date in ("2026-03-01", "2026-03-02"):
            store.add_attempt(
                Attempt(
                    f"daily-{date}", date, date, "points", 20, 20, True, True, False, "A1", 1, 2.0
                )
            )


def test_stats_count_the_readable_rows_and_name_the_damaged_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    _two_attempts(tmp_path)
    with sqlite3.connect(tmp_path / DB_FILENAME) as db:
        db.execute("UPDATE attempts SET score = 'lots' WHERE id = 2")
    result = _run("stats", "--json", "--today", "2026-03-02")
    assert assert_contract(result) == "warning"
    (line,) = result.stderr.splitlines()
    assert "row 2 of table attempts is damaged" in line and "score" in line
    import json

    data = json.loads(result.stdout)
    assert (data["played"], data["at_par"], data["hints_used"]) == (1, 1, 1)
    assert data["best_streak"] == 1
    with sqlite3.connect(tmp_path / DB_FILENAME) as db:  # the damaged row is still there
        assert db.execute("SELECT score FROM attempts WHERE id = 2").fetchone() == ("lots",)


def test_many_damaged_rows_are_one_line(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    from silverpyr.puzzles.silvergold.stats import Attempt

    with Store(tmp_path / DB_FILENAME) as store:
        for n in range(9):
            store.add_attempt(
                Attempt(f"{n}", None, "2026-03-01", "points", n, 20, True, False, False, "", 0, 1)
            )
    with sqlite3.connect(tmp_path / DB_FILENAME) as db:
        db.execute("UPDATE attempts SET seconds = 'slow' WHERE id > 1")
    result = _run("stats")
    assert assert_contract(result) == "warning"
    (line,) = result.stderr.splitlines()
    assert "8 rows of table attempts are damaged (rows 2, 3, 4, 5, 6 and 3 more" in line


@pytest.mark.parametrize("date", [SCORED, GENERATED], ids=["made ahead", "generated"])
def test_a_damaged_cache_entry_is_recomputed_with_a_warning(
    made: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, date: str
) -> None:
    path = _home(made, tmp_path, monkeypatch)
    if date == GENERATED:  # cached as it is generated
        assert assert_contract(_run("daily", "--date", date, "--json")) == "clean"
    with sqlite3.connect(path) as db:
        changed = db.execute(
            "UPDATE puzzle_cache SET puzzle = '{\"cards\": [' WHERE cache_key LIKE ?",
            (f"%daily-{date}",),
        ).rowcount
    assert changed == 1
    first = _run("daily", "--date", date, "--json")
    assert assert_contract(first) == "warning"
    assert "damaged puzzle cache entry" in first.stderr and "computed again" in first.stderr
    again = _run("daily", "--date", date, "--json")  # replaced: no warning the second time
    assert assert_contract(again) == "clean"
    assert again.stdout == first.stdout


def test_damaged_saved_progress_is_refused_until_restart(
    made: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = _home(made, tmp_path, monkeypatch)
    with sqlite3.connect(path) as db:
        db.execute("UPDATE progress SET moves = x'00ff'")
    before = _rows(path, "progress")
    refused = _run("daily", "--date", SAVED, "--plain", "--moves", "q; s")
    assert assert_contract(refused) == "error"
    assert f"the saved attempt at daily-{SAVED} is damaged (progress row " in (refused.stderr)
    assert "--restart" in refused.stderr
    assert _rows(path, "progress") == before  # left as it is
    archive = _run("daily", "--archive", "--days", "3", "--plain")
    assert assert_contract(archive) == "warning" and "table progress" in archive.stderr
    restarted = _run("daily", "--date", SAVED, "--plain", "--restart", "--moves", "q; s")
    assert assert_contract(restarted) == "clean"
    assert "damaged saved attempt is dropped" in restarted.stdout


# --- the format version, and what sits at the database's path ------------------------------


@pytest.mark.parametrize("version", [-1, -(2**31), 0, SCHEMA_VERSION + 1, 2**31 - 1])
def test_an_unknown_format_is_refused_and_commands_without_the_store_still_work(
    made: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, version: int
) -> None:
    path = _home(made, tmp_path, monkeypatch)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {version}")
    data = path.read_bytes()
    for args in (["stats"], ["daily", "--date", SAVED, "--plain", "--moves", "q; s"]):
        result = _run(*args)
        assert assert_contract(result) == "error"
        assert str(path) in result.stderr
        expected = {1: "newer silverpyr", 0: "was reset to 0", -1: "no silverpyr writes"}
        assert expected[(version > 0) - (version < 0)] in result.stderr
        assert "move it away" in result.stderr or "upgrade" in result.stderr
    for args in (
        ["cards", "show", "1"],
        ["solve", "--card", "17", "--expeditions", "I3"],
        ["--help"],
        ["stats", "--help"],
    ):
        result = _run(*args)
        assert result.exit_code == 0 and not result.stderr, (args, result.output)
    # what records nothing uses the store only as a cache: one warning, and it goes on
    for args in (
        ["daily", "--date", SAVED, "--json"],
        ["daily", "--date", SAVED, "--plain", "--no-record", "--moves", "q; y"],
    ):
        result = _run(*args)
        assert assert_contract(result) == "warning", args
        assert len(result.stderr.splitlines()) == 1 and "goes on without it" in result.stderr
    assert path.read_bytes() == data


def test_a_folder_at_the_database_path(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    (tmp_path / DB_FILENAME).mkdir()
    result = _run("stats")
    assert assert_contract(result) == "error" and "is a folder" in result.stderr
    assert (tmp_path / DB_FILENAME).is_dir()


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs mkfifo")
def test_a_pipe_at_the_database_path_does_not_hang(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    os.mkfifo(tmp_path / DB_FILENAME)
    result = _run("stats")
    assert assert_contract(result) == "error" and "not a regular file" in result.stderr


def test_home_is_a_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    (tmp_path / "file").write_text("x", encoding="utf-8")
    monkeypatch.setenv(HOME_ENV, str(tmp_path / "file"))
    result = _run("stats")
    assert assert_contract(result) == "error"
    assert str(tmp_path / "file") in result.stderr


def test_an_unreadable_database(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(HOME_ENV, str(tmp_path))
    (tmp_path / DB_FILENAME).write_bytes(b"")

    real_open = Path.open

    def refuse(self: Path, *args: Any, **kwargs: Any) -> Any:
        if self.name == DB_FILENAME:
            raise PermissionError(13, "Permission denied", str(self))
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", refuse)  # root reads any file: refuse it here
    result = _run("stats")
    assert assert_contract(result) == "error"
    assert "cannot read the results database" in result.stderr


def test_a_database_locked_by_another_process(
    made: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from silverpyr.puzzles.core import store as store_module

    path = _home(made, tmp_path, monkeypatch)
    monkeypatch.setattr(store_module, "BUSY_SECONDS", 0.5)
    holder = sqlite3.connect(path, isolation_level=None)
    try:
        holder.execute("PRAGMA locking_mode = EXCLUSIVE")
        holder.execute("BEGIN EXCLUSIVE")
        result = _run("stats")
    finally:
        holder.close()
    assert assert_contract(result) == "error"
    assert "busy" in result.stderr and str(path) in result.stderr
    assert assert_contract(_run("stats")) == "clean"  # let go of: works again


JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


@settings(
    max_examples=30,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(data=st.data())
def test_a_cache_entry_of_the_wrong_shape_is_recomputed(
    made: Path,
    tmp_path_factory: pytest.TempPathFactory,
    monkeypatch: pytest.MonkeyPatch,
    data: st.DataObject,
) -> None:
    import json

    path = _home(made, tmp_path_factory.mktemp("cache"), monkeypatch)
    pattern = f"%daily-{SCORED}"
    with sqlite3.connect(path) as db:
        (text,) = db.execute(
            "SELECT puzzle FROM puzzle_cache WHERE cache_key LIKE ?", (pattern,)
        ).fetchone()
        entry = json.loads(text)
        key = data.draw(st.sampled_from(sorted(entry)), label="key")
        entry[key] = data.draw(JSON.filter(lambda v: v != entry[key]), label="value")
        db.execute(
            "UPDATE puzzle_cache SET puzzle = ? WHERE cache_key LIKE ?",
            (json.dumps(entry), pattern),
        )
    first = _run("daily", "--date", SCORED, "--json")
    outcome = assert_contract(first)
    if outcome == "warning":
        assert "damaged puzzle cache entry" in first.stderr
        assert assert_contract(_run("daily", "--date", SCORED, "--json")) == "clean"
