"""*Silver & Gold*'s turns as seat decisions, one at a time: its engine under the declared
:class:`~silverpyr.solver.core.rules.Rules` (issue 33), so game-free code can play it as it plays
the games whose seats move in turn.

Every seat keeps, and later marks, at once; an engine step (:meth:`.GameState.keep`,
:meth:`.GameState.play`) takes all their choices together. A :class:`Table` is the engine's
state plus the choices already made in such a step, seat 1 first; the last seat's choice
reveals them all and the engine takes the step. A replacement is one seat's alone and goes
straight to the engine (:meth:`.GameState.take_replacement`). Moves: :class:`Keep`, the
engine's :class:`~.moves.Move` (a mark, or the pass of a seat with no card in play), and
:class:`~.game.Replacement`. Every rule is the engine's: legality here is the engine's own
check and message.

**Ruling (hidden choices).** A choice made earlier in a step is hidden from the seats after
it, so :func:`determinized` draws each of them anew, uniformly among that seat's legal
choices in the dealt-anew game: the seat deciding knows that they chose, not what.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from typing import NamedTuple

from ..core.reader import parse_wholes
from ..core.rng import SeededStream
from .cards import Deck
from .game import (
    DECK,
    KEPT_CARDS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    GameState,
    Outcome,
    Phase,
    Replacement,
    deal,
    kept_cards,
)
from .moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move

IllegalMove = IllegalMoveError
"""The engine's error for a move that breaks a rule (every engine's ``IllegalMove``)."""

_DEAL_SEEDS = 2**62
"""A determinized game's seed is drawn below this (a seed the engine accepts)."""


class Keep(NamedTuple):
    """A seat keeps the two dealt cards numbered ``first`` and ``second``: a pair, equal to
    the ``(first, second)`` the engine's :meth:`.GameState.keep` takes."""

    first: int
    second: int

    @property
    def numbers(self) -> tuple[int, int]:
        return (self.first, self.second)

    def notation(self) -> str:
        """``keep 11 23``."""
        return f"keep {self.first} {self.second}"


Choice = Keep | Move | Replacement


@dataclass(frozen=True)
class Table:
    """A game between two seat decisions: the engine's state, and the choices made so far in
    the step every seat takes at once (seat 1's first)."""

    game: GameState
    chosen: tuple[Keep | Move, ...] = ()

    @property
    def players(self) -> int:
        return len(self.game.players)

    @property
    def over(self) -> bool:
        """Whether round 4 has been played out."""
        return self.game.phase is Phase.OVER

    @property
    def turn(self) -> int:
        """The seat whose decision is due (seat 1's once the game is over)."""
        return to_move(self) or 0

    @property
    def phase(self) -> Phase:
        """The engine's phase: what the seat to move decides."""
        return self.game.phase


def new_game(deck: Deck, players: int, seed: int) -> Table:
    """A new game of ``players`` seats dealt from ``deck`` (:func:`.game.deal`)."""
    return Table(deal(deck, players, seed))


def to_move(table: Table) -> int | None:
    """The seat whose decision is due; ``None`` once the game is over."""
    phase = table.game.phase
    if phase is Phase.OVER:
        return None
    if phase is Phase.REPLACE:
        return table.game.replacing_player
    return len(table.chosen)


def _keeps(game: GameState, seat: int) -> tuple[Keep, ...]:
    dealt = game.players[seat].dealt
    return tuple(Keep(a.number, b.number) for a, b in itertools.combinations(dealt, KEPT_CARDS))


def _step_choices(game: GameState, seat: int) -> tuple[Keep | Move, ...]:
    """``seat``'s choices in a step every seat takes at once (a keep or a mark)."""
    if game.phase is Phase.KEEP:
        return _keeps(game, seat)
    return tuple(game.legal_moves(seat))


def _choices(game: GameState, seat: int) -> tuple[Choice, ...]:
    if game.phase is Phase.REPLACE:
        return game.replacement_options()
    return () if game.phase is Phase.OVER else _step_choices(game, seat)


def legal_moves(table: Table) -> tuple[Choice, ...]:
    """Every legal choice of the seat to move: a pair of its dealt cards to keep (in the
    dealt order), a mark (one per distinct result, the engine's), or a replacement."""
    seat = to_move(table)
    return () if seat is None else _choices(table.game, seat)


def distinct_moves(table: Table) -> tuple[Choice, ...]:
    """The legal choices: each already leads to a different game."""
    return legal_moves(table)


_WAITS = {
    Phase.KEEP: (Keep, "a keep of two dealt cards"),
    Phase.MARK: (Move, "a mark"),
    Phase.REPLACE: (Replacement, "a replacement"),
}


def why_illegal(table: Table, move: Choice) -> str | None:
    """Why ``move`` breaks a rule, in the engine's words; ``None`` when it is legal."""
    game = table.game
    seat = to_move(table)
    if seat is None:
        return "the game is over"
    kind, words = _WAITS[game.phase]
    if not isinstance(move, kind):
        return f"player {seat + 1} must choose {words}"
    try:
        if isinstance(move, Keep):
            kept_cards(game.players[seat].dealt, move.numbers, seat, table.players)
        elif isinstance(move, Move):
            game.position(seat).push(move, game.expedition, game.round_number)
        elif move not in game.replacement_options():
            game.take_replacement(move)
    except (IllegalMoveError, InvalidMoveError, AmbiguousMoveError) as error:
        return str(error)
    return None


def apply(table: Table, move: Choice) -> Table:
    """``table`` after ``move``; :class:`~.moves.IllegalMoveError` when it is illegal."""
    reason = why_illegal(table, move)
    if reason is not None:
        raise IllegalMoveError(reason)
    return apply_unchecked(table, move)


def apply_unchecked(table: Table, move: Choice) -> Table:
    """``table`` after a legal ``move`` (the engine's steps check what they take anyway)."""
    game = table.game
    if isinstance(move, Replacement):
        return Table(game.take_replacement(move))
    chosen = (*table.chosen, move)
    if len(chosen) < table.players:
        return replace(table, chosen=chosen)
    if game.phase is Phase.KEEP:
        return Table(game.keep([choice.numbers for choice in chosen if isinstance(choice, Keep)]))
    return Table(game.play([choice for choice in chosen if isinstance(choice, Move)]))


def outcome(table: Table) -> Outcome | None:
    """The scores and winners once round 4 has been played out; ``None`` before."""
    return table.game.outcome() if table.game.is_over() else None


def parse_move(table: Table, text: str) -> Choice:
    """The seat to move's choice written as ``text``: ``keep 11 23`` (or ``11 23``), a mark in
    notation (``17:B1 B2 +C3``, ``-`` for a pass), ``deck`` (or ``d``) or ``slot 2`` (or
    ``2``). :class:`~.moves.InvalidMoveError` for text that is not one; a mark is also
    checked against the rules, as the engine parses it."""
    game = table.game
    seat = to_move(table)
    words = text.strip().lower().split()
    if seat is None:
        raise IllegalMoveError("the game is over")
    if game.phase is Phase.KEEP:
        numbers = parse_wholes(" ".join(words[1:] if words[:1] == ["keep"] else words))
        if numbers is None or len(numbers) != KEPT_CARDS:
            raise InvalidMoveError(f"{text.strip()!r}: write the two card numbers you keep")
        return Keep(numbers[0], numbers[1])
    if game.phase is Phase.REPLACE:
        if words in (["d"], ["deck"]):
            return DECK
        slot = parse_wholes(" ".join(words[1:] if words[:1] == ["slot"] else words))
        if slot is None or len(slot) != 1 or slot[0] < 1:
            raise InvalidMoveError(f"{text.strip()!r}: write 'deck' or an offer slot ('slot 2')")
        return Replacement(slot[0] - 1)
    return game.parse_move(seat, text)


def move_text(table: Table, move: Choice) -> str:
    """``move`` in the notation :func:`parse_move` reads back (a mark names its cards)."""
    return notation(move)


def notation(move: Choice) -> str:
    """``move`` in the notation :func:`parse_move` reads back, wherever it is made: ``keep
    11 23``, a mark with its cards (``-`` for a pass), ``deck`` or ``slot 2``."""
    return move.notation()


def determinized(table: Table, seat: int, stream: SeededStream) -> Table:
    """A table ``seat`` cannot tell from ``table``: the hidden cards dealt anew
    (:meth:`.GameState.determinized`) and the step's earlier choices drawn anew (the
    module's ruling)."""
    game = table.game.determinized(seat, stream.child("deal").below(_DEAL_SEEDS))
    chosen = tuple(
        stream.child(f"choice-{player}").choice(_step_choices(game, player))
        for player in range(len(table.chosen))
    )
    return Table(game, chosen)


__all__ = [
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "Choice",
    "Keep",
    "Table",
    "apply",
    "apply_unchecked",
    "determinized",
    "distinct_moves",
    "legal_moves",
    "move_text",
    "new_game",
    "notation",
    "outcome",
    "parse_move",
    "to_move",
    "why_illegal",
]
