"""SVG snapshots of the full-screen Cheops game at 80x24: the board with a tile chosen, a
pending take and its sell-or-store question under ``NO_COLOR``, and the end screen.

The snapshots and why they are stable: :func:`tui_pilot.game_snapshot`.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from cheops.tui_table import EngineTable
from tui_pilot import game_snapshot, play_to_end

from silverpyr.cli.cheops.tui.app import CheopsApp, CheopsSetting
from silverpyr.cli.cheops.tui.game_screen import CheopsGameScreen
from silverpyr.cli.cheops.tui.table import HUMAN
from silverpyr.solver.cheops import Components
from silverpyr.solver.cheops.bots import GreedyPlayer

Compare = Callable[..., bool]


def _app(table: EngineTable) -> CheopsApp:
    return CheopsApp(CheopsSetting(), lambda s: CheopsGameScreen(s, table))


def test_board_with_a_tile_chosen(snap_compare: Compare, components: Components) -> None:
    """After the bots' first turns, the second tile chosen and the cursor moved right: the
    takeable spaces in brackets, the cursor, the status says what Enter takes."""
    app = _app(EngineTable(components, 5, ["greedy", "greedy"]))
    assert game_snapshot(snap_compare, app, "2", "right")


def test_pending_take_and_its_question_without_colour(
    snap_compare: Compare, components: Components, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A take made (pending) and the sell-or-store question over it, under NO_COLOR."""
    monkeypatch.setenv("NO_COLOR", "1")  # Textual reads it when the app is made
    app = _app(EngineTable(components, 5, ["greedy", "greedy"]))
    assert game_snapshot(snap_compare, app, "enter")


def test_end_screen(snap_compare: Compare, components: Components) -> None:
    """A game played to its end by the greedy bot in your seat: why it ended, the money,
    what the stores paid, the final money and the winner."""
    table = EngineTable(components, 3, ["greedy", "greedy"])
    play_to_end(table, GreedyPlayer(), HUMAN)
    assert game_snapshot(snap_compare, _app(table))
