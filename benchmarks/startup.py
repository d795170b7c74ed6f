"""Start-up time of the ``silverpyr`` console script: ``--help``, ``cards show 17`` and
each game's ``--help`` (the group's and every command's).

Runs each command once untimed (to write the bytecode cache, as a user's Python does, and
silverpyr's own cache: the help page, the parsed bundled components), then
``--runs`` times as a subprocess (the console script next to
``sys.executable``, so run it with the project's venv Python) and prints the median, p95 and
max wall time. With ``--check`` it exits 1 when a median exceeds ``--target`` seconds.

    .venv/bin/python benchmarks/startup.py --runs 20 --check

Run it with the Python of an install like the README's (``pip install .``) for what a user
gets: an editable install (``pip install -e``) adds its import finder to every start, about
0.01 s.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import time

from timing import (  # benchmarks/timing.py, beside this script
    console_script,
    percentile,
    share_bytecode,
)

DEFAULT_RUNS = 20
DEFAULT_TARGET_SECONDS = 0.2
COMMANDS: tuple[tuple[str, ...], ...] = (
    ("--help",),
    ("cards", "show", "17"),
    ("solve", "--help"),
    ("game", "--help"),
    ("silvergold", "--help"),
    ("sun", "--help"),
    ("sun", "solve", "--help"),
    ("sun", "game", "--help"),
    ("cheops", "--help"),
    ("cheops", "solve", "--help"),
    ("cheops", "game", "--help"),
)


def _children_cpu_seconds() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def time_command(argv: list[str], runs: int) -> tuple[list[float], list[float]]:
    """Wall and CPU (user + system) seconds of ``runs`` runs of ``argv``.

    CPU time varies less than wall time on a busy machine; the target is on wall time.
    Stops on the first run that fails.
    """
    env = {**os.environ, "NO_COLOR": "1"}
    subprocess.run(argv, capture_output=True, env=env, check=False)  # writes the cache
    walls: list[float] = []
    cpus: list[float] = []
    for _ in range(runs):
        cpu_before = _children_cpu_seconds()
        start = time.perf_counter()
        result = subprocess.run(argv, capture_output=True, env=env, check=False)
        walls.append(time.perf_counter() - start)
        cpus.append(_children_cpu_seconds() - cpu_before)
        if result.returncode != 0:
            message = result.stderr.decode(errors="replace").strip()
            raise SystemExit(f"{' '.join(argv)} exited {result.returncode}: {message}")
    return walls, cpus


def main(argv: list[str] | None = None) -> int:
    """Measure every command and print one line each; the exit code reflects ``--check``."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=DEFAULT_RUNS, help="runs per command")
    parser.add_argument(
        "--target",
        type=float,
        default=DEFAULT_TARGET_SECONDS,
        help="largest acceptable median, in seconds",
    )
    parser.add_argument("--check", action="store_true", help="exit 1 when a median is over")
    args = parser.parse_args(argv)
    if args.runs < 1:
        parser.error("--runs must be at least 1")
    script = str(console_script())
    share_bytecode()
    over = []
    print(f"wall time over {args.runs} runs; target: median <= {args.target:.3f}s")
    print(f"{'command':<30} {'median':>8} {'p95':>8} {'max':>8} {'cpu med':>8}")
    for command in COMMANDS:
        label = "silverpyr " + " ".join(command)
        walls, cpus = time_command([script, *command], args.runs)
        median = statistics.median(walls)
        print(
            f"{label:<30} {median:>7.3f}s {percentile(walls, 0.95):>7.3f}s "
            f"{max(walls):>7.3f}s {statistics.median(cpus):>7.3f}s"
        )
        if median > args.target:
            over.append(f"{label}: median {median:.3f}s > {args.target:.3f}s")
    sys.stdout.flush()
    for line in over:
        print(f"over target: {line}", file=sys.stderr)
    return 1 if args.check and over else 0


if __name__ == "__main__":
    sys.exit(main())
