"""``silverpyr cheops solve``: the exact best move of a Cheops endgame, its value in final
piastres and the principal line (docs/cheops-position.md)."""

from __future__ import annotations

from types import ModuleType
from typing import Annotated, Any

import typer

from ..core.game_commands import SolveCommand
from ..core.own_options import Own
from .context import components as cheops_components

WinOption = Annotated[
    bool,
    typer.Option(
        "--win",
        help="Play for the chance to win first, the margin second (default: the margin).",
    ),
]
NodeLimitOption = Annotated[
    int | None,
    typer.Option(
        "--node-limit",
        min=1,
        metavar="N",
        help="Stop after N positions searched: the same answer on every machine "
        "(default: the time limit only).",
        show_default=False,
    ),
]


def _positions() -> ModuleType:
    """Cheops's position files, imported when the command runs."""
    from ...solver.cheops import positionfile

    return positionfile


def _search(win: bool, node_limit: int | None) -> dict[str, Any]:
    """``--win`` and ``--node-limit`` as the endgame search's keywords."""
    from ...solver.cheops.endgame import MARGIN, WIN

    return {"objective": WIN if win else MARGIN, "node_limit": node_limit}


solve = SolveCommand(
    """The best move of an endgame, by exact search: proven when the search is complete.

    Once every law is known (none left on the pyramid), searches the rest of the game for
    the seat to move: its best move, its final margin (own money less the best other
    seat's) and its chance to win, and the principal line. A draw that uncovers a hidden
    tile is chance (its expectation is taken; the line follows the most likely tile). Two
    players: expectiminimax; three to five: each seat plays for its own margin (max-n).
    Said "proven" only when the search reached the end of the game; when the time limit
    comes first (or --node-limit), the answer looked some turns ahead and says so.

    The position file's format is in docs/cheops-position.md; --position-template prints
    one to start from.""",
    cheops_components,
    _positions,
    "Searching the endgame",
    own=(Own("win", WinOption, False), Own("node_limit", NodeLimitOption, None)),
    search=_search,
).command()
