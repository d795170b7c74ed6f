"""The Pyramid of the Sun arena (puzzles/sun/arena.py): the JSON shape of `silverpyr arena`,
shared wins as fractions, replayable records. Its results whatever the workers and its command
(cli/sun/arena_cmd.py) are tested with Cheops's in tests/core/test_game_arenas.py."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import arena_checks as checks
import pytest
from hypothesis import given
from hypothesis import strategies as st

from silverpyr.puzzles.sun import arena
from silverpyr.puzzles.sun.game_record import RECORDS
from silverpyr.solver.core.errors import SilverpyrError
from silverpyr.solver.sun.cards import load_deck
from silverpyr.solver.sun.game import outcome

DECK = load_deck()
SGP_KEYS = {"games", "players", "bots", "seconds", "workers", "records"}
MODEL = "planner"
"""The bot beside greedy where a test checks the arena, not the expert: the expert's value
model, as its search would cost these tests minutes (the expert's games are in the bots'
tests and the benchmarks)."""


def test_the_report_has_the_json_shape_of_silverpyr_arena() -> None:
    report = arena.run_arena(DECK, [MODEL, "greedy"], 4, seed=100_000, workers=0)
    data = report.to_dict()
    assert set(data) >= SGP_KEYS
    checks.assert_json_of_expert_and_greedy(data, MODEL)
    for bot in data["bots"]:
        assert set(bot["categories"]) == {"cards", "symbols", "top"}


def test_seats_rotate_and_seeds_follow_the_base_seed() -> None:
    report = arena.run_arena(DECK, [MODEL, "greedy", "greedy"], 3, seed=7, workers=0)
    checks.assert_seats_rotate_from_the_base_seed(report, MODEL)


def test_categories_add_up_to_the_scores() -> None:
    report = arena.run_arena(DECK, ["greedy", MODEL, "greedy"], 3, seed=3, workers=0, size="short")
    for game in report.games:
        for seat, score in enumerate(game.scores):
            assert sum(game.categories[seat].values()) == score


def _result(seed: int, scores: tuple[int, ...], winners: tuple[int, ...]) -> arena.SunGameResult:
    return _game(seed, ("a", "b", "c")[: len(scores)], scores, winners)


def test_a_shared_win_counts_as_a_fraction() -> None:
    report = arena.summarise(
        [_result(1, (10, 10, 3), (0, 1)), _result(2, (5, 9, 1), (1,))], 1.0, 0, "standard"
    )
    checks.assert_shared_win_is_a_fraction(report)


@pytest.mark.parametrize(
    ("bots", "games", "size", "words"),
    [
        (["expert"], 1, "standard", "2 to 5 bots"),
        (["greedy"] * 6, 1, "standard", "2 to 5 bots"),
        (["expert", "nobody"], 1, "standard", "unknown bot 'nobody'"),
        (["expert", "greedy"], 0, "standard", "from 1 to"),
        (["expert", "greedy"], 1, "huge", "unknown pyramid size 'huge'"),
    ],
)
def test_a_bad_arena_is_one_error(bots: list[str], games: int, size: str, words: str) -> None:
    with pytest.raises(arena.SunArenaError, match=words):
        arena.check_arena(bots, games, 0, size)


def test_records_replay_through_the_engine(tmp_path: Path) -> None:
    records = arena.SunRecords.open(tmp_path / "games", DECK, 11)
    report = arena.run_arena(DECK, ["greedy", MODEL], 2, seed=10, workers=0, records=records)
    folder = tmp_path / "games"
    record, replay = partial(arena.record_of, DECK), partial(RECORDS.replay_data, cards=DECK)
    for game, result in checks.replayed_outcomes(report, folder, record, replay, outcome):
        assert result.scores == game.scores
        assert result.winners == game.winners


def test_a_record_name_taken_by_a_folder_is_refused_before_any_game(tmp_path: Path) -> None:
    records = arena.SunRecords.open(tmp_path, DECK, 11)
    (tmp_path / "game-000011.json").mkdir()  # the second game's name
    with pytest.raises(arena.SunRecordError, match=r"game-000011\.json: it is a folder"):
        arena.run_arena(DECK, ["greedy", "greedy"], 2, seed=10, workers=0, records=records)
    assert not (tmp_path / "game-000010.json").exists()  # refused before the first game


def test_moves_come_back_only_for_records() -> None:
    report = arena.run_arena(DECK, ["greedy", MODEL], 2, seed=10, workers=0)
    checks.assert_no_moves_kept(report)


def test_a_record_that_does_not_replay_names_its_move() -> None:
    game = arena.play_arena_game((DECK, "standard", True), 5, ("greedy", "greedy"))
    data = arena.record_of(DECK, game)
    data["moves"][3] = "#999@9a"
    with pytest.raises(SilverpyrError, match=r"^moves\[3\] "):
        RECORDS.replay_data(data, DECK)


@pytest.mark.parametrize(
    ("key", "value", "words"),
    [
        ("seats", None, "seats: missing"),
        ("seed", "five", "seed: expected a whole number"),
        ("size", "huge", "size: 'huge' is not a pyramid size"),
        ("deck", "not-this", "another deck"),
    ],
)
def test_a_record_that_cannot_start_is_one_error(key: str, value: object, words: str) -> None:
    game = arena.play_arena_game((DECK, "standard", True), 5, ("greedy", "greedy"))
    data = arena.record_of(DECK, game)
    data[key] = value
    with pytest.raises(SilverpyrError, match=words):
        RECORDS.replay_data(data, DECK)


def _game(
    g: int, seats: tuple[str, ...], scores: tuple[int, ...], winners: tuple[int, ...]
) -> arena.SunGameResult:
    categories = tuple({"cards": s, "symbols": 0, "top": 0} for s in scores)
    placed = (1,) * len(seats)
    return arena.SunGameResult(
        g, seats, scores, categories, placed, winners, "top", size="standard"
    )


@st.composite
def _results(draw: st.DrawFn) -> list[arena.SunGameResult]:
    return checks.seated_results(draw, 9, _game)


@given(_results())
def test_the_report_recomputed_seat_by_seat(results: list[arena.SunGameResult]) -> None:
    """Wins add up to one a game; each bot's figures are its seats' own."""
    report = arena.summarise(results, 0.0, 0, "standard")
    checks.assert_recomputed_seat_by_seat(report, results, lambda game: game.scores)
