"""Position files of *Cheops*: a game at the start of a turn, in YAML or JSON, for
``silverpyr cheops solve --position FILE``.

docs/cheops-position.md ("The position file") tells the keys, what is worked out from them
(the laws and treasures out of the game, the neighbour tiles left), the ``?`` tiles under a
stack's top (**the solver treats every tile under a top as unknown**) and the files refused.
Reading goes through the strict reader (:mod:`silverpyr.solver.core.reader`): every problem is
recorded with the file and the key (``pyramid.c``, ``boards.blue.covered``, ``stacks[1]``)
and one :class:`PositionFileError` lists them all. The state is built by the engine's
:func:`~.game.position`, which refuses a position the rules cannot reach with the reason
(:func:`~.game.state_problems`); :func:`position_text` writes a state back.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..core.reader import (
    Field,
    PositionFileError,
    parse_whole,
    read_checked,
    read_file_text,
)
from .board import ROW_LETTERS, ROWS, SPACES, row_length
from .components import COLOURS, Components, load_components
from .endgame import DEFAULT_TIME_LIMIT, MARGIN, EndgameAnswer, solve_endgame
from .game import (
    FAMILY,
    HAND_LIMIT,
    LAWS,
    MAX_PLAYERS,
    MIN_PLAYERS,
    NEIGHBOUR,
    NEIGHBOUR_TILES,
    STACKS,
    TILES_PER_KIND,
    TREASURES_PER_COLOUR,
    BoardState,
    Cell,
    CheopsState,
    PositionError,
    new_game,
    position,
)

MAX_MONEY = 99_999
"""The most piastres a position may give a seat (no game comes near it)."""

COLOUR_LETTERS = "URGYKW"
"""The colours' letters on the pyramid, in :data:`~.components.COLOURS` order."""

_KEYS = (
    "players",
    "turn",
    "pyramid",
    "boards",
    "hands",
    "stacks",
    "money",
    "stores",
    "kept",
    "laws",
    "law9",
)
_BOARD_KEYS = ("board", "covered", "law", "law7")
_TOP_LAWS = (1, 2, 3)
"""Laws in force that lie on no price board (the market price, the end at 3 boards)."""
_KEPT_LAWS = (10, 11, 12)

POSITION_TEMPLATE = """\
# A Cheops position for `silverpyr cheops solve --position FILE`: a turn's start.
# Lines starting with # are comments; docs/cheops-position.md has every key.
players: 2
turn: 1                 # the seat to move, counted from 0
pyramid:                # every row, top (k) to bottom (a), left to right: a treasure by its
  k: W                  # colour letter (U blue, R red, G green, Y yellow, K black, W white),
  j: K R                # a law by its number (only on an eye space), an emptied space by
  i: A D K              # the tile on it (A ankh, B beetle, C cobra, D disc, N neighbour)
  h: D B C D
  g: C A D N C
  f: D B C A B D
  e: A C D B C N B
  d: B D A C D B C D
  c: C A C B A C A B A
  b: A D B D N D B C D N
  a: D B C A C B A D A C B
boards:                 # each colour's price board by name (`silverpyr cheops cards show`):
  blue: {board: I-4, covered: 0, law: 5}    # the entries covered from the top, the law
  red: {board: III-2, covered: 2}           # under it (4, 5 or 6) and the entry law 7
  green: {board: II-4, covered: 0, law7: 6} # lies on (counted from 1)
  yellow: {board: III-3, covered: 4, law: 4}
  black: {board: II-2, covered: 3}
  white: {board: I-5, covered: 1}
hands: [A B C, A A B]   # each seat's family tiles (at most 4)
stacks: ['', '', '']    # the 3 stacks, top first, e.g. `B ?5`: B on top, 5 tiles no one can
                        # see (the solver treats every tile under a top as unknown). Empty
                        # here: this late, the tiles are on the pyramid and in the hands.
money: [30, 30]
stores:                 # each seat's stored treasures by colour
  - {blue: 5, red: 5, green: 4, yellow: 1, black: 3, white: 3}
  - {blue: 5, red: 2, green: 6, yellow: 2, black: 2, white: 5}
kept: [[], []]          # each seat's kept laws (10, 11, 12), not yet used
laws: [3]               # laws 1, 2, 3 in force, in the order played (4, 5 and 7 are above)
# law9: 0               # the seat that paid for law 9, if any
"""
"""A commented endgame that reads as a valid position and solves in well under a second."""


def position_template() -> str:
    """A commented, valid endgame (``silverpyr cheops solve --position-template``)."""
    return POSITION_TEMPLATE


@dataclass(frozen=True)
class Position:
    """A checked position and its engine state (phase ``start``)."""

    state: CheopsState
    source: str = ""


def load_position(path: str | Path, components: Components | None = None) -> Position:
    """Read the position file at ``path`` (``.json`` as JSON, anything else as YAML)."""
    text, source, as_json = read_file_text(path, PositionFileError)
    return parse_position(text, components, source=source, as_json=as_json)


def parse_position(
    text: str,
    components: Components | None = None,
    *,
    source: str = "<position>",
    as_json: bool = False,
) -> Position:
    """The position a file's text describes (the bundled components when ``None``)."""
    parts = load_components() if components is None else components
    state = read_checked(
        text, lambda top: _read(top, parts), PositionFileError, source=source, as_json=as_json
    )
    return Position(state, source)


# --- reading ---------------------------------------------------------------------------------


def _read(top: Field, components: Components) -> CheopsState | None:
    """The state, or ``None`` after recording every problem found."""
    if not top.mapping(_KEYS, expected="a mapping of players, turn, pyramid, boards, ..."):
        return None
    problems = top.problems
    before = len(problems)
    players = top.at("players").integer(MIN_PLAYERS, MAX_PLAYERS)
    seats = players if players is not None else MAX_PLAYERS
    turn = top.at("turn").integer(0, seats - 1, default=0)
    cells = _pyramid(top.at("pyramid"))
    boards = _boards(top.at("boards"), components)
    hands = _per_seat(top.at("hands"), players, _hand)
    money = _per_seat(top.at("money"), players, lambda f: f.integer(0, MAX_MONEY))
    stores = _per_seat(top.at("stores"), players, _store, default=(0,) * len(COLOURS))
    kept = _per_seat(top.at("kept"), players, _kept, default=())
    laws = _laws(top.at("laws"))
    law9 = _law9(top.at("law9"), seats)
    stacks = _stack_texts(top.at("stacks"))
    if len(problems) > before:
        return None
    assert players is not None and turn is not None and cells is not None
    assert boards is not None and hands is not None and money is not None
    assert stores is not None and kept is not None and laws is not None and stacks is not None
    filled = _fill_stacks(top.at("stacks"), stacks, cells, hands)
    lost = _lost(top, cells, boards, stores)
    if filled is None or lost is None:
        return None
    in_force = (*laws, *_board_laws(boards))
    placed_laws = [cell for cell in cells if isinstance(cell, int)]
    law9_laws = [9] if law9 is not None else []
    accounted = Counter([*placed_laws, *in_force, *law9_laws, *(k for row in kept for k in row)])
    twice = sorted(law for law, n in accounted.items() if n > 1)
    if twice:
        top.fail(
            f"law {', '.join(map(str, twice))} is named in more than one place (pyramid, "
            "boards, laws, kept, law9)"
        )
        return None
    removed = tuple(law for law in LAWS if law not in accounted)
    start = new_game(components, players, 0)
    try:
        return position(
            start,
            cells=cells,
            boards=boards,
            hands=hands,
            stacks=filled,
            neighbours_left=NEIGHBOUR_TILES - sum(1 for cell in cells if cell == NEIGHBOUR),
            money=money,
            stores=stores,
            kept_laws=kept,
            laws_in_force=in_force,
            removed_laws=removed,
            spent_laws=(),
            law9=law9,
            lost=lost,
            turn=turn,
            first=0,
        )
    except PositionError as error:
        top.fail(f"no game reaches this position: {error}")
        return None


def _pyramid(field: Field) -> tuple[Cell, ...] | None:
    """The cells by space index, from one text per row (``k`` the top .. ``a`` the
    bottom)."""
    if not field.mapping(tuple(ROW_LETTERS), expected="a mapping of rows a (bottom) to k (top)"):
        return None
    rows: dict[int, list[Cell]] = {}
    ok = True
    for row in range(ROWS):
        entry = field.at(ROW_LETTERS[row])
        value = entry.value
        if isinstance(value, int) and not isinstance(value, bool):
            value = str(value)  # a one-space row holding a law
            entry = Field(value, entry.where, entry.problems)
        text = entry.text(what=f"the {row_length(row)} spaces of row {ROW_LETTERS[row]} as text")
        if text is None:
            ok = False
            continue
        tokens = text.split()
        if len(tokens) != row_length(row):
            entry.fail(
                f"row {ROW_LETTERS[row]} has {row_length(row)} spaces, not {len(tokens)}: "
                "one token each, separated by spaces"
            )
            ok = False
            continue
        cells: list[Cell] = []
        for pos, token in enumerate(tokens):
            cell = _cell(token)
            if cell is None:
                entry.fail(
                    f"{token!r} at {ROW_LETTERS[row]}{pos + 1} is not a colour letter "
                    f"({' '.join(COLOUR_LETTERS)}), a law (1-12) or a tile (A B C D N)"
                )
                ok = False
            else:
                cells.append(cell)
        rows[row] = cells
    if not ok:
        return None
    return tuple(cell for row in range(ROWS) for cell in rows[row])


def _cell(token: str) -> Cell | None:
    upper = token.upper()
    if upper in (*FAMILY, NEIGHBOUR):
        return upper
    if len(upper) == 1 and upper in COLOUR_LETTERS:
        return COLOURS[COLOUR_LETTERS.index(upper)]
    law = parse_whole(token)
    return law if law in LAWS else None


def _boards(field: Field, components: Components) -> tuple[BoardState, ...] | None:
    if not field.mapping(COLOURS, expected=f"a mapping of the six colours ({', '.join(COLOURS)})"):
        return None
    names = {board.name: board for board in components.boards}
    result: list[BoardState] = []
    used: dict[str, str] = {}
    ok = True
    for colour in COLOURS:
        entry = field.at(colour)
        if not entry.mapping(_BOARD_KEYS, expected="a mapping of board, covered, law, law7"):
            ok = False
            continue
        name_field = entry.at("board")
        name = name_field.text(what="a price board's name (see `silverpyr cheops cards show`)")
        if name is None:
            ok = False
            continue
        board = names.get(name)
        if board is None:
            name_field.fail(f"no price board is named {name!r} (known: {', '.join(names)})")
            ok = False
            continue
        if name in used:
            name_field.fail(f"the board {name} is also the {used[name]} board")
            ok = False
            continue
        used[name] = colour
        last = len(board.entries) - 1
        covered = entry.at("covered").integer(0, last, default=0)
        law = entry.at("law")
        under: int | None = None
        if not law.missing:
            under = law.integer(4, 6)
            if under is None:
                ok = False
        law7_field = entry.at("law7")
        on: int | None = None
        if not law7_field.missing:
            number = law7_field.integer(1, last + 1)
            if number is None:
                ok = False
            else:
                on = number - 1
                if covered is not None and on < covered:
                    law7_field.fail(
                        f"law 7 on entry {number}, but the first {covered} entries are covered"
                    )
                    ok = False
        if covered is None:
            ok = False
            continue
        result.append(BoardState(board, covered, under, on))
    return tuple(result) if ok else None


def _board_laws(boards: tuple[BoardState, ...]) -> list[int]:
    """The laws lying under or on the boards (in colour order)."""
    laws: list[int] = [board.law for board in boards if board.law is not None]
    laws.extend(7 for board in boards if board.law7 is not None)
    return laws


def _per_seat(
    field: Field,
    players: int | None,
    read: Any,
    *,
    default: Any = None,
) -> tuple[Any, ...] | None:
    """One value per seat (``default`` each when the key is absent and a default exists)."""
    if field.missing and default is not None and players is not None:
        return (default,) * players
    items = field.items(what="a list with one entry per seat")
    if not isinstance(field.value, list):
        return None
    if players is not None and len(items) != players:
        field.fail(f"expected one entry per seat ({players}), not {len(items)}")
        return None
    values = [read(item) for item in items]
    if any(value is None for value in values):
        return None
    return tuple(values)


def _tiles(field: Field, what: str) -> list[str] | None:
    """Tile letters from a text (``A B C``) or a list (``[A, B, C]``)."""
    value = field.value
    if isinstance(value, list):
        tokens: list[Any] = value
    elif isinstance(value, str):
        tokens = value.split()
    elif field.missing:
        tokens = []
    else:
        field.fail(f"expected {what}, not a {type(value).__name__}")
        return None
    tiles = []
    for token in tokens:
        if not isinstance(token, str) or token.upper() not in FAMILY:
            field.fail(f"{token!r} is not a family tile (A ankh, B beetle, C cobra, D disc)")
            return None
        tiles.append(token.upper())
    return tiles


def _hand(field: Field) -> tuple[str, ...] | None:
    tiles = _tiles(field, "a hand of family tiles (A B C D)")
    if tiles is None:
        return None
    if len(tiles) > HAND_LIMIT:
        field.fail(f"a hand holds at most {HAND_LIMIT} tiles, not {len(tiles)}")
        return None
    return tuple(sorted(tiles))


def _store(field: Field) -> tuple[int, ...] | None:
    if field.missing:
        return (0,) * len(COLOURS)
    if not field.mapping(COLOURS, expected="a mapping of colour to stored treasures"):
        return None
    counts = [field.at(colour).integer(0, TREASURES_PER_COLOUR, default=0) for colour in COLOURS]
    if any(count is None for count in counts):
        return None
    return tuple(count for count in counts if count is not None)


def _law_numbers(field: Field, allowed: tuple[int, ...], what: str) -> tuple[int, ...] | None:
    """The laws ``field`` lists, each one of ``allowed``, in its order: ``()`` when it is
    missing, ``None`` when a problem was named (``what``: what the list should be)."""
    if field.missing:
        return ()
    items = field.items(what=what)
    laws = [item.integer(allowed[0], allowed[-1]) for item in items]
    if not isinstance(field.value, list) or any(law is None for law in laws):
        return None
    return tuple(law for law in laws if law is not None)


def _kept(field: Field) -> tuple[int, ...] | None:
    laws = _law_numbers(field, _KEPT_LAWS, "a list of kept laws (10, 11, 12)")
    return None if laws is None else tuple(sorted(laws))


def _laws(field: Field) -> tuple[int, ...] | None:
    return _law_numbers(
        field, _TOP_LAWS, "a list of the laws 1, 2, 3 in force, in the order played"
    )


def _law9(field: Field, seats: int) -> int | None:
    if field.missing:
        return None
    return field.integer(0, seats - 1)


def _stack_texts(field: Field) -> list[list[str]] | None:
    """Each stack's tokens, top first: tile letters, ``?`` or ``?N``."""
    items = field.items(low=STACKS, high=STACKS, what=f"a list of the {STACKS} stacks")
    if not isinstance(field.value, list) or len(items) != STACKS:
        return None
    result: list[list[str]] = []
    ok = True
    for item in items:
        if item.missing:
            result.append([])
            continue
        text = item.text(what="a stack's tiles, top first (A B C D, ? or ?N for unknown ones)")
        if text is None:
            ok = False
            continue
        tokens: list[str] = []
        for token in text.split():
            if token.upper() in FAMILY:
                tokens.append(token.upper())
            elif token == "?":
                tokens.append("?")
            elif token.startswith("?") and (unknown := parse_whole(token[1:])) is not None:
                tokens.extend("?" * min(unknown, 4 * TILES_PER_KIND))
            else:
                item.fail(f"{token!r} is not a family tile (A B C D), ? or ?N")
                ok = False
                break
        if tokens and tokens[0] == "?":
            item.fail("a stack's top is face up: name it (A B C D)")
            ok = False
        result.append(tokens)
    return result if ok else None


def _fill_stacks(
    field: Field,
    stacks: list[list[str]],
    cells: tuple[Cell, ...],
    hands: tuple[tuple[str, ...], ...],
) -> tuple[tuple[str, ...], ...] | None:
    """The stacks with each ``?`` filled by a family tile no one else holds (in the order
    A, B, C, D): each kind counts 16 in all."""
    seen: Counter[str] = Counter(cell for cell in cells if cell in FAMILY)
    for hand in hands:
        seen.update(hand)
    for stack in stacks:
        seen.update(tile for tile in stack if tile != "?")
    over = [kind for kind in FAMILY if seen[kind] > TILES_PER_KIND]
    if over:
        field.fail(
            f"more than {TILES_PER_KIND} {', '.join(over)} tiles on the pyramid, in the hands "
            "and the stacks"
        )
        return None
    rest = [kind for kind in FAMILY for _ in range(TILES_PER_KIND - seen[kind])]
    unknown = sum(stack.count("?") for stack in stacks)
    if unknown != len(rest):
        field.fail(
            f"the stacks hold {unknown} unknown tiles (?), but {len(rest)} family tiles are "
            f"not on the pyramid, in a hand or named in a stack ({TILES_PER_KIND} of each kind)"
        )
        return None
    fill = iter(rest)
    return tuple(tuple(next(fill) if tile == "?" else tile for tile in stack) for stack in stacks)


def _lost(
    top: Field,
    cells: tuple[Cell, ...],
    boards: tuple[BoardState, ...],
    stores: tuple[tuple[int, ...], ...],
) -> tuple[int, ...] | None:
    """The treasures of each colour out of the game (law 4): 11 less the column marker, the
    pyramid's, the stored and the sold (covered) ones."""
    lost = []
    for c, colour in enumerate(COLOURS):
        here = (
            sum(1 for cell in cells if cell == colour)
            + sum(store[c] for store in stores)
            + boards[c].covered
            + 1
        )
        if here > TREASURES_PER_COLOUR:
            top.fail(
                f"{here} {colour} treasures (pyramid, stores, covered entries and the column's "
                f"marker); there are {TREASURES_PER_COLOUR}"
            )
            return None
        lost.append(TREASURES_PER_COLOUR - here)
    return tuple(lost)


# --- writing ---------------------------------------------------------------------------------


def position_text(state: CheopsState) -> str:
    """``state`` (at a turn's start) as a position file that reads back as the same game:
    :func:`parse_position` of it keys the same for the solver (the tiles under the stacks'
    tops written as they lie)."""
    lines = [f"players: {state.players}", f"turn: {state.turn}", "pyramid:"]
    for row in reversed(range(ROWS)):
        tokens = [_token(state.cells[i]) for i, space in enumerate(SPACES) if space.row == row]
        lines.append(f"  {ROW_LETTERS[row]}: {' '.join(tokens)}")
    lines.append("boards:")
    for colour, board in zip(COLOURS, state.boards, strict=True):
        parts = [f"board: {board.board.name}", f"covered: {board.covered}"]
        if board.law is not None:
            parts.append(f"law: {board.law}")
        if board.law7 is not None:
            parts.append(f"law7: {board.law7 + 1}")
        lines.append(f"  {colour}: {{{', '.join(parts)}}}")
    lines.append(f"hands: [{', '.join(repr(' '.join(hand)) for hand in state.hands)}]")
    lines.append("stacks:")
    lines.extend(f"  - {' '.join(stack)}" if stack else "  - ''" for stack in state.stacks)
    lines.append(f"money: [{', '.join(map(str, state.money))}]")
    lines.append("stores:")
    for store in state.stores:
        counts = [f"{colour}: {n}" for colour, n in zip(COLOURS, store, strict=True) if n]
        lines.append(f"  - {{{', '.join(counts)}}}")
    kept = ", ".join(f"[{', '.join(map(str, row))}]" for row in state.kept_laws)
    lines.append(f"kept: [{kept}]")
    top_laws = [law for law in state.laws_in_force if law in _TOP_LAWS]
    lines.append(f"laws: [{', '.join(map(str, top_laws))}]")
    if state.law9 is not None:
        lines.append(f"law9: {state.law9}")
    return "\n".join(lines) + "\n"


def _token(cell: Cell) -> str:
    if isinstance(cell, int):
        return str(cell)
    if cell in COLOURS:
        return COLOUR_LETTERS[COLOURS.index(cell)]
    return cell


def solve_position(
    loaded: Position,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    objective: str = MARGIN,
    node_limit: int | None = None,
) -> EndgameAnswer:
    """The best move of the seat to move in ``loaded`` (``silverpyr cheops solve``):
    :func:`~.endgame.solve_endgame` on its state."""
    return solve_endgame(
        loaded.state, time_limit=time_limit, objective=objective, node_limit=node_limit
    )
