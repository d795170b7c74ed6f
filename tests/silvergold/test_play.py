"""Playing puzzles: the session, the share text and the commands driven by scripted moves."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.cli.core.options import script_lines
from silverpyr.cli.silvergold.play import PLAY_COMMANDS
from silverpyr.puzzles.core.store import Store
from silverpyr.puzzles.silvergold.generate import puzzle_from_id
from silverpyr.puzzles.silvergold.kinds import Kind, PuzzleError
from silverpyr.puzzles.silvergold.puzzle import Puzzle
from silverpyr.puzzles.silvergold.session import PlaySession
from silverpyr.puzzles.silvergold.share import room_picture, share_text
from silverpyr.solver.silvergold.cards import Deck
from silverpyr.solver.silvergold.cells import cell_str
from silverpyr.solver.silvergold.line import LinePosition
from silverpyr.solver.silvergold.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError


@pytest.fixture(scope="module")
def puzzles(deck: Deck) -> dict[str, Puzzle]:
    return {kind.value: puzzle_from_id(deck, f"{kind.value}-11") for kind in Kind}


def _solution_moves(puzzle: Puzzle) -> list[str]:
    """The stored optimal line, trailing passes dropped (the session passes by itself)."""
    moves = list(puzzle.solution)
    while moves and moves[-1] == "-":
        moves.pop()
    return moves


def _bad_cell(session: PlaySession) -> str:
    """A single cell that does not touch the marked area (entrance-less on a fresh card)."""
    state = session.position.cards[0]
    for cell in range(25):
        if not state.marked >> cell & 1 and state.why_illegal(1 << cell, None):
            return cell_str(cell)
    raise AssertionError("every cell is legal")


# --- the session -------------------------------------------------------------------------


@pytest.mark.parametrize("kind", [k.value for k in Kind])
def test_playing_the_solution_reaches_par(
    deck: Deck, puzzles: dict[str, Puzzle], kind: str
) -> None:
    puzzle = puzzles[kind]
    session = PlaySession(puzzle, deck)
    for text in _solution_moves(puzzle):
        assert not session.finished
        session.play(text)
    assert session.finished
    result = session.result()
    assert (result.points, result.at_par, result.goal_met, result.gave_up) == (
        puzzle.par,
        True,
        True,
        False,
    )
    assert session.line().score().total == puzzle.par


def test_illegal_moves_are_explained_and_change_nothing(
    deck: Deck, puzzles: dict[str, Puzzle]
) -> None:
    session = PlaySession(puzzles["points"], deck)
    with pytest.raises(IllegalMoveError, match="entrance"):
        session.play(_bad_cell(session))
    with pytest.raises(InvalidMoveError, match="not a cell"):
        session.play("Z9")
    with pytest.raises(IllegalMoveError):
        session.play("A1 E5")
    assert session.turn_index == 0 and session.moves == ()
    first = _solution_moves(puzzles["points"])[0]
    session.play(first)
    assert session.turn_index == 1


def test_two_cards_need_the_card_number_when_a_move_fits_both(
    deck: Deck, puzzles: dict[str, Puzzle]
) -> None:
    pair = puzzles["pair"]
    session = PlaySession(pair, deck)
    rooms = [deck.card(n).room for n in pair.cards]
    if rooms[0].entrance == rooms[1].entrance:
        with pytest.raises(AmbiguousMoveError):
            session.play(cell_str(rooms[0].entrance))
    played = session.play(f"{pair.cards[1]}:{cell_str(rooms[1].entrance)}")
    assert played.move.mark is not None and played.move.mark.card == pair.cards[1]
    assert session.notation(played.move).startswith(f"{pair.cards[1]}:")


def test_undo_takes_back_one_move_at_a_time(deck: Deck, puzzles: dict[str, Puzzle]) -> None:
    puzzle = puzzles["midround"]
    session = PlaySession(puzzle, deck)
    assert session.undo() is None
    moves = _solution_moves(puzzle)
    session.play(moves[0])
    session.play(moves[1])
    after_two = session.position
    undone = session.undo()
    assert undone is not None and session.notation(undone) == moves[1]
    assert session.turn_index == 1
    session.play(moves[1])
    assert session.position == after_two


def test_the_session_keeps_its_moves_as_the_solvers_line_position(
    deck: Deck, puzzles: dict[str, Puzzle]
) -> None:
    """Played and taken back, the session reads its turn, positions, expedition and round
    from the solver's replay of its moves (one bookkeeping for both floors)."""
    puzzle = puzzles["midround"]
    session = PlaySession(puzzle, deck)
    moves = _solution_moves(puzzle)
    for text in moves[:2]:
        session.play(text)
    session.undo()
    at = LinePosition(session.instance, session.moves)
    assert session.at == at and session.positions == at.positions
    assert session.turn_index == at.turn == 1
    assert (session.expedition, session.round_number) == (at.expedition, at.round_number)


def test_giving_up_ends_the_attempt_below_par(deck: Deck, puzzles: dict[str, Puzzle]) -> None:
    puzzle = puzzles["points"]
    session = PlaySession(puzzle, deck)
    session.play(_solution_moves(puzzle)[0])
    session.give_up()
    assert session.finished and session.undo() is None
    result = session.result()
    assert result.gave_up and not result.at_par and result.share == 0.0
    with pytest.raises(PuzzleError):
        session.play("A1")


def test_an_unfinished_attempt_has_no_result(deck: Deck, puzzles: dict[str, Puzzle]) -> None:
    session = PlaySession(puzzles["points"], deck)
    with pytest.raises(PuzzleError, match="not finished"):
        session.result()


def test_a_slow_sprint_misses_its_goal(deck: Deck, puzzles: dict[str, Puzzle]) -> None:
    sprint = puzzles["sprint"]
    session = PlaySession(sprint, deck)
    while not session.finished:
        singles = [m for m in session.legal_moves() if m.mark is not None and m.mark.is_single]
        session.play_move(singles[0])
    result = session.result()
    if session.position.has_card_in_play():
        assert not result.goal_met and not result.at_par and result.share == 0.0
        assert result.completed_turn is None


def test_legal_moves_all_play(deck: Deck, puzzles: dict[str, Puzzle]) -> None:
    session = PlaySession(puzzles["pair"], deck)
    for move in session.legal_moves():
        session.play(session.notation(move))
        session.undo()
    assert session.turn_index == 0


# --- the share text ----------------------------------------------------------------------


def test_share_text_gives_nothing_away(deck: Deck, puzzles: dict[str, Puzzle]) -> None:
    puzzle = puzzles["points"]
    session = PlaySession(puzzle, deck)
    for text in _solution_moves(puzzle):
        session.play(text)
    completed = tuple(s.number for s in session.position.cards if s.is_complete())
    text = share_text(puzzle, session.result(), deck, completed)
    lines = text.splitlines()
    assert (
        lines[0]
        == f"Silver & Gold puzzle {puzzle.id} \u00b7 points \u00b7 difficulty {puzzle.difficulty}/5"
    )
    assert lines[1] == f"\u2b50 {puzzle.par}/{puzzle.par} at par \u00b7 no hints"
    assert lines[2:] == room_picture(deck.card(puzzle.cards[0]).room, completed=True)
    for move in puzzle.solution:
        for cell in move.split():
            assert cell.strip("+") not in text


def test_share_text_of_a_daily_and_of_hints(deck: Deck, puzzles: dict[str, Puzzle]) -> None:
    daily = puzzle_from_id(deck, "daily-2026-01-03")
    session = PlaySession(daily, deck)
    session.play(_solution_moves(daily)[0])
    session.give_up()
    session.hints_used = 2
    text = share_text(daily, session.result(), deck, (), plain=True)
    assert text.startswith("Silver & Gold daily 2026-01-03 - ")
    assert f"gave up after 1 turn ({session.result().points}/{daily.par}) - 2 hints\n" in text
    assert "T" in text.splitlines()[-1] or "T" in text


def test_room_picture_marks_the_tomb_when_completed(deck: Deck) -> None:
    room = deck.card(1).room
    open_rows = room_picture(room, completed=False, plain=True)
    done_rows = room_picture(room, completed=True, plain=True)
    assert [len(r) for r in open_rows] == [5] * 5
    assert "T" in "".join(open_rows) and "*" in "".join(done_rows)
    assert "E" in open_rows[0]


# --- the commands, scripted ----------------------------------------------------------------


def test_script_splits_turns_and_lines() -> None:
    assert script_lines("B1 B2; C3\n# comment\n u ;\n\nq") == ["B1 B2", "C3", "u", "q"]


def test_command_table_has_the_play_commands() -> None:
    assert {"u", "?", "q"} <= set(PLAY_COMMANDS)


def test_scripted_play_with_illegal_move_and_undo(
    home: Path, puzzles: dict[str, Puzzle], deck: Deck
) -> None:
    puzzle = puzzles["points"]
    moves = _solution_moves(puzzle)
    session = PlaySession(puzzle, deck)
    # A script stops at its first illegal answer (exit 2), naming the answer and the turn;
    # the attempt is saved and the next play resumes it.
    bad = _bad_cell(session)
    stopped = CliRunner().invoke(app, ["puzzle", "--id", puzzle.id, "--moves", bad])
    assert stopped.exit_code == 2
    (line,) = stopped.stderr.strip().splitlines()
    assert line.startswith(f"error: the moves, answer 1 ({bad!r}) at Turn 1/")
    assert "the first marks on card" in line
    script = "; ".join([moves[0], "u", "?", *moves])
    result = CliRunner().invoke(app, ["puzzle", "--id", puzzle.id, "--moves", script])
    assert result.exit_code == 0, result.output
    assert "Took back turn 1" in result.stdout
    assert re.search(r"\d+ single cells? instead:", result.stdout)
    assert f"At par! {puzzle.par}/{puzzle.par}" in result.stdout
    assert "Optimal line" in result.stdout and "Share:" in result.stdout
    with Store.open_default() as store:
        (attempt,) = store.attempts()
    assert attempt.at_par and attempt.puzzle_id == puzzle.id and attempt.hints_used == 0
    assert attempt.moves == "; ".join(moves)


def test_moves_from_stdin_and_json_result(home: Path, puzzles: dict[str, Puzzle]) -> None:
    puzzle = puzzles["sprint"]
    text = "\n".join(_solution_moves(puzzle))
    result = CliRunner().invoke(
        app, ["puzzle", "--id", puzzle.id, "--moves", "-", "--json"], input=text
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["at_par"] and data["score"] == puzzle.par and data["hints_used"] == 0
    assert data["optimal"] == list(puzzle.solution)
    assert data["share"].startswith(f"Silver & Gold puzzle {puzzle.id}")


def test_giving_up_is_recorded(home: Path, puzzles: dict[str, Puzzle]) -> None:
    puzzle = puzzles["pair"]
    result = CliRunner().invoke(app, ["puzzle", "--id", puzzle.id, "--moves", "q; y", "--plain"])
    assert result.exit_code == 0, result.output
    assert "You gave up" in result.stdout
    assert "gave up after 0 turns (0/" in result.stdout
    with Store.open_default() as store:
        assert [a.gave_up for a in store.attempts()] == [True]


def test_running_out_of_moves_is_an_error_and_not_recorded(
    home: Path, puzzles: dict[str, Puzzle]
) -> None:
    puzzle = puzzles["points"]
    result = CliRunner().invoke(
        app, ["puzzle", "--id", puzzle.id, "--moves", _solution_moves(puzzle)[0]]
    )
    assert result.exit_code == 2
    assert "ran out" in result.stderr
    with Store.open_default() as store:
        assert store.attempts() == []


def test_no_record_leaves_the_stats_alone(home: Path, puzzles: dict[str, Puzzle]) -> None:
    puzzle = puzzles["points"]
    script = "; ".join(_solution_moves(puzzle))
    result = CliRunner().invoke(
        app, ["puzzle", "--id", puzzle.id, "--moves", script, "--no-record"]
    )
    assert result.exit_code == 0, result.output
    with Store.open_default() as store:
        assert store.attempts() == []


def test_daily_is_recorded_with_its_date(home: Path, deck: Deck) -> None:
    daily = puzzle_from_id(deck, "daily-2026-01-03")
    script = "; ".join(_solution_moves(daily))
    result = CliRunner().invoke(
        app, ["daily", "--date", "2026-01-03", "--moves", script, "--plain"]
    )
    assert result.exit_code == 0, result.output
    assert "Daily puzzle 2026-01-03" in result.stdout
    assert "Silver & Gold daily 2026-01-03" in result.stdout
    again = CliRunner().invoke(app, ["daily", "--date", "2026-01-03", "--moves", "q!", "--plain"])
    assert "You played this puzzle 1 time before" in again.stdout
    with Store.open_default() as store:
        attempts = store.attempts()
    assert [a.daily_date for a in attempts] == ["2026-01-03", "2026-01-03"]
    assert [a.at_par for a in attempts] == [True, False]
