"""Cheops's rules: the state of a game, its moves, and every rule, once.

A :class:`CheopsState` is immutable: :func:`apply` returns a new state (the components are
shared by reference, the rest are short tuples). The state says which decision is due
(:class:`Phase`):

* ``start``: the player to move may buy a neighbour (as the turn's first action only), use a
  kept law (10-12), and must take a treasure or a law when a family tile fits (Ruling C8);
  with none, :class:`Pass`;
* ``sell``: a treasure was taken: :class:`Sell` or :class:`Store` (C10);
* ``law``: a law was taken and waits for its choice: :class:`LawTarget`,
  :class:`RemoveLaw`, :class:`PayLaw9` / :class:`DeclineLaw9` (C9);
* ``second``: a neighbour was placed: one more take with a family tile, a kept law, or
  :class:`EndTurn` (C7);
* ``draw``: the end of a turn that placed a tile: :class:`DrawTile` from a stack of the
  player's choice (optional: C6), a kept law, or :class:`EndTurn`;
* ``law9``: the game has ended and law 9's holder chooses its colour (:class:`Law9Colour`);
* ``over``: an end condition holds (C11); the stores are scored (C12).

Kept laws (10-12) may be used at any point of the holder's own turn (in ``start``,
``second`` and ``draw``), also in the turn they were taken (C9).

Every ruling (C4-C13, docs/cheops-rules.md) is implemented here and tested in
``tests/cheops/``. All randomness comes from :class:`~silverpyr.solver.core.rng.SeededStream`
keyed by the game's seed and what is shuffled, so the same seed and the same moves always
give the same game on every machine.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from enum import StrEnum
from operator import itemgetter
from typing import Literal

from ..core.engine import Ended, TurnState, Worded, added, apply_checked, evolve
from ..core.errors import IllegalMove as IllegalMove
from ..core.errors import MoveSyntaxError as MoveSyntaxError
from ..core.errors import PositionError as PositionError
from ..core.errors import SilverpyrError, first_problems
from ..core.reader import parse_whole
from ..core.rng import SeededStream, seed_problem
from .board import SPACES, Space, SpaceSyntaxError, index, neighbours, parse_space, supports
from .components import COLOURS, Components, Entry, PriceBoard

MIN_PLAYERS = 2
MAX_PLAYERS = 5
FAMILY: tuple[str, ...] = ("A", "B", "C", "D")
"""The four family kinds (Ruling C6)."""
NEIGHBOUR = "N"
"""The neighbour tile's kind (Ruling C7)."""
KIND_NAMES: dict[str, str] = {
    "A": "ankh",
    "B": "beetle",
    "C": "cobra",
    "D": "disc",
    "N": "neighbour",
}
TILES_PER_KIND = 16
NEIGHBOUR_TILES = 4
HAND_LIMIT = 4
STACKS = 3
NEIGHBOUR_PRICE = 20
LAW9_PRICE = 25
MARKET_PRICE = 10
LAW_MARKET: dict[int, int] = {1: 5, 2: 15}
"""The market price each of laws 1 and 2 sets (Ruling C4)."""
FULL_BOARDS_TO_END = 2
FULL_BOARDS_TO_END_LAW3 = 3
LAWS: tuple[int, ...] = tuple(range(1, 13))
KEPT_LAWS: tuple[int, ...] = (10, 11, 12)
BOARD_LAWS: tuple[int, ...] = (4, 5, 6)
TREASURES_PER_COLOUR = 11
COLOUR_LETTERS = "URGYKW"
SEED_KEY = "silverpyr-cheops-v1"
"""The prefix of every seeded stream of a game (the deal, random positions)."""

Cell = str | int
"""A space's content: a tile kind (``A``-``D``, ``N``: the space is empty), a treasure colour
(``blue``) or a law number (1-12)."""
EndReason = Literal["empty", "boards", "blocked"]


class CheopsSetupError(SilverpyrError, ValueError):
    """A game cannot start with these components, players or seed."""


class Phase(StrEnum):
    """The decision a game waits for."""

    START = "start"
    SELL = "sell"
    LAW = "law"
    SECOND = "second"
    DRAW = "draw"
    LAW9 = "law9"
    OVER = "over"


# --- geometry, by index (computed once) --------------------------------------------------------

SIZE = len(SPACES)
_TILES = frozenset((*FAMILY, NEIGHBOUR))
_INDEX: dict[Space, int] = {space: index(space) for space in SPACES}
_SUPPORTS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_INDEX[s] for s in supports(space)) for space in SPACES
)
_NEIGHBOURS: tuple[tuple[int, ...], ...] = tuple(
    tuple(_INDEX[s] for s in neighbours(space)) for space in SPACES
)
_COLOUR_INDEX: dict[str, int] = {colour: i for i, colour in enumerate(COLOURS)}
_AROUND: tuple[Callable[[tuple[Cell, ...]], tuple[Cell, ...]], ...] = tuple(
    itemgetter(*near)
    for near in _NEIGHBOURS  # every space has at least 2 neighbours
)
"""Per space index, a function giving the cells around it (C speed for the placement rule)."""


def _is_tile(cell: Cell) -> bool:
    return cell in _TILES


def _open_indexes(cells: tuple[Cell, ...]) -> list[int]:
    tiles = _TILES
    result = []
    for i in range(SIZE):
        if cells[i] in tiles:
            continue
        below = _SUPPORTS[i]
        if not below or (cells[below[0]] in tiles and cells[below[1]] in tiles):
            result.append(i)
    return result


def _fits_index(cells: tuple[Cell, ...], i: int, kind: str) -> bool:
    """Two tiles of one kind never touch, neighbours included (Rulings C2, C7)."""
    return kind not in _AROUND[i](cells)


def _neighbour_space(cells: tuple[Cell, ...], opens: list[int] | None = None) -> bool:
    """Whether a neighbour tile fits some open space (Ruling C7); ``opens``: the open spaces
    when the caller has them already."""
    if opens is None:
        opens = _open_indexes(cells)
    return any(NEIGHBOUR not in _AROUND[i](cells) for i in opens)


# --- moves --------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Take(Worded):
    """Take the treasure or law on ``space``, putting a tile of ``kind`` in its place."""

    word = "take"
    space: Space
    kind: str


@dataclass(frozen=True, slots=True)
class BuyNeighbour(Worded):
    """Buy a neighbour tile for 20 piastres (Ruling C7)."""

    word = "buy"


@dataclass(frozen=True, slots=True)
class Sell(Worded):
    """Sell the treasure just taken at the market price (Ruling C10)."""

    word = "sell"


@dataclass(frozen=True, slots=True)
class Store(Worded):
    """Store the treasure just taken until the end (Ruling C10)."""

    word = "store"


@dataclass(frozen=True, slots=True)
class LawTarget(Worded):
    """Where the law just taken goes: a colour's board (laws 4-6), or an entry of a board
    (law 7: ``entry`` is the entry's index from the top, 0-based; text counts from 1)."""

    word = "law"
    colour: str
    entry: int | None = None

    def notation(self) -> str:
        """``law blue`` or ``law blue 2`` (the second entry from the top)."""
        if self.entry is None:
            return f"{self.word} {self.colour}"
        return f"{self.word} {self.colour} {self.entry + 1}"


@dataclass(frozen=True, slots=True)
class RemoveLaw(Worded):
    """Law 8: remove ``law`` (in force on the board, or kept by an opponent), or nothing."""

    word = "remove"
    law: int | None

    def notation(self) -> str:
        """``remove 5`` or ``remove none``."""
        return f"{self.word} {'none' if self.law is None else self.law}"


@dataclass(frozen=True, slots=True)
class PayLaw9(Worded):
    """Law 9: pay 25 piastres to keep it (a stored treasure at the end)."""

    word = "pay"


@dataclass(frozen=True, slots=True)
class DeclineLaw9(Worded):
    """Law 9: do not pay; it leaves the game."""

    word = "decline"


@dataclass(frozen=True, slots=True)
class UseLaw10(Worded):
    """Kept law 10: sell one stored treasure of ``colour`` (``law10 blue``)."""

    word = "law10"
    colour: str


@dataclass(frozen=True, slots=True)
class UseLaw11(Worded):
    """Kept law 11: an extra take of the treasure on ``space`` with a family tile ``kind``
    (``law11 b3 A``)."""

    word = "law11"
    space: Space
    kind: str


@dataclass(frozen=True, slots=True)
class UseLaw12(Worded):
    """Kept law 12: swap the treasures on spaces ``a`` and ``b``, or the treasure on ``a``
    with one of the player's stored treasures of colour ``b`` (``law12 b3 c4`` or
    ``law12 b3 blue``)."""

    word = "law12"
    a: Space
    b: Space | str


@dataclass(frozen=True, slots=True)
class Law9Colour(Worded):
    """The game is over: law 9's holder names the colour it counts as (Ruling C9;
    ``law9 blue``)."""

    word = "law9"
    colour: str


@dataclass(frozen=True, slots=True)
class DrawTile(Worded):
    """Draw the top tile of stack ``stack`` (1-3; ``draw 2``)."""

    word = "draw"
    stack: int


@dataclass(frozen=True, slots=True)
class EndTurn(Worded):
    """End the turn's takes or the turn: skip the neighbour's optional second take, or the
    optional draw (the rest of the draws) at the turn's end."""

    word = "end"


@dataclass(frozen=True, slots=True)
class Pass(Worded):
    """No family tile fits anywhere and no neighbour is bought: the turn ends (Ruling C8)."""

    word = "pass"


Move = (
    Take
    | BuyNeighbour
    | Sell
    | Store
    | LawTarget
    | RemoveLaw
    | PayLaw9
    | DeclineLaw9
    | UseLaw10
    | UseLaw11
    | UseLaw12
    | Law9Colour
    | DrawTile
    | EndTurn
    | Pass
)

MOVE_EXAMPLES = (
    "take b3 A, buy, sell, store, law blue, law blue 2, remove 5, remove none, pay, decline, "
    "law10 blue, law11 b3 A, law12 b3 c4, law12 b3 blue, law9 blue, draw 2, end, pass"
)


# --- events -------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Took:
    """A seat took ``item`` (a colour or a law number) from ``space``, leaving a ``kind`` tile."""

    seat: int
    space: Space
    item: str | int
    kind: str


@dataclass(frozen=True, slots=True)
class Sold:
    """A seat sold a treasure of ``colour`` and was paid ``paid``."""

    seat: int
    colour: str
    paid: int


@dataclass(frozen=True, slots=True)
class Stored:
    """A seat stored a treasure of ``colour``."""

    seat: int
    colour: str


@dataclass(frozen=True, slots=True)
class Lost:
    """A treasure of ``colour`` left the game: law 4 under a full board (Ruling C9)."""

    seat: int
    colour: str


@dataclass(frozen=True, slots=True)
class Paid:
    """A seat paid ``amount`` to the bank (``why``: ``neighbour`` or ``law 9``)."""

    seat: int
    amount: int
    why: str


@dataclass(frozen=True, slots=True)
class LawPlayed:
    """A seat carried out ``law``: ``target`` says how (a colour, ``blue 2``, ``law 5``,
    ``none``, ``paid``, ``declined``, ``kept``, ``no effect``, a swap ``b3 c4``; ``None``
    for laws 1-3)."""

    seat: int
    law: int
    target: str | None


@dataclass(frozen=True, slots=True)
class DrewTile:
    """A seat drew the top tile (``kind``) of stack ``stack`` (1-3)."""

    seat: int
    stack: int
    kind: str


@dataclass(frozen=True, slots=True)
class Passed:
    """A seat could not take and passed (Ruling C8)."""

    seat: int


@dataclass(frozen=True, slots=True)
class Scored:
    """Final scoring: a seat's stored treasures of ``colour`` (law 9 included) paid
    ``amount`` (Ruling C12)."""

    seat: int
    colour: str
    amount: int


Event = Took | Sold | Stored | Lost | Paid | LawPlayed | DrewTile | Passed | Scored


@dataclass(frozen=True)
class Outcome(Ended):
    """The end of a game (the core's :class:`~silverpyr.solver.core.engine.Ended`: the
    ``winners``), with the ``money`` (final, after scoring) by seat and the ``reason``
    (``empty``, ``boards`` or ``blocked``: Ruling C11)."""

    money: tuple[int, ...]
    reason: EndReason

    @property
    def totals(self) -> tuple[int, ...]:
        """The final money by seat."""
        return self.money


# --- the state ----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class BoardState:
    """A colour's price board in play: the board, how many entries are ``covered`` from the
    top, the law under it (4, 5 or 6) and the entry law 7 lies on (its index), if any."""

    board: PriceBoard
    covered: int = 0
    law: int | None = None
    law7: int | None = None

    @property
    def full(self) -> bool:
        """Only the last entry is uncovered (Ruling C3)."""
        return self.covered >= len(self.board.entries) - 1

    def entry(self, i: int, law7_number: int) -> Entry:
        """Entry ``i`` as it counts now (law 7's number where law 7 lies)."""
        if self.law7 == i:
            return Entry("plain", law7_number)
        return self.board.entries[i]

    def price(self, law7_number: int) -> Entry:
        """The colour's price: its top-most uncovered entry (Ruling C3)."""
        return self.entry(self.covered, law7_number)


@dataclass(frozen=True)
class CheopsView:
    """What one seat knows (Ruling C13): the pyramid with every law face down (``None``), the
    pool of laws it has not seen, each stack's top and size; everything else is public."""

    seat: int
    cells: tuple[Cell | None, ...]
    boards: tuple[BoardState, ...]
    hands: tuple[tuple[str, ...], ...]
    stack_tops: tuple[str | None, ...]
    stack_sizes: tuple[int, ...]
    unseen_laws: tuple[int, ...]
    neighbours_left: int
    money: tuple[int, ...]
    stores: tuple[tuple[int, ...], ...]
    kept_laws: tuple[tuple[int, ...], ...]
    laws_in_force: tuple[int, ...]
    market_price: int
    law9: int | None
    lost: tuple[int, ...]
    turn: int
    phase: Phase
    pending: str | int | None
    bought: bool
    placed: int
    took: int
    law11_used: bool
    draws_owed: int
    acted: bool = False
    law9_colour: str | None = None


@dataclass(frozen=True)
class CheopsState(TurnState[str]):
    """A game between two decisions (see the module docstring).

    ``cells`` by space index (:data:`~.board.SPACES`); ``boards`` by colour (``COLOURS``
    order); ``hands`` sorted tile kinds; ``stacks`` top first; ``stores[seat][colour]``
    counts; ``laws_in_force`` the laws 1-7 on the board in the order played; ``spent_laws``
    the laws that went back to the box in play; ``law9`` the seat that paid for law 9;
    ``lost`` treasures by colour that left the game (law 4); ``law9_colour`` the colour its
    holder named at the end. Turn flags: ``bought`` (a neighbour this turn), ``placed``
    (tiles placed this turn), ``took`` (the turn's own takes, law 11's not counted),
    ``law11_used``, ``acted`` (a kept law was used this turn), ``draws_owed`` (the draws
    still allowed in the draw phase), ``resume`` (the phase law 11's extra take returns to);
    ``pending`` is the colour waiting to be sold or stored, or the law waiting for its choice.
    """

    components: Components
    cells: tuple[Cell, ...]
    boards: tuple[BoardState, ...]
    hands: tuple[tuple[str, ...], ...]
    stacks: tuple[tuple[str, ...], ...]
    neighbours_left: int
    money: tuple[int, ...]
    stores: tuple[tuple[int, ...], ...]
    kept_laws: tuple[tuple[int, ...], ...]
    laws_in_force: tuple[int, ...]
    market_price: int
    removed_laws: tuple[int, ...]
    turn: int
    phase: Phase
    seed: int
    first: int = 0
    events: tuple[Event, ...] = ()
    spent_laws: tuple[int, ...] = ()
    law9: int | None = None
    lost: tuple[int, ...] = (0, 0, 0, 0, 0, 0)
    bought: bool = False
    placed: int = 0
    took: int = 0
    law11_used: bool = False
    draws_owed: int = 0
    pending: str | int | None = None
    end: EndReason | None = None
    acted: bool = False
    resume: Phase | None = None
    law9_colour: str | None = None

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.money)

    def cell(self, space: Space) -> Cell:
        """What lies on ``space``."""
        return self.cells[_INDEX[space]]

    def board(self, colour: str) -> BoardState:
        """The price board of ``colour``."""
        return self.boards[_COLOUR_INDEX[colour]]

    def view(self, seat: int) -> CheopsView:
        """What ``seat`` knows (Ruling C13)."""
        laws = [cell for cell in self.cells if isinstance(cell, int)]
        return CheopsView(
            seat=seat,
            cells=tuple(None if isinstance(cell, int) else cell for cell in self.cells),
            boards=self.boards,
            hands=self.hands,
            stack_tops=tuple(stack[0] if stack else None for stack in self.stacks),
            stack_sizes=tuple(len(stack) for stack in self.stacks),
            unseen_laws=tuple(sorted((*laws, *self.removed_laws))),
            neighbours_left=self.neighbours_left,
            money=self.money,
            stores=self.stores,
            kept_laws=self.kept_laws,
            laws_in_force=self.laws_in_force,
            market_price=self.market_price,
            law9=self.law9,
            lost=self.lost,
            turn=self.turn,
            phase=self.phase,
            pending=self.pending,
            bought=self.bought,
            placed=self.placed,
            took=self.took,
            law11_used=self.law11_used,
            draws_owed=self.draws_owed,
            acted=self.acted,
            law9_colour=self.law9_colour,
        )


# --- setup --------------------------------------------------------------------------------------


def new_game(components: Components, players: int, seed: int) -> CheopsState:
    """A shuffled, dealt game (Rulings C3 and C6; the treasures, the laws and the first player
    drawn from the seed). Raises :class:`CheopsSetupError` for a bad argument."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise CheopsSetupError(
            f"{players!r} is not a number of players ({MIN_PLAYERS}-{MAX_PLAYERS})"
        )
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise CheopsSetupError(f"{players} players: Cheops is for {MIN_PLAYERS} to {MAX_PLAYERS}")
    problem = seed_problem(seed)
    if problem is not None:
        raise CheopsSetupError(problem)
    stream = SeededStream(f"{SEED_KEY}|{seed}")
    drawn: list[PriceBoard] = []
    for board_type in ("I", "II", "III"):
        of_type = [board for board in components.boards if board.type == board_type]
        drawn.extend(stream.child(f"boards-{board_type}").shuffled(of_type)[:2])
    if len(drawn) != len(COLOURS):
        raise CheopsSetupError("the components need at least 2 price boards of each type")
    dealt = stream.child("deal-boards").shuffled(drawn)
    eyes = set(components.eyes)
    treasures: list[str] = [c for c in COLOURS for _ in range(TREASURES_PER_COLOUR - 1)]
    treasures = stream.child("treasures").shuffled(treasures)
    laws = stream.child("laws").shuffled(list(LAWS))
    eye_laws = iter(laws[: len(components.eyes)])
    spread = iter(treasures)
    cells: list[Cell] = [next(eye_laws) if space in eyes else next(spread) for space in SPACES]
    rest = [kind for kind in FAMILY for _ in range(TILES_PER_KIND - players)]
    rest = stream.child("tiles").shuffled(rest)
    stacks: list[list[str]] = [[] for _ in range(STACKS)]
    for i, kind in enumerate(rest):
        stacks[i % STACKS].append(kind)
    first = stream.child("first").below(players)
    return CheopsState(
        components=components,
        cells=tuple(cells),
        boards=tuple(BoardState(board) for board in dealt),
        hands=tuple(FAMILY for _ in range(players)),
        stacks=tuple(tuple(stack) for stack in stacks),
        neighbours_left=NEIGHBOUR_TILES,
        money=(components.start_money,) * players,
        stores=((0,) * len(COLOURS),) * players,
        kept_laws=((),) * players,
        laws_in_force=(),
        market_price=MARKET_PRICE,
        removed_laws=tuple(sorted(laws[len(components.eyes) :])),
        turn=first,
        phase=Phase.START,
        seed=seed,
        first=first,
    )


# --- what the rules ask about a position --------------------------------------------------------


def open_spaces(state: CheopsState) -> tuple[Space, ...]:
    """The spaces that can be taken, tiles aside: a treasure or a law in the bottom row, or
    resting on two empty spaces."""
    return tuple(SPACES[i] for i in _open_indexes(state.cells))


def fits(state: CheopsState, space: Space, kind: str) -> bool:
    """Whether a tile of ``kind`` may go on ``space``: a neighbour anywhere, a family tile
    where it touches no tile of its kind in the six directions (Rulings C2, C7)."""
    return kind in _TILES and _fits_index(state.cells, _INDEX[space], kind)


def price(state: CheopsState, colour: str) -> Entry:
    """The price of ``colour`` now: its board's top-most uncovered entry (law 7 included)."""
    return state.board(colour).price(state.components.law7_number)


def full_boards(state: CheopsState) -> int:
    """How many price boards are full."""
    return sum(1 for board in state.boards if board.full)


def boards_to_end(state: CheopsState) -> int:
    """How many full boards end the game: 2, or 3 while law 3 is in force (Ruling C11)."""
    return FULL_BOARDS_TO_END_LAW3 if 3 in state.laws_in_force else FULL_BOARDS_TO_END


def market_price_of(laws_in_force: Iterable[int]) -> int:
    """Ruling C4: 10; law 1 sets 5, law 2 sets 15; with both in force the one played last."""
    result = MARKET_PRICE
    for law in laws_in_force:
        if law in LAW_MARKET:
            result = LAW_MARKET[law]
    return result


def _family_takes(state: CheopsState, hand: Iterable[str], opens: list[int]) -> bool:
    kinds = set(hand)
    cells = state.cells
    for i in opens:
        around = _AROUND[i](cells)
        for kind in kinds:
            if kind not in around:
                return True
    return False


def can_take(state: CheopsState, seat: int) -> bool:
    """Whether ``seat`` could take some space with a family tile of its hand (Ruling C8)."""
    return _family_takes(state, state.hands[seat], _open_indexes(state.cells))


def _sale_options(state: CheopsState, colour: str) -> tuple[str | None, str | None]:
    """Why a treasure of ``colour`` cannot be sold, and why it cannot be stored (``None``:
    it can): Rulings C9 (laws 4, 5) and C10."""
    board = state.board(colour)
    no_sale: str | None = None
    no_store: str | None = None
    if board.law == 5:
        no_sale = f"law 5 lies under the {colour} board: {colour} is stored, not sold"
    elif board.full:
        no_sale = f"the {colour} board is full: {colour} can no longer be sold"
    if board.law == 4:
        no_store = f"law 4 lies under the {colour} board: {colour} is sold, not stored"
    return no_sale, no_store


def _removable(state: CheopsState) -> tuple[int, ...]:
    """Law 8's choices: the laws in force on the board and those an opponent owns (kept laws
    10-12, a paid law 9)."""
    kept = [law for seat, laws in enumerate(state.kept_laws) if seat != state.turn for law in laws]
    if state.law9 is not None and state.law9 != state.turn:
        kept.append(9)
    return tuple(sorted({*state.laws_in_force, *kept}))


# --- legality -----------------------------------------------------------------------------------

_WAITING = {
    Phase.START: "take a treasure or a law (or buy a neighbour, use a kept law, pass)",
    Phase.SELL: "sell or store the treasure you took",
    Phase.LAW: "carry out the law you took",
    Phase.SECOND: "take once more with a family tile, or end your turn",
    Phase.DRAW: "draw a tile from a stack (draw 1, draw 2 or draw 3), or end your turn",
    Phase.LAW9: "the game is over: law 9's holder names its colour (law9 blue)",
}


def _kind_text(kind: str) -> str:
    return f"{KIND_NAMES.get(kind, kind)} ({kind})"


def why_illegal(state: CheopsState, move: Move) -> str | None:
    """Why ``move`` is not legal now, as a sentence in game terms; ``None`` when it is."""
    phase = state.phase
    if phase is Phase.OVER:
        return "the game is over"
    if phase is Phase.LAW9 and not isinstance(move, Law9Colour):
        return _WAITING[phase]
    if isinstance(move, Take):
        if phase is Phase.START:
            return _why_not_take(state, move.space, move.kind, neighbour=state.bought)
        if phase is Phase.SECOND:
            if move.kind == NEIGHBOUR:
                return "the neighbour's extra take uses a family tile"
            return _why_not_take(state, move.space, move.kind, neighbour=False)
        return f"you cannot take now: {_WAITING[phase]}"
    if isinstance(move, BuyNeighbour):
        return _why_not_buy(state)
    if isinstance(move, Sell | Store):
        if phase is not Phase.SELL or not isinstance(state.pending, str):
            return f"no treasure waits to be sold or stored: {_WAITING[phase]}"
        no_sale, no_store = _sale_options(state, state.pending)
        return no_sale if isinstance(move, Sell) else no_store
    if isinstance(move, LawTarget | RemoveLaw | PayLaw9 | DeclineLaw9):
        return _why_not_law_choice(state, move)
    if isinstance(move, UseLaw10 | UseLaw11 | UseLaw12):
        return _why_not_kept(state, move)
    if isinstance(move, Law9Colour):
        if phase is not Phase.LAW9:
            return f"law 9's colour is named when the game is over: {_WAITING[phase]}"
        return _colour_problem(move.colour)
    if isinstance(move, DrawTile):
        if phase is not Phase.DRAW:
            return f"you cannot draw now: {_WAITING[phase]}"
        if not isinstance(move.stack, int) or isinstance(move.stack, bool):
            return f"{move.stack!r} is not a stack (1, 2 or 3)"
        if not 1 <= move.stack <= STACKS:
            return f"there is no stack {move.stack} (stacks 1, 2 and 3)"
        if state.draws_owed <= 0:
            return "you have drawn every tile this turn allows: end your turn (end)"
        if len(state.hand) >= HAND_LIMIT:
            return f"your hand holds {HAND_LIMIT} tiles: end your turn (end)"
        if not state.stacks[move.stack - 1]:
            return f"stack {move.stack} is empty"
        return None
    if isinstance(move, EndTurn):
        if phase is Phase.START:
            return "you must take first (a take is due when a family tile fits)"
        if phase not in (Phase.SECOND, Phase.DRAW):
            return f"you cannot end your turn now: {_WAITING[phase]}"
        return None
    if isinstance(move, Pass):
        if phase is not Phase.START:
            return f"you cannot pass now: {_WAITING[phase]}"
        if state.bought:
            return "you bought a neighbour: place it (take SPACE N)"
        opens = _open_indexes(state.cells)
        for i in opens:
            for kind in sorted(set(state.hand)):
                if _fits_index(state.cells, i, kind):
                    return (
                        f"you can take {SPACES[i]} with your {_kind_text(kind)} tile, "
                        "so you must take"
                    )
        return None
    return f"{move!r} is not a move"


def _space_problem(space: object) -> str | None:
    if not isinstance(space, Space):
        return f"{space!r} is not a space"
    return None


def _why_not_take(
    state: CheopsState, space: Space, kind: str, *, neighbour: bool, treasure_only: bool = False
) -> str | None:
    problem = _space_problem(space)
    if problem is not None:
        return problem
    if kind not in _TILES:
        return f"{kind!r} is not a tile (A, B, C, D or N)"
    if neighbour and kind != NEIGHBOUR:
        return "you bought a neighbour: this take places it (take SPACE N)"
    if not neighbour and kind == NEIGHBOUR:
        return "you have no neighbour tile to place (buy one at the start of your turn)"
    if kind != NEIGHBOUR and kind not in state.hand:
        return f"you hold no {_kind_text(kind)} tile"
    i = _INDEX[space]
    cell = state.cells[i]
    if _is_tile(cell):
        return f"{space} is already empty (a {_kind_text(str(cell))} tile lies there)"
    if treasure_only and isinstance(cell, int):
        return f"{space} holds a law: law 11 takes a treasure only"
    below = _SUPPORTS[i]
    if below and not (_is_tile(state.cells[below[0]]) and _is_tile(state.cells[below[1]])):
        under = " and ".join(str(SPACES[j]) for j in below)
        return f"{space} rests on {under}: both must be empty before it can be taken"
    if not _fits_index(state.cells, i, kind):
        near = next(str(SPACES[j]) for j in _NEIGHBOURS[i] if state.cells[j] == kind)
        return (
            f"a {KIND_NAMES[kind]} tile on {space} would touch the {KIND_NAMES[kind]} tile "
            f"on {near} (two tiles of one kind never touch)"
        )
    return None


def _why_not_buy(state: CheopsState, opens: list[int] | None = None) -> str | None:
    """Why no neighbour may be bought now (``None``: it may); ``opens``: the open spaces when
    the caller has them already (listing the moves)."""
    if state.phase is not Phase.START:
        return f"a neighbour is bought only at the start of a turn: {_WAITING[state.phase]}"
    if state.bought:
        return "you already bought a neighbour this turn (one a turn)"
    if state.acted or state.placed:
        return "a neighbour is bought only as the turn's first action (before any kept law)"
    if state.neighbours_left <= 0:
        return "no neighbour tile is left"
    if state.money[state.turn] < NEIGHBOUR_PRICE:
        return (
            f"a neighbour costs {NEIGHBOUR_PRICE} piastres and you have {state.money[state.turn]}"
        )
    if opens is None:
        opens = _open_indexes(state.cells)
    if not opens:
        return "no space can be taken"
    if not _neighbour_space(state.cells, opens):
        return "no space can be taken with a neighbour (two neighbours never touch)"
    return None


def _colour_problem(colour: object) -> str | None:
    if not isinstance(colour, str) or colour not in _COLOUR_INDEX:
        return f"{colour!r} is not a colour ({', '.join(COLOURS)})"
    return None


def _why_not_law_choice(
    state: CheopsState, move: LawTarget | RemoveLaw | PayLaw9 | DeclineLaw9
) -> str | None:
    law = state.pending
    if state.phase is not Phase.LAW or not isinstance(law, int):
        return f"no law waits for a choice: {_WAITING[state.phase]}"
    if isinstance(move, LawTarget):
        if law not in (*BOARD_LAWS, 7):
            return f"law {law} does not name a board"
        problem = _colour_problem(move.colour)
        if problem is not None:
            return problem
        board = state.board(move.colour)
        if law in BOARD_LAWS:
            if move.entry is not None:
                return f"law {law} names a colour only (law {move.colour})"
            if board.law is not None:
                return f"law {board.law} already lies under the {move.colour} board"
            return None
        if move.entry is None:
            return f"law 7 names an entry of a board (law {move.colour} 1)"
        entries = len(board.board.entries)
        if isinstance(move.entry, bool) or not isinstance(move.entry, int):
            return f"{move.entry!r} is not an entry"
        if not 0 <= move.entry < entries:
            return f"the {move.colour} board has entries 1 to {entries}, not {move.entry + 1}"
        if move.entry < board.covered:
            return f"entry {move.entry + 1} of the {move.colour} board is covered"
        return None
    if isinstance(move, RemoveLaw):
        if law != 8:
            return f"law {law} removes no law"
        if move.law is None:
            return None
        if move.law not in _removable(state):
            return f"law {move.law} is neither in force on the board nor kept by an opponent"
        return None
    if law != 9:
        return f"law {law} asks for no payment"
    if isinstance(move, PayLaw9) and state.money[state.turn] < LAW9_PRICE:
        return f"law 9 costs {LAW9_PRICE} piastres and you have {state.money[state.turn]}"
    return None


def _why_not_kept(state: CheopsState, move: UseLaw10 | UseLaw11 | UseLaw12) -> str | None:
    law = 10 if isinstance(move, UseLaw10) else 11 if isinstance(move, UseLaw11) else 12
    if law not in state.kept_laws[state.turn]:
        return f"you do not hold law {law}"
    if state.phase not in _KEPT_PHASES:
        return f"a kept law waits until this is done: {_WAITING[state.phase]}"
    seat = state.turn
    if isinstance(move, UseLaw10):
        problem = _colour_problem(move.colour)
        if problem is not None:
            return problem
        if state.stores[seat][_COLOUR_INDEX[move.colour]] < 1:
            return f"you have no stored {move.colour} treasure"
        board = state.board(move.colour)
        if board.law == 5:
            return f"law 5 lies under the {move.colour} board: it cannot be sold"
        if board.full:
            return f"the {move.colour} board is full: it cannot be sold"
        return None
    if isinstance(move, UseLaw11):
        problem = _why_not_take(state, move.space, move.kind, neighbour=False, treasure_only=True)
        if problem is None and state.bought and state.phase is Phase.START:
            i = _INDEX[move.space]
            cells = (*state.cells[:i], move.kind, *state.cells[i + 1 :])
            if not _neighbour_space(cells):
                return "after this take your bought neighbour would fit no space: place it first"
        return problem
    problem = _space_problem(move.a)
    if problem is not None:
        return problem
    first = state.cells[_INDEX[move.a]]
    if not isinstance(first, str) or _is_tile(first):
        return f"{move.a} holds no treasure (laws cannot be swapped)"
    if isinstance(move.b, Space):
        second = state.cells[_INDEX[move.b]]
        if not isinstance(second, str) or _is_tile(second):
            return f"{move.b} holds no treasure (laws cannot be swapped)"
        if first == second:
            return f"{move.a} and {move.b} hold the same colour: the swap changes nothing"
        return None
    problem = _colour_problem(move.b)
    if problem is not None:
        return problem
    if state.stores[seat][_COLOUR_INDEX[move.b]] < 1:
        return f"you have no stored {move.b} treasure"
    if first == move.b:
        return f"{move.a} holds {move.b} too: the swap changes nothing"
    if state.board(first).law == 4:
        return f"law 4 lies under the {first} board: {first} cannot be stored"
    return None


_KEPT_PHASES = (Phase.START, Phase.SECOND, Phase.DRAW)
"""The phases of the holder's own turn in which a kept law may be used (Ruling C9): not
while a taken treasure or law waits for its choice."""


# --- legal moves --------------------------------------------------------------------------------


def legal_moves(state: CheopsState) -> tuple[Move, ...]:
    """Every legal move, in a fixed order."""
    return _moves(state, distinct=False)


def distinct_moves(state: CheopsState) -> tuple[Move, ...]:
    """:func:`legal_moves` without moves equal in effect, for searches: a swap of two spaces
    once (not both ways), one draw of stacks with the same top and size (the tiles under the
    tops are alike to every player: Ruling C13)."""
    return _moves(state, distinct=True)


_TAKE: tuple[dict[str, Take], ...] = tuple(
    {kind: Take(space, kind) for kind in (*FAMILY, NEIGHBOUR)} for space in SPACES
)
"""Per space index, its take with each tile kind, made once: a move is a value, and making
a frozen dataclass costs more than the rest of listing the takes (the play-outs list them at
every decision, issue 34)."""


def _takes(state: CheopsState, opens: list[int], kinds: Iterable[str]) -> list[Move]:
    cells = state.cells
    result: list[Move] = []
    for i in opens:
        around = _AROUND[i](cells)
        takes = _TAKE[i]
        for kind in kinds:
            if kind not in around:
                result.append(takes[kind])
    return result


def _moves(state: CheopsState, *, distinct: bool) -> tuple[Move, ...]:
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    if phase is Phase.SELL:
        assert isinstance(state.pending, str)
        no_sale, no_store = _sale_options(state, state.pending)
        return (*((Sell(),) if no_sale is None else ()), *((Store(),) if no_store is None else ()))
    if phase is Phase.LAW:
        return _law_choices(state)
    if phase is Phase.LAW9:
        return tuple(Law9Colour(colour) for colour in COLOURS)
    kept = state.kept_laws[state.turn]
    # a draw needs no open space: only a kept law's use does (the play-outs draw often)
    opens = _open_indexes(state.cells) if kept or phase is not Phase.DRAW else []
    kinds = sorted(set(state.hand))
    if phase is Phase.DRAW:
        seen: set[tuple[str, int]] = set()
        draws: list[Move] = []
        if state.draws_owed > 0 and len(state.hand) < HAND_LIMIT:
            for number, stack in enumerate(state.stacks, start=1):
                if not stack:
                    continue
                if distinct:
                    key = (stack[0], len(stack))
                    if key in seen:
                        continue
                    seen.add(key)
                draws.append(DrawTile(number))
        return (*draws, *_kept_moves(state, opens, kinds, distinct=distinct), EndTurn())
    if phase is Phase.SECOND:
        return (
            *_takes(state, opens, kinds),
            *_kept_moves(state, opens, kinds, distinct=distinct),
            EndTurn(),
        )
    # the start of a turn
    if state.bought:
        return (
            *(_TAKE[i][NEIGHBOUR] for i in opens if _fits_index(state.cells, i, NEIGHBOUR)),
            *_kept_moves(state, opens, kinds, distinct=distinct),
        )
    moves: list[Move] = []
    if _why_not_buy(state, opens) is None:
        moves.append(BuyNeighbour())
    moves.extend(_kept_moves(state, opens, kinds, distinct=distinct))
    takes = _takes(state, opens, kinds)
    moves.extend(takes)
    if not takes:
        moves.append(Pass())
    return tuple(moves)


def _kept_moves(
    state: CheopsState, opens: list[int], kinds: list[str], *, distinct: bool
) -> list[Move]:
    """The uses of the kept laws of the seat to move (Ruling C9): generated, then each
    checked by :func:`why_illegal`, except law 12's swaps, which :func:`_swaps` makes legal
    by construction."""
    kept = state.kept_laws[state.turn]
    if not kept:
        return []
    moves: list[Move] = []
    if 10 in kept:
        moves.extend(UseLaw10(colour) for colour in COLOURS)
    if 11 in kept:
        moves.extend(
            UseLaw11(take.space, take.kind)
            for take in _takes(state, opens, kinds)
            if isinstance(take, Take) and isinstance(state.cells[_INDEX[take.space]], str)
        )
    legal = [move for move in moves if why_illegal(state, move) is None]
    if 12 in kept and state.phase in _KEPT_PHASES:
        legal.extend(_swaps(state, distinct=distinct))
    return legal


def _swaps(state: CheopsState, *, distinct: bool) -> list[Move]:
    cells = state.cells
    treasures = [i for i in range(SIZE) if isinstance(cells[i], str) and not _is_tile(cells[i])]
    stored = state.stores[state.turn]
    result: list[Move] = []
    for i in treasures:
        for j in treasures:
            if cells[i] != cells[j] and (i < j or not distinct):
                result.append(UseLaw12(SPACES[i], SPACES[j]))
        colour_i = cells[i]
        assert isinstance(colour_i, str)
        if state.board(colour_i).law == 4:
            continue
        for c, colour in enumerate(COLOURS):
            if stored[c] and colour != colour_i:
                result.append(UseLaw12(SPACES[i], colour))
    return result


def _law_choices(state: CheopsState) -> tuple[Move, ...]:
    law = state.pending
    if law in BOARD_LAWS:
        return tuple(
            LawTarget(colour)
            for colour, board in zip(COLOURS, state.boards, strict=True)
            if board.law is None
        )
    if law == 7:
        return tuple(
            LawTarget(colour, entry)
            for colour, board in zip(COLOURS, state.boards, strict=True)
            for entry in range(board.covered, len(board.board.entries))
        )
    if law == 8:
        return (*(RemoveLaw(other) for other in _removable(state)), RemoveLaw(None))
    if state.money[state.turn] >= LAW9_PRICE:
        return (PayLaw9(), DeclineLaw9())
    return (DeclineLaw9(),)


# --- applying moves -----------------------------------------------------------------------------


def apply(state: CheopsState, move: Move) -> CheopsState:
    """The state after ``move``; raises :class:`IllegalMove` (the :func:`why_illegal`
    sentence) when it is not legal."""
    return apply_checked(why_illegal, apply_unchecked, state, move)


def apply_unchecked(state: CheopsState, move: Move) -> CheopsState:
    """:func:`apply` without the legality check, for searches that only try legal moves."""
    if isinstance(move, Take):
        after = _take(state, _INDEX[move.space], move.kind, "main")
    elif isinstance(move, Sell):
        assert isinstance(state.pending, str)
        after = _after_item(_sell(state, state.pending))
    elif isinstance(move, Store):
        after = _after_item(_store(state))
    elif isinstance(move, DrawTile):
        after = _draw(state, move.stack)
    elif isinstance(move, BuyNeighbour):
        seat = state.turn
        after = evolve(
            state,
            money=added(state.money, seat, -NEIGHBOUR_PRICE),
            bought=True,
            events=(*state.events, Paid(seat, NEIGHBOUR_PRICE, "neighbour")),
        )
    elif isinstance(move, LawTarget):
        after = _after_item(_law_target(state, move))
    elif isinstance(move, RemoveLaw):
        after = _after_item(_remove_law(state, move.law))
    elif isinstance(move, PayLaw9):
        seat = state.turn
        after = _after_item(
            evolve(
                state,
                money=added(state.money, seat, -LAW9_PRICE),
                law9=seat,
                events=(*state.events, Paid(seat, LAW9_PRICE, "law 9"), LawPlayed(seat, 9, "paid")),
            )
        )
    elif isinstance(move, DeclineLaw9):
        after = _after_item(
            evolve(
                state,
                spent_laws=(*state.spent_laws, 9),
                events=(*state.events, LawPlayed(state.turn, 9, "declined")),
            )
        )
    elif isinstance(move, UseLaw10 | UseLaw11 | UseLaw12):
        after = _use_kept(state, move)
    elif isinstance(move, Law9Colour):
        after = _scored(evolve(state, law9_colour=move.colour), state.end or "boards")
    elif isinstance(move, EndTurn):
        after = _next_turn(state) if state.phase is Phase.DRAW else _end_turn(state)
    else:
        after = _pass(state)
    return _settle(after)


def _store_delta(
    state: CheopsState, seat: int, colour: str, amount: int
) -> tuple[tuple[int, ...], ...]:
    row = added(state.stores[seat], _COLOUR_INDEX[colour], amount)
    return (*state.stores[:seat], row, *state.stores[seat + 1 :])


def _with_board(state: CheopsState, colour: str, board: BoardState) -> tuple[BoardState, ...]:
    c = _COLOUR_INDEX[colour]
    return (*state.boards[:c], board, *state.boards[c + 1 :])


def _take(state: CheopsState, i: int, kind: str, source: str) -> CheopsState:
    seat = state.turn
    item = state.cells[i]
    cells = (*state.cells[:i], kind, *state.cells[i + 1 :])
    changes: dict[str, object] = {}
    if kind == NEIGHBOUR:
        changes["neighbours_left"] = state.neighbours_left - 1
    else:
        hand = state.hands[seat]
        k = hand.index(kind)
        changes["hands"] = (
            *state.hands[:seat],
            hand[:k] + hand[k + 1 :],
            *state.hands[seat + 1 :],
        )
    taken = evolve(
        state,
        cells=cells,
        placed=state.placed + 1,
        took=state.took + (source != "law11"),
        law11_used=state.law11_used or source == "law11",
        events=(*state.events, Took(seat, SPACES[i], item, kind)),
        **changes,
    )
    if isinstance(item, int):
        return _play_law(taken, item)
    no_sale, no_store = _sale_options(taken, item)
    if no_sale is not None and no_store is not None:  # C10: law 4 under a full board
        c = _COLOUR_INDEX[item]
        lost = evolve(
            taken,
            lost=added(taken.lost, c, 1),
            events=(*taken.events, Lost(seat, item)),
        )
        return _after_item(lost)
    return evolve(taken, phase=Phase.SELL, pending=item)


def _sell(state: CheopsState, colour: str) -> CheopsState:
    """A treasure of ``colour`` sold by the seat to move: paid the market price, it covers
    the board's top-most uncovered entry (law 7 there is covered too: Ruling C9)."""
    seat = state.turn
    board = state.board(colour)
    changes: dict[str, object] = {}
    law7 = board.law7
    if law7 == board.covered:
        law7 = None
        changes["laws_in_force"] = tuple(law for law in state.laws_in_force if law != 7)
        changes["spent_laws"] = (*state.spent_laws, 7)
    covered = BoardState(board.board, board.covered + 1, board.law, law7)
    paid = state.market_price
    return evolve(
        state,
        boards=_with_board(state, colour, covered),
        money=added(state.money, seat, paid),
        events=(*state.events, Sold(seat, colour, paid)),
        **changes,
    )


def _store(state: CheopsState) -> CheopsState:
    colour = state.pending
    assert isinstance(colour, str)
    seat = state.turn
    return evolve(
        state,
        stores=_store_delta(state, seat, colour, 1),
        events=(*state.events, Stored(seat, colour)),
    )


def _play_law(state: CheopsState, law: int) -> CheopsState:
    """A law just taken (Ruling C9): carried out at once, or waiting for its choice."""
    seat = state.turn
    if law in (1, 2, 3):
        in_force = (*state.laws_in_force, law)
        return _after_item(
            evolve(
                state,
                laws_in_force=in_force,
                market_price=market_price_of(in_force),
                events=(*state.events, LawPlayed(seat, law, None)),
            )
        )
    if law in KEPT_LAWS:
        kept = tuple(sorted((*state.kept_laws[seat], law)))
        return _after_item(
            evolve(
                state,
                kept_laws=(*state.kept_laws[:seat], kept, *state.kept_laws[seat + 1 :]),
                events=(*state.events, LawPlayed(seat, law, "kept")),
            )
        )
    no_effect = (law in BOARD_LAWS and all(board.law is not None for board in state.boards)) or (
        law == 8 and not _removable(state)
    )
    if no_effect:
        return _after_item(
            evolve(
                state,
                spent_laws=(*state.spent_laws, law),
                events=(*state.events, LawPlayed(seat, law, "no effect")),
            )
        )
    return evolve(state, phase=Phase.LAW, pending=law)


def _law_target(state: CheopsState, move: LawTarget) -> CheopsState:
    law = state.pending
    assert isinstance(law, int)
    board = state.board(move.colour)
    if law == 7:
        placed = BoardState(board.board, board.covered, board.law, move.entry)
        target = f"{move.colour} {(move.entry or 0) + 1}"
    else:
        placed = BoardState(board.board, board.covered, law, board.law7)
        target = move.colour
    return evolve(
        state,
        boards=_with_board(state, move.colour, placed),
        laws_in_force=(*state.laws_in_force, law),
        events=(*state.events, LawPlayed(state.turn, law, target)),
    )


def _remove_law(state: CheopsState, law: int | None) -> CheopsState:
    """Law 8: ``law`` leaves the game and its effect ends (law 7's entry shows its own
    number again; a market law gives way to the other one, or to 10: Ruling C4)."""
    seat = state.turn
    if law is None:
        return evolve(
            state,
            spent_laws=(*state.spent_laws, 8),
            events=(*state.events, LawPlayed(seat, 8, "none")),
        )
    changes: dict[str, object] = {}
    if law == 9:  # an opponent's paid law 9: its 25 piastres are gone with it
        changes["law9"] = None
    elif law in state.laws_in_force:
        in_force = tuple(other for other in state.laws_in_force if other != law)
        changes["laws_in_force"] = in_force
        changes["market_price"] = market_price_of(in_force)
        changes["boards"] = tuple(
            BoardState(
                board.board,
                board.covered,
                None if board.law == law else board.law,
                None if law == 7 else board.law7,
            )
            for board in state.boards
        )
    else:
        changes["kept_laws"] = tuple(
            tuple(kept for kept in laws if kept != law) for laws in state.kept_laws
        )
    return evolve(
        state,
        spent_laws=(*state.spent_laws, 8, law),
        events=(*state.events, LawPlayed(seat, 8, f"law {law}")),
        **changes,
    )


def _use_kept(state: CheopsState, move: UseLaw10 | UseLaw11 | UseLaw12) -> CheopsState:
    seat = state.turn
    law = 10 if isinstance(move, UseLaw10) else 11 if isinstance(move, UseLaw11) else 12
    kept = tuple(other for other in state.kept_laws[seat] if other != law)
    used = evolve(
        state,
        kept_laws=(*state.kept_laws[:seat], kept, *state.kept_laws[seat + 1 :]),
        spent_laws=(*state.spent_laws, law),
        events=(*state.events, LawPlayed(seat, law, move.notation().partition(" ")[2])),
        acted=True,
        resume=state.phase if law == 11 else state.resume,
    )
    if isinstance(move, UseLaw10):
        sold = _sell(used, move.colour)
        return evolve(sold, stores=_store_delta(sold, seat, move.colour, -1))
    if isinstance(move, UseLaw11):
        return _take(used, _INDEX[move.space], move.kind, "law11")
    i = _INDEX[move.a]
    first = used.cells[i]
    assert isinstance(first, str)
    if isinstance(move.b, Space):
        j = _INDEX[move.b]
        swapped = list(used.cells)
        swapped[i], swapped[j] = swapped[j], swapped[i]
        return evolve(used, cells=tuple(swapped))
    cells = (*used.cells[:i], move.b, *used.cells[i + 1 :])
    stores = _store_delta(used, seat, move.b, -1)
    row = added(stores[seat], _COLOUR_INDEX[first], 1)
    return evolve(used, cells=cells, stores=(*stores[:seat], row, *stores[seat + 1 :]))


def _after_item(state: CheopsState) -> CheopsState:
    """The taken item is dealt with: back where law 11's extra take was made (the turn's
    start, the second take, the turn's end with one more draw allowed), else the neighbour's
    second take (when a family tile fits: C7), or the turn's end."""
    resume = state.resume
    state = evolve(state, phase=Phase.START, pending=None, resume=None)
    if resume is Phase.DRAW:
        return _end_turn(state, state.draws_owed + 1)
    if resume is Phase.SECOND:
        if can_take(state, state.turn):
            return evolve(state, phase=Phase.SECOND)
        return _end_turn(state)
    if state.took == 0:
        return state
    if state.bought and state.took == 1 and can_take(state, state.turn):
        return evolve(state, phase=Phase.SECOND)
    return _end_turn(state)


def _can_draw(state: CheopsState) -> bool:
    return state.draws_owed > 0 and len(state.hands[state.turn]) < HAND_LIMIT and any(state.stacks)


def _end_turn(state: CheopsState, owed: int | None = None) -> CheopsState:
    """The turn's takes are over. Ruling C6: a turn that placed a tile may draw one (two
    after law 11; ``owed``: the draws still allowed), each impossible when the hand holds 4
    or every stack is empty; the player may also still use a kept law (C9). With neither to
    do, the turn ends."""
    if owed is None:
        owed = (1 + state.law11_used) if state.placed else 0
    at_end = evolve(state, phase=Phase.DRAW, draws_owed=owed, pending=None)
    if state.placed and (_can_draw(at_end) or _has_kept_use(at_end)):
        return at_end
    return _next_turn(state)


def _has_kept_use(state: CheopsState) -> bool:
    if not state.kept_laws[state.turn]:
        return False
    opens = _open_indexes(state.cells)
    return bool(_kept_moves(state, opens, sorted(set(state.hand)), distinct=True))


def _draw(state: CheopsState, stack: int) -> CheopsState:
    seat = state.turn
    tiles = state.stacks[stack - 1]
    kind = tiles[0]
    hand = tuple(sorted((*state.hands[seat], kind)))
    drawn = evolve(
        state,
        stacks=(*state.stacks[: stack - 1], tiles[1:], *state.stacks[stack:]),
        hands=(*state.hands[:seat], hand, *state.hands[seat + 1 :]),
        draws_owed=state.draws_owed - 1,
        events=(*state.events, DrewTile(seat, stack, kind)),
    )
    if _can_draw(drawn) or _has_kept_use(drawn):
        return drawn
    return _next_turn(drawn)


def _pass(state: CheopsState) -> CheopsState:
    passed = evolve(state, events=(*state.events, Passed(state.turn)))
    if state.placed:  # law 11's take was this turn's tile: its draws are owed (C6)
        return _end_turn(passed)
    return _next_turn(passed)


def _next_turn(state: CheopsState) -> CheopsState:
    if full_boards(state) >= boards_to_end(state):
        return _finish(state, "boards")
    if _TILES.issuperset(state.cells):
        return _finish(state, "empty")
    opens = _open_indexes(state.cells)
    if not any(_family_takes(state, hand, opens) for hand in state.hands):  # C11 (c)
        return _finish(state, "blocked")
    return evolve(
        state,
        turn=(state.turn + 1) % state.players,
        phase=Phase.START,
        bought=False,
        placed=0,
        took=0,
        law11_used=False,
        draws_owed=0,
        pending=None,
        acted=False,
        resume=None,
    )


def _settle(state: CheopsState) -> CheopsState:
    """Ruling C11, after every move: enough full boards end the game at once; an empty
    pyramid (every cell a tile) ends it once the last item's choice is made."""
    if state.phase in (Phase.OVER, Phase.LAW9):
        return state
    if full_boards(state) >= boards_to_end(state):
        return _finish(state, "boards")
    if state.phase not in (Phase.SELL, Phase.LAW) and _TILES.issuperset(state.cells):
        return _finish(state, "empty")
    return state


# --- the end ------------------------------------------------------------------------------------


def _scores(state: CheopsState) -> tuple[tuple[tuple[int, ...], ...], int | None]:
    """Ruling C12: what each seat's stores pay, by seat then colour, and the colour law 9
    counts as (:func:`_paid`)."""
    paid, law9_colour = _paid(state)
    return tuple(zip(*paid, strict=True)), law9_colour


def _paid(state: CheopsState) -> tuple[list[tuple[int, ...]], int | None]:
    """Ruling C12 colour by colour: what each seat's stores of a colour pay, and the colour
    law 9 counts as: the one its holder named (Ruling C9); before it is named, the one giving
    the holder the most final money (ties: the lowest colour index), an estimate. A colour's
    pay depends on its board and its counts alone, so each colour law 9 may count as costs
    that colour once more, not a whole scoring (the play-outs score often, issue 34)."""
    law7_number = state.components.law7_number
    counts = list(zip(*state.stores, strict=True))  # by colour: each seat's count
    paid = [
        _colour_paid(board, column, law7_number)
        for board, column in zip(state.boards, counts, strict=True)
    ]
    holder = state.law9
    if holder is None:
        return paid, None
    named = state.law9_colour
    own = sum(column[holder] for column in paid)
    best: tuple[int, int, tuple[int, ...]] | None = None  # the holder's total, colour, pay
    for c in range(len(COLOURS)) if named is None else (_COLOUR_INDEX[named],):
        column = counts[c]
        more = (*column[:holder], column[holder] + 1, *column[holder + 1 :])
        with_law9 = _colour_paid(state.boards[c], more, law7_number)
        total = own - paid[c][holder] + with_law9[holder]
        if best is None or total > best[0]:
            best = (total, c, with_law9)
    assert best is not None
    _, chosen, chosen_paid = best
    paid[chosen] = chosen_paid
    return paid, chosen


def _colour_paid(board: BoardState, counts: tuple[int, ...], law7_number: int) -> tuple[int, ...]:
    """What each seat's ``counts`` stored treasures of one colour pay at its board's price
    (Ruling C12): a plain price each; times: the price times the colour's stored treasures,
    each; majority: the first price each to the seats holding the most, the second to the
    others."""
    total = sum(counts)
    if not total:
        return counts  # nobody holds it: nothing to pay
    entry = board.price(law7_number)
    if entry.kind == "majority":
        most, a, b = max(counts), entry.a, entry.b
        return tuple([count * (a if count == most else b) for count in counts])
    each = total * entry.a if entry.kind == "times" else entry.a
    return tuple(map(each.__mul__, counts))


def stores_scored(state: CheopsState) -> tuple[tuple[int, ...], ...]:
    """What each seat's stores would pay if the game ended now, by colour (Ruling C12; law 9
    counted as :func:`final_money` counts it): the parts of its sum over the stores."""
    return _scores(state)[0]


def final_money(state: CheopsState) -> tuple[int, ...]:
    """Each seat's money if the game ended now: money plus its stores scored (Ruling C12).
    Until law 9's holder has named its colour, law 9 counts as the colour best for the
    holder's own money (the lowest on a tie): an estimate for bots and search horizons."""
    paid, _ = _paid(state)
    return tuple(map(sum, zip(state.money, *paid, strict=True)))


def keeps_final_money(move: Move) -> bool:
    """Whether ``move``, in any state where it is legal, leaves :func:`final_money` as it
    was: a take (law 11's too), a swap of two spaces (law 12), a draw, the end of a turn and a
    pass change no money, no store, no board's price and no law 9 (what a take brings waits
    for its sale, or for its law's choice; a game they end is scored as final_money counts
    already). So a bot that ranks moves by final_money need not apply these (issue 34)."""
    if isinstance(move, UseLaw12):
        return isinstance(move.b, Space)
    return isinstance(move, Take | UseLaw11 | DrawTile | EndTurn | Pass)


def final_money_after(state: CheopsState, move: Move) -> tuple[int, ...]:
    """``final_money(apply_unchecked(state, move))``, faster for a sale or a store: they are
    scored before the turn moves on, since what follows an item's choice (the next phase, the
    next turn, the game's end) changes no money and no store (issue 34)."""
    if isinstance(move, Sell):
        assert isinstance(state.pending, str)
        return final_money(_sell(state, state.pending))
    if isinstance(move, Store):
        return final_money(_store(state))
    return final_money(apply_unchecked(state, move))


def _finish(state: CheopsState, reason: EndReason) -> CheopsState:
    """Ruling C11: the game ends; a paid law 9's holder names its colour first (C9)."""
    if state.law9 is not None and state.law9_colour is None:
        return evolve(
            state,
            phase=Phase.LAW9,
            turn=state.law9,
            end=reason,
            pending=None,
            draws_owed=0,
            resume=None,
        )
    return _scored(state, reason)


def _scored(state: CheopsState, reason: EndReason) -> CheopsState:
    """The stores scored (Ruling C12): the state is over."""
    amounts, law9_colour = _scores(state)
    events: list[Event] = list(state.events)
    if state.law9 is not None and law9_colour is not None:
        events.append(LawPlayed(state.law9, 9, COLOURS[law9_colour]))
    for seat in range(state.players):
        for c, colour in enumerate(COLOURS):
            counted = state.stores[seat][c] + (state.law9 == seat and law9_colour == c)
            if counted:
                events.append(Scored(seat, colour, amounts[seat][c]))
    return evolve(
        state,
        phase=Phase.OVER,
        end=reason,
        pending=None,
        draws_owed=0,
        resume=None,
        events=tuple(events),
    )


def outcome(state: CheopsState) -> Outcome | None:
    """Ruling C12: the most final money wins; a tie is a shared win. ``None`` while the game
    goes on."""
    if state.phase is not Phase.OVER or state.end is None:
        return None
    money = final_money(state)
    best = max(money)
    return Outcome(tuple(seat for seat, m in enumerate(money) if m == best), money, state.end)


def to_move(state: CheopsState) -> int | None:
    """The seat whose decision is due; ``None`` once the game is over."""
    return None if state.phase is Phase.OVER else state.turn


# --- what no player can see (Ruling C13) --------------------------------------------------------


def _hidden_tiles(state: CheopsState) -> list[str]:
    return [kind for stack in state.stacks for kind in stack[1:]]


def next_tile(state: CheopsState, stack: int) -> tuple[tuple[str, int], ...]:
    """After the top of ``stack`` (1-3) is drawn, what its new top may be: (kind, count) over
    the tiles no player can see (every stack's hidden part pooled: by symmetry the belief of
    each hidden place); empty when the stack holds one tile or none."""
    if len(state.stacks[stack - 1]) < 2:
        return ()
    return tuple(sorted(Counter(_hidden_tiles(state)).items()))


def with_next_tile(state: CheopsState, stack: int, kind: str) -> CheopsState:
    """``state`` with the hidden tiles reordered so that the tile under the top of ``stack``
    (1-3) is ``kind`` (one of :func:`next_tile`): a chance node's outcome. Only what no
    player sees changes. Raises :class:`PositionError` when ``kind`` cannot be there."""
    tiles = state.stacks[stack - 1]
    if len(tiles) < 2:
        raise PositionError(f"stack {stack} has no tile under its top")
    if tiles[1] == kind:
        return state
    stacks = [list(s) for s in state.stacks]
    for s, other in enumerate(stacks):
        for p in range(1, len(other)):
            if other[p] == kind and (s, p) != (stack - 1, 1):
                other[p], stacks[stack - 1][1] = stacks[stack - 1][1], other[p]
                return evolve(state, stacks=tuple(tuple(x) for x in stacks))
    raise PositionError(f"no hidden {kind!r} tile can lie under the top of stack {stack}")


def determinized(state: CheopsState, seat: int, stream: SeededStream) -> CheopsState:
    """A state ``seat`` cannot tell from ``state`` (its :meth:`~CheopsState.view` is the
    same): the face-down laws and the laws out of the game dealt again among themselves, the
    tiles under the stacks' tops shuffled among the stacks (each keeps its size and top).
    The seed becomes one drawn from ``stream``."""
    law_places = [i for i, cell in enumerate(state.cells) if isinstance(cell, int)]
    pool = sorted([*(int(state.cells[i]) for i in law_places), *state.removed_laws])
    laws = stream.child("laws").shuffled(pool)
    cells = list(state.cells)
    for i, law in zip(law_places, laws, strict=False):
        cells[i] = law
    removed = tuple(sorted(laws[len(law_places) :]))
    hidden = stream.child("tiles").shuffled(sorted(_hidden_tiles(state)))
    stacks: list[tuple[str, ...]] = []
    for stack in state.stacks:
        below = len(stack) - 1 if stack else 0
        stacks.append((stack[0], *hidden[:below]) if stack else ())
        hidden = hidden[below:]
    return evolve(
        state,
        cells=tuple(cells),
        removed_laws=removed,
        stacks=tuple(stacks),
        seed=stream.child("seed").below(2**63),
    )


# --- text ---------------------------------------------------------------------------------------

_KIND_WORDS: dict[str, str] = {
    **{kind.lower(): kind for kind in _TILES},
    **{name: kind for kind, name in KIND_NAMES.items()},
}
_COLOUR_WORDS: dict[str, str] = {
    **{colour: colour for colour in COLOURS},
    **{letter.lower(): colour for letter, colour in zip(COLOUR_LETTERS, COLOURS, strict=True)},
}


def _kind_word(word: str) -> str:
    kind = _KIND_WORDS.get(word.lower())
    if kind is None:
        raise MoveSyntaxError(
            f"{word!r} is not a tile (A ankh, B beetle, C cobra, D disc, N neighbour)"
        )
    return kind


def _colour_word(word: str) -> str:
    colour = _COLOUR_WORDS.get(word.lower())
    if colour is None:
        raise MoveSyntaxError(f"{word!r} is not a colour ({', '.join(COLOURS)})")
    return colour


def _space_word(word: str) -> Space:
    try:
        return parse_space(word)
    except SpaceSyntaxError as error:
        raise MoveSyntaxError(str(error)) from None


def _number_word(word: str, what: str, low: int, high: int) -> int:
    number = parse_whole(word, low, high)
    if number is None:
        raise MoveSyntaxError(f"{word!r} is not {what} ({low} to {high})")
    return number


_ONE_WORD: dict[str, Move] = {
    move.word: move
    for move in (BuyNeighbour(), Sell(), Store(), PayLaw9(), DeclineLaw9(), EndTurn(), Pass())
}
"""The moves written as their word alone, by that word."""


def move_text(state: CheopsState, move: Move) -> str:
    """``move`` in notation, as :func:`parse_move` reads it back."""
    return move.notation()


def parse_move(state: CheopsState, text: str) -> Move:
    """The move written as ``text`` (see each move's ``notation``; tiles by letter or name,
    colours by name or letter). Raises :class:`MoveSyntaxError` for text that is not a move;
    legality is :func:`why_illegal`'s."""
    words = text.strip().split() if isinstance(text, str) else []
    if not words:
        raise MoveSyntaxError(f"an empty move (moves: {MOVE_EXAMPLES})")
    head = words[0].lower()
    rest = words[1:]
    if head in _ONE_WORD and not rest:
        return _ONE_WORD[head]
    if head in (Take.word, UseLaw11.word) and len(rest) == 2:
        space, kind = _space_word(rest[0]), _kind_word(rest[1])
        return Take(space, kind) if head == Take.word else UseLaw11(space, kind)
    if head == LawTarget.word and len(rest) in (1, 2):
        colour = _colour_word(rest[0])
        if len(rest) == 1:
            return LawTarget(colour)
        return LawTarget(colour, _number_word(rest[1], "an entry", 1, 99) - 1)
    if head == RemoveLaw.word and len(rest) == 1:
        if rest[0].lower() == "none":
            return RemoveLaw(None)
        return RemoveLaw(_number_word(rest[0], "a law", 1, 12))
    if head == UseLaw10.word and len(rest) == 1:
        return UseLaw10(_colour_word(rest[0]))
    if head == Law9Colour.word and len(rest) == 1:
        return Law9Colour(_colour_word(rest[0]))
    if head == UseLaw12.word and len(rest) == 2:
        a = _space_word(rest[0])
        if rest[1].lower() in _COLOUR_WORDS:
            return UseLaw12(a, _colour_word(rest[1]))
        return UseLaw12(a, _space_word(rest[1]))
    if head == DrawTile.word and len(rest) == 1:
        return DrawTile(_number_word(rest[0], "a stack", 1, STACKS))
    raise MoveSyntaxError(f"{text.strip()!r} is not a move (moves: {MOVE_EXAMPLES})")


# --- positions ----------------------------------------------------------------------------------


def state_problems(state: CheopsState) -> tuple[str, ...]:
    """Why the rules cannot reach ``state``, one sentence per problem (empty when they can):
    every treasure, tile and law in one place, laws only on eye spaces, taken spaces resting
    on taken spaces, no two family tiles of one kind touching, hands, money, seats."""
    problems: list[str] = []
    players = state.players
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        problems.append(f"{players} seats: Cheops is for {MIN_PLAYERS} to {MAX_PLAYERS}")
    for name, rows in (("hands", state.hands), ("stores", state.stores)):
        if len(rows) != players:
            problems.append(f"{len(rows)} {name} for {players} seats")
    if len(state.kept_laws) != players:
        problems.append(f"{len(state.kept_laws)} kept-law lists for {players} seats")
    if problems:
        return tuple(problems)
    if not 0 <= state.turn < players:
        problems.append(f"seat {state.turn} is to move, but the seats are 0 to {players - 1}")
    if len(state.cells) != SIZE:
        return (*problems, f"{len(state.cells)} spaces; the pyramid has {SIZE}")
    eyes = set(state.components.eyes)
    for i, cell in enumerate(state.cells):
        space = SPACES[i]
        if isinstance(cell, int) and (cell not in LAWS or space not in eyes):
            problems.append(f"law {cell} on {space}: laws lie only on the eye spaces")
        elif isinstance(cell, str) and cell not in _TILES and cell not in _COLOUR_INDEX:
            problems.append(f"{cell!r} on {space} is neither a tile nor a treasure")
        elif _is_tile(cell):
            below = _SUPPORTS[i]
            if below and not all(_is_tile(state.cells[j]) for j in below):
                problems.append(f"{space} is empty but rests on a space still holding an item")
            if any(state.cells[j] == cell for j in _NEIGHBOURS[i]):
                problems.append(f"two {KIND_NAMES[str(cell)]} tiles touch at {space}")
    for c, colour in enumerate(COLOURS):
        count = (
            sum(1 for cell in state.cells if cell == colour)
            + sum(store[c] for store in state.stores)
            + state.boards[c].covered
            + state.lost[c]
            + 1
            + (state.phase is Phase.SELL and state.pending == colour)
        )
        if count != TREASURES_PER_COLOUR:
            problems.append(f"{count} {colour} treasures in play; there are {TREASURES_PER_COLOUR}")
    tiles: Counter[str] = Counter()
    for hand in state.hands:
        tiles.update(hand)
    for stack in state.stacks:
        tiles.update(stack)
    tiles.update(cell for cell in state.cells if isinstance(cell, str) and _is_tile(cell))
    for kind in FAMILY:
        if tiles[kind] != TILES_PER_KIND:
            problems.append(f"{tiles[kind]} {KIND_NAMES[kind]} tiles; there are {TILES_PER_KIND}")
    if tiles[NEIGHBOUR] + state.neighbours_left != NEIGHBOUR_TILES:
        problems.append(f"neighbour tiles placed and left do not make {NEIGHBOUR_TILES}")
    for seat, hand in enumerate(state.hands):
        if len(hand) > HAND_LIMIT:
            problems.append(f"seat {seat} holds {len(hand)} tiles; a hand holds {HAND_LIMIT}")
        if any(kind not in FAMILY for kind in hand) or list(hand) != sorted(hand):
            problems.append(f"the hand of seat {seat} is not sorted family tiles")
    for stack in state.stacks:
        if any(kind not in FAMILY for kind in stack):
            problems.append("a stack holds a tile that is not a family tile")
    laws: Counter[int] = Counter(cell for cell in state.cells if isinstance(cell, int))
    laws.update(state.removed_laws)
    laws.update(state.laws_in_force)
    laws.update(state.spent_laws)
    for kept in state.kept_laws:
        laws.update(kept)
    if state.law9 is not None:
        laws[9] += 1
    if state.phase is Phase.LAW and isinstance(state.pending, int):
        laws[state.pending] += 1
    if any(laws[law] != 1 for law in LAWS) or sum(laws.values()) != len(LAWS):
        problems.append("the 12 laws are not each in exactly one place")
    if any(money < 0 for money in state.money):
        problems.append("money below 0")
    under = [board.law for board in state.boards if board.law is not None]
    on_entries = [board for board in state.boards if board.law7 is not None]
    if sorted([*under, *(7 for _ in on_entries)]) != sorted(
        law for law in state.laws_in_force if law in (*BOARD_LAWS, 7)
    ):
        problems.append("the laws under and on the boards are not the laws in force there")
    for colour, board in zip(COLOURS, state.boards, strict=True):
        if not 0 <= board.covered <= len(board.board.entries) - 1:
            problems.append(f"the {colour} board has {board.covered} entries covered")
        if board.law7 is not None and board.law7 < board.covered:
            problems.append(f"law 7 lies on a covered entry of the {colour} board")
    return tuple(problems)


def position(state: CheopsState, **changes: object) -> CheopsState:
    """A turn's start described from outside a game: ``state`` (e.g. a :func:`new_game`) with
    the given fields replaced, the turn flags cleared and the market price recomputed.
    Raises :class:`PositionError` naming the problems (:func:`state_problems`) in one line."""
    unknown = sorted(set(changes) - set(CheopsState.__dataclass_fields__))
    if unknown:
        raise PositionError(f"not parts of a Cheops state: {', '.join(unknown)}")
    built = evolve(
        state,
        **{
            "phase": Phase.START,
            "bought": False,
            "placed": 0,
            "took": 0,
            "law11_used": False,
            "draws_owed": 0,
            "pending": None,
            "end": None,
            "acted": False,
            "resume": None,
            "law9_colour": None,
            **changes,
        },
    )
    built = evolve(built, market_price=market_price_of(built.laws_in_force))
    try:
        problems = state_problems(built)
    except (TypeError, IndexError, KeyError, AttributeError) as error:
        raise PositionError(f"a malformed position ({type(error).__name__})") from None
    if problems:
        raise PositionError(first_problems(problems))
    return built


def random_position(components: Components, players: int, seed: int, taken: int) -> CheopsState:
    """A reachable state at a turn's start with at least ``taken`` spaces emptied, made by
    uniformly random legal moves through :func:`apply` from :func:`new_game` ``seed`` (but a
    draw whenever one can be made: the hands do not run dry). When
    the game ends first it is replayed with the next derived stream (up to 20 times); then
    the last turn start before the end is returned, or the end itself when there was none."""
    if isinstance(taken, bool) or not isinstance(taken, int) or not 0 <= taken <= SIZE:
        raise CheopsSetupError(f"{taken!r} is not a number of spaces taken (0 to {SIZE})")
    start = new_game(components, players, seed)
    last = start
    for attempt in range(20):
        key = f"{SEED_KEY}|{seed}|random-position|{players}|{taken}|{attempt}"
        stream = SeededStream(key)
        state = start
        while not state.over:
            if (
                state.phase is Phase.START
                and not state.placed
                and not state.bought
                and not state.acted
            ):
                emptied = sum(1 for cell in state.cells if _is_tile(cell))
                if emptied >= taken:
                    return state
                last = state
            moves = legal_moves(state)
            draws = [move for move in moves if isinstance(move, DrawTile)]
            state = apply(state, stream.choice(draws or moves))
    return last
