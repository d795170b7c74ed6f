"""``cheops puzzle``, ``cheops daily`` and ``cheops stats`` through Typer's CliRunner, on the
real ``silverpyr`` app. The puzzles come from the golden file, put in the store's cache as
the commands would have cached them (reading a cached puzzle proves its par again), so no
test waits for generation."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from cheops_golden import COMPONENTS, DATA, best_line, cache_golden_puzzles
from typer.testing import CliRunner

from silverpyr.cli.cheops import puzzle_cmd
from silverpyr.cli.core import app as root
from silverpyr.puzzles.cheops import ids
from silverpyr.puzzles.cheops.puzzle import CheopsPuzzle
from silverpyr.puzzles.core.store import Store

TODAY = dt.date(2026, 11, 16)
DAILY = "daily-2026-11-16"
WIN = "win-from-here-2"


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SILVERPYR_HOME", str(tmp_path))
    monkeypatch.setattr(puzzle_cmd, "_today", lambda: TODAY)
    cache_golden_puzzles()
    return tmp_path


def _run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(root.app, ["cheops", *args], input=stdin)
    return result.exit_code, result.stdout, result.stderr


def _best_line(name: str) -> list[str]:
    return best_line(CheopsPuzzle.from_dict(DATA[name], COMPONENTS))


def test_the_daily_from_start_to_share(home: Path) -> None:
    code, out, err = _run("daily", "--moves", "; ".join(_best_line(DAILY)))
    assert code == 0, err
    assert "Cheops best margin daily-2026-11-16" in out or "Cheops win from here" in out
    assert "(best)" in out and "100% of par" in out
    assert "Cheops daily 2026-11-16 \u00b7 " in out and "100%/100% at par \u00b7 no hints" in out
    code, out, _ = _run("stats", "--json")
    stats = json.loads(out)
    assert code == 0 and stats["played"] == 1 and stats["at_par"] == 1
    assert stats["current_streak"] == 1
    code, out, _ = _run("stats")
    assert code == 0 and out.startswith("played 1, at par 1, dailies 1, streak 1")


def test_the_archive_lists_the_dailies_with_their_results(home: Path) -> None:
    code, _, err = _run("daily", "--moves", "; ".join(_best_line(DAILY)))
    assert code == 0, err
    code, out, _ = _run("daily", "--archive", "--days", "2")
    assert code == 0
    lines = out.strip().splitlines()
    assert lines[0].startswith("2026-11-16  ") and "at par" in lines[0]
    assert lines[1] == "2026-11-15  not played"
    code, out, _ = _run("daily", "--archive", "--json", "--days", "1")
    data = json.loads(out)
    assert code == 0 and data["dailies"][0]["at_par"] is True
    code, out, _ = _run("daily", "--archive", "--date", "2026-11-15", "--days", "1", "--plain")
    assert code == 0 and out == "2026-11-15  not played\n"  # --date: the last day listed
    code, _, err = _run("daily", "--archive", "--moves", "sell")
    assert code == 2 and err.startswith("error: --archive")


def test_json_shows_the_players_view_and_no_answer(home: Path) -> None:
    code, out, err = _run("daily", "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["id"] == DAILY and data["proven"] is True and data["date"] == "2026-11-16"
    assert "best" not in data and "stacks" not in data["position"]
    assert set(data["position"]["pyramid"].values()) <= set("URGYKWabcdn?")
    code, out, err = _run("daily", "--json", "--moves", "; ".join(_best_line(DAILY)))
    result = json.loads(out)
    assert code == 0 and result["finished"] and result["at_par"] and result["proven"]
    assert result["share"].startswith("Cheops daily 2026-11-16")


def test_one_scored_attempt_then_practice(home: Path) -> None:
    line = "; ".join(_best_line(WIN))
    code, out, _ = _run("puzzle", "--id", WIN, "--moves", line, "--json")
    assert code == 0 and json.loads(out)["practice"] is False
    code, out, _ = _run("puzzle", "--id", WIN, "--moves", line, "--json")
    data = json.loads(out)
    assert code == 0 and data["practice"] is True and "practice" in data["share"]
    assert any("practice" in note for note in data["notes"])


def test_moves_that_run_out_are_saved_and_resumed(home: Path) -> None:
    line = _best_line(WIN)
    code, out, err = _run("puzzle", "--id", WIN, "--moves", line[0], "--json")
    assert code == 2 and json.loads(out)["finished"] is False and json.loads(out)["saved"]
    assert err.count("\n") == 1 and err.startswith("error: the moves ran out")
    assert f"the attempt is saved: `silverpyr cheops puzzle --id {WIN}` resumes it" in err
    code, out, _ = _run("puzzle", "--id", WIN, "--moves", "; ".join(line[1:]), "--json")
    data = json.loads(out)
    assert code == 0 and data["at_par"] is True
    assert any(note.startswith("Resuming") for note in data["notes"])


@pytest.mark.parametrize(
    ("name", "flags", "script", "code", "said"),
    [
        # --no-record reads no cache: the daily, made ahead, needs no generation either
        (DAILY, ["--no-record"], "{first}", 2, "error: the moves ran out: the puzzle is not "),
        (DAILY, ["--no-record"], "{first}; q; s", 0, "the puzzle is not over; nothing is saved"),
        (WIN, [], "?", 2, "the puzzle is not over; no move or hint yet, so nothing is saved"),
    ],
)
def test_an_unfinished_attempt_claims_no_save_that_did_not_happen(
    home: Path, name: str, flags: list[str], script: str, code: int, said: str
) -> None:
    assert len(_best_line(name)) > 1  # one move does not finish it
    script = script.format(first=_best_line(name)[0])
    got, out, err = _run("puzzle", "--id", name, *flags, "--moves", script, "--plain")
    assert got == code and said in out + err and "attempt is saved" not in out + err
    assert "nothing is saved" in out + err
    code, out, _ = _run("puzzle", "--id", name, "--moves", "q; s")
    assert code == 0 and "Resuming" not in out  # nothing was saved to resume


def test_a_hint_alone_is_kept_as_in_every_game(home: Path) -> None:
    """Leaving after a hint and no move saves the attempt, so coming back never clears the
    hint (Silver & Gold's rule too)."""
    code, out, _ = _run("puzzle", "--id", WIN, "--moves", "hint 3; q; s", "--json")
    assert code == 0 and json.loads(out)["saved"] is True
    code, out, _ = _run("puzzle", "--id", WIN, "--moves", "q!", "--json")
    data = json.loads(out)
    assert data["hint_levels"] == [1, 1, 1] and "solution seen" in data["share"]


def test_a_wrong_move_gets_feedback_and_hints_are_graded(home: Path) -> None:
    code, out, err = _run("puzzle", "--id", WIN, "--moves", "hint; hint; hint; q; s")
    assert code == 0, err
    assert "hint (aim):" in out and "hint (area):" in out and "hint (move):" in out
    code, out, err = _run("puzzle", "--id", "sell-or-store-0", "--moves", "hint 1; sell", "--json")
    data = json.loads(out)
    assert code == 0 and data["finished"] and data["proven"] is False
    assert data["log"][0]["hint"] == 1


def test_typed_answers_play_like_scripted_ones(home: Path) -> None:
    typed = "\n".join(["hint", *_best_line(WIN)]) + "\n"
    code, out, err = _run("puzzle", "--id", WIN, stdin=typed)
    assert code == 0, err
    assert "100% of par" in out and "1 hint (aim 1)" in out


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("puzzle", "--id", "sun-3"), "not a Cheops puzzle id"),
        (("puzzle", "--id", WIN, "--seed", "3"), "only one of --seed, --id"),
        (("puzzle", "--id", WIN, "--kind", "best-margin"), "--kind goes with --seed"),
        (("puzzle", "--id", WIN, "--moves", "take z9 D"), "take z9 D"),
        (("puzzle", "--id", WIN, "--moves", "fly"), "is not a move"),
        (("puzzle", "--id", "sell-or-store-0", "--moves", "buy"), "sell or store"),
        (("daily", "--date", "2026-11-17"), "not out yet"),
        (("daily", "--date", "17/11/2026"), "not a date"),
        (("puzzle", "--id", "daily-2026-12-01"), "not out yet"),
    ],
)
def test_bad_input_is_one_error_line_and_exit_2(
    home: Path, args: tuple[str, ...], named: str
) -> None:
    code, _, err = _run(*args)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and named in lines[0]
    assert "Traceback" not in err


def test_a_damaged_cached_puzzle_is_warned_about_and_made_again(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    made: list[str] = []

    def make(puzzle_id: str, components: object) -> CheopsPuzzle:
        """The generator, as the golden file says it makes this puzzle (the slow tests
        check that it does), without the seconds it takes."""
        made.append(puzzle_id)
        return CheopsPuzzle.from_dict(DATA[puzzle_id], COMPONENTS)

    monkeypatch.setattr(ids, "puzzle_for_id", make)
    key = f"{puzzle_cmd.CACHE_VERSION}|{COMPONENTS.fingerprint}|{WIN}"
    with Store.open_default(game="cheops") as store:
        store.cache_puzzle(key, {**DATA[WIN], "par": "2"})
    code, out, err = _run("puzzle", "--id", WIN, "--json")
    assert code == 0
    assert json.loads(out)["id"] == WIN
    assert "par" in err and made == [WIN]
    with Store.open_default(game="cheops") as store:
        assert store.cached_puzzle(key) == DATA[WIN]  # cached again, whole


def test_a_question_mark_lists_the_answers_and_the_moves_now(home: Path) -> None:
    """``?`` (or ``help``) at the prompt is an answer, never "not a move": it names what can
    be typed, with the legal moves of the moment."""
    best = _best_line(WIN)
    code, out, err = _run("puzzle", "--id", WIN, "--moves", "?; help; " + "; ".join(best))
    assert code == 0, err
    said = [line for line in out.splitlines() if line.startswith("answers: a move (")]
    assert len(said) == 2 and best[0] in said[0] and "hint" in said[0] and "q " in said[0]
    assert "not a move" not in out and "100% of par" in out
