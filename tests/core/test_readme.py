"""The README's example outputs are what the code prints (tools/readme_examples.py)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
TOOL = ROOT / "tools" / "readme_examples.py"


@pytest.mark.slow  # every README command, end to end; CI runs it with `pytest -m slow`
def test_the_readme_examples_are_up_to_date() -> None:
    done = subprocess.run(
        [sys.executable, str(TOOL), "--check"],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert "README examples up to date" in done.stdout


def test_the_check_lists_an_example_that_drifted(tmp_path: Path) -> None:
    readme = tmp_path / "README.md"
    readme.write_text(
        "Intro\n\n```\n$ silverpyr cards validate\nOK: something else\n```\n\n"
        "```\n$ silverpyr route 12 --plain | head -1\n"
        "Card 12 (purple): shortest route 9 cells, 5 shortest routes\n```\n",
        encoding="utf-8",
    )
    done = subprocess.run(
        [sys.executable, str(TOOL), "--check", "--readme", str(readme)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 1
    assert "README.md:4: $ silverpyr cards validate" in done.stdout
    assert "route 12" not in done.stdout
    fixed = subprocess.run(
        [sys.executable, str(TOOL), "--readme", str(readme)],
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert fixed.returncode == 0
    assert "OK: cards.yaml (bundled): 48 pyramid cards" in readme.read_text(encoding="utf-8")


@pytest.mark.parametrize("seconds", ["0.11 s", "12.50 s"])
def test_solver_times_are_not_a_difference(seconds: str) -> None:
    sys.path.insert(0, str(TOOL.parent))
    try:
        import readme_examples
    finally:
        sys.path.pop(0)
    assert readme_examples.normalise([f"Proven optimal in {seconds}."]) == [
        "Proven optimal in N.NN s."
    ]


def test_a_wider_time_may_wrap_a_paragraph_anew_but_nothing_else_may() -> None:
    sys.path.insert(0, str(TOOL.parent))
    try:
        import readme_examples
    finally:
        sys.path.pop(0)
    shown = ["49.2 s on this process. Endings: 6 top. Wins: a shared win counts as a fraction;"]
    shown.append("Cards: cards placed.")
    slower = ["295.3 s on this process. Endings: 6 top. Wins: a shared win counts as a"]
    slower.append("fraction; Cards: cards placed.")
    assert readme_examples.same(slower, shown)
    assert not readme_examples.same([*slower[:1], "fraction; Cards: other cards."], shown)
    # without a time in it, a line broken elsewhere is a difference
    assert not readme_examples.same(
        ["Endings: 6 top. Wins:", "a share"], ["Endings: 6 top.", "Wins: a share"]
    )
