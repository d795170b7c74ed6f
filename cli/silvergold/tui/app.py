"""The Textual app: its CSS and the first screen it shows (the too-small screen and the
fit on resize are the core's :class:`~silverpyr.cli.core.tui.base.GameApp`)."""

from __future__ import annotations

from ...core.tui.base import MIN_SIZE as MIN_SIZE
from ...core.tui.base import GameApp
from ...core.tui.base import TooSmall as TooSmall
from .setting import Setting

# The core's MIN_SIZE (80x24) shows every part of every screen here: 80 columns for the
# puzzle's footer keys (79 characters) and the expedition strip of up to 7 cards; 24 rows
# for a sprint's two-line goal, a card, the legend, a strip of 3-row patterns, a two-line
# status and the footer (tests/silvergold/test_tui.py checks each screen there).

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
Confirm, Prompt, LeaveDialog, Choose, Reading { align: center middle; }
#choose-list { height: auto; max-height: 12; border: none; padding: 0; }
.dialog {
    width: 64; height: auto; padding: 1 2;
    border: thick $accent; background: $surface;
}
.keys { color: $text-muted; margin-top: 1; }
.reading { width: 100%; max-width: 100; height: auto; max-height: 100%; padding: 0 1; }
TooSmall { align: center middle; background: $background; }
#too-small { width: auto; max-width: 100%; height: auto; padding: 0 1; }
"""


class SilverpyrApp(GameApp[Setting]):
    """The full-screen game; ``first`` makes the screen it opens on."""

    CSS = CSS
    TITLE = "silverpyr"

    def action_interrupt(self) -> None:
        """Ctrl-C (or Ctrl-Q): leave at once, keeping any puzzle not finished, as the line
        mode does, and saying how to resume a game (saved after every decision)."""
        from .game_screen import GameScreen
        from .puzzle_screen import PuzzleScreen

        for screen in self.screen_stack:
            if isinstance(screen, PuzzleScreen | GameScreen):
                screen.keep_progress()
        self.exit()
