"""A Cheops daily or puzzle on the full screen: your turn on the pyramid, by keys.

The screen drives the attempt's :class:`~silverpyr.puzzles.cheops.session.CheopsSession`, the
one the line mode drives, on the core's :class:`~silverpyr.cli.core.tui.trainer.TrainerScreen`
(hints, undo, leaving, the help, the end screen), drawn with the game's :mod:`.board`; its
rulings are in docs/cheops-puzzles.md, "Playing (full screen)", and its keys in its ``?``
help. Every key is a priority binding, so keys typed together keep their order (as the
game's).
"""

from __future__ import annotations

from fractions import Fraction
from typing import ClassVar

from rich.console import Group, RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.widgets import Static

from ....puzzles.cheops.puzzle import CheopsPuzzle
from ....puzzles.cheops.session import Decision, display_units, one_decimal, percent, piastres
from ....puzzles.cheops.values import WIN
from ....solver.cheops import game as engine
from ....solver.cheops.board import SPACES, Space
from ....solver.cheops.components import COLOURS
from ...core.tui.modals import Prompt
from ...core.tui.trainer import (
    HINT_NAMES,
    TRAINER_KEYS,
    KeyRow,
    LineStep,
    TrainerRun,
    TrainerScreen,
)
from ..render import what_happened
from . import board
from .app import table_layout
from .game_screen import END, QUESTIONS, TAKING, TAKING_KEYS, CheopsTurn, sale_words, stack_words

KEPT_LAWS = (engine.UseLaw10, engine.UseLaw11, engine.UseLaw12)
QUESTION_WORDS = {
    "win-from-here": "Play your turn so as to win with the highest chance.",
    "best-margin": "Play your turn for the best final margin over the best other player.",
    "sell-or-store": "Sell or store the treasure you just took?",
    "which-treasure": "Which treasure do you take (a family tile on a treasure)?",
}
"""What each kind of puzzle asks (the line mode's words)."""


def taken_this_attempt(start: engine.CheopsState, now: engine.CheopsState) -> set[Space]:
    """The spaces emptied since the puzzle's start (your takes: ``u`` takes them back)."""
    return {s for s in SPACES if start.cells[s.index] != now.cells[s.index]}


def value_text(value: Fraction, objective: str) -> str:
    """A value of the puzzle for a line: a win chance (``66.7%``) or piastres (``+64``)."""
    return percent(value) if objective == WIN else piastres(value)


class CheopsPuzzleScreen(TrainerScreen, CheopsTurn):
    """One attempt at a Cheops puzzle (the trainer's flow is the core's
    :class:`~silverpyr.cli.core.tui.trainer.TrainerScreen`)."""

    NAME = "Cheops"
    puzzle: CheopsPuzzle

    BINDINGS: ClassVar[list[BindingType]] = [
        *TAKING_KEYS,
        Binding("colon", "prompt", "Type", show=False, priority=True),
        *TRAINER_KEYS,
    ]

    def __init__(self, run: TrainerRun, puzzle: CheopsPuzzle) -> None:
        super().__init__(run, puzzle)
        self.seat = puzzle.seat
        self.chosen: int | None = None
        """The tile of your hand (its index) Enter takes with (``None``: the first fitting)."""
        self.cursor: Space | None = None
        self.start_state = puzzle.start()
        self.seen = 0
        """The events before the move being played (what it brought is told)."""
        self.latest: str | None = None
        """The feedback of the move just played, or the hint just given: the question that
        comes up next repeats it (questions sit over the messages, the board in sight)."""
        how = "proven par" if puzzle.proven else "par by the expert's rollouts, not proven"
        self.greet(
            f"{self.NAME} {puzzle.kind_label} {puzzle.id} ({how}), as Player "
            f"{self.seat + 1}. {QUESTION_WORDS[puzzle.kind]} ? shows the keys."
        )
        if puzzle.given:
            self.say(Text(f"You have played: {'; '.join(puzzle.given)}.", style="italic"))

    @property
    def state(self) -> engine.CheopsState:
        state: engine.CheopsState = self.session.state
        return state

    @property
    def waiting(self) -> engine.Phase | None:
        """The decision due from you (``None``: the puzzle is over)."""
        return None if self.session.finished else self.state.phase

    # --- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        return table_layout()

    def on_mount(self) -> None:
        """The cursor on a space a tile takes; a resumed attempt waiting for an answer asks
        its question at once."""
        self._fit_cursor(prefer_fit=True)
        super().on_mount()
        if self.waiting in QUESTIONS:
            self.call_after_refresh(self._ask)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that mean nothing now are off (and out of the footer)."""
        waiting = self.waiting
        answers = self.session.answers() if waiting is not None else ()
        if action == "end_turn":
            return engine.EndTurn() in answers
        if action == "pass_turn":
            return engine.Pass() in answers
        if action == "buy":
            return engine.BuyNeighbour() in answers
        if action == "kept":
            return any(isinstance(move, KEPT_LAWS) for move in answers)
        if action in ("cursor", "choose", "next_in_hand"):
            return waiting in TAKING
        if action == "question":
            return waiting in QUESTIONS
        if action in ("enter", "prompt"):
            return waiting is not None
        if action == "undo":
            return bool(self.session.moves)
        return True

    # --- what the cursor serves ------------------------------------------------------------

    def targets(self) -> list[Space]:
        """The spaces the cursor visits: those that can be taken now."""
        if self.waiting not in TAKING:
            return []
        return list(engine.open_spaces(self.state))

    def hand(self) -> tuple[str, ...]:
        return tuple(self.state.hands[self.seat])

    def tile(self, space: Space | None = None) -> str | None:
        """The tile Enter takes ``space`` (the cursor's) with: the neighbour just bought, the
        chosen tile, or the first tile of your hand that takes it."""
        state = self.state
        if state.bought and state.phase is engine.Phase.START:
            return engine.NEIGHBOUR
        hand = self.hand()
        if self.chosen is not None and self.chosen < len(hand):
            return hand[self.chosen]
        space = self.cursor if space is None else space
        if space is None or not hand:
            return None
        for kind in hand:
            if self.session.why_not(engine.Take(space, kind)) is None:
                return kind
        return hand[0]

    def enter_move(self) -> engine.Take | None:
        """What Enter plays now in a take (``None``: nothing to take)."""
        if self.cursor is None:
            return None
        kind = self.tile()
        return None if kind is None else engine.Take(self.cursor, kind)

    def why_not(self, move: engine.Move) -> str | None:
        reason: str | None = self.session.why_not(move)
        return reason

    def _takes(self, space: Space) -> bool:
        kind = self.tile(space)
        return kind is not None and self.session.why_not(engine.Take(space, kind)) is None

    def fitting(self, targets: list[Space]) -> list[Space]:
        """Those a tile of yours takes (the chosen one, or the first that does), so a turn
        starts on a legal space."""
        return [space for space in targets if self._takes(space)]

    # --- drawing ------------------------------------------------------------------------

    def title_text(self) -> Text:
        title = self.heading(f" (difficulty {self.puzzle.level}/5)   ")
        title.append(self._score(), style="bold")
        return title

    def draw_table(self) -> None:
        state = self.state
        taking = self.waiting in TAKING
        move = self.enter_move() if taking else None
        fits = move is None or self.session.why_not(move) is None
        self.query_one("#pyramid", Static).update(
            board.pyramid_text(
                state.view(self.seat),
                takeable=set(self.targets()),
                cursor=self.cursor if taking else None,
                cursor_fits=fits,
                pending=taken_this_attempt(self.start_state, state),
            )
        )
        self.query_one("#boards", Static).update(board.boards_text(state))
        self.query_one("#seats", Static).update(board.seats_text(state, self.names, self.seat))
        hand = board.hand_text(state, self.chosen if taking else None, self.seat)
        self.query_one("#hand", Static).update(hand)

    def _score(self) -> str:
        """``score 60.0 / par 64.0`` (piastres) or ``score 50.0% / par 100.0%``: the score so
        far against par, as the end screen counts them."""
        objective = self.session.objective
        unit = "%" if objective == WIN else ""
        score, par = (
            one_decimal(display_units(value, objective))
            for value in (self.session.score, self.session.par)
        )
        return f"score {score}{unit} / par {par}{unit}"

    def status_text(self) -> Text:
        state = self.state
        waiting = self.waiting
        if waiting is None:
            return Text("The puzzle is over.", style="bold")
        if waiting is engine.Phase.SELL:
            colour = state.pending
            return Text(
                f"Sell or store the {colour}: d or Enter chooses (market "
                f"{state.market_price}, its price {engine.price(state, str(colour)).label}).",
                style="bold",
            )
        if waiting is engine.Phase.LAW:
            return Text(f"Law {state.pending}: d or Enter chooses what it does.", style="bold")
        if waiting is engine.Phase.LAW9:
            return Text("Law 9: d or Enter chooses the colour it counts as.", style="bold")
        if waiting is engine.Phase.DRAW:
            return Text(
                "The turn's end: d or Enter draws from a stack (optional); e ends the turn.",
                style="bold",
            )
        hinted = self._hinted_key()
        if hinted is not None:
            return Text(hinted, style="bold cyan")
        answers = self.session.answers()
        if not any(isinstance(m, engine.Take) for m in answers):
            if engine.BuyNeighbour() in answers:
                return Text("No tile of yours fits: b buys a neighbour, or p passes.", "bold")
            if engine.Pass() in answers:
                return Text("No tile of yours fits anywhere: p or Enter passes.", "bold yellow")
        move = self.enter_move()
        if move is None:
            return Text("Nothing to take: e ends the turn.", style="bold")
        cell = state.view(self.seat).cells[move.space.index]
        what = f"the {cell}" if isinstance(cell, str) else "a hidden law"
        if isinstance(cell, str) and cell in COLOURS:
            what += f" (price {engine.price(state, cell).label}, market {state.market_price})"
        reason = self.session.why_not(move)
        if reason is not None:
            return Text(f"{move.space} with {board.kind_words(move.kind)}: {reason}", "bold red")
        text = Text(f"{move.space} {what} with {board.kind_words(move.kind)}: Enter takes.", "bold")
        if engine.EndTurn() in answers:
            text.append(" e ends the turn.")
        return text

    def _hinted_key(self) -> str | None:
        """After the move hint, when its move is not a take: the key that plays it."""
        if self.session.turn_hint_level < 3:
            return None
        best: engine.Move = self.session.best_move()
        keys = {
            engine.BuyNeighbour: "b buys",
            engine.EndTurn: "e plays it",
            engine.Pass: "p passes",
        }
        if isinstance(best, KEPT_LAWS):
            return f"The move hint: {best.notation()}. K, then Enter, plays it."
        if type(best) in keys:
            return f"The move hint: {best.notation()}. {keys[type(best)]}."
        return None

    # --- moves ------------------------------------------------------------------------------

    def play(self, text: str) -> bool:
        """Play ``text`` through the session. A mid-game answer the puzzle did not analyse
        is weighed by the expert's rollouts (seconds): the status line says so first, and the
        move is played once it is drawn."""
        self.seen = len(self.state.events)
        if self.session.endgame is None:
            self.query_one("#status", Static).update(
                Text("Weighing your answer by the expert's rollouts\u2026", style="italic")
            )
            self.call_after_refresh(super().play, text)
            return True
        return super().play(text)

    def play_move(self, move: engine.Move) -> None:
        self.play(move.notation())

    def play_text(self, text: str) -> None:
        """A question's answer (a move in notation) played."""
        self.play(text)

    def action_enter(self) -> None:
        waiting = self.waiting
        if waiting in QUESTIONS:
            self._ask()
            return
        if waiting not in TAKING:
            return
        answers = self.session.answers()
        if not any(isinstance(m, engine.Take) for m in answers) and engine.Pass() in answers:
            self.play_move(engine.Pass())
            return
        self.take_at_cursor()

    def action_end_turn(self) -> None:
        self.play_if_allowed(engine.EndTurn(), "Not the turn's end")

    def action_prompt(self) -> None:
        def typed(text: str | None) -> None:
            if text and text.strip():
                self.play(text)
            else:
                self.redraw()

        self.app.push_screen(Prompt("Your move in notation (take b3 A, sell, draw 2, ...):"), typed)

    def action_kept(self) -> None:
        uses = [m for m in self.session.answers() if isinstance(m, KEPT_LAWS)]
        if not uses:
            self.refuse("No kept law can be used now.")
            return
        self.question(
            "Use a kept law: which use?",
            [(m.notation(), f"{m.notation()}: {self._kept_words(m)}") for m in uses],
            self.play_text,
            highlight=self._hinted(),
        )

    def _kept_words(self, move: engine.Move) -> str:
        """A kept law's use for people, short enough for one line of the question."""
        state = self.state
        cells = state.view(self.seat).cells

        def item(space: Space) -> str:
            cell = cells[space.index]
            return cell if isinstance(cell, str) else "a law"

        if isinstance(move, engine.UseLaw10):
            return f"sell a stored {move.colour} for {state.market_price}"
        if isinstance(move, engine.UseLaw11):
            return f"take the {item(move.space)} too, with {board.kind_words(move.kind)}"
        if isinstance(move, engine.UseLaw12) and isinstance(move.b, str):
            return f"swap the {item(move.a)} with your stored {move.b}"
        if isinstance(move, engine.UseLaw12) and isinstance(move.b, Space):
            return f"swap the {item(move.a)} and the {item(move.b)}"
        return move.notation()

    def after_move(self) -> None:
        """A move played: no tile chosen, the cursor on a space a tile takes; the question
        due comes by itself."""
        self.chosen = None
        self._fit_cursor(prefer_fit=True)
        if self.waiting in QUESTIONS:
            self.call_after_refresh(self._ask)

    def after_undo(self) -> None:
        self.latest = None
        self.chosen = None
        self._fit_cursor(prefer_fit=True)

    def after_hint(self, level: int) -> None:
        """The hint is repeated by the question it brings back (which covers the messages);
        the move hint's take is set up: its tile chosen, the cursor on its space (the ghost
        shows it); on a question, Enter then picks its answer."""
        said = self.messages[-1]
        if isinstance(said, Text):
            self.latest = f"Hint {level} ({HINT_NAMES[level - 1]}): {said.plain.strip()}"
        if level < 3:
            return
        best = self.session.best_move()
        if isinstance(best, engine.Take) and self.waiting in TAKING:
            hand = self.hand()
            self.chosen = hand.index(best.kind) if best.kind in hand else None
            self.cursor = best.space

    def _hinted(self) -> str | None:
        """The move hint's answer given here (Enter then picks it on a question)."""
        if self.session.turn_hint_level < 3 or self.waiting is None:
            return None
        move: engine.Move = self.session.best_move()
        return move.notation()

    def told(self, decision: Decision) -> list[RenderableType]:
        """The move (``best`` when it lost nothing), and what it brought: money, a tile."""
        line = Text(decision.move, style="bold")
        feedback = decision.feedback()
        self.latest = None if feedback is None else f"{decision.move}: {feedback}"
        if feedback is None:
            line.append("  best", style="green")
        lines: list[RenderableType] = [line]
        lines.extend(Text(f"  {told}") for told in what_happened(self.state, self.seen, self.seat))
        return lines

    # --- the questions ---------------------------------------------------------------------

    def action_question(self) -> None:
        self._ask()

    def _ask(self) -> None:
        """The question due (sell or store, a law's choice, law 9's colour, a stack), once."""
        waiting = self.waiting
        if waiting not in QUESTIONS or self.asking:
            return
        answers = self.session.answers()
        state = self.state
        keys: list[str] | None = None
        if waiting is engine.Phase.SELL:
            question, sale = sale_words(state, str(state.pending))
            choices = [
                (m.notation(), sale[m.notation()])
                for m in answers
                if isinstance(m, engine.Sell | engine.Store)
            ]
        elif waiting is engine.Phase.DRAW:
            view = state.view(self.seat)
            choices = [
                (m.notation(), stack_words(view, m.stack))
                for m in answers
                if isinstance(m, engine.DrawTile)
            ]
            keys = [value.split()[-1] for value, _ in choices]  # stack 3 is key 3
            if any(isinstance(m, KEPT_LAWS) for m in answers):
                choices.append(("\x00kept", "Use a kept law first"))
                keys.append("K")
            choices.append((END, "End the turn without drawing" if choices else "End the turn"))
            keys.append("e")
            question = "The turn's end: draw a tile (optional) from which stack?"
        elif waiting is engine.Phase.LAW9:
            choices = []
            for m in answers:
                if isinstance(m, engine.Law9Colour):
                    money = engine.final_money(engine.apply(state, m))
                    shown = ", ".join(f"{n} {v}" for n, v in zip(self.names, money, strict=True))
                    choices.append((m.notation(), f"{board.letter(m.colour)} {m.colour}: {shown}"))
            question = "The game is over. Law 9 counts as one stored treasure: of which colour?"
        else:
            law = state.pending
            choices = [(m.notation(), self._law_words(m)) for m in answers]
            words = board.LAW_WORDS.get(law, "") if isinstance(law, int) else ""
            question = f"You took law {law} ({words}): what does it do?"

        def chosen(value: str) -> None:
            if value == END:
                self.play_move(engine.EndTurn())
            elif value == "\x00kept":
                self.action_kept()
            else:
                self.play(value)

        if self.latest is not None:
            question = f"{self.latest}\n\n{question}"
        self.question(
            question, choices, chosen, again=self._ask, highlight=self._hinted(), keys=keys
        )

    def _law_words(self, move: engine.Move) -> str:
        """A law's choice for people."""
        if isinstance(move, engine.LawTarget) and move.entry is None:
            return f"under the {board.letter(move.colour)} {move.colour} board ({move.notation()})"
        if isinstance(move, engine.LawTarget):
            return f"{board.letter(move.colour)} {move.colour}, entry {(move.entry or 0) + 1}"
        if isinstance(move, engine.RemoveLaw):
            return "remove no law" if move.law is None else f"remove law {move.law}"
        if isinstance(move, engine.PayLaw9):
            return "pay 25: it counts as a stored treasure at the end"
        if isinstance(move, engine.DeclineLaw9):
            return "do not pay: it leaves the game"
        return move.notation()

    # --- help and the end -------------------------------------------------------------------

    def help_keys(self) -> list[KeyRow]:
        return [
            ("arrows, k j l H", "move over the spaces you can take (h is the hint)"),
            ("1-4, Tab / Enter", "choose your tile / take the space with it"),
            ("b / e / p", "buy a neighbour (20) / end the turn / pass"),
            ("d, Enter", "the question due: sell or store, a law, a stack"),
            ("K / :", "use a kept law / type a move (take b3 A, sell, draw 2)"),
        ]

    def legend(self) -> RenderableType:
        """The marks (``r`` opens the rules page for the rest)."""
        text = Text("The board\n", style="bold")
        text.append_text(board.legend_text(notes=False))
        return text

    def rules_page(self) -> RenderableType:
        from .rules import page_renderable

        return page_renderable(self.state.components)

    def end_words(self) -> tuple[str, str, str]:
        """Par proven or the expert's, the result in the puzzle's unit."""
        puzzle = self.puzzle
        how = "proven par" if puzzle.proven else "par by the expert's rollouts, not proven"
        unit = (
            "Your chance to win, in percent."
            if self.session.objective == WIN
            else "Your final margin over the best other player, in piastres"
            + ("." if puzzle.proven else ", counted from the worst answer analysed.")
        )
        return f", {how}", unit, "You gave up: a give-up scores 0."

    def step_texts(self, decision: Decision) -> tuple[str, str]:
        """In the puzzle's unit: a mid-game score counts from the worst answer analysed."""
        objective = self.session.objective
        worth = decision.played_worth.of(objective) - self.session.floor
        return value_text(worth, objective), value_text(decision.loss, objective).lstrip("+")

    def par_steps(self) -> list[LineStep]:
        session = self.session
        objective = session.objective
        return [
            LineStep(move, value_text(value - session.floor, objective))
            for move, value in session.par_line()
        ]

    def board_after(self) -> RenderableType:
        """The pyramid and the seats (your takes in braces)."""
        state = self.state
        return Group(
            board.pyramid_text(
                state.view(self.seat), pending=taken_this_attempt(self.start_state, state)
            ),
            board.seats_text(state, self.names, self.seat),
        )
