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
from textual.worker import Worker, WorkerState

from ...core.tui.base import Shown
from ..views import card_drawing, lines_table, result_heading, turn_labels
from .help import HELP_KEY, show_help
from .setting import Setting, leave

if TYPE_CHECKING:
    from ....puzzles.silvergold.attempt import KeptAttempt


class EndScreen(Screen[None]):
    """Score, both lines drawn on the card(s) with turn numbers, and the share text.

    The score and the share text are there at once; the judgement of the last move and
    the optimal line beside yours come from a thread worker ("thinking..." meanwhile).
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "copy", "Copy share text"),
        Binding("q,escape,enter", "leave", "Leave"),
        HELP_KEY,
    ]

    def __init__(self, setting: Setting, kept: KeptAttempt, notes: list[RenderableType]) -> None:
        super().__init__()
        self.setting = setting
        self.kept = kept
        self.session = kept.session
        self.notes = notes
        self.share = kept.share()
        self.judged: list[RenderableType] = []
        """The last move judged (empty until the worker is done, or after giving up)."""
        self.lines: RenderableType = Text("Your line beside the optimal one: thinking\u2026")
        setting.shares.append(self.share)

    def action_help(self) -> None:
        show_help(self, self.setting)

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="end"):
            yield Shown(self._body(), id="end-body")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.run_worker(self._think, name="end", thread=True, exclusive=True)

    def _think(self) -> tuple[list[RenderableType], RenderableType]:
        """The last move judged and both lines drawn (solver work: in a worker)."""
        session, deck = self.session, self.setting.deck
        puzzle = session.puzzle
        judged: list[RenderableType] = []
        if not session.gave_up and session.moves:
            feedback = self.kept.feedback(session.moves[:-1], session.moves[-1])
            judged.extend(Text(line) for line in feedback.text_lines())
        optimal = puzzle.solution_line(deck)
        drawings: list[RenderableType] = []
        for number in puzzle.cards:
            for note, positions in (
                (" - yours", session.positions),
                (" - optimal", optimal.positions),
            ):
                drawings.append(
                    card_drawing(
                        deck, number, turn_labels(list(positions), number), plain=False, note=note
                    )
                )
        return judged, Group(
            lines_table(session, optimal, plain=False), Columns(drawings, padding=(0, 6))
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.state is WorkerState.SUCCESS and worker.result is not None:
            self.judged, self.lines = worker.result
        elif worker.state is WorkerState.ERROR:
            self.lines = Text(f"The optimal line could not be shown: {worker.error}", style="red")
        else:
            return
        self.query_one("#end-body", Static).update(self._body())

    def _body(self) -> RenderableType:
        session = self.session
        return Group(
            *self.notes,
            *self.judged,
            Text(),
            result_heading(session.puzzle, session.result(), plain=False),
            self.lines,
            Text(),
            Text("Share (c copies it; it is printed when you leave):", style="bold"),
            Text(self.share),
        )

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.share)
        self.notify("Share text copied to the clipboard.")

    def action_leave(self) -> None:
        leave(self.setting, self)
