"""The Sun game's Textual app: its CSS (the "terminal too small" screen and the fit on resize are
the core's :class:`~silverpyr.cli.core.tui.base.GameApp`, leaving on Ctrl-C its
:class:`~silverpyr.cli.core.tui.game_screen.TableGameApp`)."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.containers import Vertical

from ...core.tui.base import MIN_SIZE as MIN_SIZE
from ...core.tui.base import Shown
from ...core.tui.game_screen import Leaving, TableGameApp, table_css
from ...core.tui.game_screen import table_layout as core_table_layout
from ...core.tui.trainer import TrainerApp

# The core's MIN_SIZE (80x24) shows every part of the game: 80 columns for the longest
# pyramid (10 bricks, 61 characters) beside the scores, and the footer's keys; 24 rows for
# the pyramid's 10 levels, the hand, a few messages, the status and the footer.

CSS = table_css(
    layout="""
#pyramid { width: auto; height: auto; padding: 0 1 0 0; }
#side { width: 1fr; height: auto; }""".strip(),
    dialogs="""
Confirm, Prompt, Choose, SunHelp, LeaveDialog, TrainerHelp { align: center middle; }
""".strip(),
    dialog_width=70,
)
"""The core's layout of a table game; the pyramid and what stands beside it, and where the
dialogs sit, are the game's. The daily and the puzzle (:mod:`.puzzle_screen`) are laid out
the same."""

TITLE = "silverpyr sun"
"""The apps' title (the game's and the trainer's)."""


def table_layout() -> ComposeResult:
    """The widgets of :data:`CSS`'s layout, for the game and for the daily and the puzzle
    (the core's :func:`~silverpyr.cli.core.tui.game_screen.table_layout`): the pyramid
    beside the seats and piles, the hand below."""
    return core_table_layout(_pyramid_and_side, "hand")


def _pyramid_and_side() -> ComposeResult:
    yield Shown(id="pyramid")
    with Vertical(id="side"):
        yield Shown(id="seats")
        yield Shown(id="piles")


class SunSetting(Leaving):
    """What the screens share: what leaving kept, printed when the app exits (the core's
    :class:`~silverpyr.cli.core.tui.game_screen.Leaving`)."""


class SunApp(TableGameApp[SunSetting], css=CSS, title=TITLE):
    """The full-screen Pyramid of the Sun game; ``first`` makes the screen it opens on."""


class SunTrainerApp(TrainerApp, css=CSS, title=TITLE):
    """A Pyramid of the Sun daily or puzzle on the full screen (the core's
    :class:`~silverpyr.cli.core.tui.trainer.TrainerApp`: Ctrl-C keeps an attempt not over)."""
