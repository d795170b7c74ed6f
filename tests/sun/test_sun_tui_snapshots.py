"""SVG snapshots of the full-screen Sun game at 80x24: the board with a card chosen, a pending
card under ``NO_COLOR``, and the end screen.

Rendering is deterministic: fixed seeds, greedy bots (they use nothing random), no clock on
screen (the wait counter shows from 2 s, and each snapshot is taken once the bots are done).
Update them after a deliberate change with ``pytest tests/sun/test_sun_tui_snapshots.py
--snapshot-update`` and look at the SVG files before committing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sun.engine_table import EngineTable
from textual.pilot import Pilot
from tui_pilot import settle

from silverpyr.cli.sun.tui.app import SunApp, SunSetting
from silverpyr.cli.sun.tui.game_screen import SunGameScreen
from silverpyr.cli.sun.tui.table import HUMAN
from silverpyr.solver.sun import Deck, load_deck
from silverpyr.solver.sun.bots import GreedyPlayer

Compare = Callable[..., bool]


@pytest.fixture(scope="module")
def deck() -> Deck:
    return load_deck()


def _app(table: EngineTable) -> SunApp:
    return SunApp(SunSetting(), lambda s: SunGameScreen(s, table))


def test_board_with_a_card_chosen(snap_compare: Compare, deck: Deck) -> None:
    """The pyramid after the bots' first cards, the second card chosen: the cursor shows what
    it would score, the status says so, the footer has every key."""
    app = _app(EngineTable(deck, 5, "long", ["greedy", "greedy"]))

    async def choose(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("2", "right")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=choose)


def test_pending_card_without_colour(
    snap_compare: Compare, deck: Deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card placed and pending (in braces) and the next one chosen, under NO_COLOR."""
    monkeypatch.setenv("NO_COLOR", "1")  # Textual reads it when the app is made
    app = _app(EngineTable(deck, 5, "standard", ["greedy", "greedy"]))

    async def place(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("1", "enter", "2")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=place)


def test_end_screen(snap_compare: Compare, deck: Deck) -> None:
    """A game played to its end by the greedy bot in your seat: the scores, cards in hand,
    the winner and how the tie-break went."""
    table = EngineTable(deck, 11, "short", ["greedy", "greedy"])
    me = GreedyPlayer()
    table.settle()
    while not table.state.over:
        table.play(me.decide(table.state, HUMAN))
        table.settle()
    app = _app(table)

    async def wait(pilot: Pilot[None]) -> None:
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=wait)
