"""A clock the tests control, for searches that stop at a deadline: the same stop on every
machine, however fast or loaded (no test reads the real clock to pass)."""

from __future__ import annotations


class StepClock:
    """Stands in for the ``time`` module of a search: each ``perf_counter()`` read is
    ``step`` seconds after the one before, so a deadline comes after a fixed number of
    reads (the search reads the clock every so many nodes)."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def perf_counter(self) -> float:
        self.now += self.step
        return self.now
