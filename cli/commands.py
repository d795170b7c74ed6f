"""The games' registry: registers every game's command groups on the root app (one module
per group; *Silver & Gold*'s at the top, each other game's under its name), and gives each
command its help as paragraphs that Rich wraps to the terminal's width."""

from __future__ import annotations

import inspect

import typer

_LIST_MARKS = ("* ", "- ", "\b")


def help_paragraphs(doc: str | None) -> str | None:
    """A command's docstring as help: each paragraph on one line, paragraphs apart.

    Typer (rich markup mode, the default) keeps every line break after the first paragraph,
    so a docstring wrapped at 100 columns showed broken short lines at 80. A paragraph whose
    lines start with ``* `` or ``- `` (a list), or that starts with Click's ``\\b``, keeps
    its lines.
    """
    if doc is None:
        return None
    paragraphs = []
    for paragraph in inspect.cleandoc(doc).split("\n\n"):
        lines = [line.strip() for line in paragraph.strip().splitlines()]
        if lines and all(line.startswith(_LIST_MARKS) for line in lines):
            paragraphs.append("\n".join(lines))
        elif lines and lines[0] == "\b":
            paragraphs.append(paragraph.strip())
        else:
            paragraphs.append(" ".join(line for line in lines if line))
    return "\n\n".join(p for p in paragraphs if p)


def _unwrap_help(app: typer.Typer) -> None:
    """Every command of ``app`` and of its groups gets :func:`help_paragraphs` help."""
    for info in app.registered_commands:
        info.help = help_paragraphs(info.help or (info.callback and info.callback.__doc__))
    for group in app.registered_groups:
        if group.typer_instance is not None:
            _unwrap_help(group.typer_instance)


def register(app: typer.Typer) -> None:
    """Add each command group to ``app``."""
    from .silvergold.cards_cmd import cards_app

    app.add_typer(cards_app, name="cards")

    from .silvergold.route_cmd import route

    app.command("route")(route)

    from .silvergold.score_cmd import score

    app.command("score")(score)

    from .silvergold.game_cmd import game

    app.command("game")(game)

    from .silvergold.hint_cmd import hint

    app.command("hint")(hint)

    from .silvergold.analyze_cmd import analyze

    app.command("analyze")(analyze)

    from .silvergold.arena_cmd import arena

    app.command("arena")(arena)

    from .silvergold.solve_cmd import solve

    app.command("solve")(solve)

    from .silvergold.puzzle_cmd import daily, puzzle

    app.command("puzzle")(puzzle)
    app.command("daily")(daily)

    from .silvergold.stats_cmd import stats

    app.command("stats")(stats)

    from .silvergold.play_cmd import play

    app.command("play")(play)

    # Every other game is a group named after it (python-chess's variants, side by side).
    from .sun.app import register as register_sun

    app.add_typer(register_sun(), name="sun")

    from .cheops.app import register as register_cheops

    app.add_typer(register_cheops(), name="cheops")

    _unwrap_help(app)
