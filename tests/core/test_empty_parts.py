"""Empty parts are refused in every game with one line and exit 2: a path option or argument
given as empty text (to Python the current folder: ``arena --records ''`` wrote its games
there), and an empty part of a comma-separated list (``--bots 'greedy,,greedy'``,
``--opponents``, ``--expeditions``)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
import typer.main
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.cli.core.line_game import BotsError
from silverpyr.cli.core.options import empty_path
from silverpyr.cli.silvergold.game_cmd import opponents_table
from silverpyr.puzzles.silvergold.realgame.registry import NAMES

ROOT = typer.main.get_command(app)


def _leaves(command: Any = ROOT, words: tuple[str, ...] = ()) -> dict[tuple[str, ...], Any]:
    found: dict[tuple[str, ...], Any] = {}
    subcommands = getattr(command, "commands", None)
    if not subcommands:
        return {words: command}
    for name, sub in subcommands.items():
        found.update(_leaves(sub, (*words, name)))
    return found


def _is_path(param: Any) -> bool:
    return "path" in type(param.type).__name__.lower()


PATH_PARAMS = [
    (words, param)
    for words, command in sorted(_leaves().items())
    for param in command.params
    if _is_path(param) and param.param_type_name in ("option", "argument")
]


def _run(args: list[str]) -> tuple[int, str, str]:
    result = CliRunner().invoke(app, args)
    return result.exit_code, result.stdout, result.stderr


def test_the_sweep_sees_the_path_options_of_every_game() -> None:
    seen = {(" ".join(words), param.opts[0]) for words, param in PATH_PARAMS}
    for expected in [
        ("arena", "--records"),
        ("sun arena", "--records"),
        ("cheops arena", "--records"),
        ("sun game", "--moves-file"),
        ("cheops solve", "--position"),
        ("puzzle", "--file"),
        ("hint", "--state"),
    ]:
        assert expected in seen
    assert len(PATH_PARAMS) > 20


@pytest.mark.parametrize(
    ("words", "param"),
    PATH_PARAMS,
    ids=[f"{' '.join(w)} {p.opts[0]}" for w, p in PATH_PARAMS],
)
def test_an_empty_path_is_one_line_and_nothing_is_written(
    home: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, words: tuple[str, ...], param: Any
) -> None:
    work = tmp_path / "work"
    work.mkdir()
    monkeypatch.chdir(work)
    given = [param.opts[0], ""] if param.param_type_name == "option" else [""]
    code, out, err = _run([*words, *given])
    assert code == 2 and out == "" and err.count("\n") == 1, err
    assert err.startswith("error: ") and "empty path" in err
    name = param.opts[0] if param.param_type_name == "option" else (param.name or "").upper()
    assert err.startswith(f"error: {name} ''")
    assert list(work.iterdir()) == []


def test_the_global_cards_option_and_the_equals_form_are_checked_too() -> None:
    assert empty_path(ROOT, ["--cards", "", "cards", "list"]) == (
        "--cards '': an empty path names no file or folder"
    )
    assert empty_path(ROOT, ["sun", "arena", "--records="]) is not None
    assert empty_path(ROOT, ["hint", "--moves", ""]) is None  # not a path: no answers
    assert empty_path(ROOT, ["sun", "arena", "--records", "x"]) is None
    assert empty_path(ROOT, ["sun", "game", "--moves", "--", ""]) is None


@pytest.mark.parametrize("game", [[], ["sun"], ["cheops"]])
@pytest.mark.parametrize("bots", ["greedy,,greedy", ",greedy", "greedy,", "", " , "])
def test_an_empty_bot_in_the_arena_line_up_is_one_line(
    home: Path, game: list[str], bots: str
) -> None:
    code, _, err = _run([*game, "arena", "--bots", bots, "--games", "1"])
    assert code == 2 and err.count("\n") == 1 and err.startswith("error: --bots ")
    assert "names no bot" in err


@pytest.mark.parametrize("game", [[], ["sun"], ["cheops"]])
def test_an_empty_opponent_is_one_line_in_every_game(home: Path, game: list[str]) -> None:
    """Silver & Gold's ``--opponents`` was a Choice of the separate Click package, which the
    error mapping (Typer's own Click) did not catch: a traceback."""
    code, _, err = _run([*game, "game", "--opponents", "greedy,,greedy", "--moves", "q"])
    assert code == 2 and err.count("\n") == 1 and err.startswith("error: ")
    assert "--opponents" in err and "Traceback" not in err


def test_silver_and_gold_opponents_are_the_registry() -> None:
    for name in (*NAMES, " Greedy ", "montecarlo:3"):
        assert opponents_table(None, name) == (None, name.strip().lower())
    for name in ("nobody", "greedy:3", "montecarlo:0", ""):
        with pytest.raises(BotsError, match="--opponents"):
            opponents_table(None, name)


def test_an_empty_expedition_card_is_one_line(home: Path) -> None:
    code, _, err = _run(["solve", "--card", "17", "--expeditions", "I3,,L4"])
    assert code == 2 and err.count("\n") == 1 and "part 2 names no expedition card" in err


def test_one_bot_named_sits_in_every_other_seat_in_every_game() -> None:
    from silverpyr.cli.core.line_game import parse_bots
    from silverpyr.puzzles.sun.registry import REGISTRY

    assert parse_bots(4, "expert", REGISTRY) == ("expert",) * 3
    assert parse_bots(None, "expert", REGISTRY) == ("expert",)
    assert parse_bots(3, "greedy,expert", REGISTRY) == ("greedy", "expert")
    assert opponents_table(3, "expert") == (3, "expert")
    assert opponents_table(None, "greedy,expert") == (3, "greedy,expert")
    assert opponents_table(None, "expert,expert") == (3, "expert")
    assert opponents_table(1, "expert") == (1, "expert")
    with pytest.raises(BotsError, match="--players 1"):
        opponents_table(1, "greedy,expert")
