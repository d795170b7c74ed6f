"""The tests' stand-in for the kept game: a Sun game against bots kept in memory, straight
on the engine and the bots' registry (nothing saved, no coach), fitting the full-screen
game's :class:`~silverpyr.cli.sun.tui.table.GameTable`. The product plays
``silverpyr.puzzles.sun.kept_game.KeptGame``; this serves the screen's tests and snapshots,
which need no store."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from silverpyr.cli.sun.tui.table import HUMAN, LineKind, Progress, VerdictLike
from silverpyr.solver.sun.cards import Deck
from silverpyr.solver.sun.game import (
    Discarded,
    Drew,
    Event,
    IllegalMove,
    Move,
    Outcome,
    Passed,
    Phase,
    Place,
    Reshuffled,
    Scored,
    SunSetupError,
    SunState,
    apply,
    legal_moves,
    new_game,
    outcome,
    why_illegal,
)


@dataclass(frozen=True)
class Line:
    """One line of the game's messages: what happened (``event``), a placement of yours not
    final yet (``pending``), the coach's verdict (``coach``), the end (``over``)."""

    text: str
    kind: LineKind = "event"
    seat: int | None = None


# --- texts ---------------------------------------------------------------------------------


def seat_name(seat: int, bots: Sequence[str]) -> str:
    """``You`` for seat 0, ``Player 3 (expert)`` for the others (``bots``: seats 1 on)."""
    return "You" if seat == HUMAN else f"Player {seat + 1} ({bots[seat - 1]})"


def _points(points: int) -> str:
    return f"{points} point{'' if points == 1 else 's'}"


def describe_event(state: SunState, event: Event, bots: Sequence[str]) -> str:
    """One engine event told from your seat (a bot's drawn card is not named)."""
    deck = state.deck
    if isinstance(event, Scored):
        who = seat_name(event.seat, bots)
        label = deck[event.card].label
        if event.kind == "symbol":
            return f"{who} took {_points(event.points)} for the symbol of {label}"
        top = event.slot == state.pyramid.top
        where = f"the top {event.slot}" if top else str(event.slot)
        return f"{who} placed {label} on {where}: {_points(event.points)}" + (
            "; the game ends" if top else ""
        )
    if isinstance(event, Drew):
        why = " for the symbol" if event.reason == "symbol" else ""
        if event.seat == HUMAN:
            return f"You drew {deck[event.card].label} from the {event.pile} pile{why}"
        return f"{seat_name(event.seat, bots)} drew a card from the {event.pile} pile{why}"
    if isinstance(event, Discarded):
        return f"{seat_name(event.seat, bots)} discarded {deck[event.card].label}"
    if isinstance(event, Reshuffled):
        return f"The {event.pile} discards ({event.cards}) were shuffled into a new pile"
    if isinstance(event, Passed):
        return f"{seat_name(event.seat, bots)} passed: nothing to play, nothing to draw"
    raise TypeError(f"not an event: {event!r}")  # pragma: no cover - every event is above


def describe_outcome(result: Outcome, bots: Sequence[str]) -> str:
    """``The game is over (the top is placed). You win. Scores: ...``"""
    scores = ", ".join(f"{seat_name(s, bots)} {score}" for s, score in enumerate(result.scores))
    ended = "the top is placed" if result.reason == "top" else "every player passed in a row"
    names = [seat_name(seat, bots) for seat in result.winners]
    if len(names) == 1:
        who = f"{names[0]} {'win' if result.winners[0] == HUMAN else 'wins'}"
    else:
        who = f"Shared win: {' and '.join(names)}"
    return f"The game is over ({ended}). {who}. Scores: {scores}."


def game_words(seed: int, size: str, bots: Sequence[str]) -> str:
    """``seed 5, a standard pyramid, you against greedy and expert``."""
    names = list(bots)
    against = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    return f"seed {seed}, a {size} pyramid, you against {against}"


# --- the stand-in ----------------------------------------------------------------------------


class EngineTable:
    """A game against bots kept in memory (nothing saved, no coach): seat 0 is you, seats 1
    on are the registry's ``bots``."""

    def __init__(self, deck: Deck, seed: int, size: str, bots: Sequence[str]) -> None:
        from silverpyr.puzzles.sun.registry import make_player

        self._deck = deck
        self.seed = seed
        self.size = size
        self.bots: tuple[str, ...] = tuple(bots)
        self.players = [make_player(name) for name in self.bots]
        self.committed = new_game(deck, 1 + len(self.bots), size, seed)
        self._state = self.committed
        self._pending: tuple[Place, ...] = ()

    @classmethod
    def at(cls, state: SunState, bots: Sequence[str]) -> EngineTable:
        """A table from ``state`` on (a position for tests and demonstrations; its seed is
        the state's)."""
        table = cls(state.deck, state.seed, state.size, bots)
        if len(table.bots) + 1 != state.players:
            raise SunSetupError(f"{len(table.bots)} bots for a table of {state.players} seats")
        table.committed = table._state = state
        return table

    @property
    def deck(self) -> Deck:
        return self._deck

    @property
    def state(self) -> SunState:
        return self._state

    @property
    def pending(self) -> tuple[Place, ...]:
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

    def options(self) -> tuple[Move, ...]:
        return () if self.waiting is None else legal_moves(self._state)

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
        pending = isinstance(move, Place) and not after.over
        lines = self._lines(before, after, "pending" if pending else "event")
        self._state = after
        if pending:
            assert isinstance(move, Place)
            self._pending = (*self._pending, move)
            return lines
        self._pending = ()
        self.committed = after
        return lines + self._over()

    def undo(self) -> Place:
        if not self._pending:
            raise IllegalMove("nothing to take back: a move is final once the turn moves on")
        move = self._pending[-1]
        self._pending = self._pending[:-1]
        state = self.committed
        for placed in self._pending:
            state = apply(state, placed)
        self._state = state
        return move

    def check(self, move: Move, progress: Progress | None = None) -> VerdictLike | None:
        reason = self.why_illegal(move)
        if reason is not None:
            raise IllegalMove(reason)
        return None

    def settle(self, progress: Progress | None = None) -> list[Line]:
        lines: list[Line] = []
        while self.bots_due:
            state = self._state
            seat = state.turn
            if progress is not None:
                progress(f"{seat_name(seat, self.bots)} is playing\u2026")
            after = apply(state, self.players[seat - 1].decide(state, seat))
            lines.extend(self._lines(state, after, "event"))
            self._state = self.committed = after
        return lines + (self._over() if lines else [])

    def advice_lines(self, progress: Progress | None = None) -> list[str]:
        from silverpyr.puzzles.sun.registry import make_player

        if self.waiting is None:
            return ["No decision of yours is due."]
        move = make_player("expert").decide(self._state, HUMAN)
        return [
            f"The expert bot would play {move.notation(self._deck)} "
            "(its choice only: no expected points without the kept game's advice)."
        ]

    def summary_lines(self) -> list[str]:
        return []

    def seat_names(self) -> tuple[str, ...]:
        return tuple(seat_name(seat, self.bots) for seat in range(1 + len(self.bots)))

    def seed_words(self) -> str:
        return game_words(self.seed, self.size, self.bots)

    def leave(self) -> str:
        return "the game is not saved"

    def release(self) -> None:
        return None

    def _lines(self, before: SunState, after: SunState, kind: LineKind) -> list[Line]:
        return [
            Line(describe_event(after, event, self.bots), kind, getattr(event, "seat", None))
            for event in after.events[len(before.events) :]
        ]

    def _over(self) -> list[Line]:
        result = outcome(self._state)
        return [] if result is None else [Line(describe_outcome(result, self.bots), "over")]
