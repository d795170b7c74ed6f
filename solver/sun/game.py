"""Pyramid of the Sun's rules: the state of a game, its moves, and every rule, once.

A :class:`SunState` is immutable: :func:`apply` returns a new state (the deck is shared by
reference, the rest are short tuples). The state says which decision is due (:class:`Phase`):

* ``choose``: the player to move plays a card (:class:`Place`) or starts drawing two
  (:class:`Draw`); with neither possible, :class:`Pass` (Ruling R7);
* ``playing``: at least one card placed this turn: place another or :class:`EndTurn` (R8);
* ``symbol``: the card just placed touches its symbol: :class:`TakePoints` or
  :class:`SymbolDraw` from a chosen pile (R5);
* ``drawing``: one card of two drawn: :class:`Draw` the second from a chosen pile (R6);
* ``discard``: more than 5 cards after drawing: :class:`Discard` one at a time (R8);
* ``over``: the top is placed (R9) or every player passed in a row (R7).

Every ruling (R1-R16, docs/sun-rules.md) is implemented here or in :mod:`.pyramid` /
:mod:`.cards` and tested in ``tests/sun/``. All randomness comes from
:class:`~silverpyr.solver.core.rng.SeededStream` keyed by the game's seed and what is shuffled, so
the same seed and the same moves always give the same game on every machine.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Literal

from ..core.engine import Ended, TurnState, Worded, added, apply_checked, evolve
from ..core.errors import IllegalMove as IllegalMove
from ..core.errors import MoveSyntaxError as MoveSyntaxError
from ..core.errors import PositionError as PositionError
from ..core.errors import SilverpyrError, first_problems
from ..core.rng import SeededStream, seed_problem
from .cards import PILES, Card, CardTextError, Deck, PileName, load_deck, normalize_label
from .pyramid import EMPTY, Pyramid, Slot, SlotTextError, geometry, parse_slot

Size = Literal["short", "standard", "long"]
SIZES: dict[str, int] = {"short": 6, "standard": 7, "long": 8}
"""Plain base cards of each pyramid size (Ruling R10); the base row adds the two edge bases."""
MIN_PLAYERS = 2
MAX_PLAYERS = 5
STARTING_HAND = 4
HAND_LIMIT = 5
DRAW_COUNT = 2
TOP_MULTIPLIER = 3
EDGE_MULTIPLIER = 2
SEED_KEY = "silverpyr-sun-v1"
"""The prefix of every seeded stream of a game (the deal, reshuffles, random positions)."""


class SunSetupError(SilverpyrError, ValueError):
    """A game cannot start with these cards, players, size or seed."""


class Phase(StrEnum):
    """The decision a game waits for."""

    CHOOSE = "choose"
    PLAYING = "playing"
    SYMBOL = "symbol"
    DRAWING = "drawing"
    DISCARD = "discard"
    OVER = "over"


# --- moves ------------------------------------------------------------------------------------


def _card_text(card: int, deck: Deck | None) -> str:
    if deck is not None and card in deck:
        return deck[card].label
    return f"#{card}"


@dataclass(frozen=True, slots=True)
class _Worded(Worded):
    """A move written as its ``word`` then each field (the core's :class:`Worded`); a move
    that names a card may name it by label with a ``deck``."""

    def notation(self, deck: Deck | None = None) -> str:
        """The move's word then each field's text (``draw standard``, ``end``)."""
        return Worded.notation(self)


@dataclass(frozen=True, slots=True)
class Place:
    """Put a card of the hand on an open slot (written by its card and slot, no word)."""

    card: int
    slot: Slot

    def notation(self, deck: Deck | None = None) -> str:
        """``#17@1c``, or with a deck ``S4-sun@1c`` (any card of that label in the hand)."""
        return f"{_card_text(self.card, deck)}@{self.slot}"


@dataclass(frozen=True, slots=True)
class TakePoints(_Worded):
    """A symbol's choice: 1 point per adjacent card with the same symbol (``symbol points``)."""

    word = "symbol points"


@dataclass(frozen=True, slots=True)
class SymbolDraw(_Worded):
    """A symbol's choice: draw one card from the chosen pile (``symbol standard``)."""

    word = "symbol"
    pile: PileName


@dataclass(frozen=True, slots=True)
class Draw(_Worded):
    """One card of a draw-2 action, from the chosen pile (the first one starts the action;
    ``draw standard``)."""

    word = "draw"
    pile: PileName


@dataclass(frozen=True, slots=True)
class Discard(_Worded):
    """Discard a card of the hand (down to the hand limit after drawing)."""

    word = "discard"
    card: int

    def notation(self, deck: Deck | None = None) -> str:
        """``discard #17``, or with a deck ``discard S4-sun``."""
        return f"{self.word} {_card_text(self.card, deck)}"


@dataclass(frozen=True, slots=True)
class EndTurn(_Worded):
    """Stop playing cards (after at least one; ``end``)."""

    word = "end"


@dataclass(frozen=True, slots=True)
class Pass(_Worded):
    """Nothing to play and nothing to draw (Ruling R7; ``pass``)."""

    word = "pass"


Move = Place | TakePoints | SymbolDraw | Draw | Discard | EndTurn | Pass

MOVE_EXAMPLES = "S4-sun@1c, draw standard, symbol points, symbol edge, discard S4-sun, end, pass"


# --- events -----------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Scored:
    """Points a seat scored: for placing a card (``card``) or for its symbol (``symbol``)."""

    seat: int
    card: int
    slot: Slot
    points: int
    kind: Literal["card", "symbol"]


@dataclass(frozen=True, slots=True)
class Drew:
    """A seat drew a card: in a draw-2 action (``draw``) or for a symbol (``symbol``)."""

    seat: int
    pile: PileName
    card: int
    reason: Literal["draw", "symbol"] = "draw"


@dataclass(frozen=True, slots=True)
class Discarded:
    """A seat discarded a card to its type's discard pile."""

    seat: int
    card: int


@dataclass(frozen=True, slots=True)
class Reshuffled:
    """An empty draw pile became its shuffled discards (``count``: the game's n-th reshuffle)."""

    pile: PileName
    cards: int
    count: int


@dataclass(frozen=True, slots=True)
class Passed:
    """A seat passed: nothing to play, nothing to draw (Ruling R7)."""

    seat: int


Event = Scored | Drew | Discarded | Reshuffled | Passed


@dataclass(frozen=True)
class Outcome(Ended):
    """The end of a game (the core's :class:`~silverpyr.solver.core.engine.Ended`: the
    ``winners``), with ``scores`` by seat and the ``reason`` (``top``: the top was placed;
    ``stalled``: every player passed in a row)."""

    scores: tuple[int, ...]
    reason: Literal["top", "stalled"]
    hand_sizes: tuple[int, ...] = ()

    @property
    def totals(self) -> tuple[int, ...]:
        """The final points by seat."""
        return self.scores


# --- the state --------------------------------------------------------------------------------


@dataclass(frozen=True)
class SunView:
    """What one seat knows: its hand, the others' hand sizes, the piles' sizes, the discards,
    the marker, the pyramid and the scores (the information set bots and solvers use)."""

    seat: int
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    standard_pile_size: int
    edge_pile_size: int
    standard_discards: tuple[int, ...]
    edge_discards: tuple[int, ...]
    marker: int
    pyramid: Pyramid
    scores: tuple[int, ...]
    turn: int
    phase: Phase
    pending: Slot | None
    hand_edge_cards: tuple[int, ...] = ()
    """Edge-pile cards (edge or top) in each hand: public, since every draw names its pile
    and the deal, the cards laid and the discards are seen by all."""


@dataclass(frozen=True)
class SunState(TurnState[int]):
    """A game between two decisions (see the module docstring).

    ``hands[seat]`` is a sorted tuple of card ids; the piles list card ids, drawn from the
    front; ``marker`` is the face-up edge card under the edge pile, never drawn (it is out of
    the game); ``removed`` holds the base cards the base row did not use; ``placed`` counts
    the cards placed this turn and ``pending`` is the slot of the card whose symbol waits
    for a choice.
    """

    deck: Deck
    size: Size
    pyramid: Pyramid
    hands: tuple[tuple[int, ...], ...]
    standard_pile: tuple[int, ...]
    edge_pile: tuple[int, ...]
    marker: int
    standard_discards: tuple[int, ...]
    edge_discards: tuple[int, ...]
    removed: tuple[int, ...]
    scores: tuple[int, ...]
    turn: int
    phase: Phase
    seed: int
    first: int
    reshuffles: int = 0
    events: tuple[Event, ...] = ()
    passes: int = 0
    """Players who passed in a row (R7)."""
    placed: int = 0
    pending: Slot | None = None
    end: Literal["top", "stalled"] | None = None
    standard_reshuffled: tuple[int, ...] | None = None
    """The discards the standard draw pile was last reshuffled from (sorted ids), while that
    pile holds cards of that reshuffle; ``None`` for the pile of the setup (Ruling R6)."""
    edge_reshuffled: tuple[int, ...] | None = None
    """The same for the edge draw pile."""

    @property
    def players(self) -> int:
        """Seats at the table."""
        return len(self.hands)

    def pile(self, pile: PileName) -> tuple[int, ...]:
        """A draw pile, front first."""
        return self.standard_pile if pile == "standard" else self.edge_pile

    def discards(self, pile: PileName) -> tuple[int, ...]:
        """A discard pile, oldest first."""
        return self.standard_discards if pile == "standard" else self.edge_discards

    def reshuffled(self, pile: PileName) -> tuple[int, ...] | None:
        """The cards a draw pile was last reshuffled from (``None``: the setup's pile)."""
        return self.standard_reshuffled if pile == "standard" else self.edge_reshuffled

    def can_draw(self, pile: PileName) -> bool:
        """Whether a card can be drawn from a pile (itself, or its discards reshuffled)."""
        if pile == "standard":
            return bool(self.standard_pile or self.standard_discards)
        return bool(self.edge_pile or self.edge_discards)

    def view(self, seat: int) -> SunView:
        """What ``seat`` knows."""
        return SunView(
            seat,
            self.hands[seat],
            tuple(len(hand) for hand in self.hands),
            len(self.standard_pile),
            len(self.edge_pile),
            self.standard_discards,
            self.edge_discards,
            self.marker,
            self.pyramid,
            self.scores,
            self.turn,
            self.phase,
            self.pending,
            tuple(sum(1 for c in hand if self.deck[c].pile == "edge") for hand in self.hands),
        )


def unseen(state: SunState, seat: int, pile: PileName) -> tuple[int, ...]:
    """The cards of a pile's type that ``seat`` cannot place: not in the pyramid, its hand,
    the discards or the marker (in the draw pile or another hand). Sorted ids; the belief of
    what the next card of that pile is, is uniform over them."""
    known = set(state.pyramid.cells)
    known.update(state.hands[seat])
    known.update(state.discards(pile))
    known.add(state.marker)
    return tuple(card for card in state.deck.pile_ids(pile) if card not in known)


def next_draw(state: SunState, seat: int, pile: PileName) -> tuple[int, ...]:
    """The cards the next card drawn from ``pile`` may be, each as likely, as ``seat`` sees
    it (Ruling R6):

    * the setup's pile: the :func:`unseen` cards of that type (the pile and the other hands
      are alike to it: every such card came from that pile);
    * a pile reshuffled from discards: the cards of that reshuffle ``seat`` has not seen
      leave it since (drawn by itself, placed, discarded); a card another seat drew from it
      is as likely to be any of them. Never a card another hand held before the reshuffle;
    * an empty pile: its discards (they are reshuffled first); nothing when both are empty.
    """
    if not state.pile(pile):
        return tuple(sorted(state.discards(pile)))
    cards = unseen(state, seat, pile)
    shuffled = state.reshuffled(pile)
    if shuffled is None:
        return cards
    among = set(shuffled)
    return tuple(card for card in cards if card in among)


# --- setup ------------------------------------------------------------------------------------


def new_game(deck: Deck, players: int, size: str, seed: int) -> SunState:
    """A shuffled, dealt game (Ruling R10 for the base row; the marker, the deal and the first
    player drawn from the seed). Raises :class:`SunSetupError` for a bad argument."""
    if isinstance(players, bool) or not isinstance(players, int):
        raise SunSetupError(f"{players!r} is not a number of players ({MIN_PLAYERS}-{MAX_PLAYERS})")
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise SunSetupError(
            f"{players} players: Pyramid of the Sun is for {MIN_PLAYERS} to {MAX_PLAYERS}"
        )
    if size not in SIZES:
        raise SunSetupError(f"{size!r} is not a pyramid size (short, standard or long)")
    problem = seed_problem(seed)
    if problem is not None:
        raise SunSetupError(problem)
    lefts = [c.id for c in deck if c.kind == "base" and c.side == "left"]
    rights = [c.id for c in deck if c.kind == "base" and c.side == "right"]
    plain = [c.id for c in deck if c.kind == "base" and c.side is None]
    count = SIZES[size]
    if len(lefts) != 1 or len(rights) != 1 or len(plain) < count:
        raise SunSetupError(
            f"a {size} pyramid needs one left and one right base card and {count} plain ones"
        )
    if len(deck.standard_ids) < STARTING_HAND * players:
        raise SunSetupError(f"{players} players need {STARTING_HAND * players} standard cards")
    if not deck.edge_ids:
        raise SunSetupError("the deck has no edge card for the marker")
    stream = SeededStream(f"{SEED_KEY}|{seed}")
    chosen = stream.child("base").shuffled(plain)
    base = (lefts[0], *chosen[:count], rights[0])
    removed = tuple(sorted(chosen[count:]))
    standard = stream.child("standard").shuffled(deck.standard_ids)
    marker = stream.child("marker").choice(deck.edge_ids)
    edge = stream.child("edge").shuffled([c for c in deck.edge_ids if c != marker])
    hands: list[list[int]] = [[] for _ in range(players)]
    for _ in range(STARTING_HAND):
        for seat in range(players):
            hands[seat].append(standard.pop(0))
    first = stream.child("first").below(players)
    return SunState(
        deck=deck,
        size=size,  # type: ignore[arg-type]
        pyramid=Pyramid.with_base(base),
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        standard_pile=tuple(standard),
        edge_pile=tuple(edge),
        marker=marker,
        standard_discards=(),
        edge_discards=(),
        removed=removed,
        scores=(0,) * players,
        turn=first,
        phase=Phase.CHOOSE,
        seed=seed,
        first=first,
    )


# --- placement and scoring --------------------------------------------------------------------


def fits(card: Card, pyramid: Pyramid, slot: Slot) -> str | None:
    """Why ``card`` cannot go on ``slot`` by its kind (Rulings R2, R4), or ``None``; the slot
    being open is checked apart."""
    shape = pyramid.geometry
    i = shape.index[slot]
    is_top = slot == shape.top
    if card.kind == "base":
        return "a base card is only in the base row"
    if card.kind == "top":
        return None if is_top else "a top card goes only on the top of the pyramid"
    if card.kind == "standard":
        return None
    # an edge card
    if is_top:
        return "an edge card cannot go on the top (only a top card or a standard card)"
    if not shape.ends[i]:
        return "an edge card goes only at an end of a row"
    if card.side == "left" and not shape.left_end[i]:
        return f"{card.label} fits only the left end of a row"
    if card.side == "right" and not shape.right_end[i]:
        return f"{card.label} fits only the right end of a row"
    return None


def _fits_index(card: Card, width: int, i: int) -> bool:
    shape = geometry(width)
    kind = card.kind
    if kind == "standard":
        return True
    if kind == "top":
        return i == shape.size - 1
    if kind == "edge":
        if card.side is None:
            return shape.ends[i]
        return shape.left_end[i] if card.side == "left" else shape.right_end[i]
    return False


def card_points(card: Card, pyramid: Pyramid, slot: Slot) -> int:
    """Ruling R4: min(value, level), x3 for a top card on the top, x2 for an edge card at a
    row end, x1 otherwise (a standard card anywhere, the top included)."""
    base = min(card.value, slot.level)
    if card.kind == "top" and slot == pyramid.top:
        return base * TOP_MULTIPLIER
    if card.kind == "edge" and pyramid.is_end(slot):
        return base * EDGE_MULTIPLIER
    return base


def points_for(state: SunState, card: int, slot: Slot) -> int:
    """The points placing ``card`` on ``slot`` scores (before any symbol): Ruling R4."""
    return card_points(state.deck[card], state.pyramid, slot)


def pyramid_matches(deck: Deck, pyramid: Pyramid, card: int, slot: Slot) -> int:
    """The cards adjacent to ``slot`` (Ruling R3) with ``card``'s symbol (0 without one)."""
    symbol = deck[card].symbol
    if symbol is None:
        return 0
    shape = pyramid.geometry
    cells = pyramid.cells
    count = 0
    for j in shape.neighbours[shape.index[slot]]:
        other = cells[j]
        if other != EMPTY and other != card and deck[other].symbol == symbol:
            count += 1
    return count


def matching_neighbours(state: SunState, card: int, slot: Slot) -> int:
    """Ruling R5: the cards adjacent to ``slot`` with ``card``'s symbol (the symbol points)."""
    return pyramid_matches(state.deck, state.pyramid, card, slot)


# --- legality ---------------------------------------------------------------------------------

_WAITING = {
    Phase.CHOOSE: "play a card or draw",
    Phase.PLAYING: "place another card or end your turn",
    Phase.SYMBOL: "choose the symbol's points or a card (symbol points, symbol standard, "
    "symbol edge)",
    Phase.DRAWING: "draw your second card (draw standard or draw edge)",
    Phase.DISCARD: f"discard down to {HAND_LIMIT} cards",
}


def _hand_has(state: SunState, card: int) -> bool:
    return card in state.hands[state.turn]


def _can_place_any(state: SunState) -> bool:
    deck = state.deck
    width = state.pyramid.width
    opens = state.pyramid.open_indexes
    return any(_fits_index(deck[c], width, i) for c in state.hand for i in opens)


def why_illegal(state: SunState, move: Move) -> str | None:
    """Why ``move`` is not legal now, as a sentence in game terms; ``None`` when it is."""
    phase = state.phase
    if phase is Phase.OVER:
        return "the game is over"
    if isinstance(move, Place):
        if phase not in (Phase.CHOOSE, Phase.PLAYING):
            return f"you cannot place a card now: {_WAITING[phase]}"
        return _why_not_place(state, move)
    if isinstance(move, Draw):
        if phase not in (Phase.CHOOSE, Phase.DRAWING):
            if phase is Phase.PLAYING:
                return "you played a card this turn, so you cannot draw (end your turn)"
            return f"you cannot draw now: {_WAITING[phase]}"
        return _why_not_draw(state, move.pile)
    if isinstance(move, TakePoints | SymbolDraw):
        if phase is not Phase.SYMBOL:
            return f"no symbol waits for a choice: {_WAITING[phase]}"
        if isinstance(move, SymbolDraw):
            return _why_not_draw(state, move.pile)
        return None
    if isinstance(move, Discard):
        if phase is not Phase.DISCARD:
            return f"you cannot discard now: {_WAITING[phase]}"
        if not _hand_has(state, move.card):
            return _not_in_hand(state, move.card)
        return None
    if isinstance(move, EndTurn):
        if phase is Phase.CHOOSE:
            return "play at least one card first, or draw (a turn plays at least one card)"
        if phase is not Phase.PLAYING:
            return f"you cannot end your turn now: {_WAITING[phase]}"
        return None
    if isinstance(move, Pass):
        if phase is not Phase.CHOOSE:
            return f"you cannot pass now: {_WAITING[phase]}"
        if state.can_draw("standard") or state.can_draw("edge"):
            return "you can still draw, so you cannot pass"
        if _can_place_any(state):
            return "you can still play a card, so you cannot pass"
        return None
    return f"{move!r} is not a move"


def _not_in_hand(state: SunState, card: int) -> str:
    """Why ``card`` cannot be played: by its label, and by its id where the hand holds
    another card of that label (``#82`` is an E4, and so is ``#83``)."""
    label = _card_text(card, state.deck)
    twin = next((c for c in state.hand if state.deck[c].label == label), None)
    if twin is None:
        return f"{label} is not in your hand"
    return f"#{card} ({label}) is not in your hand; your {label} is #{twin}"


def _why_not_draw(state: SunState, pile: str) -> str | None:
    if pile not in PILES:
        return f"{pile!r} is not a pile (standard or edge)"
    if not state.can_draw(pile):
        return f"the {pile} pile and its discards are empty"
    return None


def _why_not_place(state: SunState, move: Place) -> str | None:
    deck = state.deck
    if not _hand_has(state, move.card):
        return _not_in_hand(state, move.card)
    pyramid = state.pyramid
    slot = move.slot
    if not pyramid.contains(slot):
        return f"the pyramid has no slot {slot} (its top is {pyramid.top})"
    if slot.level == 0:
        return "the base row is laid at the start; cards go on level 1 and above"
    held = pyramid.card_at(slot)
    if held is not None:
        return f"slot {slot} already holds {_card_text(held, deck)}"
    if not pyramid.is_open(slot):
        below = " and ".join(
            str(pyramid.geometry.slots[i])
            for i in pyramid.geometry.supports[pyramid.geometry.index[slot]] or ()
        )
        return f"slot {slot} needs both cards below it ({below}) first: a card rests on two"
    return fits(deck[move.card], pyramid, slot)


def legal_moves(state: SunState) -> tuple[Move, ...]:
    """Every legal move, in a fixed order (placements by hand card then slot, bottom up)."""
    phase = state.phase
    if phase is Phase.OVER:
        return ()
    draw_piles = [pile for pile in PILES if state.can_draw(pile)]
    if phase is Phase.SYMBOL:
        return (TakePoints(), *(SymbolDraw(pile) for pile in draw_piles))
    if phase is Phase.DRAWING:
        return tuple(Draw(pile) for pile in draw_piles)
    if phase is Phase.DISCARD:
        return tuple(Discard(card) for card in state.hand)
    places = placements(state)
    if phase is Phase.PLAYING:
        return (*places, EndTurn())
    moves: tuple[Move, ...] = (*places, *(Draw(pile) for pile in draw_piles))
    return moves or (Pass(),)


def placements(state: SunState, *, distinct: bool = False) -> tuple[Place, ...]:
    """Every legal placement of the player to move (with ``distinct``: one card of each label,
    the lowest id, since cards of one label are interchangeable)."""
    deck = state.deck
    pyramid = state.pyramid
    shape = pyramid.geometry
    opens = pyramid.open_indexes
    result: list[Place] = []
    seen: set[str] = set()
    for card_id in state.hand:
        card = deck[card_id]
        if distinct:
            if card.label in seen:
                continue
            seen.add(card.label)
        for i in opens:
            if _fits_index(card, pyramid.width, i):
                result.append(Place(card_id, shape.slots[i]))
    return tuple(result)


def distinct_moves(state: SunState) -> tuple[Move, ...]:
    """:func:`legal_moves` with one card of each label (for searches: the others are the
    same move)."""
    if state.phase in (Phase.CHOOSE, Phase.PLAYING):
        places = placements(state, distinct=True)
        if state.phase is Phase.PLAYING:
            return (*places, EndTurn())
        draws = tuple(Draw(pile) for pile in PILES if state.can_draw(pile))
        moves: tuple[Move, ...] = (*places, *draws)
        return moves or (Pass(),)
    if state.phase is Phase.DISCARD:
        labels: set[str] = set()
        discards: list[Move] = []
        for card in state.hand:
            label = state.deck[card].label
            if label not in labels:
                labels.add(label)
                discards.append(Discard(card))
        return tuple(discards)
    return legal_moves(state)


# --- applying moves ---------------------------------------------------------------------------


def apply(state: SunState, move: Move) -> SunState:
    """The state after ``move``; raises :class:`IllegalMove` (the :func:`why_illegal`
    sentence) when it is not legal."""
    return apply_checked(why_illegal, apply_unchecked, state, move)


def apply_unchecked(state: SunState, move: Move) -> SunState:
    """:func:`apply` without the legality check, for searches that only try legal moves."""
    if isinstance(move, Place):
        return _place(state, move)
    if isinstance(move, TakePoints):
        return _take_points(state)
    if isinstance(move, SymbolDraw):
        drawn = _draw(state, move.pile, "symbol")
        return evolve(drawn, phase=Phase.PLAYING, pending=None)
    if isinstance(move, Draw):
        return _draw_two(state, move.pile)
    if isinstance(move, Discard):
        return _discard(state, move.card)
    if isinstance(move, EndTurn):
        return _next_turn(state)
    return _pass(state)


def _without(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _with_hand(state: SunState, hand: tuple[int, ...]) -> tuple[tuple[int, ...], ...]:
    seat = state.turn
    return (*state.hands[:seat], hand, *state.hands[seat + 1 :])


def _place(state: SunState, move: Place) -> SunState:
    seat = state.turn
    card = state.deck[move.card]
    pyramid = state.pyramid.place(move.slot, move.card)
    points = card_points(card, pyramid, move.slot)
    end: str | None = None
    pending: Slot | None = None
    if move.slot == pyramid.top:  # R9, R11: the game ends at once, no symbol on the top
        phase, end = Phase.OVER, "top"
    elif pyramid_matches(state.deck, pyramid, move.card, move.slot):
        phase, pending = Phase.SYMBOL, move.slot
    else:
        phase = Phase.PLAYING
    return evolve(
        state,
        pyramid=pyramid,
        hands=_with_hand(state, _without(state.hand, move.card)),
        scores=added(state.scores, seat, points),
        events=(*state.events, Scored(seat, move.card, move.slot, points, "card")),
        passes=0,
        placed=state.placed + 1,
        phase=phase,
        pending=pending,
        end=end,
    )


def _take_points(state: SunState) -> SunState:
    slot = state.pending
    assert slot is not None
    card = state.pyramid.card_at(slot)
    assert card is not None
    points = pyramid_matches(state.deck, state.pyramid, card, slot)
    return evolve(
        state,
        scores=added(state.scores, state.turn, points),
        events=(*state.events, Scored(state.turn, card, slot, points, "symbol")),
        phase=Phase.PLAYING,
        pending=None,
    )


def _with_pile(
    state: SunState, pile: PileName, cards: tuple[int, ...], **changes: object
) -> SunState:
    if pile == "standard":
        return evolve(state, standard_pile=cards, **changes)
    return evolve(state, edge_pile=cards, **changes)


def _reshuffled(state: SunState, pile: PileName) -> SunState:
    """Ruling R6: the empty draw pile becomes its discards, shuffled by the stream keyed by
    the game's seed and the number of earlier reshuffles."""
    stream = SeededStream(f"{SEED_KEY}|{state.seed}|reshuffle|{state.reshuffles}")
    cards = tuple(stream.shuffled(state.discards(pile)))
    count = state.reshuffles + 1
    changes = {f"{pile}_discards": (), f"{pile}_reshuffled": tuple(sorted(cards))}
    return _with_pile(
        state,
        pile,
        cards,
        reshuffles=count,
        events=(*state.events, Reshuffled(pile, len(cards), count)),
        **changes,
    )


def _draw(state: SunState, pile: PileName, reason: Literal["draw", "symbol"]) -> SunState:
    """One card from ``pile`` into the hand of the seat to move (reshuffling its discards
    first when the pile is empty: Ruling R6)."""
    if not state.pile(pile):
        state = _reshuffled(state, pile)
    cards = state.pile(pile)
    card = cards[0]
    hand = list(state.hand)
    insort(hand, card)
    emptied = {} if cards[1:] else {f"{pile}_reshuffled": None}
    return _with_pile(
        state,
        pile,
        cards[1:],
        hands=_with_hand(state, tuple(hand)),
        events=(*state.events, Drew(state.turn, pile, card, reason)),
        **emptied,
    )


def with_next_card(state: SunState, seat: int, pile: PileName, card: int) -> SunState:
    """``state`` changed only where ``seat`` cannot see, so that the next card drawn from
    ``pile`` is ``card`` (one of :func:`next_draw`): the chance nodes of a search.

    An empty pile is first reshuffled as the engine does it (Ruling R6); then ``card`` comes
    to the pile's front, or, when another seat holds it (one it could have drawn from this
    pile: :func:`next_draw`), that seat takes the pile's front card in exchange. Raises
    :class:`PositionError` when ``card`` is not a possible draw.
    """
    if card not in next_draw(state, seat, pile):
        raise PositionError(f"#{card} cannot be the next card of the {pile} pile for seat {seat}")
    if state.can_draw(pile) and not state.pile(pile):
        state = _reshuffled(state, pile)
    cards = state.pile(pile)
    if card in cards:
        return _with_pile(state, pile, (card, *(c for c in cards if c != card)))
    for other, hand in enumerate(state.hands):
        if other != seat and card in hand and cards:
            swapped = tuple(sorted((*(c for c in hand if c != card), cards[0])))
            hands = (*state.hands[:other], swapped, *state.hands[other + 1 :])
            return _with_pile(state, pile, (card, *cards[1:]), hands=hands)
    raise PositionError(f"#{card} cannot be the next card of the {pile} pile for seat {seat}")


def _draw_two(state: SunState, pile: PileName) -> SunState:
    first = state.phase is Phase.CHOOSE
    drawn = evolve(_draw(state, pile, "draw"), passes=0)
    if first and (drawn.can_draw("standard") or drawn.can_draw("edge")):
        return evolve(drawn, phase=Phase.DRAWING)
    return _after_drawing(drawn)


def _after_drawing(state: SunState) -> SunState:
    if len(state.hand) > HAND_LIMIT:
        return evolve(state, phase=Phase.DISCARD)
    return _next_turn(state)


def _discard(state: SunState, card_id: int) -> SunState:
    card = state.deck[card_id]
    hand = _without(state.hand, card_id)
    events = (*state.events, Discarded(state.turn, card_id))
    if card.pile == "standard":
        changed = evolve(
            state,
            hands=_with_hand(state, hand),
            standard_discards=(*state.standard_discards, card_id),
            events=events,
        )
    else:
        changed = evolve(
            state,
            hands=_with_hand(state, hand),
            edge_discards=(*state.edge_discards, card_id),
            events=events,
        )
    if len(hand) > HAND_LIMIT:
        return changed
    return _next_turn(changed)


def _next_turn(state: SunState) -> SunState:
    return evolve(
        state,
        turn=(state.turn + 1) % state.players,
        phase=Phase.CHOOSE,
        placed=0,
        pending=None,
    )


def _pass(state: SunState) -> SunState:
    passes = state.passes + 1
    changed = evolve(state, passes=passes, events=(*state.events, Passed(state.turn)))
    if passes >= state.players:  # R7: a whole round of passes ends the game without a top
        return evolve(changed, phase=Phase.OVER, end="stalled", pending=None, placed=0)
    return _next_turn(changed)


def play_turn(state: SunState, moves: Iterable[Move]) -> SunState:
    """The state after ``moves`` in order (each checked by :func:`apply`)."""
    for move in moves:
        state = apply(state, move)
    return state


# --- the end ----------------------------------------------------------------------------------


def outcome(state: SunState) -> Outcome | None:
    """Ruling R9: most points wins; a tie goes to more cards in hand; still tied, a shared
    win. ``None`` while the game goes on."""
    if state.phase is not Phase.OVER or state.end is None:
        return None
    sizes = tuple(len(hand) for hand in state.hands)
    best = max(zip(state.scores, sizes, strict=True))
    winners = tuple(
        seat for seat in range(state.players) if (state.scores[seat], sizes[seat]) == best
    )
    return Outcome(winners, state.scores, state.end, sizes)


def to_move(state: SunState) -> int | None:
    """The seat whose decision is due; ``None`` once the game is over."""
    return None if state.phase is Phase.OVER else state.turn


# --- text -------------------------------------------------------------------------------------


def move_text(state: SunState, move: Move) -> str:
    """``move`` in notation that :func:`parse_move` reads back as the same move: a card by its
    id (``#17@1c``), since a label names the lowest id of that label in the hand."""
    return move.notation()


def _hand_card(state: SunState, text: str) -> int:
    """The card of the mover's hand named by ``text`` (an id, or a label: the lowest id of
    that label in the hand, else the deck's first card of that label)."""
    label = normalize_label(text)
    if label is not None:
        for card in state.hand:
            if state.deck[card].label == label:
                return card
    try:
        return state.deck.parse_card(text).id
    except CardTextError as error:
        raise MoveSyntaxError(str(error)) from None


def parse_move(state: SunState, text: str) -> Move:
    """The move written as ``text`` (see each move's ``notation``); a card named by its label
    is the mover's card of that label. Raises :class:`MoveSyntaxError` for text that is not a
    move; legality is :func:`why_illegal`'s."""
    words = text.strip().split()
    lowered = [word.lower() for word in words]
    if not words:
        raise MoveSyntaxError(f"an empty move (moves: {MOVE_EXAMPLES})")
    if lowered in (["end"], ["end", "turn"]):
        return EndTurn()
    if lowered == ["pass"]:
        return Pass()
    if lowered in (["points"], ["symbol", "points"]):
        return TakePoints()
    if len(lowered) == 2 and lowered[0] in ("draw", "symbol"):
        pile = _pile_word(lowered[1])
        return Draw(pile) if lowered[0] == "draw" else SymbolDraw(pile)
    if len(lowered) == 2 and lowered[0] == "discard":
        return Discard(_hand_card(state, words[1]))
    joined = " ".join(words)
    if "@" in joined:
        card_text, _, slot_text = joined.partition("@")
    elif len(words) == 2:
        card_text, slot_text = words
    else:
        raise MoveSyntaxError(f"{text.strip()!r} is not a move (moves: {MOVE_EXAMPLES})")
    try:
        slot = parse_slot(slot_text)
    except SlotTextError as error:
        raise MoveSyntaxError(str(error)) from None
    return Place(_hand_card(state, card_text.strip()), slot)


def _pile_word(word: str) -> PileName:
    if word in ("standard", "s"):
        return "standard"
    if word in ("edge", "e"):
        return "edge"
    raise MoveSyntaxError(f"{word!r} is not a pile (standard or edge)")


# --- positions described from outside a game -------------------------------------------------


WIDTH_SIZES: dict[int, Size] = {8: "short", 9: "standard", 10: "long"}


def _place_names(state: SunState) -> dict[int, list[str]]:
    places: dict[int, list[str]] = {}

    def note(cards: Iterable[int], where: str) -> None:
        for card in cards:
            places.setdefault(card, []).append(where)

    note(state.standard_pile, "the standard pile")
    note(state.edge_pile, "the edge pile")
    note((state.marker,), "the marker")
    note(state.standard_discards, "the standard discards")
    note(state.edge_discards, "the edge discards")
    for seat, hand in enumerate(state.hands):
        note(hand, f"the hand of seat {seat}")
    slots = state.pyramid.geometry.slots
    for i, card in enumerate(state.pyramid.cells):
        if card != EMPTY:
            note((card,), f"the pyramid at {slots[i]}")
    note(state.removed, "the unused base cards")
    return places


def state_problems(state: SunState) -> tuple[str, ...]:
    """Why the rules cannot reach ``state``, one sentence per problem (empty when they can):
    every card in exactly one place, piles and discards of their type, the base row, cards
    resting on two cards and of a kind their slot takes, hand sizes, seats, scores, phase."""
    deck = state.deck
    problems: list[str] = []

    def name(card: int) -> str:
        return f"{deck[card].label} (#{card})" if card in deck else f"#{card}"

    places = _place_names(state)
    for card, where in sorted(places.items()):
        if card not in deck:
            problems.append(f"{name(card)} is not a card of this deck ({where[0]})")
        elif len(where) > 1:
            problems.append(f"{name(card)} is in {len(where)} places: {', '.join(where)}")
    problems.extend(f"{name(card.id)} is nowhere" for card in deck if card.id not in places)
    if problems:
        return tuple(problems)
    if not MIN_PLAYERS <= state.players <= MAX_PLAYERS:
        problems.append(f"{state.players} seats: the game is for {MIN_PLAYERS} to {MAX_PLAYERS}")
    if not 0 <= state.turn < state.players:
        problems.append(f"seat {state.turn} is to move, but the seats are 0 to {state.players - 1}")
        return tuple(problems)
    if len(state.scores) != state.players or any(score < 0 for score in state.scores):
        problems.append("each seat needs a score of 0 or more")
    for pile in PILES:
        for card in state.pile(pile) + state.discards(pile):
            if deck[card].pile != pile:
                problems.append(f"{name(card)} is in the {pile} pile or its discards")
        shuffled = state.reshuffled(pile)
        if shuffled is not None:
            among = set(shuffled)
            problems.extend(
                f"{name(card)} is in the {pile} pile, which was reshuffled without it"
                for card in state.pile(pile)
                if card not in among
            )
            problems.extend(
                f"{name(card)} is among the {pile} pile's reshuffled cards but is not a {pile} card"
                for card in shuffled
                if card not in deck or deck[card].pile != pile
            )
    if deck[state.marker].pile != "edge":
        problems.append(f"the marker {name(state.marker)} is not an edge card")
    problems.extend(
        f"{name(card)} is not a base card" for card in state.removed if deck[card].kind != "base"
    )
    problems.extend(_pyramid_problems(state, name))
    for seat, hand in enumerate(state.hands):
        limit = HAND_LIMIT
        if seat == state.turn and state.phase in (Phase.DRAWING, Phase.DISCARD):
            limit = HAND_LIMIT + DRAW_COUNT
        if len(hand) > limit:
            problems.append(f"seat {seat} holds {len(hand)} cards; a hand holds at most {limit}")
        if list(hand) != sorted(hand):
            problems.append(f"the hand of seat {seat} is not sorted by id")
        problems.extend(
            f"{name(card)} in the hand of seat {seat} is a base card"
            for card in hand
            if deck[card].kind == "base"
        )
    problems.extend(_phase_problems(state))
    return tuple(problems)


def _pyramid_problems(state: SunState, name: Callable[[int], str]) -> list[str]:
    deck = state.deck
    pyramid = state.pyramid
    shape = pyramid.geometry
    problems: list[str] = []
    base = pyramid.cells[: pyramid.width]
    if EMPTY in base:
        problems.append("the base row has an empty place")
        return problems
    if any(deck[card].kind != "base" for card in base):
        problems.append("the base row holds a card that is not a base card")
    if deck[base[0]].side != "left" or deck[base[-1]].side != "right":
        problems.append(
            "the base row must start with the left-end base card and end with the right"
        )
    if any(deck[card].side is not None for card in base[1:-1]):
        problems.append("an end base card lies inside the base row")
    for i in range(pyramid.width, shape.size):
        card = pyramid.cells[i]
        if card == EMPTY:
            continue
        slot = shape.slots[i]
        support = shape.supports[i]
        if support is not None and EMPTY in (pyramid.cells[support[0]], pyramid.cells[support[1]]):
            problems.append(f"{name(card)} at {slot} does not rest on two cards")
        reason = fits(deck[card], pyramid, slot)
        if reason is not None:
            problems.append(f"{name(card)} at {slot}: {reason}")
    return problems


def _phase_problems(state: SunState) -> list[str]:
    problems: list[str] = []
    complete = state.pyramid.complete
    if complete and not (state.phase is Phase.OVER and state.end == "top"):
        problems.append("the top is placed, so the game is over")
    if state.phase is Phase.OVER and state.end == "top" and not complete:
        problems.append("the game ended by its top, but the top is empty")
    if (state.phase is Phase.OVER) != (state.end is not None):
        problems.append("an ended game names how it ended, and only an ended game does")
    if state.phase is Phase.SYMBOL:
        card = state.pyramid.card_at(state.pending) if state.pending is not None else None
        if state.pending is None or card is None:
            problems.append("a symbol's choice waits, but no card was placed")
        elif not pyramid_matches(state.deck, state.pyramid, card, state.pending):
            problems.append(f"the card at {state.pending} touches no card of its symbol")
    elif state.pending is not None:
        problems.append("a placed card waits for a symbol's choice outside the symbol phase")
    if state.phase in (Phase.PLAYING, Phase.SYMBOL) and state.placed < 1:
        problems.append("a play turn without a card placed")
    if state.phase is Phase.DISCARD and len(state.hand) <= HAND_LIMIT:
        problems.append(f"discarding with {len(state.hand)} cards (only above {HAND_LIMIT})")
    if not 0 <= state.passes < max(1, state.players) and state.phase is not Phase.OVER:
        problems.append(f"{state.passes} passes in a row")
    return problems


def position(
    deck: Deck,
    pyramid: Pyramid,
    hands: Sequence[Sequence[int]],
    turn: int,
    *,
    scores: Sequence[int] | None = None,
    standard_discards: Sequence[int] = (),
    edge_discards: Sequence[int] = (),
    marker: int | None = None,
    seed: int = 0,
    reshuffled: Mapping[PileName, Sequence[int] | None] | None = None,
) -> SunState:
    """A turn's start (phase ``choose``) described from outside a game: the pyramid, the
    hands and the discards as given; every other card of a pile's type shuffled into its draw
    pile from ``seed`` (the marker, unless given, drawn from the edge cards left); the base
    cards not in the base row out of the game. ``reshuffled`` names, for a draw pile made
    from reshuffled discards, the cards of that reshuffle (:attr:`SunState.standard_reshuffled`;
    every card the pile may hold is one of them). Raises :class:`PositionError` naming every
    problem (:func:`state_problems`) in one line."""
    if seed_problem(seed) is not None:
        raise PositionError(str(seed_problem(seed)))
    size = WIDTH_SIZES.get(pyramid.width)
    if size is None:
        raise PositionError(
            f"a base row of {pyramid.width} cards: a pyramid's base row holds 8, 9 or 10"
        )
    stream = SeededStream(f"{SEED_KEY}|{seed}|position")
    given = set(pyramid.cells) | set(standard_discards) | set(edge_discards)
    for hand in hands:
        given.update(hand)
    if marker is None:
        left = [c for c in deck.edge_ids if c not in given]
        marker = stream.child("marker").choice(left) if left else deck.edge_ids[0]
    given.add(marker)
    piles = {
        pile: tuple(stream.child(pile).shuffled([c for c in deck.pile_ids(pile) if c not in given]))
        for pile in PILES
    }
    removed = tuple(c for c in deck.base_ids if c not in given)
    shuffled = {
        pile: None if found is None else tuple(sorted(found))
        for pile in PILES
        for found in [(reshuffled or {}).get(pile)]
    }
    players = len(hands)
    state = SunState(
        deck=deck,
        size=size,
        pyramid=pyramid,
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        standard_pile=piles["standard"],
        edge_pile=piles["edge"],
        marker=marker,
        standard_discards=tuple(standard_discards),
        edge_discards=tuple(edge_discards),
        removed=removed,
        scores=tuple(scores) if scores is not None else (0,) * players,
        turn=turn,
        phase=Phase.CHOOSE,
        seed=seed,
        first=turn,
        standard_reshuffled=shuffled["standard"],
        edge_reshuffled=shuffled["edge"],
    )
    problems = state_problems(state)
    if problems:
        raise PositionError(first_problems(problems))
    return state


# --- random positions (tests, benchmarks) -----------------------------------------------------


def random_move(state: SunState, stream: SeededStream) -> Move:
    """A uniformly chosen legal move (the game must not be over)."""
    return stream.choice(legal_moves(state))


def random_position(
    seed: int,
    players: int = 3,
    size: str = "standard",
    *,
    deck: Deck | None = None,
    turns: int | None = None,
    hand: int | None = None,
) -> SunState:
    """A reachable mid-game state at the start of a turn (phase ``choose``), made by playing
    random legal moves through :func:`apply` from :func:`new_game` ``seed``.

    ``turns`` (default: drawn from the seed, 0 to 40) is how many turns are played first;
    without ``hand`` the moves are uniform, and when the game would end first the last turn
    start before the end is returned. With ``hand`` (0 to 5), play goes on to the first turn
    start whose player holds exactly that many cards (players short of it draw more often);
    a game that ends first is replayed with the next derived stream.
    """
    if hand is not None and not 0 <= hand <= HAND_LIMIT:
        raise SunSetupError(f"a hand holds 0 to {HAND_LIMIT} cards, not {hand}")
    table = load_deck() if deck is None else deck
    for attempt in range(100):
        key = f"{SEED_KEY}|{seed}|random-position|{players}|{size}"
        stream = SeededStream(key if attempt == 0 else f"{key}|{attempt}")
        target = stream.between(0, 40) if turns is None else turns
        state = new_game(table, players, size, seed)
        last = state
        started = 0
        while True:
            ready = state.phase is Phase.CHOOSE and started >= target
            if ready and (hand is None or len(state.hand) == hand):
                return state
            moves = legal_moves(state)
            move = stream.choice(moves)
            if hand is not None and state.phase is Phase.CHOOSE and len(state.hand) < hand:
                draws = [m for m in moves if isinstance(m, Draw)]
                if draws and stream.chance(3, 4):
                    move = stream.choice(draws)
            after = apply(state, move)
            if after.over:
                break
            if after.phase is Phase.CHOOSE:
                started += 1
                last = after
            state = after
        if hand is None:
            return last
    raise SunSetupError(f"no random position with a hand of {hand} from seed {seed}")


def determinized(state: SunState, seat: int, stream: SeededStream) -> SunState:
    """A state ``seat`` cannot tell from ``state``: the cards it cannot see (:func:`unseen`)
    dealt again at random between the draw piles and the other hands.

    What ``seat`` knows stays: its hand, the pyramid, the discards, the marker, the scores,
    every pile's size and every other hand's size by type (a hand's standard and edge cards
    are public knowledge: the deal, the piles drawn from, the cards laid and discarded). A
    pile reshuffled from discards is dealt only cards of that reshuffle (:func:`next_draw`);
    the other hands take the rest (which other seat drew which of them is not tracked). The
    seed becomes one drawn from ``stream``, so later reshuffles are not foreseen either.
    """
    hands = [list(hand) for hand in state.hands]
    piles: dict[PileName, tuple[int, ...]] = {}
    deck = state.deck
    for pile in PILES:
        mine = [
            [c for c in hand if deck[c].pile == pile] if other != seat else []
            for other, hand in enumerate(state.hands)
        ]
        held = [c for cards in mine for c in cards]
        size = len(state.pile(pile))
        shuffled = state.reshuffled(pile)
        if shuffled is None:
            dealt = stream.child(pile).shuffled(sorted([*state.pile(pile), *held]))
            piles[pile] = tuple(dealt[len(held) :])
        else:
            among = set(shuffled)
            fit = stream.child(pile).shuffled(
                sorted([*state.pile(pile), *(c for c in held if c in among)])
            )
            piles[pile] = tuple(fit[:size])
            dealt = stream.child(f"{pile}|hands").shuffled(
                sorted([*fit[size:], *(c for c in held if c not in among)])
            )
        for other, cards in enumerate(mine):
            if other == seat or not cards:
                continue
            kept = [c for c in hands[other] if deck[c].pile != pile]
            hands[other] = kept + dealt[: len(cards)]
            dealt = dealt[len(cards) :]
    return evolve(
        state,
        hands=tuple(tuple(sorted(hand)) for hand in hands),
        standard_pile=piles["standard"],
        edge_pile=piles["edge"],
        seed=stream.child("seed").below(2**63),
    )


def random_game(
    seed: int,
    players: int = 3,
    size: str = "standard",
    *,
    deck: Deck | None = None,
    max_moves: int = 10_000,
) -> Sequence[SunState]:
    """Every state of a game of uniformly random legal moves (``max_moves`` at most)."""
    table = load_deck() if deck is None else deck
    state = new_game(table, players, size, seed)
    stream = SeededStream(f"{SEED_KEY}|{seed}|random-game|{players}|{size}")
    states = [state]
    while not state.over and len(states) <= max_moves:
        state = apply(state, random_move(state, stream))
        states.append(state)
    return states
