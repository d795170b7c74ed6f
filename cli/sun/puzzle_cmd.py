"""``silverpyr sun puzzle``, ``sun daily`` and ``sun stats``: the Pyramid of the Sun trainer in
line mode (on a terminal that can draw it, the daily and the puzzle open the full screen of
:mod:`.tui.puzzle_screen` instead, unless ``--line``, ``--plain``, ``--json`` or ``--moves``).

A puzzle is one turn to play (docs/sun-puzzles.md). Moves are the engine's notation
(``S4-sun@2c``, ``symbol points``, ``symbol edge``, ``end``, ``draw standard``), one per line
or separated by ``;`` in ``--moves``; besides them ``undo``, ``hint`` (the next level: aim,
area, move) or ``hint N``, ``give up``, and ``q`` (save and leave: resumed next time).
Scores are expected points with one decimal: par minus what each decision lost; feedback
after each decision shows the better move (silent below 0.05).

The daily is the one of the player's **local** date, the same for everyone on that date. The
first attempt that ends is scored; later plays are practice. An attempt whose moves run out
before the turn ends is saved and resumed by the next play (``--restart`` starts over).
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from ..core import trainer
from ..core.trainer import say
from ..core.trainer_commands import TrainerCommands
from .context import GAME
from .context import deck as sun_deck

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.core.store import Store
    from ...puzzles.sun.attempt import Sitting
    from ...puzzles.sun.puzzle import SunPuzzle
    from ...puzzles.sun.session import Decision, Result, SunSession
    from ...solver.sun.cards import Deck
    from ...solver.sun.game import SunState


class SunKindChoice(StrEnum):
    """``--kind`` values."""

    best_turn = "best-turn"
    final_run = "final-run"


CACHE_VERSION = "sun-puzzle-v2"
"""The cache key's version: v2 since each pile's reshuffle is kept (issue 30), so a daily
cached before is made again with the right belief."""


def _today() -> dt.date:
    """The player's local date (the daily's date; a seam for tests)."""
    return dt.date.today()


def cache_key(deck: Deck, puzzle_id: str) -> str:
    """Where the puzzle ``puzzle_id`` of ``deck`` is cached (and made ahead)."""
    return trainer.cache_key(CACHE_VERSION, deck, puzzle_id)


def _parts(deck: Callable[[], Deck]) -> trainer.TrainerParts[Deck, SunPuzzle]:
    """The Sun's parts of ``puzzle`` and ``daily``. A cached entry is read back by
    :meth:`SunPuzzle.from_dict`, which checks the position and recomputes par: a damaged
    entry is warned about and made again."""
    from ...puzzles.sun import ids
    from ...puzzles.sun.par_changes import archive_note
    from ...puzzles.sun.puzzle import SunPuzzle, SunPuzzleError

    return trainer.TrainerParts(
        GAME,
        CACHE_VERSION,
        deck,
        ids,
        SunPuzzle.from_dict,
        SunPuzzleError,
        note=archive_note,
    )


def _cached(
    deck: Deck, puzzle_id: str, make: Callable[[Deck], SunPuzzle], no_record: bool
) -> SunPuzzle:
    """The puzzle of ``puzzle_id`` from the store's cache (by deck and id), else made and
    cached; ``--no-record`` neither reads nor writes the store."""
    return _parts(lambda: deck).cached(puzzle_id, make, no_record=no_record)


# --- playing ---------------------------------------------------------------------------------


class _SunLine(trainer.LinePuzzle["SunPuzzle", "SunSession"]):
    """The Sun's attempt: one turn, its moves' points and the score so far."""

    game = GAME
    what = "turn"

    def open_sitting(self, store: Store | None) -> Sitting:
        from ...puzzles.sun.attempt import open_attempt

        return open_attempt(store, self.loaded, self.today, restart=self.flags.restart)

    def show(self, console: Console, sitting: Sitting) -> None:
        _print_position(console, self.loaded, sitting)

    def told(
        self,
        session: SunSession,
        decision: Decision,
        seen: int,
        log: list[dict[str, Any]],
        console: Console | None,
    ) -> None:
        from ...puzzles.sun.session import points_text

        entry: dict[str, Any] = {
            "move": decision.move,
            "points": decision.points,
            "loss": str(decision.loss),
            "loss_points": float(decision.loss),
            "best": decision.best,
            "feedback": decision.feedback(),
        }
        log.append(entry)
        line = f"{decision.move}: +{decision.points}"
        if decision.feedback():
            line += f"  ({decision.feedback()})"
        say(console, f"{line}  score so far {points_text(session.score)}")
        for told in _what_happened(session.state, seen):
            say(console, told)

    def options(self, sitting: Sitting) -> list[str]:
        from ...solver.sun.game import distinct_moves

        state = sitting.session.state
        return [m.notation(state.deck) for m in distinct_moves(state)]

    def session_error(self) -> type[Exception]:
        from ...puzzles.sun.session import SunSessionError

        return SunSessionError

    def scored(self, sitting: Sitting, result: Result) -> tuple[dict[str, Any], list[str]]:
        from dataclasses import replace

        from ...puzzles.sun.session import points_text
        from ...puzzles.sun.share import share_text

        shown = replace(result, practice=sitting.practice)
        share = share_text(self.loaded, shown, plain=self.flags.plain)
        lines = [f"score {points_text(result.score)} / par {points_text(result.par)}", share]
        return shown.to_dict(share), lines


def _what_happened(state: SunState, seen: int) -> list[str]:
    """What a move brought that its line does not say: the card a symbol drew (and the
    hand now), and the choice a card that touches its symbol waits for."""
    from ...solver.sun.game import Drew, Phase, matching_neighbours

    deck = state.deck
    told = []
    for event in state.events[seen:]:
        if isinstance(event, Drew) and event.seat == state.turn:
            told.append(f"you drew {deck[event.card].label} from the {event.pile} pile")
    if told:
        told.append(f"your hand: {' '.join(deck[c].label for c in state.hands[state.turn])}")
    if state.phase is Phase.SYMBOL and state.pending is not None:
        card = state.pyramid.cards[state.pending]
        matches = matching_neighbours(state, card, state.pending)
        told.append(
            f"{deck[card].label} touches {matches} card{'s' * (matches != 1)} of its symbol: "
            f"symbol points (+{matches}), or draw a card: symbol standard | symbol edge"
        )
    return told


def _print_position(console: Console, loaded: SunPuzzle, sitting: Sitting) -> None:
    from ...puzzles.sun.session import points_text

    state = sitting.session.state
    deck = state.deck
    say(
        console,
        f"Pyramid of the Sun {loaded.kind_label} {loaded.id} (difficulty {loaded.level}/5): "
        f"par {points_text(loaded.par)}",
    )
    for level, row in reversed(list(enumerate(state.pyramid.rows()))):
        cells = []
        for pos, card in enumerate(row):
            name = f"{level}{'abcdefghij'[pos]}"
            cells.append(f"{name}:{deck[card].label if card is not None else '--'}")
        say(console, f"  L{level}  " + " ".join(cells))
    say(console, f"your hand: {' '.join(deck[c].label for c in state.hand)}")
    # Seats are shown from 1, as the game's tables name them ("Player 2").
    scores = ", ".join(
        f"{'you' if seat == state.turn else f'player {seat + 1}'} {points}"
        for seat, points in enumerate(state.scores)
    )
    say(console, f"scores: {scores}")
    others = ", ".join(
        f"player {seat + 1} {len(hand)}"
        for seat, hand in enumerate(state.hands)
        if seat != state.turn
    )
    say(console, f"cards in the other hands: {others}")
    for pile in ("standard", "edge"):
        discards = " ".join(deck[c].label for c in state.discards(pile)) or "none"
        say(console, f"{pile} pile: {len(state.pile(pile))} cards; discards: {discards}")
    say(console, f"marker (out of the game): {deck[state.marker].label}")
    say(
        console,
        "moves: S4-sun@2c, symbol points, symbol standard|edge, end, draw standard|edge; "
        "also hint, hint 1-3, undo, give up, q (asks: y gives up, s saves and leaves)",
    )


puzzle, daily, stats = TrainerCommands(
    kinds=SunKindChoice,
    id_help="A puzzle id, e.g. sun-123, best-turn-7, final-run-9, daily-2026-11-26.",
    moves_example="S6-moon@2b; symbol points; end",
    puzzle_doc="Play a Pyramid of the Sun puzzle: one turn, scored in expected points against par.",
    daily_doc="Play today's Pyramid of the Sun daily: the same puzzle for everyone on your date.",
    stats_doc="Your Pyramid of the Sun puzzle statistics: played, at par, streaks, histogram.",
    table=sun_deck,
    parts=_parts,
    line=_SunLine,
    today=lambda: _today(),
).commands()
