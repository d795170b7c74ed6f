"""The core's coach grades: thresholds, the noise rule, the words (both games use them)."""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from silverpyr.puzzles.core import grading
from silverpyr.puzzles.silvergold.realgame import game_coach
from silverpyr.puzzles.sun import coach as sun_coach

TABLE = grading.grade_table("mild", "bad", "worst")


def test_thresholds() -> None:
    assert grading.grade_of(0.49, None, TABLE) is None
    assert grading.grade_of(0.5, None, TABLE) == "mild"
    assert grading.grade_of(1.99, None, TABLE) == "mild"
    assert grading.grade_of(2.0, None, TABLE) == "bad"
    assert grading.grade_of(5.0, None, TABLE) == "worst"


@given(st.floats(0, 50), st.floats(0, 10))
def test_within_twice_the_error_is_silent(loss: float, error: float) -> None:
    found = grading.grade_of(loss, error, TABLE)
    if loss <= 2 * error:
        assert found is None
    else:
        assert found == grading.grade_of(loss, None, TABLE)


@given(st.floats(0, 50), st.one_of(st.none(), st.floats(0, 10)))
def test_both_games_grade_alike(loss: float, error: float | None) -> None:
    sg = game_coach.grade(loss, error)
    sun = sun_coach.grade(loss, error)
    assert (sg is None) == (sun is None)
    assert [s for s, _ in game_coach.GRADES] == [s for s, _ in sun_coach.GRADES]


def test_words() -> None:
    assert (
        grading.warning("bad", "B", "A", 2.44, 0.5)
        == "Bad: the expert prefers B: A gives up 2.4 ± 0.5 expected points. Play it anyway?"
    )
    assert (
        grading.message("turn 3", "doubtful", "A", 1.0, None, "B", " (why)")
        == "Coach (turn 3): doubtful, A loses 1.0 expected points; the expert plays B (why)."
    )


def test_costliest_keeps_order_of_play_on_ties() -> None:
    class V:
        def __init__(self, name: str, loss: float) -> None:
            self.name, self.loss = name, loss

    vs = [V("a", 1.0), V("b", 0.0), V("c", 3.0), V("d", 1.0)]
    assert [v.name for v in grading.costliest(vs, 3)] == ["c", "a", "d"]


def test_costliest_lines() -> None:
    class V:
        where, played, best, loss, error = "turn 2", "A", "B", 2.44, 0.5
        grade = grading.Grade.BAD

    assert grading.costliest_lines([V()], better="better", none="none") == [
        "Costliest decisions:",
        "  turn 2: A lost 2.4 ± 0.5 (bad); better B",
    ]
    assert grading.costliest_lines([], better="better", none="none") == ["none"]


def test_a_summary_says_why_a_listed_loss_got_no_word() -> None:
    """Issue 32: the Sun coach's summary said "0 worth a word" beside a move it listed as
    losing 5.5 ± 7.7; each listed loss the coach kept silent on now says why."""

    class Noisy:
        where, played, best, loss, error = "turn 3", "A", "B", 5.5, 7.7
        grade = grading.grade(5.5, 7.7)

    class Small:
        where, played, best, loss, error = "turn 4", "C", "D", 0.3, 0.1
        grade = grading.grade(0.3, 0.1)

    lines = grading.costliest_lines([Noisy(), Small()], better="better", none="none")
    assert lines[1] == "  turn 3: A lost 5.5 ± 7.7 (no word: within twice its error); better B"
    assert lines[2] == "  turn 4: C lost 0.3 ± 0.1 (no word: under 0.5); better D"
    assert Noisy.grade is None and Small.grade is None


def test_reason_lines_one_reason_a_line_wrapped_with_a_deeper_indent() -> None:
    """The advice's reasons in every game: each starts a line at 4, a long one goes on at 6,
    within the width, and the words come back whole."""
    short = "sells blue for 10 now (+10.0)"
    long = (
        "yours: keeps S6-sun for level 6, the card that the pyramid's last row needs "
        "before the edge pile runs out, and more words still (-2.6)"
    )
    lines = grading.reason_lines((short, long))
    assert lines[0] == grading.REASON_INDENT + short
    assert len(lines) == 3 and lines[1].startswith("    yours: ")
    assert lines[2].startswith("      ") and not lines[2].startswith("       ")
    assert all(len(line) <= grading.REASON_WIDTH for line in lines)
    assert " ".join(line.strip() for line in lines[1:]) == long
    assert grading.reason_lines(()) == []


def test_reason_lines_keep_the_points_and_a_hyphenated_name_whole() -> None:
    reason = "a card for a matching symbol S6-sun (+5.2)"
    for width in range(20, 60):
        lines = grading.reason_lines((reason,), width)
        assert any(line.strip().endswith("symbol S6-sun (+5.2)") for line in lines) or any(
            line.strip() == "S6-sun (+5.2)" for line in lines
        ), (width, lines)
        assert " ".join(line.strip() for line in lines) == reason
    assert grading.reason_lines((reason,), 1)  # a narrow width wraps more, never fails
