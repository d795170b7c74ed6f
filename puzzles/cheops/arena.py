"""The Cheops arena: bots play seeded games against each other, seats rotated.

The line-ups, seeds and workers, the win shares (a shared win, Ruling C12, counts ``1/k`` to
each of ``k`` winners), the Wilson intervals and the paired differences are the core's
:mod:`silverpyr.puzzles.core.tournament`, run on :mod:`silverpyr.puzzles.core.cluster` or in
this process (``workers=0``). Cheops's own, per bot: mean and median final money with the
standard error, the mean money by category (``sold``: paid for sales, law 10's included;
``stored``: final scoring, law 9's included; ``paid``: spent on neighbours and law 9, so that
final money = start money + sold + stored - paid) and ``cards``, the tiles a seat placed in
the pyramid a game (the key every game's arena has); ``forecast`` is kept for the JSON shape
of ``silverpyr arena`` and is ``None``.

With ``records`` every game is written as ``game-<seed>.json``: the components' fingerprint,
the seed, the seats' bots and every move in notation, read and replayed as every record of
the game (:meth:`~silverpyr.puzzles.core.records_file.RecordGame.replay_data`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from ...solver.cheops.bots import play_game
from ...solver.cheops.components import Components
from ...solver.cheops.game import (
    CheopsState,
    Paid,
    Scored,
    Sold,
    Took,
    outcome,
)
from ...solver.core.errors import SilverpyrError
from ...solver.games import GAMES
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

CATEGORIES = ("sold", "stored", "paid")
"""Money by category: sales (law 10's too), final scoring (law 9's too), money paid out."""
COLUMNS = (Column.mean("cards", "Cards", source="placed"), Column("forecast", lambda _: None))
"""Cheops's own columns of each bot: the tiles it placed a game (``Cards`` in the bots'
table, as every game's), and the forecast its bots do not make (``null``: every game's arena
JSON has it)."""


class CheopsArenaError(TournamentError):
    """A Cheops arena that cannot be run (unknown bot, seats, games), or a game that failed
    on its worker."""


class CheopsRecordError(SilverpyrError, ValueError):
    """An arena game record that cannot be written."""


@dataclass(frozen=True)
class CheopsGameResult(TableResult):
    """One arena game (the core's :class:`TableResult`): its totals are the final money, its
    ``placed`` the tiles each seat placed in the pyramid (neighbours included)."""

    @property
    def money(self) -> tuple[int, ...]:
        """Each seat's final money."""
        return self.totals


def money_categories(
    state: CheopsState,
) -> tuple[tuple[dict[str, int], ...], tuple[int, ...]]:
    """Each seat's money by :data:`CATEGORIES` and the tiles it placed, from the events."""
    seats = state.players
    totals = [dict.fromkeys(CATEGORIES, 0) for _ in range(seats)]
    placed = [0] * seats
    for event in state.events:
        if isinstance(event, Sold):
            totals[event.seat]["sold"] += event.paid
        elif isinstance(event, Scored):
            totals[event.seat]["stored"] += event.amount
        elif isinstance(event, Paid):
            totals[event.seat]["paid"] += abs(event.amount)
        elif isinstance(event, Took):
            placed[event.seat] += 1
    return tuple(totals), tuple(placed)


def play_arena_game(
    shared: tuple[Components, bool], seed: int, seats: tuple[str, ...]
) -> CheopsGameResult:
    """Play the game of ``seed`` with the bots named by ``seats`` (one Dask task; ``shared``
    is the components and whether the moves come back: only for records)."""
    components, with_moves = shared
    final, moves = play_game(components, [make_player(name) for name in seats], seed)
    return CheopsGameResult.ended(
        seed,
        seats,
        final,
        moves if with_moves else None,
        outcome=outcome,
        counted=money_categories,
        error=CheopsArenaError,
    )


@dataclass(frozen=True)
class ArenaReport(CoreArenaReport[CheopsGameResult]):
    """Every game, each bot's figures and the paired differences (the core's)."""

    game: ClassVar[str] = "cheops"


def summarise(results: Sequence[CheopsGameResult], seconds: float, workers: int) -> ArenaReport:
    """Each bot's figures over ``results`` (bots in the order they first appear), and the
    paired money difference of every two bots (the core's :func:`table_report`)."""
    return table_report(ArenaReport, results, CATEGORIES, seconds, workers, columns=COLUMNS)


def check_arena(bots: Sequence[str], games: int, seed: int = 0) -> None:
    """Raise :class:`CheopsArenaError` unless ``bots`` can play ``games`` games (the core's
    :func:`~silverpyr.puzzles.core.tournament.check_table`)."""
    check_table(bots, REGISTRY, games, seed, GAMES["cheops"], CheopsArenaError)


class CheopsRecords(TableRecords[Components, CheopsGameResult]):
    """Where ``cheops arena --records`` writes every game, as the game's record
    :data:`~.game_record.SHAPE` says (the core's :class:`TableRecords`)."""

    error = CheopsRecordError
    shape = SHAPE


record_of = CheopsRecords.record_of


run_arena = ArenaRun(
    check_arena,
    play_arena_game,
    lambda components, with_moves: (components, with_moves),
    summarise,
    CheopsArenaError,
)
"""``run_arena(components, bots, games, *, seed, scheduler, workers, progress, records)``:
play the arena; ``workers=0`` plays in this process, otherwise on Dask (the core's
:class:`ArenaRun`)."""
