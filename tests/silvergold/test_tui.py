"""The full-screen game (Textual), driven by keys and clicks as a person would.

Each flow runs the app headless with ``App.run_test`` and a Pilot (``asyncio.run`` in a
plain test, no plugin needed). The key sequences are worked out from the puzzle's proven
line with the same :class:`Placer` the screen uses: turn and mirror until the shape fits,
then arrows to its cells.
"""

from __future__ import annotations

import asyncio
import copy
import datetime as dt
import functools
import io
import threading
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rich.console import Console
from textual.pilot import Pilot
from textual.widgets import Input
from tui_pilot import press, screen_lines, screen_of, until

from silverpyr.cli.core.tui.modals import LeaveDialog, Reading
from silverpyr.cli.core.tui.rules_screen import RULES_HINT, RulesScreen
from silverpyr.cli.silvergold.tui.app import SilverpyrApp
from silverpyr.cli.silvergold.tui.end_screen import EndScreen
from silverpyr.cli.silvergold.tui.game_screen import GameScreen
from silverpyr.cli.silvergold.tui.help import KeysHelp
from silverpyr.cli.silvergold.tui.home import HomeScreen, StatsScreen
from silverpyr.cli.silvergold.tui.placing import Placer
from silverpyr.cli.silvergold.tui.puzzle_screen import PuzzleScreen
from silverpyr.cli.silvergold.tui.setting import Setting
from silverpyr.cli.silvergold.tui.widgets import CELL, ROW_LABEL, CardView
from silverpyr.puzzles.core.store import Store
from silverpyr.puzzles.silvergold.generate import puzzle_from_id
from silverpyr.puzzles.silvergold.puzzle import Puzzle
from silverpyr.solver.silvergold.bots import choose_keep, choose_move
from silverpyr.solver.silvergold.cards import Deck
from silverpyr.solver.silvergold.cells import cells_of, column_of, row_of
from silverpyr.solver.silvergold.game import GameState, Phase
from silverpyr.solver.silvergold.moves import Mark, Move, move_str

DAY = dt.date(2026, 11, 22)
SIZE = (100, 36)


@pytest.fixture(scope="module")
def daily(deck: Deck) -> Puzzle:
    return puzzle_from_id(deck, "daily-2026-11-22")


def keys_for(placer: Placer, mark: Mark) -> list[str]:
    """Keys that put the ghost on ``mark``: ``s`` if needed, ``r``/``m``, then arrows."""
    trial = copy.deepcopy(placer)
    keys: list[str] = []
    if mark.is_single != trial.is_single:
        keys.append("s")
        trial.toggle_single()
    wanted = {(row_of(c), column_of(c)) for c in cells_of(mark.cells)}
    top = min(r for r, _ in wanted)
    left = min(c for _, c in wanted)
    shape = frozenset((r - top, c - left) for r, c in wanted)
    for _ in range(8):
        if trial.shape() == shape:
            break
        key = "m" if len(keys) % 4 == 3 else "r"
        keys.append(key)
        trial.mirror() if key == "m" else trial.rotate()
    assert trial.shape() == shape
    first = next(cells_of(mark.cells))
    while (trial.row, trial.column) != (row_of(first), column_of(first)):
        if trial.row != row_of(first):
            step = 1 if row_of(first) > trial.row else -1
            keys.append("down" if step > 0 else "up")
            trial.move(step, 0)
        else:
            step = 1 if column_of(first) > trial.column else -1
            keys.append("right" if step > 0 else "left")
            trial.move(0, step)
    while trial.card != mark.card:
        keys.append("tab")
        trial.next_card()
    assert trial.ghost().cells == mark.cells
    return keys


async def place_move(pilot: Pilot[None], screen: PuzzleScreen | GameScreen, move: Move) -> None:
    """Place ``move`` with keys only: the pattern, then each extra mark, each with Enter."""
    for mark in move.marks():
        placer = screen.placer
        assert placer is not None
        await pilot.press(*keys_for(placer, mark), "enter")


async def place_first_move(
    pilot: Pilot[None], app: SilverpyrApp, deck: Deck, puzzle: Puzzle
) -> None:
    """Place the first move of ``puzzle``'s best line with keys on the app's puzzle screen."""
    await place_move(pilot, screen_of(app, PuzzleScreen), puzzle.solution_line(deck).moves[0])


async def settle(pilot: Pilot[None]) -> None:
    """Wait for the solver's workers to finish and their results to be shown."""
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()  # a result may start the next worker
    await pilot.pause()


async def end_turn(pilot: Pilot[None]) -> None:
    """Enter on the pending move: the turn ends (the bots play in a worker)."""
    await pilot.press("enter")
    await settle(pilot)


def run(
    app: SilverpyrApp,
    steps: Callable[[Pilot[None]], Awaitable[None]],
    size: tuple[int, int] = SIZE,
    *,
    notifications: bool = False,
) -> None:
    async def main() -> None:
        async with app.run_test(size=size, notifications=notifications) as pilot:
            await pilot.pause()
            await steps(pilot)

    asyncio.run(main())


@pytest.fixture
def store(tmp_path: Path) -> Iterator[Store]:
    """A results store of the test's own, closed after it."""
    kept = Store(tmp_path / "results.db")
    yield kept
    kept.close()


def puzzle_app(deck: Deck, puzzle: Puzzle, store: Store | None = None) -> SilverpyrApp:
    setting = Setting(deck, store, DAY, record=store is not None)
    return SilverpyrApp(setting, lambda s: PuzzleScreen(s, puzzle))


# --- a puzzle ------------------------------------------------------------------------------


def test_a_whole_daily_with_keys_only_reaches_par_and_is_recorded(
    deck: Deck, daily: Puzzle, store: Store
) -> None:
    app = puzzle_app(deck, daily, store)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, PuzzleScreen)
        optimal = daily.solution_line(deck)
        for move in optimal.moves:
            if screen.session.finished:
                break
            await place_move(pilot, screen, move)
        await pilot.pause()
        assert isinstance(app.screen, EndScreen)
        result = screen.session.result()
        assert (result.points, result.at_par) == (daily.par, True)
        assert "20/20" in app.setting.shares[0]
        await pilot.press("q")

    run(app, steps)
    assert app.return_code == 0
    [attempt] = store.attempts()
    assert (attempt.score, attempt.at_par, attempt.practice) == (daily.par, True, False)


def test_an_illegal_ghost_is_red_and_the_engine_says_why(deck: Deck, daily: Puzzle) -> None:
    app = puzzle_app(deck, daily)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, PuzzleScreen)
        await pilot.press("left")
        ghost = screen.placer.ghost()
        assert not ghost.legal
        assert "must include its entrance E1" in str(screen.status)
        await pilot.press("enter")
        assert screen.session.moves == ()
        assert str(screen.status).startswith("Not there: the first marks on card 36")
        view = screen.query_one("#card-36", CardView)
        assert view.ghost == ghost

    run(app, steps)


def test_each_hint_level_shows_more_on_the_board(deck: Deck, daily: Puzzle) -> None:
    app = puzzle_app(deck, daily)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, PuzzleScreen)
        await pilot.press("h")
        await settle(pilot)
        assert "level 1 of 3" in str(screen.messages[0])
        assert screen.area == 0
        await pilot.press("h")
        await settle(pilot)
        assert "level 2 of 3" in str(screen.messages[0])
        assert screen.area and screen.area_card == 36
        await pilot.press("h")
        await settle(pilot)
        assert "level 3 of 3" in str(screen.messages[0])
        best = daily.solution_line(deck).moves[0].mark
        assert best is not None
        assert screen.placer.ghost().cells == best.cells
        assert screen.session.hint_levels == [1, 1, 1]
        await pilot.press("enter")
        assert len(screen.session.moves) == 1

    run(app, steps)


def test_undo_takes_back_a_move_and_a_click_places_one(deck: Deck, daily: Puzzle) -> None:
    app = puzzle_app(deck, daily)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, PuzzleScreen)
        # C1 in the grid: border and padding, the row labels, then two cells to the right.
        await pilot.click("#card-36", offset=(2 + ROW_LABEL + 2 * CELL + 2, 2))
        assert [screen.session.notation(m) for m in screen.session.moves] == ["C1 D1 E1"]
        await settle(pilot)
        assert "is good" in str(screen.messages[1])
        await pilot.press("u")
        assert screen.session.moves == ()
        assert "Took back turn 1" in str(screen.messages[0])
        await pilot.press("u")
        assert "Nothing to undo" in str(screen.status)

    run(app, steps)


def test_notation_prompt_and_leave_with_confirmation(deck: Deck, daily: Puzzle) -> None:
    app = puzzle_app(deck, daily)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, PuzzleScreen)
        await pilot.press("colon", *"A1 B1", "enter")
        assert screen.session.moves == ()
        assert "Not played" in str(screen.status)
        await pilot.press("colon", *"c1 d1 e1", "enter")
        assert len(screen.session.moves) == 1
        await pilot.press("q")
        assert isinstance(app.screen, LeaveDialog)
        await pilot.press("n")
        assert app.screen is screen and not screen.session.finished
        assert "Playing on" in str(screen.status)
        await press(pilot, "q", "y")
        assert screen.session.gave_up
        assert isinstance(app.screen, EndScreen)

    run(app, steps)


# --- leaving, resuming, the solver in a worker ---------------------------------------------


def test_save_and_leave_then_the_next_start_resumes_at_the_same_turn(
    deck: Deck, daily: Puzzle, store: Store
) -> None:
    first = puzzle_app(deck, daily, store)
    optimal = daily.solution_line(deck).moves

    async def leave(pilot: Pilot[None]) -> None:
        screen = screen_of(first, PuzzleScreen)
        for move in optimal[:2]:
            await place_move(pilot, screen, move)
        await settle(pilot)
        assert store.progress(daily.id) is not None  # saved after every move already
        await pilot.press("q")
        assert isinstance(first.screen, LeaveDialog)
        assert "save and leave (the next play resumes)" in first.screen.keys
        await press(pilot, "s")

    run(first, leave)
    assert first.return_code == 0
    assert list(first.setting.left.values()) == [
        "Saved daily 2026-11-22 at turn 3 (2 moves played): "
        "`silverpyr daily --date 2026-11-22` resumes it."
    ]
    assert store.attempts() == []
    saved = store.progress(daily.id)
    assert saved is not None and saved.turn == 3

    again = puzzle_app(deck, daily, store)

    async def resumed(pilot: Pilot[None]) -> None:
        await pilot.pause()
        screen = screen_of(again, PuzzleScreen)
        assert screen.session.turn_index == 2
        assert screen.session.moves == optimal[:2]
        assert "Resuming daily 2026-11-22 at turn 3 (2 moves played)." in str(screen.status)
        await pilot.press("right")  # the next key gives the status bar back to the ghost
        assert "Resuming" not in str(screen.status)

    run(again, resumed)


def test_restart_drops_the_saved_attempt_and_ctrl_c_keeps_progress(
    deck: Deck, daily: Puzzle, store: Store
) -> None:
    from silverpyr.puzzles.silvergold.attempt import KeptAttempt

    app = puzzle_app(deck, daily, store)

    async def interrupt(pilot: Pilot[None]) -> None:
        await place_first_move(pilot, app, deck, daily)
        await press(pilot, "ctrl+c")

    run(app, interrupt)
    [left] = app.setting.left.values()
    assert left.startswith("Saved daily 2026-11-22 at turn 2 (1 move played)")
    saved = store.progress(daily.id)
    assert saved is not None and saved.turn == 2

    kept = KeptAttempt.start(daily, deck, store, restart=True)
    assert kept.session.moves == ()
    assert kept.notes == ["Starting daily 2026-11-22 over: the saved attempt at turn 2 is dropped."]
    assert store.progress(daily.id) is None


def test_give_up_after_confirmation_records_the_attempt(
    deck: Deck, daily: Puzzle, store: Store
) -> None:
    app = puzzle_app(deck, daily, store)

    async def steps(pilot: Pilot[None]) -> None:
        await place_first_move(pilot, app, deck, daily)
        await pilot.press("q")
        assert "and its score counts" in app.screen.question  # type: ignore[attr-defined]
        await pilot.press("y")
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        assert "gave up" in app.setting.shares[0]
        await pilot.press("enter")

    run(app, steps)
    [attempt] = store.attempts()
    assert attempt.gave_up and not attempt.practice
    assert store.progress(daily.id) is None


def test_a_hint_is_worked_out_in_a_worker_while_the_keys_stay_live(
    deck: Deck, daily: Puzzle
) -> None:
    import threading

    app = puzzle_app(deck, daily)
    release = threading.Event()

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, PuzzleScreen)
        think = screen.kept.think_hint

        def slow(played: object = None) -> object:
            assert release.wait(30)
            return think()

        screen.kept.think_hint = slow  # type: ignore[method-assign,assignment]
        await pilot.press("h")
        assert screen.thinking == {"hint": "a hint"}
        assert "thinking" in str(screen.status)
        column = screen.placer.column
        await pilot.press("left")  # handled while the solver is still busy
        assert screen.placer.column == column - 1
        await pilot.press("h")
        assert "Still thinking" in str(screen.status)
        release.set()
        await settle(pilot)
        assert screen.thinking == {}
        assert "level 1 of 3" in str(screen.messages[0])
        assert screen.session.hints_used == 1 and screen.session.hint_levels == [1, 0, 0]
        assert "thinking" not in str(screen.status)

    run(app, steps)


# --- a game against the bots ---------------------------------------------------------------


def test_a_game_turn_with_a_replacement_taken_by_key(deck: Deck) -> None:
    setting = Setting(deck, None, DAY, record=False)
    app = SilverpyrApp(setting, lambda s: GameScreen(s, players=2, seed=5))

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, GameScreen)
        dealt = [card.number for card in screen.state.players[0].dealt]
        for number in choose_keep(screen.state.players[0].dealt):
            await pilot.press(str(dealt.index(number) + 1))
        await pilot.press("enter")
        await settle(pilot)
        assert screen.state.phase is Phase.MARK
        first = choose_move(screen.state.position(0), screen.state.expedition, 1)
        await place_move(pilot, screen, first)
        await pilot.pause()
        assert first.mark is not None
        view = screen._views[first.mark.card]  # marks numbered by turn, as in a puzzle
        assert set(view.labels.values()) == {"1"}  # pending: drawn as this turn's marks
        assert len(view.labels) == first.mark.cells.bit_count()
        assert screen.game.marked == first and screen.state.turn == 1
        await end_turn(pilot)
        assert set(view.labels.values()) == {"1"}  # final now, still turn 1's
        assert screen.state.turn == 2
        console = Console(width=100, record=True, file=io.StringIO())
        console.print(screen._opponent(1))  # the opponent's tab: sheet and cards, numbered
        opponent = console.export_text()
        assert "Player 2: torches" in opponent and " 1" in opponent
        assert all(f"Card {s.number}" in opponent for s in screen.state.position(1).cards)
        while screen.state.phase is Phase.MARK:
            state = screen.state
            move = choose_move(state.position(0), state.expedition, state.round_number)
            await place_move(pilot, screen, move)
            await end_turn(pilot)
        assert screen.state.phase is Phase.REPLACE
        assert "take a replacement" in str(screen.query_one("#status").render())
        assert "Place" not in screen_lines(app)[-1]  # Enter means nothing at a replacement
        offered = screen.state.offer[1].number
        await pilot.press("2")
        await settle(pilot)
        assert offered in [s.number for s in screen.state.position(0).cards]
        assert "from offer slot 2" in str(screen.messages[-1])
        await pilot.press("o")
        assert screen.query_one("#tabs").active == "tab-p1"  # type: ignore[attr-defined]

    run(app, steps)


# --- home and stats ------------------------------------------------------------------------


def test_home_opens_the_stats_and_the_daily(deck: Deck, daily: Puzzle, store: Store) -> None:
    setting = Setting(deck, store, DAY, record=False, home=True)
    app = SilverpyrApp(setting, HomeScreen)

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("question_mark")  # ? on every screen: its keys, r the rules
        await pilot.pause()
        assert isinstance(app.screen, KeysHelp)
        text = "\n".join(screen_lines(app))
        assert "Daily" in text and "golden tomb" in text and RULES_HINT in text
        await press(pilot, "r")
        assert isinstance(app.screen, RulesScreen)
        text = "\n".join(screen_lines(app))
        assert "Silver & Gold Pyramids: the rules" in text
        assert "A  B  C  D  E" in text and "Turn 1, " in text  # a card, marked in notation
        await press(pilot, "q")
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("t")
        assert isinstance(app.screen, StatsScreen)
        await pilot.press("q")
        assert isinstance(app.screen, HomeScreen)
        await press(pilot, "d")
        screen = screen_of(app, PuzzleScreen)
        assert screen.session.puzzle.id == daily.id
        await press(pilot, "question_mark")
        text = "\n".join(screen_lines(app))
        assert "turn the pattern a quarter" in text and "Hint" in text  # the screen's own keys
        await press(pilot, "x")
        assert app.screen is screen
        await press(pilot, "q", "y")
        await pilot.press("q")
        assert isinstance(app.screen, HomeScreen)

    run(app, steps)


# --- start-up ------------------------------------------------------------------------------


def test_help_does_not_import_textual() -> None:
    import subprocess
    import sys

    code = (
        "import sys\n"
        "from silverpyr.cli.core.app import app\n"
        "try:\n"
        "    app(['daily', '--help'])\n"
        "except SystemExit:\n"
        "    pass\n"
        "print('textual' in sys.modules)\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip().endswith("False")
    assert "--line" in out.stdout


def test_the_first_frame_does_not_load_or_tools() -> None:
    """Everything the puzzle screen's first frame needs, imported: the solver is not."""
    import subprocess
    import sys

    code = (
        "import sys\n"
        "import silverpyr.cli.silvergold.tui.app, silverpyr.cli.silvergold.tui.puzzle_screen\n"
        "import silverpyr.cli.silvergold.tui.end_screen, silverpyr.cli.silvergold.tui.game_screen\n"
        "import silverpyr.cli.silvergold.tui.home, silverpyr.puzzles.silvergold.attempt\n"
        "import silverpyr.puzzles.silvergold.catalog\n"
        "print(sorted(m for m in sys.modules if m.startswith(('ortools',"
        " 'silverpyr.solver.silvergold.model',"
        " 'silverpyr.solver.silvergold.line', 'silverpyr.puzzles.silvergold.hints'))))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


def test_a_red_cross_extra_is_placed_as_a_single_cell(deck: Deck) -> None:
    puzzle = puzzle_from_id(deck, "points-1")  # turn 2 of its line: D1 D2 D3 E3 +E4
    app = puzzle_app(deck, puzzle)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, PuzzleScreen)
        first, second = puzzle.solution_line(deck).moves[:2]
        await place_move(pilot, screen, first)
        assert second.mark is not None and second.extras
        await pilot.press(*keys_for(screen.placer, second.mark), "enter")
        assert screen.placer.extra_mode and screen.placer.is_single
        assert "extra mark" in str(screen.status)
        assert len(screen.session.moves) == 1
        await pilot.press(*keys_for(screen.placer, second.extras[0]), "enter")
        assert screen.session.moves[1] == second

    run(app, steps)


def test_the_level_3_hint_leads_with_its_move_and_its_ghost_follows_the_red_cross(
    deck: Deck,
) -> None:
    """At 80x24 the panel is short: the move comes first. Enter, Enter plays the hinted move
    whole: the ghost goes on to the extra mark its red cross owes (issue 32)."""
    puzzle = puzzle_from_id(deck, "points-1")  # turn 2 of its line: D1 D2 D3 E3 +E4
    app = puzzle_app(deck, puzzle)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, PuzzleScreen)
        first = puzzle.solution_line(deck).moves[0]
        await place_move(pilot, screen, first)
        await settle(pilot)
        for _ in range(3):
            await pilot.press("h")
            await settle(pilot)
        assert "level 3 of 3" in str(screen.messages[0])
        assert str(screen.messages[1]).strip().startswith("Move: ")
        hinted = screen.placer.hint
        assert hinted is not None and hinted.extras, "the hinted move has no extra mark"
        await pilot.press("enter")
        assert screen.placer.extra_mode
        assert Mark(screen.placer.ghost().card, screen.placer.ghost().cells) == hinted.extras[0]
        await pilot.press("enter")
        assert screen.session.moves[1] == hinted

    run(app, steps)


@pytest.mark.slow  # advice rollouts in a whole app, end to end; CI runs it
def test_h_in_the_game_gives_the_experts_advice_at_keep_and_mark(deck: Deck) -> None:
    setting = Setting(deck, None, DAY, record=False)
    app = SilverpyrApp(setting, lambda s: GameScreen(s, players=2, seed=7))

    async def steps(pilot: Pilot[None]) -> None:
        from silverpyr.puzzles.silvergold.realgame.advice import advise

        screen = screen_of(app, GameScreen)
        await pilot.press("h")  # keep: played out in a worker
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        assert screen.thinking is False
        reading = app.screen
        assert isinstance(reading, Reading)  # the whole table, not a side panel's width
        shown = "\n".join(_rendered(part) for part in reading.parts)
        assert "Expected score" in shown and "keep" in shown
        assert "Advice: the expert's choice is keep" in _rendered(screen.messages[-1])
        await pilot.press("escape")
        assert app.screen is screen
        dealt = [card.number for card in screen.state.players[0].dealt]
        for number in choose_keep(screen.state.players[0].dealt):
            await pilot.press(str(dealt.index(number) + 1))
        await pilot.press("enter")
        await settle(pilot)
        await pilot.press("h")  # a mark: the expert's top move goes under the cursor
        await pilot.app.workers.wait_for_complete()
        await pilot.pause()
        best = advise(screen.state, 0).best.choice
        assert isinstance(best, Move) and best.mark is not None
        assert move_str(best, with_card=True) in _rendered(screen.messages[-1])
        await pilot.press("escape")
        placer = screen.placer
        assert placer.card == best.mark.card

    run(app, steps)


def _rendered(renderable: object) -> str:
    console = Console(width=120, record=True, file=io.StringIO())
    console.print(renderable)
    return console.export_text()


# --- terminals that cannot draw a screen ---------------------------------------------------


def _on_a_pty(
    args: list[str], term: str, home: Path, keys: bytes = b"\x04"
) -> tuple[int, str, str]:
    """Run ``silverpyr ARGS`` with a pseudo-terminal at stdin and stdout (stderr is a
    pipe), ``TERM`` set to ``term``; ``keys`` are typed once it waits for input."""
    import os
    import pty
    import select
    import subprocess
    import sys
    import time

    master, slave = pty.openpty()
    env = dict(os.environ, TERM=term, SILVERPYR_HOME=str(home))
    env.pop("NO_COLOR", None)
    code = "from silverpyr.cli.core.launch import main; main()"
    proc = subprocess.Popen(
        [sys.executable, "-c", code, *args],
        stdin=slave,
        stdout=slave,
        stderr=subprocess.PIPE,
        env=env,
    )
    os.close(slave)
    out, typed, deadline = b"", False, time.monotonic() + 120
    try:
        while time.monotonic() < deadline:
            ready, _, _ = select.select([master], [], [], 0.5)
            if ready:
                try:
                    chunk = os.read(master, 65536)
                except OSError:  # the child closed the terminal
                    break
                if not chunk:
                    break
                out += chunk
            elif proc.poll() is not None:
                break
            elif not typed:  # quiet for half a second: it waits for input
                os.write(master, keys)
                typed = True
        proc.wait(timeout=30)
    finally:
        if proc.poll() is None:  # a hang: end it, and the assertions below fail
            proc.kill()
            proc.wait()
        os.close(master)
    assert proc.stderr is not None
    return proc.returncode, out.decode(errors="replace"), proc.stderr.read().decode()


@pytest.mark.parametrize("term", ["dumb"])
def test_a_dumb_terminal_plays_in_line_mode_with_one_warning(term: str, tmp_path: Path) -> None:
    code, out, err = _on_a_pty(["daily", "--date", "2026-11-22", "--no-record"], term, tmp_path)
    assert code == 0
    assert "Turn 1/6" in out and "Daily puzzle 2026-11-22" in out  # the line mode's board
    assert "\x1b[" not in out  # no colour, no cursor moves: not even Textual's set-up
    assert err.splitlines() == [f"warning: TERM={term} cannot draw a screen: playing in line mode"]


def test_play_on_a_dumb_terminal_is_one_error_line(tmp_path: Path) -> None:
    code, out, err = _on_a_pty(["play"], "dumb", tmp_path)
    assert code == 2
    assert "\x1b[" not in out
    [line] = err.splitlines()
    assert line.startswith("error: silverpyr play needs the full screen, but ")
    assert "TERM=dumb cannot draw a screen" in line


def test_a_pipe_plays_in_line_mode_without_a_warning(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys

    env = dict(os.environ, TERM="xterm-256color", SILVERPYR_HOME=str(tmp_path))
    code = "from silverpyr.cli.core.launch import main; main()"
    out = subprocess.run(
        [sys.executable, "-c", code, "daily", "--date", "2026-11-22", "--no-record"],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        env=env,
        timeout=60,
    )
    assert "Turn 1/6" in out.stdout  # the line mode, no full screen
    # the input ends before the puzzle does: the line mode's own one line, no warning
    assert out.returncode == 2
    [line] = out.stderr.splitlines()
    assert line.startswith("error: ") and "TERM" not in line


# --- the home screen's prompts -------------------------------------------------------------


def test_an_empty_seed_box_means_a_random_seed_as_on_the_command_line(
    deck: Deck, store: Store, monkeypatch: pytest.MonkeyPatch
) -> None:
    from silverpyr.cli.silvergold.tui import home
    from silverpyr.puzzles.silvergold.ids import seed_id

    monkeypatch.setattr(home, "random_seed", lambda: 4242)
    setting = Setting(deck, store, DAY, record=False, home=True)
    app = SilverpyrApp(setting, HomeScreen)

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("s", "escape")  # Escape still cancels
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("s", "enter")  # nothing typed: a random seed
        await pilot.pause()
        screen = screen_of(app, PuzzleScreen)
        assert screen.session.puzzle.id == seed_id(4242)
        await press(pilot, "q", "s")
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("g", "enter")  # a game: a random seed, 2 players
        await pilot.pause()
        await pilot.press("1")  # the first opponents offered: greedy, no coach
        await pilot.pause()
        game = screen_of(app, GameScreen)
        assert game.state.seed == 4242 and len(game.state.players) == 2
        assert (game.game.opponents, game.game.coach) == ("greedy", False)

    run(app, steps)


def test_random_seeds_are_drawn_as_the_command_line_draws_them() -> None:
    from silverpyr.cli.core import options
    from silverpyr.cli.silvergold.tui import home

    assert home.random_seed is options.random_seed


@pytest.mark.parametrize(
    ("key", "typed"),
    [("s", "7" * 5000), ("s", str(2**63)), ("g", "7" * 5000), ("g", f"{2**63} 2"), ("g", "5 77")],
)
def test_a_seed_out_of_range_in_a_box_is_a_notice_not_a_crash(
    deck: Deck, store: Store, key: str, typed: str
) -> None:
    setting = Setting(deck, store, DAY, record=False, home=True)
    app = SilverpyrApp(setting, HomeScreen)

    async def steps(pilot: Pilot[None]) -> None:
        await press(pilot, key)
        app.screen.query_one(Input).value = typed
        await press(pilot, "enter")
        await settle(pilot)  # the box's answer may come from a worker, late on a busy machine
        await until(pilot, lambda: app._notifications)
        assert isinstance(app.screen, HomeScreen)  # still home, the app alive
        assert app._notifications, "the player is told why"

    run(app, steps)


def test_a_daily_saved_then_finished_in_the_same_run_leaves_no_stale_saved_line(
    deck: Deck, daily: Puzzle, store: Store
) -> None:
    from textual.widgets._toast import Toast

    setting = Setting(deck, store, DAY, record=True, home=True)
    app = SilverpyrApp(setting, HomeScreen)
    optimal = daily.solution_line(deck).moves

    async def steps(pilot: Pilot[None]) -> None:
        await press(pilot, "d")
        screen = screen_of(app, PuzzleScreen)
        await place_move(pilot, screen, optimal[0])
        await settle(pilot)
        await pilot.press("q", "s")  # save and leave: a toast and a line for the exit
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "resumes it" in next(iter(setting.left.values()))
        assert app.screen.query(Toast)
        await pilot.press("d")  # resumed at turn 2, then played to the end
        await pilot.pause()
        again = app.screen
        assert isinstance(again, PuzzleScreen) and again.session.turn_index == 1
        for move in optimal[1:]:
            if again.session.finished:
                break
            await place_move(pilot, again, move)
        await settle(pilot)
        assert isinstance(app.screen, EndScreen)
        assert setting.left == {}  # and nothing says it resumes when the app exits
        await press(pilot, "q")
        assert isinstance(app.screen, HomeScreen)

    run(app, steps, notifications=True)
    assert len(setting.shares) == 1
    [attempt] = store.attempts()
    assert attempt.at_par


# --- a pattern that fits nowhere -----------------------------------------------------------


def test_a_pattern_that_fits_nowhere_says_so_and_the_way_out(deck: Deck) -> None:
    from silverpyr.puzzles.silvergold.ids import seed_id

    puzzle = puzzle_from_id(deck, seed_id(5))  # turn 1: the O4 fits nowhere on its card
    app = puzzle_app(deck, puzzle)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, PuzzleScreen)
        name = screen.session.expedition.name
        assert screen.placer.fits_nowhere()
        wanted = f"{name} fits nowhere on your cards: press s to mark a single cell instead"
        assert str(screen.status) == wanted
        for key in ("right", "down", "r", "enter"):  # no spot, no turn, no Enter helps
            await pilot.press(key)
            assert str(screen.status) == wanted
        assert screen.session.moves == ()
        await pilot.press("s")
        assert str(screen.status).endswith("Enter places it")  # the entrance
        await pilot.press("enter")
        assert len(screen.session.moves) == 1

    run(app, steps)


@functools.cache
def _seeded_puzzle(deck: Deck, seed: int) -> Puzzle:
    """A seed's puzzle, made once per process (making one proves its par: up to seconds)."""
    from silverpyr.puzzles.silvergold.ids import seed_id

    return puzzle_from_id(deck, seed_id(seed))


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.sampled_from(range(5, 11)), picks=st.lists(st.integers(0, 10_000), max_size=6))
def test_fits_nowhere_is_exactly_when_only_single_cells_are_legal(
    deck: Deck, seed: int, picks: list[int]
) -> None:
    """Over six puzzles (seed 5's O4 fits nowhere at once), random lines of play: the
    placer's "fits nowhere" is exactly "only single cells are legal"."""
    from silverpyr.puzzles.silvergold.session import PlaySession

    session = PlaySession(_seeded_puzzle(deck, seed), deck)
    for pick in [*picks, 0]:
        if session.finished:
            break
        placer = Placer(session.position, session.expedition, session.round_number)
        candidates = placer.candidates()
        nowhere = not any(not mark.is_single for mark in candidates)
        assert placer.fits_nowhere() == nowhere
        assert (placer.way_out() is not None) == nowhere
        if nowhere:
            assert "press s" in (placer.way_out() or "")
            placer.toggle_single()
            assert placer.way_out() is None  # a single cell: the ghost's own status again
            assert placer.ghost().legal  # on a cell that can take it
        moves = session.position.legal_moves(session.expedition, session.round_number)
        session.play_move(moves[pick % len(moves)])


# --- told without colour: colour-blind players, NO_COLOR -----------------------------------


def test_legal_and_illegal_ghosts_differ_by_glyph_and_border_not_only_colour(
    deck: Deck, daily: Puzzle
) -> None:
    from silverpyr.cli.silvergold.tui.widgets import GHOST_GLYPH, ILLEGAL_GLYPH

    app = puzzle_app(deck, daily)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, PuzzleScreen)
        view = screen.query_one("#card-36", CardView)
        drawn = str(view.render())
        assert screen.placer.ghost().legal
        assert drawn.count(GHOST_GLYPH) == 3 and ILLEGAL_GLYPH not in drawn  # I3: 3 cells
        assert not view.has_class("illegal")
        solid = view.styles.border_top[0]
        await press(pilot, "left")
        drawn = str(view.render())
        assert not screen.placer.ghost().legal
        assert drawn.count(ILLEGAL_GLYPH) == 3 and GHOST_GLYPH not in drawn
        assert view.has_class("illegal")
        assert view.styles.border_top[0] != solid  # dashed against solid

    run(app, steps)


def _colours(renderable: object, width: int = 100) -> set[str]:
    """Every colour in ``renderable`` drawn by Rich (foreground and background)."""
    from rich.console import RenderableType

    console = Console(width=width, file=io.StringIO(), color_system="truecolor")
    assert isinstance(renderable, RenderableType)  # type: ignore[misc,arg-type]
    found: set[str] = set()
    for segment in console.render(renderable):
        style = segment.style
        if style is not None:
            found.update(str(c) for c in (style.color, style.bgcolor) if c is not None)
    return found


def _drawings(screen: object) -> list[object]:
    from silverpyr.cli.core.tui.base import Shown

    assert isinstance(screen, PuzzleScreen | GameScreen | HomeScreen | EndScreen)
    shown = [w.content for w in screen.query(Shown) if not isinstance(w.content, str)]
    return shown + [view.render() for view in screen.query(CardView)]


@pytest.mark.parametrize("no_color", [True, False])
def test_no_color_draws_the_board_in_the_terminals_own_colours(
    deck: Deck, daily: Puzzle, no_color: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    app = puzzle_app(deck, daily)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, PuzzleScreen)
        for keys in ((), ("left",), ("h",)):  # a legal ghost, an illegal one, a hint
            await pilot.press(*keys)
            await settle(pilot)
            colours = set().union(*(_colours(d) for d in _drawings(screen)))
            # the red gem on the default background, the ghost, the marks: no colour of
            # ours, so Textual's greys cannot put dark grey on darker grey
            assert (colours == set()) is no_color

    run(app, steps)


def test_no_color_game_screen_has_no_colour_of_ours(
    deck: Deck, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("NO_COLOR", "1")
    setting = Setting(deck, None, DAY, record=False)
    app = SilverpyrApp(setting, lambda s: GameScreen(s, players=2, seed=5))

    async def steps(pilot: Pilot[None]) -> None:
        await press(pilot, "1", "2")
        assert set().union(*(_colours(d) for d in _drawings(app.screen))) == set()
        await pilot.press("enter")
        await settle(pilot)
        assert set().union(*(_colours(d) for d in _drawings(app.screen))) == set()

    run(app, steps)


@given(
    bold=st.booleans(),
    color=st.sampled_from([None, "red1", "green4", "#102030", "grey82"]),
    bgcolor=st.sampled_from([None, "blue", "gold1", "bright_cyan", "#ffffff"]),
)
def test_colourless_style_drops_colours_and_keeps_a_background_as_reverse(
    bold: bool, color: str | None, bgcolor: str | None
) -> None:
    from rich.style import Style

    from silverpyr.cli.core.tui.colour import colourless_style

    style = colourless_style(Style(bold=bold, color=color, bgcolor=bgcolor))
    assert style.color is None and style.bgcolor is None
    assert bool(style.bold) is bold
    assert bool(style.reverse) is (bgcolor is not None)


# --- what fits on the screen ----------------------------------------------------------------


def _everything_inside(app: SilverpyrApp, *selectors: str) -> None:
    """Each widget named is shown whole: inside the screen, and as tall as it wants."""
    screen = app.screen
    area = screen.region
    for selector in selectors:
        for widget in screen.query(selector):
            if not widget.display:
                continue
            region = widget.region
            assert region.height > 0 and area.contains_region(region), selector
            content = widget.virtual_size.height if widget.styles.height is None else 0
            assert region.height >= content, selector


PUZZLE_PARTS = ("#title", "CardView", "#legend", "#strip", "#status", "Footer")


@pytest.mark.parametrize("puzzle_id", ["daily-2026-11-22", "sprint-2", "pair-2"])
def test_80x24_shows_the_goal_par_turn_board_strip_status_and_every_key(
    deck: Deck, puzzle_id: str
) -> None:
    puzzle = puzzle_from_id(deck, puzzle_id)
    app = puzzle_app(deck, puzzle)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, PuzzleScreen)
        for keys in ((), ("left", "left")):  # then a two-line reason in the status bar
            await press(pilot, *keys)
            _everything_inside(app, *PUZZLE_PARTS)
            text = "\n".join(screen_lines(app))
            flat = " ".join(text.split())
            assert " ".join(puzzle.goal_text().split()) in flat  # the whole goal, par too
            assert f"par {puzzle.par}" in flat
            assert f"Turn 1/{screen.session.instance.turns} - round" in flat
            footer = screen_lines(app)[-1]
            for key in ("r Rotate", "m Mirror", "s 1 cell", "Place", "h Hint", "u Undo"):
                assert key in footer
            assert footer.rstrip().endswith("q Leave")

    run(app, steps, size=(80, 24))


def test_80x24_game_shows_the_whole_offer_and_every_key(deck: Deck) -> None:
    setting = Setting(deck, None, DAY, record=False)
    app = SilverpyrApp(setting, lambda s: GameScreen(s, players=2, seed=5))

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, GameScreen)
        assert "keep two of the four cards" in "\n".join(screen_lines(app))  # the first frame
        _everything_inside(app, "#title", "CardView", "#status", "Footer")
        assert screen_lines(app)[-1].rstrip().endswith("q Leave")
        await pilot.press("1", "2", "enter")
        await settle(pilot)
        _everything_inside(app, "#title", "CardView", "#offer", "#strip", "#status", "Footer")
        lines = screen_lines(app)
        offer = [line for line in lines if ") " in line and "route" in line]
        assert len(offer) == len(screen.state.offer)  # each slot on one whole line
        assert any("d) deck top" in line for line in lines)
        footer = lines[-1].rstrip()
        for key in ("r Rotate", "m Mirror", "s 1 cell", "Place", "h Advice", "u Undo"):
            assert key in footer
        assert footer.endswith("q Leave")

    run(app, steps, size=(80, 24))


@pytest.mark.parametrize("size", [(50, 15), (79, 24), (80, 23), (40, 60)])
def test_below_80x24_a_too_small_screen_shows_until_the_terminal_grows(
    deck: Deck, daily: Puzzle, size: tuple[int, int]
) -> None:
    from silverpyr.cli.silvergold.tui.app import MIN_SIZE, TooSmall

    app = puzzle_app(deck, daily)
    width, height = size

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert isinstance(app.screen, TooSmall)
        shown = " ".join(" ".join(screen_lines(app)).split())
        assert f"Terminal too small: {width}x{height}, need 80x24." in shown
        puzzle = app.screen_stack[-2]
        assert isinstance(puzzle, PuzzleScreen)
        await pilot.press("enter", "q", "h")  # keys do not reach the game underneath
        assert puzzle.session.moves == () and isinstance(app.screen, TooSmall)
        await pilot.resize_terminal(width - 1, height)  # still too small: the size follows
        await pilot.pause()
        assert f"{width - 1}x{height}," in " ".join(screen_lines(app))
        await pilot.resize_terminal(MIN_SIZE.width, MIN_SIZE.height)  # it grows: gone
        await pilot.pause()
        assert app.screen is puzzle
        await pilot.press("enter")
        assert len(puzzle.session.moves) == 1
        await pilot.resize_terminal(width, height)  # and back when it shrinks again
        await pilot.pause()
        assert isinstance(app.screen, TooSmall)

    run(app, steps, size=size)


def test_80x24_is_not_too_small_for_any_screen(deck: Deck) -> None:
    from silverpyr.cli.silvergold.tui.app import TooSmall

    setting = Setting(deck, None, DAY, record=False, home=True)
    app = SilverpyrApp(setting, HomeScreen)

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.pause()
        assert isinstance(app.screen, HomeScreen)
        assert "q Quit" in screen_lines(app)[-1]
        await press(pilot, "t")
        assert isinstance(app.screen, StatsScreen)
        assert not any(isinstance(s, TooSmall) for s in app.screen_stack)

    run(app, steps, size=(80, 24))


# --- the game table: pending moves, the coach, any opponents -----------------------------


def game_app(
    deck: Deck,
    seed: int = 5,
    *,
    players: int = 2,
    opponents: str = "greedy",
    coach: bool = False,
    store: Store | None = None,
    record: Path | None = None,
) -> SilverpyrApp:
    """The full-screen game of a kept game (saved in ``store`` when given)."""
    from silverpyr.puzzles.silvergold.realgame.kept_game import KeptGame

    game = KeptGame.start(
        deck,
        seed=seed,
        fresh_seed=seed,
        players=players,
        opponents=opponents,
        coach=coach,
        record=record,
        store=store,
    )
    setting = Setting(deck, store, DAY, record=store is not None)
    return SilverpyrApp(setting, lambda s: GameScreen(s, game))


async def keep_greedy(pilot: Pilot[None], screen: GameScreen) -> None:
    """Keep the greedy bot's two cards, with keys."""
    dealt = [card.number for card in screen.state.players[0].dealt]
    for number in choose_keep(screen.state.players[0].dealt):
        await pilot.press(str(dealt.index(number) + 1))
    await pilot.press("enter")
    await settle(pilot)


def test_a_placed_move_is_pending_until_enter_again_and_u_takes_it_back(deck: Deck) -> None:
    app = game_app(deck)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, GameScreen)
        await keep_greedy(pilot, screen)
        state = screen.state
        moves = [m for m in state.legal_moves(0) if not m.is_pass]
        first, second = moves[0], moves[-1]
        await place_move(pilot, screen, first)
        await pilot.pause()
        assert screen.game.marked == first and screen.state is state  # nothing final yet
        status = str(screen.query_one("#status").render())
        assert "Enter ends the turn" in status and "u takes it back" in status
        footer = screen_lines(app)[-1]
        assert "End turn" in footer and "u Undo" in footer and "Rotate" not in footer
        await press(pilot, "u")
        assert screen.game.marked is None and screen.state is state
        assert "Took back your move" in str(screen.messages[-1])
        assert all(not view.labels for view in screen._views.values())  # the board is clean
        assert "Place" in screen_lines(app)[-1]
        await place_move(pilot, screen, second)  # choose again
        await end_turn(pilot)
        assert screen.game.marked is None and screen.state.turn == 2
        mine = [str(m) for m in screen.messages if str(m).startswith("  You: ")]
        assert mine == [f"  You: {move_str(second, with_card=True)}"]
        await pilot.pause()
        side = " ".join(" ".join(line[53:] for line in screen_lines(app)[3:-2]).split())
        assert " ".join(str(screen.messages[-1]).split()) in side  # the newest is in sight

    run(app, steps, size=(80, 24))


def test_expert_opponents_play_the_expert_bots_moves_in_a_worker(deck: Deck) -> None:
    from silverpyr.solver.silvergold.players import ExpertPlayer

    app = game_app(deck, seed=11, players=3, opponents="expert")

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, GameScreen)
        await keep_greedy(pilot, screen)
        expert = ExpertPlayer()
        threads: list[bool] = []  # for each bot mark worked out: on the screen's thread?
        player = screen.bots.player
        ask = player.move

        def watched(state: GameState, seat: int) -> Move:
            threads.append(threading.current_thread() is threading.main_thread())
            return ask(state, seat)

        player.move = watched  # type: ignore[method-assign]
        for _ in range(2):
            await settle(pilot)
            state = screen.state
            bots = [expert.move(state, seat) for seat in (1, 2)]
            move = choose_move(state.position(0), state.expedition, state.round_number)
            await place_move(pilot, screen, move)
            await end_turn(pilot)
            assert screen.busy is None and screen.state.turn == state.turn + 1
            shown = [str(m) for m in screen.messages]
            for seat, bot in zip((2, 3), bots, strict=True):
                assert f"  Player {seat}: {move_str(bot, with_card=True)}" in shown
        assert threads and not any(threads)  # the bots think in workers, never freezing it
        assert "3 players against expert bots" in str(screen.messages[0])

    run(app, steps)


def _worst_move(state: GameState) -> Move:
    from silverpyr.puzzles.silvergold.realgame.advice import advise

    worst = advise(state, 0).options[-1].choice
    assert isinstance(worst, Move)
    return worst


@pytest.mark.slow  # the coach weighs the keep too (rollouts today)
def test_the_coach_asks_before_a_graded_move_is_final_heed_or_play_anyway(deck: Deck) -> None:
    from silverpyr.cli.core.tui.modals import Confirm

    app = game_app(deck, coach=True)

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, GameScreen)
        await keep_greedy(pilot, screen)
        while isinstance(app.screen, Confirm):  # the coach may question the keep
            await pilot.press("y")
            await settle(pilot)
        state = screen.state
        worst = _worst_move(state)
        await place_move(pilot, screen, worst)
        await pilot.press("enter")
        await settle(pilot)
        question = app.screen
        assert isinstance(question, Confirm)  # asked before the move is final
        verdict = screen.game.check(worst)
        assert verdict is not None and not verdict.is_silent
        assert question.question == verdict.warning()
        await pilot.press("n")  # heed it: the move is taken back, the same turn
        await pilot.pause()
        assert app.screen is screen and screen.game.marked is None and screen.state is state
        await place_move(pilot, screen, worst)  # the same move again, played anyway
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, Confirm)
        await pilot.press("y")
        await settle(pilot)
        assert app.screen is screen and screen.state.turn == 2
        assert verdict.message() in [str(m) for m in screen.messages]  # after the fact too
        await pilot.press("q")
        await press(pilot, "y")

    run(app, steps)
    left = "\n".join(app.setting.left.values())
    assert left.startswith("Coach's summary: ")  # q: the summary so far


def test_leave_says_the_game_is_saved_and_the_next_start_resumes_it(
    deck: Deck, store: Store
) -> None:
    from silverpyr.cli.core.tui.modals import Confirm
    from silverpyr.puzzles.silvergold.realgame.kept_game import KeptGame

    app = game_app(deck, seed=9, store=store)
    played: list[GameState] = []

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, GameScreen)
        await keep_greedy(pilot, screen)
        state = screen.state
        await place_move(pilot, screen, choose_move(state.position(0), state.expedition, 1))
        await end_turn(pilot)
        played.append(screen.state)
        state = screen.state
        await place_move(pilot, screen, choose_move(state.position(0), state.expedition, 1))
        assert screen.game.marked is not None  # pending: not final, so not saved
        await press(pilot, "q")
        question = screen_of(app, Confirm)
        assert "It is saved: `silverpyr game` resumes it." in question.question
        await press(pilot, "y")

    run(app, steps)
    left = app.setting.left["game"]
    assert "The game is saved at round 1, turn 2" in left and "`silverpyr game`" in left
    resumed = KeptGame.start(deck, seed=None, fresh_seed=1, store=store)
    again = SilverpyrApp(Setting(deck, store, DAY, record=True), lambda s: GameScreen(s, resumed))

    async def resume(pilot: Pilot[None]) -> None:
        screen = screen_of(again, GameScreen)
        assert any("Resuming the unfinished game" in str(m) for m in screen.messages)
        assert screen.game.marked is None and screen.placer is not None
        assert screen.state == played[0]  # the same table, replayed
        assert "round 1, turn 2/7" in str(screen.query_one("#title").render())

    run(again, resume)
    resumed.release()


def test_leaving_while_the_coach_weighs_does_not_wait_for_it(deck: Deck) -> None:
    """The solver's work runs in daemon threads: leaving mid-advice does not hang."""
    app = game_app(deck, coach=True)
    release = threading.Event()
    started: list[threading.Thread] = []

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, GameScreen)

        def slow(choice: object) -> None:
            started.append(threading.current_thread())
            release.wait(60)

        screen.game.check = slow  # type: ignore[assignment,method-assign]
        await pilot.press("1", "2", "enter")
        await pilot.pause(0.2)
        assert screen.busy is not None and "coach" in screen.busy
        assert "The coach is weighing" in screen_lines(app)[-2]
        await press(pilot, "q", "y")

    run(app, steps)  # returns: the app left while the coach still weighed
    assert started and started[0].daemon and started[0].is_alive()
    release.set()


def test_home_resumes_the_unfinished_game_and_new_games_choose_opponents_and_coach(
    deck: Deck, tmp_path: Path
) -> None:
    from silverpyr.cli.silvergold.tui.home import opponent_choices
    from silverpyr.puzzles.silvergold.realgame.kept_game import KeptGame
    from silverpyr.solver.silvergold.bots import choose_keep

    store = Store(tmp_path / "results.db")
    with KeptGame.start(deck, seed=5, fresh_seed=5, store=store) as kept:
        kept.keep(*choose_keep(kept.game.players[0].dealt))  # one decision: saved
    setting = Setting(deck, store, DAY, record=True, home=True)
    app = SilverpyrApp(setting, HomeScreen)
    expert_coach = [value for value, _ in opponent_choices()].index("expert+coach") + 1

    async def steps(pilot: Pilot[None]) -> None:
        await pilot.press("g", "enter")  # empty: the unfinished game, as `silverpyr game`
        await settle(pilot)
        game = screen_of(app, GameScreen)
        assert game.game.resumed and game.state.seed == 5 and game.state.phase is Phase.MARK
        assert any("Resuming the unfinished game" in str(m) for m in game.messages)
        await press(pilot, "q", "y")
        assert isinstance(app.screen, HomeScreen)
        await pilot.press("g", *"7 3", "enter")  # another game while one is unfinished
        await pilot.pause()
        await press(pilot, str(expert_coach))
        assert isinstance(app.screen, HomeScreen)  # refused, with a notice
        store.drop_game("game")
        await press(pilot, "g", *"7 3", "enter")
        await pilot.press(str(expert_coach))
        await settle(pilot)
        game = screen_of(app, GameScreen)
        assert (game.state.seed, len(game.state.players)) == (7, 3)
        assert (game.game.opponents, game.game.coach) == ("expert", True)
        await press(pilot, "q", "y")

    run(app, steps, notifications=True)
    store.close()


@pytest.mark.parametrize(
    ("column", "value", "said"),
    [
        ("players", 5, "damaged"),  # not a Silver & Gold table
        ("opponents", "wizard", "cannot be resumed (no bot is named 'wizard')"),
        ("answers", '["zz"]', "cannot be resumed (answer 1, 'zz': "),
    ],
)
def test_home_refuses_a_damaged_unfinished_game_and_keeps_it(
    deck: Deck, store: Store, column: str, value: object, said: str
) -> None:
    """The game box with a damaged saved row, or one that does not replay, says so (and
    names ``--restart``) and stays home; neither resuming nor a new game writes over or
    drops the row."""
    import sqlite3

    from silverpyr.puzzles.silvergold.realgame.kept_game import KeptGame
    from silverpyr.solver.silvergold.bots import choose_keep

    with KeptGame.start(deck, seed=5, fresh_seed=5, store=store) as kept:
        kept.keep(*choose_keep(kept.game.players[0].dealt))  # one decision: saved
    with sqlite3.connect(store.path) as db:
        db.execute(f"UPDATE saved_games SET {column} = ?", (value,))
        damaged = db.execute("SELECT * FROM saved_games").fetchall()
    setting = Setting(deck, store, DAY, record=True, home=True)
    app = SilverpyrApp(setting, HomeScreen)

    async def steps(pilot: Pilot[None]) -> None:
        for typed in ((), tuple("7 3")):  # resume it; a new game
            await press(pilot, "g", *typed, "enter")
            if typed:
                await pilot.press("1")  # the first opponents
                await pilot.pause()
            assert isinstance(app.screen, HomeScreen)
            told = [str(note.message) for note in app._notifications]
            assert any("--restart" in note for note in told), told
            if not typed:  # resuming says why (a new game is refused as another game)
                assert any(said in note for note in told), told
            app.clear_notifications()

    run(app, steps, notifications=True)
    with sqlite3.connect(store.path) as db:
        assert db.execute("SELECT * FROM saved_games").fetchall() == damaged


@pytest.mark.slow  # a whole game with keys (about a minute on a loaded machine)
def test_a_whole_game_ends_on_a_screen_with_the_final_score(deck: Deck, tmp_path: Path) -> None:
    from silverpyr.cli.silvergold.tui.game_screen import GameEnd
    from silverpyr.solver.silvergold.bots import choose_replacement

    app = game_app(deck, seed=3, players=2, record=tmp_path / "game.json")
    app.setting.home = False

    async def steps(pilot: Pilot[None]) -> None:
        screen = screen_of(app, GameScreen)
        await keep_greedy(pilot, screen)
        for _ in range(200):
            state = screen.state
            if state.phase is Phase.OVER:
                break
            if state.phase is Phase.REPLACE:
                choice = choose_replacement(state)
                await pilot.press("d" if choice.slot is None else str(choice.slot + 1))
                await settle(pilot)
                continue
            move = choose_move(state.position(0), state.expedition, state.round_number)
            await place_move(pilot, screen, move)
            await end_turn(pilot)
        await pilot.pause()
        assert isinstance(app.screen, GameEnd)
        shown = "\n".join(screen_lines(app))
        assert "The game is over." in shown and "Final score" in shown and "Winner:" in shown
        await press(pilot, "q")

    run(app, steps, size=(80, 24))
    left = app.setting.left["game"]
    assert left.startswith("Final score: you ")
    assert f"silverpyr hint --game {tmp_path / 'game.json'} --review" in left
    assert (tmp_path / "game.json").exists()  # --record: written by the kept game
