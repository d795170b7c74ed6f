"""Is the Sun coach honest? Its summed losses against the measured gap to the expert.

On **report seeds** (``--seed``, default 800,000 on: never used to tune the coach, the bots'
tuning seeds are 100,000 on and the arena's report seeds 900,000 on), for each seed:

* **a greedy game, coached**: seat 0 is the greedy bot, the other seats greedy too; each of
  seat 0's decisions is judged by the coach (:func:`silverpyr.puzzles.sun.coach.judge`: the
  expert's choice fixed first, then paired rollouts of it and of the move played), and the
  losses are summed over the game (every decision, the silent ones too);
* **an expert game on the same seed**: seat 0 the expert, the others the same greedy bots;
  its final score.

The **measured gap** is the mean over seeds of (expert's score - greedy's score), paired by
seed, with its standard error. By the performance-difference identity, the coach's mean
total loss per greedy game estimates that gap (the rollouts play seat 0 by the expert, the
others by their bots, from what seat 0 can see). The ratio is reported:

    python benchmarks/sun_coach_honesty.py --games 40 --players 2

Games run in this process, one after another (the machine is shared).

Measured (commit of this note, 8 paired rollouts a verdict, report seeds 800,000-800,039):

* 2 players: gap 42.88 ± 3.12, coach's total loss 36.61 ± 5.04 a game, loss - gap
  -6.27 ± 4.99 (paired), ratio 0.85; 39.2 decisions a game, 23.0 of them not the expert's,
  2.5 graded.
* 3 players: gap 26.55 ± 2.79, coach's total loss 30.83 ± 4.12, loss - gap 4.28 ± 5.55,
  ratio 1.16.

Both within about one standard error of the gap: the summed losses estimate it without a
visible bias at this sample size.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
from dataclasses import dataclass

from silverpyr.puzzles.sun.advice import DEFAULT_ROLLOUTS
from silverpyr.puzzles.sun.coach import judge
from silverpyr.solver.sun.bots import GreedyPlayer, SunPlayer, play_out
from silverpyr.solver.sun.cards import load_deck
from silverpyr.solver.sun.expert import ExpertPlayer
from silverpyr.solver.sun.game import apply, new_game


@dataclass
class Coached:
    """One greedy game of seat 0: its score and what the coach said of it."""

    score: int = 0
    total_loss: float = 0.0
    decisions: int = 0
    graded: int = 0
    differed: int = 0


def coached_game(seed: int, players: int, size: str, samples: int) -> Coached:
    """The game of ``seed``: seat 0 greedy, judged by the coach decision by decision."""
    deck = load_deck()
    table = ("greedy",) * players
    seats: list[SunPlayer] = [GreedyPlayer() for _ in range(players)]
    state = new_game(deck, players, size, seed)
    found = Coached()
    while not state.over:
        seat = state.turn
        move = seats[seat].decide(state, seat)
        if seat == 0:
            verdict = judge(state, 0, table, move, where="", samples=samples)
            found.decisions += 1
            found.total_loss += verdict.loss
            found.graded += 0 if verdict.is_silent else 1
            found.differed += 1 if verdict.samples else 0
        state = apply(state, move)
    found.score = state.scores[0]
    return found


def expert_score(seed: int, players: int, size: str) -> int:
    """Seat 0's score when the expert plays it against the same greedy bots."""
    deck = load_deck()
    seats: list[SunPlayer] = [ExpertPlayer(), *(GreedyPlayer() for _ in range(players - 1))]
    final, _ = play_out(new_game(deck, players, size, seed), seats)
    return final.scores[0]


def _mean_se(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    se = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else math.nan
    return mean, se


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--size", default="standard")
    parser.add_argument("--seed", type=int, default=800_000, help="first report seed")
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS)
    args = parser.parse_args()
    began = time.monotonic()
    greedy: list[Coached] = []
    expert: list[int] = []
    for number in range(args.games):
        seed = args.seed + number
        greedy.append(coached_game(seed, args.players, args.size, args.rollouts))
        expert.append(expert_score(seed, args.players, args.size))
        print(
            f"\r{number + 1}/{args.games} games, {time.monotonic() - began:.0f} s",
            end="",
            file=sys.stderr,
            flush=True,
        )
    print(file=sys.stderr)
    gaps = [float(e - g.score) for e, g in zip(expert, greedy, strict=True)]
    gap, gap_se = _mean_se(gaps)
    loss, loss_se = _mean_se([g.total_loss for g in greedy])
    residual, residual_se = _mean_se([g.total_loss - d for g, d in zip(greedy, gaps, strict=True)])
    decisions = sum(g.decisions for g in greedy)
    first, last = args.seed, args.seed + args.games - 1
    print(
        f"{args.players}-player {args.size} games on report seeds {first}..{last} "
        f"(n={args.games}), {args.rollouts} paired rollouts a verdict:"
    )
    print(f"  expert mean score    {statistics.fmean(expert):7.2f}")
    print(f"  greedy mean score    {statistics.fmean(g.score for g in greedy):7.2f}")
    print(f"  measured gap         {gap:7.2f} ± {gap_se:.2f} (SE, paired by seed)")
    print(f"  coach's total loss   {loss:7.2f} ± {loss_se:.2f} per greedy game")
    print(f"  loss - gap           {residual:7.2f} ± {residual_se:.2f} (paired by seed)")
    ratio = loss / gap if gap else math.nan
    print(f"  ratio loss / gap     {ratio:7.2f}")
    print(
        f"  greedy decisions     {decisions} ({decisions / args.games:.1f} a game), "
        f"{sum(g.differed for g in greedy)} not the expert's, "
        f"{sum(g.graded for g in greedy)} graded"
    )
    print(f"  {time.monotonic() - began:.0f} s wall")


if __name__ == "__main__":
    main()
