"""Fixtures Cheops's test modules share: the bundled components, loaded once a module."""

from __future__ import annotations

import pytest

from silverpyr.solver.cheops import Components, load_components


@pytest.fixture(scope="module")
def components() -> Components:
    return load_components()
