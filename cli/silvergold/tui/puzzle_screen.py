"""A puzzle attempt on the full screen: the board, the ghost, the trainer.

The screen drives a :class:`~silverpyr.puzzles.silvergold.attempt.KeptAttempt`, the same the line
mode drives: its session (moves, undo, give up), its coach (hints, feedback), and the
results store (saved after every move, undo and hint; resumed on the next play; recorded
at the end). The :class:`~.placing.Placer` turns the cursor into moves. Nothing here
decides a rule.

Solver work (a hint, the feedback on a move) runs in a thread worker, one at a time under
a lock, with "thinking..." in the status bar; the keys stay live meanwhile, and a result
that no longer fits the position (a move was played or taken back) is dropped.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Static
from textual.worker import Worker, WorkerState

from ....solver.silvergold.cells import cells_of
from ...core.tui.base import Shown, no_colour
from ...core.tui.modals import LeaveDialog, Prompt
from ..views import (
    describe_turn,
    expedition_strip,
    puzzle_header,
    sheet_line,
    turn_labels,
    turn_title,
)
from .help import HELP_KEY, show_help
from .placing import Placer
from .setting import Setting, leave
from .widgets import CardView, legend

if TYPE_CHECKING:
    from ....puzzles.silvergold.attempt import KeptAttempt
    from ....puzzles.silvergold.hints.feedback import Feedback
    from ....puzzles.silvergold.hints.graded import Hint
    from ....puzzles.silvergold.puzzle import Puzzle
    from ....puzzles.silvergold.session import PlaySession
    from ....solver.silvergold.moves import Move

THINKING = "thinking\u2026"

MOVE_KEYS: list[Binding] = [
    Binding("up,k", "cursor(-1, 0)", "Move", show=False, priority=True),
    Binding("down,j", "cursor(1, 0)", "Move", show=False, priority=True),
    Binding("left,H", "cursor(0, -1)", "Move", show=False, priority=True),
    Binding("right,l", "cursor(0, 1)", "Move", show=False, priority=True),
    Binding("r", "rotate", "Rotate"),
    Binding("m", "mirror", "Mirror"),
    Binding("tab", "next_card", "Card", priority=True),
    Binding("s", "single", "1 cell"),
    Binding("enter", "place", "Place", priority=True),
    Binding("n", "step(1)", "Next"),
    Binding("p", "step(-1)", "Prev", show=False),
    Binding("colon", "prompt", "Type"),
]
"""Keys that place marks, shared by the puzzle and the game screens."""


class Steering:
    """The actions of :data:`MOVE_KEYS` that steer the card being placed, for the puzzle and
    the game screens: each acts on :meth:`placing`'s placer, then the screen redraws."""

    def placing(self) -> Placer | None:
        """The placer the keys steer (``None``: no card is being placed, the keys do
        nothing)."""
        raise NotImplementedError

    if TYPE_CHECKING:

        def redraw(self) -> None: ...

    def _steer(self, act: Callable[[Placer], object]) -> None:
        if (placer := self.placing()) is not None:
            act(placer)
            self.redraw()

    def action_cursor(self, rows: int, columns: int) -> None:
        self._steer(lambda placer: placer.move(rows, columns))

    def action_rotate(self) -> None:
        self._steer(Placer.rotate)

    def action_mirror(self) -> None:
        self._steer(Placer.mirror)

    def action_next_card(self) -> None:
        self._steer(Placer.next_card)

    def action_single(self) -> None:
        self._steer(Placer.toggle_single)

    def action_step(self, offset: int) -> None:
        self._steer(lambda placer: placer.step(offset))


def small_board(
    session: PlaySession, move: Move, *, title: str, before: int | None = None
) -> RenderableType:
    """``move`` drawn on each card it marks, over the marks made before it."""
    from ..render import card_title, room_grid

    positions = list(session.positions)[: before if before is not None else None]
    parts: list[RenderableType] = [Text(title, style="bold")]
    for number in dict.fromkeys(mark.card for mark in move.marks()):
        card = session.position.card(number).card
        cells = {
            cell for mark in move.marks() if mark.card == number for cell in cells_of(mark.cells)
        }
        parts.append(card_title(card))
        parts.append(room_grid(card.room, marked=turn_labels(positions, number), highlight=cells))
    return Group(*parts)


class PuzzleScreen(Steering, Screen[None]):
    """One attempt at a puzzle."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *MOVE_KEYS,
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("q", "leave", "Leave"),
        replace(HELP_KEY, show=False),  # the footer is full: the title says "? help"
    ]

    status: reactive[Text] = reactive(Text)
    """The status bar: what the ghost would do, or why it may not go there."""

    def __init__(self, setting: Setting, attempt: Puzzle | KeptAttempt) -> None:
        from ....puzzles.silvergold.attempt import KeptAttempt

        super().__init__()
        self.setting = setting
        if not isinstance(attempt, KeptAttempt):
            attempt = KeptAttempt.start(attempt, setting.deck, setting.store, record=setting.record)
        self.kept = attempt
        self.placer = self._new_placer()
        self.area = 0
        """The cells of a level-2 hint's area (on ``area_card``)."""
        self.area_card = 0
        self.messages: list[RenderableType] = [Text(note) for note in attempt.notes]
        self.notice: Text | None = (
            Text(attempt.notes[-1], style="bold") if attempt.resumed else None
        )
        """Shown in the status bar until the next key (the resumed attempt's turn)."""
        self.thinking: dict[str, str] = {}
        """Solver work under way: worker name -> what it is for."""
        self._solver = threading.Lock()
        """One solver call at a time: the coach is not made for two threads."""

    @property
    def session(self) -> PlaySession:
        return self.kept.session

    def action_help(self) -> None:
        show_help(self, self.setting)

    # --- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        puzzle = self.session.puzzle
        yield Shown(id="title")
        with Horizontal(id="board"):
            for number in puzzle.cards:
                yield CardView(self.setting.deck.card(number), id=f"card-{number}")
            with VerticalScroll(id="side"):
                yield Shown(id="scorecard")
                yield Shown(id="messages")
        cards = [self.setting.deck.card(n) for n in puzzle.cards]
        yield Shown(legend(cards, mono=no_colour(self)), id="legend")
        yield Shown(id="strip")
        yield Shown(id="status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.call_after_refresh(self.redraw, keep_notice=True)

    def _new_placer(self) -> Placer:
        session = self.session
        return Placer(session.position, session.expedition, session.round_number)

    def redraw(self, *, keep_notice: bool = False) -> None:
        """Draw everything from the session and the placer."""
        if not keep_notice:
            self.notice = None
        session = self.session
        puzzle = session.puzzle
        title = puzzle_header(puzzle, plain=False)
        title.append(" \u00b7 ? help", style="italic")
        title.append(f"\n{turn_title(session)}: ")
        title.append(puzzle.goal_text())
        self.query_one("#title", Static).update(title)
        positions = list(session.positions)
        if self.placer.marks:
            positions.append(self.placer.position)
        ghost = self.placer.ghost()
        for number in puzzle.cards:
            labels = turn_labels(positions, number)
            view = self.query_one(f"#card-{number}", CardView)
            view.show(
                labels,
                ghost=ghost,
                area=self.area if number == self.area_card else 0,
                complete=self.placer.position.card(number).is_complete(),
            )
        self.query_one("#scorecard", Static).update(sheet_line(session, plain=False))
        self.query_one("#messages", Static).update(Group(*self.messages))
        self.query_one("#strip", Static).update(expedition_strip(session, plain=False))
        self.status = self.notice if self.notice is not None else self._ghost_status()

    def watch_status(self, status: Text) -> None:
        for widget in self.query("#status").results(Static):
            widget.update(status)

    def _ghost_status(self) -> Text:
        placer = self.placer
        ghost = placer.ghost()
        what = (
            "extra mark (red cross)"
            if placer.extra_mode
            else "single cell"
            if placer.single
            else self.session.expedition.name
        )
        from ....solver.silvergold.cells import cells_str

        text = Text()
        way_out = placer.way_out()
        if way_out is not None:  # the reasons per spot would not say it
            text.append(way_out, style="bold yellow")
        else:
            text.append(f"{what} on card {ghost.card} at {cells_str(ghost.cells)}: ", style="bold")
            if ghost.reason is None:
                text.append("Enter places it", style="green")
            else:
                text.append(ghost.reason, style="bold red")
        if placer.extra_mode:
            text.append(f"  ({placer.owed} extra mark{'s' * (placer.owed > 1)} owed)")
        if self.thinking:
            text.append(f"  {THINKING} ({', '.join(self.thinking.values())})", style="italic")
        return text

    def say(self, *lines: RenderableType, replace: bool = True) -> None:
        """Show ``lines`` in the side panel (replacing what was there)."""
        if replace:
            self.messages = []
        self.messages.extend(lines)

    # --- the cursor ---------------------------------------------------------------------

    def placing(self) -> Placer:
        return self.placer

    def on_card_view_pointed(self, message: CardView.Pointed) -> None:
        self.placer.point(message.card, message.row, message.column)
        self.redraw()

    def on_card_view_clicked(self, message: CardView.Clicked) -> None:
        self.placer.point(message.card, message.row, message.column)
        self.action_place()

    # --- moves --------------------------------------------------------------------------

    def action_place(self) -> None:
        way_out = self.placer.way_out()
        outcome = self.placer.place()
        if isinstance(outcome, str):
            self.redraw()
            self.status = Text(way_out or f"Not there: {outcome}", style="bold red")
            return
        if outcome is None:
            self.redraw()
            return
        self.play(outcome)

    def action_prompt(self) -> None:
        def typed(text: str | None) -> None:
            if text:
                self.play_text(text)

        self.app.push_screen(Prompt("Your move in notation (e.g. B1 B2 C2 +C3):"), typed)

    def play_text(self, text: str) -> None:
        """Play a move written in notation (the ``:`` prompt)."""
        from ....solver.silvergold.moves import (
            AmbiguousMoveError,
            IllegalMoveError,
            InvalidMoveError,
        )

        try:
            move = self.session.position.parse_move(
                text, self.session.expedition, self.session.round_number
            )
        except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
            self.status = Text(f"Not played: {error}", style="bold red")
            return
        self.play(move)

    def play(self, move: Move) -> None:
        """Play a whole move, save, and go on (or to the end screen); the solver's
        judgement of it follows from a worker."""
        session = self.session
        played = session.play_move(move)
        self.kept.moved()
        self.say(Text(describe_turn(session, played), style="bold"))
        self.area = 0
        if session.finished:
            self.finish()
            return
        self.placer = self._new_placer()
        self.think("feedback", "judging your move", self._judge, session.moves)
        self.redraw()

    def _judge(self, moves: tuple[Move, ...]) -> Feedback:
        return self.kept.feedback(moves[:-1], moves[-1])

    def think(
        self, name: str, what: str, work: Callable[..., object], moves: tuple[Move, ...]
    ) -> None:
        """Run ``work(moves)`` in a thread worker; :meth:`on_worker_state_changed` shows it."""

        def locked() -> tuple[tuple[Move, ...], object]:
            with self._solver:
                return moves, work(moves)

        self.thinking[name] = what
        self.run_worker(locked, name=name, group=name, thread=True, exclusive=True)

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        if self.workers_running(worker.name):
            return  # a newer worker of the same kind is under way
        self.thinking.pop(worker.name, None)
        if worker.state is WorkerState.ERROR:
            self.say(Text(f"The solver failed: {worker.error}", style="bold red"), replace=False)
        elif worker.result is not None:
            moves, result = worker.result
            if moves == self.session.moves and not self.session.finished:
                if worker.name == "hint":
                    self.show_hint(*result)
                elif worker.name == "feedback":
                    self.show_feedback(moves, result)
        if self.is_current:
            self.redraw()

    def workers_running(self, name: str) -> bool:
        """Whether a worker called ``name`` is still pending or running."""
        return any(
            w.name == name and w.state in (WorkerState.PENDING, WorkerState.RUNNING)
            for w in self.workers
        )

    def show_feedback(self, moves: tuple[Move, ...], judged: Feedback) -> None:
        self.kept.told(moves, judged)
        lines: list[RenderableType] = [Text(line) for line in judged.text_lines()]
        better = judged.better_move
        if better is not None:
            lines.append(
                small_board(self.session, better, title="The better move:", before=len(moves))
            )
        self.say(*lines, replace=False)

    def action_undo(self) -> None:
        if self.placer.take_back():
            self.say(Text("Took back the mark."))
            self.redraw()
            return
        said = self.kept.undo()
        if said is None:
            self.status = Text("Nothing to undo.", style="bold red")
            return
        self.say(Text(said))
        self.area = 0
        self.placer = self._new_placer()
        self.redraw()

    def action_hint(self) -> None:
        if "hint" in self.thinking:
            self.status = Text(f"Still {THINKING} on the hint.", style="bold")
            return
        self.think("hint", "a hint", lambda moves: self.kept.think_hint(moves), self.session.moves)
        self.redraw()

    def show_hint(self, given: Hint, counted: int) -> None:
        """Show a hint computed by the worker; count it (and save)."""
        self.kept.took_hint(given, counted)
        lines: list[RenderableType] = [Text(f"Hint, level {int(given.level)} of 3:", style="bold")]
        lines.extend(Text(f"  {line}") for line in given.text_lines(newest_first=True))
        if given.level < 3:
            lines.append(Text("(h again tells more)", style="italic"))
        self.say(*lines)
        if given.area is not None:
            self.area, self.area_card = given.area.cells, given.area.card
        if given.move is not None and given.move.mark is not None:
            self.placer = self._new_placer()
            self.placer.follow(given.move)

    def action_leave(self) -> None:
        """``q``: give up, save and leave, or play on (the line mode's question)."""
        counts = "" if self.session.practice else " and its score counts"
        no_record = "" if self.kept.recorded else " (--no-record: nothing is saved)"

        def answered(choice: str | None) -> None:
            if choice == "y":
                self.session.give_up()
                self.finish()
            elif choice == "s":
                self.keep_and_leave()
            else:
                self.status = Text("Playing on.", style="bold")

        self.app.push_screen(
            LeaveDialog(
                f"Give up? The attempt ends{counts}; the optimal line is shown.{no_record}",
                saving=self.kept.recorded,
            ),
            answered,
        )

    def keep_progress(self) -> None:
        """Save the attempt to come back to it; what was kept is printed on exit."""
        if not self.session.finished:
            self.setting.left[self.session.puzzle.id] = self.kept.keep()

    def keep_and_leave(self) -> None:
        """Save and leave: back to the home screen, or out of the app."""
        self.keep_progress()
        if self.setting.home:
            self.notify(self.setting.left[self.session.puzzle.id])
        leave(self.setting, self)

    def finish(self) -> None:
        """Record the attempt and show the end screen."""
        from .end_screen import EndScreen

        self.kept.record()
        # What was said of this puzzle's saved progress is no longer true: no line about
        # it after the app exits, no toast of it over the end screen.
        self.setting.left.pop(self.session.puzzle.id, None)
        self.app.clear_notifications()
        self.app.switch_screen(EndScreen(self.setting, self.kept, self.messages))
