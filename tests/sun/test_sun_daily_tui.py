"""The Pyramid of the Sun daily and puzzle on the full screen (Textual), by keys as a person
would: the board after every move, hints, undo, the symbol's question, ``q`` then ``y`` or
``s``, the end screen with both lines and the share text (which mode the commands open:
``tests/core/test_daily_opens.py``).

Each flow is one app start (headless, 80x24) on the daily of 2026-11-26: a best turn made in
a blink whose par line places S4@4b, S2-serpent@5a, draws a symbol's card from the standard
pile (S4-jaguar), places it on 3d and ends the turn.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest
import trainer_checks as checks
from textual.pilot import Pilot
from tui_pilot import arrows_between, key_of, press, run, screen_lines, screen_of

from silverpyr.cli.core.tui.rules_screen import RulesScreen
from silverpyr.cli.core.tui.trainer import TrainerEnd, TrainerHelp, TrainerQuestion
from silverpyr.cli.sun.tui import launch
from silverpyr.cli.sun.tui.app import SunTrainerApp
from silverpyr.cli.sun.tui.game_screen import next_slot
from silverpyr.cli.sun.tui.puzzle_screen import SunPuzzleScreen
from silverpyr.puzzles.core.store import Store
from silverpyr.puzzles.sun.ids import daily_puzzle
from silverpyr.puzzles.sun.puzzle import SunPuzzle
from silverpyr.puzzles.sun.share import share_text
from silverpyr.solver.sun import Slot, load_deck

DAY = dt.date(2026, 11, 26)
Compare = Callable[..., bool]


@pytest.fixture(scope="module")
def puzzle() -> SunPuzzle:
    return daily_puzzle(DAY, load_deck())


def _screen(app: SunTrainerApp) -> SunPuzzleScreen:
    screen = app.screen_stack[1]
    assert isinstance(screen, SunPuzzleScreen)
    return screen


async def place(pilot: Pilot[None], app: SunTrainerApp, card: str, slot: str) -> None:
    """Choose the hand card labelled ``card`` by its number, walk the cursor to ``slot`` the
    screen's own way, Enter."""
    screen = _screen(app)
    state = screen.state
    labels = [state.deck[c].label for c in state.hand]
    await press(pilot, str(labels.index(card) + 1))
    opens = list(state.pyramid.open_slots())
    target = Slot(int(slot[0]), "abcdefghij".index(slot[1]))
    assert screen.cursor is not None
    keys = arrows_between(screen.cursor, target, lambda s, r, c: next_slot(opens, s, r, c))
    await press(pilot, *keys, "enter")


@pytest.mark.slow  # about 5 s: some 20 keys, each waited for
def test_a_daily_by_keys_with_a_hint_and_an_undo_ends_on_both_lines_and_the_share(
    puzzle: SunPuzzle, home: Path
) -> None:
    """A wrong placement's feedback names the better move; ``u`` takes it back (counted as a
    move hint, and said); ``h`` gives the aim; the par line by keys, with ``h`` three times on
    the symbol's question (it asks again, Enter then takes the move hint's choice); the end
    screen has the score, both lines, the share text, and the attempt is recorded."""
    with Store.open_default(game="sun") as store:
        run_ = launch.trainer_run(puzzle, store, DAY)

        async def steps(pilot: Pilot[None], app: SunTrainerApp) -> None:
            screen = _screen(app)
            await place(pilot, app, "S4", "3d")
            text = "\n".join(screen_lines(app))
            assert "S4@3d: +3" in text and "S4@4b was worth 8.6" in text
            assert "{S4 }" in text  # placed in this attempt: in braces
            await press(pilot, "u")
            text = "\n".join(screen_lines(app))
            assert "Took back S4@3d." in text and "counts as a move hint" in text
            assert screen.session.hint_levels == [0, 0, 1]
            await press(pilot, "h")
            assert "Hint 1 of 3 (aim)" in "\n".join(screen_lines(app))
            await place(pilot, app, "S4", "4b")
            await place(pilot, app, "S2-serpent", "5a")
            await pilot.pause()
            assert isinstance(app.screen, TrainerQuestion)
            # each hint on the question asks it again; after the move hint, Enter takes it
            await press(pilot, "h", "h", "h")
            assert isinstance(app.screen, TrainerQuestion)
            assert screen.session.hint_levels == [2, 1, 2]
            assert "symbol standard (worth 2.6)" in "\n".join(screen_lines(app))
            await press(pilot, "enter")
            assert screen.session.moves[-1] == "symbol standard"
            await place(pilot, app, "S4-jaguar", "3d")
            await press(pilot, "e")
            assert isinstance(app.screen, TrainerEnd)
            lines = screen_lines(app)
            text = "\n".join(lines)
            assert "Score 8.6 / par 8.6 (100%)  at par" in text
            assert "Your line" in text and "Par line" in text
            assert any("S4-jaguar@3d" in line and line.count("S4-jaguar@3d") == 2 for line in lines)
            assert "Pyramid of the Sun daily 2026-11-26 \u00b7 best turn \u00b7 " in text
            seen = "solution seen before the end, 1 take-back, 5 hints ("
            assert f"8.6/8.6 at par \u00b7 {seen}" in text
            await pilot.press("q")

        checks.play_trainer(launch, puzzle, run_, steps)
        checks.assert_scored_and_kept_no_more(store, puzzle, 5)
    assert run_.printed == [share_text(puzzle, run_.session.result())]


def test_q_then_s_saves_and_leaves_and_the_next_play_resumes(puzzle: SunPuzzle, home: Path) -> None:
    """A take-back after the feedback named the better move counts as a move hint; ``q`` asks
    the line mode's question; any other key plays on; ``s`` saves and leaves, saying how to
    resume; the next start resumes the move and the hint."""
    with Store.open_default(game="sun") as store:
        run_ = launch.trainer_run(puzzle, store, DAY)

        async def steps(pilot: Pilot[None], app: SunTrainerApp) -> None:
            await place(pilot, app, "S4", "3d")
            await press(pilot, "u")
            assert "counts as a move hint" in "\n".join(screen_lines(app))
            await place(pilot, app, "S4", "4b")
            await checks.play_on_then_save_and_leave(pilot, app)

        checks.play_trainer(launch, puzzle, run_, steps)
        said = (
            "daily-2026-11-26 is not over; the attempt is saved: `silverpyr sun puzzle --id "
            "daily-2026-11-26` resumes it"
        )
        saved, again = checks.assert_saved_and_resumed(
            launch, store, puzzle, run_, DAY, said, ("S4@4b",)
        )
        assert tuple(saved.hint_levels) == (0, 0, 1)  # the take-back after the feedback
        assert again.session.hints_used == 1


def test_d_draws_two_and_ends_the_attempt(puzzle: SunPuzzle) -> None:
    """``:`` refuses a move that is not legal with the engine's reason; ``d`` draws two (a
    pile's question; the puzzle ends there, scored, and the end screen says so)."""
    drawn = launch.trainer_run(puzzle, None, DAY)

    async def draw(pilot: Pilot[None], app: SunTrainerApp) -> None:
        await press(pilot, "colon")
        await press(pilot, *"end", "enter")
        assert "Not played: 'end'" in "\n".join(screen_lines(app))
        await press(pilot, "d")
        question = screen_of(app, TrainerQuestion)
        await press(pilot, key_of(question, "edge"))
        assert isinstance(app.screen, TrainerEnd)
        assert "draw edge" in "\n".join(screen_lines(app))

    checks.play_trainer(launch, puzzle, drawn, draw)
    assert drawn.session.finished and not drawn.session.gave_up
    assert drawn.session.moves == ("draw edge",)


def test_q_then_y_gives_up_and_the_end_screen_has_its_help(puzzle: SunPuzzle) -> None:
    """Without a store, ``q`` then ``y`` ends the attempt as given up (the share says so);
    ``?`` works on the end screen too."""
    given_up = launch.trainer_run(puzzle, None, DAY)

    async def give_up(pilot: Pilot[None], app: SunTrainerApp) -> None:
        await checks.give_up_then_help(pilot, app, "gave up after 0 moves (")

    checks.play_trainer(launch, puzzle, given_up, give_up)
    checks.assert_given_up(given_up, "\ngave up after 0 moves (0.0/")


def test_ctrl_c_keeps_the_attempt_and_the_help_can_open_more(puzzle: SunPuzzle, home: Path) -> None:
    """``?`` lists the keys and the Sun's more key (``r``: closes the help and opens the
    rules page; ``q`` back to the puzzle); Ctrl-C then leaves at once, the attempt saved
    as ``q`` then ``s`` saves it."""
    with Store.open_default(game="sun") as store:
        run_ = launch.trainer_run(puzzle, store, DAY)
        app = SunTrainerApp(run_, lambda r: SunPuzzleScreen(r, puzzle))

        async def steps(pilot: Pilot[None]) -> None:
            await place(pilot, app, "S4", "4b")
            await press(pilot, "question_mark")
            assert isinstance(app.screen, TrainerHelp)
            assert any("r" in line and "the rules" in line for line in screen_lines(app))
            await press(pilot, "r")
            assert isinstance(app.screen, RulesScreen)
            assert any("1a" in line for line in screen_lines(app))  # the labelled pyramid
            await press(pilot, "q")
            assert isinstance(app.screen, SunPuzzleScreen)
            await press(pilot, "ctrl+c")

        run(app, steps)
        saved = store.progress(puzzle.id)
        assert saved is not None and saved.moves == ("S4@4b",)
    assert run_.printed[0].startswith("daily-2026-11-26 is not over; the attempt is saved")


def test_the_board_with_a_hint_and_a_card_chosen_without_colour(
    snap_compare: Compare, puzzle: SunPuzzle, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80x24 under NO_COLOR: the pyramid with a card placed (in braces), the hint's card
    chosen and its ghost on the cursor, the messages, the status and the keys."""
    monkeypatch.setenv("NO_COLOR", "1")  # Textual reads it when the app is made
    app = launch.puzzle_app(launch.trainer_run(puzzle, None, DAY), puzzle)

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.pause()
        await place(pilot, app, "S4", "4b")
        await press(pilot, "h", "h")

    assert snap_compare(app, terminal_size=(80, 24), run_before=steps)


def test_the_end_screen(snap_compare: Compare, puzzle: SunPuzzle) -> None:
    """At 80x24, after ``e`` ends a turn whose second move gave points away: the score
    against par, both lines (the loss beside yours), the share text, the pyramid below."""
    # the second move gives away 2.6
    app = checks.trainer_app(launch, puzzle, DAY, "S4@4b", "S2-serpent@3d")
    assert checks.snapshot_after(snap_compare, app, "e")


def test_the_prompt_and_the_help_say_the_keys_of_the_hand_as_it_is(puzzle: SunPuzzle) -> None:
    """Not "1-7" whatever the hand: the keys of the cards held."""
    run_ = launch.trainer_run(puzzle, None, DAY)

    async def look(pilot: Pilot[None], app: SunTrainerApp) -> None:
        await pilot.pause()
        keys = f"1-{len(_screen(app).state.hand)}, Tab"
        assert keys != "1-7, Tab"
        assert f"choose a card ({keys})" in "\n".join(screen_lines(app))
        await press(pilot, "question_mark")
        assert isinstance(app.screen, TrainerHelp)
        assert keys in "\n".join(screen_lines(app))

    checks.play_trainer(launch, puzzle, run_, look)
