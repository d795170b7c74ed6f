"""Fixtures shared by the test modules."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

# No test depends on the machine's speed: Hypothesis's deadline per example and its
# "input generation is slow" check read the clock, and failed on a loaded machine.
settings.register_profile("silverpyr", deadline=None, suppress_health_check=[HealthCheck.too_slow])
settings.load_profile("silverpyr")

# The shared checks that several test files call: pytest rewrites their asserts too, so a
# failure there shows its values as it does in a test module.
pytest.register_assert_rewrite("arena_checks", "tui_pilot")


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
