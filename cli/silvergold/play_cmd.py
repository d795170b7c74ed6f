"""``silverpyr play``: the full-screen game's home screen (:mod:`.tui`).

Today's daily, yesterday's, a puzzle by seed, kind or id, a game against bots, the stats.
Textual is imported only when the command runs, never for ``--help``.
"""

from __future__ import annotations

import datetime as dt
from typing import Annotated

import typer

from ..options import NoRecordOption
from .context import deck as sg_deck


def play(
    ctx: typer.Context,
    today: Annotated[
        str | None,
        typer.Option(
            "--today",
            help="Take this date (YYYY-MM-DD) as today: its daily, its streak; default: your "
            "local date.",
            show_default=False,
        ),
    ] = None,
    no_record: NoRecordOption = False,
) -> None:
    """Open the full-screen game: dailies, puzzles, a game against bots, your stats."""
    from ...puzzles.silvergold.ids import parse_date
    from ...puzzles.silvergold.kinds import PuzzleError
    from ...puzzles.store import Store
    from .tui.launch import run_home, why_not_full_screen

    day = parse_date(today) if today is not None else dt.date.today()
    reason = why_not_full_screen()
    if reason is not None:
        raise PuzzleError(
            f"silverpyr play needs the full screen, but {reason}; "
            "use daily, puzzle or game, which play in line mode"
        )
    with Store.open_default() as store:
        run_home(sg_deck(ctx), store, record=not no_record, today=day)
