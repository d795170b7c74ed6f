"""SVG snapshots of the full-screen Cheops game at 80x24: the board with a tile chosen, a
pending take and its sell-or-store question under ``NO_COLOR``, and the end screen.

Rendering is deterministic: fixed seeds, greedy bots (they use nothing random), no clock on
screen (the wait counter shows from 2 s, and each snapshot is taken once the bots are done).
Update them after a deliberate change with ``pytest tests/cheops/test_cheops_tui_snapshots.py
--snapshot-update`` and look at the SVG files before committing.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cheops.tui_table import EngineTable
from textual.pilot import Pilot
from tui_pilot import settle

from silverpyr.cli.cheops.tui.app import CheopsApp, CheopsSetting
from silverpyr.cli.cheops.tui.game_screen import CheopsGameScreen
from silverpyr.cli.cheops.tui.table import HUMAN
from silverpyr.solver.cheops import Components, load_components
from silverpyr.solver.cheops.bots import GreedyPlayer

Compare = Callable[..., bool]


@pytest.fixture(scope="module")
def components() -> Components:
    return load_components()


def _app(table: EngineTable) -> CheopsApp:
    return CheopsApp(CheopsSetting(), lambda s: CheopsGameScreen(s, table))


def test_board_with_a_tile_chosen(snap_compare: Compare, components: Components) -> None:
    """After the bots' first turns, the second tile chosen and the cursor moved right: the
    takeable spaces in brackets, the cursor, the status says what Enter takes."""
    app = _app(EngineTable(components, 5, ["greedy", "greedy"]))

    async def choose(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("2", "right")
        await pilot.pause()

    assert snap_compare(app, terminal_size=(80, 24), run_before=choose)


def test_pending_take_and_its_question_without_colour(
    snap_compare: Compare, components: Components, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A take made (pending) and the sell-or-store question over it, under NO_COLOR."""
    monkeypatch.setenv("NO_COLOR", "1")  # Textual reads it when the app is made
    app = _app(EngineTable(components, 5, ["greedy", "greedy"]))

    async def take(pilot: Pilot[None]) -> None:
        await settle(pilot)
        await pilot.press("enter")
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=take)


def test_end_screen(snap_compare: Compare, components: Components) -> None:
    """A game played to its end by the greedy bot in your seat: why it ended, the money,
    what the stores paid, the final money and the winner."""
    table = EngineTable(components, 3, ["greedy", "greedy"])
    me = GreedyPlayer()
    table.settle()
    while not table.state.over:
        table.play(me.decide(table.state, HUMAN))
        table.settle()
    app = _app(table)

    async def wait(pilot: Pilot[None]) -> None:
        await settle(pilot)

    assert snap_compare(app, terminal_size=(80, 24), run_before=wait)
