"""A player's score card and the scoring rules (docs/silvergold-rules.md, The end and the
score)."""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import cache

from .cards import Color, PyramidCard

ROUNDS = 4
TURNS_PER_ROUND = 7
MAX_TURNS = ROUNDS * TURNS_PER_ROUND
GEM_CAP = 10
SKULL_CAP = 10
TORCH_POINTS = 5
COMPLETED_CARD_POINTS = 10
PAIR_POINTS = 5
PYRAMID_POINT_BOXES = (10, 6, 3)
"""Each colour's pyramid-point boxes, claimed in this order."""
PYRAMID_CARDS = 48
"""Pyramid cards in the game: the most one player can complete."""
MAX_PYRAMID_POINTS = sum(PYRAMID_POINT_BOXES) * len(Color)


@cache
def claimable_pyramid_points() -> frozenset[int]:
    """Every total of pyramid points one player can hold: each box of each colour at most once."""
    totals = {0}
    for box in PYRAMID_POINT_BOXES * len(Color):
        totals |= {total + box for total in totals}
    return frozenset(totals)


def turns_after(round_number: int, turn_in_round: int) -> int:
    """Turns of the game still to come after the given one (0 after round 4's last)."""
    return MAX_TURNS - ((round_number - 1) * TURNS_PER_ROUND + turn_in_round)


def turn_at(first_round: int, first_turn_in_round: int, offset: int) -> tuple[int, int]:
    """``(round, turn in round)`` of the turn ``offset`` turns after the given one.

    Rounds have :data:`TURNS_PER_ROUND` turns; the result may lie past round
    :data:`ROUNDS` (callers check that a line ends in time).
    """
    absolute = (first_round - 1) * TURNS_PER_ROUND + first_turn_in_round - 1 + offset
    return absolute // TURNS_PER_ROUND + 1, absolute % TURNS_PER_ROUND + 1


def skull_penalty(skulls: int) -> int:
    """Points lost for ``skulls`` ticked skull boxes: only the worst counts, n(n+1)/2."""
    return skulls * (skulls + 1) // 2


def gem_points(red: int, green: int) -> int:
    """5 per red/green pair plus 1 per unpaired gem."""
    pairs = min(red, green)
    return PAIR_POINTS * pairs + (red - pairs) + (green - pairs)


@dataclass(frozen=True)
class Sheet:
    """A player's score card.

    ``torches[i]`` is the torch box of round ``i + 1``; ``completed`` holds the completed
    cards in the order they were completed; ``pyramid_points`` the values claimed.
    """

    red: int = 0
    green: int = 0
    skulls: int = 0
    torches: tuple[bool, ...] = (False,) * ROUNDS
    completed: tuple[PyramidCard, ...] = ()
    pyramid_points: tuple[int, ...] = field(default=())

    def has_torch(self, round_number: int) -> bool:
        """Whether the torch box of ``round_number`` (1-4) is ticked."""
        return self.torches[round_number - 1]

    def with_red_gem(self) -> Sheet:
        """Tick a red gem box (nothing beyond the 10th)."""
        return replace(self, red=min(GEM_CAP, self.red + 1))

    def with_green_gem(self) -> Sheet:
        """Tick a green gem box (nothing beyond the 10th)."""
        return replace(self, green=min(GEM_CAP, self.green + 1))

    def with_skull(self) -> Sheet:
        """Tick the next skull box (nothing beyond the 10th)."""
        return replace(self, skulls=min(SKULL_CAP, self.skulls + 1))

    def with_potion(self) -> Sheet:
        """Erase the two worst ticked skull boxes (fewer if fewer are ticked)."""
        return replace(self, skulls=max(0, self.skulls - 2))

    def with_torch(self, round_number: int) -> Sheet:
        """Tick the torch box of ``round_number``; a box already ticked stays as it is."""
        torches = list(self.torches)
        torches[round_number - 1] = True
        return replace(self, torches=tuple(torches))

    def with_completed(self, card: PyramidCard) -> Sheet:
        """Record ``card`` as completed."""
        return replace(self, completed=(*self.completed, card))

    def with_pyramid_points(self, points: int) -> Sheet:
        """Record a pyramid-point claim worth ``points``."""
        return replace(self, pyramid_points=(*self.pyramid_points, points))

    def score(self) -> ScoreBreakdown:
        """End-of-game score of this sheet."""
        return ScoreBreakdown(
            torches=TORCH_POINTS * sum(self.torches),
            pyramid_points=sum(self.pyramid_points),
            gems=gem_points(self.red, self.green),
            skulls=-skull_penalty(self.skulls),
            completed=COMPLETED_CARD_POINTS * len(self.completed),
        )


@dataclass(frozen=True)
class ScoreBreakdown:
    """Points per scoring category; ``skulls`` is zero or negative."""

    torches: int = 0
    pyramid_points: int = 0
    gems: int = 0
    skulls: int = 0
    completed: int = 0

    @property
    def total(self) -> int:
        """The sum of every category."""
        return self.torches + self.pyramid_points + self.gems + self.skulls + self.completed

    def to_dict(self) -> dict[str, int]:
        """``{"total": ..., "torches": ..., ...}`` for JSON output."""
        return {
            "total": self.total,
            "torches": self.torches,
            "pyramid_points": self.pyramid_points,
            "gems": self.gems,
            "skulls": self.skulls,
            "completed": self.completed,
        }


def score_counts(
    *, torches: int, pyramid_points: int, red: int, green: int, skulls: int, completed: int
) -> ScoreBreakdown:
    """Score from the counts on a paper score card (the ``silverpyr score`` calculator)."""
    return ScoreBreakdown(
        torches=TORCH_POINTS * torches,
        pyramid_points=pyramid_points,
        gems=gem_points(red, green),
        skulls=-skull_penalty(skulls),
        completed=COMPLETED_CARD_POINTS * completed,
    )


def points_gained(before: Sheet, after: Sheet) -> int:
    """Puzzle points earned from ``before`` to ``after``: the move's immediate score change.

    10 per card completed, the change in gem points and in skull penalty, 5 per torch box
    newly ticked (negative when a skull costs more than the rest earns).
    """
    return puzzle_score(before, after).total - puzzle_score(before, before).total


def puzzle_score(start: Sheet, end: Sheet) -> ScoreBreakdown:
    """Score of a puzzle (docs/silvergold-rules.md, Solo play and puzzles) played from
    ``start`` to ``end``.

    10 per card completed during the puzzle, the gems held at the end, 5 per round whose
    torch box was ticked during the puzzle, minus the penalty of the skulls held at the end.
    """
    new_torches = sum(
        1 for before, after in zip(start.torches, end.torches, strict=True) if after and not before
    )
    return ScoreBreakdown(
        torches=TORCH_POINTS * new_torches,
        gems=gem_points(end.red, end.green),
        skulls=-skull_penalty(end.skulls),
        completed=COMPLETED_CARD_POINTS * (len(end.completed) - len(start.completed)),
    )
