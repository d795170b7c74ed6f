"""``silverpyr sun``: the commands of *Pyramid of the Sun*, one module per command group,
each imported only when it runs or shows its own help (``cli/core/commands.py`` adds the group to
the root app)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import typer

from ..core.commands import Lazy, LazyGroup


class SunGroup(LazyGroup):
    """The ``sun`` group: its commands, in the order its help lists them."""

    LAZY: ClassVar[Mapping[str, Lazy]] = {
        "daily": Lazy(
            "sun.puzzle_cmd",
            "daily",
            "Play today's Pyramid of the Sun daily: the same puzzle for everyone on your date.",
        ),
        "puzzle": Lazy(
            "sun.puzzle_cmd",
            "puzzle",
            "Play a Pyramid of the Sun puzzle: one turn, scored in expected points against par.",
        ),
        "stats": Lazy(
            "sun.puzzle_cmd",
            "stats",
            "Your Pyramid of the Sun puzzle statistics: played, at par, streaks, histogram.",
        ),
        "solve": Lazy(
            "sun.solve_cmd",
            "solve",
            "The best turn of a position, in expected points: proven when it meets its bound.",
        ),
        "game": Lazy(
            "sun.game_cmd",
            "game",
            "Play Pyramid of the Sun against bots: full-screen on a terminal, else a move a line.",
        ),
        "hint": Lazy(
            "sun.hint_cmd",
            "hint",
            "Advice in a recorded game, or a review of every decision, in expected points.",
        ),
        "play": Lazy(
            "core.home",
            "game_play",
            "Pyramid of the Sun on one screen: the daily, a puzzle, a game, stats, rules.",
            "sun",
        ),
        "arena": Lazy(
            "sun.arena_cmd",
            "arena",
            "Bots play seeded games of Pyramid of the Sun (seats rotated): win rates and scores.",
        ),
        "rules": Lazy(
            "sun.tui.rules",
            "rules",
            "The rules of Pyramid of the Sun for players, with its pyramid's slots labelled.",
        ),
        "cards": Lazy(
            "sun.cards_cmd",
            "cards_app",
            "Check a Pyramid of the Sun card file, list its cards, show one card.",
        ),
    }


sun_app = typer.Typer(
    cls=SunGroup,
    help="Pyramid of the Sun: its cards, proven best turns, dailies and puzzles, games "
    "against bots, the arena.",
    no_args_is_help=True,
)
