"""What every command says, kept to compare before and after a change that must not change
behaviour (issue 33): every command's ``--help``, scripted runs of every game's commands
with ``--json`` and ``--plain``, in order, in one fresh ``SILVERPYR_HOME``, and the records
they write (``{records}`` in a run is a fresh folder, kept as ``record-<name>``).

    python tools/behaviour_snapshot.py --out /tmp/before      # before the change
    python tools/behaviour_snapshot.py --compare /tmp/before  # after: the files that differ

Each run is kept as its command, exit code, stdout and stderr; solver times are masked (the
only numbers that may differ from run to run). The README's examples are checked apart
(``tools/readme_examples.py --check``).
"""

from __future__ import annotations

import argparse
import difflib
import os
import re
import shlex
import subprocess
import sys
import tempfile
from pathlib import Path

RUNS = (
    # Silver & Gold (its commands at the top, and as a group)
    "daily --date 2026-11-22 --json",
    "daily --date 2026-11-22 --plain --moves 'h; h; h; C1 D1 E1; q; s'",
    "puzzle --seed 5 --json",
    "puzzle --seed 5 --plain --moves 'q; s'",
    "silvergold daily --date 2026-11-21 --json",
    "solve --card 17 --expeditions I3,L4,O4 --json",
    "solve --card 17 --expeditions I3,L4,O4,T4,L3,I2,I3 --plain",
    "cards show 17 --json",
    "cards show 17 --plain",
    "cards validate",
    "rules --json",
    "rules --plain",
    "arena --bots greedy,expert --games 2 --seed 1 --json --workers 0",
    "stats --json",
    "stats --plain",
    # Pyramid of the Sun
    "sun daily --date 2026-11-22 --json",
    "sun daily --date 2026-11-22 --plain --no-record --moves 'hint; hint; hint; q; y'",
    "sun puzzle --seed 5 --json",
    "sun cards show S4-sun --json",
    "sun cards validate",
    "sun rules --plain",
    "sun rules --json",
    "sun arena --bots greedy,expert --games 2 --seed 1 --json --workers 0",
    "sun game --seed 3 --moves q --json",
    "sun game --seed 3 --moves q --plain",
    "sun stats --json",
    # Cheops
    "cheops daily --date 2026-11-22 --json",
    "cheops daily --date 2026-11-22 --plain --no-record --moves 'hint; hint; hint; q; y'",
    "cheops puzzle --seed 5 --json",
    "cheops cards show --json",
    "cheops cards validate",
    "cheops rules --plain",
    "cheops rules --json",
    "cheops arena --bots greedy,expert --games 2 --seed 1 --json --workers 0",
    "cheops game --seed 3 --moves q --json",
    "cheops game --seed 3 --moves q --plain",
    "cheops stats --json",
    # errors: one line, exit 2
    "daily --date 2026-13-40",
    "sun solve --position /nonexistent.yaml",
    "cheops arena --bots greedy,,greedy --games 1",
    # records: each game's game --record and arena --records, and a review of them
    "game --seed 4 --no-record --record {records}/sg.json --plain"
    " --moves '19 43; 19:B1 B2 B3 C3 +19:A3; 19:A2; 19:D3 E3 D4; q!'",
    "hint --game {records}/sg.json --review --rollouts 1 --json",
    "arena --bots greedy,expert --games 2 --seed 3 --workers 0 --records {records}/sg-arena",
    "hint --game {records}/sg-arena/game-000004.json --review --seat 2 --rollouts 1 --plain",
    "sun game --seed 3 --no-record --record {records}/sun.json --moves 'draw; q' --plain",
    "sun arena --bots greedy,greedy --games 1 --seed 2 --workers 0 --records {records}/sun-arena",
    "cheops arena --bots greedy,greedy --games 1 --seed 2 --workers 0"
    " --records {records}/cheops-arena",
)
_TIMES = re.compile(r'("seconds": |"time": |in )\d+(\.\d+)?( ?s\b)?')


def _commands() -> list[str]:
    """Every command and group, by its words (``sun daily``), from the app itself."""
    import typer.main

    from silverpyr.cli.core.app import app

    found: list[str] = []

    def walk(command: object, words: str) -> None:
        found.append(words)
        for name, sub in sorted(getattr(command, "commands", {}).items()):
            walk(sub, f"{words} {name}".strip())

    walk(typer.main.get_command(app), "")
    return found


RUN_LIMIT = 1_800
"""Seconds a run may take before the snapshot gives up on it: the Sun's arena of the expert
took 5.5 min of wall time for 35 s of CPU on a loaded machine, past an earlier 300."""


def _run(args: str, home: str) -> str:
    env = {**os.environ, "SILVERPYR_HOME": home, "COLUMNS": "80", "NO_COLOR": "1"}
    env.pop("FORCE_COLOR", None)
    done = subprocess.run(
        ["silverpyr", *shlex.split(args)],
        capture_output=True,
        text=True,
        env=env,
        stdin=subprocess.DEVNULL,
        timeout=RUN_LIMIT,
        check=False,
    )
    text = (
        f"$ silverpyr {args}\nexit {done.returncode}\n"
        f"--- stdout\n{done.stdout}--- stderr\n{done.stderr}"
    )
    return _TIMES.sub(lambda m: f"{m.group(1)}<t>", text)


def snapshot() -> dict[str, str]:
    """Every page, run and record, by a file name."""
    pages: dict[str, str] = {}
    with tempfile.TemporaryDirectory() as home, tempfile.TemporaryDirectory() as records:
        for words in _commands():
            name = "help-" + ("-".join(words.split()) or "silverpyr") + ".txt"
            pages[name] = _run(f"{words} --help".strip(), home)
        for number, args in enumerate(RUNS, start=1):
            ran = _run(args.replace("{records}", records), home)
            pages[f"run-{number:02d}.txt"] = ran.replace(records, "{records}")
        for path in sorted(Path(records).rglob("*.json")):
            name = "record-" + "-".join(path.relative_to(records).parts)
            pages[name] = path.read_text(encoding="utf-8")
    return pages


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    where = parser.add_mutually_exclusive_group(required=True)
    where.add_argument("--out", type=Path, help="write the snapshot to this new folder")
    where.add_argument("--compare", type=Path, help="compare with the snapshot in this folder")
    args = parser.parse_args()
    pages = snapshot()
    if args.out is not None:
        args.out.mkdir(parents=True)
        for name, text in pages.items():
            (args.out / name).write_text(text, encoding="utf-8")
        print(f"{len(pages)} pages and runs written to {args.out}")
        return 0
    before = {path.name: path.read_text(encoding="utf-8") for path in args.compare.iterdir()}
    differ = 0
    for name in sorted(set(before) | set(pages)):
        old, new = before.get(name, ""), pages.get(name, "")
        if old != new:
            differ += 1
            sys.stdout.writelines(
                difflib.unified_diff(
                    old.splitlines(keepends=True), new.splitlines(keepends=True), name, name
                )
            )
    print(f"{differ} of {len(pages)} pages and runs differ from {args.compare}")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
