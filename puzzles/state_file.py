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
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ..solver.cards import Deck, Expedition, UnknownNameError
from ..solver.cells import CellMask, parse_cell
from ..solver.errors import SilverpyrError
from ..solver.limits import MAX_CARDS_IN_PLAY
from ..solver.position import CardState, Position
from ..solver.reader import Field, Problems, ReadError, load_data, read_text
from ..solver.sheet import GEM_CAP, ROUNDS, SKULL_CAP, Sheet
from ..solver.situation import Situation

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
"""
"""A commented state file that reads as a valid state with the bundled deck."""
_KEYS = ("round", "expedition", "seen", "cards", "sheet")
_CARD_KEYS = ("number", "marks")
_SHEET_KEYS = ("red", "green", "skulls", "torches")


class StateFileError(ReadError):
    """A state file that cannot be read or describes an impossible state (every problem)."""


def load_state(path: Path, deck: Deck) -> Situation:
    """Read the state file at ``path`` (``.json`` as JSON, anything else as YAML)."""
    source = str(path)
    try:
        text = read_text(path, source=source)
    except ReadError as error:
        raise StateFileError(error.problems) from None
    return parse_state(text, deck, source=source, as_json=path.suffix.lower() == ".json")


def parse_state(
    text: str, deck: Deck, *, source: str = "<state>", as_json: bool = False
) -> Situation:
    """The :class:`~silverpyr.solver.situation.Situation` a state file describes."""
    problems = Problems(source)
    data = _load(text, problems, as_json=as_json)
    situation = _read(Field.root(data, problems), deck) if not problems else None
    problems.raise_if_any(StateFileError)
    assert situation is not None
    return situation


def _load(text: str, problems: Problems, *, as_json: bool) -> Any:
    try:
        return load_data(text, problems.source, as_json=as_json)
    except ReadError as error:
        problems.found.extend(error.problems)
        return None


def _read(top: Field, deck: Deck) -> Situation | None:
    """The situation, or ``None`` after recording every problem found."""
    problems = top.problems
    before = len(problems)
    if not top.mapping(_KEYS, expected="a mapping of round, expedition, cards, ..."):
        return None
    round_number = top.at("round").integer(1, ROUNDS)
    expedition = _expedition(top.at("expedition"), deck)
    seen_field = top.at("seen")
    seen = [_expedition(item, deck) for item in seen_field.items()] if seen_field.present else []
    states: list[CardState] = []
    numbers: list[int] = []
    for item in top.at("cards").items(low=1, high=MAX_CARDS_IN_PLAY):
        state = _card(item, deck)
        if state is not None:
            states.append(state)
            numbers.append(state.card.number)
    if len(set(numbers)) != len(numbers):
        top.at("cards").fail("the same card is listed twice")
    sheet = _sheet(top.at("sheet"), round_number)
    if len(problems) > before or round_number is None or expedition is None or sheet is None:
        return None
    try:
        return Situation(
            position=Position(tuple(states), sheet),
            round_number=round_number,
            expedition=expedition,
            seen=tuple(e for e in seen if e is not None),
            deck=deck.expedition_cards(),
        )
    except (SilverpyrError, ValueError) as error:
        problems.add(str(error))
        return None


def _expedition(field: Field, deck: Deck) -> Expedition | None:
    name = field.text(what="an expedition card name, e.g. L3")
    if name is None:
        return None
    try:
        return deck.expedition(name)
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
    try:
        card = deck.card(number)
    except UnknownNameError as error:
        number_field.fail(str(error))
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


def _sheet(field: Field, round_number: int | None) -> Sheet | None:
    if field.missing:
        return Sheet()
    if not field.mapping(_SHEET_KEYS, expected="a mapping of red, green, skulls, torches"):
        return None
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
    return Sheet(
        red=red,
        green=green,
        skulls=skulls,
        torches=tuple(r + 1 in ticked for r in range(ROUNDS)),
    )
