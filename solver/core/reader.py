"""A small strict reader for the data of YAML and JSON files (decks, puzzles, game states).

Reading checks every field and keeps going: each problem is recorded with its place (a key
path such as ``cards[0].marks``, or a place in user terms such as ``card 12``), and the
caller raises one error listing them all, one per line::

    problems = Problems("state.yaml")
    top = Field.root(data, problems)
    if top.mapping(known=("round", "cards")):
        round_number = top.at("round").integer(1, 4)
        for card in top.at("cards").items():
            ...
    problems.raise_if_any(StateFileError)

Accessors return ``None`` (or the default) when the value is wrong or missing, after
recording why in words a player understands: the key path and what was expected, never a
Python type. List indexes count from 0, as in JSON paths. YAML's ``true`` is not a number.

A :class:`ReadError`'s message is one line (the error contract): the problems joined with
``; `` up to a length, then how many more; ``cards validate`` lists them all.

Every file the program takes (card, puzzle, state and moves files) is read as bytes by
:func:`read_text` (a size limit; UTF-8 with or without a byte-order mark, or UTF-16 with
one) and parsed by :func:`load_data` (YAML with nesting, alias, duplicate-key and number-length
checks made on the event stream before anything is built, or JSON with the same checks).
"""

from __future__ import annotations

import codecs
import contextlib
import errno
import json
import os
import re
import stat
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Generic, NoReturn, TypeGuard, TypeVar

from .errors import SilverpyrError

T = TypeVar("T")


@dataclass(frozen=True)
class Problem:
    """One thing wrong with a file, and where."""

    source: str
    """The file (or other source) the data came from."""
    message: str
    where: str = ""
    """The place in the data, e.g. ``cards[0].marks`` or ``card 12, row 2``; may be empty."""

    @property
    def file(self) -> str:
        """The source, by the deck reader's name for it."""
        return self.source

    def __str__(self) -> str:
        return f"{one_line(self.source)}: {self.located()}"

    def located(self) -> str:
        """The problem without its source: ``where: message`` (one line, even when a key of
        the data holds a line break or another control character: it is shown escaped)."""
        message = " ".join(self.message.split())
        return f"{one_line(self.where)}: {message}" if self.where else message


def one_line(text: str) -> str:
    """``text`` with each unprintable character escaped as Python writes it (``\\n``), so a
    problem stays one line whatever the file's keys or name hold."""
    if text.isprintable():
        return text
    return "".join(c if c.isprintable() else repr(c)[1:-1] for c in text)


SUMMARY_LENGTH = 240
"""Characters of problems a one-line :class:`ReadError` message lists before "and N more"."""


class ReadError(SilverpyrError, ValueError):
    """Data that could not be read; ``problems`` lists everything wrong.

    Its message is one line: the source, then the problems joined by ``; `` as long as they
    fit in :data:`SUMMARY_LENGTH` characters, then how many more there are.
    """

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__(self.summary())

    def summary(self) -> str:
        """The message: one line naming the source and as many problems as fit."""
        if not self.problems:
            return "unreadable data"
        source = self.problems[0].source
        shown: list[str] = []
        length = 0
        for problem in self.problems:
            text = problem.located() if problem.source == source else str(problem)
            if shown and length + len(text) > SUMMARY_LENGTH:
                break
            shown.append(text)
            length += len(text) + 2
        return f"{source}: {'; '.join(shown)}{self.more(len(self.problems) - len(shown))}"

    def more(self, hidden: int) -> str:
        """The note on problems not shown (empty when all are)."""
        if not hidden:
            return ""
        return f" (and {hidden} more problem{'s' if hidden > 1 else ''})"


class PositionFileError(ReadError):
    """A position file that cannot be read or describes a position no game reaches (every
    game's ``solve --position``: one class, shared)."""


class Problems:
    """The problems found so far in one source."""

    def __init__(self, source: str) -> None:
        self.source = source
        self.found: list[Problem] = []

    def add(self, message: str, where: str = "") -> None:
        """Record a problem at ``where``."""
        self.found.append(Problem(self.source, message, where))

    def __len__(self) -> int:
        return len(self.found)

    def __bool__(self) -> bool:
        return bool(self.found)

    def raise_if_any(self, error: Callable[[list[Problem]], Exception] = ReadError) -> None:
        """Raise ``error(problems)`` when any problem was recorded."""
        if self.found:
            raise error(list(self.found))


def describe(value: Any) -> str:
    """A value of the wrong type, in file terms and exact enough to find it: ``an empty
    list``, ``a list``, ``an empty mapping``, ``nothing (null)``, ``true``, ``the whole number
    5``, ``the number 3.5``, ``the text 'x'``, ``empty text`` (``a list`` alone misnamed an
    empty one, and ``a number`` a whole one where a whole number was expected)."""
    if value is None:
        return "nothing (null)"
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        if value.bit_length() > 256:  # a number too long to show, or even to turn into text
            return f"a whole number of about {int(value.bit_length() * 0.30103) + 1} digits"
        return f"the whole number {value}"
    if isinstance(value, float):
        return f"the number {value!r}"
    if isinstance(value, str):
        if not value.strip():
            return "empty text" if not value else "blank text"
        shown = value if len(value) <= 24 else value[:24] + "..."
        return f"the text {shown!r}"
    if isinstance(value, list | tuple):
        return "an empty list" if not value else "a list"
    if isinstance(value, dict):
        return "an empty mapping" if not value else "a mapping"
    return type(value).__name__  # YAML dates: "date"


def is_whole(value: Any) -> TypeGuard[int]:
    """Whether ``value`` is a whole number (YAML's ``true`` is not one)."""
    return isinstance(value, int) and not isinstance(value, bool)


_MISSING: Any = object()


class Field:
    """The value at one place of the data; its accessors check the type and record problems."""

    def __init__(self, value: Any, where: str, problems: Problems) -> None:
        self.value = value
        self.where = where
        self.problems = problems

    @classmethod
    def root(cls, data: Any, problems: Problems) -> Field:
        """The whole document."""
        return cls(data, "", problems)

    @property
    def present(self) -> bool:
        """Whether the key was given at all (a key written with no value counts as given)."""
        return self.value is not _MISSING

    @property
    def missing(self) -> bool:
        """Whether the key is absent or empty (``key:`` with nothing after it)."""
        return self.value is _MISSING or self.value is None

    def fail(self, message: str) -> None:
        """Record a problem at this place."""
        self.problems.add(message, self.where)

    def _child(self, part: str) -> str:
        return f"{self.where}.{part}" if self.where else part

    def at(self, key: str) -> Field:
        """The value under ``key`` of this mapping (absent if this is not a mapping)."""
        value = self.value.get(key, _MISSING) if isinstance(self.value, dict) else _MISSING
        return Field(value, self._child(key), self.problems)

    def mapping(self, known: Collection[str], *, expected: str = "") -> bool:
        """Whether this is a mapping (so its keys can be read); records each unknown key.

        A required key is reported by its accessor (``missing: expected ...``).
        """
        if not isinstance(self.value, dict):
            what = expected or f"a mapping of {', '.join(known)}"
            self._wrong(what)
            return False
        names = ", ".join(sorted(known))
        for key in self.value:
            if key not in known:
                self.problems.add(f"unknown field (known: {names})", self._child(str(key)))
        return True

    def _wrong(self, what: str) -> None:
        """``missing`` only where the key is absent, or written with nothing after it; a
        null item of a list, or a null document, is named as what it is."""
        if self.value is _MISSING or (self.value is None and self._keyed):
            self.fail(f"missing: expected {what}")
        else:
            self.fail(f"expected {what}, not {describe(self.value)}")

    @property
    def _keyed(self) -> bool:
        """Whether this is the value of a mapping's key (not a list item, not the document)."""
        return bool(self.where) and not self.where.endswith("]")

    def pairs(self, what: str) -> list[tuple[Any, Field]]:
        """The keys of this optional mapping with their values, each at ``where.key``: none
        when it is missing, none after ``expected <what>`` when it is not a mapping."""
        if self.missing:
            return []
        if not isinstance(self.value, dict):
            self.fail(f"expected {what}")
            return []
        where, problems = self.where, self.problems
        return [
            (key, Field(value, f"{where}.{key}", problems)) for key, value in self.value.items()
        ]

    def items(self, *, low: int = 0, high: int | None = None, what: str = "a list") -> list[Field]:
        """The elements of this list (``low`` to ``high`` of them), each at ``key[i]``."""
        if not isinstance(self.value, list):
            self._wrong(what)
            return []
        if len(self.value) < low or (high is not None and len(self.value) > high):
            size = f"{low} to {high}" if high is not None else f"at least {low}"
            self.fail(f"expected {size} entries, not {len(self.value)}")
            return []
        return [
            Field(value, f"{self.where}[{index}]", self.problems)
            for index, value in enumerate(self.value)
        ]

    def integer(self, low: int, high: int, default: int | None = None) -> int | None:
        """A whole number from ``low`` to ``high`` (``default`` when absent)."""
        if self.missing and default is not None:
            return default
        if not is_whole(self.value):
            self._wrong(f"a whole number from {low} to {high}")
            return None
        if not low <= self.value <= high:
            self.fail(f"{self.value!r} is not a whole number from {low} to {high}")
            return None
        value: int = self.value
        return value

    def whole(self) -> int | None:
        """A whole number of any size."""
        if not is_whole(self.value):
            self._wrong("a whole number")
            return None
        return self.value

    def text(self, default: str | None = None, *, what: str = "text") -> str | None:
        """A string (``default`` when absent)."""
        if self.missing and default is not None:
            return default
        if not isinstance(self.value, str):
            self._wrong(what)
            return None
        return self.value

    def text_list(self, *, low: int = 0, what: str = "a list of names") -> list[str] | None:
        """A list of strings (absent counts as empty when ``low`` is 0)."""
        if self.missing and low == 0:
            return []
        values = [item.text(what="text") for item in self.items(low=low, what=what)]
        if not isinstance(self.value, list) or any(v is None for v in values):
            return None
        if len(self.value) < low:
            return None
        return [v for v in values if v is not None]


# --- reading files ------------------------------------------------------------------------

MAX_FILE_BYTES = 1_000_000
"""Largest puzzle, state or moves file read (1 MB; real ones are under 2 kB)."""
MAX_CARD_FILE_BYTES = 4_000_000
"""Largest card file read (4 MB; the bundled 48-card deck is under 6 kB)."""
MAX_NESTING = 20
"""Deepest nesting of lists and mappings a data file may use (the formats need 4)."""

_UTF32_BOMS = (codecs.BOM_UTF32_LE, codecs.BOM_UTF32_BE)
_UTF16_BOMS = (codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)


def _megabytes(size: int) -> str:
    return f"{size / 1_000_000:g} MB"


_SPECIAL_KINDS = (
    (stat.S_ISDIR, "a folder"),
    (stat.S_ISFIFO, "a FIFO (named pipe)"),
    (stat.S_ISCHR, "a character device"),
    (stat.S_ISBLK, "a block device"),
    (stat.S_ISSOCK, "a socket"),
)


def special_kind(mode: int) -> str:
    """What a path of ``st_mode`` ``mode`` is, in a user's words (``a FIFO (named pipe)``);
    ``a regular file`` for one."""
    if stat.S_ISREG(mode):
        return "a regular file"
    return next((name for test, name in _SPECIAL_KINDS if test(mode)), "not a regular file")


def path_problem(path: Path) -> str | None:
    """Why ``path`` is not a regular file to read, in a user's words (``is a FIFO (named
    pipe), not a file``, ``is a link to nothing (gone.yaml)``, ``is a loop of symbolic
    links``...); None when it is one. Only ``stat`` is used, never ``open``: a FIFO without
    a writer would block an open for ever. The one check every file reader makes first."""
    try:
        mode = os.stat(path).st_mode
    except FileNotFoundError:
        if os.path.islink(path):
            return f"is a link to nothing ({os.readlink(path)})"
        return "no such file"
    except NotADirectoryError:
        return "no such file (a part of its path is a file, not a folder)"
    except PermissionError:
        return "permission denied"
    except OSError as error:
        if error.errno == errno.ELOOP:
            return "is a loop of symbolic links"
        if error.errno == errno.ENAMETOOLONG:
            return "the name is too long"
        return f"cannot read: {error.strerror or error}"
    if stat.S_ISREG(mode):
        return None
    return f"is {special_kind(mode)}, not a file"


def read_bytes(path: Path, *, source: str | None = None, limit: int = MAX_FILE_BYTES) -> bytes:
    """The first ``limit + 1`` bytes of the regular file at ``path``, checked first by
    :func:`path_problem` (a FIFO, device, folder or broken link: :class:`ReadError`, one
    problem naming the file by ``source``, default the path). The file is opened without
    blocking and checked again once open, so a FIFO swapped in between cannot hang it."""
    name = str(path) if source is None else source
    problem = path_problem(path)
    if problem is not None:
        raise ReadError([Problem(name, problem)])
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    try:
        handle = os.open(path, flags)
    except OSError as error:
        raise ReadError([Problem(name, path_problem(path) or _cannot_read(error))]) from None
    try:
        mode = os.fstat(handle).st_mode
        if not stat.S_ISREG(mode):
            raise ReadError([Problem(name, f"is {special_kind(mode)}, not a file")])
        with os.fdopen(handle, "rb", closefd=False) as stream:
            return stream.read(limit + 1)
    except OSError as error:
        raise ReadError([Problem(name, _cannot_read(error))]) from None
    finally:
        os.close(handle)


def _cannot_read(error: OSError) -> str:
    if isinstance(error, PermissionError):
        return "permission denied"
    return f"cannot read: {error.strerror or error}"


def read_text(path: Path, *, source: str | None = None, limit: int = MAX_FILE_BYTES) -> str:
    """The text of the file at ``path``, checked: a regular file (:func:`read_bytes`), at
    most ``limit`` bytes, UTF-8 (with or without a byte-order mark) or UTF-16 with a
    byte-order mark, no NUL characters.

    Raises :class:`ReadError` with one problem naming the file (``source``, default the
    path) otherwise; the file is never read past ``limit`` bytes.
    """
    name = str(path) if source is None else source
    raw = read_bytes(path, source=name, limit=limit)
    if len(raw) > limit:
        raise ReadError(
            [Problem(name, f"too large: more than {_megabytes(limit)}, the limit for this file")]
        )
    return decode_text(raw, name)


def decode_text(raw: bytes, source: str) -> str:
    """``raw`` as text under :func:`read_text`'s rules (``source`` names it in errors)."""
    if raw.startswith(_UTF32_BOMS):
        raise ReadError([Problem(source, "not UTF-8 text (it is UTF-32): save it as UTF-8")])
    try:
        codec = "utf-16" if raw.startswith(_UTF16_BOMS) else "utf-8-sig"
        text = raw.decode(codec)
    except UnicodeDecodeError as error:
        line = raw[: error.start].count(b"\n") + 1
        byte = raw[error.start : error.start + 1].hex()
        raise ReadError(
            [
                Problem(
                    source,
                    f"not UTF-8 text (byte 0x{byte}): save it as UTF-8",
                    f"line {line}",
                )
            ]
        ) from None
    if "\x00" in text:
        line = text[: text.index("\x00")].count("\n") + 1
        raise ReadError(
            [
                Problem(
                    source,
                    "not UTF-8 text (a NUL character; UTF-16 needs its byte-order mark)",
                    f"line {line}",
                )
            ]
        )
    return text


def load_data(text: str, source: str, *, as_json: bool = False) -> Any:
    """The data of a YAML (or, with ``as_json``, JSON) document, parsed safely.

    Before anything is built the document is checked on the parser's event stream (no
    recursion): nesting at most :data:`MAX_NESTING` deep and at most :data:`MAX_VALUES`
    values, both counting what YAML aliases (``*name``) repeat, so a small file cannot
    expand into billions of values; no key twice in one mapping. Only plain data is built
    (YAML's safe loader). Raises :class:`ReadError` with one located problem.
    """
    if as_json:
        return _load_json(text, source)
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    try:
        try:
            _check_events(yaml.parse(text, Loader=loader), source)
        except yaml.YAMLError:
            # A YAML library may stop a document with a limit of its own (libyaml reads deep
            # flow nesting far ahead of the events, up to its own cap) before this check sees
            # it. The pure-Python parser reads ahead at most a line, so it finds our own
            # problem, located, if there is one; the library's reason is kept otherwise.
            with contextlib.suppress(yaml.YAMLError):
                _check_events(yaml.parse(text, Loader=yaml.SafeLoader), source)
            raise
        return yaml.load(text, Loader=loader)  # a safe loader: plain data only
    except yaml.MarkedYAMLError as error:
        mark = error.problem_mark or error.context_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        reason = error.problem or error.context or "unreadable"
        raise ReadError([Problem(source, f"not valid YAML: {reason}", where)]) from None
    except yaml.YAMLError as error:
        reason = str(error).splitlines()[0] if str(error) else "unreadable"
        raise ReadError([Problem(source, f"not valid YAML: {reason}")]) from None


MAX_VALUES = 1_000_000
"""Most values (scalars and collections, aliases counted as what they repeat) in a file."""
MAX_DIGITS = 40
"""Most digits in a whole number of a data file. The formats need at most 20 (a seed below
2**63); Python refuses to convert more than 4,300 with a message of its own."""
_TOO_LONG = f"a whole number of more than {MAX_DIGITS} digits"
_INT_TAG = "tag:yaml.org,2002:int"


def _too_many_digits(text: str) -> bool:
    return sum(character.isalnum() for character in text) > MAX_DIGITS  # 0x, 0o, 0b too


def parse_whole(text: str, low: int = 0, high: int | None = None) -> int | None:
    """The whole number ``text`` writes, when it is one from ``low`` to ``high``: ASCII digits
    only (no sign, space, underscore or other script's digits, all of which ``int`` takes)
    and at most :data:`MAX_DIGITS` of them, so no huge text is ever converted; None
    otherwise. The one parser of whole numbers written as text in a file or a script: the
    caller says what was expected, and where."""
    if not (text.isascii() and text.isdigit()) or len(text) > MAX_DIGITS:
        return None
    number = int(text)
    if number < low or (high is not None and number > high):
        return None
    return number


def parse_wholes(text: str) -> list[int] | None:
    """The whole numbers of ``text`` between spaces or commas (``17, 35``), each read by
    :func:`parse_whole`; None when any is not one."""
    numbers = [parse_whole(word) for word in text.replace(",", " ").split()]
    return None if None in numbers else [n for n in numbers if n is not None]


def _is_yaml_int(event: Any) -> bool:
    """Whether a scalar event becomes a whole number (explicitly tagged, or plain and
    resolved as one by YAML's rules)."""
    import yaml

    if event.tag == _INT_TAG:
        return True
    if not event.implicit[0]:
        return False
    resolver: Any = yaml.SafeLoader("")  # YAML's own rules for untagged scalars
    return bool(resolver.resolve(yaml.ScalarNode, event.value, (True, False)) == _INT_TAG)


@dataclass
class _Open:
    """A collection being read from the event stream."""

    mapping: bool
    anchor: str | None
    values_before: int
    """Values counted before this collection began."""
    height: int = 0
    """Deepest nesting below this collection so far."""
    keys: set[str] | None = None
    expect_key: bool = True


def _check_events(events: Any, source: str) -> None:
    """Nesting, size with aliases expanded, duplicate keys and over-long whole numbers, from
    the event stream."""
    import yaml

    anchors: dict[str, tuple[int, int]] = {}  # anchor -> (values, height)
    frames: list[_Open] = []
    values = 0

    def fail(message: str, event: Any) -> NoReturn:
        mark = event.start_mark
        where = f"line {mark.line + 1}, column {mark.column + 1}" if mark is not None else ""
        raise ReadError([Problem(source, message, where)])

    def grow(added: int, height: int, event: Any) -> None:
        nonlocal values
        values += added
        if values > MAX_VALUES:
            fail(f"more than {MAX_VALUES:,} values (counting what aliases repeat)", event)
        if len(frames) + height > MAX_NESTING:
            fail(f"nested more than {MAX_NESTING} levels deep", event)
        if frames:
            frames[-1].height = max(frames[-1].height, height + 1)

    for event in events:
        top = frames[-1] if frames else None
        is_key = top is not None and top.mapping and top.expect_key
        if top is not None and top.mapping and not isinstance(event, yaml.CollectionEndEvent):
            top.expect_key = not top.expect_key  # mapping entries alternate key, value
        if isinstance(event, yaml.AliasEvent):
            anchor = str(event.anchor)
            if anchor not in anchors:
                fail(f"the alias *{anchor} names no anchor before it", event)
            size, height = anchors[anchor]
            grow(size, height, event)
        elif isinstance(event, yaml.ScalarEvent):
            grow(1, 0, event)
            if _too_many_digits(event.value) and _is_yaml_int(event):
                fail(_TOO_LONG, event)
            if event.anchor is not None:
                anchors[event.anchor] = (1, 0)
            if is_key and top is not None:
                keys = top.keys if top.keys is not None else set()
                if event.value in keys:
                    fail(f"the key {event.value!r} is given twice", event)
                keys.add(event.value)
                top.keys = keys
        elif isinstance(event, yaml.CollectionStartEvent):
            if len(frames) >= MAX_NESTING:
                fail(f"nested more than {MAX_NESTING} levels deep", event)
            values_before = values
            grow(1, 0, event)
            frames.append(
                _Open(isinstance(event, yaml.MappingStartEvent), event.anchor, values_before)
            )
        elif isinstance(event, yaml.CollectionEndEvent) and frames:
            done = frames.pop()
            if frames:
                frames[-1].height = max(frames[-1].height, done.height + 1)
            if done.anchor is not None:
                anchors[done.anchor] = (values - done.values_before, done.height)


_JSON_STRING = re.compile(r'"(?:[^"\\]|\\.)*"')


def _load_json(text: str, source: str) -> Any:
    depth = 0
    for bracket in re.findall(r"[\[\]{}]", _JSON_STRING.sub("", text)):
        depth += 1 if bracket in "[{" else -1
        if depth > MAX_NESTING:
            raise ReadError([Problem(source, f"nested more than {MAX_NESTING} levels deep")])

    def unique(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        result: dict[str, Any] = {}
        for key, value in pairs:
            if key in result:
                raise ReadError([Problem(source, f"the key {key!r} is given twice")])
            result[key] = value
        return result

    def whole_number(digits: str) -> int:
        if _too_many_digits(digits):
            raise ReadError([Problem(source, _TOO_LONG)])
        return int(digits)

    try:
        return json.loads(text, object_pairs_hook=unique, parse_int=whole_number)
    except json.JSONDecodeError as error:
        where = f"line {error.lineno}, column {error.colno}"
        raise ReadError([Problem(source, f"not valid JSON: {error.msg}", where)]) from None


def read_data_file(
    path: Path,
    *,
    source: str | None = None,
    limit: int = MAX_FILE_BYTES,
    as_json: bool | None = None,
) -> Any:
    """:func:`read_text` then :func:`load_data`: the one way a data file is read.

    ``as_json`` defaults to the ``.json`` suffix.
    """
    name = str(path) if source is None else source
    text = read_text(path, source=name, limit=limit)
    json_file = path.suffix.lower() == ".json" if as_json is None else as_json
    if json_file or not _bundled(path):
        return load_data(text, name, as_json=json_file)
    return _bundled_data(text, name)


def read_file_text(path: str | Path, error: type[ReadError]) -> tuple[str, str, bool]:
    """The text of the file at ``path`` (:func:`read_text`), its name (``path`` as given) and
    whether it is JSON (a ``.json`` suffix); a file that cannot be read raises ``error``
    with the problem."""
    file_path = Path(path)
    source = str(path)
    try:
        text = read_text(file_path, source=source)
    except ReadError as problem:
        raise error(problem.problems) from None
    return text, source, file_path.suffix.lower() == ".json"


def read_checked(
    text: str,
    read: Callable[[Field], T | None],
    error: type[ReadError],
    *,
    source: str,
    as_json: bool,
) -> T:
    """``text`` parsed (:func:`load_data`) and, when it parses, ``read`` from its root field
    (``None`` after recording every problem found); any problem raises ``error`` naming
    every one."""
    problems = Problems(source)
    data: Any = None
    try:
        data = load_data(text, source, as_json=as_json)
    except ReadError as problem:
        problems.found.extend(problem.problems)
    value = read(Field.root(data, problems)) if not problems else None
    problems.raise_if_any(error)
    assert value is not None
    return value


def parse_recorded(
    data: Any,
    source: str,
    problems: Problems | None,
    read: Callable[[Field, str], T | None],
    error: type[ReadError],
) -> T | None:
    """``read(root, source)`` of ``data`` (a file's content), its problems recorded in
    ``problems``, or raised as one ``error`` when that is ``None``: the value, or ``None``
    when the read recorded any problem (every ``ComponentsFile``'s ``parse``). The read
    records into problems of its own, so any problem it sees is one of its own."""
    found = Problems(source)
    value = read(Field.root(data, found), source)
    if problems is None:
        found.raise_if_any(error)
    else:
        problems.found.extend(found.found)
    return None if found else value


class ComponentsFile(Generic[T]):
    """A game's components file (a deck, a board and its price boards): read and checked
    from a path, or the bundled one in ``data/`` (``name``), read once and kept.

    ``parse(data, source, problems)`` reads a file's content, recording its problems, and
    gives ``None`` when it is unusable; ``error`` is the game's error naming them all.
    """

    def __init__(
        self,
        name: str,
        parse: Callable[[Any, str, Problems], T | None],
        error: type[ReadError],
    ) -> None:
        self.name = name
        self.parse = parse
        self.error = error
        self.bundled: T | None = None

    @property
    def bundled_path(self) -> Path:
        """Path of the bundled file (``data/<name>``)."""
        return BUNDLED_DATA / self.name

    def check(self, path: str | Path | None = None) -> tuple[T | None, Problems]:
        """Read and check the file at ``path`` (the bundled one when ``None``): its content
        (``None`` when unusable) and every problem."""
        file_path = self.bundled_path if path is None else Path(path)
        name = f"{self.name} (bundled)" if path is None else str(path)
        problems = Problems(name)
        try:
            data = read_data_file(file_path, source=name, limit=MAX_CARD_FILE_BYTES)
        except ReadError as error:
            problems.found.extend(error.problems)
            return None, problems
        value = self.parse(data, name, problems)
        return (value if not problems else None), problems

    def load(self, path: str | Path | None = None) -> T:
        """The content of the file at ``path`` (the bundled one when ``None``, read once);
        raises :attr:`error` naming every problem."""
        if path is None and self.bundled is not None:
            return self.bundled
        value, problems = self.check(path)
        problems.raise_if_any(self.error)
        assert value is not None
        if path is None:
            self.bundled = value
        return value


BUNDLED_DATA = Path(__file__).resolve().parents[2] / "data"
"""The components silverpyr ships (``data/``)."""


def _bundled(path: Path) -> bool:
    try:
        return path.resolve().parent == BUNDLED_DATA
    except (OSError, RuntimeError):
        return False


def _bundled_data(text: str, source: str) -> Any:
    """:func:`load_data` of a bundled YAML file, kept as JSON in the cache folder by the
    digest of its text: YAML's parser (and its import) took a third of ``cards show``'s
    start-up (issue 29). Text that was never parsed, or a cache that cannot be read or
    written, takes the parser's way; anything JSON would not give back equal is not kept."""
    import hashlib

    from .places import cache_dir, keep_cached

    try:
        kept = cache_dir() / "data" / f"{hashlib.sha256(text.encode()).hexdigest()}.json"
    except (OSError, RuntimeError, UnicodeError):
        return load_data(text, source)
    with contextlib.suppress(OSError, UnicodeError, ValueError):
        return json.loads(kept.read_text(encoding="utf-8"))
    data = load_data(text, source)
    with contextlib.suppress(TypeError, ValueError):
        as_json = json.dumps(data)
        if json.loads(as_json) == data:
            keep_cached(kept, as_json)
    return data
