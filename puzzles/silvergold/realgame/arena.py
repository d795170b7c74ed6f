"""The arena: bots play seeded games against each other, seats rotated, and are compared.

A line-up (e.g. ``expert, greedy``) plays ``games`` games; game ``g`` is the game of seed
``seed + g`` with the line-up rotated by ``g`` seats, so every bot plays every seat equally
often on the same deals. Games are independent tasks, run on Dask
(:mod:`silverpyr.puzzles.cluster`) or in this process (``workers=0``); the result does not
depend on the number of workers, since each game is fixed by its seed and its seats.

Everything that is not Silver & Gold's own (checking the line-up, rotating the seats, the
seeded game loop, win shares, Wilson intervals, standard errors, checking the records
folder) is the game-free :mod:`silverpyr.puzzles.tournament`, which the Pyramid of the Sun
arena uses too; this module keeps playing a Silver & Gold game, its score categories, its
forecasts and its game records.

With ``records`` (``arena --records DIR``) every game's record (:mod:`.game_record`: the
seats' bots and all their answers) is written to the folder as ``game-<seed>.json``, so any
bot's games can be replayed and reviewed (``hint --game FILE --review --seat N``). The game
tasks return the answers, and this process writes the files as the games come back.

Per bot: the win rate (a shared win counts as a fraction) with its 95% Wilson interval,
mean and median score, mean score by category, cards completed, and, for a bot that
forecasts its score (the expert), its mean forecast at the keep decision beside its mean
achieved score (calibration).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

from ....solver.silvergold.cards import Deck
from ....solver.silvergold.game import GameState, Replacement
from ....solver.silvergold.moves import Move
from ....solver.silvergold.players import Player, play_game
from ...tournament import (
    BotFigures,
    RecordsFolderError,
    TournamentError,
    bot_figures,
    bots_in_order,
    line_ups,
    play_games,
    records_folder,
    win_shares,
)
from ...tournament import check_line_up as check_tournament
from .game_record import GameRecord, RecordPathError, answer_of, waits_for
from .registry import NAMES, make_player

CATEGORIES = ("torches", "pyramid_points", "gems", "skulls", "completed")


class ArenaError(TournamentError):
    """An arena that cannot be run (unknown bot, too many seats, no games, too many games),
    or a game that failed on its worker."""


@dataclass(frozen=True)
class GameResult:
    """One arena game: the seats' bot names, their score breakdowns, winners and forecasts,
    and each seat's answers (what its game record holds)."""

    seed: int
    seats: tuple[str, ...]
    scores: tuple[dict[str, int], ...]
    winners: tuple[int, ...]
    forecasts: tuple[float | None, ...]
    answers: tuple[tuple[str, ...], ...] = ()

    def record(self, deck: Deck) -> GameRecord:
        """The game's record: every seat's bot and answers."""
        return GameRecord.of_bots(deck.fingerprint, self.seed, self.seats, self.answers)


@dataclass
class _Recording:
    """A seat's player that writes down each answer it gives, as a game record holds them
    (no passes, no replacement without a choice)."""

    player: Player
    name: str
    answers: list[str] = field(default_factory=list)

    def keep(self, state: GameState, player: int) -> tuple[int, int]:
        choice = self.player.keep(state, player)
        self.answers.append(answer_of(state, choice))
        return choice

    def move(self, state: GameState, player: int) -> Move:
        move = self.player.move(state, player)
        if waits_for(state, player):
            self.answers.append(answer_of(state, move))
        return move

    def replacement(self, state: GameState) -> Replacement:
        choice = self.player.replacement(state)
        seat = state.replacing_player
        if seat is not None and waits_for(state, seat):
            self.answers.append(answer_of(state, choice))
        return choice

    def predicted(self, state: GameState, player: int) -> float | None:
        return self.player.predicted(state, player)


def play_arena_game(deck: Deck, seed: int, seats: tuple[str, ...]) -> GameResult:
    """Play the game of ``seed`` with the bots named by ``seats`` (one Dask task)."""
    players = [_Recording(make_player(name), name) for name in seats]
    played = play_game(deck, seed, players)
    return GameResult(
        seed,
        seats,
        tuple(score.to_dict() for score in played.outcome.scores),
        played.outcome.winners,
        played.forecasts,
        tuple(tuple(player.answers) for player in players),
    )


@dataclass
class ArenaRecords:
    """The folder ``arena --records`` writes every game's record to, checked before any game
    (:meth:`open`), and the records written so far."""

    folder: Path
    deck: Deck
    digits: int
    """Width of the seed in the file names, so that they sort by seed."""
    written: int = 0

    @classmethod
    def open(cls, folder: Path, deck: Deck, last_seed: int) -> ArenaRecords:
        """The folder ``folder``, made if missing; :class:`RecordPathError` unless it is (or
        can be made) a folder this process can write files in (worded as ``game --record``
        words its refusals: a FIFO is ``a FIFO (named pipe)``, a dangling link shows where it
        points)."""
        try:
            records_folder(folder, fifo="a FIFO (named pipe)", link_target=True)
        except RecordsFolderError as error:
            raise RecordPathError(str(error)) from None
        return cls(folder, deck, max(6, len(str(last_seed))))

    def name(self, seed: int) -> Path:
        """Where the game of ``seed`` is written (``game-000123.json``)."""
        return self.folder / f"game-{seed:0{self.digits}d}.json"

    def write(self, result: GameResult) -> None:
        """Write ``result``'s record; :class:`RecordPathError` naming the file if it cannot
        be (the records written before it stay)."""
        path = self.name(result.seed)
        kept = f"; the {self.written:,} records written before it stay in {self.folder}"
        try:
            result.record(self.deck).save(path)
        except RecordPathError as error:
            raise RecordPathError(f"{error}{kept}") from None
        except OSError as error:
            reason = error.strerror or str(error)
            raise RecordPathError(
                f"cannot save the game record to {path}: {reason}{kept}"
            ) from None
        self.written += 1


def check_line_up(bots: Sequence[str], games: int, seed: int = 0) -> None:
    """Raise :class:`ArenaError` unless ``bots`` (Silver & Gold's players) can play ``games``
    games from ``seed``."""
    try:
        check_tournament(bots, NAMES, games, seed)
    except TournamentError as error:
        raise ArenaError(str(error)) from None


@dataclass(frozen=True)
class BotReport(BotFigures):
    """One bot's figures over the arena (the core's, then Silver & Gold's)."""

    categories: dict[str, float]
    cards: float
    forecast: float | None
    """Mean forecast at the keep decision (``None`` when the bot makes none)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.figures_dict(),
            "categories": {k: round(v, 2) for k, v in self.categories.items()},
            "cards": round(self.cards, 2),
            "forecast": None if self.forecast is None else round(self.forecast, 2),
        }


@dataclass(frozen=True)
class ArenaReport:
    """Every game and each bot's figures."""

    games: tuple[GameResult, ...]
    bots: tuple[BotReport, ...]
    seconds: float
    workers: int
    records: Path | None = None
    """The folder every game's record was written to (``None``: none were)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": len(self.games),
            "players": len(self.games[0].seats) if self.games else 0,
            "bots": [bot.to_dict() for bot in self.bots],
            "seconds": round(self.seconds, 1),
            "workers": self.workers,
            "records": None if self.records is None else str(self.records),
        }


def summarise(results: Sequence[GameResult], seconds: float, workers: int) -> ArenaReport:
    """Each bot's figures over ``results`` (bots in the order they first appear)."""
    names = bots_in_order(result.seats for result in results)
    bots = []
    for name in names:
        totals: list[int] = []
        wins = 0.0
        categories = dict.fromkeys(CATEGORIES, 0.0)
        forecasts: list[float] = []
        for result in results:
            shares = win_shares(result.winners, len(result.seats))
            for seat, seated in enumerate(result.seats):
                if seated != name:
                    continue
                score = result.scores[seat]
                totals.append(score["total"])
                for key in CATEGORIES:
                    categories[key] += score[key]
                wins += shares[seat]
                forecast = result.forecasts[seat]
                if forecast is not None:
                    forecasts.append(forecast)
        played = len(totals)
        bots.append(
            BotReport(
                **bot_figures(name, totals, wins),
                categories={k: v / played for k, v in categories.items()},
                cards=categories["completed"] / played / 10,
                forecast=statistics.fmean(forecasts) if forecasts else None,
            )
        )
    return ArenaReport(tuple(results), tuple(bots), seconds, workers)


def run_arena(
    deck: Deck,
    bots: Sequence[str],
    games: int,
    *,
    seed: int = 0,
    scheduler: str | None = None,
    workers: int | None = None,
    progress: Callable[[], None] | None = None,
    records: ArenaRecords | None = None,
) -> ArenaReport:
    """Play the arena; ``workers=0`` plays in this process, otherwise on Dask
    (:func:`silverpyr.puzzles.tournament.play_games`).

    With ``records`` each game's record is written as the game comes back.
    """
    check_line_up(bots, games, seed)
    began = time.perf_counter()

    def done(result: GameResult) -> None:
        if records is not None:
            records.write(result)
        if progress:
            progress()

    try:
        results, used = play_games(
            play_arena_game,
            deck,
            line_ups(bots, games, seed),  # lazy: a million games are not held up front
            total=games,
            seed_of=lambda result: result.seed,
            scheduler=scheduler,
            workers=workers,
            each=done,
            kind="an arena",
            kept="" if records is None else f"; their records stay in {records.folder}",
        )
    except TournamentError as error:
        raise ArenaError(str(error)) from None
    report = summarise(results, time.perf_counter() - began, used)
    return report if records is None else replace(report, records=records.folder)
