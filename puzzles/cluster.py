"""Where independent tasks run: Dask, an embedded local cluster or an existing one.

``silverpyr analyze`` and ``silverpyr arena`` hand thousands of independent tasks to
:func:`dask_client`: by default an embedded ``LocalCluster`` (one worker process per core,
one thread each), or the cluster at ``--scheduler tcp://host:8786`` /
``$DASK_SCHEDULER_ADDRESS``. Dask is imported only here, only when a command needs it.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

SCHEDULER_ENV = "DASK_SCHEDULER_ADDRESS"
RETRIES = 2
"""Times Dask retries a failing task before it is reported (never silently dropped)."""


def scheduler_address(option: str | None) -> str | None:
    """``--scheduler`` or ``$DASK_SCHEDULER_ADDRESS`` (``None``: an embedded cluster)."""
    return option or os.environ.get(SCHEDULER_ENV) or None


@contextmanager
def dask_client(scheduler: str | None = None, workers: int | None = None) -> Iterator[Any]:
    """A connected ``dask.distributed.Client``, closed (with its embedded cluster) after use."""
    from dask.distributed import Client, LocalCluster

    address = scheduler_address(scheduler)
    cluster = None
    if address is None:
        cluster = LocalCluster(
            n_workers=workers or os.cpu_count() or 1,
            threads_per_worker=1,
            processes=True,
            dashboard_address=":0",  # any free port, never a clash
            silence_logs=logging.CRITICAL,  # no worker chatter on the user's terminal
        )
        client = Client(cluster)
    else:
        client = Client(address, timeout="10s")
    try:
        yield client
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def worker_count(client: Any) -> int:
    """Workers connected to ``client``'s scheduler."""
    return len(client.scheduler_info().get("workers", {}))
