"""``silverpyr play``: one home for every game, game-free (the games' registry,
:mod:`.commands`, declares what each game offers: its ``HOME``).

Each entry is one of the game's own commands, run in this process exactly as typed on the
command line (``sun daily``), so the home adds no way of playing of its own: a daily or a
game opens its own full screen after the home closes, and the home comes back when it ends,
with what the command printed on leaving (a share line, "saved") at its top. An entry that
only prints (the stats, the rules) is shown in a dialog on the home itself. ``--no-record``
is passed on to every entry that takes it.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import io
import os
import sys
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TextIO

from ...solver.core.errors import SilverpyrError
from ...solver.games import GAMES
from .commands import HomeEntry, HomeGame
from .options import NoRecordOption


class _Tee(io.TextIOBase):
    """Writes to the terminal and keeps a copy (what a command printed on leaving)."""

    def __init__(self, real: TextIO) -> None:
        self.real = real
        self.kept = io.StringIO()

    def write(self, text: str) -> int:
        self.kept.write(text)
        return self.real.write(text)

    def flush(self) -> None:
        self.real.flush()

    def isatty(self) -> bool:
        return self.real.isatty()

    def fileno(self) -> int:
        return self.real.fileno()


SHOWN_WIDTH = 74
"""The width a shown entry is printed at: the home's dialog at 80x24, inside its border,
padding and scroll bar."""


@contextlib.contextmanager
def _columns(width: int | None) -> Iterator[None]:
    """``COLUMNS`` set to ``width`` meanwhile (Rich reads it for a console that is no
    terminal); ``None`` leaves it."""
    if width is None:
        yield
        return
    before = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = str(width)
    try:
        yield
    finally:
        if before is None:
            del os.environ["COLUMNS"]
        else:
            os.environ["COLUMNS"] = before


def run_command(argv: Sequence[str], *, shown: bool) -> str:
    """Run ``silverpyr ARGV`` in this process, as typed (its errors are its one line, its
    exit code ignored): what it printed, stdout then stderr. ``shown``: captured only, at
    the home dialog's width (the home shows it); else also written to the terminal."""
    import typer.main

    from .app import app

    command = typer.main.get_command(app)
    out: Any = io.StringIO() if shown else _Tee(sys.stdout)
    err: Any = io.StringIO() if shown else _Tee(sys.stderr)
    width = SHOWN_WIDTH if shown else None
    with _columns(width), contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            command.main(args=list(argv), prog_name="silverpyr", standalone_mode=False)
        except SystemExit:
            pass
        except Exception as error:  # a usage error Click raises when not standalone
            show = getattr(error, "format_message", None)
            print(f"error: {show() if show else error}", file=sys.stderr)
    kept = [stream.getvalue() if shown else stream.kept.getvalue() for stream in (out, err)]
    return "".join(kept)


def argv_of(entry: HomeEntry, *, no_record: bool) -> list[str]:
    """The entry's command, with ``--no-record`` when asked and it takes it."""
    return [*entry.argv, *(["--no-record"] if no_record and entry.records else [])]


class HomeError(SilverpyrError, ValueError):
    """The home cannot open here (no terminal that can draw a screen)."""


def open_home(game: str | None, *, no_record: bool) -> None:
    """``silverpyr play`` (every game) or ``silverpyr GAME play`` (``game``: its part only),
    on a terminal that can draw it; else one line saying so."""
    from .commands import HOME
    from .tui.terminal import why_not_full_screen

    reason = why_not_full_screen()
    if reason is not None:
        words = "silverpyr play" if game is None else f"silverpyr {game} play"
        raise HomeError(
            f"{words} needs the full screen, but {reason}; "
            "use daily, puzzle or game, which play in line mode"
        )
    play_home([entry for entry in HOME if game is None or entry.name == game], no_record=no_record)


def game_play(key: str) -> Callable[..., None]:
    """A game's ``play`` (``silverpyr sun play``): its part of the one home, made from its
    declaration in :data:`~silverpyr.solver.games.GAMES`."""

    def play(no_record: NoRecordOption = False) -> None:
        open_home(key, no_record=no_record)

    play.__doc__ = f"{GAMES[key].title} on one screen: the daily, a puzzle, a game, stats, rules."
    return play


def play_home(games: Sequence[HomeGame], *, no_record: bool) -> None:
    """The home until the player quits: each pick's command run, then the home again."""
    from .tui.home import HomeSetting, run_home

    setting = HomeSetting(
        games,
        dt.date.today().isoformat(),
        lambda entry: run_command(argv_of(entry, no_record=no_record), shown=True),
    )
    while True:
        chosen = run_home(setting)
        if chosen is None:
            return
        printed = run_command(argv_of(chosen, no_record=no_record), shown=False)
        last = [line for line in printed.splitlines() if line.strip()]
        setting.note = f"silverpyr {' '.join(chosen.argv)}: {last[-1]}" if last else ""


__all__ = ["HomeError", "argv_of", "game_play", "open_home", "play_home", "run_command"]
