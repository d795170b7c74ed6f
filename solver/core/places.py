"""Where silverpyr keeps files: ``$SILVERPYR_HOME``, else the user's data and cache folders.

Light on purpose (no import beyond the standard library until a path is asked for): the
console script's quick start (:mod:`silverpyr.cli.core.launch`) reads its cache from here
before anything else is imported.
"""

from __future__ import annotations

import os
from pathlib import Path

HOME_ENV = "SILVERPYR_HOME"


def data_dir() -> Path:
    """Where silverpyr keeps its data: ``$SILVERPYR_HOME`` or the user data directory."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser()
    import platformdirs

    return Path(platformdirs.user_data_dir("silverpyr", appauthor=False))


def cache_dir() -> Path:
    """Files that can be made again: ``$SILVERPYR_HOME/cache`` or the user cache directory."""
    home = os.environ.get(HOME_ENV)
    if home:
        return Path(home).expanduser() / "cache"
    import platformdirs

    return Path(platformdirs.user_cache_dir("silverpyr", appauthor=False))


def write_atomically(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` through a temporary file beside it and a rename, so a
    reader never sees half a file; the temporary file is removed when anything fails."""
    import tempfile

    handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(text)
        os.replace(temporary, path)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise


def keep_cached(path: Path, text: str) -> bool:
    """:func:`write_atomically` into the cache folder, best effort: whether it was written.
    A cache is an optimisation, so a folder that cannot be written is no error."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(path, text)
    except OSError:
        return False
    return True
