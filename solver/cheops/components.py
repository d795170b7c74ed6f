"""Cheops's components that the rulebook does not print: the six eye spaces, the 16 price
boards, law 7's number and the starting money (Rulings C1 and C3, docs/cheops-rules.md).

The project ships ORIGINAL ones in ``data/cheops.yaml``; a user may load another file of the
same format with ``--cards FILE``. A file is read by the strict reader
(:mod:`silverpyr.solver.core.reader`): every problem is recorded with the file, the key and what
is wrong, and :func:`load_components` raises one :class:`CheopsDataError` listing them all.

A price board is a column of entries, top first, numbers rising towards the bottom (the
rulebook's market: a sale covers the top-most uncovered entry, so each sale raises what every
stored treasure of its colour is worth). An
entry is plain (``30``: a stored treasure is worth 30), a multiplier (``x5``, shown with the
multiplication sign: each stored treasure of the colour, all players' together, is worth
their count times 5) or a
majority pair (``20/15``: 20 each to the player(s) with the most stored, 15 each to the
others).
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Literal

from ..core.reader import ComponentsFile, Field, Problems, ReadError, describe, parse_recorded
from .board import Space, SpaceSyntaxError, parse_space

EntryKind = Literal["plain", "times", "majority"]
BoardType = Literal["I", "II", "III"]

COLOURS: tuple[str, ...] = ("blue", "red", "green", "yellow", "black", "white")
"""The six treasure colours, in colour order (the order boards are dealt in: Ruling C3)."""
COLOUR_LETTERS = "URGYKW"
"""Each colour's letter in compact text (``COLOUR_LETTERS[i]`` is ``COLOURS[i]``)."""

ENTRY_KINDS: tuple[EntryKind, ...] = ("plain", "times", "majority")
BOARD_TYPES: tuple[BoardType, ...] = ("I", "II", "III")
BOARDS_OF_TYPE: dict[BoardType, int] = {"I": 6, "II": 6, "III": 4}
"""How many boards of each type a file holds (16 in all)."""
EYES = 6
"""Eye spaces on the board: one face-down law on each at setup."""
MIN_ENTRIES = 2
"""A board's fewest entries: one to cover and the last, never covered."""
MAX_ENTRIES = 12
"""A board's most entries: 11 treasures of a colour can cover at most 11."""
MAX_NUMBER = 999
"""The highest number an entry, law 7 or the starting money may show."""
MAX_MULTIPLIER = 99
FORMAT_VERSION = 1
TIMES_SIGN = "\u00d7"
"""The multiplication sign a multiplier entry is shown with (``x5`` in files and ASCII)."""

_PLAIN = re.compile(r"[0-9]{1,3}", re.ASCII)
_TIMES = re.compile(r"[x\u00d7]\s*([0-9]{1,3})", re.IGNORECASE | re.ASCII)
_MAJORITY = re.compile(r"([0-9]{1,3})\s*/\s*([0-9]{1,3})", re.ASCII)
_NAME = re.compile(r"[A-Za-z0-9][A-Za-z0-9 _.-]{0,23}", re.ASCII)


class CheopsDataError(ReadError):
    """A Cheops components file could not be read; ``problems`` lists them all (each naming
    the file, the key and what is wrong). A :class:`~silverpyr.solver.core.errors.SilverpyrError`
    and a ``ValueError``."""


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry of a price board: ``plain`` ``a`` (``b`` 0), ``times`` (x ``a``; ``b`` 0) or
    ``majority`` ``a``/``b`` (``a`` to the most, ``b`` to the others)."""

    kind: EntryKind
    a: int
    b: int = 0

    @property
    def label(self) -> str:
        """The entry as shown: ``30``, the multiplication sign and ``5``, ``20/15``."""
        if self.kind == "times":
            return f"{TIMES_SIGN}{self.a}"
        if self.kind == "majority":
            return f"{self.a}/{self.b}"
        return str(self.a)

    @property
    def text(self) -> str:
        """The entry in the file's ASCII form: ``30``, ``x5``, ``20/15``."""
        return f"x{self.a}" if self.kind == "times" else self.label

    @property
    def file_value(self) -> int | str:
        """The entry as a components file holds it: a plain one as a number (``30``, never
        the text ``"30"``), the others as their :attr:`text`."""
        return self.a if self.kind == "plain" else self.text


@dataclass(frozen=True, slots=True)
class PriceBoard:
    """A price board: its ``name``, its ``type`` and its ``entries``, top first (at least two;
    the last is never covered)."""

    name: str
    type: BoardType
    entries: tuple[Entry, ...]

    @property
    def labels(self) -> tuple[str, ...]:
        """The entries as shown, top first."""
        return tuple(entry.label for entry in self.entries)


@dataclass(frozen=True)
class Components:
    """What a game of Cheops is set up from: the six eye spaces (in board order), the 16 price
    boards (6 of type I, 6 of type II, 4 of type III, in file order), law 7's number and the
    starting money.

    ``fingerprint`` is computed (a short sha256 of the canonical content, whatever the file's
    layout); ``source`` names the file and takes no part in equality.
    """

    eyes: tuple[Space, ...]
    boards: tuple[PriceBoard, ...]
    law7_number: int
    start_money: int
    source: str = field(default="", compare=False)
    fingerprint: str = field(init=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "eyes", tuple(sorted(self.eyes)))
        object.__setattr__(self, "boards", tuple(self.boards))
        problems = Problems(self.source or "components")
        _check_components(self, problems)
        problems.raise_if_any(CheopsDataError)
        object.__setattr__(self, "fingerprint", self._fingerprint())

    def _fingerprint(self) -> str:
        digest = hashlib.sha256(b"silverpyr-cheops-components-v1\n")
        digest.update(f"eyes:{','.join(str(eye) for eye in self.eyes)}\n".encode())
        digest.update(f"law7:{self.law7_number}\nmoney:{self.start_money}\n".encode())
        for board in self.boards:
            entries = ",".join(entry.text for entry in board.entries)
            digest.update(f"board:{board.name}:{board.type}:{entries}\n".encode())
        return digest.hexdigest()[:16]

    def of_type(self, board_type: BoardType) -> tuple[PriceBoard, ...]:
        """The boards of one type, in file order."""
        return tuple(board for board in self.boards if board.type == board_type)


def _check_components(components: Components, problems: Problems) -> None:
    """What every :class:`Components` holds, however it was made (the file reader reports the
    same problems at their keys first)."""
    eyes = components.eyes
    if len(eyes) != EYES or len(set(eyes)) != EYES:
        problems.add(f"expected {EYES} distinct eye spaces, not {len(set(eyes))}", "eyes")
    for board_type, wanted in BOARDS_OF_TYPE.items():
        count = len(components.of_type(board_type))
        if count != wanted:
            problems.add(f"{count} boards of type {board_type}; a file has {wanted}", "boards")
    names = [board.name for board in components.boards]
    if len(set(names)) != len(names):
        problems.add("two boards have the same name", "boards")
    for number, board in enumerate(components.boards):
        where = f"boards[{number}] ({board.name})"
        if board.type not in BOARD_TYPES:
            problems.add(f"{board.type!r} is not a type (I, II or III)", f"{where}.type")
        if not MIN_ENTRIES <= len(board.entries) <= MAX_ENTRIES:
            problems.add(
                f"{len(board.entries)} entries; a board has {MIN_ENTRIES} to {MAX_ENTRIES}",
                f"{where}.entries",
            )
        for position, entry in enumerate(board.entries):
            why = entry_problem(entry)
            if why is not None:
                problems.add(why, f"{where}.entries[{position}]")
        for position, why in rising_problems(board.entries):
            problems.add(why, f"{where}.entries[{position}]")
    if not 0 <= components.law7_number <= MAX_NUMBER:
        problems.add(f"{components.law7_number} is not from 0 to {MAX_NUMBER}", "law7_number")
    if not 0 <= components.start_money <= MAX_NUMBER:
        problems.add(f"{components.start_money} is not from 0 to {MAX_NUMBER}", "start_money")


def entry_problem(entry: Entry) -> str | None:
    """What is wrong with one entry's numbers, or ``None``."""
    if entry.kind not in ENTRY_KINDS:
        return f"{entry.kind!r} is not an entry kind (plain, times or majority)"
    if entry.kind == "times" and not 1 <= entry.a <= MAX_MULTIPLIER:
        return f"a multiplier is from x1 to x{MAX_MULTIPLIER}, not x{entry.a}"
    if not 0 <= entry.a <= MAX_NUMBER or not 0 <= entry.b <= MAX_NUMBER:
        return f"{entry.label}: numbers are from 0 to {MAX_NUMBER}"
    if entry.kind != "majority" and entry.b != 0:
        return f"a {entry.kind} entry has one number"
    if entry.kind == "majority" and entry.a < entry.b:
        return f"{entry.label}: the most's number is the higher one (x/y with x >= y)"
    return None


RISING_RULE = (
    "a board's numbers rise from the top entry to the bottom one "
    "(each sale raises what a stored treasure is worth)"
)
"""Why a board is refused, in every message that refuses one (Ruling C3)."""


def rising_problems(entries: tuple[Entry, ...]) -> list[tuple[int, str]]:
    """Where a board's numbers do not rise towards the bottom (Ruling C3): at most one
    problem a board, so a board that runs the wrong way is refused with one line.

    The rule, kind by kind: each entry must be higher than the nearest entry of its kind
    above it (a plain number or a multiplier strictly; a majority pair no lower in either
    number and higher in one). Entries of different kinds are not compared (a multiplier's
    worth depends on the stores, not on its place). A board whose top entry of a kind is
    above its bottom one is named as falling as a whole."""
    first_of_kind: dict[str, Entry] = {}
    last_of_kind: dict[str, Entry] = {}
    for position, entry in enumerate(entries):
        previous = last_of_kind.get(entry.kind)
        last_of_kind[entry.kind] = entry
        first_of_kind.setdefault(entry.kind, entry)
        if previous is None or _rises(previous, entry):
            continue
        top = first_of_kind[entry.kind]
        bottom = [e for e in entries if e.kind == entry.kind][-1]
        if _rises(bottom, top):
            return [
                (
                    position,
                    f"the numbers fall from {top.label} at the top to {bottom.label} at the "
                    f"bottom: {RISING_RULE}",
                )
            ]
        return [
            (
                position,
                f"{entry.label} does not rise above {previous.label} above it: {RISING_RULE}",
            )
        ]
    return []


def _rises(upper: Entry, lower: Entry) -> bool:
    """Whether ``lower`` (below ``upper``, of the same kind) rises from it."""
    if lower.kind == "majority":
        return (
            lower.a >= upper.a and lower.b >= upper.b and (lower.a, lower.b) != (upper.a, upper.b)
        )
    return lower.a > upper.a


# --- the components file -------------------------------------------------------------------


def bundled_components_path() -> Path:
    """Path of the bundled original components (``data/cheops.yaml``)."""
    return _FILE.bundled_path


BUNDLED_NAME = "cheops.yaml (bundled)"

_TOP_KEYS = ("format", "eyes", "law7_number", "start_money", "boards")
_BOARD_KEYS = ("name", "type", "entries")


def load_components(path: str | Path | None = None) -> Components:
    """The components of the file at ``path`` (the bundled ``data/cheops.yaml`` when ``None``).

    Raises :class:`CheopsDataError` naming the file, the key and what is wrong, for every
    problem.
    """
    return _FILE.load(path)


def check_components_file(path: str | Path | None = None) -> tuple[Components | None, Problems]:
    """Read and check a components file: the components (``None`` when unusable) and every
    problem."""
    return _FILE.check(path)


def parse_components(data: Any, source: str, problems: Problems | None = None) -> Components | None:
    """The components described by ``data`` (a file's content); problems are recorded in
    ``problems`` (or raised as one :class:`CheopsDataError` when it is ``None``)."""
    return parse_recorded(data, source, problems, _read_components, CheopsDataError)


def _read_components(top: Field, source: str) -> Components | None:
    if not top.mapping(_TOP_KEYS, expected=f"a mapping of {', '.join(_TOP_KEYS)}"):
        return None
    top.at("format").integer(FORMAT_VERSION, FORMAT_VERSION)
    eyes = _read_eyes(top.at("eyes"))
    law7 = top.at("law7_number").integer(0, MAX_NUMBER)
    money = top.at("start_money").integer(0, MAX_NUMBER)
    boards = _read_boards(top.at("boards"))
    if top.problems or eyes is None or boards is None:
        return None
    assert law7 is not None and money is not None
    try:
        return Components(eyes, boards, law7, money, source)
    except CheopsDataError as error:  # only what the reader did not already name
        top.problems.found.extend(error.problems)
        return None


_FILE = ComponentsFile("cheops.yaml", parse_components, CheopsDataError)


def _exactly(entry: Field, count: int, things: str, what: str) -> list[Field]:
    """The ``count`` elements of the list ``entry`` (``things``: ``eye spaces``), or none with
    the problem named (``what``: what the list should be)."""
    if isinstance(entry.value, list) and len(entry.value) != count:
        entry.fail(f"expected {count} {things}, not {len(entry.value)}")
        return []
    return entry.items(what=what)


def _read_eyes(entry: Field) -> tuple[Space, ...] | None:
    items = _exactly(entry, EYES, "eye spaces", f"a list of {EYES} eye spaces (such as b3)")
    if not items:
        return None
    eyes: list[Space] = []
    ok = True
    for item in items:
        text = item.text(what="a space such as b3")
        if text is None:
            ok = False
            continue
        try:
            space = parse_space(text)
        except SpaceSyntaxError as error:
            item.fail(f"not on the board: {error}")
            ok = False
            continue
        if space in eyes:
            item.fail(f"the eye {space} is given twice")
            ok = False
            continue
        eyes.append(space)
    return tuple(eyes) if ok else None


def _read_boards(entry: Field) -> tuple[PriceBoard, ...] | None:
    total = sum(BOARDS_OF_TYPE.values())
    items = _exactly(entry, total, "price boards", f"a list of {total} price boards")
    if not items:
        return None
    before = len(entry.problems)
    boards: list[PriceBoard] = []
    names: dict[str, int] = {}
    for number, item in enumerate(items):
        board = _read_board(item, number)
        if board is None:
            continue
        if board.name in names:
            Field(board.name, f"{item.where} ({board.name}).name", item.problems).fail(
                f"the name {board.name!r} is used twice (also boards[{names[board.name]}])"
            )
            continue
        names[board.name] = number
        boards.append(board)
    if len(entry.problems) > before:
        return None
    for board_type, wanted in BOARDS_OF_TYPE.items():
        count = sum(1 for board in boards if board.type == board_type)
        if count != wanted:
            entry.fail(f"{count} boards of type {board_type}; a file has exactly {wanted}")
    return tuple(boards) if len(entry.problems) == before else None


def _read_board(item: Field, number: int) -> PriceBoard | None:
    where = f"boards[{number}]"
    raw_name = item.value.get("name") if isinstance(item.value, dict) else None
    if isinstance(raw_name, str):
        where += f" ({raw_name})"
    board = Field(item.value, where, item.problems)
    if not board.mapping(_BOARD_KEYS, expected="a board mapping of name, type, entries"):
        return None
    before = len(board.problems)
    name_field = board.at("name")
    name = name_field.text(what="a name (letters, digits, space, - _ .)")
    if name is not None and not _NAME.fullmatch(name):
        name_field.fail(f"{name!r} is not a name (1 to 24 letters, digits, space, - _ .)")
    type_field = board.at("type")
    board_type = type_field.text(what="a type: I, II or III")
    if board_type is not None and board_type not in BOARD_TYPES:
        type_field.fail(f"{board_type!r} is not a type (I, II or III)")
    entries_field = board.at("entries")
    entries: list[Entry] = []
    for value in entries_field.items(
        low=MIN_ENTRIES, high=MAX_ENTRIES, what="a list of entries, top first"
    ):
        parsed = _read_entry(value)
        if parsed is not None:
            entries.append(parsed)
    if len(board.problems) > before:
        return None
    for position, why in rising_problems(tuple(entries)):
        Field(None, f"{entries_field.where}[{position}]", board.problems).fail(why)
    if len(board.problems) > before or name is None or board_type not in BOARD_TYPES:
        return None
    kind: BoardType = "I" if board_type == "I" else "II" if board_type == "II" else "III"
    return PriceBoard(name, kind, tuple(entries))


def _read_entry(value: Field) -> Entry | None:
    """A plain whole number (``30``; ``"30"``, a number given as text, is refused as law 7's
    number and the money are), a multiplier (``x5``, or with the multiplication sign) or a
    pair (``20/15``)."""
    raw = value.value
    what = "an entry: a whole number (30), a multiplier (x5) or a majority pair (20/15)"
    if isinstance(raw, bool) or not isinstance(raw, int | str):
        value.fail(
            f"missing: expected {what}"
            if value.missing
            else f"expected {what}, not {describe(raw)}"
        )
        return None
    entry: Entry | None = None
    if isinstance(raw, int):
        entry = Entry("plain", raw)
    elif _PLAIN.fullmatch(raw.strip()):
        value.fail(f"{raw!r} is text: a plain entry is a whole number, unquoted ({raw.strip()})")
        return None
    else:
        times = _TIMES.fullmatch(raw.strip())
        pair = _MAJORITY.fullmatch(raw.strip())
        if times:
            entry = Entry("times", int(times.group(1)))
        elif pair:
            entry = Entry("majority", int(pair.group(1)), int(pair.group(2)))
        else:
            value.fail(f"{raw!r} is not {what}")
            return None
    why = entry_problem(entry)
    if why is not None:
        value.fail(why)
        return None
    return entry


# --- the summary (the `cheops cards` commands) ---------------------------------------------


def components_summary(components: Components) -> dict[str, Any]:
    """The components as plain data (``cheops cards show`` and its ``--json``): source,
    fingerprint, the eye spaces, law 7's number, the starting money, the boards by type and
    each board with its entries as shown and as a components file holds them (``text``: a
    plain entry a number), so the summary reads back as a file."""
    return {
        "source": components.source,
        "fingerprint": components.fingerprint,
        "eyes": [str(eye) for eye in components.eyes],
        "law7_number": components.law7_number,
        "start_money": components.start_money,
        "boards_by_type": {t: len(components.of_type(t)) for t in BOARD_TYPES},
        "boards": [
            {
                "name": board.name,
                "type": board.type,
                "entries": list(board.labels),
                "text": [entry.file_value for entry in board.entries],
            }
            for board in components.boards
        ],
    }
