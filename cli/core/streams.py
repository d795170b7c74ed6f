"""The standard streams: ASCII look-alikes on a terminal that cannot show Unicode, and a
quiet end when stdout's reader goes away; never a crash."""

from __future__ import annotations

import os
import sys
from typing import Any

_ASCII_LOOKALIKES = {
    "\u2014": "-",  # em dash
    "\u2013": "-",  # en dash
    "\u2026": "...",
    "\u00b7": ".",  # middle dot
    "\u2190": "<-",
    "\u2192": "->",
    "\u2018": "'",
    "\u2019": "'",
    "\u201c": '"',
    "\u201d": '"',
    "\u00d7": "x",
    "\u2713": "v",
    "\u2717": "x",
    "\u2605": "*",
    "\u2606": ".",
    "\u2500": "-",
    "\u2502": "|",
    "\u2588": "#",  # full block: a wall
    "\u00b1": "+/-",
}


def _lookalike(error: UnicodeError) -> tuple[str, int]:
    """Codec error handler: an ASCII look-alike for what the terminal cannot show, else ?."""
    assert isinstance(error, UnicodeEncodeError)
    return ascii_text(error.object[error.start : error.end]), error.end


def ascii_text(text: str) -> str:
    """``text`` in ASCII: the look-alikes a terminal without Unicode gets (``--plain``)."""
    out = []
    for char in text:
        if char.isascii():
            out.append(char)
            continue
        import unicodedata

        plain = unicodedata.normalize("NFKD", char).encode("ascii", "ignore").decode()
        out.append(_ASCII_LOOKALIKES.get(char) or plain or "?")
    return "".join(out)


def degrade_streams() -> None:
    """Never crash on a terminal that cannot show Unicode.

    stdout and stderr in another encoding than UTF-8 (``PYTHONIOENCODING=ascii``, a Latin-1
    terminal) write ASCII look-alikes (or ``?``) for what they cannot encode; Rich already
    draws ASCII boxes for such streams. stdin replaces undecodable bytes.
    """
    import codecs

    try:
        codecs.lookup_error("silverpyr-lookalike")
    except LookupError:
        codecs.register_error("silverpyr-lookalike", _lookalike)
    for stream, errors in (
        (sys.stdout, "silverpyr-lookalike"),
        (sys.stderr, "silverpyr-lookalike"),
        (sys.stdin, "replace"),
    ):
        encoding = (getattr(stream, "encoding", None) or "").lower().replace("_", "-")
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None and not encoding.startswith("utf"):
            reconfigure(errors=errors)


def leave_quietly() -> None:
    """The reader of stdout went away: what is left to print goes nowhere, and the exit
    code is 0, as for any Unix filter whose reader had what it wanted."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.__stdout__.fileno() if sys.__stdout__ else 1)
    finally:
        os.close(devnull)


def _rich_broken_pipe(console: Any) -> None:
    """Rich's ``Console.on_broken_pipe`` for this program: raise the error, so that the
    caller decides (the error mapping's ``_reader_gone``), instead of Rich's exit code 1."""
    import errno

    console.quiet = True
    raise BrokenPipeError(errno.EPIPE, os.strerror(errno.EPIPE))


def quiet_broken_pipes() -> None:
    """A reader of stdout that goes away (``| head -1``) ends the program with exit code 0,
    no traceback and no "Exception ignored" line: Rich's consoles (the commands' and
    Typer's help) hand the broken pipe to the error mapping instead of exiting with 1."""
    from rich.console import Console

    setattr(Console, "on_broken_pipe", _rich_broken_pipe)  # noqa: B010 (a method, patched)
