"""Saved games of every game and every table size survive, through the real CLI (issue 29).

For each game and each number of players its engine seats, a game is played in part, left
(``q``), resumed without options and finished; it ends as the same game played through at
once. The saved row is read against the game's own seats (the store holds no game's limits).
A damaged row refuses every new game with one ``error:`` line naming the problem and the
command's ``--restart``, and so does a row that reads but cannot be resumed (it does not
replay); the row stays as it was until ``--restart`` replaces it.
"""

from __future__ import annotations

import functools
import json
import os
import re
import sqlite3
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from built_once import BuiltOnceRunner
from kept_checks import play_to_the_end_with_cuts
from typer.testing import Result

from silverpyr.cli.core.app import app
from silverpyr.puzzles.cheops import kept_game as cheops_kept
from silverpyr.puzzles.core.store import FIRST_GAME, Store
from silverpyr.puzzles.silvergold.realgame import kept_game as sg_kept
from silverpyr.puzzles.silvergold.realgame.advice import Kind
from silverpyr.puzzles.sun import kept_game as sun_kept
from silverpyr.solver.cheops.bots import GreedyPlayer as CheopsGreedy
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.silvergold.deckfile import load_deck as load_sg_deck
from silverpyr.solver.silvergold.moves import Move
from silverpyr.solver.sun.bots import GreedyPlayer as SunGreedy
from silverpyr.solver.sun.cards import load_deck as load_sun_deck


@dataclass(frozen=True)
class Played:
    """A game seat 0 played through at once: its answers, the places a script may stop
    (nothing pending), and its end as the CLI shows it."""

    answers: list[str]
    cuts: list[int]
    end: list[int]


@dataclass(frozen=True)
class Game:
    """A game of the suite as these tests drive it."""

    store: str
    command: list[str]
    """The game's command (``sun game``)."""
    seats: range
    play: Callable[[int, int], Played]
    """The game of a seed and a number of players, played through by seat 0."""
    end: Callable[[Result], list[int]]
    """The end of a finished game from the CLI's output."""
    json: bool
    """Whether the command prints its end with ``--json``."""
    resume: str
    """The command that resumes the game (the kept game's)."""

    @property
    def leave(self) -> str:
        """The answer that leaves the game at once."""
        return "q" if self.json else "q!"


def _played_out(kept: Any, me: Any, totals: Callable[[Any], Sequence[int]]) -> Played:
    """``kept`` (a table game's kept game) played to its end, ``me`` deciding for you; the
    final ``totals`` read from its outcome."""
    cuts = play_to_the_end_with_cuts(kept, me)
    result = kept.outcome()
    assert result is not None
    return Played(kept.answers, cuts, list(totals(result)))


@functools.cache  # deterministic: each game played once for the module
def _sun(seed: int, players: int) -> Played:
    kept = sun_kept.KeptGame(load_sun_deck(), seed, "short", ("greedy",) * (players - 1))
    return _played_out(kept, SunGreedy(), lambda result: result.scores)


@functools.cache  # deterministic: each game played once for the module
def _cheops(seed: int, players: int) -> Played:
    kept = cheops_kept.KeptGame(load_components(), seed, ("greedy",) * (players - 1))
    return _played_out(kept, CheopsGreedy(), lambda result: result.money)


@functools.cache  # deterministic: each game played once for the module
def _silvergold(seed: int, players: int) -> Played:
    kept = sg_kept.KeptGame(load_sg_deck(), seed, players, "greedy")
    cuts: list[int] = []
    while not kept.is_over():
        choice = kept.options()[0]
        if kept.waiting is Kind.KEEP:
            assert isinstance(choice, tuple)
            kept.keep(*choice)
        elif kept.waiting is Kind.MARK:
            assert isinstance(choice, Move)
            kept.mark(choice)
            kept.end_turn()
        else:
            kept.replace(choice)  # type: ignore[arg-type]
        cuts.append(len(kept.answers))
    return Played(kept.answers, cuts, list(kept.game.outcome().totals))


def _json_end(key: str) -> Callable[[Result], list[int]]:
    def end(result: Result) -> list[int]:
        found: list[int] = json.loads(result.stdout)[key]
        return found

    return end


def _totals(result: Result) -> list[int]:
    row = next(line for line in result.stdout.splitlines() if line.startswith("| Total"))
    return [int(number) for number in re.findall(r"-?\d+", row)]


GAMES = {
    "silvergold": Game(
        FIRST_GAME,
        ["game", "--plain"],
        sg_kept.SEATS,
        _silvergold,
        _totals,
        json=False,
        resume=sg_kept.RESUME_COMMAND,
    ),
    "sun": Game(
        "sun",
        ["sun", "game", "--size", "short"],
        sun_kept.SEATS,
        _sun,
        _json_end("scores"),
        json=True,
        resume=sun_kept.RESUME_COMMAND,
    ),
    "cheops": Game(
        "cheops",
        ["cheops", "game"],
        cheops_kept.SEATS,
        _cheops,
        _json_end("money"),
        json=True,
        resume=cheops_kept.RESUME_COMMAND,
    ),
}
SIZES = [(name, players) for name, game in GAMES.items() for players in game.seats]
SEED = 12


def _cli(*args: str) -> Result:
    return BuiltOnceRunner().invoke(app, list(args))


def _rows(home: Path) -> list[tuple[object, ...]]:
    with sqlite3.connect(home / "silverpyr.db") as db:
        return db.execute("SELECT * FROM saved_games ORDER BY rowid").fetchall()


_LEFT: dict[tuple[str, ...], tuple[Result, dict[str, bytes]]] = {}
"""What :func:`_leave` ran, by its command: its result and the results folder it left."""


def _leave(game: Game, played: Played, players: int) -> Result:
    """The game of :data:`SEED` with ``players``, played to the middle and left, in an empty
    results folder. The same command in an empty folder leaves the same files: after its
    first run they are copied in, not played again (a third of this module's time)."""
    cut = min(played.cuts, key=lambda at: abs(at - len(played.answers) // 2))
    script = ";".join([*played.answers[:cut], game.leave])
    args = (*game.command, "--seed", str(SEED), "--players", str(players), "--moves", script)
    home = Path(os.environ["SILVERPYR_HOME"])
    assert not home.exists() or not any(home.glob("silverpyr.db*")), "not an empty folder"
    if args not in _LEFT:
        result = _cli(*args)
        files = {path.name: path.read_bytes() for path in home.glob("silverpyr.db*")}
        _LEFT[args] = result, files
    result, files = _LEFT[args]
    home.mkdir(parents=True, exist_ok=True)
    for name, data in files.items():
        (home / name).write_bytes(data)
    return result


def test_each_game_declares_its_engines_seats() -> None:
    """Seats 1-4 for Silver & Gold, 2-5 for the Sun and Cheops (the rules), as each engine
    deals them."""
    from silverpyr.solver.cheops import game as cheops_engine
    from silverpyr.solver.silvergold import game as sg_engine
    from silverpyr.solver.sun import game as sun_engine

    for kept, engine, rules in (
        (sg_kept, sg_engine, (1, 4)),
        (sun_kept, sun_engine, (2, 5)),
        (cheops_kept, cheops_engine, (2, 5)),
    ):
        assert (kept.SEATS[0], kept.SEATS[-1]) == rules
        seats = range(engine.MIN_PLAYERS, engine.MAX_PLAYERS + 1)
        assert seats == kept.SEATS


@pytest.mark.parametrize(("name", "players"), SIZES)
def test_a_game_of_every_size_is_saved_resumed_and_finished(
    home: Path, name: str, players: int
) -> None:
    game = GAMES[name]
    played = game.play(SEED, players)
    left = _leave(game, played, players)
    assert left.exit_code == 0, left.output
    with Store(home / "silverpyr.db", game=game.store) as store:
        saved = store.saved_game(sg_kept.GAME_ID, game.seats)
    assert saved is not None and saved.players == players and saved.seed == SEED
    done = len(saved.answers)
    rest = ";".join(played.answers[done:])
    finished = _cli(*game.command, "--moves", rest, *(["--json"] if game.json else []))
    assert finished.exit_code == 0, finished.output
    assert "Resuming the unfinished game" in " ".join(finished.output.split())
    assert "damaged" not in finished.output
    assert game.end(finished) == played.end
    assert _rows(home) == []  # a finished game drops its row


@pytest.mark.parametrize("name", ["sun", "cheops"])
def test_a_five_player_game_resumed_by_the_issue_s_commands(home: Path, name: str) -> None:
    """The issue's reproduction: a 5-player game left, then ``game --moves q`` resumes it
    (it was called damaged and then lost to the next game's first save)."""
    game = GAMES[name]
    played = game.play(SEED, 5)
    assert _leave(game, played, 5).exit_code == 0
    row = _rows(home)
    again = _cli(*game.command, "--moves", "q")
    assert again.exit_code == 0, again.output
    assert "Resuming the unfinished game" in " ".join(again.output.split())
    assert "damaged" not in again.output
    assert _rows(home) == row


def _damage(home: Path, column: str, value: object) -> list[tuple[object, ...]]:
    with sqlite3.connect(home / "silverpyr.db") as db:
        db.execute(f"UPDATE saved_games SET {column} = ?", (value,))
    return _rows(home)


DAMAGE = {
    "silvergold": [("players", 5), ("players", 0), ("answers", "[1]")],
    "sun": [("players", 6), ("players", 1), ("players", 3), ("opponents", "standard")],
    "cheops": [("players", 6), ("players", 1), ("players", 4), ("opponents", ",")],
}
"""The row of a 2-player game of each game damaged: a size its engine does not seat (Silver &
Gold's 0 and 5, the Sun's and Cheops's 1 and 6), a size its table does not fill, a table or
answers that do not read."""
CASES = [(name, column, value) for name, damages in DAMAGE.items() for column, value in damages]


@pytest.mark.parametrize(("name", "column", "value"), CASES)
def test_a_damaged_row_is_refused_kept_and_replaced_by_restart(
    home: Path, name: str, column: str, value: object
) -> None:
    game = GAMES[name]
    played = game.play(SEED, 2)
    assert _leave(game, played, 2).exit_code == 0
    damaged = _damage(home, column, value)
    for asked in (["--moves", "q"], ["--seed", "5", "--moves", played.answers[0]]):
        refused = _cli(*game.command, *asked)
        assert refused.exit_code == 2, refused.output
        lines = [line for line in refused.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, lines
        assert lines[0].startswith("error: ") and "damaged" in lines[0]
        assert column in lines[0] and f"`{game.resume} --restart`" in lines[0]
        assert _rows(home) == damaged  # left as it is: not resumed, not written over
    _restart_replaces(home, game, played, damaged[0])


def _restart_replaces(home: Path, game: Game, played: Played, old: tuple[object, ...]) -> None:
    """``--restart`` drops the ``old`` row and saves a new 2-player game in its place."""
    first = ";".join([*played.answers[: played.cuts[0]], game.leave])
    fresh = _cli(*game.command, "--restart", "--seed", str(SEED), "--moves", first)
    assert fresh.exit_code == 0, fresh.output
    assert "Starting a new game: the unfinished one (" in " ".join(fresh.output.split())
    (row,) = _rows(home)
    assert row != old
    with Store(home / "silverpyr.db", game=game.store) as store:
        saved = store.saved_game(sg_kept.GAME_ID, game.seats)
    assert saved is not None and saved.players == 2 and len(saved.answers) == played.cuts[0]


UNRESUMABLE = [
    *(("opponents", value) for value in ("x", "1.5", "-1", "9" * 40, "standard:shark,greedy")),
    ("opponents", ",,"),
    *(("answers", json.dumps(value)) for value in (["zz"], ["q"], ["end", "end", "end"])),
]
"""Rows that read but do not replay (a table of bots the registry does not know, answers the
engine refuses) or whose table does not read: the hostile benchmark's cases."""


def _put_back(home: Path, row: tuple[object, ...]) -> None:
    with sqlite3.connect(home / "silverpyr.db") as db:
        db.execute("DELETE FROM saved_games")
        db.execute(f"INSERT INTO saved_games VALUES ({', '.join('?' * len(row))})", row)


@pytest.mark.parametrize("name", GAMES)
def test_a_row_that_cannot_be_resumed_is_refused_kept_and_replaced_by_restart(
    home: Path, name: str
) -> None:
    """A plain resume never drops the row: one ``error:`` line says why the game cannot be
    resumed and names the command's ``--restart`` (exit 2), the row is kept byte for byte,
    and ``--restart`` replaces it."""
    game = GAMES[name]
    played = game.play(SEED, 2)
    assert _leave(game, played, 2).exit_code == 0
    (kept,) = _rows(home)
    for column, value in UNRESUMABLE:
        _put_back(home, kept)
        before = _damage(home, column, value)
        refused = _cli(*game.command, "--moves", "q")
        assert refused.exit_code == 2, (column, value, refused.output)
        lines = [line for line in refused.stderr.splitlines() if line.strip()]
        assert len(lines) == 1, lines
        assert lines[0].startswith("error: ")
        assert "cannot be resumed" in lines[0] or "damaged" in lines[0], lines[0]
        if column == "answers":  # the row reads: it is the replay that fails
            assert "cannot be resumed (answer 1, " in lines[0], lines[0]
        assert f"`{game.resume} --restart` drops it" in lines[0]
        assert "Resuming" not in refused.stdout and "dropped" not in refused.stdout
        assert _rows(home) == before  # left exactly as it was
        _restart_replaces(home, game, played, before[0])


def test_the_restart_flag_the_refusal_names_exists_on_each_command() -> None:
    for game in GAMES.values():
        shown = _cli(*[word for word in game.command if not word.startswith("--")], "--help")
        assert shown.exit_code == 0 and "--restart" in shown.stdout


def test_each_command_takes_the_sizes_its_game_seats() -> None:
    """The commands' ``--players`` (and the Sun's and Cheops's shared 1-4 ``--opponents``) are
    the CLI's own options: they must stay each game's declared seats."""
    import typer
    import typer.main

    from silverpyr.cli.cheops.game_cmd import game as cheops_game
    from silverpyr.cli.core import line_game
    from silverpyr.cli.silvergold.game_cmd import game as sg_game
    from silverpyr.cli.sun.game_cmd import game as sun_game

    for command, kept in ((sg_game, sg_kept), (sun_game, sun_kept), (cheops_game, cheops_kept)):
        local = typer.Typer()
        local.command()(command)
        players = next(p for p in typer.main.get_command(local).params if p.name == "players")
        assert (players.type.min, players.type.max) == (kept.SEATS[0], kept.SEATS[-1])  # type: ignore[attr-defined]
    for kept in (sun_kept, cheops_kept):
        assert kept.SEATS[-1] - 1 == line_game.MAX_BOTS


@pytest.mark.parametrize("name", sorted(GAMES))
def test_no_record_neither_saves_nor_resumes_in_every_game(home: Path, name: str) -> None:
    """``--no-record`` in every game's ``game`` (issue 32's one vocabulary; the README's
    tours use it so that they leave nothing behind): the unfinished game saved before is
    neither resumed nor touched, and the game played is not saved."""
    game = GAMES[name]
    players = game.seats[0] + 1
    played = game.play(SEED, players)
    assert _leave(game, played, players).exit_code == 0
    row = _rows(home)
    assert len(row) == 1
    fresh = game.play(7, players)
    script = ";".join([*fresh.answers[: fresh.cuts[0]], game.leave])
    other = _cli(
        *game.command, "--no-record", "--seed", "7", "--players", str(players), "--moves", script
    )
    assert other.exit_code == 0, other.output
    assert "Resuming" not in other.output
    assert _rows(home) == row
    again = _cli(*game.command, "--moves", game.leave)
    assert "Resuming the unfinished game" in " ".join(again.output.split())
