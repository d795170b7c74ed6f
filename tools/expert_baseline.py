"""Fits the expert's baseline: points a game is still worth beyond a decision's value.

Plays ``--games`` solo games with the expert (seeds from ``--seed``, disjoint from the
arena's default 0..N), records at every mark decision the turns still to come ``t``, the
score on the sheet ``s``, the chosen option's value ``v`` and, at the end, the final score
``F``; then fits ``F - s - v = a + b t`` by least squares and prints ``a`` and ``b`` for
``silverpyr.solver.expert`` (``BASELINE_AT_END``, ``BASELINE_PER_TURN``).

    python tools/expert_baseline.py --games 60
"""

from __future__ import annotations

import argparse
import statistics

from silverpyr.solver.deckfile import load_deck
from silverpyr.solver.expert import Expert, expert_ranking
from silverpyr.solver.game import Phase, deal
from silverpyr.solver.sheet import turns_after


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=10_000)
    args = parser.parse_args()
    deck = load_deck(None)
    expert = Expert()
    points: list[tuple[int, float]] = []
    for seed in range(args.seed, args.seed + args.games):
        state = deal(deck, 1, seed)
        state = state.keep([expert.choose_keep(state, 0)])
        samples: list[tuple[int, float]] = []
        while not state.is_over():
            if state.phase is Phase.REPLACE:
                state = state.take_replacement(expert.choose_replacement(state))
                continue
            best = expert_ranking(state, 0, expert)[0]
            samples.append(
                (
                    turns_after(state.round_number, state.turn),
                    state.players[0].sheet.score().total + best.value,
                )
            )
            state = state.play([best.choice])  # type: ignore[list-item]
        final = state.outcome().totals[0]
        points.extend((t, final - known) for t, known in samples)
    ts = [float(t) for t, _ in points]
    ys = [y for _, y in points]
    slope, intercept = statistics.linear_regression(ts, ys)
    print(f"{len(points)} decisions of {args.games} games")
    print(f"BASELINE_AT_END = {intercept:.2f}")
    print(f"BASELINE_PER_TURN = {slope:.3f}")


if __name__ == "__main__":
    main()
