"""``silverpyr cheops puzzle``, ``cheops daily`` and ``cheops stats``: the Cheops trainer in
line mode (on a terminal that can draw it, the daily and the puzzle open the full screen of
:mod:`.tui.puzzle_screen` instead, unless ``--line``, ``--plain``, ``--json`` or ``--moves``).

A puzzle (docs/cheops-puzzles.md) is your turn in a proven endgame (``win-from-here``,
``best-margin``) or one decision of a mid-game (``sell-or-store``, ``which-treasure``,
valued by the expert's rollouts, never proven). Moves are the engine's notation (``take h2
D``, ``sell``, ``store``, ``buy``, ``draw 2``, ``end``, ...), one per line or separated by
``;`` in ``--moves``; besides them ``undo``, ``hint`` (the next level: aim, area, move) or
``hint N``, ``give up``, and ``q`` (save and leave: resumed next time).

The daily is an endgame puzzle of the player's **local** date, the same for everyone on that
date. The first attempt that ends is scored; later plays are practice.
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
from .context import components as cheops_components

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.cheops.attempt import Sitting
    from ...puzzles.cheops.puzzle import CheopsPuzzle
    from ...puzzles.cheops.session import CheopsSession, Decision, Result
    from ...puzzles.core.store import Store
    from ...solver.cheops.components import Components

CACHE_VERSION = "cheops-puzzle-v1"


class CheopsKindChoice(StrEnum):
    """``--kind`` values."""

    win_from_here = "win-from-here"
    best_margin = "best-margin"
    sell_or_store = "sell-or-store"
    which_treasure = "which-treasure"


def _today() -> dt.date:
    """The player's local date (the daily's date; a seam for tests)."""
    return dt.date.today()


def cache_key(components: Components, puzzle_id: str) -> str:
    """Where the puzzle ``puzzle_id`` of ``components`` is cached (and made ahead)."""
    return trainer.cache_key(CACHE_VERSION, components, puzzle_id)


def _parts(
    components: Callable[[], Components],
) -> trainer.TrainerParts[Components, CheopsPuzzle]:
    """Cheops's parts of ``puzzle`` and ``daily``. A cached entry is read back by
    :meth:`CheopsPuzzle.from_dict`, which checks the position and proves par again (under a
    spinner, as a making): a damaged entry is warned about and made again."""
    from ...puzzles.cheops import ids
    from ...puzzles.cheops.puzzle import CheopsPuzzle, CheopsPuzzleError

    return trainer.TrainerParts(
        GAME,
        CACHE_VERSION,
        components,
        ids,
        CheopsPuzzle.from_dict,
        CheopsPuzzleError,
        making="Making the puzzle (proving its par)...",
    )


# --- playing ---------------------------------------------------------------------------------


class _CheopsLine(trainer.LinePuzzle["CheopsPuzzle", "CheopsSession"]):
    """Cheops's attempt: its session's values proven under a spinner, each move against the
    best, the result in the puzzle's unit with the best first move."""

    game = GAME
    what = "puzzle"

    def open_sitting(self, store: Store | None) -> Sitting:
        from ...puzzles.cheops.attempt import open_attempt
        from ...puzzles.cheops.session import CheopsSession
        from ..core.output import with_spinner

        loaded, flags = self.loaded, self.flags
        fresh = with_spinner(
            lambda: CheopsSession(loaded), "Proving the position's values...", quiet=flags.as_json
        )
        return open_attempt(store, loaded, self.today, restart=flags.restart, session=fresh)

    def show(self, console: Console, sitting: Sitting) -> None:
        _print_position(console, self.loaded, sitting.session)

    def told(
        self,
        session: CheopsSession,
        decision: Decision,
        seen: int,
        log: list[dict[str, Any]],
        console: Console | None,
    ) -> None:
        from .render import what_happened

        feedback = decision.feedback()
        log.append(
            {
                "move": decision.move,
                "best": decision.best,
                "loss": str(decision.loss),
                "loss_error": None if decision.loss_error is None else str(decision.loss_error),
                "feedback": feedback,
            }
        )
        line = decision.move + ("  (best)" if feedback is None else f"  ({feedback})")
        say(console, line)
        for told in what_happened(session.state, seen, self.loaded.seat):
            say(console, told)
        if not session.finished and console is not None:
            say(console, _prompt(session))

    def options(self, sitting: Sitting) -> list[str]:
        return sitting.session.options_now()

    def session_error(self) -> type[Exception]:
        from ...puzzles.cheops.session import CheopsSessionError

        return CheopsSessionError

    def scored(self, sitting: Sitting, result: Result) -> tuple[dict[str, Any], list[str]]:
        from dataclasses import replace

        from ...puzzles.cheops.share import share_text

        loaded = self.loaded
        result = replace(result, practice=sitting.practice)
        share = share_text(loaded, result, plain=self.flags.plain)
        how = "proven" if result.proven else "the expert's estimate, not proven"
        lines = [
            f"score {result.score_text()} ({result.percent}% of par; par {how})",
            f"the best first move: {loaded.best}",
            share,
        ]
        return {**result.to_dict(share), "best": loaded.best}, lines


def _prompt(session: CheopsSession) -> str:
    moves = session.options_now()
    shown = ", ".join(moves[:12]) + (f", ... ({len(moves)} in all)" if len(moves) > 12 else "")
    return f"your move ({session.state.phase.value}): {shown}"


# --- what the player sees -------------------------------------------------------------------------


def _print_position(console: Console, loaded: CheopsPuzzle, session: CheopsSession) -> None:
    from ...puzzles.cheops.puzzle import cell_text
    from ...solver.cheops.board import ROW_LETTERS, ROWS, Space
    from ...solver.cheops.components import COLOURS
    from ...solver.cheops.game import COLOUR_LETTERS, price

    state = session.state
    seat = loaded.seat
    how = "proven par" if loaded.proven else "par by the expert's rollouts, not proven"
    say(
        console,
        f"Cheops {loaded.kind_label} {loaded.id} (difficulty {loaded.level}/5, {how})",
    )
    view = state.view(seat)
    for row in reversed(range(ROWS)):
        cells = "".join(
            f"{cell_text(view.cells[Space(row, pos).index]):^4}" for pos in range(ROWS - row)
        )
        say(console, f"  {ROW_LETTERS[row]}  {' ' * (row * 2)}{cells}".rstrip())
    say(console, "     " + "".join(f"{pos:^4}" for pos in range(1, ROWS + 1)).rstrip())
    legend = ", ".join(
        f"{letter} {colour}" for letter, colour in zip(COLOUR_LETTERS, COLOURS, strict=True)
    )
    say(console, f"treasures: {legend}; ? a face-down law; a-d, n: tiles on emptied spaces")
    for colour, board in zip(COLOURS, state.boards, strict=True):
        entries = " ".join(
            f"[{e.label}]" if i < board.covered else e.label
            for i, e in enumerate(board.board.entries)
        )
        laws = f", law {board.law} under it" if board.law else ""
        law7 = f", law 7 on entry {board.law7 + 1}" if board.law7 is not None else ""
        full = ", FULL" if board.full else ""
        say(
            console,
            f"  {colour:<6} price {price(state, colour).label:<6} "
            f"board {entries}{laws}{law7}{full}",
        )
    say(
        console,
        f"market price {state.market_price}; laws in force: "
        f"{', '.join(map(str, state.laws_in_force)) or 'none'}; neighbours left "
        f"{state.neighbours_left}",
    )
    for player in range(state.players):
        who = "you" if player == seat else f"player {player + 1}"
        stored = ", ".join(
            f"{n} {colour}" for colour, n in zip(COLOURS, state.stores[player], strict=True) if n
        )
        kept = (
            f"; kept laws {', '.join(map(str, state.kept_laws[player]))}"
            if state.kept_laws[player]
            else ""
        )
        say(
            console,
            f"  {who}: {state.money[player]} piastres, tiles {''.join(state.hands[player]) or '-'}"
            f", stored {stored or 'nothing'}{kept}",
        )
    stacks = ", ".join(
        f"{i + 1}: {top or '-'} ({size})"
        for i, (top, size) in enumerate(zip(view.stack_tops, view.stack_sizes, strict=True))
    )
    say(console, f"stacks (top, size): {stacks}")
    if loaded.given:
        say(console, f"you have played: {'; '.join(loaded.given)}")
    questions = {
        "win-from-here": "Play your turn so as to win with the highest chance.",
        "best-margin": "Play your turn for the best final margin over the best other player.",
        "sell-or-store": "Sell or store the treasure you just took?",
        "which-treasure": "Which treasure do you take (take SPACE TILE)?",
    }
    say(console, questions[loaded.kind])
    say(console, _prompt(session))
    say(console, "also: hint, hint 1-3, undo, give up, q (asks: y gives up, s saves and leaves)")


puzzle, daily, stats = TrainerCommands(
    kinds=CheopsKindChoice,
    id_help="A puzzle id, e.g. cheops-123, win-from-here-7, best-margin-9, "
    "sell-or-store-3, which-treasure-4, daily-2026-11-26.",
    moves_example="take i1 A; store; draw 2",
    puzzle_doc="Play a Cheops puzzle: your turn in a proven endgame, or a mid-game decision.",
    daily_doc="Play today's Cheops daily: a proven endgame, the same for everyone on your date.",
    stats_doc="Your Cheops puzzle statistics: played, at par, streaks, histogram.",
    table=cheops_components,
    parts=_parts,
    line=_CheopsLine,
    today=lambda: _today(),
).commands()
