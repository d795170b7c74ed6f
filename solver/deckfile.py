"""Load and validate a card file (``data/cards.yaml`` or a player's own).

:func:`load_deck` returns a :class:`~.cards.Deck` or raises :class:`DeckFileError` holding
every problem found, each naming the file, the card or expedition, and the row and column.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass
from importlib import resources
from pathlib import Path
from typing import Any, Literal

import yaml
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from .cards import STANDARD_EXPEDITIONS, Color, Deck, Expedition, PyramidCard, Room, Symbol
from .errors import SilverpyrError
from .cells import COLUMN_NAMES, NEIGHBOUR_MASKS, SIZE, cells_of, row_of

CARDS_PER_COLOR = 16
BUNDLED_CARD_COUNT = 48
MAX_CARD_NUMBER = 48
_NAME_RE = re.compile(r"^[A-Z][A-Z0-9]{0,7}$")


def bundled_deck_path() -> Path:
    """Path of the deck shipped with silverpyr (``data/cards.yaml``)."""
    return Path(str(resources.files("silverpyr.solver").joinpath("..", "data", "cards.yaml")))


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a card file, and where."""

    file: str
    message: str
    where: str = ""

    def __str__(self) -> str:
        return f"{self.file}: {self.where}: {self.message}" if self.where else f"{self.file}: {self.message}"


class DeckFileError(SilverpyrError, ValueError):
    """A card file could not be loaded; ``problems`` lists everything wrong with it."""

    def __init__(self, problems: list[Problem]) -> None:
        self.problems = problems
        more = f" (and {len(problems) - 1} more problems)" if len(problems) > 1 else ""
        super().__init__(f"{problems[0]}{more}")


class _Strict(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class _ExpeditionEntry(_Strict):
    name: str
    count: int = Field(ge=1, le=8)
    pattern: list[str] = Field(min_length=1)


class _PyramidEntry(_Strict):
    number: int
    color: str
    room: list[str]


class _DeckFile(_Strict):
    format: Literal[1]
    expeditions: list[Any] | None = None
    pyramids: list[Any]


def load_deck(path: str | Path | None = None) -> Deck:
    """Load the card file at ``path`` (the bundled deck when ``None``)."""
    deck, problems = check_deck_file(path)
    if problems or deck is None:
        raise DeckFileError(problems)
    return deck


def check_deck_file(path: str | Path | None = None) -> tuple[Deck | None, list[Problem]]:
    """Validate a card file; return the deck (``None`` if unusable) and every problem found."""
    bundled = path is None
    file_path = bundled_deck_path() if path is None else Path(path)
    name = "cards.yaml (bundled)" if bundled else str(path)
    problems: list[Problem] = []
    raw = _read_yaml(file_path, name, problems)
    if raw is None:
        return None, problems
    try:
        top = _DeckFile.model_validate(raw)
    except ValidationError as error:
        problems.extend(_pydantic_problems(name, "", error))
        return None, problems

    expeditions = _check_expeditions(name, top.expeditions, problems)
    pyramids = _check_pyramids(name, top.pyramids, problems)
    if bundled:
        _check_bundled_counts(name, pyramids, problems)
    if problems:
        return None, problems
    return Deck(tuple(pyramids), expeditions, source=name), []


def _read_yaml(path: Path, name: str, problems: list[Problem]) -> Any:
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        problems.append(Problem(name, "no such file"))
        return None
    except (OSError, UnicodeDecodeError) as error:
        problems.append(Problem(name, f"cannot read: {error}"))
        return None
    try:
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
        data = yaml.load(text, Loader=loader)  # noqa: S506 - a safe loader
    except yaml.YAMLError as error:
        mark = getattr(error, "problem_mark", None)
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark else ""
        reason = getattr(error, "problem", None) or str(error).splitlines()[0]
        problems.append(Problem(name, f"not valid YAML: {reason}", where))
        return None
    if not isinstance(data, dict):
        problems.append(Problem(name, "expected a mapping with 'format' and 'pyramids' at the top"))
        return None
    return data


def _pydantic_problems(name: str, where: str, error: ValidationError) -> list[Problem]:
    problems = []
    for detail in error.errors():
        field = ".".join(str(part) for part in detail["loc"])
        place = ", ".join(p for p in (where, f"field '{field}'" if field else "") if p)
        problems.append(Problem(name, detail["msg"], place))
    return problems


def _check_expeditions(
    name: str, entries: list[Any] | None, problems: list[Problem]
) -> tuple[Expedition, ...]:
    if entries is None:
        return STANDARD_EXPEDITIONS
    result: list[Expedition] = []
    seen: set[str] = set()
    for index, entry in enumerate(entries, start=1):
        label = entry.get("name") if isinstance(entry, dict) else None
        where = f"expedition {label}" if isinstance(label, str) else f"expedition #{index}"
        try:
            parsed = _ExpeditionEntry.model_validate(entry)
        except ValidationError as error:
            problems.extend(_pydantic_problems(name, where, error))
            continue
        ok = True
        if not _NAME_RE.match(parsed.name):
            problems.append(
                Problem(name, f"unknown expedition name {parsed.name!r}: use up to 8 capitals "
                        "and digits, starting with a letter (e.g. L4)", where)
            )
            ok = False
        elif parsed.name in seen:
            problems.append(Problem(name, f"duplicate expedition name {parsed.name!r}", where))
            ok = False
        seen.add(parsed.name)
        ok = _check_pattern(name, where, parsed.pattern, problems) and ok
        if ok:
            result.append(Expedition.from_pattern(parsed.name, parsed.count, parsed.pattern))
    total = sum(e.count for e in result)
    if result and total < 7:
        problems.append(Problem(name, f"the expedition deck holds {total} cards; a round reveals 7"))
    elif not result and not problems:
        problems.append(Problem(name, "the expedition list is empty"))
    return tuple(result)


def _check_pattern(name: str, where: str, pattern: list[str], problems: list[Problem]) -> bool:
    cells = set()
    for r, row in enumerate(pattern):
        for c, ch in enumerate(row):
            if ch == "X":
                cells.add((r, c))
            elif ch != ".":
                problems.append(
                    Problem(name, f"pattern has {ch!r}; use 'X' for a cell and '.' for a gap",
                            f"{where}, pattern row {r + 1}, column {c + 1}")
                )
                return False
    if not cells:
        problems.append(Problem(name, "pattern has no cell", where))
        return False
    if len(cells) > SIZE * SIZE or max(r for r, _ in cells) >= SIZE or max(c for _, c in cells) >= SIZE:
        problems.append(Problem(name, "pattern does not fit in a 5x5 room", where))
        return False
    start = min(cells)
    reached = {start}
    frontier = [start]
    while frontier:
        r, c = frontier.pop()
        for step in ((r + 1, c), (r - 1, c), (r, c + 1), (r, c - 1)):
            if step in cells and step not in reached:
                reached.add(step)
                frontier.append(step)
    if reached != cells:
        problems.append(Problem(name, "pattern is not one connected polyomino", where))
        return False
    return True


def _check_pyramids(name: str, entries: list[Any], problems: list[Problem]) -> list[PyramidCard]:
    cards: list[PyramidCard] = []
    numbers: Counter[int] = Counter()
    colors = ", ".join(c.value for c in Color)
    for index, entry in enumerate(entries, start=1):
        number = entry.get("number") if isinstance(entry, dict) else None
        where = f"card {number}" if isinstance(number, int) else f"pyramid #{index}"
        try:
            parsed = _PyramidEntry.model_validate(entry)
        except ValidationError as error:
            problems.extend(_pydantic_problems(name, where, error))
            continue
        ok = True
        if not 1 <= parsed.number <= MAX_CARD_NUMBER:
            problems.append(Problem(name, f"number {parsed.number} is out of range 1-{MAX_CARD_NUMBER}", where))
            ok = False
        numbers[parsed.number] += 1
        if numbers[parsed.number] == 2:
            problems.append(Problem(name, f"duplicate card number {parsed.number}", where))
            ok = False
        if parsed.color not in {c.value for c in Color}:
            problems.append(Problem(name, f"unknown colour {parsed.color!r} (use {colors})", where))
            ok = False
        room = _check_room(name, where, parsed.room, problems)
        if ok and room is not None:
            cards.append(PyramidCard(parsed.number, Color(parsed.color), room))
    return cards


def _check_room(name: str, where: str, rows: list[str], problems: list[Problem]) -> Room | None:
    before = len(problems)
    if len(rows) != SIZE:
        problems.append(Problem(name, f"room has {len(rows)} rows, expected {SIZE}", where))
        return None
    legend = {s.value for s in Symbol}
    for r, row in enumerate(rows):
        if len(row) != SIZE:
            problems.append(
                Problem(name, f"row has {len(row)} cells, expected {SIZE}", f"{where}, row {r + 1}")
            )
            continue
        for c, ch in enumerate(row):
            if ch not in legend:
                problems.append(
                    Problem(name, f"unknown character {ch!r} (legend: {''.join(sorted(legend))})",
                            f"{where}, row {r + 1}, column {COLUMN_NAMES[c]}")
                )
    if len(problems) > before:
        return None
    room = Room.from_rows(rows)
    for symbol, wanted_row in ((Symbol.ENTRANCE, 0), (Symbol.TOMB, SIZE - 1)):
        found = list(cells_of(room.mask(symbol)))
        if len(found) != 1:
            problems.append(Problem(name, f"room has {len(found)} {symbol.label}s, expected exactly one", where))
        elif row_of(found[0]) != wanted_row:
            cell = found[0]
            problems.append(
                Problem(name, f"the {symbol.label} must be in row {wanted_row + 1}",
                        f"{where}, row {row_of(cell) + 1}, column {COLUMN_NAMES[cell % SIZE]}")
            )
    if len(problems) > before:
        return None
    if not _reaches(room, room.entrance, room.tomb):
        problems.append(Problem(name, "the tomb cannot be reached from the entrance", where))
        return None
    return room


def _reaches(room: Room, start: int, goal: int) -> bool:
    open_mask = room.open_mask
    reached = 1 << start
    frontier = [start]
    while frontier:
        cell = frontier.pop()
        for n in cells_of(NEIGHBOUR_MASKS[cell] & open_mask & ~reached):
            reached |= 1 << n
            frontier.append(n)
    return bool(reached >> goal & 1)


def _check_bundled_counts(name: str, cards: list[PyramidCard], problems: list[Problem]) -> None:
    if len(cards) != BUNDLED_CARD_COUNT:
        problems.append(Problem(name, f"the bundled deck has {len(cards)} cards, expected {BUNDLED_CARD_COUNT}"))
    per_color = Counter(card.color for card in cards)
    for color in Color:
        if per_color[color] != CARDS_PER_COLOR:
            problems.append(
                Problem(name, f"the bundled deck has {per_color[color]} {color.value} cards, "
                        f"expected {CARDS_PER_COLOR}")
            )
