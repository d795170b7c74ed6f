"""Hints in a real game: unseen cards, futures, rankings under uncertainty, the state file."""

from __future__ import annotations

import json

import pytest

from silverpyr.puzzles.silvergold.realgame.state_file import StateFileError, parse_state
from silverpyr.puzzles.silvergold.realgame.uncertain import (
    Method,
    Situation,
    SituationError,
    candidates,
    futures,
    rank_moves,
)
from silverpyr.solver.silvergold.cards import Color, Deck, PyramidCard, Room
from silverpyr.solver.silvergold.moves import move_str

# Card 1: marked down to A2; the tomb A3 and the torch B3 can only be taken together by a
# placement holding both (I2, L3 or L4), since B3's other neighbours are walls.
TORCH_TOMB = ("E####", ".####", "Tt###", ".####", ".####")
GEMS = ("E.r.g", ".g.r.", "r.g..", ".....", "....T")
DECK = Deck(
    (
        PyramidCard(1, Color.PURPLE, Room.from_rows(TORCH_TOMB)),
        PyramidCard(2, Color.GREEN, Room.from_rows(GEMS)),
        PyramidCard(3, Color.ORANGE, Room.from_rows(("E....", ".....", ".....", ".....", "....T"))),
    )
)


def state(expedition: str, seen: list[str], *, marks: str = "A1 A2", extra: str = "") -> str:
    return (
        f"round: 2\nexpedition: {expedition}\nseen: [{', '.join(seen)}]\n"
        f"cards:\n  - number: 1\n    marks: {marks}\n  - number: 2\n    marks: A1 B1\n"
        f"sheet: {{red: 1, green: 0, skulls: 0, torches: [1]}}\n{extra}"
    )


def situation(expedition: str, seen: list[str]) -> Situation:
    return parse_state(state(expedition, seen), DECK)


# --- the situation and its futures ------------------------------------------------------


def test_unseen_cards_are_the_deck_minus_the_revealed_ones() -> None:
    at = situation("L3", ["I3", "O4"])
    assert at.turn == 3 and at.turns_after == 4
    assert sorted(e.name for e in at.unseen()) == ["I2", "I3", "L3", "L4", "T4"]


def test_a_card_revealed_more_often_than_the_deck_holds_it_is_refused() -> None:
    with pytest.raises(StateFileError, match="O4 comes 2 times in round 2; the deck holds 1 copy"):
        situation("O4", ["O4"])


def test_the_last_turn_of_a_round_has_one_empty_future() -> None:
    method, chosen = futures(situation("L3", ["I2", "I3", "I3", "O4", "L4", "T4"]), 6, 0)
    assert method is Method.ENUMERATED
    assert chosen[0].order == () and chosen[0].weight == 1


def test_few_orders_are_enumerated_with_their_probabilities() -> None:
    method, chosen = futures(situation("L3", ["I2", "I3", "O4", "L4", "T4"]), 6, 0)
    # Unseen: I3 and L3; one more turn: each comes next with probability 1/2.
    assert method is Method.ENUMERATED
    assert [(tuple(e.name for e in f.order), f.weight) for f in chosen] == [
        (("I3",), 0.5),
        (("L3",), 0.5),
    ]
    method, chosen = futures(situation("L3", ["I2", "L3", "O4", "L4", "T4"]), 6, 0)
    assert [(tuple(e.name for e in f.order), f.weight) for f in chosen] == [(("I3",), 1.0)]


def test_many_orders_are_sampled_reproducibly() -> None:
    at = situation("L3", [])
    method, first = futures(at, 6, seed=3)
    assert method is Method.SAMPLED and len(first) == 6
    assert futures(at, 6, seed=3) == (method, first)
    assert futures(at, 6, seed=4)[1] != first
    assert all(len(f.order) == 3 for f in first)  # the default look-ahead
    assert len(futures(at, 6, seed=3, lookahead=6)[1][0].order) == 6


def test_candidates_keep_the_best_move_of_every_card() -> None:
    at = situation("L3", ["I2", "I3"])
    chosen = candidates(at, 1)
    assert {move.mark.card for _, move in chosen if move.mark is not None} == {1, 2}
    assert chosen[0][0] == 1


# --- rankings -----------------------------------------------------------------------------


def test_the_only_move_taking_torch_and_tomb_ranks_first_on_the_last_turn() -> None:
    ranking = rank_moves(situation("L3", ["I2", "I3", "I3", "O4", "L4", "T4"]), jobs=1)
    assert move_str(ranking.best.move, with_card=True) == "1:A3 B3 A4"
    assert ranking.best.mean == 15
    assert ranking.exact
    assert ranking.confidence().startswith("exact")


def test_a_dominant_move_ranks_first_when_one_turn_is_left() -> None:
    # Unseen: O4 and T4, which cannot take A3 and B3 together: the L3 now is worth 15.
    ranking = rank_moves(situation("L3", ["I2", "I3", "I3", "L4", "L3"]), jobs=1)
    assert ranking.method is Method.EXACT and ranking.exact  # two cards, turn 6: exact engine
    assert move_str(ranking.best.move, with_card=True) == "1:A3 B3 A4"
    assert ranking.best.best_share == pytest.approx(1)
    assert ranking.margin() is not None and ranking.margin()[0] >= 5


def test_a_dominant_move_ranks_first_over_sampled_futures() -> None:
    # Unseen: I3, I3, O4, T4 (12 orders, 6 sampled); none of them takes A3 and B3 together.
    at = situation("L3", ["I2", "L3", "L4"])
    ranking = rank_moves(at, jobs=1, seed=1)
    assert ranking.method is Method.SAMPLED and not ranking.exact
    assert len(ranking.futures) == 6
    assert move_str(ranking.best.move, with_card=True) == "1:A3 B3 A4"
    assert ranking.best.best_share == pytest.approx(1)
    mean, error = ranking.margin() or (0.0, 0.0)
    # The lead is the torch's 5 points, measured on 6 sampled orders: within 3 standard errors.
    assert mean > 0 and error >= 0 and mean + 3 * error >= 5
    assert "runner-up" in ranking.confidence()


def test_rankings_do_not_depend_on_the_number_of_processes() -> None:
    at = situation("L3", ["I2", "L3", "L4"])
    alone = rank_moves(at, jobs=1, seed=2)
    shared = rank_moves(at, jobs=2, seed=2)
    assert [(e.move, e.values) for e in alone.estimates] == [
        (e.move, e.values) for e in shared.estimates
    ]


def test_values_are_points_gained_from_the_sheet_held() -> None:
    # Card 3 is fresh: every move marks its entrance and gains nothing on the last turn.
    text = (
        "round: 1\nexpedition: I2\nseen: [I3, I3, L3, L3, O4, L4]\n"
        "cards: [{number: 3}]\nsheet: {red: 4, green: 2, skulls: 3}\n"
    )
    ranking = rank_moves(parse_state(text, DECK), jobs=1)
    assert all(estimate.mean == 0 for estimate in ranking.estimates)
    assert ranking.confidence().startswith("exact, tied")


def test_bad_parameters_are_refused() -> None:
    with pytest.raises(SituationError):
        rank_moves(situation("L3", []), samples=0)


# --- the state file -----------------------------------------------------------------------


def test_state_file_builds_the_position() -> None:
    at = parse_state(state("L3", ["I3"]), DECK)
    assert at.round_number == 2 and at.expedition.name == "L3"
    assert [e.name for e in at.seen] == ["I3"]
    sheet = at.position.sheet
    assert (sheet.red, sheet.green, sheet.skulls, sheet.torches) == (
        1,
        0,
        0,
        (True, False, False, False),
    )
    assert at.position.card(1).marked == 0b100001


def test_state_file_in_json() -> None:
    data = {"round": 1, "expedition": "I2", "cards": [{"number": 3}]}
    at = parse_state(json.dumps(data), DECK, as_json=True)
    assert at.turn == 1 and not at.position.card(3).is_started()


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (state("L3", [], marks="A1 B1"), "card 1: B1 is a wall"),
        (state("L3", [], marks="A2"), "must include the entrance A1"),
        (state("L3", [], marks="A1 A2 A4"), "A4 is not connected to the entrance"),
        (state("L3", [], marks="A1 A2 A3"), "is marked: the card is complete"),
        (state("L3", [], marks="Z9"), "'Z9' is not a cell"),
        (state("Q5", []), "unknown expedition 'Q5'"),
        (
            state("L3", [], extra="colour: red\n"),
            "colour: unknown field (known: cards, claimed, dealt, deck, expedition, offer, "
            "players, replace, round, seen, sheet)",
        ),
        (state("L3", ["I2", "I3", "I3", "O4", "L4", "T4", "L3"]), "a round has 7 turns"),
        (
            "round: 5\nexpedition: L3\ncards: [{number: 3}]\n",
            "round: 5 is not a whole number from 1 to 4",
        ),
        ("round: 1\nexpedition: L3\ncards: [{number: 9}]\n", "no pyramid card 9"),
        (
            "round: 1\nexpedition: L3\ncards: [{number: 3}]\nsheet: {torches: [2]}\n",
            "round 2 cannot be ticked in round 1",
        ),
        ("round: 1\nexpedition: L3\ncards: [{number: 3}, {number: 3}]\n", "listed twice"),
        ("round: [1\n", "not valid YAML"),
    ],
)
def test_state_file_errors_say_what_is_wrong(text: str, message: str) -> None:
    with pytest.raises(StateFileError, match=r"^<state>: ") as raised:
        parse_state(text, DECK)
    assert message in str(raised.value)


def test_state_file_json_errors() -> None:
    with pytest.raises(StateFileError, match="not valid JSON"):
        parse_state("{", DECK, as_json=True)
