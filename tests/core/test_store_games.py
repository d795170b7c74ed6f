"""Several games share the results store: schema 6 tags every row with its game, the
migration from schema 5 loses nothing, and each game sees only its own rows."""

from __future__ import annotations

import sqlite3
from dataclasses import replace
from pathlib import Path

import pytest
from old_stores import old_database
from store_rows import attempt, progress

from silverpyr.puzzles.core import store as store_module
from silverpyr.puzzles.core.records import Attempt, Progress
from silverpyr.puzzles.core.store import FIRST_GAME, DamagedGameError, SavedGame, Store, StoreError

DAY = "2026-11-22"


def _attempt(puzzle_id: str, game: str, score: int) -> Attempt:
    return attempt(
        puzzle_id=puzzle_id,
        daily_date=DAY,
        played_on=DAY,
        score=score,
        par=score,
        moves="a; b",
        game=game,
    )


def _progress(puzzle_id: str, game: str) -> Progress:
    return progress(
        puzzle_id=puzzle_id,
        daily_date=DAY,
        moves=("x",),
        hints_used=1,
        hint_levels=(1, 0, 0),
        turn_hint_level=1,
        seconds=2.0,
        started_on=DAY,
        game=game,
    )


def _schema_5(path: Path) -> None:
    """A database as silverpyr wrote it before several games: schema 5, a row in every table."""
    db = old_database(path, *range(2, 6), isolation_level=None)
    db.execute("PRAGMA user_version = 5")
    db.execute(
        "INSERT INTO attempts (puzzle_id, daily_date, played_on, recorded_at, kind, score, par,"
        " goal_met, at_par, gave_up, moves, hints_used, seconds) VALUES"
        " ('daily-2026-11-22', ?, ?, '2026-11-22T10:00:00+00:00', 'points', 30, 32, 1, 0, 0,"
        " 'B1; C2', 2, 61.5)",
        (DAY, DAY),
    )
    db.execute(
        "INSERT INTO progress (puzzle_id, daily_date, fingerprint, moves, hints_used,"
        " hint_levels, turn_hint_level, practice, saw_solution, seconds, started_on, saved_at,"
        " revision) VALUES ('sprint-7', NULL, 'abcd', 'B1', 1, '1,0,0', 0, 0, 0, 3.5, ?, 'x', 4)",
        (DAY,),
    )
    db.execute(
        "INSERT INTO saved_games (game_id, deck, seed, players, opponents, coach, answers,"
        " started_on, saved_at, revision) VALUES ('current', 'deck', 7, 2, 'greedy', 1,"
        " '[\"11 23\"]', ?, 'x', 3)",
        (DAY,),
    )
    db.execute("INSERT INTO puzzle_cache (cache_key, puzzle, stored_at) VALUES ('k1', '{}', 'x')")
    db.close()


def test_a_schema_5_database_keeps_every_row_as_the_first_games(tmp_path: Path) -> None:
    path = tmp_path / "silverpyr.db"
    _schema_5(path)
    with Store(path) as store:
        assert store.game == FIRST_GAME
        (attempt,) = store.attempts()
        assert (attempt.puzzle_id, attempt.score, attempt.par, attempt.hints_used) == (
            "daily-2026-11-22",
            30,
            32,
            2,
        )
        assert attempt.game == FIRST_GAME
        progress = store.progress("sprint-7")
        assert progress is not None and progress.revision == 4 and progress.moves == ("B1",)
        assert progress.take_backs == 0  # schema 7: none known before
        game = store.saved_game("current", range(1, 5))
        assert game is not None and game.answers == ("11 23",) and game.revision == 3
        assert store.cached_puzzle("k1") == {}
    with sqlite3.connect(path) as db:
        assert db.execute("PRAGMA user_version").fetchone()[0] == store_module.SCHEMA_VERSION == 7
        for table in ("attempts", "progress", "saved_games", "puzzle_cache"):
            games = {row[0] for row in db.execute(f"SELECT game FROM {table}")}
            assert games == {FIRST_GAME}, table


def test_each_game_sees_only_its_rows_and_ids_do_not_collide(tmp_path: Path) -> None:
    path = tmp_path / "silverpyr.db"
    with Store(path) as first, Store(path, game="sun") as sun:
        first.add_attempt(_attempt("daily-2026-11-22", FIRST_GAME, 30))
        sun.add_attempt(_attempt("daily-2026-11-22", "sun", 12))
        first.save_progress(_progress("daily-2026-11-23", FIRST_GAME))
        sun.save_progress(_progress("daily-2026-11-23", "sun"))
        first.cache_puzzle("same-key", {"game": 1})
        sun.cache_puzzle("same-key", {"game": 2})
        for store in (first, sun):
            store.save_game(
                SavedGame("current", "deck", 1, 2, "greedy", False, ("a",), DAY), range(2, 6)
            )
        assert [a.score for a in first.attempts()] == [30]
        assert [a.score for a in sun.attempts()] == [12]
        assert first.scored_attempt("daily-2026-11-22").game == FIRST_GAME  # type: ignore[union-attr]
        assert [p.game for p in first.all_progress()] == [FIRST_GAME]
        assert [p.game for p in sun.all_progress()] == ["sun"]
        assert first.cached_puzzle("same-key") == {"game": 1}
        assert sun.cached_puzzle("same-key") == {"game": 2}
        # recording sun's attempt drops sun's progress only
        sun.add_attempt(_attempt("daily-2026-11-23", "sun", 9), progress_revision=1)
        assert sun.progress("daily-2026-11-23") is None
        assert first.progress("daily-2026-11-23") is not None
        assert sun.drop_game("current") and first.saved_game("current", range(1, 5)) is not None


def test_a_record_of_another_game_is_refused_and_nothing_is_written(tmp_path: Path) -> None:
    path = tmp_path / "silverpyr.db"
    with Store(path, game="sun") as sun:
        try:
            sun.add_attempt(_attempt("daily-2026-11-22", FIRST_GAME, 30))
        except StoreError as error:
            assert "sun" in str(error) and FIRST_GAME in str(error)
        else:  # pragma: no cover - the test fails
            raise AssertionError("an attempt of another game was written")
        assert sun.attempts() == []
    with Store(path) as first:
        assert first.attempts() == []


def test_a_saved_game_is_read_against_the_seats_its_game_hands_in(tmp_path: Path) -> None:
    """The store holds no game's limits: 5 players read for a game of 2-5 seats, and are
    damage for a game of 1-4, whose row is then never written over."""
    path = tmp_path / "silverpyr.db"
    five = SavedGame("current", "deck", 1, 5, "standard:a,b,c,d", False, ("a",), DAY)
    with Store(path, game="sun") as store:
        assert store.save_game(five, range(2, 6)) == 1
        assert store.saved_game("current", range(2, 6)) == replace(five, revision=1)
        with pytest.raises(DamagedGameError, match=r"players is 5, not a whole number from 1 to 4"):
            store.saved_game("current", range(1, 5))
        with pytest.raises(DamagedGameError, match="was not saved"):
            store.save_game(replace(five, players=2), range(1, 5))
        with pytest.raises(StoreError, match="6 players was not saved: the game seats 2 to 5"):
            store.save_game(replace(five, players=6), range(2, 6), revision=1)
        assert store.saved_game("current", range(2, 6)) == replace(five, revision=1)
