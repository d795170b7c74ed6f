"""``silverpyr cheops game``: a game of Cheops in the terminal, you against 1-4 bots.

The command is the core's :class:`~silverpyr.cli.core.game_commands.GameCommand` over
Cheops's :class:`~silverpyr.puzzles.cheops.kept_game.KeptGame`, its line mode the core's flow
(:mod:`silverpyr.cli.core.line_game`); docs/cheops-game.md tells how it plays. This module
gives what is Cheops's: the prompts (moves in the engine's notation), ``t`` and ``save`` at
the prompt, the table as text (:mod:`.render`), the title, the JSON outcome, and the full
screen (``cli/cheops/tui/launch.run_game``), run only when its module is installed.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.game_commands import GameCommand
from ..core.line_game import BotsError, LineScreen, ScriptError, print_outcome
from .context import GAME
from .context import components as cheops_components

if TYPE_CHECKING:
    from ...puzzles.cheops.kept_game import KeptGame
    from ...puzzles.core.players import Registry

LAUNCH = "tui.launch"
"""The full-screen game's module, under this package (another part of the project)."""


def _registry() -> Registry[Any]:
    from ...puzzles.cheops.registry import REGISTRY

    return REGISTRY


def _kept_game() -> tuple[type[KeptGame], Callable[[Path], object]]:
    """Cheops's kept game and its record's check, imported when the command runs."""
    from ...puzzles.cheops.game_record import record_target
    from ...puzzles.cheops.kept_game import KeptGame

    return KeptGame, record_target


def _title(kept: KeptGame) -> str:
    return f"Cheops, seed {kept.seed}: replay it with --seed {kept.seed}"


def full_screen() -> Callable[[KeptGame], object] | None:
    """The full-screen game's ``run_game`` when its module is installed and this terminal can
    draw a screen (``cli/core/tui/terminal.interactive``), else ``None`` (line mode)."""
    target = f"{__package__}.{LAUNCH}"
    try:
        launch = importlib.import_module(target)
    except ModuleNotFoundError as error:
        if error.name is not None and f"{target}.".startswith(f"{error.name}."):
            return None  # the module (or its package) is not installed: line mode
        raise
    from ..core.tui.terminal import interactive

    run_game: Callable[[KeptGame], object] | None = getattr(launch, "run_game", None)
    if run_game is None or not interactive():
        return None
    return run_game


def _print_json(kept: KeptGame, record: Path | None, *, left: bool) -> None:
    """The game's end as JSON (the core's
    :func:`~silverpyr.cli.core.line_game.print_outcome`): the final money by seat, and the
    moves played."""
    from ...solver.cheops.game import final_money

    result = kept.outcome()
    money = final_money(kept.committed) if result is None else result.money
    print_outcome(
        kept,
        result,
        record,
        left=left,
        setting={},
        totals={"money": list(money)},
        tallies={"moves": len(kept.answers)},
    )


# --- the screen --------------------------------------------------------------------------


HELP = "? moves, h advice, t table, q quit"
_PROMPTS = {
    "start": "take a space (e.g. take a3 B), buy, a kept law, or pass",
    "sell": "sell or store",
    "law": "carry out the law",
    "second": "take once more with a family tile (e.g. take a4 C), a kept law, or end",
    "draw": "draw from a stack (draw 1, draw 2 or draw 3; optional), a kept law, or end",
    "law9": "the game is over: which colour law 9 counts as (e.g. law9 blue)",
}
_COMMANDS = frozenset(
    {"?", "h", "u", "t", "q", "q!", "quit", "undo", "hint", "help", "table", "save"}
)


class _Screen(LineScreen["KeptGame"]):
    """The line mode's loop over Cheops's kept game: ``u`` is offered only when there is a
    move to take back; ``t`` draws the table again, ``save`` says what is saved."""

    help = HELP
    prompts = _PROMPTS
    commands = _COMMANDS

    def prompt(self) -> str:
        kept = self.kept
        phase = kept.waiting
        assert phase is not None
        undo = ", u undo" if kept.can_undo else ""
        return f"{kept.where().capitalize()} - {_PROMPTS[phase.value]} ({HELP}{undo}):"

    def legal_moves(self) -> str:
        labels = [self.kept.label(move) for move in self.kept.options()]
        return f"{len(labels)} legal move{'s' * (len(labels) != 1)}: {', '.join(labels)}"

    def more(self, word: str) -> bool:
        kept = self.kept
        if word == "help":
            self.say(self.legal_moves())
        elif word in {"t", "table"}:
            self.show()
        elif word == "save":
            pending = " (your moves of this turn are not, until it ends)" if kept.pending else ""
            where = "in the results store" if kept.saved else "nowhere (no results store)"
            self.say(f"The game is saved {where} after every turn{pending}.")
        else:
            return False
        return True

    def show(self) -> None:
        from .render import table_lines

        for line in table_lines(self.kept.state, self.kept.seat_names(), plain=self.plain):
            self.say(line)


game = GameCommand(
    """Play Cheops against bots: full-screen on a terminal when installed, else a move a
    line.

    --line, --moves, --json and --plain play a move a line in notation (take b3 A, sell,
    draw 2, ...; ? lists them). The game is saved after every turn; without --seed it
    resumes the unfinished one (--restart starts a new one).
    """,
    8,
    "turn",
    "take i1 A; store; draw 2",
    GAME,
    _registry,
    cheops_components,
    _kept_game,
    _title,
    _Screen,
    full_screen,
    _print_json,
).command()

__all__ = ["BotsError", "ScriptError", "full_screen", "game"]
