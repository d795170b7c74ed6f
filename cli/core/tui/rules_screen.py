"""The rules page in a full-screen app (game-free): ``?`` opens a game's help, and ``r`` on
it opens this screen in its place, the same page ``silverpyr rules`` prints (each game hands
in how to draw it: its ``page_renderable``).

The page scrolls (arrows, ``j`` ``k``, Page Up/Down, Home/End, the mouse); ``q``, Escape,
``r`` or ``?`` closes it, back to the screen under the help. Under ``NO_COLOR`` it is drawn
without colour, as every screen (:class:`~.base.Shown`).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen

from .base import Shown

RULES_KEY = "r"
"""The key that opens the rules from a game's help."""
RULES_HINT = "r the rules, any other key closes this"
"""What a help's last line says."""


class RulesScreen(ModalScreen[None]):
    """A game's rules page, scrolled by keys; ``q``, Escape, ``r`` or ``?`` closes it."""

    DEFAULT_CSS = """
    RulesScreen { align: center top; background: $background; }
    #rules { width: 80; max-width: 100%; height: 100%; background: $surface; }
    #rules-title { height: 1; padding: 0 1; background: $boost; }
    #rules-page { height: 1fr; padding: 0 0 0 1; scrollbar-size-vertical: 1; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q,escape,r,question_mark", "close", "Close", priority=True),
        Binding("j", "scroll(1)", "Down", show=False),
        Binding("k", "scroll(-1)", "Up", show=False),
        Binding("space", "page(1)", "Page down", show=False),
    ]

    def __init__(self, page: Callable[[], RenderableType]) -> None:
        super().__init__()
        self.page = page

    def compose(self) -> ComposeResult:
        with Vertical(id="rules"):
            bar = Text("The rules", style="bold")
            bar.append(" \u00b7 \u2191 \u2193 PgUp PgDn scroll \u00b7 q closes")
            yield Shown(bar, id="rules-title")
            with VerticalScroll(id="rules-page"):
                yield Shown(self.page(), id="rules-text")

    def on_mount(self) -> None:
        self.query_one("#rules-page", VerticalScroll).focus()

    def action_scroll(self, lines: int) -> None:
        self.query_one("#rules-page", VerticalScroll).scroll_relative(y=lines, animate=False)

    def action_page(self, pages: int) -> None:
        scroll = self.query_one("#rules-page", VerticalScroll)
        scroll.scroll_relative(y=pages * max(scroll.size.height - 1, 1), animate=False)

    def action_close(self) -> None:
        self.dismiss(None)


def open_rules(app: App[object], page: Callable[[], RenderableType]) -> None:
    """The rules page in place of the help on top (``r`` on a help): closing it goes back
    to the screen under the help."""
    app.switch_screen(RulesScreen(page))
