"""The console script's entry point: a help page seen before, and a card's page, are
printed without Typer.

``silverpyr --help`` and every ``silverpyr <command ...> --help`` spent most of their
start-up importing Typer, Click and Rich to draw a page that only changes when silverpyr,
those libraries or the terminal change (issue 29). The first time a page is asked for it is
drawn as always, and the text written to stdout is kept in the cache folder
(:func:`~silverpyr.solver.core.places.cache_dir`) under a key of everything the page is drawn
from (:func:`_key`); the next time the same key finds it, it is printed as it is.

Only a plain request is answered from the cache: command names, then ``--help`` or ``-h``,
and nothing else; a page drawn with anything on stderr or any exit code but 0 is not kept.
The cache is best effort: a folder that cannot be written or a file that cannot be read
means the page is drawn as always, and nothing is said about it.

A command in :data:`_QUICK_PAGES` may print its page without Typer, through the same
function as the command: ``silverpyr cards show N`` (``--json``, ``--plain``), whose Typer
import alone took 0.12 s of its 0.29 s (typer 0.28). Whatever such a path does not take,
and every error, goes through Typer as always.
"""

from __future__ import annotations

import contextlib
import hashlib
import json
import os
import re
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .streams import degrade_streams, leave_quietly

HELP_FLAGS = ("--help", "-h")
_NAME = re.compile(r"[a-z][a-z0-9-]*")
_QUICK_PAGES: dict[tuple[str, ...], str] = {("cards", "show"): "silvergold.card_page"}
"""Commands with a quick path: their module under ``silverpyr.cli``, whose ``quick(args)``
prints the page for the arguments after the command's names and says True, or prints
nothing and says False (then Typer runs the command as always)."""
_ENV_NAMES = frozenset(
    {
        # what Rich, Click and Typer read when they draw a page
        "COLORTERM",
        "COLUMNS",
        "DATABRICKS_RUNTIME_VERSION",
        "FORCE_COLOR",
        "GITHUB_ACTIONS",
        "JUPYTER_COLUMNS",
        "JUPYTER_LINES",
        "LINES",
        "NO_COLOR",
        "PY_COLORS",
        "TERM",
        "TERMINAL_WIDTH",
        "TTY_COMPATIBLE",
        "TTY_INTERACTIVE",
        "UNICODE_VERSION",
        # the text's encoding
        "LANG",
        "LC_ALL",
        "LC_CTYPE",
        "PYTHONIOENCODING",
        "PYTHONUTF8",
    }
)
_ENV_PREFIXES = ("SILVERPYR", "_SILVERPYR", "TYPER", "_TYPER")
_SOURCES = ("cli", "puzzles", "solver", "data")
"""The package's folders whose files draw the pages (their names, sizes and times)."""
_LIBRARIES = ("typer", "click", "rich")
_KEPT_PAGES = 400
"""Pages kept at most; the oldest go first."""


def help_request(args: Sequence[str]) -> bool:
    """Whether ``args`` only asks for a page: command names, then ``--help`` or ``-h``."""
    return (
        len(args) >= 1 and args[-1] in HELP_FLAGS and all(_NAME.fullmatch(arg) for arg in args[:-1])
    )


def _files_stamp(root: Path) -> list[str]:
    """Name, size and time of every file under ``root`` (a folder, or a file's own)."""
    if root.is_file():
        stat = root.stat()
        return [f"{root}:{stat.st_size}:{stat.st_mtime_ns}"]
    found = []
    folders = [str(root)]
    while folders:
        with os.scandir(folders.pop()) as entries:
            for entry in entries:
                if entry.is_dir(follow_symlinks=False):
                    if entry.name != "__pycache__":
                        folders.append(entry.path)
                elif entry.name.endswith((".py", ".yaml", ".json")):
                    stat = entry.stat()
                    found.append(f"{entry.path}:{stat.st_size}:{stat.st_mtime_ns}")
    return sorted(found)


def _library_stamp(name: str) -> str:
    """Where library ``name`` is and when it was installed (its ``__init__``), unimported."""
    import importlib.util

    try:
        spec = importlib.util.find_spec(name)
    except (ImportError, ValueError):
        return f"{name}:-"
    origin = spec.origin if spec is not None else None
    if not origin or not os.path.exists(origin):
        return f"{name}:-"
    stat = os.stat(origin)
    return f"{origin}:{stat.st_size}:{stat.st_mtime_ns}"


def _terminal() -> list[Any]:
    """What decides a page's width and colours: each standard stream's size and terminal."""
    sizes: list[Any] = []
    for stream in (sys.stdin, sys.stdout, sys.stderr):
        try:
            fd = stream.fileno()
            size: Any = tuple(os.get_terminal_size(fd))
        except (AttributeError, OSError, ValueError):
            size = None
        try:
            tty = stream.isatty()
        except (AttributeError, OSError, ValueError):
            tty = None
        sizes.append([size, tty])
    encoding = getattr(sys.stdout, "encoding", None)
    return [sizes, encoding, getattr(sys.stdout, "errors", None)]


def _key(args: Sequence[str]) -> str:
    """Everything a page is drawn from: the request, the program's name, silverpyr's files,
    the libraries, the environment the libraries read, the terminal and the date."""
    import datetime

    from ... import __version__

    package = Path(__file__).resolve().parents[2]
    stamp: list[Any] = [
        list(args),
        os.path.basename(sys.argv[0]) if sys.argv else "",
        __version__,
        sys.version,
        str(package),
        [_files_stamp(package / name) for name in (*_SOURCES, "__init__.py")],
        [_library_stamp(name) for name in _LIBRARIES],
        sorted(
            (name, value)
            for name, value in os.environ.items()
            if name in _ENV_NAMES or name.startswith(_ENV_PREFIXES)
        ),
        _terminal(),
        datetime.date.today().isoformat(),  # a page may name today
    ]
    return hashlib.sha256(json.dumps(stamp).encode()).hexdigest()


def _pages() -> Path:
    from ...solver.core.places import cache_dir

    return cache_dir() / "help"


def _kept_page(key: str) -> str | None:
    try:
        return (_pages() / f"{key}.txt").read_text(encoding="utf-8")
    except (OSError, UnicodeError, ValueError):
        return None


def _keep_page(key: str, page: str) -> None:
    """Keep the page; forget the oldest pages beyond :data:`_KEPT_PAGES`."""
    from ...solver.core.places import keep_cached

    folder = _pages()
    if not keep_cached(folder / f"{key}.txt", page):
        return
    with contextlib.suppress(OSError):
        kept = sorted(folder.glob("*.txt"), key=lambda path: path.stat().st_mtime_ns)
        for old in kept[:-_KEPT_PAGES]:
            old.unlink(missing_ok=True)


class _Copy:
    """A standard stream that also keeps what is written to it; all else is the stream's."""

    def __init__(self, stream: Any) -> None:
        self._stream = stream
        self.parts: list[str] = []

    def write(self, text: str) -> int:
        written: int = self._stream.write(text)  # Click probes with bytes: a TypeError here
        self.parts.append(text)
        return written

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


def _print_page(page: str) -> None:
    """Write a kept page; a reader of stdout that goes away (``| head -1``) is no error."""
    try:
        sys.stdout.write(page)
        sys.stdout.flush()
    except BrokenPipeError:
        leave_quietly()
    sys.exit(0)


def _draw_and_keep(key: str) -> None:
    """Run the program as always; keep what it printed when it ended cleanly."""
    from .app import main as run

    out, err = _Copy(sys.stdout), _Copy(sys.stderr)
    sys.stdout, sys.stderr = out, err
    code: Any = 0
    try:
        run()
    except SystemExit as end:
        code = end.code
        raise
    finally:
        sys.stdout, sys.stderr = out._stream, err._stream
        if code in (0, None) and not err.parts and out.parts:
            _keep_page(key, "".join(out.parts))


def _quick(module: str, args: Sequence[str]) -> bool:
    """Whether the quick path of ``module`` printed the page (a reader of stdout that went
    away while it did counts as printed)."""
    import importlib

    page = importlib.import_module(f"silverpyr.cli.{module}")
    try:
        done: bool = page.quick(args)
        sys.stdout.flush()
    except BrokenPipeError:
        leave_quietly()
        return True
    return done


def main() -> None:
    """Console-script entry point."""
    args = sys.argv[1:]
    quick = _QUICK_PAGES.get(tuple(args[:2]))
    if quick is not None and _quick(quick, args[2:]):
        sys.exit(0)
    if help_request(args) and not any(name.endswith("_COMPLETE") for name in os.environ):
        degrade_streams()
        key = _key(args)
        page = _kept_page(key)
        if page is not None:
            _print_page(page)
        _draw_and_keep(key)
        return
    from .app import main as run

    run()
