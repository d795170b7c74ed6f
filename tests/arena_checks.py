"""Checks the Sun's and Cheops's arena tests share (``tests/sun/test_sun_arena.py``,
``tests/cheops/test_cheops_arena.py``): the command in a small app, its one-line errors, a
shared win counted as a fraction, each bot's figures recomputed seat by seat, the results
independent of the number of workers, seats rotating, records written and replayed, and the
expert's share of wins against greedy bots (the bots' tests). Each game's tests hand in their
own results, report and command; what is checked is the same as when each file spelt it
out."""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import pytest
import typer
from click.testing import Result
from hypothesis import strategies as st
from typer.testing import CliRunner

from silverpyr.cli.core.app import _ErrorMappingGroup

BOT_KEYS = {
    "bot",
    "seats",
    "wins",
    "win_rate",
    "win_rate_95",
    "mean",
    "median",
    "stderr",
    "categories",
    "cards",
    "forecast",
}
"""The keys of each bot's entry in an arena report's JSON."""

LINE_UP_ERRORS: list[tuple[list[str], str]] = [
    (["--bots", "expert,nobody"], "unknown bot 'nobody'"),
    (["--bots", "expert"], "2 to 5 bots"),
    (["--bots", ","], "seat 1 names no bot"),
    (["--bots", "expert,,greedy"], "seat 2 names no bot"),
    (["--records", ""], "--records '': an empty path"),
    (["--scheduler", "tcp://no host:1"], "--scheduler"),
    (["--records", str(Path(__file__).resolve())], "it is a file, not a folder"),
]
"""Bad line-ups (and options) every game's arena command refuses in one line: its args and
words the error says."""

USAGE_ERRORS: list[list[str]] = [["--seed", "-1"], ["--games", "0"], ["--workers", "-3"]]
"""Options Click itself refuses."""


def command_app(arena: Callable[..., None]) -> typer.Typer:
    """A small app with the project's error mapping, the arena as one of its commands."""
    app = typer.Typer(cls=_ErrorMappingGroup)
    app.command("arena")(arena)

    @app.command("other")
    def other() -> None:  # a second command keeps `arena` a subcommand
        """Nothing."""

    return app


def invoke(app: typer.Typer, args: list[str]) -> Result:
    """``ARGS`` run through the app's CliRunner; it exits 0."""
    result = CliRunner().invoke(app, args)
    assert result.exit_code == 0, result.output
    return result


def assert_one_line_on_stderr(
    app: typer.Typer, args: list[str], words: str, capsys: pytest.CaptureFixture[str]
) -> None:
    """``arena --games 1 ARGS`` exits 2 with one ``error:`` line on stderr saying ``words``."""
    with pytest.raises(SystemExit) as exit_info:
        app(["arena", "--games", "1", *args], prog_name="silverpyr")
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")
    assert words in err
    assert len(err.strip().splitlines()) == 1


def assert_usage_error(
    app: typer.Typer, args: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    """``arena ARGS`` exits 2 with an ``error:`` on stderr and no traceback."""
    with pytest.raises(SystemExit) as exit_info:
        app(["arena", *args], prog_name="silverpyr")
    assert exit_info.value.code == 2
    err = capsys.readouterr().err
    assert err.startswith("error: ")  # the wording is Click's: not tested
    assert "Traceback" not in err


def assert_json_of_expert_and_greedy(data: dict[str, Any], expert: str = "expert") -> None:
    """The JSON report of 4 games of the ``expert`` bot against greedy: the counts, each
    bot's keys and seats, a whole win a game, the pair, an ending a game; plain data."""
    assert data["games"] == 4
    assert data["players"] == 2
    assert [bot["bot"] for bot in data["bots"]] == [expert, "greedy"]
    for bot in data["bots"]:
        assert set(bot) == BOT_KEYS
        assert bot["seats"] == 4
    assert sum(bot["wins"] for bot in data["bots"]) == pytest.approx(4)
    assert data["pairs"][0]["bots"] == [expert, "greedy"]
    assert sum(data["endings"].values()) == 4
    json.dumps(data)  # plain data


def assert_seats_rotate_from_the_base_seed(report: Any, expert: str = "expert") -> None:
    """The report of 3 games of ``expert``, greedy, greedy from seed 7: seeds 7, 8, 9, the
    seats rotated a seat a game."""
    assert [game.seed for game in report.games] == [7, 8, 9]
    assert [game.seats for game in report.games] == [
        (expert, "greedy", "greedy"),
        ("greedy", "greedy", expert),
        ("greedy", expert, "greedy"),
    ]


def assert_no_moves_kept(report: Any) -> None:
    """A million games' moves would not fit in memory: without records none are kept."""
    assert all(game.moves == () for game in report.games)


def replayed_outcomes(
    report: Any,
    folder: Path,
    record_of: Callable[[Any], dict[str, Any]],
    replay_record: Callable[[dict[str, Any]], Any],
    outcome: Callable[[Any], Any],
) -> list[tuple[Any, Any]]:
    """The report of 2 games from seed 10 with records in ``folder``: a file a game, each as
    ``record_of`` the game gives it; each game with the outcome of the final state its record
    replays to (the game is over)."""
    assert report.records == folder
    files = sorted(folder.iterdir())
    assert [f.name for f in files] == ["game-000010.json", "game-000011.json"]
    replayed = []
    for game, path in zip(report.games, files, strict=True):
        data = json.loads(path.read_text(encoding="utf-8"))
        assert data == record_of(game)
        result = outcome(replay_record(data))
        assert result is not None
        replayed.append((game, result))
    return replayed


def assert_shared_win_is_a_fraction(report: Any) -> None:
    """The report of games 1 (``a`` and ``b`` share the win, scoring 10, 10, 3) and 2 (``b``
    wins, 5, 9, 1)."""
    wins = {bot.name: bot.wins for bot in report.bots}
    assert wins == {"a": 0.5, "b": 1.5, "c": 0.0}
    assert report.bots[1].win_rate == pytest.approx(0.75)
    pair = report.pairs[0]  # a - b, game by game: 0 and -4
    assert (pair.first, pair.second) == ("a", "b")
    assert pair.difference.mean == pytest.approx(-2.0)


def assert_recomputed_seat_by_seat(
    report: Any, results: Sequence[Any], totals: Callable[[Any], Sequence[int]]
) -> None:
    """Wins add up to one a game; each bot's figures are its seats' own (``totals``: a
    game's final scores, or money, by seat)."""
    assert sum(bot.wins for bot in report.bots) == pytest.approx(len(results))
    for bot in report.bots:
        seats = [
            (game, seat)
            for game in results
            for seat, name in enumerate(game.seats)
            if name == bot.name
        ]
        assert bot.seats_played == len(seats)
        wins = sum(1 / len(game.winners) for game, seat in seats if seat in game.winners)
        assert bot.wins == pytest.approx(wins)
        assert bot.mean == pytest.approx(
            sum(totals(game)[seat] for game, seat in seats) / len(seats)
        )
        low, high = bot.win_interval
        assert low <= bot.win_rate <= high


def assert_same_whatever_the_workers(reports: Sequence[Any]) -> None:
    """In this process, on 1 Dask worker and on 2: the same games, the same figures."""
    assert [report.workers for report in reports] == [0, 1, 2]
    first = reports[0].to_dict()
    for report in reports[1:]:
        assert report.games == reports[0].games
        data = report.to_dict()
        for key in ("seconds", "workers"):
            data.pop(key)
            first.pop(key, None)
        assert data == first


def seated_results(
    draw: st.DrawFn,
    top: int,
    game: Callable[[int, tuple[str, ...], tuple[int, ...], tuple[int, ...]], Any],
) -> list[Any]:
    """Arena results of 2 to 5 seats of bots ``a``, ``b``, ``c`` rotated a seat a game, 1 to
    12 games, each seat's total drawn from 0 to ``top`` and the best winning (shared on a
    tie); ``game(seed, seats, totals, winners)`` makes one game's result."""
    players = draw(st.integers(2, 5))
    names = draw(st.lists(st.sampled_from("abc"), min_size=players, max_size=players))
    games = draw(st.integers(1, 12))
    results = []
    for g in range(games):
        totals = tuple(draw(st.lists(st.integers(0, top), min_size=players, max_size=players)))
        best = max(totals)
        winners = tuple(seat for seat, total in enumerate(totals) if total == best)
        seats = tuple(names[(g + s) % players] for s in range(players))
        results.append(game(g, seats, totals, winners))
    return results


def expert_win_share(
    players: int,
    games: int,
    base: int,
    expert: Callable[[], Any],
    greedy: Callable[[], Any],
    outcome: Callable[[list[Any], int], Any],
) -> float:
    """The ``expert()``'s share of the wins in ``games`` games of ``players`` seats (seeds
    from ``base``), its seat rotating a game, ``greedy()`` bots in the others; a shared win
    counts as a fraction. ``outcome(line_up, seed)`` plays one game to its outcome."""
    wins = 0.0
    for g in range(games):
        seat = g % players
        line_up = [greedy() for _ in range(players)]
        line_up[seat] = expert()
        result = outcome(line_up, base + g)
        assert result is not None
        if seat in result.winners:
            wins += 1 / len(result.winners)
    return wins / games
