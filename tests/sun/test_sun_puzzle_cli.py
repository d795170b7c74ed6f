"""``sun puzzle``, ``sun daily`` and ``sun stats`` through Typer's CliRunner on a local app
(the integrator registers the same functions under ``silverpyr sun``)."""

from __future__ import annotations

import datetime as dt
import json
from collections.abc import Iterator
from pathlib import Path

import pytest
import typer
from store_rows import attempt
from typer.testing import CliRunner

from silverpyr.cli.core.app import _ErrorMappingGroup
from silverpyr.cli.core.trainer import PlayFlags
from silverpyr.cli.sun import puzzle_cmd
from silverpyr.puzzles.sun.puzzle import generate
from silverpyr.puzzles.sun.values import TurnValues
from silverpyr.solver.sun.cards import load_deck

DECK = load_deck()
ID = "final-run-9"
TODAY = dt.date(2026, 11, 16)
"""The commands' "today" in these tests: its daily (a final run) is made in a blink."""


def _app() -> typer.Typer:
    app = typer.Typer(cls=_ErrorMappingGroup)
    app.command("puzzle")(puzzle_cmd.puzzle)
    app.command("daily")(puzzle_cmd.daily)
    app.command("stats")(puzzle_cmd.stats)
    return app


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("SILVERPYR_HOME", str(tmp_path))
    monkeypatch.setattr(puzzle_cmd, "_today", lambda: TODAY)
    return tmp_path


def _run(*args: str, stdin: str | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(_app(), list(args), input=stdin)
    return result.exit_code, result.stdout, result.stderr


def _optimal_moves() -> list[str]:
    puzzle = generate(9, "final-run", DECK)
    values = TurnValues(puzzle.seat)
    state = puzzle.state
    moves = []
    from silverpyr.solver.sun.game import apply

    while not values.turn_over(state):
        move = values.best_move(state)
        assert move is not None
        moves.append(move.notation(state.deck))
        state = apply(state, move)
    return moves


def test_optimal_moves_score_par_and_print_the_share_line(home: Path) -> None:
    moves = _optimal_moves()
    code, out, err = _run("puzzle", "--id", ID, "--moves", "; ".join(moves), "--json")
    assert code == 0, err
    data = json.loads(out)
    assert data["finished"] and data["at_par"] and data["score"] == data["par"]
    assert data["share"].startswith(f"Pyramid of the Sun puzzle {ID} \u00b7 final run \u00b7 ")
    assert "hand" in data["position"] and "hands" not in data["position"]  # no other hand
    code, out, _ = _run("stats", "--json")
    assert code == 0 and json.loads(out)["played"] == 1 and json.loads(out)["at_par"] == 1


def test_moves_that_run_out_are_saved_and_resumed(home: Path) -> None:
    moves = _optimal_moves()
    code, out, err = _run("puzzle", "--id", ID, "--moves", moves[0], "--json")
    assert code == 2 and json.loads(out)["finished"] is False and json.loads(out)["saved"]
    assert err.count("\n") == 1 and err.startswith("error: the moves ran out")
    assert f"the attempt is saved: `silverpyr sun puzzle --id {ID}` resumes it" in err
    code, out, _ = _run("puzzle", "--id", ID, "--moves", "; ".join(moves[1:]), "--json")
    assert code == 0
    assert json.loads(out)["at_par"] is True


def test_typed_moves_on_stdin_with_hint_and_undo(home: Path) -> None:
    moves = _optimal_moves()
    typed = "\n".join(["hint", moves[0], "undo", *moves]) + "\n"
    code, out, err = _run("puzzle", "--id", ID, "--no-record", stdin=typed)
    assert code == 0, err
    assert "hint (aim):" in out and f"undone: {moves[0]}" in out
    assert "Pyramid of the Sun puzzle final-run-9 " in out and "1 hint (aim 1)" in out
    assert not any(home.iterdir())  # --no-record opens no store


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("puzzle", "--id", "sprint-3"), "sprint-3"),
        (("puzzle", "--id", ID, "--moves", "fly away"), "'fly away'"),
        (("puzzle", "--id", ID, "--moves", "end"), "'end'"),
        (("puzzle", "--seed", "3", "--id", ID), "--seed"),
        (("puzzle", "--id", ID, "--moves", "hint 7"), "'hint 7'"),
        (("daily", "--date", "2026-11-17"), "not out yet"),
        (("daily", "--date", "2026-02-30"), "2026-02-30"),
        (("daily", "--archive", "--moves", "end"), "--archive"),
        (("daily", "--archive", "--date", "2026-11-19"), "not out yet"),
    ],
)
def test_bad_input_is_one_error_line_exit_2(home: Path, args: tuple[str, ...], named: str) -> None:
    code, out, err = _run(*args)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and named in lines[0]
    assert "Traceback" not in err + out


def test_the_daily_scores_once_then_practice_and_the_archive_says_so(home: Path) -> None:
    today = TODAY.isoformat()
    for _ in range(2):
        code, out, err = _run("daily", "--moves", "draw standard", "--json")
        assert code == 0, err
    assert json.loads(out)["practice"] is True
    assert "practice (not scored)" in json.loads(out)["share"]
    code, out, _ = _run("daily", "--archive", "--days", "2", "--json")
    entry = json.loads(out)["dailies"][0]
    assert entry["date"] == today and entry["status"] == "scored" and entry["practice"] == 1
    code, out, _ = _run("stats", "--json")
    assert json.loads(out)["played"] == 1 and json.loads(out)["practice"] == 1


def test_json_without_moves_shows_the_puzzle_only(home: Path) -> None:
    code, out, _ = _run("puzzle", "--id", ID, "--json")
    assert code == 0
    data = json.loads(out)
    assert data["id"] == ID and data["kind"] == "final-run"
    assert "deal_seed" not in data and "hands" not in data


def test_a_cached_puzzle_is_reused_and_a_damaged_entry_made_again(home: Path) -> None:
    from silverpyr.puzzles.core.store import Store

    code, first, _ = _run("puzzle", "--id", ID, "--json")
    assert code == 0
    key = f"{puzzle_cmd.CACHE_VERSION}|{DECK.fingerprint}|{ID}"
    with Store.open_default(game="sun") as store:
        cached = store.cached_puzzle(key)
        assert cached is not None and cached["id"] == ID
        store.cache_puzzle(key, {**cached, "par": "1/3"})  # a par the position does not have
    code, again, err = _run("puzzle", "--id", ID, "--json")
    assert code == 0 and again == first
    assert err.startswith("warning: ") and "par" in err


def test_answers_after_the_turn_ends_are_one_warning(home: Path) -> None:
    moves = _optimal_moves()
    code, out, err = _run("puzzle", "--id", ID, "--moves", "; ".join([*moves, "end", "hint"]))
    assert code == 0
    assert err.strip().splitlines() == [
        "warning: the turn is over: 2 answers not played (end; hint)"
    ]
    assert "Pyramid of the Sun puzzle final-run-9 " in out


def test_q_saves_and_leaves_and_the_next_play_resumes(home: Path) -> None:
    moves = _optimal_moves()
    code, out, _ = _run("puzzle", "--id", ID, stdin=f"{moves[0]}\nq\n{moves[1]}\n")
    assert code == 0 and "the attempt is saved" in out
    code, out, _ = _run("puzzle", "--id", ID, stdin="\n".join(moves[1:]) + "\n")
    assert code == 0 and "Resuming final-run-9 after 1 move" in out
    assert " at par " in out


def test_ctrl_c_saves_the_attempt(home: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    moves = _optimal_moves()

    def typed(console: object) -> Iterator[str]:
        yield moves[0]
        raise KeyboardInterrupt

    from silverpyr.cli.core import trainer

    monkeypatch.setattr(trainer, "stdin_lines", typed)
    result = CliRunner().invoke(_app(), ["puzzle", "--id", ID])
    assert result.exit_code == 130 and "the attempt is saved" in result.stdout
    assert result.stderr.strip() == "interrupted"
    code, out, _ = _run("puzzle", "--id", ID, "--moves", "; ".join(moves[1:]))
    assert code == 0 and "Resuming final-run-9 after 1 move" in out


def test_the_cards_of_the_sun_group_make_the_puzzles(home: Path, tmp_path: Path) -> None:
    """``silverpyr --cards FILE sun ...``: the app context's card file is read; a bad one
    is one error line naming the file."""
    from silverpyr.cli.core.context import AppContext

    bad = tmp_path / "mine.yaml"
    bad.write_text("cards: 7\n", encoding="utf-8")
    result = CliRunner().invoke(_app(), ["puzzle", "--id", ID], obj=AppContext(cards_path=bad))
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ") and "mine.yaml" in lines[0]


def test_typed_answers_end_the_puzzle_at_once_without_another_line() -> None:
    """A person typing at the prompt sees the result as soon as the turn ends (the loop
    does not wait for one more line after ``end``)."""
    from silverpyr.cli.sun import puzzle_cmd

    answers = iter(["give up"])
    taken: list[str] = []

    def lines() -> object:
        for answer in answers:
            taken.append(answer)
            yield answer
        raise AssertionError("asked for a line after the puzzle ended")

    class _Session:
        finished = False

        def give_up(self) -> None:
            self.finished = True

    class _Sitting:
        session = _Session()

    flags = PlayFlags(as_json=False, plain=False, no_record=True, restart=False)
    line = puzzle_cmd._SunLine(None, dt.date(2026, 11, 1), flags)  # type: ignore[arg-type]
    line.run(_Sitting(), lines(), [], None, scripted=False, store=None)  # type: ignore[arg-type]
    assert taken == ["give up"]


def test_a_move_tells_the_card_a_symbol_drew_and_the_choice_a_symbol_waits_for() -> None:
    """A new player must see what a symbol's draw brought, and that a card touching its
    symbol waits for a choice: every symbol decision of a generated line says so."""
    from silverpyr.puzzles.sun.ids import daily_puzzle
    from silverpyr.puzzles.sun.session import SunSession
    from silverpyr.solver.sun.cards import load_deck
    from silverpyr.solver.sun.game import Phase, SymbolDraw, legal_moves

    deck = load_deck()
    for day in range(1, 29):
        # November 2026's dailies are made ahead: they open as `sun daily` opens them, at
        # once, where February 2026's were generated (some 2 s each).
        date = dt.date(2026, 11, day)
        made = puzzle_cmd._cached(
            deck, f"daily-{date.isoformat()}", lambda d, date=date: daily_puzzle(date, d), True
        )
        session = SunSession(made)
        while not session.finished:
            seen = len(session.state.events)
            moves = legal_moves(session.state)
            draws = [m for m in moves if isinstance(m, SymbolDraw)]
            move = draws[0] if draws else session.values.best_move(session.state)
            session.play(move.notation(deck))
            told = puzzle_cmd._what_happened(session.state, seen)
            if draws:
                assert any(line.startswith("you drew ") for line in told)
                assert any(line.startswith("your hand: ") for line in told)
                return
            if session.state.phase is Phase.SYMBOL:
                assert any("symbol points (+" in line for line in told)
    pytest.skip("no daily of November 2026 draws for a symbol")  # pragma: no cover


def test_a_question_mark_lists_the_answers_and_the_moves_now(home: Path) -> None:
    moves = _optimal_moves()
    code, out, err = _run("puzzle", "--id", ID, "--no-record", "--moves", "?; " + "; ".join(moves))
    assert code == 0, err
    said = [line for line in out.splitlines() if line.startswith("answers: a move (")]
    assert len(said) == 1 and "undo" in said[0] and "give up" in said[0]
    assert "is not a move" not in out


def test_a_daily_whose_par_changed_keeps_its_score_with_a_note(
    home: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Issue 30: 2026-12-12's par went from 14 to 15 when the belief after a reshuffle was
    corrected; an attempt scored against 14 keeps its score, and its archive line says so
    (one scored against 15 has no note)."""
    from silverpyr.puzzles.core.store import Store

    monkeypatch.setattr(puzzle_cmd, "_today", lambda: dt.date(2026, 12, 14))
    for date, par in (("2026-12-12", 140), ("2026-12-13", 150)):
        kept = attempt(
            puzzle_id=f"daily-{date}",
            daily_date=date,
            played_on=date,
            kind="best-turn",
            score=130,
            par=par,
            at_par=False,
            moves="end",
            game="sun",
        )
        with Store.open_default(game="sun") as store:
            store.add_attempt(kept)
    code, out, err = _run("daily", "--archive", "--days", "3", "--plain")
    assert code == 0, err
    lines = {line.split()[0]: line for line in out.splitlines() if line.strip()}
    assert "13.0 / 14.0" in lines["2026-12-12"]
    assert "(par now 15.0 (was 14.0 before the reshuffle fix))" in lines["2026-12-12"]
    assert "par now" not in lines["2026-12-13"]
    code, out, _ = _run("daily", "--archive", "--days", "3", "--json")
    dailies = {d["date"]: d for d in json.loads(out)["dailies"]}
    assert (
        dailies["2026-12-12"]["score"] == 13.0 and "par now 15.0" in dailies["2026-12-12"]["note"]
    )
    assert "note" not in dailies["2026-12-13"]
