"""Throws generated bad inputs at the installed ``silverpyr`` and tallies how it answers.

The error contract (README, "Errors"): every bad input gets one line on stderr starting
``error:`` (a usage error's ends by pointing to ``--help``) and exit code 2; never a
traceback, a crash or a hang. A damaged stats database is the one exception by design:
the damaged rows are skipped with ``warning:`` lines and the command goes on (exit 0).

Sixteen classes of input over the three games, each generated from a seeded stream (the
same cases every run). Silver & Gold's classes are written for it; the Sun's and Cheops's
come from the same generators over a small table per game (:class:`GameTable`: its files,
notation and commands):

* ``args``: command-line arguments (bad types, ranges, choices, unknown or missing options);
* ``cards``: card files (``--cards``), mutated from the bundled deck or hostile outright;
  the Sun's deck and Cheops's components (``cards validate``, which lists every problem
  one ``error:`` line each, and ``--cards``);
* ``puzzle``: puzzle files (``puzzle --file``);
* ``position``: the Sun's and Cheops's ``solve --position`` files (the template changed
  where it matters, mutated at random, hostile YAML, other encodings, JSON);
* ``state``: ``hint --state`` files (mark, keep and replacement views);
* ``record``: game records read (``hint --game``, with and without ``--review``) and
  written (``game --record`` at a FIFO, a folder, a symlink to a folder, a missing folder,
  ``/dev/null`` in a private mount namespace...; replacing a FIFO, a symlink or the null
  device with a plain file counts as ``wrong exit``); the Sun's and Cheops's ``game
  --record`` and ``arena --records`` (no record of theirs is read back by a command);
* ``moves``: ``--moves`` scripts (``puzzle``, ``daily``, ``hint``, ``game``), and the Sun's
  and Cheops's ``--moves``/``--moves-file`` of ``daily``, ``puzzle`` and ``game``;
* ``saved``: a Sun or Cheops game saved at each table size (2 to 5 players), then resumed
  (``--json`` names its seed and seats); every column of its row in ``saved_games`` with
  a value of each wrong type, before a resume and before a new game: a saved game gone,
  changed or another one resumed counts as ``lost``;
* ``stats``: damaged stats databases (``stats``, ``daily``);
* ``db``: every column of every table (``PRAGMA table_info`` of a database the installed
  CLI made) with a value of each wrong type, and the file itself damaged (truncated,
  empty, random bytes, a folder, ``user_version`` negative, huge or newer, a cache entry
  that is not JSON); ``stats`` and ``daily`` (resuming, then giving up) may recover with
  ``warning:`` lines or stop with one ``error:`` line; ``cards show 1`` needs no store
  and must still work;
* ``bigint``: integers over 4,300 digits in every data file kind (card file, puzzle, state
  in YAML and JSON, game record, moves) and on the command line; every value of the Sun's
  and Cheops's positions (YAML and JSON) and a sample of their component files' as digits,
  quoted, negative or hex, and inside text (``S4-sun``, ``B ?5``), in moves and options;
* ``scheduler``: ``--scheduler`` and ``$DASK_SCHEDULER_ADDRESS`` values for ``analyze`` and
  ``arena``, among them loopback ports that refuse, that answer random bytes and that
  accept and never answer (servers on 127.0.0.1 that this script starts and stops);
* ``arena``: the Sun's and Cheops's ``arena --bots`` (empty parts, unknown or too many
  bots), ``--games``, ``--workers``, ``--seed`` and ``--size`` values, ``--scheduler``
  addresses as above;
* ``seeds``: ``--seed`` of every command out of range or huge, ``arena --games`` and
  ``--workers`` and ``analyze --workers``/``--orders`` huge, under an address-space limit
  (``prlimit``) and a timeout;
* ``pipe``: every printing command with a stdout reader that closes at once or after one
  byte: it must exit 0 without noise on stderr;
* ``special``: every path option of every game at a FIFO with no writer, a character
  device (null and zero), a folder, a dangling link, a link loop, a file as a folder and
  a blank path: one line, no hang (a 15 s timeout), and the special file left as it was.

Each case runs in a fresh temporary folder with its own ``SILVERPYR_HOME``, in a process
group of its own (a timeout ends everything it started). The tally per class: clean /
accepted / multi-line / traceback / crash / wrong exit / hang / lost, a row per class and
game. ``--show KIND`` prints the cases of one outcome (e.g. ``--show traceback``) with their
command line and stderr; ``--only CLASS`` runs some classes, ``--game GAME`` some games,
``--list`` counts the cases without running them.

    .venv/bin/python benchmarks/fuzz_cli.py --jobs 2
    .venv/bin/python benchmarks/fuzz_cli.py --game sun --only position --show clean
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
import stat
import subprocess
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

import yaml
from timing import console_script, share_bytecode  # benchmarks/timing.py, beside this script

from silverpyr.solver.cheops.components import bundled_components_path as cheops_components_path
from silverpyr.solver.core.rng import SeededStream
from silverpyr.solver.silvergold.deckfile import bundled_deck_path
from silverpyr.solver.sun.cards import bundled_deck_path as sun_deck_path

OUTCOMES = ("clean", "accepted", "multi-line", "traceback", "crash", "wrong exit", "hang", "lost")
"""``accepted``: the generated input turned out valid (exit 0, nothing on stderr), e.g. a
mutation that only touched a comment, or a digit Python reads as a number (``'٣'``).
``lost``: a saved game that is gone, changed or not resumed after the run (``Case.kept``)."""
FAILURES = ("multi-line", "traceback", "crash", "wrong exit", "hang", "lost")
TIMEOUT_SECONDS = 60.0
GAMES = ("silvergold", "sun", "cheops")


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
    goes away, and the command must exit 0 without noise; ``runs out``: a ``--moves`` script
    that cannot finish its puzzle, so exit 0 is wrong (README: a script that runs out exits 2);
    ``script``: a script that may finish its puzzle, answers left over being one ``warning:``
    line (exit 0)."""
    stdout: str = "capture"
    """``capture``, ``closed`` (the reader closed before the command starts) or ``one byte``
    (the reader takes one byte, then closes)."""
    timeout: float = TIMEOUT_SECONDS
    memory: int | None = None
    """An address-space limit for the command (bytes), set with ``prlimit``."""
    wrap: tuple[str, ...] = ()
    """A command put before ``silverpyr`` (e.g. a private mount namespace)."""
    kept: Callable[[Path, str], str | None] | None = None
    """After the run, given the case's folder and stdout: ``None``, or why a saved game was
    lost (the case then counts as ``lost``, whatever its exit)."""
    game: str = "silvergold"
    """The game the case is about (set from the generators' table)."""


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
    if code == 0 and case.expect == "runs out":
        return "wrong exit"
    if code == 0 and case.expect == "script" and all(x.startswith("warning:") for x in lines):
        return "accepted"  # answers after the end: one warning, by design (cli/core/trainer.py)
    if code == 0 and (not lines or case.expect == "ended"):
        return "accepted"
    if code != 2:
        return "wrong exit"
    if not lines or not lines[0].startswith("error: "):
        return "multi-line"
    if len(lines) == 1 or (_lists_problems(case) and all(x.startswith("error: ") for x in lines)):
        return "clean"
    return "multi-line"


def _lists_problems(case: Case) -> bool:
    """``cards validate`` prints every problem of the file, one ``error:`` line each (its
    job, README "Errors")."""
    return any(case.argv[i : i + 2] == ["cards", "validate"] for i in range(len(case.argv)))


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
            out, err = process.communicate(case.stdin, timeout=case.timeout)
            code: int | None = process.returncode
            stderr = err.decode("utf-8", "replace")
            stdout = (out or b"").decode("utf-8", "replace")
        except subprocess.TimeoutExpired:
            _kill_group(process.pid)
            process.communicate()
            code, stderr, stdout = None, "(timed out)", ""
        finally:
            _kill_group(process.pid)  # whatever it left running (workers of a cluster)
        seconds = time.perf_counter() - started
        outcome = judge(case, code, stderr)
        lost = case.check(folder) if case.check is not None else None
        if lost is not None and outcome in ("clean", "accepted"):
            outcome, stderr = "wrong exit", f"{stderr}\n(fuzz: {lost})"
        gone = case.kept(folder, stdout) if case.kept is not None and code is not None else None
        if gone is not None:
            outcome, stderr = "lost", f"{stderr}\n(fuzz: {gone})"
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


def line_mutations(text: str, stream: SeededStream, count: int) -> Iterator[tuple[int, str]]:
    """Up to ``count`` copies of ``text``, each with one line deleted, repeated, cut by a
    YAML sign or upper-cased (the copies that differ from ``text``, numbered)."""
    lines = text.splitlines(keepends=True)
    for n in range(count):
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
        if candidate != text:
            yield n, candidate


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
    for n, candidate in line_mutations(text, stream, 180):
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


SAMPLES = Path(__file__).resolve().parents[1] / "tests" / "silvergold" / "data"
"""A valid puzzle and state file that the cases change (``test_fuzz_inputs.py`` changes them
too)."""
PUZZLE = (SAMPLES / "sample_puzzle.yaml").read_text(encoding="utf-8")

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


def _sample_file_cases(
    kind: str,
    argv: list[str],
    name: str,
    text: str,
    mutations: tuple[tuple[str, str], ...],
    accented: str,
    stream: SeededStream,
) -> Iterator[Case]:
    """``argv`` reading file ``name``: ``text`` changed by each of ``mutations``, hostile YAML,
    and ``accented`` (``text`` with a non-ASCII letter) in three other encodings."""
    for old, new in mutations:
        yield Case(kind, f"{old!r}->{new!r}", argv, {name: text.replace(old, new, 1).encode()})
    for label, content in _hostile_yaml(stream):
        yield Case(kind, label, argv, {name: content})
    for encoding in ("utf-16-le", "utf-32", "cp1252"):
        yield Case(kind, encoding, argv, {name: accented.encode(encoding, "replace")})


def _colon_noise(
    text: str, stream: SeededStream, count: int, noises: list[str]
) -> Iterator[tuple[int, str]]:
    """``count`` copies of ``text``, each with a line's first colon (if any) turned into one
    of ``noises``, numbered."""
    for n in range(count):
        lines = text.splitlines(keepends=True)
        index = stream.below(len(lines))
        lines[index] = lines[index].replace(":", stream.choice(noises), 1)
        yield n, "".join(lines)


def puzzle_cases(stream: SeededStream) -> Iterator[Case]:
    argv = ["puzzle", "--file", "p.yaml", "--no-record", "--moves", "q"]
    accented = PUZZLE.replace("points", "p\u00f6ints")
    yield from _sample_file_cases(
        "puzzle", argv, "p.yaml", PUZZLE, PUZZLE_MUTATIONS, accented, stream
    )
    yield Case(
        "puzzle",
        "json, wrong suffix",
        ["puzzle", "--file", "p.json", "--no-record", "--moves", "q"],
        {"p.json": PUZZLE.encode()},
    )
    yield Case("puzzle", "a folder", ["puzzle", "--file", ".", "--no-record", "--moves", "q"])
    for n, text in _colon_noise(PUZZLE, stream, 40, [": [", ": {", ":: ", " "]):
        yield Case("puzzle", f"mutation {n}", argv, {"p.yaml": text.encode()})


STATE = (SAMPLES / "sample_state.yaml").read_text(encoding="utf-8")

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
    accented = STATE.replace("round", "r\u00f6und", 1)
    yield from _sample_file_cases("state", argv, "s.yaml", STATE, STATE_MUTATIONS, accented, stream)
    for n, text in _colon_noise(STATE, stream, 30, [": [", ": {", ":: ", " ", ": -"]):
        yield Case("state", f"mutation {n}", argv, {"s.yaml": text.encode()})
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


RECORD_1 = {
    "format": "silverpyr game record",
    "version": 1,
    "deck": "8da238f65ec7bdad",
    "seed": 4,
    "players": 2,
    "opponents": "greedy",
    "answers": ["19 43", "19:B1 B2 B3 C3 +19:A3"],
}
"""A record of version 1 (still read): player 1's answers against one kind of bot."""
RECORD_3 = RECORD_1 | {
    "version": 3,
    "players": ["human", "greedy"],
    "moves": [[0, "keep 19 43"], [1, "keep 23 21"], [0, "19:B1 B2 B3 C3 +19:A3"]],
    "outcome": None,
}
"""A record as ``game --record`` writes it now (version 3: every seat's moves)."""
for _old in ("opponents", "answers"):
    del RECORD_3[_old]


def record_text(base: dict[str, object] = RECORD_1, **change: object) -> bytes:
    return json.dumps(base | change).encode()


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


RECORD3_CHANGES: tuple[dict[str, object], ...] = (
    {},
    {"version": 4},
    {"players": []},
    {"players": ["human"] * 5},
    {"players": "human"},
    {"moves": [[0, "keep 19 43"], [0, "keep 19 43"]]},
    {"moves": [[2, "keep 19 43"]]},
    {"moves": [[0, "keep 19"]]},
    {"moves": [[0]]},
    {"moves": [["0", "keep 19 43"]]},
    {"moves": [[0, "keep 19 43"], [1, "keep 23 21"], [0, "-"]]},
    {"moves": [[0, "keep 19 43"], [1, "keep 23 21"], [0, "deck"]]},
    {"outcome": 3},
    {"outcome": {"winners": "x"}},
    {"seats": []},
)


def record_cases(stream: SeededStream) -> Iterator[Case]:
    for review in ([], ["--review"]):
        argv = ["hint", "--game", "g.json", "--rollouts", "1", *review]
        for n, change in enumerate(RECORD_CHANGES):
            yield Case("record", f"{review} change {n}", argv, {"g.json": record_text(**change)})
        for n, change in enumerate(RECORD3_CHANGES):
            text = record_text(RECORD_3, **change)
            yield Case("record", f"{review} v3 {n}", argv, {"g.json": text})
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


def template_database() -> bytes:
    """A stats database made by the installed CLI, once per run: a daily given up (a row of
    ``attempts``), a daily left after one move (a row of ``progress``), both puzzles in
    ``puzzle_cache`` and a game left after one answer (a row of ``saved_games``). Each
    database case damages a copy."""
    return made_database(
        "silvergold",
        [
            ["daily", "--date", SCORED_DATE, "--plain", "--moves", "q!"],
            ["daily", "--date", SAVED_DATE, "--plain", "--moves", "E1"],
            ["game", "--seed", "5", "--plain", "--moves", "7 35; q; y"],
        ],
        full=True,
    )


_MADE: dict[str, bytes] = {}


def made_database(key: str, commands: list[list[str]], *, full: bool = False) -> bytes:
    """The results database the installed CLI leaves after ``commands`` in a fresh home, made
    once per run (``key``); ``full``: every table must hold a row. Call it while the cases
    are generated (one thread), never from a case's run."""
    if key in _MADE:
        return _MADE[key]
    exe = console_script()
    with tempfile.TemporaryDirectory(prefix="silverpyr-fuzz-db-") as tmp:
        home = Path(tmp)
        env = {**os.environ, "SILVERPYR_HOME": str(home), "NO_COLOR": "1"}
        env.pop(SCHEDULER_ENV, None)
        for argv in commands:
            subprocess.run(
                [str(exe), *argv],
                env=env,
                capture_output=True,
                timeout=TIMEOUT_SECONDS,
                check=False,
            )
        path = home / DB_FILENAME
        if not path.exists():
            raise SystemExit(f"the template database {key!r} was not made: {commands}")
        with contextlib.closing(sqlite3.connect(path)) as connection:
            connection.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            counts = {
                table: connection.execute(f"SELECT COUNT(*) FROM {table}").fetchone()[0]
                for table in _tables(connection)
            }
        if full and not all(counts.values()):
            raise SystemExit(f"the template database {key!r} has an empty table: {counts}")
        _MADE[key] = path.read_bytes()
    return _MADE[key]


def _database(
    rows: Callable[[sqlite3.Connection], None], base: bytes | None = None
) -> Callable[[Path], None]:
    """A copy of the template database (made by the installed CLI; ``base``, else the
    Silver & Gold one), damaged by ``rows``."""
    data = template_database() if base is None else base

    def make(home: Path) -> None:
        path = home / DB_FILENAME
        path.write_bytes(data)
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


def set_value(table: str, column: str, value: object) -> Callable[[sqlite3.Connection], None]:
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


def _storable(
    damage: Callable[[sqlite3.Connection], None], base: bytes | None = None
) -> str | None:
    """``None`` when SQLite takes the damage (tried on a copy of the template, ``base`` or
    Silver & Gold's), else why not."""
    with tempfile.TemporaryDirectory(prefix="silverpyr-fuzz-db-") as tmp:
        path = Path(tmp) / DB_FILENAME
        path.write_bytes(template_database() if base is None else base)
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
            damage = set_value(table, column, value)
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


BIG_MARKER = "__BIG_NUMBER__"


def _marked(data: object, path: tuple[str | int, ...]) -> object:
    """A copy of ``data`` with :data:`BIG_MARKER` as the value at ``path``."""
    changed = json.loads(json.dumps(data))
    target = changed
    for step in path[:-1]:
        target = target[step]
    target[path[-1]] = BIG_MARKER
    return changed


def _json_big(data: object, path: tuple[str | int, ...], number: str) -> bytes:
    """``data`` as JSON with the value at ``path`` a big number written as digits."""
    return json.dumps(_marked(data, path)).replace(f'"{BIG_MARKER}"', number).encode()


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


def _record_target(kind: str, name: str = "rec") -> Callable[[Path], None]:
    """Makes ``name`` in the case's folder a ``kind`` of place (a FIFO, a folder, a link...)."""

    def setup(folder: Path) -> None:
        target = folder / name
        if kind == "fifo":
            os.mkfifo(target)
        elif kind.startswith("character device"):
            minor = 3 if "null" in kind else 5  # Linux: 1,3 is null, 1,5 zero
            os.mknod(target, 0o666 | stat.S_IFCHR, os.makedev(1, minor))
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


RECORD_TARGETS = (
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
)
"""(kind, path) of where ``game --record`` or ``arena --records`` is pointed."""


def record_out_cases(
    quit_argv: tuple[str, ...] = ("game", "--seed", "5", "--moves", "-", "--plain"),
    sessions: tuple[tuple[str, bytes], ...] = (
        ("quit", QUIT_GAME),
        ("one answer", b"7 35\n?\nq\ny\n"),
    ),
) -> Iterator[Case]:
    """``game --record`` at places that are not a plain new file: a game left at once, and
    one left after a decision (``sessions``: the answers on stdin)."""
    for kind, target in RECORD_TARGETS:
        setup = _record_target(kind)
        for label, moves in sessions:
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
        for label, moves in sessions:
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


# --- the Sun and Cheops: one table per game, the same generators over each ------------------


@dataclass(frozen=True)
class GameTable:
    """What the generators need of one game: its files, notation and commands. The
    generators below are the same for every game; only this table differs."""

    name: str
    components: Path
    """The bundled component file (``cards validate``, ``--cards``)."""
    component_commands: tuple[tuple[str, ...], ...]
    """Commands reading ``c.yaml`` as the component file."""
    component_mutations: tuple[tuple[str, str], ...]
    position_mutations: tuple[tuple[str, str], ...]
    """Replacements in the position template (``solve --position-template``)."""
    bad_moves: tuple[str, ...]
    big_moves: tuple[str, ...]
    """Moves naming a number, ``{n}`` where a huge one goes."""
    move_words: tuple[str, ...]
    """Words random scripts are made of."""
    save: str
    """Answers that make a final decision then leave (the game saved), at every table size,
    in the game of seed :data:`SAVE_SEED`."""
    arena_options: tuple[tuple[str, tuple[str, ...]], ...] = ()
    """Options of this game's arena only, with bad values."""
    unfinished: tuple[str, ...] = ()
    """Scripts of :attr:`bad_moves` that cannot finish a puzzle (a card laid, no ``end``)."""

    def command(self, *args: str) -> list[str]:
        return [self.name, *args]


SAVE_SEED = "3"
MOVES_DATE = "2026-11-22"
SUN = GameTable(
    name="sun",
    components=sun_deck_path(),
    component_commands=(
        ("sun", "cards", "validate", "c.yaml"),
        ("--cards", "c.yaml", "sun", "cards", "show", "17"),
        ("--cards", "c.yaml", "sun", "cards", "list", "--json"),
    ),
    component_mutations=(
        ("format: 1", "format: 2"),
        ("format: 1", "format: [1]"),
        ("format: 1", "format: '1'"),
        ("{id: 11,", "{id: 12,"),
        ("{id: 11,", "{id: -1,"),
        ("{id: 11,", "{id: 1000,"),
        ("{id: 11,", "{id: eleven,"),
        ("{id: 11,", "{id: 1.5,"),
        ("{id: 11,", "{id: null,"),
        ("{id: 11,", "{id: true,"),
        ("{id: 11,", "{id: [11],"),
        ("{id: 11,", "{"),
        ("kind: standard, value: 1, symbol: sun}", "kind: royal, value: 1, symbol: sun}"),
        ("kind: standard, value: 1, symbol: sun}", "kind: [standard], value: 1}"),
        ("kind: standard, value: 1, symbol: sun}", "kind: standard, value: 10, symbol: sun}"),
        ("kind: standard, value: 1, symbol: sun}", "kind: standard, value: 0, symbol: sun}"),
        ("kind: standard, value: 1, symbol: sun}", "kind: standard, value: -1, symbol: sun}"),
        ("kind: standard, value: 1, symbol: sun}", "kind: standard, value: '1', symbol: sun}"),
        ("kind: standard, value: 1, symbol: sun}", "kind: standard, value: 1.0, symbol: sun}"),
        ("kind: standard, value: 1, symbol: sun}", "kind: standard, value: 1, symbol: star}"),
        ("kind: standard, value: 1, symbol: sun}", "kind: standard, value: 1, symbol: [sun]}"),
        ("kind: standard, value: 1, symbol: sun}", "kind: standard, value: 1, side: left}"),
        ("kind: standard, value: 1, symbol: sun}", "kind: standard, value: 1, wings: 2}"),
        ("{id: 1, kind: base, side: left}", "{id: 1, kind: base, side: up}"),
        ("{id: 1, kind: base, side: left}", "{id: 1, kind: base}"),
        ("{id: 1, kind: base, side: left}", "{id: 1, kind: base, value: 3, side: left}"),
        ("{id: 1, kind: base, side: left}", "{id: 1, kind: base, side: [left]}"),
        ("{id: 1, kind: base, side: left}", "[1, base, left]"),
        ("{id: 1, kind: base, side: left}", "1"),
        ('sun: "\u2609"', 'sun: ""'),
        ('sun: "\u2609"', "sun: 5"),
        ('sun: "\u2609"', 'sun: "\u2609\u2609\u2609"'),
        ('sun: "\u2609"', 'moon: "\u2609"'),
        ("symbols: {", "symbols: []\nold: {"),
        ("cards:\n", "cards: {}\nold:\n"),
        ("cards:\n", "cards: []\nold:\n"),
        ("cards:\n", "card:\n"),
    ),
    position_mutations=(
        ("size: standard", "size: huge"),
        ("size: standard", "size: [standard]"),
        ("size: standard", "size: 9"),
        ("players: 3", "players: 6"),
        ("players: 3", "players: 1"),
        ("players: 3", "players: three"),
        ("players: 3", "players: 3.0"),
        ("players: 3", "players: true"),
        ("turn: 0", "turn: 3"),
        ("turn: 0", "turn: -1"),
        ("turn: 0", "turn: [0]"),
        ("hand: [S4-serpent, S6, E4, S5]", "hand: [S4-serpent, S6, E4, S5, S5, S5]"),
        ("hand: [S4-serpent, S6, E4, S5]", "hand: S4-serpent"),
        ("hand: [S4-serpent, S6, E4, S5]", "hand: [S4-serpent, S4-serpent]"),
        ("hand: [S4-serpent, S6, E4, S5]", "hand: [X9]"),
        ("hand: [S4-serpent, S6, E4, S5]", "hand: ['#999']"),
        ("hand: [S4-serpent, S6, E4, S5]", "hand: ['#0']"),
        ("hand: [S4-serpent, S6, E4, S5]", "hand: [[S4-serpent]]"),
        ("hand: [S4-serpent, S6, E4, S5]", "hand: [B0]"),
        ("hand: [S4-serpent, S6, E4, S5]", "hand: [E2]"),
        ("hand_sizes: [4, 4, 3]", "hand_sizes: [4, 4]"),
        ("hand_sizes: [4, 4, 3]", "hand_sizes: [4, 4, 9]"),
        ("hand_sizes: [4, 4, 3]", "hand_sizes: [4, -1, 3]"),
        ("hand_sizes: [4, 4, 3]", "hand_sizes: [3, 4, 3]"),
        ("hand_sizes: [4, 4, 3]", "hand_sizes: 4"),
        ("scores: [6, 9, 4]", "scores: [6, 9]"),
        ("scores: [6, 9, 4]", "scores: [6, -9, 4]"),
        ("scores: [6, 9, 4]", "scores: [6, 9.5, 4]"),
        ("scores: [6, 9, 4]", "scores: [6, '9', 4]"),
        ("marker: E2", "marker: S4-sun"),
        ("marker: E2", "marker: "),
        ("marker: E2", "marker: [E2]"),
        ("marker: E2", "marker: E2-sun"),
        ("1a: E2-sun", "1a: E2-sunn"),
        ("1a: E2-sun", "9z: E2-sun"),
        ("1a: E2-sun", "0a: E2-sun"),
        ("1a: E2-sun", "1a: null"),
        ("1a: E2-sun", "1a: S4-serpent"),
        ("1a: E2-sun", "1a: [E2-sun]"),
        ("2a: E4-moon", "5a: E4-moon"),
        ("2a: E4-moon", "2c: E4-moon"),
        ("1b: S3-sun", "1a: S3-sun"),
        ("standard: [S1-sun]", "standard: S1-sun"),
        ("standard: [S1-sun]", "standard: [S4-serpent]"),
        ("edge: []", "edge: [X]"),
        ("edge: []", "edge: [S1-sun]"),
        ("discards:", "discardz:"),
        ("pyramid:", "pyramid: []\nold:"),
        ("# piles:", "piles: {standard: -1, edge: 99}\n#"),
        ("# piles:", "piles: {standard: 0, edge: 0}\n#"),
        ("# piles:", "piles: 5\n#"),
    ),
    bad_moves=(
        "S4-sun@1c",
        "#17@1c",
        "#82@8a",
        "#0@1a",
        "#999@1a",
        "#@1a",
        "S4-sun@",
        "@1a",
        "S4-sun@9z",
        "S4-sun@0a",
        "S4-sun@1c@1d",
        "draw",
        "draw royal",
        "draw standard standard",
        "symbol",
        "symbol gold",
        "discard",
        "discard Z9",
        "end end",
        "pass; pass; pass",
        "end; end; end; end",
        "E2-moon-L@1a",
    ),
    big_moves=("#{n}@1a", "S4-sun@{n}a", "S{n}-sun@1a", "discard S{n}"),
    move_words=("S4-sun@1c", "#17@1c", "end", "draw standard", "symbol points", "u", "?"),
    save="draw standard; draw standard; q",
    arena_options=(("--size", ("huge", "", "SHORT", "8", "standard,long")),),
    unfinished=("S4-sun@1c", "#17@1c", "#82@8a", "E2-moon-L@1a"),
)
CHEOPS = GameTable(
    name="cheops",
    components=cheops_components_path(),
    component_commands=(
        ("cheops", "cards", "validate", "c.yaml"),
        ("--cards", "c.yaml", "cheops", "cards", "show"),
        ("cheops", "cards", "validate", "c.yaml", "--json"),
    ),
    component_mutations=(
        ("format: 1", "format: 2"),
        ("format: 1", "format: [1]"),
        ("eyes: [b3, c7, d4, e6, f2, g4]", "eyes: [b3, b3, d4, e6, f2, g4]"),
        ("eyes: [b3, c7, d4, e6, f2, g4]", "eyes: [z3, c7, d4, e6, f2, g4]"),
        ("eyes: [b3, c7, d4, e6, f2, g4]", "eyes: [a12, c7, d4, e6, f2, g4]"),
        ("eyes: [b3, c7, d4, e6, f2, g4]", "eyes: [k2, c7, d4, e6, f2, g4]"),
        ("eyes: [b3, c7, d4, e6, f2, g4]", "eyes: [b0, c7, d4, e6, f2, g4]"),
        ("eyes: [b3, c7, d4, e6, f2, g4]", "eyes: [b3]"),
        ("eyes: [b3, c7, d4, e6, f2, g4]", "eyes: b3"),
        ("eyes: [b3, c7, d4, e6, f2, g4]", "eyes: [3, c7, d4, e6, f2, g4]"),
        ("eyes: [b3, c7, d4, e6, f2, g4]", "eyes: [[b3], c7, d4, e6, f2, g4]"),
        ("law7_number: 20", "law7_number: 1000"),
        ("law7_number: 20", "law7_number: -1"),
        ("law7_number: 20", "law7_number: x"),
        ("law7_number: 20", "law7_number: 2.5"),
        ("start_money: 10", "start_money: 10.5"),
        ("start_money: 10", "start_money: true"),
        ("start_money: 10", "start_money: '10'"),
        ("type: I,", "type: IV,"),
        ("type: I,", "type: 1,"),
        ("entries: [3, 5, 8, 11, 15, 20, 26]", "entries: [26, 20, 15, 11, 8, 5, 3]"),
        ("entries: [3, 5, 8, 11, 15, 20, 26]", "entries: [40]"),
        ("entries: [3, 5, 8, 11, 15, 20, 26]", "entries: [40, x5, 22]"),
        ("entries: [3, 5, 8, 11, 15, 20, 26]", "entries: [40, '30', 22]"),
        ("entries: [3, 5, 8, 11, 15, 20, 26]", "entries: [40, [30], 22]"),
        ("entries: [3, 5, 8, 11, 15, 20, 26]", "entries: [40, 30/x, 22]"),
        ("entries: [3, 5, 8, 11, 15, 20, 26]", "entries: [true, 30, 22]"),
        ("entries: [3, 5, 8, 11, 15, 20, 26]", "entries: [null, 30, 22]"),
        ("entries: [3, 5, 8, 11, 15, 20, 26]", "entries: [{a: 1}, 30, 22]"),
        ("entries: [3, 5, 8, 11, 15, 20, 26]", "entries: [40.5, 30, 22]"),
        ("entries: [3, 5, 8, 11, 15, 20, 26]", "entries: [-40, -50]"),
        ("entries: [3, 5, 8, 11, 15, 20, 26]", "entries: 40"),
        ("entries: [3, 5, 8, 11, 15, 20, 26]", "entries: [" + ", ".join(["9"] * 13) + "]"),
        ("x4", "x0"),
        ("x4", "x-4"),
        ("x4", "x"),
        ("x4", "X4"),
        ("x4", "x4.5"),
        ("[4/2,", "[2/4,"),
        ("[4/2,", "[4/2/1,"),
        ("[4/2,", "[/,"),
        ("[4/2,", "[4/,"),
        ("[4/2,", "[4/-2,"),
        ("{name: I-1,", "{name: I-2,"),
        ("{name: I-1,", "{name: 7,"),
        ("{name: I-1,", "{name: '',"),
        ("{name: I-1,", "{"),
        ("boards:", "boardz:"),
        ("boards:", "boards: {}\nold:"),
    ),
    position_mutations=(
        ("players: 2", "players: 6"),
        ("players: 2", "players: 1"),
        ("players: 2", "players: two"),
        ("players: 2", "players: 2.0"),
        ("turn: 1", "turn: 2"),
        ("turn: 1", "turn: -1"),
        ("k: W", "k: Q"),
        ("k: W", "k: W W"),
        ("k: W", "k: 5"),
        ("k: W", "k: 13"),
        ("k: W", "k: [W]"),
        ("k: W", "k: "),
        ("k: W", "l: W"),
        ("j: K R", "j: K"),
        ("j: K R", "j: 7 R"),
        ("j: K R", "j: K R\n  j: K R"),
        ("a: D B C A C B A D A C B", "a: D B C A C B A D A C B B"),
        ("a: D B C A C B A D A C B", "a: D B C A C B A D A C b"),
        ("a: D B C A C B A D A C B", "a: 1 2 3 4 5 6 7 8 9 10 11"),
        ("{board: I-4, covered: 0, law: 5}", "{board: I-9, covered: 0, law: 5}"),
        ("{board: I-4, covered: 0, law: 5}", "{board: I-4, covered: 99, law: 5}"),
        ("{board: I-4, covered: 0, law: 5}", "{board: I-4, covered: -1, law: 5}"),
        ("{board: I-4, covered: 0, law: 5}", "{board: I-4, covered: 0, law: 8}"),
        ("{board: I-4, covered: 0, law: 5}", "{board: I-4, covered: 0, law: [5]}"),
        ("{board: I-4, covered: 0, law: 5}", "{board: I-1, covered: 0, law: 5}"),
        ("{board: I-4, covered: 0, law: 5}", "{board: I-4, covered: '0', law: 5}"),
        ("{board: I-4, covered: 0, law: 5}", "{board: I-4, covered: 0, colour: red}"),
        ("{board: I-4, covered: 0, law: 5}", "I-4"),
        ("law7: 6}", "law7: 0}"),
        ("law7: 6}", "law7: 99}"),
        ("blue: {board", "purple: {board"),
        ("hands: [A B C, A A B]", "hands: [A B C Z, A A B]"),
        ("hands: [A B C, A A B]", "hands: [A B C D E, A A B]"),
        ("hands: [A B C, A A B]", "hands: [A B C]"),
        ("hands: [A B C, A A B]", "hands: [[A, B], A A B]"),
        ("hands: [A B C, A A B]", "hands: [5, A A B]"),
        ("stacks: ['', '', '']", "stacks: ['', '']"),
        ("stacks: ['', '', '']", "stacks: ['B ?5', '?x', '']"),
        ("stacks: ['', '', '']", "stacks: ['B ?-5', '', '']"),
        ("stacks: ['', '', '']", "stacks: ['? ?', '', '']"),
        ("stacks: ['', '', '']", "stacks: ['B ?5 ?5', 'Z', '']"),
        ("stacks: ['', '', '']", "stacks: [1, 2, 3]"),
        ("money: [30, 30]", "money: [30]"),
        ("money: [30, 30]", "money: [-30, 30]"),
        ("money: [30, 30]", "money: [30.5, 30]"),
        ("money: [30, 30]", "money: ['30', 30]"),
        ("{blue: 5, red: 5, green: 4", "{blue: -5, red: 5, green: 4"),
        ("{blue: 5, red: 5, green: 4", "{purple: 5, red: 5, green: 4"),
        ("{blue: 5, red: 5, green: 4", "{blue: 99, red: 5, green: 4"),
        ("kept: [[], []]", "kept: [[13], []]"),
        ("kept: [[], []]", "kept: [[10, 10], []]"),
        ("kept: [[], []]", "kept: [[], [], []]"),
        ("kept: [[], []]", "kept: [10]"),
        ("laws: [3]", "laws: [3, 3]"),
        ("laws: [3]", "laws: [8]"),
        ("laws: [3]", "laws: [0]"),
        ("laws: [3]", "laws: 3"),
        ("# law9: 0", "law9: 5"),
        ("# law9: 0", "law9: -1"),
        ("pyramid:", "pyramids:"),
        ("boards:", "boards: []\nold:"),
    ),
    bad_moves=(
        "take a1 A",
        "take a99 A",
        "take z1 A",
        "take a1 Z",
        "take a1",
        "take",
        "take a0 A",
        "take a1 A A",
        "buy buy",
        "sell",
        "store",
        "law blue 9",
        "law purple",
        "remove 13",
        "remove",
        "law10 purple",
        "law11 z9 A",
        "law12 a1 a1",
        "draw 0",
        "draw 4",
        "draw",
        "pay; pay; pay",
        "decline; end; pass",
    ),
    big_moves=("take a{n} A", "draw {n}", "remove {n}", "law blue {n}", "law12 a{n} b1"),
    move_words=("take a1 A", "take b2 B", "buy", "sell", "store", "draw 1", "end", "u", "?"),
    save="take a11 A; store; draw 1; q",
)
GAME_TABLES = {table.name: table for table in (SUN, CHEOPS)}

_OUTPUTS: dict[tuple[str, ...], str] = {}


def cli_output(argv: list[str]) -> str:
    """The stdout of the installed CLI for ``argv`` (e.g. a position template), once per
    run; generation time only."""
    key = tuple(argv)
    if key not in _OUTPUTS:
        done = subprocess.run(
            [str(console_script()), *argv],
            capture_output=True,
            timeout=TIMEOUT_SECONDS,
            check=True,
            env={**os.environ, "NO_COLOR": "1"},
        )
        _OUTPUTS[key] = done.stdout.decode("utf-8")
    return _OUTPUTS[key]


def _replaced(text: str, old: str, new: str, where: str) -> str:
    if old not in text:
        raise SystemExit(f"fuzz table out of date: {old!r} is not in {where}")
    return text.replace(old, new, 1)


def _value_mutations(text: str, stream: SeededStream, count: int) -> Iterator[tuple[int, str]]:
    """Copies of ``text`` with one ``key: value`` line's colon turned into YAML noise."""
    lines = text.splitlines(keepends=True)
    candidates = [i for i, line in enumerate(lines) if ":" in line and not line.startswith("#")]
    for n in range(count):
        mutated = list(lines)
        index = stream.choice(candidates)
        noise = stream.choice([": [", ": {", ":: ", " ", ": -", ": &a ", ": *a", ": !!str "])
        mutated[index] = mutated[index].replace(":", noise, 1)
        yield n, "".join(mutated)


def position_cases(stream: SeededStream, table: GameTable) -> Iterator[Case]:
    """``solve --position``: the template changed where it matters, mutated at random,
    hostile YAML, other encodings, and JSON."""
    text = cli_output(table.command("solve", "--position-template"))
    argv = table.command("solve", "--position", "p.yaml", "--time-limit", "2")
    for old, new in table.position_mutations:
        changed = _replaced(text, old, new, f"{table.name}'s position template")
        yield Case("position", f"{old!r}->{new!r}", argv, {"p.yaml": changed.encode()})
    for n, changed in line_mutations(text, stream, 40):
        yield Case("position", f"line mutation {n}", argv, {"p.yaml": changed.encode()})
    for n, changed in _value_mutations(text, stream, 20):
        yield Case("position", f"value mutation {n}", argv, {"p.yaml": changed.encode()})
    for name, content in _hostile_yaml(stream):
        yield Case("position", name, argv, {"p.yaml": content})
    for encoding in ("utf-16-le", "utf-32", "cp1252"):
        yield Case(
            "position",
            encoding,
            argv,
            {"p.yaml": (text + "# \u00f6\n").encode(encoding, "replace")},
        )
    data = yaml.safe_load(text)
    as_json = json.dumps(data)
    json_argv = table.command("solve", "--position", "p.json", "--time-limit", "2")
    for label, content in (
        ("json", as_json),
        ("json, a key twice", as_json[:-1] + ', "players": 2}'),
        ("json, NaN", as_json.replace(": 0", ": NaN", 1)),
        ("json, trailing comma", as_json[:-1] + ",}"),
        ("json, a list", json.dumps([data])),
        ("json, nested", "[" * 100_000),
        ("json, bad", as_json[: len(as_json) // 2]),
    ):
        yield Case("position", label, json_argv, {"p.json": content.encode()})


def components_cases(stream: SeededStream, table: GameTable) -> Iterator[Case]:
    """Component files (``cards validate``, ``--cards``): changed where it matters, mutated
    at random, hostile YAML."""
    text = table.components.read_text(encoding="utf-8")
    commands = [list(argv) for argv in table.component_commands]
    for old, new in table.component_mutations:
        changed = _replaced(text, old, new, str(table.components)).encode()
        for argv in commands[:2]:
            yield Case("cards", f"{old!r}->{new!r} ({argv[-2]})", argv, {"c.yaml": changed})
    for n, changed in line_mutations(text, stream, 50):
        argv = stream.choice(commands)
        yield Case("cards", f"line mutation {n}", argv, {"c.yaml": changed.encode()})
    for n, changed in _value_mutations(text, stream, 15):
        argv = stream.choice(commands)
        yield Case("cards", f"value mutation {n}", argv, {"c.yaml": changed.encode()})
    for name, content in _hostile_yaml(stream):
        for argv in commands[:2]:
            yield Case("cards", f"{name} ({argv[-2]})", argv, {"c.yaml": content})


def game_record_cases(stream: SeededStream, table: GameTable) -> Iterator[Case]:
    """Where ``game --record`` and ``arena --records`` write: not a plain new file or
    folder. (Nothing in these games reads a record back.)"""
    decision = table.save.replace("; ", "\n").encode() + b"\n"
    yield from record_out_cases(
        tuple(table.command("game", "--seed", SAVE_SEED, "--players", "2", "--moves", "-")),
        (("quit", b"q\n"), ("one decision", decision)),
    )
    for kind, target in RECORD_TARGETS:
        yield Case(
            "record",
            f"arena --records {kind}",
            [*table.command(*ARENA_ONE), "--records", target],
            setup=_record_target(kind),
            check=_nothing_beside(kind),
            timeout=SCHEDULER_TIMEOUT,
        )


ARENA_ONE = ("arena", "--games", "1", "--workers", "0", "--plain")
"""One game, on this process: the quickest arena that runs."""


def _nothing_beside(kind: str) -> Callable[[Path], str | None]:
    """After an arena run: a FIFO or a symlink target kept; no record in the case's own
    folder unless asked for (``--records ''`` is not the current folder)."""
    special = _special_kept(kind)

    def check(folder: Path) -> str | None:
        stray = sorted(path.name for path in folder.glob("game-*.json"))
        if stray and kind != "the current folder":  # asked for with "."
            return f"records written into the current folder: {', '.join(stray[:3])}"
        return special(folder)

    return check


# --- saved games: every table size, and damaged rows ---------------------------------------


def _run_cli(folder: Path, argv: list[str]) -> None:
    """Run the installed CLI in the case's home before the case (e.g. to save a game);
    a failure is written to ``setup.log`` for the case's check."""
    env = {**os.environ, "SILVERPYR_HOME": str(folder / "home"), "NO_COLOR": "1"}
    env.pop(SCHEDULER_ENV, None)
    done = subprocess.run(
        [str(console_script()), *argv],
        capture_output=True,
        cwd=folder,
        env=env,
        timeout=TIMEOUT_SECONDS,
        check=False,
    )
    if done.returncode != 0:
        lines = done.stderr.decode("utf-8", "replace").strip().splitlines() or ["(no stderr)"]
        (folder / "setup.log").write_text(
            f"{' '.join(argv)} exited {done.returncode}: {lines[-1]}", encoding="utf-8"
        )


def _saved_rows(folder: Path) -> list[tuple[object, ...]]:
    """Every row of ``saved_games`` in the case's database (with its rowid)."""
    path = folder / "home" / DB_FILENAME
    if not path.is_file():
        return []
    with contextlib.closing(sqlite3.connect(f"file:{path}?mode=ro", uri=True)) as connection:
        return list(connection.execute("SELECT rowid, * FROM saved_games"))


def _resumed(game: str, players: int) -> Callable[[Path, str], str | None]:
    """The game saved by the setup was resumed (the ``--json`` outcome names its seed and
    table) and is still saved afterwards."""

    def kept(folder: Path, stdout: str) -> str | None:
        log = folder / "setup.log"
        if log.exists():
            return f"the game was not saved: {log.read_text(encoding='utf-8')}"
        try:
            outcome = json.loads(stdout)
        except ValueError:
            return "no JSON outcome on stdout"
        if str(outcome.get("seed")) != SAVE_SEED or len(outcome.get("players", ())) != players:
            return (
                f"resumed seed {outcome.get('seed')} with {len(outcome.get('players', ()))} "
                f"players, not the saved seed {SAVE_SEED} with {players}"
            )
        rows = [row for row in _saved_rows(folder) if row[1] == game]
        if len(rows) != 1 or rows[0][5] != players:
            return f"after the resume, the store holds {rows!r}"
        return None

    return kept


SNAPSHOT = "saved-before.txt"


def _snapshot(
    rows: Callable[[sqlite3.Connection], None],
) -> Callable[[sqlite3.Connection], None]:
    """``rows`` applied, then every saved game's row written down (``repr``) beside the
    home, for :func:`_row_kept`."""

    def damage(connection: sqlite3.Connection) -> None:
        rows(connection)
        found = [repr(row) for row in connection.execute("SELECT rowid, * FROM saved_games")]
        (path,) = (row[2] for row in connection.execute("PRAGMA database_list") if row[1] == "main")
        (Path(path).parent.parent / SNAPSHOT).write_text("\n".join(found), encoding="utf-8")

    return damage


def _row_kept(folder: Path, stdout: str) -> str | None:
    """A damaged saved game is never dropped nor replaced unasked (it stays as it was)."""
    before = (folder / SNAPSHOT).read_text(encoding="utf-8").splitlines()
    after = {repr(row) for row in _saved_rows(folder)}
    gone = [row for row in before if row not in after]
    return f"the saved row changed or went: {gone[0][:200]}" if gone else None


SAVED_DAMAGES: tuple[tuple[str, object], ...] = (
    ("players", 6),
    ("players", 1),
    ("players", 0),
    ("seed", 2**63 - 1),
    ("answers", '["zz"]'),
    ("answers", "[]"),
    ("answers", '["q"]'),
    ("answers", '["end", "end", "end"]'),
    ("answers", "[" * 10_000),
    ("opponents", "standard:shark,greedy"),
    ("opponents", "huge:greedy,greedy"),
    ("opponents", "greedy"),
    ("opponents", ",,"),
    ("deck", "0000000000000000"),
    ("started_on", "2026-13-45"),
    ("revision", -5),
)


def saved_cases(stream: SeededStream, table: GameTable) -> Iterator[Case]:
    """A game saved at every table size, then resumed; and the saved row damaged, column
    by column, before a resume and before a new game."""
    for players in range(2, 6):
        save = table.command(
            "game", "--seed", SAVE_SEED, "--players", str(players), "--moves", table.save
        )
        yield Case(
            "saved",
            f"{players} players saved, resumed",
            table.command("game", "--moves", "q", "--json"),
            setup=lambda folder, save=save: _run_cli(folder, save),
            kept=_resumed(table.name, players),
            expect="ended",
        )
    base = made_database(
        f"{table.name}-saved",
        [table.command("game", "--seed", SAVE_SEED, "--players", "3", "--moves", table.save)],
    )
    with tempfile.TemporaryDirectory(prefix="silverpyr-fuzz-db-") as tmp:
        path = Path(tmp) / DB_FILENAME
        path.write_bytes(base)
        with contextlib.closing(sqlite3.connect(path)) as connection:
            columns = [row[1] for row in connection.execute("PRAGMA table_info(saved_games)")]
            if not connection.execute("SELECT COUNT(*) FROM saved_games").fetchone()[0]:
                raise SystemExit(f"{table.name}: the template game was not saved")
    commands = (
        ("resume", table.command("game", "--moves", "q", "--plain")),
        (
            "new game",
            table.command("game", "--seed", "9", "--players", "2", "--moves", table.save),
        ),
    )
    # the resume meets every (column, value); a new game one value per column (drawn) and
    # every damage that reads as a game
    drawn = {column: stream.choice(WRONG_VALUES)[0] for column in columns}
    damages = [
        (column, label, value, drawn[column] == label)
        for column in columns
        for label, value in WRONG_VALUES
    ]
    damages += [(c, repr(value)[:20], value, True) for c, value in SAVED_DAMAGES]
    for column, label, value, both in damages:
        damage = set_value("saved_games", column, value)
        refused = _storable(damage, base)
        if refused is not None:
            UNSTORABLE.append(f"{table.name} saved_games.{column}={label} ({refused})")
            continue
        for what, argv in commands if both else commands[:1]:
            yield Case(
                "saved",
                f"saved_games.{column}={label} ({what})",
                argv,
                database=_database(_snapshot(damage), base),
                kept=_row_kept,
                expect="ended",  # a game left says so on stderr
            )


# --- move scripts --------------------------------------------------------------------------

SHARED_BAD_MOVES = (
    "",
    ";;;",
    "x" * 10_000,
    "\u00c41",
    "# only a comment",
    "#",
    "u u u",
    "u; u; u",
    "hint 9",
    "hint 0",
    "hint -1",
    "?",
    "? ?",
    "h; h; h",
    "q!",
    "give up; give up",
    "\u200b",
    "zz",
)


ENDS_A_SCRIPT = ("give up", "q!", "q")
"""Answers that end a puzzle or leave it (a script with one of them may exit 0)."""


def _script_expect(argv: list[str], script: str, table: GameTable) -> str:
    """How a ``--moves`` script is judged: a game left says so on stderr (``ended``); a
    puzzle's script that cannot finish it must exit 2 (``runs out``); else ``script``."""
    if argv[1] == "game":
        return "ended"
    answers = [answer.strip() for answer in re.split(r"[;\n]", script)]
    if any(answer in ENDS_A_SCRIPT for answer in answers):
        return "script"
    if script in SHARED_BAD_MOVES or script in table.unfinished:
        return "runs out"
    return "script"


def game_moves_cases(stream: SeededStream, table: GameTable) -> Iterator[Case]:
    """``--moves`` and ``--moves-file`` of daily, puzzle and game: notation errors, scripts
    that run out, odd bytes; the puzzles come from a cached store (made once)."""
    cache = made_database(
        f"{table.name}-cache",
        [
            table.command("daily", "--date", MOVES_DATE, "--plain", "--moves", "zz"),
            table.command("puzzle", "--seed", "7", "--plain", "--moves", "zz"),
        ],
    )
    database = _database(lambda connection: None, cache)
    commands = (
        table.command("daily", "--date", MOVES_DATE, "--plain"),
        table.command("puzzle", "--seed", "7", "--plain"),
        table.command("game", "--seed", SAVE_SEED, "--players", "2", "--plain"),
    )
    for argv in commands:
        # the daily plays its puzzle as puzzle does: the game's own notation there is enough
        own = table.bad_moves if argv[1] != "daily" else table.bad_moves[:3]
        for bad in (*SHARED_BAD_MOVES, *own):
            yield Case(
                "moves",
                f"{argv[1]} {bad[:30]!r}",
                [*argv, "--moves", bad],
                database=database,
                expect=_script_expect(argv, bad, table),
            )
    for n in range(20):
        script = "; ".join(stream.choice(table.move_words) for _ in range(stream.between(1, 8)))
        argv = stream.choice(commands)
        yield Case(
            "moves",
            f"random {n}",
            [*argv, "--moves", script],
            database=database,
            expect=_script_expect(argv, script, table),
        )
    files: tuple[tuple[str, bytes], ...] = (
        ("utf-16 with bom", "?\n".encode("utf-16")),
        ("latin-1", "\u00c41\n".encode("latin-1")),
        ("binary", bytes(stream.below(256) for _ in range(4096))),
        ("a NUL byte", b"?\x00\n"),
        ("2 MB", b"?\n" * 1_000_000),
        ("comments only", b"# a\n# b\n"),
    )
    for argv in commands:
        for label, content in files:
            yield Case(
                "moves",
                f"{argv[1]} --moves-file {label}",
                [*argv, "--moves-file", "m.txt"],
                files={"m.txt": content},
                database=database,
                expect=_script_expect(argv, "?", table),  # no file here can finish a puzzle
            )
        yield Case(
            "moves",
            f"{argv[1]} --moves and --moves-file",
            [*argv, "--moves", "?", "--moves-file", "m.txt"],
            files={"m.txt": b"?\n"},
            database=database,
            expect=_script_expect(argv, "?", table),
        )
    game = commands[2]
    for label, stdin in (("nothing", b""), ("bad", b"zz\n"), ("binary", b"\xff\xfe\x00\n")):
        yield Case(
            "moves",
            f"game --moves - ({label})",
            [*game, "--moves", "-"],
            stdin=stdin,
            expect="ended",
        )


# --- arena options -------------------------------------------------------------------------

BAD_BOTS = (
    "",
    ",",
    "greedy",
    "greedy,,greedy",
    ",greedy,greedy",
    "greedy,greedy,",
    "shark,greedy",
    ",".join(["greedy"] * 6),
    "GREEDY,greedy",
    "greedy, greedy",
    "greedy;greedy",
    "greedy,gr\u00e9edy",
    "x" * 10_000,
    "greedy," * 1000,
)
ARENA_VALUES: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("--bots", BAD_BOTS),
    ("--games", ("0", "-1", "abc", "1.5", "", "1000001", "1e3", "\u0663")),
    ("--workers", ("-1", "65", "abc", "", "1.5")),
    ("--seed", ("-1", "abc", "", "1.5", str(2**64), "-" + str(2**64))),
)


def arena_cases(stream: SeededStream, table: GameTable) -> Iterator[Case]:
    """``arena`` with bad ``--bots``, ``--games``, ``--workers``, ``--seed`` (and the
    game's own options), and hostile ``--scheduler`` addresses."""
    limits = {"timeout": SCHEDULER_TIMEOUT, "memory": DASK_MEMORY}
    # greedy bots unless the case names its own (the last --bots counts): an accepted value
    # such as --games ٣ (three games) then tests the input, not the expert's speed
    base = table.command(*ARENA_ONE, "--bots", "greedy,greedy")
    for option, values in (*ARENA_VALUES, *table.arena_options):
        for value in values:
            yield Case("arena", f"{option} {value[:30]!r}", [*base, option, value], **limits)
    remote = table.command("arena", "--games", "2", "--plain")
    for label, value in scheduler_values():
        yield Case("arena", f"--scheduler {label}", [*remote, "--scheduler", value], **limits)
    for label, value in stream.shuffled(scheduler_values())[:6]:
        yield Case(
            "arena", f"${SCHEDULER_ENV}={label}", remote, env={SCHEDULER_ENV: value}, **limits
        )


# --- bigint: huge whole numbers in every format of the Sun and Cheops ---------------------

Leaf = tuple[str | int, ...]


def _leaves(data: object, path: Leaf = ()) -> Iterator[Leaf]:
    """The path of every scalar in ``data`` (nested dicts and lists)."""
    if isinstance(data, dict):
        for key, value in data.items():
            yield from _leaves(value, (*path, key))
    elif isinstance(data, list):
        for index, value in enumerate(data):
            yield from _leaves(value, (*path, index))
    elif data is not None:
        yield path


def _leaf(data: object, path: Leaf) -> object:
    for step in path:
        data = data[step]  # type: ignore[index]
    return data


def _yaml_big(data: object, path: Leaf, number: str) -> bytes:
    """``data`` as YAML with the value at ``path`` written as ``number`` (verbatim)."""
    text = yaml.safe_dump(_marked(data, path), allow_unicode=True)
    return text.replace(BIG_MARKER, number).encode()


def _big_forms(stream: SeededStream) -> list[tuple[str, str]]:
    """Two ways of a huge number for one value: digits, and one drawn from the others."""
    others = (*BIG_FORMS[1:], ("quoted -5000 digits", f"'-{HUGE}'"), ("float", HUGE + ".5"))
    return [BIG_FORMS[0], ("quoted 5000 digits", f"'{HUGE}'"), stream.choice(others)]


def _big_in_files(
    stream: SeededStream, data: object, argv: list[str], name: str, what: str, sample: int
) -> Iterator[Case]:
    """A huge number at each of ``sample`` values of ``data`` (all when 0), in YAML and
    JSON, and in place of the digits inside a text value (``S4-sun``, ``B ?5``)."""
    paths = list(_leaves(data))
    if sample and len(paths) > sample:
        paths = sorted(stream.shuffled(paths)[:sample], key=paths.index)
    json_name = name.rsplit(".", 1)[0] + ".json"
    json_argv = [json_name if item == name else item for item in argv]
    for path in paths:
        where = ".".join(map(str, path))
        for label, number in _big_forms(stream):
            content = _yaml_big(data, path, number)
            yield Case("bigint", f"{what} {where} = {label}", argv, {name: content})
        content = _json_big(data, path, HUGE)
        yield Case("bigint", f"{what} json {where} = 5000 digits", json_argv, {json_name: content})
        value = _leaf(data, path)
        if isinstance(value, str) and re.search(r"\d", value):
            inside = re.sub(r"\d+", HUGE, value, count=1)
            content = _yaml_big(data, path, json.dumps(inside))
            yield Case(
                "bigint", f"{what} {where} = {value!r} with 5000 digits", argv, {name: content}
            )


def game_bigint_cases(stream: SeededStream, table: GameTable) -> Iterator[Case]:
    """Huge numbers in positions (YAML and JSON), component files, moves and options."""
    position = yaml.safe_load(cli_output(table.command("solve", "--position-template")))
    argv = table.command("solve", "--position", "p.yaml", "--time-limit", "2")
    yield from _big_in_files(stream, position, argv, "p.yaml", "position", 24)
    components = yaml.safe_load(table.components.read_text(encoding="utf-8"))
    argv = table.command("cards", "validate", "c.yaml")
    yield from _big_in_files(stream, components, argv, "c.yaml", "components", 14)
    for label, number in BIG_FORMS[:2]:
        for move in table.big_moves:
            for argv in (
                table.command("puzzle", "--seed", "7", "--no-record", "--plain"),
                table.command("game", "--seed", SAVE_SEED, "--players", "2", "--plain"),
            ):
                script = move.format(n=number)
                yield Case(
                    "bigint", f"{argv[1]} --moves {move} = {label}", [*argv, "--moves", script]
                )
        for argv in (
            table.command("puzzle", "--seed", number, "--no-record", "--moves", "q"),
            table.command(
                "puzzle", "--id", f"{table.name}-{number}", "--no-record", "--moves", "q"
            ),
            table.command("daily", "--date", f"{number}-01-01", "--no-record", "--moves", "q"),
            table.command("daily", "--archive", "--days", number),
            table.command("game", "--seed", number, "--moves", "q"),
            table.command("game", "--players", number, "--moves", "q"),
            table.command("game", "--rollouts", number, "--moves", "q"),
            table.command("arena", "--games", number, "--workers", "0"),
            table.command("arena", "--games", "1", "--workers", number),
            table.command("arena", "--games", "1", "--workers", "0", "--seed", number),
            table.command("solve", "--position-template", "--time-limit", number),
            table.command("cards", "show", number),
        ):
            yield Case("bigint", f"{' '.join(argv[:2])} {label}", argv, timeout=BOUNDS_TIMEOUT)


# --- special files at every path option of every game --------------------------------------

SPECIAL_KINDS = (
    "fifo",
    "symlink to a fifo",
    "character device (null)",
    "character device (zero)",
    "directory",
    "dangling symlink",
    "symlink loop",
    "a file as its folder",
    "blank",
)
SPECIAL_TIMEOUT = 15.0
PATH_OPTIONS: dict[str, tuple[tuple[str, ...], ...]] = {
    "silvergold": (
        ("puzzle", "--file", "{}", "--no-record", "--moves", "q"),
        ("hint", "--state", "{}"),
        ("hint", "--game", "{}"),
        ("--cards", "{}", "cards", "show", "1"),
        ("cards", "validate", "{}"),
        ("puzzle", "--seed", "7", "--no-record", "--moves-file", "{}"),
        ("daily", "--date", MOVES_DATE, "--no-record", "--moves-file", "{}"),
        ("game", "--seed", "5", "--moves-file", "{}"),
        ("game", "--seed", "5", "--moves", "q", "--record", "{}"),
        ("arena", "--games", "1", "--workers", "0", "--records", "{}"),
    ),
    **{
        table.name: (
            (table.name, "solve", "--position", "{}"),
            (table.name, "cards", "validate", "{}"),
            ("--cards", "{}", *table.component_commands[1][2:]),
            (table.name, "puzzle", "--seed", "7", "--no-record", "--moves-file", "{}"),
            (table.name, "daily", "--date", MOVES_DATE, "--no-record", "--moves-file", "{}"),
            (table.name, "game", "--seed", SAVE_SEED, "--moves-file", "{}"),
            (table.name, "game", "--seed", SAVE_SEED, "--moves", "q", "--record", "{}"),
            (table.name, *ARENA_ONE, "--records", "{}"),
        )
        for table in (SUN, CHEOPS)
    },
}
"""Every option of every game that names a file or folder (``{}``: where it goes)."""


def _special_file_kept(kind: str) -> Callable[[Path], str | None]:
    """After the run: the FIFO, device, link or folder is still what it was."""
    is_kind: dict[str, Callable[[Path], bool]] = {
        "fifo": lambda target: stat.S_ISFIFO(target.lstat().st_mode),
        "character device (null)": lambda target: stat.S_ISCHR(target.lstat().st_mode),
        "character device (zero)": lambda target: stat.S_ISCHR(target.lstat().st_mode),
        "directory": lambda target: target.is_dir() and not target.is_symlink(),
    }

    def check(folder: Path) -> str | None:
        target = folder / "target"
        if kind in is_kind:
            kept = os.path.lexists(target) and is_kind[kind](target)
        elif "symlink" in kind:
            kept = target.is_symlink()
        else:
            return None
        return None if kept else f"the {kind} was replaced or removed"

    return check


def special_cases(stream: SeededStream, game: str) -> Iterator[Case]:
    """Each path option of ``game`` at a FIFO (no writer), a character device, a folder, a
    dangling link, a link loop...: one line, never a hang (a timeout), nothing replaced."""
    can_mknod = os.geteuid() == 0
    for template in PATH_OPTIONS[game]:
        for kind in SPECIAL_KINDS:
            if kind.startswith("character device") and not can_mknod:
                continue
            target = {"blank": "", "a file as its folder": "afile/x"}.get(kind, "target")
            argv = [item.replace("{}", target) for item in template]
            yield Case(
                "special",
                f"{' '.join(template[: template.index('{}')])} {kind}",
                argv,
                setup=_record_target(kind, "target"),
                check=_special_file_kept(kind),
                expect="ended" if "--record" in template else "error",
                timeout=SPECIAL_TIMEOUT,
                memory=DASK_MEMORY,
            )


Generator = Callable[[SeededStream], Iterator[Case]]


def _per_game(
    generate: Callable[[SeededStream, GameTable], Iterator[Case]],
) -> dict[str, Generator]:
    return {table.name: partial(generate, table=table) for table in (SUN, CHEOPS)}


GENERATORS: dict[str, dict[str, Generator]] = {
    "args": {"silvergold": args_cases},
    "cards": {"silvergold": cards_cases, **_per_game(components_cases)},
    "puzzle": {"silvergold": puzzle_cases},
    "position": _per_game(position_cases),
    "state": {"silvergold": state_cases},
    "record": {"silvergold": record_cases, **_per_game(game_record_cases)},
    "moves": {"silvergold": moves_cases, **_per_game(game_moves_cases)},
    "saved": _per_game(saved_cases),
    "stats": {"silvergold": stats_cases},
    "db": {"silvergold": db_cases},
    "bigint": {"silvergold": bigint_cases, **_per_game(game_bigint_cases)},
    "scheduler": {"silvergold": scheduler_cases},
    "arena": _per_game(arena_cases),
    "seeds": {"silvergold": seeds_cases},
    "pipe": {"silvergold": pipe_cases},
    "special": {game: partial(special_cases, game=game) for game in GAMES},
}
"""Class -> game -> its generator (Silver & Gold's classes as before; the others over the
games' tables)."""


def generate_cases(seed: str, only: list[str] | None, games: list[str] | None) -> list[Case]:
    """The cases of the chosen classes and games, from seeded streams (the same every run)."""
    stream = SeededStream(f"silverpyr-fuzz|{seed}")
    cases = []
    for kind, by_game in GENERATORS.items():
        if only and kind not in only:
            continue
        for game, generate in by_game.items():
            if games and game not in games:
                continue
            label = kind if game == "silvergold" else f"{kind}|{game}"
            for case in generate(stream.child(label)):
                case.game = game
                cases.append(case)
    return cases


def shown_argv(argv: list[str]) -> str:
    """The command line, each argument cut to 60 characters (a 5,000-digit number...)."""
    import shlex

    return " ".join(
        shlex.quote(a if len(a) <= 60 else f"{a[:40]}...({len(a)} chars)") for a in argv
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=2, help="cases run at once")
    parser.add_argument("--seed", default="0", help="seed of the generated cases")
    parser.add_argument(
        "--only", choices=sorted(GENERATORS), action="append", help="classes to run"
    )
    parser.add_argument("--game", choices=GAMES, action="append", help="games to run")
    parser.add_argument("--list", action="store_true", help="count the cases, run nothing")
    parser.add_argument(
        "--show", choices=OUTCOMES, action="append", default=[], help="print these cases"
    )
    parser.add_argument("--json", type=Path, help="write every result here")
    args = parser.parse_args(argv)
    share_bytecode()

    exe = console_script()
    cases = generate_cases(args.seed, args.only, args.game)
    if args.list:
        listed = Counter((case.kind, case.game) for case in cases)
        for (kind, game), count in listed.items():
            print(f"{kind:9} {game:10} {count:>6}")
        print(f"{'all':20} {len(cases):>6}")
        return 0
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

    tally: dict[tuple[str, str], Counter[str]] = {
        (kind, game): Counter() for kind, by_game in GENERATORS.items() for game in by_game
    }
    for result in results:
        tally[result.case.kind, result.case.game][result.outcome] += 1
    width = max(len(o) for o in OUTCOMES)
    print(f"{'class':20} {'tried':>6} " + " ".join(f"{o:>{width}}" for o in OUTCOMES))
    total: Counter[str] = Counter()
    for (kind, game), counts in tally.items():
        if not counts:
            continue
        total.update(counts)
        print(
            f"{kind + ' ' + game:20} {sum(counts.values()):>6} "
            + " ".join(f"{counts[o]:>{width}}" for o in OUTCOMES)
        )
    print(
        f"{'all':20} {sum(total.values()):>6} " + " ".join(f"{total[o]:>{width}}" for o in OUTCOMES)
    )
    print(f"{len(results)} inputs in {wall:.0f} s with {args.jobs} jobs")
    if UNSTORABLE:
        print(f"db: not tried, SQLite refuses to store them: {'; '.join(UNSTORABLE)}")
    for result in results:
        if result.outcome in args.show:
            case = result.case
            print(f"\n[{result.outcome}] {case.kind} {case.game}: {case.name} (exit {result.code})")
            print(f"  $ silverpyr {shown_argv(case.argv)}")
            print("  " + "\n  ".join(result.stderr.strip().splitlines()[-6:]))
    if args.json:
        args.json.write_text(
            json.dumps(
                [
                    {
                        "class": r.case.kind,
                        "game": r.case.game,
                        "case": r.case.name,
                        "argv": shown_argv(r.case.argv),
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
