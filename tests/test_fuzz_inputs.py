"""Hostile and generated inputs against the error contract (README, "Errors").

Every bad input gets exactly one ``error:`` line on stderr (a usage error may add one line
pointing to ``--help``), exit code 2, and never a traceback. The corpus in
``tests/data/hostile/`` holds one file per known way to break a reader; hypothesis adds
generated card, puzzle and state files and option values. Everything runs in-process
(``CliRunner``), so this stays fast; ``benchmarks/fuzz_cli.py`` throws the same classes at
the installed command.
"""

from __future__ import annotations

import io
import sys
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from silverpyr.cli.app import app, main
from silverpyr.puzzles.catalog import deck_fingerprint
from silverpyr.solver.deckfile import bundled_deck_path, load_deck
from silverpyr.solver.reader import MAX_CARD_FILE_BYTES, MAX_FILE_BYTES

HOSTILE = Path(__file__).parent / "data" / "hostile"
runner = CliRunner()
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
    if usage and len(lines) == 2:
        assert "--help" in lines[1]
    else:
        assert len(lines) == 1, result.stderr
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
        assert len(lines) == 1 or (len(lines) == 2 and "--help" in lines[1])


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
    "deck": deck_fingerprint(load_deck()),
    "seed": 4,
    "players": 2,
    "opponents": "greedy",
    "answers": ["19 43", "19:B1 B2 B3 C3 +19:A3"],
}


def _document(keys: list[str]) -> st.SearchStrategy[dict[str, object]]:
    return st.dictionaries(st.sampled_from([*keys, "extra"]), VALUES, max_size=len(keys) + 1)


def _write(tmp_path: Path, name: str, data: object) -> Path:
    path = tmp_path / name
    path.write_text(yaml.safe_dump(data, allow_unicode=True), encoding="utf-8")
    return path


def _judge_file_run(args: list[str]) -> None:
    result = runner.invoke(app, args)
    assert "Traceback" not in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    if result.exit_code != 0:
        lines = [line for line in result.stderr.splitlines() if line.strip()]
        assert result.exit_code == 2, result.stderr
        assert len(lines) == 1 and lines[0].startswith("error: "), result.stderr


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
@given(answers=st.lists(st.sampled_from(["19 43", "19:A1", "1", "d", "q", "", "19 19", "x"])))
def test_generated_game_record_answers(tmp_path: Path, answers: list[str]) -> None:
    import json

    path = tmp_path / "game.json"
    path.write_text(json.dumps(RECORD | {"answers": answers}), encoding="utf-8")
    _judge_file_run(["hint", "--game", str(path), "--rollouts", "1"])
    _judge_file_run(["hint", "--game", str(path), "--review", "--rollouts", "1"])


@FUZZ
@given(
    card=st.dictionaries(st.sampled_from(["number", "color", "room", "extra"]), VALUES, max_size=4),
    index=st.integers(0, 47),
)
def test_generated_card_files(tmp_path: Path, card: dict[str, object], index: int) -> None:
    deck = yaml.safe_load(bundled_deck_path().read_text(encoding="utf-8"))
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
