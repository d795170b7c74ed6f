"""Issue 13's measure: the expert against the greedy bot and the hint-top-move policy, solo.

    python benchmarks/hint_policy.py --games 1000 --policies expert,greedy
    python benchmarks/hint_policy.py --games 180 --results hint180.jsonl   # ~1 h for hint

Each policy plays the solo game of every seed ``--seed .. --seed + games - 1`` (the arena's
games: :func:`silverpyr.puzzles.silvergold.realgame.arena.play_arena_game`, so the same deals and
code path as
``silverpyr arena --bots NAME``), one game after another in this process (one core).
Times are per game, wall clock and this process's CPU time (the machine may be shared).
``--results`` keeps every finished game as a JSON line and skips the games it already
holds, so a long run can be stopped and resumed, and the report re-printed for free.

The report compares the expert with each other policy **on the same seeds** (solo games
differ only by the policy, so the pairing removes the deal's luck): the mean paired
difference with its standard error and 95% interval, and the ratio of mean scores
``R = mean(expert) / mean(other)`` with a delta-method standard error (the standard
error of the mean of ``expert_i - R other_i``, divided by ``mean(other)``) and its 95%
interval, against issue 13's targets (1.12x greedy, 1.05x hint).

Measured on seeds 0..999 (n=1,000, the expert with ``progress_power`` 0.75; the hint
policy at about 19 s of CPU a game, run resumably in two processes on disjoint seed
ranges): expert 175.07, hint 166.25, greedy 155.06; expert / greedy 1.1290 (95% CI
1.1228-1.1352), expert / hint 1.0531 (1.0481-1.0581). Both targets are met by the point
estimate; the greedy one by the whole interval.
"""

from __future__ import annotations

import argparse
import json
import statistics
import time
from pathlib import Path

from silverpyr.puzzles.core.tournament import spread
from silverpyr.puzzles.silvergold.realgame.arena import play_arena_game
from silverpyr.puzzles.silvergold.realgame.registry import PLAYERS
from silverpyr.solver.silvergold.deckfile import load_deck

TARGETS = {"greedy": 1.12, "hint": 1.05}
"""Issue 13: the expert's mean final score at least this many times the policy's."""
Z = 1.959964


def load(path: Path | None) -> dict[tuple[str, int], dict[str, float]]:
    """Games already played: ``(policy, seed) -> {"total": ..., "seconds": ...}``."""
    if path is None or not path.exists():
        return {}
    games = {}
    for line in path.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            games[row["policy"], row["seed"]] = row
    return games


def play(
    policies: list[str], seeds: range, path: Path | None
) -> dict[tuple[str, int], dict[str, float]]:
    """Every policy's solo game of every seed (those in ``path`` are read, not replayed)."""
    deck = load_deck(None)
    games = load(path)
    for policy in policies:
        for seed in seeds:
            if (policy, seed) in games:
                continue
            began, cpu = time.perf_counter(), time.process_time()
            result = play_arena_game(deck, seed, (policy,))
            row = {
                "policy": policy,
                "seed": seed,
                "total": result.scores[0]["total"],
                "seconds": round(time.perf_counter() - began, 3),
                "cpu": round(time.process_time() - cpu, 3),
            }
            games[policy, seed] = row
            if path is not None:
                with path.open("a") as out:
                    out.write(json.dumps(row) + "\n")
    return games


def report(
    policies: list[str], seeds: range, games: dict[tuple[str, int], dict[str, float]]
) -> None:
    scores = {p: [float(games[p, s]["total"]) for s in seeds] for p in policies}
    seconds = {p: [float(games[p, s]["seconds"]) for s in seeds] for p in policies}
    cpu = {p: [float(games[p, s]["cpu"]) for s in seeds if "cpu" in games[p, s]] for p in policies}
    print(f"solo games on seeds {seeds.start}..{seeds.stop - 1} (n={len(seeds)}), same seeds:")
    for p in policies:
        score = spread(scores[p])
        print(
            f"  {p:<7} mean {score.mean:7.2f} +/- {score.stderr:.2f} (SE)"
            f"  median {statistics.median(scores[p]):6.1f}"
            f"  {statistics.fmean(seconds[p]):.3f} s/game wall"
            + (f", {statistics.fmean(cpu[p]):.3f} s CPU" if cpu[p] else "")
        )
    if "expert" not in policies:
        return
    expert = scores["expert"]
    for p in policies:
        if p == "expert":
            continue
        other = scores[p]
        diffs = [e - o for e, o in zip(expert, other, strict=True)]
        paired = spread(diffs)
        d, d_se = paired.mean, paired.stderr
        ratio = statistics.fmean(expert) / statistics.fmean(other)
        residuals = [e - ratio * o for e, o in zip(expert, other, strict=True)]
        r_se = spread(residuals).stderr / statistics.fmean(other)
        wins = sum(x > 0 for x in diffs), sum(x == 0 for x in diffs), sum(x < 0 for x in diffs)
        print(
            f"  expert - {p}: {d:+.2f} +/- {d_se:.2f} (paired SE), "
            f"95% CI {d - Z * d_se:+.2f} .. {d + Z * d_se:+.2f}; "
            f"expert higher/equal/lower in {wins[0]}/{wins[1]}/{wins[2]} games"
        )
        line = (
            f"  expert / {p}: {ratio:.4f} +/- {r_se:.4f} (paired delta-method SE), "
            f"95% CI {ratio - Z * r_se:.4f} .. {ratio + Z * r_se:.4f}"
        )
        target = TARGETS.get(p)
        if target is not None:
            low, high = ratio - Z * r_se, ratio + Z * r_se
            verdict = (
                "met (whole CI above)"
                if low >= target
                else "missed (whole CI below)"
                if high < target
                else "met by the point estimate, CI straddles it"
                if ratio >= target
                else "missed by the point estimate, CI straddles it"
            )
            line += f"; target {target:.2f}x: {verdict}"
        print(line)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--policies", default="expert,greedy,hint")
    parser.add_argument("--results", type=Path, default=None, help="JSON lines kept/resumed")
    args = parser.parse_args()
    policies = [p.strip() for p in args.policies.split(",") if p.strip()]
    unknown = [p for p in policies if p not in PLAYERS]
    if unknown:
        parser.error(f"unknown policy {unknown[0]!r} (known: {', '.join(PLAYERS)})")
    seeds = range(args.seed, args.seed + args.games)
    began = time.perf_counter()
    games = play(policies, seeds, args.results)
    report(policies, seeds, games)
    print(f"{time.perf_counter() - began:.1f} s wall")


if __name__ == "__main__":
    main()
