"""Hostile and generated inputs against the error contract (README, "Errors").

Every bad input gets exactly one ``error:`` line on stderr (a usage error's ends by pointing
to ``--help``), exit code 2, and never a traceback. The corpus in
``tests/data/hostile/`` holds one file per known way to break a reader; hypothesis adds
generated card, puzzle and state files and option values. Everything runs in-process
(``CliRunner``), so this stays fast; ``benchmarks/fuzz_cli.py`` throws the same classes at
the installed command.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import io
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml
from built_once import BuiltOnceRunner
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from quick_yaml import dump_yaml
from typer.testing import Result

from silverpyr.cli.core.app import app, main
from silverpyr.solver.core.reader import MAX_CARD_FILE_BYTES, MAX_FILE_BYTES
from silverpyr.solver.silvergold.deckfile import bundled_deck_path, load_deck

HOSTILE = Path(__file__).parents[1] / "data" / "hostile"
runner = BuiltOnceRunner()  # the command built and the bundled deck loaded once
FUZZ = settings(
    max_examples=25,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)


def assert_one_error(args: list[str], *, usage: bool = False) -> str:
    """Run ``args``; check the contract; return the error line."""
    result = runner.invoke(app, args)
    assert result.exit_code == 2, (args, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert "Traceback" not in result.stderr
    assert lines and lines[0].startswith("error: "), result.stderr
    assert len(lines) == 1, result.stderr
    if usage:
        assert "--help" in lines[0] or not lines[0].startswith("error: Invalid value")
    return lines[0]


def command_for(path: Path) -> list[str]:
    """The command that reads a hostile file, by its name."""
    kind = path.name.split("-")[0]
    return {
        "cards": ["--cards", str(path), "cards", "show", "1"],
        "puzzle": ["puzzle", "--file", str(path), "--no-record", "--moves", "q!"],
        "state": ["hint", "--state", str(path)],
        "moves": ["game", "--seed", "5", "--moves-file", str(path)],
    }[kind]


EXPECTED = {
    "cards-color-list.yaml": "card 4: colour must be one of purple, orange, green, not a list",
    "cards-duplicate-key.yaml": "the key 'number' is given twice",
    "cards-latin1.yaml": "not UTF-8 text",
    "cards-utf16-no-bom.yaml": "not UTF-8 text",
    "cards-utf32.yaml": "not UTF-8 text (it is UTF-32)",
    "cards-billion-laughs.yaml": "more than 1,000,000 values",
    "cards-nested.yaml": "nested more than 20 levels deep",
    "cards-many-problems.yaml": "'silverpyr cards validate",
    "puzzle-marked-superscript.yaml": "start.marked: '²' is not one of the puzzle's cards",
    "puzzle-three-cards.yaml": "cards: a hand holds at most 2 cards, not 3",
    "puzzle-three-i3.yaml": "expeditions: I3 comes 3 times in round 1; the deck holds 2",
    "puzzle-billion-laughs.yaml": "more than 1,000,000 values",
    "puzzle-cp1252.yaml": "not UTF-8 text",
    "puzzle-nested-maps.yaml": "nested more than 20 levels deep",
    "state-three-i3.yaml": "I3 comes 3 times in round 2",
    "state-nested.json": "nested more than 20 levels deep",
    "state-duplicate-key.json": "the key 'round' is given twice",
    "state-bad-json.json": "not valid JSON",
    "state-utf16-bom.yaml": "no pyramid card 99",
    "moves-latin1.txt": "not UTF-8 text",
}


@pytest.mark.parametrize("path", sorted(HOSTILE.iterdir()), ids=lambda p: p.name)
def test_a_hostile_file_is_one_located_error(path: Path) -> None:
    line = assert_one_error(command_for(path))
    assert path.name in line  # the error names the file
    if path.name in EXPECTED:
        assert EXPECTED[path.name] in line


def test_a_huge_card_file_is_refused_before_reading_it(tmp_path: Path) -> None:
    big = tmp_path / "big.yaml"
    big.write_bytes(b"# padding\n" * (MAX_CARD_FILE_BYTES // 10 + 1))
    line = assert_one_error(["--cards", str(big), "cards", "show", "1"])
    assert "too large" in line and "4 MB" in line
    puzzle = tmp_path / "big-puzzle.yaml"
    puzzle.write_bytes(b"#" * (MAX_FILE_BYTES + 1))
    assert "1 MB" in assert_one_error(["puzzle", "--file", str(puzzle), "--no-record"])


def test_deep_nesting_never_recurses(tmp_path: Path) -> None:
    for name, content in (("lists.yaml", b"[" * 100_000), ("maps.yaml", b"{a: " * 50_000)):
        path = tmp_path / name
        path.write_bytes(content)
        assert "nested" in assert_one_error(["--cards", str(path), "cards", "show", "1"])
        assert "nested" in assert_one_error(["hint", "--state", str(path)])


def test_utf8_bom_and_utf16_bom_are_read(tmp_path: Path) -> None:
    text = bundled_deck_path().read_text(encoding="utf-8")
    for name, data in (
        ("bom.yaml", b"\xef\xbb\xbf" + text.encode()),
        ("u16.yaml", text.encode("utf-16")),
    ):
        path = tmp_path / name
        path.write_bytes(data)
        result = runner.invoke(app, ["--cards", str(path), "cards", "show", "1", "--plain"])
        assert result.exit_code == 0, result.stderr


def test_anchors_written_by_yaml_dump_are_still_read(tmp_path: Path) -> None:
    data = yaml.safe_load(bundled_deck_path().read_text(encoding="utf-8"))
    shared = data["pyramids"][0]["room"]
    data["pyramids"][1]["room"] = shared  # safe_dump writes an anchor and an alias
    data["pyramids"][1]["number"], data["pyramids"][0]["number"] = 1, 2
    path = tmp_path / "aliases.yaml"
    path.write_text(yaml.safe_dump(data), encoding="utf-8")
    assert "*id" in path.read_text(encoding="utf-8")
    result = runner.invoke(app, ["--cards", str(path), "cards", "show", "1", "--plain"])
    assert result.exit_code == 0, result.stderr


# --- options ----------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["nan", "inf", "-inf", "-1", "0", "1e400", "3601"])
@pytest.mark.parametrize("command", [["solve", "--card", "17"], ["hint", "--card", "17"]])
def test_a_time_limit_must_be_a_finite_positive_number(command: list[str], value: str) -> None:
    args = [*command, "--expeditions", "I3,L3", "--time-limit", value]
    assert "'--time-limit'" in assert_one_error(args, usage=True)


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["hint", "--card", "1", "--card", "2", "--card", "3", "--expeditions", "I3"], "at most 2"),
        (
            ["solve", "--card", "1", "--card", "2", "--card", "3", "--expeditions", "I3"],
            "at most 2",
        ),
        (["solve", "--card", "17", "--expeditions", "I3,I3,I3"], "I3 comes 3 times in round 1"),
        (["hint", "--card", "17", "--expeditions", "I3,I3,I3"], "I3 comes 3 times in round 1"),
        (
            ["solve", "--card", "17", "--expeditions", "I3,L3,I3,I3,I3", "--turn-in-round", "6"],
            "I3 comes 3 times in round 2",
        ),
    ],
)
def test_one_rule_for_hands_and_expedition_counts(args: list[str], words: str) -> None:
    assert words in assert_one_error(args)


def test_expeditions_may_repeat_across_rounds() -> None:
    args = ["solve", "--card", "17", "--expeditions", "I3,I3,I3", "--turn-in-round", "6"]
    result = runner.invoke(app, [*args, "--json"])
    assert result.exit_code == 0, result.stderr


OPTION_VALUES = st.one_of(
    st.text(max_size=12),
    st.sampled_from(["nan", "inf", "-0", "1e999", "٣", "0x10", "--", "", " ", "99999999999999"]),
)


@FUZZ
@given(
    option=st.sampled_from(
        ["--round", "--turn", "--turn-in-round", "--skulls", "--red", "--time-limit"]
    ),
    value=OPTION_VALUES,
)
def test_generated_option_values_never_crash(option: str, value: str) -> None:
    result = runner.invoke(app, ["solve", "--card", "17", "--expeditions", "I3", option, value])
    assert "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    if result.exit_code != 0:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert result.exit_code == 2 and lines[0].startswith("error: ")
        assert len(lines) == 1


# --- generated files --------------------------------------------------------------------

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**6), 10**6),
    st.floats(allow_nan=True),
    st.text(max_size=8),
    st.sampled_from(["I3", "L3", "A1", "17", "purple", "points", "..E..", "²"]),
)
VALUES = st.recursive(
    SCALARS,
    lambda inner: st.one_of(
        st.lists(inner, max_size=4),
        st.dictionaries(st.one_of(st.text(max_size=6), st.integers(0, 50)), inner, max_size=4),
    ),
    max_leaves=12,
)
PUZZLE_KEYS = ["format", "cards", "round", "turn_in_round", "expeditions", "objective", "start"]
STATE_KEYS = ["round", "expedition", "seen", "cards", "sheet"]
DECISION_KEYS = ["dealt", "players", "replace", "offer", "deck", "claimed"]
REPLACEMENT_STATE = {
    "round": 2,
    "expedition": "L3",
    "seen": ["I3"],
    "cards": [{"number": 30, "marks": "A1"}],
    "replace": 12,
    "offer": [5, 17],
    "deck": 3,
    "sheet": {"completed": [1, 3], "red": 1},
}
RECORD = {
    "format": "silverpyr game record",
    "version": 1,
    "deck": load_deck().fingerprint,
    "seed": 4,
    "players": 2,
    "opponents": "greedy",
    "answers": ["19 43", "19:B1 B2 B3 C3 +19:A3"],
}

RECORD_V3 = {
    "format": "silverpyr game record",
    "version": 3,
    "deck": load_deck().fingerprint,
    "seed": 4,
    "players": ["human", "greedy"],
    "moves": [
        [0, "keep 19 43"],
        [1, "keep 23 21"],
        [0, "19:B1 B2 B3 C3 +19:A3"],
        [1, "23:D1 B2 C2 D2 +23:D3"],
    ],
    "outcome": None,
}
"""A game record as ``game --record`` writes it now: every seat's ``[seat, move]``."""

RECORD_V2 = {
    "format": "silverpyr game record",
    "version": 2,
    "deck": load_deck().fingerprint,
    "seed": 4,
    "seats": [
        {"player": "human", "answers": ["19 43", "19:B1 B2 B3 C3 +19:A3"]},
        {"player": "greedy"},
        {"player": "expert", "answers": ["9 41"]},
    ],
}


def _document(keys: list[str]) -> st.SearchStrategy[dict[str, object]]:
    return st.dictionaries(st.sampled_from([*keys, "extra"]), VALUES, max_size=len(keys) + 1)


def _write(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / name
    path.write_text(dump_yaml(data, allow_unicode=True), encoding="utf-8")
    return path


def _judge(result: Result, *, usage: bool = False) -> None:
    """Exit 0 (the input was fine), or the contract: exit 2, one ``error:`` line (with
    ``usage``, possibly ending by pointing to ``--help``); never a traceback."""
    assert "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    if result.exit_code != 0:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert result.exit_code == 2 and lines[0].startswith("error: "), result.stderr
        assert len(lines) == 1, result.stderr


def _judge_file_run(args: list[str]) -> None:
    _judge(runner.invoke(app, args))


@FUZZ
@given(data=_document(PUZZLE_KEYS))
def test_generated_puzzle_files(tmp_path: Path, data: dict[str, object]) -> None:
    path = _write(tmp_path, "p.yaml", data)
    _judge_file_run(["puzzle", "--file", str(path), "--no-record", "--moves", "q!"])


@FUZZ
@given(data=_document(STATE_KEYS))
def test_generated_state_files(tmp_path: Path, data: dict[str, object]) -> None:
    _judge_file_run(["hint", "--state", str(_write(tmp_path, "s.yaml", data))])


@FUZZ
@given(data=_document([*STATE_KEYS, *DECISION_KEYS]))
def test_generated_keep_and_replacement_states(tmp_path: Path, data: dict[str, object]) -> None:
    path = _write(tmp_path, "s.yaml", data)
    _judge_file_run(["hint", "--state", str(path), "--rollouts", "1"])


@FUZZ
@given(key=st.sampled_from([*REPLACEMENT_STATE, *DECISION_KEYS, "sheet"]), value=VALUES)
def test_one_bad_value_in_a_replacement_state(tmp_path: Path, key: str, value: object) -> None:
    data = REPLACEMENT_STATE | {key: value}
    _judge_file_run(["hint", "--state", str(_write(tmp_path, "s.yaml", data)), "--rollouts", "1"])


@FUZZ
@given(key=st.sampled_from([*RECORD, "extra"]), value=VALUES)
def test_one_bad_value_in_a_game_record(tmp_path: Path, key: str, value: object) -> None:
    import json

    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORD | {key: value}, default=str), encoding="utf-8")
    _judge_file_run(["hint", "--game", str(path), "--rollouts", "1"])


@FUZZ
@given(
    key=st.sampled_from([*RECORD_V2, "extra"]),
    seat=st.integers(0, 2),
    part=st.sampled_from(["player", "answers", "extra"]),
    value=VALUES,
)
def test_one_bad_value_in_a_game_record_of_version_2(
    tmp_path: Path, key: str, seat: int, part: str, value: object
) -> None:
    import copy
    import json

    data = copy.deepcopy(RECORD_V2)
    if key == "seats":
        data["seats"][seat][part] = value  # type: ignore[index]
    else:
        data[key] = value
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data, default=str), encoding="utf-8")
    _judge_file_run(
        ["hint", "--game", str(path), "--review", "--seat", str(seat + 1), "--rollouts", "1"]
    )


@FUZZ
@given(
    key=st.sampled_from([*RECORD_V3, "extra"]),
    move=st.integers(0, 2),
    part=st.integers(0, 2),
    value=VALUES,
)
def test_one_bad_value_in_a_game_record_of_version_3(
    tmp_path: Path, key: str, move: int, part: int, value: object
) -> None:
    import copy
    import json

    data = copy.deepcopy(RECORD_V3)
    if key == "moves" and part < 2:
        data["moves"][move][part] = value  # type: ignore[index]
    else:
        data[key] = value
    path = tmp_path / "game.json"
    path.write_text(json.dumps(data, default=str), encoding="utf-8")
    _judge_file_run(["hint", "--game", str(path), "--rollouts", "1"])
    _judge_file_run(["hint", "--game", str(path), "--review", "--seat", "2", "--rollouts", "1"])


RECORD_ANSWERS = st.lists(st.sampled_from(["19 43", "19:A1", "1", "d", "q", "", "19 19", "x"]))


def _judge_game_record_answers(tmp_path: Path, answers: list[str], rollouts: str) -> None:
    import json

    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORD | {"answers": answers}), encoding="utf-8")
    _judge_file_run(["hint", "--game", str(path), "--rollouts", rollouts])
    _judge_file_run(["hint", "--game", str(path), "--review", "--rollouts", rollouts])


@FUZZ
@given(answers=RECORD_ANSWERS)
def test_generated_game_record_answers(tmp_path: Path, answers: list[str]) -> None:
    """The answers are replayed and checked before any advice; where they are a game, the
    expert's ranking advises (``--rollouts 0``: each rollout plays a whole game out)."""
    _judge_game_record_answers(tmp_path, answers, "0")


@pytest.mark.slow
@FUZZ
@given(answers=RECORD_ANSWERS)
def test_generated_game_record_answers_with_rollouts(tmp_path: Path, answers: list[str]) -> None:
    """The same answers, the advice measured by a rollout per option (2-3 s a game)."""
    _judge_game_record_answers(tmp_path, answers, "1")


@functools.cache
def _bundled_deck_data() -> dict[str, Any]:
    """The bundled card file as YAML reads it; parsed once (pure-Python YAML: 0.17 s)."""
    data: dict[str, Any] = yaml.safe_load(bundled_deck_path().read_text(encoding="utf-8"))
    return data


@FUZZ
@given(
    card=st.dictionaries(st.sampled_from(["number", "color", "room", "extra"]), VALUES, max_size=4),
    index=st.integers(0, 47),
)
def test_generated_card_files(tmp_path: Path, card: dict[str, object], index: int) -> None:
    deck = copy.deepcopy(_bundled_deck_data())
    deck["pyramids"][index] = card
    path = _write(tmp_path, "cards.yaml", deck)
    _judge_file_run(["--cards", str(path), "cards", "list", "--json"])


@FUZZ
@given(raw=st.binary(max_size=300))
def test_generated_bytes_as_a_state_file(tmp_path: Path, raw: bytes) -> None:
    path = tmp_path / "s.yaml"
    path.write_bytes(raw)
    _judge_file_run(["hint", "--state", str(path)])


# --- terminals that cannot show Unicode -------------------------------------------------


@pytest.mark.parametrize(
    ("encoding", "args"),
    [
        ("ascii", ["puzzle", "--seed", "7", "--no-record", "--moves", "q!"]),
        ("latin-1", ["cards", "show", "3"]),
        ("ascii", ["cards", "show", "3"]),
    ],
)
def test_a_terminal_without_unicode_gets_ascii_not_a_crash(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, encoding: str, args: list[str]
) -> None:
    monkeypatch.setenv("SILVERPYR_HOME", str(tmp_path))
    out, err = io.BytesIO(), io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(out, encoding=encoding))
    monkeypatch.setattr(sys, "stderr", io.TextIOWrapper(err, encoding=encoding))
    monkeypatch.setattr(sys, "argv", ["silverpyr", *args])
    with pytest.raises(SystemExit) as exited:
        main()
    sys.stdout.flush()
    sys.stderr.flush()
    assert exited.value.code in (0, None), err.getvalue()
    assert b"Traceback" not in err.getvalue()
    out.getvalue().decode(encoding)  # only what the terminal can show


# --- issue 19: the classes added to the hostile suite ----------------------------------
#
# ``benchmarks/fuzz_cli.py`` measures the same classes, with many more inputs, on the
# installed command.


QUICK = settings(FUZZ, max_examples=10)
"""Fewer examples: each one runs the command line, some in a new process."""


def _lines(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.strip()]


def _judge_store_run(args: list[str], home: Path) -> None:
    """A damaged stats database: ``warning:`` lines and exit 0 (an honest recovery), or one
    ``error:`` line and exit 2; never a traceback."""
    result = runner.invoke(app, args, env={"SILVERPYR_HOME": str(home)})
    assert "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), repr(
        result.exception
    )
    lines = _lines(result.stderr)
    if result.exit_code == 0:
        assert all(line.startswith("warning: ") for line in lines), result.stderr
    else:
        assert result.exit_code == 2, result.stderr
        assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr


def _judge_needs_no_store(home: Path) -> None:
    """``cards show 1`` does not need the stats database: it works whatever the file holds."""
    result = runner.invoke(
        app, ["cards", "show", "1", "--plain"], env={"SILVERPYR_HOME": str(home)}
    )
    assert result.exit_code == 0, result.stderr
    assert all(line.startswith("warning: ") for line in _lines(result.stderr)), result.stderr


SAVED_DATE = "2026-11-22"


@pytest.fixture(scope="module")
def template_db(tmp_path_factory: pytest.TempPathFactory) -> bytes:
    """A stats database written by the CLI: a daily given up (``attempts``), a daily left
    after one move (``progress``), both puzzles cached (``puzzle_cache``)."""
    import sqlite3

    home = tmp_path_factory.mktemp("template-home")
    for date, moves in (("2026-11-21", "q!"), (SAVED_DATE, "E1")):
        runner.invoke(
            app,
            ["daily", "--date", date, "--plain", "--moves", moves],
            env={"SILVERPYR_HOME": str(home)},
        )
    path = home / "silverpyr.db"
    connection = sqlite3.connect(path)
    try:
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        for table in ("attempts", "progress", "puzzle_cache"):
            assert connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0] > 0, table
    finally:
        connection.close()
    return path.read_bytes()


def _template_columns() -> list[tuple[str, str]]:
    """(table, column) of every table of a database the store itself creates."""
    import sqlite3
    import tempfile

    from silverpyr.puzzles.core.store import Store

    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "silverpyr.db"
        Store(path).close()
        connection = sqlite3.connect(path)
        try:
            tables = [
                row[0]
                for row in connection.execute("SELECT name FROM sqlite_master WHERE type='table'")
            ]
            return [
                (table, row[1])
                for table in sorted(tables)
                for row in connection.execute(f"PRAGMA table_info({table})")
            ]
        finally:
            connection.close()


COLUMNS = _template_columns()


def _damaged_home(base: Path, template: bytes, table: str, column: str, value: object) -> Path:
    """A home whose database has ``value`` in ``table.column``, damaged as
    ``benchmarks/fuzz_cli.py`` damages one (past CHECK and NOT NULL, as a file edited by hand
    could be); skips values SQLite itself cannot store there."""
    import sqlite3
    import tempfile

    home = Path(tempfile.mkdtemp(dir=base))
    path = home / "silverpyr.db"
    path.write_bytes(template)
    connection = sqlite3.connect(path, isolation_level=None)
    try:
        try:
            _fuzz_cli().set_value(table, column, value)(connection)
        except sqlite3.DatabaseError:  # e.g. text in the INTEGER PRIMARY KEY (a rowid)
            from hypothesis import reject

            reject()
        connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    finally:
        connection.close()
    return home


@functools.cache
def _fuzz_cli() -> Any:
    """``benchmarks/fuzz_cli.py``, loaded once (with its neighbour ``timing.py``)."""
    import importlib.util

    folder = Path(__file__).resolve().parents[2] / "benchmarks"
    sys.path.insert(0, str(folder))
    try:
        spec = importlib.util.spec_from_file_location("_fuzz_cli", folder / "fuzz_cli.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["_fuzz_cli"] = module
        spec.loader.exec_module(module)
    finally:
        sys.path.remove(str(folder))
    return module


WRONG_TYPES = st.one_of(
    st.text(max_size=6),
    st.binary(max_size=6),
    st.floats(),
    st.none(),
    st.integers(-(2**63), 2**63 - 1),
    st.sampled_from(["x", "", "{", "[]", "9" * 5000, 2**63 - 1, -1, 1.5, b"\x00\xff"]),
)


def test_every_table_and_column_is_covered() -> None:
    """The generated database cases reach every column of every table the store makes."""
    tables = {table for table, _ in COLUMNS}
    assert {"attempts", "progress", "puzzle_cache"} <= tables
    assert len(COLUMNS) >= 30


@QUICK
@given(where=st.sampled_from(COLUMNS), value=WRONG_TYPES)
def test_a_wrong_type_in_any_column_then_stats(
    tmp_path: Path, template_db: bytes, where: tuple[str, str], value: object
) -> None:
    home = _damaged_home(tmp_path, template_db, *where, value)
    _judge_store_run(["stats", "--plain"], home)
    _judge_needs_no_store(home)


@settings(QUICK, max_examples=8)
@given(where=st.sampled_from(COLUMNS), value=WRONG_TYPES)
def test_a_wrong_type_in_any_column_then_daily_resumes(
    tmp_path: Path, template_db: bytes, where: tuple[str, str], value: object
) -> None:
    home = _damaged_home(tmp_path, template_db, *where, value)
    _judge_store_run(["daily", "--date", SAVED_DATE, "--plain", "--moves", "q!"], home)


def _damage_file(home: Path, template: bytes, name: str) -> None:
    import sqlite3

    path = home / "silverpyr.db"
    if name == "zero bytes":
        path.write_bytes(b"")
    elif name == "truncated":
        path.write_bytes(template[: len(template) // 2])
    elif name == "random bytes":
        path.write_bytes(bytes((n * 7919 + 13) % 256 for n in range(8192)))
    elif name == "a directory":
        path.mkdir()
    else:
        path.write_bytes(template)
        connection = sqlite3.connect(path, isolation_level=None)
        try:
            if name.startswith("user_version"):
                connection.execute(f"PRAGMA user_version = {int(name.split()[-1])}")
            else:  # a cache entry
                connection.execute("UPDATE puzzle_cache SET puzzle = ?", (name.split(": ")[1],))
        finally:
            connection.close()


DAMAGED_FILES = [
    "zero bytes",
    "truncated",
    "random bytes",
    "a directory",
    "user_version -1",
    "user_version 2147483647",
    "user_version 4",
    "cache: {",
    "cache: " + "9" * 5000,
    'cache: {"cards": "x"}',
]


@pytest.mark.parametrize("name", DAMAGED_FILES, ids=lambda name: name[:24])
def test_a_damaged_database_file(tmp_path: Path, template_db: bytes, name: str) -> None:
    home = tmp_path / "home"
    home.mkdir()
    _damage_file(home, template_db, name)
    _judge_store_run(["stats", "--plain"], home)
    _judge_store_run(["daily", "--date", SAVED_DATE, "--plain", "--moves", "q!"], home)


@pytest.mark.parametrize("name", ["zero bytes", "random bytes", "a directory", "user_version 4"])
def test_cards_show_needs_no_database(tmp_path: Path, template_db: bytes, name: str) -> None:
    home = tmp_path / "home"
    home.mkdir()
    _damage_file(home, template_db, name)
    _judge_needs_no_store(home)


# --- integers over 4,300 digits ----------------------------------------------------------

BIG_DIGITS = st.integers(4301, 6000)
BIG_NUMBER = st.builds(
    lambda digits, negative, first: ("-" if negative else "") + str(first) + "9" * (digits - 1),
    BIG_DIGITS,
    st.booleans(),
    st.integers(1, 9),
)


def _yaml_with(text: str, line: str, number: str) -> str:
    key, value = line.split(": ", 1)
    if value.startswith("["):
        return text.replace(line, f"{key}: [{number}]", 1)
    return text.replace(line, f"{key}: {number}", 1)


SAMPLES = Path(__file__).parent / "data"
"""A valid puzzle and state file (``benchmarks/fuzz_cli.py`` changes them too)."""
PUZZLE_TEXT = (SAMPLES / "sample_puzzle.yaml").read_text(encoding="utf-8")
STATE_TEXT = (SAMPLES / "sample_state.yaml").read_text(encoding="utf-8")


@QUICK
@given(line=st.sampled_from(["format: 1", "number: 1", "count: 2"]), number=BIG_NUMBER)
def test_a_huge_integer_in_a_card_file(tmp_path: Path, line: str, number: str) -> None:
    path = tmp_path / "cards.yaml"
    text = bundled_deck_path().read_text(encoding="utf-8")
    path.write_text(_yaml_with(text, line, number), encoding="utf-8")
    _judge_file_run(["--cards", str(path), "cards", "show", "1"])


@QUICK
@given(
    line=st.sampled_from(
        ["format: 1", "cards: [22]", "round: 1", "turn_in_round: 3", "red: 0", "par: 16"]
    ),
    number=BIG_NUMBER,
)
def test_a_huge_integer_in_a_puzzle_file(tmp_path: Path, line: str, number: str) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(_yaml_with(PUZZLE_TEXT, line, number), encoding="utf-8")
    _judge_file_run(["puzzle", "--file", str(path), "--no-record", "--moves", "q!"])


@QUICK
@given(
    line=st.sampled_from(["round: 2", "number: 12", "red: 2", "torches: [1]", "skulls: 1"]),
    number=BIG_NUMBER,
)
def test_a_huge_integer_in_a_yaml_state(tmp_path: Path, line: str, number: str) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(_yaml_with(STATE_TEXT, line, number), encoding="utf-8")
    _judge_file_run(["hint", "--state", str(path)])


def _json_with(data: dict[str, object], key: str, number: str) -> str:
    import json

    marker = "__BIG__"
    return json.dumps(data | {key: marker}).replace(f'"{marker}"', number)


@QUICK
@given(key=st.sampled_from(["round", "seen", "cards", "sheet"]), number=BIG_NUMBER)
def test_a_huge_integer_in_a_json_state(tmp_path: Path, key: str, number: str) -> None:
    data = yaml.safe_load(STATE_TEXT)
    path = tmp_path / "s.json"
    path.write_text(_json_with(data, key, number), encoding="utf-8")
    _judge_file_run(["hint", "--state", str(path)])


@QUICK
@given(key=st.sampled_from(["seed", "players", "version", "deck", "answers"]), number=BIG_NUMBER)
def test_a_huge_integer_in_a_game_record(tmp_path: Path, key: str, number: str) -> None:
    path = tmp_path / "game.json"
    path.write_text(_json_with(RECORD, key, number), encoding="utf-8")
    _judge_file_run(["hint", "--game", str(path), "--rollouts", "1"])


# --- scheduler addresses -----------------------------------------------------------------

MALFORMED_ADDRESSES = st.one_of(
    st.sampled_from(
        [
            "foo",
            "tcp://",
            "http://x",
            "ucx://x",
            "tcp://[::1",
            "tcp://127.0.0.1:70000",
            "tcp://127.0.0.1:abc",
            "tcp://127.0.0.1:-1",
            "foo://127.0.0.1:8786",
        ]
    ),
    st.builds(
        lambda scheme, rest: scheme + rest,
        st.sampled_from(["", "tcp://", "foo://", "http://", "tcp://127.0.0.1:"]),
        st.text(alphabet=":/[]@%# -", max_size=8),
    ),
)


@QUICK
@given(address=MALFORMED_ADDRESSES, by_env=st.booleans())
def test_a_malformed_scheduler_address(address: str, by_env: bool) -> None:
    """Addresses that never reach a socket: refused at once, as one line.

    An empty ``DASK_SCHEDULER_ADDRESS`` is no address (as if unset: the embedded cluster
    plays the game, several seconds), where ``--scheduler ''`` was typed and is refused."""
    assume(address or not by_env)
    args = ["arena", "--games", "1", "--plain"]
    env = {"DASK_SCHEDULER_ADDRESS": address} if by_env else {}
    result = runner.invoke(app, args if by_env else [*args, "--scheduler", address], env=env)
    _judge(result)
    assert result.exit_code == 2, result.output


# --- seeds and bounds --------------------------------------------------------------------

OUT_OF_RANGE_SEEDS = st.one_of(
    st.integers(max_value=-1),
    st.integers(min_value=2**63),
    st.sampled_from([-1, 2**63 - 1, 2**63, 2**64, 10**100]),
)
SEED_COMMANDS = {
    "solve": ["solve", "--card", "17", "--expeditions", "I3"],
    "puzzle": ["puzzle", "--no-record", "--moves", "q!", "--plain"],
    "game": ["game", "--moves", "-", "--plain"],
    "arena": ["arena", "--games", "1", "--workers", "0", "--plain", "--json"],
}


@settings(QUICK, max_examples=20)
@given(command=st.sampled_from(sorted(SEED_COMMANDS)), seed=OUT_OF_RANGE_SEEDS)
def test_any_seed_is_a_game_or_one_error(command: str, seed: int) -> None:
    args = [*SEED_COMMANDS[command], "--seed", str(seed)]
    _judge(runner.invoke(app, args, input="q\ny\n"), usage=True)


def test_a_state_file_seed_out_of_range(tmp_path: Path) -> None:
    path = tmp_path / "s.yaml"
    path.write_text(STATE_TEXT, encoding="utf-8")
    for seed in ("-1", str(2**64), "9" * 5000):
        result = runner.invoke(app, ["hint", "--state", str(path), "--seed", seed])
        assert "Traceback" not in result.stderr
        assert result.exception is None or isinstance(result.exception, SystemExit)
        if result.exit_code != 0:
            assert result.exit_code == 2, result.stderr
            assert assert_one_error(["hint", "--state", str(path), "--seed", seed], usage=True)


def _silverpyr_process(
    args: list[str], *, timeout: float, memory: int | None = None, **popen: object
) -> tuple[int | None, str]:
    """The CLI in a child process of its own group (ended whole on a timeout): exit code
    (``None``: it timed out) and stderr."""
    import os
    import signal
    import subprocess

    command = [sys.executable, "-c", "from silverpyr.cli.core.launch import main; main()", *args]
    if memory is not None:
        command = ["prlimit", f"--as={memory}", "--", *command]
    process = subprocess.Popen(
        command,
        stdin=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        start_new_session=True,
        **popen,  # type: ignore[call-overload]
    )
    try:
        _, err = process.communicate(timeout=timeout)
        code: int | None = process.returncode
    except subprocess.TimeoutExpired:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
        _, err = process.communicate()
        code = None
    with contextlib.suppress(ProcessLookupError):  # whatever it left running
        os.killpg(process.pid, signal.SIGKILL)
    return code, err.decode("utf-8", "replace")


@pytest.mark.skipif(not Path("/usr/bin/prlimit").exists(), reason="needs prlimit")
@pytest.mark.parametrize(
    "args",
    [
        pytest.param(
            ["arena", "--games", str(10**9), "--workers", "0"],
            id="games",
        ),
        pytest.param(
            ["arena", "--games", "2", "--workers", str(10**9)],
            id="workers",
        ),
    ],
)
def test_huge_games_and_workers_end_quickly(tmp_path: Path, args: list[str]) -> None:
    """A huge count is refused, or at least ends, within 30 s and 3 GiB of address space."""
    import os
    import subprocess

    env = {**os.environ, "SILVERPYR_HOME": str(tmp_path)}
    env.pop("DASK_SCHEDULER_ADDRESS", None)
    code, stderr = _silverpyr_process(
        [*args, "--plain"],
        timeout=30,
        memory=3 * 2**30,
        stdout=subprocess.DEVNULL,
        env=env,
        cwd=tmp_path,
    )
    assert code is not None, "timed out"
    assert "Traceback" not in stderr
    lines = _lines(stderr)
    assert code == 2 and lines and lines[0].startswith("error: "), (code, stderr)
    assert len(lines) == 1, stderr


# --- game --record at what is not a plain new file ---------------------------------------


def _record_target(tmp_path: Path, kind: str) -> Path:
    import os

    target = tmp_path / "rec"
    if kind == "directory":
        target.mkdir()
    elif kind == "symlink to a directory":
        (tmp_path / "adir").mkdir()
        target.symlink_to(tmp_path / "adir")
    elif kind == "missing folder":
        target = tmp_path / "missing" / "sub" / "rec.json"
    elif kind == "a file as its folder":
        (tmp_path / "afile").write_bytes(b"x")
        target = tmp_path / "afile" / "rec.json"
    elif kind == "fifo":
        os.mkfifo(target)
    return target


@QUICK
@given(
    kind=st.sampled_from(
        ["directory", "symlink to a directory", "missing folder", "a file as its folder"]
    ),
    answers=st.sampled_from(["q\ny\n", "7 35\nq\ny\n", ""]),
)
def test_game_record_at_a_place_that_cannot_hold_it(
    tmp_path_factory: pytest.TempPathFactory, kind: str, answers: str
) -> None:
    folder = tmp_path_factory.mktemp("record")
    target = _record_target(folder, kind)
    args = ["game", "--seed", "5", "--moves", "-", "--plain", "--record", str(target)]
    result = runner.invoke(app, args, input=answers, env={"SILVERPYR_HOME": str(folder)})
    assert "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = _lines(result.stderr)
    assert result.exit_code == 2, result.stderr
    assert lines[0].startswith("error: ") and len(lines) <= 2, result.stderr
    if kind == "symlink to a directory":
        assert target.is_symlink()


def test_game_record_at_a_fifo_neither_hangs_nor_replaces_it(tmp_path: Path) -> None:
    import os
    import subprocess

    target = _record_target(tmp_path, "fifo")
    moves = tmp_path / "m.txt"
    moves.write_text("q\ny\n", encoding="utf-8")
    args = ["game", "--seed", "5", "--moves", str(moves), "--plain", "--record", str(target)]
    env = {**os.environ, "SILVERPYR_HOME": str(tmp_path)}
    code, stderr = _silverpyr_process(args, timeout=60, stdout=subprocess.DEVNULL, env=env)
    assert code is not None, "hangs"
    assert "Traceback" not in stderr
    assert target.is_fifo(), "the FIFO was replaced by a regular file"
    if code != 0:
        lines = _lines(stderr)
        assert code == 2 and len(lines) == 1 and lines[0].startswith("error: "), stderr


# --- a pipe whose reader goes away -------------------------------------------------------

PIPE_COMMANDS = {
    "cards list": ["cards", "list"],
    "cards show": ["cards", "show", "1"],
    "route": ["route", "3"],
    "solve": ["solve", "--card", "17", "--expeditions", "I3"],
    "puzzle": ["puzzle", "--seed", "7", "--no-record", "--moves", "q!"],
    "stats": ["stats"],
    "version": ["--version"],
    "help": ["--help"],
}


@settings(QUICK, max_examples=8)
@given(
    command=st.sampled_from(sorted(PIPE_COMMANDS)),
    style=st.sampled_from([[], ["--plain"], ["--json"]]),
    take=st.integers(0, 64),
)
def test_a_reader_that_goes_away_ends_the_command_quietly(
    tmp_path_factory: pytest.TempPathFactory, command: str, style: list[str], take: int
) -> None:
    """``silverpyr ... | head -c N``: exit 0 and nothing on stderr, whatever N."""
    import os
    import threading

    args = PIPE_COMMANDS[command] + ([] if command in ("version", "help") else style)
    read_end, write_end = os.pipe()

    def reader() -> None:
        if take:
            os.read(read_end, take)
        os.close(read_end)

    if take:
        thread = threading.Thread(target=reader, daemon=True)
        thread.start()
    else:
        reader()
    env = {**os.environ, "SILVERPYR_HOME": str(tmp_path_factory.mktemp("pipe"))}
    try:
        code, stderr = _silverpyr_process(args, timeout=60, stdout=write_end, env=env)
    finally:
        os.close(write_end)
    assert code == 0, (code, stderr)
    assert not _lines(stderr), stderr
