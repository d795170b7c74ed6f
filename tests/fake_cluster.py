"""A stand-in for the Dask cluster of :mod:`silverpyr.puzzles.core.tournament`, for the paths a
real cluster reaches only by losing its scheduler or a worker: games that come back, then a
failed game or a lost scheduler, in a fraction of a second and without a process."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import pytest

from silverpyr.puzzles.core.cluster import ClusterLostError, Connection, SchedulerLostError

Game = tuple[int, tuple[str, ...]]


class _Client:
    """Scatters nothing; a submitted game is played at once, in this process."""

    def scatter(self, data: Any, **_: Any) -> Any:
        return data

    def submit(self, play: Callable[..., Any], *args: Any, **_: Any) -> Any:
        return play(*args)


@dataclass(frozen=True)
class FakeCluster:
    """``good`` games come back (played in this process by the tournament's function), then
    the next one fails with ``failure`` or, without one, the cluster is lost: ``lost`` (made
    from the connection), by default the scheduler."""

    good: int
    failure: Exception | None = None
    lost: Callable[[Connection], ClusterLostError] | None = None

    def install(self, monkeypatch: pytest.MonkeyPatch) -> None:
        import silverpyr.puzzles.core.tournament as tournament

        @contextmanager
        def dask_client(scheduler: str | None, workers: int | None) -> Iterator[Connection]:
            yield Connection(_Client(), "the Dask scheduler at tcp://fake:1", 1.0)

        def finished(
            connection: Connection,
            jobs: Iterable[Game],
            submit: Callable[[Any, Game], Any],
            *,
            in_flight: int,
        ) -> Iterator[tuple[Game, Any, Exception | None]]:
            for number, job in enumerate(jobs):
                if number == self.good:
                    if self.failure is None:
                        if self.lost is not None:
                            raise self.lost(connection)
                        raise SchedulerLostError(f"lost {connection.where}")
                    yield job, None, self.failure
                    return
                yield job, submit(connection.client, job), None

        monkeypatch.setattr(tournament, "dask_client", dask_client)
        monkeypatch.setattr(tournament, "finished", finished)
        monkeypatch.setattr(tournament, "worker_count", lambda connection: 1)
