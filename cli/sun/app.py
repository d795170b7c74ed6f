"""``silverpyr sun``: the commands of *Pyramid of the Sun*, one module per command group,
registered on one Typer group (``cli/commands.py`` adds it to the root app)."""

from __future__ import annotations

import typer

sun_app = typer.Typer(
    help="Pyramid of the Sun: its cards, proven best turns, dailies and puzzles, games "
    "against bots, the arena.",
    no_args_is_help=True,
)


def register() -> typer.Typer:
    """The ``sun`` group with every command of the game."""
    from .cards_cmd import cards_app

    sun_app.add_typer(cards_app, name="cards")

    from .puzzle_cmd import daily, puzzle, stats

    sun_app.command("daily")(daily)
    sun_app.command("puzzle")(puzzle)
    sun_app.command("stats")(stats)

    from .solve_cmd import solve

    sun_app.command("solve")(solve)

    from .game_cmd import game

    sun_app.command("game")(game)

    from .arena_cmd import arena

    sun_app.command("arena")(arena)
    return sun_app
