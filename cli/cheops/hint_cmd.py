"""``silverpyr cheops hint --game FILE``: advice for the decision due in a recorded game, or with
``--review`` the coach's verdict on every decision of one seat (the core's
:mod:`silverpyr.cli.core.review`)."""

from __future__ import annotations

from typing import Annotated

import typer

from ..core.options import JsonOption, PlainOption
from ..core.review import (
    GameFileOption,
    ReviewOption,
    SeatOption,
    hint_from_record,
    rollouts_option,
)
from .context import components as cheops_components

DEFAULT_ROLLOUTS = 8
"""The advice's paired rollouts (:data:`silverpyr.puzzles.cheops.advice.DEFAULT_ROLLOUTS`;
a test keeps the two equal, so ``--help`` needs no import of the advice)."""


def hint(
    ctx: typer.Context,
    game: GameFileOption,
    review: ReviewOption = False,
    seat: SeatOption = None,
    rollouts: Annotated[int, rollouts_option(DEFAULT_ROLLOUTS)] = DEFAULT_ROLLOUTS,
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """Advice in a recorded game, or a review of every decision, in piastres of margin.

    Without --review: every option of the decision due after the record's last move, against
    the expert's choice. With --review: the coach's verdict on each decision of one seat, and
    the piastres of margin it lost against the expert in all."""
    from ...puzzles.cheops.advice import advise
    from ...puzzles.cheops.review import REVIEWING

    hint_from_record(
        game,
        REVIEWING,
        cheops_components(ctx),
        advise,
        seat=seat,
        judge_all=review,
        rollouts=rollouts,
        as_json=as_json,
        plain=plain,
    )
