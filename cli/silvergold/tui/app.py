"""The Textual app: its CSS and the first screen it shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from .setting import Setting

MIN_SIZE = Size(80, 24)
"""The smallest terminal that shows every part of every screen: 80 columns for the
puzzle's footer keys (79 characters) and the expedition strip of up to 7 cards; 24 rows
for a sprint's two-line goal, a card, the legend, a strip of 3-row patterns, a two-line
status and the footer (tests/test_tui.py checks each screen there)."""

CSS = """
Screen { layout: vertical; }
#title { height: auto; max-height: 4; padding: 0 1; }
#board { height: 1fr; min-height: 8; }
.card {
    width: 26; height: 8;
    border: round $panel-lighten-2; border-title-align: left;
    padding: 0 1;
}
.card.active { border: round $accent; }
.card.active.illegal { border: dashed $error; }
.card.chosen { border: heavy $success; }
#side { width: 1fr; padding: 0 1; }
#log { height: 1fr; min-height: 3; }
#hand { width: auto; height: auto; }
#hand.keep { layout: grid; grid-size: 2; width: 52; }
#offer {
    height: auto; max-height: 7; padding: 0;
    border: none; border-top: round $panel-lighten-2; border-title-align: left;
}
#offer > .option-list--option { padding: 0; }
#legend { height: auto; padding: 0 1; }
#strip { height: auto; padding: 0 1; }
#status { height: auto; min-height: 1; padding: 0 1; background: $boost; }
#end { padding: 0 1; }
#home-menu { width: 60; height: auto; margin: 1 2; }
#home-title { padding: 1 2; height: auto; }
#stats { padding: 1 2; }
TabbedContent { height: 1fr; }
Confirm, Prompt, LeaveDialog, Choose { align: center middle; }
#choose-list { height: auto; max-height: 12; border: none; padding: 0; }
.dialog {
    width: 64; height: auto; padding: 1 2;
    border: thick $accent; background: $surface;
}
.keys { color: $text-muted; margin-top: 1; }
TooSmall { align: center middle; background: $background; }
#too-small { width: auto; max-width: 100%; height: auto; padding: 0 1; }
"""


def too_small_text(size: Size) -> str:
    """What the player sees on a terminal smaller than :data:`MIN_SIZE`."""
    return (
        f"Terminal too small: {size.width}x{size.height}, need "
        f"{MIN_SIZE.width}x{MIN_SIZE.height}.\n"
        "Make the window bigger to play on, or press Ctrl+C to leave."
    )


class TooSmall(ModalScreen[None]):
    """Over the game while the terminal is smaller than :data:`MIN_SIZE`; it goes away
    by itself when the terminal grows (the app watches its size). Keys do nothing
    meanwhile, except Ctrl+C."""

    def __init__(self, size: Size) -> None:
        super().__init__()
        self.shown_size = size

    def compose(self) -> ComposeResult:
        yield Static(too_small_text(self.shown_size), id="too-small")

    def show(self, size: Size) -> None:
        self.shown_size = size
        for note in self.query("#too-small").results(Static):
            note.update(too_small_text(size))


class SilverpyrApp(App[None]):
    """The full-screen game; ``first`` makes the screen it opens on."""

    CSS = CSS
    TITLE = "silverpyr"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c,ctrl+q", "interrupt", "Quit", show=False, priority=True),
    ]

    def __init__(self, setting: Setting, first: Callable[[Setting], Screen[None]]) -> None:
        super().__init__()
        self.setting = setting
        self._first = first
        self._started = False

    async def on_mount(self) -> None:
        await self.push_screen(self._first(self.setting))
        self._started = True
        self.fit(self.size)

    def on_resize(self, event: events.Resize) -> None:
        if self._started:  # the first size is fitted once the first screen is up
            self.fit(event.size)

    def fit(self, size: Size) -> None:
        """Show :class:`TooSmall` while the terminal is below :data:`MIN_SIZE`, and take
        it away when it grows."""
        small = size.width < MIN_SIZE.width or size.height < MIN_SIZE.height
        shown = [screen for screen in self.screen_stack if isinstance(screen, TooSmall)]
        if small and shown:
            shown[-1].show(size)
        elif small:
            self.push_screen(TooSmall(size))
        elif shown and self.screen is shown[-1]:
            self.pop_screen()

    def action_interrupt(self) -> None:
        """Ctrl-C (or Ctrl-Q): leave at once, keeping any puzzle not finished, as the line
        mode does, and saying how to resume a game (saved after every decision)."""
        from .game_screen import GameScreen
        from .puzzle_screen import PuzzleScreen

        for screen in self.screen_stack:
            if isinstance(screen, PuzzleScreen | GameScreen):
                screen.keep_progress()
        self.exit()
