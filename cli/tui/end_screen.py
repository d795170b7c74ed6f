"""The end of a puzzle: score against par, your line beside the optimal one, the share text."""

from __future__ import annotations

from typing import TYPE_CHECKING, ClassVar

from rich.columns import Columns
from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, Static

from ..views import card_drawing, lines_table, result_heading, turn_labels
from .setting import Setting, leave

if TYPE_CHECKING:
    from ...puzzles.session import PlaySession


class EndScreen(Screen[None]):
    """Score, both lines drawn on the card(s) with turn numbers, and the share text."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "copy", "Copy share text"),
        Binding("q,escape,enter", "leave", "Leave"),
    ]

    def __init__(self, setting: Setting, session: PlaySession, notes: list[RenderableType]) -> None:
        from ...puzzles.share import share_text

        super().__init__()
        self.setting = setting
        self.session = session
        self.notes = notes
        puzzle = session.puzzle
        completed = tuple(s.number for s in session.position.cards if s.is_complete())
        self.share = share_text(puzzle, session.result(), setting.deck, completed)
        setting.shares.append(self.share)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="end"):
            yield Static(self._body())
        yield Footer()

    def _body(self) -> RenderableType:
        session, deck = self.session, self.setting.deck
        puzzle = session.puzzle
        optimal = puzzle.solution_line(deck)
        drawings: list[RenderableType] = []
        for number in puzzle.cards:
            drawings.append(
                card_drawing(
                    deck,
                    number,
                    turn_labels(list(session.positions), number),
                    plain=False,
                    note=" - yours",
                )
            )
            drawings.append(
                card_drawing(
                    deck,
                    number,
                    turn_labels(list(optimal.positions), number),
                    plain=False,
                    note=" - optimal",
                )
            )
        return Group(
            *self.notes,
            Text(),
            result_heading(puzzle, session.result(), plain=False),
            lines_table(session, optimal, plain=False),
            Columns(drawings, padding=(0, 6)),
            Text(),
            Text("Share (c copies it; it is printed when you leave):", style="bold"),
            Text(self.share),
        )

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.share)
        self.notify("Share text copied to the clipboard.")

    def action_leave(self) -> None:
        leave(self.setting, self)
