"""Issue 19's "done means" for Dask: real clusters killed mid-run, and Ctrl-C.

A real ``dask scheduler`` and ``dask worker`` (subprocesses, on 127.0.0.1 only) are
killed while ``silverpyr analyze`` or ``arena`` runs on them: one ``error:`` line naming
what was lost and what is done, exit 2, and the re-run resumes from the cache with the
same results as in-process. Ctrl-C on the embedded cluster (SIGINT to the whole process
group, as a terminal sends it): one line, exit 130, nothing from the workers.
"""

from __future__ import annotations

import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from silverpyr.puzzles.core.cluster import SCHEDULER_ENV, TIMEOUT_ENV
from silverpyr.puzzles.core.store import HOME_ENV
from silverpyr.puzzles.silvergold.realgame import analysis
from silverpyr.solver.silvergold.deckfile import load_deck

pytestmark = pytest.mark.slow

BIN = Path(sys.executable).parent
CARD = "3"  # of the bundled deck: four tasks of about a second each
TIMEOUT = "5"


def _kill(process: subprocess.Popen[bytes], sig: int = signal.SIGKILL) -> None:
    try:
        os.killpg(process.pid, sig)
    except ProcessLookupError:
        return
    try:
        process.wait(timeout=20)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=10)


class Dask:
    """``dask scheduler`` and ``dask worker`` processes on 127.0.0.1, each its own group."""

    def __init__(self, folder: Path) -> None:
        if not (BIN / "dask").exists():
            pytest.skip("the dask command is not installed beside this Python")
        self.folder = folder
        self.processes: list[subprocess.Popen[bytes]] = []
        self.scheduler: subprocess.Popen[bytes] | None = None
        self.address = ""

    def _start(self, *args: str) -> subprocess.Popen[bytes]:
        process = subprocess.Popen(
            [str(BIN / "dask"), *args],
            cwd=self.folder,
            start_new_session=True,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self.processes.append(process)
        return process

    def start_scheduler(self) -> str:
        file = self.folder / f"scheduler-{len(self.processes)}.json"
        self.scheduler = self._start(
            "scheduler", "--host", "127.0.0.1", "--port", "0", "--no-dashboard",
            "--scheduler-file", str(file),
        )  # fmt: skip
        deadline = time.monotonic() + 60
        while not file.exists() or not file.read_text(encoding="utf-8").strip():
            assert time.monotonic() < deadline, "the scheduler did not start in 60 s"
            time.sleep(0.1)
        self.address = json.loads(file.read_text(encoding="utf-8"))["address"]
        assert self.address.startswith("tcp://127.0.0.1:")
        return self.address

    def start_worker(self) -> subprocess.Popen[bytes]:
        from dask.distributed import Client

        worker = self._start(
            "worker", self.address, "--nworkers", "1", "--nthreads", "1", "--no-dashboard",
            "--host", "127.0.0.1",
        )  # fmt: skip
        with Client(self.address, timeout="30s") as client:
            client.wait_for_workers(1, timeout=90)
        return worker

    def close(self) -> None:
        for process in reversed(self.processes):
            _kill(process, signal.SIGTERM)


@pytest.fixture()
def dask_processes(tmp_path: Path) -> Iterator[Dask]:
    cluster = Dask(tmp_path)
    try:
        yield cluster
    finally:
        cluster.close()


def _silverpyr(home: Path, *args: str, **env: str) -> subprocess.Popen[str]:
    return subprocess.Popen(
        [str(BIN / "silverpyr"), *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
        env={
            **{k: v for k, v in os.environ.items() if k != SCHEDULER_ENV},
            HOME_ENV: str(home),
            TIMEOUT_ENV: TIMEOUT,
            **env,
        },
    )


def _cached_rows(home: Path) -> int:
    path = home / "silverpyr.db"
    if not path.exists():
        return 0
    try:
        with sqlite3.connect(f"file:{path}?mode=ro", uri=True, timeout=1) as db:
            row = db.execute("SELECT count(*) FROM puzzle_cache").fetchone()
    except sqlite3.OperationalError:  # not created yet, or busy this instant
        return 0
    return int(row[0])


def _wait_for_cached(home: Path, count: int, process: subprocess.Popen[str]) -> None:
    deadline = time.monotonic() + 120
    while _cached_rows(home) < count:
        assert process.poll() is None, process.communicate()
        assert time.monotonic() < deadline, "no result was cached within 120 s"
        time.sleep(0.02)


def _wait_for_games(address: str, process: subprocess.Popen[str]) -> None:
    """Until the scheduler holds some of the arena's games (it is connected and playing)."""
    from dask.distributed import Client

    deadline = time.monotonic() + 120
    with Client(address, timeout="30s") as client:
        while not client.run_on_scheduler(
            lambda dask_scheduler: sum("play_arena_game" in str(k) for k in dask_scheduler.tasks)
        ):
            assert process.poll() is None, process.communicate()
            assert time.monotonic() < deadline, "no game reached the scheduler within 120 s"
            time.sleep(0.2)


def _finish(process: subprocess.Popen[str]) -> tuple[int, str, list[str]]:
    try:
        out, err = process.communicate(timeout=120)
    except subprocess.TimeoutExpired:
        os.killpg(process.pid, signal.SIGKILL)
        raise
    return process.returncode, out, err.splitlines()


def _expected_cards() -> list[dict[str, Any]]:
    """The card's figures computed in this process, as ``analyze --json`` reports them."""
    deck = load_deck(None)
    tasks = analysis.make_tasks(deck, [int(CARD)], cards_only=False, orders=20)
    results = {(t.card.number, t.task): analysis.run_task(t) for t in tasks}
    report = analysis.RunReport(results, 0, len(tasks), (), 0.0, 1)
    cards = analysis.report_dict(analysis.analyses(deck, report), report, deck)["cards"]
    assert isinstance(cards, list)
    return cards


ANALYZE = ("analyze", "--card", CARD, "--orders", "20", "--json")


def _assert_resumes(home: Path, address: str, done: int) -> None:
    """The re-run reads the ``done`` cached tasks back and computes the rest, same figures."""
    rerun = _silverpyr(home, *ANALYZE, "--scheduler", address)
    code, out, err = _finish(rerun)
    assert code == 0 and err == [], err
    data = json.loads(out)
    assert (data["cached"], data["computed"], data["failures"]) == (done, 4 - done, [])
    assert data["cards"] == _expected_cards()


def _analyze_running(
    dask: Dask, home: Path
) -> tuple[str, subprocess.Popen[bytes], subprocess.Popen[str]]:
    """A scheduler and a worker, ``analyze`` run on them until a task is cached: the
    scheduler's address, the worker and the run."""
    address = dask.start_scheduler()
    worker = dask.start_worker()
    run = _silverpyr(home, *ANALYZE, "--scheduler", address)
    _wait_for_cached(home, 1, run)
    return address, worker, run


def _the_one_lost_line(
    finished: tuple[int, str, list[str]], lost: str
) -> tuple[re.Match[str] | None, list[str]]:
    """A run ``_finish`` ended: exit 2, nothing on stdout, one error line; that line matched
    as ``error: LOST: N of 4 task(s) done and cached (card ...): run the same command again
    to resume`` (``lost``: a pattern naming what was lost) and the error lines."""
    code, out, err = finished
    assert code == 2 and out == ""
    assert len(err) == 1, err
    found = re.fullmatch(
        rf"error: {lost}: (\d) of 4 task\(s\) done and cached \(card {CARD} [a-z, ]+\): "
        "run the same command again to resume",
        err[0],
    )
    return found, err


def _done_and_cached(found: re.Match[str] | None, err: list[str], home: Path) -> int:
    """The error line matched ``found``: its count of tasks done, some but not all, as many
    as the cache holds (the summary tells the truth)."""
    assert found, err[0]
    done = int(found.group(1))
    assert 1 <= done < 4 and done == _cached_rows(home)
    return done


def test_a_killed_scheduler_is_one_line_and_the_rerun_resumes(
    dask_processes: Dask, home: Path
) -> None:
    address, _, run = _analyze_running(dask_processes, home)
    assert dask_processes.scheduler is not None
    _kill(dask_processes.scheduler)
    found, err = _the_one_lost_line(
        _finish(run), rf"lost the Dask scheduler at {re.escape(address)} \(--scheduler\)"
    )
    done = _done_and_cached(found, err, home)
    dask_processes.close()
    address = dask_processes.start_scheduler()  # a new cluster
    dask_processes.start_worker()
    _assert_resumes(home, address, done)


def test_a_killed_worker_is_one_line_after_the_timeout_and_the_rerun_resumes(
    dask_processes: Dask, home: Path
) -> None:
    address, worker, run = _analyze_running(dask_processes, home)
    _kill(worker)  # the worker and its nanny: nothing restarts it
    # Two truthful lines, whichever the client sees first: Dask cancels the tasks that
    # needed the dead worker's data (asked at once: every worker lost), or none did and
    # the scheduler stays without a worker for the timeout.
    found, err = _the_one_lost_line(
        _finish(run),
        rf"the Dask scheduler at {re.escape(address)} \(--scheduler\) (?:has had no "
        rf"worker for {TIMEOUT} s|still answers but lost every worker)",
    )
    # the command gave up by itself (_finish's timeout guards a hang)
    done = _done_and_cached(found, err, home)
    dask_processes.start_worker()  # the same scheduler, a new worker
    _assert_resumes(home, address, done)


def test_a_stopped_scheduler_is_one_line_after_the_timeout(
    dask_processes: Dask, home: Path
) -> None:
    address, _, run = _analyze_running(dask_processes, home)
    assert dask_processes.scheduler is not None
    os.killpg(dask_processes.scheduler.pid, signal.SIGSTOP)  # its connections stay open
    try:
        finished = _finish(run)
    finally:
        os.killpg(dask_processes.scheduler.pid, signal.SIGCONT)
    found, err = _the_one_lost_line(
        finished,
        rf"the Dask scheduler at {re.escape(address)} \(--scheduler\) did not answer "
        rf"within {TIMEOUT} s",
    )
    assert found and int(found.group(1)) == _cached_rows(home), err[0]


def test_a_scheduler_without_workers_is_one_line(dask_processes: Dask, home: Path) -> None:
    address = dask_processes.start_scheduler()
    run = _silverpyr(home, *ANALYZE, "--scheduler", address, SILVERPYR_DASK_TIMEOUT="2")
    code, _, err = _finish(run)
    assert code == 2 and err == [
        f"error: the Dask scheduler at {address} (--scheduler) has no worker: none joined "
        f"within 2 s (start one with: dask worker {address})"
    ]


def test_the_arena_names_a_lost_scheduler_in_one_line(dask_processes: Dask, home: Path) -> None:
    address = dask_processes.start_scheduler()
    dask_processes.start_worker()
    run = _silverpyr(
        home, "arena", "--bots", "greedy,greedy", "--games", "100000",
        "--json", SILVERPYR_DASK_TIMEOUT=TIMEOUT, DASK_SCHEDULER_ADDRESS=address,
    )  # fmt: skip
    _wait_for_games(address, run)
    assert dask_processes.scheduler is not None
    _kill(dask_processes.scheduler)
    code, out, err = _finish(run)
    assert code == 2 and out == ""
    # Which the client notices first depends on the machine's load: the connection closing
    # (lost), or its timeout running out (did not answer); both are true, in one line.
    scheduler = rf"the Dask scheduler at {re.escape(address)} \({SCHEDULER_ENV}\)"
    assert len(err) == 1 and re.fullmatch(
        rf"error: (lost {scheduler}|{scheduler} did not answer within {TIMEOUT} s) after "
        r"[0-9,]+ of 100,000 games \(an arena keeps no partial results: run it again\)",
        err[0],
    ), err


@pytest.mark.parametrize("game", ["sun", "cheops"])
def test_the_arena_names_a_killed_worker_not_the_scheduler(
    game: str, dask_processes: Dask, home: Path
) -> None:
    """Issue 29: the killed worker took the scattered data, Dask cancelled the games, and
    the line said the scheduler was lost although it was still up."""
    address = dask_processes.start_scheduler()
    worker = dask_processes.start_worker()
    run = _silverpyr(home, game, "arena", "--games", "100000", "--json", "--scheduler", address)
    _wait_for_games(address, run)
    _kill(worker)  # the worker and its nanny: nothing restarts it
    code, out, err = _finish(run)
    assert code == 2 and out == ""
    assert len(err) == 1 and re.fullmatch(
        rf"error: the Dask scheduler at {re.escape(address)} \(--scheduler\) still answers but "
        r"lost every worker after [0-9,]+ of 100,000 games \(an arena keeps no partial "
        r"results: run it again\)",
        err[0],
    ), err
    assert dask_processes.scheduler is not None and dask_processes.scheduler.poll() is None


@pytest.mark.parametrize(
    "args",
    [
        ("analyze", "--card", CARD, "--orders", "20", "--workers", "1"),
        ("arena", "--bots", "greedy", "--games", "1000000", "--workers", "1"),
    ],
    ids=["analyze", "arena"],
)
def test_ctrl_c_is_one_line_and_exit_130(args: tuple[str, ...], home: Path) -> None:
    run = _silverpyr(home, *args)
    if args[0] == "analyze":
        _wait_for_cached(home, 1, run)  # the cluster is up and working
    else:
        time.sleep(10)
        assert run.poll() is None
    os.killpg(run.pid, signal.SIGINT)  # what a terminal's Ctrl-C does: the whole group
    code, _, err = _finish(run)
    assert (code, err) == (130, ["interrupted"])
