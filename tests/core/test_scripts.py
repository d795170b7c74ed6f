"""One script reader and one comment rule for every game and mode (``cli/core/options.py``): a
whole line starting with ``#`` and no digit after it is a comment, nothing else is, so no
move is ever lost to it; the Sun's move by card id (``#17@1c``) plays in ``puzzle``,
``daily`` and ``game`` alike."""

from __future__ import annotations

import datetime as dt
import json
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st
from typer.testing import CliRunner

from silverpyr.cli.core import app as root
from silverpyr.cli.core.options import is_comment, script_answers, script_lines
from silverpyr.cli.sun import puzzle_cmd as sun_puzzle_cmd
from silverpyr.puzzles.sun.kept_game import KeptGame
from silverpyr.puzzles.sun.puzzle import generate
from silverpyr.puzzles.sun.values import TurnValues
from silverpyr.solver.sun.bots import GreedyPlayer
from silverpyr.solver.sun.cards import load_deck
from silverpyr.solver.sun.game import Place

DECK = load_deck()
CLI = Path(__file__).resolve().parents[2] / "cli"


def test_only_a_whole_line_of_hash_and_no_digit_is_a_comment() -> None:
    text = "# a comment\n  #another\n#17@1c; discard #17\nS4-sun@2c # not cut\n#\n;;\n end "
    assert script_lines(text) == ["#17@1c", "discard #17", "S4-sun@2c # not cut", "end"]
    assert is_comment("  # x") and is_comment("#") and not is_comment("#8@8a")


answer = st.text(alphabet=st.characters(blacklist_characters=";\r\n\x0b\x0c\x1c\x1d\x1e\x85"))


@given(
    st.lists(answer.map(str.strip).filter(lambda a: a and not is_comment(a)), max_size=8),
    st.lists(st.text(alphabet="abc #-9 ").map(lambda c: "# " + c), max_size=3),
    st.sampled_from([";", "\n", " ; ", ";\n"]),
)
def test_no_answer_is_ever_lost_to_the_comment_rule(
    answers: list[str], comments: list[str], between: str
) -> None:
    """Any answers, joined either way with comment lines among them, read back whole."""
    text = "\n".join([*comments, between.join(answers), *comments])
    assert script_lines(text) == answers


def test_a_moves_file_holding_a_dash_is_one_answer_not_stdin(tmp_path: Path) -> None:
    from silverpyr.cli.core.options import moves_text

    path = tmp_path / "moves.txt"
    path.write_text("-")
    assert script_answers(moves_text(None, path)) == ["-"]


def test_only_the_one_reader_splits_a_script() -> None:
    """Every mode of every game reads ``--moves`` through :func:`script_answers`: no other
    module of the command line splits answers at ``;`` or cuts at ``#``."""
    splitting = {
        str(path.relative_to(CLI))
        for path in CLI.rglob("*.py")
        if 'split(";")' in path.read_text() or 'split("#"' in path.read_text()
    }
    assert splitting == {"core/options.py"}


# --- the Sun's move by card id in every mode ---------------------------------------------


@pytest.fixture
def today(home: Path, monkeypatch: pytest.MonkeyPatch) -> dt.date:
    day = dt.date(2026, 11, 16)
    monkeypatch.setattr(sun_puzzle_cmd, "_today", lambda: day)
    return day


def _by_id(move: object) -> str:
    assert isinstance(move, Place)
    return move.notation()  # no deck: the card by its id, "#17@1c"


def _first_best(puzzle_id: str) -> str:
    kind = puzzle_id.rsplit("-", 1)[0]
    puzzle = generate(int(puzzle_id.rsplit("-", 1)[1]), kind, DECK)  # type: ignore[arg-type]
    move = TurnValues(puzzle.seat).best_move(puzzle.state)
    assert move is not None
    return _by_id(move)


def _sun(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(root.app, ["sun", *args])
    return result.exit_code, result.stdout, result.stderr


@pytest.mark.parametrize("mode", ["puzzle", "daily"])
def test_a_sun_move_by_card_id_plays_in_a_puzzle_and_a_daily(today: dt.date, mode: str) -> None:
    first = _first_best("final-run-9")
    assert first.startswith("#")
    args = ["puzzle", "--id", "final-run-9"] if mode == "puzzle" else ["daily"]
    if mode == "daily":
        first = _daily_first(today)
    code, out, err = _sun(*args, "--no-record", "--moves", f"# my move\n{first}", "--json")
    data = json.loads(out)
    assert data["log"] and "move" in data["log"][0], err
    assert code == 2 and "ran out" in err  # one move played, then the script ran out


def _daily_first(day: dt.date) -> str:
    from silverpyr.puzzles.sun.ids import daily_puzzle

    puzzle = daily_puzzle(day, DECK)
    move = TurnValues(puzzle.seat).best_move(puzzle.state)
    assert move is not None
    return _by_id(move)


def test_a_sun_move_by_card_id_plays_in_a_game(home: Path) -> None:
    kept = KeptGame(DECK, 11, "short", ("greedy",))
    kept.settle()
    move = GreedyPlayer().decide(kept.state, 0)
    by_id = _by_id(move)
    code, out, err = _sun(
        "game", "--seed", "11", "--size", "short", "--moves", f"{by_id}\n# then leave\nq"
    )
    assert code == 0, err
    assert isinstance(move, Place)
    assert f"You placed {DECK[move.card].label} on {move.slot}" in out


@pytest.mark.parametrize("game", ["sun", "cheops"])
def test_h_asks_for_a_hint_in_every_game_s_script_as_hint_does(game: str, home: Path) -> None:
    """One vocabulary (issue 32): ``h`` and ``h 2`` are ``hint`` and ``hint 2``, as in
    *Silver & Gold*'s line mode and every full screen."""
    logs = []
    for words in ("hint; hint 2; q; y", "h; h 2; q; y"):
        result = CliRunner().invoke(
            root.app,
            [game, "daily", "--date", "2026-11-22", "--no-record", "--moves", words, "--json"],
        )
        assert result.exit_code == 0, result.stderr
        logs.append(json.loads(result.stdout)["log"])
    assert logs[0] == logs[1]
    assert [entry.get("hint") for entry in logs[1][:2]] == [1, 2]
