"""What the full-screen games' tests share (every game): running an app headless with a
Pilot, waiting for its workers, reading the screen back as lines of text, walking a cursor by
arrows, and the number key of a question's option."""

from __future__ import annotations

import asyncio
import html
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

from textual.app import App
from textual.pilot import Pilot

from silverpyr.cli.tui.modals import Choose

DIRECTIONS = {"up": (1, 0), "down": (-1, 0), "left": (0, -1), "right": (0, 1)}
"""The arrow keys and the (rows, columns) each asks of the screen's cursor."""

SpotT = TypeVar("SpotT")


def run(
    app: App[Any],
    steps: Callable[[Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = (80, 24),
) -> None:
    """Run ``app`` headless at ``size``, wait for its first workers (:func:`settle`), then
    ``steps``."""

    async def main() -> None:
        async with app.run_test(size=size) as pilot:
            await settle(pilot)
            await steps(pilot)

    asyncio.run(main())


async def settle(pilot: Pilot[None]) -> None:
    """Wait for the bots' and the advice's threads and their results to be shown."""
    for _ in range(3):  # a result may start the next worker
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


def screen_lines(app: App[Any]) -> list[str]:
    """The screen as lines of text, read back from Textual's own screenshot (SVG)."""
    svg = app.export_screenshot()
    cell = re.search(r'<rect class="[^"]*" x="0" y="0" width="([\d.]+)"', svg)
    texts = re.findall(r'<text class="[^"]*" x="([\d.]+)" y="([\d.]+)"[^>]*>(.*?)</text>', svg)
    rows: dict[float, list[tuple[float, str]]] = {}
    for x, y, text in texts:
        rows.setdefault(float(y), []).append((float(x), html.unescape(text)))
    width = float(cell.group(1)) if cell else 12.2
    lines = []
    for y in sorted(rows):
        line = ""
        for x, text in sorted(rows[y]):
            line = line.ljust(round(x / width)) + text
        lines.append(line.replace("\xa0", " "))
    return lines


def arrows_between(
    start: SpotT, target: SpotT, step: Callable[[SpotT, int, int], SpotT]
) -> list[str]:
    """The arrow keys that walk the cursor from ``start`` to ``target`` (breadth first over
    ``step``, the screen's own move for ``rows``, ``columns``), or fail when it cannot get
    there."""
    paths: dict[SpotT, list[str]] = {start: []}
    frontier = [start]
    while frontier:
        nxt = []
        for spot in frontier:
            for key, (rows, columns) in DIRECTIONS.items():
                to = step(spot, rows, columns)
                if to not in paths:
                    paths[to] = [*paths[spot], key]
                    nxt.append(to)
        frontier = nxt
    assert target in paths, f"{target} cannot be reached from {start}"
    return paths[target]


def option_number(question: Choose, value: str) -> int:
    """The place (from 1) of the option ``value`` in a question; fails when it is not
    offered."""
    values = [option for option, _ in question.options]
    assert value in values, f"{value} is not offered: {question.options}"
    return values.index(value) + 1


def key_of(question: Choose, value: str) -> str:
    """The key shown before the option ``value`` (its place from 1, unless the question gives
    keys of its own, as Cheops's stacks do); fails when it is not offered."""
    return question.keys[option_number(question, value) - 1]
