"""The expert's advice for any decision of a game: keep, mark or replacement.

**One decision procedure.** :func:`advise` ranks every option of the decision a game waits
for by the expert's own valuation (:mod:`silverpyr.solver.silvergold.expert`), so the top
option *is* what the ``expert`` bot plays, at every decision: marks by the points they earn
plus the worth of the progress left on the cards, two plies deep over the next expedition
card; keeps and replacements by the route lengths of the cards taken. Instant and
deterministic.

**Expected points, honestly.** The expert's values are a heuristic scale. A loss printed
here is the **expected final score given up** against the expert's choice, the expert
playing on: the heuristic difference times a factor per kind of decision and part of the
game (:data:`CALIBRATION`), measured by ``tools/calibrate_advice.py`` on paired rollouts of
the full expert (the expert's choice and another on the same deals) on tuning seeds. The
factor is the regression of the rollouts' difference on the heuristic's, so a loss is the
*expected* true loss given what the heuristic sees (no winner's curse: the reference is
fixed by the heuristic, never picked from noisy means). Each loss carries the measured
spread of the true loss around that expectation as its uncertainty. Summed over a game,
the losses of a policy estimate its expected gap to the expert (the performance-difference
identity); ``benchmarks/coach_honesty.py`` checks that on held-out seeds.

**A second opinion** (``rollouts=N``, :mod:`silverpyr.solver.silvergold.rollouts`): each loss
measured by ``N`` paired rollouts against the same fixed reference instead, with its
standard error; slow.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from ....solver.silvergold.bots import route_length
from ....solver.silvergold.cards import PyramidCard
from ....solver.silvergold.expert import (
    Clock,
    Expert,
    Option,
    Race,
    expert_ranking,
    situation_ranking,
)
from ....solver.silvergold.game import GameState, Phase, Replacement
from ....solver.silvergold.moves import Move, move_str
from ....solver.silvergold.players import GreedyPlayer, Player
from ....solver.silvergold.position import Position
from ....solver.silvergold.rollouts import Choice, expert_forecast, rollout_values
from ....solver.silvergold.sheet import MAX_PYRAMID_POINTS, turns_after
from ....solver.silvergold.situation import Situation
from ...core.grading import reason_lines
from .ranking_defaults import DEFAULT_ROLLOUTS


class Kind(StrEnum):
    """The three decisions of a game."""

    KEEP = "keep"
    MARK = "mark"
    REPLACEMENT = "replacement"


class Method(StrEnum):
    """How an :class:`Advice` measured its losses."""

    EXPERT = "expert"
    """The expert's valuation, calibrated to expected points (deterministic)."""
    ROLLOUTS = "rollouts"
    """Paired rollouts against the expert's choice (estimate with a standard error)."""


@dataclass(frozen=True)
class Calibration:
    """Expected points per unit of the expert's heuristic difference, for one kind of
    decision in one part of the game (``tools/calibrate_advice.py``)."""

    points_per_unit: float
    """The regression factor: expected final-score points per heuristic unit."""
    factor_error: float
    """The factor's standard error."""
    spread: float
    """Standard deviation of the true loss around its expectation, in points (what the
    rollouts' residual shows beyond their own noise; 0 where the noise hides it)."""
    samples: int
    """Decisions the fit was made on."""

    def error(self, raw: float) -> float:
        """The uncertainty of a loss of ``raw`` heuristic units: the spread and the
        factor's own error, together."""
        return math.hypot(self.spread, self.factor_error * raw)


MARK_CORRECTION = 0.701
"""The whole-game correction of the marks' factors (and spreads), 0.701 ± 0.044.

The paired rollouts of ``tools/calibrate_advice.py`` play the rest of the game by the
expert's fast policy (one ply deep), which recovers less from a worse mark than the full
expert does, so it exaggerates the marks' differences. Measured against whole games of the
full expert instead, on seeds 500,000-500,199 (``python benchmarks/coach_honesty.py --seed
500000``: greedy 18.49 ± 1.05 points below the expert, while the uncorrected marks summed
to 23.84 a game and the replacements to 1.78): the marks' factors are scaled so that the
greedy bot's losses add up to its gap. Those seeds are tuning seeds from then on; the
coach's honesty is reported on others."""

_ROLLOUT_FACTORS: dict[tuple[Kind, str], Calibration] = {
    (Kind.KEEP, "all"): Calibration(2.059, 0.120, 4.09, 318),
    (Kind.MARK, "early"): Calibration(0.832, 0.086, 2.28, 339),
    (Kind.MARK, "middle"): Calibration(0.796, 0.064, 2.13, 349),
    (Kind.MARK, "late"): Calibration(0.953, 0.055, 3.31, 328),
    (Kind.REPLACEMENT, "all"): Calibration(1.193, 0.078, 3.28, 1039),
}
"""The paired rollouts' fit (``python tools/calibrate_advice.py --fit FILE FILE2``)."""


def _corrected(kind: Kind, found: Calibration) -> Calibration:
    if kind is not Kind.MARK:
        return found
    factor = found.points_per_unit * MARK_CORRECTION
    error = factor * math.hypot(found.factor_error / found.points_per_unit, 0.044 / MARK_CORRECTION)
    return Calibration(factor, error, found.spread * MARK_CORRECTION, found.samples)


CALIBRATION: dict[tuple[Kind, str], Calibration] = {
    key: _corrected(key[0], found) for key, found in _ROLLOUT_FACTORS.items()
}
"""By kind and part of the game (marks: ``early`` with 19 or more turns to come, ``middle``
with 9-18, ``late`` with 8 or fewer). The rollouts were played on tuning seeds 300,000 on
(games of 1 and 2 players, half played by the greedy bot, half by the expert; 4 paired
rollouts a decision) and 400,000 on (keeps of fresh deals, 1-4 players, 8 paired
rollouts); the marks' then corrected by :data:`MARK_CORRECTION`. A route cell at the keep
is worth about 2 points (a card kept for the whole game), at a replacement about 1.2; a
unit of a mark's value about 0.56-0.67 points (the potential is generous)."""


def calibration(kind: Kind, turns_left: int) -> Calibration:
    """The calibration of a decision of ``kind`` with ``turns_left`` turns of the game to come."""
    if kind is not Kind.MARK:
        return CALIBRATION[(kind, "all")]
    part = "early" if turns_left >= 19 else ("middle" if turns_left >= 9 else "late")
    return CALIBRATION[(kind, part)]


@dataclass(frozen=True)
class Rated:
    """One option and what the expert expects of it."""

    choice: Choice
    label: str
    predicted: float
    """Expected final score of the player after this choice."""
    loss: float
    """Expected final-score points given up against the expert's choice (0 for it)."""
    error: float | None = None
    """Uncertainty of :attr:`loss`: the calibration's spread, or the rollouts' standard
    error (``None``: the expert's own choice, which gives up nothing by definition)."""
    win: float | None = None
    """Chance to win (rollouts in a game with opponents; ``None`` otherwise)."""
    raw_loss: float = 0.0
    """The heuristic difference the loss was calibrated from (expert value units)."""
    reasons: tuple[str, ...] = ()
    """What the expert's choice gains over this one, in game terms (empty for the best)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "choice": self.label,
            "predicted": round(self.predicted, 2),
            "loss": round(self.loss, 2),
            "loss_error": None if self.error is None else round(self.error, 2),
            "win": None if self.win is None else round(self.win, 3),
            "reasons": list(self.reasons),
        }


@dataclass(frozen=True)
class Advice:
    """Every option of one decision, best first (the best is the expert's choice)."""

    kind: Kind
    method: Method
    options: tuple[Rated, ...]
    samples: int = 0
    """Rollout samples per option (0 for the expert's valuation)."""
    players: int = 1
    ranked_by: str = "expected final score"
    """What the ranking maximises, said with it."""
    _explain: Callable[[Rated], Rated] | None = field(default=None, repr=False, compare=False)

    @property
    def best(self) -> Rated:
        return self.options[0]

    def is_best(self, choice: Choice) -> bool:
        """Whether ``choice`` is the expert's (a keep's card order does not matter)."""
        return _key(choice) == _key(self.best.choice)

    def rated(self, choice: Choice) -> Rated:
        """The option ``choice`` (a keep's card order does not matter), with its reasons."""
        key = _key(choice)
        for option in self.options:
            if _key(option.choice) == key:
                if option.reasons or option is self.best or self._explain is None:
                    return option
                return self._explain(option)
        raise KeyError(f"{choice!r} is not an option of this decision")

    @property
    def certainty(self) -> str:
        """How sure the ranking is, in words."""
        if len(self.options) == 1:
            return "the only option"
        runner_up = self.options[1]
        error = runner_up.error or 0.0
        if self.method is Method.EXPERT:
            if runner_up.loss < 0.05:
                return "a close call: the runner-up is worth the same (expert's valuation)"
            verdict = "clearly ahead" if runner_up.loss > 2 * error else "ahead, within the noise"
            return (
                f"{verdict}: {runner_up.loss:.1f} ± {error:.1f} expected points over the "
                f"runner-up (the expert's valuation, calibrated on rollouts; "
                f"ranked by {self.ranked_by})"
            )
        verdict = (
            "clearly ahead" if runner_up.loss > 2 * error else "too close to call, within the noise"
        )
        return (
            f"{verdict}: {runner_up.loss:.1f} ± {error:.1f} points over the runner-up "
            f"({self.samples} rollouts per option against the expert's choice, same deals)"
        )

    def lines(self, top: int = 10) -> list[str]:
        """The ranking in plain lines (the line mode and the full screen draw it as a
        table): the expert's choice, then each of the next options' loss against it, its
        reasons under it, and how sure the ranking is."""
        best = self.best
        head = f"The expert's choice: {best.label}, {best.predicted:.1f} expected final points"
        if len(self.options) == 1:
            return [f"{head} (the only option)."]
        lines = [f"{head}. Against it:"]
        for option in self.options[1:top]:
            rated = self.rated(option.choice)
            noise = "" if rated.error is None else f" \u00b1 {rated.error:.1f}"
            lines.append(
                f"  {rated.label}: {-rated.loss:+.1f}{noise}, {rated.predicted:.1f} expected"
            )
            lines.extend(reason_lines(rated.reasons))
        hidden = len(self.options) - top
        if hidden > 0:
            lines.append(f"  ... and {hidden} more, each losing more than those above.")
        lines.append(f"Confidence: {self.certainty}.")
        return lines

    def to_dict(self) -> dict[str, Any]:
        return {
            "decision": self.kind.value,
            "method": self.method.value,
            "samples": self.samples,
            "ranked_by": self.ranked_by,
            "certainty": self.certainty,
            "options": [self.rated(option.choice).to_dict() for option in self.options],
        }


def decision_kind(state: GameState) -> Kind:
    """The kind of decision ``state`` waits for."""
    if state.phase is Phase.KEEP:
        return Kind.KEEP
    if state.phase is Phase.REPLACE:
        return Kind.REPLACEMENT
    if state.phase is Phase.MARK:
        return Kind.MARK
    raise ValueError("the game is over: there is nothing to decide")


def advise(
    state: GameState,
    player: int,
    *,
    opponents: Player | None = None,
    rollouts: int = 0,
    seed: int = 0,
    pool: Sequence[PyramidCard] | None = None,
) -> Advice:
    """The expert's ranking of ``player``'s options in the decision ``state`` waits for.

    Losses in expected final-score points: calibrated from the expert's valuation, or with
    ``rollouts`` > 0 measured by that many paired rollouts against the expert's choice
    (``opponents`` in the other seats, default greedy; ``pool``: the cards the hidden deck
    is drawn from when its contents are unknown, as in a state file).
    """
    kind = decision_kind(state)
    count = len(state.players)
    ranking = expert_ranking(state, player)
    left = _turns_left(state)
    advice = _calibrated(kind, ranking, lambda choice: label_of(state, choice), left, players=count)
    explain = _explainer(state, player, advice)
    advice = Advice(advice.kind, advice.method, advice.options, players=count, _explain=explain)
    if rollouts <= 0:
        return advice
    return _measured(state, player, advice, rollouts, seed, opponents or GreedyPlayer(), pool)


def advise_marks(situation: Situation) -> Advice:
    """The expert's ranking of the marks for what a player knows (a state file)."""
    claimed = sum(situation.position.sheet.pyramid_points)
    race = Race(1, max(0, MAX_PYRAMID_POINTS - claimed))  # alone at the table, as the file shows
    ranking = situation_ranking(situation, race=race)
    left = turns_after(situation.round_number, situation.turn)
    advice = _calibrated(Kind.MARK, ranking, _move_label, left, players=1)
    clock = Clock(situation.round_number, situation.turn)
    explain = _mark_explainer(situation, clock, advice)
    return Advice(advice.kind, advice.method, advice.options, players=1, _explain=explain)


def _move_label(choice: Choice) -> str:
    assert isinstance(choice, Move)
    return move_str(choice, with_card=True)


def _turns_left(state: GameState) -> int:
    if state.phase is Phase.KEEP:
        return turns_after(1, 0)
    return turns_after(state.round_number, state.turn)


def _calibrated(
    kind: Kind,
    ranking: Sequence[Option],
    label: Callable[[Choice], str],
    turns_left: int,
    *,
    players: int,
) -> Advice:
    """The expert's ranking with losses in expected points (:data:`CALIBRATION`)."""
    scale = calibration(kind, turns_left)
    top = ranking[0]
    rated = []
    for index, option in enumerate(ranking):
        raw = max(0.0, top.value - option.value)
        loss = scale.points_per_unit * raw
        choice: Choice = option.choice  # type: ignore[assignment]
        rated.append(
            Rated(
                choice,
                label(choice),
                top.predicted - loss,
                loss,
                None if index == 0 else scale.error(raw),
                raw_loss=raw,
            )
        )
    return Advice(kind, Method.EXPERT, tuple(rated), players=players)


def _measured(
    state: GameState,
    player: int,
    advice: Advice,
    samples: int,
    seed: int,
    opponents: Player,
    pool: Sequence[PyramidCard] | None,
) -> Advice:
    """``advice``'s ranking with each loss measured by paired rollouts against its best."""
    choices = [option.choice for option in advice.options]
    values = rollout_values(
        state, player, choices, samples=samples, seed=seed, opponents=opponents, pool=pool
    )
    reference = values[0]
    count = len(state.players)
    rated = []
    for option, value in zip(advice.options, values, strict=True):
        loss, error = value.loss_against(reference)
        rated.append(
            Rated(
                option.choice,
                option.label,
                expert_forecast(state, value.mean),
                loss,
                None if option is advice.best else error,
                value.win_rate if count > 1 else None,
                option.raw_loss,
            )
        )
    return Advice(
        advice.kind,
        Method.ROLLOUTS,
        tuple(rated),
        samples=samples,
        players=count,
        _explain=advice._explain,
    )


# --- reasons --------------------------------------------------------------------------------


def _explainer(state: GameState, player: int, advice: Advice) -> Callable[[Rated], Rated] | None:
    if advice.kind is Kind.MARK:
        situation = state.situation(player)
        clock = Clock(situation.round_number, situation.turn)
        return _mark_explainer(situation, clock, advice)
    return lambda option: _card_reasons(state, player, advice, option)


def _mark_explainer(situation: Situation, clock: Clock, advice: Advice) -> Callable[[Rated], Rated]:
    expert = Expert()
    position = situation.position

    def push(move: Move) -> Position:
        return position.push(move, situation.expedition, situation.round_number)

    best = advice.best.choice
    assert isinstance(best, Move)
    scale = calibration(Kind.MARK, clock.turns_after).points_per_unit

    def explain(option: Rated) -> Rated:
        assert isinstance(option.choice, Move)
        mine = _terms(expert, position, push(best), clock)
        theirs = _terms(expert, position, push(option.choice), clock)
        reasons = _differences(mine, theirs, scale, option.loss)
        return replace(option, reasons=tuple(reasons))

    return explain


Terms = dict[tuple[str, int], float]
"""A mark's value in named parts: ``(term, card number)`` to expert value units."""

_CATEGORY_WORDS = {
    "completed": "completes card {card}",
    "pyramid_points": "claims pyramid points",
    "torches": "this round's torch",
    "gems": "gem points",
    "skulls": "avoids a skull",
}


def _terms(expert: Expert, before: Position, after: Position, clock: Clock) -> Terms:
    """The one-ply value of ``after`` in its named parts (points now and potentials)."""
    terms: Terms = {}
    now, then = before.sheet.score(), after.sheet.score()
    for category in _CATEGORY_WORDS:
        gained = getattr(then, category) - getattr(now, category)
        if gained:
            card = 0
            if category == "completed":
                done = after.sheet.completed[len(before.sheet.completed) :]
                card = done[0].number if done else 0
            terms[(category, card)] = float(gained)
    torch_open = not after.sheet.has_torch(clock.round_number)
    for card_state in after.cards:
        progress, torch, gems = expert.potential_terms(card_state, clock, torch_open)
        number = card_state.card.number
        terms[("progress", number)] = progress
        terms[("torch-reach", number)] = torch
        terms[("gem-reach", number)] = gems
    return terms


def _differences(mine: Terms, theirs: Terms, scale: float, loss: float) -> list[str]:
    """What the expert's choice gains, in words with their points: its two largest gains,
    the largest part where the other choice does better (``yours: ...``), and what is left
    of the loss after the one-ply parts, which the second ply (the next card) explains."""
    parts = sorted(
        (
            ((mine.get(key, 0.0) - theirs.get(key, 0.0)) * scale, key)
            for key in set(mine) | set(theirs)
        ),
        key=lambda item: (-item[0], item[1]),
    )
    reasons = [_words(key, points) for points, key in parts[:2] if points >= 0.3]
    worst, key = min(parts, default=(0.0, ("", 0)))
    if worst <= -0.5:
        reasons.append(f"yours: {_words(key, -worst).replace('(+', '(-')}")
    rest = loss - sum(points for points, _ in parts)
    if rest >= 0.5:
        reasons.append(f"a better answer to the next card (+{rest:.1f})")
    return reasons


def _words(key: tuple[str, int], points: float) -> str:
    term, card = key
    if term == "progress":
        text = f"nearer card {card}'s tomb"
    elif term == "torch-reach":
        text = f"a torch in reach, card {card}"
    elif term == "gem-reach":
        text = f"gems in reach, card {card}"
    else:
        text = _CATEGORY_WORDS[term].format(card=card)
    return f"{text} (+{points:.1f})"


def _card_reasons(state: GameState, player: int, advice: Advice, option: Rated) -> Rated:
    """Keep and replacement: what the expert's cards gain (shorter routes to the tombs)."""
    best = _routes(state, player, advice.best.choice)
    theirs = _routes(state, player, option.choice)
    reasons = []
    if best is not None and theirs is not None and theirs > best:
        reasons.append(
            f"shorter route{'s' if advice.kind is Kind.KEEP else ''}: {best:g} cells, "
            f"not {theirs:g} (+{option.loss:.1f})"
        )
    return replace(option, reasons=tuple(reasons))


def _routes(state: GameState, player: int, choice: Choice) -> float | None:
    """Cells on the shortest routes of the cards a keep or replacement takes."""
    if isinstance(choice, tuple):
        dealt = {card.number: card for card in state.players[player].dealt}
        return float(sum(route_length(dealt[number]) for number in choice))
    if isinstance(choice, Replacement):
        if choice.slot is None:
            return Expert().weights.unknown_route
        return float(route_length(state.offer[choice.slot]))
    return None


def options_of(state: GameState, player: int) -> list[Choice]:
    """Every option of ``player`` in the decision ``state`` waits for, in a fixed order."""
    kind = decision_kind(state)
    if kind is Kind.KEEP:
        dealt = state.players[player].dealt
        return [(a.number, b.number) for a, b in itertools.combinations(dealt, 2)]
    if kind is Kind.REPLACEMENT:
        return list(state.replacement_options())
    return list(state.legal_moves(player))


def label_of(state: GameState, choice: Choice) -> str:
    """A choice in words: ``keep 11 and 23``, a move's notation, ``offer slot 2: card 17``."""
    if isinstance(choice, Move):
        return move_str(choice, with_card=True)
    if isinstance(choice, Replacement):
        if choice.slot is None:
            return "the deck top (unknown card)"
        card = state.offer[choice.slot]
        return (
            f"offer slot {choice.slot + 1}: card {card.number} "
            f"({card.color.value}, route {route_length(card)})"
        )
    first, second = choice
    return f"keep {first} and {second}"


def _key(choice: Choice) -> object:
    if isinstance(choice, tuple):
        return tuple(sorted(choice))
    return choice


__all__ = [
    "DEFAULT_ROLLOUTS",
    "Advice",
    "Kind",
    "Method",
    "Rated",
    "advise",
    "advise_marks",
    "decision_kind",
    "label_of",
    "options_of",
]
