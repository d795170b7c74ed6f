"""Cheops's play-outs made fast (issue 34) decide exactly as before: greedy (every legal move
applied and its margin compared, the definition kept below) on every decision of seeded
games, the games and the Monte Carlo rankings recorded before the change
(``tests/cheops/data/playout_golden.json``, see ``playout_golden.py``), and a seeded arena of
the expert against ``montecarlo`` byte for byte (slow); the engine's shortcuts
(:func:`keeps_final_money`, :func:`final_money_after`) say what applying the move would."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from cheops.playout_golden import COMPONENTS, GOLDEN, replayed
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.cheops.registry import make_player
from silverpyr.solver.cheops.bots import greedy_move, margin
from silverpyr.solver.cheops.game import (
    CheopsState,
    Move,
    apply,
    apply_unchecked,
    distinct_moves,
    final_money,
    final_money_after,
    keeps_final_money,
    legal_moves,
    new_game,
    parse_move,
)
from silverpyr.solver.cheops.montecarlo import SHORTLIST, CheopsPlayouts
from silverpyr.solver.core.montecarlo import MonteCarloPlayer

DATA: dict[str, Any] = json.loads(GOLDEN.read_text())
GAMES: list[dict[str, Any]] = DATA["games"]


def slow_greedy(state: CheopsState, seat: int) -> Move:
    """Greedy by its definition: every legal move applied, the first of the most margin."""
    best: Move | None = None
    best_margin: int | None = None
    for move in legal_moves(state):
        value = margin(final_money(apply_unchecked(state, move)), seat)
        if best_margin is None or value > best_margin:
            best, best_margin = move, value
    assert best is not None
    return best


def decisions(game: dict[str, Any]) -> list[tuple[CheopsState, str]]:
    """Every state of ``game`` before a move, with the move made there."""
    state = new_game(COMPONENTS, len(game["bots"]), game["seed"])
    result = []
    for text in game["moves"]:
        result.append((state, text))
        state = apply(state, parse_move(state, text))
    assert state.over
    return result


@pytest.mark.parametrize("g", range(len(GAMES)))
def test_greedy_decides_as_recorded_and_as_defined(g: int) -> None:
    """Each decision of a recorded game: greedy's move is the one recorded (played by a greedy
    seat, or noted at another seat's decision) and the one its definition gives."""
    game = GAMES[g]
    for made, (state, text) in enumerate(decisions(game)):
        seat = state.turn
        move = greedy_move(state, seat)
        expected = text if game["bots"][seat] == "greedy" else game["greedy"][str(made)]
        assert move.notation() == expected, (game["seed"], made)
        assert move == slow_greedy(state, seat), (game["seed"], made)


@pytest.mark.parametrize("g", [g for g, game in enumerate(GAMES) if "expert" in game["bots"]])
def test_the_expert_plays_its_recorded_games(g: int) -> None:
    """The expert (whose search calls the engine a lot) moves as recorded."""
    game = GAMES[g]
    expert = make_player("expert")
    for state, text in decisions(game):
        if game["bots"][state.turn] == "expert":
            assert expert.decide(state, state.turn).notation() == text


@pytest.mark.parametrize("r", range(len(DATA["montecarlo"])))
def test_montecarlo_ranks_as_recorded(r: int) -> None:
    """The registry's ``montecarlo:K`` ranks the options as recorded, means included."""
    row = DATA["montecarlo"][r]
    state = replayed(GAMES[row["game"]], row["made"])
    player = make_player(f"montecarlo:{row['deals']}")
    assert isinstance(player, MonteCarloPlayer)
    ranked = [[move.notation(), mean] for move, mean in player.ranked(state, state.turn)]
    assert ranked == row["ranked"]
    assert player.decide(state, state.turn).notation() == row["ranked"][0][0]


def slow_options(state: CheopsState, seat: int) -> list[Move]:
    """Monte Carlo's options by their definition: the distinct moves, or where they are more
    than the shortlist the best by greedy's margin (every move applied), in engine order."""
    moves = distinct_moves(state)
    if len(moves) <= SHORTLIST:
        return list(moves)
    values = [margin(final_money(apply_unchecked(state, move)), seat) for move in moves]
    ranked = sorted(range(len(moves)), key=lambda i: (-values[i], i))
    return [moves[i] for i in sorted(ranked[:SHORTLIST])]


@pytest.mark.parametrize("g", [0, 7, 15, 20, 23])
def test_montecarlo_weighs_the_options_it_did(g: int) -> None:
    """At every decision of a recorded game, the options are those of the definition."""
    playouts = CheopsPlayouts()
    for state, _ in decisions(GAMES[g]):
        assert list(playouts.options(state, state.turn)) == slow_options(state, state.turn)


def test_moves_that_keep_final_money_do() -> None:
    """:func:`keeps_final_money` is true of a move only where applying it changes no seat's
    final money, and :func:`final_money_after` is the final money once the move is applied:
    every legal move at every decision of the recorded games."""
    kept = 0
    for game in GAMES:
        for state, _ in decisions(game):
            now = final_money(state)
            for move in legal_moves(state):
                after = final_money(apply_unchecked(state, move))
                assert final_money_after(state, move) == after, move
                if keeps_final_money(move):
                    kept += 1
                    assert after == now, move
    assert kept > 10_000


ARENA = ["cheops", "arena", "--bots", "expert,montecarlo", "--games", "2", "--workers", "0"]


@pytest.mark.slow
def test_a_seeded_arena_against_montecarlo_is_unchanged() -> None:
    """``cheops arena --bots expert,montecarlo --games 2 --workers 0 --json`` prints what it
    printed before the play-outs were made fast, byte for byte but the seconds it took."""
    result = CliRunner().invoke(app, [*ARENA, "--json"])
    assert result.exit_code == 0
    golden = (GOLDEN.parent / "arena_expert_montecarlo.json").read_text()
    assert _timeless(result.output) == _timeless(golden)


def _timeless(output: str) -> str:
    """The arena's JSON with its wall-clock seconds blanked (the one figure that varies)."""
    return re.sub(r'"seconds": [0-9.]+', '"seconds": -', output)
