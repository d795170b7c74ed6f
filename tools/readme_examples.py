#!/usr/bin/env python3
"""Regenerate every example output in README.md from the code, or check that none drifted.

An example is a fenced block (```) whose first line starts with ``$ silverpyr``. Each
``$ `` line in it is a command; the lines after it, up to the next ``$ `` line or the end
of the block, are its output. Every command runs as written, through ``bash`` (so ``|
head -6`` works), with ``COLUMNS=80``, no colour, stdin empty, stderr merged into stdout,
and one fresh ``SILVERPYR_HOME`` directory shared by the whole README in order (so an
example may build on an earlier one, as resuming a saved daily does).

Only what truly varies between runs is normalised before comparing: solver times
(``0.11 s``), and the line breaks of a paragraph a time of another width wraps anew. When an
example's output differs only there, the README keeps its text.

    python tools/readme_examples.py           # rewrite README.md
    python tools/readme_examples.py --check   # exit 1 listing the examples that differ
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
PROMPT = "$ "
MARK = "$ silverpyr"
FENCE = "```"
COLUMNS = 80
TIMEOUT_SECONDS = 300
_VARYING = (
    (re.compile(r"\b\d+\.\d+ s\b"), "N.NN s"),  # solver times
)


@dataclass
class Example:
    """One command of an example block and the output shown under it."""

    line: int
    """1-based line of the ``$`` line in the README."""
    command: str
    shown: list[str]


@dataclass
class Block:
    """A fenced example block: its line span (fences excluded) and its commands."""

    start: int
    """0-based index of the first line inside the fence."""
    end: int
    """0-based index of the closing fence."""
    examples: list[Example]


def find_blocks(lines: list[str]) -> list[Block]:
    """Every example block of the README."""
    blocks: list[Block] = []
    index = 0
    while index < len(lines):
        if lines[index].startswith(FENCE):
            end = index + 1
            while end < len(lines) and not lines[end].startswith(FENCE):
                end += 1
            body = lines[index + 1 : end]
            if body and body[0].startswith(MARK):
                blocks.append(Block(index + 1, end, _examples(body, index + 2)))
            index = end + 1
        else:
            index += 1
    return blocks


def _examples(body: list[str], first_line: int) -> list[Example]:
    examples: list[Example] = []
    for offset, text in enumerate(body):
        if text.startswith(PROMPT):
            examples.append(Example(first_line + offset, text[len(PROMPT) :], []))
        else:
            examples[-1].shown.append(text)
    for example in examples:  # a blank line between two commands is layout, not output
        while example.shown and not example.shown[-1].strip():
            example.shown.pop()
    return examples


def run(command: str, home: Path) -> list[str]:
    """The output of ``command`` as a person would see it, line by line."""
    env = dict(os.environ)
    env.update(
        COLUMNS=str(COLUMNS),
        LINES="50",
        NO_COLOR="1",
        TERM="dumb",
        SILVERPYR_HOME=str(home),
        PATH=f"{Path(sys.executable).parent}{os.pathsep}{env.get('PATH', '')}",
        PYTHONHASHSEED="0",
    )
    env.pop("FORCE_COLOR", None)
    done = subprocess.run(
        ["bash", "-c", command],
        cwd=home,
        env=env,
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        timeout=TIMEOUT_SECONDS,
        check=False,
    )
    return done.stdout.rstrip("\n").split("\n") if done.stdout.strip() else []


def normalise(lines: list[str]) -> list[str]:
    """``lines`` without what varies from run to run (and without trailing blanks)."""
    result = []
    for line in lines:
        for pattern, fixed in _VARYING:
            line = pattern.sub(fixed, line)
        result.append(line.rstrip())
    return result


def same(produced: list[str], shown: list[str]) -> bool:
    """Whether an example's output is the one shown, but for what varies: a time of another
    width may also wrap a paragraph's lines elsewhere (``49.2 s`` / ``295.3 s``), so where a
    time was masked the same words in the same order count as the same."""
    mine, theirs = normalise(produced), normalise(shown)
    if mine == theirs:
        return True
    timed = any(pattern.search(line) for line in produced for pattern, _ in _VARYING)
    return timed and " ".join(mine).split() == " ".join(theirs).split()


def regenerate(text: str) -> tuple[str, list[Example]]:
    """The README with every example's output regenerated, and the examples that differ."""
    lines = text.split("\n")
    differ: list[Example] = []
    with tempfile.TemporaryDirectory(prefix="silverpyr-readme-") as tmp:
        home = Path(tmp)
        outputs: dict[int, list[str]] = {}
        for block in find_blocks(lines):  # run front to back: examples may build on others
            for example in block.examples:
                outputs[example.line] = run(example.command, home)
        for block in reversed(find_blocks(lines)):  # back to front: earlier indexes hold
            body: list[str] = []
            for number, example in enumerate(block.examples):
                produced = outputs[example.line]
                if not same(produced, example.shown):
                    differ.append(example)
                    shown = [line.rstrip() for line in produced]
                else:
                    shown = example.shown
                if number:
                    body.append("")
                body.append(PROMPT + example.command)
                body.extend(shown)
            lines[block.start : block.end] = body
    differ.sort(key=lambda example: example.line)
    return "\n".join(lines), differ


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument(
        "--check", action="store_true", help="change nothing; exit 1 if an example differs"
    )
    parser.add_argument("--readme", type=Path, default=README, help="the file (README.md)")
    args = parser.parse_args(argv)
    text = args.readme.read_text(encoding="utf-8")
    new, differ = regenerate(text)
    if args.check:
        if differ:
            print(f"{len(differ)} README example(s) differ from what the code prints:")
            for example in differ:
                print(f"  {args.readme.name}:{example.line}: $ {example.command}")
            print("Run `python tools/readme_examples.py` to regenerate them.")
            return 1
        print(f"README examples up to date ({_count(find_blocks(text.split(chr(10))))}).")
        return 0
    if new != text:
        args.readme.write_text(new, encoding="utf-8")
    print(f"{len(differ)} example(s) regenerated in {args.readme.name}.")
    return 0


def _count(blocks: list[Block]) -> str:
    commands = sum(len(block.examples) for block in blocks)
    return f"{commands} commands in {len(blocks)} blocks"


if __name__ == "__main__":
    sys.exit(main())
