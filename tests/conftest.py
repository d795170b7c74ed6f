"""Fixtures shared by the test modules."""

from __future__ import annotations

import multiprocessing
import os
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# No test depends on the machine's speed: Hypothesis's deadline per example and its
# "input generation is slow" check read the clock, and failed on a loaded machine.
# Derandomized: every run tries the same examples, so a fresh clone is green or red on its
# merits and never on a new example found that day. To search for new failing examples,
# run with `--hypothesis-profile explore` (random examples, 1,000 where a test does not set
# its own number) and pin what it finds with `@example`.
_QUIET = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow]}
settings.register_profile("silverpyr", derandomize=True, database=None, **_QUIET)
settings.register_profile("explore", max_examples=1000, **_QUIET)
settings.load_profile("silverpyr")


def _bytecode_cache() -> None:
    """Compile each module once, not once per process, where the environment says not to
    write bytecode (``PYTHONDONTWRITEBYTECODE``, as on many CI machines).

    Hundreds of tests start the CLI in a process of its own, and each compiled the
    silverpyr modules it imports from source: about 0.2 s of CPU a process. The run's
    processes (xdist workers and the CLIs the tests start, which inherit the environment)
    write the cache as Python does by default: ``__pycache__/`` beside the sources, which
    git ignores and the wheel leaves out. (A cache elsewhere, ``PYTHONPYCACHEPREFIX``,
    would also recompile every installed library, whose own caches it ignores.)
    """
    if os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None:
        sys.dont_write_bytecode = False


_bytecode_cache()


def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """``-n auto``: two workers a core. The full-screen tests spend about half their time
    asleep (Textual's pilot sleeps 20 ms at a time until the app is idle after each key),
    which left a core idle with one worker a core: on 2 cores, 5 min 19 s against 4 min
    25 s with two a core (2026-11-29). (Shorter sleeps would miss the screen's refresh
    timer: a screen read after a key was then sometimes stale.)"""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cores = os.cpu_count() or 1
    return 2 * cores


# The shared checks that several test files call: pytest rewrites their asserts too, so a
# failure there shows its values as it does in a test module.
pytest.register_assert_rewrite(
    "arena_checks",
    "checked_player",
    "cheops_golden",
    "engine_imports",
    "kept_checks",
    "old_stores",
    "position_files",
    "trainer_checks",
    "tui_pilot",
)


@pytest.fixture(scope="module", autouse=True)
def _no_processes_left() -> Iterator[None]:
    """A module leaves no child process running: a Dask cluster kept alive past its module
    (its worker processes, its scheduler's thread) slowed every later test in that worker
    by several times."""
    yield
    left = multiprocessing.active_children()
    assert not left, f"child processes still running after the module: {left}"


@pytest.fixture(autouse=True)
def _no_real_home(
    tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch
) -> None:
    """No test reads or writes the user's own results folder: each starts with an empty
    ``SILVERPYR_HOME`` of its own (tests that look inside it take :func:`home`)."""
    monkeypatch.setenv("SILVERPYR_HOME", str(tmp_path_factory.mktemp("home")))


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh results folder (``SILVERPYR_HOME``) for the test."""
    monkeypatch.setenv("SILVERPYR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
