"""One output object per command: printed for people, or as JSON with ``--json``.

Data goes to stdout, diagnostics to stderr. Rich drops colour and escape codes by itself
when stdout is not a terminal.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Iterable
from typing import Any, Protocol, TypeVar

from rich.console import Console

_T = TypeVar("_T")

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


def print_json(data: Any) -> None:
    """``data`` as JSON on stdout: indented, its text as it is (not escaped to ASCII)."""
    sys.stdout.write(json.dumps(data, indent=2, ensure_ascii=False) + "\n")


def emit(
    data: Any, render: Callable[[Console], None], *, as_json: bool, plain: bool = False
) -> None:
    """Print ``data`` as JSON (:func:`print_json`), or call ``render`` with a stdout console."""
    if as_json:
        print_json(data)
    else:
        render(stdout_console(plain=plain))


class SearchAnswer(Protocol):
    """A search's answer (the Sun's and Cheops's ``solve``): its lines and its effort."""

    @property
    def nodes(self) -> int: ...

    @property
    def seconds(self) -> float: ...

    def lines(self) -> list[str]: ...

    def to_dict(self) -> dict[str, Any]: ...


def emit_search(answer: SearchAnswer, *, as_json: bool, plain: bool) -> None:
    """A search's answer as JSON, or its lines and how many positions it searched."""
    from rich.text import Text

    def render(console: Console) -> None:
        for line in answer.lines():
            console.print(Text(line))
        console.print(Text(f"{answer.nodes:,} positions searched in {answer.seconds:.2f} s"))

    emit(answer.to_dict(), render, as_json=as_json, plain=plain)


SPINNER_DELAY = 0.5
"""Seconds of work after which a spinner shows on stderr (never a silent wait)."""


def with_spinner(work: Callable[[], _T], message: str, *, quiet: bool = False) -> _T:
    """``work()`` in a thread; after :data:`SPINNER_DELAY` seconds a spinner with
    ``message`` shows on stderr while it runs (on a terminal, unless ``quiet``). Errors
    raised by ``work`` are raised here."""
    import threading

    result: list[_T] = []
    failure: list[BaseException] = []

    def run() -> None:
        try:
            result.append(work())
        except BaseException as error:  # re-raised in the calling thread
            failure.append(error)

    thread = threading.Thread(target=run, daemon=True)
    thread.start()
    thread.join(SPINNER_DELAY)
    if thread.is_alive():
        console = stderr_console()
        if console.is_terminal and not quiet:
            with console.status(message):
                thread.join()
        else:
            thread.join()
    if failure:
        raise failure[0]
    return result[0]


def report_checked_file(problems: Iterable[object], summary: str | None) -> None:
    """What every game's ``cards validate`` prints: each problem an ``error:`` line of its
    own and exit code 2, or ``OK: <summary>`` when the file is valid (``summary`` is
    ``None`` when no deck came out of it)."""
    import typer

    found = list(problems)
    if found or summary is None:
        for problem in found:
            typer.echo(f"error: {problem}", err=True)
        raise typer.Exit(2)
    typer.echo(f"OK: {summary}")
