"""One session per attempt: a lease is an operating-system lock on a small file.

Two sessions of the same puzzle (two terminals) would each save their own moves over the
other's. :meth:`~silverpyr.puzzles.core.store.Store.hold` takes the puzzle's lease before an
attempt is resumed or saved; a second session is refused while the first holds it. The
lock belongs to the open file, so the operating system lets go of it whenever the
holder's process ends, however it ends (a crash or ``kill -9`` included): a stale lease
never blocks. The file holds the holder's pid, for the message; it is never deleted
(deleting a lock file races with a session opening it).

Locks are ``flock`` on POSIX and ``msvcrt.locking`` on Windows; they are advisory and
per open file, so two sessions inside one process exclude each other too.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
import weakref
from pathlib import Path
from typing import Self


class LeaseHeldError(Exception):
    """Another session holds the lease; ``pid`` is its process id when known."""

    def __init__(self, pid: int | None) -> None:
        super().__init__(f"held by pid {pid}" if pid else "held by another session")
        self.pid = pid


class LockingUnsupportedError(OSError):
    """The file system cannot lock files (some network file systems)."""


_UNSUPPORTED = frozenset(
    {errno.ENOLCK, errno.EOPNOTSUPP, errno.ENOTSUP, errno.ENOSYS, errno.EINVAL}
)


class Lease:
    """A held lease; :meth:`release` (or the end of the process) lets go of it."""

    def __init__(self, path: Path, fd: int) -> None:
        self.path = path
        self._fd: int | None = fd
        self._finalizer = weakref.finalize(self, _close, fd)

    @property
    def held(self) -> bool:
        """Whether this lease is still held."""
        return self._fd is not None

    def release(self) -> None:
        """Let go of the lease (again: nothing)."""
        if self._fd is not None:
            self._fd = None
            self._finalizer()


class LeaseHolder:
    """What holds a lease while it is played (an attempt, a kept game): a context manager
    that lets go of the lease on :meth:`release` or on leaving the ``with`` block."""

    lease: Lease | None = None

    def release(self) -> None:
        """Let go of the lease (the attempt or the game was left, or ended)."""
        if self.lease is not None:
            self.lease.release()
            self.lease = None

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.release()


def _lock(fd: int) -> bool:
    """Lock ``fd`` without waiting; whether it was free."""
    if sys.platform == "win32":
        import msvcrt

        try:
            msvcrt.locking(fd, msvcrt.LK_NBLCK, 1)
        except OSError:
            return False
        return True
    import fcntl

    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        return False
    except OSError as error:
        if error.errno in _UNSUPPORTED:
            raise LockingUnsupportedError(error.errno, error.strerror) from None
        raise
    return True


def _close(fd: int) -> None:
    """Unlock and close (closing alone lets go of the lock as well)."""
    with contextlib.suppress(OSError):
        if sys.platform == "win32":
            import msvcrt

            os.lseek(fd, 0, os.SEEK_SET)
            msvcrt.locking(fd, msvcrt.LK_UNLCK, 1)
        else:
            import fcntl

            fcntl.flock(fd, fcntl.LOCK_UN)
    with contextlib.suppress(OSError):
        os.close(fd)


def _holder(fd: int) -> int | None:
    """The pid the holder wrote, if it reads."""
    with contextlib.suppress(OSError, ValueError):
        os.lseek(fd, 0, os.SEEK_SET)
        text = os.read(fd, 32).decode("ascii").strip()
        pid = int(text)
        return pid if pid > 0 else None
    return None


def acquire(path: Path) -> Lease:
    """Take the lease of ``path`` or raise :class:`LeaseHeldError` at once (never waits).

    Raises :class:`LockingUnsupportedError` where files cannot be locked, and ``OSError``
    when the file cannot be made or opened.
    """
    path.parent.mkdir(parents=True, exist_ok=True)
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        if not _lock(fd):
            raise LeaseHeldError(_holder(fd))
        os.ftruncate(fd, 0)
        os.lseek(fd, 0, os.SEEK_SET)
        os.write(fd, f"{os.getpid()}\n".encode("ascii"))
    except BaseException:
        os.close(fd)
        raise
    return Lease(path, fd)
