"""The Cheops arena (puzzles/cheops/arena.py): the JSON shape of `silverpyr sun arena`, shared
wins as fractions, money by category adding up, replayable records. Its results whatever the
workers and its command (cli/cheops/arena_cmd.py) are tested with the Sun's in
tests/core/test_game_arenas.py."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import arena_checks as checks
import pytest
from hypothesis import given
from hypothesis import strategies as st

from silverpyr.puzzles.cheops import arena
from silverpyr.puzzles.cheops.game_record import RECORDS
from silverpyr.puzzles.cheops.registry import NAMES, UnknownCheopsPlayerError, make_player
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.game import outcome
from silverpyr.solver.core.errors import SilverpyrError

COMPONENTS = load_components()
TOP_KEYS = {"games", "players", "bots", "seconds", "workers", "records", "game", "pairs", "endings"}


def test_the_registry_makes_each_player_fresh_and_names_the_unknown() -> None:
    assert NAMES == ("greedy", "expert", "always-sell", "always-store", "random", "montecarlo")
    for name in NAMES:
        first, second = make_player(name), make_player(name)
        assert first.name == name
        assert first is not second
    with pytest.raises(UnknownCheopsPlayerError, match="unknown bot 'nobody'"):
        make_player("nobody")


def test_the_report_has_the_json_shape_of_sun_arena() -> None:
    report = arena.run_arena(COMPONENTS, ["expert", "greedy"], 4, seed=100_000, workers=0)
    data = report.to_dict()
    assert set(data) == TOP_KEYS
    assert data["game"] == "cheops"
    checks.assert_json_of_expert_and_greedy(data)
    for bot in data["bots"]:
        assert set(bot["categories"]) == set(arena.CATEGORIES)
        assert bot["forecast"] is None
    assert set(data["endings"]) <= {"empty", "boards", "blocked"}


def test_seats_rotate_and_seeds_follow_the_base_seed() -> None:
    report = arena.run_arena(COMPONENTS, ["expert", "greedy", "greedy"], 3, seed=7, workers=0)
    checks.assert_seats_rotate_from_the_base_seed(report)


def test_money_by_category_adds_up_to_the_final_money() -> None:
    report = arena.run_arena(COMPONENTS, ["greedy", "expert", "greedy"], 3, seed=3, workers=0)
    start = COMPONENTS.start_money
    for game in report.games:
        for seat, money in enumerate(game.money):
            parts = game.categories[seat]
            assert start + parts["sold"] + parts["stored"] - parts["paid"] == money
            assert game.placed[seat] > 0


def _result(seed: int, money: tuple[int, ...], winners: tuple[int, ...]) -> arena.CheopsGameResult:
    return _game(seed, ("a", "b", "c")[: len(money)], money, winners, ending="boards")


def test_a_shared_win_counts_as_a_fraction() -> None:
    report = arena.summarise([_result(1, (10, 10, 3), (0, 1)), _result(2, (5, 9, 1), (1,))], 1.0, 0)
    checks.assert_shared_win_is_a_fraction(report)


@pytest.mark.parametrize(
    ("bots", "games", "words"),
    [
        (["expert"], 1, "2 to 5 bots"),
        (["greedy"] * 6, 1, "2 to 5 bots"),
        (["expert", "nobody"], 1, "unknown bot 'nobody'"),
        (["expert", "greedy"], 0, "from 1 to"),
    ],
)
def test_a_bad_arena_is_one_error(bots: list[str], games: int, words: str) -> None:
    with pytest.raises(arena.CheopsArenaError, match=words):
        arena.check_arena(bots, games, 0)


def test_records_replay_through_the_engine(tmp_path: Path) -> None:
    records = arena.CheopsRecords.open(tmp_path / "games", COMPONENTS, 11)
    report = arena.run_arena(
        COMPONENTS, ["greedy", "expert"], 2, seed=10, workers=0, records=records
    )
    folder = tmp_path / "games"
    record, replay = (
        partial(arena.record_of, COMPONENTS),
        partial(RECORDS.replay_data, cards=COMPONENTS),
    )
    for game, result in checks.replayed_outcomes(report, folder, record, replay, outcome):
        assert tuple(result.money) == game.money
        assert tuple(result.winners) == game.winners


def test_moves_come_back_only_for_records() -> None:
    report = arena.run_arena(COMPONENTS, ["greedy", "expert"], 2, seed=10, workers=0)
    checks.assert_no_moves_kept(report)


def test_a_record_that_does_not_replay_names_its_move() -> None:
    game = arena.play_arena_game((COMPONENTS, True), 5, ("greedy", "greedy"))
    data = arena.record_of(COMPONENTS, game)
    data["moves"][3] = "take z99 Q"
    with pytest.raises(SilverpyrError, match=r"^moves\[3\] "):
        RECORDS.replay_data(data, COMPONENTS)


def test_a_record_of_other_components_does_not_replay() -> None:
    game = arena.play_arena_game((COMPONENTS, True), 5, ("greedy", "greedy"))
    data = arena.record_of(COMPONENTS, game)
    data["components"] = "not-these"
    with pytest.raises(SilverpyrError, match="other components"):
        RECORDS.replay_data(data, COMPONENTS)


def _game(
    g: int,
    seats: tuple[str, ...],
    money: tuple[int, ...],
    winners: tuple[int, ...],
    ending: str = "empty",
) -> arena.CheopsGameResult:
    categories = tuple({"sold": m, "stored": 0, "paid": 0} for m in money)
    return arena.CheopsGameResult(g, seats, money, categories, (1,) * len(seats), winners, ending)


@st.composite
def _results(draw: st.DrawFn) -> list[arena.CheopsGameResult]:
    return checks.seated_results(draw, 300, _game)


@given(_results())
def test_the_report_recomputed_seat_by_seat(results: list[arena.CheopsGameResult]) -> None:
    """Wins add up to one a game; each bot's figures are its seats' own."""
    report = arena.summarise(results, 0.0, 0)
    checks.assert_recomputed_seat_by_seat(report, results, lambda game: game.money)
