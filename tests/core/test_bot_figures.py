"""The core's per-bot figures (both games' arena reports start from them)."""

from __future__ import annotations

import statistics

from hypothesis import given
from hypothesis import strategies as st

from silverpyr.puzzles.core.tournament import BotFigures, bot_figures, bots_in_order, wilson


@given(st.lists(st.integers(-50, 300), min_size=1, max_size=40), st.data())
def test_figures(totals: list[int], data: st.DataObject) -> None:
    wins = data.draw(st.integers(0, len(totals)))
    bot = BotFigures(**bot_figures("b", totals, float(wins)))
    assert bot.seats_played == len(totals)
    assert bot.win_rate == wins / len(totals)
    assert bot.win_interval == wilson(wins, len(totals))
    assert bot.median == statistics.median(totals)
    assert abs(bot.mean - statistics.fmean(totals)) < 1e-9
    assert list(bot.figures_dict()) == [
        "bot", "seats", "wins", "win_rate", "win_rate_95", "mean", "median", "stderr"
    ]  # fmt: skip


def test_bots_in_order_of_first_seat() -> None:
    seatings = [("b", "a"), ("a", "c", "b"), ("d",)]
    assert bots_in_order(seatings) == ["b", "a", "c", "d"]


@given(st.integers(1, 10_000), st.data())
def test_wilson_holds_its_share(trials: int, data: st.DataObject) -> None:
    wins = data.draw(st.integers(0, trials))
    low, high = wilson(wins, trials)
    assert 0.0 <= low <= wins / trials <= high <= 1.0
    if wins == trials:
        assert high == 1.0
    if wins == 0:
        assert low == 0.0
