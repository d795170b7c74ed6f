"""The Sun game's Textual app: its CSS, the "terminal too small" screen, leaving on Ctrl-C."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, ClassVar

from textual import events
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.geometry import Size
from textual.screen import ModalScreen, Screen
from textual.widgets import Static

from .board import Colourless

MIN_SIZE = Size(80, 24)
"""The smallest terminal that shows every part of the game: 80 columns for the longest
pyramid (10 bricks, 61 characters) beside the scores, and the footer's keys; 24 rows for the
pyramid's 10 levels, the hand, a few messages, the status and the footer."""

CSS = """
Screen { layout: vertical; }
#title { height: 1; padding: 0 1; }
#table { height: auto; }
#pyramid { width: auto; height: auto; padding: 0 1 0 0; }
#side { width: 1fr; height: auto; }
#hand { height: 1; padding: 0 1; }
#log { height: 1fr; min-height: 2; padding: 0 1; }
#status { height: auto; min-height: 1; padding: 0 1; background: $boost; }
#end { padding: 0 1; }
Confirm, Prompt, Choose, SunHelp { align: center middle; }
#choose-list { height: auto; max-height: 12; border: none; padding: 0; }
.dialog {
    width: 70; max-width: 100%; height: auto; max-height: 100%; padding: 1 2;
    border: thick $accent; background: $surface;
}
.keys { color: $text-muted; margin-top: 1; }
#help { width: 80; padding: 0 1; }
#help .keys { margin-top: 0; }
SunTooSmall { align: center middle; background: $background; }
#too-small { width: auto; max-width: 100%; height: auto; padding: 0 1; }
"""


@dataclass
class SunSetting:
    """What the screens share: what leaving kept, printed when the app exits."""

    left: list[str] = field(default_factory=list)


def too_small_text(size: Size) -> str:
    """What the player sees on a terminal smaller than :data:`MIN_SIZE`."""
    return (
        f"Terminal too small: {size.width}x{size.height}, need "
        f"{MIN_SIZE.width}x{MIN_SIZE.height}.\n"
        "Make the window bigger to play on, or press Ctrl+C to leave (the game is kept)."
    )


class Shown(Static):
    """A ``Static`` whose Rich drawings lose our colours under ``NO_COLOR``."""

    def update(self, content: Any = "", *args: Any, **kwargs: Any) -> None:
        if self.app.no_color and not isinstance(content, str | Colourless):
            content = Colourless(content)
        super().update(content, *args, **kwargs)


class SunTooSmall(ModalScreen[None]):
    """Over the game while the terminal is smaller than :data:`MIN_SIZE`; it goes away by
    itself when the terminal grows. Keys do nothing meanwhile, except Ctrl+C."""

    def __init__(self, size: Size) -> None:
        super().__init__()
        self.shown_size = size

    def compose(self) -> ComposeResult:
        yield Static(too_small_text(self.shown_size), id="too-small")

    def show(self, size: Size) -> None:
        self.shown_size = size
        for note in self.query("#too-small").results(Static):
            note.update(too_small_text(size))


class SunApp(App[None]):
    """The full-screen Pyramid of the Sun game; ``first`` makes the screen it opens on."""

    CSS = CSS
    TITLE = "silverpyr sun"
    ENABLE_COMMAND_PALETTE = False
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("ctrl+c,ctrl+q", "interrupt", "Quit", show=False, priority=True),
    ]

    def __init__(self, setting: SunSetting, first: Callable[[SunSetting], Screen[None]]) -> None:
        super().__init__()
        self.setting = setting
        self._first = first
        self._started = False

    async def on_mount(self) -> None:
        await self.push_screen(self._first(self.setting))
        self._started = True
        self.fit(self.size)

    def on_resize(self, event: events.Resize) -> None:
        if self._started:
            self.fit(event.size)

    def fit(self, size: Size) -> None:
        """Show :class:`SunTooSmall` while the terminal is below :data:`MIN_SIZE`."""
        small = size.width < MIN_SIZE.width or size.height < MIN_SIZE.height
        shown = [screen for screen in self.screen_stack if isinstance(screen, SunTooSmall)]
        if small and shown:
            shown[-1].show(size)
        elif small:
            self.push_screen(SunTooSmall(size))
        elif shown and self.screen is shown[-1]:
            self.pop_screen()

    def action_interrupt(self) -> None:
        """Ctrl-C: leave at once; the game keeps what it kept (saved after every final
        decision) and says how to resume."""
        for screen in self.screen_stack:
            keep = getattr(screen, "keep_progress", None)  # the game screen's
            if callable(keep):
                keep()
        self.exit()
