"""The full-screen Sun game (Textual), driven by keys as a person would.

Each flow runs the app headless with ``App.run_test`` and a Pilot. A whole game is played by
turning the greedy bot's choice for seat 0 into keys: the card's number, the arrows to its
slot (found by walking the cursor the screen's own way), Enter; a pile, a symbol's choice or a
discard by the number of its option in the question.
"""

from __future__ import annotations

import io
import re
import subprocess
import sys
import threading
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from rich.style import Style
from rich.text import Text
from sun.engine_table import EngineTable, Line
from textual.pilot import Pilot
from tui_pilot import (
    LONG_REASON,
    app_fixture,
    arrows_between,
    check_reasoned_advice,
    option_number,
    play_by_keys,
    press,
    reasoned_lines,
    run,
    screen_lines,
    screen_of,
    settle,
    table_app,
)

from silverpyr.cli.core.tui.base import Shown, TooSmall
from silverpyr.cli.core.tui.modals import Choose, Confirm, Reading
from silverpyr.cli.core.tui.rules_screen import RULES_HINT, RulesScreen
from silverpyr.cli.sun.tui.app import MIN_SIZE, SunApp, SunSetting
from silverpyr.cli.sun.tui.board import brick, pyramid_text
from silverpyr.cli.sun.tui.game_screen import (
    Question,
    SunEnd,
    SunGameScreen,
    next_slot,
    tie_break_words,
)
from silverpyr.cli.sun.tui.table import HUMAN, GameTable, Progress
from silverpyr.solver import sun as engine
from silverpyr.solver.sun.bots import GreedyPlayer
from silverpyr.solver.sun.cards import Deck

make_app = table_app(SunApp, SunSetting, SunGameScreen)
app = app_fixture(make_app)


@pytest.fixture
def table(deck: Deck) -> EngineTable:
    """The table most flows start at: seed 5, the standard game, you against one greedy
    bot."""
    return EngineTable(deck, 5, "standard", ["greedy"])


def arrows_to(state: engine.SunState, start: engine.Slot, target: engine.Slot) -> list[str]:
    """The arrow keys that walk the cursor from ``start`` to ``target`` (breadth first over
    the screen's own moves), or fail when it cannot get there."""
    opens = list(state.pyramid.open_slots())
    return arrows_between(start, target, lambda slot, r, c: next_slot(opens, slot, r, c))


def option_index(question: Choose, value: str) -> str:
    """The number key of the option ``value`` in a question."""
    return str(option_number(question, value))


async def play_out(
    pilot: Pilot[None], screen: SunGameScreen, table: GameTable, me: GreedyPlayer
) -> None:
    """Your seat plays as ``me`` decides, by keys, until the game is over (300 decisions at
    the most)."""
    for _ in range(300):
        if table.state.over:
            break
        await make_move(pilot, screen, me.decide(table.state, HUMAN))


async def make_move(pilot: Pilot[None], screen: SunGameScreen, move: engine.Move) -> None:
    """``move`` by keys only."""
    app = pilot.app
    state = screen.table.state
    if isinstance(move, engine.Place):
        await pilot.press(str(state.hands[HUMAN].index(move.card) + 1))
        assert screen.cursor is not None
        await pilot.press(*arrows_to(state, screen.cursor, move.slot), "enter")
    elif isinstance(move, engine.EndTurn):
        await pilot.press("e")
    elif isinstance(move, engine.Pass):
        await pilot.press("enter")
    elif isinstance(move, engine.Draw) and state.phase is engine.Phase.CHOOSE:
        await press(pilot, "d")
        assert isinstance(app.screen, Choose)
        await pilot.press(option_index(app.screen, move.pile))
    else:  # the question is up by itself
        question = app.screen
        assert isinstance(question, Choose), f"no question for {move}"
        if isinstance(move, engine.Draw | engine.SymbolDraw):
            value = move.pile
        elif isinstance(move, engine.TakePoints):
            value = "points"
        else:
            assert isinstance(move, engine.Discard)
            value = str(move.card)
        await pilot.press(option_index(question, value))
    await settle(pilot)
    if isinstance(app.screen, Confirm) and "anyway" in app.screen.question:
        await pilot.press("y")  # the coach asked: play it anyway
        await settle(pilot)


# --- a whole game -----------------------------------------------------------------------------


@pytest.mark.slow  # about 15 s: some 60 decisions by keys, each waiting for the bots
def test_a_whole_three_player_game_by_keys_ends_on_the_final_score(deck: Deck) -> None:
    table = EngineTable(deck, 11, "short", ["greedy", "greedy"])
    app = make_app(table)
    seen: set[type] = set()

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, SunGameScreen)
        seen.update(
            await play_by_keys(
                pilot,
                table,
                GreedyPlayer().decide,
                lambda move: make_move(pilot, screen, move),
                lambda before, after, move: (
                    len(after.events) > len(before.events)
                    or isinstance(move, engine.EndTurn | engine.Pass)
                ),
                400,
            )
        )
        assert isinstance(app.screen, SunEnd)
        shown = "\n".join(screen_lines(app))
        assert "The game is over." in shown and "Final score" in shown
        assert "winner" in shown.lower()
        for name, score in zip(table.seat_names(), table.state.scores, strict=True):
            assert re.search(rf"{re.escape(name)}\s.*\b{score}\b", shown), name
        await press(pilot, "q")

    run(app, steps, size=(80, 24))
    assert {
        engine.Place,
        engine.EndTurn,
        engine.Draw,
    } <= seen  # the game went through placing and drawing
    assert app.setting.left[0].startswith("Final score: You ")


# --- pending placements and undo -------------------------------------------------------------


def test_enter_places_a_card_pending_and_u_takes_it_back(
    deck: Deck, app: SunApp, table: EngineTable
) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, SunGameScreen)
        assert table.waiting is engine.Phase.CHOOSE
        hand = table.state.hands[HUMAN]
        await pilot.press("1")
        assert screen.chosen == hand[0]
        slot = screen.cursor
        assert slot is not None
        await pilot.press("enter")
        await settle(pilot)
        assert table.pending == (engine.Place(hand[0], slot),)
        assert table.state.pyramid.card_at(slot) == hand[0]
        face = deck.glyph(deck[hand[0]])
        shown = "\n".join(screen_lines(app))
        assert "{" + face + "}" in shown  # pending: in braces, not brackets
        assert "(pending)" in shown
        await pilot.press("u")
        await settle(pilot)
        assert table.pending == ()
        assert table.state.pyramid.card_at(slot) is None
        assert table.state.hands[HUMAN] == hand
        assert screen.chosen == hand[0] and screen.cursor == slot  # ready to place again
        shown = "\n".join(screen_lines(app))
        assert "{" + face + "}" not in shown and "Took back" in shown
        assert "(taken back)" in shown and "(pending)" not in shown

    run(app, steps)


def test_a_second_enter_ends_the_turn_and_the_bots_play(
    deck: Deck, app: SunApp, table: EngineTable
) -> None:

    def bots_since_you(state: engine.SunState) -> set[engine.Slot]:
        mine = [i for i, e in enumerate(state.events) if getattr(e, "seat", None) == HUMAN]
        return {
            e.slot
            for e in state.events[mine[-1] + 1 if mine else 0 :]
            if isinstance(e, engine.Scored) and e.kind == "card" and e.seat != HUMAN
        }

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, SunGameScreen)
        placed = bots_since_you(table.state)
        assert placed and screen.recent == placed  # the bot played first: its cards
        drawn = pyramid_text(table.state, recent=screen.recent)
        underlined = {
            drawn.plain[span.start : span.end]
            for span in drawn.spans
            if isinstance(span.style, Style) and span.style.underline
        }
        cards = {table.state.pyramid.card_at(slot) for slot in placed}
        assert underlined == {brick(deck, card) for card in cards if card is not None}
        await pilot.press("1", "enter")
        await settle(pilot)
        assert table.waiting is engine.Phase.PLAYING
        await pilot.press("enter")  # no card chosen: ends the turn
        await settle(pilot)
        assert table.pending == ()
        assert table.waiting is engine.Phase.CHOOSE  # the bot played, your turn again
        assert screen.recent == bots_since_you(table.state)  # its cards since your move
        texts = [str(getattr(line, "plain", line)) for line in screen.messages]
        assert not [text for text in texts if "(pending)" in text]  # final now (issue 32)

    run(app, steps)


# --- the questions ---------------------------------------------------------------------------


def test_d_asks_each_cards_pile_then_the_discard_above_five(
    app: SunApp, table: EngineTable
) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        assert len(table.state.hands[HUMAN]) == 4
        await press(pilot, "d")
        question = screen_of(app, Choose)
        assert [value for value, _ in question.options] == ["standard", "edge"]
        await pilot.press("2")  # the edge pile
        await settle(pilot)
        assert table.waiting is engine.Phase.DRAWING
        assert isinstance(app.screen, Choose)  # the second card's question, by itself
        await pilot.press("escape")  # put off ...
        await pilot.pause()
        assert isinstance(app.screen, SunGameScreen)
        await pilot.press("d")  # ... and back
        await pilot.pause()
        assert isinstance(app.screen, Choose)
        await pilot.press("1")
        await settle(pilot)
        # 6 cards: the discard question is up, one option per card of the hand
        assert table.waiting is engine.Phase.DISCARD
        question = screen_of(app, Choose)
        hand = table.state.hands[HUMAN]
        assert [int(value) for value, _ in question.options] == list(hand)
        await pilot.press("3")
        await settle(pilot)
        assert hand[2] in table.state.standard_discards + table.state.edge_discards
        assert len(table.state.hands[HUMAN]) == 5

    run(app, steps)


def test_a_question_answered_twice_does_not_take_the_next_one_away(
    app: SunApp, table: EngineTable
) -> None:
    """Keys typed fast may reach a question after its answer: the second answer must not
    dismiss the question that came next (it did: the game then waited for a discard with
    no question up and d could not bring it back)."""

    async def steps(pilot: Pilot[None]) -> None:
        await press(pilot, "d")
        first = screen_of(app, Question)
        first.dismiss("standard")
        first.dismiss("standard")  # a second key on the same question
        await pilot.pause()
        assert table.waiting is engine.Phase.DRAWING
        assert isinstance(app.screen, Question)  # the second card's question is still up
        assert first is not app.screen
        await pilot.press("1")
        await settle(pilot)
        assert table.waiting is engine.Phase.DISCARD and isinstance(app.screen, Question)

    run(app, steps)


def symbol_state(deck: Deck) -> tuple[engine.SunState, engine.Place]:
    """A turn start of seat 0 where a card of the hand touches its symbol."""
    for seed in range(500):
        state = engine.random_position(seed, players=2, size="standard", deck=deck)
        if state.turn != HUMAN:
            continue
        for move in (m for m in _places(state)):
            if move.slot != state.pyramid.top and engine.matching_neighbours(
                state, move.card, move.slot
            ):
                return state, move
    raise AssertionError("no position with a symbol's match")


def _places(state: engine.SunState) -> list[engine.Place]:
    from silverpyr.solver.sun import legal_moves

    return [m for m in legal_moves(state) if isinstance(m, engine.Place)]


@pytest.mark.parametrize("answer", ["points", "standard"])
def test_a_matching_symbol_asks_card_or_points(deck: Deck, answer: str) -> None:
    state, move = symbol_state(deck)
    table = EngineTable.at(state, ["greedy"])
    app = make_app(table)
    matches = engine.matching_neighbours(state, move.card, move.slot)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, SunGameScreen)
        await make_move(pilot, screen, move)
        assert table.waiting is engine.Phase.SYMBOL
        question = screen_of(app, Choose)
        values = [value for value, _ in question.options]
        assert values[0] == "points" and "standard" in values
        assert f"Take {matches} point" in question.options[0][1]
        score, hand = table.state.scores[HUMAN], len(table.state.hands[HUMAN])
        await pilot.press(option_index(question, answer))
        await settle(pilot)
        assert table.pending == ()  # a symbol's choice makes the turn's cards final
        if answer == "points":
            assert table.state.scores[HUMAN] == score + matches
        else:
            assert len(table.state.hands[HUMAN]) == hand + 1

    run(app, steps)


# --- leaving, advice, help --------------------------------------------------------------------


def test_q_asks_then_leaves_saying_what_is_kept(app: SunApp) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await press(pilot, "q")
        assert isinstance(app.screen, Confirm)
        await press(pilot, "n")
        assert isinstance(app.screen, SunGameScreen)
        await press(pilot, "q", "y")

    run(app, steps)
    assert app.setting.left == ["The game is not saved."]


def test_h_gives_advice_in_a_thread_and_question_mark_the_help_then_r_the_rules(
    app: SunApp,
) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("h")
        await settle(pilot)
        assert isinstance(app.screen, SunGameScreen)  # one line, nothing to compare: no dialog
        shown = "\n".join(screen_lines(app))
        assert "Advice: The expert bot would play" in shown
        await press(pilot, "question_mark")
        shown = "\n".join(screen_lines(app))
        assert "take back the last pending card" in shown and "open slot" in shown
        assert RULES_HINT in shown
        await press(pilot, "x")
        assert isinstance(app.screen, SunGameScreen)
        await pilot.press("question_mark", "r")  # ? then r: the rules page in the help's place
        await pilot.pause()
        assert isinstance(app.screen, RulesScreen)
        shown = "\n".join(screen_lines(app))
        assert "Pyramid of the Sun: the rules" in shown
        assert "(1a )" in shown and re.search(r"\b8a\b", shown)  # the slots, as named in moves
        await press(pilot, "q")
        assert isinstance(app.screen, SunGameScreen)

    run(app, steps)


# --- the screen at 80x24, below it, NO_COLOR --------------------------------------------------


@pytest.mark.parametrize("size", ["short", "standard", "long"])
def test_80x24_shows_every_level_the_hand_the_seats_the_status_and_keys(
    deck: Deck, size: str
) -> None:
    table = EngineTable(deck, 7, size, ["greedy", "greedy", "greedy", "greedy"])
    app = make_app(table)

    async def steps(pilot: Pilot[None]) -> None:
        await press(pilot, "1")
        lines = screen_lines(app)
        assert len(lines) == 24
        width = table.state.pyramid.width
        for level in range(width):  # every level's label at the left
            assert any(line.startswith(f"{level} ") for line in lines), level
        assert any(line.startswith(" Hand ") for line in lines)
        shown = "\n".join(lines)
        for name in ("You", "P2 greedy", "P5 greedy", "Standard pile", "Edge pile", "Marker"):
            assert name in shown
        assert "Enter places it" in shown or "may not" in shown or "on " in lines[-2]
        for key in ("Place", "Draw", "Advice", "Help", "Leave"):
            assert key in lines[-1]
        assert max(len(line.rstrip()) for line in lines) <= 80

    run(app, steps, size=(80, 24))


@pytest.mark.parametrize("size", [(79, 24), (80, 23), (60, 20)])
def test_below_80x24_a_too_small_screen_until_it_grows(deck: Deck, size: tuple[int, int]) -> None:
    app = make_app(EngineTable(deck, 5, "standard", ["greedy"]))

    async def steps(pilot: Pilot[None]) -> None:
        assert isinstance(app.screen, TooSmall)
        assert "Terminal too small" in "\n".join(screen_lines(app))
        await pilot.resize_terminal(MIN_SIZE.width, MIN_SIZE.height)
        await pilot.pause()
        assert isinstance(app.screen, SunGameScreen)

    run(app, steps, size=size)


def _colours(renderable: object) -> set[str]:
    console = Console(width=100, file=io.StringIO(), color_system="truecolor")
    found: set[str] = set()
    for segment in console.render(renderable):  # type: ignore[arg-type]
        style = segment.style
        if style is not None:
            found.update(str(c) for c in (style.color, style.bgcolor) if c is not None)
    return found


@pytest.mark.parametrize("no_color", [True, False])
def test_no_color_draws_none_of_our_colours(
    deck: Deck, no_color: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = make_app(EngineTable(deck, 5, "standard", ["greedy"]))

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("1", "enter", "2")  # a pending card, a chosen one, the cursor
        await settle(pilot)
        drawings = [w.content for w in app.screen.query(Shown) if not isinstance(w.content, str)]
        colours = set().union(*(_colours(d) for d in drawings))
        assert (colours == set()) is no_color

    run(app, steps)


@pytest.mark.parametrize("no_color", [True, False])
def test_no_color_end_drawn_in_the_constructor_has_none_of_our_colours(
    deck: Deck, no_color: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The end screen's ``Shown`` gets its drawing when built, not by ``update``: the core's
    ``Shown`` takes the colours off on mount too."""
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    table = EngineTable(deck, 5, "standard", ["greedy"])
    app = make_app(table)

    async def steps(pilot: Pilot[None]) -> None:
        scores = Text("You win", style="bold green on red")
        await app.push_screen(SunEnd(scores, pyramid_text(table.state)))
        await pilot.pause()
        drawings = [w.content for w in app.screen.query(Shown) if not isinstance(w.content, str)]
        assert drawings
        colours = set().union(*(_colours(d) for d in drawings))
        assert (colours == set()) is no_color

    run(app, steps)


# --- told by characters, not colour -----------------------------------------------------------


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), players=st.integers(2, 5))
def test_open_pending_and_cursor_differ_by_characters(deck: Deck, seed: int, players: int) -> None:
    state = engine.random_position(seed, players=players, size="standard", deck=deck)
    opens = state.pyramid.open_slots()
    placed = [slot for slot in state.pyramid.cards if slot.level > 0]
    pending = placed[:1]
    cursor = opens[-1] if opens else None
    text = pyramid_text(state, cursor=cursor, chosen=None, pending=pending).plain
    assert text.count("( \u00b7 )") == len(opens) - (cursor is not None)
    assert text.count("{") == len(pending)
    assert text.count(">") == (cursor is not None) + text.count("B>")
    assert text.count("[") == len(state.pyramid.cards) - len(pending)
    levels = text.split("\n")
    assert len(levels) == state.pyramid.width


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), size=st.sampled_from(["short", "standard", "long"]))
def test_the_arrows_reach_every_open_slot_from_every_open_slot(
    deck: Deck, seed: int, size: str
) -> None:
    state = engine.random_position(seed, players=3, size=size, deck=deck)
    opens = list(state.pyramid.open_slots())
    for start in opens:
        for target in opens:
            arrows_to(state, start, target)  # fails when it cannot get there


def test_the_tie_break_is_said_on_the_end_screen() -> None:
    names = ("You", "Player 2 (greedy)", "Player 3 (greedy)")
    assert tie_break_words(engine.Outcome((1,), (9, 12, 5), "top", (1, 2, 0)), names) == (
        "Most points: Player 2 (greedy) with 12."
    )
    by_hand = tie_break_words(engine.Outcome((0,), (12, 12, 5), "top", (3, 1, 0)), names)
    assert "the tie goes to more cards in hand (You 3, Player 2 (greedy) 1): You" in by_hand
    shared = tie_break_words(engine.Outcome((0, 1), (12, 12, 5), "top", (2, 2, 0)), names)
    assert "a shared win" in shared


def test_launch_does_not_load_textual() -> None:
    code = (
        "import sys; import silverpyr.cli.sun.tui.launch, silverpyr.cli.sun.tui; "
        "print('textual' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"


# --- the kept game: the table the commands hand the screen -----------------------------------


@pytest.mark.slow  # about 25 s: the coach weighs every decision by rollouts
def test_the_kept_game_whole_game_by_keys_with_the_coach_ends_with_its_summary(
    deck: Deck,
) -> None:
    from silverpyr.puzzles.sun.kept_game import KeptGame

    kept = KeptGame(deck, 11, "short", ["greedy"], coach=True, rollouts=2)
    app = make_app(kept)
    me = GreedyPlayer()

    async def steps(pilot: Pilot[None]) -> None:
        await play_out(pilot, screen_of(app, SunGameScreen), kept, me)
        assert kept.state.over
        await settle(pilot)
        assert isinstance(app.screen, SunEnd)
        shown = "\n".join(screen_lines(app))
        assert "Final score" in shown and "The coach:" in shown
        for line in kept.summary_lines()[:1]:
            assert line[:40] in shown.replace("\n", " ") or line[:20] in shown
        await press(pilot, "enter")

    run(app, steps, size=(80, 24))
    assert app.setting.left[0].startswith("Final score: You ")
    assert app.setting.left[1:] == kept.summary_lines()


@pytest.mark.slow  # 5-8 s on a shared machine: two apps, a store, a few bot turns
def test_leave_saves_the_kept_game_and_the_next_start_resumes_it(deck: Deck, home: object) -> None:
    from silverpyr.puzzles.core.store import Store
    from silverpyr.puzzles.sun.kept_game import KeptGame

    me = GreedyPlayer()
    with (
        Store.open_default(game="sun") as store,
        KeptGame.start(
            deck, seed=21, fresh_seed=0, size="short", bots=("greedy",), store=store
        ) as kept,
    ):
        app = make_app(kept)
        before: dict[str, object] = {}

        async def play_then_leave(pilot: Pilot[None]) -> None:
            screen = screen_of(app, SunGameScreen)
            for _ in range(2):  # a few final decisions by keys
                await make_move(pilot, screen, me.decide(kept.state, HUMAN))
            while kept.waiting is not engine.Phase.CHOOSE or not any(
                isinstance(m, engine.Place) for m in kept.options()
            ):
                await make_move(pilot, screen, me.decide(kept.state, HUMAN))
            before["pyramid"] = kept.committed.pyramid
            before["hand"] = kept.committed.hands[HUMAN]
            await pilot.press("1", "enter")  # pending: not saved
            await settle(pilot)
            assert kept.pending
            await press(pilot, "q")
            assert isinstance(app.screen, Confirm)
            assert "saved" in str(app.screen.question)
            await press(pilot, "y")

        run(app, play_then_leave)
    assert any("silverpyr sun game" in line and "saved" in line for line in app.setting.left)
    with (
        Store.open_default(game="sun") as store,
        KeptGame.start(deck, seed=None, fresh_seed=99, store=store) as resumed,
    ):
        assert resumed.seed == 21 and resumed.pending == ()
        again = make_app(resumed)

        async def check(pilot: Pilot[None]) -> None:
            shown = "\n".join(screen_lines(again))
            assert "Resuming" in shown  # the kept game's note, on screen
            assert resumed.state.pyramid == before["pyramid"]
            assert resumed.state.hands[HUMAN] == before["hand"]
            await pilot.press("1", "enter")  # and play on
            await settle(pilot)
            assert resumed.pending

        run(again, check)


def test_ctrl_c_keeps_the_saved_game_and_says_how_to_resume(deck: Deck, home: object) -> None:
    from silverpyr.puzzles.core.store import Store
    from silverpyr.puzzles.sun.kept_game import KeptGame

    with (
        Store.open_default(game="sun") as store,
        KeptGame.start(deck, seed=3, fresh_seed=0, size="short", store=store) as kept,
    ):
        app = make_app(kept)

        async def steps(pilot: Pilot[None]) -> None:
            screen = screen_of(app, SunGameScreen)
            await make_move(pilot, screen, GreedyPlayer().decide(kept.state, HUMAN))
            while kept.waiting is not None and kept.waiting is not engine.Phase.CHOOSE:
                await make_move(pilot, screen, GreedyPlayer().decide(kept.state, HUMAN))
            await press(pilot, "ctrl+c")

        run(app, steps)
        assert kept.answers  # something was decided, so something is saved
    assert any("silverpyr sun game" in line for line in app.setting.left)


def test_the_prompt_and_the_help_say_the_keys_of_the_hand_as_it_is(
    app: SunApp, table: EngineTable
) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await settle(pilot)
        keys = f"1-{len(table.state.hands[HUMAN])}, Tab"
        assert keys != "1-7, Tab"
        shown = "\n".join(screen_lines(app))
        assert f"choose a card ({keys})" in shown and "1-7" not in shown
        await press(pilot, "question_mark")
        assert keys in "\n".join(screen_lines(app))

    run(app, steps)


def test_h_gives_the_kept_games_advice_in_expected_points(deck: Deck) -> None:
    from silverpyr.puzzles.sun.kept_game import KeptGame

    kept = KeptGame(deck, 5, "short", ["greedy"], rollouts=2)
    app = make_app(kept)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, SunGameScreen)
        await pilot.press("h")
        await settle(pilot)
        assert not screen.thinking
        # the whole advice, each option's reasons under it, in a dialog at the screen's width
        assert isinstance(app.screen, Reading)
        shown = screen_lines(app)
        assert any("The expert plays" in line for line in shown)
        assert any(re.search(r"\(\+\d+\.\d\)", line) for line in shown), "no reason shown"
        await press(pilot, "escape")
        assert app.screen is screen
        shown = "\n".join(screen_lines(app))
        advice = [line for line in shown.splitlines() if "Advice:" in line]
        assert len(advice) == 1  # the ranking; "thinking" was the status line's alone
        assert "(+" not in shown  # the messages keep the ranking; the reasons are the dialog's

    run(app, steps)


REASONED = [
    ("draw edge: -24.0 ± 5.1, 16.0 expected", ("15 points for cards this turn, not 0 (+15.0)",)),
    ("S6-sun@2b: -3.1 ± 1.2, 37.0 expected", (LONG_REASON, "a card for a matching symbol (+5.2)")),
]
"""Two options and their reasons, one of them too long for a row."""


class _ReasonedTable(EngineTable):
    """Advice with the options' reasons under them, as ``Advice.lines`` gives them."""

    def advice_lines(self, progress: Progress | None = None) -> list[str]:
        head = (
            "The expert plays S4-sun@1c: 40.0 expected final points, 60% chance to win "
            "(12 paired rollouts an option). Against it:"
        )
        return reasoned_lines(head, REASONED)


def test_advice_with_reasons_opens_the_reading_dialog_as_in_cheops(deck: Deck) -> None:
    app = make_app(_ReasonedTable(deck, 5, "standard", ["greedy"]))

    async def steps(pilot: Pilot[None]) -> None:
        await check_reasoned_advice(pilot, SunGameScreen, REASONED)

    run(app, steps)


class _Graded:
    """A verdict that is not silent (what the coach says of a poor move)."""

    is_silent = False

    def warning(self) -> str:
        return "Bad: the expert prefers draw standard. Play it anyway?"


class _CoachedTable(EngineTable):
    """The in-memory table with a coach that grades every move and counts its checks."""

    checks = 0

    @property
    def coach(self) -> bool:
        return True

    def check(self, move: engine.Move, progress: object = None) -> _Graded:
        super().check(move)
        self.checks += 1
        return _Graded()


def test_with_the_coach_a_graded_move_asks_before_it_is_played(deck: Deck) -> None:
    table = _CoachedTable(deck, 5, "standard", ["greedy"])
    app = make_app(table)

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("1", "enter")
        await settle(pilot)
        assert table.checks == 1  # weighed in a thread first ...
        assert isinstance(app.screen, Confirm)  # ... then the question
        assert "Play it anyway?" in app.screen.question
        await pilot.press("n")
        await settle(pilot)
        assert table.pending == () and table.waiting is engine.Phase.CHOOSE  # choose again
        await pilot.press("1", "enter", "y")
        await settle(pilot)
        assert len(table.pending) == 1  # played anyway

    run(app, steps)


def test_keys_typed_together_are_handled_in_the_order_typed(deck: Deck) -> None:
    """A terminal may hand the app "1" and Enter in one read (tmux send-keys did): Enter
    must not overtake the card's number (it did while only Enter was a priority key)."""
    from textual import events

    table = EngineTable(deck, 5, "standard", ["greedy"])
    app = make_app(table)

    async def steps(pilot: Pilot[None]) -> None:
        app.post_message(events.Key("1", "1"))
        app.post_message(events.Key("enter", "\r"))
        await settle(pilot)
        assert len(table.pending) == 1

    run(app, steps)


@pytest.mark.slow  # about 10 s: a whole saved game by keys
def test_a_saved_game_the_bots_end_is_dropped_from_the_store(deck: Deck, home: object) -> None:
    """The bots play in a worker thread; when one of them places the top, the saved row is
    dropped on the screen's thread (SQLite refuses a connection from another thread: the
    screen said "The bots failed: ... is damaged" before)."""
    from silverpyr.puzzles.core.store import Store
    from silverpyr.puzzles.sun.kept_game import GAME_ID, SEATS, KeptGame
    from silverpyr.solver.sun.bots import play_game

    seed = next(
        s
        for s in range(100)
        if play_game(deck, [GreedyPlayer(), GreedyPlayer()], "short", s)[0].events[-1].seat != HUMAN
    )
    me = GreedyPlayer()
    with Store.open_default(game="sun") as store:
        kept = KeptGame.start(
            deck, seed=seed, fresh_seed=0, size="short", bots=("greedy",), store=store
        )
        app = make_app(kept)

        async def steps(pilot: Pilot[None]) -> None:
            await play_out(pilot, screen_of(app, SunGameScreen), kept, me)
            await settle(pilot)
            assert isinstance(app.screen, SunEnd)
            assert "failed" not in "\n".join(screen_lines(app))
            await press(pilot, "q")

        run(app, steps)
        assert kept.state.over
        assert kept.state.events[-1].seat != HUMAN  # type: ignore[union-attr]  # a bot's top
        assert store.saved_game(GAME_ID, SEATS) is None


def test_q_on_a_question_asks_to_leave(app: SunApp, table: EngineTable) -> None:
    async def steps(pilot: Pilot[None]) -> None:
        await press(pilot, "d")
        assert isinstance(app.screen, Question)
        await press(pilot, "q")
        assert isinstance(app.screen, Confirm)
        await pilot.press("n")  # stay: the question comes back with d
        await pilot.pause()
        assert isinstance(app.screen, SunGameScreen) and table.waiting is engine.Phase.CHOOSE
        await press(pilot, "d", "q", "y")

    run(app, steps)
    assert app.setting.left == ["The game is not saved."]


class _HeldBots(EngineTable):
    """The in-memory table whose bots think until the test lets them go (and say so)."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.go = threading.Event()
        self.go.set()

    def settle(self, progress: Callable[[str], None] | None = None) -> list[Line]:
        if self.bots_due and progress is not None:
            progress("Player 2 (greedy) is playing\u2026")
        if self.bots_due:
            assert self.go.wait(timeout=120)  # a hang guard only
        return super().settle()


class _Clock:
    """The status line's clock, set by the test (``monotonic`` is all the screen reads)."""

    now = 1000.0

    def monotonic(self) -> float:
        return self.now


@pytest.mark.slow  # a bot's thread held by keys (the core's count: test_cheops_tui.py)
def test_the_status_counts_the_seconds_of_a_wait_from_2_s(
    deck: Deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    """While a bot thinks, the status says who is playing, and from 2 s on the seconds
    waited (by the screen's clock, which the test moves: no test waits on the real one)."""
    from silverpyr.cli.core.tui import game_screen as core

    clock = _Clock()
    monkeypatch.setattr(core, "time", clock)
    table = _HeldBots(deck, 5, "standard", ["greedy"])
    app = make_app(table)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, SunGameScreen)
        if table.waiting is None:  # the bot moves first: let it
            await settle(pilot)
        table.go.clear()
        await pilot.press("1", "enter", "e")
        for _ in range(400):  # until the bot's thread has said so (a hang guard only)
            await pilot.pause(0.05)
            if "playing…" in screen_lines(app)[-2]:
                break
        status = screen_lines(app)[-2]
        assert "playing…" in status and not re.search(r"… \d+ s", status)  # not yet 2 s
        clock.now += 1.5
        screen._tick()
        await pilot.pause()
        assert not re.search(r"… \d+ s", screen_lines(app)[-2])
        clock.now += 1.0
        screen._tick()
        await pilot.pause()
        status = screen_lines(app)[-2]
        assert re.search(r"is playing… 2 s", status), status
        await pilot.press("enter")  # decisions wait meanwhile: nothing happens
        table.go.set()
        await settle(pilot)
        assert table.waiting is engine.Phase.CHOOSE and "playing" not in screen_lines(app)[-2]

    run(app, steps)


def test_the_full_screen_needs_a_terminal_that_draws(monkeypatch: pytest.MonkeyPatch) -> None:
    from silverpyr.cli.sun.tui import launch

    monkeypatch.setattr(sys.stdin, "isatty", lambda: True)
    monkeypatch.setattr(sys.stdout, "isatty", lambda: True)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert launch.why_not_full_screen() is None
    monkeypatch.setenv("TERM", "dumb")
    assert launch.why_not_full_screen() == "TERM=dumb cannot draw a screen"
    monkeypatch.setattr(sys.stdout, "isatty", lambda: False)
    assert launch.why_not_full_screen() == launch.NOT_A_TERMINAL
    assert launch.interactive() is False
