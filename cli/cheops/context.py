"""*Cheops*'s components for its commands: the file of ``--cards`` (or the bundled original
components), loaded and validated once per run."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ..core.context import app_context

if TYPE_CHECKING:
    from ...solver.cheops.components import Components

GAME = "cheops"
"""The game's name in the results store and in ``--cards``'s cache."""


def components(ctx: typer.Context) -> Components:
    """The *Cheops* components of the running command."""
    from ...solver.cheops.components import load_components

    return app_context(ctx).loaded(GAME, load_components)
