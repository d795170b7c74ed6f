"""A Pyramid of the Sun game against bots on the full screen: you are seat 0 ("You").

The screen drives a :class:`~.table.GameTable` (the kept game, or the in-memory stand-in) and
decides no rule: the legal moves, the points a card would score and why a move is not
allowed all come from the engine. Keys:

* arrows (or ``k`` ``j`` ``l`` and ``H``: ``h`` is the advice) move the cursor over the open
  slots; ``1``-``7`` or Tab choose the hand card; Enter places it there. A placed card is
  **pending** (``{S4☉}``) until the turn ends: ``u`` takes back the last one; ``e`` or a
  second Enter (no card chosen) ends the turn;
* ``d`` draws two (a question for each card's pile); after a card whose symbol matches, a
  question: a card from a pile or the points; over 5 cards after drawing, a question: which
  card to discard. Each question comes by itself; Escape puts it off, ``d`` or Enter brings
  it back;
* ``h`` advice, ``?`` help, ``q`` leaves (the kept game is saved after every final decision
  and resumed next time).

The bots' turns, the advice and the coach's check of a move run off the screen's thread
(:meth:`SunGameScreen.solve`), with a status line that says who is playing or what is
weighed and, from 2 s on, for how long; decisions wait meanwhile.

**Rulings of the screen** (tested in ``tests/sun/test_sun_tui.py``):

* ``h`` is the advice, as in the line mode and the *Silver & Gold* screens, so the cursor's
  left is the left arrow or ``H`` (``k`` ``j`` ``l`` for up, down, right).
* The cursor visits open slots only: an arrow goes to the nearest open slot that way (the
  same level first), so every open slot can be reached from every other.
* Choosing a card puts the cursor on the first open slot it fits when it does not fit where
  the cursor is; after a placement no card is chosen, so a second Enter ends the turn.
* The pile, symbol and discard questions come up by themselves when due; Escape puts one
  off (``d`` or Enter brings it back), ``q`` on it asks whether to leave.
* With the coach on, every move is weighed before it is played, and a graded one asks
  ("Play it anyway?"): the same question as the line mode's.
* Every key is a priority binding, so keys arriving together keep their order.
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen, Screen
from textual.widgets import Footer, OptionList, Static
from textual.worker import Worker, WorkerState

from ....solver.errors import SilverpyrError
from ....solver.sun.cards import PileName
from ....solver.sun.game import (
    Discard,
    Draw,
    EndTurn,
    Move,
    Outcome,
    Pass,
    Phase,
    Place,
    Scored,
    SymbolDraw,
    TakePoints,
    matching_neighbours,
    outcome,
    points_for,
)
from ....solver.sun.pyramid import Slot
from ...tui.base import GameOver, Shown, solve_in_thread
from ...tui.modals import Choose, Confirm
from .app import SunSetting
from .board import (
    card_face,
    hand_text,
    legend_text,
    piles_text,
    pyramid_text,
    pyramid_width,
    seats_text,
    slot_x,
)
from .table import HUMAN, GameTable, TableLine, VerdictLike

DECIDING = frozenset({"cursor", "choose", "next_card", "enter", "end_turn", "undo", "draw", "hint"})
"""Actions off while the bots play (the table is busy in a thread)."""
LEAVE = "\x00leave"
"""A question's answer when ``q`` was pressed on it (no option has this value)."""
LOG_LINES = 40
"""Messages kept on screen (the log scrolls to the newest)."""


def waited(seconds: float) -> str:
    """`` 12 s`` from 2 seconds on (empty before)."""
    return f" {int(seconds)} s" if seconds >= 2 else ""


def next_slot(opens: list[Slot], cursor: Slot, rows: int, columns: int) -> Slot:
    """The open slot the cursor moves to: the nearest one in the direction asked (rows: +1
    up the pyramid, -1 down; columns: +1 right, -1 left), or where it is when none lies
    that way."""
    x0 = slot_x(cursor)
    best: tuple[int, int, int, int] | None = None
    found = cursor
    for slot in opens:
        dx = slot_x(slot) - x0
        dy = slot.level - cursor.level
        if slot == cursor:
            continue
        if columns:
            if dx * columns <= 0:
                continue
            key = (abs(dy), abs(dx), slot.level, slot.pos)
        else:
            if dy * rows <= 0:
                continue
            key = (abs(dy), abs(dx), slot.level, slot.pos)
        if best is None or key < best:
            best, found = key, slot
    return found


ADVICE_LINES = 7
"""Lines of advice shown in the messages (the best options; the rest are counted)."""


def advice_texts(lines: Sequence[str]) -> list[Text]:
    """The advice for the messages: its first line after ``Advice:``, then the next lines
    up to :data:`ADVICE_LINES` in all and how many are left out."""
    if not lines:
        return [Text("Advice: none.", style="italic")]
    texts = [Text(f"Advice: {lines[0]}", style="bold")]
    texts.extend(Text(f"  {line.strip()}") for line in lines[1:ADVICE_LINES])
    if len(lines) > ADVICE_LINES:
        texts.append(Text(f"  (and {len(lines) - ADVICE_LINES} more)", style="italic"))
    return texts


def tie_break_words(result: Outcome, names: tuple[str, ...]) -> str:
    """How the winner was found: most points, or the tie-break on cards in hand (R9)."""
    top = max(result.scores)
    tied = [seat for seat, score in enumerate(result.scores) if score == top]
    if len(tied) == 1:
        return f"Most points: {names[tied[0]]} with {top}."
    sizes = result.hand_sizes
    held = ", ".join(f"{names[s]} {sizes[s]}" for s in tied) if sizes else ""
    if len(result.winners) == 1:
        return (
            f"Tied on {top} points; the tie goes to more cards in hand ({held}): "
            f"{names[result.winners[0]]}."
        )
    return f"Tied on {top} points and on cards in hand ({held}): a shared win."


class Question(Choose):
    """A question of the game (a pile, a symbol's choice, a discard): the shared
    :class:`~silverpyr.cli.tui.modals.Choose`, answered once. Keys typed fast could reach it
    after its answer, while it is leaving, and dismiss the next question in its place."""

    BINDINGS: ClassVar[list[BindingType]] = [Binding("q", "leave_game", "Leave")]

    given = False

    def action_leave_game(self) -> None:
        """``q`` on a question: put it off and ask whether to leave the game."""
        self.dismiss(LEAVE)

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


class SunHelp(ModalScreen[None]):
    """The keys and what the bricks mean; any key closes it."""

    def __init__(self, legend: Text) -> None:
        super().__init__()
        self.legend = legend

    def compose(self) -> ComposeResult:
        keys = Text("Keys\n", style="bold")
        for key, meaning in (
            ("arrows, k j l H", "move the cursor over the open slots (h is the advice)"),
            ("1-7, Tab", "choose the card of your hand"),
            ("Enter", "place it (pending); with no card chosen, end the turn"),
            ("e / u", "end the turn / take back the last pending card"),
            ("d", "draw two, or the question due again: pile, symbol, discard"),
            ("h / ? / q", "advice / this help / leave (the game is kept)"),
        ):
            keys.append(f" {key:<16}", style="bold")
            keys.append(f"{meaning}\n")
        keys.append("Bricks", style="bold")
        with Vertical(classes="dialog", id="help"):
            yield Shown(Group(keys, self.legend))
            yield Static("any key closes this", classes="keys")

    def on_key(self, event: events.Key) -> None:
        event.stop()
        self.dismiss(None)


class SunEnd(GameOver):
    """The end of the game: the scores, the winner(s) and the tie-break, the coach's
    summary; ``q``, Escape or Enter leaves."""


class SunGameScreen(Screen[None]):
    """A whole game: your turns by keys, the bots' in a thread, the end screen."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # every key a priority binding, so keys typed together are handled in the order
        # typed (a priority Enter used to overtake the card's number before it: seen in tmux)
        Binding("up,k", "cursor(1, 0)", "Move", show=False, priority=True),
        Binding("down,j", "cursor(-1, 0)", "Move", show=False, priority=True),
        Binding("left,H", "cursor(0, -1)", "Move", show=False, priority=True),
        Binding("right,l", "cursor(0, 1)", "Move", show=False, priority=True),
        *(
            Binding(str(n), f"choose({n - 1})", f"Card {n}", show=False, priority=True)
            for n in range(1, 8)
        ),
        Binding("tab", "next_card", "Card", priority=True),
        Binding("enter", "enter", "Place", priority=True),
        Binding("e", "end_turn", "End turn", priority=True),
        Binding("u", "undo", "Undo", priority=True),
        Binding("d", "draw", "Draw", priority=True),
        Binding("h", "hint", "Advice", priority=True),
        Binding("question_mark", "help", "Help", priority=True),
        Binding("q", "leave", "Leave", priority=True),
    ]

    def __init__(self, setting: SunSetting, table: GameTable) -> None:
        super().__init__()
        self.setting = setting
        self.table = table
        self.names = table.seat_names()
        self.chosen: int | None = None
        """The card of your hand Enter places (``None``: Enter ends a play turn)."""
        self.cursor: Slot | None = None
        self.busy: str | None = None
        """What the table is doing in a thread (the bots playing); decisions wait."""
        self.progress: str | None = None
        """The latest line of the bots' progress (set from their thread)."""
        self.thinking = False
        """Whether the advice is being worked out."""
        self.closed = False
        self.recent: set[Slot] = set()
        """The cards the others placed since your last decision (underlined)."""
        self._events_before = 0
        self._busy_since: float | None = None
        self._thinking_since: float | None = None
        coached = " The coach is on." if table.coach else ""
        self.messages: list[RenderableType] = [
            Text(f"Pyramid of the Sun: {table.seed_words()}.{coached} ? shows the keys."),
            *(Text(note, style="italic") for note in table.notes),
        ]

    # --- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Shown(id="title")
        with Horizontal(id="table"):
            yield Shown(id="pyramid")
            with Vertical(id="side"):
                yield Shown(id="seats")
                yield Shown(id="piles")
        yield Shown(id="hand")
        with VerticalScroll(id="log"):
            yield Shown(id="messages")
        yield Shown(id="status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        width = pyramid_width(self.table.state.pyramid.width)
        self.query_one("#pyramid", Static).styles.width = width + 1
        self.call_after_refresh(self.after_change)
        self.set_interval(1.0, self._tick)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that mean nothing now are off (and out of the footer)."""
        if self.busy is not None and action in DECIDING:
            return False
        waiting = self.table.waiting
        if action == "undo":
            return bool(self.table.pending)
        if action == "end_turn":
            return waiting is Phase.PLAYING
        if action in ("cursor", "choose", "next_card"):
            return waiting in (Phase.CHOOSE, Phase.PLAYING)
        if action in ("draw", "enter", "hint"):
            return waiting is not None
        return True

    # --- drawing ------------------------------------------------------------------------

    def redraw(self) -> None:
        """Draw everything from the table, the chosen card and the cursor."""
        if not self.is_mounted or self.closed:
            return
        table = self.table
        state = table.state
        deck = state.deck
        title = Text("Pyramid of the Sun", style="bold")
        if state.over:
            title.append(" - the game is over")
        elif table.waiting is not None:
            title.append(" - your turn")
        else:
            title.append(f" - {self.names[state.turn]} to play")
        self.query_one("#title", Static).update(title)
        pending = {place.slot for place in table.pending}
        cursor = self.cursor if table.waiting in (Phase.CHOOSE, Phase.PLAYING) else None
        self.query_one("#pyramid", Static).update(
            pyramid_text(
                state, cursor=cursor, chosen=self.chosen, pending=pending, recent=self.recent
            )
        )
        self.query_one("#seats", Static).update(seats_text(state, self.names))
        self.query_one("#piles", Static).update(piles_text(state))
        self.query_one("#hand", Static).update(hand_text(deck, state.hands[HUMAN], self.chosen))
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

    def status_text(self) -> Text:
        """What is due from you, and what Enter does now."""
        table = self.table
        state = table.state
        waiting = table.waiting
        deck = state.deck
        if state.over:
            return Text("The game is over.", style="bold")
        if waiting is None:
            return Text(f"{self.names[state.turn]} is to play\u2026", style="italic")
        options = table.options()
        if waiting in (Phase.CHOOSE, Phase.PLAYING):
            if options == (Pass(),):
                return Text("You can neither place nor draw: Enter passes.", style="bold yellow")
            if self.chosen is not None and self.cursor is not None:
                face = card_face(deck, self.chosen)
                move = Place(self.chosen, self.cursor)
                reason = table.why_illegal(move)
                if reason is not None:
                    return Text(f"{face} on {self.cursor}: {reason}", style="bold red")
                text = Text(f"{face} on {self.cursor}: ", style="bold")
                points = points_for(state, self.chosen, self.cursor)
                text.append(f"{points} point{'s' * (points != 1)}", "green")
                matches = matching_neighbours(state, self.chosen, self.cursor)
                if matches and self.cursor != state.pyramid.top:
                    text.append(f", touches {matches} of its symbol")
                text.append("; Enter places it.")
                return text
            if waiting is Phase.PLAYING:
                return Text(
                    f"{state.placed} placed: another card (1-7, Tab), or Enter or e ends "
                    "the turn; u takes back.",
                    style="bold",
                )
            if not any(isinstance(move, Place) for move in options):
                return Text("No card of yours fits: d draws two.", style="bold yellow")
            return Text(
                "Your turn: choose a card (1-7, Tab) and a slot (arrows); or d draws two.",
                style="bold",
            )
        if waiting is Phase.SYMBOL:
            return Text("A symbol matches: d or Enter chooses a card or the points.", "bold")
        if waiting is Phase.DRAWING:
            return Text("Draw your second card: d or Enter chooses the pile.", style="bold")
        if waiting is Phase.DISCARD:
            return Text(
                f"{len(state.hands[HUMAN])} cards: discard down to 5 (d or Enter chooses).",
                style="bold",
            )
        return Text()

    def say(self, *lines: RenderableType) -> None:
        """Add ``lines`` to the messages."""
        self.messages.extend(lines)

    def _refuse(self, text: str) -> None:
        self.query_one("#status", Static).update(Text(text, style="bold red"))

    def _tell(self, lines: Sequence[TableLine]) -> None:
        for line in lines:
            if not line.text:  # a silent verdict of the coach
                continue
            style = {"pending": "italic", "coach": "italic", "over": "bold"}.get(line.kind, "")
            prefix = "  (pending) " if line.kind == "pending" else "  "
            self.say(Text(prefix + line.text, style=style))

    # --- after every change --------------------------------------------------------------

    def after_change(self) -> None:
        """The table changed: the bots play if due (in a thread), the end screen if it is
        over, else the chosen card, the cursor and the question due are brought up to date."""
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
        hand = table.state.hands[HUMAN]
        if self.chosen not in hand:
            self.chosen = None
        self._fit_cursor()
        self.redraw()
        self._ask()

    def _progress(self, line: str) -> None:
        self.progress = line  # read by the status line each second

    def _fit_cursor(self, prefer_fit: bool = False) -> None:
        state = self.table.state
        opens = list(state.pyramid.open_slots())
        if not opens:
            self.cursor = None
            return
        fitting = opens
        if self.chosen is not None:
            fitting = [
                slot for slot in opens if self.table.why_illegal(Place(self.chosen, slot)) is None
            ] or opens
        if self.cursor not in opens or (prefer_fit and self.cursor not in fitting):
            self.cursor = fitting[0]

    # --- your decisions ------------------------------------------------------------------

    def action_cursor(self, rows: int, columns: int) -> None:
        if self.cursor is None:
            return
        opens = list(self.table.state.pyramid.open_slots())
        self.cursor = next_slot(opens, self.cursor, rows, columns)
        self.redraw()

    def action_choose(self, index: int) -> None:
        hand = self.table.state.hands[HUMAN]
        if 0 <= index < len(hand):
            self.chosen = hand[index]
            self._fit_cursor(prefer_fit=True)
            self.redraw()

    def action_next_card(self) -> None:
        hand = self.table.state.hands[HUMAN]
        if not hand:
            return
        index = hand.index(self.chosen) + 1 if self.chosen in hand else 0
        self.action_choose(index % len(hand))

    def action_enter(self) -> None:
        waiting = self.table.waiting
        if waiting in (Phase.CHOOSE, Phase.PLAYING):
            if self.chosen is not None and self.cursor is not None:
                self.play(Place(self.chosen, self.cursor))
            elif waiting is Phase.PLAYING:
                self.play(EndTurn())
            elif self.table.options() == (Pass(),):
                self.play(Pass())
            else:
                self._refuse("Choose a card first (1-7 or Tab), or d draws two.")
        elif waiting is not None:
            self._ask()

    def action_end_turn(self) -> None:
        if self.table.waiting is Phase.PLAYING:
            self.play(EndTurn())

    def action_undo(self) -> None:
        if not self.table.pending:
            return
        taken = self.table.undo()
        self.chosen = taken.card
        self.cursor = taken.slot
        face = card_face(self.table.deck, taken.card)
        self.say(Text(f"  Took back {face} from {taken.slot}.", style="italic"))
        self.after_change()

    def action_draw(self) -> None:
        waiting = self.table.waiting
        if waiting is Phase.CHOOSE:
            draws = [m for m in self.table.options() if isinstance(m, Draw)]
            if not draws:
                self._refuse(f"Not now: {self.table.why_illegal(Draw('standard'))}")
                return
            self._ask_pile("Draw two cards: the first from which pile?", draws)
        elif waiting is Phase.PLAYING:
            self._refuse(f"Not now: {self.table.why_illegal(Draw('standard'))}")
        elif waiting is not None:
            self._ask()

    def play(self, move: Move) -> None:
        """Make your move on the table; with the coach on, it weighs the move first in a
        thread (the status counts the seconds) and a graded move asks before it is played:
        ``y`` plays it anyway, ``n`` chooses again."""
        if not self.table.coach:
            self._commit(move)
            return
        reason = self.table.why_illegal(move)
        if reason is not None:
            self._refuse(f"Not played: {reason}")
            return
        self.busy = "The coach is weighing your move\u2026"
        self.progress = None
        self.redraw()
        table = self.table
        self.solve(lambda: (move, table.check(move, self._progress)), "coach")

    def _coach_done(self, worker: Worker[Any]) -> None:
        self.busy = None
        self.progress = None
        if worker.state is WorkerState.ERROR:
            self.say(Text(f"The coach failed: {worker.error}", style="bold red"))
            self.redraw()
            return
        assert worker.result is not None
        result: tuple[Move, VerdictLike | None] = worker.result
        move, verdict = result
        if verdict is None or verdict.is_silent:
            self._commit(move)
            return

        def answered(anyway: bool | None) -> None:
            if anyway:
                self._commit(move)
            else:
                self.say(Text("  Choose again.", style="italic"))
                self.after_change()

        self.redraw()
        self.app.push_screen(Confirm(verdict.warning()), answered)

    def _commit(self, move: Move) -> None:
        """Play ``move`` on the table; its events go to the messages."""
        try:
            lines = self.table.play(move)
        except SilverpyrError as error:
            self._refuse(f"Not played: {error}")
            return
        self._tell(lines)
        if isinstance(move, Place):
            self.chosen = None
        self.after_change()

    # --- the questions ---------------------------------------------------------------------

    def _ask(self) -> None:
        """The question due (a pile, a symbol's choice, a discard), once."""
        if self.asking or self.busy is not None or self.closed:
            return
        waiting = self.table.waiting
        options = self.table.options()
        if waiting is Phase.DRAWING:
            draws = [m for m in options if isinstance(m, Draw)]
            self._ask_pile("Your second card: from which pile?", draws)
        elif waiting is Phase.SYMBOL:
            self._ask_symbol(options)
        elif waiting is Phase.DISCARD:
            self._ask_discard()

    def _pile_words(self, pile: PileName) -> str:
        state = self.table.state
        size = len(state.pile(pile))
        out = len(state.discards(pile))
        name = "Standard pile" if pile == "standard" else "Edge pile (edge cards and tops)"
        if size:
            return f"{name}: {size} cards"
        return f"{name}: empty, its {out} discards are shuffled first"

    @property
    def asking(self) -> bool:
        """Whether a question (pile, symbol, discard) is up."""
        return any(isinstance(screen, Question) for screen in self.app.screen_stack)

    def _question(
        self, question: str, options: list[tuple[str, str]], then: Callable[[str], None]
    ) -> None:
        def answered(value: str | None) -> None:
            if value is None:
                self.redraw()
                return
            if value == LEAVE:
                self.action_leave()
                return
            then(value)

        self.app.push_screen(Question(question, options), answered)

    def _ask_pile(self, question: str, draws: list[Draw]) -> None:
        options = [(str(move.pile), self._pile_words(move.pile)) for move in draws]
        self._question(question, options, lambda pile: self.play(Draw(_pile(pile))))

    def _ask_symbol(self, options: tuple[Move, ...]) -> None:
        state = self.table.state
        slot = state.pending
        card = state.pyramid.card_at(slot) if slot is not None else None
        if slot is None or card is None:
            return
        matches = matching_neighbours(state, card, slot)
        face = card_face(state.deck, card)
        choices: list[tuple[str, str]] = []
        for move in options:
            if isinstance(move, TakePoints):
                plural = "s" if matches != 1 else ""
                choices.append(("points", f"Take {matches} point{plural} (1 per matching card)"))
            elif isinstance(move, SymbolDraw):
                choices.append((move.pile, "Draw 1 card: " + self._pile_words(move.pile)))

        def chosen(value: str) -> None:
            self.play(TakePoints() if value == "points" else SymbolDraw(_pile(value)))

        self._question(
            f"{face} on {slot} touches {matches} card(s) of its symbol: a card or the points?",
            choices,
            chosen,
        )

    def _ask_discard(self) -> None:
        state = self.table.state
        deck = state.deck
        hand = state.hands[HUMAN]
        options = [
            (str(card), f"{card_face(deck, card)}  ({deck[card].kind}, value {deck[card].value})")
            for card in hand
        ]
        self._question(
            f"You hold {len(hand)} cards: discard one (down to 5).",
            options,
            lambda card: self.play(Discard(int(card))),
        )

    # --- advice, help, leaving, the end ------------------------------------------------------

    def action_hint(self) -> None:
        if self.table.waiting is None or self.busy is not None:
            return
        if self.thinking:
            return
        self.thinking = True
        asked = self.table.state
        self.say(Text("Advice: thinking\u2026", style="italic"))
        self.redraw()
        table = self.table
        self.solve(lambda: (asked, table.advice_lines()), "advice")

    def _advice_done(self, worker: Worker[Any]) -> None:
        self.thinking = False
        if worker.state is WorkerState.ERROR:
            self.say(Text(f"The advice failed: {worker.error}", style="bold red"))
        elif worker.result is not None:
            asked, lines = worker.result
            if asked is self.table.state:
                self.say(*advice_texts(lines))
            else:
                self.say(Text("(The advice came after the table moved on.)", style="italic"))
        self.redraw()

    def action_help(self) -> None:
        self.app.push_screen(SunHelp(legend_text(self.table.deck)))

    def action_leave(self) -> None:
        if self.table.state.over:
            self._close()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self._close()

        kept = (
            "It is saved after every final decision: `silverpyr sun game` resumes it."
            if self.table.saved
            else "It is not saved."
        )
        self.app.push_screen(Confirm(f"Leave the game? {kept}"), answered)

    def keep_progress(self) -> None:
        """What leaving keeps, printed when the app exits (once)."""
        if self.closed:
            return
        self.closed = True
        lines = list(self.table.summary_lines())
        result = outcome(self.table.state)
        if result is None:
            left = self.table.leave()
            lines.append(left[0].upper() + left[1:] + ".")
        else:
            self.table.release()
            scores = ", ".join(
                f"{name} {score}" for name, score in zip(self.names, result.scores, strict=True)
            )
            lines.insert(0, f"Final score: {scores}.")
        self.setting.left.extend(lines)

    def _close(self) -> None:
        self.keep_progress()
        self.app.exit()

    def end_parts(self) -> list[RenderableType]:
        """The end screen: each seat's points and cards in hand, the winner(s), how the
        tie-break went, the coach's summary."""
        result = outcome(self.table.state)
        assert result is not None
        table = Table(title="Final score", show_edge=False)
        table.add_column("Seat")
        table.add_column("Points", justify="right")
        table.add_column("Cards in hand", justify="right")
        table.add_column("")
        for seat, name in enumerate(self.names):
            won = "winner" if seat in result.winners else ""
            table.add_row(
                name, str(result.scores[seat]), str(len(self.table.state.hands[seat])), won
            )
        winners = " and ".join(self.names[s] for s in result.winners)
        how = "the top is placed" if result.reason == "top" else "every player passed in a row"
        verb = "shared win" if len(result.winners) > 1 else "winner"
        parts: list[RenderableType] = [
            Text(f"Ended: {how}."),
            table,
            Text(f"The {verb}: {winners}.", style="bold green"),
            Text(tie_break_words(result, self.names)),
        ]
        summary = self.table.summary_lines()
        if summary:
            parts.append(Text("\nThe coach:", style="bold"))
            parts.extend(Text(line) for line in summary)
        parts.append(Text("\nq, Escape or Enter leaves.", style="italic"))
        parts.append(Text("\nThe pyramid:", style="bold"))
        parts.append(pyramid_text(self.table.state))
        return parts

    def _show_end(self) -> None:
        if any(isinstance(screen, SunEnd) for screen in self.app.screen_stack):
            return
        self.app.push_screen(SunEnd(*self.end_parts()), lambda _: self._close())

    # --- the thread work ---------------------------------------------------------------------

    def solve(self, job: Callable[[], object], name: str) -> None:
        """Run ``job`` in a daemon thread watched by a worker named ``name`` (a daemon, so
        leaving mid-way does not wait for it): the core's
        :func:`~silverpyr.cli.tui.base.solve_in_thread`."""
        solve_in_thread(self, job, name, f"silverpyr-sun-{name}")

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        if worker.name == "advice":
            self._advice_done(worker)
        elif worker.name == "coach":
            self._coach_done(worker)
        elif worker.name == "bots":
            self.busy = None
            self.progress = None
            if worker.state is WorkerState.ERROR:
                self.say(Text(f"The bots failed: {worker.error}", style="bold red"))
                self.redraw()
                return
            self._tell(worker.result or [])
            self.recent = {
                event.slot
                for event in self.table.state.events[self._events_before :]
                if isinstance(event, Scored) and event.kind == "card" and event.seat != HUMAN
            }
            self.after_change()


def _pile(word: str) -> PileName:
    """A pile's name from a question's answer."""
    return "edge" if word == "edge" else "standard"
