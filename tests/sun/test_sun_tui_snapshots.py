"""SVG snapshots of the full-screen Sun game at 80x24: the board with a card chosen, a pending
card under ``NO_COLOR``, and the end screen.

The snapshots and why they are stable: :func:`tui_pilot.game_snapshot`.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from sun.engine_table import EngineTable
from tui_pilot import game_snapshot, play_to_end

from silverpyr.cli.sun.tui.app import SunApp, SunSetting
from silverpyr.cli.sun.tui.game_screen import SunGameScreen
from silverpyr.cli.sun.tui.table import HUMAN
from silverpyr.solver.sun import Deck
from silverpyr.solver.sun.bots import GreedyPlayer

Compare = Callable[..., bool]


def _app(table: EngineTable) -> SunApp:
    return SunApp(SunSetting(), lambda s: SunGameScreen(s, table))


def test_board_with_a_card_chosen(snap_compare: Compare, deck: Deck) -> None:
    """The pyramid after the bots' first cards, the second card chosen: the cursor shows what
    it would score, the status says so, the footer has every key."""
    app = _app(EngineTable(deck, 5, "long", ["greedy", "greedy"]))
    assert game_snapshot(snap_compare, app, "2", "right")


def test_pending_card_without_colour(
    snap_compare: Compare, deck: Deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A card placed and pending (in braces) and the next one chosen, under NO_COLOR."""
    monkeypatch.setenv("NO_COLOR", "1")  # Textual reads it when the app is made
    app = _app(EngineTable(deck, 5, "standard", ["greedy", "greedy"]))
    assert game_snapshot(snap_compare, app, "1", "enter", "2")


def test_end_screen(snap_compare: Compare, deck: Deck) -> None:
    """A game played to its end by the greedy bot in your seat: the scores, cards in hand,
    the winner and how the tie-break went."""
    table = EngineTable(deck, 11, "short", ["greedy", "greedy"])
    play_to_end(table, GreedyPlayer(), HUMAN)
    assert game_snapshot(snap_compare, _app(table))
