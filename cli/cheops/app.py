"""``silverpyr cheops``: the commands of *Cheops* (Hans im Glück), one module per command
group, each imported only when it runs or shows its own help (``cli/core/commands.py`` adds the
group to the root app)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

import typer

from ..core.commands import Lazy, LazyGroup


class CheopsGroup(LazyGroup):
    """The ``cheops`` group: its commands, in the order its help lists them."""

    LAZY: ClassVar[Mapping[str, Lazy]] = {
        "daily": Lazy(
            "cheops.puzzle_cmd",
            "daily",
            "Play today's Cheops daily: a proven endgame, the same for everyone on your date.",
        ),
        "puzzle": Lazy(
            "cheops.puzzle_cmd",
            "puzzle",
            "Play a Cheops puzzle: your turn in a proven endgame, or a mid-game decision.",
        ),
        "stats": Lazy(
            "cheops.puzzle_cmd",
            "stats",
            "Your Cheops puzzle statistics: played, at par, streaks, histogram.",
        ),
        "solve": Lazy(
            "cheops.solve_cmd",
            "solve",
            "The best move of an endgame, by exact search: proven when the search is complete.",
        ),
        "game": Lazy(
            "cheops.game_cmd",
            "game",
            "Play Cheops against bots: full-screen on a terminal when installed, else a move "
            "a line.",
        ),
        "hint": Lazy(
            "cheops.hint_cmd",
            "hint",
            "Advice in a recorded game, or a review of every decision, in piastres of margin.",
        ),
        "play": Lazy(
            "core.home",
            "game_play",
            "Cheops on one screen: the daily, a puzzle, a game, stats, rules.",
            "cheops",
        ),
        "arena": Lazy(
            "cheops.arena_cmd",
            "arena",
            "Bots play seeded games of Cheops (seats rotated): win rates and final money.",
        ),
        "rules": Lazy(
            "cheops.tui.rules",
            "rules",
            "The rules of Cheops for players, with its board's spaces labelled.",
        ),
        "cards": Lazy(
            "cheops.cards_cmd",
            "cards_app",
            "Check a Cheops components file (eye spaces, price boards, law 7's number, "
            "starting money), or show it.",
        ),
    }


cheops_app = typer.Typer(
    cls=CheopsGroup,
    help="Cheops (Hans im Glück): its board and price boards, and the game's commands.",
    no_args_is_help=True,
)
