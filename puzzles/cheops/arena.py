"""The Cheops arena: bots play seeded games against each other, seats rotated.

A line-up (e.g. ``expert, greedy, greedy``) plays ``games`` games: game ``g`` is the game of
seed ``seed + g`` with the line-up rotated by ``g`` seats, so every bot plays every seat
equally often on the same deals (:mod:`silverpyr.puzzles.core.tournament`). Games are independent
tasks on Dask (:mod:`silverpyr.puzzles.core.cluster`) or in this process (``workers=0``); the
result does not depend on the number of workers, since each game is fixed by its seed and its
seats, and the results are sorted by seed.

Per bot: the win rate (a shared win, Ruling C12, counts as a fraction: ``1/k`` to each of
``k`` winners) with its 95% Wilson interval, mean and median final money with the standard
error, the mean money by category (``sold``: paid for sales, law 10's included; ``stored``:
final scoring, law 9's included; ``paid``: spent on neighbours and law 9, so that final money
= start money + sold + stored - paid) and ``cards``, the tiles a seat placed in the pyramid a
game (the key every game's arena has); ``forecast`` is kept for the JSON shape of
``silverpyr arena`` and is ``None``. For every two bots, their paired money difference over
the games both played.

With ``records`` every game is written as ``game-<seed>.json``: the components' fingerprint,
the seed, the seats' bots and every move in notation, replayable through the engine
(:func:`replay_record`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ...solver.cheops.bots import play_game
from ...solver.cheops.components import Components
from ...solver.cheops.game import (
    CheopsState,
    Paid,
    Scored,
    Sold,
    Took,
    apply,
    new_game,
    outcome,
    parse_move,
)
from ...solver.core.errors import SilverpyrError
from ...solver.games import GAMES
from ..core.tournament import ArenaReport as CoreArenaReport
from ..core.tournament import (
    BotReport,
    Column,
    JsonRecords,
    Seat,
    TournamentError,
    bot_reports,
    check_table,
    pair_reports,
    replay_arena_moves,
    run_games,
)
from .game_record import SHAPE
from .registry import REGISTRY, make_player

CATEGORIES = ("sold", "stored", "paid")
"""Money by category: sales (law 10's too), final scoring (law 9's too), money paid out."""


class CheopsArenaError(TournamentError):
    """A Cheops arena that cannot be run (unknown bot, seats, games), or a game that failed
    on its worker."""


class CheopsRecordError(SilverpyrError, ValueError):
    """An arena game record that cannot be written or replayed."""


@dataclass(frozen=True)
class CheopsGameResult:
    """One arena game: seats' bots, final money by category, winners, how it ended, moves."""

    seed: int
    seats: tuple[str, ...]
    money: tuple[int, ...]
    categories: tuple[dict[str, int], ...]
    placed: tuple[int, ...]
    """Tiles each seat placed in the pyramid (neighbours included)."""
    winners: tuple[int, ...]
    reason: str
    """How the game ended (the engine's ``Outcome.reason``)."""
    moves: tuple[str, ...] = ()
    """Every move of the game, in notation, in order (only when records are written)."""


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
    is the components and whether the moves come back: only for records, since a million
    games' moves would not fit in memory)."""
    components, with_moves = shared
    players = [make_player(name) for name in seats]
    final, moves = play_game(components, players, seed)
    result = outcome(final)
    if result is None:  # play_game plays to the end: a bug, not a bad input
        raise CheopsArenaError(f"the game of seed {seed} stopped before its end")
    categories, placed = money_categories(final)
    return CheopsGameResult(
        seed=seed,
        seats=seats,
        money=tuple(result.money),
        categories=categories,
        placed=placed,
        winners=tuple(result.winners),
        reason=str(result.reason),
        moves=tuple(move.notation() for move in moves) if with_moves else (),
    )


@dataclass(frozen=True)
class ArenaReport(CoreArenaReport[CheopsGameResult]):
    """Every game, each bot's figures and the paired differences (the core's)."""

    game: ClassVar[str] = "cheops"


NO_FORECAST = Column("forecast", lambda _: None)
"""``forecast``, kept for the JSON shape of ``silverpyr arena``: no Cheops bot forecasts."""


def _seat(result: CheopsGameResult, seat: int) -> Seat:
    return Seat(result.money[seat], result.categories[seat], result.placed[seat])


def summarise(results: Sequence[CheopsGameResult], seconds: float, workers: int) -> ArenaReport:
    """Each bot's figures over ``results`` (bots in the order they first appear), and the
    paired money difference of every two bots (the core's :func:`bot_reports` and
    :func:`pair_reports`)."""
    return ArenaReport(
        tuple(results),
        bot_reports(results, CATEGORIES, _seat, columns=(NO_FORECAST,), report=BotReport),
        pair_reports(results, lambda result: result.money),
        seconds,
        workers,
    )


def check_arena(bots: Sequence[str], games: int, seed: int = 0) -> None:
    """Raise :class:`CheopsArenaError` unless ``bots`` can play ``games`` games (the core's
    :func:`~silverpyr.puzzles.core.tournament.check_table`)."""
    check_table(bots, REGISTRY, games, seed, GAMES["cheops"], CheopsArenaError)


class CheopsRecords(JsonRecords[Components, CheopsGameResult]):
    """The folder ``cheops arena --records`` writes every game to (checked before any game,
    ``CheopsRecords.open(folder, components, last_seed)``)."""

    error = CheopsRecordError

    def record(self, result: CheopsGameResult) -> dict[str, Any]:
        return record_of(self.cards, result)


def record_of(components: Components, result: CheopsGameResult) -> dict[str, Any]:
    """The arena record of one game, as plain data (the core's
    :meth:`~silverpyr.puzzles.core.records_file.RecordShape.arena_record`)."""
    return SHAPE.arena_record(components.fingerprint, result.seed, result.seats, result.moves)


def replay_record(components: Components, data: dict[str, Any]) -> CheopsState:
    """The final state of an arena record, every move replayed through the engine
    (:class:`CheopsRecordError` naming the move that does not replay)."""
    if data.get("components") != components.fingerprint:
        raise CheopsRecordError("the record was played with other components")
    seats = data.get("seats")
    seed = data.get("seed")
    moves = data.get("moves")
    if not isinstance(seats, list) or not isinstance(seed, int) or not isinstance(moves, list):
        raise CheopsRecordError("the record needs 'seats' (a list), 'seed' and 'moves' (a list)")
    try:
        state = new_game(components, len(seats), seed)
    except SilverpyrError as error:
        raise CheopsRecordError(f"the record's game cannot start: {error}") from None
    return replay_arena_moves(state, moves, _play, CheopsRecordError)


def _play(state: CheopsState, text: Any) -> CheopsState:
    return apply(state, parse_move(state, str(text)))


def run_arena(
    components: Components,
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    scheduler: str | None = None,
    workers: int | None = None,
    progress: Callable[[], None] | None = None,
    records: CheopsRecords | None = None,
) -> ArenaReport:
    """Play the arena; ``workers=0`` plays in this process, otherwise on Dask."""
    check_arena(bots, games, seed)
    results, used, seconds = run_games(
        play_arena_game,
        (components, records is not None),
        bots,
        games,
        seed,
        error=CheopsArenaError,
        scheduler=scheduler,
        workers=workers,
        progress=progress,
        records=records,
    )
    report = summarise(results, seconds, used)
    return report if records is None else replace(report, records=records.folder)
