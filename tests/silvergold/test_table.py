"""The engine's table from its parts (``solver.game.table``): what a consistent table is
(issue 20: the state file asks the engine instead of building a ``GameState`` itself)."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from silverpyr.puzzles.silvergold.realgame.state_file import StateFileError, parse_view
from silverpyr.solver.silvergold.cards import Color
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.game import (
    GameState,
    Phase,
    TableError,
    TablePart,
    TableParts,
    deal,
    table,
)
from silverpyr.solver.silvergold.players import GreedyPlayer, play_out
from silverpyr.solver.silvergold.position import Position
from silverpyr.solver.silvergold.situation import Situation

DECK = load_deck()


def replacements_of(seed: int) -> list[GameState]:
    """Every replacement decision of a solo greedy game (one completed card to replace)."""
    bot = GreedyPlayer()
    state = deal(DECK, 1, seed)
    state = state.keep([bot.keep(state, 0)])
    found = []
    while not state.is_over():
        if state.phase is Phase.REPLACE:
            if len(state.pending) == 1:
                found.append(state)
            state = state.take_replacement(bot.replacement(state))
        else:
            state = state.play([bot.move(state, 0)])
    return found


def parts_of(state: GameState) -> TableParts:
    """What player 1 sees of a replacement of a real game."""
    completed = state.pending[0].card
    position = state.position(0)
    before = Position(
        tuple(s for s in position.cards if s.number != completed.number),
        dataclasses.replace(
            position.sheet, completed=tuple(c for c in position.sheet.completed if c != completed)
        ),
    )
    situation = Situation(
        before,
        state.round_number,
        state.expedition,
        state.expedition_order[: state.turn - 1],
        state.expedition_cards,
    )
    return TableParts(
        situation=situation,
        completed=completed,
        offer=state.offer,
        deck_size=len(state.pyramid_deck),
        claimed=Counter(claim.color for claim in state.claims),
    )


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 10**6), pick=st.integers(0, 50))
def test_a_real_replacement_described_by_its_parts_is_the_same_table(seed: int, pick: int) -> None:
    found = replacements_of(seed)
    if not found:
        return
    state = found[pick % len(found)]
    built = table(DECK, parts_of(state))
    assert built.phase is Phase.REPLACE and built.pending == state.pending
    # the same sheet and cards: the other card with its marks, the completed one (its marks
    # no longer matter: it is replaced); a hand's order is not a rule (the file does not show it)
    assert built.position(0).sheet == state.position(0).sheet
    done = state.pending[0].card.number

    def hand(at: GameState) -> set[tuple[int, int]]:
        return {(s.number, 0 if s.number == done else s.marked) for s in at.position(0).cards}

    assert hand(built) == hand(state)
    assert built.offer == state.offer
    assert built.replacement_options() == state.replacement_options()
    assert (built.round_number, built.turn, built.expedition) == (
        state.round_number,
        state.turn,
        state.expedition,
    )
    assert Counter(c.color for c in built.claims) == Counter(c.color for c in state.claims)
    # the hidden deck: as many cards, drawn from the cards out of sight, like the real one
    assert len(built.pyramid_deck) == len(state.pyramid_deck)
    assert set(state.pyramid_deck) <= set(built.out_of_sight(DECK, 0))
    assert set(built.pyramid_deck) <= set(state.out_of_sight(DECK, 0))
    # and it plays on like a game: the replacement taken, the turn ends
    after = built.take_replacement(built.replacement_options()[0])
    assert after.phase is not Phase.REPLACE or after.pending == ()


@pytest.mark.parametrize("players", [1, 2, 3, 4])
def test_a_setup_table_deals_every_card_once(players: int) -> None:
    dealt = tuple(DECK.card(n) for n in (12, 30, 5, 44))
    state = table(DECK, TableParts(players=players, dealt=dealt))
    assert state.phase is Phase.KEEP and len(state.players) == players
    assert state.players[0].dealt == dealt
    everything = [c for p in state.players for c in p.dealt] + list(state.pyramid_deck)
    assert sorted(c.number for c in everything) == sorted(c.number for c in DECK.pyramids)
    final = play_out(state, [GreedyPlayer()] * players)
    assert final.is_over()


def _turn(marks: str = "A1", *, completed: tuple[int, ...] = (), number: int = 12) -> Situation:
    from silverpyr.solver.silvergold.cells import parse_cell
    from silverpyr.solver.silvergold.position import CardState
    from silverpyr.solver.silvergold.sheet import Sheet

    mask = 0
    for cell in marks.split():
        mask |= 1 << parse_cell(cell)
    card = CardState(DECK.card(number), mask)
    sheet = Sheet(completed=tuple(DECK.card(n) for n in completed))
    return Situation(
        Position((card,), sheet), 2, DECK.expedition("L3"), (), DECK.expedition_cards()
    )


ORANGE = [c.number for c in DECK.pyramids if c.color is Color.ORANGE]


@pytest.mark.parametrize(
    ("parts", "part", "message"),
    [
        (TableParts(players=5), TablePart.PLAYERS, "a game has 1 to 4 players, not 5"),
        (
            TableParts(dealt=tuple(DECK.pyramids[:3])),
            TablePart.DEALT,
            "a player is dealt 4 different cards",
        ),
        (TableParts(), TablePart.CARDS, "a turn's table needs the situation"),
        (TableParts(situation=_turn(completed=(12,))), TablePart.CARDS, "card 12 appears twice"),
        (
            TableParts(situation=_turn(), completed=DECK.card(12), offer=(DECK.card(3),)),
            TablePart.CARDS,
            "card 12 appears twice",
        ),
        (
            TableParts(
                situation=_turn(), completed=DECK.card(3), offer=tuple(DECK.pyramids[20:25])
            ),
            TablePart.OFFER,
            "the offer holds at most 4 cards, not 5",
        ),
        (
            TableParts(situation=_turn(), completed=DECK.card(3), deck_size=47),
            TablePart.DECK,
            "only 46 cards are out of sight, not 47",
        ),
        (
            TableParts(situation=_turn(), completed=DECK.card(3)),
            TablePart.OFFER,
            "the offer and the deck are both empty",
        ),
        (
            TableParts(situation=_turn(), offer=(DECK.card(3),)),
            TablePart.OFFER,
            "a turn's table takes no offer",
        ),
        (
            TableParts(
                situation=_turn(completed=tuple(ORANGE[:2])),
                completed=DECK.card(3),
                deck_size=3,
                claimed={Color.ORANGE: 0},
            ),
            TablePart.CLAIMS,
            "orange: 0 boxes taken, but the completed orange cards claimed 1",
        ),
        (
            TableParts(
                situation=_turn(), completed=DECK.card(3), deck_size=3, claimed={Color.GREEN: 4}
            ),
            TablePart.CLAIMS,
            "green: 4 boxes taken; a colour has 3",
        ),
    ],
)
def test_a_table_that_cannot_be_names_its_part(
    parts: TableParts, part: TablePart, message: str
) -> None:
    with pytest.raises(TableError) as raised:
        table(DECK, parts)
    assert raised.value.part is part
    assert str(raised.value).startswith(message)


def test_a_turns_table_seats_player_1() -> None:
    state = table(DECK, TableParts(situation=_turn("A1")))
    assert state.phase is Phase.MARK and state.expedition.name == "L3"
    assert state.legal_moves(0) == _turn("A1").legal_moves()


# --- the state file reports the engine's reasons at its own keys ---------------------------


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "round: 1\nexpedition: L3\ncards: [{number: 12}]\nsheet: {completed: [12]}\n",
            "<state>: card 12 appears twice",
        ),
        (
            "round: 1\nexpedition: L3\nreplace: 2\noffer: [5]\ndeck: 3\n"
            f"sheet: {{completed: [{ORANGE[-2]}, {ORANGE[-1]}]}}\nclaimed: {{orange: 0}}\n",
            "<state>: claimed: orange: 0 boxes taken, but the completed orange cards claimed 1",
        ),
        ("dealt: [1, 2, 3, 4]\nplayers: 4\n", None),
    ],
)
def test_the_state_file_says_the_engines_reason_where_it_is(text: str, message: str | None) -> None:
    if message is None:
        assert len(parse_view(text, DECK).game.players) == 4  # type: ignore[union-attr]
        return
    with pytest.raises(StateFileError) as raised:
        parse_view(text, DECK)
    assert str(raised.value).startswith(message)
