"""Every ruling of docs/cheops-rules.md that the engine owns (C4-C13), one test or more each,
named after it (C1-C3 are tested with the board and the components)."""

from __future__ import annotations

from dataclasses import replace

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

from silverpyr.solver.cheops import game as engine
from silverpyr.solver.cheops.components import COLOURS
from silverpyr.solver.core.rng import SeededStream

BLUE = COLOURS.index("blue")
RED = COLOURS.index("red")


# --- C4 market price ---------------------------------------------------------------------------


def test_ruling_c4_the_law_played_last_rules_and_removal_falls_back() -> None:
    assert engine.market_price_of(()) == 10
    assert engine.market_price_of((1,)) == 5 and engine.market_price_of((2,)) == 15
    assert engine.market_price_of((1, 2)) == 15 and engine.market_price_of((2, 1)) == 5
    state = bottom_row(replace(game(2), laws_in_force=(1,), market_price=5), [2, "blue", 8])
    state = play(state, engine.Take(s("a1"), "A"), engine.DrawTile(1))
    assert state.market_price == 15 and state.laws_in_force == (1, 2)
    state = play(state, engine.Take(s("a3"), "A"), engine.RemoveLaw(2))
    assert state.market_price == 5 and state.laws_in_force == (1,)


# --- C5 money ----------------------------------------------------------------------------------


def test_ruling_c5_money_never_goes_below_zero() -> None:
    poor = replace(game(2), money=(19, 20))
    assert engine.BuyNeighbour() not in engine.legal_moves(poor)
    assert engine.why_illegal(poor, engine.BuyNeighbour()) is not None
    law9 = bottom_row(replace(game(2), money=(24, 20)), [9])
    law9 = play(law9, engine.Take(s("a1"), "A"))
    assert engine.legal_moves(law9) == (engine.DeclineLaw9(),)
    assert engine.why_illegal(law9, engine.PayLaw9()) is not None
    rich = bottom_row(replace(game(2), money=(25, 20)), [9])
    paid = play(rich, engine.Take(s("a1"), "A"), engine.PayLaw9())
    assert paid.money[0] == 0 and paid.law9 == 0


# --- C6 family tiles, drawing ------------------------------------------------------------------


def test_ruling_c6_a_turn_that_placed_a_tile_may_draw_one_from_a_chosen_stack() -> None:
    state = bottom_row(game(2), ["blue"])
    state = play(state, engine.Take(s("a1"), "A"), engine.Store())
    assert state.phase is engine.Phase.DRAW and state.draws_owed == 1
    assert engine.legal_moves(state) == (
        engine.DrawTile(1),
        engine.DrawTile(2),
        engine.DrawTile(3),
        engine.EndTurn(),
    )
    top = state.stacks[1][0]
    drawn = play(state, engine.DrawTile(2))
    assert engine.DrewTile(0, 2, top) in drawn.events and drawn.turn == 1
    assert drawn.hands[0] == tuple(sorted(("B", "C", "D", top)))
    assert drawn.view(1).stack_tops[1] == drawn.stacks[1][0]  # the tops are public


def test_ruling_c6_the_draw_is_optional() -> None:
    state = play(bottom_row(game(2), ["blue"]), engine.Take(s("a1"), "A"), engine.Store())
    skipped = play(state, engine.EndTurn())
    assert skipped.turn == 1 and skipped.hands[0] == ("B", "C", "D")
    assert skipped.stacks == state.stacks and not any(
        isinstance(e, engine.DrewTile) for e in skipped.events
    )
    assert (
        engine.why_illegal(skipped, engine.EndTurn()) is not None
    )  # the next turn must take first


def test_ruling_c6_law_11_draws_twice_and_empty_stacks_draw_nothing() -> None:
    state = bottom_row(replace(game(2), kept_laws=((11,), ())), ["blue", "red", "green"])
    state = play(state, engine.UseLaw11(s("a1"), "A"), engine.Store())
    assert state.phase is engine.Phase.START and state.placed == 1
    state = play(state, engine.Take(s("a3"), "B"), engine.Store())
    assert state.draws_owed == 2
    one = play(state, engine.DrawTile(1))
    assert one.phase is engine.Phase.DRAW and set(engine.legal_moves(one)) >= {
        engine.DrawTile(1),
        engine.EndTurn(),
    }
    assert play(one, engine.EndTurn()).turn == 1  # the second draw is optional too
    state = play(one, engine.DrawTile(1))
    assert sum(isinstance(e, engine.DrewTile) for e in state.events) == 2 and state.turn == 1
    dry = bottom_row(replace(game(2), stacks=((), (), ())), ["blue"])
    after = play(dry, engine.Take(s("a1"), "A"), engine.Store())
    assert after.turn == 1 and after.phase is engine.Phase.START


# --- C7 neighbours -----------------------------------------------------------------------------


def test_ruling_c7_neighbours_never_touch_and_families_may_touch_them() -> None:
    state = put(game(2), a1="N", a3="A", b2="C", b1="D")
    assert not engine.fits(state, s("a2"), "N")  # beside the neighbour on a1
    assert engine.fits(state, s("a2"), "B")  # a family beside a neighbour
    assert not engine.fits(state, s("a2"), "A")
    reason = engine.why_illegal(put(state, a2="blue"), engine.Take(s("a2"), "N"))
    assert reason is not None  # not bought; and it would touch a1's neighbour
    bought = replace(put(state, a2="blue", a4="red"), bought=True)
    assert engine.why_illegal(bought, engine.Take(s("a2"), "N")) == (
        "a neighbour tile on a2 would touch the neighbour tile on a1 (two tiles of one kind "
        "never touch)"
    )
    assert engine.Take(s("a2"), "N") not in engine.legal_moves(bought) and engine.Take(
        s("a4"), "N"
    ) in engine.legal_moves(bought)
    only = put(empty_pyramid(game(2), {"a2": "blue"}), a1="N", a3="N")
    assert engine.why_illegal(only, engine.BuyNeighbour()) == (
        "no space can be taken with a neighbour (two neighbours never touch)"
    )


def test_ruling_c7_one_neighbour_a_turn_as_its_first_action_placed_on_the_first_take() -> None:
    state = bottom_row(replace(game(2), kept_laws=((10,), ())), ["blue", "red"])
    state = replace(state, stores=stores(2, blue=(1, 0)))
    bought = play(state, engine.BuyNeighbour())
    assert engine.why_illegal(bought, engine.BuyNeighbour()) is not None
    assert engine.why_illegal(bought, engine.Pass()) is not None
    assert all(
        (isinstance(m, engine.Take) and m.kind == "N") or isinstance(m, engine.UseLaw10)
        for m in engine.legal_moves(bought)
    )
    assert engine.why_illegal(bought, engine.UseLaw10("blue")) is None  # a kept law at any time
    after_law = play(state, engine.UseLaw10("blue"))
    assert engine.why_illegal(after_law, engine.BuyNeighbour()) == (
        "a neighbour is bought only as the turn's first action (before any kept law)"
    )
    assert engine.BuyNeighbour() not in engine.legal_moves(after_law)
    assert engine.why_illegal(replace(state, neighbours_left=0), engine.BuyNeighbour()) is not None
    second = play(bought, engine.Take(s("a1"), "N"), engine.Sell())
    assert (
        second.phase is engine.Phase.SECOND
        and engine.why_illegal(second, engine.BuyNeighbour()) is not None
    )
    ended = play(second, engine.EndTurn())  # the hand is full, but law 10 may still serve
    assert ended.phase is engine.Phase.DRAW and set(engine.legal_moves(ended)) == {
        engine.UseLaw10("blue"),
        engine.EndTurn(),
    }
    assert play(ended, engine.EndTurn()).turn == 1


def test_ruling_c7_the_second_take_is_skipped_when_no_family_tile_fits() -> None:
    state = empty_pyramid(game(2), {"a1": "blue", "b2": "red"})  # b2 fits only D
    state = replace(state, hands=(("A", "B", "C"), ("A", "B", "C", "D")))
    state = play(state, engine.BuyNeighbour(), engine.Take(s("a1"), "N"), engine.Store())
    assert state.phase is engine.Phase.DRAW


# --- C8 must take ------------------------------------------------------------------------------


def test_ruling_c8_a_player_who_cannot_take_passes_without_drawing() -> None:
    state = empty_pyramid(game(2), {"a1": "blue", "b2": "red"})  # a1 fits only A, b2 only D
    state = replace(state, hands=(("B", "C"), ("A", "B", "C", "D")))
    assert set(engine.legal_moves(state)) == {engine.BuyNeighbour(), engine.Pass()}
    passed = play(state, engine.Pass())
    assert engine.Passed(0) in passed.events and passed.turn == 1 and passed.hands[0] == ("B", "C")
    bought = play(state, engine.BuyNeighbour())
    assert engine.Pass() not in engine.legal_moves(bought)


# --- C9 laws -----------------------------------------------------------------------------------


def test_ruling_c9_law_3_needs_three_full_boards() -> None:
    assert engine.boards_to_end(game(2)) == 2
    assert engine.boards_to_end(replace(game(2), laws_in_force=(3,))) == 3


def test_ruling_c9_law_4_sells_and_keeps_what_is_stored() -> None:
    state = bottom_row(replace(game(2), stores=stores(2, blue=(2, 0))), [4, "blue", "blue"])
    state = play(state, engine.Take(s("a1"), "A"))
    assert set(engine.legal_moves(state)) == {engine.LawTarget(c) for c in COLOURS}
    state = play(state, engine.LawTarget("blue"), engine.DrawTile(1), engine.Take(s("a2"), "B"))
    assert engine.legal_moves(state) == (engine.Sell(),)
    assert state.stores[0][BLUE] == 2  # already stored: they stay and score
    assert engine.final_money(state)[0] == state.money[0] + 2 * engine.price(state, "blue").a


def test_ruling_c9_law_5_stores_and_law_6_blocks_the_place() -> None:
    state = bottom_row(game(2), [5, 6, "red"])
    state = play(state, engine.Take(s("a1"), "A"), engine.LawTarget("red"), engine.DrawTile(1))
    state = play(state, engine.Take(s("a2"), "B"))
    assert engine.LawTarget("red") not in engine.legal_moves(state)
    assert engine.why_illegal(state, engine.LawTarget("red")) is not None
    state = play(state, engine.LawTarget("blue"), engine.DrawTile(1), engine.Take(s("a3"), "C"))
    assert engine.legal_moves(state) == (engine.Store(),)
    held = replace(state, kept_laws=((10,), ()), stores=stores(2, red=(1, 0)))
    assert engine.why_illegal(
        replace(held, phase=engine.Phase.START, pending=None), engine.UseLaw10("red")
    )


def test_ruling_c9_board_laws_with_no_free_board_have_no_effect() -> None:
    state = game(2)
    boards = tuple(
        engine.BoardState(b.board, law=6 if i else 5) for i, b in enumerate(state.boards)
    )
    state = bottom_row(replace(state, boards=boards), [4])
    after = play(state, engine.Take(s("a1"), "A"))
    assert after.phase is engine.Phase.DRAW and 4 in after.spent_laws
    assert engine.LawPlayed(0, 4, "no effect") in after.events


def test_ruling_c9_law_7_replaces_an_entry_until_covered_or_removed() -> None:
    state = with_board(game(2), "blue", engine.BoardState(board("40", "30", "10")))
    state = bottom_row(state, [7, "blue", 8])
    state = play(state, engine.Take(s("a1"), "A"))
    assert engine.LawTarget("blue", 0) in engine.legal_moves(state)
    assert engine.why_illegal(state, engine.LawTarget("blue")) is not None
    state = play(state, engine.LawTarget("blue", 0))
    assert engine.price(state, "blue").a == COMPONENTS.law7_number and state.laws_in_force == (7,)
    removed = play(state, engine.DrawTile(1), engine.Take(s("a3"), "A"), engine.RemoveLaw(7))
    assert engine.price(removed, "blue").a == 40 and removed.board("blue").law7 is None
    covered = play(state, engine.DrawTile(1), engine.Take(s("a2"), "B"), engine.Sell())
    assert covered.board("blue").law7 is None and 7 in covered.spent_laws
    assert engine.price(covered, "blue").a == 30 and covered.laws_in_force == ()
    later = with_board(state, "blue", engine.BoardState(board("40", "30", "10"), covered=1))
    assert engine.why_illegal(
        replace(later, phase=engine.Phase.LAW, pending=7), engine.LawTarget("blue", 0)
    )


def test_ruling_c9_law_8_removes_an_opponents_paid_law_9() -> None:
    state = bottom_row(replace(game(2), law9=1, money=(20, 0)), [8])
    state = play(state, engine.Take(s("a1"), "A"))
    assert set(engine.legal_moves(state)) == {engine.RemoveLaw(9), engine.RemoveLaw(None)}
    gone = play(state, engine.RemoveLaw(9))
    assert (
        gone.law9 is None
        and 9 in gone.spent_laws
        and engine.LawPlayed(0, 8, "law 9") in gone.events
    )
    own = bottom_row(replace(game(2), law9=0), [8])
    after = play(own, engine.Take(s("a1"), "A"))  # one's own law 9 is not an opponent's
    assert after.law9 == 0 and engine.LawPlayed(0, 8, "no effect") in after.events


def test_ruling_c9_law_8_removes_a_law_in_force_or_an_opponents_kept_law() -> None:
    state = bottom_row(replace(game(2), kept_laws=((12,), (11,)), laws_in_force=(3,)), [8])
    state = play(state, engine.Take(s("a1"), "A"))
    assert set(engine.legal_moves(state)) == {
        engine.RemoveLaw(3),
        engine.RemoveLaw(11),
        engine.RemoveLaw(None),
    }
    assert engine.why_illegal(state, engine.RemoveLaw(12)) is not None  # one's own kept law stays
    gone = play(state, engine.RemoveLaw(11))
    assert gone.kept_laws == ((12,), ()) and 11 in gone.spent_laws
    nothing = bottom_row(game(2), [8])
    after = play(nothing, engine.Take(s("a1"), "A"))
    assert after.phase is engine.Phase.DRAW and engine.LawPlayed(0, 8, "no effect") in after.events


def test_ruling_c9_law_9s_colour_is_its_holders_decision_at_the_end() -> None:
    zero = tuple(engine.BoardState(board("0", "0")) for _ in COLOURS)
    state = with_board(
        replace(game(2), boards=zero), "blue", engine.BoardState(board("20/15", "5"))
    )
    state = with_board(state, "red", engine.BoardState(board("30", "10"), covered=1))
    state = with_board(state, "green", engine.BoardState(board("30", "10")))
    state = replace(state, stores=stores(2, blue=(1, 1)), law9=1, money=(20, 20))
    state = bottom_row(state, ["green", "yellow"])
    ended = play(
        state, engine.Take(s("a1"), "A"), engine.Sell()
    )  # the second full board: seat 1 chooses
    assert ended.phase is engine.Phase.LAW9 and ended.turn == 1 and ended.end == "boards"
    assert engine.outcome(ended) is None and not ended.over
    assert engine.legal_moves(ended) == tuple(engine.Law9Colour(colour) for colour in COLOURS)
    assert engine.why_illegal(ended, engine.Sell()) is not None and engine.why_illegal(
        ended, engine.Law9Colour("pink")
    )
    blue = play(ended, engine.Law9Colour("blue"))  # seat 1 takes the blue majority: 20 + 20
    assert blue.over and engine.outcome(blue) == engine.Outcome((1,), (30 + 15, 20 + 40), "boards")
    assert (
        engine.LawPlayed(1, 9, "blue") in blue.events
        and engine.Scored(1, "blue", 40) in blue.events
    )
    red = play(ended, engine.Law9Colour("red"))  # a worse choice is still the holder's to make
    assert engine.outcome(red) == engine.Outcome((0, 1), (30 + 20, 20 + 20 + 10), "boards")
    assert (
        engine.why_illegal(state, engine.Law9Colour("blue")) is not None
    )  # only when the game is over


def test_ruling_c9_law_9_counts_as_the_best_colour_for_its_holder() -> None:
    zero = tuple(engine.BoardState(board("0", "0")) for _ in COLOURS)
    state = with_board(
        replace(game(2), boards=zero), "blue", engine.BoardState(board("20/15", "5"))
    )
    state = with_board(state, "red", engine.BoardState(board("12", "5")))
    state = replace(state, stores=stores(2, blue=(1, 1)), law9=0)
    # blue: a tie becomes a lead (20 + 20 = 40 against 20 + 12 = 32 for red)
    assert engine.final_money(state)[0] == 20 + 2 * 20
    assert engine.final_money(state)[1] == 20 + 15
    red = with_board(state, "red", engine.BoardState(board("21", "5")))
    assert engine.final_money(red) == (20 + 20 + 21, 20 + 20)  # red now: blue stays a tie
    ties = with_board(state, "red", engine.BoardState(board("20", "5")))
    assert engine.final_money(ties)[1] == 20 + 15  # 40 either way: blue, the lower colour index


def test_ruling_c9_law_10_sells_a_stored_treasure_at_the_start() -> None:
    state = replace(game(2), kept_laws=((10,), ()), stores=stores(2, blue=(2, 0)))
    after = play(state, engine.UseLaw10("blue"))
    assert after.money[0] == 30 and after.stores[0][BLUE] == 1
    assert after.board("blue").covered == 1 and after.kept_laws[0] == ()
    assert engine.Sold(0, "blue", 10) in after.events and after.phase is engine.Phase.START
    assert engine.why_illegal(state, engine.UseLaw10("red")) is not None
    full = with_board(state, "blue", engine.BoardState(board("30", "10"), covered=1))
    assert engine.why_illegal(full, engine.UseLaw10("blue")) is not None


def test_ruling_c9_kept_laws_serve_at_any_point_of_the_turn_even_the_one_they_are_taken() -> None:
    state = bottom_row(replace(game(2), stores=stores(2, blue=(1, 0))), [10, "blue"])
    state = play(state, engine.Take(s("a1"), "A"))
    assert state.kept_laws[0] == (10,) and state.phase is engine.Phase.DRAW
    assert engine.UseLaw10("blue") in engine.legal_moves(
        state
    )  # the turn it was taken, after the take
    sold = play(state, engine.UseLaw10("blue"))
    assert sold.phase is engine.Phase.DRAW and sold.money[0] == 30 and sold.kept_laws[0] == ()
    assert play(sold, engine.DrawTile(1)).turn == 1
    # with every draw made (or none possible), the turn waits while a kept law can serve
    full = bottom_row(replace(game(2), stores=stores(2, blue=(1, 0)), stacks=((), (), ())), [10])
    waits = play(full, engine.Take(s("a1"), "A"))
    assert waits.phase is engine.Phase.DRAW and set(engine.legal_moves(waits)) == {
        engine.UseLaw10("blue"),
        engine.EndTurn(),
    }
    # after a neighbour's take, before the second take
    second = bottom_row(
        replace(game(2), kept_laws=((10,), ()), stores=stores(2, blue=(1, 0))), ["red", "green"]
    )
    second = play(second, engine.BuyNeighbour(), engine.Take(s("a1"), "N"), engine.Store())
    assert second.phase is engine.Phase.SECOND and engine.UseLaw10("blue") in engine.legal_moves(
        second
    )
    assert play(second, engine.UseLaw10("blue")).phase is engine.Phase.SECOND
    # not while a taken treasure waits to be sold or stored
    pending = play(
        bottom_row(replace(game(2), kept_laws=((10,), ()), stores=stores(2, blue=(1, 0))), ["red"]),
        engine.Take(s("a1"), "A"),
    )
    assert (
        pending.phase is engine.Phase.SELL
        and engine.why_illegal(pending, engine.UseLaw10("blue")) is not None
    )


def test_ruling_c9_law_11_at_the_turns_end_allows_one_more_draw() -> None:
    state = bottom_row(replace(game(2), kept_laws=((11,), ())), ["blue", "red", "green"])
    state = play(state, engine.Take(s("a1"), "A"), engine.Store(), engine.DrawTile(1))
    assert state.phase is engine.Phase.DRAW and state.draws_owed == 0
    assert engine.DrawTile(1) not in engine.legal_moves(state)
    state = play(state, engine.UseLaw11(s("a3"), "B"), engine.Sell())
    assert state.phase is engine.Phase.DRAW and state.draws_owed == 1 and state.law11_used
    assert play(state, engine.DrawTile(2)).turn == 1


def test_ruling_c9_law_11_is_an_extra_take_and_the_turns_take_follows() -> None:
    state = bottom_row(replace(game(2), kept_laws=((11,), ())), ["blue", 5, "red"])
    assert engine.why_illegal(state, engine.UseLaw11(s("a2"), "A")) is not None  # not a law
    state = play(state, engine.UseLaw11(s("a1"), "A"), engine.Sell())
    assert (
        state.phase is engine.Phase.START
        and engine.why_illegal(state, engine.EndTurn()) is not None
    )
    assert state.took == 0 and state.law11_used


def test_ruling_c9_law_12_swaps_treasures_never_laws() -> None:
    state = bottom_row(
        replace(game(2), kept_laws=((12,), ()), stores=stores(2, red=(1, 0))),
        ["blue", "red", 4, "blue"],
    )
    swapped = play(state, engine.UseLaw12(s("a1"), s("a2")))
    assert swapped.cell(s("a1")) == "red" and swapped.cell(s("a2")) == "blue"
    assert engine.why_illegal(state, engine.UseLaw12(s("a1"), s("a3"))) is not None
    assert engine.why_illegal(state, engine.UseLaw12(s("a1"), s("a4"))) is not None  # same colour
    with_store = play(state, engine.UseLaw12(s("a1"), "red"))
    assert with_store.cell(s("a1")) == "red"
    assert with_store.stores[0][BLUE] == 1 and with_store.stores[0][RED] == 0
    law4 = with_board(state, "blue", engine.BoardState(state.board("blue").board, law=4))
    assert (
        engine.why_illegal(law4, engine.UseLaw12(s("a1"), "red")) is not None
    )  # blue may not be stored


# --- C10 sell or store -------------------------------------------------------------------------


def test_ruling_c10_only_the_legal_choices_are_offered() -> None:
    state = bottom_row(game(2), ["blue"])
    assert engine.legal_moves(play(state, engine.Take(s("a1"), "A"))) == (
        engine.Sell(),
        engine.Store(),
    )
    lost = with_board(state, "blue", engine.BoardState(board("30", "10"), covered=1, law=4))
    after = play(lost, engine.Take(s("a1"), "A"))
    assert engine.Lost(0, "blue") in after.events and after.phase is not engine.Phase.SELL


# --- C11 the end -------------------------------------------------------------------------------


def test_ruling_c11_an_empty_pyramid_ends_after_the_last_choice() -> None:
    state = empty_pyramid(game(2), {"a1": "blue"})
    state = replace(state, hands=(("A",), ("B",)))
    taken = play(state, engine.Take(s("a1"), "A"))
    assert taken.phase is engine.Phase.SELL
    assert play(taken, engine.Store()).end == "empty"


def test_ruling_c11_the_game_ends_when_no_player_can_take() -> None:
    state = empty_pyramid(game(2), {"b2": "blue"})  # fits only D
    state = replace(state, hands=(("A", "B"), ("C",)))
    ended = play(state, engine.Pass())
    assert ended.phase is engine.Phase.OVER and ended.end == "blocked"
    going = replace(state, hands=(("A", "B"), ("D",)))
    assert play(going, engine.Pass()).turn == 1


def test_ruling_c11_skipping_the_draw_may_leave_no_one_able_to_place() -> None:
    state = empty_pyramid(game(2), {"a1": "blue", "b2": "red"})  # a1 fits only A, b2 only D
    state = replace(state, hands=(("A",), ("B", "C")), stacks=(("D",), ("A",), ()))
    state = play(state, engine.Take(s("a1"), "A"), engine.Store())
    assert state.phase is engine.Phase.DRAW
    skipped = play(state, engine.EndTurn())  # no hand holds a tile that fits b2: the end
    assert skipped.phase is engine.Phase.OVER and skipped.end == "blocked"
    drawn = play(state, engine.DrawTile(1))  # the D fits b2: the game goes on
    assert drawn.phase is engine.Phase.START and drawn.turn == 1
    assert play(state, engine.DrawTile(2)).end == "blocked"  # an A fits nowhere


def test_ruling_c11_full_boards_end_the_game_at_once() -> None:
    state = with_board(game(2), "red", engine.BoardState(board("30", "10"), covered=1))
    state = with_board(state, "blue", engine.BoardState(board("30", "10")))
    state = bottom_row(replace(state, money=(20, 20)), ["blue", "green"])
    ended = play(state, engine.BuyNeighbour(), engine.Take(s("a1"), "N"), engine.Sell())
    assert ended.end == "boards" and engine.legal_moves(ended) == ()  # no second take


# --- C12 final scoring -------------------------------------------------------------------------


def test_ruling_c12_tied_majorities_all_get_the_high_number() -> None:
    state = with_board(game(3), "black", engine.BoardState(board("20/15", "5")))
    state = replace(state, stores=stores(3, black=(2, 2, 0)))
    assert engine.final_money(state) == (60, 60, 20)  # a player with none gets nothing


def test_ruling_c12_final_scoring_events_and_a_shared_win() -> None:
    state = with_board(game(2), "red", engine.BoardState(board("30", "10"), covered=1))
    state = with_board(state, "blue", engine.BoardState(board("30", "10")))
    state = bottom_row(replace(state, stores=stores(2, red=(0, 1)), money=(20, 20)), ["blue"])
    ended = play(state, engine.Take(s("a1"), "A"), engine.Sell())
    assert engine.Scored(1, "red", 10) in ended.events
    result = engine.outcome(ended)
    assert result is not None and result.money == (30, 30) and result.winners == (0, 1)


# --- C13 hidden information --------------------------------------------------------------------


def test_ruling_c13_laws_and_stacks_are_hidden_in_the_view() -> None:
    state = game(3)
    view = state.view(1)
    assert sum(cell is None for cell in view.cells) == 6
    assert not any(isinstance(cell, int) for cell in view.cells)
    assert view.unseen_laws == tuple(range(1, 13))
    assert view.stack_sizes == tuple(len(stack) for stack in state.stacks)
    assert view.stack_tops == tuple(stack[0] for stack in state.stacks)
    others = {engine.determinized(state, 1, SeededStream(f"c13|{i}")).cells for i in range(8)}
    assert len(others) > 1  # the laws on the eyes really are resampled
    eye = put(state, a3="B", a4="C")  # b3, an eye, now rests on two empty spaces
    law = eye.cell(s("b3"))
    assert isinstance(law, int)
    taken = play(eye, engine.Take(s("b3"), "A"))
    assert taken.view(2).unseen_laws == tuple(other for other in range(1, 13) if other != law)


def test_ruling_c13_money_is_kept_open() -> None:
    state = replace(game(3), money=(7, 31, 12))
    for seat in range(3):
        assert state.view(seat).money == (7, 31, 12)  # every seat sees every purse
    world = engine.determinized(state, 1, SeededStream("c13|money"))
    assert world.money == state.money  # nothing about money is resampled


# --- the engine's own rulings where the rules and the spec are silent (docs: "Engine rulings") --


def test_engine_ruling_another_kept_law_may_follow_law_11s_take_but_not_a_buy() -> None:
    state = replace(game(2), kept_laws=((10, 11), ()), stores=stores(2, red=(1, 0)), money=(20, 20))
    state = bottom_row(state, ["blue", "green"])
    state = play(state, engine.UseLaw11(s("a1"), "A"), engine.Sell())
    assert engine.why_illegal(state, engine.UseLaw10("red")) is None
    assert (
        engine.why_illegal(state, engine.BuyNeighbour()) is not None
    )  # no longer the first action


def test_engine_ruling_law_11_may_not_leave_a_bought_neighbour_without_a_space() -> None:
    state = empty_pyramid(game(2), {"a2": "blue", "a6": "red"})
    state = put(state, a1="N", a3="N")  # a neighbour fits a6 only
    state = replace(state, kept_laws=((11,), ()), money=(20, 20), hands=(("A", "B"), ("A",)))
    bought = play(state, engine.BuyNeighbour())
    assert engine.why_illegal(bought, engine.UseLaw11(s("a2"), "A")) is None  # a6 is left for it
    assert engine.why_illegal(bought, engine.UseLaw11(s("a6"), "B")) == (
        "after this take your bought neighbour would fit no space: place it first"
    )
    assert engine.UseLaw11(s("a6"), "B") not in engine.legal_moves(bought)


def test_engine_ruling_law_7_may_lie_on_the_last_entry() -> None:
    state = with_board(game(2), "blue", engine.BoardState(board("40", "30", "10"), covered=1))
    state = bottom_row(state, [7])
    choices = engine.legal_moves(play(state, engine.Take(s("a1"), "A")))
    assert engine.LawTarget("blue", 2) in choices and engine.LawTarget("blue", 0) not in choices


def test_engine_ruling_law_10_may_sell_a_colour_under_law_4() -> None:
    state = replace(game(2), kept_laws=((10,), ()), stores=stores(2, blue=(1, 0)))
    state = with_board(state, "blue", engine.BoardState(state.board("blue").board, law=4))
    assert engine.why_illegal(replace(state, laws_in_force=(4,)), engine.UseLaw10("blue")) is None


def test_engine_ruling_enough_full_boards_name_the_end_before_a_blocked_table() -> None:
    state = with_board(game(2), "red", engine.BoardState(board("30", "10"), covered=1))
    state = with_board(state, "blue", engine.BoardState(board("30", "10")))
    state = empty_pyramid(state, {"a1": "blue", "b2": "green"})  # b2 fits only D
    state = replace(state, hands=(("A",), ("A",)))
    ended = play(state, engine.Take(s("a1"), "A"), engine.Sell())
    assert ended.end == "boards"
