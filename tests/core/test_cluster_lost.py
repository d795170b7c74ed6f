"""A Dask fault line names what was really lost: the scheduler or the workers (issue 29).

``kill -9`` of the only worker under ``arena --scheduler`` took the data scattered to it,
so Dask cancelled the games that needed it, and the run said it had "lost the Dask
scheduler" although the scheduler was up. Now a cancelled task (or a stopped client) asks
the cluster what is gone (``cluster.what_was_lost``). Fast here with stand-ins for Dask's
client and futures; ``test_cluster_e2e.py`` (slow) kills a real worker.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from fake_cluster import FakeCluster
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.cluster import (
    ClusterLostError,
    Connection,
    SchedulerLostError,
    WorkersLostError,
    finished,
    what_was_lost,
)

WHERE = "the Dask scheduler at tcp://fake:1 (--scheduler)"


class _Scheduler:
    def __init__(self, answer: Callable[[], dict[str, Any]]) -> None:
        self.identity = answer


class _Client:
    """A client whose link is ``status`` and whose scheduler answers ``answer()``."""

    def __init__(self, status: str, answer: Callable[[], dict[str, Any]]) -> None:
        self.status = status
        self.scheduler = _Scheduler(answer)

    def sync(self, function: Callable[[], Any], callback_timeout: float) -> Any:
        return function()

    def submit(self, *_: Any, **__: Any) -> Any:
        return _Future()


class _Future:
    status = "cancelled"  # what Dask makes of a task whose scattered input was lost


def _workers(count: int) -> Callable[[], dict[str, Any]]:
    return lambda: {"workers": {f"tcp://w:{n}": {} for n in range(count)}}


def _silent() -> dict[str, Any]:
    raise TimeoutError


def _refused() -> dict[str, Any]:
    raise OSError("connection closed")


def _connection(status: str, answer: Callable[[], dict[str, Any]]) -> Connection:
    return Connection(_Client(status, answer), WHERE, 1.0)


@pytest.mark.parametrize(
    ("status", "answer", "kind", "message"),
    [
        (
            "running",
            _workers(0),
            WorkersLostError,
            f"{WHERE} still answers but lost every worker",
        ),
        (
            "running",
            _workers(1),
            WorkersLostError,
            f"{WHERE} still answers but lost a worker and the data it held (1 worker left)",
        ),
        (
            "running",
            _workers(3),
            WorkersLostError,
            "lost a worker and the data it held (3 workers left)",
        ),
        ("running", _silent, SchedulerLostError, f"{WHERE} did not answer within 1 s"),
        ("running", _refused, SchedulerLostError, f"lost {WHERE}"),
        ("closed", _workers(1), SchedulerLostError, f"lost {WHERE}"),
        ("connecting", _workers(0), SchedulerLostError, f"lost {WHERE}"),
    ],
    ids=["no worker", "one worker", "three", "silent", "refused", "closed", "reconnecting"],
)
def test_what_was_lost_is_asked_of_the_cluster(
    status: str, answer: Callable[[], dict[str, Any]], kind: type, message: str
) -> None:
    lost = what_was_lost(_connection(status, answer))
    assert type(lost) is kind and isinstance(lost, ClusterLostError)
    assert str(lost).endswith(message)


class _Queue:
    """Dask's ``as_completed``: every future added comes back at once."""

    def __init__(self) -> None:
        self.futures: list[Any] = []

    def add(self, future: Any) -> None:
        self.futures.append(future)

    def next_batch(self, block: bool) -> list[Any]:
        batch, self.futures = self.futures, []
        return batch


@pytest.mark.parametrize(
    ("status", "answer", "kind"),
    [("running", _workers(0), WorkersLostError), ("closed", _workers(0), SchedulerLostError)],
)
def test_a_cancelled_task_is_told_by_what_the_cluster_says(
    monkeypatch: pytest.MonkeyPatch, status: str, answer: Callable[[], dict[str, Any]], kind: type
) -> None:
    import dask.distributed

    monkeypatch.setattr(dask.distributed, "as_completed", _Queue)
    connection = _connection(status, answer)
    with pytest.raises(kind):
        list(finished(connection, [1, 2], lambda client, job: client.submit(), in_flight=2))


@pytest.mark.parametrize("game", [[], ["sun"], ["cheops"]], ids=["silvergold", "sun", "cheops"])
def test_every_arena_names_lost_workers_in_one_line(
    game: list[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    lost = WorkersLostError(f"{WHERE} still answers but lost every worker")
    FakeCluster(good=1, lost=lambda connection: lost).install(monkeypatch)
    greedy = ["--bots", "greedy,greedy"]  # the one game played is not what is tested
    result = CliRunner().invoke(
        app,
        [
            *game,
            "arena",
            *greedy,
            "--games",
            "3",
            "--workers",
            "1",
            "--records",
            str(tmp_path / "r"),
        ],
    )
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [
        f"error: {WHERE} still answers but lost every worker after 1 of 3 games (an arena "
        f"keeps no partial results: run it again); their records stay in {tmp_path / 'r'}"
    ]
