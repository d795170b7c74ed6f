"""The Pyramid of the Sun arena: bots play seeded games against each other, seats rotated.

A line-up (e.g. ``expert, greedy, greedy``) plays ``games`` games: game ``g`` is the game of
seed ``seed + g`` on a pyramid of ``size``, with the line-up rotated by ``g`` seats, so every
bot plays every seat equally often on the same deals (:mod:`silverpyr.puzzles.tournament`).
Games are independent tasks on Dask (:mod:`silverpyr.puzzles.cluster`) or in this process
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

import json
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ...solver.errors import SilverpyrError
from ...solver.sun.bots import play_game
from ...solver.sun.cards import Deck
from ...solver.sun.game import SunState, apply, new_game, outcome, parse_move
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

CATEGORIES = ("cards", "symbols", "top")
"""Score categories: points of cards placed below the top, of symbols, of the top card."""
SIZES = ("short", "standard", "long")
RECORD_FORMAT = 1


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
class BotReport(BotFigures):
    """One bot's figures over the arena (the core's, then the Sun's)."""

    categories: dict[str, float]
    cards: float
    """Mean cards placed in the pyramid per seat."""

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.figures_dict(),
            "categories": {k: round(v, 2) for k, v in self.categories.items()},
            "cards": round(self.cards, 2),
            "forecast": None,
        }


@dataclass(frozen=True)
class PairReport:
    """Two bots' paired score difference over the games both played."""

    first: str
    second: str
    difference: Spread

    def to_dict(self) -> dict[str, Any]:
        return {"bots": [self.first, self.second], "score_difference": self.difference.to_dict()}


@dataclass(frozen=True)
class ArenaReport:
    """Every game, each bot's figures and the paired differences."""

    games: tuple[SunGameResult, ...]
    bots: tuple[BotReport, ...]
    pairs: tuple[PairReport, ...]
    seconds: float
    workers: int
    size: str
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
            "game": "sun",
            "size": self.size,
            "pairs": [pair.to_dict() for pair in self.pairs],
            "endings": self.endings(),
        }


def _mean_score(result: SunGameResult, name: str) -> float | None:
    scores = [result.scores[s] for s, seated in enumerate(result.seats) if seated == name]
    return statistics.fmean(scores) if scores else None


def summarise(
    results: Sequence[SunGameResult], seconds: float, workers: int, size: str
) -> ArenaReport:
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
                totals.append(result.scores[seat])
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
                x, y = _mean_score(result, first), _mean_score(result, second)
                if x is not None and y is not None:
                    a.append(x)
                    b.append(y)
            pairs.append(PairReport(first, second, paired_difference(a, b)))
    return ArenaReport(tuple(results), tuple(bots), tuple(pairs), seconds, workers, size)


def check_arena(bots: Sequence[str], games: int, seed: int = 0, size: str = "standard") -> None:
    """Raise :class:`SunArenaError` unless ``bots`` can play ``games`` games of ``size``."""
    try:
        check_line_up(bots, NAMES, games, seed)
    except TournamentError as error:
        raise SunArenaError(str(error)) from None
    if not 2 <= len(bots) <= 5:
        raise SunArenaError(f"a game of Pyramid of the Sun seats 2 to 5 bots, not {len(bots)}")
    if size not in SIZES:
        raise SunArenaError(f"unknown pyramid size {size!r} (sizes: {', '.join(SIZES)})")


@dataclass
class SunRecords:
    """The folder ``sun arena --records`` writes every game to (checked before any game)."""

    folder: Path
    deck: Deck
    digits: int
    written: int = field(default=0)

    @classmethod
    def open(cls, folder: Path, deck: Deck, last_seed: int) -> SunRecords:
        from ..tournament import records_folder

        records_folder(folder)
        return cls(folder, deck, max(6, len(str(last_seed))))

    def name(self, seed: int) -> Path:
        return self.folder / f"game-{seed:0{self.digits}d}.json"

    def write(self, result: SunGameResult) -> None:
        """Write ``result``'s record; :class:`SunRecordError` naming the file if it cannot be
        (the records written before it stay)."""
        path = self.name(result.seed)
        data = record_of(self.deck, result)
        try:
            path.write_text(json.dumps(data, indent=1) + "\n", encoding="utf-8")
        except OSError as error:
            raise SunRecordError(
                f"cannot save the game record to {path}: {error.strerror or error}; the "
                f"{self.written:,} records written before it stay in {self.folder}"
            ) from None
        self.written += 1


def record_of(deck: Deck, result: SunGameResult) -> dict[str, Any]:
    """The arena record of one game, as plain data."""
    return {
        "format": RECORD_FORMAT,
        "game": "sun",
        "deck": deck.fingerprint,
        "size": result.size,
        "seed": result.seed,
        "seats": list(result.seats),
        "moves": list(result.moves),
    }


def replay_record(deck: Deck, data: dict[str, Any]) -> SunState:
    """The final state of an arena record, every move replayed through the engine
    (:class:`SunRecordError` naming the move that does not replay)."""
    if data.get("deck") != deck.fingerprint:
        raise SunRecordError("the record was played with another deck")
    state = new_game(deck, len(data["seats"]), data["size"], data["seed"])
    for number, text in enumerate(data["moves"], start=1):
        try:
            state = apply(state, parse_move(state, text))
        except SilverpyrError as error:
            raise SunRecordError(f"move {number} ({text!r}) does not replay: {error}") from None
    return state


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
    began = time.perf_counter()

    def done(result: SunGameResult) -> None:
        if records is not None:
            records.write(result)
        if progress:
            progress()

    try:
        results, used = play_games(
            play_arena_game,
            (deck, size, records is not None),
            line_ups(bots, games, seed),
            total=games,
            seed_of=lambda result: result.seed,
            scheduler=scheduler,
            workers=workers,
            each=done,
            kind="an arena",
        )
    except TournamentError as error:
        raise SunArenaError(str(error)) from None
    report = summarise(results, time.perf_counter() - began, used, size)
    return report if records is None else replace(report, records=records.folder)
