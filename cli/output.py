"""One output object per command: printed for people, or as JSON with ``--json``.

Data goes to stdout, diagnostics to stderr. Rich drops colour and escape codes by itself
when stdout is not a terminal.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from typing import Any

from rich.console import Console

LONGEST_WORD = 300
"""Longest run of non-blank characters a diagnostic quotes whole: any real path or value
fits; a longer one (a 5,000-digit number, a pasted file) keeps only its ends."""


def one_line(message: str) -> str:
    """A message as the contract's one line: blanks folded, and a huge quoted input (a
    5,000-digit number, a pasted file) shortened to its ends, so the line stays readable."""
    words = []
    for word in message.split():
        if len(word) > LONGEST_WORD:
            word = f"{word[:60]}...{word[-60:]} ({len(word):,} characters)"
        words.append(word)
    return " ".join(words)


def warn(message: str) -> None:
    """A problem recovered from, or an option that cannot apply: one ``warning:`` line on
    stderr, and the command goes on."""
    print(f"warning: {one_line(message)}", file=sys.stderr, flush=True)


def stdout_console(*, plain: bool = False) -> Console:
    """A console on stdout; ``plain`` forces ASCII without colour or styles."""
    if plain:
        return Console(
            file=sys.stdout,
            color_system=None,
            no_color=True,
            emoji=False,
            highlight=False,
            safe_box=True,
        )
    return Console(file=sys.stdout, highlight=False)


def stderr_console() -> Console:
    """A console on stderr for diagnostics. Its lines are never cut to the terminal's width
    (the terminal folds them), so a path in one can be copied whole."""
    return Console(file=sys.stderr, highlight=False, soft_wrap=True)


def emit(
    data: Any, render: Callable[[Console], None], *, as_json: bool, plain: bool = False
) -> None:
    """Print ``data`` as JSON, or call ``render`` with a stdout console."""
    if as_json:
        sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")
    else:
        render(stdout_console(plain=plain))
