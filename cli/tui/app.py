"""The Textual app: its CSS and the first screen it shows."""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType
from textual.screen import Screen

from .setting import Setting

CSS = """
Screen { layout: vertical; }
#title { height: 2; padding: 0 1; }
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
#hand { width: auto; height: auto; }
#hand.keep { layout: grid; grid-size: 2; width: 52; }
#offer { height: auto; max-height: 7; }
#legend { height: auto; padding: 0 1; }
#strip { height: auto; padding: 0 1; }
#status { height: auto; min-height: 1; padding: 0 1; background: $boost; }
#end { padding: 0 1; }
#home-menu { width: 60; height: auto; margin: 1 2; }
#home-title { padding: 1 2; height: auto; }
#stats { padding: 1 2; }
TabbedContent { height: 1fr; }
Confirm, Prompt, LeaveDialog { align: center middle; }
.dialog {
    width: 64; height: auto; padding: 1 2;
    border: thick $accent; background: $surface;
}
.keys { color: $text-muted; margin-top: 1; }
"""


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

    def on_mount(self) -> None:
        self.push_screen(self._first(self.setting))

    def action_interrupt(self) -> None:
        """Ctrl-C (or Ctrl-Q): leave at once, keeping any puzzle not finished, as the line
        mode does."""
        from .puzzle_screen import PuzzleScreen

        for screen in self.screen_stack:
            if isinstance(screen, PuzzleScreen):
                screen.keep_progress()
        self.exit()
