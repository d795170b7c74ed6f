"""``silverpyr cheops``: the commands of *Cheops* (Hans im Glück), one module per command
group, registered on one Typer group (``cli/commands.py`` adds it to the root app)."""

from __future__ import annotations

import typer

cheops_app = typer.Typer(
    help="Cheops (Hans im Glück): its board and price boards, and the game's commands.",
    no_args_is_help=True,
)


def register() -> typer.Typer:
    """The ``cheops`` group with every command of the game."""
    from .cards_cmd import cards_app

    cheops_app.add_typer(cards_app, name="cards")

    from .puzzle_cmd import daily, puzzle, stats

    cheops_app.command("daily")(daily)
    cheops_app.command("puzzle")(puzzle)
    cheops_app.command("stats")(stats)

    from .solve_cmd import solve

    cheops_app.command("solve")(solve)

    from .game_cmd import game

    cheops_app.command("game")(game)

    from .arena_cmd import arena

    cheops_app.command("arena")(arena)
    return cheops_app
