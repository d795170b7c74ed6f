"""``silverpyr puzzle`` and ``silverpyr daily``: pick a puzzle, then play it (:mod:`.play`).

These commands only parse their options, ask the library for the puzzle and hand it to
:func:`~.play.run_attempt`; the play loop and the trainer live in :mod:`.play`, the
drawing in :mod:`.views`, ``stats`` in :mod:`.stats_cmd`.

The daily puzzle is the one of the player's **local** calendar date (the computer's time
zone), the same puzzle for everyone on that date; ``--date`` picks another date.
"""

from __future__ import annotations

import datetime as dt
from contextlib import AbstractContextManager, nullcontext
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..core.options import (
    MovesOption,
    random_seed,
    seed_option,
)
from ..core.output import emit, print_json
from ..core.own_options import with_own
from ..core.trainer import ARCHIVE_DAYS, DaysOption, PlayFlags, daily_date, require_out
from ..core.trainer_commands import play_options, text_and_flags
from .context import deck as sg_deck

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.core.store import Store
    from ...puzzles.silvergold.puzzle import Puzzle
    from ...puzzles.silvergold.stats import ArchiveEntry


class KindChoice(StrEnum):
    """``--kind`` values."""

    points = "points"
    sprint = "sprint"
    pair = "pair"
    midround = "midround"


def _open_store() -> Store:
    from ...puzzles.core.store import Store

    return Store.open_default()


def _store_unless_optional(optional: bool) -> AbstractContextManager[Store | None]:
    """The results store; when nothing is to be recorded (``optional``), a store that cannot
    be used is a warning and the command goes on without it (no cache)."""
    from ...puzzles.core.store import Store

    store = Store.open_if_usable() if optional else Store.open_default()
    return store if store is not None else nullcontext()


def _play(
    ctx: typer.Context, puzzle: Puzzle, store: Store | None, moves: str | None, flags: PlayFlags
) -> None:
    from .play import PlayOptions, run_attempt

    if flags.as_json and moves is None:
        print_json(puzzle.shown_dict())  # the puzzle without playing it
        return
    from ..core.tui.terminal import full_screen

    scripted = moves is not None
    record = not flags.no_record
    if full_screen(line=flags.line, plain=flags.plain, as_json=flags.as_json, scripted=scripted):
        from .tui.launch import run_puzzle

        run_puzzle(puzzle, sg_deck(ctx), store, record=record, restart=flags.restart)
        return
    options = PlayOptions(moves, flags.as_json, flags.plain, record, restart=flags.restart)
    run_attempt(puzzle, sg_deck(ctx), store, options)


def puzzle(
    ctx: typer.Context,
    seed: Annotated[
        int | None,
        seed_option(
            "Seed of the puzzle: same seed, same puzzle everywhere (default: a random seed)."
        ),
    ] = None,
    kind: Annotated[
        KindChoice | None,
        typer.Option(
            "--kind", help="Kind of puzzle (default: the seed picks one).", show_default=False
        ),
    ] = None,
    puzzle_id: Annotated[
        str | None,
        typer.Option(
            "--id",
            "--puzzle",
            help="A puzzle id, e.g. 123, sprint-7, daily-2026-11-22.",
            show_default=False,
        ),
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            help="Load the puzzle from a YAML or JSON file.",
            metavar="<file>",
            show_default=False,
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            help="Save the puzzle to this file (.json for JSON, else YAML) and stop.",
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    **play: Any,
) -> None:
    """Play a puzzle: a seed, an id or a file (a random seed when none is given).

    An attempt left before its end (save and leave, Ctrl-C, end of input, a --moves script
    that runs out) is resumed by the next play of the same puzzle.
    """
    from ...puzzles.silvergold.catalog import get_puzzle, load_puzzle_file
    from ...puzzles.silvergold.fileformat import save_puzzle_file
    from ...puzzles.silvergold.generate import FileOnlyPuzzleError
    from ...puzzles.silvergold.ids import parse_puzzle_id, seed_id
    from ...puzzles.silvergold.kinds import Kind, PuzzleError

    moves, flags = text_and_flags(**play)
    chosen = [
        name
        for name, value in (("--seed", seed), ("--id", puzzle_id), ("--file", file))
        if value is not None
    ]
    if len(chosen) > 1:
        raise PuzzleError(f"give only one of {', '.join(chosen)}")
    if kind is not None and (puzzle_id is not None or file is not None):
        raise PuzzleError("--kind goes with --seed (or no seed), not with --id or --file")
    deck = sg_deck(ctx)
    recording = not flags.no_record and save is None and not (flags.as_json and moves is None)
    with _store_unless_optional(not recording) as store:
        if file is not None:
            loaded = load_puzzle_file(deck, file)
        else:
            if puzzle_id is None:
                chosen_seed = seed if seed is not None else random_seed()
                puzzle_id = seed_id(chosen_seed, Kind(kind.value) if kind is not None else None)
            daily_date = parse_puzzle_id(puzzle_id).daily_date
            if daily_date is not None:
                _require_out(dt.date.fromisoformat(daily_date))
            try:
                loaded = get_puzzle(deck, puzzle_id, store)
            except FileOnlyPuzzleError as error:
                raise PuzzleError(f"{error}; load it again with --file") from None
        if save is not None:
            save_puzzle_file(loaded, save)
            typer.echo(f"saved puzzle {loaded.id} to {save}", err=True)  # one line, as typed
            return
        _play(ctx, loaded, store, moves, flags)


with_own(puzzle, play_options(MovesOption, restart_last=True), after="save")


def _require_out(day: dt.date) -> None:
    """No daily after today's local date (``daily --date`` and ``puzzle --id daily-...``)."""
    from ...puzzles.silvergold.kinds import PuzzleError

    require_out(day, dt.date.today(), PuzzleError)


def daily(
    ctx: typer.Context,
    date: Annotated[
        str | None,
        typer.Option(
            "--date",
            help="Play the daily puzzle of this date (YYYY-MM-DD, not after today); "
            "default: your local date.",
            show_default=False,
        ),
    ] = None,
    yesterday: Annotated[
        bool, typer.Option("--yesterday", help="Play yesterday's daily puzzle.")
    ] = False,
    archive: Annotated[
        bool,
        typer.Option(
            "--archive",
            help="List the past dailies with your result (played or not) instead of playing.",
        ),
    ] = False,
    days: DaysOption = ARCHIVE_DAYS,
    **play: Any,
) -> None:
    """Play today's daily puzzle: the same for everyone on your local date.

    An attempt left before its end (save and leave at q, Ctrl-C, end of input, a --moves
    script that runs out) is resumed by the next play of the same daily; --restart starts
    it over while it is not scored yet.
    """
    from ...puzzles.silvergold.catalog import get_puzzle
    from ...puzzles.silvergold.ids import daily_id, parse_date
    from ...puzzles.silvergold.kinds import PuzzleError

    moves, flags = text_and_flags(**play)
    day = daily_date(
        date,
        dt.date.today(),
        yesterday=yesterday,
        archive=archive,
        text=moves,
        restart=flags.restart,
        parse_date=parse_date,
        error=PuzzleError,
    )
    if archive:
        _archive(day, days, as_json=flags.as_json, plain=flags.plain)
        return
    deck = sg_deck(ctx)
    recording = not flags.no_record and not (flags.as_json and moves is None)
    with _store_unless_optional(not recording) as store:
        loaded = get_puzzle(deck, daily_id(day), store)
        _play(ctx, loaded, store, moves, flags)


with_own(daily, play_options(MovesOption, restart_last=True), after="days")


def _archive(today: dt.date, days: int, *, as_json: bool, plain: bool) -> None:
    """``daily --archive``: the last ``days`` dailies, newest first, with your result."""
    from ...puzzles.silvergold.stats import archive

    with _open_store() as store:
        entries = archive(store.attempts(), store.all_progress(), today, days)
    emit(
        {"today": today.isoformat(), "dailies": [entry.to_dict() for entry in entries]},
        lambda console: _print_archive(console, entries, plain=plain),
        as_json=as_json,
        plain=plain,
    )


def _print_archive(console: Console, entries: list[ArchiveEntry], *, plain: bool) -> None:
    from rich import box
    from rich.table import Table

    table = Table(box=box.ASCII if plain else box.SIMPLE_HEAD, title="Daily puzzles")
    table.add_column("Date", no_wrap=True)
    table.add_column("Result")
    table.add_column("Streak", justify="center")
    for entry in entries:
        table.add_row(entry.date, entry.describe(), "yes" if entry.counts_for_streak else "")
    console.print(table)
    console.print(
        "Play one with `silverpyr daily --date YYYY-MM-DD`; Streak: solved at par on its own date.",
        highlight=False,
        markup=False,
    )
