"""The state file of ``silverpyr hint --state``: a player's view of a real game, in YAML or JSON.

Example (every key but ``round``, ``expedition`` and ``cards`` is optional)::

    round: 2              # the round being played (1-4)
    expedition: L3        # the expedition card just revealed
    seen: [I3, O4]        # cards revealed earlier this round, in order
    cards:                # your cards in play, with the cells marked on them
      - number: 12
        marks: A1 A2 B2
      - number: 30        # no marks yet
    sheet:
      red: 2              # gem boxes ticked (0-10)
      green: 1
      skulls: 1           # skull boxes ticked (0-10)
      torches: [1]        # rounds whose torch box is ticked

Marks must be a legal area: no walls, the entrance included, orthogonally connected and
without the tomb (a completed card is replaced, so it is not in play).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from ...solver.cards import Deck, PyramidCard
from ...solver.cells import CellMask, parse_cell
from ...solver.errors import SilverpyrError
from ...solver.position import CardState, Position
from ...solver.sheet import GEM_CAP, ROUNDS, SKULL_CAP, Sheet
from ...solver.situation import Situation, SituationError

MAX_CARDS_IN_PLAY = 2


class StateFileError(SilverpyrError, ValueError):
    """A state file that cannot be read or describes an impossible state."""


class _SheetModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    red: int = Field(default=0, ge=0, le=GEM_CAP)
    green: int = Field(default=0, ge=0, le=GEM_CAP)
    skulls: int = Field(default=0, ge=0, le=SKULL_CAP)
    torches: list[int] = Field(default_factory=list)


class _CardModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    number: int
    marks: str = ""


class _StateModel(BaseModel):
    model_config = ConfigDict(extra="forbid")

    round: int = Field(ge=1, le=ROUNDS)
    expedition: str
    seen: list[str] = Field(default_factory=list)
    cards: list[_CardModel] = Field(min_length=1, max_length=MAX_CARDS_IN_PLAY)
    sheet: _SheetModel = _SheetModel()


def load_state(path: Path, deck: Deck) -> Situation:
    """Read the state file at ``path`` (``.json`` as JSON, anything else as YAML)."""
    text = path.read_text(encoding="utf-8")
    return parse_state(text, deck, source=str(path), as_json=path.suffix.lower() == ".json")


def parse_state(
    text: str, deck: Deck, *, source: str = "<state>", as_json: bool = False
) -> Situation:
    """The :class:`~silverpyr.puzzles.uncertain.Situation` a state file describes."""
    data = _load(text, source, as_json=as_json)
    try:
        model = _StateModel.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "top level"
        raise StateFileError(f"{source}: {where}: {first['msg']}") from None
    try:
        return _situation(model, deck)
    except (SilverpyrError, ValueError) as error:
        raise StateFileError(f"{source}: {error}") from None


def _load(text: str, source: str, *, as_json: bool) -> Any:
    if as_json:
        try:
            return json.loads(text)
        except json.JSONDecodeError as error:
            raise StateFileError(f"{source}: not valid JSON: {error}") from None
    import yaml

    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as error:
        raise StateFileError(f"{source}: not valid YAML: {error}") from None


def _situation(model: _StateModel, deck: Deck) -> Situation:
    for torch_round in model.sheet.torches:
        if not 1 <= torch_round <= model.round:
            raise SituationError(
                f"sheet.torches: round {torch_round} cannot be ticked in round {model.round}"
            )
    numbers = [card.number for card in model.cards]
    if len(set(numbers)) != len(numbers):
        raise SituationError("cards: the same card is listed twice")
    states = tuple(_card_state(deck.card(card.number), card.marks) for card in model.cards)
    sheet = Sheet(
        red=model.sheet.red,
        green=model.sheet.green,
        skulls=model.sheet.skulls,
        torches=tuple(r + 1 in model.sheet.torches for r in range(ROUNDS)),
    )
    return Situation(
        position=Position(states, sheet),
        round_number=model.round,
        expedition=deck.expedition(model.expedition),
        seen=tuple(deck.expedition(name) for name in model.seen),
        deck=deck.expedition_cards(),
    )


def _card_state(card: PyramidCard, marks: str) -> CardState:
    """``card`` with ``marks`` marked, checked to be an area the rules can produce."""
    marked: CellMask = 0
    for token in marks.replace(",", " ").split():
        marked |= 1 << parse_cell(token)
    state = CardState(card, marked)
    problem = state.why_unreachable()
    if problem:
        raise SituationError(f"card {card.number}: {problem}")
    return state
