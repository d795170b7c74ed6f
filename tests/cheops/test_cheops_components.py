"""Cheops's components file (Rulings C1, C3): the bundled original file and the strict reader."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
import yaml
from hypothesis import given, settings
from hypothesis import strategies as st
from quick_yaml import write_yaml

from silverpyr.solver.cheops.board import Space, parse_space
from silverpyr.solver.cheops.components import (
    COLOUR_LETTERS,
    COLOURS,
    CheopsDataError,
    Entry,
    PriceBoard,
    bundled_components_path,
    check_components_file,
    components_summary,
    load_components,
    parse_components,
    rising_problems,
)
from silverpyr.solver.core.errors import SilverpyrError

COMPONENTS = load_components()
BUNDLED: dict[str, Any] = yaml.safe_load(bundled_components_path().read_text(encoding="utf-8"))


def _problems(tmp_path: Path, change: Callable[[dict[str, Any]], None]) -> list[str]:
    """Every problem (as its one line) of the bundled file after ``change``."""
    data = copy.deepcopy(BUNDLED)
    change(data)
    path = write_yaml(tmp_path / "mine.yaml", data)
    components, problems = check_components_file(path)
    assert components is None
    lines = [str(problem) for problem in problems.found]
    assert lines and all(line.startswith(f"{path}: ") for line in lines)
    with pytest.raises(CheopsDataError) as caught:
        load_components(path)
    assert str(path) in str(caught.value) and "\n" not in str(caught.value)
    return lines


def test_ruling_c1_the_bundled_file_is_original_and_says_so() -> None:
    header = bundled_components_path().read_text(encoding="utf-8").split("format:")[0]
    assert "ORIGINAL" in header and "NOT a transcription" in header
    assert "not published" in header and "--cards" in header


def test_ruling_c1_the_bundled_components() -> None:
    c = COMPONENTS
    assert len(c.eyes) == 6 == len(set(c.eyes))
    assert c.eyes == tuple(sorted(c.eyes))
    assert any(eye.row > 0 for eye in c.eyes) and len({eye.row for eye in c.eyes}) >= 4
    assert all(eye.row <= 6 for eye in c.eyes)
    assert c.law7_number == 20 and c.start_money == 10
    assert [len(c.of_type(t)) for t in ("I", "II", "III")] == [6, 6, 4]
    assert len({board.name for board in c.boards}) == 16
    for board in c.boards:
        assert 5 <= len(board.entries) <= 8
        kinds = {entry.kind for entry in board.entries}
        if board.type == "I":
            assert kinds == {"plain"}
        elif board.type == "II":
            assert kinds == {"plain", "times"}
            assert board.entries[0].kind == "plain"
        else:
            assert "majority" in kinds
        top, bottom = board.entries[0], board.entries[-1]
        # the rulebook's market: stored values start below the sale price of 10 and rise
        assert top.kind in ("plain", "majority") and 2 <= top.a <= 5 < 10
        assert bottom.kind == "times" or 22 <= bottom.a <= 28
        assert rising_problems(board.entries) == []
    assert COLOURS == ("blue", "red", "green", "yellow", "black", "white")
    assert COLOUR_LETTERS == "URGYKW"


def test_the_bundled_file_is_loaded_once_and_named() -> None:
    assert load_components() is COMPONENTS
    assert COMPONENTS.source == "cheops.yaml (bundled)"
    assert len(COMPONENTS.fingerprint) == 16
    int(COMPONENTS.fingerprint, 16)


def test_entry_labels() -> None:
    assert Entry("plain", 30).label == "30" and Entry("plain", 30).text == "30"
    assert Entry("times", 5).label == "\u00d75" and Entry("times", 5).text == "x5"
    assert Entry("majority", 20, 15).label == "20/15" == Entry("majority", 20, 15).text
    board = COMPONENTS.of_type("II")[0]
    assert board.labels == ("3", "6", "\u00d72", "13", "18", "24")


def test_entries_in_every_spelling(tmp_path: Path) -> None:
    data = copy.deepcopy(BUNDLED)
    data["boards"][6]["entries"] = [3, "X 1", "\u00d74", 12, 16, 20]
    data["boards"][12]["entries"] = ["4 / 2", "7/4", 9, 10, "26/17"]
    loaded = load_components(write_yaml(tmp_path / "mine.yaml", data))
    assert loaded.boards[6].entries[1:3] == (Entry("times", 1), Entry("times", 4))
    assert loaded.boards[12].entries[0] == Entry("majority", 4, 2)


def test_the_file_round_trips_and_the_fingerprint_is_the_content(tmp_path: Path) -> None:
    summary = components_summary(COMPONENTS)
    data = {
        "format": 1,
        "eyes": list(reversed(summary["eyes"])),  # order of the eyes does not matter
        "law7_number": summary["law7_number"],
        "start_money": summary["start_money"],
        "boards": [
            {"name": b["name"], "type": b["type"], "entries": b["text"]} for b in summary["boards"]
        ],
    }
    path = tmp_path / "again.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    again = load_components(path)
    assert again == COMPONENTS and again.fingerprint == COMPONENTS.fingerprint
    assert again.source == str(tmp_path / "again.json")


@pytest.mark.parametrize(
    "change",
    [
        lambda d: d.update(law7_number=30),
        lambda d: d.update(start_money=21),
        lambda d: d["eyes"].__setitem__(0, "a1"),
        lambda d: d["boards"][0]["entries"].__setitem__(0, 1),
        lambda d: d["boards"][0].update(name="other"),
        lambda d: d["boards"].insert(0, d["boards"].pop(1)),  # the order of the boards
    ],
)
def test_the_fingerprint_follows_the_content(
    tmp_path: Path, change: Callable[[dict[str, Any]], None]
) -> None:
    data = copy.deepcopy(BUNDLED)
    change(data)
    assert (
        load_components(write_yaml(tmp_path / "mine.yaml", data)).fingerprint
        != COMPONENTS.fingerprint
    )


def test_components_made_in_code_are_checked_too() -> None:
    again = dataclasses.replace(COMPONENTS, law7_number=30)
    assert again.fingerprint != COMPONENTS.fingerprint
    with pytest.raises(CheopsDataError, match="6 distinct eye spaces"):
        dataclasses.replace(COMPONENTS, eyes=(*COMPONENTS.eyes[:5], COMPONENTS.eyes[0]))
    short = PriceBoard("short", "I", (Entry("plain", 3),))
    with pytest.raises(CheopsDataError, match="1 entries; a board has 2 to 12"):
        dataclasses.replace(COMPONENTS, boards=(short, *COMPONENTS.boards[1:]))


def test_the_summary() -> None:
    summary = components_summary(COMPONENTS)
    assert summary["eyes"] == ["b3", "c7", "d4", "e6", "f2", "g4"]
    assert [parse_space(eye) for eye in summary["eyes"]] == list(COMPONENTS.eyes)
    assert summary["boards_by_type"] == {"I": 6, "II": 6, "III": 4}
    assert summary["boards"][0] == {
        "name": "I-1",
        "type": "I",
        "entries": ["3", "5", "8", "11", "15", "20", "26"],
        "text": [3, 5, 8, 11, 15, 20, 26],
    }
    assert summary["law7_number"] == 20 and summary["start_money"] == 10
    assert summary["fingerprint"] == COMPONENTS.fingerprint


# --- each kind of bad file gives its problem, at its key -------------------------------------

BadFile = tuple[str, Callable[[dict[str, Any]], None], str, str]
"""A bad file: its case (the test id), the change to the bundled data, where and what is wrong."""


def _bad_board(case: str, board: int, part: str, **fields: object) -> BadFile:
    """The bad file whose board ``board`` has ``fields`` changed: the problem is at the
    field, the board named as it now is (``boards[3] (I-4).price``)."""
    label = fields.get("name", BUNDLED["boards"][board]["name"])
    [field] = fields
    where = f"boards[{board}] ({label}).{field}"
    return case, lambda d: d["boards"][board].update(fields), where, part


def _bad_entry(case: str, board: int, index: int, value: object, part: str) -> BadFile:
    """The bad file whose board ``board`` has ``value`` as its entry ``index``: the problem
    is at that entry (``boards[1] (I-2).entries[3]``)."""
    label = BUNDLED["boards"][board]["name"]
    where = f"boards[{board}] ({label}).entries[{index}]"
    return case, lambda d: d["boards"][board]["entries"].__setitem__(index, value), where, part


BAD_FILES: list[BadFile] = [
    ("unknown key", lambda d: d.update(colour="red"), "colour", "unknown field"),
    _bad_board("unknown board key", 3, "unknown field", price=3),
    ("missing key", lambda d: d.pop("start_money"), "start_money", "missing"),
    ("wrong format", lambda d: d.update(format=2), "format", "not a whole number from 1 to 1"),
    (
        "law 7 as text",
        lambda d: d.update(law7_number="25"),
        "law7_number",
        "expected a whole number from 0 to 999, not the text '25'",
    ),
    (
        "money as true",
        lambda d: d.update(start_money=True),
        "start_money",
        "expected a whole number from 0 to 999, not true",
    ),
    ("money too high", lambda d: d.update(start_money=5000), "start_money", "0 to 999"),
    ("five eyes", lambda d: d["eyes"].pop(), "eyes", "expected 6 eye spaces, not 5"),
    ("eyes not a list", lambda d: d.update(eyes="b3"), "eyes", "a list of 6 eye spaces"),
    ("duplicate eye", lambda d: d["eyes"].__setitem__(5, "B3"), "eyes[5]", "b3 is given twice"),
    ("eye off the board", lambda d: d["eyes"].__setitem__(2, "k2"), "eyes[2]", "not on the board"),
    ("eye not a space", lambda d: d["eyes"].__setitem__(1, "3b"), "eyes[1]", "not on the board"),
    ("eye a number", lambda d: d["eyes"].__setitem__(0, 4), "eyes[0]", "a space such as b3"),
    ("15 boards", lambda d: d["boards"].pop(), "boards", "expected 16 price boards, not 15"),
    (
        "wrong type counts",
        lambda d: d["boards"][6].update(type="I"),
        "boards",
        "7 boards of type I; a file has exactly 6",
    ),
    _bad_board("bad type", 0, "'IV'", type="IV"),
    _bad_board("type a number", 0, "I, II", type=1),
    _bad_board("duplicate name", 5, "used twice (also boards[0])", name="I-1"),
    _bad_board("bad name", 5, "not a name", name="!"),
    _bad_board("one entry", 2, "expected 2 to 12 entries, not 1", entries=[5]),
    (
        "a falling board",
        lambda d: d["boards"][0].update(entries=[40, 30, 22, 15, 10, 5, 0]),
        "boards[0] (I-1).entries[1]",
        "the numbers fall from 40 at the top to 0 at the bottom: a board's numbers rise "
        "from the top entry to the bottom one",
    ),
    _bad_entry("not rising", 1, 3, 9, "9 does not rise above 10 above it"),
    _bad_entry("equal plain numbers", 1, 1, 4, "4 does not rise above 4"),
    _bad_entry("multipliers not rising", 6, 4, "x2", "\u00d72 does not rise above \u00d72"),
    _bad_entry("pair falling", 12, 2, "7/3", "7/3 does not rise above 7/4"),
    _bad_entry("pair the wrong way round", 12, 4, "3/8", "x >= y"),
    _bad_entry("bad entry text", 7, 0, "thirty", "'thirty' is not an entry"),
    _bad_entry(
        "plain entry as text",
        7,
        0,
        "30",
        "'30' is text: a plain entry is a whole number, unquoted (30)",
    ),
    _bad_entry("entry a float", 7, 0, 30.5, "not the number 30.5"),
    _bad_entry("multiplier zero", 7, 1, "x0", "x1 to x99"),
    _bad_entry("negative", 0, 6, -1, "0 to 999"),
    ("board a list", lambda d: d["boards"].__setitem__(4, [1, 2]), "boards[4]", "board mapping"),
    ("not a mapping", lambda d: (d.clear(), d.update({"x": 1})), "x", "unknown field"),
]


@pytest.mark.parametrize(
    ("change", "where", "part"), [b[1:] for b in BAD_FILES], ids=[b[0] for b in BAD_FILES]
)
def test_each_bad_file_names_its_problem(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], where: str, part: str
) -> None:
    lines = _problems(tmp_path, change)
    assert any(f": {where}: " in line and part in line for line in lines), lines


def test_a_falling_board_is_one_line(tmp_path: Path) -> None:
    """The boards of the old, backwards market are refused, each with one line."""
    lines = _problems(tmp_path, lambda d: d["boards"][0].update(entries=[40, 30, 22, 15, 10, 5, 0]))
    assert len(lines) == 1 and "rise from the top entry to the bottom one" in lines[0]
    assert rising_problems((Entry("plain", 3), Entry("plain", 8))) == []
    assert rising_problems((Entry("majority", 3, 2), Entry("majority", 3, 3))) == []
    assert rising_problems((Entry("majority", 3, 2), Entry("majority", 4, 1)))
    assert rising_problems((Entry("plain", 30), Entry("times", 2), Entry("plain", 31))) == []


def test_two_problems_are_both_named(tmp_path: Path) -> None:
    def change(d: dict[str, Any]) -> None:
        d["eyes"][0] = "z9"
        d["boards"][2]["entries"] = [5]

    lines = _problems(tmp_path, change)
    assert len(lines) == 2
    assert ": eyes[0]: " in lines[0] and ": boards[2] (I-3).entries: " in lines[1]


@pytest.mark.parametrize(
    ("content", "part"),
    [
        (b"format: 1\nformat: 1\n", "given twice"),
        (b"[1, 2", "not valid YAML"),
        (b"\xff\xfe\xfa", "not UTF-8"),
        (b"", "expected a mapping of format"),
    ],
)
def test_unreadable_files_are_one_problem(tmp_path: Path, content: bytes, part: str) -> None:
    path = tmp_path / "broken.yaml"
    path.write_bytes(content)
    with pytest.raises(CheopsDataError) as caught:
        load_components(path)
    assert part in str(caught.value) and str(path) in str(caught.value)
    assert isinstance(caught.value, SilverpyrError) and isinstance(caught.value, ValueError)


def test_a_missing_file(tmp_path: Path) -> None:
    with pytest.raises(CheopsDataError, match="no such file"):
        load_components(tmp_path / "none.yaml")


def test_parse_components_raises_when_given_no_problems() -> None:
    data = copy.deepcopy(BUNDLED)
    data["law7_number"] = -3
    with pytest.raises(CheopsDataError, match=r"here: law7_number: -3 is not a whole number"):
        parse_components(data, "here")
    assert parse_components(copy.deepcopy(BUNDLED), "here") == COMPONENTS


@settings(max_examples=60, deadline=None)
@given(
    st.lists(
        st.one_of(
            st.integers(-5, 1200),
            st.from_regex(r"[x\u00d7][0-9]{1,3}", fullmatch=True),
            st.from_regex(r"[0-9]{1,3}/[0-9]{1,3}", fullmatch=True),
            st.text(max_size=5),
            st.booleans(),
        ),
        max_size=14,
    )
)
def test_any_entries_load_or_are_named(entries: list[Any]) -> None:
    """Any list of entries gives a board or problems at that board's key, never a crash."""
    data = copy.deepcopy(BUNDLED)
    data["boards"][9]["entries"] = entries
    try:
        loaded = parse_components(data, "fuzz")
    except CheopsDataError as error:
        assert all(p.where.startswith("boards[9] (II-4).entries") for p in error.problems), (
            error.problems
        )
        return
    assert loaded is not None
    board = loaded.boards[9]
    assert 2 <= len(board.entries) <= 12 and rising_problems(board.entries) == []


def test_a_space_is_what_the_eyes_hold() -> None:
    assert all(isinstance(eye, Space) for eye in COMPONENTS.eyes)


YAML_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 1000) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner),
    max_leaves=12,
)


@settings(max_examples=80, deadline=None)
@given(
    st.sampled_from(["format", "eyes", "law7_number", "start_money", "boards", "other"]),
    YAML_VALUES,
)
def test_any_value_at_any_key_is_loaded_or_named(key: str, value: Any) -> None:
    """Whatever a key holds, the reader gives components or problems, never a crash."""
    data = copy.deepcopy(BUNDLED)
    data[key] = value
    try:
        parse_components(data, "fuzz")
    except CheopsDataError as error:
        assert error.problems and all(p.source == "fuzz" for p in error.problems)
        assert all(p.where.startswith(key) for p in error.problems), error.problems


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 15), st.sampled_from(["name", "type", "entries", "extra"]), YAML_VALUES)
def test_any_value_in_a_board_is_loaded_or_named(number: int, key: str, value: Any) -> None:
    data = copy.deepcopy(BUNDLED)
    data["boards"][number][key] = value
    try:
        parse_components(data, "fuzz")
    except CheopsDataError as error:
        assert all(p.where.startswith("boards") for p in error.problems), error.problems


def test_components_pickle_and_hash_as_their_content() -> None:
    """A Dask worker gets the same components (the fingerprint travels with them)."""
    again = pickle.loads(pickle.dumps(COMPONENTS))
    assert again == COMPONENTS and hash(again) == hash(COMPONENTS)
    assert again.fingerprint == COMPONENTS.fingerprint and again.source == COMPONENTS.source
    assert pickle.loads(pickle.dumps(COMPONENTS.eyes[0])) == COMPONENTS.eyes[0]
