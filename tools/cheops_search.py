"""Which Cheops expert is stronger: the value model alone or determinized search on top of it
(``ExpertWeights.search_samples``; the default since it won)? Head to head and against greedy
bots, seats rotated, with the time each took, on TUNING seeds (0 to 99,999); the report's
seeds (900,000 and up) only for the report's figures, once every choice was made.

    python tools/cheops_search.py --games 60 --samples 3 --players 2
    python tools/cheops_search.py --seed 900000 --games 200   # a report figure, once chosen
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent.parent))  # a checkout as silverpyr

from silverpyr.puzzles.core.tournament import wilson, win_shares
from silverpyr.solver.cheops.bots import CheopsPlayer, GreedyPlayer
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.expert import Expert, ExpertPlayer, ExpertWeights
from silverpyr.solver.cheops.game import CheopsState, Move, apply, new_game, outcome

TUNING_SEED = 20_000


class Clocked:
    """A player whose decisions are timed."""

    def __init__(self, player: CheopsPlayer) -> None:
        self.player = player
        self.name = player.name
        self.seconds = 0.0

    def decide(self, state: CheopsState, seat: int) -> Move:
        began = time.perf_counter()
        move = self.player.decide(state, seat)
        self.seconds += time.perf_counter() - began
        return move


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--seed", type=int, default=TUNING_SEED)
    parser.add_argument("--samples", type=int, default=1)
    parser.add_argument("--candidates", type=int, default=4)
    parser.add_argument("--turns", type=int, default=1)
    parser.add_argument("--margin", type=float, default=ExpertWeights().search_margin)
    parser.add_argument("--players", type=int, default=2)
    parser.add_argument("--against", choices=("model", "greedy"), default="model")
    args = parser.parse_args()
    components = load_components()
    search = ExpertWeights(
        search_samples=args.samples,
        search_candidates=args.candidates,
        search_turns=args.turns,
        search_margin=args.margin,
    )
    model = Expert(ExpertWeights(search_samples=0))  # the value model alone
    wins = 0.0
    searched = 0.0
    rest = 0.0
    for g in range(args.games):
        seed = args.seed + g
        seat = g % args.players
        line_up: list[Clocked] = [
            Clocked(GreedyPlayer() if args.against == "greedy" else ExpertPlayer(expert=model))
            for _ in range(args.players)
        ]
        line_up[seat] = Clocked(ExpertPlayer(expert=Expert(search)))
        state = new_game(components, args.players, seed)
        while not state.over:
            state = apply(state, line_up[state.turn].decide(state, state.turn))
        result = outcome(state)
        assert result is not None
        wins += win_shares(result.winners, args.players)[seat]
        searched += line_up[seat].seconds
        rest += sum(p.seconds for s, p in enumerate(line_up) if s != seat)
    low, high = wilson(wins, args.games)
    print(
        f"search ({args.samples} samples, {args.candidates} candidates within {args.margin:g}, "
        f"{args.turns} round) "
        f"against {args.players - 1} x {args.against}: {wins / args.games:.1%} "
        f"[{low:.1%}-{high:.1%}] over {args.games} games; seconds a game: search "
        f"{searched / args.games:.2f}, the others {rest / args.games:.2f}"
    )


if __name__ == "__main__":
    main()
