"""The state file of ``silverpyr hint --state``: a player's view of a real game, in YAML or JSON.

:data:`STATE_TEMPLATE` is a commented example (``silverpyr hint --state-template`` prints
it, and a test reads it back as a valid state). Every key but ``round``, ``expedition``
and ``cards`` is optional:

* ``round``: the round being played (1-4).
* ``expedition``: the expedition card just revealed (``I2``, ``I3``, ``L3``, ``O4``,
  ``L4``, ``T4`` in the bundled deck).
* ``seen``: the cards revealed earlier this round, in order (default: none).
* ``cards``: your cards in play (one or two), each a ``number`` and its ``marks``, the
  cells marked so far as text (``A1 A2 B2``; empty or left out: no marks yet).
* ``sheet``: ``red``, ``green`` (gem boxes ticked, 0-10), ``skulls`` (skull boxes ticked,
  0-10), ``torches`` (the rounds whose torch box is ticked, e.g. ``[1, 2]``); all 0 or
  empty when left out.

Marks must be a legal area: no walls, the entrance included, orthogonally connected and
without the tomb (a completed card is replaced, so it is not in play). A ``.json`` file
is read as JSON with the same keys, anything else as YAML.

The sheet may also list ``completed`` (the card numbers you completed, in order) and
``pyramid_points`` (the values you claimed; by default the boxes your own completions
claimed). They matter to the expected final score, not to the marks.

**The other two decisions** (:func:`parse_view` reads all three):

* **keep** (setup): only ``dealt``, the four card numbers dealt to you, and optionally
  ``players`` (1-4; the other seats are played by greedy bots in the rollouts);
* **replacement**: the file of the turn in which you completed a card (``round``,
  ``expedition``, ``seen``, ``cards``: your *other* card in play, if any; ``sheet``), plus
  ``replace`` (the card just completed), ``offer`` (its card numbers, slot 1 first) and
  ``deck`` (cards left in the pyramid deck). Optional ``claimed`` maps a colour to the
  pyramid-point boxes already taken in it by anyone (default: those your own completions
  claimed).

Whether the parts make a table the rules can reach is the engine's question
(:func:`silverpyr.solver.silvergold.game.table`): this module reads the keys and reports the
engine's reason at the key of the part at fault. A state file describes your side of the
table only (Ruling R19 in docs/silvergold-rules.md: advice from it plays on without
opponents, but for ``players`` at setup).
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar

from ....solver.core.errors import SilverpyrError
from ....solver.core.reader import (
    MAX_FILE_BYTES,
    Field,
    Problem,
    Problems,
    ReadError,
    load_data,
    read_text,
)
from ....solver.silvergold.cards import Color, Deck, Expedition, PyramidCard, UnknownNameError
from ....solver.silvergold.cells import CellMask, parse_cell
from ....solver.silvergold.game import (
    DEALT_CARDS,
    MAX_PLAYERS,
    OFFER_SIZE,
    GameState,
    TableError,
    TablePart,
    TableParts,
    solo_claims,
    table,
)
from ....solver.silvergold.limits import MAX_CARDS_IN_PLAY
from ....solver.silvergold.position import CardState, Position
from ....solver.silvergold.sheet import GEM_CAP, PYRAMID_POINT_BOXES, ROUNDS, SKULL_CAP, Sheet
from ....solver.silvergold.situation import Situation
from .advice import Kind

STATE_TEMPLATE = """\
# A state file for `silverpyr hint --state FILE`: your view of a real game.
# Lines starting with # are comments. Required: round, expedition, cards.
round: 2              # the round being played (1-4)
expedition: L3        # the expedition card just revealed this turn
seen: [I3, O4]        # cards revealed earlier this round, in order ([] at its first turn)
cards:                # your cards in play (one or two), with the cells marked on them
  - number: 12
    marks: A1 A2 B2   # cells marked so far: the entrance first, connected, no walls
  - number: 30        # no marks yet: leave marks out (or write marks: "")
sheet:                # your score card (each key optional, 0 or empty when left out)
  red: 2              # red gem boxes ticked (0-10)
  green: 1            # green gem boxes ticked (0-10)
  skulls: 1           # skull boxes ticked (0-10)
  torches: [1]        # rounds whose torch box is ticked (not after the current round)
  completed: [21]     # cards you completed, in order (for the final-score forecast)
# For a replacement (you completed a card this turn), list your other card under
# cards and add:
#   replace: 12              # the card you just completed
#   offer: [5, 17, 33, 40]   # the offer, slot 1 first
#   deck: 18                 # cards left in the pyramid deck
# For the keep decision at setup, a file needs only:
#   dealt: [12, 30, 5, 44]   # the four cards dealt to you
#   players: 2               # players at the table (optional, default 1)
"""
"""A commented state file that reads as a valid state with the bundled deck."""
_KEYS = (
    "round",
    "expedition",
    "seen",
    "cards",
    "sheet",
    "dealt",
    "players",
    "replace",
    "offer",
    "deck",
    "claimed",
)
_KEEP_KEYS = ("dealt", "players")
_REPLACE_KEYS = ("replace", "offer", "deck", "claimed")
_CARD_KEYS = ("number", "marks")
_SHEET_KEYS = ("red", "green", "skulls", "torches", "completed", "pyramid_points")


class StateFileError(ReadError):
    """A state file that cannot be read or describes an impossible state (every problem)."""


@dataclass(frozen=True)
class StateView:
    """What a state file describes: the decision due and what advice on it needs."""

    kind: Kind
    situation: Situation | None = None
    """A mark decision: what the player knows (``None`` for keep and replacement)."""
    game: GameState | None = None
    """A keep or replacement decision as a game of one seat (or more at setup)."""
    pool: tuple[PyramidCard, ...] | None = None
    """The cards the hidden deck is drawn from (every card the player cannot see)."""


STDIN = Path("-")
"""``--state -``: the state is read from stdin (a pipe is refused as a path: it may never end)."""


def load_view(path: Path, deck: Deck) -> StateView:
    """Read the state file at ``path`` (``-``: stdin), whatever decision it describes."""
    if path == STDIN:
        return parse_view(_stdin_text(), deck, source="<stdin>")
    source = str(path)
    try:
        text = read_text(path, source=source)
    except ReadError as error:
        raise StateFileError(error.problems) from None
    return parse_view(text, deck, source=source, as_json=path.suffix.lower() == ".json")


def _stdin_text() -> str:
    """The state piped in on stdin, as UTF-8 text, at most the size of a state file."""
    data = sys.stdin.buffer.read(MAX_FILE_BYTES + 1)
    if len(data) > MAX_FILE_BYTES:
        raise StateFileError([Problem("<stdin>", f"more than {MAX_FILE_BYTES:,} bytes")])
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError:
        raise StateFileError([Problem("<stdin>", "not UTF-8 text")]) from None


def parse_state(
    text: str, deck: Deck, *, source: str = "<state>", as_json: bool = False
) -> Situation:
    """The :class:`~silverpyr.solver.silvergold.situation.Situation` a mark state file describes."""
    return _mark_only(parse_view(text, deck, source=source, as_json=as_json), source)


def parse_view(
    text: str, deck: Deck, *, source: str = "<state>", as_json: bool = False
) -> StateView:
    """The decision a state file describes: keep, mark or replacement."""
    problems = Problems(source)
    data = _load(text, problems, as_json=as_json)
    view = _read(Field.root(data, problems), deck) if not problems else None
    problems.raise_if_any(StateFileError)
    assert view is not None
    return view


def _mark_only(view: StateView, source: str) -> Situation:
    if view.situation is None:
        raise StateFileError(
            [Problem(source, f"this state describes a {view.kind.value} decision, not a mark")]
        )
    return view.situation


def _load(text: str, problems: Problems, *, as_json: bool) -> Any:
    try:
        return load_data(text, problems.source, as_json=as_json)
    except ReadError as error:
        problems.found.extend(error.problems)
        return None


def _read(top: Field, deck: Deck) -> StateView | None:
    """The view, or ``None`` after recording every problem found."""
    if not top.mapping(_KEYS, expected="a mapping of round, expedition, cards, ..."):
        return None
    if top.at("dealt").present:
        return _read_keep(top, deck)
    replacing = top.at("replace").present
    for key in (*_KEEP_KEYS, *_REPLACE_KEYS):
        if top.at(key).present and not replacing:
            which = "keep (with dealt)" if key in _KEEP_KEYS else "replacement (with replace)"
            top.at(key).fail(f"only for a {which} decision")
    problems = top.problems
    before = len(problems)
    round_number = top.at("round").integer(1, ROUNDS)
    expedition = _expedition(top.at("expedition"), deck)
    seen_field = top.at("seen")
    seen = [_expedition(item, deck) for item in seen_field.items()] if seen_field.present else []
    states: list[CardState] = []
    numbers: list[int] = []
    low, high = (0, MAX_CARDS_IN_PLAY - 1) if replacing else (1, MAX_CARDS_IN_PLAY)
    cards_field = top.at("cards")
    if not (replacing and cards_field.missing):
        for item in cards_field.items(low=low, high=high):
            state = _card(item, deck)
            if state is not None:
                states.append(state)
                numbers.append(state.card.number)
    if len(set(numbers)) != len(numbers):
        cards_field.fail("the same card is listed twice")
    sheet = _sheet(top.at("sheet"), round_number, deck)
    if len(problems) > before or round_number is None or expedition is None or sheet is None:
        return None
    try:
        situation = Situation(
            position=Position(tuple(states), sheet),
            round_number=round_number,
            expedition=expedition,
            seen=tuple(e for e in seen if e is not None),
            deck=deck.expedition_cards(),
        )
    except (SilverpyrError, ValueError) as error:
        problems.add(str(error))
        return None
    if replacing:
        return _read_replacement(top, deck, situation)
    if _table(top, deck, TableParts(situation=situation)) is None:
        return None
    return StateView(Kind.MARK, situation=situation)


_PLACES = {
    TablePart.PLAYERS: "players",
    TablePart.DEALT: "dealt",
    TablePart.CARDS: "",
    TablePart.COMPLETED: "replace",
    TablePart.OFFER: "offer",
    TablePart.DECK: "deck",
    TablePart.CLAIMS: "claimed",
}
"""Where each part of the engine's table is in a state file (``""``: the file as a whole)."""


def _table(top: Field, deck: Deck, parts: TableParts) -> GameState | None:
    """The engine's table of ``parts`` (:func:`~silverpyr.solver.silvergold.game.table`), or
    ``None``
    after recording its problem at the key of the part at fault."""
    try:
        return table(deck, parts)
    except TableError as error:
        place = _PLACES[error.part]
        (top.at(place) if place else top).fail(str(error))
        return None


def _read_keep(top: Field, deck: Deck) -> StateView | None:
    """Setup: the four cards dealt (and the players at the table)."""
    for key in _KEYS:
        if key not in _KEEP_KEYS and top.at(key).present:
            top.at(key).fail("a keep decision (with dealt) takes only dealt and players")
    players = top.at("players").integer(1, MAX_PLAYERS, 1)
    dealt = _card_numbers(top.at("dealt"), deck, low=DEALT_CARDS, high=DEALT_CARDS)
    if top.problems or dealt is None or players is None:
        return None
    parts = TableParts(players=players, dealt=tuple(deck.card(n) for n in dealt))
    game = _table(top, deck, parts)
    return None if game is None else StateView(Kind.KEEP, game=game)


def _read_replacement(top: Field, deck: Deck, situation: Situation) -> StateView | None:
    """A completed card to replace: the offer, the deck's size, the boxes claimed."""
    replace_field = top.at("replace")
    number = replace_field.whole()
    offer = _card_numbers(top.at("offer"), deck, low=0, high=OFFER_SIZE)
    count = top.at("deck").integer(0, len(deck.pyramids))
    if number is None or offer is None or count is None:
        return None
    completed = _looked_up(replace_field, deck.card, number)
    if completed is None:
        return None
    claimed = _claimed(top.at("claimed"))
    if top.problems:
        return None
    parts = TableParts(
        situation=situation,
        completed=completed,
        offer=tuple(deck.card(n) for n in offer),
        deck_size=count,
        claimed=claimed,
    )
    game = _table(top, deck, parts)
    if game is None:
        return None
    return StateView(Kind.REPLACEMENT, game=game, pool=game.out_of_sight(deck, 0))


def _claimed(field: Field) -> dict[Color, int] | None:
    """The pyramid-point boxes taken per colour (``None``: left out, or not readable)."""
    if field.missing:
        return None
    if not field.mapping([c.value for c in Color], expected="a mapping of colour to boxes"):
        return None
    taken = {}
    for color in Color:
        boxes = field.at(color.value).integer(0, len(PYRAMID_POINT_BOXES), 0)
        if boxes is None:
            return None
        taken[color] = boxes
    return taken


def _card_numbers(field: Field, deck: Deck, *, low: int, high: int) -> list[int] | None:
    """Distinct card numbers of ``deck``, ``low`` to ``high`` of them."""
    numbers = []
    items = field.items(low=low, high=high, what="a list of card numbers")
    if not isinstance(field.value, list) or len(items) != len(field.value):
        return None
    for item in items:
        number = item.whole()
        if number is None or _looked_up(item, deck.card, number) is None:
            return None
        numbers.append(number)
    if len(set(numbers)) != len(numbers):
        field.fail("the same card is listed twice")
        return None
    return numbers


def _expedition(field: Field, deck: Deck) -> Expedition | None:
    name = field.text(what="an expedition card name, e.g. L3")
    if name is None:
        return None
    return _looked_up(field, deck.expedition, name)


K = TypeVar("K")
V = TypeVar("V")


def _looked_up(field: Field, find: Callable[[K], V], key: K) -> V | None:
    """``find(key)``: the deck's card or expedition of that number or name; ``None``, with
    ``field`` failed saying why, when the deck has none."""
    try:
        return find(key)
    except UnknownNameError as error:
        field.fail(str(error))
        return None


def _card(item: Field, deck: Deck) -> CardState | None:
    """A card in play with its marks, checked to be an area the rules can produce."""
    if not item.mapping(_CARD_KEYS, expected="a mapping of number, marks"):
        return None
    number_field = item.at("number")
    number = number_field.whole()
    marks = item.at("marks").text("", what="cells as text, e.g. A1 A2 B2")
    if number is None or marks is None:
        return None
    card = _looked_up(number_field, deck.card, number)
    if card is None:
        return None
    marked: CellMask = 0
    for token in marks.replace(",", " ").split():
        try:
            marked |= 1 << parse_cell(token)
        except ValueError as error:
            item.at("marks").fail(str(error))
            return None
    state = CardState(card, marked)
    problem = state.why_unreachable()
    if problem:
        item.problems.add(problem, f"card {number}")
        return None
    return state


def _sheet(field: Field, round_number: int | None, deck: Deck) -> Sheet | None:
    if field.missing:
        return Sheet()
    if not field.mapping(_SHEET_KEYS, expected="a mapping of red, green, skulls, torches"):
        return None
    completed: list[int] | None = []
    if not field.at("completed").missing:
        completed = _card_numbers(field.at("completed"), deck, low=0, high=len(deck.pyramids))
    points: list[int | None] = []
    if not field.at("pyramid_points").missing:
        points = [
            item.integer(1, max(PYRAMID_POINT_BOXES))
            for item in field.at("pyramid_points").items(what="a list of points")
        ]
    red = field.at("red").integer(0, GEM_CAP, 0)
    green = field.at("green").integer(0, GEM_CAP, 0)
    skulls = field.at("skulls").integer(0, SKULL_CAP, 0)
    torches_field = field.at("torches")
    torches: list[int | None] = []
    if not torches_field.missing:
        torches = [item.integer(1, ROUNDS) for item in torches_field.items(what="a list of rounds")]
    ticked = {r for r in torches if r is not None}
    if round_number is not None:
        for torch_round in sorted(ticked):
            if torch_round > round_number:
                torches_field.fail(f"round {torch_round} cannot be ticked in round {round_number}")
    if red is None or green is None or skulls is None or None in torches:
        return None
    if completed is None or None in points:
        return None
    sheet = Sheet(
        red=red,
        green=green,
        skulls=skulls,
        torches=tuple(r + 1 in ticked for r in range(ROUNDS)),
        completed=tuple(deck.card(n) for n in completed),
    )
    if field.at("pyramid_points").missing:
        claimed = tuple(points for _, points in solo_claims(sheet.completed))
    else:
        claimed = tuple(p for p in points if p is not None)
    return replace(sheet, pyramid_points=claimed)
