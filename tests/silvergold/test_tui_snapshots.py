"""SVG snapshots of the full-screen game's main screens at 80x24 and 120x40.

Rendering is deterministic: a fixed date, no store (nothing recorded), no clock on screen.
Update them after a deliberate change with ``pytest tests/silvergold/test_tui_snapshots.py
--snapshot-update`` and look at the SVG files before committing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

import pytest
from textual.pilot import Pilot

from silverpyr.cli.silvergold.tui.app import SilverpyrApp
from silverpyr.cli.silvergold.tui.game_screen import GameScreen
from silverpyr.cli.silvergold.tui.home import HomeScreen, StatsScreen
from silverpyr.cli.silvergold.tui.puzzle_screen import PuzzleScreen
from silverpyr.cli.silvergold.tui.setting import Setting
from silverpyr.puzzles.silvergold.generate import puzzle_from_id
from silverpyr.puzzles.silvergold.puzzle import Puzzle
from silverpyr.solver.silvergold.cards import Deck

DAY = dt.date(2026, 11, 22)
SIZES = [(80, 24), (120, 40)]
Compare = Callable[..., bool]


@pytest.fixture(scope="module")
def daily(deck: Deck) -> Puzzle:
    return puzzle_from_id(deck, "daily-2026-11-22")


def _app(deck: Deck, first: Callable[[Setting], Any]) -> SilverpyrApp:
    return SilverpyrApp(Setting(deck, None, DAY, record=False), first)


@pytest.fixture
def app(deck: Deck, daily: Puzzle) -> SilverpyrApp:
    """The daily's puzzle screen, where most snapshots start."""
    return _app(deck, lambda s: PuzzleScreen(s, daily))


@pytest.mark.parametrize("size", SIZES)
def test_puzzle_board(snap_compare: Compare, app: SilverpyrApp, size: tuple[int, int]) -> None:
    assert snap_compare(app, terminal_size=size)


@pytest.mark.parametrize("size", SIZES)
def test_puzzle_illegal_ghost_and_hint_area(
    snap_compare: Compare, app: SilverpyrApp, size: tuple[int, int]
) -> None:
    async def hints(pilot: Pilot[None]) -> None:
        for key in ("h", "h", "left", "r"):
            await pilot.press(key)
            await pilot.app.workers.wait_for_complete()  # the hint comes from a worker
            await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=hints)


@pytest.mark.parametrize("size", SIZES)
def test_puzzle_end(snap_compare: Compare, app: SilverpyrApp, size: tuple[int, int]) -> None:
    async def play(pilot: Pilot[None]) -> None:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, PuzzleScreen)
        for text in ("C1 D1 E1", "A1 B1 A2", "A3 A4 B4", "D3 C4 D4 D5"):
            screen.play_text(text)
            await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        await pilot.app.workers.wait_for_complete()  # the end screen's optimal line
        await pilot.pause()

    assert snap_compare(app, terminal_size=size, run_before=play)


async def _settle(pilot: Pilot[None]) -> None:
    for _ in range(2):  # a worker's result may start the next one
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()


@pytest.mark.parametrize("size", SIZES)
def test_game_keep_and_turn(snap_compare: Compare, deck: Deck, size: tuple[int, int]) -> None:
    app = _app(deck, lambda s: GameScreen(s, players=2, seed=5))

    async def keep(pilot: Pilot[None]) -> None:
        await pilot.press("1", "2", "enter")  # the bots keep theirs in a worker
        await _settle(pilot)

    assert snap_compare(app, terminal_size=size, run_before=keep)


def test_game_pending_move(snap_compare: Compare, deck: Deck) -> None:
    """A move placed, not yet final: on the board as this turn's marks; the status and the
    footer say Enter ends the turn and u takes it back."""
    app = _app(deck, lambda s: GameScreen(s, players=2, seed=5))

    async def place(pilot: Pilot[None]) -> None:
        await pilot.press("1", "2", "enter")
        await _settle(pilot)
        await pilot.press("n", "enter")  # the first legal placement, pending
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=place)


@pytest.mark.parametrize("size", SIZES)
def test_home_and_stats(snap_compare: Compare, deck: Deck, size: tuple[int, int]) -> None:
    app = _app(deck, HomeScreen)
    assert snap_compare(app, terminal_size=size)
    stats = _app(deck, StatsScreen)
    assert snap_compare(stats, terminal_size=size)


def test_question_mark_then_r_opens_the_rules_page(snap_compare: Compare, deck: Deck) -> None:
    """The help of the home screen, then ``r``: the rules page with its labelled card."""
    app = _app(deck, HomeScreen)
    assert snap_compare(app, press=["question_mark", "r"], terminal_size=(80, 24))


@pytest.mark.parametrize("size", SIZES)
def test_puzzle_leave_dialog(
    snap_compare: Compare, app: SilverpyrApp, size: tuple[int, int]
) -> None:
    assert snap_compare(app, press=["q"], terminal_size=size)


def test_terminal_too_small(snap_compare: Compare, app: SilverpyrApp) -> None:
    assert snap_compare(app, terminal_size=(50, 15))


def test_no_color_board_with_an_illegal_ghost(
    snap_compare: Compare, deck: Deck, daily: Puzzle, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")  # Textual reads it when the app is made
    app = _app(deck, lambda s: PuzzleScreen(s, daily))
    assert snap_compare(app, press=["left"], terminal_size=(80, 24))


def test_pattern_fits_nowhere(snap_compare: Compare, deck: Deck) -> None:
    from silverpyr.puzzles.silvergold.ids import seed_id

    puzzle = puzzle_from_id(deck, seed_id(5))  # the O4 fits nowhere on turn 1
    app = _app(deck, lambda s: PuzzleScreen(s, puzzle))
    assert snap_compare(app, terminal_size=(80, 24))


def test_home_puzzle_prompt_says_empty_is_random(snap_compare: Compare, deck: Deck) -> None:
    from textual.widgets import Input

    async def ask(pilot: Pilot[None]) -> None:
        await pilot.press("s")
        await pilot.pause()
        # the prompt's cursor blinks: a steady one, so the snapshot does not depend on
        # when it is taken (under load it once caught the cursor off)
        for field in pilot.app.screen.query(Input):
            field.cursor_blink = False
        await pilot.pause()

    app = _app(deck, HomeScreen)
    assert snap_compare(app, run_before=ask, terminal_size=(80, 24))
