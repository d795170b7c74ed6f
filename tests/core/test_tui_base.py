"""The full-screen games' game-free core (``cli/core/tui/base.py``, ``cli/core/tui/colour.py``,
``cli/core/tui/game_screen.py``): the too-small note, the fit on resize, drawing without colour,
solver work off the screen, the wait counter, the cursor's moves, a table game's CSS."""

from __future__ import annotations

import asyncio
import contextlib
import io

import pytest
from hypothesis import given
from hypothesis import strategies as st
from rich.console import Console
from rich.style import Style
from rich.text import Text
from textual.app import ComposeResult
from textual.geometry import Size
from textual.screen import Screen
from textual.widgets import Static
from textual.worker import Worker, WorkerFailed, WorkerState

from silverpyr.cli.core.tui.base import (
    MIN_SIZE,
    GameApp,
    GameOver,
    Shown,
    TooSmall,
    solve_in_thread,
    too_small_text,
)
from silverpyr.cli.core.tui.colour import Colourless

COLOURS = st.sampled_from([None, "red", "green4", "bright_cyan", "grey35", "#102030"])


@given(width=st.integers(1, 300), height=st.integers(1, 100), leaving=st.sampled_from(["", " (x)"]))
def test_too_small_text_names_the_size_the_minimum_and_the_games_note(
    width: int, height: int, leaving: str
) -> None:
    text = too_small_text(Size(width, height), leaving)
    assert f"{width}x{height}" in text
    assert f"{MIN_SIZE.width}x{MIN_SIZE.height}" in text
    assert text.endswith(f"press Ctrl+C to leave{leaving}.")


@given(colour=COLOURS, background=COLOURS, bold=st.booleans())
def test_colourless_keeps_no_colour_and_a_background_as_reverse(
    colour: str | None, background: str | None, bold: bool
) -> None:
    text = Text("ab", style=Style(color=colour, bgcolor=background, bold=bold))
    console = Console(width=20, file=io.StringIO(), color_system="truecolor")
    styles = [s.style for s in console.render(Colourless(text)) if s.style and s.text.strip()]
    assert styles
    for style in styles:
        assert style.color is None and style.bgcolor is None
        assert bool(style.reverse) is (background is not None)
        assert bool(style.bold) is bold


class Blank(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Static("the game", id="game")


class Game(GameApp[list[str]]):
    LEAVING = " (kept)"


def test_too_small_covers_the_game_until_the_terminal_grows() -> None:
    app = Game([], lambda setting: Blank())

    async def main() -> None:
        async with app.run_test(size=(MIN_SIZE.width - 1, MIN_SIZE.height)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, TooSmall)
            note = app.screen.query_one("#too-small", Static)
            assert str(note.render()).endswith("leave (kept).")
            await pilot.resize_terminal(MIN_SIZE.width - 2, MIN_SIZE.height - 1)
            await pilot.pause()
            assert sum(isinstance(s, TooSmall) for s in app.screen_stack) == 1
            assert f"{MIN_SIZE.width - 2}x{MIN_SIZE.height - 1}" in str(note.render())
            await pilot.resize_terminal(MIN_SIZE.width, MIN_SIZE.height)
            await pilot.pause()
            assert isinstance(app.screen, Blank)
            assert not any(isinstance(s, TooSmall) for s in app.screen_stack)

    asyncio.run(main())


class Solving(Screen[None]):
    def __init__(self) -> None:
        super().__init__()
        self.results: list[tuple[str, WorkerState, object]] = []

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.state is WorkerState.SUCCESS:
            self.results.append((worker.name, worker.state, worker.result))
        elif worker.state is WorkerState.ERROR:
            self.results.append((worker.name, worker.state, str(worker.error)))


def _fail() -> object:
    raise ValueError("no luck")


def test_solve_in_thread_gives_the_result_or_the_error_to_the_worker() -> None:
    screen = Solving()
    app = Game([], lambda setting: screen)

    async def main() -> None:
        async with app.run_test(size=(MIN_SIZE.width, MIN_SIZE.height)) as pilot:
            await pilot.pause()
            solve_in_thread(screen, lambda: 6 * 7, "answer", "test-answer")
            solve_in_thread(screen, _fail, "failure", "test-failure")
            for _ in range(3):
                with contextlib.suppress(WorkerFailed):  # the failure's, told to the screen
                    await app.workers.wait_for_complete()
                await pilot.pause()
            assert sorted(screen.results, key=lambda r: r[0]) == [
                ("answer", WorkerState.SUCCESS, 42),
                ("failure", WorkerState.ERROR, "no luck"),
            ]

    asyncio.run(main())


class Ending(Screen[None]):
    def __init__(self, closed: list[str]) -> None:
        super().__init__()
        self.closed = closed

    def compose(self) -> ComposeResult:
        yield Static("the game", id="game")

    def on_mount(self) -> None:
        self.app.push_screen(GameOver(Text("You win")), lambda _: self.closed.append("closed"))


@pytest.mark.parametrize("key", ["q", "escape", "enter"])
def test_game_over_shows_the_parts_under_its_line_and_leaves_on_a_key(key: str) -> None:
    closed: list[str] = []
    app = Game([], lambda setting: Ending(closed))

    async def main() -> None:
        async with app.run_test(size=(MIN_SIZE.width, MIN_SIZE.height)) as pilot:
            await pilot.pause()
            assert isinstance(app.screen, GameOver)
            drawn = app.screen.query_one(Shown).content
            console = Console(width=40, file=io.StringIO())
            with console.capture() as capture:
                console.print(drawn)
            assert capture.get().splitlines()[:2] == ["The game is over.", "You win"]
            await pilot.press(key)
            await pilot.pause()
            assert closed == ["closed"] and isinstance(app.screen, Ending)

    asyncio.run(main())


class Shows(Screen[None]):
    def compose(self) -> ComposeResult:
        yield Shown("", id="shown")


def test_shown_draws_a_text_given_again_only_when_it_changed() -> None:
    """The same text again is not drawn again (a redraw after a key that changed another
    part); a text changed in place and given again is drawn."""
    app = Game([], lambda setting: Shows())

    async def main() -> None:
        async with app.run_test(size=(MIN_SIZE.width, MIN_SIZE.height)) as pilot:
            await pilot.pause()
            shown = app.screen.query_one(Shown)
            drawn: list[str] = []
            real = Static.update

            def counted(widget: Static, content: object = "", **kwargs: object) -> None:
                drawn.append(str(content))
                real(widget, content, **kwargs)  # type: ignore[arg-type]

            with pytest.MonkeyPatch.context() as patch:
                patch.setattr(Static, "update", counted)
                text = Text("turn 1")
                shown.update(text)
                shown.update(Text("turn 1"))  # equal: not drawn again
                shown.update("turn 1")  # a string is not that text
                shown.update("turn 1")
                text.append(", your move")  # changed in place, then given again
                shown.update(text)
            assert drawn == ["turn 1", "turn 1", "turn 1, your move"]
            await pilot.pause()
            assert "turn 1, your move" in str(shown.render())

    asyncio.run(main())


# --- the table games' core (cli/core/tui/game_screen.py) ---------------------------------------


def test_the_wait_counter_shows_from_two_seconds() -> None:
    from silverpyr.cli.core.tui.base import waited

    assert [waited(s) for s in (0.0, 1.99, 2.0, 12.7)] == ["", "", " 2 s", " 12 s"]


def test_the_cursor_goes_to_the_nearest_spot_that_way_the_same_row_first() -> None:
    from silverpyr.cli.core.tui.game_screen import nearest

    def where(spot: tuple[int, int]) -> tuple[int, int, int]:
        return spot[1] * 2, spot[0], spot[1]  # (column on screen, row, place in the row)

    spots = [(0, 0), (0, 1), (0, 3), (1, 1), (2, 0)]
    assert nearest(spots, (0, 1), 0, 1, where) == (0, 3)  # right: the same row first
    assert nearest(spots, (0, 1), 0, -1, where) == (0, 0)
    assert nearest(spots, (0, 1), 1, 0, where) == (1, 1)  # up: the nearest row
    assert nearest(spots, (0, 1), -1, 0, where) == (0, 1)  # nothing below: it stays
    assert nearest(spots, (2, 0), 1, 0, where) == (2, 0)


def test_a_table_games_css_puts_the_games_parts_in_their_places() -> None:
    from silverpyr.cli.core.tui.game_screen import table_css

    css = table_css("#pyramid { width: 9; }", "Help { align: center middle; }", 66)
    lines = css.splitlines()
    assert lines.index("#pyramid { width: 9; }") == lines.index("#table { height: auto; }") + 1
    assert (
        lines.index("Help { align: center middle; }") == lines.index("#end { padding: 0 1; }") + 1
    )
    assert "    width: 66; max-width: 100%; height: auto; max-height: 100%; padding: 1 2;" in lines


def test_a_question_with_keys_of_its_own_answers_to_them() -> None:
    """Stacks 2 and 3 (stack 1 empty) show as ``2)`` and ``3)``, and the key 3 picks stack 3:
    numbered by position, 3 would have been no option at all (a play-tester pressed it)."""
    from textual.app import App
    from textual.widgets import OptionList

    from silverpyr.cli.core.tui.modals import Choose

    answers: list[str | None] = []

    class Asking(App[None]):
        def on_mount(self) -> None:
            self.push_screen(
                Choose("From which stack?", [("2", "Stack 2"), ("3", "Stack 3")], keys=["2", "3"]),
                answers.append,
            )

    async def main() -> None:
        app = Asking()
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            listed = app.screen.query_one(OptionList)
            shown = [str(listed.get_option_at_index(i).prompt) for i in range(listed.option_count)]
            assert shown == ["2) Stack 2", "3) Stack 3"]
            await pilot.press("1")  # no stack 1 here: nothing happens
            await pilot.pause()
            assert answers == []
            await pilot.press("3")
            await pilot.pause()
            assert answers == ["3"]

    asyncio.run(main())
