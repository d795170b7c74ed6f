"""``silverpyr cheops hint --game FILE``: advice for the decision due in a recorded game, or with
``--review`` the coach's verdict on every decision of one seat (the core's
:mod:`silverpyr.cli.core.review`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.game_commands import HintCommand
from .context import components as cheops_components

if TYPE_CHECKING:
    from ...puzzles.core.review import Reviewing
    from ..core.review import Advise

DEFAULT_ROLLOUTS = 8
"""The advice's paired rollouts (:data:`silverpyr.puzzles.cheops.advice.DEFAULT_ROLLOUTS`;
a test keeps the two equal, so ``--help`` needs no import of the advice)."""


def _advice() -> tuple[Reviewing, Advise]:
    """The game's review and advice, imported when the command runs."""
    from ...puzzles.cheops.advice import advise
    from ...puzzles.cheops.review import REVIEWING

    return REVIEWING, advise


hint = HintCommand(
    DEFAULT_ROLLOUTS,
    """Advice in a recorded game, or a review of every decision, in piastres of margin.

    Without --review: every option of the decision due after the record's last move, against
    the expert's choice. With --review: the coach's verdict on each decision of one seat, and
    the piastres of margin it lost against the expert in all.""",
    cheops_components,
    _advice,
).hint()
