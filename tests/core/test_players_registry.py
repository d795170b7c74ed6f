"""The game-free registry of players (``puzzles/core/players.py``): a seat names a registry player,
one with a number (``montecarlo:32``) or an outside player (``package.module:factory``); every
other name is the game's error in one line, and the CLI refuses it with exit 2 before any
game is played."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.players import Entry, Number, Registry


class Made:
    def __init__(self, label: str) -> None:
        self.name = label

    def decide(self) -> None:
        """A method the registry asks its players for."""


class NoPlayerError(ValueError):
    pass


REGISTRY: Registry[Made] = Registry(
    Entry("plain", lambda: Made("plain"), "a player"),
    Entry(
        "counted",
        lambda: Made("counted:8"),
        "takes a number",
        Number("deals", 1, 9, lambda n: Made(f"counted:{n}")),
    ),
    error=NoPlayerError,
    methods=("decide",),
)


OUTSIDE = """
class Bot:
    name = "outside"

    def decide(self, state, seat):
        from silverpyr.solver.sun.bots import GreedyPlayer

        return GreedyPlayer().decide(state, seat)

    def keep(self): ...


def make():
    return Bot()


def broken():
    raise RuntimeError("no")


class Mute:
    name = "mute"


def mute():
    return Mute()


NOT_CALLABLE = 3


class Raises:
    name = "raises"

    def decide(self, state, seat):
        raise ZeroDivisionError("its own bug")


def raises():
    return Raises()


class Cheats:
    name = "cheats"

    def decide(self, state, seat):
        from silverpyr.solver.sun.game import Discard

        return Discard(999)


def cheats():
    return Cheats()


class Mumbles:
    name = "mumbles"

    def decide(self, state, seat):
        return None


def mumbles():
    return Mumbles()
"""


@pytest.fixture
def outside(tmp_path: Path) -> Iterator[str]:
    """A module of outside players, importable as ``spr_outside_bots``."""
    (tmp_path / "spr_outside_bots.py").write_text(OUTSIDE, encoding="utf-8")
    sys.path.insert(0, str(tmp_path))
    try:
        yield "spr_outside_bots"
    finally:
        sys.path.remove(str(tmp_path))
        sys.modules.pop("spr_outside_bots", None)


def test_a_registry_player_and_a_numbered_one_are_made_fresh() -> None:
    first, second = REGISTRY.make("plain"), REGISTRY.make("plain")
    assert first.name == "plain" and first is not second
    assert REGISTRY.make("counted").name == "counted:8"
    assert REGISTRY.make("counted:3").name == "counted:3"
    assert "counted:9" in REGISTRY and "counted:10" not in REGISTRY
    assert REGISTRY.known() == "plain, counted[:K]"


@pytest.mark.parametrize(
    ("name", "words"),
    [
        ("nobody", "unknown bot 'nobody'"),
        ("plain:3", "takes no number"),
        ("counted:0", "from 1 to 9"),
        ("counted:x", "whole number"),
        ("counted:٣", "whole number"),  # a digit, but not an ASCII one
        ("counted:", "whole number"),
        ("no.such.module:make", "cannot import no.such.module"),
    ],
)
def test_a_name_that_seats_nobody_is_one_problem(name: str, words: str) -> None:
    problem = REGISTRY.problem(name)
    assert problem is not None and words in problem and "\n" not in problem
    with pytest.raises(NoPlayerError, match=words):
        REGISTRY.make(name)


def test_an_outside_player_is_made_by_its_factory_and_checked(outside: str) -> None:
    assert REGISTRY.make(f"{outside}:make").name == f"{outside}:make"
    assert REGISTRY.problem(f"{outside}:nothing") == (
        f"player {outside}:nothing: {outside} has no callable nothing"
    )
    assert "has no callable NOT_CALLABLE" in (REGISTRY.problem(f"{outside}:NOT_CALLABLE") or "")
    with pytest.raises(NoPlayerError, match=r"mute\(\) failed|has no decide"):
        REGISTRY.make(f"{outside}:mute")
    with pytest.raises(NoPlayerError, match=r"broken\(\) failed \(RuntimeError\)"):
        REGISTRY.make(f"{outside}:broken")


def test_an_outside_player_takes_a_seat_in_the_suns_arena(outside: str) -> None:
    result = CliRunner().invoke(
        app,
        ["sun", "arena", "--bots", f"{outside}:make,greedy", "--games", "2", "--workers", "0"],
    )
    assert result.exit_code == 0, result.output
    assert f"{outside}:make" in result.stdout


@pytest.mark.parametrize("game", [["sun"], ["cheops"], []])
def test_a_bad_seat_is_one_line_in_every_arena(game: list[str]) -> None:
    for bots in ("montecarlo:0,greedy", "no_such_module_x:make,greedy", "greedy:2,greedy"):
        result = CliRunner().invoke(app, [*game, "arena", "--bots", bots, "--workers", "0"])
        assert result.exit_code == 2, (bots, result.output)
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: "), (bots, lines)


@pytest.mark.parametrize(
    ("game", "factory", "words"),
    [
        ("sun", "raises", "decide() failed (ZeroDivisionError: its own bug)"),
        ("cheops", "raises", "decide() failed (ZeroDivisionError: its own bug)"),
        ("sun", "cheats", "(seat 1): you cannot discard now"),
        ("sun", "mumbles", "(seat 1): None is not a move"),
        ("cheops", "mumbles", "(seat 1): None is not a move"),
    ],
)
def test_an_outside_player_that_fails_in_play_is_one_line(
    outside: str, game: str, factory: str, words: str
) -> None:
    result = CliRunner().invoke(
        app, [game, "arena", "--bots", f"{outside}:{factory},greedy", "--workers", "0"]
    )
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and words in lines[0], lines
    assert f"{outside}:{factory}" in lines[0]


def test_the_documented_example_player_takes_a_seat(monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/players.md's example, run as the doc says: from its folder."""
    monkeypatch.chdir(Path(__file__).parents[2] / "docs" / "examples")
    try:
        result = CliRunner().invoke(
            app,
            [
                "sun",
                "arena",
                "--bots",
                "cautious_sun:make,greedy",
                "--games",
                "2",
                "--workers",
                "0",
            ],
        )
    finally:
        sys.modules.pop("cautious_sun", None)
    assert result.exit_code == 0, result.output
    assert "cautious_sun:make" in result.stdout
