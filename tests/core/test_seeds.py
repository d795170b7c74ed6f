"""One range for every seed: ``--seed`` of every command, game records and puzzle ids.

A seed ``game`` accepts is a seed its record keeps and ``hint --game`` replays; one past the
range is refused everywhere with the same message (our wording: ``is not a seed``).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.tournament import line_ups
from silverpyr.puzzles.silvergold.ids import parse_puzzle_id
from silverpyr.puzzles.silvergold.kinds import PuzzleError
from silverpyr.puzzles.silvergold.realgame.arena import ArenaError, check_line_up
from silverpyr.solver.core.rng import MAX_SEED, seed_problem

OUR_WORDS = f"is not a seed (a whole number from 0 to {MAX_SEED})"


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("error: ")]


def test_the_range_is_a_signed_64_bit_integer() -> None:
    assert MAX_SEED == 2**63 - 1
    assert seed_problem(0) is None and seed_problem(MAX_SEED) is None
    for wrong in (-1, MAX_SEED + 1, 2**64, True, "3", 1.0):
        assert OUR_WORDS in (seed_problem(wrong) or "")


@settings(
    max_examples=8,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(seed=st.integers(min_value=0, max_value=MAX_SEED))
@example(seed=0)
@example(seed=MAX_SEED)
def test_a_seed_game_accepts_round_trips_through_record_and_hint(tmp_path: Path, seed: int) -> None:
    runner = CliRunner()
    record = tmp_path / f"game-{seed}.json"
    played = runner.invoke(
        app,
        ["game", "--seed", str(seed), "--record", str(record), "--plain", "--moves", "-"],
        input="q!\n",
    )
    assert played.exit_code == 0, played.output
    assert f"Game seed {seed}:" in played.stdout
    assert json.loads(record.read_text(encoding="utf-8"))["seed"] == seed
    hinted = runner.invoke(app, ["hint", "--game", str(record), "--review", "--json"])
    assert hinted.exit_code == 0, hinted.output
    assert json.loads(hinted.stdout)["decisions"] == 0


COMMANDS = (
    ["game", "--moves", "-"],
    ["puzzle", "--json"],
    ["arena", "--games", "1", "--workers", "0"],
    ["hint", "--puzzle", "1"],
    ["solve", "--card", "17"],
)


@pytest.mark.parametrize("command", COMMANDS, ids=lambda c: c[0])
@pytest.mark.parametrize("seed", [-1, MAX_SEED + 1, 2**64])
def test_every_command_refuses_a_seed_out_of_range_the_same_way(
    home: Path, command: list[str], seed: int
) -> None:
    result = CliRunner().invoke(app, [*command, "--seed", str(seed)], input="q!\n")
    assert result.exit_code == 2
    [line] = error_lines(result.stderr)
    assert f"{seed} {OUR_WORDS}" in line


def test_a_record_with_a_seed_out_of_range_is_one_error(tmp_path: Path) -> None:
    runner = CliRunner()
    record = tmp_path / "game.json"
    played = runner.invoke(
        app, ["game", "--seed", "5", "--record", str(record), "--moves", "-"], input="q!\n"
    )
    assert played.exit_code == 0, played.output
    data = json.loads(record.read_text(encoding="utf-8"))
    data["seed"] = MAX_SEED + 1
    record.write_text(json.dumps(data), encoding="utf-8")
    result = runner.invoke(app, ["hint", "--game", str(record), "--review"])
    assert result.exit_code == 2
    [line] = error_lines(result.stderr)
    assert str(record) in line and OUR_WORDS in line


def test_puzzle_ids_follow_the_same_range() -> None:
    assert parse_puzzle_id(str(MAX_SEED)).seed == MAX_SEED
    assert parse_puzzle_id(f"sprint-{MAX_SEED}").seed == MAX_SEED
    with pytest.raises(PuzzleError, match="is not a seed"):
        parse_puzzle_id(str(MAX_SEED + 1))


def test_the_arena_keeps_every_game_seed_in_range() -> None:
    check_line_up(["greedy"], 2, MAX_SEED - 1)  # its last game plays MAX_SEED
    assert list(line_ups(["greedy"], 2, MAX_SEED - 1))[-1][0] == MAX_SEED
    with pytest.raises(ArenaError, match=r"seed of game 2: .* is not a seed"):
        check_line_up(["greedy"], 2, MAX_SEED)
