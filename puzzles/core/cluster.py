"""Where independent tasks run: Dask, an embedded local cluster or an existing one.

``silverpyr analyze`` and ``silverpyr arena`` hand thousands of independent tasks to
:func:`dask_client`: by default an embedded ``LocalCluster`` (one worker process per core,
one thread each), or the cluster at ``--scheduler tcp://host:8786`` /
``$DASK_SCHEDULER_ADDRESS``. Dask is imported only here, only when a command needs it.

Nothing here waits without a bound, and every way a cluster can fail is a
:class:`ClusterError` (one line for the user):

* the address is checked before anything connects (:func:`check_address`: ``tcp://`` or a
  bare ``host:port``, a well-formed host, a port from 1 to 65535);
* :func:`probe` opens a plain socket first, with a timeout, and reads the scheduler's
  greeting itself, refusing one that is not small and well-formed: Dask's own reader
  trusts the first 8 bytes as a length, so a port that answers with other bytes would make
  it allocate whatever they say, and a port that answers nothing would keep it waiting;
* :func:`finished` submits tasks in bounded batches and watches the cluster while it
  waits: a lost scheduler, lost workers or no worker for :func:`wait_timeout` seconds ends
  the run, and :func:`what_was_lost` asks the cluster which of them it was.

Ctrl-C: the embedded cluster's worker processes write their stderr to ``/dev/null`` (the
terminal sends SIGINT to the whole process group, and each would print a traceback), and
Dask's loggers stay silent while this process shuts the cluster down.
"""

from __future__ import annotations

import atexit
import importlib
import ipaddress
import math
import os
import re
import struct
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeVar

from ...solver.core.errors import SilverpyrError

if TYPE_CHECKING:  # imported where used: the options module imports this one
    import socket

SCHEDULER_ENV = "DASK_SCHEDULER_ADDRESS"
TIMEOUT_ENV = "SILVERPYR_DASK_TIMEOUT"
DEFAULT_TIMEOUT = 10.0
"""Seconds to wait for a scheduler to accept and greet, and for a worker to be there."""
MAX_TIMEOUT = 3600.0
RETRIES = 2
"""Times Dask retries a task that raises before it is reported (never silently dropped)."""
MAX_WORKERS = 64
"""The most worker processes an embedded cluster starts: each is a Python process of about
100 MB before it works, and the tasks are CPU-bound, so more than the cores only costs."""
MAX_GAMES = 1_000_000
"""The most games one ``arena`` run plays: a two-player greedy game takes about 0.1 s of a
core (an expert's far longer), so a million is more than a day of one core, and the report
keeps every game (under 1 KB each: below 1 GB)."""
IN_FLIGHT_PER_WORKER = 4
"""Tasks handed to the scheduler per worker at a time (:func:`finished` submits lazily)."""
GREETING_LIMIT = 64 * 1024
"""The longest scheduler greeting :func:`probe` accepts (Dask's is under 100 bytes)."""
HEALTH_EVERY = 1.0
"""Seconds between two looks at the cluster while tasks run."""

_HOST_LABEL = re.compile(r"[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?")
_PORT = re.compile(r"[0-9]{1,5}")
_EXAMPLE = "tcp://host:port, e.g. tcp://127.0.0.1:8786"
_QUIET_LOGGERS = ("distributed", "tornado", "asyncio", "bokeh")

T = TypeVar("T")


class ClusterError(SilverpyrError, RuntimeError):
    """A Dask cluster that cannot be used: bad address, unreachable, lost, no worker."""


class SchedulerAddressError(ClusterError, ValueError):
    """A scheduler address that is not ``tcp://host:port`` (checked before connecting)."""


class ClusterLostError(ClusterError):
    """The cluster went away while tasks were running: its scheduler or its workers."""


class SchedulerLostError(ClusterLostError):
    """The scheduler went away, or stopped answering, while tasks were running."""


class WorkersLostError(ClusterLostError):
    """The scheduler still answers, but its workers went away (with what they held: Dask
    cancels the tasks that needed it) or none has been there too long."""


@dataclass(frozen=True)
class Scheduler:
    """A checked scheduler address and where it came from (for messages)."""

    host: str
    port: int
    source: str
    """``--scheduler`` or ``DASK_SCHEDULER_ADDRESS``."""

    @property
    def address(self) -> str:
        """``tcp://host:port`` (IPv6 hosts in brackets), what Dask connects to."""
        host = f"[{self.host}]" if ":" in self.host else self.host
        return f"tcp://{host}:{self.port}"

    @property
    def where(self) -> str:
        """``the Dask scheduler at tcp://... (--scheduler)``: how messages name it."""
        return f"the Dask scheduler at {self.address} ({self.source})"


def _valid_host(host: str) -> bool:
    if not host or len(host) > 253:
        return False
    try:
        ipaddress.ip_address(host)
        return True
    except ValueError:
        pass
    labels = host.removesuffix(".").split(".")
    if all(label.isascii() and label.isdigit() for label in labels):
        return False  # looks like an IPv4 address but is not one (999.1.1.1, 1.2.3)
    return all(_HOST_LABEL.fullmatch(label) for label in labels)


def check_address(text: str, source: str) -> Scheduler:
    """``text`` as a :class:`Scheduler`, or a :class:`SchedulerAddressError` naming ``source``.

    Accepted: ``tcp://host:port`` or ``host:port``; the host a name, an IPv4 address or an
    IPv6 address in brackets; the port from 1 to 65535. Other Dask schemes (``tls://``,
    ``ucx://``, ``inproc://``...) need settings silverpyr does not take, so they are refused
    here rather than half-working.
    """

    def bad(why: str) -> SchedulerAddressError:
        return SchedulerAddressError(f"{source} {text!r}: {why} (expected {_EXAMPLE})")

    value = text.strip()
    if not value:
        raise bad("is blank")
    if any(char.isspace() or not char.isprintable() for char in value):
        raise bad("has a space or a control character")
    scheme, sep, rest = value.rpartition("://")
    if sep:
        if scheme.lower() != "tcp":
            raise bad(f"{scheme or 'an empty'}:// is not supported, only tcp://")
    else:
        rest = value
    if not rest:
        raise bad("has no host and port")
    if any(char in rest for char in "/?#@"):
        raise bad("has more than host:port")
    if rest.startswith("["):
        inside, closed, tail = rest[1:].partition("]")
        if not closed:
            raise bad("has no ']' after its IPv6 host")
        try:
            host = str(ipaddress.IPv6Address(inside))
        except ValueError:
            raise bad(f"[{inside}] is not an IPv6 address") from None
        if not tail.startswith(":"):
            raise bad("has no port")
        port_text = tail[1:]
    else:
        host, colon, port_text = rest.rpartition(":")
        if not colon:
            raise bad("has no port")
        if ":" in host:
            raise bad("an IPv6 host needs brackets, e.g. tcp://[::1]:8786")
        if not _valid_host(host):
            raise bad(f"{host!r} is not a host name or address" if host else "has no host")
    if not _PORT.fullmatch(port_text) or not 1 <= int(port_text) <= 65535:
        raise bad(f"port {port_text!r} is not a number from 1 to 65535")
    return Scheduler(host, int(port_text), source)


def scheduler_address(option: str | None) -> Scheduler | None:
    """``--scheduler``, else ``$DASK_SCHEDULER_ADDRESS``, checked (``None``: embedded).

    An empty (unset-like) environment variable means no scheduler; ``--scheduler ''`` is
    an error, since it was typed.
    """
    if option is not None:
        return check_address(option, "--scheduler")
    value = os.environ.get(SCHEDULER_ENV)
    if not value:
        return None
    return check_address(value, SCHEDULER_ENV)


def wait_timeout() -> float:
    """``$SILVERPYR_DASK_TIMEOUT`` seconds (default :data:`DEFAULT_TIMEOUT`), checked."""
    text = os.environ.get(TIMEOUT_ENV, "").strip()
    if not text:
        return DEFAULT_TIMEOUT
    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not math.isfinite(value) or not 0 < value <= MAX_TIMEOUT:
        raise ClusterError(
            f"{TIMEOUT_ENV} {text!r} is not a number of seconds above 0, up to {MAX_TIMEOUT:g}"
        )
    return value


def _receive(sock: socket.socket, count: int) -> bytes:
    data = bytearray()
    while len(data) < count:
        chunk = sock.recv(count - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return bytes(data)


def _greeting_is_dask(body: bytes) -> bool:
    """Dask's frames (a count, the lengths, the frames), the first a msgpack mapping."""
    msgpack = importlib.import_module("msgpack")  # Dask's own wire format (untyped)

    if len(body) < 8:
        return False
    (count,) = struct.unpack_from("Q", body)
    if not 1 <= count <= 16 or len(body) < 8 * (1 + count):
        return False
    lengths = struct.unpack_from(f"{count}Q", body, 8)
    start = 8 * (1 + count)
    if start + sum(lengths) != len(body):
        return False
    try:
        message = msgpack.unpackb(body[start : start + lengths[0]], raw=False)
    except Exception:  # any malformed msgpack: not Dask's greeting
        return False
    return isinstance(message, dict)


def probe(scheduler: Scheduler, timeout: float) -> None:
    """Connect to ``scheduler`` with a plain socket and check its greeting, within ``timeout``.

    A Dask scheduler speaks first: 8 bytes giving a length, then that many bytes of
    msgpack frames. Anything else (silence, other bytes, a huge length) is refused
    before Dask's own client would trust it.
    """
    import socket

    where = f"{scheduler.address} ({scheduler.source})"
    try:
        sock = socket.create_connection((scheduler.host, scheduler.port), timeout=timeout)
    except socket.gaierror:
        raise ClusterError(f"cannot find the host of {where}") from None
    except TimeoutError:
        raise ClusterError(f"no answer from {where} within {timeout:g} s") from None
    except ConnectionRefusedError:
        raise ClusterError(f"nothing listens at {where}: is the Dask scheduler running?") from None
    except OSError as error:
        raise ClusterError(f"cannot reach {where}: {error.strerror or error}") from None
    with sock:
        sock.settimeout(timeout)
        try:
            (length,) = struct.unpack("Q", _receive(sock, 8))
            if not 0 < length <= GREETING_LIMIT:
                raise ClusterError(f"{where} is not a Dask scheduler: it sent something else")
            body = _receive(sock, length)
        except TimeoutError:
            raise ClusterError(
                f"{where} is not a Dask scheduler: it did not greet within {timeout:g} s"
            ) from None
        except OSError:
            raise ClusterError(
                f"{where} is not a Dask scheduler: it closed the connection"
            ) from None
    if not _greeting_is_dask(body):
        raise ClusterError(f"{where} is not a Dask scheduler: it sent something else")


@contextmanager
def quiet_dask() -> Iterator[None]:
    """Dask's (and its event loop's) loggers silent, restored after a clean exit only.

    Dask's logging configuration gives some children their own level
    (``distributed.client``), so each existing logger under those names is set, not only
    the parents (loggers made later inherit the parents' level).
    """
    import logging

    names = set(_QUIET_LOGGERS)
    names.update(
        name
        for name in list(logging.root.manager.loggerDict)
        if name.partition(".")[0] in _QUIET_LOGGERS
    )
    loggers = [logging.getLogger(name) for name in sorted(names)]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL + 1)
    yield  # an error leaves them silent: a lost cluster's tasks still fail and log it later
    for logger, level in zip(loggers, levels, strict=True):
        logger.setLevel(level)


@contextmanager
def _children_write_to_devnull() -> Iterator[None]:
    """Processes started inside inherit ``/dev/null`` as their stderr; this one gets its own
    stderr back after.

    A terminal's Ctrl-C reaches every process of its foreground group, and each worker
    would print its traceback (and a dying worker its complaints) on the user's terminal.
    Whatever a worker writes is not for the user: failures come back as task errors.
    """
    sys.stderr.flush()
    saved = os.dup(2)
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, 2)
        yield
    finally:
        sys.stderr.flush()
        os.dup2(saved, 2)
        os.close(saved)
        os.close(devnull)


@dataclass
class Connection:
    """A connected client, what it is connected to, and the waits' bound."""

    client: Any
    """A ``dask.distributed.Client``."""
    where: str
    """How messages name the cluster."""
    timeout: float


@contextmanager
def dask_client(scheduler: str | None = None, workers: int | None = None) -> Iterator[Connection]:
    """A :class:`Connection` with at least one worker, closed (with its cluster) after use.

    ``scheduler`` (else ``$DASK_SCHEDULER_ADDRESS``) is checked and probed first; without
    one, an embedded ``LocalCluster`` of ``workers`` processes (default: one per core).
    """
    import logging

    target = scheduler_address(scheduler)
    timeout = wait_timeout()
    if workers is not None and not 0 <= workers <= MAX_WORKERS:
        raise ClusterError(f"--workers {workers} is not from 0 to {MAX_WORKERS}")
    if target is not None:
        probe(target, timeout)
    import dask
    from dask.distributed import Client, LocalCluster

    cluster = None
    client = None
    # Dask's connect timeout bounds its client's (re)connections to a scheduler; the
    # embedded cluster keeps Dask's default, which its starting workers need on a busy box.
    connect = {} if target is None else {"distributed.comm.timeouts.connect": f"{timeout}s"}
    with quiet_dask(), dask.config.set(connect):
        try:
            if target is None:
                where = "the embedded Dask cluster"
                try:
                    with _children_write_to_devnull():
                        cluster = LocalCluster(
                            n_workers=workers or min(os.cpu_count() or 1, MAX_WORKERS),
                            threads_per_worker=1,
                            processes=True,
                            dashboard_address=":0",  # any free port, never a clash
                            silence_logs=logging.CRITICAL,  # no worker chatter
                        )
                    client = Client(cluster)
                except Exception as error:  # whatever stops it starting, in one line
                    raise ClusterError(
                        f"{where} did not start: {type(error).__name__}: {error}"
                    ) from None
            else:
                where = target.where
                try:
                    client = Client(target.address, timeout=f"{timeout}s")
                except Exception as error:  # probed, yet refused: version, closing...
                    raise ClusterError(
                        f"{where} did not accept a client: {type(error).__name__}"
                    ) from None
                try:
                    client.wait_for_workers(1, timeout=timeout)
                except (OSError, TimeoutError):
                    raise ClusterError(
                        f"{where} has no worker: none joined within {timeout:g} s "
                        f"(start one with: dask worker {target.address})"
                    ) from None
            yield Connection(client, where, timeout)
        except KeyboardInterrupt:
            # Interrupted, maybe half started: Dask closes what is left at exit, noisily
            # (its own atexit hook); nothing it says then is for the user.
            atexit.register(_quiet_exit)
            raise
        finally:
            if client is not None:
                _close(client.close, timeout)
            if cluster is not None:
                _close(cluster.close, timeout)


def _quiet_exit() -> None:
    """From now until the process ends, stderr (the stream and fd 2) goes nowhere."""
    import logging

    sys.stderr.flush()
    devnull = os.open(os.devnull, os.O_WRONLY)
    os.dup2(devnull, 2)
    os.close(devnull)
    sys.stderr = open(os.devnull, "w", encoding="utf-8")  # noqa: SIM115 (kept to the end)
    logging.disable(logging.CRITICAL)


def _close(close: Callable[..., Any], timeout: float) -> None:
    """Close a client or cluster quietly, within ``timeout`` (it may be half gone)."""
    import logging

    try:
        close(timeout=timeout)
    except Exception:  # closing something already lost: nothing more to do
        logging.getLogger(__name__).debug("closing the Dask client failed", exc_info=True)


def worker_count(connection: Connection) -> int:
    """Workers connected to the scheduler now, asked within the connection's timeout.

    :class:`SchedulerLostError` if the scheduler is gone or does not answer in time (a
    stopped scheduler keeps its connections open: only a timeout tells).
    """
    client = connection.client
    try:
        info = client.sync(client.scheduler.identity, callback_timeout=connection.timeout)
    except TimeoutError:
        raise SchedulerLostError(
            f"{connection.where} did not answer within {connection.timeout:g} s"
        ) from None
    except OSError:
        raise SchedulerLostError(f"lost {connection.where}") from None
    return len(info.get("workers", {}))


def finished(
    connection: Connection,
    jobs: Iterable[T],
    submit: Callable[[Any, T], Any],
    *,
    in_flight: int,
) -> Iterator[tuple[T, Any, Exception | None]]:
    """Submit ``jobs`` lazily (``submit(client, job)`` returns a future), at most
    ``in_flight`` at a time, and yield ``(job, result, None)`` or ``(job, None, error)`` as
    each finishes (``error``: what the task raised, after its retries).

    Never waits without a bound: :class:`SchedulerLostError` when the scheduler goes away
    (Dask cancels every future then), :class:`WorkersLostError` when the workers do (with
    the data scattered to them) or none has been there for the connection's timeout.
    """
    from dask.distributed import as_completed

    client = connection.client
    source = iter(jobs)
    owners: dict[Any, T] = {}
    queue = as_completed()

    def top_up() -> None:
        while len(owners) < in_flight:
            job = next(source, _END)
            if job is _END:
                return
            future = submit(client, job)
            owners[future] = job
            queue.add(future)

    def lost() -> ClusterLostError:
        return what_was_lost(connection)

    top_up()
    checked = time.monotonic()
    workerless_since: float | None = None
    while owners:
        batch = queue.next_batch(block=False)
        if not batch:
            now = time.monotonic()
            if now - checked >= HEALTH_EVERY:
                checked = now
                workerless_since = _check(connection, workerless_since, now)
            time.sleep(0.02)
            continue
        for future in batch:
            job = owners.pop(future)
            if future.status == "cancelled" or client.status != "running":
                raise lost()
            try:
                value = future.result(timeout=connection.timeout)
            except Exception as error:  # the task's own error, or the cluster's
                if future.status == "cancelled" or client.status != "running":
                    raise lost() from None
                if isinstance(error, TimeoutError | OSError) and future.status != "error":
                    raise lost() from None
                yield job, None, error
            else:
                yield job, value, None
        top_up()


_END: Any = object()


def what_was_lost(connection: Connection) -> ClusterLostError:
    """What was really lost when a task was cancelled or the client stopped, asked of the
    cluster at once: the scheduler (the client's link to it is down, or it does not answer
    within the timeout) or, while it answers, the workers and what they held (a killed
    worker takes the data scattered to it, and Dask cancels the tasks that needed it)."""
    if connection.client.status != "running":
        return SchedulerLostError(f"lost {connection.where}")
    try:
        workers = worker_count(connection)
    except SchedulerLostError as error:
        return error
    if not workers:
        return WorkersLostError(f"{connection.where} still answers but lost every worker")
    return WorkersLostError(
        f"{connection.where} still answers but lost a worker and the data it held "
        f"({workers} worker{'s' if workers > 1 else ''} left)"
    )


def _check(connection: Connection, workerless_since: float | None, now: float) -> float | None:
    """Raise if the scheduler is gone or workerless too long; the new workerless start."""
    client = connection.client
    if client.status != "running":
        raise SchedulerLostError(f"lost {connection.where}")
    if worker_count(connection):
        return None
    if workerless_since is None:
        return now
    if now - workerless_since >= connection.timeout:
        raise WorkersLostError(f"{connection.where} has had no worker for {connection.timeout:g} s")
    return workerless_since
