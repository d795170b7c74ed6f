"""Speed of the expert and of its advice (issue 13's targets), one core, bundled deck.

    python benchmarks/expert.py                    # 10 two-player games
    python benchmarks/expert.py --games 20 --gap 200

* **Expert decisions**: every decision the expert makes (keep, mark, replacement) in
  ``--games`` seeded two-player games against the greedy bot, timed one by one.
  Target: median <= 0.5 s, p95 <= 3 s.
* **A two-player game, expert vs greedy**, start to end. Target: <= 20 s.
* **Advice** (what ``h``, ``hint --state``/``--game`` and the coach compute): every option
  ranked by the expert's valuation and its losses calibrated (``--rollouts N``: the slow
  second opinion by N paired rollouts per option), on the expert's own decisions in those
  games. Target for keep and replacement advice: median <= 1 s, p95 <= 3 s.
* ``--gap N``: the rollout policy (the expert one ply deep) against the full expert on N
  seeded solo games: how far below the expert's score the rollouts' estimates sit.

Times are wall seconds (``time.perf_counter``) with CPU seconds beside them.
"""

from __future__ import annotations

import argparse
import statistics
from collections import defaultdict

from timing import timed, wall_line  # benchmarks/timing.py, beside this script

from silverpyr.puzzles.silvergold.realgame.advice import (
    DEFAULT_ROLLOUTS,
    Kind,
    advise,
    decision_kind,
)
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.expert import Expert
from silverpyr.solver.silvergold.game import GameState, Phase, deal
from silverpyr.solver.silvergold.players import ExpertPlayer, GreedyPlayer, play_game
from silverpyr.solver.silvergold.rollouts import ROLLOUT_EXPERT


def line(label: str, walls: list[float], cpus: list[float], target: str = "") -> str:
    return wall_line(label, walls, cpus, "s", 3) + target


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=500)
    parser.add_argument("--rollouts", type=int, default=DEFAULT_ROLLOUTS)
    parser.add_argument("--gap", type=int, default=0, help="solo games for the policy gap")
    parser.add_argument("--advice-every", type=int, default=3, help="advise on every Nth mark")
    args = parser.parse_args()
    deck = load_deck()
    expert, greedy = ExpertPlayer(), GreedyPlayer()
    decisions: dict[str, tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    advice: dict[str, tuple[list[float], list[float]]] = defaultdict(lambda: ([], []))
    games: tuple[list[float], list[float]] = ([], [])
    marks = 0
    for seed in range(args.seed, args.seed + args.games):
        timed(games, lambda s=seed: play_game(deck, s, [ExpertPlayer(), GreedyPlayer()]))
        print(f"  game {seed}: {games[0][-1]:.1f}s", flush=True)
        state = deal(deck, 2, seed)
        time_advice(advice, state, args.rollouts)
        keep = timed(decisions["keep"], lambda s=state: expert.keep(s, 0))
        state = state.keep([keep, greedy.keep(state, 1)])
        while not state.is_over():
            ask = should_advise(state, marks, args.advice_every)
            if state.phase is Phase.REPLACE:
                seat = state.replacing_player
                if seat == 0:
                    if ask:
                        time_advice(advice, state, args.rollouts)
                    choice = timed(decisions["replacement"], lambda s=state: expert.replacement(s))
                else:
                    choice = greedy.replacement(state)
                state = state.take_replacement(choice)
                continue
            if state.position(0).has_card_in_play():
                marks += 1
                if ask:
                    time_advice(advice, state, args.rollouts)
            move = timed(decisions["mark"], lambda s=state: expert.move(s, 0))
            state = state.play([move, greedy.move(state, 1)])
    everything = ([], [])  # type: tuple[list[float], list[float]]
    for kind, (walls, cpus) in decisions.items():
        everything[0].extend(walls)
        everything[1].extend(cpus)
        print(line(f"expert decision, {kind}", walls, cpus))
    print(line("expert decision, all", *everything, "  (target median <= 0.5 s, p95 <= 3 s)"))
    print(line("two-player game, expert vs greedy", *games, "  (target <= 20 s)"))
    for kind, (walls, cpus) in advice.items():
        how = f"{args.rollouts} rollouts" if args.rollouts else "calibrated valuation, reasons"
        target = "" if kind == Kind.MARK.value else "  (target median <= 1 s, p95 <= 3 s)"
        print(line(f"advice, {kind} ({how})", walls, cpus, target))
    if args.gap:
        policy_gap(deck, args.gap)


def should_advise(state: GameState, marks: int, every: int) -> bool:
    if state.phase is Phase.REPLACE:
        return state.replacing_player == 0 and len(state.replacement_options()) > 1
    return marks % every == 0


def time_advice(
    advice: dict[str, tuple[list[float], list[float]]], state: GameState, rollouts: int
) -> None:
    kind = decision_kind(state).value

    def ask() -> None:  # what h shows: the ranking and the reasons of its top ten
        ranked = advise(state, 0, rollouts=rollouts, seed=state.seed)
        for option in ranked.options[:10]:
            ranked.rated(option.choice)

    timed(advice[kind], ask)


def policy_gap(deck, games: int) -> None:  # type: ignore[no-untyped-def]
    """Mean solo score of the full expert and of the rollout policy on the same seeds."""
    full, fast = [], []
    fast_player = ExpertPlayer(expert=Expert(ROLLOUT_EXPERT))
    for seed in range(20_000, 20_000 + games):
        full.append(play_game(deck, seed, [ExpertPlayer()]).outcome.totals[0])
        fast.append(play_game(deck, seed, [fast_player]).outcome.totals[0])
    gaps = [a - b for a, b in zip(full, fast, strict=True)]
    error = statistics.stdev(gaps) / len(gaps) ** 0.5
    print(
        f"rollout policy gap over {games} solo games: expert {statistics.fmean(full):.1f}, "
        f"rollout policy {statistics.fmean(fast):.1f}, gap {statistics.fmean(gaps):.1f} "
        f"± {error:.1f} points"
    )


if __name__ == "__main__":
    main()
