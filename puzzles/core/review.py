"""A recorded game reviewed: the coach's verdict on every decision of one seat, for any game
whose coach judges by paired rollouts (the Sun's, Cheops's).

The record's moves are replayed through the game's engine (:class:`~.kept_table.TableRules`);
every final move of the reviewed seat is judged by the game's coach (:class:`~.kept_table.
TableCoach`: the expert's choice fixed first, then paired rollouts of both), where the game
names it (:class:`~.kept_table.Turns`). Rollouts are keyed by the game's seed and where it
stands, so a review says of each decision what the coach said during the game at the same
number of rollouts.

**Rulings.**

* The seat reviewed by default is the one a person played (the first), else seat 1, as in
  *Silver & Gold*'s review (:func:`reviewed_seat`).
* In the rollouts the reviewed seat is played by the expert and every other seat by its own
  bot. A person at another seat is played by the bot most other seats play (the first such
  in seat order on a tie), else ``greedy`` (:func:`rollout_table`), as *Silver & Gold*'s
  advice stands in for its opponents.
* Every final move counts, a forced one too (it loses exactly 0), as the coach counts them
  during a game: the summary's sum then estimates the seat's gap to the expert.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from types import ModuleType
from typing import Any, Generic, Protocol, TypeVar

from ...solver.core.errors import SilverpyrError
from .grading import CoachReport
from .kept_table import Progress, TableCoach, TableRules, Turns
from .records_file import PERSON, Replayable, replay_steps

S = TypeVar("S", bound=Replayable)
M = TypeVar("M")
V = TypeVar("V")


class ReviewError(SilverpyrError, ValueError):
    """A review that cannot be made (a seat the game does not have, no decision to judge)."""


def reviewed_seat(players: Sequence[str], seat: int | None) -> int:
    """The seat to review (0-based): ``seat`` (1-based, checked against the record's
    ``players``), else the first a person played, else the first."""
    if seat is not None:
        if not 1 <= seat <= len(players):
            raise ReviewError(f"--seat {seat}: the game has seats 1 to {len(players)}")
        return seat - 1
    return players.index(PERSON) if PERSON in players else 0


def rollout_table(players: Sequence[str], seat: int) -> tuple[str, ...]:
    """Who plays each seat in the rollouts of ``seat``'s decisions (module docstring's
    ruling): every bot itself, a person at another seat by the bot most other seats play."""
    bots = [name for other, name in enumerate(players) if other != seat and name != PERSON]
    stand_in = max(bots, key=lambda name: (bots.count(name), -bots.index(name)), default="greedy")
    return tuple(
        name if other == seat or name != PERSON else stand_in for other, name in enumerate(players)
    )


class Review(Generic[S, M, V]):
    """One seat's decisions in a record, judged one by one (:meth:`verdicts`)."""

    def __init__(
        self,
        start: S,
        moves: Sequence[tuple[int | None, str]],
        players: Sequence[str],
        seat: int,
        *,
        rules: TableRules[Any, Any, Any],
        coach: TableCoach[Any, Any, Any, Any],
        turns: Turns[Any],
        error: Callable[[str], Exception],
    ) -> None:
        """``moves`` (``(seat, notation)``, ``None`` for the turn's seat) from ``start``,
        replayed at once: ``error`` names the first that does not replay."""
        self.seat = seat
        self.moves = len(moves)
        """How many moves the record holds."""
        self.table = rollout_table(players, seat)
        self._coach = coach
        self.decisions: list[tuple[S, M, str]] = []
        """``(state before, move, where)`` of every final move of the seat, in order."""
        state: Any = start
        turn = 1
        for before, move, after in replay_steps(start, moves, rules.parse_move, rules.apply, error):
            if before.turn == seat:
                self.decisions.append((before, move, turns.where(before, turn)))
            if turns.new_turn(before, after):
                turn += 1
            state = after
        self.final: S = state

    def verdicts(self, *, samples: int | None = None, progress: Progress | None = None) -> list[V]:
        """The coach's verdict on every decision, in order (``samples`` paired rollouts
        each; ``progress`` hears which decision is judged)."""
        found: list[V] = []
        for number, (state, move, where) in enumerate(self.decisions, start=1):
            if progress is not None:
                progress(f"The coach is reviewing decision {number} of {len(self.decisions)}...")
            found.append(
                self._coach.judge(state, self.seat, self.table, move, where=where, samples=samples)
            )
        return found


class GameRecordLike(Protocol):
    """What a review reads of a game's record (the Sun's and Cheops's ``GameRecord``)."""

    @property
    def players(self) -> tuple[str, ...]: ...

    @property
    def moves(self) -> tuple[tuple[int | None, str], ...]: ...


@dataclass(frozen=True)
class Reviewing:
    """A game's declaration to the review: how its record is read and its game set up, its
    engine, coach and turns, and how its coach sums a game up."""

    load: Callable[[Path], Any]
    """The game's record at a path (its strict reader)."""
    start_of: Callable[[Any, Any], Any]
    """The record's game before its first move, on the game's cards or components."""
    rules: TableRules[Any, Any, Any]
    coach: TableCoach[Any, Any, Any, Any]
    turns: Turns[Any]
    error: Callable[[str], Exception]
    """A move of the record that does not replay."""
    report: Callable[[Sequence[Any]], CoachReport]

    @classmethod
    def of(
        cls, records: ModuleType, kept: ModuleType, advice: ModuleType, coach: ModuleType
    ) -> Reviewing:
        """A game's declaration read from its modules, which name their parts alike in every
        game: ``game_record`` (``load_record``, ``start_of``, ``replay_error``),
        ``kept_game`` (``RULES``, ``TURNS``), ``advice`` (``advise``) and ``coach``
        (``judge``, ``report``)."""
        return cls(
            records.load_record,
            records.start_of,
            kept.RULES,
            TableCoach(advice.advise, coach.judge, coach.report),
            kept.TURNS,
            records.replay_error,
            coach.report,
        )

    def review(
        self, record: GameRecordLike, cards: Any, seat: int | None = None
    ) -> Review[Any, Any, Any]:
        """The decisions of ``seat`` (1-based; default: the person's, else the first) in
        ``record``, replayed (the game's error for a move that does not)."""
        return Review(
            self.start_of(record, cards),
            record.moves,
            record.players,
            reviewed_seat(record.players, seat),
            rules=self.rules,
            coach=self.coach,
            turns=self.turns,
            error=self.error,
        )


__all__ = ["PERSON", "Review", "ReviewError", "Reviewing", "reviewed_seat", "rollout_table"]
