"""``silverpyr score``: the end-of-game calculator for a paper score card."""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ...solver.core.errors import SilverpyrError
from ...solver.silvergold.sheet import (
    GEM_CAP,
    MAX_PYRAMID_POINTS,
    PYRAMID_CARDS,
    PYRAMID_POINT_BOXES,
    ROUNDS,
    SKULL_CAP,
    claimable_pyramid_points,
    score_counts,
)
from ..core.options import JsonOption, PlainOption
from ..core.output import emit

if TYPE_CHECKING:
    from rich.console import Console

    from ...solver.silvergold.sheet import ScoreBreakdown


class ScoreInputError(SilverpyrError, ValueError):
    """A count that no score card can show."""


@dataclass(frozen=True)
class _Count:
    option: str
    label: str
    maximum: int
    check: Callable[[int], str | None] | None = None

    def problem(self, value: int) -> str | None:
        if not 0 <= value <= self.maximum:
            return f"{self.option} {value} is out of range 0-{self.maximum}"
        return self.check(value) if self.check else None


def _pyramid_check(value: int) -> str | None:
    if value in claimable_pyramid_points():
        return None
    boxes = ", ".join(str(box) for box in PYRAMID_POINT_BOXES)
    return f"--pyramid-points {value} is not a sum of pyramid-point boxes ({boxes} per colour)"


_COUNTS = {
    "torches": _Count("--torches", "Torch boxes ticked", ROUNDS),
    "pyramid_points": _Count(
        "--pyramid-points", "Pyramid points", MAX_PYRAMID_POINTS, _pyramid_check
    ),
    "red": _Count("--red", "Red gems", GEM_CAP),
    "green": _Count("--green", "Green gems", GEM_CAP),
    "skulls": _Count("--skulls", "Skull boxes ticked", SKULL_CAP),
    "completed": _Count("--completed", "Completed cards", PYRAMID_CARDS),
}


def _stdin_is_tty() -> bool:
    return sys.stdin.isatty()


def _checked(name: str, value: int) -> int:
    problem = _COUNTS[name].problem(value)
    if problem:
        raise ScoreInputError(problem)
    return value


def _ask(name: str) -> int:
    """Ask for a missing count on the terminal until the answer is possible."""
    count = _COUNTS[name]
    while True:
        answer: int = typer.prompt(f"{count.label} (0-{count.maximum})", type=int, err=True)
        problem = count.problem(answer)
        if problem is None:
            return answer
        typer.echo(problem, err=True)


def _resolve(given: dict[str, int | None]) -> dict[str, int]:
    """Every count checked; missing ones asked for on a terminal, else an error."""
    counts = {name: _checked(name, value) for name, value in given.items() if value is not None}
    missing = [name for name, value in given.items() if value is None]
    if missing and not _stdin_is_tty():
        options = ", ".join(_COUNTS[name].option for name in missing)
        raise ScoreInputError(f"missing {options} (stdin is not a terminal to ask on)")
    counts.update((name, _ask(name)) for name in missing)
    return {name: counts[name] for name in given}


def _count_option(name: str, help_text: str) -> Any:
    """An option counting what is ticked or claimed on the paper card (asked for when missing)."""
    return typer.Option(name, help=help_text, show_default=False, metavar="N")


def score(
    torches: Annotated[int | None, _count_option("--torches", "Torch boxes ticked (0-4).")] = None,
    pyramid_points: Annotated[
        int | None,
        _count_option("--pyramid-points", "Pyramid points claimed (sum of 10/6/3 boxes)."),
    ] = None,
    red: Annotated[int | None, _count_option("--red", "Red gem boxes ticked (0-10).")] = None,
    green: Annotated[int | None, _count_option("--green", "Green gem boxes ticked (0-10).")] = None,
    skulls: Annotated[int | None, _count_option("--skulls", "Skull boxes ticked (0-10).")] = None,
    completed: Annotated[
        int | None, _count_option("--completed", "Completed pyramid cards.")
    ] = None,
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """Score a paper score card at the end of a game (missing counts are asked for)."""
    given = {
        "torches": torches,
        "pyramid_points": pyramid_points,
        "red": red,
        "green": green,
        "skulls": skulls,
        "completed": completed,
    }
    counts = _resolve(given)
    breakdown = score_counts(**counts)
    emit(
        breakdown.to_dict(),
        lambda console: _render(console, counts, breakdown, plain=plain),
        as_json=as_json,
        plain=plain,
    )


def _render(
    console: Console, counts: dict[str, int], breakdown: ScoreBreakdown, *, plain: bool
) -> None:
    from rich import box
    from rich.table import Table

    table = Table(title="Score", box=box.ASCII if plain else box.SIMPLE_HEAD, show_footer=True)
    table.add_column("Category", footer="Total")
    table.add_column("On the card", justify="right")
    table.add_column("Points", justify="right", footer=str(breakdown.total))
    rows = (
        ("Torches", f"{counts['torches']} boxes", breakdown.torches),
        ("Pyramid points", str(counts["pyramid_points"]), breakdown.pyramid_points),
        ("Gems", f"{counts['red']} red, {counts['green']} green", breakdown.gems),
        ("Skulls", f"{counts['skulls']} ticked", breakdown.skulls),
        ("Completed cards", str(counts["completed"]), breakdown.completed),
    )
    for category, shown, points in rows:
        table.add_row(category, shown, str(points))
    console.print(table)


__all__ = ["ScoreInputError", "score"]
