"""The deck analysed card by card with the exact engine (``silverpyr analyze``).

For each pyramid card, alone, from an empty card and sheet at the start of round 1:

* ``exact``: the exact expected puzzle score of the round under optimal play, before the
  first reveal, and the chance to complete the card within the round under that play
  (optimal play breaks ties between moves of equal expected score by the better chance);
* ``greedy``: the same two figures for the greedy bot's policy (``skill`` is the gap);
* ``orders``: the known-order optimum (the best score when the whole order is known, as
  ``silverpyr solve`` proves it) over the round's distinct orders: all 10,080 for the
  bundled deck (they are equally likely), or ``--orders N`` orders drawn with a
  :class:`~.rng.SeededStream`; mean and the nearest-rank p10, p50, p90
  (``foresight`` is the mean minus the exact value);
* ``speed``: the expected number of turns to complete the card when playing for speed
  across rounds (see :func:`~silverpyr.solver.silvergold.exact.speed_turns`).

Each (card, task) is an independent task: they run on ``dask.distributed`` (imported
here only) and their results are cached in the results database under
``analysis|<deck hash>|<card>|<task>|<parameters>|<code version>``.
"""

from __future__ import annotations

import json
import math
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ....solver.core.errors import SilverpyrError
from ....solver.core.rng import SeededStream
from ....solver.silvergold import exact
from ....solver.silvergold.cards import Deck, Expedition, PyramidCard
from ....solver.silvergold.position import Position
from ...core.cluster import (
    IN_FLIGHT_PER_WORKER,
    RETRIES,
    ClusterLostError,
    dask_client,
    finished,
    worker_count,
)
from ...core.records_file import record_target, save_text

if TYPE_CHECKING:
    from ...core.store import Store

TASKS = ("exact", "greedy", "orders", "speed")
CARD_TASKS = ("exact", "greedy")
"""The tasks of ``--cards-only``: the card's own exact figures, no orders, no speed."""
CODE_VERSION = "analysis-1"
"""Bump when a task's result would change: cached results of older versions are ignored."""


class AnalysisError(SilverpyrError, RuntimeError):
    """Tasks that failed even after their retries (each named with its card)."""


@dataclass(frozen=True)
class Task:
    """One unit of work: a task for a card, with its parameters."""

    card: PyramidCard
    task: str
    expeditions: tuple[Expedition, ...]
    """Every physical expedition card of the deck."""
    orders: int | None = None
    """``orders``: how many seeded orders (``None``: all of them)."""

    def cache_key(self, deck_hash: str) -> str:
        """Where the result is cached: deck, card, task, parameters, code version."""
        parameters = "all" if self.orders is None or self.task != "orders" else str(self.orders)
        if self.task != "orders":
            parameters = "-"
        return f"analysis|{deck_hash}|{self.card.number}|{self.task}|{parameters}|{code_version()}"

    @property
    def label(self) -> str:
        """``card 12 exact``: how failures and progress name the task."""
        return f"card {self.card.number} {self.task}"


def code_version() -> str:
    """The package version and :data:`CODE_VERSION`."""
    from .... import __version__

    return f"{__version__}+{CODE_VERSION}"


def sample_orders(deal: exact.Deal, count: int | None, card: int) -> list[tuple[int, ...]]:
    """The orders to solve, each standing for an equal share of probability.

    Every distinct order (``count`` ``None``); they are equally likely when one card stays
    hidden, as in the bundled deck, else each is repeated by its relative weight. With
    ``count``, that many orders drawn with a seeded stream (the card and count are the
    seed): distinct ones uniformly when they are equally likely, else by weight.
    """
    orders = deal.orders()
    weights = [deal.order_weight(order) for order in orders]
    equal = len(set(weights)) == 1
    if count is None or (equal and count >= len(orders)):
        if equal:
            return orders
        common = math.gcd(*weights)
        return [order for order, w in zip(orders, weights, strict=True) for _ in range(w // common)]
    stream = SeededStream(f"silverpyr-analysis-v1|orders|{card}|{count}")
    if equal:
        picked = stream.shuffled(range(len(orders)))[:count]
        return [orders[i] for i in sorted(picked)]
    pairs = list(zip(orders, weights, strict=True))
    return sorted(stream.weighted(pairs) for _ in range(count))


def nearest_rank(values: Sequence[int], share: float) -> int:
    """The nearest-rank percentile of ``values`` (``share`` from 0 to 1)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


def run_task(task: Task) -> dict[str, Any]:
    """Compute one task (on a Dask worker): a JSON-ready dict."""
    began = time.perf_counter()
    position = Position.start(task.card)
    deal = exact.Deal.of_round(task.expeditions)
    result: dict[str, Any]
    if task.task == "exact":
        result = exact.evaluate(position, 1, deal).as_dict()
    elif task.task == "greedy":
        result = exact.policy_value(position, 1, deal, exact.greedy_policy).as_dict()
    elif task.task == "orders":
        orders = sample_orders(deal, task.orders, task.card.number)
        optima = exact.known_order_optima(exact.build(position, deal, 1), orders)
        result = {
            "orders": len(orders),
            "mean": sum(optima) / len(optima),
            "mean_exact": str(sum(optima)) + "/" + str(len(optima)),
            "p10": nearest_rank(optima, 0.1),
            "p50": nearest_rank(optima, 0.5),
            "p90": nearest_rank(optima, 0.9),
        }
    elif task.task == "speed":
        turns = exact.speed_turns(position, task.expeditions)
        result = {"turns": float(turns), "turns_exact": str(turns)}
    else:
        raise AnalysisError(f"unknown task {task.task!r}")
    result["seconds"] = round(time.perf_counter() - began, 3)
    return result


# --- running -------------------------------------------------------------------------------


def make_tasks(
    deck: Deck, cards: Sequence[int] | None, *, cards_only: bool, orders: int | None
) -> list[Task]:
    """The tasks of an analysis, card by card in number order."""
    chosen = (
        sorted(deck.pyramids, key=lambda c: c.number)
        if not cards
        else [deck.card(number) for number in sorted(set(cards))]
    )
    names = CARD_TASKS if cards_only else TASKS
    expeditions = deck.expedition_cards()
    exact.Deal.of_round(expeditions)  # a deck too small for a round fails here, once
    return [
        Task(card, name, expeditions, orders if name == "orders" else None)
        for card in chosen
        for name in names
    ]


@dataclass(frozen=True)
class RunReport:
    """What a run did: results by (card, task), how many came from the cache, wall time."""

    results: dict[tuple[int, str], dict[str, Any]]
    cached: int
    computed: int
    failures: tuple[str, ...]
    seconds: float
    workers: int


def run(
    tasks: Sequence[Task],
    deck_hash_value: str,
    store: Store | None,
    *,
    scheduler: str | None = None,
    workers: int | None = None,
    progress: Callable[[Task, bool], None] | None = None,
) -> RunReport:
    """Run ``tasks`` (cached ones are read back), on Dask; never drops a failure.

    Each result is cached as soon as it arrives, so an interrupted run resumes. A task
    that raises is retried :data:`RETRIES` times by Dask, then reported with its card. A
    lost scheduler (or no worker for the timeout) is a
    :class:`~.cluster.ClusterLostError` (the scheduler or the workers) naming the tasks done
    and cached.
    """
    began = time.perf_counter()
    results: dict[tuple[int, str], dict[str, Any]] = {}
    pending: list[Task] = []
    for task in tasks:
        found = store.cached_puzzle(task.cache_key(deck_hash_value)) if store else None
        if found is not None:
            results[(task.card.number, task.task)] = found
            if progress:
                progress(task, True)
        else:
            pending.append(task)
    cached = len(results)
    failures: list[str] = []
    used_workers = 0

    def record(task: Task, value: dict[str, Any] | None, error: Exception | None) -> None:
        if error is not None or value is None:  # reported with the card, never dropped
            failures.append(f"{task.label}: {type(error).__name__}: {error}")
        else:
            results[(task.card.number, task.task)] = value
            if store:
                store.cache_puzzle(task.cache_key(deck_hash_value), value)
        if progress:
            progress(task, error is None)

    if pending and workers == 0 and scheduler is None:  # --workers 0: in this process
        for task in sorted(pending, key=lambda t: t.card.number):
            try:
                record(task, run_task(task), None)
            except Exception as raised:
                record(task, None, raised)
    elif pending:
        with dask_client(scheduler, workers) as connection:
            used_workers = worker_count(connection)
            # the slowest tasks first (orders and exact build the biggest graphs)
            ordered = sorted(
                pending, key=lambda t: (t.task not in ("exact", "orders"), t.card.number)
            )

            def submit(client: Any, task: Task) -> Any:
                return client.submit(
                    run_task, task, key=task.cache_key(deck_hash_value), retries=RETRIES, pure=False
                )

            in_flight = max(1, used_workers) * IN_FLIGHT_PER_WORKER
            try:
                for task, value, failed in finished(
                    connection, ordered, submit, in_flight=in_flight
                ):
                    record(task, value, failed)
            except ClusterLostError as lost:
                done = [task for task in tasks if (task.card.number, task.task) in results]
                raise type(lost)(
                    f"{lost}: {_resume_note(done, len(tasks), cached=store is not None)}"
                ) from None
    return RunReport(
        results,
        cached,
        len(pending) - len(failures),
        tuple(failures),
        time.perf_counter() - began,
        used_workers,
    )


def _resume_note(done: Sequence[Task], total: int, *, cached: bool) -> str:
    """``3 of 8 task(s) done and cached (card 1 exact, greedy; card 2 exact): run ...``."""
    by_card: dict[int, list[str]] = {}
    for task in done:
        by_card.setdefault(task.card.number, []).append(task.task)
    shown = [f"card {number} {', '.join(names)}" for number, names in sorted(by_card.items())]
    if len(shown) > 10:
        shown = [*shown[:10], f"{len(shown) - 10} more card(s)"]
    listed = f" ({'; '.join(shown)})" if shown else ""
    if not cached:
        return f"{len(done)} of {total} task(s) done{listed}, not cached: run again to redo them"
    return (
        f"{len(done)} of {total} task(s) done and cached{listed}: "
        "run the same command again to resume"
    )


# --- the report ----------------------------------------------------------------------------


@dataclass(frozen=True)
class CardAnalysis:
    """Every figure of one card (``None`` where its task was not run)."""

    number: int
    color: str
    exact: float | None
    completion: float | None
    greedy: float | None
    greedy_completion: float | None
    orders: int | None
    known_mean: float | None
    known_p10: int | None
    known_p50: int | None
    known_p90: int | None
    speed_turns: float | None

    @property
    def skill(self) -> float | None:
        """Exact minus greedy: what optimal play adds to the bot."""
        if self.exact is None or self.greedy is None:
            return None
        return self.exact - self.greedy

    @property
    def foresight(self) -> float | None:
        """Known-order mean minus exact: what knowing the order would add."""
        if self.exact is None or self.known_mean is None:
            return None
        return self.known_mean - self.exact

    def as_dict(self) -> dict[str, Any]:
        """JSON-ready, with the derived figures."""
        return {
            "card": self.number,
            "color": self.color,
            "exact": self.exact,
            "completion": self.completion,
            "greedy": self.greedy,
            "greedy_completion": self.greedy_completion,
            "skill": self.skill,
            "orders": self.orders,
            "known_mean": self.known_mean,
            "known_p10": self.known_p10,
            "known_p50": self.known_p50,
            "known_p90": self.known_p90,
            "foresight": self.foresight,
            "speed_turns": self.speed_turns,
        }


def analyses(deck: Deck, report: RunReport) -> list[CardAnalysis]:
    """One :class:`CardAnalysis` per card analysed, ranked: best exact value first."""
    numbers = sorted({number for number, _ in report.results})
    rows = []
    for number in numbers:
        card = deck.card(number)

        def get(task: str, field: str, number: int = number) -> Any:
            found = report.results.get((number, task))
            return None if found is None else found.get(field)

        rows.append(
            CardAnalysis(
                number=number,
                color=card.color.value,
                exact=get("exact", "score"),
                completion=get("exact", "completion"),
                greedy=get("greedy", "score"),
                greedy_completion=get("greedy", "completion"),
                orders=get("orders", "orders"),
                known_mean=get("orders", "mean"),
                known_p10=get("orders", "p10"),
                known_p50=get("orders", "p50"),
                known_p90=get("orders", "p90"),
                speed_turns=get("speed", "turns"),
            )
        )
    return sorted(rows, key=lambda a: (-(a.exact if a.exact is not None else -1e9), a.number))


CSV_FIELDS = (
    "rank",
    "card",
    "color",
    "exact",
    "completion",
    "greedy",
    "greedy_completion",
    "skill",
    "orders",
    "known_mean",
    "known_p10",
    "known_p50",
    "known_p90",
    "foresight",
    "speed_turns",
)


def write_csv(rows: Sequence[CardAnalysis], path: os.PathLike[str] | str) -> None:
    """The ranking as CSV (one row per card, best first), written atomically and only over a
    regular file or a new name (a FIFO there would block the write: refused)."""
    import csv
    import io

    handle = io.StringIO(newline="")
    writer = csv.DictWriter(handle, fieldnames=CSV_FIELDS)
    writer.writeheader()
    for rank, row in enumerate(rows, start=1):
        data = row.as_dict()
        writer.writerow({"rank": rank, **{k: data[k] for k in CSV_FIELDS if k != "rank"}})
    save_text(Path(path), handle.getvalue(), what="the analysis")


def write_charts(rows: Sequence[CardAnalysis], folder: os.PathLike[str] | str) -> list[str]:
    """PNG charts (matplotlib, the ``analysis`` extra): the files written, none without it."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return []
    written = []
    ordered = sorted(rows, key=lambda r: r.number)
    labels = [str(r.number) for r in ordered]
    figure, axis = plt.subplots(figsize=(12, 4.5))
    positions = list(range(len(ordered)))
    series = [("greedy bot", "greedy"), ("exact (optimal)", "exact"), ("known order", "known_mean")]
    width = 0.28
    for offset, (name, field) in enumerate(series):
        values = [getattr(r, field) or 0.0 for r in ordered]
        axis.bar([p + (offset - 1) * width for p in positions], values, width, label=name)
    axis.set_xticks(positions, labels, fontsize=7)
    axis.set_xlabel("card")
    axis.set_ylabel("expected round score")
    axis.set_title("Expected score of one round, card by card")
    axis.legend()
    figure.tight_layout()
    path = os.path.join(folder, "scores.png")
    record_target(Path(path), what="the chart")  # not a FIFO, a device or a folder
    figure.savefig(path, dpi=110)
    plt.close(figure)
    written.append(path)
    speeds = [(r.number, r.speed_turns) for r in ordered if r.speed_turns is not None]
    if speeds:
        figure, axis = plt.subplots(figsize=(12, 4))
        axis.bar([str(n) for n, _ in speeds], [t or 0.0 for _, t in speeds], color="tab:green")
        axis.set_xlabel("card")
        axis.set_ylabel("expected turns")
        axis.set_title("Expected turns to complete, playing for speed")
        axis.tick_params(axis="x", labelsize=7)
        figure.tight_layout()
        path = os.path.join(folder, "speed.png")
        record_target(Path(path), what="the chart")
        figure.savefig(path, dpi=110)
        plt.close(figure)
        written.append(path)
    return written


def report_dict(rows: Sequence[CardAnalysis], report: RunReport, deck: Deck) -> dict[str, Any]:
    """The documented JSON of ``silverpyr analyze --json``."""
    return {
        "deck": deck.source,
        "code_version": code_version(),
        "cards": [{"rank": rank, **row.as_dict()} for rank, row in enumerate(rows, start=1)],
        "cached": report.cached,
        "computed": report.computed,
        "failures": list(report.failures),
        "seconds": round(report.seconds, 3),
    }


def dumps(data: Any) -> str:
    """Stable JSON text."""
    return json.dumps(data, indent=2, sort_keys=False)
