"""The screen tests' stand-in for the kept game: the product's
``silverpyr.puzzles.cheops.kept_game.KeptGame`` kept in memory (nothing saved, no coach),
fitting the full-screen game's :class:`~silverpyr.cli.cheops.tui.table.GameTable`. It serves
the screen's tests and snapshots, which need no store: every rule and pending move is the kept
game's (your moves stay pending until the turn ends, a law is taken from an eye, a tile is
drawn or the game ends). What is its own: the advice is cheaper (the greedy bot's choice,
counted in :attr:`EngineTable.advised`), :meth:`EngineTable.check` judges nothing, a table may
start from any position (:meth:`EngineTable.at`), and the lines are the short ones the
snapshots were drawn with.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from silverpyr.cli.cheops.tui.table import HUMAN, Progress, VerdictLike
from silverpyr.puzzles.cheops.kept_game import KeptGame
from silverpyr.puzzles.core.kept_table import seat_name
from silverpyr.solver.cheops import game
from silverpyr.solver.cheops.components import Components
from silverpyr.solver.cheops.game import CheopsState, Event, Move, Outcome

SHORT_LINES: dict[type[Any], Callable[[str, Any], str]] = {
    game.Took: lambda who, e: (
        f"{who} took {f'law {e.item}' if isinstance(e.item, int) else e.item} from {e.space} "
        f"with {game.KIND_NAMES[e.kind]} ({e.kind})"
    ),
    game.Sold: lambda who, e: f"{who} sold {e.colour} for {e.paid}",
    game.Stored: lambda who, e: f"{who} stored {e.colour}",
    game.Lost: lambda who, e: f"{who} lost {e.colour} (law 4, its board full)",
    game.Paid: lambda who, e: f"{who} paid {e.amount} ({e.why})",
    game.LawPlayed: lambda who, e: (
        f"{who} played law {e.law}" + (f": {e.target}" if e.target else "")
    ),
    game.DrewTile: lambda who, e: (
        f"{who} drew {game.KIND_NAMES[e.kind]} ({e.kind}) from stack {e.stack}"
    ),
    game.Passed: lambda who, e: f"{who} passed",
    game.Scored: lambda who, e: f"{who} scored {e.amount} for {e.colour}",
}
"""The stand-in's short line of each engine event (``who``: the seat's name)."""


def describe_event(event: Event, bots: Sequence[str]) -> str:
    """One engine event for people (the stand-in's short lines)."""
    return SHORT_LINES[type(event)](seat_name(event.seat, bots), event)


def describe_outcome(result: Outcome, bots: Sequence[str]) -> str:
    money = ", ".join(f"{seat_name(s, bots)} {m}" for s, m in enumerate(result.money))
    names = " and ".join(seat_name(seat, bots) for seat in result.winners)
    return f"The game is over ({result.reason}). Winner: {names}. Money: {money}."


class EngineTable(KeptGame):
    """A game against bots kept in memory: seat 0 is you, seats 1 on the registry's ``bots``."""

    def __init__(self, components: Components, seed: int, bots: Sequence[str]) -> None:
        super().__init__(components, seed, bots)
        self.advised = 0

    @classmethod
    def at(cls, state: CheopsState, bots: Sequence[str]) -> EngineTable:
        """A table from ``state`` on (its seed the state's)."""
        table = cls(state.components, state.seed, bots)
        assert len(table.bots) + 1 == state.players
        table.committed = table.state = state
        return table

    def check(self, move: Move, progress: Progress | None = None) -> VerdictLike | None:
        return None

    def advice_lines(self, progress: Progress | None = None) -> list[str]:
        from silverpyr.puzzles.cheops.registry import PLAYERS

        if self.waiting is None:
            return ["No decision of yours is due."]
        self.advised += 1
        move = PLAYERS["greedy"].make().decide(self.state, HUMAN)
        return [f"The greedy bot would play {move.notation()}."]

    def _describe(self, state: CheopsState, event: Event) -> str:
        return describe_event(event, self.bots)

    def _describe_outcome(self, result: Outcome) -> str:
        return describe_outcome(result, self.bots)
