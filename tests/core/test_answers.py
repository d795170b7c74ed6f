"""The one answers mechanism of every line mode: a script is taken in order, stops at its
first answer not taken naming it and its place, and must end with the game."""

from __future__ import annotations

import io

import pytest
from rich.console import Console

from silverpyr.cli.core.answers import Answers, Quit, ScriptError


def _console() -> tuple[Console, io.StringIO]:
    out = io.StringIO()
    return Console(file=out, width=200, color_system=None), out


def test_a_script_is_echoed_after_each_question_and_counted() -> None:
    console, out = _console()
    answers = Answers(console, ["B1 B2", "u"])
    assert answers.scripted
    assert answers.ask("Turn 1 - your move:") == "B1 B2"
    assert answers.ask("Turn 1 - your move:") == "u"
    assert answers.taken == 2
    assert out.getvalue() == "Turn 1 - your move: B1 B2\nTurn 1 - your move: u\n"
    answers.finish()


def test_a_script_that_runs_out_names_its_source_and_the_question() -> None:
    console, _ = _console()
    answers = Answers(console, [], source="moves file m.txt", ran_out="{source} ended at: {prompt}")
    with pytest.raises(ScriptError) as stopped:
        answers.ask("Keep which two cards?")
    assert str(stopped.value) == "moves file m.txt ended at: Keep which two cards?"


def test_a_refused_answer_stops_a_script_at_its_place() -> None:
    console, _ = _console()
    answers = Answers(console, ["x", "y"], where=lambda prompt: prompt.split(" - ")[0])
    answers.ask("Round 1, turn 2 - your move:")
    with pytest.raises(ScriptError) as stopped:
        answers.reject("no such cell")
    assert str(stopped.value) == "--moves, answer 1 ('x') at Round 1, turn 2: no such cell"


def test_a_refusal_may_name_the_answer_as_read() -> None:
    console, _ = _console()
    answers = Answers(console, ["U"])
    answers.ask("Turn 1:")
    with pytest.raises(ScriptError, match=r"^--moves, answer 1 \('u'\): nothing to undo$"):
        answers.reject("nothing to undo", "u")


def test_a_person_is_told_and_asked_again() -> None:
    console, _ = _console()
    told: list[str] = []
    answers = Answers(console, None, refused=told.append)
    answers.reject("no such cell")
    assert told == ["no such cell"]
    assert not answers.scripted
    assert answers.peek() is None


def test_an_optional_question_takes_only_an_answer_to_it() -> None:
    console, out = _console()
    answers = Answers(console, ["C3", "y"])
    accepted = {"y", "n"}.__contains__
    assert answers.ask_if("Play it anyway?", accepted) is None
    assert answers.taken == 0
    assert answers.ask("Your move:") == "C3"
    assert answers.ask_if("Play it anyway?", accepted) == "y"
    assert out.getvalue() == "Your move: C3\nPlay it anyway? y\n"


def test_answers_left_after_the_end_stop_a_script_unless_they_are_passes() -> None:
    console, _ = _console()
    Answers(console, ["-", " - "], passes=frozenset({"-"})).finish()
    answers = Answers(console, ["-", "B2", "C3"], passes=frozenset({"-"}))
    assert answers.peek() == "-"
    with pytest.raises(ScriptError) as over:
        answers.finish()
    assert str(over.value) == "--moves holds 2 answers after the end, from 'B2' on"


def test_the_end_of_input_at_a_terminal_is_leaving() -> None:
    console, _ = _console()

    def no_more(prompt: object = "", **_: object) -> str:
        raise EOFError

    console.input = no_more  # type: ignore[method-assign]
    with pytest.raises(Quit):
        Answers(console, None).ask("Your move:")
