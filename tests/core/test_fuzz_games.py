"""Hostile inputs of Pyramid of the Sun and Cheops against the error contract (issue 29).

The in-process counterparts of ``benchmarks/fuzz_cli.py``'s classes for the two games:
position files, component files, move scripts, arena line-ups, damaged saved games and
special files at the path options. Every bad input is one ``error:`` line and exit 2 (a
``cards validate`` lists every problem, one line each), or is taken; never a traceback, and
a saved game is never dropped unasked. The benchmark throws many more at the installed
command, in new processes.
"""

from __future__ import annotations

import os
import re
import sqlite3
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner, Result

from silverpyr.cli.core.app import app
from silverpyr.solver.cheops.components import bundled_components_path
from silverpyr.solver.cheops.positionfile import position_template as cheops_template
from silverpyr.solver.sun.cards import bundled_deck_path as sun_deck_path
from silverpyr.solver.sun.positionfile import position_template as sun_template

runner = CliRunner()
QUICK = settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
GAMES = ("sun", "cheops")
TEMPLATES = {"sun": sun_template(), "cheops": cheops_template()}
COMPONENTS = {"sun": sun_deck_path(), "cheops": bundled_components_path()}
SHOW = {"sun": ["sun", "cards", "show", "17"], "cheops": ["cheops", "cards", "show"]}


def judged(args: list[str], *, problems: bool = False) -> Result:
    """Run ``args``: exit 0, or exit 2 with one ``error:`` line (``problems``: one or more,
    as ``cards validate`` lists them); never a traceback."""
    result = runner.invoke(app, args)
    assert "Traceback" not in result.stderr, result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    if result.exit_code == 0:
        return result
    assert result.exit_code == 2, (args, result.stderr)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert lines and all(line.startswith("error: ") for line in lines), result.stderr
    assert problems or len(lines) == 1, result.stderr
    return result


HOSTILE_VALUES = st.one_of(
    st.integers(-(10**6), 10**6).map(str),
    st.sampled_from(
        ["[]", "{}", "null", "true", "'x'", "~", "-", "[[1]]", "1.5", ".nan", "''", "[a, b]"]
    ),
    st.sampled_from(["S4-sun", "#17", "E2", "?5", "A B", "x5", "40/30", "b3", "I-4", "W"]),
    st.text(alphabet="AaBbKkWw?#/x0123456789 -", max_size=8).map(lambda t: repr(t)),
)


def _value_lines(text: str) -> list[int]:
    """Lines of ``text`` holding a ``key: value`` (not comments)."""
    return [
        n
        for n, line in enumerate(text.splitlines())
        if re.match(r"\s*[-\w]+:\s*\S", line) and not line.lstrip().startswith("#")
    ]


def _with_value(text: str, index: int, value: str) -> str:
    """``text`` with the value of its ``index``-th ``key: value`` line replaced (a trailing
    comment dropped)."""
    lines = text.splitlines()
    number = _value_lines(text)[index % len(_value_lines(text))]
    key = lines[number].split(":", 1)[0]
    lines[number] = f"{key}: {value}"
    return "\n".join(lines) + "\n"


@QUICK
@given(game=st.sampled_from(GAMES), index=st.integers(0, 200), value=HOSTILE_VALUES)
def test_a_position_with_a_value_changed_is_solved_or_one_error(
    tmp_path: Path, game: str, index: int, value: str
) -> None:
    path = tmp_path / "position.yaml"
    path.write_text(_with_value(TEMPLATES[game], index, value), encoding="utf-8")
    judged([game, "solve", "--position", str(path), "--time-limit", "1"])


TOKEN = re.compile(r"(?<=[\[{ ,])[\w/.-]+(?=[,\]}])")
"""A value inside a flow list or mapping of a component file (``11``, ``x5``, ``40/30``)."""


@QUICK
@given(game=st.sampled_from(GAMES), index=st.integers(0, 10_000), value=HOSTILE_VALUES)
def test_a_component_file_with_a_value_changed_is_read_or_one_error(
    tmp_path: Path, game: str, index: int, value: str
) -> None:
    text = COMPONENTS[game].read_text(encoding="utf-8")
    body = text.index("\nformat:")
    places = [m for m in TOKEN.finditer(text) if m.start() > body]
    place = places[index % len(places)]
    path = tmp_path / "components.yaml"
    path.write_text(text[: place.start()] + value + text[place.end() :], encoding="utf-8")
    judged(["--cards", str(path), *SHOW[game]])
    judged([game, "cards", "validate", str(path)], problems=True)


WORDS = {
    "sun": ["S4-sun@1c", "#17@1c", "end", "draw standard", "draw edge", "symbol points", "u"],
    "cheops": ["take a11 A", "take a1 A", "buy", "sell", "store", "draw 1", "end", "u"],
}
NOISE = st.sampled_from(["?", "h", "zz", ";", "@", "#", "hint 9", "\u00c41", "take", "draw"])


@QUICK
@given(game=st.sampled_from(GAMES), data=st.data())
def test_a_game_script_plays_or_stops_at_one_error(game: str, data: st.DataObject) -> None:
    answers = data.draw(
        st.lists(st.one_of(st.sampled_from(WORDS[game]), NOISE), min_size=1, max_size=6)
    )
    args = [game, "game", "--seed", "3", "--players", "2", "--plain"]
    judged([*args, "--moves", "; ".join([*answers, "q"])])


@QUICK
@given(
    game=st.sampled_from(GAMES),
    names=st.lists(
        st.sampled_from(["greedy", "expert", "shark", "GREEDY", " greedy", "gr\u00e9edy"]),
        max_size=7,
    ),
)
def test_an_arena_line_up_plays_or_is_one_error(game: str, names: list[str]) -> None:
    args = [game, "arena", "--games", "1", "--workers", "0", "--plain"]
    judged([*args, "--bots", ",".join(names) or "greedy"])


SAVE = {"sun": "draw standard; draw standard; q", "cheops": "take a11 A; store; draw 1; q"}
COLUMN_VALUES = ("x", b"\x00\xff", "9" * 5000)


@pytest.fixture(scope="module")
def saved_homes(tmp_path_factory: pytest.TempPathFactory) -> dict[str, bytes]:
    """Per game, a results database the CLI wrote: a 3-player game left after a decision."""
    homes = {}
    for game in GAMES:
        home = tmp_path_factory.mktemp(f"saved-{game}")
        args = [game, "game", "--seed", "3", "--players", "3", "--moves", SAVE[game]]
        result = runner.invoke(app, args, env={"SILVERPYR_HOME": str(home)})
        assert result.exit_code == 0, result.stderr
        with sqlite3.connect(home / "silverpyr.db") as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            assert connection.execute("SELECT COUNT(*) FROM saved_games").fetchone()[0] == 1
        connection.close()
        homes[game] = (home / "silverpyr.db").read_bytes()
    return homes


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize(
    "column",
    ["game_id", "deck", "seed", "players", "opponents", "coach", "answers", "started_on"],
)
def test_a_damaged_saved_game_is_one_line_and_stays(
    saved_homes: dict[str, bytes],
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    column: str,
) -> None:
    for value in COLUMN_VALUES:
        home = tmp_path / f"home-{COLUMN_VALUES.index(value)}"
        home.mkdir()
        path = home / "silverpyr.db"
        path.write_bytes(saved_homes[game])
        with sqlite3.connect(path) as connection:
            connection.execute(f"UPDATE saved_games SET {column} = ?", (value,))
            before = connection.execute("SELECT * FROM saved_games").fetchall()
        connection.close()
        monkeypatch.setenv("SILVERPYR_HOME", str(home))
        result = runner.invoke(app, [game, "game", "--moves", "q", "--plain"])
        assert "Traceback" not in result.stderr, result.stderr
        assert result.exit_code in (0, 2), result.stderr
        if result.exit_code == 2:
            errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
            assert len(errors) == 1, result.stderr
        with sqlite3.connect(path) as connection:
            assert connection.execute("SELECT * FROM saved_games").fetchall() == before
        connection.close()


def _path_options(game: str) -> list[list[str]]:
    """The options of ``game`` that read a file (``{}``: the path)."""
    return [
        [game, "solve", "--position", "{}"],
        [game, "cards", "validate", "{}"],
        ["--cards", "{}", *SHOW[game]],
        [game, "puzzle", "--seed", "7", "--no-record", "--moves-file", "{}"],
        [game, "game", "--seed", "3", "--moves-file", "{}"],
    ]


@pytest.mark.parametrize("kind", ["directory", "dangling symlink", "symlink loop", "missing"])
@pytest.mark.parametrize(
    "args", [args for game in GAMES for args in _path_options(game)], ids=" ".join
)
def test_a_path_that_is_not_a_file_is_one_line(tmp_path: Path, kind: str, args: list[str]) -> None:
    target = tmp_path / "target"
    if kind == "directory":
        target.mkdir()
    elif kind == "dangling symlink":
        target.symlink_to(tmp_path / "gone" / "x")
    elif kind == "symlink loop":
        target.symlink_to(target)
    result = judged([item.replace("{}", str(target)) for item in args])
    assert result.exit_code == 2
    assert os.path.lexists(target) == (kind != "missing")
