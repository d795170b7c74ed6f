"""Every command's ``--help`` at 80 columns: paragraphs wrapped by Rich, not broken short,
and only flags that exist.

A line broken short is a line of a paragraph whose next line's first word would still have
fitted on it: Rich's wrapping never does that, a hard line break in a docstring does.
"""

from __future__ import annotations

import itertools
import re
from typing import Any

import pytest
import typer.main
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from silverpyr.cli.app import app
from silverpyr.cli.commands import help_paragraphs

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


@pytest.mark.parametrize("words", sorted(COMMANDS), ids=lambda w: w or "silverpyr")
def test_help_mentions_only_flags_that_exist(words: str) -> None:
    text = _help(words)
    mine = _flags(COMMANDS[words]) | ({"--version"} if not words else set())
    by_name = {name.split()[-1]: command for name, command in COMMANDS.items() if name}
    for owner, flag in _mentions(text):
        known = _flags(by_name[owner]) if owner is not None else mine
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
