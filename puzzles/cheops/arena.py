"""The Cheops arena: bots play seeded games against each other, seats rotated.

A line-up (e.g. ``expert, greedy, greedy``) plays ``games`` games: game ``g`` is the game of
seed ``seed + g`` with the line-up rotated by ``g`` seats, so every bot plays every seat
equally often on the same deals (:mod:`silverpyr.puzzles.tournament`). Games are independent
tasks on Dask (:mod:`silverpyr.puzzles.cluster`) or in this process (``workers=0``); the
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

import json
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

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
from ...solver.errors import SilverpyrError
from ..tournament import (
    BotFigures,
    Spread,
    TournamentError,
    bot_figures,
    bots_in_order,
    check_line_up,
    line_ups,
    paired_difference,
    play_games,
    win_shares,
)
from .registry import NAMES, make_player

CATEGORIES = ("sold", "stored", "paid")
"""Money by category: sales (law 10's too), final scoring (law 9's too), money paid out."""
RECORD_FORMAT = 1
MIN_SEATS = 2
MAX_SEATS = 5


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
class BotReport(BotFigures):
    """One bot's figures over the arena (the core's, then Cheops's)."""

    categories: dict[str, float]
    cards: float
    """Mean tiles placed in the pyramid per seat."""

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.figures_dict(),
            "categories": {k: round(v, 2) for k, v in self.categories.items()},
            "cards": round(self.cards, 2),
            "forecast": None,
        }


@dataclass(frozen=True)
class PairReport:
    """Two bots' paired money difference over the games both played."""

    first: str
    second: str
    difference: Spread

    def to_dict(self) -> dict[str, Any]:
        return {"bots": [self.first, self.second], "score_difference": self.difference.to_dict()}


@dataclass(frozen=True)
class ArenaReport:
    """Every game, each bot's figures and the paired differences."""

    games: tuple[CheopsGameResult, ...]
    bots: tuple[BotReport, ...]
    pairs: tuple[PairReport, ...]
    seconds: float
    workers: int
    records: Path | None = None

    def endings(self) -> dict[str, int]:
        """Games by how they ended (the engine's reasons), in first-seen order."""
        counts: dict[str, int] = {}
        for game in self.games:
            counts[game.reason] = counts.get(game.reason, 0) + 1
        return counts

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": len(self.games),
            "players": len(self.games[0].seats) if self.games else 0,
            "bots": [bot.to_dict() for bot in self.bots],
            "seconds": round(self.seconds, 1),
            "workers": self.workers,
            "records": None if self.records is None else str(self.records),
            "game": "cheops",
            "pairs": [pair.to_dict() for pair in self.pairs],
            "endings": self.endings(),
        }


def _mean_money(result: CheopsGameResult, name: str) -> float | None:
    money = [result.money[s] for s, seated in enumerate(result.seats) if seated == name]
    return statistics.fmean(money) if money else None


def summarise(results: Sequence[CheopsGameResult], seconds: float, workers: int) -> ArenaReport:
    """Each bot's figures over ``results`` (bots in the order they first appear), and the
    paired difference of every two bots."""
    names = bots_in_order(result.seats for result in results)
    bots = []
    for name in names:
        totals: list[int] = []
        wins = 0.0
        categories = dict.fromkeys(CATEGORIES, 0.0)
        placed = 0
        for result in results:
            shares = win_shares(result.winners, len(result.seats))
            for seat, seated in enumerate(result.seats):
                if seated != name:
                    continue
                totals.append(result.money[seat])
                for key in CATEGORIES:
                    categories[key] += result.categories[seat][key]
                placed += result.placed[seat]
                wins += shares[seat]
        played = len(totals)
        bots.append(
            BotReport(
                **bot_figures(name, totals, wins),
                categories={k: v / played for k, v in categories.items()},
                cards=placed / played,
            )
        )
    pairs = []
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            a: list[float] = []
            b: list[float] = []
            for result in results:
                x, y = _mean_money(result, first), _mean_money(result, second)
                if x is not None and y is not None:
                    a.append(x)
                    b.append(y)
            pairs.append(PairReport(first, second, paired_difference(a, b)))
    return ArenaReport(tuple(results), tuple(bots), tuple(pairs), seconds, workers)


def check_arena(bots: Sequence[str], games: int, seed: int = 0) -> None:
    """Raise :class:`CheopsArenaError` unless ``bots`` can play ``games`` games."""
    try:
        check_line_up(bots, NAMES, games, seed)
    except TournamentError as error:
        raise CheopsArenaError(str(error)) from None
    if not MIN_SEATS <= len(bots) <= MAX_SEATS:
        raise CheopsArenaError(
            f"a game of Cheops seats {MIN_SEATS} to {MAX_SEATS} bots, not {len(bots)}"
        )


@dataclass
class CheopsRecords:
    """The folder ``cheops arena --records`` writes every game to (checked before any game)."""

    folder: Path
    components: Components
    digits: int
    written: int = field(default=0)

    @classmethod
    def open(cls, folder: Path, components: Components, last_seed: int) -> CheopsRecords:
        from ..tournament import records_folder

        records_folder(folder)
        return cls(folder, components, max(6, len(str(last_seed))))

    def name(self, seed: int) -> Path:
        return self.folder / f"game-{seed:0{self.digits}d}.json"

    def write(self, result: CheopsGameResult) -> None:
        """Write ``result``'s record; :class:`CheopsRecordError` naming the file if it cannot
        be (the records written before it stay)."""
        path = self.name(result.seed)
        data = record_of(self.components, result)
        try:
            path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            raise CheopsRecordError(
                f"cannot save the game record to {path}: {error.strerror or error}; the "
                f"{self.written:,} records written before it stay in {self.folder}"
            ) from None
        self.written += 1


def record_of(components: Components, result: CheopsGameResult) -> dict[str, Any]:
    """The arena record of one game, as plain data."""
    return {
        "format": RECORD_FORMAT,
        "game": "cheops",
        "components": components.fingerprint,
        "seed": result.seed,
        "seats": list(result.seats),
        "moves": list(result.moves),
    }


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
    for number, text in enumerate(moves, start=1):
        try:
            state = apply(state, parse_move(state, str(text)))
        except SilverpyrError as error:
            raise CheopsRecordError(f"move {number} ({text!r}) does not replay: {error}") from None
    return state


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
    began = time.perf_counter()

    def done(result: CheopsGameResult) -> None:
        if records is not None:
            records.write(result)
        if progress:
            progress()

    try:
        results, used = play_games(
            play_arena_game,
            (components, records is not None),
            line_ups(bots, games, seed),
            total=games,
            seed_of=lambda result: result.seed,
            scheduler=scheduler,
            workers=workers,
            each=done,
            kind="an arena",
        )
    except TournamentError as error:
        raise CheopsArenaError(str(error)) from None
    report = summarise(results, time.perf_counter() - began, used)
    return report if records is None else replace(report, records=records.folder)
