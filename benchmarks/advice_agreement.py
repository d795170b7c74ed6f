"""Does the advice name the expert bot's move first, and does it show an option better?

Issue 32's measure, for the Sun and Cheops: held-out games (seeds from 900,000: the report's
range, never tuned on) of the expert against greedy; at every ``--every``-th decision of the
expert's seat with more than one option, the advice (default rollouts) beside the move the
expert bot of the registry plays there. Counted:

* **first = bot**: the advice's first option is the bot's move (same label);
* **any shown better**: some fully measured option has a negative loss (a mean above the
  expert's move, however small against its error);
* **clearly better (same samples)**: some fully measured option beats it by more than twice
  its error, on the samples that picked it (this leans high: the winner's curse);
* **clearly better, confirmed**: such an option measured again against the expert's move on
  ``--confirm`` fresh samples (:data:`FRESH` on; 48 by default), and still better by more
  than twice its error there. This is issue 32's test ("beyond its error, measured without
  reusing the samples that picked it"): the count that must be 0. The fresh samples are more
  than the advice's 8 or 12 because an error estimated from so few pairs is itself noisy:
  with 12 pairs "beyond twice the error" happens by chance about one time in 30, not one in 44,
  and it did, twice in a row, for a Sun symbol draw (seed 900,001, measured in final margin)
  whose mean over 120 samples favoured the expert's move by 3.6 ± 2.2. Before 2026-11-30
  the confirmation used as many samples as the advice.

    python benchmarks/advice_agreement.py --game sun --decisions 200
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

SEATS = ("expert", "greedy")
FRESH = 1_000
"""The first sample of the confirming measurement (the advice uses at most the first 202)."""
CONFIRM = 48
"""Fresh samples a confirmation measures (module docstring)."""


def _case(seed: int, bot: str, state: Any, advice: Any) -> tuple[int, str, Any, Any]:
    """One judged decision: its seed, the bot's move, the advice, and a measurement of an
    option against the reference on given samples (the game's ``advice`` module)."""
    return (
        seed,
        bot,
        lambda: advice.advise(state, 0, SEATS),
        lambda move, ref, k: advice.measure(advice.rollouts_for(state, 0, SEATS), move, ref, k),
    )


def sun_cases(every: int) -> Any:
    from silverpyr.puzzles.sun import advice
    from silverpyr.puzzles.sun.arena import _play, play_arena_game
    from silverpyr.puzzles.sun.registry import make_player
    from silverpyr.solver.sun.cards import load_deck
    from silverpyr.solver.sun.game import distinct_moves, new_game

    deck = load_deck()
    seed = 900_000
    while True:
        result = play_arena_game((deck, "standard", True), seed, SEATS)
        state = new_game(deck, 2, "standard", seed)
        count = 0
        for text in result.moves:
            if not state.over and state.turn == 0 and len(distinct_moves(state)) > 1:
                count += 1
                if count % every == 0:
                    bot = make_player("expert").decide(state, 0).notation(deck)
                    yield _case(seed, bot, state, advice)
            state = _play(state, text)
        seed += 1


def cheops_cases(every: int) -> Any:
    from silverpyr.puzzles.cheops import advice
    from silverpyr.puzzles.cheops.arena import _play, play_arena_game
    from silverpyr.puzzles.cheops.registry import make_player
    from silverpyr.solver.cheops.components import load_components
    from silverpyr.solver.cheops.game import distinct_moves, new_game

    components = load_components()
    seed = 900_000
    while True:
        result = play_arena_game((components, True), seed, SEATS)
        state = new_game(components, 2, seed)
        count = 0
        for text in result.moves:
            if not state.over and state.turn == 0 and len(distinct_moves(state)) > 1:
                count += 1
                if count % every == 0:
                    chosen = advice.canonical(state, make_player("expert").decide(state, 0))
                    bot = chosen.notation()
                    yield _case(seed, bot, state, advice)
            state = _play(state, text)
        seed += 1


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("sun", "cheops"), required=True)
    parser.add_argument("--decisions", type=int, default=200)
    parser.add_argument("--every", type=int, default=3, help="judge every k-th decision")
    parser.add_argument(
        "--confirm", type=int, default=CONFIRM, help="fresh samples of a confirmation"
    )
    args = parser.parse_args(argv)
    cases = sun_cases(args.every) if args.game == "sun" else cheops_cases(args.every)
    first = shown = clearly = confirmed = 0
    seeds: set[int] = set()
    started = time.perf_counter()
    misses: list[str] = []
    for number in range(1, args.decisions + 1):
        seed, bot, advice_of, confirm = next(cases)
        seeds.add(seed)
        advice = advice_of()
        best = advice.options[0]
        same = best.label == bot  # both games label an option by its notation
        if not same:
            misses.append(f"seed {seed}: advice {best.label}, bot {bot}")
        first += same
        full = [
            o for o in advice.options[1:] if o.samples == advice.samples and o.error is not None
        ]
        shown += any(o.loss < 0 for o in full)
        picked = [o for o in full if o.loss + 2 * o.error < 0]
        clearly += bool(picked)
        fresh = range(FRESH, FRESH + args.confirm)
        held = [
            o for o in picked if (m := confirm(o.move, best.move, fresh)).loss + 2 * m.error < 0
        ]
        if held:
            confirmed += 1
            misses.append(f"seed {seed}: confirmed better than {best.label}: {held[0].label}")
        if number % 20 == 0:
            print(f"  {number} decisions...", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - started
    n = args.decisions
    print(f"{args.game}: {n} decisions of the expert's seat, {len(seeds)} games (seeds 900,000+)")
    print(f"  advice's first = the expert bot's move: {first}/{n} ({100 * first / n:.1f}%)")
    print(f"  some option shown better (mean):         {shown}/{n} ({100 * shown / n:.1f}%)")
    print(f"  some option clearly better (> 2 errors): {clearly}/{n} ({100 * clearly / n:.1f}%)")
    print(
        f"    ... confirmed on {args.confirm} fresh samples:  {confirmed}/{n} "
        f"({100 * confirmed / n:.1f}%)"
    )
    print(f"  {seconds / n:.2f} s a decision")
    for line in misses[:10]:
        print(f"  differs: {line}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
