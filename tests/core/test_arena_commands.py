"""The arena command of each game with one (the Sun's ``cli/sun/arena_cmd.py``, Cheops's
``cli/cheops/arena_cmd.py``), in a small app with the project's error mapping: the report as
JSON and as a table, a bad line-up in one line on stderr, a bad option a usage error. The
games' own arena tests (``tests/<game>/test_<game>_arena.py``) check the rest."""

from __future__ import annotations

import json
from collections.abc import Callable

import arena_checks as checks
import pytest
import typer

from silverpyr.cli.cheops.arena_cmd import arena as cheops_arena
from silverpyr.cli.sun.arena_cmd import arena as sun_arena

ARENAS: dict[str, Callable[..., None]] = {"sun": sun_arena, "cheops": cheops_arena}
"""Each game's arena command."""

OWN_LINE_UP_ERRORS: dict[str, list[tuple[list[str], str]]] = {
    "sun": [(["--size", "huge"], "unknown pyramid size 'huge'")],
    "cheops": [],
}
"""Bad options only a game's arena has (the Sun's pyramid sizes)."""


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
        ["arena", "--bots", "expert,greedy,greedy", "--games", "3", "--workers", "0", "--json"],
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
    result = checks.invoke(
        _app(game), ["arena", "--games", "2", "--workers", "0", "--plain", *args]
    )
    assert heading in result.stdout
    assert "expert - greedy:" in result.stdout


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
