"""*Silver & Gold*'s own shared options (its rounds and turns; the advice's second opinion);
the game-free ones are in :mod:`silverpyr.cli.core.options`."""

from __future__ import annotations

from typing import Annotated

import typer

from ...solver.silvergold.sheet import ROUNDS, TURNS_PER_ROUND

RoundOption = Annotated[
    int, typer.Option("--round", min=1, max=ROUNDS, help="Round of the first turn.")
]
TurnOption = Annotated[
    int,
    typer.Option(
        "--turn",
        min=1,
        max=TURNS_PER_ROUND,
        help="Turn of the first turn within its round.",
    ),
]
RolloutsOption = Annotated[
    int,
    typer.Option(
        "--rollouts",
        min=0,
        max=1000,
        help="A second opinion: measure every loss by this many paired games played out "
        "against the expert's choice (slow; 0: the expert's calibrated valuation only; not "
        "for a mark decision in a state file, which holds no game to play out).",
    ),
]
