"""``silverpyr play``: one home for every game (``cli/core/home.py``, ``cli/core/tui/home.py``).

Every entry of the registry's home is a real command with real flags; the home shows what
only prints, closes for what opens a screen of its own and comes back after it; the keys
move between the games."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.pilot import Pilot
from textual.widgets import OptionList

from silverpyr.cli.core import home as home_module
from silverpyr.cli.core.commands import HOME, HomeEntry, HomeGame
from silverpyr.cli.core.home import argv_of, play_home, run_command
from silverpyr.cli.core.tui.home import HomeApp, HomeScreen, HomeSetting
from silverpyr.cli.core.tui.modals import Reading
from tests.tui_pilot import run, screen_lines

ONE = (HomeEntry("Play", ("one", "play")), HomeEntry("See", ("one", "see"), shows=True))
GAMES = (HomeGame("One", "one", ONE), HomeGame("Two", "two", (HomeEntry("Play", ("two", "play")),)))


@pytest.mark.parametrize(
    "entry", [e for game in HOME for e in game.entries], ids=lambda e: " ".join(e.argv)
)
def test_every_entry_is_a_command_that_takes_its_flags(entry: HomeEntry, home: Path) -> None:
    printed = run_command([*argv_of(entry, no_record=True), "--help"], shown=True)
    assert "Usage: silverpyr" in printed and "error" not in printed.lower().split("usage")[0]


def test_every_game_is_in_the_home_with_the_same_entries() -> None:
    assert [game.name for game in HOME] == ["silvergold", "sun", "cheops"]
    labels = {tuple(entry.label for entry in game.entries) for game in HOME}
    assert len(labels) == 1  # one vocabulary: the same entries in every game


def test_a_shown_entry_fits_the_home_s_dialog(home: Path) -> None:
    printed = run_command(["sun", "rules"], shown=True)
    assert "1a" in printed  # the labelled pyramid
    assert max(len(line) for line in printed.splitlines()) <= home_module.SHOWN_WIDTH


def test_a_bad_command_is_its_one_error_line_not_an_exit(home: Path) -> None:
    printed = run_command(["sun", "daily", "--date", "tomorrow"], shown=True)
    assert printed.startswith("error:") and len(printed.strip().splitlines()) == 1


def _setting(shown: list[HomeEntry]) -> HomeSetting:
    def run_(entry: HomeEntry) -> str:
        shown.append(entry)
        return f"what {entry.label} printed"

    return HomeSetting(GAMES, "2026-11-29", run_)


def test_the_home_shows_what_prints_and_closes_for_what_opens_a_screen() -> None:
    shown: list[HomeEntry] = []
    setting = _setting(shown)
    app = HomeApp(setting, HomeScreen)

    async def steps(pilot: Pilot[None]) -> None:
        text = "\n".join(screen_lines(app))
        assert "One" in text and "Two" in text and "2026-11-29" in text
        await pilot.press("down", "enter")  # See: shown in a dialog
        await pilot.pause()
        assert isinstance(app.screen, Reading) and shown == [GAMES[0].entries[1]]
        assert "what See printed" in "\n".join(screen_lines(app))
        await pilot.press("escape")
        await pilot.pause()
        await pilot.press("right")  # the next game
        focused = app.screen.focused
        assert isinstance(focused, OptionList) and focused.id == "home-game-1"
        await pilot.press("enter")

    run(app, steps)
    assert setting.chosen == GAMES[1].entries[0] and setting.last == (1, 0)


def test_q_quits_the_home() -> None:
    setting = _setting([])
    app = HomeApp(setting, HomeScreen)

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("q")

    run(app, steps)
    assert setting.chosen is None


def test_the_loop_runs_each_pick_and_comes_back_with_what_it_said(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import silverpyr.cli.core.tui.home as tui_home

    picks = iter([GAMES[0].entries[0], GAMES[1].entries[0], None])
    notes: list[str] = []

    def fake_home(setting: HomeSetting) -> HomeEntry | None:
        notes.append(setting.note)
        return next(picks)

    ran: list[list[str]] = []

    def fake_run(argv: list[str], *, shown: bool) -> str:
        ran.append(argv)
        return f"\n{' '.join(argv)} is over\n\n"

    monkeypatch.setattr(tui_home, "run_home", fake_home)
    monkeypatch.setattr(home_module, "run_command", fake_run)
    play_home(GAMES, no_record=True)
    assert ran == [["one", "play", "--no-record"], ["two", "play", "--no-record"]]
    assert notes == [
        "",
        "silverpyr one play: one play --no-record is over",
        "silverpyr two play: two play --no-record is over",
    ]


def test_play_today_goes_with_silvergold_only(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from silverpyr.cli.silvergold.tui import launch

    monkeypatch.setattr(launch, "why_not_full_screen", lambda: None)
    printed = run_command(["play", "sun", "--today", "2026-11-29"], shown=True)
    assert printed.strip() == (
        "error: --today goes with play silvergold (Silver & Gold's own home)"
    )


@pytest.mark.parametrize("words", [["play"], ["sun", "play"], ["cheops", "play"]])
def test_play_without_a_screen_is_one_line_naming_the_command(words: list[str], home: Path) -> None:
    printed = run_command(words, shown=True)  # stdin and stdout are no terminal here
    assert printed.startswith(f"error: silverpyr {' '.join(words)} needs the full screen, but ")
    assert len(printed.strip().splitlines()) == 1
