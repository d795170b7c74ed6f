"""Every command's ``--help`` at 80 columns: paragraphs wrapped by Rich, not broken short,
and only flags that exist.

A line broken short is a line of a paragraph whose next line's first word would still have
fitted on it: Rich's wrapping never does that, a hard line break in a docstring does.
"""

from __future__ import annotations

import functools
import itertools
import re
from typing import Any

import pytest
import typer
import typer.main
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.cli.core.commands import LazyGroup, help_paragraphs
from silverpyr.solver.games import GAMES

WIDTH = 80
GLOBAL_FLAGS = {"--cards", "--debug", "--help"}
METAVAR = re.compile(r"^[A-Z][A-Z0-9_.-]*$|^[0-9]+$")
BOX = "╭╮╰╯│─┃━"


def _commands() -> dict[str, Any]:
    """Every command (and group) by its words, ``""`` for the root."""
    found: dict[str, Any] = {}

    def walk(command: Any, words: str) -> None:
        found[words] = command
        for name, sub in getattr(command, "commands", {}).items():
            walk(sub, f"{words} {name}".strip())

    walk(typer.main.get_command(app), "")
    return found


COMMANDS = _commands()


def _flags(command: Any) -> set[str]:
    names = {
        name
        for param in command.params
        for name in (*param.opts, *param.secondary_opts)
        if name.startswith("--")
    }
    return names | GLOBAL_FLAGS


@functools.cache
def _help(words: str) -> str:
    result = CliRunner().invoke(app, [*words.split(), "--help"], env={"COLUMNS": str(WIDTH)})
    assert result.exit_code == 0, result.output
    return result.stdout


def _description(text: str) -> list[list[str]]:
    """The paragraphs above the option boxes, each as its lines (without the margin)."""
    lines = text.splitlines()
    start = next(i for i, line in enumerate(lines) if line.strip().startswith("Usage:")) + 1
    end = next((i for i, line in enumerate(lines) if line.lstrip().startswith("╭")), len(lines))
    paragraphs: list[list[str]] = [[]]
    for line in lines[start:end]:
        if line.strip():
            paragraphs[-1].append(line.strip())
        elif paragraphs[-1]:
            paragraphs.append([])
    return [p for p in paragraphs if p]


def broken_short(paragraph: list[str], width: int) -> list[str]:
    """Lines of ``paragraph`` whose next line's first word would have fitted after them."""
    room = width - 2  # Rich's margin of one column on each side
    return [
        line
        for line, after in itertools.pairwise(paragraph)
        if len(line) + 1 + len(after.split()[0]) <= room
    ]


@pytest.mark.parametrize("words", sorted(COMMANDS), ids=lambda w: w or "silverpyr")
def test_help_paragraphs_wrap_as_rich_intends(words: str) -> None:
    for paragraph in _description(_help(words)):
        assert broken_short(paragraph, WIDTH) == [], f"{words} --help: {paragraph}"


@pytest.mark.parametrize("words", sorted(COMMANDS), ids=lambda w: w or "silverpyr")
def test_option_help_has_no_hard_line_breaks(words: str) -> None:
    for param in COMMANDS[words].params:
        assert "\n" not in (getattr(param, "help", None) or ""), (words, param.name)


def _mentions(text: str) -> list[tuple[str | None, str]]:
    """Every ``--flag`` in ``text`` with the command it is given to: the command named just
    before it (``hint --game FILE --review``), else None (the command whose help it is)."""
    words = " ".join(text.translate({ord(c): " " for c in BOX}).split()).split(" ")
    commands = {words.split()[-1] for words in COMMANDS if words}
    found: list[tuple[str | None, str]] = []
    owner: str | None = None
    for index, word in enumerate(words):
        flag = re.match(r"^`?(--[a-z][a-z-]*)", word)
        if flag is None:
            if not METAVAR.match(word.strip("`,.;:()[]'\"")):
                owner = word if word in commands else None
            continue
        for name in re.findall(r"--[a-z][a-z-]*", word):
            found.append((owner, name))
        if index and word.endswith((",", ";", ".", ")")):
            owner = None
    return found


def _named(words: str, owner: str) -> Any:
    """The command ``owner`` as the help of ``words`` means it: the nearest one, looked up
    from ``words``' own group outwards (``sun`` means ``sun hint``, the root ``hint``)."""
    parts = words.split()
    for end in range(len(parts), -1, -1):
        name = " ".join([*parts[:end], owner])
        if name in COMMANDS:
            return COMMANDS[name]
    raise AssertionError(f"{words or 'silverpyr'} --help names no command {owner!r}")


@pytest.mark.parametrize("words", sorted(COMMANDS), ids=lambda w: w or "silverpyr")
def test_help_mentions_only_flags_that_exist(words: str) -> None:
    text = _help(words)
    mine = _flags(COMMANDS[words]) | ({"--version"} if not words else set())
    for owner, flag in _mentions(text):
        known = _flags(_named(words, owner)) if owner is not None else mine
        assert flag in known, f"{words or 'silverpyr'} --help mentions {flag} ({owner or words})"


def test_the_mention_check_catches_a_flag_that_does_not_exist() -> None:
    assert (None, "--json") in _mentions("the full-screen game; --moves, --plain, --json")
    assert ("hint", "--review") in _mentions("for hint --game FILE --review). Line mode.")


@given(
    st.lists(
        st.lists(st.text(alphabet="abcdefgh ", min_size=1, max_size=30), min_size=1, max_size=6),
        min_size=1,
        max_size=4,
    )
)
def test_help_paragraphs_keep_paragraphs_and_join_their_lines(
    paragraphs: list[list[str]],
) -> None:
    wanted = [" ".join(" ".join(lines).split()) for lines in paragraphs]
    wanted = [paragraph for paragraph in wanted if paragraph]
    doc = "\n\n".join("\n".join(lines) for lines in paragraphs)
    shown = help_paragraphs(doc) or ""
    assert [" ".join(p.split()) for p in shown.split("\n\n") if p.strip()] == wanted
    assert all("\n" not in paragraph for paragraph in shown.split("\n\n"))


# --- start-up: the commands are imported only when they run or show their own help --------


def _lazy_groups() -> dict[str, LazyGroup]:
    return {words: group for words, group in COMMANDS.items() if isinstance(group, LazyGroup)}


def test_every_game_group_is_lazy() -> None:
    assert sorted(_lazy_groups()) == sorted(["", *GAMES])
    assert sorted(GAMES) == ["cheops", "silvergold", "sun"]


@pytest.mark.parametrize("words", sorted(_lazy_groups()), ids=lambda w: w or "silverpyr")
def test_each_summary_in_a_group_list_is_its_commands_own(words: str) -> None:
    """The list in a group's help shows each command's summary without importing it: the
    summary must be the first paragraph of the command's own help."""
    group = COMMANDS[words]
    for name, entry in group.LAZY.items():
        command = group.commands[name]
        own = help_paragraphs(command.help) or ""
        assert entry.summary == own.split("\n\n")[0], f"{words} {name}".strip()


def test_a_group_lists_the_same_before_and_after_its_commands_are_imported() -> None:
    for words in sorted(_lazy_groups()):
        fresh = typer.main.get_command(app)
        group = fresh
        for word in words.split():
            group = group.commands[word]  # type: ignore[attr-defined]
        context = group.make_context(words or "silverpyr", [], resilient_parsing=True)
        before = group.get_help(context)
        assert all(name not in group.commands.built for name in group.LAZY)  # type: ignore[attr-defined]
        dict(group.commands.items())  # type: ignore[attr-defined]  # every command built
        assert group.get_help(context) == before


HEAVY = ("ortools", "dask", "distributed", "textual", "networkx", "numpy")
ENGINES = ("silverpyr.solver.silvergold", "silverpyr.solver.sun", "silverpyr.solver.cheops")
_HELPS = """\
import io, json, sys
from contextlib import redirect_stdout
from silverpyr.cli.core.app import app

def helps(commands):
    for words in commands:
        with redirect_stdout(io.StringIO()):
            try:
                app([*words, "--help"])
            except SystemExit as stop:
                assert stop.code == 0, words
    return sorted(sys.modules)

print(json.dumps([helps(json.loads(line)) for line in sys.stdin]))
"""


def test_help_imports_no_engine_and_no_heavy_library() -> None:
    """``--help`` of the root and of each game's group and command, all in one fresh
    process: no OR-Tools, Dask, Textual, networkx or numpy, and no game engine, except
    that a Silver & Gold command's options read limits from its engine."""
    import json
    import subprocess
    import sys

    sg_commands = [[w] for w in COMMANDS if w and " " not in w and w not in ("sun", "cheops")]
    other = [w.split() for w in COMMANDS if w.startswith(("sun", "cheops"))]
    batches = [[[], *other], sg_commands]
    out = subprocess.run(
        [sys.executable, "-c", _HELPS],
        input="\n".join(json.dumps(batch) for batch in batches) + "\n",
        capture_output=True,
        text=True,
        check=True,
    )
    first, after_all = json.loads(out.stdout)

    def under(modules: list[str], roots: tuple[str, ...]) -> list[str]:
        return [m for m in modules if m in roots or m.startswith(tuple(r + "." for r in roots))]

    assert under(first, ENGINES) == []
    assert under(after_all, HEAVY) == []
    # Typer's help imports Markdown and tracebacks only when used (cli/core/quick_help.py)
    assert under(after_all, ("markdown_it", "pygments", "rich.markdown", "rich.traceback")) == []
    assert "yaml" not in first  # data files are read by the commands that run


def test_typers_help_still_gets_the_real_markdown_and_tracebacks_when_it_uses_them() -> None:
    from rich.markdown import Markdown
    from typer import rich_utils

    from silverpyr.cli.core import quick_help

    quick_help.install()  # again: does nothing more
    assert isinstance(rich_utils.Markdown("**bold**"), Markdown)
    try:
        raise ValueError("shown")
    except ValueError as error:
        shown = rich_utils.Traceback.from_exception(type(error), error, error.__traceback__)
    import rich.traceback

    assert isinstance(shown, rich.traceback.Traceback)
    assert callable(rich.traceback.install)  # the real module, for everyone else
