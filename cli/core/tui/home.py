"""The home screen of ``silverpyr play`` (:mod:`silverpyr.cli.core.home`): every game's entries
in one list; an entry that only prints is shown in a dialog, any other closes the home for
its own screen."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal
from textual.screen import Screen
from textual.widgets import Footer, OptionList
from textual.widgets.option_list import Option

from ..commands import HomeEntry, HomeGame
from .base import GameApp, Shown
from .modals import Reading


@dataclass
class HomeSetting:
    """What the home shows: the games, today, and what the last command printed."""

    games: Sequence[HomeGame]
    today: str
    run: Callable[[HomeEntry], str]
    """Runs an entry that only prints, and gives what it printed."""
    note: str = ""
    """What the last command printed on leaving (shown at the top until the next pick)."""
    chosen: HomeEntry | None = None
    """The entry picked that opens a screen of its own (the home closes for it)."""
    last: tuple[int, int] = (0, 0)
    """The game and entry picked last: the home opens on it again."""


def _entry_id(game: int, entry: int) -> str:
    return f"{game}-{entry}"


class HomeScreen(Screen[None]):
    """Every game's entries in one list: arrows and Enter, or the mouse; ``q`` quits."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "quit_home", "Quit"),
        Binding("question_mark", "help", "Help"),
        Binding("left", "column(-1)", "Game", show=False),
        Binding("right", "column(1)", "Game", show=False),
    ]

    def __init__(self, setting: HomeSetting) -> None:
        super().__init__()
        self.setting = setting

    def compose(self) -> ComposeResult:
        setting = self.setting
        title = Text("silverpyr", style="bold yellow")
        title.append(" - pyramid board games: solvers, dailies, games against bots\n", "bold")
        title.append(
            f"Today is {setting.today}. Pick with the arrows (left and right: the game) and "
            "Enter, or the mouse."
        )
        if setting.note:
            title.append(f"\n{setting.note}", style="italic")
        yield Shown(title, id="home-title")
        with Horizontal(id="home-games"):
            for g, game in enumerate(setting.games):
                menu = OptionList(
                    *(
                        Option(entry.label, id=_entry_id(g, e))
                        for e, entry in enumerate(game.entries)
                    ),
                    id=f"home-game-{g}",
                    classes="home-game",
                )
                menu.border_title = game.title
                yield menu
        yield Footer(compact=True)

    def on_mount(self) -> None:
        game, entry = self.setting.last
        menu = self.query_one(f"#home-game-{game}", OptionList)
        menu.focus()
        menu.highlighted = entry

    def action_column(self, step: int) -> None:
        menus = list(self.query(OptionList))
        focused = self.focused
        at = menus.index(focused) if isinstance(focused, OptionList) and focused in menus else 0
        target = menus[(at + step) % len(menus)]
        highlighted = focused.highlighted if isinstance(focused, OptionList) else 0
        target.focus()
        target.highlighted = highlighted

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is None:
            return
        g, e = (int(part) for part in event.option.id.split("-"))
        entry = self.setting.games[g].entries[e]
        self.setting.last = (g, e)
        if entry.shows:
            shown = self.setting.run(entry)
            heading = Text(f"{self.setting.games[g].title}: {entry.label}", style="bold")
            self.app.push_screen(Reading(heading, Text.from_ansi(shown.rstrip("\n"))))
            return
        self.setting.chosen = entry
        self.app.exit()

    def action_quit_home(self) -> None:
        self.setting.chosen = None
        self.app.exit()

    def action_help(self) -> None:
        keys = Text("Keys\n", style="bold")
        for key, meaning in (
            ("up, down", "the entries of a game"),
            ("left, right", "the game (or Tab)"),
            ("Enter", "pick it (or click)"),
            ("q, Esc", "quit"),
        ):
            keys.append(f" {key:<15}", style="bold")
            keys.append(f"{meaning}\n")
        about: RenderableType = Text(
            "A daily or a game opens on its own screen and comes back here when it ends. "
            "Each entry is a command you can also type: silverpyr "
            + ", silverpyr ".join(" ".join(g.entries[0].argv) for g in self.setting.games)
            + "."
        )
        self.app.push_screen(Reading(keys, about))


HOME_CSS = """
#home-title { padding: 1 2; height: auto; }
#home-games { height: auto; margin: 0 1; }
.home-game { width: 1fr; height: auto; border: round $primary-darken-2; }
.home-game:focus { border: round $accent; }
Reading { align: center middle; }
.dialog { border: thick $accent; background: $surface; }
.reading { width: 100%; max-width: 100; height: auto; max-height: 100%; padding: 0 1; }
.keys { color: $text-muted; margin-top: 1; }
TooSmall { align: center middle; background: $background; }
#too-small { width: auto; max-width: 100%; height: auto; padding: 0 1; }
"""


class HomeApp(GameApp[HomeSetting]):
    """The home screen alone (each pick closes it: :func:`run_home` runs the pick)."""

    CSS = HOME_CSS
    TITLE = "silverpyr"


def run_home(setting: HomeSetting) -> HomeEntry | None:
    """Show the home until something is picked that opens a screen of its own (given back),
    or the player quits (``None``)."""
    setting.chosen = None
    HomeApp(setting, HomeScreen).run()
    return setting.chosen


__all__ = ["HomeApp", "HomeScreen", "HomeSetting", "run_home"]
