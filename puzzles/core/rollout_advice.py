"""Advice and a coach's verdict by paired rollouts, for any game (the Sun's and Cheops's).

A game's advice measures each option against a reference fixed first, on the same seeded
determinizations (its module docstring tells its own yardstick and rollouts). This module owns
what does not depend on the game, once: the samples a full measurement uses
(:meth:`Sampling.window`, after the screening ones), the screening of many options within a
budget of option-rollouts (:func:`measure_options`), one option's paired measurement
(:func:`measure`), an option and a decision's options as the JSON tells them
(:class:`RatedMove`, :class:`Ranking`: each game adds its reasons and lines), the worlds and
values of one state (:class:`Rollouts`, which a game
subclasses with its determinization and play-out), the last few states' rollouts
(:class:`RolloutCache`, so ``h`` and then the coach's verdict share them) and the coach's
judging of a move (:meth:`Coaching.judge`: each game declares its :class:`Coaching`).
Everything is counted in rollouts, never in seconds.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from enum import Enum
from typing import Any, ClassVar, Generic, Protocol, TypeVar

from ...solver.core.errors import SilverpyrError
from ...solver.core.rng import SeededStream
from .grading import CoachReport, Verdict, clearly_better, grade
from .records_file import Replayable
from .tournament import chance_to_win

MAX_ROLLOUTS = 200
"""The most paired samples one option may be measured on."""

M = TypeVar("M")
S = TypeVar("S", bound="GameState")
R = TypeVar("R", bound="Rollouts")  # type: ignore[type-arg]
T = TypeVar("T")
V = TypeVar("V", bound=Verdict)

Progress = Callable[[str], None]


class AdviceError(SilverpyrError, ValueError):
    """Advice asked for where there is no decision of that seat (the game is over, or
    another seat is to move), or with a bad number of samples."""


class GameState(Replayable, Protocol):
    """What the rollouts read of a game's state: over and whose turn (the core's
    :class:`~.records_file.Replayable`), and how many seats play."""

    @property
    def players(self) -> int: ...


@dataclass(frozen=True)
class Sampling:
    """A game's numbers of samples: ``default`` paired samples an option (and a verdict),
    the first ``screen`` only screening, at most ``budget`` option-rollouts an advice
    (besides the reference's), at least ``keep`` options measured fully after screening;
    ``noun`` is what the progress line calls one of an option's rollouts."""

    default: int
    screen: int
    budget: int
    keep: int
    noun: str

    def check(self, samples: int | None) -> int:
        """The number of paired samples, checked (``None``: :attr:`default`)."""
        if samples is None:
            return self.default
        if (
            isinstance(samples, bool)
            or not isinstance(samples, int)
            or not 2 <= samples <= MAX_ROLLOUTS
        ):
            raise AdviceError(f"{samples!r} rollouts: give a whole number from 2 to {MAX_ROLLOUTS}")
        return samples

    def window(self, samples: int) -> range:
        """The samples of a full measurement: the ``samples`` after the screening ones, so
        choosing which options to measure fully never biases what is measured."""
        return range(self.screen, self.screen + samples)


@dataclass(frozen=True)
class Measured:
    """One option against the reference over some samples."""

    loss: float
    error: float
    expected: float
    expected_error: float
    win: float
    samples: int


def _rounded(value: float | None, digits: int) -> float | None:
    return None if value is None else round(value, digits)


@dataclass(frozen=True)
class RatedMove(Generic[M]):
    """One option and what the rollouts say of it (a game's ``Rated`` adds its reasons)."""

    move: M
    label: str
    """The move in the game's notation."""
    expected: float | None
    """The seat's mean result after this option, in the game's unit (``None``: not
    measured, the only option)."""
    loss: float
    """Given up against the reference (0 for the reference)."""
    error: float | None
    """Standard error of :attr:`loss` (``None`` for the reference)."""
    samples: int
    win: float | None = None
    """Chance to win after this option (share of the samples won)."""

    def spread(self) -> dict[str, Any]:
        """What a game's JSON tells after ``expected`` (none here)."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        return {
            "move": self.label,
            "expected": _rounded(self.expected, 2),
            **self.spread(),
            "loss": round(self.loss, 2),
            "loss_error": _rounded(self.error, 2),
            "samples": self.samples,
            "win": _rounded(self.win, 3),
        }


RT = TypeVar("RT", bound=RatedMove)  # type: ignore[type-arg]
E = TypeVar("E", bound=Enum)


@dataclass(frozen=True)
class Ranking(Generic[E, RT]):
    """Every option of one decision: the reference (the expert's choice) first, then the
    others by loss (a game's ``Advice`` adds its lines)."""

    REFERENCE: ClassVar[str] = "expert"
    """The policy whose choice is the yardstick, as the JSON names it."""

    phase: E
    options: tuple[RT, ...]
    samples: int

    @property
    def best(self) -> RT:
        """The reference: the expert's choice."""
        return self.options[0]

    def option(self, label: str) -> RT | None:
        """The option of ``label`` (its move's notation), or ``None``."""
        return next((option for option in self.options if option.label == label), None)

    def headline(self, expected: Callable[[RT], str]) -> str:
        """The first line's start for people: the expert's move, what ``expected`` says of
        it (when the rollouts measured it), its chance to win (when they counted wins)."""
        best = self.best
        head = f"The expert plays {best.label}"
        if best.expected is not None:
            head += expected(best)
        if best.win is not None:
            head += f", {chance_to_win(best.win, best.samples)} chance to win"
        return head

    def clearly_better(self) -> RT | None:
        """The core's :func:`~silverpyr.puzzles.core.grading.clearly_better` of this advice: an
        option the rollouts put more than twice its error above the expert's move (the
        reference stays the expert's: the coach's yardstick)."""
        return clearly_better(self.options[1:], self.samples)

    def spread(self) -> dict[str, Any]:
        """What a game's JSON tells after ``samples`` (none here)."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        return {
            "phase": self.phase.value,
            "reference": self.REFERENCE,
            "samples": self.samples,
            **self.spread(),
            "options": [option.to_dict() for option in self.options],
        }


def _error(values: Sequence[float]) -> float:
    return statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.inf


def measure(
    value: Callable[[M, int], tuple[float, float]], move: M, reference: M, samples: range
) -> Measured:
    """``move`` against ``reference`` over ``samples``, paired: ``value(move, k)`` is the
    seat's result and win share after a move in sample ``k`` (the same determinization for
    both)."""
    diffs: list[float] = []
    values: list[float] = []
    wins: list[float] = []
    for k in samples:
        ref_value, _ = value(reference, k)
        found, win = value(move, k)
        diffs.append(ref_value - found)
        values.append(found)
        wins.append(win)
    return Measured(
        statistics.fmean(diffs),
        _error(diffs),
        statistics.fmean(values),
        _error(values),
        statistics.fmean(wins),
        len(samples),
    )


def measure_options(
    sampling: Sampling,
    count: int,
    rollouts: Rollouts[Any, M],
    reference: M,
    others: Sequence[M],
    label: Callable[[M], str],
    progress: Progress | None = None,
    screening: Callable[[M, int], tuple[float, float]] | None = None,
) -> tuple[Measured, list[tuple[M, Measured]]]:
    """The reference and every other option measured against it: all on the window when they
    fit the budget, else all screened first (by ``screening``'s values, else the rollouts')
    and the best by their screening loss, as many as the budget pays for (at least
    :attr:`Sampling.keep`), on the window; the others fully measured first, each part by loss
    (then ``label``)."""
    full = sampling.window(count)
    measured: dict[int, Measured] = {}
    chosen = list(range(len(others)))
    if len(others) * count > sampling.budget:
        screen = range(sampling.screen)
        for number, option in enumerate(others, start=1):
            if progress is not None:
                progress(f"Screening option {number} of {len(others)}...")
            measured[number - 1] = measure(screening or rollouts.value, option, reference, screen)
        keep = max(sampling.keep, (sampling.budget - sampling.screen * len(others)) // count)
        chosen = sorted(chosen, key=lambda i: (measured[i].loss, label(others[i])))[:keep]
    for number, index in enumerate(chosen, start=1):
        if progress is not None:
            progress(
                f"Rolling out option {number} of {len(chosen)} ({count} {sampling.noun} each)..."
            )
        measured[index] = measure(rollouts.value, others[index], reference, full)
    ref = measure(rollouts.value, reference, reference, full)
    ranked = sorted(
        range(len(others)),
        key=lambda i: (measured[i].samples < count, measured[i].loss, label(others[i])),
    )
    return ref, [(others[i], measured[i]) for i in ranked]


class Rollouts(Generic[S, M]):
    """The paired samples of one state for one seat: sample ``k``'s world (a determinization
    of what the seat cannot see) drawn once from a stream keyed by ``key``; a game's subclass
    says how a world is dealt (:meth:`determinized`) and played out (:meth:`value`)."""

    def __init__(self, state: S, seat: int, table: Sequence[str], key: str) -> None:
        if state.over or state.turn != seat:
            raise AdviceError("there is no decision of this seat now")
        if len(table) != state.players:
            raise AdviceError(f"{len(table)} players named for {state.players} seats")
        self.state = state
        self.seat = seat
        self.table = tuple(table)
        self._stream = SeededStream(key)
        self._worlds: list[S] = []

    def determinized(self, stream: SeededStream) -> S:
        """One world of the seat's view of :attr:`state`, dealt from ``stream``."""
        raise NotImplementedError

    def value(self, move: M, k: int) -> tuple[float, float]:
        """The seat's result and win share after ``move`` in sample ``k``."""
        raise NotImplementedError

    def world(self, k: int) -> S:
        while len(self._worlds) <= k:
            index = len(self._worlds)
            self._worlds.append(self.determinized(self._stream.child(f"world|{index}")))
        return self._worlds[k]


class RolloutCache(Generic[T, R]):
    """The rollouts of the last few states (so advice and then the verdict share them; one
    worker thread at a time: not locked)."""

    def __init__(self, make: Callable[[T, int, Sequence[str]], R], size: int = 4) -> None:
        self._make = make
        self._size = size
        self._kept: list[R] = []

    def get(self, state: T, seat: int, table: Sequence[str]) -> R:
        """The rollouts of ``state`` for ``seat`` and ``table``, made when not kept."""
        for found in self._kept:
            if found.state is state and found.seat == seat and found.table == tuple(table):
                return found
        made = self._make(state, seat, table)
        self._kept.insert(0, made)
        del self._kept[self._size :]
        return made

    def clear(self) -> None:
        self._kept.clear()


class Phased(GameState, Protocol):
    @property
    def phase(self) -> Enum:
        """The kind of decision due."""


P = TypeVar("P", bound=Phased)


@dataclass(frozen=True)
class Coaching(Generic[P, M, V]):
    """What a game's coach judges a move with: its :class:`Verdict` (its unit), its advice's
    samples, rollouts (``rollouts_for``), yardstick (``reference_move``), ``canonical``
    option of a move, ``label`` of a move, the decision's ``options``, and the words of the
    progress line (``The coach plays 12 {playing} after X and after Y...``)."""

    verdict: type[V]
    sampling: Sampling
    rollouts: Callable[[P, int, Sequence[str]], Rollouts[P, M]]
    reference: Callable[[P, int], M]
    canonical: Callable[[P, M], M]
    label: Callable[[P, M], str]
    options: Callable[[P], Sequence[M]]
    playing: str

    def judge(
        self,
        state: P,
        seat: int,
        table: Sequence[str],
        move: M,
        *,
        where: str,
        samples: int | None = None,
        advice: Ranking[Any, Any] | None = None,
        progress: Progress | None = None,
    ) -> V:
        """``move`` of ``seat`` in ``state`` against the yardstick's choice: the loss on the
        advice's whole window of samples (never a screened subset), from ``advice`` when it
        measured the move there, else by rollouts (``table`` names every seat's player, as
        for the advice); the yardstick's own choice, and a decision with one option, lose 0
        with no rollout."""
        count = self.sampling.check(samples)
        reference = self.reference(state, seat)
        played = self.canonical(state, move)
        best = self.label(state, reference)
        label = self.label(state, played)
        phase = state.phase.value
        if played == reference or len(self.options(state)) == 1:
            return self.verdict(where, phase, label, best, 0.0, None, None)
        if advice is not None:
            rated = next((o for o in advice.options if o.label == label), None)
            if rated is not None and rated.samples >= count and rated.error is not None:
                loss, error = rated.loss, rated.error
                won = advice.options[0].win
                return self.verdict(
                    where, phase, label, best, loss, error, grade(loss, error), rated.samples, won
                )
        if progress is not None:
            progress(f"The coach plays {count} {self.playing} after {label} and after {best}...")
        rollouts = self.rollouts(state, seat, table)
        full = self.sampling.window(count)
        found = measure(rollouts.value, played, reference, full)
        ref = measure(rollouts.value, reference, reference, full)
        return self.verdict(
            where,
            phase,
            label,
            best,
            found.loss,
            found.error,
            grade(found.loss, found.error),
            count,
            ref.win,
        )

    def report(self, verdicts: Sequence[V]) -> CoachReport:
        """A game's verdicts summed up, in this coach's unit (its :attr:`Verdict.UNIT`)."""
        return CoachReport(tuple(verdicts), self.verdict.UNIT)


__all__ = [
    "MAX_ROLLOUTS",
    "AdviceError",
    "Coaching",
    "GameState",
    "Measured",
    "Ranking",
    "RatedMove",
    "RolloutCache",
    "Rollouts",
    "Sampling",
    "measure",
    "measure_options",
]
