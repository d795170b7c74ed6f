"""Registers every command group on the root app (one module per group)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add each command group to ``app``."""
    from .cards_cmd import cards_app

    app.add_typer(cards_app, name="cards")
