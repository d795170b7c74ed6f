"""A small, explicit pseudo-random stream that is the same on every machine and Python.

Python documents only ``random.random()`` as stable across versions (``shuffle``,
``randrange`` and ``choice`` may change), so puzzles draw from SHA-256 in counter mode
instead: the stream for a key is ``sha256(key | counter)`` for counter 0, 1, 2, ... read
as 64-bit big-endian words. Every draw is integer arithmetic on those words.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from typing import TypeVar

T = TypeVar("T")

_WORD_BITS = 64
_WORDS_PER_BLOCK = 4  # a SHA-256 digest holds four 64-bit words

MAX_SEED = 2**63 - 1
"""The largest seed. Every seed (``--seed`` of every command, game records, puzzle ids) is a
whole number from 0 to ``MAX_SEED``: a signed 64-bit integer, which SQLite, JSON readers and
the store keep exactly."""


def seed_problem(seed: object) -> str | None:
    """Why ``seed`` is not a seed, or None when it is: the one check and its one message."""
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed <= MAX_SEED:
        from .reader import describe  # the value named in file terms: null, true, a list...

        whole = isinstance(seed, int) and not isinstance(seed, bool) and seed.bit_length() <= 4000
        shown = repr(seed) if whole else describe(seed)
        return f"{shown} is not a seed (a whole number from 0 to {MAX_SEED})"
    return None


class SeededStream:
    """Deterministic draws from a text key (e.g. ``silverpyr-puzzle-v1|daily|2026-11-22``)."""

    def __init__(self, key: str) -> None:
        self._key = key.encode("utf-8")
        self._block = 0
        self._words: list[int] = []

    @property
    def key(self) -> str:
        """The key the stream was made from."""
        return self._key.decode("utf-8")

    def child(self, label: str) -> SeededStream:
        """An independent stream for a named sub-task (``key|label``)."""
        return SeededStream(f"{self.key}|{label}")

    def word(self) -> int:
        """The next 64-bit unsigned integer."""
        if not self._words:
            digest = hashlib.sha256(self._key + b"|" + str(self._block).encode("ascii")).digest()
            self._block += 1
            self._words = [
                int.from_bytes(digest[i * 8 : (i + 1) * 8], "big") for i in range(_WORDS_PER_BLOCK)
            ]
        return self._words.pop(0)

    def below(self, bound: int) -> int:
        """A uniform integer in ``[0, bound)`` (rejection sampling: no modulo bias)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        limit = (1 << _WORD_BITS) - (1 << _WORD_BITS) % bound
        while True:
            value = self.word()
            if value < limit:
                return value % bound

    def between(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``, both ends included."""
        return low + self.below(high - low + 1)

    def chance(self, numerator: int, denominator: int) -> bool:
        """True with probability ``numerator / denominator``."""
        return self.below(denominator) < numerator

    def choice(self, items: Sequence[T]) -> T:
        """A uniformly chosen item of a non-empty sequence."""
        return items[self.below(len(items))]

    def weighted(self, items: Sequence[tuple[T, int]]) -> T:
        """An item chosen with probability proportional to its integer weight."""
        total = sum(weight for _, weight in items)
        pick = self.below(total)
        for item, weight in items:
            if pick < weight:
                return item
            pick -= weight
        raise AssertionError("unreachable: the pick lies below the total weight")

    def shuffled(self, items: Sequence[T]) -> list[T]:
        """A Fisher-Yates shuffled copy of ``items``."""
        result = list(items)
        for i in range(len(result) - 1, 0, -1):
            j = self.below(i + 1)
            result[i], result[j] = result[j], result[i]
        return result
