"""The multi-player turn flow (solver/silvergold/game.py), its rulings, scoring and the bots."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from silvergold.template_decks import templated_deck

from silverpyr.solver.silvergold.bots import (
    choose_keep,
    choose_move,
    choose_replacement,
    play_bot_game,
    route_length,
)
from silverpyr.solver.silvergold.cards import STANDARD_EXPEDITIONS, Color, Deck, PyramidCard, Room
from silverpyr.solver.silvergold.cells import mask_of, parse_cell
from silverpyr.solver.silvergold.game import (
    DECK,
    Claim,
    GameSetupError,
    GameState,
    Phase,
    PlayerState,
    Replacement,
    deal,
)
from silverpyr.solver.silvergold.moves import PASS, IllegalMoveError, Mark, Move
from silverpyr.solver.silvergold.position import CardState, Position
from silverpyr.solver.silvergold.sheet import MAX_PYRAMID_POINTS, Sheet, score_counts

EXPEDITIONS = {expedition.name: expedition for expedition in STANDARD_EXPEDITIONS}
I2 = EXPEDITIONS["I2"]
# Turn 1 reveals I2; the rest follow in a fixed order.
ORDER = tuple(sorted(Deck(()).expedition_cards(), key=lambda e: (e.name != "I2", e.name)))

CORRIDOR = ("E####", ".####", ".####", ".####", "T####")
CROSS_CORRIDOR = ("E####", ".####", ".####", "x####", "T####")
OPEN_ROOM = ("E....", ".....", ".....", ".....", "....T")

TEMPLATES = (
    ("..E..", ".#r#.", "xs.pg", ".#t#.", "..T.."),
    ("E.r..", "##.#.", "g..x.", ".#s#t", "p..T."),
    ("..E.g", "r.#..", ".x..s", "#.t.#", "...Tp"),
    ("....E", ".##.x", "gr...", "s.#t.", "T...p"),
)


def synthetic_deck() -> Deck:
    """48 cards, 16 per colour, from a few rooms with every symbol (the real deck is data)."""
    return templated_deck(TEMPLATES, lambda number: number > 24, source="synthetic deck")


def card(
    number: int, rows: tuple[str, ...] = OPEN_ROOM, color: Color = Color.PURPLE
) -> PyramidCard:
    return PyramidCard(number, color, Room.from_rows(list(rows)))


def cells(text: str) -> int:
    return mask_of(parse_cell(token) for token in text.split())


def almost_done(
    number: int, color: Color = Color.PURPLE, rows: tuple[str, ...] = CORRIDOR
) -> CardState:
    """A corridor card with A1-A3 marked: the I2 ``A4 A5`` completes it."""
    return CardState(card(number, rows, color), cells("A1 A2 A3"))


def game(
    *positions: Position,
    offer: tuple[int, ...] = (),
    deck: tuple[int, ...] = (),
    claims: tuple[Claim, ...] = (),
) -> GameState:
    """A game at round 1 turn 1 (I2 revealed) with hand-made positions, offer and deck."""
    return GameState(
        seed=0,
        expedition_cards=ORDER,
        players=tuple(PlayerState(position) for position in positions),
        offer=tuple(card(n) for n in offer),
        pyramid_deck=tuple(card(n) for n in deck),
        expedition_order=ORDER,
        claims=claims,
    )


def move(state: GameState, player: int, text: str) -> Move:
    return state.parse_move(player, text)


def numbers(cards: tuple[PyramidCard, ...]) -> list[int]:
    return [c.number for c in cards]


def hand(state: GameState, player: int) -> list[int]:
    return [s.number for s in state.position(player).cards]


# --- golden examples -------------------------------------------------------------------


def test_golden_rulebook_score_111() -> None:
    """7 cards, torches in rounds 1 and 4, 19 pyramid points, 6 red 3 green, 3 skulls."""
    sheet = Sheet(
        red=6,
        green=3,
        skulls=3,
        torches=(True, False, False, True),
        completed=tuple(card(n) for n in range(1, 8)),
        pyramid_points=(10, 6, 3),
    )
    score = sheet.score()
    assert (score.completed, score.torches, score.pyramid_points, score.gems, score.skulls) == (
        70,
        10,
        19,
        18,
        -6,
    )
    assert score.total == 111
    counts = score_counts(torches=2, pyramid_points=19, red=6, green=3, skulls=3, completed=7)
    assert counts == score


def test_golden_purple_race_33_and_15() -> None:
    """docs/silvergold-rules.md: a 2nd purple (card 33) and a 4th (card 15), the 10 taken:
    15 gets 6, 33 gets 3."""
    first = Position((almost_done(33), CardState(card(40))), Sheet(completed=(card(1),)))
    second = Position(
        (almost_done(15), CardState(card(41))), Sheet(completed=(card(2), card(3), card(4)))
    )
    taken = Claim(player=2, color=Color.PURPLE, points=10, card=9, round_number=1, turn=1)
    third = Position.start(card(42))
    state = game(
        first, second, third, offer=(20, 21, 22, 23), deck=(24, 25, 26, 27, 28), claims=(taken,)
    )
    state = state.play(
        [move(state, 0, "33:A4 A5"), move(state, 1, "15:A4 A5"), move(state, 2, "A1")]
    )
    assert state.phase is Phase.REPLACE
    assert state.replacing_player == 1  # card 15 replaces before card 33
    state = state.take_replacement(DECK).take_replacement(DECK)
    assert state.phase is Phase.MARK and state.turn == 2
    assert state.players[1].sheet.pyramid_points == (6,)
    assert state.players[0].sheet.pyramid_points == (3,)
    assert state.next_box(Color.PURPLE) is None
    assert [(c.card, c.points) for c in state.claims if c.round_number == 1 and c.turn == 1][
        1:
    ] == [(15, 6), (33, 3)]


# --- replacements --------------------------------------------------------------------------


def test_two_players_completing_replace_in_card_number_order() -> None:
    """Card 5 replaces before card 20; the offer is refilled after each player (ruling)."""
    one = Position((almost_done(20), CardState(card(30))))
    two = Position((CardState(card(31)), almost_done(5)))
    state = game(one, two, offer=(10, 11, 12, 13), deck=(14, 15, 16))
    state = state.play([move(state, 0, "20:A4 A5"), move(state, 1, "5:A4 A5")])
    assert [(p.player, p.card.number) for p in state.pending] == [(1, 5), (0, 20)]
    state = state.take_replacement(Replacement(0))
    assert hand(state, 1) == [31, 10]  # the new card takes the completed card's place
    assert numbers(state.offer) == [11, 12, 13, 14]  # refilled before player 1 replaces
    state = state.take_replacement(Replacement(3))
    assert hand(state, 0) == [14, 30]
    assert numbers(state.offer) == [11, 12, 13, 15]
    assert numbers(state.pyramid_deck) == [16]
    assert state.phase is Phase.MARK


def test_player_with_two_completed_cards_takes_both_before_the_refill() -> None:
    """Completing card 40 earns an extra mark that completes card 8: the player goes at 8."""
    double = Position(
        (almost_done(40, rows=CROSS_CORRIDOR), CardState(card(8, CORRIDOR), cells("A1 A2 A3 A4")))
    )
    other = Position((almost_done(20), CardState(card(30))))
    state = game(other, double, offer=(10, 11, 12, 13), deck=(14, 15, 16, 17))
    state = state.play([move(state, 0, "20:A4 A5"), move(state, 1, "40:A4 A5 +8:A5")])
    assert [(p.player, p.card.number) for p in state.pending] == [(1, 8), (1, 40), (0, 20)]
    state = state.take_replacement(Replacement(0))
    assert numbers(state.offer) == [11, 12, 13]  # not refilled between one player's two
    assert state.replacement_options() == (Replacement(0), Replacement(1), Replacement(2), DECK)
    state = state.take_replacement(DECK)
    assert hand(state, 1) == [14, 10]
    assert numbers(state.offer) == [11, 12, 13, 15]
    state = state.take_replacement(Replacement(1))
    assert hand(state, 0) == [12, 30]
    assert numbers(state.offer) == [11, 13, 15, 16]


def test_bad_replacement_choices() -> None:
    state = game(Position((almost_done(20),)), offer=(10, 11))
    state = state.play([move(state, 0, "A4 A5")])
    assert state.replacement_options() == (Replacement(0), Replacement(1))
    with pytest.raises(IllegalMoveError, match="deck is empty"):
        state.take_replacement(DECK)
    with pytest.raises(IllegalMoveError, match="offer slot 3 is empty"):
        state.take_replacement(Replacement(2))
    with pytest.raises(IllegalMoveError, match="must first be replaced"):
        state.play([PASS])


def test_deck_exhaustion_play_goes_on_and_a_player_without_cards_passes() -> None:
    """Deck empty: the offer is not refilled; with nothing left a completed card is not replaced."""
    one = Position((almost_done(20),))
    two = Position((almost_done(21), CardState(card(30))))
    state = game(one, two, offer=(10,))
    state = state.play([move(state, 0, "A4 A5"), move(state, 1, "21:A4 A5")])
    # Player 0 (card 20) takes the last offer card; player 1 gets nothing and keeps card 30.
    assert state.replacement_options() == (Replacement(0),)
    state = state.take_replacement(Replacement(0))
    assert state.offer == () and state.pyramid_deck == ()
    assert state.phase is Phase.MARK and state.turn == 2
    assert hand(state, 0) == [10]
    assert hand(state, 1) == [30]
    assert state.players[1].sheet.completed == (card(21, CORRIDOR),)
    # A player whose cards are all gone passes; the game still runs to its end.
    lonely = game(Position((almost_done(20),)))
    lonely = lonely.play([move(lonely, 0, "A4 A5")])
    assert lonely.turn == 2 and hand(lonely, 0) == []
    assert lonely.legal_moves(0) == [PASS]
    with pytest.raises(IllegalMoveError, match="no card in play"):
        lonely.parse_move(0, "A1")
    for _ in range(4 * 7 - 1):
        lonely = lonely.play([PASS])
    assert lonely.is_over()
    assert lonely.outcome().totals == (10,)


# --- pyramid points ------------------------------------------------------------------------


def test_second_card_of_a_colour_claims_ten_and_colours_are_separate() -> None:
    player = Position(
        (almost_done(20, Color.ORANGE), CardState(card(30))),
        Sheet(completed=(card(3, color=Color.ORANGE),)),
    )
    state = game(player, deck=(40, 41))
    assert state.open_pyramid_points() == MAX_PYRAMID_POINTS == 57
    state = state.play([move(state, 0, "20:A4 A5")]).take_replacement(DECK)
    assert state.open_pyramid_points() == 47
    assert state.players[0].sheet.pyramid_points == (10,)
    assert state.next_box(Color.ORANGE) == 6
    assert state.next_box(Color.PURPLE) == 10
    assert state.claims == (Claim(0, Color.ORANGE, 10, 20, 1, 1),)


def test_ruling_claim_triggered_by_the_card_completed_second() -> None:
    """Cards completed in one turn count in completion order: 40 (placement) is the 2nd purple.

    The other player's 2nd purple is card 20 < 40, so it takes the 10 and card 40 the 6
    (were card 8, completed by the extra mark, the trigger, it would take the 10).
    """
    double = Position(
        (almost_done(40, rows=CROSS_CORRIDOR), CardState(card(8, CORRIDOR), cells("A1 A2 A3 A4"))),
        Sheet(completed=(card(44),)),
    )
    other = Position((almost_done(20),), Sheet(completed=(card(45),)))
    state = game(double, other, offer=(50, 51, 52, 53), deck=(54, 55, 56))
    state = state.play([move(state, 0, "40:A4 A5 +8:A5"), move(state, 1, "A4 A5")])
    while state.phase is Phase.REPLACE:
        state = state.take_replacement(DECK)
    assert [(c.card, c.points, c.player) for c in state.claims] == [(20, 10, 1), (40, 6, 0)]


def test_fourth_and_sixth_cards_claim_again_until_the_colour_is_closed() -> None:
    green = [card(n, color=Color.GREEN) for n in (1, 2, 3, 4, 5)]
    player = Position((almost_done(20, Color.GREEN),), Sheet(completed=tuple(green)))
    closed = tuple(Claim(1, Color.GREEN, p, n, 1, 1) for p, n in ((10, 6), (6, 7), (3, 9)))
    state = game(player, deck=(40,), claims=closed[:2])
    state = state.play([move(state, 0, "A4 A5")]).take_replacement(DECK)
    assert state.players[0].sheet.pyramid_points == (3,)  # the 6th green takes the last box
    full = game(player, deck=(40,), claims=closed)
    full = full.play([move(full, 0, "A4 A5")]).take_replacement(DECK)
    assert full.players[0].sheet.pyramid_points == ()  # green is closed
    assert full.open_pyramid_points() == 2 * (10 + 6 + 3)  # what purple and orange still offer


# --- rounds, setup, outcome ----------------------------------------------------------------


def test_rounds_reshuffle_the_expeditions_and_the_game_ends_after_28_turns() -> None:
    state = deal(synthetic_deck(), 2, seed=3)
    state = state.keep([choose_keep(p.dealt) for p in state.players])
    orders = {}
    plays = 0
    while not state.is_over():
        if state.phase is Phase.REPLACE:
            state = state.take_replacement(choose_replacement(state))
            continue
        orders[state.round_number] = state.expedition_order
        assert Counter(state.expedition_order) == Counter(state.expedition_cards)
        state = state.play(
            [choose_move(p.position, state.expedition, state.round_number) for p in state.players]
        )
        plays += 1
    assert plays == 28
    assert sorted(orders) == [1, 2, 3, 4]
    assert len(set(orders.values())) > 1
    with pytest.raises(IllegalMoveError, match="game is over"):
        state.play([PASS, PASS])


def test_setup_deals_keeps_and_reveals_the_offer() -> None:
    deck = synthetic_deck()
    dealt = deal(deck, 3, seed=11)
    assert dealt.phase is Phase.KEEP
    assert [len(p.dealt) for p in dealt.players] == [4, 4, 4]
    assert len(dealt.pyramid_deck) == 48 - 12
    choices = [(p.dealt[0].number, p.dealt[3].number) for p in dealt.players]
    state = dealt.keep(choices)
    assert [hand(state, p) for p in range(3)] == [list(c) for c in choices]
    assert len(state.offer) == 4 and len(state.pyramid_deck) == 48 - 6 - 4
    everything = [
        *state.offer,
        *state.pyramid_deck,
        *(s.card for p in state.players for s in p.cards),
    ]
    assert sorted(numbers(tuple(everything))) == list(range(1, 49))
    assert (state.round_number, state.turn, state.phase) == (1, 1, Phase.MARK)


def test_setup_errors() -> None:
    deck = synthetic_deck()
    dealt = deal(deck, 2, seed=1)
    mine = [c.number for c in dealt.players[0].dealt]
    theirs = [c.number for c in dealt.players[1].dealt]
    with pytest.raises(IllegalMoveError, match=r"card \d+ was not dealt to player 1"):
        dealt.keep([(mine[0], theirs[0]), theirs[:2]])
    with pytest.raises(IllegalMoveError, match="exactly 2 different"):
        dealt.keep([(mine[0], mine[0]), theirs[:2]])
    with pytest.raises(IllegalMoveError, match="must first choose"):
        dealt.play([PASS, PASS])
    with pytest.raises(GameSetupError, match="1 to 4 players"):
        deal(deck, 5, seed=1)
    with pytest.raises(GameSetupError, match="need at least 8"):
        deal(Deck(deck.pyramids[:7]), 2, seed=1)


def test_illegal_move_names_the_player() -> None:
    state = game(Position.start(card(1)), Position.start(card(2)))
    with pytest.raises(IllegalMoveError, match="player 2: the first marks on card 2"):
        state.play([move(state, 0, "A1 B1"), Move(Mark(2, cells("B1 C1")))])
    with pytest.raises(IllegalMoveError, match="expected 2 moves"):
        state.play([PASS])


def _finished(*sheets: Sheet) -> GameState:
    state = game(*(Position((), sheet) for sheet in sheets))
    return dataclasses.replace(state, phase=Phase.OVER)


def test_outcome_highest_total_wins() -> None:
    outcome = _finished(Sheet(red=1), Sheet(red=2)).outcome()
    assert outcome.totals == (1, 2) and outcome.winners == (1,)


def test_outcome_tie_goes_to_the_lowest_completed_card() -> None:
    outcome = _finished(
        Sheet(completed=(card(30),)),
        Sheet(completed=(card(12),)),
        Sheet(completed=(card(5),), skulls=1),
    ).outcome()
    assert outcome.totals == (10, 10, 9)
    assert outcome.winners == (1,)


def test_ruling_tie_without_completed_cards() -> None:
    outcome = _finished(Sheet(red=3), Sheet(green=3)).outcome()
    assert outcome.winners == (0, 1)
    mixed = _finished(Sheet(red=10), Sheet(completed=(card(40),)), Sheet(green=10)).outcome()
    assert mixed.totals == (10, 10, 10)
    assert mixed.winners == (1,)
    with pytest.raises(IllegalMoveError, match="mark the revealed"):
        game(Position(())).outcome()


# --- bots and reproducibility -------------------------------------------------------------


def test_seeded_four_player_bot_game_is_reproducible() -> None:
    deck = synthetic_deck()
    first = play_bot_game(deal(deck, 4, seed=2024))
    second = play_bot_game(deal(deck, 4, seed=2024))
    assert first == second
    assert first.outcome() == second.outcome()
    assert sum(len(p.sheet.completed) for p in first.players) > 0
    other = deal(deck, 4, seed=2025)
    assert other.players != deal(deck, 4, seed=2024).players


def test_bot_rules() -> None:
    short = card(1, CORRIDOR)
    long = card(2, ("E....", "####.", ".....", ".####", "....T"))
    assert route_length(short) == 5
    assert route_length(long) == 17
    assert choose_keep([long, card(3, OPEN_ROOM), short, card(4, CORRIDOR)]) == (1, 4)
    assert almost_done(9).cells_to_tomb() == 2
    # Completing the card (10 points) beats everything else.
    position = Position((almost_done(9), CardState(card(5))))
    assert choose_move(position, I2, 1) == Move(position.parse_move("9:A4 A5", I2, 1).mark)
    state = game(Position((almost_done(9),)), offer=(6, 7), deck=(8,))
    state = dataclasses.replace(state, offer=(long, short))
    state = state.play([move(state, 0, "A4 A5")])
    assert choose_replacement(state) == Replacement(1)


def test_solo_claims_follow_the_claim_counts() -> None:
    from silverpyr.solver.silvergold.deckfile import load_deck
    from silverpyr.solver.silvergold.game import solo_claims

    deck = load_deck()
    by_color: dict[object, list[object]] = {}
    for card in sorted(deck.pyramids, key=lambda c: c.number):
        by_color.setdefault(card.color, []).append(card)
    first, second = list(by_color)[:2]
    cards = [*by_color[first][:6], by_color[second][0], by_color[second][1]]
    assert solo_claims(cards) == [(first, 10), (first, 6), (first, 3), (second, 10)]
    assert solo_claims(cards[:1]) == []
