"""The screen tests' stand-in for the kept game: a Cheops game against bots kept in memory,
straight on the engine and the bots' registry (nothing saved, no coach), fitting the
full-screen game's :class:`~silverpyr.cli.cheops.tui.table.GameTable`. The product plays
``silverpyr.puzzles.cheops.kept_game.KeptGame``; this serves the screen's tests and snapshots,
which need no store.

What is final follows the kept game's ruling (``/work/briefs/i22/table_api.md``): your moves
stay pending until the turn ends, a law is taken from an eye, a tile is drawn or the game ends.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from silverpyr.cli.cheops.tui.table import HUMAN, LineKind, Progress, VerdictLike
from silverpyr.solver.cheops.components import Components
from silverpyr.solver.cheops.game import (
    KIND_NAMES,
    CheopsState,
    CheopsView,
    DrawTile,
    DrewTile,
    Event,
    IllegalMove,
    LawPlayed,
    Lost,
    Move,
    Outcome,
    Paid,
    Passed,
    Phase,
    Scored,
    Sold,
    Stored,
    Take,
    Took,
    apply,
    legal_moves,
    new_game,
    outcome,
    parse_move,
    why_illegal,
)


@dataclass(frozen=True)
class Line:
    """One line of the game's messages."""

    text: str
    kind: LineKind = "event"
    seat: int | None = None


def seat_name(seat: int, bots: Sequence[str]) -> str:
    """``You`` for seat 0, ``Player 3 (expert)`` for the others."""
    return "You" if seat == HUMAN else f"Player {seat + 1} ({bots[seat - 1]})"


def describe_event(event: Event, bots: Sequence[str]) -> str:
    """One engine event for people."""
    who = seat_name(event.seat, bots)
    if isinstance(event, Took):
        item = f"law {event.item}" if isinstance(event.item, int) else event.item
        return f"{who} took {item} from {event.space} with {KIND_NAMES[event.kind]} ({event.kind})"
    if isinstance(event, Sold):
        return f"{who} sold {event.colour} for {event.paid}"
    if isinstance(event, Stored):
        return f"{who} stored {event.colour}"
    if isinstance(event, Lost):
        return f"{who} lost {event.colour} (law 4, its board full)"
    if isinstance(event, Paid):
        return f"{who} paid {event.amount} ({event.why})"
    if isinstance(event, LawPlayed):
        return f"{who} played law {event.law}" + (f": {event.target}" if event.target else "")
    if isinstance(event, DrewTile):
        return f"{who} drew {KIND_NAMES[event.kind]} ({event.kind}) from stack {event.stack}"
    if isinstance(event, Passed):
        return f"{who} passed"
    assert isinstance(event, Scored)
    return f"{who} scored {event.amount} for {event.colour}"


def describe_outcome(result: Outcome, bots: Sequence[str]) -> str:
    money = ", ".join(f"{seat_name(s, bots)} {m}" for s, m in enumerate(result.money))
    names = " and ".join(seat_name(seat, bots) for seat in result.winners)
    return f"The game is over ({result.reason}). Winner: {names}. Money: {money}."


class EngineTable:
    """A game against bots kept in memory: seat 0 is you, seats 1 on the registry's ``bots``."""

    def __init__(self, components: Components, seed: int, bots: Sequence[str]) -> None:
        from silverpyr.puzzles.cheops.registry import PLAYERS

        self._seed = seed
        self._bots: tuple[str, ...] = tuple(bots)
        self.players = [PLAYERS[name].make() for name in self._bots]
        self.committed = new_game(components, 1 + len(self._bots), seed)
        self._state = self.committed
        self._pending: tuple[Move, ...] = ()
        self.advised = 0

    @classmethod
    def at(cls, state: CheopsState, bots: Sequence[str]) -> EngineTable:
        """A table from ``state`` on (its seed the state's)."""
        table = cls(state.components, state.seed, bots)
        assert len(table._bots) + 1 == state.players
        table.committed = table._state = state
        return table

    @property
    def state(self) -> CheopsState:
        return self._state

    def view(self) -> CheopsView:
        return self._state.view(HUMAN)

    @property
    def seed(self) -> int:
        return self._seed

    @property
    def bots(self) -> tuple[str, ...]:
        return self._bots

    @property
    def pending(self) -> tuple[Move, ...]:
        return self._pending

    @property
    def waiting(self) -> Phase | None:
        state = self._state
        return None if state.over or state.turn != HUMAN else state.phase

    @property
    def bots_due(self) -> bool:
        return not self._state.over and self._state.turn != HUMAN

    @property
    def coach(self) -> bool:
        return False

    @property
    def saved(self) -> bool:
        return False

    @property
    def notes(self) -> Sequence[str]:
        return ()

    def outcome(self) -> Outcome | None:
        return outcome(self._state)

    def options(self) -> tuple[Move, ...]:
        return () if self.waiting is None else legal_moves(self._state)

    def parse(self, text: str) -> Move:
        return parse_move(self._state, text)

    def why_illegal(self, move: Move) -> str | None:
        if self._state.over:
            return "the game is over"
        if self._state.turn != HUMAN:
            return "it is not your turn: the other players are playing"
        return why_illegal(self._state, move)

    def play(self, move: Move) -> list[Line]:
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(reason)
        before = self._state
        after = apply(before, move)
        shows = isinstance(move, DrawTile) or (
            isinstance(move, Take) and isinstance(before.cell(move.space), int)
        )
        final = shows or after.over or after.turn != HUMAN
        lines = self._lines(before, after, "event" if final else "pending")
        self._state = after
        if not final:
            self._pending = (*self._pending, move)
            return lines
        self._pending = ()
        self.committed = after
        return lines + self._over()

    def undo(self) -> Move:
        if not self._pending:
            raise IllegalMove("nothing to take back: a move is final once the turn moves on")
        move = self._pending[-1]
        self._pending = self._pending[:-1]
        state = self.committed
        for made in self._pending:
            state = apply(state, made)
        self._state = state
        return move

    def check(self, move: Move, progress: Progress | None = None) -> VerdictLike | None:
        return None

    def settle(self, progress: Progress | None = None) -> list[Line]:
        lines: list[Line] = []
        while self.bots_due:
            state = self._state
            seat = state.turn
            if progress is not None:
                progress(f"{seat_name(seat, self._bots)} is playing\u2026")
            after = apply(state, self.players[seat - 1].decide(state, seat))
            lines.extend(self._lines(state, after, "event"))
            self._state = self.committed = after
        return lines + (self._over() if lines else [])

    def advice_lines(self, progress: Progress | None = None) -> list[str]:
        from silverpyr.puzzles.cheops.registry import PLAYERS

        if self.waiting is None:
            return ["No decision of yours is due."]
        self.advised += 1
        move = PLAYERS["greedy"].make().decide(self._state, HUMAN)
        return [f"The greedy bot would play {move.notation()}."]

    def summary_lines(self) -> list[str]:
        return []

    def seat_names(self) -> tuple[str, ...]:
        return tuple(seat_name(seat, self._bots) for seat in range(1 + len(self._bots)))

    def leave(self) -> str:
        return "the game is not saved"

    def release(self) -> None:
        return None

    def _lines(self, before: CheopsState, after: CheopsState, kind: LineKind) -> list[Line]:
        return [
            Line(describe_event(event, self._bots), kind, event.seat)
            for event in after.events[len(before.events) :]
        ]

    def _over(self) -> list[Line]:
        result = outcome(self._state)
        return [] if result is None else [Line(describe_outcome(result, self._bots), "over")]
