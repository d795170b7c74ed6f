"""Every game's ``game`` hands its kept game to the full screen when the terminal can draw
it (the core's ``play_kept_game``): the Sun's and Cheops's after their title line,
*Silver & Gold*'s before any line (its full screen shows the title and notes itself)."""

from __future__ import annotations

import importlib
from typing import Any

import pytest
from typer.testing import CliRunner

from silverpyr.cli.core.app import app


@pytest.mark.parametrize(
    ("words", "launch", "terminal", "runner", "title"),
    [
        ((), "silverpyr.cli.silvergold.tui.launch", "", "run_game", None),
        (
            ("sun",),
            "silverpyr.cli.sun.tui.launch",
            "",
            "run_kept_game",
            "Pyramid of the Sun, seed 3 (standard pyramid): replay it with --seed 3",
        ),
        (
            ("cheops",),
            "silverpyr.cli.cheops.tui.launch",
            "silverpyr.cli.core.tui.terminal",
            "run_game",
            "Cheops, seed 3: replay it with --seed 3",
        ),
    ],
)
def test_game_hands_the_kept_game_to_the_full_screen(
    monkeypatch: pytest.MonkeyPatch,
    words: tuple[str, ...],
    launch: str,
    terminal: str,
    runner: str,
    title: str | None,
) -> None:
    seeds: list[int] = []

    def run(*args: Any) -> list[str]:
        seeds.append(args[-1].seed)  # the kept game comes last (Silver & Gold's after its deck)
        return []

    module = importlib.import_module(launch)
    monkeypatch.setattr(importlib.import_module(terminal or launch), "interactive", lambda: True)
    monkeypatch.setattr(module, runner, run)
    result = CliRunner().invoke(app, [*words, "game", "--seed", "3", "--no-record"])
    assert result.exit_code == 0, result.output
    assert seeds == [3]
    lines = result.stdout.splitlines()
    if title is None:
        assert lines == []
    else:
        assert lines[0] == title
