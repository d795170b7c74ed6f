"""A game against the bots on the full screen: you are player 1.

The screen drives a kept game (the table: seats, bots, replacements, claims, the coach);
it decides no rule. Your mark stays **pending** until you end the turn: Enter places it
(the board shows it with this turn's number), a second Enter ends the turn (the bots play,
the next expedition card turns over), ``u`` takes it back. With the coach on, a graded
choice is questioned before it becomes final (``verdict.warning()``: play it anyway, or
choose again); the verdicts after the fact go to the messages, and ``q`` and the end of
the game show the coach's summary. ``h`` gives the expert's advice on the decision due
(:func:`silverpyr.puzzles.silvergold.realgame.advice.advise`). Everything the solver works out (the
advice, the coach's checks, the bots' marks, foreseen at the start of each turn) runs off
the screen's thread (:meth:`GameScreen.solve`) with a status line that says what is being
weighed and for how long, so the screen never freezes nor stays silent. Ending the turn,
a keep and a replacement save the game (:class:`KeptGame
<silverpyr.puzzles.silvergold.realgame.kept_game.KeptGame>`), so they run on the screen's thread,
once
the coach and the bots are ready. The end of the game is a screen of its own
(:class:`GameEnd`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.widgets import Footer, OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from ....puzzles.silvergold.realgame.kept_game import who
from ....solver.silvergold.cells import cells_of
from ....solver.silvergold.game import DECK, Phase, Replacement
from ....solver.silvergold.moves import Move, move_str
from ....solver.silvergold.sheet import GEM_CAP, SKULL_CAP
from ...core.tui.base import GameOver, Shown, SolvingScreen, waited
from ...core.tui.modals import Confirm, Prompt, Reading
from .help import HELP_KEY, show_help
from .placing import Placer
from .puzzle_screen import MOVE_KEYS, Steering
from .setting import Setting, leave
from .widgets import CardView, strip

if TYPE_CHECKING:
    from ....puzzles.silvergold.realgame.advice import Advice
    from ....puzzles.silvergold.realgame.game_coach import Verdict
    from ....puzzles.silvergold.realgame.kept_game import Event, KeptGame
    from ....solver.silvergold.game import GameState
    from ....solver.silvergold.players import Player
    from ....solver.silvergold.position import Position
    from ....solver.silvergold.rollouts import Choice

HUMAN = 0
MARKING = frozenset({"cursor", "rotate", "mirror", "next_card", "single", "step", "prompt"})
"""Actions that only mean something while a mark is being placed."""
DECIDING = MARKING | {"place", "end_turn", "undo", "choose", "hint"}
"""Actions off while a decision waits for the solver (the coach weighs it, the bots think)."""
FOOTLESS = frozenset({"step", "prompt"})
"""Actions of :data:`MOVE_KEYS` left out of the game's footer (still live)."""


# --- the bots, a turn ahead ----------------------------------------------------------------


class Foresight:
    """The bots' player, with their marks for a turn worked out ahead in a thread worker.

    The bots mark at the same time as you, from the table before the turn, so their marks
    can be found while you place yours; ending the turn (on the screen's thread, since it
    saves the game) then finds them ready instead of freezing the screen. Anything not
    foreseen is asked of the player itself.
    """

    def __init__(self, player: Player) -> None:
        self.player = player
        self.name = player.name
        self._lock = threading.Lock()
        self._moves: tuple[GameState, dict[int, Move]] | None = None

    def foresee(self, state: GameState, seats: range) -> None:
        """Work out the bots' marks in ``state`` (slow: call it in a worker)."""
        moves = {seat: self.player.move(state, seat) for seat in seats}
        with self._lock:
            self._moves = (state, moves)

    def foreseen(self, state: GameState) -> bool:
        with self._lock:
            return self._moves is not None and self._moves[0] is state

    def keep(self, state: GameState, player: int) -> tuple[int, int]:
        return self.player.keep(state, player)

    def move(self, state: GameState, player: int) -> Move:
        with self._lock:
            cached = self._moves
        if cached is not None and cached[0] is state and player in cached[1]:
            return cached[1][player]
        return self.player.move(state, player)

    def replacement(self, state: GameState) -> Replacement:
        return self.player.replacement(state)

    def predicted(self, state: GameState, player: int) -> float | None:
        return self.player.predicted(state, player)


# --- drawing ----------------------------------------------------------------------------------


def marks_of(
    position: Position, number: int, turns: Mapping[int, int] | None = None
) -> dict[int, str]:
    """Labels of the cells marked on card ``number``: the turn of the game each was marked
    on (``turns``: cell -> turn, counted over the rounds), ``*`` for a cell with none."""
    turns = turns or {}
    return {
        cell: str(turns[cell]) if cell in turns else "*"
        for cell in cells_of(position.card(number).marked)
    }


def sheet_text(state: GameState, player: int) -> Text:
    """A player's score card in two lines."""
    sheet = state.position(player).sheet
    torches = "".join("[x]" if ticked else "[ ]" for ticked in sheet.torches)
    done = ", ".join(str(card.number) for card in sheet.completed) or "none"
    points = "+".join(str(p) for p in sheet.pyramid_points) or "0"
    text = Text(f"{who(player)}: ", style="bold")
    text.append(
        f"torches {torches}  red {sheet.red}/{GEM_CAP}  green {sheet.green}/{GEM_CAP}  "
        f"skulls {sheet.skulls}/{SKULL_CAP}\ncompleted {done}; pyramid points {points}; "
        f"score {state.scores()[player].total}"
    )
    return text


def event_text(event: Event) -> Text:
    """One event of the table, for the messages."""
    from ....puzzles.silvergold.realgame.kept_game import (
        Claimed,
        Completed,
        Judged,
        describe_event,
    )

    if isinstance(event, Judged):
        return Text(event.verdict.message(), style="italic")
    style = (
        "green" if isinstance(event, Completed) else "yellow" if isinstance(event, Claimed) else ""
    )
    return Text(f"  {describe_event(event)}", style=style)


class GameScreen(Steering, SolvingScreen):
    """A whole game: keep two cards, a move a turn, replacements, the final score."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # n and : stay live but leave the footer, so it fits 80 columns with q Leave
        *(replace(b, show=False) if b.action.split("(")[0] in FOOTLESS else b for b in MOVE_KEYS),
        # Enter ends the turn while a move is pending (Place is off then: check_action)
        Binding("enter", "end_turn", "End turn", priority=True),
        Binding("1", "choose(0)", "Slot 1", show=False),
        Binding("2", "choose(1)", "Slot 2", show=False),
        Binding("3", "choose(2)", "Slot 3", show=False),
        Binding("4", "choose(3)", "Slot 4", show=False),
        Binding("d", "choose(-1)", "Deck", show=False),
        Binding("h", "hint", "Advice"),
        Binding("o", "opponents", "Others"),
        Binding("u", "undo", "Undo"),
        Binding("q", "leave", "Leave"),
        replace(HELP_KEY, show=False),  # the footer is full: the title says "? help"
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that mean nothing now are off (and out of the footer): the marking keys
        while no mark is being placed, Enter-to-end-the-turn while no move is pending,
        every decision while the table is busy."""
        if action == "undo" and self.end_asked:
            return True  # the turn waits for a worker: the move can still be taken back
        if self.busy is not None and action in DECIDING:
            return False
        if action == "end_turn":
            return self.game.marked is not None
        if action == "place":  # Enter keeps two cards, or places the ghost
            return self.state.phase is Phase.KEEP or self.placing() is not None
        if action == "hint":  # h advises on a decision still open
            return self.game.marked is None
        if action == "undo":
            return self.game.marked is not None or self.placing() is not None
        if action in MARKING:
            return self.placing() is not None
        return True

    def action_help(self) -> None:
        show_help(self, self.setting)

    def __init__(
        self,
        setting: Setting,
        game: KeptGame | None = None,
        *,
        players: int = 2,
        seed: int = 0,
        opponents: str = "greedy",
        coach: bool = False,
    ) -> None:
        """The screen of ``game``, or of a new game not saved (``players``, ``seed``,
        ``opponents``, ``coach``)."""
        from ....puzzles.silvergold.realgame.kept_game import KeptGame

        super().__init__()
        self.setting = setting
        self.game = game or KeptGame(setting.deck, seed, players, opponents, coach=coach)
        self.bots = Foresight(self.game.bot)
        self.game.bot = self.bots
        self.kept: list[int] = []
        self.placer: Placer | None = None
        coached = " The coach is on." if self.game.coach else ""
        self.messages: list[RenderableType] = [
            Text(f"Game {self.game.seed_words()}: you are player 1.{coached}"),
            *(Text(note, style="italic") for note in self.game.notes),
        ]
        self._shown: tuple[int, ...] = ()
        self._views: dict[int, CardView] = {}
        self.marked_on: list[dict[int, dict[int, int]]] = [{} for _ in self.game.game.players]
        """Per player, per card: the turn of the game (1, 2, ... over the rounds) each
        cell was marked on, for the labels on the board (``*`` for the marks of a game
        resumed, made before this session)."""
        state = self.game.game
        self.turns_played = (
            0 if state.phase is Phase.KEEP else (state.round_number - 1) * 7 + state.turn - 1
        )
        self.thinking = False
        """Whether the ranking of ``h`` is being worked out (in a thread worker)."""
        self.busy: str | None = None
        """What a decision waits for (the coach weighing it, the bots' marks); decisions
        wait meanwhile."""
        self.checked: tuple[Move, Verdict | None] | None = None
        """The coach's opinion of the pending move, once worked out (move, verdict)."""
        self.end_asked = False
        """Enter was pressed to end the turn before the coach or the bots were ready."""

    @property
    def state(self) -> GameState:
        """The table after the final decisions (a pending move is not on it)."""
        return self.game.game

    # --- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Shown(id="title")
        with TabbedContent(id="tabs"):
            with TabPane("Your cards", id="tab-you"), Horizontal(id="board"):
                yield Horizontal(id="hand")
                with Vertical(id="side"):
                    yield Shown(id="scorecard")
                    yield OptionList(id="offer")
                    with VerticalScroll(id="log"):  # the newest messages in sight
                        yield Shown(id="messages")
            for player in range(1, len(self.state.players)):
                with TabPane(f"Player {player + 1}", id=f"tab-p{player}"):
                    yield Shown(id=f"opponent-{player}")
        yield Shown(id="strip")
        yield Shown(id="status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#offer", OptionList).can_focus = False
        self.call_after_refresh(self._new_turn)  # redraw needs the screen mounted
        self.set_interval(1.0, self._tick)

    def action_opponents(self) -> None:
        """Show the next tab: your cards, then each opponent's."""
        tabs = self.query_one("#tabs", TabbedContent)
        names = ["tab-you", *(f"tab-p{p}" for p in range(1, len(self.state.players)))]
        tabs.active = names[(names.index(tabs.active) + 1) % len(names)]

    def _hand(self) -> list[int]:
        state = self.state
        if state.phase is Phase.KEEP:
            return [card.number for card in state.players[HUMAN].dealt]
        return [card.number for card in state.position(HUMAN).cards]

    def _shown_position(self) -> Position:
        """Your position as drawn: with the pending move, or the marks placed so far."""
        if self.game.marked is not None:
            return self.game.position()
        if self.placer is not None:
            return self.placer.position
        return self.state.position(HUMAN)

    def redraw(self) -> None:
        """Draw everything from the game state and the placer."""
        if not self.is_mounted:
            return
        state = self.state
        hand = self.query_one("#hand", Horizontal)
        hand.set_class(state.phase is Phase.KEEP, "keep")
        numbers = tuple(self._hand())
        if numbers != self._shown:
            hand.remove_children()
            self._views = {n: CardView(self.setting.deck.card(n)) for n in numbers}
            hand.mount_all(self._views.values())
            self._shown = numbers
            self.call_after_refresh(self.redraw)
            return
        title = Text("Silver & Gold Pyramids", style="bold")
        if state.phase is Phase.KEEP:
            title.append(" - keep two of the four cards dealt to you")
        elif state.phase is not Phase.OVER:
            title.append(f" - round {state.round_number}, turn {state.turn}/7: ")
            title.append(f"{state.expedition.name} revealed", style="bold yellow")
        else:
            title.append(" - the game is over")
        title.append(" \u00b7 ? help", style="italic")
        self.query_one("#title", Static).update(title)
        placing = self.placing()
        ghost = placing.ghost() if placing is not None else None
        position = self._shown_position()
        this_turn = self.turns_played + 1
        for number in numbers:
            view = self._views[number]
            if state.phase is Phase.KEEP:
                view.show({})
                view.set_class(number in self.kept, "chosen")
            else:
                turns = dict(self.marked_on[HUMAN].get(number, {}))
                marks = (
                    self.game.marked.marks()
                    if self.game.marked is not None
                    else (self.placer.marks if self.placer is not None else ())
                )
                for mark in marks:  # this turn's marks, not yet final
                    turns.update(dict.fromkeys(cells_of(mark.cells), this_turn))
                view.show(
                    marks_of(position, number, turns),
                    ghost=ghost,
                    complete=position.card(number).is_complete(),
                )
        self.query_one("#scorecard", Static).update(self._sheets())
        self._draw_offer()
        self.query_one("#messages", Static).update(Group(*self.messages[-12:]))
        log = self.query_one("#log", VerticalScroll)
        log.call_after_refresh(log.scroll_end, animate=False)
        for player in range(1, len(state.players)):
            self.query_one(f"#opponent-{player}", Static).update(self._opponent(player))
        if state.phase is Phase.MARK:
            seen = state.expedition_order[: state.turn]
            self.query_one("#strip", Static).update(
                Group(Text("This round so far:"), strip(seen, state.turn - 1, done=state.turn - 1))
            )
        self.refresh_bindings()  # the footer follows the phase (check_action)
        self._draw_status()

    def _draw_status(self) -> None:
        """The status line; while the solver works, what it works on and for how long (from
        2 s on, counted each second by :meth:`_tick`), so the screen is never silent."""
        now = time.monotonic()
        status = self._status()
        if self.busy is not None:
            if self._busy_since is None or self._busy_since[0] != self.busy:
                self._busy_since = (self.busy, now)
            status = Text(self.busy + waited(now - self._busy_since[1]), style="bold italic")
        else:
            self._busy_since = None
        if self.thinking:
            if self._thinking_since is None:
                self._thinking_since = now
            took = waited(now - self._thinking_since)
            status.append(f"  thinking\u2026 (advice){took}", style="italic")
        else:
            self._thinking_since = None
        self.query_one("#status", Static).update(status)

    _busy_since: tuple[str, float] | None = None
    _thinking_since: float | None = None

    def _tick(self) -> None:
        if (self.busy is not None or self.thinking) and self.is_mounted:
            self._draw_status()

    def _sheets(self) -> RenderableType:
        state = self.state
        if state.phase is Phase.KEEP:
            return Text("Press 1-4 (or click) to pick two cards, then Enter.")
        return sheet_text(state, HUMAN)

    def _draw_offer(self) -> None:
        state = self.state
        offer = self.query_one("#offer", OptionList)
        offer.clear_options()
        if state.phase is Phase.KEEP:
            offer.display = False
            return
        from ....solver.silvergold.bots import route_length

        offer.display = True
        offer.border_title = "Offer: 1-4, d deck" if state.pyramid_deck else "Offer: 1-4"
        options = [
            Option(
                f"{slot}) {card.number} {card.color.value}, route {route_length(card)}",
                id=str(slot - 1),
            )
            for slot, card in enumerate(state.offer, start=1)
        ]
        if state.pyramid_deck:
            options.append(Option(f"d) deck top ({len(state.pyramid_deck)} left)", id="-1"))
        offer.add_options(options)

    def _opponent(self, player: int) -> RenderableType:
        from rich.columns import Columns

        from ..render import card_title, room_grid

        state = self.state
        position = state.position(player)
        drawings: list[RenderableType] = [
            Group(
                card_title(s.card),
                room_grid(
                    s.room,
                    marked=marks_of(position, s.number, self.marked_on[player].get(s.number)),
                ),
            )
            for s in position.cards
        ]
        if state.phase is Phase.KEEP:
            return Group(
                sheet_text(state, player), Text("Choosing which two cards to keep.", style="italic")
            )
        return Group(sheet_text(state, player), Columns(drawings, padding=(0, 4)))

    def _status(self) -> Text:
        state = self.state
        if state.phase is Phase.KEEP:
            chosen = " ".join(map(str, self.kept)) or "none"
            return Text(f"Keep two cards (chosen: {chosen}); Enter keeps them.", style="bold")
        if state.phase is Phase.REPLACE:
            card = state.pending[0].card.number
            deck = ", d the deck top" if state.pyramid_deck else ""
            return Text(
                f"Card {card} is complete: take a replacement (1-{len(state.offer)} an offer "
                f"slot{deck}; or click it).",
                style="bold yellow",
            )
        if state.phase is Phase.OVER:
            return Text("The game is over: q leaves.", style="bold")
        pending = self.game.marked
        if pending is not None:
            text = Text(f"Your move {move_str(pending, with_card=True)}: ", style="bold")
            text.append("Enter ends the turn", style="green")
            text.append(", u takes it back.")
            return text
        if self.placer is None:
            return Text()
        ghost = self.placer.ghost()
        from ....solver.silvergold.cells import cells_str

        what = (
            "extra mark"
            if self.placer.extra_mode
            else ("single cell" if self.placer.single else state.expedition.name)
        )
        way_out = self.placer.way_out()
        if way_out is not None:
            return Text(way_out, style="bold yellow")
        text = Text(f"{what} on card {ghost.card} at {cells_str(ghost.cells)}: ", style="bold")
        if ghost.reason is None:
            text.append("Enter places it", style="green")
        else:
            text.append(ghost.reason, style="bold red")
        return text

    def say(self, *lines: RenderableType) -> None:
        """Add ``lines`` to the game's log."""
        self.messages.extend(lines)

    def _refuse(self, text: str) -> None:
        self.query_one("#status", Static).update(Text(text, style="bold red"))

    # --- the solver's work in thread workers ---------------------------------------------

    def finishers(self) -> Mapping[str, Callable[[Worker[Any]], None]]:
        """The solver's work in daemon threads (the core's
        :class:`~silverpyr.cli.core.tui.base.SolvingScreen`: threads ``silverpyr-<work>``)."""
        return {
            "advice": self._advice_done,
            "coach": self._coach_done,
            "pending-check": self._pending_checked,
            "foresight": self._foresight_done,
        }

    def _foresee(self) -> None:
        """At the start of a turn, the bots' marks are worked out in a worker."""
        state = self.state
        if state.phase is not Phase.MARK or len(state.players) == 1:
            return
        if self.bots.foreseen(state):
            return
        seats = range(1, len(state.players))
        self.solve(lambda: self.bots.foresee(state, seats), "foresight")

    def _ready_to_end(self) -> str | None:
        """What ending the turn still waits for (``None``: nothing)."""
        move = self.game.marked
        if self.game.coach and (self.checked is None or self.checked[0] != move):
            return "The coach is weighing your move\u2026 (u takes it back)"
        if len(self.state.players) > 1 and not self.bots.foreseen(self.state):
            return "The bots are choosing their marks\u2026 (u takes your move back)"
        return None

    def _check(self, choice: Choice, then: Callable[[Verdict | None], None]) -> None:
        """The coach's opinion of ``choice`` (before it is final) in a worker, then
        ``then`` with it; at once without the coach."""
        if not self.game.coach:
            then(None)
            return
        self._then = then
        self.busy = "The coach is weighing your choice\u2026"
        self.redraw()
        self.solve(lambda: self.game.check(choice), "coach")

    _then: Callable[[Verdict | None], None] | None = None

    def _heed(
        self, verdict: Verdict | None, play: Callable[[], None], again: Callable[[], None]
    ) -> None:
        """A graded ``verdict`` asks first: ``y`` plays the choice anyway, ``n`` chooses
        again; a silent one (or no coach) plays it."""
        if verdict is None or verdict.is_silent:
            play()
            return

        def answered(anyway: bool | None) -> None:
            if anyway:
                play()
            else:
                again()

        self.app.push_screen(Confirm(verdict.warning()), answered)

    def _final(self, step: Callable[[], list[Event]]) -> None:
        """A decision of yours becomes final: ``step`` plays it (the bots' marks are
        foreseen, the coach's advice is cached) and saves the game; then its events."""
        from ....solver.core.errors import SilverpyrError

        try:
            events = step()
        except SilverpyrError as error:  # the store refused the save, say
            self.say(Text(f"Not played: {error}", style="bold red"))
            self.redraw()
            return
        self._show_events(events)
        if self.state.phase is Phase.OVER:
            table, winner = self._final_table()
            summary = [Text(line) for line in self.summary()]
            self.say(table, winner, *summary)
            self._new_turn()
            self.app.push_screen(GameEnd(table, winner, *summary), lambda _: self._close())
            return
        self._new_turn()

    def _foresight_done(self, worker: Worker[Any]) -> None:
        if worker.state is WorkerState.ERROR:
            self.say(Text(f"The bots failed: {worker.error}", style="bold red"))
        self._maybe_end()

    def _coach_done(self, worker: Worker[Any]) -> None:
        self.busy = None
        then, self._then = self._then, None
        if worker.state is WorkerState.ERROR:
            self.say(Text(f"The coach failed: {worker.error}", style="bold red"))
            self.redraw()
            return
        self.redraw()
        if then is not None:
            then(worker.result)

    def _show_events(self, events: list[Event]) -> None:
        from ....puzzles.silvergold.realgame.kept_game import Played

        lines: list[RenderableType] = []
        heading: tuple[int, int] | None = None
        for event in events:
            if isinstance(event, Played):
                if (event.round_number, event.turn) != heading:
                    heading = (event.round_number, event.turn)
                    lines.append(
                        Text(f"Round {event.round_number}, turn {event.turn}:", style="bold")
                    )
                if event.player == HUMAN:
                    self.turns_played += 1
                for mark in event.move.marks():
                    cells = self.marked_on[event.player].setdefault(mark.card, {})
                    cells.update(dict.fromkeys(cells_of(mark.cells), self.turns_played))
            lines.append(event_text(event))
        self.say(*lines)

    # --- keep ---------------------------------------------------------------------------

    def _toggle_kept(self, number: int) -> None:
        if number in self.kept:
            self.kept.remove(number)
        elif len(self.kept) < 2:
            self.kept.append(number)
        self.redraw()

    def _confirm_keep(self) -> None:
        if len(self.kept) != 2:
            self._refuse("Pick exactly two cards first.")
            return
        pair = (self.kept[0], self.kept[1])

        def play() -> None:
            self.say(Text(f"You keep cards {pair[0]} and {pair[1]}."))
            self._final(lambda: self.game.keep(*pair))

        def again() -> None:
            self.say(Text("Choose two cards again.", style="italic"))
            self.redraw()

        self._check(pair, lambda verdict: self._heed(verdict, play, again))

    # --- marking ------------------------------------------------------------------------

    def _new_turn(self) -> None:
        state = self.state
        pending = self.game.marked is not None
        if state.phase is Phase.MARK and not pending and state.position(HUMAN).has_card_in_play():
            self.placer = Placer(state.position(HUMAN), state.expedition, state.round_number)
        elif not pending:
            self.placer = None
        self._foresee()
        self.redraw()

    def placing(self) -> Placer | None:
        if self.state.phase is not Phase.MARK or self.game.marked is not None:
            return None
        return self.placer

    def action_undo(self) -> None:
        """``u``: take back the pending move (all of it), or the last mark of one not yet
        whole."""
        if self.game.marked is not None:
            shown = move_str(self.game.marked, with_card=True)
            self.game.undo()
            self.checked = None
            if self.end_asked:
                self.end_asked = False
                self.busy = None
            self.say(Text(f"Took back your move {shown}; choose again.", style="italic"))
            self._new_turn()
            return
        if (placer := self.placing()) is not None and placer.take_back():
            self.redraw()

    def on_card_view_pointed(self, message: CardView.Pointed) -> None:
        if self.busy is None and (placer := self.placing()) is not None:
            placer.point(message.card, message.row, message.column)
            self.redraw()

    def on_card_view_clicked(self, message: CardView.Clicked) -> None:
        if self.busy is not None:
            return
        if self.state.phase is Phase.KEEP:
            self._toggle_kept(message.card)
        elif (placer := self.placing()) is not None:
            placer.point(message.card, message.row, message.column)
            self.action_place()

    def action_place(self) -> None:
        if self.state.phase is Phase.KEEP:
            self._confirm_keep()
            return
        if (placer := self.placing()) is None:
            return
        way_out = placer.way_out()
        outcome = placer.place()
        if isinstance(outcome, str):
            self.redraw()
            self._refuse(way_out or f"Not there: {outcome}")
            return
        if outcome is not None:
            self.propose(outcome)
        else:
            self.redraw()

    def action_prompt(self) -> None:
        if self.placing() is None:
            return

        def typed(text: str | None) -> None:
            from ....solver.silvergold.moves import (
                AmbiguousMoveError,
                IllegalMoveError,
                InvalidMoveError,
            )

            if not text or self.placing() is None:
                return
            try:
                move = self.state.parse_move(HUMAN, text)
            except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
                self._refuse(f"Not played: {error}")
                return
            self.propose(move)

        self.app.push_screen(Prompt("Your move in notation (e.g. 17:B1 B2 C2 +C3):"), typed)

    def propose(self, move: Move) -> None:
        """Your move, pending: drawn on the board until Enter ends the turn or ``u`` takes
        it back. The coach weighs it meanwhile (in a worker, keys live)."""
        from ....solver.silvergold.moves import IllegalMoveError

        try:
            self.game.mark(move)
        except IllegalMoveError as error:
            self._refuse(f"Not played: {error}")
            return
        self.checked = None
        self.end_asked = False
        if self.game.coach:
            self.solve(lambda: (move, self.game.check(move)), "pending-check")
        self.redraw()

    def _pending_checked(self, worker: Worker[Any]) -> None:
        if worker.state is WorkerState.ERROR:
            self.say(Text(f"The coach failed: {worker.error}", style="bold red"))
            self.end_asked = False
            self.busy = None
            self.redraw()
            return
        assert worker.result is not None
        move, verdict = worker.result
        if move != self.game.marked:
            return  # taken back meanwhile
        self.checked = (move, verdict)
        self._maybe_end()

    def _maybe_end(self) -> None:
        """A worker is done: end the turn if Enter asked for it and nothing else is due."""
        if self.end_asked:
            self.end_asked = False
            self.busy = None
            self.action_end_turn()
        else:
            self.redraw()

    def action_end_turn(self) -> None:
        """Enter on a pending move: end the turn (after the coach's question, if any), once
        the coach and the bots are ready."""
        move = self.game.marked
        if move is None:
            return
        waiting = self._ready_to_end()
        if waiting is not None:
            self.end_asked = True  # the end comes when the workers are done
            self.busy = waiting
            self.redraw()
            return
        verdict = self.checked[1] if self.checked is not None else None

        def play() -> None:
            self.checked = None
            self.placer = None
            self._final(self.game.end_turn)

        self._heed(verdict, play, self.action_undo)

    # --- replacements -------------------------------------------------------------------

    def action_choose(self, slot: int) -> None:
        state = self.state
        if state.phase is Phase.KEEP:
            dealt = state.players[HUMAN].dealt
            if 0 <= slot < len(dealt):
                self._toggle_kept(dealt[slot].number)
            return
        if state.phase is not Phase.REPLACE or state.replacing_player != HUMAN:
            return
        choice = DECK if slot < 0 else Replacement(slot)
        if choice not in state.replacement_options():
            return

        def play() -> None:
            self._final(lambda: self.game.replace(choice))

        def again() -> None:
            self.say(Text("Choose a replacement again.", style="italic"))
            self.redraw()

        self._check(choice, lambda verdict: self._heed(verdict, play, again))

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None and self.busy is None:
            self.action_choose(int(event.option.id))

    # --- advice and the end -------------------------------------------------------------

    def action_hint(self) -> None:
        """``h``: the expert's advice on the decision due (keep, mark or replacement), in a
        thread worker."""
        state = self.state
        if state.phase is Phase.MARK:
            if (placer := self.placing()) is None or placer.marks:
                return
        elif state.phase is Phase.REPLACE:
            if state.replacing_player != HUMAN:
                return
        elif state.phase is not Phase.KEEP:
            return
        if self.thinking:
            self.query_one("#status", Static).update(Text("Still thinking\u2026", style="bold"))
            return
        asked = state
        self.thinking = True
        self.say(Text("Advice: thinking\u2026", style="italic"))
        self.redraw()
        self.solve(lambda: (asked, self.game.advice()), "advice")

    def _advice_done(self, worker: Worker[Any]) -> None:
        self.advice_done(worker, self.state, self.show_advice, "turn")

    def show_advice(self, advice: Advice) -> None:
        """The ranking at the screen's width (a side panel would cut it), one line of it in
        the log, and the expert's move under the cursor."""
        from ..views import advice_parts

        best = advice.best
        self.say(
            Text(f"Advice: the expert's choice is {best.label} ({best.predicted:.1f} expected).")
        )
        self.app.push_screen(Reading(Text("Advice", style="bold"), *advice_parts(advice, top=5)))
        placer = self.placing()
        usable = placer is not None and not placer.marks
        if isinstance(best.choice, Move) and best.choice.mark is not None and usable:
            assert placer is not None
            placer.follow(best.choice)

    def _final_table(self) -> tuple[Table, Text]:
        outcome = self.state.outcome()
        table = Table(title="Final score", show_edge=False)
        table.add_column("Category")
        for index in range(len(outcome.scores)):
            table.add_column(who(index), justify="right")
        for label, key in (
            ("Torches", "torches"),
            ("Pyramid points", "pyramid_points"),
            ("Gems", "gems"),
            ("Skulls", "skulls"),
            ("Completed", "completed"),
            ("Total", "total"),
        ):
            table.add_row(
                label,
                *(
                    str(score.total if key == "total" else score.to_dict()[key])
                    for score in outcome.scores
                ),
            )
        winners = " and ".join(who(p) for p in outcome.winners)
        return table, Text(f"Winner: {winners}.", style="bold green")

    def summary(self) -> list[str]:
        """The coach's summary so far (empty without the coach)."""
        return self.game.report().lines() if self.game.coach else []

    def kept_words(self) -> str:
        """What leaving now keeps, for the question."""
        if self.game.saved and self.game.answers:
            return "It is saved: `silverpyr game` resumes it."
        if self.game.saved:
            return "Nothing is decided yet, so nothing is saved."
        return "It is not saved."

    def action_leave(self) -> None:
        if self.state.phase is Phase.OVER:
            self._close()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self._close()

        summary = self.summary() if self.game.verdicts else []
        so_far = f"\n\n{summary[0]}" if summary else ""
        self.app.push_screen(Confirm(f"Leave the game? {self.kept_words()}{so_far}"), answered)

    def keep_progress(self) -> None:
        """What leaving keeps, printed when the app exits: the coach's summary so far and
        the saved game with how to resume it (or the end of the game)."""
        lines = self.summary()
        if self.state.phase is not Phase.OVER:
            left = self.game.leave()
            lines.append(left[0].upper() + left[1:] + ".")
        else:
            self.game.release()
            scores = ", ".join(
                f"{who(p).lower()} {score.total}"
                for p, score in enumerate(self.state.outcome().scores)
            )
            lines.insert(0, f"Final score: {scores}.")
        path = self.game.record_path
        if path is not None:
            lines.append(
                f"The game's record is in {path}; review it with: "
                f"silverpyr hint --game {path} --review"
            )
        if lines:
            self.setting.left["game"] = "\n".join(lines)

    def _close(self) -> None:
        self.keep_progress()
        leave(self.setting, self)


class GameEnd(GameOver):
    """The end of a game: the final score, the winner and the coach's summary; any of
    ``q``, Escape or Enter leaves (back home, or out of the app)."""
