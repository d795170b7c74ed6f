"""``silverpyr sun hint --game FILE``: the core's ``hint`` (:mod:`silverpyr.cli.core.review`)
on the Sun's table, review and advice."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..core.game_commands import HintCommand
from .context import deck as sun_deck

if TYPE_CHECKING:
    from ...puzzles.core.review import Reviewing
    from ..core.review import Advise

DEFAULT_ROLLOUTS = 12  # puzzles/sun/advice.py's (a test keeps the two equal)


def _advice() -> tuple[Reviewing, Advise]:
    from ...puzzles.sun.advice import advise
    from ...puzzles.sun.review import REVIEWING

    return REVIEWING, advise


hint = HintCommand(DEFAULT_ROLLOUTS, "expected points", sun_deck, _advice).command()
