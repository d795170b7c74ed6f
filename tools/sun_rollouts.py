"""Is determinized search stronger than the Sun expert's value model? A measurement on TUNING
seeds (100,000 and up).

The rollout expert is the expert, except at the start of a turn in the late game (at most
``late`` empty slots): there it sets the expert's move against the other kind of move (drawing
2 if the expert plays, its best placement if it draws) by ``samples`` determinizations
(:func:`~silverpyr.solver.sun.game.determinized`: what it cannot see dealt again), each played
to the end by experts at every seat, on common deals, and takes the one winning more.

    python tools/sun_rollouts.py --players 2 --games 300 --late 10 --samples 6

Measured (docs/sun-bots.md): no gain over the plain expert on the same seeds, at 6-10 times
the time, so the expert stays a value model.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))  # a checkout as silverpyr

from sun_tune import share  # tools/sun_tune.py, beside this script

from silverpyr.puzzles.core.tournament import win_shares
from silverpyr.solver.core.rng import SeededStream
from silverpyr.solver.sun.bots import SunPlayer, play_out
from silverpyr.solver.sun.expert import Expert, ExpertPlayer, context
from silverpyr.solver.sun.game import (
    Draw,
    Move,
    Phase,
    Place,
    SunState,
    apply,
    determinized,
    outcome,
)


@dataclass
class RolloutExpert:
    """The expert, with its late turn starts checked by determinized rollouts."""

    late: int
    samples: int
    name: str = "rollout"
    expert: Expert = field(default_factory=Expert)

    def decide(self, state: SunState, seat: int) -> Move:
        base = self.expert.decide(state, seat)
        if state.phase is not Phase.CHOOSE:
            return base
        ctx = context(state, seat, self.expert.weights)
        if ctx.empty > self.late:
            return base
        other: Move | None
        if isinstance(base, Place):
            pile, _ = self.expert.best_pile(state, seat, ctx)
            other = None if pile is None else Draw(pile)
        else:
            steps, _ = self.expert.plan(state, seat)
            other = steps[0] if steps else self.expert._least_bad(state, seat)
        if other is None:
            return base
        wins = []
        for move in (base, other):
            total = 0.0
            for k in range(self.samples):
                key = f"sun-rollouts|{state.seed}|{len(state.events)}|{k}"
                start = apply(determinized(state, seat, SeededStream(key)), move)
                final, _ = play_out(start, [ExpertPlayer() for _ in range(state.players)])
                result = outcome(final)
                assert result is not None
                total += win_shares(result.winners, state.players)[seat]
            wins.append(total)
        return other if wins[1] > wins[0] else base


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--late", type=int, default=10)
    parser.add_argument("--samples", type=int, default=6)
    args = parser.parse_args()
    rollout = RolloutExpert(args.late, args.samples)  # one for every game
    makers: tuple[tuple[str, Callable[[], SunPlayer]], ...] = (
        ("expert", ExpertPlayer),
        ("rollout expert", lambda: rollout),
    )
    for label, make in makers:
        began = time.perf_counter()
        rate = share(make, args.players, args.games, "standard")
        seconds = (time.perf_counter() - began) / args.games
        print(f"{label}: {rate:.1%} of {args.games} games, {seconds:.3f} s a game")


if __name__ == "__main__":
    main()
