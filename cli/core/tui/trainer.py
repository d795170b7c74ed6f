"""A puzzle attempt of a game's trainer on the full screen (game-free): what every game's daily
and puzzle share beside its board.

* :class:`TrainerRun`: the attempt (the core's :class:`~silverpyr.puzzles.core.attempts.Sitting`)
  with its store and the game's ``record``, ``save`` and ``share``; what the app prints when it
  exits (the share text, or what was saved of an attempt left before its end, in the line
  mode's words).
* :class:`TrainerScreen`: the keys every trainer has, after the game's own: ``h`` the next
  hint (aim, area, move: the session's), ``u`` takes back the last move (the session's undo,
  which counts a take-back after the feedback named the better move), ``?`` the keys and the
  legend, ``q`` the line mode's question (``y`` gives up, ``s`` saves and leaves, any other key
  plays on). A game plays a move by its notation through the session (:meth:`~TrainerScreen.
  play`); the session judges it, scores it and says the feedback.
* :class:`TrainerEnd`: the result against par, the game's lines (yours beside the par line:
  :func:`lines_table`) and the share text (``c`` copies it).
* :class:`TrainerHelp`: the keys and the legend; a game may give more keys that open more
  pages (e.g. the rules): any other key closes it.

Nothing here knows a game or decides a rule; scoring, recording and sharing are the attempt's.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, Static

from ....puzzles.core import attempts
from ....puzzles.core.attempts import one_decimal
from ..trainer import LoopSession
from .base import GameApp, Shown
from .game_screen import LEAVE, UNDO, Question, keys_text
from .modals import LeaveDialog
from .rules_screen import RULES_KEY, RulesScreen

if TYPE_CHECKING:
    from ....puzzles.core.attempts import Sitting
    from ....puzzles.core.store import Store

HINT_NAMES = ("aim", "area", "move")
"""The hint levels, 1 to 3 (the trainers' levels)."""


class TrainerDecision(Protocol):
    """What the screen reads of a decision the session judged."""

    @property
    def move(self) -> str: ...

    @property
    def loss(self) -> Fraction: ...

    def feedback(self) -> str | None: ...


class TrainerSession(LoopSession, Protocol):
    """What the screen uses of a game's puzzle session (the core's
    :class:`~silverpyr.puzzles.core.puzzle_session.PuzzleAttempt`): what the line mode
    uses, and its error, score, moves played and result."""

    error: ClassVar[type[Exception]]
    """The game's session error: a move or request the puzzle cannot take now."""

    @property
    def score(self) -> Fraction: ...

    def play(self, text: str) -> Any: ...

    def result(self) -> Any: ...


class TrainerResult(attempts.TrainerResult, Protocol):
    """What the end screen's heading reads of a session's result: the store's result
    (:class:`~silverpyr.puzzles.core.attempts.TrainerResult`) and the core's score words."""

    @property
    def at_par(self) -> bool: ...

    @property
    def percent(self) -> int: ...


class AttemptModule(Protocol):
    """What the full screen calls of a game's ``puzzles/<game>/attempt.py`` module, as the line
    mode does: its game's name, opening an attempt, recording it, saving it unfinished."""

    GAME: str

    def open_attempt(self, *args: Any, **kwargs: Any) -> Sitting[Any]: ...

    def record(self, *args: Any, **kwargs: Any) -> object: ...

    def save_progress(self, *args: Any, **kwargs: Any) -> None: ...


@dataclass
class TrainerRun:
    """One attempt on the full screen: its sitting (resumed or new, practice or scored), the
    store (``None``: ``--no-record``), and the game's ``record``, ``save`` and ``share`` (the
    same the line mode calls); what the app prints when it exits."""

    game: str
    """The command's game (``sun``), for the line that says how to resume."""
    puzzle_id: str
    sitting: Sitting[Any]
    store: Store | None
    record: Callable[[Store], object]
    save: Callable[[Store], None]
    share: Callable[[], str]
    """The share text of the ended attempt."""
    printed: list[str] = field(default_factory=list)
    """What the app prints when it exits: the share text, or what was kept."""
    ended: bool = False

    @classmethod
    def open(
        cls,
        attempt: AttemptModule,
        share_text: Callable[[Any, Any], str],
        puzzle: Any,
        store: Store | None,
        today: dt.date,
        **opening: Any,
    ) -> TrainerRun:
        """The attempt at ``puzzle`` in ``store`` (``None``: nothing recorded), started or
        resumed by the game's ``attempt`` module as in the line mode (``opening``: its
        ``restart``, and what more it takes), with the game's recording, saving and share text
        (its ``share.share_text``), called as the line mode calls them."""
        sitting = attempt.open_attempt(store, puzzle, today, **opening)

        def share() -> str:
            return share_text(puzzle, replace(sitting.session.result(), practice=sitting.practice))

        return cls(
            attempt.GAME,
            puzzle.id,
            sitting,
            store,
            record=lambda kept: attempt.record(kept, sitting, puzzle, today),
            save=lambda kept: attempt.save_progress(kept, sitting, puzzle),
            share=share,
        )

    @property
    def session(self) -> Any:
        return self.sitting.session

    def end(self) -> str:
        """The attempt is over (played out or given up): recorded (once, when there is a
        store); its share text, printed when the app exits."""
        if not self.ended:
            self.ended = True
            if self.store is not None:
                self.record(self.store)
            self.printed.append(self.share())
        return self.printed[-1]

    def keep(self) -> None:
        """Leaving before the end: saved when there is a store and a move or a hint, as in
        every game (the line mode's :func:`~silverpyr.cli.core.trainer.saved_clause` says what
        became of it), once."""
        from ..trainer import saved_clause

        if self.ended or self.session.finished:
            return
        self.ended = True
        saved = self.store is not None and bool(self.session.moves or self.session.hints_used)
        if saved:
            assert self.store is not None
            self.save(self.store)
        clause = saved_clause(
            self.game, {"id": self.puzzle_id}, saved=saved, recorded=self.store is not None
        )
        self.printed.append(f"{self.puzzle_id} is not over; {clause}")


def result_heading(result: TrainerResult, *, practice: bool) -> Text:
    """``Score 14.0 / par 15.0 (93%)``, at par or given up, the hints by level, practice."""
    text = Text(
        f"Score {one_decimal(result.score)} / par {one_decimal(result.par)} ({result.percent}%)",
        style="bold",
    )
    if result.at_par:
        text.append("  at par", style="bold green")
    if result.gave_up:
        text.append("  gave up", style="bold red")
    levels = ", ".join(
        f"{name} {count}" for name, count in zip(HINT_NAMES, result.hint_levels, strict=True)
    )
    text.append(f"\nHints: {sum(result.hint_levels)} ({levels})")
    if practice:
        text.append("\nPractice: your scored attempt stands; this one does not count.")
    return text


@dataclass(frozen=True)
class LineStep:
    """One step of a line on the end screen: the move, what it scored, a note (a loss)."""

    move: str
    points: str = ""
    note: str = ""


def lines_table(yours: Sequence[LineStep], best: Sequence[LineStep], best_name: str) -> Table:
    """Your line beside the best one (``best_name``: ``Par line``), step by step."""
    table = Table(show_edge=False, pad_edge=False, box=None, padding=(0, 1))
    table.add_column("#", justify="right", style="dim")
    table.add_column("Your line", style="bold")
    table.add_column("", justify="right")
    table.add_column("", style="red")
    table.add_column(best_name, style="bold")
    table.add_column("", justify="right")
    for index in range(max(len(yours), len(best))):
        mine = yours[index] if index < len(yours) else LineStep("")
        theirs = best[index] if index < len(best) else LineStep("")
        table.add_row(str(index + 1), mine.move, mine.points, mine.note, theirs.move, theirs.points)
    return table


KeyRow = tuple[str, str]
"""A key (or keys) and what it does, for the help."""


@dataclass(frozen=True)
class MoreKey:
    """A key of the help that opens something more (a rules page): its key, what it shows,
    and what it does once the help is closed."""

    key: str
    meaning: str
    open: Callable[[], None]


class TrainerHelp(ModalScreen[None]):
    """The keys and the legend; a key of ``more`` closes it and does its thing, any other key
    closes it."""

    def __init__(
        self,
        keys: Sequence[KeyRow],
        legend: RenderableType | None = None,
        more: Sequence[MoreKey] = (),
    ) -> None:
        super().__init__()
        self.keys = keys
        self.legend = legend
        self.more = more

    def compose(self) -> ComposeResult:
        rows = [*self.keys, *((more.key, more.meaning) for more in self.more)]
        text = keys_text(rows, max((len(key) for key, _ in rows), default=0) + 2)
        with Vertical(classes="dialog", id="help"):
            yield Shown(Group(text, self.legend) if self.legend is not None else text)
            yield Static("any key closes this", classes="keys")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        event.prevent_default()
        self.dismiss(None)
        for more in self.more:
            if event.character == more.key:
                more.open()


HINT = "\x00hint"
"""A question's answer when ``h`` was pressed on it: the next hint, then the question again."""


class TrainerQuestion(Question):
    """A question of the puzzle (the core's :class:`~silverpyr.cli.core.tui.game_screen.Question`:
    ``q`` asks whether to leave, ``u`` takes back the last move), where ``h`` gives the next
    hint and asks again."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *Question.BINDINGS,
        Binding("h", "hint", "Hint"),
    ]

    def __init__(
        self,
        question: str,
        options: list[tuple[str, str]],
        highlight: str | None = None,
        keys: list[str] | None = None,
    ) -> None:
        """``highlight``: the option Enter picks at first (the move hint's), else the first;
        ``keys``: the key of each option (default ``1``, ``2``, ...)."""
        super().__init__(question, options, keys)
        self.highlight = highlight

    def on_mount(self) -> None:
        keys = "[b]h[/b] hint    [b]u[/b] take back    [b]q[/b] leave    [b]Esc[/b] later"
        self.query_one(".dialog", Vertical).mount(Static(keys, classes="keys"))
        values = [value for value, _ in self.options]
        if self.highlight in values:
            self.query_one(OptionList).highlighted = values.index(self.highlight)

    def action_hint(self) -> None:
        self.dismiss(HINT)


TRAINER_KEYS: list[BindingType] = [
    Binding("h", "hint", "Hint", priority=True),
    Binding("u", "undo", "Undo", priority=True),
    Binding("question_mark", "help", "Help", priority=True),
    Binding("q", "leave", "Leave", priority=True),
]
"""The keys every trainer has, last in a game's keys (and its footer)."""


class TrainerScreen(Screen[None]):
    """An attempt at a puzzle by keys: the game's board and move keys (a subclass's), the
    trainer's keys and messages (here). A game fills :data:`NAME` and the hooks
    (``title_text``, ``draw_table``, ``status_text``, ``told``, ``after_hint``,
    ``after_undo``, ``help_keys``, ``legend``, ``end_words``, ``step_texts``, ``par_steps``,
    ``board_after``)."""

    NAME: ClassVar[str]
    """The game's name on screen."""

    def __init__(self, run: TrainerRun, puzzle: Any) -> None:
        """The attempt ``run`` at the game's ``puzzle`` (its id, kind, difficulty, the seat
        you play and the position's players); the seats are ``You`` and ``Player N``."""
        super().__init__()
        self.run = run
        self.puzzle = puzzle
        self.names = tuple(
            "You" if s == puzzle.seat else f"Player {s + 1}" for s in range(puzzle.state.players)
        )
        self.messages: list[RenderableType] = []

    @property
    def session(self) -> Any:
        return self.run.session

    # --- the game's hooks -----------------------------------------------------------------

    def title_text(self) -> Text:
        """The title line (:meth:`heading`, then what the game adds)."""
        raise NotImplementedError

    def draw_table(self) -> None:
        """Draw the board from the session."""
        raise NotImplementedError

    def status_text(self) -> Text:
        """What is due from you (the ghost's reason, what Enter does)."""
        raise NotImplementedError

    def told(self, decision: Any) -> list[RenderableType]:
        """What a decision did (its first line; the feedback and the score follow)."""
        return [Text(decision.move, style="bold")]

    def after_hint(self, level: int) -> None:
        """A hint of ``level`` was given: what it shows on the board (a ghost)."""

    def after_undo(self) -> None:
        """A move was taken back: what it resets of the screen's choices."""

    def after_move(self) -> None:
        """A move was played and the attempt goes on: its question due, its choices."""

    def help_keys(self) -> list[KeyRow]:
        """The game's keys for the help (the trainer's follow)."""
        return []

    def legend(self) -> RenderableType:
        """What the board's marks mean."""
        return Text()

    def rules_page(self) -> RenderableType | None:
        """The game's rules page (``silverpyr GAME rules``), or ``None`` when it has none."""
        return None

    def help_more(self) -> list[MoreKey]:
        """Keys of the help that open more: ``r``, the game's rules page (``q`` comes back
        to the puzzle), when it has one."""
        page = self.rules_page()
        if page is None:
            return []

        def rules() -> None:
            self.app.push_screen(RulesScreen(lambda: page))

        return [MoreKey(RULES_KEY, "the rules", rules)]

    def end_words(self) -> tuple[str, str, str]:
        """The end's words: what follows the difficulty in the heading (how par is known),
        the score's unit line, and what giving up scored."""
        raise NotImplementedError

    def step_texts(self, decision: Any) -> tuple[str, str]:
        """A decision of yours on the end screen: its worth and its loss (without a sign)."""
        raise NotImplementedError

    def par_steps(self) -> list[LineStep]:
        """The par line on the end screen."""
        raise NotImplementedError

    def board_after(self) -> RenderableType | None:
        """The board as your turn left it, under the end screen's share text (``None``:
        none)."""
        return None

    def end_parts(self) -> list[RenderableType]:
        """The end screen above the share text: the result against par (:meth:`end_words`),
        your line (:meth:`step_texts`: a loss where the session gave feedback) beside the
        par line (:meth:`par_steps`)."""
        session = self.session
        result = session.result()
        yours = []
        for decision in session.decisions:
            worth, loss = self.step_texts(decision)
            yours.append(
                LineStep(decision.move, worth, "" if decision.feedback() is None else f"-{loss}")
            )
        note, unit, gave_up = self.end_words()
        return self.result_parts(
            f" (difficulty {self.puzzle.level}/5{note})",
            result,
            unit,
            gave_up,
            yours,
            self.par_steps(),
        )

    def end_later(self) -> list[RenderableType]:
        """The end screen below the share text: the board as it ended (:meth:`board_after`)."""
        board = self.board_after()
        if board is None:
            return []
        return [Text("\nThe pyramid after your turn:", style="bold"), board]

    # --- drawing --------------------------------------------------------------------------

    def on_mount(self) -> None:
        self.call_after_refresh(self.redraw)

    def redraw(self) -> None:
        """Draw the title, the board (:meth:`draw_table`), the messages and the status."""
        if not self.is_mounted:
            return
        self.query_one("#title", Static).update(self.title_text())
        self.draw_table()
        self.draw_log()

    def heading(self, after: str) -> Text:
        """``Pyramid of the Sun daily 2026-11-30`` in bold, then ``after`` (the difficulty)."""
        heading = Text(f"{self.NAME} {self.puzzle.kind_label} {self.puzzle.id}", style="bold")
        heading.append(after)
        return heading

    def greet(self, opening: str) -> None:
        """The first messages: the game's ``opening`` words, then the attempt's notes
        (resumed, practice)."""
        self.say(Text(opening), *(Text(note, style="italic") for note in self.run.sitting.notes))

    def result_parts(
        self,
        after: str,
        result: Any,
        unit: str,
        gave_up: str,
        yours: Sequence[LineStep],
        best: Sequence[LineStep],
    ) -> list[RenderableType]:
        """The end screen's parts: the :meth:`heading` (``after`` it), the score against par,
        the ``unit``'s line, what giving up scored (``gave_up``) when you did, your line
        beside the par line."""
        parts: list[RenderableType] = [
            self.heading(after),
            result_heading(result, practice=self.run.sitting.practice),
            Text(unit),
        ]
        if result.gave_up:
            parts.append(Text(gave_up, "italic"))
        parts.extend([Text(), lines_table(yours, best, "Par line")])
        return parts

    def say(self, *lines: RenderableType) -> None:
        self.messages.extend(lines)

    def draw_log(self) -> None:
        """The messages (scrolled to the newest), the keys that mean something now, and the
        status line."""
        self.query_one("#messages", Static).update(Group(*self.messages))
        log = self.query_one("#log", VerticalScroll)
        log.call_after_refresh(log.scroll_end, animate=False)
        self.refresh_bindings()
        self.query_one("#status", Static).update(self.status_text())

    def refuse(self, text: str) -> None:
        """Say why a key did nothing, in the status line (until the next redraw)."""
        self.query_one("#status", Static).update(Text(text, style="bold red"))

    # --- playing --------------------------------------------------------------------------

    def play(self, text: str) -> bool:
        """Play the move ``text`` (the game's notation) through the session: its lines, the
        feedback, the score so far; the end screen once the puzzle is over. Whether it was
        played (a refused move says why in the status line)."""
        session = self.session
        try:
            decision = session.play(text)
        except session.error as error:  # the game's: a move the puzzle cannot take now
            self.refuse(f"Not played: {error}")
            return False
        lines = self.told(decision)
        feedback = decision.feedback()
        if feedback:
            lines.append(Text(f"  {feedback}", style="bold yellow"))
        self.say(*lines)
        if session.finished:
            self.finish()
            return True
        self.say(Text(f"  score so far {one_decimal(session.score)}", style="dim"))
        self.after_move()
        self.redraw()
        return True

    def question(
        self,
        question: str,
        options: list[tuple[str, str]],
        then: Callable[[str], None],
        again: Callable[[], None] | None = None,
        highlight: str | None = None,
        keys: list[str] | None = None,
    ) -> None:
        """Ask ``question`` (a :class:`TrainerQuestion`, Enter picking ``highlight`` first,
        each option under its key of ``keys``); ``then`` takes the option chosen. Escape puts
        it off; ``q`` on it asks whether to leave, ``u`` takes back the last move, ``h`` gives
        the next hint and asks ``again``."""

        def answered(value: str | None) -> None:
            if value == LEAVE:
                self.action_leave()
            elif value == UNDO:
                self.action_undo()
            elif value == HINT:
                self.action_hint()
                if again is not None and not self.session.finished:
                    self.call_after_refresh(again)
            elif value is not None:
                then(value)
            else:
                self.redraw()

        self.app.push_screen(TrainerQuestion(question, options, highlight, keys), answered)

    @property
    def asking(self) -> bool:
        """Whether a question is up."""
        return any(isinstance(screen, TrainerQuestion) for screen in self.app.screen_stack)

    def action_hint(self) -> None:
        try:
            level, text = self.session.hint()
        except self.session.error as error:
            self.refuse(str(error))
            return
        more = "" if level == 3 else " (h again tells more)"
        self.say(
            Text(f"Hint {level} of 3 ({HINT_NAMES[level - 1]}){more}:", style="bold cyan"),
            Text(f"  {text}"),
        )
        self.after_hint(level)
        self.redraw()

    def action_undo(self) -> None:
        before = self.session.hints_used
        try:
            taken = self.session.undo()
        except self.session.error as error:
            self.refuse(str(error))
            return
        self.say(Text(f"Took back {taken}.", style="italic"))
        if self.session.hints_used > before:
            self.say(
                Text(
                    "  Its feedback had named the better move: the take-back counts as a "
                    "move hint.",
                    style="italic yellow",
                )
            )
        self.after_undo()
        self.redraw()

    def action_help(self) -> None:
        self.app.push_screen(
            TrainerHelp(
                [
                    *self.help_keys(),
                    ("h / u", "a hint (aim, area, move: each counts) / take back a move"),
                    ("? / q", "this help / give up (y), save and leave (s), or play on"),
                ],
                self.legend(),
                self.help_more(),
            )
        )

    def action_leave(self) -> None:
        """``q``: the line mode's question: ``y`` gives up, ``s`` saves and leaves."""
        counts = " (practice: it does not count)" if self.run.sitting.practice else ""
        question = f"Give up? The attempt ends and its score counts{counts}."
        if counts:
            question = f"Give up? The attempt ends{counts}."

        def answered(choice: str | None) -> None:
            if choice == "y":
                self.session.give_up()
                self.say(Text("You gave up.", style="bold"))
                self.finish()
            elif choice == "s":
                self.keep_progress()
                self.app.exit()
            else:
                self.redraw()
                self.query_one("#status", Static).update(Text("Playing on.", style="bold"))

        self.app.push_screen(LeaveDialog(question, saving=self.run.store is not None), answered)

    def keep_progress(self) -> None:
        """Leaving before the end (``q`` then ``s``, Ctrl-C): the attempt is kept."""
        self.run.keep()

    def finish(self) -> None:
        """The attempt is over: recorded, and the end screen."""
        share = self.run.end()
        self.app.switch_screen(TrainerEnd(share, self.end_parts(), self.end_later()))


class TrainerEnd(Screen[None]):
    """The end of an attempt: the game's parts (the result, your line beside the par line),
    the share text (``c`` copies it; it is printed when you leave), the board; ``?`` the keys,
    ``q``, Escape or Enter leaves."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("c", "copy", "Copy share text"),
        Binding("question_mark", "help", "Help"),
        Binding("q,escape,enter", "leave", "Leave"),
    ]

    def __init__(
        self, share: str, parts: Sequence[RenderableType], later: Sequence[RenderableType] = ()
    ) -> None:
        super().__init__()
        self.share = share
        self.parts = parts
        self.later = later

    def compose(self) -> ComposeResult:
        body = Group(
            *self.parts,
            Text(),
            Text("Share (c copies it; it is printed when you leave):", style="bold"),
            Text(self.share),
            *self.later,
        )
        with VerticalScroll(id="end"):
            yield Shown(body, id="end-body")
        yield Footer(compact=True)

    def action_copy(self) -> None:
        self.app.copy_to_clipboard(self.share)
        self.notify("Share text copied to the clipboard.")

    def action_help(self) -> None:
        self.app.push_screen(
            TrainerHelp(
                [
                    ("c", "copy the share text to the clipboard"),
                    ("q, Esc, Enter", "leave (the share text is printed)"),
                    ("arrows", "scroll"),
                ]
            )
        )

    def action_leave(self) -> None:
        self.app.exit()


class TrainerApp(GameApp[TrainerRun]):
    """The app of a trainer's attempt; Ctrl-C leaves at once, keeping an attempt not over
    (as the line mode does). A game gives its CSS and title."""

    LEAVING = " (an attempt not over is kept)"

    def action_interrupt(self) -> None:
        for screen in self.screen_stack:
            if isinstance(screen, TrainerScreen):
                screen.keep_progress()
        self.exit()


def run_trainer(
    game: str,
    no_record: bool,
    opened: Callable[[Store | None], TrainerRun],
    app: Callable[[TrainerRun], GameApp[TrainerRun]],
) -> list[str]:
    """An attempt on the full screen, in ``game``'s results store unless ``no_record``:
    ``opened`` opens it there before the app runs (so a refused ``--restart`` is the usual
    one-line error), ``app`` makes the app on it. Then print and return what the app printed:
    the share text, or what was kept of an attempt left before its end."""
    from ..trainer import results_store

    with results_store(game, no_record) as store:
        run = opened(store)
        app(run).run()
        for line in run.printed:
            print(line)
        return run.printed
