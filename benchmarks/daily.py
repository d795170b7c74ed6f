"""Wall time of ``silverpyr daily --date D --json`` on a first run (nothing cached).

Runs the console script (the one beside ``sys.executable``: run this with the project's
venv Python) once for each of ``--days`` dates from ``--start``, each with a fresh, empty
``SILVERPYR_HOME``, so every run generates its puzzle and proves the par. Prints the
median, p95 and max, and with ``--check`` exits 1 when the median exceeds ``--target``.
``--cached`` runs each date a second time in the same home and reports those times too.

    .venv/bin/python benchmarks/daily.py --days 30 --start 2026-01-01
"""

from __future__ import annotations

import argparse
import datetime as dt
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from timing import console_script, percentile  # benchmarks/timing.py, beside this script

DEFAULT_DAYS = 30
DEFAULT_START = "2026-01-01"
DEFAULT_TARGET_SECONDS = 2.0


def run_daily(script: Path, date: str, home: Path) -> float:
    """Seconds one ``daily --json`` run takes; exits on failure."""
    env = {**os.environ, "SILVERPYR_HOME": str(home), "NO_COLOR": "1"}
    began = time.perf_counter()
    done = subprocess.run(
        [str(script), "daily", "--date", date, "--json"],
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    seconds = time.perf_counter() - began
    if done.returncode != 0:
        raise SystemExit(f"daily --date {date} failed ({done.returncode}): {done.stderr.strip()}")
    return seconds


def summary(label: str, values: list[float]) -> str:
    """``label: median x s, p95 y s, max z s (n runs)``."""
    return (
        f"{label}: median {statistics.median(values):.3f} s, p95 {percentile(values, 0.95):.3f} s, "
        f"max {max(values):.3f} s ({len(values)} runs)"
    )


def main() -> None:
    """Command-line entry point."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=DEFAULT_DAYS)
    parser.add_argument("--start", default=DEFAULT_START, help="first date, YYYY-MM-DD")
    parser.add_argument("--target", type=float, default=DEFAULT_TARGET_SECONDS)
    parser.add_argument(
        "--check", action="store_true", help="exit 1 when the median is over target"
    )
    parser.add_argument("--cached", action="store_true", help="also time a second, cached run")
    args = parser.parse_args()
    script = console_script()
    first = dt.date.fromisoformat(args.start)
    dates = [(first + dt.timedelta(days=n)).isoformat() for n in range(args.days)]
    fresh: list[float] = []
    cached: list[float] = []
    for date in dates:
        with tempfile.TemporaryDirectory(prefix="silverpyr-bench-") as home:
            fresh.append(run_daily(script, date, Path(home)))
            if args.cached:
                cached.append(run_daily(script, date, Path(home)))
    print(f"silverpyr daily --json, {len(dates)} dates from {dates[0]}, {os.cpu_count()} CPUs")
    print(summary("first run (generate + prove par)", fresh))
    if cached:
        print(summary("second run (cached)", cached))
    if args.check and statistics.median(fresh) > args.target:
        print(f"median over the {args.target:g} s target", file=sys.stderr)
        raise SystemExit(1)


if __name__ == "__main__":
    main()
