"""``cheops game`` in line mode (``cli/cheops/game_cmd.py``), through Typer's CliRunner on a
local app with the root's error mapping: a scripted game ends, save and resume give the same
game, undo and advice at the prompt, a bad answer gets the engine's sentence and the prompt
again, and hostile input (a bad move in a script, an unknown bot, a record path that cannot be
written) is one ``error:`` line with exit code 2."""

from __future__ import annotations

import json
import sys
import types
from pathlib import Path

import kept_checks as checks
import pytest
import typer
from typer.testing import CliRunner, Result

from silverpyr.cli.cheops import game_cmd
from silverpyr.cli.cheops.game_cmd import game
from silverpyr.cli.cheops.render import table_lines
from silverpyr.cli.core.app import _ErrorMappingGroup
from silverpyr.puzzles.cheops.kept_game import KeptGame
from silverpyr.solver.cheops.bots import GreedyPlayer
from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.game import Phase, Take, why_illegal

COMPONENTS = load_components()
app = typer.Typer(cls=_ErrorMappingGroup, pretty_exceptions_enable=False)
app.command("game")(game)


@app.callback()
def _root() -> None:
    """A local root, as ``silverpyr cheops``."""


def _answers(seed: int, bots: tuple[str, ...]) -> tuple[list[str], tuple[int, ...]]:
    """Seat 0's final answers of a game it plays greedily, and the final money."""
    answers, money, _ = _game(seed, bots)
    return answers, money


def _game(seed: int, bots: tuple[str, ...]) -> tuple[list[str], tuple[int, ...], list[int]]:
    """:func:`_answers`, and how many answers were final at each confirmed turn (where a
    script may stop and leave nothing pending)."""
    kept = KeptGame(COMPONENTS, seed, bots)
    cuts = checks.play_to_the_end_with_cuts(kept, GreedyPlayer())
    result = kept.outcome()
    assert result is not None
    return kept.answers, result.money, cuts


def _run(*args: str, text: str | None = None) -> Result:
    return CliRunner().invoke(app, ["game", *args], input=text)


def _error_lines(result: Result) -> list[str]:
    return [line for line in result.stderr.splitlines() if line.strip()]


def test_a_whole_scripted_game_ends_with_its_outcome_as_json(home: Path) -> None:
    answers, money = _answers(11, ("greedy",))
    result = _run("--seed", "11", "--moves", ";".join(answers), "--json")
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["money"] == list(money)
    assert data["players"] == ["human", "greedy"]
    assert data["reason"] in {"empty", "boards", "blocked"} and data["winners"]


def test_left_and_resumed_the_game_ends_the_same(home: Path, tmp_path: Path) -> None:
    answers, money, cuts = _game(12, ("greedy", "greedy"))
    half = min(cuts, key=lambda cut: abs(cut - len(answers) // 2))
    first = _run("--seed", "12", "--players", "3", "--moves", ";".join(answers[:half]) + ";q")
    assert first.exit_code == 0, first.output
    assert "silverpyr cheops game" in first.stderr
    checks.assert_the_rest_resumes(_run, answers[half:], tmp_path / "game.json", "money", money)


def _first_take_answer(seed: int) -> tuple[str, str]:
    """At seed's first decision of yours: a legal take and an illegal one (with why)."""
    kept = KeptGame(COMPONENTS, seed, ("greedy",))
    kept.settle()
    assert kept.waiting is Phase.START
    take = next(m for m in kept.options() if isinstance(m, Take))
    assert why_illegal(kept.state, Take(take.space.__class__(10, 0), "A")) is not None
    return take.notation(), "take k1 A"


def test_a_bad_answer_gets_the_engines_sentence_and_the_prompt_again(home: Path) -> None:
    legal, illegal = _first_take_answer(3)
    result = _run("--seed", "3", text=f"{illegal}\nnonsense\n?\n{legal}\nu\nq\ny\n")
    assert result.exit_code == 0, result.output
    refused = [line for line in result.stderr.splitlines() if line.startswith("not taken:")]
    assert len(refused) == 2
    kept = KeptGame(COMPONENTS, 3, ("greedy",))
    kept.settle()
    reason = kept.why_illegal(kept.parse(illegal))
    assert reason is not None and reason in refused[0]
    assert "legal moves:" in result.stdout and legal in result.stdout
    assert f"Took back {legal}." in result.stdout
    assert "(pending)" in result.stdout


def test_advice_at_the_prompt_ranks_the_options_with_their_error(home: Path) -> None:
    result = _run("--seed", "3", "--rollouts", "2", "--moves", "h;q")
    assert result.exit_code == 0, result.output
    assert "The expert plays" in result.stdout and "chance to win" in result.stdout
    assert "±" in result.stdout and "piastres" in result.stdout


def test_the_table_is_drawn_with_letters_for_colours_and_tiles() -> None:
    kept = KeptGame(COMPONENTS, 3, ("greedy",))
    kept.settle()
    lines = table_lines(kept.state, kept.seat_names(), plain=True)
    pyramid = lines[1:13]
    assert pyramid[0].startswith("k") and pyramid[10].startswith("a")
    assert sum(line.count("E") for line in pyramid[:11]) == 6  # the six eyes, laws face down
    assert pyramid[10].count("[") == 11  # the bottom row can be taken
    assert any(line.startswith("You: 10 piastres") for line in lines)  # the starting money
    assert any(line.startswith("Stacks (top, size):") for line in lines)
    assert all("◉" not in line for line in lines)  # plain: ASCII


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("--seed", "3", "--moves", "take a1 Q"), "'Q' is not a tile"),
        (("--seed", "3", "--moves", "take k1 A"), "answer 1"),
        (("--opponents", "greedy,nobody"), "unknown bot 'nobody'"),
        (("--players", "4", "--opponents", "greedy,expert"), "--players 4"),
        (("--opponents", "greedy,,expert"), "--opponents"),
    ],
)
def test_hostile_input_is_one_error_line_and_exit_2(
    home: Path, args: tuple[str, ...], named: str
) -> None:
    result = _run(*args)
    assert result.exit_code == 2, result.output
    lines = _error_lines(result)
    assert len(lines) == 1 and lines[0].startswith("error: ") and named in lines[0]
    assert "Traceback" not in result.output


def test_a_record_path_that_cannot_be_written_is_refused_before_the_game(
    home: Path, tmp_path: Path
) -> None:
    for bad in (tmp_path, tmp_path / "missing" / "game.json"):
        result = _run("--seed", "3", "--record", str(bad), "--moves", "q")
        assert result.exit_code == 2, result.output
        lines = _error_lines(result)
        assert lines[0].startswith("error: ") and str(bad) in lines[0]
        # one error line (a usage error adds the house's pointer to --help)
        assert len(lines) == 1 or (len(lines) == 2 and lines[1].startswith("Try "))


def test_a_script_that_runs_out_leaves_the_game_saved(home: Path) -> None:
    answers, _ = _answers(14, ("greedy",))
    result = _run("--seed", "14", "--moves", ";".join(answers[:4]))
    assert result.exit_code == 2
    lines = _error_lines(result)
    assert len(lines) == 1 and "ran out" in lines[0] and "silverpyr cheops game" in lines[0]


def test_the_full_screen_runs_only_when_its_module_exists_and_the_terminal_can(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(game_cmd, "LAUNCH", "no_such_launch_module")
    assert game_cmd.full_screen() is None
    fake = types.ModuleType("silverpyr.cli.cheops.fake_launch")
    ran: list[object] = []

    def run_game(table: object) -> None:
        ran.append(table)

    fake.run_game = run_game  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, "silverpyr.cli.cheops.fake_launch", fake)
    monkeypatch.setattr(game_cmd, "LAUNCH", "fake_launch")
    from silverpyr.cli.core.tui import terminal

    monkeypatch.setattr(terminal, "interactive", lambda: False)
    assert game_cmd.full_screen() is None
    monkeypatch.setattr(terminal, "interactive", lambda: True)
    assert game_cmd.full_screen() is run_game


@pytest.mark.slow
def test_a_scripted_game_with_the_coach_judges_every_decision(home: Path) -> None:
    """A scripted game with the coach: every final decision judged once, the game the same,
    and the summary closes it."""
    answers, money = _answers(15, ("greedy",))
    result = _run(
        "--seed", "15", "--coach", "--rollouts", "2", "--moves", ";".join(answers), "--json"
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["money"] == list(money)
    assert data["coach"]["decisions"] == len(answers)
    assert "Coach's summary" in result.stderr


def test_the_coach_asks_before_a_costly_move_and_n_chooses_again(home: Path) -> None:
    kept = KeptGame(COMPONENTS, 3, ("greedy",), coach=True, rollouts=2)
    kept.settle()
    costly = None
    for move in kept.options():
        verdict = kept.check(move)
        if verdict is not None and not verdict.is_silent:
            costly = move.notation()
            break
    assert costly is not None, "seed 3's first decision has a graded move"
    result = _run(
        "--seed", "3", "--coach", "--rollouts", "2", text=f"{costly}\nn\n{costly}\ny\nq\ny\n"
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.count("Play it anyway?") == 2
    assert "Choose again." in result.stdout
    assert "(pending) You took" in result.stdout
    assert "Coach's summary" in result.stdout
    assert "You heeded 1 of the coach's warnings and chose again" in result.stdout


def test_the_line_mode_asks_law_9s_colour_at_the_end(home: Path) -> None:
    """Seed 7: you (playing greedily) paid for law 9; when the game is over the prompt asks
    its colour, and the colour you type is the one scored."""
    answers, money = _answers(7, ("greedy",))
    assert answers[-1].startswith("law9 ")
    result = _run("--seed", "7", "--moves", ";".join(answers))
    assert result.exit_code == 0, result.output
    assert "the game is over: which colour law 9 counts as (e.g. law9 blue)" in result.stdout
    colour = answers[-1].split()[1]
    assert f"counts as a {colour} treasure" in result.stdout + result.stderr
    again = _run("--seed", "7", "--restart", "--moves", ";".join(answers), "--json")
    assert json.loads(again.stdout)["money"] == list(money)


def test_every_phase_has_its_prompt() -> None:
    assert set(game_cmd._PROMPTS) == {phase.value for phase in Phase if phase is not Phase.OVER}
