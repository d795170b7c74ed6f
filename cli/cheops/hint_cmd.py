"""``silverpyr cheops hint --game FILE``: the core's ``hint`` (:mod:`silverpyr.cli.core.review`)
on Cheops's table, review and advice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.game_commands import HintCommand
from .context import components as cheops_components

if TYPE_CHECKING:
    from ...puzzles.core.review import Reviewing
    from ..core.review import Advise

DEFAULT_ROLLOUTS = 8  # puzzles/cheops/advice.py's (a test keeps the two equal)


def _advice() -> tuple[Reviewing, Advise]:
    from ...puzzles.cheops.advice import advise
    from ...puzzles.cheops.review import REVIEWING

    return REVIEWING, advise


hint = HintCommand(DEFAULT_ROLLOUTS, "piastres of margin", cheops_components, _advice).command()
