"""Time to the first frame of the full-screen game: ``silverpyr daily`` up to its board.

Each run is a fresh Python process (imports are most of the cost) that does what the
``daily`` command does on a terminal (the deck, the results store, the day's puzzle from
the store's cache, the attempt started or resumed) and then runs the app headless with
``App.run_test`` until the puzzle screen is mounted and painted. The parent warms the
puzzle cache in a temporary ``SILVERPYR_HOME`` first, so no run generates the puzzle.
Prints the median, p95 and max, and whether OR-Tools was loaded by the first frame (it
should not be: nothing on the first frame needs the solver).

    .venv/bin/python benchmarks/tui_startup.py --runs 10
"""

from __future__ import annotations

import time

STARTED = time.perf_counter()

import argparse  # noqa: E402
import json  # noqa: E402
import os  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import tempfile  # noqa: E402

DATE = "2026-11-22"
DEFAULT_RUNS = 10


def child() -> None:
    """One run: from this process's first line to the puzzle screen's first frame."""
    import asyncio
    import datetime as dt

    from silverpyr.cli.silvergold.tui.app import SilverpyrApp
    from silverpyr.cli.silvergold.tui.puzzle_screen import PuzzleScreen
    from silverpyr.cli.silvergold.tui.setting import Setting
    from silverpyr.puzzles.core.store import Store
    from silverpyr.puzzles.silvergold.attempt import KeptAttempt
    from silverpyr.puzzles.silvergold.catalog import get_puzzle
    from silverpyr.puzzles.silvergold.ids import daily_id
    from silverpyr.solver.silvergold.deckfile import load_deck

    imported = time.perf_counter()
    deck = load_deck()
    store = Store.open_default()
    day = dt.date.fromisoformat(DATE)
    puzzle = get_puzzle(deck, daily_id(day), store)
    kept = KeptAttempt.start(puzzle, deck, store)
    setting = Setting(deck, store, day)
    app = SilverpyrApp(setting, lambda s: PuzzleScreen(s, kept))
    ready = time.perf_counter()

    async def main() -> float:
        async with app.run_test(size=(100, 36)) as pilot:
            while not isinstance(app.screen, PuzzleScreen):
                await pilot.pause()
            await pilot.pause()  # its first refresh: the board is drawn
            return time.perf_counter()

    painted = asyncio.run(main())
    store.close()
    print(
        json.dumps(
            {
                "imports": imported - STARTED,
                "setup": ready - imported,
                "first_frame": painted - STARTED,
                "ortools": any(name.startswith("ortools") for name in sys.modules),
            }
        )
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=DEFAULT_RUNS)
    parser.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        child()
        return
    import statistics

    from timing import summary  # benchmarks/timing.py, beside this script

    with tempfile.TemporaryDirectory() as home:
        env = {**os.environ, "SILVERPYR_HOME": home}
        warm = (
            "import datetime as dt\n"
            "from silverpyr.puzzles.silvergold.catalog import get_puzzle\n"
            "from silverpyr.puzzles.silvergold.ids import daily_id\n"
            "from silverpyr.puzzles.core.store import Store\n"
            "from silverpyr.solver.silvergold.deckfile import load_deck\n"
            "with Store.open_default() as store:\n"
            f"    get_puzzle(load_deck(), daily_id(dt.date.fromisoformat('{DATE}')), store)\n"
        )
        subprocess.run([sys.executable, "-c", warm], env=env, check=True)
        runs = []
        for _ in range(args.runs):
            out = subprocess.run(
                [sys.executable, __file__, "--child"],
                env=env,
                check=True,
                capture_output=True,
                text=True,
            )
            runs.append(json.loads(out.stdout.strip().splitlines()[-1]))
    for key in ("imports", "setup", "first_frame"):
        print(summary(key, [run[key] for run in runs]))
    loaded = sum(run["ortools"] for run in runs)
    print(f"OR-Tools loaded by the first frame: {loaded}/{len(runs)} runs")
    median = statistics.median(run["first_frame"] for run in runs)
    print(f"median time to the first frame: {median:.3f}s")


if __name__ == "__main__":
    main()
