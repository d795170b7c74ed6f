"""Cheops's engine: the setup and the rulebook's own cases (golden tests), each on a small
position set up for it."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from cheops.cheops_setups import (
    COMPONENTS,
    board,
    bottom_row,
    empty_pyramid,
    game,
    play,
    put,
    s,
    stores,
    with_board,
)
from engine_imports import sibling_imports

from silverpyr.solver.cheops import game as engine
from silverpyr.solver.cheops.board import SPACES
from silverpyr.solver.cheops.components import COLOURS
from silverpyr.solver.core.errors import SilverpyrError

# --- setup --------------------------------------------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4, 5])
def test_setup_deals_the_rulebook_components(players: int) -> None:
    state = engine.new_game(COMPONENTS, players, 7)
    eyes = set(COMPONENTS.eyes)
    laws = [cell for cell in state.cells if isinstance(cell, int)]
    assert sorted(laws + list(state.removed_laws)) == list(range(1, 13))
    assert all(isinstance(state.cells[i], int) == (space in eyes) for i, space in enumerate(SPACES))
    treasures = Counter(cell for cell in state.cells if isinstance(cell, str))
    assert treasures == Counter({colour: 10 for colour in COLOURS})  # one of each marks its column
    assert state.hands == (("A", "B", "C", "D"),) * players
    assert sorted(len(stack) for stack in state.stacks) == sorted(
        len(range(i, 64 - 4 * players, 3)) for i in range(3)
    )
    assert Counter(k for stack in state.stacks for k in stack) == Counter(
        {k: 16 - players for k in "ABCD"}
    )
    assert state.money == (COMPONENTS.start_money,) * players and state.neighbours_left == 4
    assert Counter(b.board.type for b in state.boards) == Counter({"I": 2, "II": 2, "III": 2})
    assert len({b.board.name for b in state.boards}) == 6
    assert state.market_price == 10 and state.phase is engine.Phase.START


def test_setup_is_seeded() -> None:
    assert engine.new_game(COMPONENTS, 3, 42) == engine.new_game(COMPONENTS, 3, 42)
    assert engine.new_game(COMPONENTS, 3, 42).cells != engine.new_game(COMPONENTS, 3, 43).cells


@pytest.mark.parametrize("players", [1, 6, True, "3"])
def test_setup_refuses_a_bad_number_of_players(players: object) -> None:
    with pytest.raises(engine.CheopsSetupError):
        engine.new_game(COMPONENTS, players, 1)  # type: ignore[arg-type]
    with pytest.raises(SilverpyrError):
        engine.new_game(COMPONENTS, 2, -1)


# --- golden tests from the rulebook -------------------------------------------------------------


def test_golden_times_five_six_blue_each_worth_thirty() -> None:
    state = with_board(game(2), "blue", engine.BoardState(board("40", "x5", "10"), covered=1))
    alone = replace(state, stores=stores(2, blue=(6, 0)))
    assert engine.final_money(alone) == (20 + 6 * 30, 20)
    split = replace(state, stores=stores(2, blue=(4, 2)))  # still six in all: 30 each
    assert engine.final_money(split) == (20 + 4 * 30, 20 + 2 * 30)


def test_golden_majority_the_most_gets_x_the_others_y() -> None:
    state = with_board(game(3), "black", engine.BoardState(board("20/15", "5")))
    state = replace(state, stores=stores(3, black=(3, 2, 1)))
    assert engine.final_money(state) == (20 + 60, 20 + 30, 20 + 15)


def test_golden_market_price_under_laws_1_and_2() -> None:
    state = bottom_row(game(2), [1, "blue", 2, "red"])
    state = play(state, engine.Take(s("a1"), "A"))  # law 1: at once
    assert state.market_price == 5 and state.laws_in_force == (1,)
    state = play(state, engine.DrawTile(1), engine.Take(s("a2"), "B"), engine.Sell())
    assert engine.Sold(1, "blue", 5) in state.events
    state = play(state, engine.DrawTile(1), engine.Take(s("a3"), "C"))  # law 2 played last rules
    assert state.market_price == 15
    state = play(state, engine.DrawTile(1), engine.Take(s("a4"), "A"), engine.Sell())
    assert engine.Sold(1, "red", 15) in state.events


def test_golden_a_board_is_full_when_its_second_lowest_entry_is_covered() -> None:
    state = with_board(game(2), "blue", engine.BoardState(board("30", "20", "10"), covered=1))
    state = bottom_row(state, ["blue", "green", "blue"])
    state = play(state, engine.Take(s("a1"), "A"), engine.Sell(), engine.DrawTile(1))
    assert state.board("blue").covered == 2 and state.board("blue").full
    assert state.board("blue").price(25).a == 10  # the last entry stays uncovered
    state = play(state, engine.Take(s("a3"), "A"))
    assert engine.legal_moves(state) == (engine.Store(),)
    assert engine.why_illegal(state, engine.Sell()) is not None


def test_golden_the_game_ends_on_two_full_boards_or_three_after_law_3() -> None:
    state = with_board(game(2), "red", engine.BoardState(board("30", "10"), covered=1))
    state = with_board(state, "blue", engine.BoardState(board("30", "10")))
    state = bottom_row(state, ["blue", "green"])
    ended = play(state, engine.Take(s("a1"), "A"), engine.Sell())
    assert ended.phase is engine.Phase.OVER and ended.end == "boards"
    law3 = replace(state, laws_in_force=(3,))
    going = play(law3, engine.Take(s("a1"), "A"), engine.Sell())
    assert going.phase is engine.Phase.DRAW
    third = with_board(law3, "green", engine.BoardState(board("30", "10"), covered=1))
    assert play(third, engine.Take(s("a1"), "A"), engine.Sell()).end == "boards"


def test_golden_a_neighbour_gives_a_second_take() -> None:
    state = bottom_row(game(2), ["blue", "red", "green", "yellow"])
    state = play(state, engine.BuyNeighbour())
    assert state.money[0] == 0 and engine.why_illegal(state, engine.Take(s("a1"), "A")) is not None
    state = play(state, engine.Take(s("a1"), "N"), engine.Store())
    assert state.phase is engine.Phase.SECOND and state.neighbours_left == 3
    assert engine.EndTurn() in engine.legal_moves(state)
    assert engine.why_illegal(state, engine.Take(s("a2"), "N")) is not None
    state = play(state, engine.Take(s("a2"), "A"), engine.Store())
    assert state.phase is engine.Phase.DRAW and state.draws_owed == 1
    assert state.stores[0][COLOURS.index("blue")] == 1 == state.stores[0][COLOURS.index("red")]


def test_golden_a_player_who_can_take_must_take() -> None:
    state = game(2)
    assert engine.why_illegal(state, engine.EndTurn()) is not None
    assert engine.why_illegal(state, engine.Pass()) is not None
    assert engine.Pass() not in engine.legal_moves(state)
    with pytest.raises(engine.IllegalMove):
        engine.apply(state, engine.Pass())


def test_golden_a_hand_never_holds_more_than_four() -> None:
    # a1 fits only the pattern's A, b2 only D; the mover holds only A: law 11 on a1, then
    # nothing fits, so a pass, and of the two draws owed only the first fits the hand
    state = empty_pyramid(game(2), {"a1": "blue", "b2": "red"})
    hands = (("A", "A", "A", "A"), ("A", "B", "C", "D"))
    state = replace(state, hands=hands, kept_laws=((11,), ()), money=(0, 20))
    state = play(state, engine.UseLaw11(s("a1"), "A"), engine.Store())
    assert engine.legal_moves(state) == (engine.Pass(),)
    state = play(state, engine.Pass(), engine.DrawTile(1))
    assert len(state.hands[0]) == 4 and state.turn == 1 and state.phase is engine.Phase.START
    assert sum(isinstance(e, engine.DrewTile) for e in state.events) == 1


def test_golden_law_4_on_a_full_board_loses_the_treasure() -> None:
    state = with_board(game(2), "blue", engine.BoardState(board("30", "10"), covered=1, law=4))
    state = bottom_row(replace(state, laws_in_force=(4,)), ["blue", "green"])
    after = play(state, engine.Take(s("a1"), "A"))
    assert engine.Lost(0, "blue") in after.events and after.lost[0] == 1
    assert after.phase is engine.Phase.DRAW and after.stores == state.stores


def test_golden_law_8_removing_law_1_brings_the_price_back() -> None:
    state = bottom_row(replace(game(2), laws_in_force=(1,), market_price=5), [8, "blue"])
    state = play(state, engine.Take(s("a1"), "A"))
    assert state.phase is engine.Phase.LAW and engine.RemoveLaw(1) in engine.legal_moves(state)
    state = play(state, engine.RemoveLaw(1))
    assert state.market_price == 10 and state.laws_in_force == ()
    both = bottom_row(replace(game(2), laws_in_force=(2, 1), market_price=5), [8, "blue"])
    assert play(both, engine.Take(s("a1"), "A"), engine.RemoveLaw(1)).market_price == 15


def test_outcome_names_the_richest_and_shares_a_tie() -> None:
    state = with_board(game(2), "red", engine.BoardState(board("30", "10"), covered=1))
    state = with_board(state, "blue", engine.BoardState(board("30", "10")))
    state = bottom_row(replace(state, money=(20, 30)), ["blue", "green"])
    ended = play(state, engine.Take(s("a1"), "A"), engine.Sell())
    result = engine.outcome(ended)
    assert result is not None and result.winners == (0, 1) and result.money == (30, 30)
    assert result.reason == "boards"
    assert engine.outcome(state) is None


def test_selling_and_storing_pay_the_right_seat() -> None:
    state = bottom_row(game(2), ["blue", "red"])
    state = play(state, engine.Take(s("a1"), "A"), engine.Sell())
    assert state.money == (30, 20) and state.board("blue").covered == 1
    state = play(state, engine.DrawTile(2), engine.Take(s("a2"), "B"), engine.Store())
    assert state.stores[1][COLOURS.index("red")] == 1
    assert put(state, a3="blue") != state


# --- the engine's place in the house ------------------------------------------------------------

ROOT = Path(__file__).resolve().parent.parent.parent
ENGINE = ("board.py", "components.py", "game.py")
STANDARD = {
    "__future__",
    "collections",
    "dataclasses",
    "enum",
    "hashlib",
    "operator",
    "pathlib",
    "re",
    "types",
    "typing",
}
CORE = {"engine", "errors", "reader", "rng"}


@pytest.mark.parametrize("name", ENGINE)
def test_the_engine_imports_only_itself_the_core_and_the_standard_library(name: str) -> None:
    """An allow-list: a new import must be added here on purpose."""
    for node in sibling_imports(ROOT / "solver" / "cheops" / name, STANDARD, CORE):
        assert node.level == 1 and f"{node.module}.py" in ENGINE, node.module


@pytest.mark.parametrize("number", range(4, 14))
def test_every_engine_ruling_is_documented_and_tested(number: int) -> None:
    """docs/cheops-rules.md states Ruling Cn with where it is implemented and tested, and a
    test named after it exists."""
    doc = (ROOT / "docs" / "cheops-rules.md").read_text(encoding="utf-8")
    assert f"**Ruling C{number} (" in doc
    section = doc.split(f"**Ruling C{number} (")[1].split("**Ruling")[0]
    assert "*Implemented:*" in section and "*Tested:*" in section
    tests = "".join(
        path.read_text(encoding="utf-8") for path in (ROOT / "tests" / "cheops").glob("test_*.py")
    )
    assert f"def test_ruling_c{number}_" in tests
