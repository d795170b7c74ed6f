"""A reader of stdout that goes away (``silverpyr cards list | head -1``) is no error.

Each command runs in a real process whose stdout is a pipe with its read end already closed,
so its first write meets a broken pipe: the exit code is 0 and stderr stays empty (no
traceback, no "Exception ignored" line), as for any Unix filter.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from silverpyr.cli.core.app import app
from silverpyr.puzzles.silvergold.realgame.state_file import STATE_TEMPLATE

ENTRY = "from silverpyr.cli.core.launch import main; main()"


def _commands() -> list[str]:
    """Every command and subcommand, as its words (``cards list``)."""
    import typer.main

    root = typer.main.get_command(app)
    words: list[str] = []

    def walk(command: object, prefix: list[str]) -> None:
        subcommands = getattr(command, "commands", None)
        if subcommands:
            for name, sub in sorted(subcommands.items()):
                walk(sub, [*prefix, name])
        else:
            words.append(" ".join(prefix))

    walk(root, [])
    return words


def run_into_closed_pipe(args: list[str], home: Path, stdin: str = "") -> tuple[int, str]:
    """Run silverpyr with a stdout nobody reads; its exit code and stderr."""
    read_end, write_end = os.pipe()
    os.close(read_end)
    try:
        done = subprocess.run(
            [sys.executable, "-c", ENTRY, *args],
            stdout=write_end,
            stderr=subprocess.PIPE,
            input=stdin.encode(),
            env={**os.environ, "SILVERPYR_HOME": str(home), "COLUMNS": "80"},
            timeout=120,
            check=False,
        )
    finally:
        os.close(write_end)
    return done.returncode, done.stderr.decode(errors="replace")


def _quiet_success(code: int, stderr: str) -> None:
    assert code == 0, stderr
    assert stderr == ""


@pytest.mark.parametrize("words", ["", *_commands()], ids=lambda w: w or "silverpyr")
def test_help_into_a_closed_pipe(home: Path, words: str) -> None:
    _quiet_success(*run_into_closed_pipe([*words.split(), "--help"], home))


@pytest.fixture(scope="module")
def files(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pipes")
    (folder / "state.yaml").write_text(STATE_TEMPLATE, encoding="utf-8")
    record = folder / "game.json"
    done = subprocess.run(
        [
            sys.executable,
            "-c",
            ENTRY,
            "game",
            "--seed",
            "3",
            "--record",
            str(record),
            "--moves",
            "-",
        ],
        input=b"q!\n",
        capture_output=True,
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    return folder


RUNS = {
    "version": ["--version"],
    "cards list": ["cards", "list"],
    "cards show": ["cards", "show", "17"],
    "cards validate": ["cards", "validate"],
    "route": ["route", "17"],
    "score": [
        "score",
        *("--torches", "1", "--pyramid-points", "3", "--red", "1", "--green", "1"),
        *("--skulls", "0", "--completed", "1"),
    ],
    "solve": ["solve", "--card", "17", "--expeditions", "I3,L3,O4"],
    "puzzle --json": ["puzzle", "--seed", "1", "--json"],
    "puzzle line": ["puzzle", "--seed", "1", "--moves", "q", "--no-record"],
    "daily": ["daily", "--moves", "q", "--no-record"],
    "daily --archive": ["daily", "--archive", "--days", "3"],
    "stats": ["stats"],
    "hint --puzzle": ["hint", "--puzzle", "1"],
    "hint --state-template": ["hint", "--state-template"],
    "hint --state": ["hint", "--state", "{files}/state.yaml"],
    "hint --game": ["hint", "--game", "{files}/game.json", "--rollouts", "1"],
    "game": ["game", "--seed", "1", "--moves", "-"],
    "arena": ["arena", "--games", "1", "--workers", "0"],
}


@pytest.fixture(scope="module")
def used_home(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A results folder after one ``puzzle --seed 1 --json``: the bundled components parsed
    into its cache folder, puzzle 1 in its puzzle cache. Spinners and progress go to stderr,
    and only on a terminal: what a command writes to stdout is the same from here, without
    parsing the cards again in each process and generating puzzle 1 three times."""
    home = tmp_path_factory.mktemp("used-home")
    done = subprocess.run(
        [sys.executable, "-c", ENTRY, "puzzle", "--seed", "1", "--json"],
        capture_output=True,
        env={**os.environ, "SILVERPYR_HOME": str(home)},
        timeout=120,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert list((home / "cache" / "data").glob("*.json")), "nothing cached"
    return home


@pytest.mark.parametrize("name", sorted(RUNS))
def test_commands_into_a_closed_pipe(home: Path, used_home: Path, files: Path, name: str) -> None:
    shutil.copytree(used_home, home)
    args = [arg.replace("{files}", str(files)) for arg in RUNS[name]]
    _quiet_success(*run_into_closed_pipe(args, home, stdin="q!\n"))


def test_an_error_is_still_an_error_into_a_closed_pipe(home: Path) -> None:
    code, stderr = run_into_closed_pipe(["route", "999"], home)
    assert code == 2
    assert len(stderr.splitlines()) == 1 and stderr.startswith("error: ")
