"""Dailies made ahead (``data/dailies/<game>.json``, issue 32: a daily opens in at most
1 s): every bundled key is the key the game caches its daily under today, the dates run
without a gap, a daily in the span opens without its generator and equals the cached
one, a damaged entry is said and made again; the slow suite makes a sample again and
compares it with the file."""

from __future__ import annotations

import datetime as dt
import importlib.util
import json
import re
from pathlib import Path
from types import ModuleType
from typing import Any

import pytest
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core import ahead

GAMES = ("silvergold", "sun", "cheops")
COMMAND = {"silvergold": [], "sun": ["sun"], "cheops": ["cheops"]}
DAY = "2026-11-25"
_KEY = re.compile(r"(?P<prefix>.+)\|daily-(?P<day>\d{4}-\d\d-\d\d)")


def _tool() -> ModuleType:
    path = Path(__file__).resolve().parents[2] / "tools" / "make_dailies.py"
    spec = importlib.util.spec_from_file_location("make_dailies", path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _days(game: str) -> list[dt.date]:
    days = []
    for key in ahead.keys(game):
        found = _KEY.fullmatch(key)
        assert found, key
        days.append(dt.date.fromisoformat(found["day"]))
    return days


def _current_key(game: str, day: str) -> str:
    """The key the game caches the daily of ``day`` under, with the bundled components."""
    puzzle_id = f"daily-{day}"
    if game == "silvergold":
        from silverpyr.puzzles.silvergold.catalog import cache_key
        from silverpyr.solver.silvergold.deckfile import load_deck

        return cache_key(load_deck(), puzzle_id)
    if game == "sun":
        from silverpyr.cli.sun.puzzle_cmd import cache_key as sun_key
        from silverpyr.solver.sun.cards import load_deck as load_sun

        return sun_key(load_sun(), puzzle_id)
    from silverpyr.cli.cheops.puzzle_cmd import cache_key as cheops_key
    from silverpyr.solver.cheops.components import load_components

    return cheops_key(load_components(), puzzle_id)


@pytest.mark.parametrize("game", GAMES)
def test_every_key_is_the_one_the_game_caches_under_today(game: str) -> None:
    """A generator's new version, or new bundled components, must come with the file made
    again (``tools/make_dailies.py``): else its dailies would silently generate."""
    keys = ahead.keys(game)
    assert len(keys) >= 150
    for key in keys:
        found = _KEY.fullmatch(key)
        assert found and key == _current_key(game, found["day"])


@pytest.mark.parametrize("game", GAMES)
def test_the_span_has_no_gap_and_is_the_same_in_every_game(game: str) -> None:
    days = sorted(_days(game))
    assert days == [days[0] + dt.timedelta(days=n) for n in range(len(days))]
    assert days == sorted(_days("silvergold"))


def _daily_json(game: str, home: Path, *extra: str) -> dict[str, Any]:
    result = CliRunner().invoke(
        app,
        [*COMMAND[game], "daily", "--date", DAY, "--json", *extra],
        env={"SILVERPYR_HOME": str(home)},
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def _no_generator(game: str, monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("generated, though it was made ahead")

    if game == "silvergold":
        monkeypatch.setattr("silverpyr.puzzles.silvergold.catalog.generate_puzzle", refuse)
    else:
        monkeypatch.setattr(f"silverpyr.puzzles.{game}.ids.daily_puzzle", refuse)


@pytest.mark.parametrize("game", GAMES)
def test_a_daily_made_ahead_opens_without_its_generator(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    assert ahead.made_ahead(game, _current_key(game, DAY)) is not None
    _no_generator(game, monkeypatch)
    first = _daily_json(game, tmp_path / "home")
    again = _daily_json(game, tmp_path / "home")  # now from the results database's cache
    assert first == again
    assert _daily_json(game, tmp_path / "other", "--no-record") == first


def test_a_damaged_entry_is_said_and_the_daily_made_again(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    key = _current_key("sun", DAY)
    good = _daily_json("sun", tmp_path / "good")
    entries = dict(ahead._entries("sun"))
    entries[key] = {**entries[key], "par": 999}
    monkeypatch.setattr(ahead, "_entries", lambda game: entries)
    result = CliRunner().invoke(
        app,
        ["sun", "daily", "--date", DAY, "--json"],
        env={"SILVERPYR_HOME": str(tmp_path / "home")},
    )
    assert result.exit_code == 0, result.output
    warning = [line for line in result.stderr.splitlines() if line.startswith("warning:")]
    assert len(warning) == 1 and "made ahead" in warning[0] and "made again" in warning[0]
    assert json.loads(result.stdout) == good


def test_a_missing_or_foreign_file_is_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ahead, "AHEAD_DIR", tmp_path)
    for text in ("", "[]", '{"format": 2, "game": "sun", "puzzles": {}}', "{" * 100_000):
        (tmp_path / "sun.json").write_text(text)
        ahead._entries.cache_clear()
        assert ahead.made_ahead("sun", "anything") is None
    (tmp_path / "sun.json").write_text(ahead.ahead_text("sun", {"k": {"id": "x"}}))
    ahead._entries.cache_clear()
    assert ahead.made_ahead("sun", "k") == {"id": "x"}
    ahead._entries.cache_clear()


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_sample_made_again_is_the_file_to_the_byte(game: str) -> None:
    tool = _tool()
    days = sorted(_days(game))
    for day in days[::15]:
        key, data = tool.MAKERS[game](day)
        assert ahead.ahead_text(game, {key: data}) == ahead.ahead_text(
            game, {key: ahead.made_ahead(game, key)}
        )
