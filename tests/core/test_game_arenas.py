"""What every game with an arena (the Sun's, Cheops's) is checked for alike: results that do
not depend on the number of workers, and the command (``cli/<game>/arena_cmd.py``) in a
small app with the project's error mapping: the report as JSON and as a table, a bad line-up
in one line on stderr, a bad option a usage error. The games' own arena tests
(``tests/<game>/test_<game>_arena.py``) check the rest."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from typing import Any

import arena_checks as checks
import pytest
import typer

from silverpyr.cli.cheops.arena_cmd import arena as cheops_arena
from silverpyr.cli.sun.arena_cmd import arena as sun_arena
from silverpyr.puzzles.cheops.arena import run_arena as run_cheops_arena
from silverpyr.puzzles.sun.arena import run_arena as run_sun_arena
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.sun.cards import load_deck

ARENAS: dict[str, Callable[..., None]] = {"sun": sun_arena, "cheops": cheops_arena}
"""Each game's arena command."""
QUICK = {"sun": "planner", "cheops": "expert"}
"""A strong bot that decides in milliseconds, for tests of the command, not of the bot (the
Sun's expert searches for ~0.25 s a decision)."""

RUNS: dict[str, Callable[..., Any]] = {
    "sun": partial(run_sun_arena, load_deck()),
    "cheops": partial(run_cheops_arena, load_components()),
}
"""Each game's ``run_arena`` on its bundled components."""

OWN_LINE_UP_ERRORS: dict[str, list[tuple[list[str], str]]] = {
    "sun": [(["--size", "huge"], "unknown pyramid size 'huge'")],
    "cheops": [],
}
"""Bad options only a game's arena has (the Sun's pyramid sizes)."""


@pytest.mark.slow  # two embedded Dask clusters start: about 10 s a game
@pytest.mark.parametrize("game", RUNS)
def test_the_result_does_not_depend_on_the_number_of_workers(game: str) -> None:
    """In this process, on 1 Dask worker and on 2: the same games, the same figures."""
    line_up = ["expert", "greedy", "greedy"]
    games = 3 if game == "sun" else 6  # the Sun's expert takes ~0.25 s a decision
    reports = [RUNS[game](line_up, games, seed=123_456, workers=workers) for workers in (0, 1, 2)]
    checks.assert_same_whatever_the_workers(reports)


def _app(game: str) -> typer.Typer:
    """A small app with the project's error mapping, the game's arena as one of its
    commands."""
    return checks.command_app(ARENAS[game])


@pytest.mark.parametrize(
    ("game", "key", "value"), [("sun", "size", "standard"), ("cheops", "game", "cheops")]
)
def test_the_command_prints_the_report_as_json(game: str, key: str, value: str) -> None:
    result = checks.invoke(
        _app(game),
        [
            "arena",
            "--bots",
            f"{QUICK[game]},greedy,greedy",
            "--games",
            "3",
            "--workers",
            "0",
            "--json",
        ],
    )
    data = json.loads(result.stdout)
    assert data["games"] == 3
    assert data["players"] == 3
    assert data[key] == value


@pytest.mark.parametrize(
    ("game", "args", "heading"),
    [
        ("sun", ["--size", "short"], "2 games of 2 players, short pyramid"),
        ("cheops", [], "2 games of 2 players"),
    ],
)
def test_the_command_draws_a_table(game: str, args: list[str], heading: str) -> None:
    bots = ["--bots", f"{QUICK[game]},greedy"]
    result = checks.invoke(
        _app(game), ["arena", "--games", "2", "--workers", "0", "--plain", *bots, *args]
    )
    assert heading in result.stdout
    assert f"{QUICK[game]} - greedy:" in result.stdout


@pytest.mark.parametrize(
    ("game", "args", "words"),
    [
        (game, args, words)
        for game in ARENAS
        for args, words in [*checks.LINE_UP_ERRORS, *OWN_LINE_UP_ERRORS[game]]
    ],
)
def test_a_bad_line_up_is_one_line_on_stderr(
    game: str, args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    checks.assert_one_line_on_stderr(_app(game), args, words, capsys)


@pytest.mark.parametrize(("game", "args"), [(g, a) for g in ARENAS for a in checks.USAGE_ERRORS])
def test_a_bad_option_is_a_usage_error(
    game: str, args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    checks.assert_usage_error(_app(game), args, capsys)
