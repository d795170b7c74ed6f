"""The trainer's ``puzzle`` and ``daily`` commands, made once for any game from its
:class:`TrainerCommands` (its kinds, ``--id`` and ``--moves`` examples, docstrings, parts
and line-mode player): each game's ``puzzle_cmd`` keeps only what differs.

No ``from __future__ import annotations`` here: the commands' options name the game's own
kinds and examples, so their annotations are evaluated where the commands are made.
"""

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import Annotated, Any, Generic, TypeVar

import typer

from . import trainer
from .options import (
    JsonOption,
    LineOption,
    MovesFileOption,
    NoRecordOption,
    PlainOption,
    RestartOption,
    moves_option,
    moves_text,
    script_answers,
    seed_option,
)
from .own_options import Own, with_own
from .trainer import G, LinePuzzle, PlayFlags, TrainerParts

P = TypeVar("P", bound=trainer.Cacheable)


@dataclass(frozen=True)
class TrainerCommands(Generic[G, P]):
    """What a game's ``puzzle``, ``daily`` and ``stats`` differ by: ``--kind``'s values,
    ``--id``'s help, ``--moves``'s example, each command's docstring (its ``--help``), the
    game's table (from ``--cards``, loaded only when a puzzle is wanted) and its parts made
    from it, its attempt (``line``, played by :func:`play_puzzle`) and its player's date
    (``today``: a seam for tests)."""

    kinds: type[StrEnum]
    id_help: str
    moves_example: str
    puzzle_doc: str
    daily_doc: str
    stats_doc: str
    table: Callable[[typer.Context], G]
    parts: Callable[[Callable[[], G]], TrainerParts[G, P]]
    line: Callable[[P, dt.date, PlayFlags], LinePuzzle[Any, Any]]
    today: Callable[[], dt.date]

    def commands(self) -> tuple[Callable[..., None], Callable[..., None], Callable[..., None]]:
        """The game's ``puzzle``, ``daily`` and ``stats`` commands."""
        return self.puzzle(), self.daily(), self.stats()

    def parts_of(self, ctx: typer.Context) -> TrainerParts[G, P]:
        """The game's parts, its table loaded from ``ctx`` when first wanted."""
        return self.parts(lambda: self.table(ctx))

    def puzzle(self) -> Callable[..., None]:
        """The ``puzzle`` command: ``--seed``/``--kind`` or ``--id``, then played."""
        kind_type: Any = Annotated[self.kinds | None, trainer.kind_option()]
        id_option = typer.Option("--id", help=self.id_help, show_default=False)

        def puzzle(
            ctx: typer.Context,
            seed: Annotated[
                int | None,
                seed_option(
                    "Seed of the puzzle: same seed, same puzzle everywhere (default: random)."
                ),
            ] = None,
            kind: kind_type = None,
            puzzle_id: Annotated[str | None, id_option] = None,
            **play: Any,
        ) -> None:
            text, flags = text_and_flags(**play)
            chosen = kind.value if kind is not None else None
            loaded = self.parts_of(ctx).puzzle(seed, chosen, puzzle_id, self.today(), flags)
            play_puzzle(self.line(loaded, self.today(), flags), text)

        puzzle.__doc__ = self.puzzle_doc
        return with_own(puzzle, self.play_options(), after="puzzle_id")

    def play_options(self) -> tuple[Own, ...]:
        """:func:`play_options` with the game's ``--moves`` example."""
        return play_options(Annotated[str | None, moves_option(self.moves_example)])

    def daily(self) -> Callable[..., None]:
        """The ``daily`` command: ``--date``, ``--yesterday`` or today played, or
        ``--archive``."""

        def daily(
            ctx: typer.Context,
            date: trainer.DateOption = None,
            yesterday: trainer.YesterdayOption = False,
            archive: trainer.ArchiveOption = False,
            days: trainer.DaysOption = trainer.ARCHIVE_DAYS,
            **play: Any,
        ) -> None:
            text, flags = text_and_flags(**play)
            loaded = self.parts_of(ctx).daily(
                date,
                self.today(),
                yesterday=yesterday,
                archive=archive,
                days=days,
                text=text,
                flags=flags,
            )
            if loaded is not None:
                play_puzzle(self.line(loaded, self.today(), flags), text)

        daily.__doc__ = self.daily_doc
        return with_own(daily, self.play_options(), after="days")

    def stats(self) -> Callable[..., None]:
        """The ``stats`` command: the game's recorded attempts on ``--today`` (default: the
        player's date)."""

        def stats(
            ctx: typer.Context,
            today: trainer.TodayOption = None,
            as_json: JsonOption = False,
            plain: PlainOption = False,
        ) -> None:
            parts = self.parts_of(ctx)
            day = parts.ids.parse_date(today) if today is not None else self.today()
            trainer.show_stats(parts.game, day, as_json=as_json, plain=plain)

        stats.__doc__ = self.stats_doc
        return stats


def play_options(moves: Any, *, restart_last: bool = False) -> tuple[Own, ...]:
    """The options of how every game's ``puzzle`` and ``daily`` play, the last of each:
    ``--json``, ``--moves`` (``moves``: with the game's example), ``--moves-file``,
    ``--plain``, ``--no-record``, ``--restart`` and ``--line`` (Silver & Gold's ``--line``
    first: ``restart_last``); :func:`text_and_flags` reads them."""
    restart, line = Own("restart", RestartOption, False), Own("line", LineOption, False)
    return (
        Own("as_json", JsonOption, False),
        Own("moves", moves, None),
        Own("moves_file", MovesFileOption, None),
        Own("plain", PlainOption, False),
        Own("no_record", NoRecordOption, False),
        *((line, restart) if restart_last else (restart, line)),
    )


def text_and_flags(
    moves: str | None, moves_file: Path | None, **flags: bool
) -> tuple[str | None, PlayFlags]:
    """The answers of ``--moves`` or ``--moves-file``, and the other :func:`play_options` as
    :class:`PlayFlags`."""
    return moves_text(moves, moves_file), PlayFlags(**flags)


def play_puzzle(line: LinePuzzle[Any, Any], text: str | None) -> None:
    """A game's attempt with the answers of ``text`` (``None``: typed): on the full screen on a
    terminal that can draw it (not with ``--line``, ``--plain``, ``--json`` or answers), else
    in line mode."""
    from .tui.terminal import full_screen

    answers = script_answers(text)
    flags = line.flags
    scripted = answers is not None
    if full_screen(line=flags.line, plain=flags.plain, as_json=flags.as_json, scripted=scripted):
        line.full_screen()
    else:
        line.play(answers)
