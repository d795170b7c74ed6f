"""Position files of *Pyramid of the Sun*: a seat's view of a game at the start of its turn,
in YAML or JSON, for ``silverpyr sun solve --position FILE`` (docs/sun-position.md).

A position names what every player can see: the pyramid size, the cards placed above the
base row (by slot, in the engine's slot notation ``1c``), the hand of the seat to move,
the discards, the marker card, the players, their scores and hand sizes, whose turn it
is. The order of the draw piles is not part of a position: the best-turn search needs only
the cards the seat has not seen (:func:`~.game.unseen`), so :meth:`Position.state` lays
the unseen cards out in a fixed order (the search never looks at it).

Reading goes through the strict reader (:mod:`silverpyr.solver.core.reader`): every problem is
recorded with the file and the key (``hand[2]``, ``pyramid.2c``), and one
:class:`PositionFileError` lists them all. A position the rules could not reach is refused
with the engine's reason: each placed card is checked by :func:`~.game.why_illegal` as if
it were played on the pyramid below it (a card resting on one card, an edge card inside a
row, a top card below the top), a card named twice, more cards of a label than the deck
holds, a filled top (the game would be over).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from ..core.reader import (
    Field,
    PositionFileError,
    parse_whole,
    read_checked,
    read_file_text,
)
from .bestturn import DEFAULT_TIME_LIMIT, BestTurn, best_turn
from .cards import PILES, CardTextError, Deck, PileName, load_deck
from .game import (
    HAND_LIMIT,
    MAX_PLAYERS,
    MIN_PLAYERS,
    SIZES,
    Phase,
    Place,
    PositionError,
    SunState,
    new_game,
    position,
    why_illegal,
)
from .pyramid import EMPTY, Pyramid, Slot, SlotTextError, parse_slot

MAX_SCORE = 9_999
"""The highest score a position may give (no game comes near it)."""

_KEYS = (
    "size",
    "players",
    "turn",
    "scores",
    "hand",
    "hand_sizes",
    "pyramid",
    "discards",
    "marker",
    "piles",
    "reshuffled",
)

POSITION_TEMPLATE = """\
# A Pyramid of the Sun position for `silverpyr sun solve --position FILE`: what the
# player to move can see at the start of a turn. Lines starting with # are comments.
# Cards are named as `silverpyr sun cards list` shows them (S4-sun, E3, T8, E2-moon-L)
# or by id (#17). Required: size, players, hand, marker. The rest is optional.
size: standard          # short (base row of 8 cards), standard (9) or long (10)
players: 3              # 2 to 5
turn: 0                 # the seat to move, counted from 0 (default 0)
hand: [S4-serpent, S6, E4, S5]   # the hand of the seat to move (0 to 5 cards)
hand_sizes: [4, 4, 3]   # cards in each seat's hand (default: 4 for the others)
scores: [6, 9, 4]       # points of each seat (default: all 0)
marker: E2              # the face-up edge card under the edge pile (never drawn)
pyramid:                # the cards above the base row, by slot: level and position letter
  1a: E2-sun            # (1a is level 1's left end; the base row, level 0, is implied)
  1b: S3-sun
  1c: S1-moon
  1d: S2-jaguar
  2a: E4-moon           # a card rests on the two below it: 2a on 1a and 1b
  2b: S2-sun
discards:               # the discard piles, oldest first (default: empty)
  standard: [S1-sun]
  edge: []
# piles:                # cards left in the draw piles (default: every card out of sight
#   standard: 20        # that is not in the other hands; the others hold standard cards)
#   edge: 18
# reshuffled:           # a draw pile made from reshuffled discards: the cards of that
#   edge: [E3, E5-sun]  # reshuffle not seen since (the pile holds only cards of these)
"""
"""A commented position that reads as a valid position with the bundled deck."""


def position_template() -> str:
    """A commented, valid example position (``silverpyr sun solve --position-template``)."""
    return POSITION_TEMPLATE


@dataclass(frozen=True)
class Position:
    """A checked position: a seat's view at the start of its turn, and the engine state."""

    size: str
    players: int
    turn: int
    hand: tuple[int, ...]
    """The hand of the seat to move (card ids)."""
    hand_sizes: tuple[int, ...]
    scores: tuple[int, ...]
    marker: int
    state: SunState
    """The position as an engine state in phase ``choose``: the other hands and the piles
    are one layout of the cards the seat cannot see (which the search never reads)."""
    source: str = ""


def load_position(path: str | Path, deck: Deck | None = None) -> Position:
    """Read the position file at ``path`` (``.json`` as JSON, anything else as YAML)."""
    text, source, as_json = read_file_text(path, PositionFileError)
    return parse_position(text, deck, source=source, as_json=as_json)


def parse_position(
    text: str, deck: Deck | None = None, *, source: str = "<position>", as_json: bool = False
) -> Position:
    """The position a file's text describes (the bundled deck when ``deck`` is None)."""
    cards = load_deck() if deck is None else deck
    return read_checked(
        text, lambda top: _read(top, cards), PositionFileError, source=source, as_json=as_json
    )


class _Names:
    """Card names resolved to ids, each physical card at most once."""

    def __init__(self, deck: Deck) -> None:
        self.deck = deck
        self.used: dict[int, str] = {}

    def take(self, field: Field, allowed: tuple[str, ...], what: str) -> int | None:
        text = field.text(what=f"a card ({what})")
        if text is None:
            return None
        try:
            card = self.deck.parse_card(text)
        except CardTextError as error:
            field.fail(str(error))
            return None
        if parse_whole(text.strip().removeprefix("#")) is None:
            # a label: the lowest id of that label not named yet
            free = [c for c in self.deck.with_label(card.label) if c.id not in self.used]
            if not free:
                copies = len(self.deck.with_label(card.label))
                field.fail(
                    f"{card.label} is named more often than the deck holds it "
                    f"({copies} cop{'y' if copies == 1 else 'ies'})"
                )
                return None
            card = free[0]
        elif card.id in self.used:
            field.fail(f"#{card.id} is also named at {self.used[card.id]}: a card is in one place")
            return None
        if card.kind not in allowed:
            field.fail(f"{card.label} is a {card.kind} card; {what}")
            return None
        self.used[card.id] = field.where
        return card.id


def _read(top: Field, deck: Deck) -> Position | None:
    """The position, or ``None`` after recording every problem found."""
    if not top.mapping(_KEYS, expected="a mapping of size, players, hand, marker, ..."):
        return None
    problems = top.problems
    before = len(problems)
    size = top.at("size").text(what="a pyramid size: short, standard or long")
    if size is not None and size not in SIZES:
        top.at("size").fail(f"{size!r} is not a pyramid size (short, standard or long)")
        size = None
    players = top.at("players").integer(MIN_PLAYERS, MAX_PLAYERS)
    seats = players if players is not None else MAX_PLAYERS
    turn = top.at("turn").integer(0, seats - 1, default=0)
    scores = _numbers(top.at("scores"), seats, players, MAX_SCORE, default=0)
    names = _Names(deck)
    # the pyramid first: its cards are where they are; then the hand, discards, marker
    placed = _pyramid_cards(top.at("pyramid"), size, names) if size is not None else {}
    hand_field = top.at("hand")
    hand = [
        names.take(item, ("standard", "edge", "top"), "a hand holds standard, edge and top cards")
        for item in hand_field.items(high=HAND_LIMIT, what=f"a list of 0 to {HAND_LIMIT} cards")
    ]
    discards = _discards(top.at("discards"), names)
    reshuffled = _discards(top.at("reshuffled"), names, "reshuffled cards")
    marker = names.take(top.at("marker"), ("edge", "top"), "the marker is an edge or top card")
    sizes_field = top.at("hand_sizes")
    hand_sizes = _numbers(sizes_field, seats, players, HAND_LIMIT, default=4)
    if len(problems) > before or None in hand or marker is None or reshuffled is None:
        return None
    assert size is not None and players is not None and turn is not None
    assert scores is not None and hand_sizes is not None and discards is not None
    if sizes_field.present and hand_sizes[turn] != len(hand):
        sizes_field.fail(
            f"seat {turn} (to move) holds the {len(hand)} cards under hand, not {hand_sizes[turn]}"
        )
        return None
    hand_sizes = (*hand_sizes[:turn], len(hand), *hand_sizes[turn + 1 :])
    start = new_game(deck, players, size, 0)
    pyramid = _build_pyramid(top.at("pyramid"), start, placed)
    if pyramid is None:
        return None
    cards = tuple(sorted(c for c in hand if c is not None))
    return _lay_out(
        top,
        deck,
        pyramid,
        players,
        size,
        turn,
        scores,
        cards,
        hand_sizes,
        discards,
        marker,
        {
            pile: found
            for pile, found in reshuffled.items()
            if top.at("reshuffled").at(pile).present
        },
    )


def _numbers(
    field: Field, seats: int, players: int | None, high: int, *, default: int
) -> tuple[int, ...] | None:
    """A list of one whole number per seat (``default`` each when absent)."""
    if field.missing:
        return (default,) * seats
    items = field.items(what=f"a list of {seats} whole numbers, one per seat")
    if not isinstance(field.value, list):
        return None  # items() told why
    if players is not None and len(items) != players:
        field.fail(f"expected one number per seat ({players}), not {len(items)}")
        return None
    values = [item.integer(0, high) for item in items]
    if any(v is None for v in values):
        return None
    return tuple(v for v in values if v is not None)


def _pyramid_cards(field: Field, size: str, names: _Names) -> dict[Slot, int]:
    """The cards named under ``pyramid``, by slot (every slot text and card checked)."""
    placed: dict[Slot, int] = {}
    width = SIZES[size] + 2
    for key, where in field.pairs("a mapping of slot (such as 1c) to card"):
        try:
            slot = parse_slot(str(key), width)
        except SlotTextError as error:
            where.fail(str(error))
            continue
        if slot.level == 0:
            where.fail("the base row (level 0) is laid by the setup: list levels 1 and up")
            continue
        card = names.take(
            where,
            ("standard", "edge", "top"),
            "the pyramid above the base row holds standard, edge and top cards",
        )
        if card is not None:
            placed[slot] = card
    return placed


def _build_pyramid(field: Field, start: SunState, placed: dict[Slot, int]) -> Pyramid | None:
    """The pyramid with ``placed`` on the setup's base row, each card checked by the
    engine as if played on the pyramid below it (lowest levels first)."""
    state = start
    pyramid = start.pyramid
    top = pyramid.top
    for slot in sorted(placed):
        where = Field(placed[slot], f"{field.where}.{slot}", field.problems)
        if slot == top:
            where.fail("the top is placed: the game is over, there is no turn to play")
            return None
        card = placed[slot]
        trial = replace(
            state,
            pyramid=pyramid,
            hands=((card,), *state.hands[1:]),
            turn=0,
            phase=Phase.CHOOSE,
        )
        reason = why_illegal(trial, Place(card, slot))
        if reason is not None:
            where.fail(f"no game reaches this: {reason}")
            return None
        pyramid = pyramid.place(slot, card)
    return pyramid


def _discards(
    field: Field, names: _Names, what_lists: str = "discards"
) -> dict[PileName, tuple[int, ...]] | None:
    """A mapping of standard and edge card lists (``discards``, or ``reshuffled``: the
    cards each pile's reshuffle may hold), each card of its pile's type."""
    result: dict[PileName, tuple[int, ...]] = {"standard": (), "edge": ()}
    if field.missing:
        return result
    if not field.mapping(PILES, expected=f"a mapping of standard and edge {what_lists}"):
        return None
    ok = True
    for pile in PILES:
        entry = field.at(pile)
        if entry.missing:
            continue
        allowed: tuple[str, ...] = ("standard",) if pile == "standard" else ("edge", "top")
        what = (
            f"the standard {what_lists} are standard cards"
            if pile == "standard"
            else f"the edge {what_lists} are edge and top cards"
        )
        cards = [names.take(item, allowed, what) for item in entry.items(what="a list of cards")]
        if None in cards:
            ok = False
        result[pile] = tuple(c for c in cards if c is not None)
    return result if ok else None


def _lay_out(
    top: Field,
    deck: Deck,
    pyramid: Pyramid,
    players: int,
    size: str,
    turn: int,
    scores: tuple[int, ...],
    hand: tuple[int, ...],
    hand_sizes: tuple[int, ...],
    discards: dict[PileName, tuple[int, ...]],
    marker: int,
    reshuffled: dict[PileName, tuple[int, ...]],
) -> Position | None:
    """The unseen cards laid out as piles and the other hands (``piles`` checked); a
    reshuffled pile holds only cards of its reshuffle."""
    seen = {c for c in pyramid.cells if c != EMPTY}
    seen.update(hand, discards["standard"], discards["edge"], (marker,))
    rest: dict[PileName, list[int]] = {}
    for pile in PILES:
        among = reshuffled.get(pile)
        hidden = [c for c in deck.pile_ids(pile) if c not in seen]
        # a reshuffled pile's cards first: the piles take from the front, the hands the rest
        rest[pile] = [c for c in hidden if among is None or c in among] + [
            c for c in hidden if among is not None and c not in among
        ]
    others_total = sum(hand_sizes) - len(hand)
    out_of_sight = len(rest["standard"]) + len(rest["edge"])
    piles_field = top.at("piles")
    if piles_field.missing:
        in_others = {"standard": min(others_total, len(rest["standard"]))}
        in_others["edge"] = others_total - in_others["standard"]
        if in_others["edge"] > len(rest["edge"]):
            top.at("hand_sizes").fail(
                f"the other seats hold {others_total} cards, but only {out_of_sight} are out "
                "of sight"
            )
            return None
        sizes = {pile: len(rest[pile]) - in_others[pile] for pile in PILES}
    else:
        if not piles_field.mapping(PILES, expected="a mapping of standard and edge pile sizes"):
            return None
        read = {pile: piles_field.at(pile).integer(0, len(rest[pile])) for pile in PILES}
        if read["standard"] is None or read["edge"] is None:
            return None
        sizes = {"standard": read["standard"], "edge": read["edge"]}
        if out_of_sight - sizes["standard"] - sizes["edge"] != others_total:
            piles_field.fail(
                f"{out_of_sight} cards are out of sight: the piles ({sizes['standard']} + "
                f"{sizes['edge']}) and the other hands ({others_total}) must hold them all"
            )
            return None
    for pile, shuffled in reshuffled.items():
        if sizes[pile] > len(shuffled):
            top.at("reshuffled").at(pile).fail(
                f"the {pile} pile holds {sizes[pile]} cards, more than the {len(shuffled)} of "
                "its reshuffle out of sight (the pile holds only those; the other hands the rest)"
            )
            return None
    # the other hands take the unseen cards the piles do not hold (lowest ids first)
    hidden = rest["standard"][sizes["standard"] :] + rest["edge"][sizes["edge"] :]
    hands: list[tuple[int, ...]] = []
    for seat in range(players):
        if seat == turn:
            hands.append(hand)
            continue
        count = hand_sizes[seat]
        hands.append(tuple(sorted(hidden[:count])))
        hidden = hidden[count:]
    try:
        state = position(
            deck,
            pyramid,
            hands,
            turn,
            scores=scores,
            standard_discards=discards["standard"],
            edge_discards=discards["edge"],
            marker=marker,
            reshuffled=reshuffled,
        )
    except PositionError as error:
        top.fail(f"no game reaches this position: {error}")
        return None
    return Position(
        size=size,
        players=players,
        turn=turn,
        hand=hand,
        hand_sizes=hand_sizes,
        scores=scores,
        marker=marker,
        state=state,
        source=top.problems.source,
    )


def solve_position(position: Position, *, time_limit: float = DEFAULT_TIME_LIMIT) -> BestTurn:
    """The best turn of the seat to move in ``position`` (``silverpyr sun solve``):
    :func:`~.bestturn.best_turn` on the position's state."""
    return best_turn(position.state, time_limit=time_limit)
