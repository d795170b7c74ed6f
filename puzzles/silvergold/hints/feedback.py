"""Feedback on a move just played in a puzzle: what it keeps, what it costs, and why.

The best score still reachable is solved before and after the move (see
:mod:`.line`). A move that keeps it is *good*; one that lowers it costs the difference, and
the feedback names the better move and what the player's line misses compared with the
better line, category by category (torches, completed cards, gems, skulls), with the first
turn from which the better line stays ahead. Under the ``sprint`` objective, completing a
card later is a cost too; under ``points`` it is only mentioned.

The player's line is the move followed by the best continuation after it, so the
comparison is between the best the player can still do and the best there was.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ....solver.silvergold.line import BestLine, LinePosition, best_reachable
from ....solver.silvergold.moves import Move, move_str
from ....solver.silvergold.objective import DEFAULT_TIME_LIMIT
from ....solver.silvergold.problem import LineResult, Objective, play_line
from ....solver.silvergold.sheet import COMPLETED_CARD_POINTS, TORCH_POINTS
from .events import Category, category_points


class Verdict(StrEnum):
    """How a move compares with the best move."""

    GOOD = "good"
    """It keeps the best score (and, in a sprint, the fastest completion) within reach."""
    LOSS = "loss"
    """It lowers the best score still reachable (or, in a sprint, completes later)."""


@dataclass(frozen=True)
class Difference:
    """One score category in which the player's line ends ``points`` behind the better line.

    ``points`` is negative when the player's line is ahead there (a trade that did not pay);
    ``shows_on`` is the 1-based turn from which the better line stays ahead.
    """

    category: Category
    points: int
    shows_on: int | None
    detail: str


@dataclass(frozen=True)
class Feedback:
    """The verdict on ``move``, played from ``before.start``."""

    move: Move
    before: BestLine
    after: BestLine

    @property
    def objective(self) -> Objective:
        """The objective both lines were solved for."""
        return self.before.objective

    @property
    def turn(self) -> int:
        """1-based puzzle turn the move was played on."""
        return self.before.start.turn + 1

    @property
    def best_before(self) -> int:
        """Best score reachable before the move."""
        return self.before.score

    @property
    def best_after(self) -> int:
        """Best score reachable after the move."""
        return self.after.score

    @property
    def points_lost(self) -> int:
        """Points the move costs (never negative: a better line after means a solver limit)."""
        return max(0, self.best_before - self.best_after)

    @property
    def turns_lost(self) -> int:
        """Completion turns the move costs, summed over the cards the better line completes."""
        before = self.before.completion_turns()
        after = self.after.completion_turns()
        last = self.before.start.instance.turns + 1
        lost = sum(
            (after[card] or last) - turn for card, turn in before.items() if turn is not None
        )
        return max(0, lost)

    @property
    def verdict(self) -> Verdict:
        """Good when nothing the objective counts is lost."""
        if self.points_lost:
            return Verdict.LOSS
        if self.objective is Objective.SPRINT and self.turns_lost:
            return Verdict.LOSS
        return Verdict.GOOD

    @property
    def better_move(self) -> Move | None:
        """The best move, when the played one loses something."""
        return self.before.next_move if self.verdict is Verdict.LOSS else None

    def differences(self) -> tuple[Difference, ...]:
        """Categories where the lines end differently, biggest loss first."""
        if self.verdict is Verdict.GOOD:
            return ()
        return compare_lines(self.before.line, self.after.line, self.before.start.turn)

    @property
    def shows_on(self) -> int | None:
        """The first turn from which the better line is ahead in a category it wins."""
        turns = [d.shows_on for d in self.differences() if d.points > 0 and d.shows_on]
        return min(turns) if turns else None

    def _notation(self, move: Move) -> str:
        return move_str(move, with_card=len(self.before.start.position.cards) > 1)

    def text_lines(self) -> list[str]:
        """The feedback in words."""
        expedition = self.before.start.expedition
        played = self._notation(self.move)
        shape = (
            "single cell"
            if self.move.mark is not None and self.move.mark.is_single
            else expedition.name
        )
        head = f"Turn {self.turn}: your {shape} {played}"
        if self.verdict is Verdict.GOOD:
            same = (
                f"best reachable {self.best_before} before and after"
                if self.best_before == self.best_after
                else f"best reachable {self.best_before} before, {self.best_after} after"
            )
            lines = [f"{head} is good ({same})."]
            if self.turns_lost:
                lines.append(
                    f"It completes a card {_turns(self.turns_lost)} later than the best line, "
                    "for the same score."
                )
            return lines
        differences = self.differences()
        losses = [d for d in differences if d.points > 0]
        gains = [d for d in differences if d.points < 0]
        reach = f"best reachable {self.best_before} before, {self.best_after} after"
        if self.points_lost:
            lost = self.points_lost
            lines = [f"{head} loses {lost} point{'s' if lost > 1 else ''}: -{lost} ({reach})."]
        else:
            lines = [f"{head} completes a card {_turns(self.turns_lost)} later ({reach})."]
        if losses:
            lines.append("It gives up " + "; ".join(d.detail for d in losses) + ".")
        if gains:
            lines.append("In exchange it gains " + "; ".join(d.detail for d in gains) + ".")
        if self.shows_on is not None:
            lines.append(f"The difference shows on turn {self.shows_on}.")
        better = self.better_move
        if better is not None:
            lines.append(f"Better: {self._notation(better)}.")
        return lines

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form."""
        better = self.better_move
        return {
            "turn": self.turn,
            "move": self._notation(self.move),
            "verdict": self.verdict.value,
            "best_before": self.best_before,
            "best_after": self.best_after,
            "points_lost": self.points_lost,
            "turns_lost": self.turns_lost,
            "exact": self.before.exact and self.after.exact,
            "better_move": None if better is None else self._notation(better),
            "shows_on": self.shows_on,
            "differences": [
                {
                    "category": d.category.value,
                    "points": d.points,
                    "shows_on": d.shows_on,
                    "detail": d.detail,
                }
                for d in self.differences()
            ],
        }


def _turns(count: int) -> str:
    return f"{count} turn{'s' if count > 1 else ''}"


def feedback(
    at: LinePosition,
    move: Move,
    objective: Objective = Objective.POINTS,
    *,
    before: BestLine | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
) -> Feedback:
    """Feedback on playing ``move`` at ``at`` (``before``: the best line from ``at``, if known)."""
    if before is None:
        before = best_reachable(at, objective, time_limit=time_limit)
    played = at.after(move)
    if played.position == at.after(before.next_move).position:
        line = play_line(at.instance, (*played.played, *before.continuation[1:]))
        after = BestLine(played, line, objective, before.exact, before.score_bound)
    else:
        after = best_reachable(played, objective, time_limit=time_limit)
    return Feedback(move, before, after)


def compare_lines(better: LineResult, played: LineResult, since: int) -> tuple[Difference, ...]:
    """Per category, how ``played`` ends against ``better`` (both equal before ``since``)."""
    start = better.instance.start
    turns = better.instance.turns
    steps = range(since + 1, turns + 1)
    ahead: dict[Category, list[int]] = {category: [] for category in Category}
    for step in steps:
        mine = category_points(start, played.positions[step])
        theirs = category_points(start, better.positions[step])
        for category in Category:
            ahead[category].append(theirs[category] - mine[category])
    differences = []
    for category, margins in ahead.items():
        final = margins[-1] if margins else 0
        if not final:
            continue
        shows_on = None
        if final > 0:
            first = len(margins)
            while first > 0 and margins[first - 1] > 0:
                first -= 1
            shows_on = since + 1 + first
        differences.append(
            Difference(category, final, shows_on, _detail(category, final, better, played, since))
        )
    differences.sort(key=lambda d: -d.points)
    return tuple(differences)


def _detail(
    category: Category, points: int, better: LineResult, played: LineResult, since: int
) -> str:
    amount = abs(points)
    if category is Category.TORCHES:
        return (
            _torch_detail(better, played, since) if points > 0 else (f"{amount} points of torches")
        )
    if category is Category.COMPLETED:
        return _tomb_detail(better, played) if points > 0 else f"{amount} points of completed cards"
    if category is Category.GEMS:
        return f"{amount} gem point{'s' if amount > 1 else ''}"
    return f"{amount} point{'s' if amount > 1 else ''} of skull penalty" + (
        " (more skulls)" if points > 0 else " (fewer skulls)"
    )


def _torch_detail(better: LineResult, played: LineResult, since: int) -> str:
    current_round = better.instance.round_of(since)
    parts = []
    for index, (lit, mine) in enumerate(
        zip(better.final.sheet.torches, played.final.sheet.torches, strict=True)
    ):
        if lit and not mine and not better.instance.start.sheet.torches[index]:
            round_number = index + 1
            turn = next(
                step
                for step in range(1, better.instance.turns + 1)
                if better.positions[step].sheet.torches[index]
            )
            name = (
                "this round's torch"
                if round_number == current_round
                else (f"the torch of round {round_number}")
            )
            parts.append(f"{name}, which the better line lights on turn {turn} (-{TORCH_POINTS})")
    return "; ".join(parts) or "a torch"


def _tomb_detail(better: LineResult, played: LineResult) -> str:
    theirs = better.completion_turns()
    mine = played.completion_turns()
    parts = [
        f"completing card {card}, whose tomb the better line reaches on turn {turn} "
        f"(-{COMPLETED_CARD_POINTS})"
        for card, turn in theirs.items()
        if turn is not None and mine[card] is None
    ]
    return "; ".join(parts) or "a completed card"
