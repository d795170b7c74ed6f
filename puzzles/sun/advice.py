"""Advice for any decision of a Pyramid of the Sun game, in expected final points (``h``).

The screening, the window of samples, the budget and the cache are the core's
:mod:`silverpyr.puzzles.core.rollout_advice`; docs/sun-bots.md tells the reasons under each
option ("Advice's reasons") and why the rollouts play the value model ("Advice and the
coach"). The Sun's own:

**The yardstick is fixed first.** The reference is the expert's choice
(:class:`~silverpyr.solver.sun.search.SearchExpert`, the bot ``expert``), decided from what
the seat sees on its own deals **before any rollout is measured**; every other option is
compared with it, never with the best of noisy means (no winner's curse). So the advice's
first option is always the move the expert bot plays.

**Paired rollouts.** Sample ``k`` is one *determinization* of what the seat cannot see
(:func:`~silverpyr.solver.sun.game.determinized`: the :func:`~silverpyr.solver.sun.game.unseen`
cards dealt again between the draw piles and the other hands, and a new seed for later
reshuffles), keyed by the game's seed and where the game stands. In it each option is applied
through the engine and the game played to its end: the seat by the expert's value model
(:class:`~silverpyr.solver.sun.expert.ExpertPlayer`, ``planner``, as the expert's own
play-outs play it), every other seat by its own bot of the registry, a searching bot by its
cheap policy (:func:`rollout_player`). An option's **loss** is the mean over the samples of
(the seat's final score after the reference - after the option), with its standard error;
the reference's **chance to win** is its share of the samples won (a shared win as a share).

**Options.** Every legal move of the decision due (a whole play turn is several decisions:
each placement, ``end``, the draws, a symbol's choice, a discard), cards of one label counted
once (Ruling R14: twins are the same move); :meth:`Advice.rated` finds any legal move's
entry by its label. The reasons (:class:`Reasons`) come from the value model's terms
(:meth:`~silverpyr.solver.sun.expert.Expert.valuation`).
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...solver.core.rng import SeededStream
from ...solver.sun import game as engine
from ...solver.sun.bots import SunPlayer, play_out
from ...solver.sun.cards import Deck
from ...solver.sun.expert import Expert, ExpertPlayer, Rule, Term, Terms, context
from ...solver.sun.game import Discard, Draw, Move, Phase, SunState
from ...solver.sun.search import SearchExpert
from ..core import rollout_advice
from ..core.grading import favour_line, noise_lines, reason_lines
from ..core.rollout_advice import AdviceError, Measured, Progress
from .registry import REGISTRY, make_player

DEFAULT_ROLLOUTS, SCREEN, BUDGET, KEEP = 12, 2, 120, 4
"""Paired samples an option (and a verdict), the first ones that only screen, option-rollouts
an advice may spend, options kept after screening (:class:`.rollout_advice.Sampling`)."""
SAMPLING = rollout_advice.Sampling(DEFAULT_ROLLOUTS, SCREEN, BUDGET, KEEP, "games")
ROLLOUT_KEY = "silverpyr-sun-advice-v1"
REFERENCE = rollout_advice.Ranking.REFERENCE
"""The policy whose choice is the yardstick, and that plays the seat in the rollouts."""
REASON_POINTS = 0.5
"""Smallest difference of a value term that a reason tells (silence below)."""
REST_POINTS = 1.0
"""Smallest gap between the loss and the terms' total told as the rest (which must also
exceed the loss's error)."""


@dataclass(frozen=True)
class Rated(rollout_advice.RatedMove[Move]):
    """One option and what the rollouts say of it: the core's, in expected final points
    (``label``: ``S4-sun@1c``), with its reasons."""

    reasons: tuple[str, ...] = ()
    """Why the expert's choice is better, in game words and points (none for the reference;
    module docstring)."""

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "reasons": list(self.reasons)}


@dataclass(frozen=True)
class Advice(rollout_advice.Ranking[Phase, Rated]):
    """Every option of one decision (the core's :class:`~.rollout_advice.Ranking`), in
    expected final points."""

    def rated(self, move: Move, deck: Deck) -> Rated | None:
        """The entry of ``move`` (any card of its label), or ``None``."""
        return self.option(_label(move, deck))

    def lines(self) -> list[str]:
        """The ranking for people, each option's reasons under it (the core's
        :func:`~silverpyr.puzzles.core.grading.reason_lines`)."""
        head = self.headline(lambda best: f": {best.expected:.1f} expected final points")
        if len(self.options) == 1:
            return [f"{head} (the only move)."]
        head += f" ({self.samples} paired rollouts an option). Against it:"
        lines = [head]
        better = self.clearly_better()
        if better is not None:
            lines.append(favour_line(better, "points"))
        for option in self.options[1:]:
            noise = "" if option.error is None else f" ± {option.error:.1f}"
            fewer = (
                "" if option.samples >= self.samples else f" (screened: {option.samples} rollouts)"
            )
            expected = "" if option.expected is None else f", {option.expected:.1f} expected"
            lines.append(f"  {option.label}: {-option.loss:+.1f}{noise}{expected}{fewer}")
            lines.extend(reason_lines(option.reasons))
            lines.extend(noise_lines(option.loss, option.error))
        return lines


def _label(move: Move, deck: Deck) -> str:
    return move.notation(deck)


class Rollouts(rollout_advice.Rollouts[SunState, Move]):
    """The paired samples of one state for one seat (module docstring); values cached."""

    def __init__(self, state: SunState, seat: int, table: Sequence[str]) -> None:
        super().__init__(
            state,
            seat,
            table,
            f"{ROLLOUT_KEY}|{state.seed}|{len(state.events)}|{state.turn}|{state.phase.value}"
            f"|{state.placed}|{seat}",
        )
        self._values: dict[tuple[str, int], tuple[int, float]] = {}

    def _players(self) -> list[SunPlayer]:
        return [
            ExpertPlayer() if seat == self.seat else rollout_player(name)
            for seat, name in enumerate(self.table)
        ]

    def determinized(self, stream: SeededStream) -> SunState:
        return engine.determinized(self.state, self.seat, stream)

    def value(self, move: Move, k: int) -> tuple[int, float]:
        """The seat's final score and win share after ``move`` in sample ``k``."""
        key = (move.notation(), k)
        found = self._values.get(key)
        if found is None:
            after = engine.apply(self.world(k), move)
            final, _ = play_out(after, self._players())
            result = engine.outcome(final)
            assert result is not None
            win = 1 / len(result.winners) if self.seat in result.winners else 0.0
            found = (final.scores[self.seat], win)
            self._values[key] = found
        return found


def rollout_player(name: str) -> SunPlayer:
    """Who plays a seat of ``name`` in the rollouts: the player itself, but a player that
    searches by play-outs by a cheap policy of its own (a search in every move of every
    rollout would make advice wait minutes): ``montecarlo`` by greedy, the player of its
    play-outs; the expert (``expert``, ``search``) by its value model (``planner``)."""
    if name == "montecarlo" or name.startswith("montecarlo:"):
        return make_player("greedy")
    if REGISTRY.aliases.get(name, name) == "expert":
        return make_player("planner")
    return make_player(name)


_CACHE = rollout_advice.RolloutCache(Rollouts)


def rollouts_for(state: SunState, seat: int, table: Sequence[str]) -> Rollouts:
    """The rollouts of ``state`` (the last few states' are kept, so advice and verdict share)."""
    return _CACHE.get(state, seat, table)


@functools.lru_cache(maxsize=8)
def reference_move(state: SunState, seat: int) -> Move:
    """The expert's choice, the yardstick (decided before anything is measured), as the
    option of :func:`~silverpyr.solver.sun.game.distinct_moves` with its label. The last few
    are kept: ``h`` and then the coach's verdict on the same decision search once."""
    chosen = SearchExpert().decide(state, seat)
    return canonical(state, chosen)


def canonical(state: SunState, move: Move) -> Move:
    """The option of ``distinct_moves`` that is ``move`` (same label), else ``move``."""
    label = move.notation(state.deck)
    for option in engine.distinct_moves(state):
        if option.notation(state.deck) == label:
            return option
    return move


window = SAMPLING.window
"""The samples of a full measurement (module docstring)."""
check_samples = SAMPLING.check
"""The number of paired samples, checked (``None``: :data:`DEFAULT_ROLLOUTS`)."""


def measure(rollouts: Rollouts, move: Move, reference: Move, samples: range) -> Measured:
    """``move`` against ``reference`` over ``samples`` (paired: the same determinizations)."""
    return rollout_advice.measure(rollouts.value, move, reference, samples)


def advise(
    state: SunState,
    seat: int,
    table: Sequence[str],
    *,
    samples: int | None = None,
    progress: Progress | None = None,
) -> Advice:
    """Every option of the decision ``seat`` faces in ``state``, in expected final points
    (module docstring). ``table`` names the player of every seat (the seat's own entry is
    not used: the expert plays it in the rollouts)."""
    count = check_samples(samples)
    rollouts = rollouts_for(state, seat, table)
    deck = state.deck
    options = engine.distinct_moves(state)
    reference = reference_move(state, seat)
    if len(options) == 1:
        only = Rated(reference, _label(reference, deck), None, 0.0, None, 0)
        return Advice(state.phase, (only,), 0)
    others = [option for option in options if option.notation(deck) != reference.notation(deck)]
    ref, ranked = rollout_advice.measure_options(
        SAMPLING, count, rollouts, reference, others, lambda option: option.notation(deck), progress
    )
    rated = [Rated(reference, _label(reference, deck), ref.expected, 0.0, None, count, ref.win)]
    reasons = Reasons(state, seat, reference)
    for option, found in ranked:
        rated.append(
            Rated(
                option,
                _label(option, deck),
                found.expected,
                found.loss,
                found.error,
                found.samples,
                found.win,
                reasons(option, found.loss, found.error),
            )
        )
    return Advice(state.phase, tuple(rated), count)


# --- reasons --------------------------------------------------------------------------------


@dataclass(frozen=True)
class _Side:
    """One option's value terms, a draw's piles kept apart (so two draws compare as one
    term: which pile)."""

    terms: dict[Term, float]
    piles: dict[str, str]

    @classmethod
    def of(cls, terms: Terms) -> _Side:
        merged: dict[Term, float] = {}
        piles: dict[str, str] = {}
        for (name, which), value in terms.items():
            if name in ("draw", "card"):
                piles[name] = which
                which = ""
            merged[(name, which)] = merged.get((name, which), 0.0) + value
        return cls(merged, piles)

    def get(self, key: Term) -> float:
        return self.terms.get(key, 0.0)


class Reasons:
    """The reasons of one decision's options (module docstring): the expert's choice's value
    terms against each option's."""

    def __init__(self, state: SunState, seat: int, reference: Move) -> None:
        self.state = state
        self.expert = Expert()
        self.context = context(state, seat, self.expert.weights)
        self.seat = seat
        choice = self.expert.choose(state, seat)
        same = canonical(state, choice.move).notation(state.deck) == reference.notation(state.deck)
        self.rule = choice.rule if same else None
        self.reference = reference
        self.mine = _Side.of(self.expert.valuation(state, seat, reference))

    def __call__(self, move: Move, loss: float, error: float | None) -> tuple[str, ...]:
        """What the expert's choice gains over ``move``, whose rollouts lost ``loss``."""
        theirs = _Side.of(self.expert.valuation(self.state, self.seat, move))
        mine = self.mine
        parts = sorted(
            ((mine.get(key) - theirs.get(key), key) for key in {*mine.terms, *theirs.terms}),
            key=lambda item: (-item[0], item[1]),
        )
        reasons = [] if self.rule is None else [rule_words(self.rule, self.reference)]
        for points, key in parts[:2]:
            if points >= REASON_POINTS:
                reasons.append(f"{self.words(key, mine, theirs)} (+{points:.1f})")
        worst, key = min(parts, default=(0.0, ("", "")))
        if worst <= -REASON_POINTS:
            reasons.append(f"yours: {self.words(key, theirs, mine)} ({worst:.1f})")
        rest = loss - math.fsum(points for points, _ in parts)  # in any order, the same
        noise = error if error is not None and math.isfinite(error) else 0.0
        if abs(rest) >= REST_POINTS and abs(rest) > noise:
            reasons.append(f"the rest ({rest:+.1f}) from later turns, by rollouts")
        return tuple(reasons)

    def words(self, key: Term, better: _Side, worse: _Side) -> str:
        """The term ``key`` in game words, for the ``better`` side of the two."""
        name, which = key
        more, less = better.get(key), worse.get(key)
        if name == "points":
            return f"{_points(more)} for cards this turn, not {less:g}"
        if name == "symbol":
            if which == "points":
                return f"{_points(more, 'symbol point')}, not {less:g}"
            return "a card for a matching symbol"
        if name == "hold":
            return f"keeps {which} {self.aim(which)}"
        if name == "tempo":
            if which == "danger":
                return "no opening for an opponent to finish and take the lead"
            return "leaves the finish to opponents who cannot take the lead"
        pile = better.piles.get(name, "")
        other = worse.piles.get(name)
        if name == "draw":
            first, _, then = pile.partition(", then ")
            if other is not None:
                return (
                    f"draws its first card from the {first} pile, not the "
                    + (other.partition(", then ")[0])
                )
            if then:
                return f"draws 2: one from the {first} pile, then the {then}"
            return f"draws 2 from the {first} pile"
        if other is not None:
            return f"a card from the {pile} pile, not the {other}"
        return f"a card from the {pile} pile"

    def aim(self, label: str) -> str:
        """What a held card of ``label`` is kept for: the level it can still score."""
        found = self.state.deck.with_label(label)
        card = found[0] if found else None
        ctx = self.context
        if card is None:
            return "for later"
        if card.kind == "top":
            return "for the top"
        if card.kind == "edge":
            return f"for a row end of level {min(card.value, ctx.high_end)}"
        return f"for level {min(card.value, ctx.high_any)}"


def rule_words(rule: Rule, move: Move) -> str:
    """Why a rule, not the values, made the expert's choice ``move`` (the expert's module
    docstring)."""
    if rule == "final run":
        return "the expert's final run: it fills the pyramid to the top this turn and wins"
    if rule == "must place":
        return "nothing to draw: a turn must place a card if it can, the one losing least"
    stalled = "no card placed for a round"
    if isinstance(move, Draw):
        return f"{stalled}: the standard pile, whose cards fit any slot"
    if isinstance(move, Discard):
        return f"{stalled}: it keeps the cards that fit an open slot"
    return f"{stalled}: the expert builds rather than draws"


def _points(count: float, unit: str = "point") -> str:
    """``1 point``, ``7 points``."""
    return f"{count:g} {unit}{'' if count == 1 else 's'}"


__all__ = [
    "BUDGET",
    "DEFAULT_ROLLOUTS",
    "KEEP",
    "REASON_POINTS",
    "SAMPLING",
    "SCREEN",
    "Advice",
    "AdviceError",
    "Measured",
    "Rated",
    "Reasons",
    "Rollouts",
    "advise",
    "canonical",
    "check_samples",
    "measure",
    "reference_move",
    "rollouts_for",
    "rule_words",
    "window",
]
