"""The golden decisions of Cheops's play-out players (``tests/cheops/data/playout_golden.json``),
recorded before the play-outs were made fast (issue 34) so that a faster greedy or Monte Carlo
is checked to decide exactly as the slow one did.

* ``games``: seeded games played to the end, every move in notation: greedy against greedy
  (2 to 4 seats) and the expert against greedy; at each of the expert's decisions also the
  move greedy would make there (``greedy``, by the number of moves made before it).
* ``montecarlo``: states of those games (the game and the number of moves made) with the
  ranking of a Monte Carlo player (the registry's ``montecarlo:K``): every option and its mean
  final margin, best first.

Written by ``python tests/cheops/playout_golden.py`` (a few minutes); the tests replay it.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from silverpyr.puzzles.cheops.registry import make_player
from silverpyr.solver.cheops.bots import CheopsPlayer, greedy_move
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.game import CheopsState, Move, apply, new_game, parse_move
from silverpyr.solver.cheops.montecarlo import CheopsPlayouts
from silverpyr.solver.core.montecarlo import MonteCarloPlayer

COMPONENTS = load_components()
GOLDEN = Path(__file__).parent / "data" / "playout_golden.json"

LINEUPS: tuple[tuple[tuple[str, ...], tuple[int, ...]], ...] = (
    (("greedy", "greedy"), tuple(range(20))),
    (("greedy", "greedy", "greedy"), (100, 101, 102)),
    (("greedy", "greedy", "greedy", "greedy"), (200, 201)),
    (("expert", "greedy"), (300, 301, 302)),
    (("greedy", "expert", "greedy"), (400,)),
)
"""Who plays which seeds (seat by seat)."""

MONTECARLO: tuple[tuple[int, int, int], ...] = (
    (0, 0, 2),
    (0, 1, 8),
    (0, 40, 8),
    (1, 7, 2),
    (2, 60, 8),
    (3, 120, 8),
    (4, 15, 2),
    (20, 30, 8),
    (23, 5, 2),
    (23, 90, 8),
    (24, 33, 8),
    (25, 50, 2),
    (0, 140, 8),
    (1, 82, 8),
    (7, 160, 8),
    (14, 37, 8),
    (15, 40, 2),
    (28, 60, 8),
)
"""(game, moves made, deals K) of the recorded Monte Carlo rankings; a state whose decision
has one option is moved on to the next decision with more than one. Some are the turns of a
kept law's holder (laws 10, 11 and 12: many more moves)."""


def play(names: tuple[str, ...], seed: int) -> tuple[list[str], dict[str, str]]:
    """A game of ``names`` (one a seat) from ``seed``: every move, and greedy's at each
    decision of a seat that is not greedy (by the number of moves made before it)."""
    players: list[CheopsPlayer] = [make_player(name) for name in names]
    state = new_game(COMPONENTS, len(names), seed)
    moves: list[str] = []
    greedy: dict[str, str] = {}
    while not state.over:
        seat = state.turn
        if names[seat] != "greedy":
            greedy[str(len(moves))] = greedy_move(state, seat).notation()
        move = players[seat].decide(state, seat)
        moves.append(move.notation())
        state = apply(state, move)
    return moves, greedy


def replayed(game: dict[str, Any], made: int) -> CheopsState:
    """The state of ``game`` after its first ``made`` moves."""
    state = new_game(COMPONENTS, len(game["bots"]), game["seed"])
    for text in game["moves"][:made]:
        state = apply(state, parse_move(state, text))
    return state


def contested(game: dict[str, Any], made: int) -> int:
    """The first number of moves from ``made`` on whose decision weighs 2 options or more."""
    state = replayed(game, made)
    while len(CheopsPlayouts().options(state, state.turn)) < 2:
        state = apply(state, parse_move(state, game["moves"][made]))
        made += 1
    return made


def ranking(game: dict[str, Any], made: int, deals: int) -> list[tuple[Move, float]]:
    """The registry's ``montecarlo:deals`` ranking at ``game`` after ``made`` moves."""
    player = make_player(f"montecarlo:{deals}")
    assert isinstance(player, MonteCarloPlayer)
    state = replayed(game, made)
    ranked: list[tuple[Move, float]] = player.ranked(state, state.turn)
    return ranked


def main() -> None:
    games: list[dict[str, Any]] = []
    for names, seeds in LINEUPS:
        for seed in seeds:
            moves, greedy = play(names, seed)
            games.append({"bots": list(names), "seed": seed, "moves": moves, "greedy": greedy})
    rankings = []
    for g, made, deals in MONTECARLO:
        made = contested(games[g], made)
        ranked = ranking(games[g], made, deals)
        rankings.append(
            {
                "game": g,
                "made": made,
                "deals": deals,
                "ranked": [[move.notation(), mean] for move, mean in ranked],
            }
        )
    GOLDEN.write_text(
        json.dumps({"games": games, "montecarlo": rankings}, separators=(",", ":")) + "\n"
    )


if __name__ == "__main__":
    main()
