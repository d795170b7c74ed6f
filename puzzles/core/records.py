"""The records the results store keeps for any game's puzzles: a recorded attempt and the
progress of an attempt left before its end (game-free data; each game's trainer builds them
from its own sessions).

``game`` names the game the record belongs to (``silvergold``, ``sun``, ...): a puzzle id
such as ``daily-2026-11-22`` is unique within its game only.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Attempt:
    """One recorded attempt at a puzzle."""

    puzzle_id: str
    daily_date: str | None
    """``YYYY-MM-DD`` of the daily puzzle played, ``None`` for other puzzles."""
    played_on: str
    """The player's local date (``YYYY-MM-DD``) when the attempt ended (a resumed attempt
    ends on the day it is finished or given up)."""
    kind: str
    score: int
    par: int
    goal_met: bool
    at_par: bool
    gave_up: bool
    moves: str
    """The moves made, in notation, turns separated by ``;``."""
    hints_used: int
    seconds: float
    practice: bool = False
    """A later play of a daily already scored: recorded, never counted in the stats."""
    hint_levels: str = ""
    """Hints used by level, ``"aim,area,move"`` counts (empty when not known)."""
    saw_solution: bool = False
    """The optimal line was shown before this attempt ended (an earlier end screen, or a
    move hint)."""

    @property
    def counts_for_streak(self) -> bool:
        """A daily solved at par on its own date."""
        return self.daily_date is not None and self.at_par and self.played_on == self.daily_date

    game: str = "silvergold"
    """The game the puzzle belongs to."""


@dataclass(frozen=True)
class Progress:
    """Where an unfinished attempt stands."""

    puzzle_id: str
    daily_date: str | None
    fingerprint: str
    moves: tuple[str, ...]
    """The moves played, in notation."""
    hints_used: int
    hint_levels: tuple[int, int, int]
    """Hints taken by level (aim, area, move)."""
    turn_hint_level: int
    """The hint level already given for the turn to play (0: none yet)."""
    practice: bool
    saw_solution: bool
    seconds: float
    """Time spent playing so far, over every sitting."""
    started_on: str
    """The local date (``YYYY-MM-DD``) of the attempt's first sitting."""
    revision: int = 0
    """How many times the store saved this row (its compare-and-set check; 0 for progress
    not read from the store)."""
    game: str = "silvergold"
    """The game the puzzle belongs to."""
    take_backs: int = 0
    """Moves taken back after their feedback named the better move (each counted as a move
    hint too): the share text names them."""

    @property
    def turn(self) -> int:
        """The 1-based turn to play next."""
        return len(self.moves) + 1
