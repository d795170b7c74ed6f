"""Throws generated bad inputs at the installed ``silverpyr`` and tallies how it answers.

The error contract (README, "Errors"): every bad input gets one line on stderr starting
``error:`` (a usage error's ends by pointing to ``--help``) and exit code 2; never a
traceback, a crash or a hang. A damaged stats database is the one exception by design:
the damaged rows are skipped with ``warning:`` lines and the command goes on (exit 0).

Twelve classes of input, each generated from a seeded stream (the same cases every run):

* ``args``: command-line arguments (bad types, ranges, choices, unknown or missing options);
* ``cards``: card files (``--cards``), mutated from the bundled deck or hostile outright;
* ``puzzle``: puzzle files (``puzzle --file``);
* ``state``: ``hint --state`` files (mark, keep and replacement views);
* ``record``: game records read (``hint --game``, with and without ``--review``) and
  written (``game --record`` at a FIFO, a folder, a symlink to a folder, a missing folder,
  ``/dev/null`` in a private mount namespace...; replacing a FIFO, a symlink or the null
  device with a plain file counts as ``wrong exit``);
* ``moves``: ``--moves`` scripts (``puzzle``, ``daily``, ``hint``, ``game``);
* ``stats``: damaged stats databases (``stats``, ``daily``);
* ``db``: every column of every table (``PRAGMA table_info`` of a database the installed
  CLI made) with a value of each wrong type, and the file itself damaged (truncated,
  empty, random bytes, a folder, ``user_version`` negative, huge or newer, a cache entry
  that is not JSON); ``stats`` and ``daily`` (resuming, then giving up) may recover with
  ``warning:`` lines or stop with one ``error:`` line; ``cards show 1`` needs no store
  and must still work;
* ``bigint``: integers over 4,300 digits in every data file kind (card file, puzzle, state
  in YAML and JSON, game record, moves) and on the command line;
* ``scheduler``: ``--scheduler`` and ``$DASK_SCHEDULER_ADDRESS`` values for ``analyze`` and
  ``arena``, among them loopback ports that refuse, that answer random bytes and that
  accept and never answer (servers on 127.0.0.1 that this script starts and stops);
* ``seeds``: ``--seed`` of every command out of range or huge, ``arena --games`` and
  ``--workers`` and ``analyze --workers``/``--orders`` huge, under an address-space limit
  (``prlimit``) and a timeout;
* ``pipe``: every printing command with a stdout reader that closes at once or after one
  byte: it must exit 0 without noise on stderr.

Each case runs in a fresh temporary folder with its own ``SILVERPYR_HOME``, in a process
group of its own (a timeout ends everything it started). The tally per class: clean /
accepted / multi-line / traceback / crash / wrong exit / hang. ``--show KIND`` prints the
cases of one outcome (e.g. ``--show traceback``) with their stderr; ``--only CLASS`` runs
some classes.

    .venv/bin/python benchmarks/fuzz_cli.py --jobs 2
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import re
import shutil
import signal
import socket
import sqlite3
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path

from timing import console_script  # benchmarks/timing.py, beside this script

from silverpyr.solver.rng import SeededStream
from silverpyr.solver.silvergold.deckfile import bundled_deck_path

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
    setup: Callable[[Path], None] | None = None
    """Prepares the case's folder (a FIFO, a symlink, a directory...) before the run."""
    check: Callable[[Path], str | None] | None = None
    """After the run: ``None``, or why the run lost data (the case then counts as wrong)."""
    expect: str = "error"
    """``error``: a bad input (one ``error:`` line and exit 2, or accepted); ``store``: a damaged
    stats database (``warning:`` lines and exit 0 count as clean); ``success``: the command
    must still work (exit 0); ``ended``: like ``error``, but exit 0 may come with lines on
    stderr (a game left at its prompt says so there); ``pipe``: stdout is a pipe whose reader
    goes away, and the command must exit 0 without noise."""
    stdout: str = "capture"
    """``capture``, ``closed`` (the reader closed before the command starts) or ``one byte``
    (the reader takes one byte, then closes)."""
    timeout: float = TIMEOUT_SECONDS
    memory: int | None = None
    """An address-space limit for the command (bytes), set with ``prlimit``."""
    wrap: tuple[str, ...] = ()
    """A command put before ``silverpyr`` (e.g. a private mount namespace)."""


@dataclass
class Result:
    case: Case
    outcome: str
    code: int | None
    stderr: str
    seconds: float


# --- running and judging ---------------------------------------------------------------------


NOISE = ("Exception ignored", "BrokenPipeError", "OSError", "ValueError: I/O operation")
"""What Python prints when a pipe's reader went away and nobody handled it."""


def judge(case: Case, code: int | None, stderr: str) -> str:
    """The outcome of one run (see the module docstring)."""
    if code is None:
        return "hang"
    if "Traceback (most recent call last)" in stderr:
        return "traceback"
    if code < 0 or code >= 128:
        return "crash"
    lines = [line for line in stderr.splitlines() if line.strip()]
    if case.expect == "pipe":
        if code != 0:
            return "wrong exit"
        return "multi-line" if any(line.startswith(NOISE) for line in lines) else "clean"
    if case.expect == "success":
        if code != 0:
            return "wrong exit"
        return "clean" if all(line.startswith("warning:") for line in lines) else "multi-line"
    if (case.kind == "stats" or case.expect == "store") and code == 0:
        return "clean" if all(line.startswith("warning:") for line in lines) else "multi-line"
    if code == 0 and (not lines or case.expect == "ended"):
        return "accepted"
    if code != 2:
        return "wrong exit"
    if not lines or not lines[0].startswith("error: "):
        return "multi-line"
    if len(lines) == 1:
        return "clean"
    return "multi-line"


_READERS: list[threading.Thread] = []


def _stdout_for(case: Case) -> tuple[int, int | None]:
    """The child's stdout (``subprocess.PIPE`` or a pipe's write end) and the end to close."""
    if case.stdout == "capture":
        return subprocess.PIPE, None
    read_end, write_end = os.pipe()
    if case.stdout == "closed":
        os.close(read_end)
    else:  # "one byte": a reader that takes one byte and goes away

        def read_one() -> None:
            with contextlib.suppress(OSError):
                os.read(read_end, 1)
            os.close(read_end)

        thread = threading.Thread(target=read_one, daemon=True)
        thread.start()
        _READERS.append(thread)
    return write_end, write_end


def run(exe: Path, case: Case) -> Result:
    with tempfile.TemporaryDirectory(prefix="silverpyr-fuzz-") as tmp:
        folder = Path(tmp)
        home = folder / "home"
        home.mkdir()
        for name, content in case.files.items():
            (folder / name).write_bytes(content)
        if case.database is not None:
            case.database(home)
        if case.setup is not None:
            case.setup(folder)
        env = {**os.environ, "SILVERPYR_HOME": str(home), "NO_COLOR": "1", "COLUMNS": "100"}
        env.pop(SCHEDULER_ENV, None)
        env.update(case.env)
        command = [*case.wrap, str(exe), *case.argv]
        if case.memory is not None:
            command = ["prlimit", f"--as={case.memory}", "--", *command]
        stdout, to_close = _stdout_for(case)
        started = time.perf_counter()
        process = subprocess.Popen(
            command,
            cwd=folder,
            stdin=subprocess.PIPE,
            stdout=stdout,
            stderr=subprocess.PIPE,
            env=env,
            start_new_session=True,  # its own process group: a timeout ends Dask's workers too
        )
        if to_close is not None:
            os.close(to_close)
        try:
            _, err = process.communicate(case.stdin, timeout=case.timeout)
            code: int | None = process.returncode
            stderr = err.decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            _kill_group(process.pid)
            process.communicate()
            code, stderr = None, "(timed out)"
        finally:
            _kill_group(process.pid)  # whatever it left running (workers of a cluster)
        seconds = time.perf_counter() - started
        outcome = judge(case, code, stderr)
        lost = case.check(folder) if case.check is not None else None
        if lost is not None and outcome in ("clean", "accepted"):
            outcome, stderr = "wrong exit", f"{stderr}\n(fuzz: {lost})"
    return Result(case, outcome, code, stderr, seconds)


def _kill_group(pid: int) -> None:
    """End the process group this benchmark started for one case (by its id)."""
    with contextlib.suppress(ProcessLookupError, PermissionError):
        os.killpg(pid, signal.SIGKILL)


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
    yield from record_out_cases()


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
            ["puzzle", "--seed", "7", "--no-record", "--moves-file", "m.txt"],
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


DB_FILENAME = "silverpyr.db"
SCORED_DATE, SAVED_DATE = "2026-11-21", "2026-11-22"
_TEMPLATE: list[bytes] = []


def template_database() -> bytes:
    """A stats database made by the installed CLI, once per run: a daily given up (a row of
    ``attempts``), a daily left after one move (a row of ``progress``), and both puzzles in
    ``puzzle_cache``. Each database case damages a copy."""
    if _TEMPLATE:
        return _TEMPLATE[0]
    exe = console_script()
    with tempfile.TemporaryDirectory(prefix="silverpyr-fuzz-db-") as tmp:
        home = Path(tmp)
        env = {**os.environ, "SILVERPYR_HOME": str(home)}
        for date, moves in ((SCORED_DATE, "q!"), (SAVED_DATE, "E1")):
            subprocess.run(
                [str(exe), "daily", "--date", date, "--plain", "--moves", moves],
                env=env,
                capture_output=True,
                timeout=TIMEOUT_SECONDS,
                check=False,
            )
        path = home / DB_FILENAME
        with contextlib.closing(sqlite3.connect(path)) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            counts = {
                table: connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                for table in _tables(connection)
            }
        if not all(counts.values()):
            raise SystemExit(f"the template stats database has an empty table: {counts}")
        _TEMPLATE.append(path.read_bytes())
    return _TEMPLATE[0]


def _database(rows: Callable[[sqlite3.Connection], None]) -> Callable[[Path], None]:
    """A copy of the template database (made by the installed CLI), damaged by ``rows``."""

    def make(home: Path) -> None:
        path = home / DB_FILENAME
        path.write_bytes(template_database())
        with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as connection:
            rows(connection)
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")

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


# --- db: every column of every table, with each wrong type ---------------------------------

WRONG_VALUES: tuple[tuple[str, object], ...] = (
    ("text", "x"),
    ("blob", b"\x00\xff\xfe"),
    ("float", 1.5),
    ("null", None),
    ("huge", 2**63 - 1),
    ("negative", -1),
    ("5000 digits", "9" * 5000),  # a number column turns it into a REAL: infinity
)
DB_COMMANDS: tuple[tuple[list[str], str], ...] = (
    (["stats"], "store"),
    (["daily", "--date", SAVED_DATE, "--plain", "--moves", "q!"], "store"),  # resumes, gives up
    (["cards", "show", "1", "--plain"], "success"),  # needs no store: must still work
)


def _columns(connection: sqlite3.Connection) -> list[tuple[str, str]]:
    """(table, column) of every table, read with ``PRAGMA table_info``."""
    return [
        (table, row[1])
        for table in _tables(connection)
        for row in connection.execute(f"PRAGMA table_info({table})")
    ]


def _set_value(table: str, column: str, value: object) -> Callable[[sqlite3.Connection], None]:
    """Every row's ``column`` set to ``value``, past CHECK and NOT NULL (the schema is edited
    to drop the column's NOT NULL, as a file damaged or edited by hand could be)."""

    def damage(connection: sqlite3.Connection) -> None:
        connection.execute("PRAGMA ignore_check_constraints = ON")
        if value is None:
            (sql,) = connection.execute(
                "SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?", (table,)
            ).fetchone()
            loose = re.sub(rf"(\b{column}\s+\w+)\s+NOT NULL", r"\1", sql)
            if loose != sql:
                (version,) = connection.execute("PRAGMA schema_version").fetchone()
                connection.execute("PRAGMA writable_schema = ON")
                connection.execute(
                    "UPDATE sqlite_master SET sql = ? WHERE type = 'table' AND name = ?",
                    (loose, table),
                )
                connection.execute(f"PRAGMA schema_version = {version + 1}")
                connection.execute("PRAGMA writable_schema = OFF")
        try:
            connection.execute(f'UPDATE "{table}" SET "{column}" = ?', (value,))
        except sqlite3.IntegrityError:  # a UNIQUE column: the last row only (the saved daily's)
            connection.execute(
                f'UPDATE "{table}" SET "{column}" = ? '
                f'WHERE rowid = (SELECT MAX(rowid) FROM "{table}")',
                (value,),
            )

    return damage


def _storable(damage: Callable[[sqlite3.Connection], None]) -> str | None:
    """``None`` when SQLite takes the damage (tried on a copy of the template), else why not."""
    with tempfile.TemporaryDirectory(prefix="silverpyr-fuzz-db-") as tmp:
        path = Path(tmp) / DB_FILENAME
        path.write_bytes(template_database())
        try:
            with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as connection:
                damage(connection)
        except sqlite3.Error as error:
            return str(error)
    return None


UNSTORABLE: list[str] = []
"""(column, value) pairs SQLite itself refuses (e.g. text in ``id INTEGER PRIMARY KEY``)."""


def _file_damage(name: str) -> Callable[[Path], None]:
    """The database file itself damaged: truncated, emptied, garbage, a folder, a version."""

    def make(home: Path) -> None:
        path = home / DB_FILENAME
        data = template_database()
        stream = SeededStream(f"silverpyr-fuzz-db|{name}")
        if name == "zero bytes":
            path.write_bytes(b"")
        elif name == "truncated to half":
            path.write_bytes(data[: len(data) // 2])
        elif name.startswith("truncated to "):
            path.write_bytes(data[: int(name.split()[-1])])
        elif name == "random bytes":
            path.write_bytes(bytes(stream.below(256) for _ in range(8192)))
        elif name == "sqlite header, then random bytes":
            path.write_bytes(data[:100] + bytes(stream.below(256) for _ in range(8092)))
        elif name == "a page overwritten":
            middle = len(data) // 4096 // 2 * 4096 or 4096
            garbage = bytes(stream.below(256) for _ in range(4096))
            path.write_bytes(data[:middle] + garbage + data[middle + 4096 :])
        elif name == "a directory":
            path.mkdir()
        elif name == "a symlink to itself":
            path.symlink_to(path)
        elif name == "a dangling symlink":
            path.symlink_to(home / "gone" / "x.db")
        elif name == "a garbage write-ahead log":
            path.write_bytes(data)
            (home / f"{DB_FILENAME}-wal").write_bytes(bytes(stream.below(256) for _ in range(4096)))
        elif name.startswith("user_version "):
            path.write_bytes(data)
            with contextlib.closing(sqlite3.connect(path)) as connection:
                connection.execute(f"PRAGMA user_version = {int(name.split()[-1])}")
        elif name.startswith("drop table "):
            path.write_bytes(data)
            with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as connection:
                connection.execute(f"DROP TABLE {name.split()[-1]}")
        elif name.startswith("cache: "):
            path.write_bytes(data)
            text = name.removeprefix("cache: ")
            with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as connection:
                connection.execute("UPDATE puzzle_cache SET puzzle = ?", (text,))
        elif name.startswith("progress moves: "):
            path.write_bytes(data)
            text = name.removeprefix("progress moves: ")
            with contextlib.closing(sqlite3.connect(path, isolation_level=None)) as connection:
                connection.execute("UPDATE progress SET moves = ?", (text,))
        else:
            raise AssertionError(name)

    return make


DB_FILE_DAMAGES = (
    "zero bytes",
    "truncated to 100",
    "truncated to 4096",
    "truncated to half",
    "random bytes",
    "sqlite header, then random bytes",
    "a page overwritten",
    "a directory",
    "a symlink to itself",
    "a dangling symlink",
    "a garbage write-ahead log",
    "user_version -1",
    "user_version -2147483648",
    "user_version 2147483647",
    "user_version 4",
    "user_version 99",
    "user_version 0",
    "user_version 1",
    "user_version 2",
    "drop table progress",
    "drop table attempts",
    "drop table puzzle_cache",
    "cache: {",
    "cache: not json",
    "cache: []",
    'cache: "x"',
    "cache: null",
    'cache: {"cards": "x"}',
    'cache: {"cards": [99], "par": -1}',
    "cache: " + "9" * 5000,
    "cache: " + "[" * 100_000,
    "progress moves: Z9; ;;",
    "progress moves: " + "A1 " * 3000,
)


def db_cases(stream: SeededStream) -> Iterator[Case]:
    with tempfile.TemporaryDirectory(prefix="silverpyr-fuzz-db-") as tmp:
        path = Path(tmp) / DB_FILENAME
        path.write_bytes(template_database())
        with contextlib.closing(sqlite3.connect(path)) as connection:
            columns = _columns(connection)
    # stats meets every (column, value); daily (slower) text and one value per column, drawn from
    # the seeded stream; cards show 1 (needs no store) one column of each table per value
    sampled = {table: stream.choice([c for t, c in columns if t == table]) for table, _ in columns}
    daily_values = {where: {stream.choice(WRONG_VALUES)[0], "text"} for where in columns}
    for table, column in columns:
        for label, value in WRONG_VALUES:
            damage = _set_value(table, column, value)
            refused = _storable(damage)
            if refused is not None:
                UNSTORABLE.append(f"{table}.{column}={label} ({refused})")
                continue
            for argv, expect in DB_COMMANDS:
                if expect == "success" and sampled[table] != column:
                    continue
                if argv[0] == "daily" and label not in daily_values[(table, column)]:
                    continue
                yield Case(
                    "db",
                    f"{table}.{column}={label} ({' '.join(argv[:2])})",
                    argv,
                    database=_database(damage),
                    expect=expect,
                )
    for name in DB_FILE_DAMAGES:
        for argv, expect in DB_COMMANDS:
            yield Case(
                "db",
                f"{name[:40]} ({' '.join(argv[:2])})",
                argv,
                database=_file_damage(name),
                expect=expect,
            )
    for label, value in (("a file", "file"), ("a blank", " "), ("not UTF-8", "\udcff")):
        for argv, expect in DB_COMMANDS:

            def home_is(folder: Path, value: str = value) -> None:
                if value == "file":
                    (folder / "home-file").write_bytes(b"x")

            env_value = "home-file" if value == "file" else value
            yield Case(
                "db",
                f"SILVERPYR_HOME {label} ({' '.join(argv[:2])})",
                argv,
                setup=home_is,
                env={"SILVERPYR_HOME": env_value},
                expect=expect,
            )


# --- bigint: integers over 4,300 digits in every data file kind --------------------------

HUGE = "9" * 5000
BIG_FORMS: tuple[tuple[str, str], ...] = (
    ("5000 digits", HUGE),
    ("-5000 digits", "-" + HUGE),
    ("hex", "0x" + "f" * 4500),
    ("underscores", "1_" * 2500 + "1"),
)
JSON_FORMS = (*BIG_FORMS[:2], ("exponent", "1e" + HUGE), ("fraction", "0." + HUGE))

CARD_FIELDS = ("format: 1", "number: 1\n", "count: 2", "number: 2\n")
PUZZLE_FIELDS = (
    "format: 1",
    "cards: [22]",
    "round: 1",
    "turn_in_round: 3",
    "red: 0",
    "skulls: 0",
    "par: 16",
    "difficulty: 2",
    "marked: {}",
    "id: '3'",
    "torches: [false, false, false, false]",
)
STATE_FIELDS = (
    "round: 2",
    "number: 12",
    "number: 30",
    "red: 2",
    "skulls: 1",
    "torches: [1]",
    "seen: [I3, O4]",
    "marks: A1 A2 B2",
)
DECISION_FIELDS = (
    "dealt: [12, 30, 5, 44]",
    "players: 2",
    "replace: 12",
    "offer: [5, 17]",
    "deck: 3",
)


def _with_big(line: str, number: str) -> str:
    """``line`` (``key: value``) with its value, or the first item of a list, a big number."""
    key, value = line.rstrip("\n").split(": ", 1)
    end = "\n" if line.endswith("\n") else ""
    if value.startswith("["):
        inner = value[1:-1].split(", ")
        return f"{key}: [{', '.join([number, *inner[1:]])}]{end}"
    if value == "{}":
        return f"{key}: {{{number}: [A1]}}{end}"
    return f"{key}: {number}{end}"


def _json_big(data: dict[str, object], path: tuple[str | int, ...], number: str) -> bytes:
    """``data`` as JSON with the value at ``path`` a big number written as digits."""
    marker = "__BIG_NUMBER__"
    changed = json.loads(json.dumps(data))
    target = changed
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = marker
    return json.dumps(changed).replace(f'"{marker}"', number).encode()


STATE_DATA = {
    "round": 2,
    "expedition": "L3",
    "seen": ["I3", "O4"],
    "cards": [{"number": 12, "marks": "A1 A2 B2"}, {"number": 30}],
    "sheet": {"red": 2, "green": 1, "skulls": 1, "torches": [1]},
}
STATE_PATHS: tuple[tuple[str | int, ...], ...] = (
    ("round",),
    ("cards", 0, "number"),
    ("cards", 1, "number"),
    ("sheet", "red"),
    ("sheet", "skulls"),
    ("sheet", "torches", 0),
    ("seen", 0),
)
RECORD_PATHS: tuple[tuple[str | int, ...], ...] = (
    ("seed",),
    ("players",),
    ("version",),
    ("deck",),
    ("answers", 0),
)


def bigint_cases(stream: SeededStream) -> Iterator[Case]:
    deck = _deck_text()
    for line in CARD_FIELDS:
        for label, number in BIG_FORMS:
            yield Case(
                "bigint",
                f"card file {line.strip()} = {label}",
                ["--cards", "bad.yaml", "cards", "show", "1"],
                files={"bad.yaml": deck.replace(line, _with_big(line, number), 1).encode()},
            )
    puzzle_argv = ["puzzle", "--file", "p.yaml", "--no-record", "--moves", "q!"]
    for line in PUZZLE_FIELDS:
        for label, number in BIG_FORMS:
            text = PUZZLE.replace(line, _with_big(line, number), 1)
            yield Case("bigint", f"puzzle {line} = {label}", puzzle_argv, {"p.yaml": text.encode()})
    for base, lines, extra in (
        (STATE, STATE_FIELDS, []),
        (KEEP_STATE, DECISION_FIELDS[:2], ["--rollouts", "1"]),
        (REPLACEMENT_STATE, DECISION_FIELDS[2:], ["--rollouts", "1"]),
    ):
        for line in lines:
            if line not in base:
                continue
            for label, number in BIG_FORMS:
                text = base.replace(line, _with_big(line, number), 1)
                yield Case(
                    "bigint",
                    f"state {line} = {label}",
                    ["hint", "--state", "s.yaml", *extra],
                    {"s.yaml": text.encode()},
                )
    for path in STATE_PATHS:
        for label, number in JSON_FORMS:
            yield Case(
                "bigint",
                f"json state {'.'.join(map(str, path))} = {label}",
                ["hint", "--state", "s.json"],
                {"s.json": _json_big(STATE_DATA, path, number)},
            )
    record = json.loads(record_text())
    for path in RECORD_PATHS:
        for label, number in JSON_FORMS:
            for review in ([], ["--review"]):
                yield Case(
                    "bigint",
                    f"record {'.'.join(map(str, path))} = {label} {review}",
                    ["hint", "--game", "g.json", "--rollouts", "1", *review],
                    {"g.json": _json_big(record, path, number)},
                )
    for label, number in BIG_FORMS[:2]:
        yield Case(
            "bigint",
            f"record answer '{label}:A1'",
            ["hint", "--game", "g.json", "--rollouts", "1"],
            {"g.json": record_text(answers=["19 43", f"{number}:A1"])},
        )
        yield Case(
            "bigint",
            f"moves file {label}",
            ["game", "--seed", "5", "--moves-file", "m.txt"],
            {"m.txt": f"{number} 43\n".encode()},
        )
        yield Case(
            "bigint",
            f"--moves '{label}:A1'",
            ["puzzle", "--seed", "7", "--no-record", "--moves", f"{number}:A1"],
        )
        for argv in (
            ["cards", "show", number],
            ["route", number],
            ["solve", "--card", number, "--expeditions", "I3"],
            ["hint", "--puzzle", number],
            ["puzzle", "--id", number, "--no-record", "--moves", "q!"],
            ["score", "--torches", "1", "--pyramid-points", "0", "--red", number],
        ):
            yield Case("bigint", f"{argv[0]} {argv[1]} {label}", argv)


# --- scheduler: --scheduler and DASK_SCHEDULER_ADDRESS -----------------------------------

SCHEDULER_ENV = "DASK_SCHEDULER_ADDRESS"
SCHEDULER_TIMEOUT = 30.0
"""Per input: Dask itself gives up connecting after 10 s."""
DASK_MEMORY = 3 * 2**30
"""Address space of a command that runs Dask (a random reply must not make it allocate
more than this); an embedded cluster's workers inherit it."""


@dataclass
class LoopbackServers:
    """Three loopback ports: nothing listening, random bytes, and accept-but-never-answer."""

    closed: socket.socket
    noisy: socket.socket
    silent: socket.socket
    held: list[socket.socket] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    MAX_CONNECTIONS = 500
    """Bounded: each server takes at most this many connections, then stops."""

    @classmethod
    def start(cls) -> LoopbackServers:
        def listening() -> socket.socket:
            server = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
            server.bind(("127.0.0.1", 0))
            server.listen(64)
            server.settimeout(0.5)
            return server

        closed = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
        closed.bind(("127.0.0.1", 0))  # bound, never listening: the port stays ours, refused
        servers = cls(closed, listening(), listening())
        threading.Thread(target=servers._serve, args=(servers.noisy, True), daemon=True).start()
        threading.Thread(target=servers._serve, args=(servers.silent, False), daemon=True).start()
        return servers

    def _serve(self, server: socket.socket, noisy: bool) -> None:
        stream = SeededStream("silverpyr-fuzz|noisy server")
        for _ in range(self.MAX_CONNECTIONS):
            if self.stop.is_set():
                return
            try:
                connection, _ = server.accept()
            except TimeoutError:
                continue
            except OSError:
                return
            if noisy:
                with contextlib.suppress(OSError):
                    connection.sendall(bytes(stream.below(256) for _ in range(4096)))
                connection.close()
            else:
                self.held.append(connection)  # accepted, never answered

    def port(self, which: str) -> int:
        port: int = getattr(self, which).getsockname()[1]
        return port

    def close(self) -> None:
        self.stop.set()
        for item in (self.closed, self.noisy, self.silent, *self.held):
            with contextlib.suppress(OSError):
                item.close()


_SERVERS: list[LoopbackServers] = []


def loopback_servers() -> LoopbackServers:
    if not _SERVERS:
        _SERVERS.append(LoopbackServers.start())
    return _SERVERS[0]


def scheduler_values() -> list[tuple[str, str]]:
    """(label, value) of hostile scheduler addresses; loopback only where anything connects."""
    servers = loopback_servers()
    closed, noisy, silent = (servers.port(w) for w in ("closed", "noisy", "silent"))
    return [
        ("foo", "foo"),
        ("tcp://", "tcp://"),
        ("blank", ""),
        ("spaces", "   "),
        ("http://x", "http://x"),
        ("ucx://x", "ucx://x"),
        ("tls://x:1", "tls://x:1"),
        ("tcp://[::1", "tcp://[::1"),
        ("port 0", "tcp://127.0.0.1:0"),
        ("port 70000", "tcp://127.0.0.1:70000"),
        ("port -1", "tcp://127.0.0.1:-1"),
        ("port abc", "tcp://127.0.0.1:abc"),
        ("port 5000 digits", "tcp://127.0.0.1:" + HUGE),
        ("no host", "tcp://:8786"),
        ("two colons", "tcp://127.0.0.1:1:2"),
        ("unknown scheme", "foo://127.0.0.1:8786"),
        ("inproc", "inproc://127.0.0.1/1/1"),
        ("newline", "tcp://127.0.0.1:8786\nx"),
        ("fullwidth digits", "tcp://\uff11\uff12\uff17.0.0.1:1"),
        ("just a port", "8786"),
        ("nothing listening", f"tcp://127.0.0.1:{closed}"),
        ("nothing listening, localhost", f"tcp://localhost:{closed}"),
        ("nothing listening, no scheme", f"127.0.0.1:{closed}"),
        ("random bytes", f"tcp://127.0.0.1:{noisy}"),
        ("never answers", f"tcp://127.0.0.1:{silent}"),
        ("ipv6 loopback, nothing listening", f"tcp://[::1]:{closed}"),
    ]


SCHEDULER_COMMANDS = (
    ["analyze", "--card", "1", "--cards-only", "--no-cache", "--plain"],
    ["arena", "--games", "2", "--plain"],
)


def scheduler_cases(stream: SeededStream) -> Iterator[Case]:
    for label, value in scheduler_values():
        for argv in SCHEDULER_COMMANDS:
            common = {"timeout": SCHEDULER_TIMEOUT, "memory": DASK_MEMORY}
            yield Case(
                "scheduler",
                f"{argv[0]} --scheduler {label}",
                [*argv, "--scheduler", value],
                **common,
            )
            yield Case(
                "scheduler",
                f"{argv[0]} ${SCHEDULER_ENV}={label}",
                argv,
                env={SCHEDULER_ENV: value},
                **common,
            )


# --- record: where game --record writes ---------------------------------------------------

QUIT_GAME = b"q\ny\n"


def _record_target(kind: str) -> Callable[[Path], None]:
    def setup(folder: Path) -> None:
        target = folder / "rec"
        if kind == "fifo":
            os.mkfifo(target)
        elif kind.startswith("directory"):
            target.mkdir()
        elif kind == "symlink to a directory":
            (folder / "adir").mkdir()
            target.symlink_to(folder / "adir")
        elif kind == "symlink to a fifo":
            os.mkfifo(folder / "afifo")
            target.symlink_to(folder / "afifo")
        elif kind == "dangling symlink":
            target.symlink_to(folder / "gone" / "x.json")
        elif kind == "symlink loop":
            target.symlink_to(target)
        elif kind == "a file as its folder":
            (folder / "afile").write_bytes(b"x")
        elif kind == "an existing record":
            target.write_bytes(b'{"keep": "me"}\n')

    return setup


def _special_kept(kind: str) -> Callable[[Path], str | None]:
    """After the run: a FIFO or a folder at the target is still what it was."""

    def check(folder: Path) -> str | None:
        target = folder / "rec"
        if (folder / DEV_NULL_REPLACED).exists():
            return "/dev/null was replaced by a regular file (in a private /dev)"
        if kind in ("fifo", "symlink to a fifo"):
            if not (folder / ("rec" if kind == "fifo" else "afifo")).is_fifo():
                return "the FIFO was replaced"
            if kind == "symlink to a fifo" and not target.is_symlink():
                return "the symlink was replaced by a file"
        if kind == "symlink to a directory" and not target.is_symlink():
            return "the symlink was replaced by a file"
        return None

    return check


DEV_NULL_REPLACED = "dev-null-replaced"
DEV_NULL_NAMESPACE = (
    "unshare",
    "--mount",
    "sh",
    "-c",
    # a private /dev (tmpfs) with its own null device: whatever the command does to
    # /dev/null stays in this mount namespace; the check after the run says if it survived
    'mount -t tmpfs none /dev && mknod -m 666 /dev/null c 1 3 && "$@"; code=$?; '
    f"[ -c /dev/null ] || echo replaced > {DEV_NULL_REPLACED}; exit $code",
    "sh",
)


def record_out_cases() -> Iterator[Case]:
    """``game --record`` at places that are not a plain new file."""
    quit_argv = ["game", "--seed", "5", "--moves", "-", "--plain"]
    for kind, target in (
        ("fifo", "rec"),
        ("directory", "rec"),
        ("directory, trailing slash", "rec/"),
        ("symlink to a directory", "rec"),
        ("symlink to a fifo", "rec"),
        ("dangling symlink", "rec"),
        ("symlink loop", "rec"),
        ("missing folder", "missing/sub/rec.json"),
        ("a file as its folder", "afile/rec.json"),
        ("name too long", "r" * 300 + ".json"),
        ("blank", ""),
        ("the current folder", "."),
        ("an existing record", "rec"),
    ):
        setup = _record_target(kind)
        for label, moves in (("quit", QUIT_GAME), ("one answer", b"7 35\n?\nq\ny\n")):
            yield Case(
                "record",
                f"--record {kind} ({label})",
                [*quit_argv, "--record", target],
                stdin=moves,
                setup=setup,
                check=_special_kept(kind),
                expect="ended",
                timeout=30.0,
            )
    if shutil.which("unshare"):
        for label, moves in (("quit", QUIT_GAME), ("one answer", b"7 35\n?\nq\ny\n")):
            yield Case(
                "record",
                f"--record /dev/null ({label}, private /dev)",
                [*quit_argv, "--record", "/dev/null"],
                stdin=moves,
                wrap=DEV_NULL_NAMESPACE,
                check=_special_kept("/dev/null"),
                expect="ended",
                timeout=30.0,
            )


# --- seeds and bounds ---------------------------------------------------------------------

SEED_VALUES = ("-1", str(2**63 - 1), str(2**63), str(2**64), str(10**100), HUGE, "-" + str(2**64))
SEED_COMMANDS: tuple[list[str], ...] = (
    ["solve", "--card", "17", "--expeditions", "I3"],
    ["puzzle", "--no-record", "--moves", "q!", "--plain"],
    ["game", "--moves", "-", "--plain"],
    ["hint", "--state", "s.yaml"],
    ["arena", "--games", "1", "--workers", "0", "--plain"],
)
HUGE_COUNTS = (str(10**9), str(2**63 - 1), str(2**63), str(10**30))
BOUNDS_TIMEOUT = 25.0


def seeds_cases(stream: SeededStream) -> Iterator[Case]:
    limits = {"memory": DASK_MEMORY, "timeout": BOUNDS_TIMEOUT}
    for argv in SEED_COMMANDS:
        for value in SEED_VALUES:
            yield Case(
                "seeds",
                f"{argv[0]} --seed {value[:24]}",
                [*argv, "--seed", value],
                files={"s.yaml": STATE.encode()},
                stdin=QUIT_GAME,
                expect="ended" if argv[0] == "game" else "error",  # a game left says so
                **limits,
            )
    for value in HUGE_COUNTS:
        for argv in (
            ["arena", "--games", value, "--workers", "0", "--plain"],
            ["arena", "--games", value, "--workers", "1", "--plain"],
            ["arena", "--games", "2", "--workers", value, "--plain"],
            ["analyze", "--card", "1", "--cards-only", "--no-cache", "--workers", value],
            ["analyze", "--card", "1", "--orders", value, "--no-cache", "--workers", "1"],
        ):
            yield Case("seeds", " ".join(a[:24] for a in argv), argv, **limits)


# --- pipe: the reader of stdout goes away -------------------------------------------------

PIPE_COMMANDS: tuple[list[str], ...] = (
    ["--help"],
    ["--version"],
    ["cards", "list"],
    ["cards", "show", "1"],
    ["cards", "validate"],
    ["route", "3"],
    [
        "score",
        "--torches",
        "1",
        "--pyramid-points",
        "0",
        "--red",
        "2",
        "--green",
        "1",
        "--skulls",
        "0",
        "--completed",
        "1",
    ],
    ["solve", "--card", "17", "--expeditions", "I3,L3"],
    ["hint", "--card", "17", "--expeditions", "I3,L3"],
    ["hint", "--state", "s.yaml"],
    ["hint", "--puzzle", "points-1"],
    ["hint", "--game", "g.json", "--rollouts", "1"],
    ["puzzle", "--seed", "7", "--no-record", "--moves", "q!"],
    ["daily", "--date", "2026-11-22", "--no-record", "--moves", "q!"],
    ["daily", "--archive", "--days", "3"],
    ["stats"],
    ["game", "--seed", "5", "--moves-file", "m.txt"],
    ["arena", "--games", "1", "--workers", "0"],
)


def pipe_cases(stream: SeededStream) -> Iterator[Case]:
    files = {"s.yaml": STATE.encode(), "g.json": record_text(), "m.txt": QUIT_GAME}
    for argv in PIPE_COMMANDS:
        for style in ([], ["--plain"], ["--json"]):
            if style and (argv[0].startswith("--") or argv[:2] == ["cards", "validate"]):
                continue
            if style == ["--json"] and argv[:2] in (["game", "--seed"], ["cards", "validate"]):
                continue
            for stdout in ("closed", "one byte"):
                yield Case(
                    "pipe",
                    f"{' '.join(argv[:3])} {' '.join(style)} | {stdout}",
                    [*argv, *style],
                    files=files,
                    expect="pipe",
                    stdout=stdout,
                )


GENERATORS = {
    "args": args_cases,
    "cards": cards_cases,
    "puzzle": puzzle_cases,
    "state": state_cases,
    "record": record_cases,
    "moves": moves_cases,
    "stats": stats_cases,
    "db": db_cases,
    "bigint": bigint_cases,
    "scheduler": scheduler_cases,
    "seeds": seeds_cases,
    "pipe": pipe_cases,
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
    done = Counter[str]()

    def one(case: Case) -> Result:
        result = run(exe, case)
        done["n"] += 1
        if done["n"] % 100 == 0:
            print(f"... {done['n']}/{len(cases)}", file=sys.stderr, flush=True)
        return result

    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        results = list(pool.map(one, cases))
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
    if UNSTORABLE:
        print(f"db: not tried, SQLite refuses to store them: {'; '.join(UNSTORABLE)}")
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
                        "seconds": round(r.seconds, 2),
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
