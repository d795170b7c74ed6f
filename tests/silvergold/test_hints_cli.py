"""``silverpyr hint`` and ``h`` in ``silverpyr game``, driven as a user would."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner, Result

from silverpyr.cli.core.app import app
from silverpyr.puzzles.silvergold.generate import puzzle_from_id
from silverpyr.solver.silvergold.deckfile import load_deck

# Card 1: a torch three cells below the entrance (I3 down, then I2, lights it; I3 along the
# top row first costs it). Card 2: marked down to A3, the tomb A5 and the torch B4 can only
# be taken together by a placement holding A4 and B4. Cards 3-4 fill a hand for a game.
ROOMS = {
    1: ["E....", ".....", ".....", "t....", "....T"],
    2: ["E####", ".####", ".####", ".t###", "T####"],
    3: ["..E..", ".#r#.", "xs.pg", ".#t#.", "..T.."],
    4: ["E.r..", "##.#.", "g..x.", ".#s#t", "p..T."],
}
CELL_NAME = re.compile(r"\b[A-E][1-5]\b")


@pytest.fixture(scope="module")
def deck_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pyramids = [
        {"number": number, "color": ("purple", "orange", "green")[number % 3], "room": room}
        for number, room in ROOMS.items()
    ]
    path = tmp_path_factory.mktemp("deck") / "cards.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "pyramids": pyramids}), encoding="utf-8")
    return path


def run(deck_file: Path, *args: str, stdin: str | None = None) -> Result:
    return CliRunner().invoke(app, ["--cards", str(deck_file), *args], input=stdin)


def adhoc(deck_file: Path, *args: str) -> Result:
    return run(deck_file, "hint", "--card", "1", "--expeditions", "I3 I2", "--plain", *args)


def test_levels_one_and_two_name_no_cell(deck_file: Path) -> None:
    for level in ("1", "2"):
        result = adhoc(deck_file, "--level", level)
        assert result.exit_code == 0, result.output
        assert "Best score still reachable: 5." in result.stdout
        assert not CELL_NAME.search(result.stdout), result.stdout
    assert "Light this round's torch on card 1" in result.stdout
    assert "Area: play on card 1, in rows" in result.stdout


def test_level_two_json_gives_an_area_larger_than_the_move(deck_file: Path) -> None:
    area = json.loads(adhoc(deck_file, "--level", "2", "--json").stdout)
    assert "move" not in area
    move = json.loads(adhoc(deck_file, "--level", "3", "--json").stdout)
    assert set(move["move"]["cells"]) < set(area["area"]["cells"])


def test_level_three_json_gives_the_move_and_the_scores(deck_file: Path) -> None:
    result = adhoc(deck_file, "--level", "3", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["move"] == {
        "card": 1,
        "cells": ["A1", "A2", "A3"],
        "extras": [],
        "notation": "A1 A2 A3",
    }
    assert (data["best_before"], data["best_after"], data["turn"]) == (5, 5, 1)
    assert data["aim"][0]["kind"] == "torch"


def test_review_names_the_blunder(deck_file: Path) -> None:
    result = adhoc(deck_file, "--moves", "A1 B1 C1", "--review")
    assert result.exit_code == 0, result.output
    assert "Turn 1: your I3 A1 B1 C1 loses 5 points: -5 (best reachable 5 before, 0 after)." in (
        result.stdout
    )
    assert "this round's torch, which the better line lights on turn 2 (-5)" in result.stdout
    assert "Better: A1 A2 A3." in result.stdout
    assert "turn 2 of 2" in result.stdout
    data = json.loads(adhoc(deck_file, "--moves", "A1 B1 C1", "--review", "--json").stdout)
    assert data["feedback"][0]["points_lost"] == 5
    assert data["best_before"] == 0  # the hint for turn 2


def test_a_finished_line_needs_review(deck_file: Path) -> None:
    result = adhoc(deck_file, "--moves", "A1 A2 A3; A4 A5")
    assert result.exit_code == 2
    assert "every card is complete or every turn played" in result.stderr
    result = adhoc(deck_file, "--moves", "A1 A2 A3; A4 A5", "--review", "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert [item["verdict"] for item in data["feedback"]] == ["good", "good"]
    assert "move" not in data


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ((), "say where you are with one of"),
        (("--card", "1", "--expeditions", "I3", "--state", "x.yaml"), "say where you are"),
        (("--card", "1"), "needs --card N and --expeditions"),
        (("--card", "1", "--card", "1", "--expeditions", "I3"), "card 1 is named twice"),
        (("--card", "9", "--expeditions", "I3"), "no pyramid card 9"),
        (("--card", "1", "--expeditions", "I3 Q7"), "unknown expedition 'Q7'"),
        (("--card", "1", "--expeditions", "I3", "--moves", "C1"), "turn 1 (C1): the first marks"),
        (("--state", "x.yaml", "--moves", "B1"), "--moves and --moves-file go with --puzzle"),
        (("--game", "x.json", "--moves-file", "m.txt"), "--moves and --moves-file go with"),
    ],
)
def test_bad_input_is_one_line_on_stderr(
    deck_file: Path, args: tuple[str, ...], message: str
) -> None:
    result = run(deck_file, "hint", *args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert result.stderr.count("\n") == 1


def test_puzzle_hint_starts_at_par() -> None:
    puzzle = puzzle_from_id(load_deck(), "points-2")
    result = CliRunner().invoke(app, ["hint", "--puzzle", "points-2", "--level", "3", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["best_before"] == data["best_after"] == puzzle.par
    assert data["expedition"] == puzzle.expeditions[0]
    text = CliRunner().invoke(app, ["hint", "--puzzle", "points-2", "--plain"]).stdout
    assert text.startswith(f"Puzzle points-2 ({puzzle.kind.label}, par {puzzle.par}): turn 1 of")


def test_state_file_ranking(deck_file: Path, tmp_path: Path) -> None:
    path = tmp_path / "state.yaml"
    path.write_text(
        "round: 1\nexpedition: L3\nseen: [I2, I3, I3, O4, L4, T4]\n"
        "cards:\n  - number: 2\n    marks: A1 A2 A3\n",
        encoding="utf-8",
    )
    result = run(deck_file, "hint", "--state", str(path), "--json", "--horizon", "round")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["candidates"][0]["move"] == "A4 B4 A5"
    assert data["candidates"][0]["expected"] == 15
    assert data["exact"] and data["method"] == "exact"
    assert data["unseen"] == ["L3"]
    text = run(deck_file, "hint", "--state", str(path), "--plain", "--horizon", "round")
    assert "Round 1, turn 7: L3 revealed; unseen this round: L3 (0 more turns)." in text.stdout
    assert "Confidence: exact" in text.stdout
    # The default horizon is the game: the expert's expected final score of each mark.
    game = json.loads(run(deck_file, "hint", "--state", str(path), "--json").stdout)
    assert game["decision"] == "mark" and game["method"] == "expert"
    assert game["options"][0]["loss"] == 0
    losses = [option["loss"] for option in game["options"]]
    assert losses == sorted(losses)


def test_state_file_errors_name_the_file(deck_file: Path, tmp_path: Path) -> None:
    path = tmp_path / "state.json"
    path.write_text(
        '{"round": 1, "expedition": "L3", "cards": [{"number": 2, "marks": "B1"}]}',
        encoding="utf-8",
    )
    result = run(deck_file, "hint", "--state", str(path))
    assert result.exit_code == 2
    assert f"{path}: card 2: B1 is a wall" in result.stderr


def test_h_in_a_game_ranks_the_moves_by_the_expert(deck_file: Path) -> None:
    result = run(
        deck_file,
        "game",
        "--seed",
        "3",
        "--players",
        "1",
        "--plain",
        "--moves",
        "-",
        stdin="1 2\nh\nquit\ny\n",
    )
    assert result.exit_code == 0, result.output
    assert "your move" in result.stdout
    assert "from the expert's valuation calibrated on games played out" in " ".join(
        result.stdout.split()
    )
    assert "Confidence:" in result.stdout


# --- the puzzle trainer: ``h`` and feedback after every move ------------------------------


def play_puzzle(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, *args: str) -> Result:
    monkeypatch.setenv("SILVERPYR_HOME", str(tmp_path))
    return CliRunner().invoke(app, ["puzzle", "--id", "points-2", "--plain", *args])


def test_h_in_the_trainer_gives_the_next_level_and_counts_hints(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    puzzle = puzzle_from_id(load_deck(), "points-2")
    answers = ["h", "h", "h", "h", *puzzle.solution]
    result = play_puzzle(monkeypatch, tmp_path, "--moves", "; ".join(answers))
    assert result.exit_code == 0, result.output
    for level in (1, 2, 3):
        assert f"Hint, level {level} of 3:" in result.stdout
    assert result.stdout.count("Hint, level 3 of 3:") == 2  # asking again repeats the move
    assert f"Move: {puzzle.solution[0]} (" in result.stdout
    assert "Turn 1: your" in result.stdout and "is good (best reachable" in result.stdout
    data = json.loads(
        play_puzzle(monkeypatch, tmp_path, "--json", "--moves", "; ".join(answers)).stdout
    )
    assert data["hints_used"] == 3 and data["at_par"]
    assert "3 hints" in data["share"]


def test_the_trainer_names_what_a_blunder_costs(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    from silverpyr.puzzles.silvergold.hints.coach import Coach
    from silverpyr.puzzles.silvergold.session import PlaySession
    from silverpyr.solver.silvergold.moves import move_str

    deck = load_deck()
    puzzle = puzzle_from_id(deck, "points-2")
    proven = puzzle.solution_line(deck)
    coach = Coach(puzzle.instance(deck), puzzle.objective, proven=proven)
    blunders = (
        (turn, verdict)
        for turn in range(puzzle.turns)
        for move in coach.best(proven.moves[:turn]).start.legal_moves()
        if (verdict := coach.feedback(proven.moves[:turn], move)).points_lost > 0
    )
    turn, verdict = next(blunders)
    answers = [*puzzle.solution[:turn], move_str(verdict.move)]
    session = PlaySession(puzzle, deck)
    for answer in answers:
        session.play(answer)
    if not session.finished:  # give up after the blunder; a script holds nothing after the end
        answers += ["q", "y"]
    result = play_puzzle(monkeypatch, tmp_path, "--moves", "; ".join(answers))
    assert result.exit_code == 0, result.output
    lost = verdict.points_lost
    assert f"Turn {turn + 1}: your" in result.stdout
    assert f"loses {lost} point{'s' if lost > 1 else ''}: -{lost}" in result.stdout
    assert verdict.better_move is not None
    assert f"Better: {move_str(verdict.better_move)}." in result.stdout


def test_the_state_template_reads_as_a_valid_state(tmp_path: Path) -> None:
    from silverpyr.puzzles.silvergold.realgame.state_file import STATE_TEMPLATE, parse_state

    result = CliRunner().invoke(app, ["hint", "--state-template"])
    assert result.exit_code == 0, result.output
    assert result.stdout == STATE_TEMPLATE
    assert result.stdout.startswith("# A state file")
    situation = parse_state(result.stdout, load_deck(), source="template")
    assert situation.round_number == 2 and situation.expedition.name == "L3"
    assert [state.number for state in situation.position.cards] == [12, 30]
    path = tmp_path / "state.yaml"
    path.write_text(result.stdout, encoding="utf-8")
    ranked = CliRunner().invoke(app, ["hint", "--state", str(path), "--json", "--samples", "2"])
    assert ranked.exit_code == 0, ranked.output
    assert ranked.stderr == ""
    # A mark decision in a state file holds no game to play out: --rollouts says so (issue 32).
    asked = CliRunner().invoke(app, ["hint", "--state", str(path), "--json", "--rollouts", "4"])
    assert asked.exit_code == 0, asked.output
    assert asked.stderr.startswith("warning: --rollouts 4 is not used for a mark decision")
    assert asked.stderr.count("\n") == 1
    assert json.loads(asked.stdout) == json.loads(
        CliRunner().invoke(app, ["hint", "--state", str(path), "--json"]).stdout
    )
    # Its commented replacement example is a state of its own: card 12 was just completed.
    lines = result.stdout.splitlines()
    start = next(i for i, line in enumerate(lines) if "- number: 12" in line)
    del lines[start : start + 2]
    for key in ("replace", "offer", "deck"):
        lines = [line.replace(f"#   {key}:", f"{key}:") for line in lines]
    path.write_text("\n".join(lines), encoding="utf-8")
    advised = CliRunner().invoke(app, ["hint", "--state", str(path), "--json", "--rollouts", "2"])
    assert advised.exit_code == 0, advised.output
    assert json.loads(advised.stdout)["decision"] == "replacement"
    shown = CliRunner().invoke(app, ["hint", "--help"], env={"COLUMNS": "100"})
    assert "--state-template" in shown.stdout and "torches: rounds" in shown.stdout


def test_u_takes_back_a_move_in_hint_moves_too() -> None:
    taken_back = CliRunner().invoke(
        app, ["hint", "--puzzle", "points-1", "--moves", "B1 C1 C2; u", "--plain"]
    )
    fresh = CliRunner().invoke(app, ["hint", "--puzzle", "points-1", "--plain"])
    assert taken_back.exit_code == 0, taken_back.output
    assert taken_back.stdout == fresh.stdout
    nothing = CliRunner().invoke(app, ["hint", "--puzzle", "points-1", "--moves", "u"])
    assert nothing.exit_code == 2
    assert nothing.stderr.strip() == "error: answer 1 (u): there is no move to take back"


def test_a_state_piped_on_stdin_reads_as_the_same_file(tmp_path: Path) -> None:
    """``--state -`` reads stdin (a pipe given as a path is refused: it may never end)."""
    text = "dealt: [12, 30, 5, 44]\nplayers: 2\n"
    path = tmp_path / "keep.yaml"
    path.write_text(text, encoding="utf-8")
    from_file = CliRunner().invoke(app, ["hint", "--state", str(path), "--json"])
    piped = CliRunner().invoke(app, ["hint", "--state", "-", "--json"], input=text)
    assert piped.exit_code == 0 == from_file.exit_code, piped.output
    assert json.loads(piped.stdout) == json.loads(from_file.stdout)
    bad = CliRunner().invoke(app, ["hint", "--state", "-"], input=b"\xff\xfe")
    assert bad.exit_code == 2 and bad.stderr.strip().splitlines() == [
        "error: <stdin>: not UTF-8 text"
    ]
