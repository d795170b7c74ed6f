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
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass
from typing import Any, TypeGuard

from .errors import SilverpyrError


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
        if self.where:
            return f"{self.source}: {self.where}: {self.message}"
        return f"{self.source}: {self.message}"


class ReadError(SilverpyrError, ValueError):
    """Data that could not be read; ``problems`` lists everything wrong, one per line."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__(self.summary())

    def summary(self) -> str:
        """The message: every problem, one per line."""
        return "\n".join(str(problem) for problem in self.problems)


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
    """A short description of a value of the wrong type, in file terms (e.g. ``a list``)."""
    kinds = {
        bool: "true/false",
        int: "a number",
        float: "a number",
        str: "text",
        list: "a list",
        dict: "a mapping",
        type(None): "empty",
    }
    return kinds.get(type(value), type(value).__name__)  # YAML dates: "date"


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
        if self.missing:
            self.fail(f"missing: expected {what}")
        else:
            self.fail(f"expected {what}, not {describe(self.value)}")

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
        if not is_whole(self.value) or not low <= self.value <= high:
            if self.missing:
                self.fail(f"missing: expected a whole number from {low} to {high}")
            else:
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
