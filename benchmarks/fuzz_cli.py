"""Throws generated bad inputs at the installed ``silverpyr`` and tallies how it answers.

The error contract (README, "Errors"): every bad input gets one line on stderr starting
``error:`` (a usage error may add one line pointing to ``--help``) and exit code 2; never a
traceback, a crash or a hang. A damaged stats database is the one exception by design:
the damaged rows are skipped with ``warning:`` lines and the command goes on (exit 0).

Seven classes of input, each generated from a seeded stream (the same cases every run):

* ``args``: command-line arguments (bad types, ranges, choices, unknown or missing options);
* ``cards``: card files (``--cards``), mutated from the bundled deck or hostile outright;
* ``puzzle``: puzzle files (``puzzle --file``);
* ``state``: ``hint --state`` files (mark, keep and replacement views);
* ``record``: game records (``hint --game``, with and without ``--review``);
* ``moves``: ``--moves`` scripts (``puzzle``, ``daily``, ``hint``, ``game``);
* ``stats``: damaged stats databases (``stats``, ``daily``).

Each case runs in a fresh temporary folder with its own ``SILVERPYR_HOME``. The tally per
class: clean / multi-line / traceback / crash / wrong exit / hang. ``--show KIND`` prints
the cases of one outcome (e.g. ``--show traceback``) with their stderr.

    .venv/bin/python benchmarks/fuzz_cli.py --jobs 2
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sqlite3
import subprocess
import sys
import tempfile
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from timing import console_script  # benchmarks/timing.py, beside this script

from silverpyr.solver.deckfile import bundled_deck_path
from silverpyr.solver.rng import SeededStream

OUTCOMES = ("clean", "accepted", "multi-line", "traceback", "crash", "wrong exit", "hang")
"""``accepted``: the generated input turned out valid (exit 0, nothing on stderr), e.g. a
mutation that only touched a comment, or a digit Python reads as a number (``'٣'``)."""
FAILURES = ("multi-line", "traceback", "crash", "wrong exit", "hang")
TIMEOUT_SECONDS = 60.0


@dataclass
class Case:
    """One bad input: the arguments, the files to write first, stdin, and a stats database."""

    kind: str
    name: str
    argv: list[str]
    files: dict[str, bytes] = field(default_factory=dict)
    stdin: bytes = b""
    database: Callable[[Path], None] | None = None
    env: dict[str, str] = field(default_factory=dict)


@dataclass
class Result:
    case: Case
    outcome: str
    code: int | None
    stderr: str
    seconds: float


# --- running and judging ---------------------------------------------------------------------


def judge(case: Case, code: int | None, stderr: str) -> str:
    """The outcome of one run (see the module docstring)."""
    if code is None:
        return "hang"
    if "Traceback (most recent call last)" in stderr:
        return "traceback"
    if code < 0 or code >= 128:
        return "crash"
    lines = [line for line in stderr.splitlines() if line.strip()]
    if case.kind == "stats" and code == 0:
        return "clean" if all(line.startswith("warning:") for line in lines) else "multi-line"
    if code == 0 and not lines:
        return "accepted"
    if code != 2:
        return "wrong exit"
    if not lines or not lines[0].startswith("error: "):
        return "multi-line"
    if len(lines) == 1 or (len(lines) == 2 and "--help" in lines[1]):
        return "clean"
    return "multi-line"


def run(exe: Path, case: Case) -> Result:
    with tempfile.TemporaryDirectory(prefix="silverpyr-fuzz-") as tmp:
        folder = Path(tmp)
        home = folder / "home"
        home.mkdir()
        for name, content in case.files.items():
            (folder / name).write_bytes(content)
        if case.database is not None:
            case.database(home)
        env = {**os.environ, "SILVERPYR_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "100"}
        env.update(case.env)
        started = time.perf_counter()
        try:
            done = subprocess.run(
                [str(exe), *case.argv],
                cwd=folder,
                input=case.stdin,
                capture_output=True,
                env=env,
                timeout=TIMEOUT_SECONDS,
            )
            code: int | None = done.returncode
            stderr = done.stderr.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            code, stderr = None, "(timed out)"
        seconds = time.perf_counter() - started
    return Result(case, judge(case, code, stderr), code, stderr, seconds)


# --- generators ----------------------------------------------------------------------------

BAD_INTS = ("abc", "1.5", "", "-1", "99999999999999999999", "nan", "1e3", "0x10", "--", "٣")
BAD_FLOATS = ("abc", "nan", "-inf", "inf", "", "-1", "0", "1e400", "1,5")
UNKNOWN = ("--frobnicate", "-z", "--jsn", "--card=", "---", "--seed=1=2")

INT_OPTIONS: dict[str, tuple[str, ...]] = {
    "solve --card 17 --expeditions I3": (
        "--round",
        "--turn-in-round",
        "--skulls",
        "--red",
        "--green",
        "--seed",
    ),
    "hint --card 17 --expeditions I3,L3": ("--round", "--turn", "--level"),
    "puzzle --no-record --moves q": ("--seed",),
    "game --moves -": ("--players",),
    "score --torches 1 --pyramid-points 0 --red 0 --green 0 --skulls 0": ("--completed",),
    "route": (),
    "cards show": (),
}
FLOAT_OPTIONS = {
    "solve --card 17 --expeditions I3": ("--time-limit",),
    "hint --card 17 --expeditions I3,L3": ("--time-limit",),
}
OUT_OF_RANGE = (
    "solve --card 17 --expeditions I3 --round 5",
    "solve --card 17 --expeditions I3 --turn-in-round 0",
    "solve --card 17 --expeditions I3 --turn-in-round 8",
    "solve --card 17 --expeditions I3 --skulls 11",
    "solve --card 17 --expeditions I3 --red -1",
    "solve --card 99 --expeditions I3",
    "solve --card 0 --expeditions I3",
    "solve --card 17 --card 17 --expeditions I3",
    "solve --card 1 --card 2 --card 3 --expeditions I3",
    "solve --card 17 --expeditions I3,I3,I3",
    "solve --card 17 --expeditions Q9",
    "solve --card 17 --expeditions ,,,",
    "solve --card 17 --expeditions " + ",".join(["I2"] * 29),
    "solve --card 17 --expeditions I3 --marked 17:Z9",
    "solve --card 17 --expeditions I3 --marked 17",
    "solve --card 17 --expeditions I3 --marked 18:A1",
    "solve --card 17 --expeditions I3 --objective fastest",
    "hint --card 1 --card 2 --card 3 --expeditions I3",
    "hint --card 17 --expeditions I3 --round 5",
    "hint --card 17 --expeditions I3 --level 4",
    "hint --puzzle nope",
    "hint --puzzle daily-2026-13-01",
    "hint --samples 0 --card 17 --expeditions I3",
    "puzzle --seed -5 --no-record --moves q",
    "puzzle --kind marathon --no-record --moves q",
    "puzzle --id custom-zzzz --no-record --moves q",
    "puzzle --id daily-2026-02-30 --no-record --moves q",
    "daily --date 2026-02-30 --no-record --moves q",
    "daily --date yesterday --no-record --moves q",
    "daily --date 2026/11/22 --no-record --moves q",
    "game --players 0 --moves -",
    "game --players 5 --moves -",
    "route 0",
    "route 49",
    "route abc",
    "cards show 0",
    "cards show 49",
    "cards show x",
    "cards validate missing.yaml",
    "cards frob",
    "score --torches 5 --pyramid-points 0 --red 0 --green 0 --skulls 0 --completed 0",
    "score --torches 1 --pyramid-points 1 --red 0 --green 0 --skulls 0 --completed 0",
    "score --torches 1 --pyramid-points 0 --red 11 --green 0 --skulls 0 --completed 0",
    "puzzle --file missing.yaml --no-record --moves q",
    "hint --state missing.yaml",
    "--cards missing.yaml cards show 1",
    "solve",
    "frobnicate",
    "hint",
)


def args_cases(stream: SeededStream) -> Iterator[Case]:
    for base, options in INT_OPTIONS.items():
        for option in options:
            for bad in BAD_INTS:
                yield Case("args", f"{base} {option} {bad!r}", [*base.split(), option, bad])
    for base, options in FLOAT_OPTIONS.items():
        for option in options:
            for bad in BAD_FLOATS:
                yield Case("args", f"{base} {option} {bad!r}", [*base.split(), option, bad])
    for line in OUT_OF_RANGE:
        yield Case("args", line, line.split())
    commands = [base.split() for base in INT_OPTIONS] + [["stats"], ["daily"], ["cards", "list"]]
    for argv in commands:
        for bad in UNKNOWN:
            yield Case("args", f"{' '.join(argv)} {bad}", [*argv, bad])
        if argv[-1].startswith("-"):
            continue
        yield Case("args", f"{' '.join(argv)} --json --json=x", [*argv, "--json=x"])
    for _ in range(40):
        argv = list(stream.choice(commands))
        argv.insert(stream.below(len(argv) + 1), stream.choice(UNKNOWN + BAD_INTS[:3]))
        yield Case("args", " ".join(argv), argv)


def _deck_text() -> str:
    return bundled_deck_path().read_text(encoding="utf-8")


CARD_MUTATIONS: tuple[tuple[str, str], ...] = (
    ("color: purple", "color: [purple]"),
    ("color: purple", "color: 7"),
    ("color: purple", "color: pink"),
    ("number: 1\n", "number: one\n"),
    ("number: 1\n", "number: 1.5\n"),
    ("number: 1\n", "number: -3\n"),
    ("number: 1\n", "number: 2\n"),
    ("number: 1\n", "number: null\n"),
    ("format: 1", "format: 2"),
    ("format: 1", "format: [1]"),
    ("pyramids:", "pyramidz:"),
    ("expeditions:", "expedition:"),
    ("count: 2", "count: 99"),
    ("count: 2", "count: -1"),
    ("count: 2", "count: two"),
    ("name: I2", "name: i2"),
    ("name: I2", "name: [I2]"),
    ("room:", "room: 5"),
    ("room:", "rooms:"),
)


def _hostile_yaml(stream: SeededStream) -> Iterator[tuple[str, bytes]]:
    yield "nested lists", b"[" * 100_000
    yield "nested maps", b"{a: " * 50_000
    yield (
        "billion laughs",
        (
            b"a: &a [x, x, x, x, x, x, x, x, x]\n"
            + b"".join(
                f"{chr(98 + i)}: &{chr(98 + i)} [{', '.join(['*' + chr(97 + i)] * 9)}]\n".encode()
                for i in range(8)
            )
        ),
    )
    yield "25 MB of comments", b"# padding\n" * 2_500_000
    yield "empty", b""
    yield "null", b"null\n"
    yield "a list", b"- 1\n- 2\n"
    yield "a scalar", b"42\n"
    yield "tabs", b"format:\t1\n"
    yield "binary", bytes(stream.below(256) for _ in range(4096))
    yield "utf-16 without bom", _deck_text().encode("utf-16-le")
    yield "latin-1", _deck_text().replace("#", "\u00e9").encode("latin-1", "replace")
    yield "python tag", b"!!python/object/apply:os.system ['true']\n"
    yield "unclosed quote", b'format: "1\n'
    yield "duplicate keys", b"format: 1\nformat: 1\n"
    yield "nul bytes", b"format: 1\x00\n"


def cards_cases(stream: SeededStream) -> Iterator[Case]:
    text = _deck_text()
    commands = (["cards", "show", "1"], ["route", "3"], ["cards", "list"])
    for old, new in CARD_MUTATIONS:
        for argv in commands:
            yield Case(
                "cards",
                f"{old!r}->{new!r} ({' '.join(argv)})",
                ["--cards", "bad.yaml", *argv],
                files={"bad.yaml": text.replace(old, new, 1).encode()},
            )
    lines = text.splitlines(keepends=True)
    for n in range(180):
        mutated = list(lines)
        index = stream.below(len(mutated))
        action = stream.below(4)
        if action == 0:
            del mutated[index]
        elif action == 1:
            mutated.insert(index, stream.choice(lines))
        elif action == 2:
            line = mutated[index]
            if line.strip():
                cut = stream.below(len(line))
                mutated[index] = line[:cut] + stream.choice("#:[]{}-&*!|>'\"xE?") + line[cut:]
        else:
            mutated[index] = mutated[index].upper()
        candidate = "".join(mutated)
        if candidate == text:
            continue
        argv = list(stream.choice(commands))
        yield Case(
            "cards",
            f"mutation {n}",
            ["--cards", "bad.yaml", *argv],
            files={"bad.yaml": candidate.encode()},
        )
    for name, content in _hostile_yaml(stream):
        for argv in commands[:2]:
            yield Case(
                "cards",
                f"{name} ({' '.join(argv)})",
                ["--cards", "bad.yaml", *argv],
                files={"bad.yaml": content},
            )
    # --cards after the subcommand, with a bad file.
    yield Case(
        "cards",
        "bad file after the subcommand",
        ["cards", "show", "1", "--cards", "bad.yaml"],
        files={"bad.yaml": b"format: 9\n"},
    )


PUZZLE = """format: 1
id: '3'
cards: [22]
round: 1
turn_in_round: 3
expeditions: [L3, I3, I3, I2, L4]
objective: points
start:
  marked: {}
  red: 0
  green: 0
  skulls: 0
  torches: [false, false, false, false]
par: 16
difficulty: 2
"""

PUZZLE_MUTATIONS: tuple[tuple[str, str], ...] = (
    ("cards: [22]", "cards: 22"),
    ("cards: [22]", "cards: [99]"),
    ("cards: [22]", "cards: []"),
    ("cards: [22]", "cards: [22, 22]"),
    ("cards: [22]", "cards: [1, 2, 3]"),
    ("cards: [22]", "cards: [[22]]"),
    ("cards: [22]", "cards: ['x']"),
    ("round: 1", "round: 9"),
    ("round: 1", "round: one"),
    ("turn_in_round: 3", "turn_in_round: 0"),
    ("expeditions: [L3, I3, I3, I2, L4]", "expeditions: [L3, I3, I3, I3]"),
    ("expeditions: [L3, I3, I3, I2, L4]", "expeditions: []"),
    ("expeditions: [L3, I3, I3, I2, L4]", "expeditions: [Q9]"),
    ("expeditions: [L3, I3, I3, I2, L4]", "expeditions: L3"),
    ("expeditions: [L3, I3, I3, I2, L4]", "expeditions: [" + ", ".join(["I2"] * 30) + "]"),
    ("objective: points", "objective: fastest"),
    ("objective: points", "objective: [points]"),
    ("marked: {}", "marked: {'\u00b2': [A1]}"),
    ("marked: {}", "marked: {22: [Z9]}"),
    ("marked: {}", "marked: {22: [A1, E5]}"),
    ("marked: {}", "marked: {22: 5}"),
    ("marked: {}", "marked: {23: [A1]}"),
    ("marked: {}", "marked: [A1]"),
    ("red: 0", "red: 11"),
    ("red: 0", "red: -1"),
    ("red: 0", "red: zero"),
    ("skulls: 0", "skulls: 1.5"),
    ("torches: [false, false, false, false]", "torches: [true]"),
    ("torches: [false, false, false, false]", "torches: yes"),
    ("par: 16", "par: 99"),
    ("par: 16", "par: sixteen"),
    ("difficulty: 2", "difficulty: 9"),
    ("format: 1", "format: 2"),
    ("id: '3'", "id: [3]"),
    ("start:", "begin:"),
)


def puzzle_cases(stream: SeededStream) -> Iterator[Case]:
    argv = ["puzzle", "--file", "p.yaml", "--no-record", "--moves", "q"]
    for old, new in PUZZLE_MUTATIONS:
        yield Case(
            "puzzle", f"{old!r}->{new!r}", argv, {"p.yaml": PUZZLE.replace(old, new, 1).encode()}
        )
    for name, content in _hostile_yaml(stream):
        yield Case("puzzle", name, argv, {"p.yaml": content})
    for encoding in ("utf-16-le", "utf-32", "cp1252"):
        text = PUZZLE.replace("points", "p\u00f6ints")
        yield Case("puzzle", encoding, argv, {"p.yaml": text.encode(encoding, "replace")})
    yield Case(
        "puzzle",
        "json, wrong suffix",
        ["puzzle", "--file", "p.json", "--no-record", "--moves", "q"],
        {"p.json": PUZZLE.encode()},
    )
    yield Case("puzzle", "a folder", ["puzzle", "--file", ".", "--no-record", "--moves", "q"])
    for n in range(40):
        lines = PUZZLE.splitlines(keepends=True)
        index = stream.below(len(lines))
        lines[index] = lines[index].replace(":", stream.choice([": [", ": {", ":: ", " "]), 1)
        yield Case("puzzle", f"mutation {n}", argv, {"p.yaml": "".join(lines).encode()})


STATE = """round: 2
expedition: L3
seen: [I3, O4]
cards:
  - number: 12
    marks: A1 A2 B2
  - number: 30
sheet:
  red: 2
  green: 1
  skulls: 1
  torches: [1]
"""

STATE_MUTATIONS: tuple[tuple[str, str], ...] = (
    ("round: 2", "round: 5"),
    ("round: 2", "round: two"),
    ("round: 2", ""),
    ("expedition: L3", "expedition: Q9"),
    ("expedition: L3", "expedition: [L3]"),
    ("expedition: L3", ""),
    ("seen: [I3, O4]", "seen: [I3, I3, I3]"),
    ("seen: [I3, O4]", "seen: I3"),
    ("seen: [I3, O4]", "seen: [I3, O4, L4, T4, I2, I3, L3]"),
    ("seen: [I3, O4]", "seen: [O4, O4]"),
    ("- number: 12", "- number: 99"),
    ("- number: 12", "- number: twelve"),
    ("- number: 12", "- numbr: 12"),
    ("- number: 30", "- number: 12"),
    ("marks: A1 A2 B2", "marks: Z9"),
    ("marks: A1 A2 B2", "marks: [A1, A2]"),
    ("marks: A1 A2 B2", "marks: 5"),
    ("marks: A1 A2 B2", "marks: C3"),
    ("red: 2", "red: 11"),
    ("red: 2", "red: [2]"),
    ("torches: [1]", "torches: [3]"),
    ("torches: [1]", "torches: 1"),
    ("sheet:", "sheat:"),
    ("cards:", "cards: []\nold:"),
)


def state_cases(stream: SeededStream) -> Iterator[Case]:
    argv = ["hint", "--state", "s.yaml"]
    for old, new in STATE_MUTATIONS:
        yield Case(
            "state", f"{old!r}->{new!r}", argv, {"s.yaml": STATE.replace(old, new, 1).encode()}
        )
    for name, content in _hostile_yaml(stream):
        yield Case("state", name, argv, {"s.yaml": content})
    for encoding in ("utf-16-le", "utf-32", "cp1252"):
        text = STATE.replace("round", "r\u00f6und", 1)
        yield Case("state", encoding, argv, {"s.yaml": text.encode(encoding, "replace")})
    for n in range(30):
        lines = STATE.splitlines(keepends=True)
        index = stream.below(len(lines))
        lines[index] = lines[index].replace(
            ":", stream.choice([": [", ": {", ":: ", " ", ": -"]), 1
        )
        yield Case("state", f"mutation {n}", argv, {"s.yaml": "".join(lines).encode()})
    for base in (KEEP_STATE, REPLACEMENT_STATE):
        for old, new in DECISION_MUTATIONS:
            if old in base:
                changed = base.replace(old, new, 1).encode()
                yield Case(
                    "state", f"{old!r}->{new!r}", [*argv, "--rollouts", "1"], {"s.yaml": changed}
                )
    yield Case("state", "state plus --card", [*argv, "--card", "17"], {"s.yaml": STATE.encode()})
    yield Case("state", "a folder", ["hint", "--state", "."])


KEEP_STATE = "dealt: [12, 30, 5, 44]\nplayers: 2\n"
REPLACEMENT_STATE = """round: 2
expedition: L3
seen: [I3]
cards:
  - number: 30
    marks: A1
replace: 12
offer: [5, 17]
deck: 3
sheet: {completed: [1, 3], red: 1}
"""
DECISION_MUTATIONS = (
    ("dealt: [12, 30, 5, 44]", "dealt: [12, 30, 5]"),
    ("dealt: [12, 30, 5, 44]", "dealt: [12, 12, 5, 44]"),
    ("dealt: [12, 30, 5, 44]", "dealt: [12, 30, 5, 99]"),
    ("dealt: [12, 30, 5, 44]", "dealt: 12"),
    ("players: 2", "players: 5"),
    ("players: 2", "players: two"),
    ("replace: 12", "replace: 30"),
    ("replace: 12", "replace: 99"),
    ("replace: 12", "replace: [12]"),
    ("offer: [5, 17]", "offer: [5, 5]"),
    ("offer: [5, 17]", "offer: [5, 17, 20, 21, 22]"),
    ("offer: [5, 17]", "offer: []\ndeck: 0\nold:"),
    ("offer: [5, 17]", "offer: 5"),
    ("deck: 3", "deck: 99"),
    ("deck: 3", "deck: -1"),
    ("completed: [1, 3]", "completed: [1, 12]"),
    ("completed: [1, 3]", "completed: [1, 1]"),
    ("red: 1", "pyramid_points: [99]"),
    ("red: 1", "pyramid_points: 5"),
    ("seen: [I3]", "seen: [I3]\nclaimed: {red: 4}"),
    ("seen: [I3]", "seen: [I3]\nclaimed: {blue: 1}"),
    ("seen: [I3]", "seen: [I3]\nclaimed: 2"),
    ("seen: [I3]", "seen: [I3]\ndealt: [1, 2, 3, 4]"),
)


def record_text(**change: object) -> bytes:
    record = {
        "format": "silverpyr game record",
        "version": 1,
        "deck": "8da238f65ec7bdad",
        "seed": 4,
        "players": 2,
        "opponents": "greedy",
        "answers": ["19 43", "19:B1 B2 B3 C3 +19:A3"],
    }
    return json.dumps(record | change).encode()


RECORD_CHANGES: tuple[dict[str, object], ...] = (
    {"format": "chess"},
    {"format": 7},
    {"version": 2},
    {"deck": "0000000000000000"},
    {"deck": None},
    {"seed": -1},
    {"seed": 2**70},
    {"seed": "4"},
    {"players": 0},
    {"players": 9},
    {"opponents": "shark"},
    {"opponents": ["greedy"]},
    {"answers": "19 43"},
    {"answers": [19, 43]},
    {"answers": ["19 43", "Z9"]},
    {"answers": ["19 19"]},
    {"answers": ["12 30"]},
    {"answers": ["19 43", "", "x"]},
    {"answers": ["19 43"] + ["-"] * 100},
    {"answers": ["q!"]},
    {"extra": 1},
)


def record_cases(stream: SeededStream) -> Iterator[Case]:
    for review in ([], ["--review"]):
        argv = ["hint", "--game", "g.json", "--rollouts", "1", *review]
        for n, change in enumerate(RECORD_CHANGES):
            yield Case("record", f"{review} change {n}", argv, {"g.json": record_text(**change)})
        for name, content in _hostile_yaml(stream):
            yield Case("record", f"{review} {name}", argv, {"g.json": content})
        for n in range(10):
            answers = [
                stream.choice(["19 43", "19:A1", "1", "d", "q", "", "43:C1", "u", "?"])
                for _ in range(stream.between(1, 6))
            ]
            yield Case(
                "record", f"{review} answers {n}", argv, {"g.json": record_text(answers=answers)}
            )
    yield Case("record", "a folder", ["hint", "--game", "."])
    yield Case("record", "missing", ["hint", "--game", "missing.json"])
    yield Case("record", "with --state", ["hint", "--game", "g.json", "--state", "g.json"])


BAD_MOVES = (
    "Z9",
    "A1 A1",
    "A1 B1 C1 D1 E1 A2",
    "17:A1",
    "99:A1",
    "+A1",
    "A1 +",
    "A1 ++B1",
    "A1;B1;C1;D1;E1;A2;B2;C2;D2",
    ";;;",
    "? ?",
    "h h h h h",
    "u u u",
    "\u00c41",
    "A",
    "1",
    "AA11",
    "A1,B1",
    "x" * 10_000,
    "A1 B1 C1 ; q",
    "E5",
    "A5",
    "C3 C4 C5",
)


def moves_cases(stream: SeededStream) -> Iterator[Case]:
    commands = (
        ["puzzle", "--seed", "7", "--no-record", "--plain"],
        ["daily", "--date", "2026-11-22", "--no-record", "--plain"],
        ["hint", "--puzzle", "points-1", "--plain"],
    )
    for argv in commands:
        for bad in BAD_MOVES:
            yield Case("moves", f"{argv[0]} {bad[:30]!r}", [*argv, "--moves", bad])
    for n in range(40):
        bad = " ".join(
            stream.choice(["A1", "B2", "C3", "u", "?", "+", ";", "Q", "9"]) for _ in range(6)
        )
        argv = list(stream.choice(commands))
        yield Case("moves", f"random {n}", [*argv, "--moves", bad])
    for encoding in ("utf-16", "latin-1"):
        yield Case(
            "moves",
            f"moves file in {encoding}",
            ["puzzle", "--seed", "7", "--no-record", "--moves", "m.txt"],
            {"m.txt": "\u00c41 B1\n".encode(encoding)},
        )
    yield Case(
        "moves", "game: bad move", ["game", "--seed", "5", "--moves", "-"], stdin=b"1 2\nZ9\n"
    )
    yield Case("moves", "game: bad keep", ["game", "--seed", "5", "--moves", "-"], stdin=b"99 98\n")
    yield Case("moves", "game: nothing", ["game", "--seed", "5", "--moves", "-"], stdin=b"")
    yield Case(
        "moves",
        "ascii terminal",
        ["puzzle", "--seed", "7", "--no-record", "--moves", "Z9"],
        env={"PYTHONIOENCODING": "ascii"},
    )


def _database(rows: Callable[[sqlite3.Connection], None]) -> Callable[[Path], None]:
    """A database made by the installed CLI (one finished daily), then damaged by ``rows``."""

    def make(home: Path) -> None:
        exe = console_script()
        env = {**os.environ, "SILVERPYR_HOME": str(home)}
        subprocess.run(
            [str(exe), "daily", "--date", "2026-11-22", "--plain", "--moves", "q"],
            env=env,
            capture_output=True,
            timeout=TIMEOUT_SECONDS,
        )
        databases = list(home.rglob("*.sqlite3")) + list(home.rglob("*.db"))
        if databases:
            with sqlite3.connect(databases[0]) as connection:
                rows(connection)

    return make


def _tables(connection: sqlite3.Connection) -> list[str]:
    return [
        row[0] for row in connection.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
    ]


def _set_every_column(value: object) -> Callable[[sqlite3.Connection], None]:
    def damage(connection: sqlite3.Connection) -> None:
        for table in _tables(connection):
            columns = [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]
            for column in columns:
                with contextlib.suppress(sqlite3.DatabaseError):
                    connection.execute(f"UPDATE {table} SET {column} = ?", (value,))

    return damage


def _set_column(column_name: str, value: object) -> Callable[[sqlite3.Connection], None]:
    def damage(connection: sqlite3.Connection) -> None:
        for table in _tables(connection):
            columns = [row[1] for row in connection.execute(f"PRAGMA table_info({table})")]
            if column_name in columns:
                with contextlib.suppress(sqlite3.DatabaseError):  # e.g. NOT NULL holds
                    connection.execute(f"UPDATE {table} SET {column_name} = ?", (value,))

    return damage


def stats_cases(stream: SeededStream) -> Iterator[Case]:
    values: tuple[object, ...] = ("x", "", None, -1, 10**12, 1.5, b"\x00\xff", "{", "[]", "{}")
    columns = ("par", "score", "data", "puzzle_id", "date", "hints", "played_at", "value", "kind")
    commands = (["stats"], ["daily", "--date", "2026-11-22", "--plain", "--moves", "q"])
    for column in columns:
        for value in values:
            for argv in commands:
                yield Case(
                    "stats",
                    f"{column}={value!r} ({argv[0]})",
                    argv,
                    database=_database(_set_column(column, value)),
                )
    for value in values[:5]:
        yield Case(
            "stats",
            f"every column {value!r}",
            ["stats"],
            database=_database(_set_every_column(value)),
        )

    def garbage(home: Path) -> None:
        (home / "stats.sqlite3").write_bytes(bytes(stream.below(256) for _ in range(2048)))

    yield Case("stats", "garbage file", ["stats"], database=garbage)


GENERATORS = {
    "args": args_cases,
    "cards": cards_cases,
    "puzzle": puzzle_cases,
    "state": state_cases,
    "record": record_cases,
    "moves": moves_cases,
    "stats": stats_cases,
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="cases run at once")
    parser.add_argument("--seed", default="0", help="seed of the generated cases")
    parser.add_argument(
        "--only", choices=sorted(GENERATORS), action="append", help="classes to run"
    )
    parser.add_argument(
        "--show", choices=OUTCOMES, action="append", default=[], help="print these cases"
    )
    parser.add_argument("--json", type=Path, help="write every result here")
    args = parser.parse_args(argv)

    exe = console_script()
    stream = SeededStream(f"silverpyr-fuzz|{args.seed}")
    cases = [
        case
        for kind, generate in GENERATORS.items()
        if not args.only or kind in args.only
        for case in generate(stream.child(kind))
    ]
    started = time.perf_counter()
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(lambda case: run(exe, case), cases))
    wall = time.perf_counter() - started

    tally: dict[str, Counter[str]] = {kind: Counter() for kind in GENERATORS}
    for result in results:
        tally[result.case.kind][result.outcome] += 1
    width = max(len(o) for o in OUTCOMES)
    print(f"{'class':8} {'tried':>6} " + " ".join(f"{o:>{width}}" for o in OUTCOMES))
    total: Counter[str] = Counter()
    for kind, counts in tally.items():
        if not counts:
            continue
        total.update(counts)
        print(
            f"{kind:8} {sum(counts.values()):>6} "
            + " ".join(f"{counts[o]:>{width}}" for o in OUTCOMES)
        )
    print(
        f"{'all':8} {sum(total.values()):>6} " + " ".join(f"{total[o]:>{width}}" for o in OUTCOMES)
    )
    print(f"{len(results)} inputs in {wall:.0f} s with {args.jobs} jobs")
    for result in results:
        if result.outcome in args.show:
            print(
                f"\n[{result.outcome}] {result.case.kind}: {result.case.name} (exit {result.code})"
            )
            print("  " + "\n  ".join(result.stderr.strip().splitlines()[-6:]))
    if args.json:
        args.json.write_text(
            json.dumps(
                [
                    {
                        "class": r.case.kind,
                        "case": r.case.name,
                        "outcome": r.outcome,
                        "code": r.code,
                        "stderr": r.stderr[-2000:],
                    }
                    for r in results
                ],
                indent=1,
            )
        )
    bad = sum(total[o] for o in FAILURES)
    return 1 if bad else 0


if __name__ == "__main__":
    sys.exit(main())
