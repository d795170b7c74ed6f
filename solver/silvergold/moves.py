"""Moves, their notation and the errors raised for bad ones.

A :class:`Move` is what one player does in one turn: a :class:`Mark` (the revealed
pattern, or a single cell) on one card, then the extra single-cell marks its red crosses
earn, in the order made. Notation follows docs/silvergold-rules.md: ``B1 B2 C2 +C3``, or
with card numbers ``17:B1 B2 C2 +30:A1``; a whole line separates turns with ``;``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..core.errors import IllegalMoveError as IllegalMoveError
from ..core.errors import MoveError, MoveSyntaxError
from ..core.reader import parse_whole
from .cells import CellMask, cells_str, count, parse_cell


class InvalidMoveError(MoveSyntaxError):
    """The text is not a move in the notation at all (syntax)."""


class AmbiguousMoveError(MoveError):
    """The move fits more than one card; name the card (``17:B1 B2``)."""


@dataclass(frozen=True, order=True)
class Mark:
    """Cells marked at once on the card numbered ``card``: a pattern or a single cell."""

    card: int
    cells: CellMask

    @property
    def is_single(self) -> bool:
        """Whether this is a one-cell mark."""
        return count(self.cells) == 1


@dataclass(frozen=True)
class Move:
    """One player's turn: ``mark`` (``None`` for a pass) and the extra marks made after it."""

    mark: Mark | None
    extras: tuple[Mark, ...] = ()

    @property
    def is_pass(self) -> bool:
        """Whether the player had no card in play and passed."""
        return self.mark is None

    def marks(self) -> tuple[Mark, ...]:
        """Every mark of the move in the order made."""
        return () if self.mark is None else (self.mark, *self.extras)

    def notation(self) -> str:
        """The move with its cards, as the prompts and records take it: ``17:B1 B2 +C3``."""
        return move_str(self, with_card=True)


PASS = Move(None)


def mark_str(mark: Mark, *, with_card: bool) -> str:
    """Notation of one mark, e.g. ``B1 B2 C2`` or ``17:B1 B2 C2``."""
    cells = cells_str(mark.cells)
    return f"{mark.card}:{cells}" if with_card else cells


def move_str(move: Move, *, with_card: bool = False) -> str:
    """Notation of a move, e.g. ``B1 B2 C2 +C3``; ``-`` for a pass."""
    if move.mark is None:
        return "-"
    parts = [mark_str(move.mark, with_card=with_card)]
    parts.extend(f"+{mark_str(extra, with_card=with_card)}" for extra in move.extras)
    return " ".join(parts)


@dataclass(frozen=True)
class MarkText:
    """A mark as written: an optional card number and its cells (not yet checked)."""

    card: int | None
    cells: CellMask


def parse_mark_texts(text: str) -> tuple[MarkText, list[MarkText]]:
    """Split ``17:B1 B2 +C3`` into the placement and its extra marks, checking only syntax."""
    groups: list[list[str]] = [[]]
    for token in text.replace(",", " ").split():
        while token.startswith("+"):
            groups.append([])
            token = token[1:]
        if token:
            groups[-1].append(token)
    if not groups[0]:
        raise InvalidMoveError(
            f"{text.strip()!r} is not a move: write cells such as 'B1 B2 C2' or 'C3'"
        )
    marks = [_parse_group(group, text) for group in groups]
    for extra in marks[1:]:
        if count(extra.cells) != 1:
            raise InvalidMoveError(f"an extra mark is one cell, not {cells_str(extra.cells)!r}")
    return marks[0], marks[1:]


def _parse_group(tokens: list[str], text: str) -> MarkText:
    if not tokens:
        raise InvalidMoveError(f"'+' must be followed by a cell in {text.strip()!r}")
    card: int | None = None
    first = tokens[0]
    if ":" in first:
        prefix, _, rest = first.partition(":")
        card = parse_whole(prefix.strip())
        if card is None:
            raise InvalidMoveError(f"{prefix!r} is not a card number (write e.g. 17:B1 B2)")
        tokens = [rest, *tokens[1:]] if rest else tokens[1:]
        if not tokens:
            raise InvalidMoveError(f"no cells after '{prefix}:' in {text.strip()!r}")
    cells = 0
    for token in tokens:
        if ":" in token:
            raise InvalidMoveError(f"name the card once, before the first cell: {text.strip()!r}")
        try:
            cell = parse_cell(token)
        except ValueError as error:
            raise InvalidMoveError(str(error)) from None
        if cells >> cell & 1:
            raise InvalidMoveError(f"{token.upper()} is written twice in {text.strip()!r}")
        cells |= 1 << cell
    return MarkText(card, cells)
