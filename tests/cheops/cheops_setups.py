"""Small positions of Cheops for the engine's tests: a dealt game with chosen parts replaced
(``dataclasses.replace``: no checks, so a test can set up exactly the case it is about)."""

from __future__ import annotations

from dataclasses import replace

from silverpyr.solver.cheops.board import SPACES, Space, parse_space
from silverpyr.solver.cheops.components import (
    COLOURS,
    Components,
    Entry,
    PriceBoard,
    load_components,
)
from silverpyr.solver.cheops.game import BoardState, Cell, CheopsState, Move, apply, new_game

COMPONENTS: Components = load_components()


SETUP_MONEY = 20
"""Every seat's money in these setups (unless ``money`` is given): the neighbour's price, so
the golden tests' sums do not move with the bundled starting money (10 since issue 31)."""


def game(players: int = 2, seed: int = 1, **changes: object) -> CheopsState:
    """A new game with ``changes`` replaced (seat 0 to move unless ``turn`` is given; every
    seat holding :data:`SETUP_MONEY` unless ``money`` is given)."""
    state = new_game(COMPONENTS, players, seed)
    return replace(state, **{"turn": 0, "money": (SETUP_MONEY,) * players, **changes})


def s(text: str) -> Space:
    """The space named ``text`` (``a1``): the tests' shorthand for :func:`parse_space`."""
    return parse_space(text)


def put(state: CheopsState, **where: Cell) -> CheopsState:
    """``state`` with spaces (by notation: ``a1=...``) holding the given cells."""
    cells = list(state.cells)
    for text, cell in where.items():
        cells[SPACES.index(parse_space(text))] = cell
    return replace(state, cells=tuple(cells))


def bottom_row(state: CheopsState, cells: list[Cell]) -> CheopsState:
    """``state`` with the bottom row's first spaces set to ``cells`` (a1, a2, ...)."""
    return put(state, **{f"a{i + 1}": cell for i, cell in enumerate(cells)})


def empty_pyramid(state: CheopsState, keep: dict[str, Cell]) -> CheopsState:
    """Every space emptied with tiles in a legal pattern (no two of a kind touching: each row
    cycles A, B, C, D shifted by two), except ``keep``."""
    pattern = "ABCD"
    cells: list[Cell] = []
    for space in SPACES:
        cells.append(pattern[(space.pos + 2 * space.row) % 4])
    state = replace(state, cells=tuple(cells))
    return put(state, **keep)


def board(*labels: str, name: str = "T") -> PriceBoard:
    """A price board from entry texts: ``30``, ``x5``, ``20/15``."""
    entries: list[Entry] = []
    for text in labels:
        if text.startswith("x"):
            entries.append(Entry("times", int(text[1:])))
        elif "/" in text:
            a, b = text.split("/")
            entries.append(Entry("majority", int(a), int(b)))
        else:
            entries.append(Entry("plain", int(text)))
    return PriceBoard(name, "I", tuple(entries))


def with_board(state: CheopsState, colour: str, value: BoardState) -> CheopsState:
    """``state`` with ``colour``'s board replaced."""
    boards = list(state.boards)
    boards[COLOURS.index(colour)] = value
    return replace(state, boards=tuple(boards))


def stores(players: int, **per_colour: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    """Stores by seat from counts by colour: ``stores(2, blue=(4, 2))``."""
    rows = [[0] * len(COLOURS) for _ in range(players)]
    for colour, counts in per_colour.items():
        for seat, count in enumerate(counts):
            rows[seat][COLOURS.index(colour)] = count
    return tuple(tuple(row) for row in rows)


def play(state: CheopsState, *moves: Move) -> CheopsState:
    """``state`` after ``moves``, each checked by :func:`apply`."""
    for move in moves:
        state = apply(state, move)
    return state


def law9_ending(holder: int) -> CheopsState:
    """A 2-player game that has just ended on 2 full boards, seat ``holder`` holding law 9
    (phase ``law9``): no law is left on the pyramid; blue (plain 20) and red (the majority
    pair 20/15, one each stored) give the holder the same 40 from its stores, but red leaves
    the other seat 15 instead of 20."""
    from silverpyr.solver.cheops.game import Sell, Take

    zero = tuple(BoardState(board("0", "0")) for _ in COLOURS)
    state = game(2, boards=zero, law9=holder, money=(20, 20), stores=stores(2, red=(1, 1)))
    state = with_board(state, "blue", BoardState(board("20", "5")))
    state = with_board(state, "red", BoardState(board("20/15", "5")))
    state = with_board(state, "green", BoardState(board("30", "10"), covered=1))
    state = with_board(state, "yellow", BoardState(board("30", "10")))
    state = empty_pyramid(state, {"a1": "yellow", "a2": "white"})
    return play(state, Take(parse_space("a1"), "A"), Sell())
