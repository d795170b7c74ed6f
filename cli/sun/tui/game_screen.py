"""A Pyramid of the Sun game against bots on the full screen: you are seat 0 ("You").

The screen drives a :class:`~.table.GameTable` (the kept game, or the in-memory stand-in) on
the core's :class:`~silverpyr.cli.core.tui.game_screen.TableGameScreen` and decides no rule:
the legal moves, the points a card would score and why a move is not allowed all come from
the engine. Its keys are in its help (:class:`SunHelp`).

**Rulings of the screen** (tested in ``tests/sun/test_sun_tui.py``):

* ``h`` is the advice, as in the line mode and the *Silver & Gold* screens, so the cursor's
  left is the left arrow or ``H`` (``k`` ``j`` ``l`` for up, down, right).
* The cursor visits open slots only: an arrow goes to the nearest open slot that way (the
  same level first), so every open slot can be reached from every other.
* Choosing a card puts the cursor on the first open slot it fits when it does not fit where
  the cursor is; after a placement no card is chosen, so a second Enter ends the turn.
* The pile, symbol and discard questions come up by themselves when due; Escape puts one
  off (``d`` or Enter brings it back), ``q`` on it asks whether to leave.
* Every key is a priority binding, so keys arriving together keep their order.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

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
)
from ....solver.sun.pyramid import Slot
from ...core.tui import game_screen as core
from ...core.tui.base import GameOver
from ...core.tui.base import waited as waited
from ...core.tui.game_screen import LEAVE as LEAVE
from ...core.tui.game_screen import LOG_LINES as LOG_LINES
from ...core.tui.game_screen import Question as Question
from ...core.tui.rules_screen import RULES_KEY, open_rules
from .app import SunSetting, table_layout
from .board import (
    card_face,
    card_keys,
    hand_text,
    legend_text,
    piles_text,
    placement_text,
    pyramid_text,
    pyramid_width,
    seats_text,
    slot_x,
)
from .table import HUMAN, GameTable

if TYPE_CHECKING:
    from ....solver.sun.game import SunState

PLACING_KEYS: list[BindingType] = [
    *core.hand_keys(7, "Card", "Place"),
    Binding("e", "end_turn", "End turn", priority=True),
]
"""The keys of a placing turn, first in the game's and the puzzles' keys: the cursor, the
cards of your hand, Enter places, ``e`` ends the turn."""


def next_slot(opens: list[Slot], cursor: Slot, rows: int, columns: int) -> Slot:
    """The open slot the cursor moves to: the nearest one in the direction asked (rows: +1
    up the pyramid, -1 down; columns: +1 right, -1 left), or where it is when none lies
    that way (the core's :func:`~silverpyr.cli.core.tui.game_screen.nearest`; a move to the side
    asks nothing of the rows, and no direction at all stays put)."""
    if not columns and not rows:
        return cursor
    return core.nearest(
        opens,
        cursor,
        0 if columns else rows,
        columns,
        lambda slot: (slot_x(slot), slot.level, slot.pos),
    )


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


class SunBoard(core.HandCursor[Slot], Screen[None]):
    """What the Sun's game screen and its puzzles' share: the board (the pyramid at its
    width, the seats, the piles, your hand), the status while a card is to be chosen, and the
    cursor over the open slots with the card of your hand chosen (the core's
    :class:`~silverpyr.cli.core.tui.game_screen.HandCursor`: the cursor goes to a slot the
    chosen card fits). A screen gives its position and why a placement is not allowed."""

    names: tuple[str, ...]

    CHOOSES_ITEM = True

    def board(self) -> SunState:
        """The position the cursor is on."""
        raise NotImplementedError

    def why_not_placed(self, place: Place) -> str | None:
        raise NotImplementedError

    def targets(self) -> list[Slot]:
        return list(self.board().pyramid.open_slots())

    def fitting(self, targets: list[Slot]) -> list[Slot]:
        chosen = self.chosen
        if chosen is None:
            return targets
        return [s for s in targets if self.why_not_placed(Place(chosen, s)) is None] or targets

    def next_spot(self, targets: list[Slot], cursor: Slot, rows: int, columns: int) -> Slot:
        return next_slot(targets, cursor, rows, columns)

    def fit_pyramid(self) -> None:
        """The pyramid's width (when the screen is mounted)."""
        width = pyramid_width(self.board().pyramid.width)
        self.query_one("#pyramid", Static).styles.width = width + 1

    def draw_board(
        self,
        placing: bool,
        pending: Collection[Slot],
        recent: Collection[Slot] = (),
        note: str = "",
    ) -> None:
        """The pyramid (the cursor and the chosen card on it while ``placing``, the
        ``pending`` cards, the others' ``recent`` ones), the seats, the piles and your hand
        (and ``note`` after it)."""
        state = self.board()
        cursor = self.cursor if placing else None
        self.query_one("#pyramid", Static).update(
            pyramid_text(state, cursor=cursor, chosen=self.chosen, pending=pending, recent=recent)
        )
        self.query_one("#seats", Static).update(seats_text(state, self.names))
        self.query_one("#piles", Static).update(piles_text(state))
        hand = hand_text(state.deck, self.hand(), self.chosen)
        if note:
            hand.append(note, style="bold")
        self.query_one("#hand", Static).update(hand)

    def choosing_text(self, options: Sequence[Move]) -> Text:
        """The status when a card is to be chosen: none fits, or choose one and a slot."""
        if not any(isinstance(move, Place) for move in options):
            return Text("No card of yours fits: d draws two.", style="bold yellow")
        return Text(
            f"Your turn: choose a card ({card_keys(len(self.hand()))}, Tab) and a slot "
            "(arrows); or d draws two.",
            style="bold",
        )


class SunHelp(core.TableHelp):
    """The keys and what the bricks mean; ``r`` opens the rules page in its place, any
    other key closes it."""

    def __init__(
        self, legend: Text, rules: Callable[[], RenderableType] | None = None, *, cards: int = 5
    ) -> None:
        rows = [
            ("arrows, k j l H", "move the cursor over the open slots (h is the advice)"),
            (f"{card_keys(cards)}, Tab", "choose the card of your hand"),
            ("Enter", "place it (pending); with no card chosen, end the turn"),
            ("e / u", "end the turn / take back the last pending card"),
            ("d", "draw two, or the question due again: pile, symbol, discard"),
            ("h / ? / q", "advice / this help / leave (the game is kept)"),
        ]
        super().__init__(rows, 16, lambda keys: Group(keys.append("Bricks", "bold"), legend), rules)

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if self.rules is not None and event.character == RULES_KEY:
            open_rules(self.app, self.rules)
            return
        self.dismiss(None)


class SunEnd(GameOver):
    """The end of the game: the scores, the winner(s) and the tie-break, the coach's
    summary; ``q``, Escape or Enter leaves."""


class SunGameScreen(core.TableGameScreen[GameTable], SunBoard):
    """A whole Sun game on the core's :class:`~silverpyr.cli.core.tui.game_screen.TableGameScreen`:
    the cursor over the open slots, your cards, the pile, symbol and discard questions."""

    THREADS = "silverpyr-sun-"
    NAME = "Pyramid of the Sun"
    DECIDING = frozenset(
        {"cursor", "choose", "next_in_hand", "enter", "end_turn", "undo", "draw", "hint"}
    )
    END = SunEnd
    RESUMES = "after every final decision: `silverpyr sun game`"

    BINDINGS: ClassVar[list[BindingType]] = [
        # every key a priority binding, so keys typed together are handled in the order
        # typed (a priority Enter used to overtake the card's number before it: seen in tmux)
        *PLACING_KEYS,
        Binding("u", "undo", "Undo", priority=True),
        Binding("d", "draw", "Draw", priority=True),
        *core.LAST_KEYS,
    ]

    def __init__(self, setting: SunSetting, table: GameTable) -> None:
        super().__init__(setting, table)
        self.chosen: int | None = None
        """The card of your hand Enter places (``None``: Enter ends a play turn)."""
        self.cursor: Slot | None = None
        self.recent: set[Slot] = set()
        """The cards the others placed since your last decision (underlined)."""

    def game_words(self) -> str:
        """``seed 5, a standard pyramid, you against greedy``."""
        return self.table.seed_words()

    # --- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from table_layout()

    def on_mount(self) -> None:
        """The pyramid's width; then the core's ``on_mount`` (Textual calls it after this
        one) draws the table and starts the status's clock."""
        self.fit_pyramid()

    def allows(self, action: str) -> bool | None:
        waiting = self.table.waiting
        if action == "end_turn":
            return waiting is Phase.PLAYING
        if action in ("cursor", "choose", "next_in_hand"):
            return waiting in (Phase.CHOOSE, Phase.PLAYING)
        if action in ("draw", "enter", "hint"):
            return waiting is not None
        return True

    # --- drawing ------------------------------------------------------------------------

    def draw_table(self) -> None:
        """The board: your pending cards, the others' since your last decision."""
        table = self.table
        placing = table.waiting in (Phase.CHOOSE, Phase.PLAYING)
        self.draw_board(placing, {place.slot for place in table.pending}, self.recent)

    def decision_text(self, waiting: Phase) -> Text:
        """What is due from you, and what Enter does now."""
        table = self.table
        state = table.state
        options = table.options()
        if waiting in (Phase.CHOOSE, Phase.PLAYING):
            if options == (Pass(),):
                return Text("You can neither place nor draw: Enter passes.", style="bold yellow")
            if self.chosen is not None and self.cursor is not None:
                reason = table.why_illegal(Place(self.chosen, self.cursor))
                return placement_text(state, self.chosen, self.cursor, reason)
            if waiting is Phase.PLAYING:
                return Text(
                    f"{state.placed} placed: another card "
                    f"({card_keys(len(state.hands[HUMAN]))}, Tab), or Enter or e ends "
                    "the turn; u takes back.",
                    style="bold",
                )
            return self.choosing_text(options)
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

    # --- after every change --------------------------------------------------------------

    def fit_choice(self) -> None:
        """The chosen card if still in your hand, and the cursor on an open slot."""
        hand = self.table.state.hands[HUMAN]
        if self.chosen not in hand:
            self.chosen = None
        self._fit_cursor()

    def board(self) -> SunState:
        return self.table.state

    def hand(self) -> tuple[int, ...]:
        return self.table.state.hands[HUMAN]

    def why_not_placed(self, place: Place) -> str | None:
        return self.table.why_illegal(place)

    def recent_after(self, events: Sequence[Any]) -> None:
        self.recent = {
            event.slot
            for event in events
            if isinstance(event, Scored) and event.kind == "card" and event.seat != HUMAN
        }

    # --- your decisions ------------------------------------------------------------------

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
                keys = card_keys(len(self.table.state.hands[HUMAN]))
                self.refuse(f"Choose a card first ({keys} or Tab), or d draws two.")
        elif waiting is not None:
            self._ask()

    def action_end_turn(self) -> None:
        if self.table.waiting is Phase.PLAYING:
            self.play(EndTurn())

    def action_undo(self) -> None:
        if not self.table.pending:
            return
        taken = self.table.undo()
        self.took_back()
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
                self.refuse(f"Not now: {self.table.why_illegal(Draw('standard'))}")
                return
            self._ask_pile("Draw two cards: the first from which pile?", draws)
        elif waiting is Phase.PLAYING:
            self.refuse(f"Not now: {self.table.why_illegal(Draw('standard'))}")
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
            self.refuse(f"Not played: {reason}")
            return
        self.weigh(move)

    def after_play(self, move: Any) -> None:
        """A placement played: no card is chosen (a second Enter ends the turn)."""
        if isinstance(move, Place):
            self.chosen = None

    # --- the questions ---------------------------------------------------------------------

    def ask(self, waiting: Phase | None, options: tuple[Move, ...]) -> None:
        """The question due: a pile, a symbol's choice, a discard."""
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

    def advice(self) -> list[str]:
        """The Sun's advice is told no progress."""
        return self.table.advice_lines()

    def action_help(self) -> None:
        from .rules import page_renderable

        deck = self.table.deck
        cards = len(self.table.state.hands[HUMAN])
        self.app.push_screen(SunHelp(legend_text(deck), lambda: page_renderable(deck), cards=cards))

    def final_line(self) -> str | None:
        """The final score, once the game is over (and the table let go of)."""
        result = outcome(self.table.state)
        if result is None:
            return None
        self.table.release()
        return f"Final score: {self.by_seat(result.scores)}."

    def end_parts(self) -> list[RenderableType]:
        """The end screen: each seat's points and cards in hand, the winner(s), how the
        tie-break went, the coach's summary, the pyramid."""
        state = self.table.state
        result = outcome(state)
        assert result is not None
        rows = [(str(p), str(len(h))) for p, h in zip(result.scores, state.hands, strict=True)]
        return self.ended(
            "the top is placed" if result.reason == "top" else "every player passed in a row",
            ("Final score", ("Points", "Cards in hand"), rows),
            result.winners,
            ("pyramid", pyramid_text(state)),
            Text(tie_break_words(result, self.names)),
        )


def _pile(word: str) -> PileName:
    """A pile's name from a question's answer."""
    return "edge" if word == "edge" else "standard"
