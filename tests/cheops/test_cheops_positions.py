"""Cheops positions from outside a game (position, state_problems), random positions for the
solvers and benchmarks, the chance helpers, and why_illegal on malformed moves."""

from __future__ import annotations

from dataclasses import replace

import pytest
from cheops.cheops_setups import COMPONENTS, game, put
from hypothesis import given, settings
from hypothesis import strategies as st

from silverpyr.solver.cheops.board import SPACES, parse_space
from silverpyr.solver.cheops.game import (
    DrawTile,
    EndTurn,
    LawTarget,
    Phase,
    PositionError,
    RemoveLaw,
    Take,
    UseLaw10,
    UseLaw11,
    UseLaw12,
    apply,
    distinct_moves,
    legal_moves,
    new_game,
    next_tile,
    position,
    random_position,
    state_problems,
    why_illegal,
    with_next_tile,
)
from silverpyr.solver.core.errors import SilverpyrError


@pytest.mark.parametrize("players", [2, 3, 5])
@pytest.mark.parametrize("taken", [0, 20, 45])
def test_random_position_is_a_reachable_turn_start(players: int, taken: int) -> None:
    state = random_position(COMPONENTS, players, 11, taken)
    assert state.phase is Phase.START and state.placed == 0 and not state.bought
    assert sum(cell in ("A", "B", "C", "D", "N") for cell in state.cells) >= taken
    assert state_problems(state) == ()
    assert random_position(COMPONENTS, players, 11, taken) == state


def test_random_position_refuses_a_bad_count() -> None:
    with pytest.raises(SilverpyrError):
        random_position(COMPONENTS, 2, 1, 67)


def test_position_checks_what_it_is_given() -> None:
    base = new_game(COMPONENTS, 3, 5)
    assert state_problems(base) == ()
    moved = position(base, turn=2, money=(5, 40, 0))
    assert moved.turn == 2 and moved.phase is Phase.START
    with pytest.raises(PositionError) as caught:
        position(base, money=(5, -1, 0))
    assert "money" in str(caught.value)
    with pytest.raises(PositionError):
        position(base, hands=(("A", "B", "C", "D", "A"), base.hands[1], base.hands[2]))
    with pytest.raises(PositionError):  # a treasure vanished
        position(base, cells=put(base, a1="A").cells)
    with pytest.raises(PositionError):
        position(base, colour="blue")
    with pytest.raises(PositionError):
        position(base, turn=7)
    # law 1 in force (here: one that left the game at setup) sets the position's price
    seed = next(seed for seed in range(100) if 1 in new_game(COMPONENTS, 2, seed).removed_laws)
    state = new_game(COMPONENTS, 2, seed)
    out = tuple(law for law in state.removed_laws if law != 1)
    priced = position(state, removed_laws=out, laws_in_force=(1,))
    assert priced.market_price == 5
    with pytest.raises(PositionError):  # law 1 in two places
        position(state, laws_in_force=(1,))


def test_state_problems_name_touching_tiles_and_floating_holes() -> None:
    state = put(game(2), a1="A", a2="A")
    problems = " ".join(state_problems(state))
    assert "touch" in problems
    floating = put(game(2), b1="B")
    assert any("rests" in problem for problem in state_problems(floating))


def test_next_tile_and_with_next_tile_on_a_draw() -> None:
    state = game(2)
    chances = next_tile(state, 1)
    hidden = sum(len(stack) - 1 for stack in state.stacks)
    assert sum(count for _, count in chances) == hidden
    for kind, _ in chances:
        chosen = with_next_tile(state, 1, kind)
        assert chosen.stacks[0][1] == kind
        assert sorted(k for s in chosen.stacks for k in s) == sorted(
            k for s in state.stacks for k in s
        )
    short = replace(state, stacks=(("A",), ("B", "C"), ()))
    assert next_tile(short, 1) == () and next_tile(short, 3) == ()
    assert next_tile(short, 2) == (("C", 1),)
    with pytest.raises(PositionError):
        with_next_tile(short, 2, "D")


def test_distinct_moves_merge_alike_stacks() -> None:
    state = replace(game(2), stacks=(("A", "B"), ("A", "C"), ("B",)), phase=Phase.DRAW)
    state = replace(state, draws_owed=1, hands=(("C", "D"), ("A", "B", "C", "D")))
    assert legal_moves(state) == (DrawTile(1), DrawTile(2), DrawTile(3), EndTurn())
    assert distinct_moves(state) == (DrawTile(1), DrawTile(3), EndTurn())
    drawn = apply(state, DrawTile(2))
    assert drawn.hands[0] == ("A", "C", "D")


junk = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 70),
    st.text(max_size=4),
    st.sampled_from(SPACES),
    st.sampled_from(["blue", "red", "mauve"]),
)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from([Take, UseLaw11, UseLaw12, LawTarget]), junk, junk)
def test_why_illegal_answers_malformed_two_part_moves(kind: type, a: object, b: object) -> None:
    state = replace(game(2), kept_laws=((10, 11, 12), ()))
    move = kind(a, b)
    reason = why_illegal(state, move)
    assert reason is None or (isinstance(reason, str) and reason)


@settings(max_examples=60, deadline=None)
@given(junk)
def test_why_illegal_answers_malformed_one_part_moves(value: object) -> None:
    state = replace(game(2), kept_laws=((10,), ()))
    for move in (UseLaw10(value), RemoveLaw(value), DrawTile(value)):  # type: ignore[arg-type]
        reason = why_illegal(state, move)
        assert reason is None or (isinstance(reason, str) and reason)


def test_take_names_the_tile_it_would_touch() -> None:
    state = put(game(2), a1="A")
    reason = why_illegal(state, Take(parse_space("a2"), "A"))
    assert reason is not None and "a1" in reason
