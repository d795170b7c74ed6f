"""The arena: bots play seeded games against each other, seats rotated, and are compared.

Everything that is not Silver & Gold's own (checking the line-up, rotating the seats by seed,
the games on Dask or in this process, win shares, Wilson intervals, standard errors, paired
differences, each bot's figures and their JSON, checking the records folder) is the game-free
:mod:`silverpyr.puzzles.core.tournament`, which every game's arena uses too; this module keeps
playing a Silver & Gold game, its score categories, its forecasts and its game records.

Per bot, beside the core's figures: mean and median score, mean score by category, cards
completed, and, for a bot that forecasts its score (the expert), its mean forecast at the
keep decision beside its mean achieved score (calibration).

With ``records`` (``arena --records DIR``) every game's arena record (every game's shape,
:data:`.game_record.SHAPE`: the seats' bots and every decision in order) is written to the
folder as ``game-<seed>.json``, so any bot's games can be replayed and reviewed (``hint
--game FILE --review --seat N``). The game tasks return the moves, and this process writes
the files as the games come back.
"""

from __future__ import annotations

import statistics
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar, Self, cast

from ....solver.silvergold.cards import Deck
from ....solver.silvergold.game import END_REASON, GameState, Replacement
from ....solver.silvergold.moves import Move
from ....solver.silvergold.players import Player, play_game
from ...core.tournament import ArenaReport as CoreArenaReport
from ...core.tournament import (
    ArenaRun,
    Column,
    JsonRecords,
    RecordsFolderError,
    Seat,
    TournamentError,
    table_report,
)
from ...core.tournament import BotReport as CoreBotReport
from ...core.tournament import check_line_up as check_tournament
from .game_record import SHAPE, RecordPathError, notation
from .registry import REGISTRY, make_player

CATEGORIES = ("torches", "pyramid_points", "gems", "skulls", "completed")


def _mean_forecast(forecasts: Sequence[float | None]) -> float | None:
    made = [forecast for forecast in forecasts if forecast is not None]
    return statistics.fmean(made) if made else None


def _forecast_cell(forecast: float | None) -> str:
    return "-" if forecast is None else f"{forecast:.1f}"


CARDS = Column.mean("cards", "Cards", per=10, source="completed")
"""The cards a bot completes a game (its ``completed`` points, 10 a card)."""
FORECAST = Column("forecast", _mean_forecast, "Forecast", _forecast_cell)
"""A bot's mean forecast at the keep decision (``None`` when it makes none)."""
COLUMNS = (CARDS, FORECAST)
"""The game's own columns of each bot, in the JSON after ``categories`` and in the bots'
table after the core's."""


@dataclass(frozen=True)
class BotReport(CoreBotReport):
    """A bot's figures (the core's) with its mean forecast (the command's table reads it)."""

    @property
    def forecast(self) -> float | None:
        """The bot's mean forecast at the keep decision (``None`` when it makes none)."""
        return cast("float | None", self.columns[FORECAST.key])


class ArenaError(TournamentError):
    """An arena that cannot be run (unknown bot, too many seats, no games, too many games),
    or a game that failed on its worker."""


@dataclass(frozen=True)
class GameResult:
    """One arena game: the seats' bot names, their score breakdowns, winners and forecasts,
    and every seat's decisions in order (what its record holds)."""

    seed: int
    seats: tuple[str, ...]
    scores: tuple[dict[str, int], ...]
    winners: tuple[int, ...]
    forecasts: tuple[float | None, ...]
    moves: tuple[str, ...] = ()
    """Every decision, in the order the engine's turns take them (seat 1 first in a step
    every seat takes at once)."""

    @property
    def reason(self) -> str:
        """How the game ended (the engine's :data:`~silverpyr.solver.silvergold.game.END_REASON`:
        ``endings`` in the arena's JSON, as every game's)."""
        return END_REASON

    @property
    def totals(self) -> tuple[int, ...]:
        """Each seat's final score."""
        return tuple(score["total"] for score in self.scores)

    def record(self, deck: Deck) -> dict[str, Any]:
        """The game's arena record, as plain data: every seat's bot and decision."""
        return SHAPE.arena_record(deck.fingerprint, self.seed, self.seats, self.moves)


@dataclass
class _Recording:
    """A seat's player that writes down each decision it makes, in the table's one list
    (every step's seats are asked in seat order, as the record holds them)."""

    player: Player
    name: str
    moves: list[str] = field(default_factory=list)

    def keep(self, state: GameState, player: int) -> tuple[int, int]:
        choice = self.player.keep(state, player)
        self.moves.append(notation(choice))
        return choice

    def move(self, state: GameState, player: int) -> Move:
        move = self.player.move(state, player)
        self.moves.append(notation(move))
        return move

    def replacement(self, state: GameState) -> Replacement:
        choice = self.player.replacement(state)
        self.moves.append(notation(choice))
        return choice

    def predicted(self, state: GameState, player: int) -> float | None:
        return self.player.predicted(state, player)


def play_arena_game(deck: Deck, seed: int, seats: tuple[str, ...]) -> GameResult:
    """Play the game of ``seed`` with the bots named by ``seats`` (one Dask task)."""
    moves: list[str] = []
    players = [_Recording(make_player(name), name, moves) for name in seats]
    played = play_game(deck, seed, players)
    return GameResult(
        seed,
        seats,
        tuple(score.to_dict() for score in played.outcome.scores),
        played.outcome.winners,
        played.forecasts,
        tuple(moves),
    )


class ArenaRecords(JsonRecords[Deck, GameResult]):
    """The folder ``arena --records`` writes every game's record to (the core's
    :class:`~silverpyr.puzzles.core.tournament.JsonRecords`), its refusals worded as
    ``game --record`` words its own: a FIFO is ``a FIFO (named pipe)``, a dangling link shows
    where it points, and each is a :class:`RecordPathError`."""

    error = RecordPathError
    fifo = "a FIFO (named pipe)"
    link_target = True

    @classmethod
    def open(cls, folder: Path, cards: Deck, last_seed: int) -> Self:
        try:
            return super().open(folder, cards, last_seed)
        except RecordsFolderError as error:
            raise RecordPathError(str(error)) from None

    def record(self, result: GameResult) -> dict[str, Any]:
        return result.record(self.cards)


def check_line_up(bots: Sequence[str], games: int, seed: int = 0) -> None:
    """Raise :class:`ArenaError` unless ``bots`` (Silver & Gold's players) can play ``games``
    games from ``seed``."""
    try:
        check_tournament(bots, REGISTRY, games, seed)
    except TournamentError as error:
        raise ArenaError(str(error)) from None


@dataclass(frozen=True)
class ArenaReport(CoreArenaReport[GameResult]):
    """Every game, each bot's figures and the paired differences (the core's
    :class:`~silverpyr.puzzles.core.tournament.ArenaReport`, as every game's)."""

    game: ClassVar[str] = "silvergold"


def _seat(result: GameResult, seat: int) -> Seat:
    score = result.scores[seat]
    return Seat(score["total"], score, {**score, FORECAST.key: result.forecasts[seat]})


def summarise(results: Sequence[GameResult], seconds: float, workers: int) -> ArenaReport:
    """Each bot's figures over ``results`` (bots in the order they first appear), and the
    paired difference of every two bots (the core's :func:`table_report`)."""
    return table_report(
        ArenaReport,
        results,
        CATEGORIES,
        seconds,
        workers,
        columns=COLUMNS,
        seat=_seat,
        bots=BotReport,
    )


run_arena = ArenaRun(
    check_line_up,
    play_arena_game,
    lambda deck, _with_moves: deck,  # the games always bring their answers back
    summarise,
    ArenaError,
)
"""``run_arena(deck, bots, games, *, seed, scheduler, workers, progress, records)``: play the
arena; ``workers=0`` plays in this process, otherwise on Dask (the core's :class:`ArenaRun`).
With ``records`` each game's record is written as the game comes back."""
