"""What the full-screen games' tests share (every game): running an app headless with a
Pilot, waiting for its workers, playing your seat to the end by keys, reading the screen back
as lines of text, walking a cursor by arrows, the number key of a question's option, and the
check that advice with reasons looks the same in every table game
(:func:`check_reasoned_advice`)."""

from __future__ import annotations

import asyncio
import html
import io
import re
from collections.abc import Awaitable, Callable
from typing import Any, TypeVar

import pytest
from textual.app import App
from textual.pilot import Pilot

from silverpyr.cli.core.tui.game_screen import REASONS_SAY, advice_reading
from silverpyr.cli.core.tui.modals import Choose, Reading
from silverpyr.cli.core.tui.table import HUMAN
from silverpyr.puzzles.core.grading import reason_lines

DIRECTIONS = {"up": (1, 0), "down": (-1, 0), "left": (0, -1), "right": (0, 1)}
"""The arrow keys and the (rows, columns) each asks of the screen's cursor."""

SpotT = TypeVar("SpotT")
AppT = TypeVar("AppT", bound=App[Any])
ScreenT = TypeVar("ScreenT")


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


def drive(app: AppT, steps: Callable[[Pilot[None], AppT], Awaitable[None]]) -> AppT:
    """Run ``app`` as :func:`run` does, its ``steps`` handed the pilot and the app; the app
    back, to look at after."""

    async def go(pilot: Pilot[None]) -> None:
        await steps(pilot, app)

    run(app, go)
    return app


def table_app(
    app: Callable[[Any, Callable[[Any], Any]], AppT],
    setting: Callable[[], Any],
    screen: Callable[[Any, Any], Any],
) -> Callable[[Any], AppT]:
    """``make_app(table)``: a table game's full-screen ``app`` (a fresh ``setting()``) whose
    game ``screen`` plays ``table``."""

    def make_app(table: Any) -> AppT:
        return app(setting(), lambda s: screen(s, table))

    return make_app


def app_fixture(make_app: Callable[[Any], AppT]) -> Any:
    """The ``app`` fixture of a table game's full-screen tests: ``make_app`` on the file's
    ``table`` fixture."""

    @pytest.fixture
    def app(table: Any) -> AppT:
        """The full screen on :func:`table`."""
        return make_app(table)

    return app


def screen_of(app: App[Any], kind: type[ScreenT]) -> ScreenT:
    """The app's screen on top, which must be a ``kind``."""
    screen = app.screen
    assert isinstance(screen, kind)
    return screen


async def press(pilot: Pilot[None], *keys: str) -> None:
    """Press ``keys``, then let the screen catch up (one pause)."""
    await pilot.press(*keys)
    await pilot.pause()


async def until(pilot: Pilot[None], condition: Callable[[], object], pauses: int = 50) -> None:
    """Pause until ``condition()`` holds, at most ``pauses`` times (no clock): on a loaded
    machine a dismissed dialog's callback can come a pause or two after the key."""
    for _ in range(pauses):
        if condition():
            return
        await pilot.pause()


async def settle(pilot: Pilot[None]) -> None:
    """Wait for the bots' and the advice's threads and their results to be shown."""
    for _ in range(3):  # a result may start the next worker
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


def game_snapshot(snap_compare: Callable[..., bool], app: App[Any], *keys: str) -> bool:
    """A table game's SVG snapshot at 80x24 once the bots are done, ``keys`` pressed and the
    screen settled again (the snapshot is named after the test that asks). Rendering is
    deterministic: fixed seeds, greedy bots (they use nothing random), no clock on screen (the
    wait counter shows from 2 s). Update them after a deliberate change with ``pytest
    --snapshot-update`` and look at the SVG files before committing."""

    async def steps(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press(*keys)
        await settle(pilot)

    return snap_compare(app, terminal_size=(80, 24), run_before=steps)


def play_to_end(table: Any, me: Any, seat: int) -> None:
    """Play ``table``'s game to its end: ``me`` (a bot) decides in ``seat``, the table's bots
    in theirs."""
    table.settle()
    while not table.state.over:
        table.play(me.decide(table.state, seat))
        table.settle()


async def play_by_keys(
    pilot: Pilot[None],
    table: Any,
    decide: Callable[[Any, int], Any],
    by_keys: Callable[[Any], Awaitable[None]],
    played: Callable[[Any, Any, Any], bool],
    most: int,
) -> set[type]:
    """Play your seat's decisions to the game's end by keys: ``decide`` (a bot's, for
    :data:`HUMAN`) chooses, ``by_keys`` presses the keys of the move, and each move must be
    ``played(before, after, move)`` (the states around it); at most ``most`` decisions. The
    kinds of move played back, the end's screen settled."""
    seen: set[type] = set()
    for _ in range(most):
        if table.state.over:
            break
        assert table.waiting is not None  # the bots are done: your decision is due
        move = decide(table.state, HUMAN)
        seen.add(type(move))
        before = table.state
        await by_keys(move)
        assert played(before, table.state, move), f"{move} was not played by keys"
    assert table.state.over
    await settle(pilot)
    return seen


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


LONG_REASON = (
    "yours: a long reason that the dialog must wrap, its next line indented deeper than "
    "its first so that each reason stands apart (-6.0)"
)
"""A reason longer than the reading dialog's width at 80 columns."""


def reasoned_lines(head: str, options: list[tuple[str, tuple[str, ...]]]) -> list[str]:
    """Advice lines as a game's ``Advice.lines`` gives them: ``head``, then each option's
    line (indented 2) with its reasons under it in the core's format."""
    lines = [head]
    for option, reasons in options:
        lines.append(f"  {option}")
        lines.extend(reason_lines(reasons))
    return lines


READING_WIDTH = 76
"""The reading dialog's inside at 80 columns: its border and padding take 4."""


def reading_rows(lines: list[str], width: int = READING_WIDTH) -> list[str]:
    """The advice ``lines`` as the reading dialog draws them ``width`` columns wide (all of
    it, also what is scrolled to), as plain rows."""
    from rich.console import Console

    console = Console(width=width, no_color=True, record=True, file=io.StringIO())
    console.print(advice_reading(lines))
    return [row.rstrip() for row in console.export_text().splitlines()]


def check_reading_keeps_reasons(
    lines: list[str], options: list[tuple[str, tuple[str, ...]]]
) -> None:
    """Advice ``lines`` read in the dialog: within its width, each option (``(label,
    reasons)``) with its reasons under it, each starting a row 2 deeper than the option's and
    going on 2 deeper still, whole (nothing cut)."""
    rows = reading_rows(lines)
    assert all(len(row) <= READING_WIDTH for row in rows)
    for label, reasons in options:
        at = next(i for i, row in enumerate(rows) if row.startswith(f"  {label}: "))
        row = at + 1
        for reason in reasons:
            assert _starts_at(rows[row], 4), rows[row]
            told = [rows[row].strip()]
            row += 1
            while row < len(rows) and _starts_at(rows[row], 6):
                told.append(rows[row].strip())
                row += 1
            assert " ".join(told) == reason, "a reason cut or misplaced"


def dialog_rows(lines: list[str]) -> list[str]:
    """The screen's rows inside a bordered dialog as wide as the screen (its border's
    columns cut off; other rows as they are)."""
    rows = []
    for line in lines:
        line = line.rstrip()
        if len(line) > 1 and line[0] == line[-1] and not line[0].isalnum() and line[0] != " ":
            line = line[1:-1]
        rows.append(line)
    return rows


def _starts_at(row: str, column: int) -> bool:
    return len(row) > column and not row[:column].strip() and row[column] != " "


async def check_reasoned_advice(
    pilot: Pilot[None], game: type[Any], options: list[tuple[str, tuple[str, ...]]]
) -> None:
    """``h`` on a table whose advice has these ``options`` (:func:`reasoned_lines`) opens
    the core's reading dialog: whose the reasons are, every option, each reason starting on
    its own row 2 deeper than its option and its wrapped rows 2 deeper still, whole (nothing
    cut); Enter closes it, and Escape (after ``h`` again); the messages keep the ranking
    without the reasons."""
    app = pilot.app
    for close in ("enter", "escape"):
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, Reading), "advice with reasons opens the reading dialog"
        rows = dialog_rows(screen_lines(app))
        assert REASONS_SAY in " ".join(row.strip() for row in rows)
        for option, reasons in options:
            at = next(i for i, row in enumerate(rows) if option in row)
            column = rows[at].index(option)
            row = at + 1
            for reason in reasons:
                assert _starts_at(rows[row], column + 2), rows[row]
                told = [rows[row].strip()]
                row += 1
                while _starts_at(rows[row], column + 4):
                    told.append(rows[row].strip())  # the reason's wrapped rows
                    row += 1
                assert " ".join(told) == reason, "a reason cut or misplaced"
        await press(pilot, close)
        assert isinstance(app.screen, game), f"{close} closes the dialog"
        messages = "\n".join(screen_lines(app))
        assert "Advice: " in messages
        for option, reasons in options:
            assert option in messages, "the ranking stays in the messages"
            for reason in reasons:
                assert " ".join(reason.split()[:3]) not in messages, "a reason in the messages"
