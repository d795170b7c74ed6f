"""A Pyramid of the Sun daily or puzzle on the full screen: your turn on the pyramid, by keys.

The screen drives the attempt's :class:`~silverpyr.puzzles.sun.session.SunSession`, the one
the line mode drives, on the core's :class:`~silverpyr.cli.core.tui.trainer.TrainerScreen`
(hints, undo, leaving, the help, the end screen); the ghost (the cursor's brick and the
status line) is the engine's ``why_illegal`` and ``points_for``. Its keys are in its ``?``
help. Every key is a priority binding, so keys typed together keep their order (as the
game's).
"""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType

from ....puzzles.sun.puzzle import SunPuzzle
from ....puzzles.sun.session import Decision, par_line, points_text
from ....solver.sun import game as engine
from ....solver.sun.pyramid import Slot
from ...core.tui.modals import Prompt
from ...core.tui.trainer import (
    TRAINER_KEYS,
    KeyRow,
    LineStep,
    TrainerRun,
    TrainerScreen,
)
from .app import table_layout
from .board import (
    card_face,
    card_keys,
    legend_text,
    placement_text,
    pyramid_text,
)
from .game_screen import PLACING_KEYS, SunBoard


def placed_this_turn(start: engine.SunState, now: engine.SunState) -> set[Slot]:
    """The slots filled since the puzzle's start (drawn in braces: ``u`` takes them back)."""
    placed = set()
    for level, row in enumerate(now.pyramid.rows()):
        for pos, card in enumerate(row):
            slot = Slot(level, pos)
            if card is not None and start.pyramid.card_at(slot) is None:
                placed.add(slot)
    return placed


class SunPuzzleScreen(TrainerScreen, SunBoard):
    """One attempt at a Sun puzzle (the trainer's flow is the core's
    :class:`~silverpyr.cli.core.tui.trainer.TrainerScreen`)."""

    NAME = "Pyramid of the Sun"

    BINDINGS: ClassVar[list[BindingType]] = [
        *PLACING_KEYS,
        Binding("d", "draw", "Draw", priority=True),
        Binding("colon", "prompt", "Type", show=False, priority=True),
        *TRAINER_KEYS,
    ]

    puzzle: SunPuzzle

    def __init__(self, run: TrainerRun, puzzle: SunPuzzle) -> None:
        super().__init__(run, puzzle)
        self.chosen: int | None = None
        """The card of your hand Enter places."""
        self.cursor: Slot | None = None
        self.greet(
            f"{self.NAME} {puzzle.kind_label} {puzzle.id}: play your turn as Player "
            f"{puzzle.seat + 1}, scored in expected points against par "
            f"{points_text(puzzle.par)}. ? shows the keys."
        )

    @property
    def state(self) -> engine.SunState:
        state: engine.SunState = self.session.state
        return state

    def board(self) -> engine.SunState:
        return self.state

    def hand(self) -> tuple[int, ...]:
        return self.state.hand

    def why_not_placed(self, place: engine.Place) -> str | None:
        return engine.why_illegal(self.state, place)

    # --- layout -------------------------------------------------------------------------

    def compose(self) -> ComposeResult:
        yield from table_layout()

    def on_mount(self) -> None:
        self.fit_pyramid()
        self._fit_cursor()
        super().on_mount()

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Keys that mean nothing now are off (and out of the footer)."""
        phase = self.state.phase
        if action == "end_turn":
            return phase is engine.Phase.PLAYING
        if action in ("cursor", "choose", "next_in_hand"):
            return phase in (engine.Phase.CHOOSE, engine.Phase.PLAYING)
        if action == "undo":
            return bool(self.session.moves)
        return True

    # --- drawing ------------------------------------------------------------------------

    def title_text(self) -> Text:
        puzzle = self.puzzle
        return self.heading(f" (difficulty {puzzle.level}/5) - you: Player {puzzle.seat + 1}")

    def draw_table(self) -> None:
        puzzle = self.puzzle
        state = self.state
        self.draw_board(
            state.phase in (engine.Phase.CHOOSE, engine.Phase.PLAYING),
            placed_this_turn(puzzle.state, state),
            note=f"   score {points_text(self.session.score)} / par {points_text(puzzle.par)}",
        )

    def status_text(self) -> Text:
        state = self.state
        phase = state.phase
        if self.session.finished:
            return Text("The puzzle is over.", style="bold")
        if phase is engine.Phase.SYMBOL:
            slot = state.pending
            card = state.pyramid.card_at(slot) if slot is not None else None
            face = card_face(state.deck, card) if card is not None else "the card"
            return Text(
                f"{face} matches its symbol: d or Enter chooses a card or the points.",
                style="bold",
            )
        if self.chosen is not None and self.cursor is not None:
            reason = engine.why_illegal(state, engine.Place(self.chosen, self.cursor))
            return placement_text(state, self.chosen, self.cursor, reason)
        if phase is engine.Phase.PLAYING:
            return Text(
                f"{state.placed} placed: another card ({card_keys(len(state.hand))}, Tab), "
                "or Enter or e ends the turn.",
                style="bold",
            )
        options = engine.distinct_moves(state)
        if options == (engine.Pass(),):
            return Text("You can neither place nor draw: Enter passes.", style="bold yellow")
        return self.choosing_text(options)

    # --- the cursor and the chosen card ----------------------------------------------------

    # --- moves ------------------------------------------------------------------------------

    def _play(self, move: engine.Move) -> None:
        self.play(move.notation(self.state.deck))

    def action_enter(self) -> None:
        phase = self.state.phase
        if phase is engine.Phase.SYMBOL:
            self._ask_symbol()
        elif self.chosen is not None and self.cursor is not None:
            self._play(engine.Place(self.chosen, self.cursor))
        elif phase is engine.Phase.PLAYING:
            self._play(engine.EndTurn())
        elif engine.distinct_moves(self.state) == (engine.Pass(),):
            self._play(engine.Pass())
        else:
            keys = card_keys(len(self.state.hand))
            self.refuse(f"Choose a card first ({keys} or Tab), or d draws two.")

    def action_end_turn(self) -> None:
        if self.state.phase is engine.Phase.PLAYING:
            self._play(engine.EndTurn())

    def action_draw(self) -> None:
        state = self.state
        if state.phase is engine.Phase.SYMBOL:
            self._ask_symbol()
            return
        draws = [move for move in engine.distinct_moves(state) if isinstance(move, engine.Draw)]
        if not draws:
            self.refuse(f"Not now: {engine.why_illegal(state, engine.Draw('standard'))}")
            return
        self.question(
            "Draw two instead of playing (it scores nothing this turn, and the puzzle ends "
            "there): the first card from which pile?",
            [(move.pile, self._pile_words(move.pile)) for move in draws],
            lambda pile: self._play(engine.Draw("edge" if pile == "edge" else "standard")),
            highlight=self._hinted_pile(),
        )

    def _hinted_pile(self) -> str | None:
        """The pile of the move hint given here, when it names one (Enter then takes it)."""
        if self.session.turn_hint_level < 3:
            return None
        best = self.session.values.best_move(self.state)
        return best.pile if isinstance(best, engine.Draw | engine.SymbolDraw) else None

    def action_prompt(self) -> None:
        def typed(text: str | None) -> None:
            if text:
                self.play(text)

        self.app.push_screen(
            Prompt("Your move in notation (e.g. S4-sun@2c, symbol points, end):"), typed
        )

    def after_move(self) -> None:
        """A placement played: no card is chosen (Enter then ends the turn); a symbol's
        question comes by itself."""
        if self.chosen not in self.state.hand:
            self.chosen = None
        self._fit_cursor()
        if self.state.phase is engine.Phase.SYMBOL:
            self.call_after_refresh(self._ask_symbol)

    def after_undo(self) -> None:
        if self.chosen not in self.state.hand:
            self.chosen = None
        self._fit_cursor()

    def after_hint(self, level: int) -> None:
        """The area's card is chosen; the move's card and slot too (the ghost shows it)."""
        if level < 2:
            return
        best = self.session.values.best_move(self.state)
        if isinstance(best, engine.Place):
            self.chosen = best.card
            self._fit_cursor(prefer_fit=True)
            if level == 3:
                self.cursor = best.slot

    def told(self, decision: Decision) -> list[RenderableType]:
        """``S2@4b: +2``, and the card a symbol drew."""
        lines: list[RenderableType] = [Text(f"{decision.move}: +{decision.points}", "bold")]
        state = self.state
        last = state.events[-1] if state.events else None
        if (
            isinstance(last, engine.Drew)
            and last.seat == self.puzzle.seat
            and last.reason == "symbol"
        ):
            lines.append(Text(f"  you drew {card_face(state.deck, last.card)} ({last.pile})"))
        return lines

    # --- the questions ---------------------------------------------------------------------

    def _pile_words(self, pile: str) -> str:
        state = self.state
        name = "Standard pile" if pile == "standard" else "Edge pile (edge cards and tops)"
        size = len(state.pile("edge" if pile == "edge" else "standard"))
        return f"{name}: {size} cards" if size else f"{name}: empty, its discards shuffled first"

    def _ask_symbol(self) -> None:
        """The symbol's question: the points, or a card from a pile."""
        state = self.state
        slot = state.pending
        card = state.pyramid.card_at(slot) if slot is not None else None
        if state.phase is not engine.Phase.SYMBOL or slot is None or card is None:
            return
        if self.asking:
            return
        matches = engine.matching_neighbours(state, card, slot)
        choices: list[tuple[str, str]] = []
        for move in engine.distinct_moves(state):
            if isinstance(move, engine.TakePoints):
                plural = "s" if matches != 1 else ""
                choices.append(("points", f"Take {matches} point{plural} (1 per matching card)"))
            elif isinstance(move, engine.SymbolDraw):
                choices.append((move.pile, "Draw 1 card: " + self._pile_words(move.pile)))

        hinted = self._hinted_pile()
        if hinted is None and self.session.turn_hint_level == 3:
            hinted = "points"  # the move hint named the points

        def chosen(value: str) -> None:
            if value == "points":
                self._play(engine.TakePoints())
            else:
                self._play(engine.SymbolDraw("edge" if value == "edge" else "standard"))

        self.question(
            f"{card_face(state.deck, card)} on {slot} touches {matches} card(s) of its "
            "symbol: a card or the points?",
            choices,
            chosen,
            again=self._ask_symbol,
            highlight=hinted,
        )

    # --- help and the end -------------------------------------------------------------------

    def help_keys(self) -> list[KeyRow]:
        return [
            ("arrows, k j l H", "move the cursor over the open slots"),
            (f"{card_keys(len(self.state.hand))}, Tab", "choose the card of your hand"),
            ("Enter", "place it; with no card chosen, end the turn"),
            ("e / d", "end the turn / draw two (or the symbol's question)"),
            (":", "type a move in notation (S4-sun@2c, symbol points, end)"),
        ]

    def legend(self) -> RenderableType:
        text = Text("Bricks", style="bold")
        text.append("  (in braces: placed in this attempt)\n")
        text.append_text(legend_text(self.state.deck))
        return text

    def rules_page(self) -> RenderableType:
        from .rules import page_renderable

        return page_renderable(self.state.deck)

    def end_words(self) -> tuple[str, str, str]:
        return (
            "",
            f"Points scored this turn: {self.session.points}.",
            "You gave up: the rest of the turn scores nothing.",
        )

    def step_texts(self, decision: Decision) -> tuple[str, str]:
        return f"+{decision.points}", points_text(decision.loss)

    def par_steps(self) -> list[LineStep]:
        return [
            LineStep(d.move, f"+{d.points}") for d in par_line(self.puzzle, self.session.values)
        ]

    def board_after(self) -> RenderableType:
        """The pyramid (your cards in braces)."""
        return pyramid_text(self.state, pending=placed_this_turn(self.puzzle.state, self.state))
