"""Is the Sun coach honest? Its summed losses against the measured gap to the expert.

On **report seeds** (``--seed``, default 800,000 on: never used to tune the coach, the bots'
tuning seeds are 100,000 on and the arena's report seeds 900,000 on), for each seed:

* **a greedy game, reviewed**: seat 0 is the greedy bot, the other seats greedy too; the
  game's record is reviewed as ``sun hint --game FILE --review`` does
  (:mod:`silverpyr.puzzles.sun.review`: each of seat 0's decisions judged by the coach, the
  expert's choice fixed first, then paired rollouts of it and of the move played), and the
  losses are summed over the game (every decision, the silent ones too);
* **an expert game on the same seed**: seat 0 the expert (the registry's ``expert``), the
  others the same greedy bots; its final score.

The **measured gap** is the mean over seeds of (expert's score - greedy's score), paired by
seed, with its standard error. By the performance-difference identity, the coach's mean
total loss per greedy game estimates that gap when the rollouts play seat 0 by the expert
(the others by their bots, from what seat 0 can see). Since issue 34 the expert searches and
the rollouts play seat 0 by its value model (``planner``), so the ratio is what tells how far
the identity still holds. The ratio is reported:

    python benchmarks/sun_coach_honesty.py --games 40 --players 2

Games run in this process, one after another (the machine is shared).

Measured against the expert that plays its own seat out by the value model (2026-11-30,
12 paired rollouts a verdict, 2 players; docs/sun-bots.md):

* report seeds 800,000-800,049 (``--games 50``): gap 40.48 ± 1.87, loss 47.84 ± 3.19,
  loss - gap 7.36 ± 3.86, ratio 1.18;
* report seeds 800,050-800,099 (``--games 50 --seed 800050``): gap 42.22 ± 1.74, loss
  48.92 ± 3.55, loss - gap 6.70 ± 4.00, ratio 1.16;
* pooled (n=100): loss - gap +7.0 ± 2.8, ratio 1.17, above issue 34's 0.85-1.15.
* the value model's own gap on the same seeds (``--games 100 --gap-only planner``): 41.82 ±
  1.68, so the excess is the expert's gain over the value model in greedy's positions
  (docs/sun-bots.md, "Where the excess comes from").

Measured against the all-greedy search before it (issue 34; 12 paired rollouts a verdict, 2
players):

* report seeds 800,000-800,039: gap 37.75 ± 1.91, coach's total loss 40.11 ± 3.15 a game,
  loss - gap 2.36 ± 3.17, ratio 1.06;
* report seeds 800,040-800,099 (``--games 60 --seed 800040``): gap 38.18 ± 1.78, loss
  35.36 ± 3.20, loss - gap -2.82 ± 3.60, ratio 0.93;
* pooled (n=100): loss - gap -0.75 ± 2.50, ratio 0.98; 39.3 decisions a game, 62% of them
  not the expert's, 2.6 graded.

Measured against the value model when it was the expert (8 paired rollouts a verdict,
report seeds 800,000-800,039):

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
import time

from honesty import Coached, coached_play, mean_se, play_seeds, report  # beside this script

from silverpyr.puzzles.sun.advice import DEFAULT_ROLLOUTS
from silverpyr.puzzles.sun.coach import Verdict
from silverpyr.puzzles.sun.game_record import GameRecord
from silverpyr.puzzles.sun.registry import make_player
from silverpyr.puzzles.sun.review import REVIEWING
from silverpyr.solver.sun.bots import GreedyPlayer, SunPlayer, play_out
from silverpyr.solver.sun.cards import load_deck
from silverpyr.solver.sun.game import apply, new_game


def coached_game(seed: int, players: int, size: str, samples: int) -> Coached:
    """The game of ``seed``: seat 0 greedy, its record reviewed by the coach decision by
    decision (``sun hint --game FILE --review``'s numbers)."""
    deck = load_deck()
    table = ("greedy",) * players
    seats: list[SunPlayer] = [GreedyPlayer() for _ in range(players)]

    def judged(moves: list[tuple[int, str]]) -> list[Verdict]:
        record = GameRecord(deck.fingerprint, seed, size, table, tuple(moves))
        return REVIEWING.review(record, deck, 1).verdicts(samples=samples)

    found, final = coached_play(new_game(deck, players, size, seed), seats, apply, judged)
    found.final = final.scores[0]
    return found


def expert_score(seed: int, players: int, size: str, expert: str = "expert") -> int:
    """Seat 0's score when the expert (or the registry's player ``expert``) plays it against
    the same greedy bots."""
    deck = load_deck()
    seats = [make_player(expert), *(GreedyPlayer() for _ in range(players - 1))]
    final, _ = play_out(new_game(deck, players, size, seed), seats)
    return final.scores[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=40)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--size", default="standard")
    parser.add_argument("--seed", type=int, default=800_000, help="first report seed")
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS)
    parser.add_argument(
        "--gap-only",
        metavar="PLAYER",
        help="no coach: only the gap between PLAYER (a registry name) and greedy on seat 0",
    )
    args = parser.parse_args()
    began = time.monotonic()
    if args.gap_only:
        gaps = [
            expert_score(seed, args.players, args.size, args.gap_only)
            - expert_score(seed, args.players, args.size, "greedy")
            for seed in range(args.seed, args.seed + args.games)
        ]
        gap, gap_se = mean_se([float(g) for g in gaps])
        print(f"{args.gap_only} - greedy on seat 0, seeds {args.seed}.. (n={args.games}):")
        print(f"  gap {gap:.2f} ± {gap_se:.2f} (SE, paired by seed)")
        return
    greedy, expert = play_seeds(
        args.games,
        args.seed,
        lambda seed: coached_game(seed, args.players, args.size, args.rollouts),
        lambda seed: expert_score(seed, args.players, args.size),
    )
    first, last = args.seed, args.seed + args.games - 1
    header = (
        f"{args.players}-player {args.size} games on report seeds {first}..{last} "
        f"(n={args.games}), {args.rollouts} paired rollouts a verdict:"
    )
    report(header, "score", greedy, expert, began)


if __name__ == "__main__":
    main()
