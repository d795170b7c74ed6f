"""The tests' stand-in for the kept game: the product's
``silverpyr.puzzles.sun.kept_game.KeptGame`` kept in memory (nothing saved, no coach), fitting
the full-screen game's :class:`~silverpyr.cli.sun.tui.table.GameTable`. It serves the screen's
tests and snapshots, which need no store: every rule, text and pending move is the kept
game's; only the advice is cheaper (the expert bot's choice, not the rollouts), and a table
may start from any position (:meth:`EngineTable.at`)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeAlias

from silverpyr.cli.sun.tui.table import HUMAN, Progress
from silverpyr.puzzles.sun.kept_game import KeptGame, TableEvent
from silverpyr.solver.sun.game import SunSetupError, SunState

Line: TypeAlias = TableEvent
"""One line of the game's messages (``text``, ``kind`` and ``seat``)."""


class EngineTable(KeptGame):
    """A game against bots kept in memory (nothing saved, no coach): seat 0 is you, seats 1
    on are the registry's ``bots``."""

    @classmethod
    def at(cls, state: SunState, bots: Sequence[str]) -> EngineTable:
        """A table from ``state`` on (a position for tests and demonstrations; its seed is
        the state's)."""
        table = cls(state.deck, state.seed, state.size, bots)
        if len(table.bots) + 1 != state.players:
            raise SunSetupError(f"{len(table.bots)} bots for a table of {state.players} seats")
        table.committed = table.state = state
        return table

    def advice_lines(self, progress: Progress | None = None) -> list[str]:
        from silverpyr.puzzles.sun.registry import make_player

        if self.waiting is None:
            return ["No decision of yours is due."]
        move = make_player("expert").decide(self.state, HUMAN)
        return [
            f"The expert bot would play {move.notation(self.deck)} "
            "(its choice only: no expected points without the kept game's advice)."
        ]
