"""The core's arena tables (both games' ``arena`` commands draw through them)."""

from __future__ import annotations

from dataclasses import dataclass, field

from rich.console import Console

from silverpyr.cli.core.arena_view import BOT_COLUMNS, bots_table, categories_table, where
from silverpyr.puzzles.core.tournament import Column


@dataclass(frozen=True)
class _Bot:
    name: str = "greedy"
    win_rate: float = 0.5
    win_interval: tuple[float, float] = (0.215, 0.785)
    mean: float = 144.64
    stderr: float = 6.1
    median: float = 145.5
    categories: dict[str, float] = field(default_factory=lambda: {"a": 1.25, "b": -0.75})
    columns: dict[str, object] = field(
        default_factory=lambda: {"cards": 8.0, "more": None, "json": 1}
    )


def _text(table: object) -> str:
    console = Console(width=120, record=True, color_system=None)
    console.print(table)
    return console.export_text()


def _row(text: str, name: str) -> list[str]:
    line = next(line for line in text.splitlines() if f"| {name} " in line)
    return [cell.strip() for cell in line.strip().strip("|").split("|")]


def test_bots_table_plain() -> None:
    columns = (
        Column.mean("cards", "Cards"),
        Column("more", list, "More", lambda _: "x"),
        Column("json", list),  # no heading: in the JSON only
    )
    text = _text(bots_table("T", [_Bot()], columns, plain=True))
    for heading in (*BOT_COLUMNS, "Cards", "More"):
        assert heading in text
    assert _row(text, "greedy") == [
        "greedy",
        "50.0%",
        "21.5%-78.5%",
        "144.6 +/- 6.1",
        "145.5",
        "8.00",
        "x",
    ]


def test_categories_in_the_games_order() -> None:
    text = _text(categories_table([_Bot()], (("B", "b"), ("A", "a")), plain=True))
    assert _row(text, "greedy") == ["greedy", "-0.8", "1.2"]
    assert _row(text, "Bot") == ["Bot", "B", "A"]


def test_where() -> None:
    assert where(0) == "this process"
    assert where(3) == "3 Dask worker(s)"
