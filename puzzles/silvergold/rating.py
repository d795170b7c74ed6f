"""The difficulty rating of a puzzle (1-5) from features measured on it.

* **Greedy gap**: how far below par the naive greedy player of :mod:`.beginner` ends, as
  a share of par (a sprint it fails to complete counts as the whole par). A bigger gap
  means the obvious moves mislead more.
* **Optimal first placements**: how many different first placements start an optimal
  line (counted up to 3). One only is harder to find than several.
* **Route length**: cells still to mark from the marked area (or the entrance) to the
  tomb of the closest card, plus the number of turns: a longer plan is harder to see
  through.
* **Symbol density**: the share of open, unmarked cells that carry a symbol (gem, torch,
  skull, potion, red cross): more to weigh up.

Each feature adds points on a fixed scale; the sum maps to 1-5 through fixed thresholds,
tuned so the served puzzles spread over the whole range (see
``benchmarks/daily_distribution.py``).
"""

from __future__ import annotations

from dataclasses import dataclass

from .puzzle import MAX_DIFFICULTY, MIN_DIFFICULTY

FIRST_PLACEMENT_CAP = 3

_GAP_STEPS = (0.25, 0.4, 0.6)
"""Greedy-gap shares from which the gap adds 1, 2, 3 points."""
_PLAN_STEPS = (11, 13, 15)
"""Route cells plus turns from which the plan adds 1, 2, 3 points."""
_DENSITY_STEPS = (0.25, 0.35)
"""Symbol densities from which the density adds 1, 2 points."""
_SCORE_STEPS = (3, 5, 6, 7)
"""Total points from which the rating is 2, 3, 4, 5."""


@dataclass(frozen=True)
class Features:
    """What the rating is computed from."""

    greedy_gap: float
    """(par - greedy points) / par, at most 1.0 (also when the greedy player misses a sprint)."""
    optimal_first_placements: int
    """Distinct optimal first placements, 1 to :data:`FIRST_PLACEMENT_CAP`."""
    route_cells: int
    """Cells still to mark on the shortest route to the closest card's tomb."""
    turns: int
    symbol_density: float


def _steps(value: float, steps: tuple[float, ...]) -> int:
    return sum(1 for step in steps if value >= step)


def difficulty_points(features: Features) -> int:
    """The raw difficulty score before it is mapped to 1-5."""
    unique = FIRST_PLACEMENT_CAP - min(features.optimal_first_placements, FIRST_PLACEMENT_CAP)
    return (
        _steps(features.greedy_gap, _GAP_STEPS)
        + unique
        + _steps(features.route_cells + features.turns, _PLAN_STEPS)
        + _steps(features.symbol_density, _DENSITY_STEPS)
    )


def rate(features: Features) -> int:
    """Difficulty 1 (gentle) to 5 (hard)."""
    rating = MIN_DIFFICULTY + _steps(difficulty_points(features), _SCORE_STEPS)
    return min(MAX_DIFFICULTY, rating)
