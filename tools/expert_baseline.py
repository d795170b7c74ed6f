"""Fits the expert's forecast: points a game is still worth beyond a decision's value.

For each player count of ``--players`` (e.g. ``1,2,3,4``), plays ``--games`` games (seeds
from ``--seed``, disjoint from the arena's default 0..N) with the expert in one seat,
rotated game by game (seat ``g mod N``), and greedy bots in the others. At every mark
decision of the expert it records the turns still to come ``t``, the score on the sheet
``s``, the chosen option's value ``v``, the pyramid points still open ``O``
(:meth:`~silverpyr.solver.silvergold.game.GameState.open_pyramid_points`) and, at the end, the final
score ``F``; then fits ``F - s - v = a + b t + c O t / 28`` by least squares. The keep
forecast is the mean final score. Prints each count's constants as the entries of
``silverpyr.solver.silvergold.expert.BASELINES``, and how far the fitted forecast of the chosen mark
is from the final score, on average, in each round (in-sample).

    python tools/expert_baseline.py --players 1,2,3,4 --games 400
"""

from __future__ import annotations

import argparse
from dataclasses import dataclass

import numpy as np

from silverpyr.puzzles.core.tournament import spread
from silverpyr.solver.silvergold import bots
from silverpyr.solver.silvergold.cards import Deck
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.expert import Expert, expert_ranking
from silverpyr.solver.silvergold.game import Phase, deal
from silverpyr.solver.silvergold.moves import Move
from silverpyr.solver.silvergold.sheet import MAX_TURNS, turns_after


@dataclass(frozen=True)
class Decision:
    """One mark decision of the expert: what the forecast sees, and the game's final score."""

    round_number: int
    turns_after: int
    known: float
    """Score on the sheet plus the chosen option's value."""
    open_points: int
    final: int


def play(deck: Deck, expert: Expert, players: int, seed: int, seat: int) -> list[Decision]:
    """The expert's mark decisions in the game of ``seed`` (greedy bots in the other seats)."""
    state = deal(deck, players, seed)
    state = state.keep(
        [
            expert.choose_keep(state, p) if p == seat else bots.choose_keep(state.players[p].dealt)
            for p in range(players)
        ]
    )
    samples: list[tuple[int, int, float, int]] = []
    while not state.is_over():
        if state.phase is Phase.REPLACE:
            expert_due = state.replacing_player == seat
            state = state.take_replacement(
                expert.choose_replacement(state) if expert_due else bots.choose_replacement(state)
            )
            continue
        best = expert_ranking(state, seat, expert)[0]
        assert isinstance(best.choice, Move)
        samples.append(
            (
                state.round_number,
                turns_after(state.round_number, state.turn),
                state.players[seat].sheet.score().total + best.value,
                state.open_pyramid_points(),
            )
        )
        state = state.play(
            [
                best.choice
                if p == seat
                else bots.choose_move(state.position(p), state.expedition, state.round_number)
                for p in range(players)
            ]
        )
    final = state.outcome().totals[seat]
    return [Decision(r, t, known, open_points, final) for r, t, known, open_points in samples]


def fit(players: int, games: int, first_seed: int, deck: Deck) -> None:
    """Play, fit and print one player count's constants."""
    expert = Expert()
    decisions: list[Decision] = []
    finals: list[int] = []
    for g in range(games):
        played = play(deck, expert, players, first_seed + g, g % players)
        decisions.extend(played)
        finals.append(played[0].final)
    features = np.array(
        [[1.0, d.turns_after, d.open_points * d.turns_after / MAX_TURNS] for d in decisions]
    )
    targets = np.array([d.final - d.known for d in decisions])
    (at_end, per_turn, per_open), *_ = np.linalg.lstsq(features, targets, rcond=None)
    residuals = targets - features @ np.array([at_end, per_turn, per_open])
    final = spread(finals)
    keep = final.mean
    print(
        f"{players} player(s): {games} games, {len(decisions)} decisions; "
        f"mean final score {keep:.2f} +/- {final.stderr:.2f}; residual SD {residuals.std():.2f}"
    )
    rounds = np.array([d.round_number for d in decisions])
    by_round = {int(r): -float(residuals[rounds == r].mean()) for r in np.unique(rounds)}
    print(
        "  mean forecast - final at the marks, by round: "
        + ", ".join(f"{r}: {bias:+.2f}" for r, bias in by_round.items())
    )
    print(
        f"    {players}: Baseline(at_end={at_end:.2f}, per_turn={per_turn:.3f}, "
        f"per_open_point={per_open:.3f}, keep={keep:.1f}),"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=60, help="games per player count")
    parser.add_argument("--seed", type=int, default=10_000)
    parser.add_argument("--players", default="1", help="player counts, e.g. 1,2,3,4")
    args = parser.parse_args()
    deck = load_deck(None)
    for players in (int(p) for p in args.players.split(",")):
        fit(players, args.games, args.seed, deck)


if __name__ == "__main__":
    main()
