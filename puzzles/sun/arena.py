"""The Pyramid of the Sun arena: bots play seeded games against each other, seats rotated.

A line-up (e.g. ``expert, greedy, greedy``) plays ``games`` games: game ``g`` is the game of
seed ``seed + g`` on a pyramid of ``size``, with the line-up rotated by ``g`` seats, so every
bot plays every seat equally often on the same deals (:mod:`silverpyr.puzzles.core.tournament`).
Games are independent tasks on Dask (:mod:`silverpyr.puzzles.core.cluster`) or in this process
(``workers=0``); the result does not depend on the number of workers, since each game is
fixed by its seed, its size and its seats, and the results are sorted by seed.

Per bot: the win rate (a shared win, Ruling R9, counts as a fraction: ``1/k`` to each of
``k`` winners) with its 95% Wilson interval, mean and median score with the standard error,
the mean score by category (cards placed below the top, symbols, the top) and cards placed;
``forecast`` is kept for the JSON shape of ``silverpyr arena`` and is ``None`` (no Sun bot
forecasts its score). For every two bots, their paired score difference over the games both
played (each game's mean score of one minus the other's).

With ``records`` every game is written as ``game-<seed>.json``: the deck's fingerprint, the
size, the seed, the seats' bots and every move in notation, read and replayed as every
record of the game (:meth:`~silverpyr.puzzles.core.records_file.RecordGame.replay_data`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ...solver.core.errors import SilverpyrError
from ...solver.games import GAMES
from ...solver.sun.bots import play_game
from ...solver.sun.cards import Deck
from ...solver.sun.game import SunState, outcome
from ..core.tournament import ArenaReport as CoreArenaReport
from ..core.tournament import (
    ArenaRun,
    Column,
    TableRecords,
    TableResult,
    TournamentError,
    check_table,
    table_report,
)
from .game_record import SHAPE
from .registry import REGISTRY, make_player

CATEGORIES = ("cards", "symbols", "top")
"""Score categories: points of cards placed below the top, of symbols, of the top card."""
COLUMNS = (Column.mean("cards", "Cards", source="placed"), Column("forecast", lambda _: None))
"""The Sun's own columns of each bot: the cards it placed a game (``Cards`` in the bots'
table), and the forecast its bots do not make (``null``: every game's arena JSON has it)."""
SIZES = ("short", "standard", "long")


class SunArenaError(TournamentError):
    """A Sun arena that cannot be run (unknown bot, seats, size, games), or a game that
    failed on its worker."""


class SunRecordError(SilverpyrError, ValueError):
    """An arena game record that cannot be written."""


@dataclass(frozen=True)
class SunGameResult(TableResult):
    """One arena game (the core's :class:`TableResult`) on a pyramid of ``size``: its totals
    are the scores, its ``placed`` the cards each seat placed in the pyramid."""

    size: str = field(kw_only=True)

    @property
    def scores(self) -> tuple[int, ...]:
        """Each seat's final score."""
        return self.totals


def _categories(state: SunState) -> tuple[tuple[dict[str, int], ...], tuple[int, ...]]:
    from ...solver.sun.game import Scored

    top = state.pyramid.top
    totals = [dict.fromkeys(CATEGORIES, 0) for _ in range(state.players)]
    placed = [0] * state.players
    for event in state.events:
        if not isinstance(event, Scored):
            continue
        if event.kind == "symbol":
            totals[event.seat]["symbols"] += event.points
        else:
            placed[event.seat] += 1
            totals[event.seat]["top" if event.slot == top else "cards"] += event.points
    return tuple(totals), tuple(placed)


def play_arena_game(
    shared: tuple[Deck, str, bool], seed: int, seats: tuple[str, ...]
) -> SunGameResult:
    """Play the game of ``seed`` with the bots named by ``seats`` (one Dask task; ``shared``
    is the deck, the size and whether the moves come back: only for records)."""
    deck, size, with_moves = shared
    final, moves = play_game(deck, [make_player(name) for name in seats], size, seed)
    return SunGameResult.ended(
        seed,
        seats,
        final,
        moves if with_moves else None,
        outcome=outcome,
        counted=_categories,
        error=SunArenaError,
        size=size,
    )


@dataclass(frozen=True)
class ArenaReport(CoreArenaReport[SunGameResult]):
    """Every game, each bot's figures and the paired differences (the core's), with the
    pyramid's size."""

    game: ClassVar[str] = "sun"
    size: str = "standard"

    def game_keys(self) -> dict[str, Any]:
        return {"size": self.size}


def summarise(
    results: Sequence[SunGameResult], seconds: float, workers: int, size: str = "standard"
) -> ArenaReport:
    """Each bot's figures over ``results`` (bots in the order they first appear), and the
    paired difference of every two bots (the core's :func:`table_report`)."""
    return table_report(
        ArenaReport, results, CATEGORIES, seconds, workers, columns=COLUMNS, size=size
    )


def check_arena(bots: Sequence[str], games: int, seed: int = 0, size: str = "standard") -> None:
    """Raise :class:`SunArenaError` unless ``bots`` can play ``games`` games of ``size`` (the
    core's :func:`~silverpyr.puzzles.core.tournament.check_table`)."""
    check_table(bots, REGISTRY, games, seed, GAMES["sun"], SunArenaError)
    if size not in SIZES:
        raise SunArenaError(f"unknown pyramid size {size!r} (sizes: {', '.join(SIZES)})")


class SunRecords(TableRecords[Deck, SunGameResult]):
    """Where ``sun arena --records`` writes every game, as the game's record
    :data:`~.game_record.SHAPE` says (the core's :class:`TableRecords`)."""

    error = SunRecordError
    shape = SHAPE


record_of = SunRecords.record_of


run_arena = ArenaRun(
    check_arena,
    play_arena_game,
    lambda deck, with_moves, size="standard": (deck, size, with_moves),
    summarise,
    SunArenaError,
)
"""``run_arena(deck, bots, games, *, seed, size, scheduler, workers, progress, records)``:
play the arena on a pyramid of ``size`` (``standard`` unless given); ``workers=0`` plays in
this process, otherwise on Dask (the core's :class:`ArenaRun`)."""
