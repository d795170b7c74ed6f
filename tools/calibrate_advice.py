"""Calibrates the advice's losses: the expert's valuation against rollouts, in expected points.

The expert ranks every option by a *heuristic* value (points now plus the potential of the
cards in play, two plies deep for marks; route lengths for keeps and replacements). The
advice must print **expected final-score points**: the expected final score given up by a
choice against the expert's own choice, the expert playing on. This tool measures how many
of those points one unit of the heuristic's difference is worth, by kind of decision and
part of the game:

1. play games on the **tuning seeds** (``--seed``, by default 300,000 on, disjoint from the
   benchmark's report seeds and the arena's default ones), the seat under study played by
   the greedy bot in half the games (drawn by seed), by the expert in the others (so the
   states seen are those of both kinds of player), the other seats by greedy bots
   (``--keeps-only``: the keep decisions of fresh deals alone, no game played);
2. at the decisions sampled, take the expert's choice ``e`` and an alternative ``a`` (the
   greedy bot's choice when it differs, else a random other option), the heuristic
   difference ``h = value(e) - value(a)``, and ``--samples`` paired rollouts of each: what
   the seat cannot see dealt anew (:meth:`.GameState.determinized`), the choice made, then
   the expert's fast policy (one ply deep,
   :data:`~silverpyr.solver.silvergold.rollouts.ROLLOUT_EXPERT`:
   15 times faster than the full expert, so many more decisions can be measured) playing
   the seat to the end (the others greedy), ``e`` and ``a`` on the same deals. Whether its
   differences are the full expert's is what ``benchmarks/coach_honesty.py`` checks, on
   held-out seeds, against whole games of the full expert;
3. fit ``E[score(e) - score(a) | h] = k h`` by least squares through the origin, per kind
   and bucket, and estimate the spread of the true difference around ``k h`` (the
   residual's variance less the rollouts' own noise), which the advice prints as the
   loss's uncertainty.

Rollouts run on Dask (``--scheduler``, or an embedded cluster of ``--workers``).

    python tools/calibrate_advice.py --games 300 --players 1,2 --samples 4 --out FILE
    python tools/calibrate_advice.py --keeps-only --games 200 --players 1,2,3,4 \
        --seed 400000 --samples 8 --out FILE2
    python tools/calibrate_advice.py --fit FILE FILE2     # the table and the constants
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import time
from dataclasses import asdict, dataclass
from typing import Any

from silverpyr.puzzles.core.cluster import dask_client, finished, worker_count
from silverpyr.puzzles.silvergold.realgame.advice import Advice, advise, decision_kind, options_of
from silverpyr.solver.core.rng import SeededStream
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.expert import Expert
from silverpyr.solver.silvergold.game import GameState, Phase, deal
from silverpyr.solver.silvergold.players import (
    ExpertPlayer,
    GreedyPlayer,
    Player,
    decide,
    play_out,
    step,
    with_choice,
)
from silverpyr.solver.silvergold.rollouts import ROLLOUT_EXPERT, Choice
from silverpyr.solver.silvergold.sheet import turns_after


@dataclass(frozen=True)
class Sample:
    """One decision measured: its kind, when, the heuristic gap and the rollouts' gaps."""

    kind: str
    players: int
    turns_left: int
    heuristic: float
    """``value(e) - value(a)`` on the advice's own scale before calibration."""
    gaps: tuple[int, ...]
    """``score(e) - score(a)`` on each paired rollout."""
    expert_final: int | None = None
    """For keeps of the expert's games: its final score (the keep forecast's fit)."""


def _turns_left(state: GameState) -> int:
    if state.phase is Phase.KEEP:
        return 28
    return turns_after(state.round_number, state.turn)


def _rollout_gaps(
    state: GameState, seat: int, first: Choice, second: Choice, samples: int, seed: int
) -> tuple[int, ...]:
    me = ExpertPlayer(expert=Expert(ROLLOUT_EXPERT))
    seats: list[Player] = [me if s == seat else GreedyPlayer() for s in range(len(state.players))]
    stream = SeededStream(f"calibrate|{seed}")
    gaps = []
    for sample in range(samples):
        dealt = state.determinized(seat, stream.child(str(sample)).below(2**62))
        scores = []
        for choice in (first, second):
            end = play_out(with_choice(dealt, seat, choice, seats), seats)
            scores.append(end.outcome().totals[seat])
        gaps.append(scores[0] - scores[1])
    return tuple(gaps)


def game_samples(job: tuple[int, int, int, float]) -> list[dict[str, Any]]:
    """Every sampled decision of the game of ``seed`` (one Dask task)."""
    seed, players, samples, mark_share = job
    deck = load_deck()
    stream = SeededStream(f"calibrate-choices|{seed}")
    seat = seed % players
    greedy_game = stream.child("policy").chance(1, 2)
    studied: Player = GreedyPlayer() if greedy_game else ExpertPlayer()
    table: list[Player] = [studied if s == seat else GreedyPlayer() for s in range(players)]
    state = deal(deck, players, seed)
    found: list[dict[str, Any]] = []
    keep_index = None
    index = 0
    while not state.is_over():
        waiting = state.phase is not Phase.REPLACE or state.replacing_player == seat
        options = options_of(state, seat) if waiting else []
        kind = decision_kind(state)
        sampled = (
            waiting
            and len(options) > 1
            and (
                kind.value != "mark"
                or stream.child(f"take-{index}").chance(round(mark_share * 1000), 1000)
            )
        )
        if sampled:
            advice = advise(state, seat)
            alternative = _alternative(advice, state, seat, stream.child(f"other-{index}"))
            if alternative is not None:
                heuristic = advice.rated(alternative).raw_loss
                gaps = _rollout_gaps(
                    state, seat, advice.best.choice, alternative, samples, seed * 1000 + index
                )
                if state.phase is Phase.KEEP:
                    keep_index = len(found)
                found.append(
                    asdict(Sample(kind.value, players, _turns_left(state), heuristic, gaps))
                )
        state = step(state, table)
        index += 1
    if keep_index is not None and isinstance(studied, ExpertPlayer):
        found[keep_index]["expert_final"] = state.outcome().totals[seat]
    return found


def _alternative(
    advice: Advice, state: GameState, seat: int, stream: SeededStream
) -> Choice | None:
    """The option set against the expert's: the greedy bot's when it differs, else a
    random other one (``None``: the expert's is the only option)."""
    greedy = decide(GreedyPlayer(), state, seat)
    if not advice.is_best(greedy):
        return greedy
    others = [option for option in options_of(state, seat) if not advice.is_best(option)]
    return stream.choice(others) if others else None


def keep_samples(job: tuple[int, int, int, float]) -> list[dict[str, Any]]:
    """The keep decision alone of the deal of ``seed`` (``--keeps-only``: no game played)."""
    seed, players, samples, _ = job
    state = deal(load_deck(), players, seed)
    seat = seed % players
    advice = advise(state, seat)
    alternative = _alternative(advice, state, seat, SeededStream(f"calibrate-keep|{seed}"))
    assert alternative is not None  # a keep has six options
    gaps = _rollout_gaps(state, seat, advice.best.choice, alternative, samples, seed * 1000)
    heuristic = advice.rated(alternative).raw_loss
    return [asdict(Sample("keep", players, 28, heuristic, gaps))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=200, help="games per player count")
    parser.add_argument("--players", default="1,2", help="player counts, e.g. 1,2,3,4")
    parser.add_argument("--seed", type=int, default=300_000, help="first tuning seed")
    parser.add_argument("--samples", type=int, default=2, help="paired rollouts per decision")
    parser.add_argument("--mark-share", type=float, default=0.15, help="marks sampled")
    parser.add_argument("--workers", type=int, default=None)
    parser.add_argument("--scheduler", default=None)
    parser.add_argument("--out", required=True, help="JSON lines of samples (appended)")
    parser.add_argument("--keeps-only", action="store_true", help="only the keep decisions")
    args = parser.parse_args()
    counts = [int(p) for p in args.players.split(",")]
    jobs = [  # player counts interleaved: a run cut short still has them all
        (args.seed + index * len(counts) + position, players, args.samples, args.mark_share)
        for index in range(args.games)
        for position, players in enumerate(counts)
    ]
    began = time.monotonic()
    done = 0
    with dask_client(args.scheduler, args.workers) as connection, open(args.out, "a") as out:

        def submit(client: Any, job: tuple[int, int, int, float]) -> Any:
            task = keep_samples if args.keeps_only else game_samples
            return client.submit(task, job, pure=False)

        in_flight = 2 * max(1, worker_count(connection))
        for job, result, error in finished(connection, jobs, submit, in_flight=in_flight):
            if error is not None:
                raise SystemExit(f"game {job} failed: {error!r}")
            for sample in result:
                out.write(json.dumps(sample) + "\n")
            out.flush()
            done += 1
            elapsed = time.monotonic() - began
            print(f"\r{done}/{len(jobs)} games, {elapsed:.0f} s", end="", file=sys.stderr)
    print(file=sys.stderr)


def fit(path: str) -> dict[str, Any]:
    """The calibration from a file of samples: per kind and bucket, ``k`` and the spread."""
    with open(path) as lines:
        rows = [json.loads(line) for line in lines]
    groups: dict[str, list[dict[str, Any]]] = {}
    for row in rows:
        groups.setdefault(f"{row['kind']}|{_bucket(row)}", []).append(row)
    found: dict[str, Any] = {}
    for key, group in sorted(groups.items()):
        xs = [r["heuristic"] for r in group]
        ys = [statistics.fmean(r["gaps"]) for r in group]
        sxx = sum(x * x for x in xs)
        k = sum(x * y for x, y in zip(xs, ys, strict=True)) / sxx if sxx else 0.0
        residual = [y - k * x for x, y in zip(xs, ys, strict=True)]
        noise = statistics.fmean(
            statistics.variance(r["gaps"]) / len(r["gaps"]) for r in group if len(r["gaps"]) > 1
        )
        spread = math.sqrt(max(0.0, statistics.fmean(v * v for v in residual) - noise))
        k_error = math.sqrt(statistics.fmean(v * v for v in residual) / sxx) if sxx else 0.0
        found[key] = {
            "n": len(group),
            "k": round(k, 4),
            "k_error": round(k_error, 4),
            "spread": round(spread, 3),
            "mean_heuristic": round(statistics.fmean(xs), 3),
            "mean_gap": round(statistics.fmean(ys), 3),
        }
    return found


def _bucket(row: dict[str, Any]) -> str:
    if row["kind"] != "mark":
        return "all"
    left = row["turns_left"]
    return "early" if left >= 19 else ("middle" if left >= 9 else "late")


def report(paths: list[str]) -> None:
    """The fit of the samples in ``paths``: the README's table, then the advice's constants."""
    rows: list[str] = []
    for path in paths:
        with open(path) as lines:
            rows.extend(lines)
    joined = "/tmp/calibrate-advice-joined.jsonl"
    with open(joined, "w") as out:
        out.writelines(rows)
    found = fit(joined)
    print("| decision | part of the game | decisions | points per unit | ± (spread) |")
    print("|---|---|---:|---:|---:|")
    for key, value in found.items():
        kind, part = key.split("|")
        part = {
            "all": "the whole game",
            "early": "19 or more turns to come",
            "middle": "9-18 turns to come",
            "late": "8 or fewer turns to come",
        }[part]
        print(
            f"| {kind} | {part} | {value['n']:,} | {value['k']:.2f} ± {value['k_error']:.2f} "
            f"| {value['spread']:.1f} |"
        )
    print()
    for key, value in found.items():
        kind, part = key.split("|")
        print(
            f"    (Kind.{kind.upper()}, {part!r}): Calibration({value['k']:.3f}, "
            f"{value['k_error']:.3f}, {value['spread']:.2f}, {value['n']}),"
        )


if __name__ == "__main__":
    if len(sys.argv) >= 3 and sys.argv[1] == "--fit":
        report(sys.argv[2:])
    else:
        main()
