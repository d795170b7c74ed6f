"""Registers every command group on the root app (one module per group)."""

from __future__ import annotations

import typer


def register(app: typer.Typer) -> None:
    """Add each command group to ``app``."""
    from .cards_cmd import cards_app

    app.add_typer(cards_app, name="cards")

    from .route_cmd import route

    app.command("route")(route)

    from .score_cmd import score

    app.command("score")(score)

    from .game_cmd import game

    app.command("game")(game)

    from .hint_cmd import hint

    app.command("hint")(hint)

    from .analyze_cmd import analyze

    app.command("analyze")(analyze)

    from .arena_cmd import arena

    app.command("arena")(arena)

    from .solve_cmd import solve

    app.command("solve")(solve)

    from .puzzle_cmd import daily, puzzle

    app.command("puzzle")(puzzle)
    app.command("daily")(daily)

    from .stats_cmd import stats

    app.command("stats")(stats)

    from .play_cmd import play

    app.command("play")(play)
