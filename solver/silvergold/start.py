"""Start states for line problems: cells already marked, skulls, gems and this round's torch.

:func:`start_position` checks a start state against the rules (a state no game could reach
is refused with a :class:`~.problem.ProblemError` naming the card and cells).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from ..core.reader import parse_whole
from .cards import PyramidCard
from .cells import CellMask, parse_cell
from .position import CardState, Position
from .problem import ProblemError
from .sheet import GEM_CAP, ROUNDS, SKULL_CAP, Sheet


def parse_marked(text: str) -> tuple[int, CellMask]:
    """Parse ``17:C1,C2`` (or ``17:C1 C2``) into a card number and a set of cells.

    Errors quote ``text``; the caller adds where it came from (e.g. ``--marked``).
    """
    number_text, colon, cells_text = text.partition(":")
    number = parse_whole(number_text.strip())
    if not colon or number is None:
        raise ProblemError(f"{text!r}: write the card number, a colon and cells, e.g. 17:C1,C2")
    cells = 0
    for token in cells_text.replace(",", " ").split():
        try:
            cells |= 1 << parse_cell(token)
        except ValueError as error:
            raise ProblemError(f"{text!r}: {error}") from None
    if not cells:
        raise ProblemError(f"{text!r}: no cells after the colon")
    return number, cells


def start_position(
    cards: Sequence[PyramidCard],
    *,
    marked: Mapping[int, CellMask] | None = None,
    skulls: int = 0,
    red: int = 0,
    green: int = 0,
    torch_rounds: Sequence[int] = (),
) -> Position:
    """A checked start position: ``marked`` cells per card number, the sheet's counts, and
    the rounds whose torch box is already ticked."""
    numbers = [card.number for card in cards]
    if len(set(numbers)) != len(numbers):
        raise ProblemError(
            f"card {next(n for n in numbers if numbers.count(n) > 1)} is named twice"
        )
    marked = dict(marked or {})
    for number in marked:
        if number not in numbers:
            raise ProblemError(f"marks given for card {number}, which is not in play")
    for name, value, cap in (
        ("skulls", skulls, SKULL_CAP),
        ("red gems", red, GEM_CAP),
        ("green gems", green, GEM_CAP),
    ):
        if not 0 <= value <= cap:
            raise ProblemError(f"{name} must be between 0 and {cap}, not {value}")
    states = []
    for card in cards:
        cells = marked.get(card.number, 0)
        _check_marks(card, cells)
        states.append(CardState(card, cells))
    torches = [False] * ROUNDS
    for round_number in torch_rounds:
        if not 1 <= round_number <= ROUNDS:
            raise ProblemError(f"round {round_number} does not exist (1-{ROUNDS})")
        torches[round_number - 1] = True
    return Position(
        tuple(states), Sheet(red=red, green=green, skulls=skulls, torches=tuple(torches))
    )


def _check_marks(card: PyramidCard, cells: CellMask) -> None:
    problem = CardState(card, cells).why_unreachable()
    if problem:
        raise ProblemError(f"card {card.number}: {problem}")
