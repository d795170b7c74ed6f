"""``silverpyr sun solve``: the proven best turn of a position, in expected points."""

from __future__ import annotations

from types import ModuleType

from ..core.game_commands import SolveCommand
from .context import deck as sun_deck


def _positions() -> ModuleType:
    """The Sun's position files, imported when the command runs."""
    from ...solver.sun import positionfile

    return positionfile


solve = SolveCommand(
    """The best turn of a position, in expected points: proven when it meets its bound.

    The best plays of this turn (cards, slots, order, each symbol's choice) for the seat to
    move: a symbol's draw is random, so after a draw the plan goes on by the card drawn.
    Said "proven" only when its value meets a proven upper bound; otherwise the best found,
    with that bound (a long chain of symbol draws is seldom proven: docs/sun-position.md).
    Set against drawing 2 instead, which scores nothing this turn.

    The position file's format is in docs/sun-position.md; --position-template prints one
    to start from.""",
    sun_deck,
    _positions,
    "Searching every plan of this turn",
).command()
