"""Every file reader of every game checks what a path is before it opens it (issue 29).

A FIFO with no writer used to block every reader for ever (``open`` waits for a writer);
a device was read as data. Now each reader goes through ``solver.reader.read_bytes``
(``path_problem`` first, by ``stat`` only): a folder, a FIFO, a device, a link to nothing and
a loop of links are each one ``error:`` line naming the path and what it is, exit 2. Each
run here is bounded by a thread's join timeout, so a hang fails the test instead of
blocking the suite (the timeout guards against a hang; it measures no speed).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.records_file import RecordPathError, save_text
from silverpyr.solver.core.reader import ReadError, path_problem, read_text

pytestmark = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs mkfifo")

HANG_GUARD = 60.0
"""Seconds a run may take before it counts as hung (the error path takes milliseconds)."""


def moves_files(*game: str) -> dict[str, list[str]]:
    """The ``--moves-file`` readers of a game's game, puzzle and daily commands, for
    :data:`READERS` (``game``: the game's command word, none for the first game)."""
    commands = {
        "game": ["game", "--seed", "3"],
        "puzzle": ["puzzle", "--seed", "3", "--no-record"],
        "daily": ["daily", "--no-record"],
    }
    return {
        " ".join([*game, command, "--moves-file"]): [*game, *args, "--moves-file", "{}"]
        for command, args in commands.items()
    }


# Every command that reads a file the user names, with the file's place as {}.
READERS: dict[str, list[str]] = {
    "cards --cards": ["--cards", "{}", "cards", "show", "1"],
    "sun --cards": ["--cards", "{}", "sun", "cards", "list"],
    "cheops --cards": ["--cards", "{}", "cheops", "cards", "show"],
    "cards validate": ["cards", "validate", "{}"],
    "sun cards validate": ["sun", "cards", "validate", "{}"],
    "cheops cards validate": ["cheops", "cards", "validate", "{}"],
    "sun solve --position": ["sun", "solve", "--position", "{}"],
    "cheops solve --position": ["cheops", "solve", "--position", "{}"],
    "puzzle --file": ["puzzle", "--file", "{}", "--no-record"],
    "hint --state": ["hint", "--state", "{}"],
    "hint --game": ["hint", "--game", "{}"],
    "sun hint --game": ["sun", "hint", "--game", "{}"],
    "cheops hint --game": ["cheops", "hint", "--game", "{}"],
    "hint --moves-file": ["hint", "--puzzle", "3", "--moves-file", "{}"],
    **moves_files(),
    **moves_files("sun"),
    **moves_files("cheops"),
}
# Every option that names a place written to: checked in tests of their own below.
WRITERS = {
    ("game", "--record"),
    ("sun game", "--record"),
    ("cheops game", "--record"),
    ("puzzle", "--save"),
    ("analyze", "--out"),
    ("arena", "--records"),
    ("sun arena", "--records"),
    ("cheops arena", "--records"),
}

KINDS = ("a FIFO", "a folder", "a device", "a link to nothing", "a loop of links")
SAYS = {
    "a FIFO": "is a FIFO (named pipe), not a file",
    "a folder": "is a folder, not a file",
    "a device": "is a character device, not a file",
    "a link to nothing": "is a link to nothing",
    "a loop of links": "is a loop of symbolic links",
}


def make(kind: str, folder: Path) -> Path:
    """A path of ``kind`` in ``folder``."""
    path = folder / "special.yaml"
    if kind == "a FIFO":
        os.mkfifo(path)
    elif kind == "a folder":
        path.mkdir()
    elif kind == "a device":
        return Path(os.devnull)
    elif kind == "a link to nothing":
        path.symlink_to(folder / "gone" / "x.yaml")
    elif kind == "a loop of links":
        path.symlink_to(path)
    else:
        raise AssertionError(kind)
    return path


def bounded(run: Callable[[], Any]) -> Any:
    """``run()`` in a thread; fails (instead of blocking the suite) if it has not ended."""
    outcome: list[Any] = []
    failure: list[BaseException] = []

    def target() -> None:
        try:
            outcome.append(run())
        except BaseException as error:  # handed back to the test's thread
            failure.append(error)

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(HANG_GUARD)
    if thread.is_alive():
        pytest.fail(f"still running after {HANG_GUARD:g} s: it hangs")
    if failure:
        raise failure[0]
    return outcome[0]


def one_error_line(args: list[str]) -> str:
    result = bounded(lambda: CliRunner().invoke(app, args))
    assert result.exit_code == 2, (args, result.output)
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1, lines
    assert lines[0].startswith("error: ")
    return lines[0]


def _commands() -> Iterator[tuple[str, str, str]]:
    """(command words, option, what the option takes) of every path-typed parameter."""
    import typer.main

    def walk(command: Any, prefix: list[str]) -> Iterator[tuple[str, str, str]]:
        for param in command.params:
            if "Path" in type(param.type).__name__:
                name = param.opts[0] if param.opts[0].startswith("-") else "PATH"
                yield " ".join(prefix), name, "folder" if not param.type.file_okay else "file"
        for word, sub in sorted(getattr(command, "commands", {}).items()):
            if not prefix and word == "silvergold":
                continue  # the top's own commands again (tests/silvergold/test_silvergold_group.py)
            yield from walk(sub, [*prefix, word])

    yield from walk(typer.main.get_command(app), [])


def test_every_path_option_is_a_reader_here_or_a_checked_writer() -> None:
    """A new option that takes a path joins one of the lists, so its check is tested."""
    readers = set()
    for args in READERS.values():
        place = args.index("{}")
        option = args[place - 1] if args[place - 1].startswith("-") else "PATH"
        words = [a for a in args[:place] if not a.startswith("-") and not a.isdigit()]
        readers.add((" ".join(words) if option != "--cards" else "", option))
    for words, option, _ in _commands():
        if (words, option) in WRITERS:
            continue
        assert (words, option) in readers, f"{words} {option}: add it to READERS or WRITERS"


def says_what_it_is(tmp_path: Path, reader: str, kind: str) -> None:
    path = make(kind, tmp_path)
    line = one_error_line([a.replace("{}", str(path)) for a in READERS[reader]])
    assert line.startswith(f"error: {path}: {SAYS[kind]}"), line


@pytest.mark.parametrize("kind", ["a FIFO", "a folder"])
@pytest.mark.parametrize("reader", sorted(READERS))
def test_a_fifo_or_a_folder_is_one_line_naming_it(tmp_path: Path, reader: str, kind: str) -> None:
    """Every reader: a FIFO (which hung them all) and a folder (which Click checked before,
    in its own words)."""
    says_what_it_is(tmp_path, reader, kind)


@pytest.mark.parametrize("kind", KINDS)
@pytest.mark.parametrize("reader", ["cheops solve --position", "sun --cards", "hint --state"])
def test_every_kind_is_one_line_naming_it(tmp_path: Path, reader: str, kind: str) -> None:
    """Every kind through one reader of each game (all of them share the one check)."""
    says_what_it_is(tmp_path, reader, kind)


@pytest.mark.parametrize("kind", KINDS)
def test_the_one_check_names_each_kind(tmp_path: Path, kind: str) -> None:
    path = make(kind, tmp_path)
    problem = path_problem(path)
    assert problem is not None and problem.startswith(SAYS[kind])
    with pytest.raises(ReadError) as raised:
        bounded(lambda: read_text(path, source="the file"))
    assert str(raised.value) == f"the file: {problem}"


def test_a_regular_file_and_a_link_to_one_are_read(tmp_path: Path) -> None:
    path = tmp_path / "a.yaml"
    path.write_text("x: 1\n", encoding="utf-8")
    (tmp_path / "link").symlink_to(path)
    assert path_problem(path) is None
    assert read_text(tmp_path / "link") == "x: 1\n"
    assert path_problem(tmp_path / "none") == "no such file"
    assert path_problem(path / "below") is not None  # a file used as a folder


@pytest.mark.parametrize("kind", ["a FIFO", "a folder", "a device", "a link to nothing"])
def test_a_writer_leaves_a_special_path_as_it_is(tmp_path: Path, kind: str) -> None:
    """The atomic writer behind ``--record``, ``--save``, ``--out`` and ``--records`` looks
    with ``stat`` only: a FIFO is refused, never opened (that would wait for a reader) nor
    replaced."""
    path = make(kind, tmp_path)
    before = os.lstat(path)
    with pytest.raises(RecordPathError, match=r"^cannot save the puzzle to "):
        bounded(lambda: save_text(path, "x", what="the puzzle"))
    after = os.lstat(path)
    assert (after.st_mode, after.st_ino) == (before.st_mode, before.st_ino)


def test_puzzle_save_to_a_fifo_is_one_line(tmp_path: Path) -> None:
    fifo = tmp_path / "p.yaml"
    os.mkfifo(fifo)
    line = one_error_line(["puzzle", "--seed", "3", "--save", str(fifo)])
    assert (
        line
        == f"error: cannot save the puzzle to {fifo}: it is a FIFO (named pipe), not a regular file"
    )
    assert fifo.is_fifo()


@pytest.mark.parametrize("game", [[], ["sun"], ["cheops"]], ids=["silvergold", "sun", "cheops"])
def test_an_arena_record_over_a_fifo_is_refused_and_the_fifo_stays(
    tmp_path: Path, game: list[str]
) -> None:
    """``arena --records DIR`` with a FIFO where a game's record goes: writing it would wait
    for a reader for ever."""
    folder = tmp_path / "records"
    folder.mkdir()
    fifo = folder / "game-000000.json"
    os.mkfifo(fifo)
    # greedy bots: the game before the record is written is not what is tested (the Sun's
    # searching expert made it take 20 s, beyond the hang guard on a loaded machine)
    bots = ["--bots", "greedy,greedy"]
    args = [*game, "arena", *bots, "--games", "1", "--workers", "0", "--records", str(folder)]
    line = one_error_line(args)
    assert line.startswith(
        f"error: cannot save the game record to {fifo}: it is a FIFO (named pipe), not a "
        "regular file"
    ), line
    assert fifo.is_fifo()


def test_the_analysis_csv_over_a_fifo_is_refused(tmp_path: Path) -> None:
    from silverpyr.puzzles.silvergold.realgame.analysis import write_csv

    fifo = tmp_path / "analysis.csv"
    os.mkfifo(fifo)
    with pytest.raises(RecordPathError, match=r"^cannot save the analysis to .*: it is a FIFO"):
        bounded(lambda: write_csv([], fifo))
    assert fifo.is_fifo()
