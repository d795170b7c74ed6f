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
