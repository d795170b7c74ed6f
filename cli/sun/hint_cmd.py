"""``silverpyr sun hint --game FILE``: advice for the decision due in a recorded game, or with
``--review`` the coach's verdict on every decision of one seat (the core's
:mod:`silverpyr.cli.core.review`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.game_commands import HintCommand
from .context import deck as sun_deck

if TYPE_CHECKING:
    from ...puzzles.core.review import Reviewing
    from ..core.review import Advise

DEFAULT_ROLLOUTS = 12
"""The advice's paired rollouts (:data:`silverpyr.puzzles.sun.advice.DEFAULT_ROLLOUTS`;
a test keeps the two equal, so ``--help`` needs no import of the advice)."""


def _advice() -> tuple[Reviewing, Advise]:
    """The game's review and advice, imported when the command runs."""
    from ...puzzles.sun.advice import advise
    from ...puzzles.sun.review import REVIEWING

    return REVIEWING, advise


hint = HintCommand(
    DEFAULT_ROLLOUTS,
    """Advice in a recorded game, or a review of every decision, in expected points.

    Without --review: every option of the decision due after the record's last move, against
    the expert's choice. With --review: the coach's verdict on each decision of one seat, and
    the expected points it lost against the expert in all.""",
    sun_deck,
    _advice,
).hint()
