"""One vocabulary across the three games (issue 32): the options of ``daily``, ``puzzle``,
``solve`` and ``stats``, and the JSON keys of what ``daily``, ``puzzle`` and ``solve`` print,
are the same in *Silver & Gold* (``silverpyr daily``), the Sun (``silverpyr sun daily``) and
Cheops (``silverpyr cheops daily``), but for the differences declared below, each with its
reason. A new difference fails until it is declared here, and a declared one that is gone
fails too, so the table stays true.

The dailies played are made ahead (``data/dailies/``): nothing is generated.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.vocabulary import ATTEMPT_KEYS, POSITION, PUZZLE_KEYS, difficulty_level

GAMES = ("silvergold", "sun", "cheops")
SG, SUN, CHEOPS = GAMES
DATE = "2026-11-20"
"""A daily made ahead in every game."""
GIVE_UP = {SG: "q!", SUN: "give up", CHEOPS: "give up"}

Declared = Mapping[str, tuple[tuple[str, ...], str]]
"""Names (space-separated) -> (the games that have them, why the others do not)."""

OPTIONS: dict[str, Declared] = {
    "daily": {},
    "puzzle": {
        "--file --save": ((SG,), "puzzle files are Silver & Gold's only (others build them)"),
        "--puzzle": ((SG,), "an old spelling of --id that Silver & Gold's hint also takes"),
    },
    "solve": {
        "--card --expeditions --marked --red --green --skulls --torch-ticked --round --turn "
        "--objective --seed": (
            (SG,),
            "a solo line problem is given by options; the others read a whole table's file",
        ),
        "--position --position-template": (
            (SUN, CHEOPS),
            "a table of several seats is a file (Silver & Gold's is a few options)",
        ),
        "--node-limit": ((CHEOPS,), "only the endgame search counts nodes the same everywhere"),
        "--win": ((CHEOPS,), "only Cheops has a second objective spelt as a flag"),
    },
    "stats": {},
}

EXACT = "par and score are fractions in this game: exact as text beside the number"
LINE_LOG = "the line-mode trainer's answers and notes (Silver & Gold's JSON keeps the moves)"
SG_GOAL = "Silver & Gold's puzzles have a goal (points or sprint) and a par turn"

KEYS: dict[str, Declared] = {
    "puzzle": {
        "par_exact": ((SUN, CHEOPS), EXACT),
        "objective par_turns": ((SG,), SG_GOAL),
    },
    "attempt": {
        "par_exact score_exact": ((SUN, CHEOPS), EXACT),
        "objective par_turns goal_met": ((SG,), SG_GOAL),
        "notes log": ((SUN, CHEOPS), LINE_LOG),
        "optimal": ((SG,), "the whole optimal line: one answer, no chance in it"),
        "best": ((CHEOPS,), "the best first move (after it, the tiles drawn decide)"),
        "points": ((SUN,), "points the turn scored for sure, beside the luck-free score"),
    },
    "solve": {
        "value_exact": ((SUN, CHEOPS), "the value is a fraction (Silver & Gold's: points)"),
        "seat nodes time_limit": (
            (SUN, CHEOPS),
            "a search over a table of seats, counted in positions (CP-SAT counts none)",
        ),
        "objective": ((SG, CHEOPS), "the Sun has one objective: expected points this turn"),
        "score score_bound score_proven completion_proven completed": (
            (SG,),
            "a line's score sheet, and a proof of score and of speed apart",
        ),
        "draw_limit upper_bound upper_bound_exact gap can_play draw_instead": (
            (SUN,),
            "the best turn's bound and the drawing instead of playing",
        ),
        "note players move margin margin_exact win win_exact margins wins options turns "
        "node_limit": ((CHEOPS,), "an endgame's every seat, every move, and its horizon"),
    },
}


KEYS_AT_THE_END = {SG: ("goal_met", "optimal"), SUN: (), CHEOPS: ("best",)}
"""What only an ended attempt's JSON has (an answer, or the goal's verdict)."""


def _expand(declared: Declared) -> dict[str, tuple[str, ...]]:
    return {name: games for names, (games, _) in declared.items() for name in names.split()}


def _differences(found: Mapping[str, set[str]]) -> dict[str, tuple[str, ...]]:
    """Every name not in all three games, with the games that have it."""
    names = set().union(*found.values())
    return {
        name: tuple(game for game in GAMES if name in found[game])
        for name in names
        if not all(name in found[game] for game in GAMES)
    }


def _check(found: Mapping[str, set[str]], declared: Declared) -> None:
    assert _differences(found) == _expand(declared)


# --- options --------------------------------------------------------------------------------


def _command(game: str, name: str) -> Any:
    root: Any = typer.main.get_command(app)
    group = root if game == SG else root.commands[game]
    return group.commands[name]


COMMANDS: Declared = {
    "route score analyze": (
        (SG,),
        "a card room's routes, the paper score card and the exact deck analysis are "
        "Silver & Gold's own tools",
    ),
}
"""Commands not in every game (Silver & Gold's sit at the root, beside the other games)."""


def test_the_same_commands_in_every_game() -> None:
    root: Any = typer.main.get_command(app)
    found = {
        game: set(root.commands if game == SG else root.commands[game].commands) - set(GAMES)
        for game in GAMES
    }
    _check(found, COMMANDS)
    for name in ("daily", "puzzle", "stats", "solve", "game", "hint", "play", "arena", "rules"):
        assert all(name in found[game] for game in GAMES), name


@pytest.mark.parametrize("command", sorted(OPTIONS))
def test_the_same_options_in_every_game(command: str) -> None:
    found = {
        game: {
            name
            for param in _command(game, command).params
            for name in (*param.opts, *param.secondary_opts)
            if name.startswith("--")
        }
        for game in GAMES
    }
    _check(found, OPTIONS[command])
    for name in ("--json", "--plain"):
        assert all(name in found[game] for game in GAMES)
    if command in ("daily", "puzzle"):
        for name in ("--moves", "--moves-file", "--restart", "--no-record"):
            assert all(name in found[game] for game in GAMES), name
    if command == "daily":
        for name in ("--date", "--yesterday", "--archive", "--days"):
            assert all(name in found[game] for game in GAMES), name


def test_every_reason_is_one_line() -> None:
    for table in (*OPTIONS.values(), *KEYS.values()):
        for games, reason in table.values():
            assert games and set(games) <= set(GAMES) and len(games) < 3
            assert reason and "\n" not in reason


# --- JSON -----------------------------------------------------------------------------------


def _json(game: str, *args: str) -> dict[str, Any]:
    words = list(args) if game == SG else [game, *args]
    result = CliRunner().invoke(app, words)
    assert result.exit_code == 0, (game, args, result.output)
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def _number(value: object) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


def _check_puzzle(data: Mapping[str, Any]) -> None:
    assert list(data)[: len(PUZZLE_KEYS)] == list(PUZZLE_KEYS)
    assert isinstance(data["difficulty"], int) and 1 <= data["difficulty"] <= 5
    assert _number(data["par"]) and isinstance(data["proven"], bool)
    assert isinstance(data[POSITION], dict) and data[POSITION]
    assert data["date"] == DATE and isinstance(data["kind"], str)


def test_the_same_daily_and_puzzle_json_in_every_game(home: Path) -> None:
    shown = {game: _json(game, "daily", "--date", DATE, "--json") for game in GAMES}
    ended = {
        game: _json(game, "daily", "--date", DATE, "--json", "--moves", GIVE_UP[game])
        for game in GAMES
    }
    left = {
        game: _json(game, "puzzle", "--id", f"daily-{DATE}", "--json", "--moves", "hint; q; s")
        for game in GAMES
    }
    again = {
        game: _json(
            game, "puzzle", "--id", f"daily-{DATE}", "--json", "--no-record", "--moves", "q!"
        )
        for game in GAMES
    }
    _check({game: set(data) for game, data in shown.items()}, KEYS["puzzle"])
    _check({game: set(data) for game, data in ended.items()}, KEYS["attempt"])
    for game in GAMES:
        assert set(again[game]) == set(ended[game])  # puzzle and daily: one shape
        # an attempt left before its end: the same keys but what only an end has
        assert set(left[game]) == set(ended[game]) - set(KEYS_AT_THE_END[game]) | {"saved"}
        assert left[game]["finished"] is False and left[game]["saved"] is True  # a hint: kept
        assert left[game]["share"] is None and left[game]["hint_levels"] == [1, 0, 0]
        _check_puzzle(shown[game])
        _check_puzzle(ended[game])
        data = ended[game]
        assert set(ATTEMPT_KEYS) <= set(data)
        assert data["finished"] is True and data["gave_up"] is True and not data["at_par"]
        assert _number(data["score"]) and data["moves"] == []
        assert data["hints_used"] == 0 and data["hint_levels"] == [0, 0, 0]
        assert data["share"].splitlines()[0].endswith(f"difficulty {data['difficulty']}/5")
        assert f"daily {DATE}" in data["share"] and "\ngave up after 0 " in data["share"]
        assert {k: v for k, v in shown[game].items()} == {
            k: ended[game][k] for k in shown[game]
        }  # the attempt's JSON starts with the very puzzle shown


def test_the_same_stats_and_archive_json_in_every_game(home: Path) -> None:
    """No differences to declare: one game-free core prints both."""
    stats = {game: _json(game, "stats", "--json", "--today", DATE) for game in GAMES}
    listed = {
        game: _json(game, "daily", "--archive", "--date", DATE, "--days", "1", "--json")
        for game in GAMES
    }
    _check({game: set(data) for game, data in stats.items()}, {})
    _check({game: set(data) for game, data in listed.items()}, {})
    _check({game: set(data["dailies"][0]) for game, data in listed.items()}, {})


def _solve_args(game: str, tmp_path: Path) -> list[str]:
    if game == SG:
        return ["solve", "--card", "17", "--expeditions", "I3,L4,O4,T4,L3,I2,I3"]
    result = CliRunner().invoke(app, [game, "solve", "--position-template"])
    assert result.exit_code == 0
    path = tmp_path / f"{game}.yaml"
    path.write_text(result.stdout, encoding="utf-8")
    return ["solve", "--position", str(path)]


def test_the_same_solve_json_in_every_game(home: Path, tmp_path: Path) -> None:
    found = {game: _json(game, *_solve_args(game, tmp_path), "--json") for game in GAMES}
    _check({game: set(data) for game, data in found.items()}, KEYS["solve"])
    for data in found.values():
        assert list(data)[:4] == ["status", "proven", "value", "line"]
        assert data["status"] == "proven" and data["proven"] is True
        assert _number(data["value"]) and data["line"]


def test_a_new_difference_is_caught() -> None:
    """The check itself: an undeclared key, or a declared one that is gone, fails."""
    found = {SG: {"id"}, SUN: {"id", "new"}, CHEOPS: {"id"}}
    with pytest.raises(AssertionError):
        _check(found, {})
    _check(found, {"new": ((SUN,), "a reason")})
    with pytest.raises(AssertionError):
        _check({game: {"id"} for game in GAMES}, {"new": ((SUN,), "a reason")})


# --- difficulty -------------------------------------------------------------------------------

WORDS = {"easy": {1, 2}, "medium": {3}, "hard": {4, 5}}
DATA = Path(__file__).parents[2] / "data" / "dailies"


def _made(path: Path) -> list[dict[str, Any]]:
    data = json.loads(path.read_text(encoding="utf-8"))
    puzzles = data.get("puzzles", data)
    return list(puzzles.values())


def test_difficulty_1_to_5_keeps_the_words_of_the_sun_and_cheops() -> None:
    """Every made-ahead daily (and Cheops's golden mid-game puzzles): the whole number is
    the word's band, from the very figures the word was rated on."""
    seen = set()
    for puzzle in _made(DATA / "sun.json"):
        reached = max(Fraction(puzzle["greedy"]), Fraction(puzzle["single"]))
        level = difficulty_level(Fraction(puzzle["par"]), reached)
        assert level in WORDS[puzzle["difficulty"]], puzzle["id"]
        seen.add(level)
    golden = Path(__file__).parents[1] / "cheops" / "data" / "trainer_puzzles.json"
    for puzzle in _made(DATA / "cheops.json") + _made(golden):
        floor = min((Fraction(a["margin"]) for a in puzzle.get("analysis", ())), default=0)
        par, greedy = Fraction(puzzle["par"]) - floor, Fraction(puzzle["greedy"]) - floor
        level = difficulty_level(par, greedy)
        assert level in WORDS[puzzle["difficulty"]], puzzle["id"]
        seen.add(level)
    assert seen == {1, 2, 3, 4, 5}
    assert difficulty_level(Fraction(0), Fraction(0)) == 1
