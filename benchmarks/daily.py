"""Wall time of ``silverpyr [GAME] daily --date D --json`` on a first run, in a fresh home.

Runs the console script (the one beside ``sys.executable``: run this with the Python of
an install like the README's) once for each of ``--days`` dates from ``--start``, for each
``--game``, each with a fresh, empty ``SILVERPYR_HOME``, start-up included. A date whose
daily was made ahead (``data/dailies/``) reads it; any other date generates its puzzle and
proves the par. Prints each game's median, p95 and max, and with ``--check`` exits 1 when
a median exceeds ``--target`` (issue 32: 1 s). ``--cached`` runs each date a second time in
the same home and reports those times too.

    .venv/bin/python benchmarks/daily.py --days 29 --start 2026-11-01
    .venv/bin/python benchmarks/daily.py --game cheops --days 10 --start 2025-01-01  # made now
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

from timing import console_script, in_words  # benchmarks/timing.py, beside this script

DEFAULT_DAYS = 29
DEFAULT_START = "2026-11-01"
DEFAULT_TARGET_SECONDS = 1.0
GAMES = {"silvergold": [], "sun": ["sun"], "cheops": ["cheops"]}


def run_daily(script: Path, game: str, date: str, home: Path) -> float:
    """Seconds one ``daily --json`` run of ``game`` takes; exits on failure."""
    env = {**os.environ, "SILVERPYR_HOME": str(home), "NO_COLOR": "1"}
    began = time.perf_counter()
    done = subprocess.run(
        [str(script), *GAMES[game], "daily", "--date", date, "--json"],
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
    return f"{label}: {in_words(values)} ({len(values)} runs)"


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
    parser.add_argument("--game", choices=sorted(GAMES), action="append", help="default: all three")
    args = parser.parse_args()
    script = console_script()
    first = dt.date.fromisoformat(args.start)
    dates = [(first + dt.timedelta(days=n)).isoformat() for n in range(args.days)]
    over = []
    print(f"silverpyr daily --json, {len(dates)} dates from {dates[0]}, {os.cpu_count()} CPUs")
    for game in args.game or list(GAMES):
        fresh: list[float] = []
        cached: list[float] = []
        for date in dates:
            with tempfile.TemporaryDirectory(prefix="silverpyr-bench-") as home:
                fresh.append(run_daily(script, game, date, Path(home)))
                if args.cached:
                    cached.append(run_daily(script, game, date, Path(home)))
        print(summary(f"{game:<10} first run in a fresh home", fresh))
        if cached:
            print(summary(f"{game:<10} second run (cached)", cached))
        if statistics.median(fresh) > args.target:
            over.append(game)
    if args.check and over:
        print(f"median over the {args.target:g} s target: {', '.join(over)}", file=sys.stderr)
        raise SystemExit(1)


if __name__ == "__main__":
    main()
