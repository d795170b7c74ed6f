"""The expert's advice for any decision of a game: keep, mark or replacement.

:func:`advise` ranks every option of the decision a game waits for, each with the
player's expected final score and the expected points it loses against the best:

* **marks** by the expert's own valuation (:mod:`silverpyr.solver.expert`: the points the
  move earns, the worth of the progress left on the cards, two plies deep over the next
  expedition card, plus the measured worth of the turns to come). Deterministic and
  instant; an estimate, not an exact value (the round-bound exact values are
  ``hint --state``'s other method);
* **keep and replacement** by rollouts (:mod:`silverpyr.solver.rollouts`): every option
  played to the end of the game on the same ``samples`` seeded deals of what the player
  cannot see, by the expert's fast policy (the other seats by ``opponents``), raised by
  the fast policy's measured gap to the full expert for the turns left
  (:func:`~silverpyr.solver.rollouts.expert_forecast`). Each loss comes with the standard
  error of the paired difference, and in a game with opponents each option with the
  chance to win (the fast policy's).

The ranking's top is the expert's advice: the coach (:mod:`.game_coach`) measures a decision
against it, so playing the top option costs nothing.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from ...solver.bots import route_length
from ...solver.cards import PyramidCard
from ...solver.expert import Option, Race, expert_ranking, situation_ranking
from ...solver.game import GameState, Phase, Replacement
from ...solver.moves import Move, move_str
from ...solver.players import GreedyPlayer, Player
from ...solver.rollouts import Choice, expert_forecast, rollout_values
from ...solver.sheet import MAX_PYRAMID_POINTS
from ...solver.situation import Situation
from .ranking_defaults import DEFAULT_ROLLOUTS


class Kind(StrEnum):
    """The three decisions of a game."""

    KEEP = "keep"
    MARK = "mark"
    REPLACEMENT = "replacement"


class Method(StrEnum):
    """How an :class:`Advice` valued its options."""

    EXPERT = "expert"
    """The expert's valuation (deterministic estimate)."""
    ROLLOUTS = "rollouts"
    """The rest of the game played out on seeded deals (estimate with a standard error)."""


@dataclass(frozen=True)
class Rated:
    """One option and what the expert expects of it."""

    choice: Choice
    label: str
    predicted: float
    """Expected final score of the player after this choice."""
    loss: float
    """Expected points lost against the best option (0 for the best)."""
    error: float | None = None
    """Standard error of :attr:`loss` (``None``: a deterministic valuation)."""
    win: float | None = None
    """Chance to win (rollouts in a game with opponents; ``None`` otherwise)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "choice": self.label,
            "predicted": round(self.predicted, 2),
            "loss": round(self.loss, 2),
            "loss_error": None if self.error is None else round(self.error, 2),
            "win": None if self.win is None else round(self.win, 3),
        }


@dataclass(frozen=True)
class Advice:
    """Every option of one decision, best first."""

    kind: Kind
    method: Method
    options: tuple[Rated, ...]
    samples: int = 0
    """Rollout samples per option (0 for the expert's valuation)."""
    players: int = 1

    @property
    def best(self) -> Rated:
        return self.options[0]

    def rated(self, choice: Choice) -> Rated:
        """The option ``choice`` (a keep's card order does not matter)."""
        key = _key(choice)
        for option in self.options:
            if _key(option.choice) == key:
                return option
        raise KeyError(f"{choice!r} is not an option of this decision")

    @property
    def certainty(self) -> str:
        """How sure the ranking is, in words."""
        if len(self.options) == 1:
            return "the only option"
        runner_up = self.options[1]
        if self.method is Method.EXPERT:
            if runner_up.loss < 0.05:
                return "a close call: the runner-up is valued the same (expert estimate)"
            return (
                f"ahead of the runner-up by {runner_up.loss:.1f} expected points "
                "(expert estimate: two plies deep plus measured values, not exact)"
            )
        error = runner_up.error or 0.0
        verdict = (
            "clearly ahead" if runner_up.loss > 2 * error else "too close to call, within the noise"
        )
        return (
            f"{verdict}: {runner_up.loss:.1f} ± {error:.1f} points over the runner-up "
            f"({self.samples} rollouts per option, same deals)"
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "decision": self.kind.value,
            "method": self.method.value,
            "samples": self.samples,
            "certainty": self.certainty,
            "options": [option.to_dict() for option in self.options],
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
    samples: int = DEFAULT_ROLLOUTS,
    seed: int = 0,
    opponents: Player | None = None,
    pool: Sequence[PyramidCard] | None = None,
) -> Advice:
    """The expert's ranking of ``player``'s options in the decision ``state`` waits for.

    ``opponents`` is who the rollouts seat at the other places (default: the greedy bot);
    ``pool`` the cards the hidden deck is drawn from when its contents are unknown (a real
    game's state file).
    """
    kind = decision_kind(state)
    count = len(state.players)
    if kind is Kind.MARK:
        return _mark_advice(expert_ranking(state, player), players=count)
    choices = options_of(state, player)
    values = rollout_values(
        state,
        player,
        choices,
        samples=samples,
        seed=seed,
        opponents=opponents or GreedyPlayer(),
        pool=pool,
    )
    order = sorted(range(len(values)), key=lambda i: (-values[i].mean, i))
    best = values[order[0]]
    options = []
    for index in order:
        value = values[index]
        loss, error = value.loss_against(best)
        options.append(
            Rated(
                value.choice,
                label_of(state, value.choice),
                expert_forecast(state, value.mean),
                max(0.0, loss),
                error,
                value.win_rate if count > 1 else None,
            )
        )
    return Advice(kind, Method.ROLLOUTS, tuple(options), samples=samples, players=count)


def advise_marks(situation: Situation) -> Advice:
    """The expert's ranking of the marks for what a player knows (a state file)."""
    claimed = sum(situation.position.sheet.pyramid_points)
    race = Race(1, max(0, MAX_PYRAMID_POINTS - claimed))  # alone at the table, as the file shows
    return _mark_advice(situation_ranking(situation, race=race), players=1)


def _mark_advice(ranking: Sequence[Option], *, players: int) -> Advice:
    top = ranking[0].value
    rated = []
    for option in ranking:
        move = option.choice
        assert isinstance(move, Move)
        rated.append(
            Rated(
                move, move_str(move, with_card=True), option.predicted, max(0.0, top - option.value)
            )
        )
    return Advice(Kind.MARK, Method.EXPERT, tuple(rated), players=players)


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
