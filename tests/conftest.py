"""Fixtures shared by the test modules."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.fixture()
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh results folder (``SILVERPYR_HOME``) for the test."""
    monkeypatch.setenv("SILVERPYR_HOME", str(tmp_path / "home"))
    return tmp_path / "home"
