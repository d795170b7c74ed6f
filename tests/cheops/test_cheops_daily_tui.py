"""The Cheops daily and puzzle on the full screen (Textual), by keys as a person would: the
board after every move, the ghost and the engine's reasons, hints, undo, the questions, ``q``
then ``y`` or ``s``, Ctrl-C, the end screen with both lines and the share text; and that
``puzzle`` opens the full screen too (``daily``: ``tests/core/test_daily_opens.py``).

Each flow is one app start (headless, 80x24). The daily of 2026-11-02 is made ahead
(``data/dailies/cheops.json``: read at once): a two-player best margin as Player 2 whose par
line takes j2 with a cobra, sells the yellow and draws from stack 3 (par +85 piastres);
storing instead gives away 26. ``which-treasure-2`` is a golden mid-game puzzle
(``tests/cheops_golden.py``), where a law's space is no answer.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from pathlib import Path

import pytest
import trainer_checks as checks
from cheops_golden import COMPONENTS, DATA
from textual.pilot import Pilot
from tui_pilot import arrows_between, key_of, press, screen_lines, screen_of
from typer.testing import CliRunner

from silverpyr.cli.cheops import puzzle_cmd
from silverpyr.cli.cheops.tui import launch
from silverpyr.cli.cheops.tui.app import CheopsTrainerApp
from silverpyr.cli.cheops.tui.board import boards_text
from silverpyr.cli.cheops.tui.game_screen import next_space
from silverpyr.cli.cheops.tui.puzzle_screen import CheopsPuzzleScreen
from silverpyr.cli.core.tui.rules_screen import RulesScreen
from silverpyr.cli.core.tui.trainer import TrainerEnd, TrainerHelp, TrainerQuestion
from silverpyr.puzzles.cheops.puzzle import CheopsPuzzle
from silverpyr.puzzles.cheops.share import share_text
from silverpyr.puzzles.core.ahead import made_ahead
from silverpyr.puzzles.core.store import Store
from silverpyr.solver.cheops.board import Space
from silverpyr.solver.cheops.game import Take, open_spaces

DAY = dt.date(2026, 11, 2)
Compare = Callable[..., bool]


def made_ahead_daily(day: dt.date) -> CheopsPuzzle:
    """The daily of ``day`` as the dailies made ahead hold it."""
    name = f"daily-{day.isoformat()}"
    data = made_ahead("cheops", puzzle_cmd.cache_key(COMPONENTS, name))
    assert data is not None, f"{name} is not made ahead"
    return CheopsPuzzle.from_dict(data, COMPONENTS, where=name)


@pytest.fixture(scope="module")
def puzzle() -> CheopsPuzzle:
    return made_ahead_daily(DAY)


def _screen(app: CheopsTrainerApp) -> CheopsPuzzleScreen:
    screen = app.screen_stack[1]
    assert isinstance(screen, CheopsPuzzleScreen)
    return screen


def _text(app: CheopsTrainerApp) -> str:
    return "\n".join(screen_lines(app))


async def walk_to(pilot: Pilot[None], app: CheopsTrainerApp, space: str) -> None:
    """Walk the cursor to ``space`` (``j2``) the screen's own way."""
    screen = _screen(app)
    targets = list(open_spaces(screen.state))
    target = next(s for s in targets if str(s) == space)
    assert screen.cursor is not None
    keys = arrows_between(screen.cursor, target, lambda s, r, c: next_space(targets, s, r, c))
    await press(pilot, *keys)


@pytest.mark.slow  # about 4 s: some 15 keys, each waited for
def test_a_daily_by_keys_with_a_take_back_and_hints_ends_on_both_lines_and_the_share(
    puzzle: CheopsPuzzle, home: Path
) -> None:
    """The cursor starts on a space a tile takes; the take brings the sale's question by
    itself; storing gives away 26 and the stack's question repeats the feedback it covers;
    ``u`` on it takes the store back (a move hint, said); ``d`` asks again, ``h`` three times
    on it asks again each time and Enter then takes the hinted sale; stack 3 is key 3; the end
    screen has the score, both lines and the share text, and the attempt is recorded."""
    with Store.open_default(game="cheops") as store:
        run_ = launch.trainer_run(puzzle, store, DAY)

        async def steps(pilot: Pilot[None], app: CheopsTrainerApp) -> None:
            screen = _screen(app)
            assert screen.cursor == Space(9, 0)  # j1: the yellow, with the beetle
            assert "j1 the yellow (price 14/9, market 15) with B beetle: Enter takes" in _text(app)
            await walk_to(pilot, app, "j2")
            assert "j2 the yellow (price 14/9, market 15) with C cobra: Enter takes" in _text(app)
            await press(pilot, "enter")
            question = screen_of(app, TrainerQuestion)
            assert "Your Y yellow treasure: sell or store?" in _text(app)
            await press(pilot, key_of(question, "store"))
            question = screen_of(app, TrainerQuestion)
            text = _text(app)
            assert "store: -26 piastres: sell was worth +85 (yours +59)" in text
            assert "3) Stack 3: C cobra (1 tiles)" in text and "e) End the turn" in text
            await press(pilot, "u")
            assert app.screen is screen
            text = _text(app)
            assert "Took back store." in text and "the take-back counts as a move" in text
            assert "{c}" in text  # the take of this attempt, in braces
            assert screen.session.hint_levels == [0, 0, 1]
            await press(pilot, "d")
            await press(pilot, "h", "h", "h")
            assert isinstance(app.screen, TrainerQuestion)
            assert screen.session.hint_levels == [1, 1, 2]
            assert "sell (worth +85 piastres)" in _text(app)
            await press(pilot, "enter")
            assert screen.session.moves == ("take j2 C", "sell")
            assert isinstance(app.screen, TrainerQuestion)
            await press(pilot, "3")
            assert isinstance(app.screen, TrainerEnd)
            lines = screen_lines(app)
            text = "\n".join(lines)
            assert "Score 85.0 / par 85.0 (100%)  at par" in text
            assert "Hints: 4 (aim 1, area 1, move 2)" in text
            assert "Your line" in text and "Par line" in text
            assert any(line.count("take j2 C") == 2 and line.count("+85") == 2 for line in lines)
            assert any(line.count("draw 3") == 2 for line in lines)
            shared = share_text(puzzle, run_.session.result())
            assert shared.startswith("Cheops daily 2026-11-02 · best margin · difficulty 4/5\n")
            folded = " ".join(text.split())  # the share's long line folds at the width
            assert " ".join(shared.split()) in folded
            assert "100%/100% at par" in shared and "1 take-back" in shared
            await pilot.press("q")

        checks.play_trainer(launch, puzzle, run_, steps)
        checks.assert_scored_and_kept_no_more(store, puzzle, 4)
    assert run_.printed == [share_text(puzzle, run_.session.result())]


def test_q_then_s_saves_and_leaves_and_the_next_play_resumes(
    puzzle: CheopsPuzzle, home: Path
) -> None:
    """``q`` asks the line mode's question; any other key plays on; ``s`` saves and leaves,
    saying how to resume; the next start resumes the move."""
    with Store.open_default(game="cheops") as store:
        run_ = launch.trainer_run(puzzle, store, DAY)

        async def steps(pilot: Pilot[None], app: CheopsTrainerApp) -> None:
            await walk_to(pilot, app, "j2")
            await press(pilot, "enter")
            assert isinstance(app.screen, TrainerQuestion)
            await checks.play_on_then_save_and_leave(pilot, app)

        checks.play_trainer(launch, puzzle, run_, steps)
        said = (
            "daily-2026-11-02 is not over; the attempt is saved: `silverpyr cheops puzzle --id "
            "daily-2026-11-02` resumes it"
        )
        checks.assert_saved_and_resumed(launch, store, puzzle, run_, DAY, said, ("take j2 C",))


def test_q_then_y_gives_up_and_the_end_screen_has_its_help(puzzle: CheopsPuzzle) -> None:
    """Without a store, ``?`` shows the keys and the legend, ``r`` on it the rules page (``q``
    comes back to the puzzle); ``q`` then ``y`` ends the attempt as given up (a give-up scores
    0, the share says so); ``?`` works on the end screen too."""
    given_up = launch.trainer_run(puzzle, None, DAY)

    async def give_up(pilot: Pilot[None], app: CheopsTrainerApp) -> None:
        await press(pilot, "question_mark")
        assert isinstance(app.screen, TrainerHelp)
        text = _text(app)
        assert "use a kept law / type a move" in text and ">U< the cursor" in text
        assert any(" r " in line and "the rules" in line for line in screen_lines(app))
        await press(pilot, "r")
        assert isinstance(app.screen, RulesScreen)
        await press(pilot, "q")
        assert isinstance(app.screen, CheopsPuzzleScreen)
        await checks.give_up_then_help(pilot, app, "a give-up scores 0")

    checks.play_trainer(launch, puzzle, given_up, give_up)
    checks.assert_given_up(given_up, "\ngave up after 0 moves (0%/100%)")


def test_ctrl_c_keeps_the_attempt(puzzle: CheopsPuzzle, home: Path) -> None:
    """Ctrl-C leaves at once, the attempt saved as ``q`` then ``s`` saves it."""
    with Store.open_default(game="cheops") as store:
        run_ = launch.trainer_run(puzzle, store, DAY)

        async def steps(pilot: Pilot[None], app: CheopsTrainerApp) -> None:
            await walk_to(pilot, app, "j2")
            await press(pilot, "enter")
            await press(pilot, "ctrl+c")

        checks.play_trainer(launch, puzzle, run_, steps)
        saved = store.progress(puzzle.id)
        assert saved is not None and saved.moves == ("take j2 C",)
    assert run_.printed[0].startswith("daily-2026-11-02 is not over; the attempt is saved")


def test_a_law_is_no_answer_to_which_treasure_and_the_ghost_says_why() -> None:
    """The cursor starts on an answer; on a law's space the ghost is ``!?!`` and the status
    line gives the session's reason; Enter refuses it with that reason; ``:`` refuses a move
    that is not legal with the engine's; the best answer, taken by keys, ends the puzzle."""
    which = CheopsPuzzle.from_dict(DATA["which-treasure-2"], COMPONENTS, where="which")
    run_ = launch.trainer_run(which, None, DAY)

    async def steps(pilot: Pilot[None], app: CheopsTrainerApp) -> None:
        screen = _screen(app)
        move = screen.enter_move()
        assert move is not None and screen.session.why_not(move) is None
        await walk_to(pilot, app, "d4")
        text = _text(app)
        assert "!?!" in text
        assert "d4 with B beetle: d4 holds a law: this puzzle asks which treasure you take" in text
        await press(pilot, "enter")
        assert "Not played: 'take d4 B': d4 holds a law" in _text(app)
        await press(pilot, "colon")
        await press(pilot, *"sell", "enter")
        assert "Not played: 'sell'" in _text(app)
        await walk_to(pilot, app, "d3")
        await pilot.press("2", "enter")  # the cobra
        await pilot.pause()
        await pilot.pause()
        assert isinstance(app.screen, TrainerEnd)
        assert "Score 55.1 / par 55.1 (100%)  at par" in _text(app)

    checks.play_trainer(launch, which, run_, steps)
    assert run_.session.moves == ("take d3 C",)


@pytest.mark.parametrize("day", [2, 5, 10, 12, 16, 21, 22, 23])
def test_the_cursor_starts_on_a_space_a_tile_of_yours_takes(day: int) -> None:
    """Issue 32: the cursor started every turn on an illegal space. Over made-ahead dailies,
    the screen's first cursor is a take the session allows."""
    daily = made_ahead_daily(dt.date(2026, 11, day))
    screen = CheopsPuzzleScreen(launch.trainer_run(daily, None, DAY), daily)
    screen._fit_cursor(prefer_fit=True)
    move = screen.enter_move()
    assert isinstance(move, Take) and screen.session.why_not(move) is None


def test_the_board_with_the_move_hint_without_colour(
    snap_compare: Compare, puzzle: CheopsPuzzle, monkeypatch: pytest.MonkeyPatch
) -> None:
    """At 80x24 under NO_COLOR: the pyramid (its spaces to take in brackets, the cursor on the
    move hint's space with its tile chosen), the price boards, the seats, your tiles, the
    hints in the messages, the status and the keys: no line cut."""
    monkeypatch.setenv("NO_COLOR", "1")  # Textual reads it when the app is made
    assert checks.snapshot_after(
        snap_compare, checks.trainer_app(launch, puzzle, DAY), "h", "h", "h"
    )


def test_the_end_screen(snap_compare: Compare, puzzle: CheopsPuzzle) -> None:
    """At 80x24, after a turn that stored the yellow (26 given away) and drew: the score
    against par, both lines (the loss beside yours), the share text, the pyramid below."""
    app = checks.trainer_app(launch, puzzle, DAY, "take j2 C", "store")
    assert checks.snapshot_after(snap_compare, app, "3")


# --- which mode the commands open ------------------------------------------------------------


def test_the_puzzle_opens_the_full_screen_too(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    opened = checks.full_screen_opened(monkeypatch, launch, puzzle_cmd, DAY)
    result = CliRunner().invoke(
        checks.puzzle_cli(puzzle_cmd), ["puzzle", "--id", "daily-2026-11-02", "--no-record"]
    )
    assert result.exit_code == 0, result.stderr
    assert [name for name, _, _ in opened] == ["daily-2026-11-02"]


def test_the_market_line_with_law_3_fits_beside_the_pyramid() -> None:
    """The daily of 2026-11-19 has laws 1 and 3 in force: the boards' last line fits the 34
    columns the trainer's screen leaves them (it wrapped ``(law`` / ``3)`` at 33)."""
    daily = made_ahead_daily(dt.date(2026, 11, 19))
    assert {1, 3} <= set(daily.state.laws_in_force)
    last = boards_text(daily.start()).plain.splitlines()[-1]
    assert last == "Market 5 (law 1) full 1/3 (law 3)" and len(last) <= 34


def test_a_resumed_attempt_waiting_for_an_answer_asks_at_once(
    puzzle: CheopsPuzzle, home: Path
) -> None:
    """An attempt saved after the take resumes on the sale's question; Escape puts it off
    (the status line says what is due), ``d`` brings it back; the sale brings the stack's."""
    with Store.open_default(game="cheops") as store:
        first = launch.trainer_run(puzzle, store, DAY)
        first.session.play("take j2 C")
        first.keep()
        run_ = launch.trainer_run(puzzle, store, DAY)

        async def steps(pilot: Pilot[None], app: CheopsTrainerApp) -> None:
            await pilot.pause()
            assert isinstance(app.screen, TrainerQuestion)
            await press(pilot, "escape")
            assert "Sell or store the yellow: d or Enter chooses" in _text(app)
            await press(pilot, "d")
            assert isinstance(app.screen, TrainerQuestion)
            await press(pilot, key_of(app.screen, "sell"))
            assert isinstance(app.screen, TrainerQuestion)  # the stack's, by itself
            assert "3) Stack 3" in _text(app)

        checks.play_trainer(launch, puzzle, run_, steps)
        assert run_.session.moves == ("take j2 C", "sell")


def test_after_the_move_hint_a_kept_law_is_played_by_k_and_said_in_words() -> None:
    """On the made-ahead daily of 2027-01-09 (law 12 kept) the best move swaps two
    treasures: after the move hint the status line names the key that plays it (Enter would
    take the cursor's space), and ``K`` lists each use in words."""
    daily = made_ahead_daily(dt.date(2027, 1, 9))
    screen = CheopsPuzzleScreen(launch.trainer_run(daily, None, DAY), daily)
    assert screen._hinted_key() is None
    screen.session.hint(3)
    assert screen._hinted_key() == "The move hint: law12 h2 h3. K, then Enter, plays it."
    best = screen.session.best_move()
    assert screen._kept_words(best) == "swap the green and the blue"
