"""``silverpyr play``: one home screen for every game (the core's :mod:`silverpyr.cli.core.home`,
with the registry's entries), or with ``silvergold`` *Silver & Gold*'s own full-screen home
(:mod:`.tui`: its dailies, a puzzle by seed, kind or id, a game, the stats screen).
Textual is imported only when the command runs, never for ``--help``.
"""

from __future__ import annotations

import datetime as dt
from enum import StrEnum
from typing import Annotated

import typer

from ...solver.games import FIRST, GAMES
from ..core.options import NoRecordOption
from ..core.trainer import today_option
from .context import deck as sg_deck

HomeChoice = StrEnum("HomeChoice", {key.upper(): key for key in GAMES})  # type: ignore[misc]
"""Which home ``play`` opens: one game's entries, or *Silver & Gold*'s own app (every game
of :data:`~silverpyr.solver.games.GAMES`)."""
_OTHERS = " or ".join(key for key in GAMES if key != FIRST.key)


def play(
    ctx: typer.Context,
    game: Annotated[
        HomeChoice | None,
        typer.Argument(
            help="silvergold: Silver & Gold's own full-screen home (a puzzle by seed, kind "
            f"or id; the stats screen); {_OTHERS}: that game's part of the home only. "
            "Default: every game.",
            show_default=False,
        ),
    ] = None,
    today: Annotated[
        str | None,
        today_option(
            "With silvergold: take this date (YYYY-MM-DD) as today (its daily, its "
            "streak); default: your local date."
        ),
    ] = None,
    no_record: NoRecordOption = False,
) -> None:
    """One home for every game: today's dailies, a puzzle, a game against bots, stats, rules.

    Each entry runs the game's own command (silverpyr sun daily, ...) on its own screen and
    comes back to the home when it ends; the stats and the rules show on the home."""
    from ...puzzles.silvergold.kinds import PuzzleError
    from ..core.home import open_home

    if game is None or game.value != FIRST.key:
        if today is not None:
            raise PuzzleError("--today goes with play silvergold (Silver & Gold's own home)")
        open_home(None if game is None else game.value, no_record=no_record)
        return
    own_home(ctx, today, no_record)


def own_home(
    ctx: typer.Context,
    today: Annotated[
        str | None,
        today_option(
            "Take this date (YYYY-MM-DD) as today (its daily, its streak); default: "
            "your local date."
        ),
    ] = None,
    no_record: NoRecordOption = False,
) -> None:
    """Silver & Gold on one screen: its dailies, a puzzle by seed, kind or id, a game, the stats.

    The same as silverpyr play silvergold."""
    from ...puzzles.core.store import Store
    from ...puzzles.silvergold.ids import parse_date
    from ...puzzles.silvergold.kinds import PuzzleError
    from .tui.launch import run_home, why_not_full_screen

    reason = why_not_full_screen()
    if reason is not None:
        raise PuzzleError(
            f"silverpyr play needs the full screen, but {reason}; "
            "use daily, puzzle or game, which play in line mode"
        )
    day = parse_date(today) if today is not None else dt.date.today()
    with Store.open_default() as store:
        run_home(sg_deck(ctx), store, record=not no_record, today=day)
