"""Is the Cheops coach honest? Its summed losses against the measured gap to its yardstick.

The coach's yardstick is the expert itself, its search included (puzzles/cheops/advice.py;
until 2026-11-30 it was the expert's value model, whose figures follow below).
On **report seeds** (``--seed``; the horizon was chosen on 700,000 on, and the yardstick on
800,000-800,009, so the figures below are on 810,000 on; the bots' tuning seeds are 0-99,999
and the arena's report seeds 900,000 on), for each seed:

* **a greedy game, reviewed**: seat 0 is the greedy bot, the other seats greedy too; the
  game's record is reviewed as ``cheops hint --game FILE --review`` does
  (:mod:`silverpyr.puzzles.cheops.review`: each of seat 0's decisions judged by the coach,
  the yardstick's choice fixed first, then paired rollouts of it and of the move played to the
  horizon), and the losses are summed over the game (every decision, the silent ones too);
* **a yardstick game on the same seed**: seat 0 played by the yardstick, the others the same
  greedy bots.

The coach measures **margin** (seat 0's final money minus the best other seat's), so the
**measured gap** is the mean over seeds of (expert game's final margin - greedy game's final
margin), paired by seed, with its standard error. By the performance-difference identity,
with rollouts to the end (the advice's ruling) the coach's mean total loss per greedy game
estimates that gap without bias (the rollouts play seat 0 by the yardstick, the others by
their bots), so the ratio should be 1 within the error:

    python benchmarks/cheops_coach_honesty.py --games 20 --players 2

Games run in this process, one after another (the machine is shared); ``--rounds N`` stops the
rollouts N rounds on instead (the first ruling's horizon, to measure what it costs); ``--rows``
prints each seed's gap and loss, so short runs pool.

Since issue 31 (the rising boards; 810,000-899,999 are now Cheops tuning seeds) the report
seeds are 900,000 on, the default; docs/cheops-game.md has those figures. Before it, on the
falling boards (8 paired rollouts a verdict, to the end):

* 2 players, report seeds 810,000-810,024: gap 270.5 ± 38.3, loss 221.5 ± 45.8, ratio 0.82;
  820,000-820,024: gap 312.0 ± 29.0, loss 322.8 ± 60.4, ratio 1.03. Pooled (n=50, ``--rows``):
  gap 291.3 ± 24.0, loss 272.1 ± 38.2, loss - gap -19.1 ± 41.5, ratio 0.93; ~84 decisions a
  game, 44% not the yardstick's, ~7 graded. ~25 min a run of 25 games at load ~5.
* 3 players, 810,000-810,009, 830,000-9, 840,000-9 and 850,000-9 pooled (n=40): gap
  163.8 ± 17.7, loss 159.8 ± 18.9, loss - gap -3.9 ± 15.9, ratio 0.98 (56 decisions a game;
  runs of 10 gave ratios 0.74, 0.92, 1.10, 1.44).
* With a horizon of 2 rounds (the first ruling), 2 players, n=50 on the same seeds' ranges:
  loss - gap +73.6 ± 23.4, ratio 1.27: the horizon overstated the gap by a quarter.
"""

from __future__ import annotations

import argparse
import time

from honesty import Coached, coached_play, play_seeds, report  # beside this script

from silverpyr.puzzles.cheops import advice
from silverpyr.puzzles.cheops.advice import DEFAULT_ROLLOUTS, margin
from silverpyr.puzzles.cheops.coach import Verdict
from silverpyr.puzzles.cheops.game_record import GameRecord
from silverpyr.puzzles.cheops.review import REVIEWING
from silverpyr.solver.cheops.bots import CheopsPlayer, GreedyPlayer, play_out
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.game import apply, new_game, outcome


def coached_game(seed: int, players: int, samples: int) -> Coached:
    """The game of ``seed``: seat 0 greedy, its record reviewed by the coach decision by
    decision (``cheops hint --game FILE --review``'s numbers)."""
    components = load_components()
    table = ("greedy",) * players
    seats: list[CheopsPlayer] = [GreedyPlayer() for _ in range(players)]

    def judged(moves: list[tuple[int, str]]) -> list[Verdict]:
        record = GameRecord(components.fingerprint, seed, table, tuple(moves))
        return REVIEWING.review(record, components, 1).verdicts(samples=samples)

    found, final = coached_play(new_game(components, players, seed), seats, apply, judged)
    result = outcome(final)
    assert result is not None
    found.final = margin(result.money, 0)
    return found


def expert_margin(seed: int, players: int) -> int:
    """Seat 0's final margin when the coach's yardstick (the expert) plays it
    against the same greedy bots."""
    seats: list[CheopsPlayer] = [
        advice.reference_player(),
        *(GreedyPlayer() for _ in range(players - 1)),
    ]
    final, _ = play_out(new_game(load_components(), players, seed), seats)
    result = outcome(final)
    assert result is not None
    return margin(result.money, 0)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--seed", type=int, default=900_000, help="first report seed")
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS)
    parser.add_argument(
        "--rounds",
        type=int,
        default=None,
        help="stop rollouts this many rounds on (default: the end)",
    )
    parser.add_argument(
        "--rows", action="store_true", help="also print each seed's gap and loss (to pool runs)"
    )
    args = parser.parse_args()
    advice.HORIZON_ROUNDS = args.rounds
    horizon = "to the end" if args.rounds is None else f"horizon {args.rounds} round(s)"
    began = time.monotonic()
    greedy, expert = play_seeds(
        args.games,
        args.seed,
        lambda seed: coached_game(seed, args.players, args.rollouts),
        lambda seed: expert_margin(seed, args.players),
    )
    first, last = args.seed, args.seed + args.games - 1
    header = (
        f"{args.players}-player games on seeds {first}..{last} (n={args.games}), "
        f"{args.rollouts} paired rollouts a verdict, {horizon}:"
    )
    gaps = report(header, "margin", greedy, expert, began)
    if args.rows:
        for number, (coached, gap_of) in enumerate(zip(greedy, gaps, strict=True)):
            print(f"row {args.seed + number} gap {gap_of:.2f} loss {coached.total_loss:.2f}")


if __name__ == "__main__":
    main()
