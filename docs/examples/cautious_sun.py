"""An outside player for Pyramid of the Sun, written against the documented player interface
(docs/players.md): it places a card only when it scores at least 3 points now, and otherwise
does what the built-in greedy player does.

    silverpyr sun arena --bots cautious_sun:make,greedy --games 20

(run from this folder, or with this folder on PYTHONPATH).
"""

from __future__ import annotations

from silverpyr.solver.sun.bots import GreedyPlayer
from silverpyr.solver.sun.game import Draw, EndTurn, Move, Phase, SunState, placements, points_for


class Cautious:
    """Places only the placements worth 3 points or more; greedy for everything else."""

    name = "cautious"

    def __init__(self) -> None:
        self.greedy = GreedyPlayer()

    def decide(self, state: SunState, seat: int) -> Move:
        if state.phase in (Phase.CHOOSE, Phase.PLAYING):
            view = state.view(seat)  # decide only from what this seat may know
            best = max(
                placements(state),
                key=lambda move: (points_for(state, move.card, move.slot), -move.card),
                default=None,
            )
            if best is not None and points_for(state, best.card, best.slot) >= 3:
                return best
            if view.phase is Phase.PLAYING:
                return EndTurn()
            if state.can_draw("standard"):
                return Draw("standard")
        return self.greedy.decide(state, seat)


def make() -> Cautious:
    """The factory ``--bots cautious_sun:make`` calls, once per game."""
    return Cautious()
