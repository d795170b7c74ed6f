"""Load and validate a card file (``data/cards.yaml`` or a player's own).

:func:`load_deck` returns a :class:`~.cards.Deck` or raises :class:`DeckFileError` holding
every problem found, each naming the file, the card or expedition, and the row and column.

The file's structure is checked strictly by hand (unknown keys, wrong types, booleans where
numbers belong are all errors) rather than with a schema library: every command loads the
deck, and the checks below cost far less start-up time than building schema models. Its
problems are :class:`~.reader.Problem` values, as for puzzle and state files.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any, TypeVar

from ..core.reader import MAX_CARD_FILE_BYTES, ReadError, read_data_file
from ..core.reader import Problem as Problem  # re-exported: the deck reader's problems
from ..core.reader import describe as _describe
from ..core.reader import is_whole as _is_whole
from .cards import STANDARD_EXPEDITIONS, Color, Deck, Expedition, PyramidCard, Room, Symbol
from .cells import COLUMN_NAMES, SIZE, Cell, cell_str, cells_of, flood_fill, row_of

CARDS_PER_COLOR = 16
BUNDLED_CARD_COUNT = 48
MAX_CARD_NUMBER = 48
MAX_EXPEDITION_COUNT = 8
CARDS_REVEALED_PER_ROUND = 7
FORMAT_VERSION = 1
_NAME_RE = re.compile(r"^[A-Z][A-Z0-9]{0,7}$")
_TOP_KEYS = ("format", "expeditions", "pyramids")
_EXPEDITION_KEYS = ("name", "count", "pattern")
_PYRAMID_KEYS = ("number", "color", "room")
_LEGEND = "".join(sorted(s.value for s in Symbol))


def bundled_deck_path() -> Path:
    """Path of the deck shipped with silverpyr (``data/cards.yaml``)."""
    # solver/ and data/ are siblings both in the repository and in the installed package.
    return Path(__file__).resolve().parent.parent.parent / "data" / "cards.yaml"


class DeckFileError(ReadError):
    """A card file could not be loaded; ``problems`` lists everything wrong with it."""

    def summary(self) -> str:
        """The first problem, and how many more (``cards validate`` lists them all)."""
        if not self.problems:
            return "unreadable card file"
        return f"{self.problems[0]}{self.more(len(self.problems) - 1)}"

    def more(self, hidden: int) -> str:
        """How many problems are not shown, and the command that lists them."""
        if not hidden:
            return ""
        source = self.problems[0].source
        target = "" if source.endswith("(bundled)") else f" {_shell_word(source)}"
        plural = "s" if hidden > 1 else ""
        command = f"silverpyr cards validate{target}"
        return f" (and {hidden} more problem{plural}; '{command}' lists them)"


def _shown(value: object) -> str:
    """A value as the message shows it: a whole number as written, anything else in file
    terms (``nothing (null)``, ``true``, ``the text 'x'``: not Python's ``None``, ``True``)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() <= 256:
        return str(value)
    return _describe(value)


def _shell_word(text: str) -> str:
    """``text`` quoted for a shell when it needs quoting."""
    import shlex

    return shlex.quote(text)


def load_deck(path: str | Path | None = None) -> Deck:
    """Load the card file at ``path`` (the bundled deck when ``None``)."""
    deck, problems = check_deck_file(path)
    if problems or deck is None:
        raise DeckFileError(problems)
    return deck


def check_deck_file(path: str | Path | None = None) -> tuple[Deck | None, list[Problem]]:
    """Validate a card file; return the deck (``None`` if unusable) and every problem found.

    The bundled deck (``path`` is ``None``) must also hold 48 cards, 16 of each colour;
    a player's own file may hold any number of cards.
    """
    bundled = path is None
    file_path = bundled_deck_path() if path is None else Path(path)
    name = "cards.yaml (bundled)" if bundled else str(path)
    problems: list[Problem] = []
    raw = _read_yaml(file_path, name, problems)
    if raw is None:
        return None, problems
    _check_keys(name, "", raw, _TOP_KEYS, required=("format", "pyramids"), problems=problems)
    if "format" in raw and not _is_int(raw["format"], FORMAT_VERSION, FORMAT_VERSION):
        problems.append(
            Problem(name, f"format is {_shown(raw['format'])}; this silverpyr reads format: 1")
        )
    expeditions = _check_expeditions(name, raw.get("expeditions"), problems)
    pyramids = _check_pyramids(name, raw["pyramids"], problems) if "pyramids" in raw else []
    if bundled and not problems:
        _check_bundled_counts(name, pyramids, problems)
    if problems:
        return None, problems
    return Deck(tuple(pyramids), expeditions, source=name), []


def _read_yaml(path: Path, name: str, problems: list[Problem]) -> dict[str, Any] | None:
    try:
        data = read_data_file(path, source=name, limit=MAX_CARD_FILE_BYTES, as_json=False)
    except ReadError as error:
        problems.extend(error.problems)
        return None
    if not isinstance(data, dict):
        problems.append(
            Problem(name, "expected a mapping with 'format: 1' and 'pyramids' at the top")
        )
        return None
    return data


def _is_int(value: Any, low: int, high: int) -> bool:
    """Whether ``value`` is a whole number from ``low`` to ``high``."""
    return _is_whole(value) and low <= value <= high


def _check_keys(
    name: str,
    where: str,
    entry: dict[Any, Any],
    allowed: tuple[str, ...],
    *,
    required: Iterable[str],
    problems: list[Problem],
) -> bool:
    """Report unknown and missing keys of a mapping; ``True`` when there were none."""
    ok = True
    for key in entry:
        if key not in allowed:
            problems.append(
                Problem(name, f"unknown key {key!r} (expected {', '.join(allowed)})", where)
            )
            ok = False
    for key in required:
        if key not in entry:
            problems.append(Problem(name, f"missing key {key!r}", where))
            ok = False
    return ok


def _check_entry(
    name: str, where: str, entry: Any, keys: tuple[str, ...], problems: list[Problem]
) -> bool | None:
    """Report a card's entry that is not a mapping of exactly ``keys``: ``None`` when it is
    no mapping at all, else whether its keys were right (:func:`_check_keys`)."""
    if not isinstance(entry, dict):
        expected = f"expected a mapping with {', '.join(keys)}, not {_describe(entry)}"
        problems.append(Problem(name, expected, where))
        return None
    return _check_keys(name, where, entry, keys, required=keys, problems=problems)


T = TypeVar("T")


def _check_entries(
    name: str,
    entries: list[Any],
    keys: tuple[str, ...],
    where: Callable[[Any, int], str],
    check: Callable[[str, dict[str, Any], bool], T | None],
    problems: list[Problem],
) -> list[T]:
    """The cards of a list of entries, in order: each entry's place (``where`` of its first
    key's value and its number in the list), then every problem of it, each reported: a
    mapping of exactly ``keys`` (:func:`_check_entry`), then ``check(place, entry, keys_ok)``,
    its card or ``None``."""
    checked: list[T] = []
    for index, entry in enumerate(entries, start=1):
        place = where(entry.get(keys[0]) if isinstance(entry, dict) else None, index)
        ok = _check_entry(name, place, entry, keys, problems)
        card = None if ok is None else check(place, entry, ok)
        if card is not None:
            checked.append(card)
    return checked


def _string_list(
    name: str, where: str, key: str, value: Any, problems: list[Problem]
) -> list[str] | None:
    """``value`` when it is a non-empty list of strings; otherwise report it."""
    if not isinstance(value, list) or not value:
        problems.append(
            Problem(name, f"'{key}' must be a list of strings, not {_describe(value)}", where)
        )
        return None
    for index, item in enumerate(value, start=1):
        if not isinstance(item, str):
            problems.append(
                Problem(name, f"'{key}' row {index} must be a string, not {_describe(item)}", where)
            )
            return None
    return value


def _check_expeditions(name: str, entries: Any, problems: list[Problem]) -> tuple[Expedition, ...]:
    if entries is None:
        return STANDARD_EXPEDITIONS
    if not isinstance(entries, list) or not entries:
        problems.append(
            Problem(
                name,
                f"'expeditions' must be a non-empty list, not {_describe(entries)}; "
                "leave it out for the standard 8 cards",
            )
        )
        return ()
    before = len(problems)
    seen: set[str] = set()
    result = _check_entries(
        name,
        entries,
        _EXPEDITION_KEYS,
        lambda label, index: (
            f"expedition {label}" if isinstance(label, str) else f"expedition #{index}"
        ),
        lambda where, entry, ok: _check_expedition(name, where, entry, ok, seen, problems),
        problems,
    )
    total = sum(e.count for e in result)
    if len(problems) == before and total < CARDS_REVEALED_PER_ROUND:
        problems.append(
            Problem(
                name,
                f"the expedition deck holds {total} cards; a round reveals "
                f"{CARDS_REVEALED_PER_ROUND}",
            )
        )
    return tuple(result)


def _check_expedition(
    name: str, where: str, entry: dict[str, Any], ok: bool, seen: set[str], problems: list[Problem]
) -> Expedition | None:
    label = entry.get("name")
    if "name" in entry:
        if not isinstance(label, str):
            problems.append(
                Problem(name, f"name must be text such as L4, not {_describe(label)}", where)
            )
            ok = False
        elif not _NAME_RE.match(label):
            problems.append(
                Problem(
                    name,
                    f"malformed expedition name {label!r}: use 1 to 8 capital "
                    "letters and digits, starting with a letter (e.g. L4)",
                    where,
                )
            )
            ok = False
        elif label in seen:
            problems.append(Problem(name, f"duplicate expedition name {label!r}", where))
            ok = False
        else:
            seen.add(label)
    count = entry.get("count")
    if "count" in entry and not _is_int(count, 1, MAX_EXPEDITION_COUNT):
        problems.append(
            Problem(
                name,
                f"count is {_shown(count)}; use a whole number from 1 to {MAX_EXPEDITION_COUNT}",
                where,
            )
        )
        ok = False
    pattern = None
    if "pattern" in entry:
        pattern = _string_list(name, where, "pattern", entry["pattern"], problems)
        ok = pattern is not None and _check_pattern(name, where, pattern, problems) and ok
    if not ok or pattern is None or not isinstance(label, str) or not isinstance(count, int):
        return None
    return Expedition.from_pattern(label, count, pattern)


def _check_pattern(name: str, where: str, pattern: list[str], problems: list[Problem]) -> bool:
    cells = set()
    for r, row in enumerate(pattern):
        for c, ch in enumerate(row):
            if ch == "X":
                cells.add((r, c))
            elif ch != ".":
                problems.append(
                    Problem(
                        name,
                        f"pattern has {ch!r}; use 'X' for a cell and '.' for a gap",
                        f"{where}, pattern row {r + 1}, column {c + 1}",
                    )
                )
                return False
    if not cells:
        problems.append(Problem(name, "pattern has no cell", where))
        return False
    if max(r for r, _ in cells) >= SIZE or max(c for _, c in cells) >= SIZE:
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
        problems.append(
            Problem(
                name,
                "pattern is not one connected polyomino: its cells must join edge to edge",
                where,
            )
        )
        return False
    return True


def _check_pyramids(name: str, entries: Any, problems: list[Problem]) -> list[PyramidCard]:
    if not isinstance(entries, list) or not entries:
        problems.append(
            Problem(name, f"'pyramids' must be a non-empty list of cards, not {_describe(entries)}")
        )
        return []
    numbers: Counter[int] = Counter()
    return _check_entries(
        name,
        entries,
        _PYRAMID_KEYS,
        lambda number, index: f"card {number}" if _is_whole(number) else f"pyramid #{index}",
        lambda where, entry, ok: _check_pyramid(name, where, entry, ok, numbers, problems),
        problems,
    )


def _check_pyramid(
    name: str,
    where: str,
    entry: dict[str, Any],
    ok: bool,
    numbers: Counter[int],
    problems: list[Problem],
) -> PyramidCard | None:
    number = entry.get("number")
    if "number" in entry and not _is_whole(number):
        problems.append(
            Problem(name, f"number must be a whole number, not {_describe(number)}", where)
        )
        ok = False
    elif _is_whole(number):
        if not 1 <= number <= MAX_CARD_NUMBER:
            problems.append(
                Problem(name, f"number {number} is out of range 1-{MAX_CARD_NUMBER}", where)
            )
            ok = False
        numbers[number] += 1
        if numbers[number] == 2:
            problems.append(Problem(name, f"duplicate card number {number}", where))
            ok = False
    color = entry.get("color")
    colors = ", ".join(c.value for c in Color)
    if "color" in entry and not isinstance(color, str):
        problems.append(
            Problem(name, f"colour must be one of {colors}, not {_describe(color)}", where)
        )
        ok = False
    elif "color" in entry and color not in {c.value for c in Color}:
        problems.append(Problem(name, f"unknown colour {color!r} (use {colors})", where))
        ok = False
    room = None
    if "room" in entry:
        rows = _string_list(name, where, "room", entry["room"], problems)
        room = _check_room(name, where, rows, problems) if rows is not None else None
    if not ok or room is None or not isinstance(number, int):
        return None
    return PyramidCard(number, Color(str(color)), room)


def _place(where: str, cell: Cell) -> str:
    return f"{where}, row {row_of(cell) + 1}, column {COLUMN_NAMES[cell % SIZE]}"


def _check_room(name: str, where: str, rows: list[str], problems: list[Problem]) -> Room | None:
    before = len(problems)
    if len(rows) != SIZE:
        problems.append(Problem(name, f"room has {len(rows)} rows, expected {SIZE}", where))
        return None
    for r, row in enumerate(rows):
        if len(row) != SIZE:
            problems.append(
                Problem(
                    name,
                    f"row {row!r} has {len(row)} cells, expected {SIZE}",
                    f"{where}, row {r + 1}",
                )
            )
            continue
        for c, ch in enumerate(row):
            if ch not in _LEGEND:
                problems.append(
                    Problem(
                        name,
                        f"unknown character {ch!r} (legend: {_LEGEND})",
                        f"{where}, row {r + 1}, column {COLUMN_NAMES[c]}",
                    )
                )
    if len(problems) > before:
        return None
    room = Room.from_rows(rows)
    for symbol, letter, wanted_row in ((Symbol.ENTRANCE, "E", 0), (Symbol.TOMB, "T", SIZE - 1)):
        found = list(cells_of(room.mask(symbol)))
        if not found:
            problems.append(
                Problem(
                    name,
                    f"room has no {symbol.label}: put one {letter!r} in row {wanted_row + 1}",
                    where,
                )
            )
        elif len(found) > 1:
            cells = ", ".join(cell_str(cell) for cell in found)
            problems.append(
                Problem(
                    name,
                    f"room has {len(found)} {symbol.label}s ({cells}), expected exactly one",
                    where,
                )
            )
        elif row_of(found[0]) != wanted_row:
            problems.append(
                Problem(
                    name,
                    f"the {symbol.label} must be in row {wanted_row + 1}",
                    _place(where, found[0]),
                )
            )
    if len(problems) > before:
        return None
    if not _reaches(room, room.entrance, room.tomb):
        problems.append(
            Problem(
                name,
                f"the tomb ({cell_str(room.tomb)}) cannot be reached from the "
                f"entrance ({cell_str(room.entrance)}) without crossing a wall",
                where,
            )
        )
        return None
    return room


def _reaches(room: Room, start: int, goal: int) -> bool:
    return bool(flood_fill(1 << start, room.open_mask) >> goal & 1)


def _check_bundled_counts(name: str, cards: list[PyramidCard], problems: list[Problem]) -> None:
    if len(cards) != BUNDLED_CARD_COUNT:
        problems.append(
            Problem(name, f"the bundled deck has {len(cards)} cards, expected {BUNDLED_CARD_COUNT}")
        )
    per_color = Counter(card.color for card in cards)
    for color in Color:
        if per_color[color] != CARDS_PER_COLOR:
            problems.append(
                Problem(
                    name,
                    f"the bundled deck has {per_color[color]} {color.value} cards, "
                    f"expected {CARDS_PER_COLOR}",
                )
            )
