"""Every game of the registry keeps the declared rules' contract (solver/core/rules.py), played
through that interface alone: random games of every table size, checked at every step."""

from __future__ import annotations

import random
from typing import Any

import pytest

from silverpyr.solver.core.engine import Ended
from silverpyr.solver.core.errors import IllegalMoveError, MoveError
from silverpyr.solver.core.rng import SeededStream
from silverpyr.solver.games import GAMES

MAX_STEPS = 2000
"""Random play ends every game well before this (about 30 moves a seat)."""

COMPONENTS = {key: game.kit.load() for key, game in GAMES.items()}


def _cases() -> list[Any]:
    return [
        pytest.param(key, players, seed, id=f"{key}-{players}-{seed}")
        for key, game in GAMES.items()
        for players in game.seats
        for seed in range(3)
    ]


def _check_step(rules: Any, state: Any, rng: random.Random, foreign: list[Any]) -> Any:
    """Check the contract at ``state``; the next state, after a random legal move."""
    seat = rules.to_move(state)
    legal = rules.legal_moves(state)
    ended = rules.outcome(state)
    assert (seat is None) == (ended is not None) == (not legal)
    if seat is None:
        return None
    assert set(rules.distinct_moves(state)) <= set(legal)
    for move in rng.sample(legal, min(len(legal), 6)):
        assert rules.why_illegal(state, move) is None
        text = rules.move_text(state, move)
        assert rules.parse_move(state, text) == move, text
    for move in rng.sample(foreign, min(len(foreign), 3)):
        reason = rules.why_illegal(state, move)
        if reason is None:
            rules.apply(state, move)
        else:
            assert isinstance(reason, str) and reason and "\n" not in reason
            with pytest.raises(IllegalMoveError):
                rules.apply(state, move)
    with pytest.raises(MoveError):
        rules.parse_move(state, "§ not a move §")
    twin = rules.determinized(state, seat, SeededStream(f"contract-{rng.random()}"))
    assert rules.to_move(twin) == seat
    assert rules.legal_moves(twin) == legal
    move = rng.choice(legal)
    foreign.append(move)
    return rules.apply(state, move)


@pytest.mark.parametrize(("key", "players", "seed"), _cases())
def test_random_games_keep_the_rules_contract(key: str, players: int, seed: int) -> None:
    game = GAMES[key]
    rules = game.rules
    rng = random.Random(f"{key}-{players}-{seed}")
    foreign: list[Any] = []
    state = game.kit.start(COMPONENTS[key], players, rng.randrange(2**31))
    for _ in range(MAX_STEPS):
        after = _check_step(rules, state, rng, foreign)
        if after is None:
            break
        state = after
    ended = rules.outcome(state)
    assert ended is not None, f"no end in {MAX_STEPS} random moves"
    assert isinstance(ended, Ended)  # one outcome type, each game's detail beside it
    assert len(ended.totals) == players
    assert ended.winners and set(ended.winners) <= set(range(players))
    assert all(ended.totals[seat] == max(ended.totals) for seat in ended.winners)


def test_the_registry_names_every_game_once_with_its_table_sizes() -> None:
    assert list(GAMES) == ["silvergold", "sun", "cheops"]
    assert [GAMES[key].seats for key in GAMES] == [range(1, 5), range(2, 6), range(2, 6)]
    assert all(game.key == key and game.words == (key,) for key, game in GAMES.items())


def test_every_game_s_move_errors_are_the_core_s() -> None:
    from silverpyr.solver.cheops import game as cheops
    from silverpyr.solver.core.errors import MoveSyntaxError
    from silverpyr.solver.silvergold import moves as silvergold
    from silverpyr.solver.sun import game as sun

    for engine in (sun, cheops):
        assert issubclass(engine.IllegalMove, IllegalMoveError)
        assert issubclass(engine.MoveSyntaxError, MoveSyntaxError)
    assert issubclass(silvergold.IllegalMoveError, IllegalMoveError)
    assert issubclass(silvergold.InvalidMoveError, MoveSyntaxError)
    assert issubclass(silvergold.AmbiguousMoveError, MoveError)
