"""What the full-screen games against bots share (game-free): the screen that drives a
:class:`~silverpyr.cli.core.tui.table.BotTable` (the Sun's and Cheops's game screens).

:class:`TableGameScreen` keeps, once, the flow both games had twice; each game subclasses it
and fills the hooks. The bots' turns, the advice and the coach's check run off the screen's
thread, and decisions wait meanwhile. :func:`run_table_game` is what each game's ``launch``
calls. Nothing here knows a game.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generic, TypeVar

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import App, ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Footer, OptionList, Static
from textual.worker import Worker, WorkerState

from ....puzzles.core.grading import REASON_INDENT, reason_lines
from ....solver.core.errors import SilverpyrError
from .base import GameApp, GameOver, Shown, SolvingScreen, waited
from .modals import Choose, Confirm, Reading
from .rules_screen import RULES_HINT
from .table import BotTable, TableLine, VerdictLike

LEAVE = "\x00leave"
"""A question's answer when ``q`` was pressed on it (no option has this value)."""
UNDO = "\x00undo"
"""A question's answer when ``u`` was pressed on it: take back the pending move instead."""
LOG_LINES = 40
"""Messages kept on screen (the log scrolls to the newest)."""
ADVICE_LINES = 7
"""Lines of advice kept in the messages (the best options; the rest are counted)."""


CURSOR_KEYS: list[BindingType] = [
    Binding("up,k", "cursor(1, 0)", "Move", show=False, priority=True),
    Binding("down,j", "cursor(-1, 0)", "Move", show=False, priority=True),
    Binding("left,H", "cursor(0, -1)", "Move", show=False, priority=True),
    Binding("right,l", "cursor(0, 1)", "Move", show=False, priority=True),
]
"""The cursor's keys, first in a game's keys: the arrows, or ``k`` ``j`` ``l`` and ``H``
(``h`` is the advice)."""


def hand_keys(count: int, noun: str, enter: str) -> list[BindingType]:
    """The first keys of a game's screens, its game's and its puzzles': the cursor's
    (:data:`CURSOR_KEYS`), ``1`` to ``count`` choose the card or tile (``noun``) of your hand,
    Tab the next one (:class:`HandCursor`), Enter plays it (``enter``: the footer's word)."""
    return [
        *CURSOR_KEYS,
        *(
            Binding(str(n), f"choose({n - 1})", f"{noun} {n}", show=False, priority=True)
            for n in range(1, count + 1)
        ),
        Binding("tab", "next_in_hand", noun, priority=True),
        Binding("enter", "enter", enter, priority=True),
    ]


LAST_KEYS: list[BindingType] = [
    Binding("h", "hint", "Advice", priority=True),
    Binding("question_mark", "help", "Help", priority=True),
    Binding("q", "leave", "Leave", priority=True),
]
"""The advice, the help and leaving, last in a game's keys (and its footer)."""


def table_css(layout: str, dialogs: str, dialog_width: int) -> str:
    """The CSS of a table game's app: the title, the table, the hand, the messages, the
    status, the questions, the help and the too-small screen are laid out alike; a game
    gives the table's own parts (``layout``: the pyramid and what stands beside it), its
    dialogs' rules (``dialogs``: where its help and notes sit) and its dialogs' width. The
    reading dialog (the advice with its reasons) is the screen's width in every game."""
    return f"""
Screen {{ layout: vertical; }}
#title {{ height: 1; padding: 0 1; }}
#table {{ height: auto; }}
{layout}
#hand {{ height: 1; padding: 0 1; }}
#log {{ height: 1fr; min-height: 2; padding: 0 1; }}
#status {{ height: auto; min-height: 1; padding: 0 1; background: $boost; }}
#end {{ padding: 0 1; }}
{dialogs}
#choose-list {{ height: auto; max-height: 12; border: none; padding: 0; }}
.dialog {{
    width: {dialog_width}; max-width: 100%; height: auto; max-height: 100%; padding: 1 2;
    border: thick $accent; background: $surface;
}}
.dialog.reading {{ width: 100%; max-width: 100; padding: 0 1; }}
Reading {{ align: center middle; }}
.keys {{ color: $text-muted; margin-top: 1; }}
#help {{ width: 80; padding: 0 1; }}
#help .keys {{ margin-top: 0; }}
TooSmall {{ align: center middle; background: $background; }}
#too-small {{ width: auto; max-width: 100%; height: auto; padding: 0 1; }}
"""


def table_layout(table: Callable[[], Iterable[Widget]], *below: str) -> ComposeResult:
    """The widgets of :func:`table_css`'s layout, for a game and for its daily and puzzle:
    the title, the table (``table`` gives the pyramid and what stands beside it), the parts
    ``below`` it (their ids), the messages, the status and the keys."""
    yield Shown(id="title")
    with Horizontal(id="table"):
        yield from table()
    for part in below:
        yield Shown(id=part)
    with VerticalScroll(id="log"):
        yield Shown(id="messages")
    yield Shown(id="status")
    yield Footer(compact=True)


def advice_texts(lines: Sequence[str], limit: int = ADVICE_LINES) -> list[Text]:
    """The advice: its first line after ``Advice:``, then the next lines up to ``limit`` in
    all and how many are left out."""
    if not lines:
        return [Text("Advice: none.", style="italic")]
    texts = [Text(f"Advice: {lines[0]}", style="bold")]
    texts.extend(Text(f"  {line.strip()}") for line in lines[1:limit])
    if len(lines) > limit:
        texts.append(Text(f"  (and {len(lines) - limit} more)", style="italic"))
    return texts


def is_reason(line: str) -> bool:
    """Whether an advice line sits under an option (a reason, or a note such as
    :data:`~silverpyr.puzzles.core.grading.NOISE_NOTE`), not the ranking."""
    return line.startswith(REASON_INDENT)


def _is_note(line: str) -> bool:
    """Whether a line under an option is a note in parentheses, not a reason."""
    return is_reason(line) and line.strip().startswith("(")


class Reasons:
    """An option's reasons drawn at the width they are given, as the advice's lines wrap
    them (:func:`~silverpyr.puzzles.core.grading.reason_lines`): one a line, the next lines of a
    long one indented deeper."""

    def __init__(self, reasons: Sequence[str]) -> None:
        self.reasons = tuple(reasons)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for line in reason_lines(self.reasons, options.max_width):
            yield Text(line)


REASONS_SAY = (
    "Under each option, why the expert's choice is better (yours: where the option does better)."
)
"""The dialog's words under the advice's head: whose the reasons are (the column the Silver &
Gold advice gives them)."""


def advice_reading(lines: Sequence[str]) -> RenderableType:
    """The advice's lines for the reading dialog: the head and whose the reasons are
    (:data:`REASONS_SAY`), each option in bold (a note between them, in parentheses or
    ``...``, in italics), its reasons under it wrapped again to the dialog's width
    (:class:`Reasons`)."""
    parts: list[RenderableType] = []
    reasons: list[str] = []
    reasoned = any(is_reason(line) and not _is_note(line) for line in lines)

    def flush() -> None:
        if reasons:
            parts.append(Reasons(reasons))
            reasons.clear()

    for index, line in enumerate(lines):
        if index == 0:
            parts.append(Text(line))
            if reasoned:
                parts.append(Text(REASONS_SAY, style="italic"))
        elif line.startswith(REASON_INDENT + "  ") and reasons:  # a wrapped reason goes on
            reasons[-1] += " " + line.strip()
        elif is_reason(line) and not _is_note(line):
            reasons.append(line.strip())
        else:
            flush()
            note = line.strip().startswith(("(", "..."))
            parts.append(Text(line, style="italic" if note else "bold"))
    flush()
    return Group(*parts)


SpotT = TypeVar("SpotT")


def nearest(
    targets: Sequence[SpotT],
    cursor: SpotT,
    rows: int,
    columns: int,
    where: Callable[[SpotT], tuple[int, int, int]],
) -> SpotT:
    """Where the cursor moves: the nearest of ``targets`` in the direction asked (rows: +1
    up the pyramid, -1 down; columns: +1 right, -1 left; a zero asks nothing of its axis),
    the same row first, or ``cursor`` when none lies that way. ``where`` gives a spot's
    column on screen, its row and its place in the row (the tie-break)."""
    x0, row0, _ = where(cursor)
    best: tuple[int, int, int, int] | None = None
    found = cursor
    for spot in targets:
        if spot == cursor:
            continue
        x, row, pos = where(spot)
        dx = x - x0
        dy = row - row0
        if columns and dx * columns <= 0:
            continue
        if rows and dy * rows <= 0:
            continue
        key = (abs(dy), abs(dx), row, pos)
        if best is None or key < best:
            best, found = key, spot
    return found


def keys_text(rows: Sequence[tuple[str, str]], width: int) -> Text:
    """A help's keys: ``Keys``, then a line a row: the key in bold in ``width`` columns, what
    it does."""
    keys = Text("Keys\n", style="bold")
    for key, meaning in rows:
        keys.append(f" {key:<{width}}", style="bold")
        keys.append(f"{meaning}\n")
    return keys


class TableHelp(ModalScreen[None]):
    """A table game's help: its keys (``rows``, the keys in ``width`` columns) and what its
    board shows (``legend`` adds it to the keys), and what closes it (``r`` opens the rules
    page in its place when the game gives one, ``rules``). Each game says what a key does."""

    def __init__(
        self,
        rows: Sequence[tuple[str, str]],
        width: int,
        legend: Callable[[Text], RenderableType],
        rules: Callable[[], RenderableType] | None,
    ) -> None:
        super().__init__()
        self.body = legend(keys_text(rows, width))
        self.rules = rules

    def compose(self) -> ComposeResult:
        with Vertical(classes="dialog", id="help"):
            yield Shown(self.body)
            yield Static(RULES_HINT if self.rules else "any key closes this", classes="keys")


class HandCursor(Generic[SpotT]):
    """The cursor over the board's spots and the card or tile of your hand chosen, moved
    alike on every table game's screens (its game's and its puzzles'): an arrow goes to the
    nearest spot that way, ``1``-``n`` choose in your hand and Tab the next one (the keys of
    :func:`hand_keys`), and the cursor goes where the chosen one fits. A screen gives the
    spots (:meth:`targets`), its hand, those the chosen one fits and how the cursor moves."""

    CHOOSES_ITEM: ClassVar[bool] = False
    """Whether :attr:`chosen` is the hand's item (the Sun's card), not its index."""

    cursor: SpotT | None
    chosen: int | None

    def targets(self) -> list[SpotT]:
        """The spots the cursor visits now."""
        raise NotImplementedError

    def hand(self) -> Sequence[Any]:
        """Your hand's cards or tiles."""
        raise NotImplementedError

    def fitting(self, targets: list[SpotT]) -> list[SpotT]:
        """Those of ``targets`` the chosen card or tile fits (the cursor goes to the first)."""
        return targets

    def next_spot(self, targets: list[SpotT], cursor: SpotT, rows: int, columns: int) -> SpotT:
        """Where an arrow takes the cursor (:func:`nearest`, each game's way)."""
        raise NotImplementedError

    def redraw(self) -> None:
        raise NotImplementedError

    def _fit_cursor(self, prefer_fit: bool = False) -> None:
        """The cursor on a spot it visits (one the chosen card or tile fits, when asked or
        when it has to move)."""
        targets = self.targets()
        if not targets:
            self.cursor = None
            return
        if self.cursor in targets and not prefer_fit:
            return
        fitting = self.fitting(targets)
        if self.cursor not in targets or self.cursor not in fitting:
            self.cursor = (fitting or targets)[0]

    def action_cursor(self, rows: int, columns: int) -> None:
        if self.cursor is None:
            return
        self.cursor = self.next_spot(self.targets(), self.cursor, rows, columns)
        self.redraw()

    def action_choose(self, index: int) -> None:
        hand = self.hand()
        if 0 <= index < len(hand):
            self.chosen = hand[index] if self.CHOOSES_ITEM else index
            self._fit_cursor(prefer_fit=True)
            self.redraw()

    def action_next_in_hand(self) -> None:
        """Tab: the next card or tile of your hand (the first when none is chosen)."""
        hand = self.hand()
        if not hand:
            return
        if self.CHOOSES_ITEM:
            index = hand.index(self.chosen) + 1 if self.chosen in hand else 0
        else:
            index = 0 if self.chosen is None else self.chosen + 1
        self.action_choose(index % len(hand))


class Question(Choose):
    """A question of the game (a pile, a discard, a sale, a law's choice, a stack...): the
    shared :class:`~silverpyr.cli.core.tui.modals.Choose`, answered once. Keys typed fast could
    reach it after its answer, while it is leaving, and dismiss the next question in its
    place."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("q", "leave_game", "Leave"),
        Binding("u", "undo", "Undo"),
    ]

    given = False

    def action_leave_game(self) -> None:
        """``q`` on a question: put it off and ask whether to leave the game."""
        self.dismiss(LEAVE)

    def action_undo(self) -> None:
        """``u`` on a question: put it off and take back the pending move (the title bar
        says ``u takes back`` while a move is pending)."""
        self.dismiss(UNDO)

    def dismiss(self, result: str | None = None) -> AwaitComplete:
        """The first answer; any later one does nothing (it would pop the next question)."""
        if self.given:
            return AwaitComplete(asyncio.sleep(0))
        self.given = True
        return super().dismiss(result)

    def on_key(self, event: events.Key) -> None:
        if self.given or self is not self.app.screen:
            event.stop()
            return
        super().on_key(event)

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if self.given:
            event.stop()
            return
        super().on_option_list_option_selected(event)

    def action_cancel(self) -> None:
        if not self.given:
            super().action_cancel()


@dataclass
class Leaving:
    """What a game's screens share: what leaving kept, printed when the app exits."""

    left: list[str] = field(default_factory=list)


LeavingT = TypeVar("LeavingT", bound=Leaving)


class TableGameApp(GameApp[LeavingT]):
    """The app of a game against bots: on a terminal too small, "(the game is kept)"; Ctrl-C
    leaves at once, each screen keeping what it must (its ``keep_progress``)."""

    LEAVING = " (the game is kept)"

    def action_interrupt(self) -> None:
        """Ctrl-C: leave at once; the game keeps what it kept and says how to resume."""
        for screen in self.screen_stack:
            keep = getattr(screen, "keep_progress", None)  # the game screen's
            if callable(keep):
                keep()
        self.exit()


TableT = TypeVar("TableT", bound=BotTable[Any, Any, Any, Any])


class TableGameScreen(SolvingScreen, Generic[TableT]):
    """A whole game against bots on a table: your turns by keys, the bots' in a thread, the
    end screen. A game fills :data:`THREADS`, :data:`NAME`, :data:`DECIDING`, :data:`END` and
    the hooks below (``draw_table``, ``turn_note``, ``decision_text``, ``allows``,
    ``fit_choice``, ``ask``, ``after_play``, ``recent_after``, ``leave_words``,
    ``final_line``, ``end_parts``)."""

    NAME: ClassVar[str]
    """The game's name on screen (``Pyramid of the Sun``)."""
    DECIDING: ClassVar[frozenset[str]]
    """Actions off while the bots play (the table is busy in a thread)."""
    END: ClassVar[type[GameOver]]
    """The game's end screen."""
    RESUMES: ClassVar[str]
    """When the kept game is saved and what resumes it, for the question before leaving
    (``after every final decision: `silverpyr sun game```)."""

    def __init__(self, setting: Leaving, table: TableT) -> None:
        super().__init__()
        self.setting = setting
        self.table = table
        self.names = table.seat_names()
        self.busy: str | None = None
        """What the table is doing in a thread (the bots, the coach); decisions wait."""
        self.progress: str | None = None
        """The latest line of the work's progress (set from its thread)."""
        self.thinking = False
        """Whether the advice is being worked out."""
        self.closed = False
        self._events_before = 0
        self._busy_since: float | None = None
        self._thinking_since: float | None = None
        coached = " The coach is on." if table.coach else ""
        self.messages: list[RenderableType] = [
            Text(f"{self.NAME}: {self.game_words()}.{coached} ? shows the keys."),
            *(Text(note, style="italic") for note in table.notes),
        ]
        self._pending_told: list[list[tuple[int, str]]] = []
        """The messages of each pending move (their places and texts), oldest first: made
        plain when the turn's moves are final, marked when one is taken back."""

    # --- the game's hooks -----------------------------------------------------------------

    def game_words(self) -> str:
        """The game's opening words after its name (``seed 5, you against greedy``)."""
        raise NotImplementedError

    def draw_table(self) -> None:
        """Draw the game's own parts from the table (the pyramid, the seats, the hand...)."""
        raise NotImplementedError

    def turn_note(self) -> str:
        """What the title says after ``your turn`` (``(1 pending: u takes back)``)."""
        return ""

    def decision_text(self, waiting: Any) -> Text:
        """The status line while ``waiting`` is due from you: what to do, what Enter does."""
        raise NotImplementedError

    def allows(self, action: str) -> bool | None:
        """:meth:`check_action` for the game's own keys, once the bots are not playing."""
        return True

    def fit_choice(self) -> None:
        """After a change with your decision due: bring the chosen card or tile and the
        cursor up to date."""

    def ask(self, waiting: Any, options: tuple[Any, ...]) -> None:
        """The question due on ``waiting`` (the game's pile, sale, law, stack...), your
        ``options`` at hand."""

    def after_play(self, move: Any) -> None:
        """``move`` was played: what it resets of the screen's choices."""

    def recent_after(self, events: Sequence[Any]) -> None:
        """The bots played ``events``: mark what they took or placed (underlined)."""

    def leave_words(self) -> str:
        """What leaving keeps, for the question before leaving: saved (:data:`RESUMES`) or
        not."""
        return f"It is saved {self.RESUMES} resumes it." if self.table.saved else "It is not saved."

    def final_line(self) -> str | None:
        """The game is over: its final line (``Final score: ...``), printed first when the
        app exits; ``None`` while it is not over."""
        raise NotImplementedError

    def end_parts(self) -> list[RenderableType]:
        """What the end screen shows under "The game is over." (:meth:`ended` makes it)."""
        raise NotImplementedError

    def advice(self) -> list[str]:
        """The advice on the decision due (in a thread)."""
        return self.table.advice_lines(self._progress)

    def show_advice(self, lines: Sequence[str]) -> None:
        """The advice came, for the table as it is: its ranking into the messages (without
        the reasons) and, when there are options to compare, the whole advice with their
        reasons in a reading dialog at the screen's width (the messages are a few rows: the
        ranking's head would scroll out of sight). A forced decision (its one line) has the
        messages only."""
        self.say(*advice_texts([line for line in lines if not is_reason(line)]))
        if len(lines) > 1 and not self.closed:
            self.app.push_screen(Reading(Text("Advice", style="bold"), advice_reading(lines)))

    # --- layout -------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.call_after_refresh(self.after_change)
        self.set_interval(1.0, self._tick)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that mean nothing now are off (and out of the footer)."""
        if self.busy is not None and action in self.DECIDING:
            return False
        if action == "undo":
            return bool(self.table.pending)
        return self.allows(action)

    # --- drawing ------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw everything from the table: the title, the game's parts (:meth:`draw_table`),
        the messages and the status."""
        if not self.is_mounted or self.closed:
            return
        table = self.table
        state = table.state
        title = Text(self.NAME, style="bold")
        if state.over:
            title.append(" - the game is over")
        elif table.waiting is not None:
            title.append(" - your turn")
            title.append(self.turn_note())
        else:
            title.append(f" - {self.names[state.turn]} to play")
        self.query_one("#title", Static).update(title)
        self.draw_table()
        self.draw_log()

    def status_text(self) -> Text:
        """What is due from you, and what Enter does now (:meth:`decision_text`)."""
        state = self.table.state
        waiting = self.table.waiting
        if state.over:
            return Text("The game is over.", style="bold")
        if waiting is None:
            return Text(f"{self.names[state.turn]} is to play\u2026", style="italic")
        return self.decision_text(waiting)

    def by_seat(self, values: Sequence[object]) -> str:
        """``You 12, Player 2 (greedy) 9``: a value of each seat after its name."""
        return ", ".join(f"{name} {value}" for name, value in zip(self.names, values, strict=True))

    def draw_log(self) -> None:
        """The messages (the newest :data:`LOG_LINES`, scrolled to the end), the keys that
        mean something now, and the status line."""
        self.query_one("#messages", Static).update(Group(*self.messages[-LOG_LINES:]))
        log = self.query_one("#log", VerticalScroll)
        log.call_after_refresh(log.scroll_end, animate=False)
        self.refresh_bindings()
        self._draw_status()

    def _draw_status(self) -> None:
        now = time.monotonic()
        if self.busy is not None:
            if self._busy_since is None:
                self._busy_since = now
            what = self.progress or self.busy
            status = Text(what + waited(now - self._busy_since), style="bold italic")
        else:
            self._busy_since = None
            status = self.status_text()
        if self.thinking:
            if self._thinking_since is None:
                self._thinking_since = now
            status.append(
                f"  thinking\u2026 (advice){waited(now - self._thinking_since)}", style="italic"
            )
        else:
            self._thinking_since = None
        self.query_one("#status", Static).update(status)

    def _tick(self) -> None:
        if (self.busy is not None or self.thinking) and self.is_mounted:
            self._draw_status()

    def say(self, *lines: RenderableType) -> None:
        """Add ``lines`` to the messages."""
        self.messages.extend(lines)

    def refuse(self, text: str) -> None:
        self.query_one("#status", Static).update(Text(text, style="bold red"))

    def _tell(self, lines: Sequence[TableLine]) -> None:
        told: list[tuple[int, str]] = []
        for line in lines:
            if not line.text:  # a silent verdict of the coach
                continue
            style = {"pending": "italic", "coach": "italic", "over": "bold"}.get(line.kind, "")
            if line.kind == "pending":
                told.append((len(self.messages), line.text))
            prefix = "  (pending) " if line.kind == "pending" else "  "
            self.say(Text(prefix + line.text, style=style))
        if told:
            self._pending_told.append(told)
        if not self.table.pending:  # the turn's moves are final: no "(pending)" stays
            for told_lines in self._pending_told:
                for index, text in told_lines:
                    self.messages[index] = Text("  " + text)
            self._pending_told = []

    def took_back(self) -> None:
        """The last pending move was taken back: its messages say so (a game's undo)."""
        if self._pending_told:
            for index, text in self._pending_told.pop():
                self.messages[index] = Text("  (taken back) " + text, style="dim italic")

    # --- after every change --------------------------------------------------------------

    def after_change(self) -> None:
        """The table changed: the bots play if due (in a thread), the end screen if it is
        over, else the choice, the cursor and the question due are brought up to date."""
        if self.closed:
            return
        table = self.table
        if table.state.over:
            self.redraw()
            self._show_end()
            return
        if table.bots_due:
            self._events_before = len(table.state.events)
            self.busy = "The others are playing\u2026"
            self.progress = None
            self.redraw()
            self.solve(lambda: table.settle(self._progress), "bots")
            return
        self.fit_choice()
        self.redraw()
        self._ask()

    def _progress(self, line: str) -> None:
        self.progress = line  # read by the status line each second

    # --- playing a move -----------------------------------------------------------------

    def weigh(self, move: Any) -> None:
        """The coach weighs ``move`` in a thread (the status counts the seconds); a graded
        move then asks before it is played: ``y`` plays it anyway, ``n`` chooses again."""
        self.busy = "The coach is weighing your move\u2026"
        self.progress = None
        self.redraw()
        table = self.table
        self.solve(lambda: (move, table.check(move, self._progress)), "coach")

    def _coach_done(self, worker: Worker[Any]) -> None:
        if self._failed(worker, "coach"):
            return
        assert worker.result is not None
        result: tuple[Any, VerdictLike | None] = worker.result
        move, verdict = result
        if verdict is None or verdict.is_silent:
            self._commit(move)
            return

        def answered(anyway: bool | None) -> None:
            if anyway:
                self._commit(move)
            else:
                self.table.heed()
                self.say(Text("  Choose again.", style="italic"))
                self.after_change()

        self.redraw()
        self.app.push_screen(Confirm(verdict.warning()), answered)

    def _commit(self, move: Any) -> None:
        """Play ``move`` on the table; its events go to the messages."""
        try:
            lines = self.table.play(move)
        except SilverpyrError as error:
            self.refuse(f"Not played: {error}")
            return
        self._tell(lines)
        self.after_play(move)
        self.after_change()

    # --- the questions ---------------------------------------------------------------------

    @property
    def asking(self) -> bool:
        """Whether a question is up."""
        return any(isinstance(screen, Question) for screen in self.app.screen_stack)

    def _ask(self) -> None:
        """The question due (:meth:`ask`), once: not while one is up, the table is busy or
        the screen is closed."""
        if self.asking or self.busy is not None or self.closed:
            return
        self.ask(self.table.waiting, self.table.options())

    def _question(
        self,
        question: str,
        options: list[tuple[str, str]],
        then: Callable[[str], None],
        keys: list[str] | None = None,
    ) -> None:
        def answered(value: str | None) -> None:
            if value is None:
                self.redraw()
                return
            if value == LEAVE:
                self.action_leave()
                return
            if value == UNDO:
                undo = getattr(self, "action_undo", None)
                if undo is not None:
                    undo()
                self.redraw()
                return
            then(value)

        self.app.push_screen(Question(question, options, keys), answered)

    # --- advice, leaving, the end ------------------------------------------------------------

    def action_hint(self) -> None:
        if self.table.waiting is None or self.busy is not None or self.thinking:
            return
        self.thinking = True
        asked = self.table.state  # the status line says it is thinking, not the log
        self.redraw()
        self.solve(lambda: (asked, self.advice()), "advice")

    def _advice_done(self, worker: Worker[Any]) -> None:
        self.advice_done(worker, self.table.state, self.show_advice, "table")

    def action_leave(self) -> None:
        if self.table.state.over:
            self._close()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self._close()

        self.app.push_screen(Confirm(f"Leave the game? {self.leave_words()}"), answered)

    def keep_progress(self) -> None:
        """What leaving keeps, printed when the app exits (once)."""
        if self.closed:
            return
        self.closed = True
        lines = list(self.table.summary_lines())
        final = self.final_line()
        if final is None:
            left = self.table.leave()
            lines.append(left[0].upper() + left[1:] + ".")
        else:
            lines.insert(0, final)
        self.setting.left.extend(lines)

    def _close(self) -> None:
        self.keep_progress()
        self.app.exit()

    def ended(
        self,
        how: str,
        seats: tuple[str, Sequence[str], Sequence[Sequence[str]]],
        winners: Sequence[int],
        board: tuple[str, RenderableType],
        *notes: RenderableType,
    ) -> list[RenderableType]:
        """The end screen's parts: how it ended (``the top is placed``), the seats' table
        (its title, its columns after the seat's, each seat's values in them), the winners'
        seats and the game's ``notes`` on them (the Sun's tie-break), the coach's summary,
        the board under its name."""
        title, columns, rows = seats
        table = Table(title=title, show_edge=False)
        table.add_column("Seat")
        for column in columns:
            table.add_column(column, justify="right")
        table.add_column("")
        for seat, name in enumerate(self.names):
            table.add_row(name, *rows[seat], "winner" if seat in winners else "")
        won = " and ".join(self.names[s] for s in winners)
        verb = "shared win" if len(winners) > 1 else "winner"
        parts: list[RenderableType] = [
            Text(f"Ended: {how}."),
            table,
            Text(f"The {verb}: {won}.", style="bold green"),
            *notes,
        ]
        summary = self.table.summary_lines()
        if summary:
            parts.append(Text("\nThe coach:", style="bold"))
            parts.extend(Text(line) for line in summary)
        parts.append(Text("\nq, Escape or Enter leaves.", style="italic"))
        parts.append(Text(f"\nThe {board[0]}:", style="bold"))
        parts.append(board[1])
        return parts

    def _show_end(self) -> None:
        if any(isinstance(screen, self.END) for screen in self.app.screen_stack):
            return
        self.app.push_screen(self.END(*self.end_parts()), lambda _: self._close())

    # --- the thread work ---------------------------------------------------------------------

    def finishers(self) -> Mapping[str, Callable[[Worker[Any]], None]]:
        return {"advice": self._advice_done, "coach": self._coach_done, "bots": self._bots_done}

    def _failed(self, worker: Worker[Any], who: str) -> bool:
        """The busy work (the bots', the coach's) is over; whether it failed (then said in
        the messages, in red)."""
        self.busy = None
        self.progress = None
        if worker.state is WorkerState.ERROR:
            self.say(Text(f"The {who} failed: {worker.error}", style="bold red"))
            self.redraw()
            return True
        return False

    def _bots_done(self, worker: Worker[Any]) -> None:
        if self._failed(worker, "bots"):
            return
        self._tell(worker.result or [])
        self.recent_after(self.table.state.events[self._events_before :])
        self.after_change()


def run_table_game(
    table: TableT,
    app: Callable[[LeavingT, Callable[[LeavingT], TableGameScreen[TableT]]], App[None]],
    screen: Callable[[LeavingT, TableT], TableGameScreen[TableT]],
    setting: LeavingT,
) -> list[str]:
    """Run the game's ``app`` opening on its ``screen`` of ``table`` (a new or resumed game:
    the command made it, so a refusal was its usual one-line error), the screens sharing
    ``setting``; let go of the table when it exits (whatever happened), then print and return
    what leaving kept."""
    try:
        app(setting, lambda shared: screen(shared, table)).run()
    finally:
        table.release()
    for line in setting.left:
        print(line)
    return setting.left
