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
size, the seed, the seats' bots and every move in notation, replayable through the engine
(:func:`replay_record`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from ...solver.core.errors import SilverpyrError
from ...solver.games import GAMES
from ...solver.sun.bots import play_game
from ...solver.sun.cards import Deck
from ...solver.sun.game import SunState, apply, new_game, outcome, parse_move
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

CATEGORIES = ("cards", "symbols", "top")
"""Score categories: points of cards placed below the top, of symbols, of the top card."""
SIZES = ("short", "standard", "long")


class SunArenaError(TournamentError):
    """A Sun arena that cannot be run (unknown bot, seats, size, games), or a game that
    failed on its worker."""


class SunRecordError(SilverpyrError, ValueError):
    """An arena game record that cannot be written or replayed."""


@dataclass(frozen=True)
class SunGameResult:
    """One arena game: seats' bots, scores by category, winners, how it ended, its moves."""

    seed: int
    size: str
    seats: tuple[str, ...]
    scores: tuple[int, ...]
    categories: tuple[dict[str, int], ...]
    placed: tuple[int, ...]
    """Cards each seat placed in the pyramid."""
    winners: tuple[int, ...]
    reason: str
    """How the game ended (the engine's ``Outcome.reason``)."""
    moves: tuple[str, ...] = ()
    """Every move of the game, in notation, in order (only when records are written)."""


def _categories(state: SunState, seats: int) -> tuple[tuple[dict[str, int], ...], tuple[int, ...]]:
    from ...solver.sun.game import Scored

    top = state.pyramid.top
    totals = [dict.fromkeys(CATEGORIES, 0) for _ in range(seats)]
    placed = [0] * seats
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
    is the deck, the size and whether the moves come back: only for records, since a
    million games' moves would not fit in memory)."""
    deck, size, with_moves = shared
    players = [make_player(name) for name in seats]
    final, moves = play_game(deck, players, size, seed)
    result = outcome(final)
    if result is None:  # play_game plays to the end: a bug, not a bad input
        raise SunArenaError(f"the game of seed {seed} stopped before its end")
    categories, placed = _categories(final, len(seats))
    return SunGameResult(
        seed=seed,
        size=size,
        seats=seats,
        scores=tuple(result.scores),
        categories=categories,
        placed=placed,
        winners=tuple(result.winners),
        reason=str(result.reason),
        moves=tuple(move.notation() for move in moves) if with_moves else (),
    )


@dataclass(frozen=True)
class ArenaReport(CoreArenaReport[SunGameResult]):
    """Every game, each bot's figures and the paired differences (the core's), with the
    pyramid's size."""

    game: ClassVar[str] = "sun"
    size: str = "standard"

    def game_keys(self) -> dict[str, Any]:
        return {"size": self.size}


NO_FORECAST = Column("forecast", lambda _: None)
"""``forecast``, kept for the JSON shape of ``silverpyr arena``: no Sun bot forecasts."""


def _seat(result: SunGameResult, seat: int) -> Seat:
    return Seat(result.scores[seat], result.categories[seat], result.placed[seat])


def summarise(
    results: Sequence[SunGameResult], seconds: float, workers: int, size: str
) -> ArenaReport:
    """Each bot's figures over ``results`` (bots in the order they first appear), and the
    paired difference of every two bots (the core's :func:`bot_reports` and
    :func:`pair_reports`)."""
    return ArenaReport(
        tuple(results),
        bot_reports(results, CATEGORIES, _seat, columns=(NO_FORECAST,), report=BotReport),
        pair_reports(results, lambda result: result.scores),
        seconds,
        workers,
        size=size,
    )


def check_arena(bots: Sequence[str], games: int, seed: int = 0, size: str = "standard") -> None:
    """Raise :class:`SunArenaError` unless ``bots`` can play ``games`` games of ``size`` (the
    core's :func:`~silverpyr.puzzles.core.tournament.check_table`)."""
    check_table(bots, REGISTRY, games, seed, GAMES["sun"], SunArenaError)
    if size not in SIZES:
        raise SunArenaError(f"unknown pyramid size {size!r} (sizes: {', '.join(SIZES)})")


class SunRecords(JsonRecords[Deck, SunGameResult]):
    """The folder ``sun arena --records`` writes every game to (checked before any game,
    ``SunRecords.open(folder, deck, last_seed)``)."""

    error = SunRecordError

    def record(self, result: SunGameResult) -> dict[str, Any]:
        return record_of(self.cards, result)


def record_of(deck: Deck, result: SunGameResult) -> dict[str, Any]:
    """The arena record of one game, as plain data (the core's
    :meth:`~silverpyr.puzzles.core.records_file.RecordShape.arena_record`)."""
    return SHAPE.arena_record(
        deck.fingerprint, result.seed, result.seats, result.moves, {"size": result.size}
    )


def replay_record(deck: Deck, data: dict[str, Any]) -> SunState:
    """The final state of an arena record, every move replayed through the engine
    (:class:`SunRecordError` naming the move that does not replay)."""
    if data.get("deck") != deck.fingerprint:
        raise SunRecordError("the record was played with another deck")
    state = new_game(deck, len(data["seats"]), data["size"], data["seed"])
    return replay_arena_moves(state, data["moves"], _play, SunRecordError)


def _play(state: SunState, text: Any) -> SunState:
    return apply(state, parse_move(state, text))


def run_arena(
    deck: Deck,
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    size: str = "standard",
    scheduler: str | None = None,
    workers: int | None = None,
    progress: Callable[[], None] | None = None,
    records: SunRecords | None = None,
) -> ArenaReport:
    """Play the arena; ``workers=0`` plays in this process, otherwise on Dask."""
    check_arena(bots, games, seed, size)
    results, used, seconds = run_games(
        play_arena_game,
        (deck, size, records is not None),
        bots,
        games,
        seed,
        error=SunArenaError,
        scheduler=scheduler,
        workers=workers,
        progress=progress,
        records=records,
    )
    report = summarise(results, seconds, used, size)
    return report if records is None else replace(report, records=records.folder)
