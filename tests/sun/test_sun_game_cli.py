"""``sun game`` in line mode (``cli/sun/game_cmd.py``), through Typer's CliRunner on a local
app with the root's error mapping: a scripted game ends, save and resume give the same game,
and a bad answer gets one clear line and the prompt again."""

from __future__ import annotations

import json
from pathlib import Path

import kept_checks as checks
import pytest
import typer
from typer.testing import CliRunner, Result

from silverpyr.cli.core.app import _ErrorMappingGroup
from silverpyr.cli.sun.game_cmd import game
from silverpyr.puzzles.sun.kept_game import KeptGame
from silverpyr.solver.sun.bots import GreedyPlayer
from silverpyr.solver.sun.cards import load_deck

DECK = load_deck()
app = typer.Typer(cls=_ErrorMappingGroup, pretty_exceptions_enable=False)
app.command("game")(game)


@app.callback()
def _root() -> None:
    """A local root, as ``silverpyr sun``."""


def _answers(seed: int, size: str, bots: tuple[str, ...]) -> tuple[list[str], tuple[int, ...]]:
    """Seat 0's final answers of a game it plays greedily, and the final scores."""
    answers, scores, _ = _game(seed, size, bots)
    return answers, scores


def _game(
    seed: int, size: str, bots: tuple[str, ...]
) -> tuple[list[str], tuple[int, ...], list[int]]:
    """:func:`_answers`, and how many answers were final each time nothing was pending
    (where a script may stop: a pending move is never played, so it is not kept)."""
    kept = KeptGame(DECK, seed, size, bots)
    cuts = checks.play_to_the_end_with_cuts(kept, GreedyPlayer())
    return kept.answers, kept.state.scores, cuts


def _run(*args: str, text: str | None = None) -> Result:
    return CliRunner().invoke(app, ["game", *args], input=text)


def test_a_whole_scripted_game_ends_with_its_outcome_as_json(home: Path) -> None:
    answers, scores = _answers(11, "short", ("greedy",))
    result = _run("--seed", "11", "--size", "short", "--moves", ";".join(answers), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["scores"] == list(scores)
    assert data["players"] == ["human", "greedy"] and data["reason"] == "top"


def test_left_and_resumed_the_game_ends_the_same(home: Path, tmp_path: Path) -> None:
    answers, scores, cuts = _game(12, "short", ("expert", "greedy"))
    half = min(cuts, key=lambda cut: abs(cut - len(answers) // 2))
    first = _run(
        "--seed",
        "12",
        "--size",
        "short",
        "--opponents",
        "expert,greedy",
        "--moves",
        ";".join(answers[:half]) + ";q",
    )
    assert first.exit_code == 0, first.output
    assert "silverpyr sun game" in first.stderr
    checks.assert_the_rest_resumes(_run, answers[half:], tmp_path / "game.json", "scores", scores)


def test_a_bad_answer_gets_one_line_and_the_prompt_again(home: Path) -> None:
    result = _run("--seed", "3", "--size", "short", text="S9@9z\nend\n?\nq\ny\n")
    assert result.exit_code == 0, result.output
    lines = [line for line in result.stderr.splitlines() if line.startswith("not taken:")]
    assert len(lines) == 2
    assert "play at least one card first" in lines[1]
    out = result.stdout
    assert out.count("Turn 1 - play a card") >= 3 or out.count("play a card") >= 3
    assert "legal moves:" in out


def test_a_script_stops_at_its_first_bad_answer_with_one_error_line(home: Path) -> None:
    result = _run("--seed", "3", "--size", "short", "--moves", "S9@9z;end")
    assert result.exit_code == 2
    errors = result.stderr.strip().splitlines()
    assert len(errors) == 1 and errors[0].startswith("error: ") and "answer 1" in errors[0]


def test_another_game_while_one_is_unfinished_is_one_error_line(home: Path) -> None:
    answers, _ = _answers(14, "short", ("greedy",))
    assert (
        _run("--seed", "14", "--size", "short", "--moves", ";".join(answers[:4]) + ";q").exit_code
        == 0
    )
    result = _run("--seed", "15", "--moves", "q")
    assert result.exit_code == 2
    line = result.stderr.strip()
    assert line.startswith("error: ") and "\n" not in line
    assert "--restart" in line and "silverpyr sun game" in line
    assert _run("--seed", "15", "--restart", "--moves", "q").exit_code == 0


@pytest.mark.parametrize(
    ("args", "words"),
    [
        (["--players", "4", "--opponents", "greedy,expert"], "--players 4"),
        (["--opponents", "greedy,nobody"], "nobody"),
        (["--opponents", "greedy,greedy,greedy,greedy,greedy"], "1-4"),
        (["--size", "huge"], "huge"),
        (["--players", "6"], "--players"),
    ],
)
def test_bad_options_are_one_error_line(home: Path, args: list[str], words: str) -> None:
    result = _run(*args, "--moves", "q")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    line = lines[0]
    assert line.startswith("error: ") and words in line
    if args[0] != "--players" or len(args) > 2:  # Click's range check adds its "Try" line
        assert len(lines) == 1
    assert "Traceback" not in result.output


def test_the_coach_asks_before_a_costly_move_is_final(home: Path) -> None:
    """Up to seat 0's first graded move (the greedy bot's, found with the kept game), then
    ``n``: the question was asked, the move not played, and the expert's move is taken."""
    kept = KeptGame(DECK, 4, "short", ("greedy",), coach=True, rollouts=3)
    player = GreedyPlayer()
    kept.settle()
    script: list[str] = []
    verdict = None
    while not kept.is_over():
        move = player.decide(kept.state, 0)
        verdict = kept.check(move)
        assert verdict is not None
        if not verdict.is_silent:
            script.append(move.notation())
            break
        kept.play(move)
        kept.settle()
        script.append(move.notation())
    assert verdict is not None and not verdict.is_silent, "no graded move in this game"
    script += ["n", verdict.best, "q"]
    result = _run(
        "--seed", "4", "--size", "short", "--coach", "--rollouts", "3", "--moves", ";".join(script)
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())  # lines folded to the terminal's width
    assert verdict.warning() in out and "Choose again." in out
    assert out.count("Play it anyway?") == 1


def test_leaving_with_json_says_so_and_that_it_is_saved(home: Path) -> None:
    answers, _ = _answers(16, "short", ("greedy",))
    result = _run("--seed", "16", "--size", "short", "--json", "--moves", f"{answers[0]};q")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["left"] is True and data["winners"] is None
    placed = "@" in answers[0]  # a placement stays pending: leaving does not keep it
    assert data["saved"] is not placed
