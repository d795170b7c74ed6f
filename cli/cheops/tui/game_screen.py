"""A Cheops game against bots on the full screen: you are seat 0 ("You").

The screen drives a :class:`~.table.GameTable` (the kept game, or the tests' stand-in) on the
core's :class:`~silverpyr.cli.core.tui.game_screen.TableGameScreen` and decides no rule: the
legal moves, the spaces that can be taken, whether a tile fits and why a move is not allowed
all come from the engine. Its keys are in its help (:class:`CheopsHelp`).

**Rulings of the screen** (tested in ``tests/cheops/test_cheops_tui.py``):

* ``h`` is the advice, as in the line mode and the other games' screens, so the cursor's
  left is the left arrow or ``H``.
* The cursor visits the spaces that can be taken only (law 12's swap: every treasure): an
  arrow goes to the nearest such space that way (the same row first).
* With no tile chosen, Enter takes with the first tile of your hand that fits under the
  cursor; the status line always says which tile Enter will use. After a take no tile is
  chosen. After buying a neighbour, Enter places the neighbour.
* The questions come up by themselves when due; Escape puts one off (``d`` or Enter brings
  it back), ``q`` on it asks whether to leave.
* Every key is a priority binding, so keys arriving together keep their order.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.screen import Screen
from textual.widgets import Static

from ....solver.cheops.board import SPACES, Space
from ....solver.cheops.components import COLOURS
from ....solver.cheops.game import (
    LAW9_PRICE,
    NEIGHBOUR,
    BuyNeighbour,
    CheopsState,
    CheopsView,
    DeclineLaw9,
    DrawTile,
    EndTurn,
    Law9Colour,
    LawTarget,
    Move,
    Pass,
    PayLaw9,
    Phase,
    RemoveLaw,
    Sell,
    Store,
    Take,
    Took,
    UseLaw10,
    UseLaw11,
    UseLaw12,
    apply_unchecked,
    final_money,
    open_spaces,
    price,
)
from ....solver.core.errors import SilverpyrError
from ...core.tui import game_screen as core
from ...core.tui.base import GameOver
from ...core.tui.base import waited as waited
from ...core.tui.game_screen import LEAVE as LEAVE
from ...core.tui.game_screen import LOG_LINES as LOG_LINES
from ...core.tui.game_screen import Question as Question
from ...core.tui.modals import Prompt
from ...core.tui.rules_screen import RULES_KEY, open_rules
from . import board
from .app import CheopsSetting, table_layout
from .table import HUMAN, GameTable

TAKING_KEYS: list[BindingType] = [
    *core.hand_keys(4, "Tile", "Take"),
    Binding("b", "buy", "Buy", priority=True),
    Binding("e", "end_turn", "End", priority=True),
    Binding("p", "pass_turn", "Pass", priority=True),
    Binding("K", "kept", "Law", priority=True),
    Binding("d", "question", "Choose", show=False, priority=True),
]
"""The keys of a turn, first in the game's and the puzzles' keys: the cursor, your tiles,
Enter takes, buying, ending, passing, a kept law, the question due."""
TAKING = (Phase.START, Phase.SECOND)
"""The decisions the cursor and the tiles serve."""
QUESTIONS = (Phase.SELL, Phase.LAW, Phase.DRAW, Phase.LAW9)
"""The decisions asked as a question."""
KEPT_PHASES = (Phase.START, Phase.SECOND, Phase.DRAW)
"""The decisions a kept law may be used at (any point of your turn: Ruling C9)."""
KEPT = "\x00kept"
"""The turn's end question's answer "use a kept law"."""
END = "\x00end"
"""The turn's end question's answer "end the turn" (no more draws)."""
PYRAMID = "\x00pyramid"
"""Law 12's answer "another treasure of the pyramid"."""
END_WORDS = {
    "empty": "the pyramid is empty",
    "boards": "enough price boards are full",
    "blocked": "no player can place a family tile",
}


def sale_words(state: CheopsState, colour: str) -> tuple[str, dict[str, str]]:
    """The question after a treasure is taken, and what each answer (``sell``, ``store``)
    does: the price the sale covers, or the one a stored treasure is paid at."""
    entry = price(state, colour).label
    return f"Your {board.letter(colour)} {colour} treasure: sell or store?", {
        "sell": f"Sell it: {state.market_price} now; it covers the price {entry}",
        "store": f"Store it: paid at the end at its price then (now {entry})",
    }


def stack_words(view: CheopsView, stack: int) -> str:
    """A stack to draw from, at the turn's end: the tile on top and how many."""
    top = board.kind_words(view.stack_tops[stack - 1] or "-")
    return f"Stack {stack}: {top} ({view.stack_sizes[stack - 1]} tiles)"


def next_space(targets: Sequence[Space], cursor: Space, rows: int, columns: int) -> Space:
    """The space the cursor moves to: the nearest of ``targets`` in the direction asked
    (rows: +1 up the pyramid, -1 down; columns: +1 right, -1 left), or where it is when none
    lies that way (the core's :func:`~silverpyr.cli.core.tui.game_screen.nearest`)."""
    return core.nearest(
        targets, cursor, rows, columns, lambda space: (board.space_x(space), space.row, space.pos)
    )


class CheopsTurn(core.HandCursor[Space], Screen[None]):
    """What Cheops's game screen and its puzzles' share of your turn: the cursor over the
    spaces to take and the tile of your hand chosen (the core's
    :class:`~silverpyr.cli.core.tui.game_screen.HandCursor`), Enter's take, buying and
    passing, each refused with its reason. A screen gives why a move is not allowed, how it
    plays one and what Enter takes."""

    def why_not(self, move: Move) -> str | None:
        """Why ``move`` is not allowed now (``None``: it is)."""
        raise NotImplementedError

    def play_move(self, move: Move) -> None:
        raise NotImplementedError

    def refuse(self, text: str) -> None:
        raise NotImplementedError

    def enter_move(self) -> Move | None:
        """What Enter plays now in a take (``None``: nothing to take)."""
        raise NotImplementedError

    def next_spot(self, targets: list[Space], cursor: Space, rows: int, columns: int) -> Space:
        return next_space(targets, cursor, rows, columns)

    def take_at_cursor(self) -> None:
        """Enter's take, or why there is none."""
        move = self.enter_move()
        if move is None:
            self.refuse("Nothing to take here.")
            return
        self.play_move(move)

    def play_if_allowed(self, move: Move, refusal: str) -> None:
        """Play ``move``, or say why not after ``refusal`` (``No neighbour: ...``)."""
        reason = self.why_not(move)
        if reason is not None:
            self.refuse(f"{refusal}: {reason}")
            return
        self.play_move(move)

    def action_buy(self) -> None:
        self.play_if_allowed(BuyNeighbour(), "No neighbour")

    def action_pass_turn(self) -> None:
        self.play_if_allowed(Pass(), "You cannot pass")


class CheopsHelp(core.TableHelp):
    """The keys and what the board shows; ``r`` opens the rules page in its place, any
    other key closes it, once: a second key typed fast would reach it while it is leaving,
    and its second dismiss would pop the game under it."""

    closing = False

    def __init__(self, rules: Callable[[], RenderableType] | None = None) -> None:
        rows = [
            ("arrows, k j l H", "move over the spaces you can take (h is the advice)"),
            ("1-4, Tab / Enter", "choose your tile / take the space with it"),
            ("b / e / p", "buy a neighbour (20) / end the turn, drawn or not / pass"),
            ("K / :", "a kept law (10-12, any time in your turn) / type a move"),
            ("d, Enter", "the question due: sell or store, a law's choice, a stack"),
            ("u / h / ? / q", "take back / advice / this help / leave (the game is kept)"),
        ]
        super().__init__(rows, 17, self.board_legend, rules)

    @staticmethod
    def board_legend(keys: Text) -> Text:
        """The keys, then what the board shows."""
        return keys.append("The board\n", style="bold").append_text(board.legend_text())

    def on_key(self, event: events.Key) -> None:
        event.stop()
        if self.closing:
            return
        if self.rules is not None and event.character == RULES_KEY:
            self.closing = True
            open_rules(self.app, self.rules)
            return
        if self is self.app.screen:
            self.closing = True
            self.dismiss(None)


class CheopsEnd(GameOver):
    """The end of the game: why it ended, each seat's money, what its stores paid and its
    final money, the winner(s), the coach's summary; ``q``, Escape or Enter leaves."""


class CheopsGameScreen(core.TableGameScreen[GameTable], CheopsTurn):
    """A whole Cheops game (the flow is the core's
    :class:`~silverpyr.cli.core.tui.game_screen.TableGameScreen`): the cursor over the spaces
    you can take, your tiles, the kept laws, the questions a take brings, typed moves."""

    THREADS = "silverpyr-cheops-"
    NAME = "Cheops"
    DECIDING = frozenset(
        {"cursor", "choose", "next_in_hand", "enter", "buy", "end_turn", "pass_turn", "kept"}
        | {"undo", "question", "hint", "type_move"}
    )
    END = CheopsEnd
    RESUMES = "after every confirmed turn: `silverpyr cheops game`"

    BINDINGS: ClassVar[list[BindingType]] = [
        *TAKING_KEYS,
        Binding("u", "undo", "Undo", priority=True),
        Binding("colon", "type_move", "Type", show=False, priority=True),
        Binding("escape", "cancel_mode", "Cancel", show=False, priority=True),
        *core.LAST_KEYS,
    ]

    def __init__(self, setting: CheopsSetting, table: GameTable) -> None:
        super().__init__(setting, table)
        self.chosen: int | None = None
        """The tile of your hand (its index) Enter takes with (``None``: the first fitting)."""
        self.cursor: Space | None = None
        self.mode = "take"
        """What Enter does: ``take``, ``law11`` (law 11's extra take), ``law12a`` and
        ``law12b`` (law 12's two spaces)."""
        self.marked: Space | None = None
        """Law 12's first space."""
        self.recent: set[Space] = set()
        """The spaces the others took since your last decision (underlined)."""

    def game_words(self) -> str:
        """``seed 5, you against greedy and expert``."""
        bots = list(self.table.bots)
        against = bots[0] if len(bots) == 1 else ", ".join(bots[:-1]) + " and " + bots[-1]
        return f"seed {self.table.seed}, you against {against}"

    # --- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        return table_layout()

    def allows(self, action: str) -> bool | None:
        waiting = self.table.waiting
        if action == "end_turn":
            return waiting in (Phase.SECOND, Phase.DRAW)
        if action == "pass_turn":
            return waiting is Phase.START and Pass() in self.table.options()
        if action == "buy":
            return waiting is Phase.START and BuyNeighbour() in self.table.options()
        if action == "kept":
            return waiting in KEPT_PHASES and any(
                isinstance(move, UseLaw10 | UseLaw11 | UseLaw12) for move in self.table.options()
            )
        if action in ("cursor", "choose", "next_in_hand", "cancel_mode"):
            return waiting in TAKING or (waiting is Phase.DRAW and self.mode != "take")
        if action == "question":
            return waiting in QUESTIONS
        if action in ("enter", "hint", "type_move"):
            return waiting is not None
        return True

    # --- what the cursor serves ------------------------------------------------------------

    def targets(self) -> list[Space]:
        """The spaces the cursor visits now: those that can be taken (law 11: their
        treasures; law 12: every treasure)."""
        if self.table.waiting not in TAKING and not (
            self.table.waiting is Phase.DRAW and self.mode != "take"
        ):
            return []
        view = self.table.view()
        if self.mode in ("law12a", "law12b"):
            treasures = [s for s in SPACES if isinstance(view.cells[s.index], str)]
            treasures = [s for s in treasures if view.cells[s.index] in COLOURS]
            if self.mode == "law12b" and self.marked is not None:
                first = view.cells[self.marked.index]
                treasures = [s for s in treasures if view.cells[s.index] != first]
            return treasures
        opens = list(open_spaces(self.table.state))
        if self.mode == "law11":
            return [s for s in opens if view.cells[s.index] in COLOURS]
        return opens

    def tile(self) -> str | None:
        """The tile Enter takes with on the cursor's space: the neighbour just bought, the
        chosen tile, or the first tile of your hand that fits there."""
        state = self.table.state
        if state.bought and state.phase is Phase.START and self.mode == "take":
            return NEIGHBOUR
        hand = state.hands[HUMAN]
        if self.chosen is not None and self.chosen < len(hand):
            return hand[self.chosen]
        if self.cursor is None or not hand:
            return None
        for kind in hand:
            if self.table.why_illegal(self._take(self.cursor, kind)) is None:
                return kind
        return hand[0]

    def why_not(self, move: Move) -> str | None:
        return self.table.why_illegal(move)

    def _take(self, space: Space, kind: str) -> Move:
        return UseLaw11(space, kind) if self.mode == "law11" else Take(space, kind)

    def enter_move(self) -> Move | None:
        """What Enter plays now in a take (``None``: nothing, or a law 12 space to mark)."""
        if self.cursor is None or self.mode in ("law12a", "law12b"):
            return None
        kind = self.tile()
        return None if kind is None else self._take(self.cursor, kind)

    # --- drawing ------------------------------------------------------------------------

    def turn_note(self) -> str:
        """Your pending moves of the turn, after ``your turn`` in the title."""
        count = len(self.table.pending)
        return f" ({count} pending: u takes back)" if count else ""

    def draw_table(self) -> None:
        """The pyramid (the spaces to take, the cursor on them), the price boards, the seats,
        your tiles (the chosen one)."""
        table = self.table
        state = table.state
        view = table.view()
        taking = table.waiting in TAKING or self.mode != "take"
        cursor = self.cursor if taking else None
        move = self.enter_move()
        fits = move is None or table.why_illegal(move) is None
        takeable = set(self.targets()) if taking else set()
        self.query_one("#pyramid", Static).update(
            board.pyramid_text(
                view,
                takeable=takeable,
                cursor=cursor,
                cursor_fits=fits,
                marked=self.marked if self.mode == "law12b" else None,
                recent=self.recent,
                pending={m.space for m in table.pending if isinstance(m, Take | UseLaw11)},
            )
        )
        self.query_one("#boards", Static).update(board.boards_text(state))
        self.query_one("#seats", Static).update(board.seats_text(state, self.names))
        self.query_one("#hand", Static).update(board.hand_text(state, self.chosen))

    def decision_text(self, waiting: Phase) -> Text:
        """What is due from you, and what Enter does now."""
        table = self.table
        state = table.state
        if waiting is Phase.SELL:
            return Text(f"Sell or store the {state.pending}: d or Enter chooses.", style="bold")
        if waiting is Phase.LAW:
            return Text(f"Law {state.pending}: d or Enter chooses what it does.", style="bold")
        if waiting is Phase.LAW9:
            return Text("Law 9: d or Enter chooses the colour it counts as.", style="bold")
        if waiting is Phase.DRAW and self.mode == "take":
            return Text(
                "The turn's end: d or Enter draws from a stack (optional); e ends the turn.",
                style="bold",
            )
        options = table.options()
        if waiting is Phase.START and not any(isinstance(m, Take) for m in options):
            buy = " (or b buys a neighbour)" if BuyNeighbour() in options else ""
            return Text(f"No tile of yours fits anywhere: p passes{buy}.", style="bold yellow")
        if self.mode == "law12a":
            return Text("Law 12: the first treasure to swap (arrows, Enter); Esc.", "bold")
        if self.mode == "law12b":
            return Text(f"Law 12: swap {self.marked} with which treasure? (Enter; Esc)", "bold")
        move = self.enter_move()
        if move is None or self.cursor is None:
            return Text("Nothing to take: e ends the turn.", style="bold")
        assert isinstance(move, Take | UseLaw11)
        space = move.space
        cell = table.view().cells[space.index]
        what = f"the {cell}" if isinstance(cell, str) else "a hidden law"
        if isinstance(cell, str) and cell in COLOURS:
            what += f" (price {price(state, cell).label}, market {state.market_price})"
        lead = "Law 11: " if self.mode == "law11" else ""
        reason = table.why_illegal(move)
        if reason is not None:
            return Text(f"{lead}{space} with {board.kind_words(move.kind)}: {reason}", "bold red")
        text = Text(
            f"{lead}{space} {what} with {board.kind_words(move.kind)}: Enter takes.", "bold"
        )
        if waiting is Phase.SECOND:
            text.append(" e ends the turn.")
        return text

    # --- after every change --------------------------------------------------------------

    def fit_choice(self) -> None:
        """Out of a take, back to taking; the chosen tile if still in your hand, and the
        cursor on a space it serves."""
        table = self.table
        if table.waiting not in KEPT_PHASES:
            self.mode = "take"
            self.marked = None
        hand = table.state.hands[HUMAN]
        if self.chosen is not None and self.chosen >= len(hand):
            self.chosen = None
        self._fit_cursor()

    def recent_after(self, events: Sequence[Any]) -> None:
        self.recent = {
            event.space for event in events if isinstance(event, Took) and event.seat != HUMAN
        }

    def hand(self) -> tuple[str, ...]:
        return self.table.state.hands[HUMAN]

    def fitting(self, targets: list[Space]) -> list[Space]:
        """Those the chosen tile takes (or law 11's take), else all."""
        hand = self.hand()
        if self.chosen is None or self.chosen >= len(hand) or self.mode not in ("take", "law11"):
            return targets
        kind = hand[self.chosen]
        return [
            s for s in targets if self.table.why_illegal(self._take(s, kind)) is None
        ] or targets

    # --- your decisions ------------------------------------------------------------------

    def action_enter(self) -> None:
        waiting = self.table.waiting
        if waiting in QUESTIONS and self.mode == "take":
            self._ask()
            return
        if waiting not in TAKING and self.mode == "take":
            return
        options = self.table.options()
        if self.mode == "law12a" and self.cursor is not None:
            self._law12_partner(self.cursor)
            return
        if self.mode == "law12b" and self.cursor is not None and self.marked is not None:
            self.play_move(UseLaw12(self.marked, self.cursor))
            return
        if waiting is Phase.START and not any(isinstance(m, Take) for m in options):
            if Pass() in options:
                self.play_move(Pass())
            return
        self.take_at_cursor()

    def action_end_turn(self) -> None:
        if self.table.waiting in (Phase.SECOND, Phase.DRAW):
            self.play_move(EndTurn())

    def action_cancel_mode(self) -> None:
        """Escape: back from a kept law's choice of spaces, and no tile chosen."""
        self.mode = "take"
        self.marked = None
        self.chosen = None
        self._fit_cursor()
        self.redraw()

    def action_undo(self) -> None:
        if not self.table.pending:
            return
        try:
            taken = self.table.undo()
        except SilverpyrError as error:
            self.refuse(f"Not taken back: {error}")
            return
        self.took_back()
        self.mode = "take"
        self.marked = None
        self.chosen = None
        if isinstance(taken, Take | UseLaw11):
            self.cursor = taken.space
        self.say(Text(f"  Took back: {taken.notation()}.", style="italic"))
        self.after_change()

    def action_type_move(self) -> None:
        """``:``: a move typed in the engine's notation."""

        def typed(text: str | None) -> None:
            if not text or not text.strip():
                self.redraw()
                return
            try:
                move = self.table.parse(text.strip())
            except SilverpyrError as error:
                self.redraw()
                self.refuse(f"Not a move: {error}")
                return
            self.play_move(move)

        self.app.push_screen(Prompt("Your move (take b3 A, buy, sell, law12 b3 blue, ...):"), typed)

    def play_move(self, move: Move) -> None:
        """Make your move on the table; with the coach on, it weighs the move first in a
        thread and a graded move asks before it is played."""
        reason = self.table.why_illegal(move)
        if reason is not None:
            self.redraw()
            self.refuse(f"Not played: {reason}")
            return
        if not self.table.coach:
            self._commit(move)
            return
        self.weigh(move)

    def after_play(self, move: Any) -> None:
        """A take or a kept law played: no tile chosen, back to taking; and the others'
        last takes are no longer marked."""
        if isinstance(move, Take | UseLaw11 | UseLaw12 | UseLaw10):
            self.chosen = None
            self.mode = "take"
            self.marked = None
        self.recent = set()

    # --- kept laws ---------------------------------------------------------------------------

    def action_kept(self) -> None:
        options = self.table.options()
        kinds: list[tuple[str, str]] = []
        if any(isinstance(m, UseLaw10) for m in options):
            kinds.append(("10", "Law 10: sell one of your stored treasures"))
        if any(isinstance(m, UseLaw11) for m in options):
            kinds.append(("11", "Law 11: an extra take of a treasure (the cursor's space)"))
        if any(isinstance(m, UseLaw12) for m in options):
            kinds.append(("12", "Law 12: swap two treasures (or one with your store)"))
        if not kinds:
            self.refuse("No kept law can be used now.")
            return

        def chosen(law: str) -> None:
            if law == "10":
                sales = [m for m in self.table.options() if isinstance(m, UseLaw10)]
                self._question(
                    "Law 10: sell which stored treasure?",
                    [(m.colour, self._sale_words(m.colour)) for m in sales],
                    lambda colour: self.play_move(UseLaw10(colour)),
                )
                return
            self.mode = "law11" if law == "11" else "law12a"
            self.marked = None
            self._fit_cursor()
            self.redraw()

        self._question("Use which kept law?", kinds, chosen)

    def _sale_words(self, colour: str) -> str:
        state = self.table.state
        entry = price(state, colour).label
        return f"{board.letter(colour)} {colour}: {state.market_price} now (price {entry})"

    def _law12_partner(self, first: Space) -> None:
        swaps = [m for m in self.table.options() if isinstance(m, UseLaw12) and m.a == first]
        if not swaps:
            self.refuse(f"{first}: no swap with it is allowed.")
            return
        stored = [m.b for m in swaps if isinstance(m.b, str)]
        self.marked = first
        if not stored:
            self.mode = "law12b"
            self._fit_cursor()
            self.redraw()
            return
        choices = [(PYRAMID, "another treasure of the pyramid (then the cursor, Enter)")]
        choices += [(colour, f"your stored {board.letter(colour)} {colour}") for colour in stored]

        def chosen(value: str) -> None:
            if value == PYRAMID:
                self.mode = "law12b"
                self._fit_cursor()
                self.redraw()
            else:
                self.play_move(UseLaw12(first, value))

        self._question(f"Law 12: swap {first} with?", choices, chosen)

    # --- the questions ---------------------------------------------------------------------

    def action_question(self) -> None:
        self._ask()

    def ask(self, waiting: Phase | None, options: tuple[Move, ...]) -> None:
        """The question due: sell or store, a law's choice, a stack, law 9's colour."""
        if waiting is Phase.SELL:
            self._ask_sale(options)
        elif waiting is Phase.LAW:
            self._ask_law(options)
        elif waiting is Phase.DRAW and self.mode == "take":
            self._ask_stack(options)
        elif waiting is Phase.LAW9:
            self._ask_colour(options)

    def _ask_sale(self, options: tuple[Move, ...]) -> None:
        state = self.table.state
        colour = state.pending
        if not isinstance(colour, str):
            return
        question, words = sale_words(state, colour)
        moves: dict[str, Move] = {"sell": Sell(), "store": Store()}
        self._question(
            question,
            [(m.notation(), words[m.notation()]) for m in options if isinstance(m, Sell | Store)],
            lambda value: self.play_move(moves[value]),
        )

    def _ask_law(self, options: tuple[Move, ...]) -> None:
        state = self.table.state
        law = state.pending
        if not isinstance(law, int):
            return
        moves: dict[str, Move] = {}
        choices: list[tuple[str, str]] = []
        law7 = state.components.law7_number
        for number, move in enumerate(options):
            key = str(number)
            moves[key] = move
            if isinstance(move, LawTarget) and move.entry is None:
                label = f"under the {board.letter(move.colour)} {move.colour} board"
            elif isinstance(move, LawTarget):
                price_board = state.board(move.colour)
                old = price_board.entry(move.entry or 0, law7).label
                label = (
                    f"{board.letter(move.colour)} {move.colour}, entry {(move.entry or 0) + 1}: "
                    f"{old} becomes {law7}"
                )
            elif isinstance(move, RemoveLaw):
                label = self._removal_words(move.law)
            elif isinstance(move, PayLaw9):
                label = f"pay {LAW9_PRICE}: it counts as a stored treasure at the end"
            elif isinstance(move, DeclineLaw9):
                label = "do not pay: it leaves the game"
            else:
                label = move.notation()
            choices.append((key, label))
        words = board.LAW_WORDS.get(law, "")
        self._question(
            f"You took law {law} ({words}): what does it do?",
            choices,
            lambda value: self.play_move(moves[value]),
        )

    def _removal_words(self, law: int | None) -> str:
        if law is None:
            return "remove no law"
        state = self.table.state
        if law == 9 and state.law9 is not None:
            return f"remove law 9 ({board.LAW_WORDS[9]}), paid for by {self.names[state.law9]}"
        for seat, kept in enumerate(state.kept_laws):
            if law in kept:
                return f"remove law {law} ({board.LAW_WORDS[law]}), kept by {self.names[seat]}"
        for colour, price_board in zip(COLOURS, state.boards, strict=True):
            if price_board.law == law or (law == 7 and price_board.law7 is not None):
                return f"remove law {law} ({board.LAW_WORDS[law]}) from the {colour} board"
        return f"remove law {law} ({board.LAW_WORDS[law]})"

    def _ask_stack(self, options: tuple[Move, ...]) -> None:
        view = self.table.view()
        draws = [m for m in options if isinstance(m, DrawTile)]
        choices = [(str(m.stack), stack_words(view, m.stack)) for m in draws]
        keys = [str(m.stack) for m in draws]  # stack 3 is key 3, also when stack 1 is empty
        if any(isinstance(m, UseLaw10 | UseLaw11 | UseLaw12) for m in options):
            choices.append((KEPT, "Use a kept law first"))
            keys.append("K")
        choices.append((END, "End the turn without drawing" if draws else "End the turn"))
        keys.append("e")

        def chosen(value: str) -> None:
            if value == KEPT:
                self.action_kept()
            elif value == END:
                self.play_move(EndTurn())
            else:
                self.play_move(DrawTile(int(value)))

        self._question(
            "The turn's end: draw a tile (optional) from which stack?"
            if draws
            else "The turn's end: no draw is left.",
            choices,
            chosen,
            keys=keys,
        )

    def _ask_colour(self, options: tuple[Move, ...]) -> None:
        """Law 9 at the end: the colour it counts as, with each seat's final money then."""
        state = self.table.state
        moves = {m.colour: m for m in options if isinstance(m, Law9Colour)}
        choices = []
        for colour, move in moves.items():
            money = final_money(apply_unchecked(state, move))
            shown = ", ".join(f"{name} {m}" for name, m in zip(self.names, money, strict=True))
            choices.append((colour, f"{board.letter(colour)} {colour}: final money {shown}"))
        self._question(
            "The game is over. Law 9 counts as one stored treasure: of which colour?",
            choices,
            lambda colour: self.play_move(moves[colour]),
        )

    # --- advice, help, leaving, the end ------------------------------------------------------

    def action_help(self) -> None:
        from .rules import page_renderable

        components = self.table.state.components
        self.app.push_screen(CheopsHelp(lambda: page_renderable(components)))

    def leave_words(self) -> str:
        """Saved or not, and the pending moves that are lost."""
        kept = super().leave_words()
        count = len(self.table.pending)
        if count:
            moves = "move" if count == 1 else "moves"
            kept += f" Your {count} pending {moves} of this turn will not be kept."
        return kept

    def final_line(self) -> str | None:
        """The final money, once the game is over."""
        result = self.table.outcome()
        if result is None:
            return None
        return f"Final money: {self.by_seat(result.money)}."

    def end_parts(self) -> list[RenderableType]:
        """The end screen: why it ended, each seat's money, stores' pay and final money, the
        winner(s), the coach's summary, the price boards."""
        result = self.table.outcome()
        assert result is not None
        state = self.table.state
        rows = [
            (str(money), str(final - money), str(final))
            for money, final in zip(state.money, result.money, strict=True)
        ]
        return self.ended(
            END_WORDS.get(result.reason, result.reason),
            ("Final money", ("Money", "Stores", "Final"), rows),
            result.winners,
            ("price boards", board.boards_text(state)),
        )


__all__ = ["CheopsEnd", "CheopsGameScreen", "CheopsHelp", "Question"]
