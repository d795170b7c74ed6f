"""A game against the bots on the full screen: you are player 1.

The screen drives a :class:`~silverpyr.solver.game.GameState` (keep, play, take a
replacement); the other seats play by :mod:`silverpyr.solver.bots`; ``h`` gives the
expert's advice on the decision due, as ``h`` in the line game does
(:func:`silverpyr.puzzles.realgame.advice.advise`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, ClassVar

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, VerticalScroll
from textual.screen import Screen
from textual.widgets import Footer, OptionList, Static, TabbedContent, TabPane
from textual.widgets.option_list import Option
from textual.worker import Worker, WorkerState

from ...solver.cells import cells_of
from ...solver.game import DECK, Phase, Replacement
from ...solver.moves import PASS, Move, move_str
from ...solver.sheet import GEM_CAP, SKULL_CAP
from .modals import Confirm, Prompt
from .placing import Placer
from .puzzle_screen import MOVE_KEYS
from .setting import Setting, leave
from .widgets import CardView, Shown, strip

if TYPE_CHECKING:
    from ...puzzles.realgame.advice import Advice
    from ...solver.game import GameState
    from ...solver.moves import Move
    from ...solver.position import Position

HUMAN = 0
MARKING = frozenset({"cursor", "rotate", "mirror", "next_card", "single", "step", "prompt", "undo"})
"""Actions that only mean something while a mark is due."""
FOOTLESS = frozenset({"step", "prompt"})
"""Actions of :data:`MOVE_KEYS` left out of the game's footer (still live)."""


def _who(player: int) -> str:
    return "You" if player == HUMAN else f"Player {player + 1}"


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
    text = Text(f"{_who(player)}: ", style="bold")
    text.append(
        f"torches {torches}  red {sheet.red}/{GEM_CAP}  green {sheet.green}/{GEM_CAP}  "
        f"skulls {sheet.skulls}/{SKULL_CAP}\ncompleted {done}; pyramid points {points}; "
        f"score {state.scores()[player].total}"
    )
    return text


class GameScreen(Screen[None]):
    """A whole game: keep two cards, a move a turn, replacements, the final score."""

    BINDINGS: ClassVar[list[BindingType]] = [
        # n and : stay live but leave the footer, so it fits 80 columns with q Leave
        *(replace(b, show=False) if b.action.split("(")[0] in FOOTLESS else b for b in MOVE_KEYS),
        Binding("1", "choose(0)", "Slot 1", show=False),
        Binding("2", "choose(1)", "Slot 2", show=False),
        Binding("3", "choose(2)", "Slot 3", show=False),
        Binding("4", "choose(3)", "Slot 4", show=False),
        Binding("d", "choose(-1)", "Deck", show=False),
        Binding("h", "hint", "Advice"),
        Binding("o", "opponents", "Others"),
        Binding("u", "undo", "Undo"),
        Binding("q", "leave", "Leave"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The keys that place marks are off (and out of the footer) while no mark is
        due: keeping cards, taking a replacement, the game over."""
        if action in MARKING:
            return self._placing() is not None
        return True

    def __init__(self, setting: Setting, *, players: int, seed: int) -> None:
        from ...solver.game import deal

        super().__init__()
        self.setting = setting
        self.state: GameState = deal(setting.deck, players, seed)
        self.kept: list[int] = []
        self.placer: Placer | None = None
        self.messages: list[RenderableType] = [
            Text(f"Seed {seed}: you are player 1 against {players - 1} greedy bot(s).")
        ]
        self._shown: tuple[int, ...] = ()
        self._views: dict[int, CardView] = {}
        self.marked_on: list[dict[int, dict[int, int]]] = [{} for _ in self.state.players]
        """Per player, per card: the turn of the game (1, 2, ... over the rounds) each
        cell was marked on, for the labels on the board."""
        self.turns_played = 0
        self.thinking = False
        """Whether the ranking of ``h`` is being worked out (in a thread worker)."""

    # --- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield Shown(id="title")
        with TabbedContent(id="tabs"):
            with TabPane("Your cards", id="tab-you"), Horizontal(id="board"):
                yield Horizontal(id="hand")
                with VerticalScroll(id="side"):
                    yield Shown(id="scorecard")
                    yield OptionList(id="offer")
                    yield Shown(id="messages")
            for player in range(1, len(self.state.players)):
                with TabPane(f"Player {player + 1}", id=f"tab-p{player}"):
                    yield Shown(id=f"opponent-{player}")
        yield Shown(id="strip")
        yield Shown(id="status")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.query_one("#offer", OptionList).can_focus = False
        self.call_after_refresh(self.redraw)

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

    def redraw(self) -> None:
        """Draw everything from the game state and the placer."""
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
        self.query_one("#title", Static).update(title)
        ghost = self.placer.ghost() if self.placer is not None else None
        position = self.placer.position if self.placer is not None else state.position(HUMAN)
        for number in numbers:
            view = self._views[number]
            if state.phase is Phase.KEEP:
                view.show({})
                view.set_class(number in self.kept, "chosen")
            else:
                turns = dict(self.marked_on[HUMAN].get(number, {}))
                if self.placer is not None:  # marks of a move not yet whole: this turn
                    for mark in self.placer.marks:
                        turns.update(dict.fromkeys(cells_of(mark.cells), self.turns_played + 1))
                view.show(
                    marks_of(position, number, turns),
                    ghost=ghost,
                    complete=position.card(number).is_complete(),
                )
        self.query_one("#scorecard", Static).update(self._sheets())
        self._draw_offer()
        self.query_one("#messages", Static).update(Group(*self.messages[-12:]))
        for player in range(1, len(state.players)):
            self.query_one(f"#opponent-{player}", Static).update(self._opponent(player))
        if state.phase is Phase.MARK:
            seen = state.expedition_order[: state.turn]
            self.query_one("#strip", Static).update(
                Group(Text("This round so far:"), strip(seen, state.turn - 1, done=state.turn - 1))
            )
        self.refresh_bindings()  # the footer follows the phase (check_action)
        status = self._status()
        if self.thinking:
            status.append("  thinking\u2026 (advice)", style="italic")
        self.query_one("#status", Static).update(status)

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
        from ...solver.bots import route_length

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
        if self.placer is None:
            return Text()
        ghost = self.placer.ghost()
        from ...solver.cells import cells_str

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

    # --- keep ---------------------------------------------------------------------------

    def _toggle_kept(self, number: int) -> None:
        if number in self.kept:
            self.kept.remove(number)
        elif len(self.kept) < 2:
            self.kept.append(number)
        self.redraw()

    def _confirm_keep(self) -> None:
        from ...solver.bots import bot_keep_choices

        if len(self.kept) != 2:
            self.query_one("#status", Static).update(
                Text("Pick exactly two cards first.", style="bold red")
            )
            return
        choices = bot_keep_choices(self.state)
        self.state = self.state.keep([tuple(self.kept), *choices[1:]])
        self.say(Text(f"You keep cards {self.kept[0]} and {self.kept[1]}."))
        self._new_turn()

    # --- marking ------------------------------------------------------------------------

    def _new_turn(self) -> None:
        state = self.state
        if state.phase is Phase.MARK and state.position(HUMAN).has_card_in_play():
            self.placer = Placer(state.position(HUMAN), state.expedition, state.round_number)
        else:
            self.placer = None
        self.redraw()

    def _placing(self) -> Placer | None:
        return self.placer if self.state.phase is Phase.MARK else None

    def action_cursor(self, rows: int, columns: int) -> None:
        if (placer := self._placing()) is not None:
            placer.move(rows, columns)
            self.redraw()

    def action_rotate(self) -> None:
        if (placer := self._placing()) is not None:
            placer.rotate()
            self.redraw()

    def action_mirror(self) -> None:
        if (placer := self._placing()) is not None:
            placer.mirror()
            self.redraw()

    def action_next_card(self) -> None:
        if (placer := self._placing()) is not None:
            placer.next_card()
            self.redraw()

    def action_single(self) -> None:
        if (placer := self._placing()) is not None:
            placer.toggle_single()
            self.redraw()

    def action_step(self, offset: int) -> None:
        if (placer := self._placing()) is not None:
            placer.step(offset)
            self.redraw()

    def action_undo(self) -> None:
        if (placer := self._placing()) is not None and placer.take_back():
            self.redraw()

    def on_card_view_pointed(self, message: CardView.Pointed) -> None:
        if (placer := self._placing()) is not None:
            placer.point(message.card, message.row, message.column)
            self.redraw()

    def on_card_view_clicked(self, message: CardView.Clicked) -> None:
        if self.state.phase is Phase.KEEP:
            self._toggle_kept(message.card)
        elif (placer := self._placing()) is not None:
            placer.point(message.card, message.row, message.column)
            self.action_place()

    def action_place(self) -> None:
        if self.state.phase is Phase.KEEP:
            self._confirm_keep()
            return
        if (placer := self._placing()) is None:
            return
        way_out = placer.way_out()
        outcome = placer.place()
        if isinstance(outcome, str):
            self.redraw()
            self.query_one("#status", Static).update(
                Text(way_out or f"Not there: {outcome}", style="bold red")
            )
            return
        if outcome is not None:
            self.play(outcome)
        else:
            self.redraw()

    def action_prompt(self) -> None:
        if self._placing() is None:
            return

        def typed(text: str | None) -> None:
            from ...solver.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError

            if not text:
                return
            try:
                move = self.state.parse_move(HUMAN, text)
            except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
                self.query_one("#status", Static).update(
                    Text(f"Not played: {error}", style="bold red")
                )
                return
            self.play(move)

        self.app.push_screen(Prompt("Your move in notation (e.g. 17:B1 B2 C2 +C3):"), typed)

    def play(self, mine: Move) -> None:
        """Your move and the bots' moves, then replacements and claims, until you decide."""
        from ...solver.bots import choose_move

        state = self.state
        moves = [mine] + [
            choose_move(player.position, state.expedition, state.round_number)
            for player in state.players[1:]
        ]
        after = state.play(moves)
        self.turns_played += 1
        for index, move in enumerate(moves):
            for mark in move.marks():
                cells = self.marked_on[index].setdefault(mark.card, {})
                cells.update(dict.fromkeys(cells_of(mark.cells), self.turns_played))
        lines: list[RenderableType] = [
            Text(f"Round {state.round_number}, turn {state.turn}:", style="bold")
        ]
        for index, move in enumerate(moves):
            shown = "passes" if move.is_pass else move_str(move, with_card=True)
            lines.append(Text(f"  {_who(index)}: {shown}"))
            before = len(state.players[index].sheet.completed)
            for card in after.players[index].sheet.completed[before:]:
                lines.append(Text(f"  {_who(index)} completed card {card.number}.", style="green"))
        self.say(*lines)
        self.state = after
        self._claims_before = len(state.claims)
        self.advance()

    def advance(self) -> None:
        """Settle replacements the bots (or a single option) decide; stop at yours."""
        from ...solver.bots import choose_replacement

        while True:
            state = self.state
            if state.phase is Phase.REPLACE:
                options = state.replacement_options()
                if state.replacing_player == HUMAN and len(options) > 1:
                    self.placer = None
                    self.redraw()
                    return
                choice = options[0] if len(options) == 1 else choose_replacement(state)
                self._take(choice)
                continue
            for claim in state.claims[self._claims_before :]:
                self.say(
                    Text(
                        f"  {_who(claim.player)} claimed {claim.points} pyramid points in "
                        f"{claim.color.value}.",
                        style="yellow",
                    )
                )
            self._claims_before = len(state.claims)
            if state.phase is Phase.MARK and not state.position(HUMAN).has_card_in_play():
                self.say(Text("You have no card in play: you pass."))
                self.play(PASS)
                return
            if state.phase is Phase.OVER:
                self._final()
            self._new_turn()
            return

    _claims_before = 0

    def _take(self, choice: Replacement) -> None:
        state = self.state
        entry = state.pending[0]
        taken = state.pyramid_deck[0] if choice.slot is None else state.offer[choice.slot]
        self.say(
            Text(
                f"  {_who(entry.player)} replaced card {entry.card.number} with card "
                f"{taken.number} ({taken.color.value}) from {choice}."
            )
        )
        self.state = state.take_replacement(choice)

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
        self._take(choice)
        self.advance()

    def on_option_list_option_selected(self, event: OptionList.OptionSelected) -> None:
        if event.option.id is not None:
            self.action_choose(int(event.option.id))

    # --- advice and the end -------------------------------------------------------------

    def action_hint(self) -> None:
        """``h``: the expert's advice on the decision due (keep, mark or replacement).

        Marks are ranked at once by the expert's valuation; keeps and replacements are
        played out (rollouts, a few seconds), so the advice runs in a thread worker.
        """
        state = self.state
        if state.phase is Phase.MARK:
            if (placer := self._placing()) is None or placer.marks:
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

        def rank() -> tuple[GameState, Advice]:
            from ...puzzles.realgame.advice import advise
            from ...solver.players import GreedyPlayer

            return asked, advise(asked, HUMAN, opponents=GreedyPlayer(), seed=asked.seed)

        self.run_worker(
            rank,
            name="advice",
            group="advice",
            thread=True,
            exclusive=True,
        )

    def on_worker_state_changed(self, event: Worker.StateChanged) -> None:
        worker = event.worker
        if worker.name != "advice" or worker.state not in (WorkerState.SUCCESS, WorkerState.ERROR):
            return
        self.thinking = False
        if worker.state is WorkerState.ERROR:
            self.say(Text(f"The advice failed: {worker.error}", style="bold red"))
        elif worker.result is not None:
            asked, advice = worker.result
            if asked is self.state:
                self.show_advice(advice)
            else:
                self.say(Text("(The advice came after the turn moved on.)", style="italic"))
        self.redraw()

    def show_advice(self, advice: Advice) -> None:
        from ...puzzles.realgame.advice import Method

        table = Table(title="Advice: expected final score", show_edge=False, box=None)
        table.add_column("#", justify="right")
        table.add_column("Choice")
        table.add_column("Score", justify="right")
        table.add_column("Loss", justify="right")
        for index, option in enumerate(advice.options[:5], start=1):
            loss = f"{option.loss:.1f}"
            if advice.method is Method.ROLLOUTS and index > 1:
                loss += f" \u00b1{option.error or 0.0:.1f}"
            table.add_row(str(index), option.label, f"{option.predicted:.1f}", loss)
        self.say(table, Text(f"Confidence: {advice.certainty}."))
        best = advice.best.choice
        placer = self._placing()
        usable = placer is not None and not placer.marks
        if isinstance(best, Move) and best.mark is not None and usable:
            assert placer is not None
            placer.show(best.mark)

    def _final(self) -> None:
        outcome = self.state.outcome()
        table = Table(title="Final score", show_edge=False)
        table.add_column("Category")
        for index in range(len(outcome.scores)):
            table.add_column(_who(index), justify="right")
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
        winners = " and ".join(_who(p) for p in outcome.winners)
        self.say(table, Text(f"Winner: {winners}.", style="bold green"))

    def action_leave(self) -> None:
        if self.state.phase is Phase.OVER:
            self._close()
            return

        def answered(leave: bool | None) -> None:
            if leave:
                self._close()

        self.app.push_screen(Confirm("Leave the game? It is not saved."), answered)

    def _close(self) -> None:
        leave(self.setting, self)
