"""Strict reads of a puzzle file's mapping, for any game: each error names the file (or the
part of it) and the key, in the game's own error type.

Game-free: nothing here imports a game. The Sun's and Cheops's ``puzzle.py`` read their
puzzles' fields through :class:`PuzzleFields` (a subclass naming the game's error), and
their puzzles start with the fields of :class:`PuzzleHead`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any, ClassVar, Generic, TypeVar

from ...solver.core.rng import seed_problem
from .records_file import Replayable

S = TypeVar("S", bound=Replayable)
"""A game's state, as a puzzle reads it (the seat to move: ``turn``)."""


@dataclass(frozen=True)
class PuzzleHead(Generic[S]):
    """What every game's puzzle starts with: its id, kind, seed (``None``: none) and daily
    date (``None``: not a daily), and its position (a game's puzzle adds its par and
    rating)."""

    id: str
    kind: str
    seed: int | None
    daily_date: str | None
    state: S
    """The position (the seat to move, ``state.turn``, is the player's)."""

    kind_labels: ClassVar[Mapping[str, str]] = {}
    """The game's kinds for people (a kind it does not name is shown as it is)."""

    @property
    def kind_label(self) -> str:
        """The kind for people."""
        return self.kind_labels.get(self.kind, self.kind)

    @property
    def seat(self) -> int:
        """The seat the player plays."""
        return self.state.turn

    @property
    def level(self) -> int:
        """Difficulty 1-5 (every game's scale): a game's puzzle says it from its own rating."""
        raise NotImplementedError

    def shown_dict(self) -> dict[str, Any]:
        """What the player may see of the puzzle (no answer): a game's puzzle says it."""
        raise NotImplementedError

    def head_dict(self, form: str, version: int) -> dict[str, Any]:
        """The keys a puzzle file starts with: ``format`` and ``version`` (the game's), then
        the head's."""
        return {
            "format": form,
            "version": version,
            "id": self.id,
            "kind": self.kind,
            "seed": self.seed,
            "daily_date": self.daily_date,
        }


@dataclass(frozen=True)
class PuzzleFormat:
    """A game's puzzle files: their ``format`` (``form``) and ``version``, the game's
    ``title`` (a file of another game is ``not a Cheops puzzle``), the key of the cards'
    fingerprint and what a file made with other cards is told (``other``: ``{0}`` its
    fingerprint, quoted; ``{1}`` ours)."""

    form: str
    version: int
    title: str
    fingerprint_key: str
    other: str


class PuzzleFields:
    """Strict reads of a puzzle mapping's keys, each error naming the key."""

    error: ClassVar[type[Exception]]
    """The game's puzzle error."""

    def __init__(self, data: Any, where: str) -> None:
        if not isinstance(data, Mapping):
            raise self.error(f"{where}: expected a mapping of puzzle fields")
        self.data: Mapping[str, Any] = data
        self.where = where

    def check_format(self, form: str, version: int, title: str) -> None:
        """Refuse a mapping whose ``format`` is not ``form`` (not a ``title`` puzzle) or
        whose ``version`` is not ``version``."""
        if self.text("format") != form:
            raise self.error(f"{self.where}: format: not a {title} puzzle")
        if self.whole("version") != version:
            raise self.error(f"{self.where}: version: only version {version} is known")

    def check_fingerprint(self, key: str, fingerprint: str, other: str) -> None:
        """Refuse a puzzle made with other cards than those of ``fingerprint``: ``other``
        says so, ``{0}`` filled with the file's fingerprint (quoted), ``{1}`` with ours."""
        if self.text(key) != fingerprint:
            message = other.format(repr(self.text(key)), fingerprint)
            raise self.error(f"{self.where}: {key}: {message}")

    def check_head(self, puzzle_format: PuzzleFormat, fingerprint: str) -> None:
        """Refuse a mapping that is not a puzzle file of ``puzzle_format``, or was made with
        other cards than those of ``fingerprint``."""
        self.check_format(puzzle_format.form, puzzle_format.version, puzzle_format.title)
        self.check_fingerprint(puzzle_format.fingerprint_key, fingerprint, puzzle_format.other)

    def one_of(self, key: str, choices: tuple[str, ...]) -> str:
        """The text at ``key``, one of ``choices``."""
        value = self.text(key)
        if value not in choices:
            raise self.error(f"{self.where}: {key}: {value!r} is not one of {', '.join(choices)}")
        return value

    def seed(self) -> Any:
        """The ``seed`` the puzzle was made from, if any (``None``: none; a value that is
        no seed is refused)."""
        seed = self.data.get("seed")
        if seed is not None and seed_problem(seed) is not None:
            raise self.error(f"{self.where}: seed: {seed_problem(seed)}")
        return seed

    def daily_date(self) -> str | None:
        """The ``daily_date`` of a daily puzzle (``None``: not a daily)."""
        daily = self.data.get("daily_date")
        if daily is not None and not isinstance(daily, str):
            raise self.error(f"{self.where}: daily_date: expected YYYY-MM-DD")
        return daily

    def get(self, key: str) -> Any:
        if key not in self.data:
            raise self.error(f"{self.where}: {key}: missing")
        return self.data[key]

    def text(self, key: str) -> str:
        value = self.get(key)
        if not isinstance(value, str):
            raise self.error(f"{self.where}: {key}: expected text, not {value!r}")
        return value

    def texts(self, key: str) -> list[str]:
        value = self.get(key)
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.error(f"{self.where}: {key}: expected a list of text")
        return list(value)

    def whole(self, key: str) -> int:
        value = self.get(key)
        if isinstance(value, bool) or not isinstance(value, int) or value < 0:
            raise self.error(f"{self.where}: {key}: expected a whole number, not {value!r}")
        return value

    def optional_whole(self, key: str) -> int | None:
        if self.data.get(key) is None:
            return None
        return self.whole(key)

    def wholes(self, key: str, value: Any = None) -> list[int]:
        """The list of whole numbers at ``key`` (or ``value``, named as ``key``)."""
        items = self.get(key) if value is None else value
        if not isinstance(items, list) or any(
            isinstance(item, bool) or not isinstance(item, int) or item < 0 for item in items
        ):
            raise self.error(f"{self.where}: {key}: expected a list of whole numbers")
        return list(items)

    def fraction(self, key: str) -> Fraction:
        value = self.text(key)
        try:
            return Fraction(value)
        except (ValueError, ZeroDivisionError):
            raise self.error(
                f"{self.where}: {key}: {value!r} is not a number (e.g. 12 or 7/2)"
            ) from None
