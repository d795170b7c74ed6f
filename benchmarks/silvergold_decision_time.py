"""Silver & Gold: how long a player's decisions take in whole games (issue 34: the expert's
median at most 0.5 s, p95 at most 3 s), one core, bundled deck.

    python benchmarks/silvergold_decision_time.py                     # 10 games vs greedy
    python benchmarks/silvergold_decision_time.py --games 20 --opponent montecarlo:2

``--games`` two-player games from ``--seed``, the timed player (``--player``, a registry
name: ``expert`` by default) in seat ``g % 2`` of game ``g``, the other seat ``--opponent``.
Every keep, mark and replacement it makes is timed (wall seconds by ``time.perf_counter``,
CPU seconds beside them); the lines give the median and p95 by kind and over all.
"""

from __future__ import annotations

import argparse
from collections import defaultdict
from dataclasses import dataclass, field

from expert import line  # benchmarks/expert.py, beside this script
from timing import Timings, timed  # benchmarks/timing.py

from silverpyr.puzzles.silvergold.realgame.registry import make_player
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.game import GameState, Replacement
from silverpyr.solver.silvergold.moves import Move
from silverpyr.solver.silvergold.players import Player, play_game


@dataclass
class TimedPlayer:
    """``player``, its every decision timed by kind."""

    player: Player
    times: dict[str, Timings] = field(default_factory=lambda: defaultdict(lambda: ([], [])))

    @property
    def name(self) -> str:
        return self.player.name

    def keep(self, state: GameState, player: int) -> tuple[int, int]:
        return self._timed("keep", lambda: self.player.keep(state, player))

    def move(self, state: GameState, player: int) -> Move:
        return self._timed("mark", lambda: self.player.move(state, player))

    def replacement(self, state: GameState) -> Replacement:
        return self._timed("replacement", lambda: self.player.replacement(state))

    def predicted(self, state: GameState, player: int) -> float | None:
        return None

    def _timed(self, kind, decide):  # type: ignore[no-untyped-def]
        return timed(self.times[kind], decide)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--player", default="expert", help="the registry player timed")
    parser.add_argument("--opponent", default="greedy", help="the registry player it meets")
    args = parser.parse_args()
    deck = load_deck()
    timed = TimedPlayer(make_player(args.player))
    for g in range(args.games):
        seats: list[Player] = [make_player(args.opponent), make_player(args.opponent)]
        seats[g % 2] = timed
        played = play_game(deck, args.seed + g, seats)
        print(f"  game {args.seed + g}: totals {played.outcome.totals}", flush=True)
    every: Timings = ([], [])
    for kind, (walls, cpus) in sorted(timed.times.items()):
        every[0].extend(walls)
        every[1].extend(cpus)
        print(line(f"{args.player} decision, {kind}", walls, cpus))
    print(
        line(f"{args.player} decision, all", *every)
        + f"  over {args.games} games vs {args.opponent} from seed {args.seed}"
        + " (target median <= 0.5 s, p95 <= 3 s)"
    )


if __name__ == "__main__":
    main()
