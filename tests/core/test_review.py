"""Reviewing a recorded game (``sun hint`` and ``cheops hint --game FILE [--review]``):
the core's :mod:`silverpyr.puzzles.core.review` and :mod:`silverpyr.cli.core.review` over each game.

A review says of every decision what the coach said during the game (same rollouts, same
place), reads the records that ``game --record`` and ``arena --records`` write, and every
bad option or record is one line with exit code 2."""

from __future__ import annotations

import functools
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner, Result

from silverpyr.cli.core.app import app
from silverpyr.puzzles.cheops.arena import play_arena_game as cheops_arena_game
from silverpyr.puzzles.cheops.arena import record_of as cheops_arena_record
from silverpyr.puzzles.cheops.game_record import GameRecordError as CheopsRecordError
from silverpyr.puzzles.cheops.game_record import load_record as cheops_load
from silverpyr.puzzles.cheops.kept_game import KeptGame as CheopsKept
from silverpyr.puzzles.cheops.review import REVIEWING as CHEOPS
from silverpyr.puzzles.core.review import PERSON, ReviewError, reviewed_seat, rollout_table
from silverpyr.puzzles.sun.arena import play_arena_game as sun_arena_game
from silverpyr.puzzles.sun.arena import record_of as sun_arena_record
from silverpyr.puzzles.sun.game_record import GameRecordError as SunRecordError
from silverpyr.puzzles.sun.game_record import RecordReplayError
from silverpyr.puzzles.sun.game_record import load_record as sun_load
from silverpyr.puzzles.sun.kept_game import KeptGame as SunKept
from silverpyr.puzzles.sun.review import REVIEWING as SUN
from silverpyr.solver.cheops.bots import GreedyPlayer as CheopsGreedy
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.sun.bots import GreedyPlayer as SunGreedy
from silverpyr.solver.sun.cards import load_deck

DECK = load_deck()
COMPONENTS = load_components()
ROLLOUTS = 2


def _run(*args: str) -> Result:
    return CliRunner().invoke(app, list(args))


def _coached(kept: Any, greedy: Any, decisions: int) -> Any:
    """``kept`` played by greedy at seat 0 for ``decisions`` final decisions, coached."""
    kept.settle()
    while not kept.is_over() and len(kept.verdicts) < decisions:
        kept.play(greedy.decide(kept.state, 0))
        kept.settle()
    return kept


@pytest.fixture(scope="module")
def sun_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, SunKept]:
    path = tmp_path_factory.mktemp("sun") / "game.json"
    kept = SunKept(DECK, 21, "short", ("greedy",), coach=True, record=path, rollouts=ROLLOUTS)
    return path, _coached(kept, SunGreedy(), 10)


@pytest.fixture(scope="module")
def cheops_game(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, CheopsKept]:
    path = tmp_path_factory.mktemp("cheops") / "game.json"
    kept = CheopsKept(COMPONENTS, 21, ("greedy",), coach=True, record=path, rollouts=ROLLOUTS)
    return path, _coached(kept, CheopsGreedy(), 8)


def test_a_review_says_what_the_coach_said_during_the_sun_game(
    sun_game: tuple[Path, SunKept],
) -> None:
    path, kept = sun_game
    review = SUN.review(sun_load(path), DECK)
    assert review.seat == 0 and review.table == ("human", "greedy")
    assert review.verdicts(samples=ROLLOUTS) == kept.verdicts
    assert any(v.samples for v in kept.verdicts), "every move was the expert's: a weak test"


def test_a_review_says_what_the_coach_said_during_the_cheops_game(
    cheops_game: tuple[Path, CheopsKept],
) -> None:
    path, kept = cheops_game
    review = CHEOPS.review(cheops_load(path), COMPONENTS)
    assert review.verdicts(samples=ROLLOUTS) == kept.verdicts
    assert any(v.samples for v in kept.verdicts), "every move was the expert's: a weak test"


@pytest.mark.parametrize("game", ["sun", "cheops"])
def test_hint_review_json_sums_its_verdicts(
    game: str, sun_game: tuple[Path, SunKept], cheops_game: tuple[Path, CheopsKept], home: Path
) -> None:
    path, kept = sun_game if game == "sun" else cheops_game
    result = _run(game, "hint", "--game", str(path), "--review", "--json", "--rollouts", "2")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["seat"] == 1 and data["player"] == PERSON
    assert data["decisions"] == len(data["verdicts"]) == len(kept.verdicts)
    losses = [verdict["loss"] for verdict in data["verdicts"]]
    assert data["total_loss"] == pytest.approx(sum(losses), abs=0.01 * len(losses))
    grades = {verdict["grade"] for verdict in data["verdicts"]}
    assert grades <= {None, "doubtful", "bad", "blunder"}
    assert [v["played"] for v in data["verdicts"]] == [v.played for v in kept.verdicts]


@pytest.mark.parametrize("game", ["sun", "cheops"])
def test_hint_gives_the_advice_due_in_an_unfinished_game(
    game: str, sun_game: tuple[Path, SunKept], cheops_game: tuple[Path, CheopsKept], home: Path
) -> None:
    path, kept = sun_game if game == "sun" else cheops_game
    result = _run(game, "hint", "--game", str(path), "--json", "--rollouts", "2")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    final = kept.committed
    assert data["seat"] == final.turn + 1
    assert data["moves"] == len(json.loads(path.read_text(encoding="utf-8"))["moves"])
    people = _run(game, "hint", "--game", str(path), "--rollouts", "2", "--plain")
    assert people.exit_code == 0, people.output
    told = " ".join(people.stdout.split())  # lines folded to the width
    assert told.startswith(f"{path}: the decision of seat {final.turn + 1}")


@functools.cache
def _sun_arena_text(bots: tuple[str, ...]) -> str:
    """The record of the arena game of seed 31 of ``bots``, played once a test process (the
    same game every time; the searching expert's takes ~10 s)."""
    played = sun_arena_game((DECK, "short", True), 31, bots)
    return json.dumps(sun_arena_record(DECK, played))


def _sun_arena_record(folder: Path, bots: tuple[str, ...] = ("greedy", "greedy")) -> Path:
    """An arena record of the Sun in ``folder``: greedy's game unless a test needs the
    expert's (a damaged record is damaged alike whoever played it)."""
    path = folder / "game-000031.json"
    path.write_text(_sun_arena_text(bots), encoding="utf-8")
    return path


def test_an_arena_record_is_read_and_any_seat_reviewed(tmp_path: Path, home: Path) -> None:
    path = _sun_arena_record(tmp_path, ("expert", "greedy"))
    record = sun_load(path)
    assert record.players == ("expert", "greedy") and record.outcome is None
    assert {seat for seat, _ in record.moves} == {None}
    review = SUN.review(record, DECK, 2)
    assert review.final.over
    assert len(review.decisions) == sum(1 for state, _, _ in review.decisions if state.turn == 1)
    result = _run("sun", "hint", "--game", str(path), "--review", "--seat", "2", "--json",
                  "--rollouts", "2")  # fmt: skip
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["seat"] == 2 and data["player"] == "greedy"
    assert data["decisions"] == len(review.decisions)
    shown = _run("sun", "hint", "--game", str(path), "--review", "--seat", "2", "--rollouts", "2")
    assert "estimate of Player 2's gap" in shown.stdout and "your gap" not in shown.stdout
    over = _run("sun", "hint", "--game", str(path))
    assert over.exit_code == 2 and "the game is over" in over.stderr


def test_a_cheops_arena_record_is_read(tmp_path: Path) -> None:
    played = cheops_arena_game((COMPONENTS, True), 32, ("greedy", "greedy"))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(cheops_arena_record(COMPONENTS, played)), encoding="utf-8")
    review = CHEOPS.review(cheops_load(path), COMPONENTS)
    assert review.seat == 0 and review.final.over and review.decisions


@pytest.mark.parametrize(
    ("change", "says"),
    [
        (lambda d: d.update(game="cheops"), "game"),
        (lambda d: d.update(format=2), "format"),
        (lambda d: d.update(moves=[1, 2]), "moves[0]"),
        (lambda d: d.update(seats=["expert"]), "seats"),
        (lambda d: d.update(players=["expert", "greedy"]), "players"),
    ],
)
def test_a_bad_arena_record_is_named_where_it_is_wrong(
    tmp_path: Path, change: Callable[[dict[str, Any]], None], says: str
) -> None:
    path = _sun_arena_record(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    change(data)
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(SunRecordError) as found:
        sun_load(path)
    assert says in str(found.value)


def test_a_move_that_does_not_replay_is_named(tmp_path: Path) -> None:
    path = _sun_arena_record(tmp_path)
    data = json.loads(path.read_text(encoding="utf-8"))
    data["moves"][3] = "draw edge"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(RecordReplayError, match=r"moves\[3\]"):
        SUN.review(sun_load(path), DECK)


def test_a_cheops_record_of_the_sun_is_refused(tmp_path: Path) -> None:
    path = _sun_arena_record(tmp_path)
    with pytest.raises(CheopsRecordError, match="game"):
        cheops_load(path)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (("--review", "--seat", "3"), "--seat 3"),
        (("--seat", "1"), "--seat goes with --review"),
        (("--rollouts", "1"), "--rollouts"),
    ],
)
def test_bad_options_get_one_line(
    sun_game: tuple[Path, SunKept], home: Path, args: tuple[str, ...], says: str
) -> None:
    path, _ = sun_game
    result = _run("sun", "hint", "--game", str(path), *args)
    assert result.exit_code == 2
    assert says in result.stderr and "Traceback" not in result.stderr


def test_a_missing_record_is_one_line(tmp_path: Path, home: Path) -> None:
    result = _run("cheops", "hint", "--game", str(tmp_path / "none.json"), "--review")
    assert result.exit_code == 2 and "none.json" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_the_seat_reviewed_and_who_stands_in_for_a_person() -> None:
    assert reviewed_seat(("greedy", PERSON, "expert"), None) == 1
    assert reviewed_seat(("greedy", "expert"), None) == 0
    assert reviewed_seat(("greedy", "expert"), 2) == 1
    with pytest.raises(ReviewError, match="seats 1 to 2"):
        reviewed_seat(("greedy", "expert"), 3)
    assert rollout_table((PERSON, "expert", "greedy", "greedy"), 1) == (
        "greedy", "expert", "greedy", "greedy"
    )  # fmt: skip
    assert rollout_table((PERSON, "expert"), 1) == ("greedy", "expert")  # no other bot
    assert rollout_table((PERSON, PERSON), 0) == (PERSON, "greedy")
    assert rollout_table((PERSON, "greedy"), 0) == (PERSON, "greedy")


def test_the_cli_default_rollouts_are_the_advice_s() -> None:
    from silverpyr.cli.cheops import hint_cmd as cheops_hint
    from silverpyr.cli.sun import hint_cmd as sun_hint
    from silverpyr.puzzles.cheops.advice import DEFAULT_ROLLOUTS as CHEOPS
    from silverpyr.puzzles.sun.advice import DEFAULT_ROLLOUTS as SUN

    assert sun_hint.DEFAULT_ROLLOUTS == SUN and cheops_hint.DEFAULT_ROLLOUTS == CHEOPS
