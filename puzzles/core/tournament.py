r"""Tournaments of bots, for any game: seeded line-ups, win shares, intervals, paired
differences, and the games run on Dask (:mod:`.cluster`) or in this process.

Game-free: nothing here imports a game. A game's arena gives a picklable function that plays
one game from ``(shared, seed, seats)`` and summarises the results it gets back; what each
game declares (its columns, its :class:`ArenaRun`, the table games' results and records) is
on the map (docs/architecture.md).

* **Line-ups.** Game ``g`` of a run is the game of seed ``seed + g`` with the line-up rotated
  by ``g`` seats (:func:`line_ups`), so every bot plays every seat equally often on the same
  deals.
* **Wins.** A shared win counts as a fraction: a seat among ``k`` winners gets ``1/k``
  (:func:`win_shares`); a bot's win rate is its shares over the seats it played, with the 95%
  Wilson score interval (:func:`wilson`).
* **Paired differences.** Two bots that played the same games compared game by game
  (:func:`paired_difference`): the mean of the differences with its standard error, which is
  far tighter than two separate means when the deals vary a lot.
* **Determinism.** :func:`play_games` returns the results sorted by seed, so a report does
  not depend on the number of workers nor on the order the games came back in.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
import statistics
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar, Generic, Protocol, Self, TypeVar, cast

from ...solver.core.errors import SilverpyrError
from ...solver.core.reader import special_kind
from ...solver.core.rng import seed_problem
from .cluster import (
    IN_FLIGHT_PER_WORKER,
    MAX_GAMES,
    RETRIES,
    ClusterLostError,
    SchedulerLostError,
    dask_client,
    finished,
    worker_count,
)
from .records_file import (
    Fingerprinted,
    Notated,
    RecordPathError,
    RecordShape,
    record_target,
    save_text,
    stat_mode,
)

if TYPE_CHECKING:
    from _typeshed import DataclassInstance

    from .players import Registry

R = TypeVar("R")


class ArenaGame(Protocol):
    """What the core reads of a game's arena result (a frozen dataclass)."""

    @property
    def seed(self) -> int: ...

    @property
    def seats(self) -> tuple[str, ...]:
        """The bot of each seat."""
        ...

    @property
    def winners(self) -> tuple[int, ...]: ...


class EndedGame(ArenaGame, Protocol):
    """An arena game that says how it ended (the engine's reason)."""

    @property
    def reason(self) -> str: ...


G = TypeVar("G", bound=ArenaGame)
E = TypeVar("E", bound=EndedGame)
"""An arena game that says how it ended: every game's (the Sun's and Cheops's
:class:`TableResult`)."""

Z95 = 1.959964
"""The two-sided 95% quantile of the normal distribution."""


class TournamentError(SilverpyrError, ValueError):
    """A tournament that cannot be run (no bot, too many games, a seed out of range), or a
    game that failed on its worker."""


class RecordsFolderError(SilverpyrError, OSError):
    """A folder game records cannot be written to."""


def wilson(successes: float, trials: int, z: float = Z95) -> tuple[float, float]:
    """The 95% Wilson score interval of a proportion (``(0, 1)`` without trials)."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    centre = share + z * z / (2 * trials)
    spread = z * math.sqrt(max(0.0, share * (1 - share)) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    # at a share of 0 or 1 the bound is exactly 0 or 1; the formula's rounding would put it
    # a hair inside, and the share itself outside its own interval
    low = 0.0 if share <= 0 else max(0.0, (centre - spread) / scale)
    high = 1.0 if share >= 1 else min(1.0, (centre + spread) / scale)
    return low, high


def chance_to_win(share: float, trials: int) -> str:
    """A chance to win measured in ``trials`` games, as people read it: never a bare
    percentage (8 rollouts all won show "100%", and that is no certainty) but with its 95%
    Wilson interval, ``81% [47%-96%]``; the line around it names the number of games."""
    low, high = wilson(share * trials, trials)
    return f"{share:.0%} [{low:.0%}-{high:.0%}]"


def win_shares(winners: Sequence[int], seats: int) -> tuple[float, ...]:
    """Each seat's share of the win: ``1/k`` for each of ``k`` winners, 0 for the others."""
    share = 1 / len(winners) if winners else 0.0
    return tuple(share if seat in winners else 0.0 for seat in range(seats))


def seat_share(
    games: int, players: int, first_seed: int, winners: Callable[[int, int], Sequence[int]]
) -> float:
    """One bot's win share over ``games`` games of ``players`` seats, its seat rotated one a
    game (game ``g``: seat ``g % players``, seed ``first_seed + g``); ``winners(seat, seed)``
    plays the game with the bot in ``seat`` and gives the winning seats (the tuning tools'
    measure)."""
    wins = 0.0
    for g in range(games):
        seat = g % players
        wins += win_shares(winners(seat, first_seed + g), players)[seat]
    return wins / games


@dataclass(frozen=True)
class Spread:
    """A mean with its standard error and 95% interval (normal approximation)."""

    mean: float
    stderr: float
    count: int

    @property
    def interval(self) -> tuple[float, float]:
        return self.mean - Z95 * self.stderr, self.mean + Z95 * self.stderr

    def to_dict(self) -> dict[str, Any]:
        low, high = self.interval
        return {
            "mean": round(self.mean, 3),
            "stderr": round(self.stderr, 3),
            "mean_95": [round(low, 3), round(high, 3)],
            "count": self.count,
        }


def spread(values: Sequence[float]) -> Spread:
    """The mean of ``values`` with its standard error (0 with fewer than two values)."""
    if not values:
        return Spread(0.0, 0.0, 0)
    mean = statistics.fmean(values)
    stderr = statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else 0.0
    return Spread(mean, stderr, len(values))


def paired_difference(first: Sequence[float], second: Sequence[float]) -> Spread:
    """``first - second`` game by game (the same games, in the same order): its mean and
    standard error. :class:`TournamentError` when the two do not pair up."""
    if len(first) != len(second):
        raise TournamentError(
            f"a paired difference needs as many values on each side, not {len(first)} "
            f"and {len(second)}"
        )
    return spread([a - b for a, b in zip(first, second, strict=True)])


@dataclass(frozen=True)
class BotFigures:
    """One bot's figures over a tournament, for any game (a game's report adds its own)."""

    name: str
    seats_played: int
    wins: float
    """Games won, a shared win counting as a fraction."""
    win_interval: tuple[float, float]
    mean: float
    median: float
    stderr: float

    @property
    def win_rate(self) -> float:
        return self.wins / self.seats_played if self.seats_played else 0.0

    def figures_dict(self) -> dict[str, Any]:
        """The figures as every game's arena JSON starts a bot's entry."""
        return {
            "bot": self.name,
            "seats": self.seats_played,
            "wins": round(self.wins, 3),
            "win_rate": round(self.win_rate, 4),
            "win_rate_95": [round(v, 4) for v in self.win_interval],
            "mean": round(self.mean, 2),
            "median": self.median,
            "stderr": round(self.stderr, 2),
        }


def bot_figures(name: str, totals: Sequence[float], wins: float) -> dict[str, Any]:
    """The :class:`BotFigures` fields of a bot that scored ``totals`` (one a seat it played)
    and won ``wins`` games, as keywords for a game's report (a subclass of it)."""
    figures = spread(totals)
    return {
        "name": name,
        "seats_played": len(totals),
        "wins": wins,
        "win_interval": wilson(wins, len(totals)),
        "mean": figures.mean,
        "median": statistics.median(totals),
        "stderr": figures.stderr,
    }


@dataclass(frozen=True)
class BotReport(BotFigures):
    """One bot's figures over an arena, as every game's arena reports them: the core's
    :class:`BotFigures`, then the mean score by the game's categories and the game's own
    columns (:class:`Column`: its cards or tiles a seat, its bots' forecast)."""

    categories: dict[str, float]
    columns: dict[str, Any] = field(default_factory=dict)
    """The game's own columns by key, in its order (a float is written to 2 places)."""

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.figures_dict(),
            "categories": {k: round(v, 2) for k, v in self.categories.items()},
            **{k: round(v, 2) if isinstance(v, float) else v for k, v in self.columns.items()},
        }


@dataclass(frozen=True)
class Seat:
    """What one seat of one arena game adds to its bot's figures (a game's arena says it)."""

    total: int
    """The seat's final score (or money)."""
    categories: Mapping[str, int]
    """Its score by each of the game's categories."""
    own: Mapping[str, Any] = field(default_factory=dict)
    """The seat's values of the game's own columns, by key (:class:`Column`)."""


@dataclass(frozen=True)
class Column:
    """A column a game adds to each bot's figures (issue 33: the core names none): its key in
    the JSON, after ``categories``, its value from the bot's seats' values of its ``source``
    (:attr:`Seat.own`; a seat that has none is left out) and, with a ``heading``, its cell in
    the bots' table."""

    key: str
    of: Callable[[Sequence[Any]], Any]
    heading: str | None = None
    """Its heading in the bots' table (``None``: the JSON only)."""
    cell: Callable[[Any], str] = str
    """Its value as the table writes it."""
    source: str = ""
    """The key of the seats' values it reads (empty: its own ``key``)."""

    @property
    def reads(self) -> str:
        """The key of the seats' values it reads."""
        return self.source or self.key

    @classmethod
    def mean(cls, key: str, heading: str, *, per: int = 1, source: str = "") -> Column:
        """The mean of the bot's seats' values, divided by ``per`` (a game counting them in
        tenths), written to 2 places."""
        return cls(key, lambda values: sum(values) / len(values) / per, heading, _two, source)


def _two(value: float) -> str:
    return f"{value:.2f}"


B = TypeVar("B", bound=BotReport)


def bot_reports(
    results: Sequence[G],
    categories: Sequence[str],
    seat: Callable[[G, int], Seat],
    *,
    columns: Sequence[Column] = (),
    report: type[B],
) -> tuple[B, ...]:
    """Each bot's figures over ``results`` (bots in the order they first appear), each of
    its seats as ``seat(result, index)`` says, then the game's ``columns``; each a
    ``report``: :class:`BotReport`, or a game's subclass of it."""
    reports = []
    for name in bots_in_order(result.seats for result in results):
        totals: list[int] = []
        wins = 0.0
        sums = dict.fromkeys(categories, 0.0)
        own: dict[str, list[Any]] = {column.reads: [] for column in columns}
        for result in results:
            shares = win_shares(result.winners, len(result.seats))
            for index, seated in enumerate(result.seats):
                if seated != name:
                    continue
                figures = seat(result, index)
                totals.append(figures.total)
                for key in categories:
                    sums[key] += figures.categories[key]
                wins += shares[index]
                for key, values in own.items():
                    if key in figures.own:
                        values.append(figures.own[key])
        played = len(totals)
        reports.append(
            report(
                **bot_figures(name, totals, wins),
                categories={k: v / played for k, v in sums.items()},
                columns={column.key: column.of(own[column.reads]) for column in columns},
            )
        )
    return tuple(reports)


@dataclass(frozen=True)
class PairReport:
    """Two bots' paired score (or money) difference over the games both played."""

    first: str
    second: str
    difference: Spread

    def to_dict(self) -> dict[str, Any]:
        return {"bots": [self.first, self.second], "score_difference": self.difference.to_dict()}


def pair_reports(
    results: Sequence[G], totals: Callable[[G], Sequence[int]]
) -> tuple[PairReport, ...]:
    """The paired difference of every two bots of ``results`` (in the order they first
    appear): game by game, the mean of one bot's ``totals`` (its seats' final scores) minus
    the other's, over the games both played."""

    def mean_total(result: G, name: str) -> float | None:
        mine = [totals(result)[s] for s, seated in enumerate(result.seats) if seated == name]
        return statistics.fmean(mine) if mine else None

    names = bots_in_order(result.seats for result in results)
    pairs = []
    for i, first in enumerate(names):
        for second in names[i + 1 :]:
            a: list[float] = []
            b: list[float] = []
            for result in results:
                x, y = mean_total(result, first), mean_total(result, second)
                if x is not None and y is not None:
                    a.append(x)
                    b.append(y)
            pairs.append(PairReport(first, second, paired_difference(a, b)))
    return tuple(pairs)


@dataclass(frozen=True)
class ArenaFigures(Generic[G, B]):
    """Every game of an arena and each bot's figures, the first keys of every game's arena
    JSON (:func:`arena_figures`); :class:`ArenaReport` adds the pairs."""

    games: tuple[G, ...]
    bots: tuple[B, ...]
    seconds: float
    workers: int
    records: Path | None = None
    """The folder every game's record was written to (``None``: none were)."""

    def to_dict(self) -> dict[str, Any]:
        return arena_figures(self.games, self.bots, self.seconds, self.workers, self.records)


@dataclass(frozen=True)
class ArenaReport(ArenaFigures[E, BotReport]):
    """Every game of an arena, each bot's figures and the paired differences; a game's
    arena names itself (:attr:`game`) and may add keys (:meth:`game_keys`)."""

    game: ClassVar[str]
    """The JSON's ``game`` key (``silvergold``, ``sun``, ``cheops``)."""

    pairs: tuple[PairReport, ...] = field(kw_only=True)

    def endings(self) -> dict[str, int]:
        """Games by how they ended (the engine's reasons), in first-seen order."""
        counts: dict[str, int] = {}
        for game in self.games:
            counts[game.reason] = counts.get(game.reason, 0) + 1
        return counts

    def game_keys(self) -> dict[str, Any]:
        """The game's own keys, after ``game`` in the JSON (none here)."""
        return {}

    def to_dict(self) -> dict[str, Any]:
        return {
            **super().to_dict(),
            "game": self.game,
            **self.game_keys(),
            "pairs": [pair.to_dict() for pair in self.pairs],
            "endings": self.endings(),
        }


def arena_figures(
    games: Sequence[ArenaGame],
    bots: Sequence[BotReport],
    seconds: float,
    workers: int,
    records: Path | None,
) -> dict[str, Any]:
    """The keys every game's arena JSON starts with (``silverpyr arena``'s shape)."""
    return {
        "games": len(games),
        "players": len(games[0].seats) if games else 0,
        "bots": [bot.to_dict() for bot in bots],
        "seconds": round(seconds, 1),
        "workers": workers,
        "records": None if records is None else str(records),
    }


class Finished(Protocol):
    """How a game ended (the core's :class:`~silverpyr.solver.core.engine.Ended`), with the
    engine's reason (the Sun's and Cheops's ``Outcome``)."""

    @property
    def winners(self) -> tuple[int, ...]: ...

    @property
    def totals(self) -> tuple[int, ...]: ...

    @property
    def reason(self) -> object: ...


F = TypeVar("F")
Counted = tuple[tuple[dict[str, int], ...], tuple[int, ...]]
"""Each seat's total by the game's categories, and the cards (or tiles) it placed."""


@dataclass(frozen=True)
class TableResult:
    """One arena game of a game that ends each seat with a total by categories (the Sun's
    score, Cheops's money): the seats' bots, their totals, categories and cards (or tiles)
    placed, the winners, how it ended and its moves. A game's subclass names the total as
    the game says it and adds its own keys."""

    seed: int
    seats: tuple[str, ...]
    totals: tuple[int, ...]
    categories: tuple[dict[str, int], ...]
    placed: tuple[int, ...]
    winners: tuple[int, ...]
    reason: str
    """How the game ended (the engine's ``Outcome.reason``)."""
    moves: tuple[str, ...] = ()
    """Every move of the game, in notation, in order (only when records are written)."""

    @classmethod
    def ended(
        cls,
        seed: int,
        seats: tuple[str, ...],
        final: F,
        moves: Iterable[Notated] | None,
        *,
        outcome: Callable[[F], Finished | None],
        counted: Callable[[F], Counted],
        error: Callable[[str], Exception],
        **own: Any,
    ) -> Self:
        """The result of the game of ``seed`` played to its ``final`` state by the bots of
        ``seats``, by the engine's ``outcome`` and the game's ``counted``; ``moves`` only for
        records (a million games' moves would not fit in memory); ``own``, the game's keys."""
        end = outcome(final)
        if end is None:  # the bots play to the end: a bug, not a bad input
            raise error(f"the game of seed {seed} stopped before its end")
        categories, placed = counted(final)
        notation = () if moves is None else tuple(move.notation() for move in moves)
        return cls(
            seed,
            seats,
            tuple(end.totals),
            categories,
            placed,
            tuple(end.winners),
            str(end.reason),
            notation,
            **own,
        )


A = TypeVar("A")


class TotalledGame(ArenaGame, Protocol):
    """An arena game that ends each seat with a total (every game's)."""

    @property
    def totals(self) -> Sequence[int]: ...


Tot = TypeVar("Tot", bound=TotalledGame)


def table_report(
    report: Callable[..., A],
    results: Sequence[Tot],
    categories: Sequence[str],
    seconds: float,
    workers: int,
    *,
    columns: Sequence[Column],
    seat: Callable[[Tot, int], Seat] | None = None,
    bots: type[BotReport] = BotReport,
    **own: Any,
) -> A:
    """The ``report`` (the game's :class:`ArenaReport`, with its ``own`` keys) of table games:
    each bot's figures over ``results`` by ``categories`` and the game's ``columns`` (bots in
    the order they first appear), each a ``bots`` report, and the paired difference of every
    two bots' totals. ``seat`` reads a seat's figures; by default a :class:`TableResult`'s,
    whose count of what it placed is its ``placed``."""
    read = cast("Callable[[Tot, int], Seat]", _table_seat) if seat is None else seat
    return report(
        tuple(results),
        bot_reports(results, categories, read, columns=columns, report=bots),
        seconds,
        workers,
        pairs=pair_reports(results, lambda result: result.totals),
        **own,
    )


def _table_seat(result: TableResult, seat: int) -> Seat:
    return Seat(result.totals[seat], result.categories[seat], {"placed": result.placed[seat]})


def bots_in_order(seatings: Iterable[Sequence[str]]) -> list[str]:
    """Every bot of ``seatings`` (each game's seats), in the order they first appear."""
    names: list[str] = []
    for seats in seatings:
        names.extend(name for name in seats if name not in names)
    return names


def check_line_up(bots: Sequence[str], known: Registry[Any], games: int, seed: int) -> None:
    """Raise :class:`TournamentError` unless ``bots`` (each seated by ``known``) can play
    ``games`` games from ``seed``."""
    if not bots:
        raise TournamentError("name at least one bot")
    for name in bots:
        problem = known.problem(name)
        if problem is not None:
            raise TournamentError(problem)
    if not 1 <= games <= MAX_GAMES:
        raise TournamentError(f"play from 1 to {MAX_GAMES:,} games, not {games:,}")
    for first_or_last in (seed, seed + games - 1):  # game g plays seed + g
        problem = seed_problem(first_or_last)
        if problem is not None:
            raise TournamentError(
                f"seed of game {1 if first_or_last == seed else games}: {problem}"
            )


class Table(Protocol):
    """What :func:`check_table` reads of a game's declaration (``solver/games.py``'s
    ``Game``): its name and how many seats a table has."""

    @property
    def title(self) -> str: ...

    @property
    def seats(self) -> range: ...


def check_table(
    bots: Sequence[str],
    known: Registry[Any],
    games: int,
    seed: int,
    table: Table,
    error: Callable[[str], Exception],
) -> None:
    """Raise ``error`` (the game's own) unless ``bots`` can play ``games`` games from ``seed``
    (:func:`check_line_up`) at one table of ``table``'s game: as many bots as it has seats."""
    try:
        check_line_up(bots, known, games, seed)
    except TournamentError as problem:
        raise error(str(problem)) from None
    seats = table.seats
    if len(bots) not in seats:
        raise error(
            f"a game of {table.title} seats {seats[0]} to {seats[-1]} bots, not {len(bots)}"
        )


def line_ups(bots: Sequence[str], games: int, seed: int) -> Iterator[tuple[int, tuple[str, ...]]]:
    """``(seed, seats)`` of every game, lazily: seeds in order, the line-up rotated one seat
    a game (the caller checks the line-up first, :func:`check_line_up`)."""
    seats = len(bots)
    return ((seed + g, tuple(bots[(g + s) % seats] for s in range(seats))) for g in range(games))


def play_games(
    play: Callable[[Any, int, tuple[str, ...]], R],
    shared: Any,
    plan: Iterator[tuple[int, tuple[str, ...]]],
    *,
    total: int,
    seed_of: Callable[[R], int],
    scheduler: str | None = None,
    workers: int | None = None,
    each: Callable[[R], None] | None = None,
    kind: str = "a tournament",
    kept: str = "",
) -> tuple[list[R], int]:
    """Every game of ``plan`` played by ``play(shared, seed, seats)`` (a module-level
    function, so Dask can send it), in this process (``workers=0`` without a scheduler) or on
    Dask with ``shared`` scattered once; the results sorted by ``seed_of``, and the number of
    workers used (0: this process). ``each`` is called with every result as it comes back
    (a progress bar, a record written at once).

    A game that raises (after Dask's retries) stops the run as a :class:`TournamentError`
    naming its seed; a lost scheduler or lost workers as a :class:`ClusterLostError` (which of
    them, :func:`~.cluster.what_was_lost`) saying how far it got,
    that ``kind`` (``"an arena"``) keeps no partial results, then ``kept`` (what stays
    anyway, e.g. ``"; their records stay in DIR"``).
    """
    results: list[R] = []
    used = 0

    def done(result: R) -> None:
        results.append(result)
        if each is not None:
            each(result)

    if workers == 0 and scheduler is None:
        for game_seed, seats in plan:
            done(play(shared, game_seed, seats))
    else:
        with dask_client(scheduler, workers) as connection:
            used = worker_count(connection)
            try:
                scattered = connection.client.scatter(  # once, not pickled into every game
                    shared, broadcast=True, timeout=connection.timeout
                )
            except (OSError, TimeoutError):
                raise SchedulerLostError(f"lost {connection.where} before any game") from None

            def submit(client: Any, game: tuple[int, tuple[str, ...]]) -> Any:
                return client.submit(play, scattered, game[0], game[1], retries=RETRIES, pure=False)

            try:
                for (game_seed, _), result, error in finished(
                    connection, plan, submit, in_flight=max(1, used) * IN_FLIGHT_PER_WORKER
                ):
                    if error is not None:
                        raise TournamentError(
                            f"the game of seed {game_seed} failed: {type(error).__name__}: {error}"
                        )
                    done(result)
            except ClusterLostError as error:
                raise type(error)(
                    f"{error} after {len(results):,} of {total:,} games "
                    f"({kind} keeps no partial results: run it again){kept}"
                ) from None
    results.sort(key=seed_of)
    return results, used


def records_folder(folder: Path, *, fifo: str = "a named pipe", link_target: bool = False) -> Path:
    """``folder``, made if missing (with its parents), once a file could be written in it;
    :class:`RecordsFolderError` naming it otherwise (a file, a dangling link, no right to
    write...). Checked before any game is played.

    ``fifo`` is what a FIFO is called and ``link_target`` adds where a dangling link points,
    so a game's arena words them as its other messages do (e.g. ``"a FIFO (named pipe)"``
    and the link's target, as a game's own record checks say them)."""
    shown = f"cannot write game records to {folder}"
    mode = stat_mode(folder, shown, RecordsFolderError)
    if mode is not None and not stat.S_ISDIR(mode):
        kind = fifo if stat.S_ISFIFO(mode) else special_kind(mode).replace("regular ", "")
        raise RecordsFolderError(f"{shown}: it is {kind}, not a folder")
    if mode is None and os.path.islink(folder):
        target = f" ({os.path.realpath(folder)})" if link_target else ""
        raise RecordsFolderError(f"{shown}: it is a link to nothing{target}")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        handle, probe = tempfile.mkstemp(prefix=".silverpyr-", dir=folder)
        os.close(handle)
        os.unlink(probe)
    except OSError as error:
        raise RecordsFolderError(f"{shown}: {error.strerror or error}") from None
    return folder


def check_record_names(folder: Path, seeds: range, name: Callable[[int], Path]) -> None:
    """:class:`RecordPathError` for the first of ``seeds``' record names (``name``) already
    in ``folder`` that a record could not be written to (:func:`record_target`); the folder
    is listed once, so a run of a million games checks only what is there."""
    with os.scandir(folder) as entries:
        present = sorted(entry.name for entry in entries)
    for text in present:
        found = re.fullmatch(r"game-(\d+)\.json", text)
        if found and int(found[1]) in seeds and name(int(found[1])).name == text:
            record_target(folder / text)


def record_digits(last_seed: int) -> int:
    """Width of the seed in record file names (at least 6), so that they sort by seed."""
    return max(6, len(str(last_seed)))


C = TypeVar("C")


@dataclass
class JsonRecords(Generic[C, G]):
    """The folder an arena writes every game to as ``game-<seed>.json`` (checked before any
    game, :meth:`open`), and the records written so far; a game's arena says what a record
    holds (:meth:`record`) and which error a failed write is (:attr:`error`)."""

    error: ClassVar[type[Exception]]
    """Raised, naming the file, when a record cannot be written."""
    fifo: ClassVar[str] = "a named pipe"
    """What a FIFO is called when one stands where the folder should (:func:`records_folder`)."""
    link_target: ClassVar[bool] = False
    """Whether a dangling link in the folder's place says where it points."""

    folder: Path
    digits: int
    """Width of the seed in the file names, so that they sort by seed."""
    cards: C
    """What the games are played with (the game's deck, its components)."""
    written: int = field(default=0, init=False)

    @classmethod
    def open(cls, folder: Path, cards: C, last_seed: int) -> Self:
        """The folder ``folder`` (made if missing, :func:`records_folder`), for games up to
        ``last_seed`` played with ``cards``."""
        folder = records_folder(folder, fifo=cls.fifo, link_target=cls.link_target)
        return cls(folder, record_digits(last_seed), cards)

    def record(self, result: G) -> dict[str, Any]:
        """The record of one game, as plain data."""
        raise NotImplementedError

    def name(self, seed: int) -> Path:
        """Where the game of ``seed`` is written (``game-000123.json``)."""
        return self.folder / f"game-{seed:0{self.digits}d}.json"

    def check(self, seeds: range) -> None:
        """:attr:`error` naming the first record of ``seeds`` that could not be written (a
        FIFO, a folder... already there), before any game is played."""
        try:
            check_record_names(self.folder, seeds, self.name)
        except RecordPathError as error:
            raise self.error(str(error)) from None

    def write(self, result: G) -> None:
        """Write ``result``'s record; :attr:`error` naming the file if it cannot be (the
        records written before it stay)."""
        path = self.name(result.seed)
        data = self.record(result)
        try:  # atomic, and never over a FIFO, a device or a folder already there
            save_text(path, json.dumps(data, indent=1) + "\n")
        except RecordPathError as error:
            raise self.error(f"{error}; {self._kept()}") from None
        except OSError as error:
            raise self.error(
                f"cannot save the game record to {path}: {error.strerror or error}; {self._kept()}"
            ) from None
        self.written += 1

    def _kept(self) -> str:
        return f"the {self.written:,} records written before it stay in {self.folder}"


P = TypeVar("P", bound=Fingerprinted)
T = TypeVar("T", bound=TableResult)


class TableRecords(JsonRecords[P, T]):
    """The folder a table game's arena writes every game to (:class:`JsonRecords`), each
    record as the game's :attr:`shape` says (:meth:`record_of`)."""

    shape: ClassVar[RecordShape]

    def record(self, result: T) -> dict[str, Any]:
        return self.record_of(self.cards, result)

    @classmethod
    def record_of(cls, cards: P, result: T) -> dict[str, Any]:
        """The arena record of one game played with ``cards``, as plain data
        (:meth:`RecordShape.arena_record`); the game's own keys (``shape.own_keys``) are the
        result's fields of those names."""
        own = {key: getattr(result, key) for key in cls.shape.own_keys}
        return cls.shape.arena_record(
            cards.fingerprint, result.seed, result.seats, result.moves, own
        )


G_contra = TypeVar("G_contra", bound=ArenaGame, contravariant=True)


class GameWriter(Protocol[G_contra]):
    """Where an arena writes each game as it comes back (:class:`JsonRecords`, or a game's
    own)."""

    @property
    def folder(self) -> Path: ...

    def check(self, seeds: range) -> None: ...

    def write(self, result: G_contra) -> None: ...


def run_games(
    play: Callable[[Any, int, tuple[str, ...]], G],
    shared: Any,
    bots: Sequence[str],
    games: int,
    seed: int,
    *,
    error: Callable[[str], Exception],
    scheduler: str | None = None,
    workers: int | None = None,
    progress: Callable[[], None] | None = None,
    records: GameWriter[G] | None = None,
) -> tuple[list[G], int, float]:
    """Every game of a checked line-up (:func:`check_line_up`) played by :func:`play_games`,
    each one written to ``records`` and counted by ``progress`` as it comes back: the results
    sorted by seed, the number of workers used and the seconds it took. A
    :class:`TournamentError` becomes ``error`` (the game's own); with ``records`` a lost
    cluster also says where the records written so far stay (in every game)."""
    began = time.perf_counter()

    def done(result: G) -> None:
        if records is not None:
            records.write(result)
        if progress:
            progress()

    if records is not None:
        records.check(range(seed, seed + games))  # a name no game could be saved to
    kept = f"; their records stay in {records.folder}" if records is not None else ""
    try:
        results, used = play_games(
            play,
            shared,
            line_ups(bots, games, seed),  # lazy: a million games are not held up front
            total=games,
            seed_of=lambda result: result.seed,
            scheduler=scheduler,
            workers=workers,
            each=done,
            kind="an arena",
            kept=kept,
        )
    except TournamentError as problem:
        raise error(str(problem)) from None
    return results, used, time.perf_counter() - began


D = TypeVar("D", bound="DataclassInstance")


@dataclass(frozen=True)
class ArenaRun(Generic[G, D]):
    """A game's ``run_arena(table, bots, games, *, seed, scheduler, workers, progress,
    records, **own)``, declared by what the game's differs by: its line-up check, its game,
    what every game shares, its report and its error (``own``: the game's own options, which
    ``check``, ``shared`` and ``summarise`` take as keywords)."""

    check: Callable[..., None]
    """``check(bots, games, seed, **own)``: raise the game's error before any game."""
    play: Callable[[Any, int, tuple[str, ...]], G]
    """``play(shared, seed, seats)``: one game (a module-level function, for Dask)."""
    shared: Callable[..., Any]
    """``shared(table, with_moves, **own)``: what every game is sent (``with_moves``: the
    moves come back, only for records)."""
    summarise: Callable[..., D]
    """``summarise(results, seconds, workers, **own)``: the game's report, with ``records``."""
    error: Callable[[str], Exception]

    def __call__(
        self,
        table: Any,
        bots: Sequence[str],
        games: int,
        *,
        seed: int = 0,
        scheduler: str | None = None,
        workers: int | None = None,
        progress: Callable[[], None] | None = None,
        records: GameWriter[G] | None = None,
        **own: Any,
    ) -> D:
        """Play the arena; ``workers=0`` plays in this process, otherwise on Dask
        (:func:`run_games`). With ``records`` each game's record is written as the game comes
        back."""
        self.check(bots, games, seed, **own)
        results, used, seconds = run_games(
            self.play,
            self.shared(table, records is not None, **own),
            bots,
            games,
            seed,
            error=self.error,
            scheduler=scheduler,
            workers=workers,
            progress=progress,
            records=records,
        )
        report = self.summarise(results, seconds, used, **own)
        return report if records is None else replace(report, records=records.folder)
