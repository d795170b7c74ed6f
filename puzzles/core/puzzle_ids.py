"""Puzzle ids, for any game: what a player shares and what ``--id`` accepts.

Game-free: nothing here imports a game; a game names its kinds, its words and its error.

* ``daily-2026-11-26``: the daily puzzle of a date, in every game (:func:`daily_id`,
  :data:`DAILY_RE`); the date is read by :func:`parse_date` (``YYYY-MM-DD``, a real date).
* ``<game>-<seed>`` and ``<kind>-<seed>``: a puzzle of a seed in a game whose ids name the
  game (the Sun's ``sun-123``, Cheops's ``cheops-123``), its kind drawn from the seed by
  the game's own stream, or one kind's (:class:`SeededIds`). Silver & Gold's bare seeds
  (``123``, ``sprint-123``) and custom ids stay its own; it shares the dates and dailies.
"""

from __future__ import annotations

import datetime as dt
import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol, TypeVar

from ...solver.core.rng import SeededStream, seed_problem

P = TypeVar("P")
C = TypeVar("C")
P_co = TypeVar("P_co", covariant=True)
C_contra = TypeVar("C_contra", contravariant=True)


class Generate(Protocol[C_contra, P_co]):
    """A game's ``generate``: the puzzle of a seed and kind on its cards."""

    def __call__(
        self, seed: int, kind: str, cards: C_contra, /, *, puzzle_id: str | None = ...
    ) -> P_co: ...


DAILY_PREFIX = "daily-"
DAILY_RE = re.compile(r"^daily-(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2})$")


def parse_date(text: str, error: Callable[[str], Exception], example: str) -> dt.date:
    """``YYYY-MM-DD`` as a date; ``error`` names the problem otherwise (``example``: the
    date shown as an example)."""
    stripped = text.strip()
    if not re.fullmatch(r"[0-9]{4}-[0-9]{2}-[0-9]{2}", stripped):
        raise error(f"{text!r} is not a date: write YYYY-MM-DD, e.g. {example}")
    try:
        return dt.date.fromisoformat(stripped)
    except ValueError as problem:
        raise error(f"{text!r} is not a date: {problem}") from None


def daily_id(date: dt.date) -> str:
    """The id of the daily puzzle of ``date``."""
    return f"{DAILY_PREFIX}{date.isoformat()}"


def check_seed(seed: int, error: Callable[[str], Exception]) -> None:
    """Raise ``error`` unless ``seed`` is a seed
    (:func:`~silverpyr.solver.core.rng.seed_problem`)."""
    problem = seed_problem(seed)
    if problem is not None:
        raise error(problem)


def puzzle_stream(
    key: str, seed: int, kind: str, kinds: tuple[str, ...], error: Callable[[str], Exception]
) -> SeededStream:
    """The seeded stream a game's puzzle of ``seed`` and ``kind`` is drawn from (``key``:
    the game's puzzle key); ``error`` names a seed that is not one, or a kind not among the
    game's ``kinds``."""
    check_seed(seed, error)
    if kind not in kinds:
        raise error(f"{kind!r} is not a puzzle kind ({', '.join(kinds)})")
    return SeededStream(f"{key}|{kind}|{seed}")


@dataclass(frozen=True)
class PuzzleId:
    """A parsed id (of a game whose ids name it)."""

    text: str
    kind: str | None = None
    seed: int | None = None
    daily_date: str | None = None


@dataclass(frozen=True)
class SeededIds:
    """The ids of a game whose seeded puzzles are named ``<game>-<seed>`` or
    ``<kind>-<seed>``, and its dailies ``daily-<date>``."""

    game: str
    """The bare seed's word (``sun``, ``cheops``)."""
    title: str
    """The game's name in the message for a text that is no id (``Pyramid of the Sun``)."""
    kinds: tuple[str, ...]
    kind_key: str
    """The key of the stream a bare seed's kind is drawn from."""
    error: Callable[[str], Exception]
    known_kinds: bool = False
    """Whether :meth:`seed_id` refuses a kind that is not one of :attr:`kinds`."""

    @property
    def examples(self) -> str:
        """What ids look like, as the message for a text that is no id says."""
        return ", ".join(f"{word}-123" for word in (self.game, *self.kinds)) + (
            " or daily-2026-11-26"
        )

    def parse_date(self, text: str) -> dt.date:
        """``YYYY-MM-DD`` as a date; the game's error names the problem otherwise."""
        return parse_date(text, self.error, "2026-11-26")

    def seed_id(self, seed: int, kind: str | None = None) -> str:
        """``<game>-<seed>``, or ``<kind>-<seed>``."""
        check_seed(seed, self.error)
        if self.known_kinds and kind is not None and kind not in self.kinds:
            raise self.error(f"{kind!r} is not a puzzle kind ({', '.join(self.kinds)})")
        return f"{kind or self.game}-{seed}"

    def parse(self, text: str) -> PuzzleId:
        """Parse an id; the game's error says what ids look like otherwise."""
        token = text.strip().lower()
        daily = DAILY_RE.match(token)
        if daily:
            date = self.parse_date(daily["date"])
            return PuzzleId(daily_id(date), daily_date=date.isoformat())
        words = "|".join(re.escape(word) for word in (self.game, *self.kinds))
        seeded = re.match(rf"^(?P<kind>{words})-(?P<seed>[0-9]{{1,19}})$", token)
        if seeded:
            seed = int(seeded["seed"])
            kind = None if seeded["kind"] == self.game else seeded["kind"]
            return PuzzleId(self.seed_id(seed, kind), kind=kind, seed=seed)
        raise self.error(f"{text.strip()!r} is not a {self.title} puzzle id: use {self.examples}")

    def kind_of_seed(self, seed: int) -> str:
        """The kind a bare seed (``<game>-<seed>``) stands for."""
        return SeededStream(f"{self.kind_key}|{seed}").choice(self.kinds)

    def puzzle_for(
        self,
        text: str,
        daily: Callable[[dt.date], P],
        generate: Callable[[int, str, str], P],
    ) -> P:
        """The puzzle an id stands for: ``daily(date)`` for a daily, else
        ``generate(seed, kind, id)`` (a bare seed's kind drawn from the seed)."""
        parsed = self.parse(text)
        if parsed.daily_date is not None:
            return daily(self.parse_date(parsed.daily_date))
        assert parsed.seed is not None
        kind = parsed.kind or self.kind_of_seed(parsed.seed)
        return generate(parsed.seed, kind, parsed.text)

    def puzzle_on(
        self,
        text: str,
        cards: C,
        daily: Callable[[dt.date, C], P],
        generate: Generate[C, P],
    ) -> P:
        """The puzzle an id stands for, on ``cards``: :meth:`puzzle_for` with the game's
        ``daily(date, cards)`` and ``generate(seed, kind, cards, puzzle_id=id)``."""

        def seeded(seed: int, kind: str, puzzle_id: str) -> P:
            return generate(seed, kind, cards, puzzle_id=puzzle_id)

        return self.puzzle_for(text, lambda date: daily(date, cards), seeded)
