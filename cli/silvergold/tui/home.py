"""``silverpyr play``: the home screen (dailies, a puzzle, a game, the stats) and the stats."""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Footer, OptionList
from textual.widgets.option_list import Option

from ....solver.core.errors import SilverpyrError
from ...core.options import random_seed
from ...core.tui.base import Shown
from ...core.tui.modals import Choose, Prompt
from .help import HELP_KEY, show_help
from .setting import Setting

if TYPE_CHECKING:
    from ....puzzles.core.store import Store

MENU: tuple[tuple[str, str, str, str], ...] = (
    ("daily", "d", "Today's daily puzzle", "Daily"),
    ("yesterday", "y", "Yesterday's daily puzzle", "Yesterday"),
    ("puzzle", "s", "A puzzle by seed, kind or id", "Puzzle"),
    ("game", "g", "A game against bots", "Game"),
    ("stats", "t", "Your stats: streaks and score/par", "Stats"),
    ("quit", "q", "Quit", "Quit"),
)
"""Name, key, the menu's line and the footer's word (short: every key fits 80 columns)."""


class HomeScreen(Screen[None]):
    """Pick what to play."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *(Binding(key, f"choose('{name}')", short) for name, key, _, short in MENU),
        HELP_KEY,
    ]

    def __init__(self, setting: Setting) -> None:
        super().__init__()
        self.setting = setting

    def compose(self) -> ComposeResult:
        today = self.setting.today
        title = Text("silverpyr", style="bold yellow")
        title.append(" - Silver & Gold Pyramids, solver and trainer\n", style="bold")
        title.append(f"Today is {today.isoformat()}. Pick with the keys, arrows or the mouse.")
        yield Shown(title, id="home-title")
        yield OptionList(
            *(Option(f"{key}  {label}", id=name) for name, key, label, _ in MENU), id="home-menu"
        )
        yield Footer(compact=True)

    def action_help(self) -> None:
        show_help(self, self.setting)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.action_choose(event.option.id)

    def action_choose(self, name: str) -> None:
        today = self.setting.today
        if name == "daily":
            self.open_daily(today)
        elif name == "yesterday":
            self.open_daily(today - dt.timedelta(days=1))
        elif name == "puzzle":
            self.app.push_screen(
                Prompt(
                    "A puzzle: a seed (123), a kind (sprint) or an id (pair-7); "
                    "empty for a random one:",
                    "(random)",
                ),
                self._puzzle_typed,
            )
        elif name == "game":
            self.app.push_screen(
                Prompt(
                    "A game against bots: seed and players (e.g. 5 2); empty for a random "
                    "seed and 2 players:",
                    "(random seed, 2 players)",
                ),
                self._game_typed,
            )
        elif name == "stats":
            self.app.push_screen(StatsScreen(self.setting))
        else:
            self.app.exit()

    def open_daily(self, day: dt.date) -> None:
        from ....puzzles.silvergold.ids import daily_id

        self.open_puzzle(daily_id(day))

    def open_puzzle(self, puzzle_id: str) -> None:
        from ....puzzles.silvergold.catalog import get_puzzle
        from .puzzle_screen import PuzzleScreen

        try:
            puzzle = get_puzzle(self.setting.deck, puzzle_id, self.setting.store)
            # starting the attempt may be refused too: open in another session, damaged save
            screen = PuzzleScreen(self.setting, puzzle)
        except SilverpyrError as error:
            self.notify(str(error), severity="error")
            return
        self.app.push_screen(screen)

    def _puzzle_typed(self, text: str | None) -> None:
        from ....puzzles.silvergold.ids import seed_id
        from ....puzzles.silvergold.kinds import Kind

        if text is None:  # Escape
            return
        text = text.strip().lower()
        if not text:  # as `silverpyr puzzle` without --seed: a random seed
            self.open_puzzle(seed_id(random_seed()))
        elif text in {kind.value for kind in Kind}:
            self.open_puzzle(seed_id(random_seed(), Kind(text)))
        else:
            self.open_puzzle(text)

    def _game_typed(self, text: str | None) -> None:
        """A game: as ``silverpyr game``, an empty box resumes the unfinished game (or
        starts one with a random seed); a seed (and players) starts that game. New games
        ask who sits in the other seats and whether the coach is on."""
        from ....puzzles.core.store import DamagedGameError
        from ....puzzles.silvergold.realgame.kept_game import GAME_ID, SEATS
        from ....solver.core.reader import parse_whole
        from ....solver.core.rng import MAX_SEED, seed_problem

        if text is None:  # Escape
            return
        numbers = text.split()
        if not all(parse_whole(n) is not None for n in numbers) or len(numbers) > 2:
            self.notify("write a seed and a number of players, e.g. 5 2", severity="error")
            return
        if len(numbers) > 1 and numbers[1] not in {"1", "2", "3", "4"}:
            self.notify("1 to 4 players", severity="error")
            return
        if numbers:
            problem = seed_problem(int(numbers[0]))
            if problem is not None:
                self.notify(f"the seed is a whole number from 0 to {MAX_SEED}", severity="error")
                return
        seed = int(numbers[0]) if numbers else None
        players = int(numbers[1]) if len(numbers) > 1 else None
        store = self._store()
        if seed is None and store is not None:
            try:
                unfinished = store.saved_game(GAME_ID, SEATS) is not None
            except DamagedGameError:
                unfinished = True  # opening it says what is damaged (it is kept)
            if unfinished:
                self._open_game(None, None, None, coach=False)  # resumed as it was
                return
        self.app.push_screen(
            Choose("Who sits in the other seats, and is the coach on?", opponent_choices()),
            lambda chosen: self._chosen(seed, players, chosen),
        )

    def _store(self) -> Store | None:
        """Where games are saved: the results store, unless nothing is recorded."""
        return self.setting.store if self.setting.record else None

    def _chosen(self, seed: int | None, players: int | None, chosen: str | None) -> None:
        if chosen is None:  # Escape
            return
        opponents, _, coach = chosen.partition("+")
        self._open_game(seed, players, opponents, coach=bool(coach))

    def _open_game(
        self, seed: int | None, players: int | None, opponents: str | None, *, coach: bool
    ) -> None:
        from ....puzzles.silvergold.realgame.kept_game import KeptGame
        from .game_screen import GameScreen

        try:
            kept = KeptGame.start(
                self.setting.deck,
                seed=seed,
                fresh_seed=random_seed(),
                players=players,
                opponents=opponents,
                coach=coach,
                store=self._store(),
            )
        except SilverpyrError as error:  # another game is unfinished, or open elsewhere
            self.notify(str(error), severity="error")
            return
        self.app.push_screen(GameScreen(self.setting, kept))


def opponent_choices() -> list[tuple[str, str]]:
    """The game menu's options: each bot of the registry, without and with the coach
    (``name`` or ``name+coach``)."""
    from ....puzzles.silvergold.realgame.registry import PLAYERS

    choices: list[tuple[str, str]] = []
    for entry in PLAYERS.values():
        choices.append((entry.name, f"{entry.name} bots: {entry.about}"))
    for entry in PLAYERS.values():
        choices.append((f"{entry.name}+coach", f"{entry.name} bots, with the coach"))
    return choices


class StatsScreen(Screen[None]):
    """Played, at par, streaks of dailies at par, the score/par histogram."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape", "app.pop_screen", "Back"),
        HELP_KEY,
    ]

    def __init__(self, setting: Setting) -> None:
        super().__init__()
        self.setting = setting

    def action_help(self) -> None:
        show_help(self, self.setting)

    def compose(self) -> ComposeResult:
        yield Shown(self._body(), id="stats")
        yield Footer(compact=True)

    def _body(self) -> RenderableType:
        from ....puzzles.silvergold.stats import summarise

        store = self.setting.store
        summary = summarise(store.attempts() if store is not None else [], self.setting.today)
        sep = " \u00b7 "
        head = Text(
            f"Played {summary.played}{sep}at par {summary.at_par} "
            f"({summary.at_par_percent:.0f}%){sep}dailies {summary.dailies_played}"
            f"{sep}hints used {summary.hints_used}",
            style="bold",
        )
        days = "day" if summary.current_streak == 1 else "days"
        best = "day" if summary.best_streak == 1 else "days"
        streaks = Text(
            f"Current streak {summary.current_streak} {days}{sep}"
            f"best streak {summary.best_streak} {best} (as of {self.setting.today.isoformat()})"
        )
        parts: list[RenderableType] = [head, streaks]
        if summary.practice:
            parts.append(Text(f"Practice plays {summary.practice} (not counted above)"))
        if not summary.played:
            parts.append(Text("\nNo puzzles played yet: try today's daily."))
            return Group(*parts)
        top = max(count for _, count in summary.histogram) or 1
        table = Table.grid(padding=(0, 2))
        table.add_column(justify="right")
        table.add_column()
        table.add_column(justify="right")
        for label, count in summary.histogram:
            bar = "\u2588" * max(1 if count else 0, round(30 * count / top))
            table.add_row(label, Text(bar, style="cyan"), str(count))
        parts.extend([Text("\nScore / par:", style="bold"), table])
        return Group(*parts)
