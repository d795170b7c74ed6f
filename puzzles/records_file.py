"""Where a game record may be written, and writing it, for any game.

:func:`record_target` checks a path before a game starts (and again before the write):
**ruling** only a regular file, or a new name in an existing folder, is ever replaced; a link
to a file is followed; anything else (a FIFO, a device, a folder, a link to such or to
nothing, a missing folder) is refused with :class:`RecordPathError`, so saving never harms
it. :func:`save_text` writes a record atomically (a crash never leaves half a file).
"""

from __future__ import annotations

import os
import stat
import tempfile
from collections.abc import Callable
from pathlib import Path
from typing import Any, TypeVar

from ..solver.errors import SilverpyrError
from ..solver.reader import ReadError, read_data_file

R = TypeVar("R")


class RecordPathError(SilverpyrError, ValueError):
    """A place a game record cannot be saved to without harm (a FIFO, a device, a folder...)."""


_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def record_target(path: Path) -> Path:
    """Where a record named ``path`` is written: ``path`` itself when it is a regular file or
    a new name in an existing folder, the file a link points to; anything else (a FIFO, a
    device, a folder, a link to such or to nothing, a missing folder) is refused, so saving
    never replaces it."""
    shown = str(path)
    target = Path(os.path.realpath(path))
    try:
        mode: int | None = os.stat(target).st_mode
    except FileNotFoundError:
        mode = None
    except OSError as error:
        raise RecordPathError(f"cannot save the game record to {shown}: {error.strerror}") from None
    if mode is not None:
        if stat.S_ISREG(mode):
            return target
        kind = next((name for test, name in _KINDS if test(mode)), "not a regular file")
        raise RecordPathError(
            f"cannot save the game record to {shown}: it is {kind}, not a regular file"
        )
    if os.path.islink(path):
        raise RecordPathError(
            f"cannot save the game record to {shown}: it is a link to nothing ({target})"
        )
    if not target.parent.is_dir():
        raise RecordPathError(
            f"cannot save the game record to {shown}: the folder {target.parent} does not exist"
        )
    return target


def save_text(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically, ``path`` checked again first
    (:func:`record_target`)."""
    path = record_target(path)
    folder = path.parent if str(path.parent) else Path(".")
    try:
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
    except OSError as error:  # name the record, not the temporary file beside it
        raise OSError(
            error.errno, f"cannot write the game record: {error.strerror}", str(path)
        ) from None
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def load_json_record(
    path: Path, parse: Callable[[Any, str], R], error: type[ReadError] = ReadError
) -> R:
    """The record at ``path``: its JSON read strictly (unreadable: ``error`` listing every
    problem, with its place), then ``parse(data, source)`` (the game's own checks)."""
    source = str(path)
    try:
        data = read_data_file(path, source=source, as_json=True)
    except ReadError as problem:
        raise error(problem.problems) from None
    return parse(data, source)


__all__ = ["RecordPathError", "load_json_record", "record_target", "save_text"]
