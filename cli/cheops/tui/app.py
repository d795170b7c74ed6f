"""The Cheops game's Textual app: its CSS (the "terminal too small" screen and the fit on resize are
the core's :class:`~silverpyr.cli.core.tui.base.GameApp`, leaving on Ctrl-C its
:class:`~silverpyr.cli.core.tui.game_screen.TableGameApp`)."""

from __future__ import annotations

from textual.app import ComposeResult

from ...core.tui.base import MIN_SIZE as MIN_SIZE
from ...core.tui.base import Shown
from ...core.tui.game_screen import Leaving, TableGameApp, table_css
from ...core.tui.game_screen import table_layout as core_table_layout
from ...core.tui.trainer import TrainerApp

# The core's MIN_SIZE (80x24) shows every part of the game: 80 columns for the pyramid's
# bottom row (11 spaces, 45 characters with the row letters) beside the six price boards (30
# characters with the bundled boards); 24 rows for the pyramid's 11 rows, the seats (up to 5
# and a header), your tiles and the stacks, two lines of messages, the status and the keys.
# The daily's and the puzzle's pyramid takes 46 columns (its 45 and no gap), leaving the boards
# 34: their market line with law 1 or 2 and law 3 in force takes that many.
# The game's questions (sell or store, a law, a stack) sit at the bottom, over the seats and
# the messages, so the pyramid and the price boards stay in sight while you answer.

CSS = table_css(
    layout="""
#pyramid { width: 47; height: auto; padding: 0 1 0 0; }
CheopsPuzzleScreen #pyramid { width: 46; }
#boards { width: 1fr; height: auto; }
#seats { height: auto; padding: 0 1; }""".strip(),
    dialogs="""
Confirm, Prompt, Choose, CheopsHelp { align: center middle; }
TrainerHelp, LeaveDialog { align: center middle; }
Question { align: center bottom; }
Question .dialog { padding: 0 2; }""".strip(),
    dialog_width=72,
)
"""The core's layout of a table game; the pyramid and what stands beside it, and where the
dialogs sit, are the game's. The daily and the puzzle (:mod:`.puzzle_screen`) are laid out
the same: their questions sit at the bottom too."""

TITLE = "silverpyr cheops"
"""The apps' title (the game's and the trainer's)."""


def table_layout() -> ComposeResult:
    """The widgets of :data:`CSS`'s layout, for the game and for the daily and the puzzle
    (the core's :func:`~silverpyr.cli.core.tui.game_screen.table_layout`): the pyramid
    beside the price boards, the seats and your tiles below."""
    return core_table_layout(lambda: [Shown(id="pyramid"), Shown(id="boards")], "seats", "hand")


class CheopsSetting(Leaving):
    """What the screens share: what leaving kept, printed when the app exits (the core's
    :class:`~silverpyr.cli.core.tui.game_screen.Leaving`)."""


class CheopsApp(TableGameApp[CheopsSetting], css=CSS, title=TITLE):
    """The full-screen Cheops game; ``first`` makes the screen it opens on."""


class CheopsTrainerApp(TrainerApp, css=CSS, title=TITLE):
    """A Cheops daily or puzzle on the full screen (the core's
    :class:`~silverpyr.cli.core.tui.trainer.TrainerApp`: Ctrl-C keeps an attempt not over)."""
