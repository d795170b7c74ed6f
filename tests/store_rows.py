"""Rows for the tests that fill a results store (every game): an attempt and an unfinished
attempt's progress with every field at a plain default, so that a test names only the fields
it is about."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from silverpyr.puzzles.core.records import Attempt, Progress

ATTEMPT = Attempt(
    puzzle_id="p",
    daily_date=None,
    played_on="2026-01-01",
    kind="points",
    score=20,
    par=20,
    goal_met=True,
    at_par=True,
    gave_up=False,
    moves="",
    hints_used=0,
    seconds=1.0,
)
"""A scored attempt at par, no hint, the first game's."""

PROGRESS = Progress(
    puzzle_id="p",
    daily_date=None,
    fingerprint="f" * 16,
    moves=(),
    hints_used=0,
    hint_levels=(0, 0, 0),
    turn_hint_level=0,
    practice=False,
    saw_solution=False,
    seconds=1.0,
    started_on="2026-01-01",
)
"""An unfinished attempt with no move yet, the first game's."""


def attempt(**fields: Any) -> Attempt:
    """:data:`ATTEMPT` with ``fields`` changed."""
    return replace(ATTEMPT, **fields)


def progress(**fields: Any) -> Progress:
    """:data:`PROGRESS` with ``fields`` changed."""
    return replace(PROGRESS, **fields)
