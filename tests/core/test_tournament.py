"""The game-free tournament statistics and runner (puzzles/core/tournament.py)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from fake_cluster import FakeCluster
from hypothesis import given
from hypothesis import strategies as st

from silverpyr.puzzles.core.cluster import SchedulerLostError
from silverpyr.puzzles.core.players import Entry, Registry
from silverpyr.puzzles.core.tournament import (
    RecordsFolderError,
    TournamentError,
    check_line_up,
    line_ups,
    paired_difference,
    play_games,
    records_folder,
    spread,
    wilson,
    win_shares,
)
from silverpyr.solver.core.errors import SilverpyrError
from silverpyr.solver.core.rng import MAX_SEED


def test_wilson_matches_a_worked_value() -> None:
    # 8 of 10: the textbook Wilson interval is 0.4902 to 0.9433.
    low, high = wilson(8, 10)
    assert low == pytest.approx(0.4902, abs=1e-4)
    assert high == pytest.approx(0.9433, abs=1e-4)


def test_wilson_without_trials_knows_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


@given(st.integers(1, 10_000), st.data())
def test_wilson_brackets_the_share(trials: int, data: st.DataObject) -> None:
    successes = data.draw(st.floats(0, trials))
    low, high = wilson(successes, trials)
    assert 0.0 <= low <= successes / trials + 1e-12
    assert successes / trials - 1e-12 <= high <= 1.0


def test_a_shared_win_is_a_fraction() -> None:
    assert win_shares((0, 2), 4) == (0.5, 0.0, 0.5, 0.0)
    assert win_shares((1,), 3) == (0.0, 1.0, 0.0)
    assert sum(win_shares((0, 1, 2), 5)) == pytest.approx(1.0)


def test_paired_difference_is_the_spread_of_the_differences() -> None:
    result = paired_difference([10, 12, 14], [9, 9, 9])
    assert result.mean == pytest.approx(3.0)
    assert result.stderr == pytest.approx(spread([1, 3, 5]).stderr)
    assert result.count == 3
    low, high = result.interval
    assert low < 3.0 < high


def test_paired_difference_refuses_unpaired_values() -> None:
    with pytest.raises(TournamentError, match="as many values"):
        paired_difference([1, 2], [1])


def test_line_ups_rotate_one_seat_a_game() -> None:
    plan = list(line_ups(["a", "b", "b"], 4, 100))
    assert plan == [
        (100, ("a", "b", "b")),
        (101, ("b", "b", "a")),
        (102, ("b", "a", "b")),
        (103, ("a", "b", "b")),
    ]


TWO = (Entry("a", object, "one"), Entry("b", object, "another"))


@pytest.mark.parametrize(
    ("bots", "games", "seed", "words"),
    [
        ([], 1, 0, "at least one bot"),
        (["a", "zz"], 1, 0, "unknown bot 'zz'"),
        (["a"], 0, 0, "from 1 to"),
        (["a"], 2, MAX_SEED, "seed of game 2"),
        (["a"], 1, -1, "seed of game 1"),
    ],
)
def test_a_bad_line_up_is_one_error(bots: list[str], games: int, seed: int, words: str) -> None:
    with pytest.raises(SilverpyrError, match=words):
        check_line_up(bots, Registry(*TWO, error=ValueError, methods=()), games, seed)


def _play(shared: int, seed: int, seats: tuple[str, ...]) -> tuple[int, int, tuple[str, ...]]:
    return seed, shared, seats


def test_games_in_this_process_come_back_sorted_by_seed() -> None:
    ticks: list[None] = []
    results, used = play_games(
        _play,
        7,
        iter([(5, ("a",)), (3, ("b",))]),
        total=2,
        seed_of=lambda result: result[0],
        workers=0,
        each=lambda result: ticks.append(None),
    )
    assert results == [(3, 7, ("b",)), (5, 7, ("a",))]
    assert used == 0
    assert len(ticks) == 2


def test_a_records_folder_is_made_and_checked(tmp_path: Path) -> None:
    made = records_folder(tmp_path / "a" / "b")
    assert made.is_dir()
    assert list(made.iterdir()) == []  # the probe file is gone


def test_a_file_is_not_a_records_folder(tmp_path: Path) -> None:
    (tmp_path / "f").write_text("x")
    with pytest.raises(RecordsFolderError, match="it is a file"):
        records_folder(tmp_path / "f")


def test_a_dangling_link_is_not_a_records_folder(tmp_path: Path) -> None:
    (tmp_path / "link").symlink_to(tmp_path / "nowhere")
    with pytest.raises(RecordsFolderError, match="link to nothing"):
        records_folder(tmp_path / "link")


def test_a_lost_scheduler_says_how_far_the_tournament_got(monkeypatch: pytest.MonkeyPatch) -> None:
    FakeCluster(good=1).install(monkeypatch)
    plan = iter([(3, ("a",)), (4, ("b",)), (5, ("a",))])
    with pytest.raises(SchedulerLostError) as lost:
        play_games(_play, 7, plan, total=3, seed_of=lambda result: result[0], workers=1)
    assert str(lost.value) == (
        "lost the Dask scheduler at tcp://fake:1 after 1 of 3 games "
        "(a tournament keeps no partial results: run it again)"
    )
    plan = iter([(3, ("a",)), (4, ("b",))])
    with pytest.raises(SchedulerLostError) as lost:
        play_games(
            _play, 7, plan, total=2, seed_of=lambda r: r[0], workers=1, kind="a league", kept="; X"
        )
    assert str(lost.value).endswith(
        "1 of 2 games (a league keeps no partial results: run it again); X"
    )


def test_a_game_that_fails_names_its_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    FakeCluster(good=0, failure=KeyError("k")).install(monkeypatch)
    with pytest.raises(TournamentError, match=r"^the game of seed 3 failed: KeyError: "):
        play_games(_play, 7, iter([(3, ("a",))]), total=1, seed_of=lambda r: r[0], workers=1)


def test_a_folder_is_worded_as_the_game_asks(tmp_path: Path) -> None:
    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(RecordsFolderError, match=r": it is a named pipe, not a folder$"):
        records_folder(tmp_path / "fifo")
    with pytest.raises(RecordsFolderError, match=r": it is a FIFO \(named pipe\), not a folder$"):
        records_folder(tmp_path / "fifo", fifo="a FIFO (named pipe)")
    (tmp_path / "link").symlink_to(tmp_path / "nowhere")
    with pytest.raises(RecordsFolderError) as plain:
        records_folder(tmp_path / "link")
    assert str(plain.value).endswith(": it is a link to nothing")
    with pytest.raises(RecordsFolderError) as shown:
        records_folder(tmp_path / "link", link_target=True)
    assert str(shown.value).endswith(
        f": it is a link to nothing ({os.path.realpath(tmp_path / 'link')})"
    )
