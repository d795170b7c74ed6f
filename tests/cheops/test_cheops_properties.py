"""Property-based: random legal games of Cheops (2-5 players, seeded move choices) never break
an invariant of the rules: conservation of treasures, tiles, laws and money, the hand limit,
the placement rule, immutability, legal moves agreeing with why_illegal, the notation, the
end, determinism and what a seat knows."""

from __future__ import annotations

import dataclasses
from collections import Counter
from functools import cache

import pytest
from cheops.cheops_setups import COMPONENTS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from silverpyr.solver.cheops import game as engine
from silverpyr.solver.cheops.board import SPACES, neighbours
from silverpyr.solver.cheops.components import COLOURS
from silverpyr.solver.core.rng import MAX_SEED, SeededStream

MAX_MOVES = 2_000
"""A random game ends long before this many moves (the longest seen are under 250)."""

games = st.tuples(st.integers(0, MAX_SEED), st.integers(2, 5), st.integers(0, 2**32))


def _choose(moves: tuple[engine.Move, ...], stream: SeededStream) -> engine.Move:
    """A kind of move first, then one of that kind: buying, passing and the kept laws come
    up as often as taking (uniform over moves, law 12's hundreds of swaps would crowd out
    the rest)."""
    kinds = sorted({type(move).__name__ for move in moves})
    kind = stream.choice(kinds)
    return stream.choice([move for move in moves if type(move).__name__ == kind])


@cache
def _play(seed: int, players: int, policy_seed: int) -> tuple[engine.CheopsState, ...]:
    state = engine.new_game(COMPONENTS, players, seed)
    stream = SeededStream(f"test-policy|{policy_seed}")
    states = [state]
    while not state.over:
        assert len(states) < MAX_MOVES, "the game did not end"
        state = engine.apply(state, _choose(engine.legal_moves(state), stream))
        states.append(state)
    return tuple(states)


def _candidates() -> list[engine.Move]:
    """Moves of every shape, legal or not, to check why_illegal against legal_moves."""
    moves: list[engine.Move] = [
        engine.BuyNeighbour(),
        engine.Sell(),
        engine.Store(),
        engine.PayLaw9(),
        engine.DeclineLaw9(),
        engine.EndTurn(),
        engine.Pass(),
        engine.RemoveLaw(None),
    ]
    moves += [engine.RemoveLaw(law) for law in range(1, 13)]
    moves += [engine.DrawTile(stack) for stack in range(0, 5)]
    for colour in COLOURS:
        moves += [
            engine.UseLaw10(colour),
            engine.LawTarget(colour),
            *(engine.LawTarget(colour, e) for e in range(9)),
        ]
    for space in SPACES:
        for kind in "ABCDN":
            moves += [engine.Take(space, kind), engine.UseLaw11(space, kind)]
        moves += [engine.UseLaw12(space, colour) for colour in COLOURS]
        moves += [engine.UseLaw12(space, other) for other in SPACES[::7]]
    return moves


CANDIDATES = _candidates()

_settings = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow], database=None
)


def _treasures(state: engine.CheopsState) -> Counter[str]:
    where: Counter[str] = Counter()
    where.update(cell for cell in state.cells if cell in COLOURS)
    for c, colour in enumerate(COLOURS):
        where[colour] += sum(store[c] for store in state.stores)
        where[colour] += state.boards[c].covered + state.lost[c] + 1  # the column's marker
    if state.phase is engine.Phase.SELL:  # taken, waiting to be sold or stored
        assert isinstance(state.pending, str)
        where[state.pending] += 1
    return where


def _tiles(state: engine.CheopsState) -> Counter[str]:
    where: Counter[str] = Counter()
    for hand in state.hands:
        where.update(hand)
    for stack in state.stacks:
        where.update(stack)
    where.update(cell for cell in state.cells if cell in ("A", "B", "C", "D", "N"))
    where["N"] += state.neighbours_left
    return where


@_settings
@given(games)
def test_conservation_of_treasures_tiles_laws_and_money(game: tuple[int, int, int]) -> None:
    states = _play(*game)
    start = states[0].components.start_money
    for state in states:
        assert _treasures(state) == Counter({colour: 11 for colour in COLOURS})
        assert _tiles(state) == Counter({"A": 16, "B": 16, "C": 16, "D": 16, "N": 4})
        money = [start] * state.players
        for event in state.events:
            if isinstance(event, engine.Sold):
                money[event.seat] += event.paid
            elif isinstance(event, engine.Paid):
                money[event.seat] -= event.amount
        assert tuple(money) == state.money
        assert min(state.money) >= 0
        assert engine.state_problems(state) == ()  # every law in one place, hands, boards, ...
    final = states[-1]
    result = engine.outcome(final)
    assert result is not None
    scored = [0] * final.players
    for event in final.events:
        if isinstance(event, engine.Scored):
            scored[event.seat] += event.amount
    assert result.money == tuple(m + s for m, s in zip(final.money, scored, strict=True))
    assert result.winners == tuple(
        seat for seat, m in enumerate(result.money) if m == max(result.money)
    )


@_settings
@given(games)
def test_hands_and_the_placement_rule_hold(game: tuple[int, int, int]) -> None:
    for state in _play(*game):
        assert all(len(hand) <= 4 for hand in state.hands)
        for i, cell in enumerate(state.cells):
            if cell in ("A", "B", "C", "D"):
                near = [state.cells[SPACES.index(other)] for other in neighbours(SPACES[i])]
                assert cell not in near, f"two {cell} tiles touch at {SPACES[i]}"


@_settings
@given(games)
def test_legal_moves_are_exactly_those_why_illegal_accepts(game: tuple[int, int, int]) -> None:
    states = _play(*game)
    stream = SeededStream(f"illegal-sample|{game}")
    for state in states:
        legal = engine.legal_moves(state)
        assert len(set(legal)) == len(legal)
        for move in legal:
            assert engine.why_illegal(state, move) is None, move
            assert engine.parse_move(state, move.notation()) == move
        assert set(engine.distinct_moves(state)) <= set(legal)
        assert bool(engine.distinct_moves(state)) == bool(legal)
        legal_set = set(legal)
        sample = [stream.choice(CANDIDATES) for _ in range(40)]
        for move in sample:
            reason = engine.why_illegal(state, move)
            assert (reason is None) == (move in legal_set), (move, reason, state.phase)
            if reason is not None:
                assert isinstance(reason, str) and reason


@_settings
@given(games)
def test_games_end_and_are_deterministic(game: tuple[int, int, int]) -> None:
    states = _play(*game)
    assert states[-1].phase is engine.Phase.OVER and engine.legal_moves(states[-1]) == ()
    assert states[-1].end in ("empty", "boards", "blocked")
    assert all(not state.over for state in states[:-1])
    _play.cache_clear()
    assert _play(*game) == states


@_settings
@given(games)
def test_states_are_immutable(game: tuple[int, int, int]) -> None:
    states = _play(*game)
    state = states[len(states) // 2]
    before = dict(state.__dict__)
    for move in engine.legal_moves(state):
        engine.apply(state, move)
    assert state.__dict__ == before
    with pytest.raises(dataclasses.FrozenInstanceError):
        state.turn = 1  # type: ignore[misc]


@_settings
@given(games, st.integers(0, 2**32))
def test_determinized_and_chance_outcomes_keep_the_view(
    game: tuple[int, int, int], salt: int
) -> None:
    states = _play(*game)
    for state in states[:: max(1, len(states) // 12)]:
        for seat in range(state.players):
            other = engine.determinized(state, seat, SeededStream(f"det|{salt}|{seat}"))
            assert other.view(seat) == state.view(seat)
            assert engine.legal_moves(other) == engine.legal_moves(state)
        for stack in (1, 2, 3):
            chances = engine.next_tile(state, stack)
            hidden = sum(len(s) - 1 for s in state.stacks if s)
            assert sum(count for _, count in chances) == (
                hidden if len(state.stacks[stack - 1]) >= 2 else 0
            )
            for kind, _ in chances:
                changed = engine.with_next_tile(state, stack, kind)
                assert changed.stacks[stack - 1][1] == kind
                assert changed.view(0) == state.view(0)
