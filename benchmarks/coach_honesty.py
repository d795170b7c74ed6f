"""Is the coach honest, and does the advice agree with the expert? (issue 20's targets)

On **report seeds** (``--seed``, default 500,000 on: disjoint from the calibration's tuning
seeds, 300,000 on, and the arena's default 0 on), for each seed:

* **a greedy game, coached**: seat 0 is the greedy bot (the others greedy too); every one
  of its decisions is judged by the coach
  (:func:`~silverpyr.puzzles.silvergold.realgame.game_coach.judge`
  against :func:`~silverpyr.puzzles.silvergold.realgame.advice.advise`), and the coach's total loss
  for the game is summed, every decision (the summary's "expected points lost in all")
  and the graded ones alone (the ones it says out loud);
* **an expert game on the same seed**, seat 0 the expert: its final score, so the
  **measured gap** (expert minus greedy, paired by seed) has a standard error; every one
  of the expert's decisions is judged too (how many are graded "doubtful" or worse), and
  the advice's top choice is compared with the expert bot's choice (agreement).

Target: the coach's mean total loss per greedy game within ±15% of the measured mean gap;
at most 2% of the expert's decisions graded; agreement on every decision.

    python benchmarks/coach_honesty.py --games 200 --players 1 --workers 2

Games run on Dask (an embedded cluster of ``--workers``, or ``--scheduler``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from dataclasses import dataclass, field
from typing import Any

from silverpyr.puzzles.core.cluster import dask_client, finished, worker_count
from silverpyr.puzzles.core.tournament import spread
from silverpyr.puzzles.silvergold.realgame.advice import advise, options_of
from silverpyr.puzzles.silvergold.realgame.game_coach import judge
from silverpyr.puzzles.silvergold.realgame.game_record import when
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.game import Phase, deal
from silverpyr.solver.silvergold.players import ExpertPlayer, GreedyPlayer, Player, decide, step


@dataclass
class Coached:
    """One game of the coached seat: its score and what the coach said."""

    score: int = 0
    total_loss: float = 0.0
    graded_loss: float = 0.0
    decisions: int = 0
    graded: int = 0
    agreed: int = 0
    by_kind: dict[str, float] = field(default_factory=dict)


def coached_game(seed: int, players: int, policy: str) -> Coached:
    """The game of ``seed``, seat 0 played by ``policy`` and judged by the coach."""
    deck = load_deck()
    me: Player = ExpertPlayer() if policy == "expert" else GreedyPlayer()
    table: list[Player] = [me] + [GreedyPlayer() for _ in range(players - 1)]
    state = deal(deck, players, seed)
    found = Coached()
    while not state.is_over():
        mine = state.phase is not Phase.REPLACE or state.replacing_player == 0
        if mine and len(options_of(state, 0)) > 1:
            choice = decide(me, state, 0)
            advice = advise(state, 0)
            verdict = judge(advice, choice, when(state))
            found.decisions += 1
            found.total_loss += verdict.loss
            kind = verdict.kind.value
            found.by_kind[kind] = found.by_kind.get(kind, 0.0) + verdict.loss
            found.agreed += advice.is_best(choice)
            if verdict.grade is not None:
                found.graded += 1
                found.graded_loss += verdict.loss
        state = step(state, table)
    found.score = state.outcome().totals[0]
    return found


def both(job: tuple[int, int]) -> tuple[int, Coached, Coached]:
    """One Dask task: the greedy and the expert game of one seed."""
    seed, players = job
    return seed, coached_game(seed, players, "greedy"), coached_game(seed, players, "expert")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--players", type=int, default=1)
    parser.add_argument("--seed", type=int, default=500_000, help="first report seed")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--scheduler", default=None)
    args = parser.parse_args()
    jobs = [(args.seed + g, args.players) for g in range(args.games)]
    results: list[tuple[int, Coached, Coached]] = []
    began = time.monotonic()
    with dask_client(args.scheduler, args.workers) as connection:

        def submit(client: Any, job: tuple[int, int]) -> Any:
            return client.submit(both, job, pure=False)

        in_flight = 2 * max(1, worker_count(connection))
        for job, result, error in finished(connection, jobs, submit, in_flight=in_flight):
            if error is not None:
                raise SystemExit(f"seed {job[0]} failed: {error!r}")
            results.append(result)
            print(
                f"\r{len(results)}/{len(jobs)} seeds, {time.monotonic() - began:.0f} s",
                end="",
                file=sys.stderr,
            )
    print(file=sys.stderr)
    results.sort(key=lambda r: r[0])
    greedy = [g for _, g, _ in results]
    expert = [e for _, _, e in results]
    gap = spread([float(e.score - g.score) for g, e in zip(greedy, expert, strict=True)])
    coach = spread([g.total_loss for g in greedy])
    graded = spread([g.graded_loss for g in greedy])
    decisions = sum(e.decisions for e in expert)
    flagged = sum(e.graded for e in expert)
    agreed = sum(e.agreed for e in expert)
    first, last = args.seed, args.seed + args.games - 1
    print(f"{args.players}-player games on report seeds {first}..{last} (n={len(results)}):")
    print(f"  expert mean score   {statistics.fmean(e.score for e in expert):7.2f}")
    print(f"  greedy mean score   {statistics.fmean(g.score for g in greedy):7.2f}")
    print(f"  measured gap        {gap.mean:7.2f} ± {gap.stderr:.2f} (SE, paired by seed)")
    print(
        f"  coach's total loss  {coach.mean:7.2f} ± {coach.stderr:.2f} per greedy game "
        f"(ratio {coach.mean / gap.mean:.3f}; target 0.85-1.15)"
    )
    kinds = sorted({k for g in greedy for k in g.by_kind})
    for kind in kinds:
        print(f"    {kind:<12} {statistics.fmean(g.by_kind.get(kind, 0.0) for g in greedy):7.2f}")
    print(f"  graded losses only  {graded.mean:7.2f} ± {graded.stderr:.2f} per greedy game")
    print(
        f"  expert's decisions graded doubtful or worse: {flagged} of {decisions} "
        f"({100 * flagged / max(1, decisions):.2f}%; target <= 2%)"
    )
    print(
        f"  advice's top = expert bot's choice: {agreed} of {decisions} "
        f"({100 * agreed / max(1, decisions):.2f}%; target 100%)"
    )
    print(f"  {time.monotonic() - began:.0f} s wall")


if __name__ == "__main__":
    main()
