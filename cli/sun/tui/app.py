"""The Sun game's Textual app: its CSS (the "terminal too small" screen and the fit on resize are
the core's :class:`~silverpyr.cli.tui.base.GameApp`, leaving on Ctrl-C its
:class:`~silverpyr.cli.tui.game_screen.TableGameApp`)."""

from __future__ import annotations

from ...tui.base import MIN_SIZE as MIN_SIZE
from ...tui.game_screen import Leaving, TableGameApp

# The core's MIN_SIZE (80x24) shows every part of the game: 80 columns for the longest
# pyramid (10 bricks, 61 characters) beside the scores, and the footer's keys; 24 rows for
# the pyramid's 10 levels, the hand, a few messages, the status and the footer.

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
TooSmall { align: center middle; background: $background; }
#too-small { width: auto; max-width: 100%; height: auto; padding: 0 1; }
"""


class SunSetting(Leaving):
    """What the screens share: what leaving kept, printed when the app exits (the core's
    :class:`~silverpyr.cli.tui.game_screen.Leaving`)."""


class SunApp(TableGameApp[SunSetting]):
    """The full-screen Pyramid of the Sun game; ``first`` makes the screen it opens on."""

    CSS = CSS
    TITLE = "silverpyr sun"
