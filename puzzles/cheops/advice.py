"""Advice for any decision of a Cheops game (``h``): the options ranked by the expert's
valuation, in piastres of final money over the best other player, and chance to win.

docs/cheops-game.md tells the advice ("Advice") and why it is built so, with the
measurements ("Is it honest?"); the screening, the window of samples, the budget and the
cache are the core's :mod:`silverpyr.puzzles.core.rollout_advice`. Cheops's own:

**The yardstick is fixed first**: the expert's own choice (:func:`reference_player`,
:class:`~silverpyr.solver.cheops.expert.ExpertPlayer`, its determinized search included),
decided from what the seat sees **before any rollout is measured**, so the advice's first
option is always the expert's move (issue 34). **Ruling (the yardstick is the rollouts' own
policy):** the rollouts play the seat by the same searching expert, since a decision's losses
add up to the gap to a policy only when the reference is that policy's own choice (the
performance-difference identity).

**Paired rollouts.** Sample ``k`` is one *determinization* of what the seat cannot see
(:func:`~silverpyr.solver.cheops.game.determinized`), keyed by the game's seed and where the
game stands. In it each option is applied through the engine and the game played on, the seat
by the expert and every other seat by its own bot of the registry (:mod:`.registry`).
**Ruling (to the end of the game):** a rollout's value is the seat's **margin** in the
finished game (its final money minus the best other player's), and the **chance to win** its
real result (a shared win as a share). An option's **loss** is the mean over the samples of
(the margin after the reference - after the option), with its standard error.

**Options.** Every move of :func:`~silverpyr.solver.cheops.game.distinct_moves` (moves equal
in effect once: a draw from two stacks with the same top and size, a swap both ways);
:meth:`Advice.rated` finds any legal move's entry (:func:`canonical`).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ...solver.cheops.board import Space
from ...solver.cheops.bots import CheopsPlayer
from ...solver.cheops.expert import Expert
from ...solver.cheops.game import (
    CheopsState,
    DrawTile,
    Move,
    Phase,
    Take,
    UseLaw12,
    apply,
    determinized,
    distinct_moves,
    final_money,
    outcome,
)
from ...solver.core.rng import SeededStream
from ..core import rollout_advice
from ..core.grading import favour_line, noise_lines, reason_lines
from ..core.rollout_advice import AdviceError, Measured, Progress
from ..core.tournament import chance_to_win
from .reasons import looked_ahead, reasons, unweighed
from .registry import make_player

DEFAULT_ROLLOUTS, SCREEN, BUDGET, KEEP = 8, 1, 64, 3
"""Paired samples an option (and a verdict), the first ones that only screen, option-rollouts
an advice may spend, options kept after screening (:class:`.rollout_advice.Sampling`)."""
SAMPLING = rollout_advice.Sampling(DEFAULT_ROLLOUTS, SCREEN, BUDGET, KEEP, "samples")
HORIZON_ROUNDS: int | None = None
"""Rounds a rollout plays after the seat's current turn before it stops (``None``, the
ruling: to the end of the game; a number sets a horizon, as the honesty benchmark's
``--rounds`` does to measure what a horizon costs)."""
SCREEN_ROUNDS = 0
"""The screening rollouts' horizon: the end of the seat's current turn (cheap: they only
choose which options to measure fully)."""
SHOWN_SCREENED = 5
"""Screened options :meth:`Advice.lines` lists by name (the others are counted)."""
ROLLOUT_KEY = "silverpyr-cheops-advice-v1"
REFERENCE = rollout_advice.Ranking.REFERENCE
"""The policy whose choice is the yardstick, and that plays the seat in the rollouts."""


@dataclass(frozen=True)
class Rated(rollout_advice.RatedMove[Move]):
    """One option and what the rollouts say of it: the core's, in piastres of margin
    (``label``: ``take b3 A``; ``win``: a finished game's real result, with a horizon set the
    leader there), with the error of ``expected`` and its reasons."""

    expected_error: float | None = None
    """Standard error of :attr:`expected`."""
    reasons: tuple[str, ...] = ()
    """What the expert's move gains over this one, in game terms (:mod:`.reasons`; empty
    for the reference, and for an option the expert does not weigh)."""

    def spread(self) -> dict[str, Any]:
        error = self.expected_error
        return {"expected_error": None if error is None else round(error, 2)}

    def to_dict(self) -> dict[str, Any]:
        return {**super().to_dict(), "reasons": list(self.reasons)}


@dataclass(frozen=True)
class Advice(rollout_advice.Ranking[Phase, Rated]):
    """Every option of one decision (the core's :class:`~.rollout_advice.Ranking`), in
    piastres of margin, with the rollouts' horizon."""

    rounds: int | None = None
    """The rollouts' horizon: rounds played on after the seat's current turn (``None``: to
    the end of the game, the ruling)."""

    def spread(self) -> dict[str, Any]:
        return {"horizon_rounds": self.rounds}

    def rated(self, move: Move, state: CheopsState) -> Rated | None:
        """The entry of ``move`` (a legal move of ``state``, this advice's), or ``None``."""
        return self.option(canonical(state, move).notation())

    def lines(self) -> list[str]:
        """The ranking for people, each option's reasons under it (the core's
        :func:`~silverpyr.puzzles.core.grading.reason_lines`)."""
        head = self.headline(_margin_words)
        if self.samples and self.rounds is None:
            head += f" ({self.samples} paired rollouts an option, each played to the end)"
        elif self.samples:
            rounds = f"{self.rounds} round{'s' * (self.rounds != 1)}"
            head += (
                f" ({self.samples} paired rollouts an option, each played on {rounds} after "
                "this turn, or to the end; the leader there counts as the winner)"
            )
        lines = [
            head
            + (
                "."
                if len(self.options) == 1
                else ". Each other option, its margin minus the expert's move's (the same samples):"
            )
        ]
        screened = [option for option in self.options[1:] if option.samples < self.samples]
        better = self.clearly_better()
        if better is not None:
            lines.append(favour_line(better, "piastres"))
        for option in self.options[1:]:
            if option.samples < self.samples:
                continue
            noise = "" if option.error is None else f" ± {option.error:.1f}"
            win = (
                ""
                if option.win is None
                else f", {chance_to_win(option.win, option.samples)} to win"
            )
            own = "" if option.expected is None else f" (margin {option.expected:+.1f})"
            lines.append(f"  {option.label}: {-option.loss:+.1f}{noise} piastres{own}{win}")
            lines.extend(reason_lines(option.reasons))
            lines.extend(noise_lines(option.loss, option.error))
        for option in screened[:SHOWN_SCREENED]:
            lines.append(
                f"  {option.label}: {-option.loss:+.1f} piastres by the end of this turn "
                "(screened: 1 rollout)"
            )
            lines.extend(reason_lines(option.reasons))
        if len(screened) > SHOWN_SCREENED:
            rest = screened[SHOWN_SCREENED:]
            lines.append(
                f"  ... and {len(rest)} more option{'s' * (len(rest) != 1)}, screened at "
                f"{-min(option.loss for option in rest):+.1f} piastres or less"
            )
        return lines


def _margin_words(best: Rated) -> str:
    """``: margin +3.2 ± 1.1 piastres over the best other player`` (the headline's)."""
    noise = "" if best.expected_error is None else f" ± {best.expected_error:.1f}"
    return f": margin {best.expected:+.1f}{noise} piastres over the best other player"


def margin(money: Sequence[int], seat: int) -> int:
    """``seat``'s money minus the best other seat's."""
    return money[seat] - max(m for other, m in enumerate(money) if other != seat)


def lead_share(money: Sequence[int], seat: int) -> float:
    """1 when ``seat`` has the most money alone, ``1/k`` when ``k`` seats share the most."""
    best = max(money)
    if money[seat] != best:
        return 0.0
    return 1 / sum(1 for m in money if m == best)


class Rollouts(rollout_advice.Rollouts[CheopsState, Move]):
    """The paired samples of one state for one seat (module docstring); values cached."""

    def __init__(
        self,
        state: CheopsState,
        seat: int,
        table: Sequence[str],
        *,
        rounds: int | None = None,
    ) -> None:
        super().__init__(
            state,
            seat,
            table,
            f"{ROLLOUT_KEY}|{state.seed}|{len(state.events)}|{state.turn}|{state.phase.value}"
            f"|{state.placed}|{state.took}|{int(state.bought)}|{seat}",
        )
        self.rounds = HORIZON_ROUNDS if rounds is None else rounds
        """Rounds the rollouts play on after the seat's current turn (``None``: to the end of
        the game, the module's ruling)."""
        self._values: dict[tuple[str, int, int | None], tuple[int, float]] = {}
        self._players = [
            rollout_player("expert" if other == seat else name)
            for other, name in enumerate(self.table)
        ]

    def determinized(self, stream: SeededStream) -> CheopsState:
        return determinized(self.state, self.seat, stream)

    def value(self, move: Move, k: int, rounds: int | None = None) -> tuple[int, float]:
        """The seat's margin and win share after ``move`` in sample ``k``, the rollout
        stopping ``rounds`` rounds on (``None``: this object's :attr:`rounds`)."""
        rounds = self.rounds if rounds is None else rounds
        key = (move.notation(), k, rounds)
        found = self._values.get(key)
        if found is None:
            final = play_to_horizon(apply(self.world(k), move), self._players, self.seat, rounds)
            result = outcome(final)
            money = result.money if result is not None else final_money(final)
            found = (margin(money, self.seat), lead_share(money, self.seat))
            self._values[key] = found
        return found


def rollout_player(name: str) -> CheopsPlayer:
    """The player of a seat in the rollouts: the registry's bot ``name`` itself, the expert
    (the yardstick) included, search and all (module ruling)."""
    return make_player(name)


def reference_player() -> CheopsPlayer:
    """The yardstick's policy: the registry's expert, its determinized search included."""
    return make_player(REFERENCE)


def reference_expert() -> Expert:
    """The yardstick's expert, for its reasons: the registry's (its weights' defaults)."""
    return Expert()


def play_to_horizon(
    state: CheopsState, players: Sequence[CheopsPlayer], seat: int, rounds: int | None
) -> CheopsState:
    """``state`` played on by ``players`` (every move through the engine) until ``seat`` has
    finished its turn ``rounds`` turns after the one in progress, or the game ends: that is
    ``1 + rounds * players`` turn ends when ``seat`` is to move (``rounds=None``: to the
    game's end, the module's ruling)."""
    limit = math.inf if rounds is None else rounds * state.players + (state.turn == seat)
    ends = 0
    while not state.over and ends < limit:
        mover = state.turn
        state = apply(state, players[mover].decide(state, mover))
        if state.turn != mover:
            ends += 1
    return state


_CACHE = rollout_advice.RolloutCache(Rollouts)


def rollouts_for(state: CheopsState, seat: int, table: Sequence[str]) -> Rollouts:
    """The rollouts of ``state`` (the last few states' are kept, so advice and verdict share)."""
    return _CACHE.get(state, seat, table)


def canonical(state: CheopsState, move: Move) -> Move:
    """The option of :func:`distinct_moves` equal in effect to ``move`` (a draw from a stack
    with the same top and size, a swap written the other way), else ``move``."""
    options = distinct_moves(state)
    if move in options:
        return move
    if isinstance(move, DrawTile) and 1 <= move.stack <= len(state.stacks):
        tiles = state.stacks[move.stack - 1]
        for option in options:
            if isinstance(option, DrawTile):
                other = state.stacks[option.stack - 1]
                if tiles and other and (other[0], len(other)) == (tiles[0], len(tiles)):
                    return option
    if isinstance(move, UseLaw12) and isinstance(move.b, Space):
        flipped = UseLaw12(move.b, move.a)
        if flipped in options:
            return flipped
    return move


def reference_move(state: CheopsState, seat: int) -> Move:
    """The yardstick: the expert's choice (decided before anything is measured), as an
    option of :func:`distinct_moves`."""
    return canonical(state, reference_player().decide(state, seat))


window = SAMPLING.window
"""The samples of a full measurement (module docstring)."""
check_samples = SAMPLING.check
"""The number of paired samples, checked (``None``: :data:`DEFAULT_ROLLOUTS`)."""


def measure(
    rollouts: Rollouts,
    move: Move,
    reference: Move,
    samples: range,
    rounds: int | None = None,
) -> Measured:
    """``move`` against ``reference`` over ``samples`` (paired: the same determinizations),
    rollouts stopping ``rounds`` rounds on (``None``: the rollouts' own
    :attr:`Rollouts.rounds`)."""
    return rollout_advice.measure(
        lambda option, k: rollouts.value(option, k, rounds), move, reference, samples
    )


def advise(
    state: CheopsState,
    seat: int,
    table: Sequence[str],
    *,
    samples: int | None = None,
    progress: Progress | None = None,
) -> Advice:
    """Every option of the decision ``seat`` faces in ``state``, ranked by the expert's
    valuation (module docstring). ``table`` names the player of every seat (the seat's own
    entry is not used: the expert plays it in the rollouts)."""
    count = check_samples(samples)
    rollouts = rollouts_for(state, seat, table)
    options = distinct_moves(state)
    if progress is not None:
        progress("The expert is choosing...")
    reference = reference_move(state, seat)
    if len(options) == 1:
        only = Rated(reference, reference.notation(), None, 0.0, None, 0)
        return Advice(state.phase, (only,), 0, rollouts.rounds)
    others = [option for option in options if option != reference]
    ref, ranked = rollout_advice.measure_options(
        SAMPLING,
        count,
        rollouts,
        reference,
        others,
        lambda option: option.notation(),
        progress,
        screening=lambda option, k: rollouts.value(option, k, SCREEN_ROUNDS),
    )
    rated = [
        Rated(
            reference,
            reference.notation(),
            ref.expected,
            0.0,
            None,
            count,
            ref.win,
            ref.expected_error,
        )
    ]
    expert = reference_expert()
    explained = expert.explain(state, seat)
    parts = {move.notation(): terms for move, terms in explained.items()}
    best = parts.get(reference.notation())
    # the expert's best take (its takes come first, best first): a neighbour's purchase and
    # a kept law's use include its parts
    first_take = next((move for move in explained if isinstance(move, Take)), None)
    for option, found in ranked:
        error = found.error if found.samples > 1 else None
        theirs = parts.get(option.notation())
        why: tuple[str, ...] = ()
        if best is None:
            why = looked_ahead(reference)
        elif theirs is None:
            why = unweighed(state, option)
        else:
            whole = found.samples == count  # a screened loss is to the turn's end: no rest
            why = reasons(
                state,
                seat,
                (reference, best),
                (option, theirs),
                loss=found.loss if whole else None,
                error=error,
                weights=expert.weights,
                first_take=first_take,
            )
        rated.append(
            Rated(
                option,
                option.notation(),
                found.expected,
                found.loss,
                error,
                found.samples,
                found.win,
                found.expected_error if found.samples > 1 else None,
                why,
            )
        )
    return Advice(state.phase, tuple(rated), count, rollouts.rounds)


__all__ = [
    "BUDGET",
    "DEFAULT_ROLLOUTS",
    "HORIZON_ROUNDS",
    "KEEP",
    "SAMPLING",
    "SCREEN",
    "SCREEN_ROUNDS",
    "Advice",
    "AdviceError",
    "Measured",
    "Rated",
    "Rollouts",
    "advise",
    "canonical",
    "check_samples",
    "lead_share",
    "margin",
    "measure",
    "play_to_horizon",
    "reference_expert",
    "reference_move",
    "reference_player",
    "rollout_player",
    "rollouts_for",
    "window",
]
