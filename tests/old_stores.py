"""A results database as an older silverpyr left it, for the tests that upgrade one: the
first schema, then the migrations of the steps named (the store's own statements, so the
old database is the one those versions wrote)."""

from __future__ import annotations

import sqlite3
from pathlib import Path
from typing import Any

from silverpyr.puzzles.core import store as store_module


def old_database(path: Path, *steps: int, **connect: Any) -> sqlite3.Connection:
    """A connection (``connect``: ``sqlite3.connect``'s options) to a new database at
    ``path`` made by the first schema and migrated by ``steps``; no version is stamped."""
    db = sqlite3.connect(path, **connect)
    for statement in store_module._SCHEMA:
        db.execute(statement)
    for step in steps:
        for statement in store_module._MIGRATIONS[step]:
            db.execute(statement)
    return db


def add_attempt_row(db: sqlite3.Connection, values: str) -> None:
    """Insert an attempt of the first schema's columns, ``values`` as SQL literals."""
    db.execute(
        "INSERT INTO attempts (puzzle_id, daily_date, played_on, recorded_at, kind, score, "
        f"par, goal_met, at_par, gave_up, moves, hints_used, seconds) VALUES ({values})"
    )


def close_at_version(db: sqlite3.Connection, version: int) -> None:
    """Stamp the old database as schema ``version``, commit and close it."""
    db.execute(f"PRAGMA user_version = {version}")
    db.commit()
    db.close()
