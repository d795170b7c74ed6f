"""A puzzle attempt on the full screen: the board, the ghost, the trainer.

The screen drives a :class:`~silverpyr.puzzles.session.PlaySession` (moves, undo, give up)
and the attempt's :class:`~silverpyr.puzzles.hints.coach.Coach` (hints, feedback); the
:class:`~.placing.Placer` turns the cursor into moves. Nothing here decides a rule.
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.reactive import reactive
from textual.screen import Screen
from textual.widgets import Footer, Static

from ...solver.cells import cells_of
from ..views import (
    describe_turn,
    expedition_strip,
    puzzle_header,
    sheet_line,
    turn_labels,
    turn_title,
)
from .modals import Confirm, Prompt
from .placing import Placer
from .setting import Setting, record_attempt, start_attempt
from .widgets import CardView, legend

if TYPE_CHECKING:
    from ...puzzles.hints.coach import Coach
    from ...puzzles.puzzle import Puzzle
    from ...puzzles.session import PlaySession
    from ...solver.moves import Move

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


class PuzzleScreen(Screen[None]):
    """One attempt at a puzzle."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *MOVE_KEYS,
        Binding("h", "hint", "Hint"),
        Binding("u", "undo", "Undo"),
        Binding("q", "leave", "Leave"),
    ]

    status: reactive[Text] = reactive(Text)
    """The status bar: what the ghost would do, or why it may not go there."""

    def __init__(self, setting: Setting, puzzle: Puzzle) -> None:
        from ...puzzles.session import PlaySession

        super().__init__()
        self.setting = setting
        self.session = PlaySession(puzzle, setting.deck)
        self.placer = self._new_placer()
        self.area = 0
        """The cells of a level-2 hint's area (on ``area_card``)."""
        self.area_card = 0
        self.messages: list[RenderableType] = []
        self._coach: Coach | None = None
        self._began = time.monotonic()
        note = start_attempt(setting, self.session)
        if note:
            self.messages.append(Text(note))

    # --- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        puzzle = self.session.puzzle
        yield Static(id="title")
        with Horizontal(id="board"):
            for number in puzzle.cards:
                yield CardView(self.setting.deck.card(number), id=f"card-{number}")
            with VerticalScroll(id="side"):
                yield Static(id="scorecard")
                yield Static(id="messages")
        yield Static(legend([self.setting.deck.card(n) for n in puzzle.cards]), id="legend")
        yield Static(id="strip")
        yield Static(id="status")
        yield Footer()

    def on_mount(self) -> None:
        self.call_after_refresh(self.redraw)

    def _new_placer(self) -> Placer:
        session = self.session
        return Placer(session.position, session.expedition, session.round_number)

    def redraw(self) -> None:
        """Draw everything from the session and the placer."""
        session = self.session
        puzzle = session.puzzle
        title = puzzle_header(puzzle, plain=False)
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
        self.status = self._ghost_status()

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
        from ...solver.cells import cells_str

        text = Text()
        text.append(f"{what} on card {ghost.card} at {cells_str(ghost.cells)}: ", style="bold")
        if ghost.reason is None:
            text.append("Enter places it", style="green")
        else:
            text.append(ghost.reason, style="bold red")
        if placer.extra_mode:
            text.append(f"  ({placer.owed} extra mark{'s' * (placer.owed > 1)} owed)")
        return text

    def say(self, *lines: RenderableType, replace: bool = True) -> None:
        """Show ``lines`` in the side panel (replacing what was there)."""
        if replace:
            self.messages = []
        self.messages.extend(lines)

    # --- the cursor ---------------------------------------------------------------------

    def action_cursor(self, rows: int, columns: int) -> None:
        self.placer.move(rows, columns)
        self.redraw()

    def action_rotate(self) -> None:
        self.placer.rotate()
        self.redraw()

    def action_mirror(self) -> None:
        self.placer.mirror()
        self.redraw()

    def action_next_card(self) -> None:
        self.placer.next_card()
        self.redraw()

    def action_single(self) -> None:
        self.placer.toggle_single()
        self.redraw()

    def action_step(self, offset: int) -> None:
        self.placer.step(offset)
        self.redraw()

    def on_card_view_pointed(self, message: CardView.Pointed) -> None:
        self.placer.point(message.card, message.row, message.column)
        self.redraw()

    def on_card_view_clicked(self, message: CardView.Clicked) -> None:
        self.placer.point(message.card, message.row, message.column)
        self.action_place()

    # --- moves --------------------------------------------------------------------------

    def action_place(self) -> None:
        outcome = self.placer.place()
        if isinstance(outcome, str):
            self.redraw()
            self.status = Text(f"Not there: {outcome}", style="bold red")
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
        from ...solver.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError

        try:
            move = self.session.position.parse_move(
                text, self.session.expedition, self.session.round_number
            )
        except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
            self.status = Text(f"Not played: {error}", style="bold red")
            return
        self.play(move)

    def coach(self) -> Coach:
        """The attempt's coach, seeded with the puzzle's proven line (made when needed)."""
        if self._coach is None:
            from ..play import trainer_coach

            self._coach = trainer_coach(self.session, self.setting.deck)
        return self._coach

    def play(self, move: Move) -> None:
        """Play a whole move, judge it, and go on (or to the end screen)."""
        session = self.session
        played = session.play_move(move)
        lines: list[RenderableType] = [Text(describe_turn(session, played), style="bold")]
        judged = self.coach().feedback(session.moves[:-1], move)
        lines.extend(Text(line) for line in judged.text_lines())
        better = judged.better_move
        if better is not None:
            lines.append(small_board(session, better, title="The better move:", before=played.turn))
        self.say(*lines)
        self.area = 0
        if session.finished:
            self.finish()
            return
        self.placer = self._new_placer()
        self.redraw()

    def action_undo(self) -> None:
        if self.placer.take_back():
            self.say(Text("Took back the mark."))
            self.redraw()
            return
        undone = self.session.undo()
        if undone is None:
            self.status = Text("Nothing to undo.", style="bold red")
            return
        turn = self.session.turn_index + 1
        self.say(Text(f"Took back turn {turn}: {self.session.notation(undone)}"))
        self.area = 0
        self.placer = self._new_placer()
        self.redraw()

    def action_hint(self) -> None:
        session = self.session
        coach = self.coach()
        given = coach.next_hint(session.moves)
        session.hints_used = coach.hints_given
        session.hint_levels[int(given.level) - 1] += 1
        lines: list[RenderableType] = [Text(f"Hint, level {int(given.level)} of 3:", style="bold")]
        lines.extend(Text(f"  {line}") for line in given.text_lines())
        if given.level < 3:
            lines.append(Text("(h again tells more)", style="italic"))
        self.say(*lines)
        if given.area is not None:
            self.area, self.area_card = given.area.cells, given.area.card
        if given.move is not None and given.move.mark is not None:
            self.placer = self._new_placer()
            self.placer.show(given.move.mark)
        self.redraw()

    def action_leave(self) -> None:
        counts = "" if self.session.practice else " and its score counts"

        def answered(give_up: bool | None) -> None:
            if give_up:
                self.session.give_up()
                self.finish()

        self.app.push_screen(
            Confirm(f"Give up? The attempt ends{counts}; the optimal line is shown."), answered
        )

    def finish(self) -> None:
        """Record the attempt and show the end screen."""
        from .end_screen import EndScreen

        record_attempt(self.setting, self.session, self._began)
        self.app.switch_screen(EndScreen(self.setting, self.session, self.messages))
