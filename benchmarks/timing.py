"""Shared by the benchmark scripts: the console script, a call timed in wall and CPU seconds,
percentiles, timing summaries, an expert's decisions timed against greedy bots and reported
(any game: the game's bots and engine are handed in)."""

from __future__ import annotations

import json
import os
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any, TypeVar

Timings = tuple[list[float], list[float]]
"""Wall seconds and CPU seconds, one of each a thing timed."""

T = TypeVar("T")


def timed(bucket: Timings, action: Callable[[], T]) -> T:
    """What ``action()`` returns; the wall and CPU seconds it took appended to ``bucket``."""
    wall, cpu = time.perf_counter(), time.process_time()
    result = action()
    bucket[0].append(time.perf_counter() - wall)
    bucket[1].append(time.process_time() - cpu)
    return result


def share_bytecode() -> None:
    """Let the commands a benchmark starts write their bytecode cache, as a user's Python
    does, where the environment turns it off (``PYTHONDONTWRITEBYTECODE``): else each
    compiles silverpyr's modules from source, about 0.2 s of CPU a command."""
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)


def percentile(values: list[float], share: float) -> float:
    """The nearest-rank percentile of ``values`` (``share`` from 0 to 1)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(share * (len(ordered) - 1)))]


SCALE = {"s": 1, "ms": 1000}
"""A unit's count in a second."""


def _shown(value: float, unit: str, digits: int) -> str:
    """``value`` seconds in ``unit`` (``s`` or ``ms``) to ``digits``, the unit after it."""
    return f"{value * SCALE[unit]:.{digits}f}{unit}"


def summary(label: str, values: list[float], unit: str = "s", digits: int = 3) -> str:
    """``label: n=.. median=.. p95=.. max=..`` of ``values`` seconds, in ``unit`` to
    ``digits``."""
    return (
        f"{label}: n={len(values)} median={_shown(statistics.median(values), unit, digits)} "
        f"p95={_shown(percentile(values, 0.95), unit, digits)} "
        f"max={_shown(max(values), unit, digits)}"
    )


def in_words(values: list[float], unit: str = " s") -> str:
    """``median x s, p95 y s, max z s`` of ``values`` seconds, to the millisecond."""
    return (
        f"median {statistics.median(values):.3f}{unit}, "
        f"p95 {percentile(values, 0.95):.3f}{unit}, max {max(values):.3f}{unit}"
    )


def wall_line(label: str, walls: list[float], cpus: list[float], unit: str, digits: int) -> str:
    """:func:`summary` of ``walls`` with the median of ``cpus``: ``(cpu median=..)``."""
    return (
        f"{summary(label, walls, unit, digits)} "
        f"(cpu median={_shown(statistics.median(cpus), unit, digits)})"
    )


def figures(
    walls: list[float], cpus: list[float], unit: str, digits: int, cpu_p95: bool = True
) -> dict[str, Any]:
    """How many, median, p95 and max of ``walls``, the median (and p95) of ``cpus``, in
    ``unit`` (``s`` or ``ms``, which ends each key) rounded to ``digits``: a benchmark's JSON."""
    scale = SCALE[unit]
    found: dict[str, Any] = {
        "n": len(walls),
        f"median_{unit}": round(statistics.median(walls) * scale, digits),
        f"p95_{unit}": round(percentile(walls, 0.95) * scale, digits),
        f"max_{unit}": round(max(walls) * scale, digits),
        f"cpu_median_{unit}": round(statistics.median(cpus) * scale, digits),
    }
    if cpu_p95:
        found[f"cpu_p95_{unit}"] = round(percentile(cpus, 0.95) * scale, digits)
    return found


def figures_line(label: str, data: dict[str, Any], unit: str, digits: int) -> str:
    """``label: n=.. median=.. p95=.. max=.. (cpu median=.. p95=..)`` of :func:`figures`'s
    ``data`` (with its p95 of CPU), each shown to ``digits`` in ``unit``."""

    def shown(key: str) -> str:
        return f"{data[f'{key}_{unit}']:.{digits}f}{unit}"

    return (
        f"{label}: n={data['n']} median={shown('median')} p95={shown('p95')} "
        f"max={shown('max')} (cpu median={shown('cpu_median')} p95={shown('cpu_p95')})"
    )


def console_script() -> Path:
    """The ``silverpyr`` script installed beside the running interpreter."""
    folder = Path(sys.executable).parent
    for name in ("silverpyr", "silverpyr.exe"):
        if (folder / name).exists():
            return folder / name
    raise SystemExit(f"no silverpyr console script in {folder}: install the package first")


class Timed:
    """A bot whose every decision is timed (wall and CPU), by the state's phase."""

    name = "expert"

    def __init__(self, player: Any, times: dict[str, Timings]) -> None:
        self.player = player
        self.times = times

    def decide(self, state: Any, seat: int) -> Any:
        return timed(self.times[str(state.phase)], lambda: self.player.decide(state, seat))


def time_expert(
    games: int,
    greedy: Callable[[], Any],
    expert: Callable[[], Any],
    play: Callable[[int, int, list[Any]], None],
    players: int | None = None,
) -> tuple[dict[str, Timings], Timings, Timings]:
    """``games`` games of one expert against greedy bots (``players`` at the table, or 2, 3,
    4, 5 in turn by default; the expert's seat rotated), ``play(g, players, seats)`` playing
    game ``g`` to its end: the expert's decisions timed by phase (phases in order), all of
    them, and the whole games."""
    times: dict[str, Timings] = defaultdict(lambda: ([], []))
    whole: Timings = ([], [])
    for g in range(games):
        table = players or 2 + g % 4
        seats = [greedy() for _ in range(table)]
        seats[g % table] = Timed(expert(), times)
        timed(whole, partial(play, g, table, seats))
    every: Timings = ([], [])
    phases = {}
    for phase in sorted(times):
        phases[phase] = times[phase]
        every[0].extend(times[phase][0])
        every[1].extend(times[phase][1])
    return phases, every, whole


def report_expert(
    head: dict[str, Any],
    timings: tuple[dict[str, Timings], Timings, Timings],
    unit: str,
    digits: int,
    targets: tuple[float, float],
    whole: str,
    as_json: bool,
) -> None:
    """Prints :func:`time_expert`'s ``timings`` as JSON (``head``, then the :func:`figures`
    of the decisions, by phase and of the whole games, to ``digits`` in ``unit``, the median
    and p95 ``targets`` in ``unit`` and whether they are met) or as lines (one digit fewer,
    the targets as written, the whole games labelled ``whole``)."""
    phases, every, games = timings
    total = figures(*every, unit, digits)
    median, p95 = targets
    result = {
        **head,
        "decisions": total,
        "phases": {phase: figures(*times, unit, digits) for phase, times in phases.items()},
        "whole_games": figures(*games, unit, digits),
        "targets": {f"median_{unit}": float(median), f"p95_{unit}": float(p95)},
        "met": total[f"median_{unit}"] <= median and total[f"p95_{unit}"] <= p95,
    }
    if as_json:
        print(json.dumps(result, indent=1))
        return
    for phase, data in result["phases"].items():
        print(figures_line(f"expert decisions, {phase}", data, unit, digits - 1))
    print(
        figures_line("expert decisions, all", total, unit, digits - 1)
        + f" (target: median <= {median}{unit}, p95 <= {p95}{unit})"
    )
    print(figures_line(whole, result["whole_games"], unit, digits - 1))
