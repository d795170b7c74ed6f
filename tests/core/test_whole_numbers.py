"""Whole numbers written as text go through one checked parser in every format (issue 29).

``solver.reader.parse_whole`` takes ASCII digits only, at most ``MAX_DIGITS`` of them, so
no text is ever handed to ``int`` whole: a quoted 5,000-digit number in a Cheops position
was a traceback (Python refuses to convert more than 4,300 digits), and ``int`` takes
signs, spaces, underscores and other scripts' digits (while ``str.isdigit`` passes ``²``,
which ``int`` refuses). Each format below gets huge and odd numbers and must give its own
error, one line, naming the field, never a bare ``ValueError``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.solver.core.reader import MAX_DIGITS, ReadError, parse_whole, parse_wholes

QUICK = settings(
    max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

HUGE = st.integers(4301, 6000).map(lambda digits: "9" * digits)
LONG = st.integers(MAX_DIGITS + 1, 200).map(lambda digits: "1" + "0" * (digits - 1))
ODD = st.sampled_from(
    [
        *("+5", "-3", "1_0", "0x1f", "1e3", "3.0", "\u00b2"),  # ² passes str.isdigit
        *("\u0663", "\uff11\uff12", "\u0661\u0662", "\U0001d7d7", "5\u0660"),  # other scripts
    ]
)
BAD_NUMBER = st.one_of(HUGE, LONG, ODD)
"""Texts that are not a whole number a file may hold."""


@given(st.text())
def test_parse_whole_never_raises_and_reads_only_ascii_digits(text: str) -> None:
    number = parse_whole(text)
    plain = text.isascii() and text.isdigit() and len(text) <= MAX_DIGITS
    assert (number is not None) == plain
    if plain:
        assert number == int(text)


@given(st.integers(0, 10**MAX_DIGITS - 1), st.integers(0, 50), st.integers(0, 50))
def test_parse_whole_keeps_to_its_range(number: int, low: int, span: int) -> None:
    text = str(number)
    assert parse_whole(text) == number
    inside = low <= number <= low + span
    assert (parse_whole(text, low, low + span) == number) == inside
    assert (parse_whole(text, low, low + span) is None) == (not inside)


@given(st.one_of(BAD_NUMBER, st.sampled_from(["", " 7", "7 ", "\t7"])))
def test_bad_numbers_are_none(text: str) -> None:
    assert parse_whole(text) is None
    if text.strip():
        assert parse_whole(text.strip()) is None or text.strip() == "7"
    if text.strip() and text.strip() != "7":
        assert parse_wholes(f"17, {text}") is None


def test_parse_wholes_reads_spaces_and_commas() -> None:
    assert parse_wholes("17, 35") == [17, 35]
    assert parse_wholes(" 3 4,5 ") == [3, 4, 5]
    assert parse_wholes("") == []
    assert parse_wholes("3 x") is None


def one_line_error(error: BaseException, *where: str) -> None:
    message = str(error)
    assert "\n" not in message
    assert "Exceeds the limit" not in message and "invalid literal" not in message
    for place in where:
        assert place in message, message


# --- Cheops: position files and moves ----------------------------------------------------


def _cheops_template() -> str:
    from silverpyr.solver.cheops.positionfile import position_template

    return position_template()


@QUICK
@given(number=BAD_NUMBER, quoted=st.booleans())
def test_cheops_a_law_in_a_pyramid_row(number: str, quoted: bool) -> None:
    from silverpyr.solver.cheops.positionfile import PositionFileError, parse_position

    plain = number.isascii() and number.isdigit() and not quoted
    text = _cheops_template().replace("  k: W ", f"  k: {number if plain else repr(number)} ", 1)
    with pytest.raises(PositionFileError) as raised:
        parse_position(text)
    one_line_error(raised.value, f"more than {MAX_DIGITS} digits" if plain else "pyramid.k")


@QUICK
@given(number=BAD_NUMBER)
def test_cheops_unknown_tiles_in_a_stack(number: str) -> None:
    from silverpyr.solver.cheops.positionfile import PositionFileError, parse_position

    text = _cheops_template().replace("stacks: ['', '', '']", f"stacks: ['A ?{number}', '', '']")
    with pytest.raises(PositionFileError) as raised:
        parse_position(text)
    one_line_error(raised.value, "stacks[0]")


def test_cheops_a_stack_of_known_size_is_still_read() -> None:
    from silverpyr.solver.cheops.positionfile import PositionFileError, parse_position

    text = _cheops_template().replace("stacks: ['', '', '']", "stacks: ['A ?2', '', '']")
    with pytest.raises(PositionFileError) as raised:  # more tiles than the game holds
        parse_position(text)
    assert "'A ?2'" not in str(raised.value)  # the stack's text was read; its count is wrong
    assert "is not a family tile" not in str(raised.value)


@QUICK
@given(number=BAD_NUMBER, move=st.sampled_from(["draw {}", "remove {}", "law blue {}"]))
def test_cheops_a_number_in_a_move(number: str, move: str) -> None:
    from silverpyr.solver.cheops.components import load_components
    from silverpyr.solver.cheops.game import MoveSyntaxError, new_game, parse_move

    state = new_game(load_components(), 2, 3)
    with pytest.raises(MoveSyntaxError) as raised:
        parse_move(state, move.format(number))
    one_line_error(raised.value)


# --- the Sun: card ids and slots ------------------------------------------------------------


@QUICK
@given(number=BAD_NUMBER)
def test_sun_a_card_id_in_a_position_file(number: str) -> None:
    from silverpyr.solver.sun.positionfile import (
        PositionFileError,
        parse_position,
        position_template,
    )

    text = position_template().replace("hand: [S4-serpent,", f"hand: ['#{number}',", 1)
    with pytest.raises(PositionFileError) as raised:
        parse_position(text)
    one_line_error(raised.value, "hand[0]")


@QUICK
@given(number=BAD_NUMBER)
def test_sun_card_and_slot_notation(number: str) -> None:
    from silverpyr.solver.sun.cards import CardTextError, load_deck
    from silverpyr.solver.sun.pyramid import SlotTextError, parse_slot

    with pytest.raises(CardTextError) as card:
        load_deck().parse_card(f"#{number}")
    one_line_error(card.value)
    with pytest.raises(SlotTextError) as slot:
        parse_slot(f"{number}c")
    one_line_error(slot.value)


def test_sun_ids_and_slots_still_read() -> None:
    from silverpyr.solver.sun.cards import load_deck
    from silverpyr.solver.sun.pyramid import parse_slot

    deck = load_deck()
    assert deck.parse_card("#17").id == 17
    assert deck.parse_card(" 17 ").id == 17
    assert str(parse_slot("1C")) == "1c"


# --- Silver & Gold: puzzle files, --marked, marks, records' answers ----------------------


@QUICK
@given(number=BAD_NUMBER)
def test_silver_and_gold_a_card_key_in_a_puzzle_file(tmp_path: Path, number: str) -> None:
    from silverpyr.puzzles.silvergold.fileformat import read_puzzle_file
    from silverpyr.solver.silvergold.deckfile import load_deck

    path = tmp_path / "p.json"  # read as YAML, of which JSON is a part
    data = {"format": 1, "cards": [22], "expeditions": ["L3", "I3"], "objective": "points"}
    start = {"start": {"marked": {number: ["B1"]}}}
    path.write_text(json.dumps({**data, **start}, ensure_ascii=False), encoding="utf-8")
    with pytest.raises(ReadError) as raised:
        read_puzzle_file(load_deck(), path)
    # YAML takes no key of over 1,024 characters: the parser refuses a huge one itself
    one_line_error(raised.value)
    if len(number) < 1000:
        assert [p.where for p in raised.value.problems] == ["start.marked"]
    else:
        assert "not valid YAML" in str(raised.value)


@QUICK
@given(number=BAD_NUMBER)
def test_silver_and_gold_marked_and_mark_notation(number: str) -> None:
    from silverpyr.solver.silvergold.moves import InvalidMoveError, parse_mark_texts
    from silverpyr.solver.silvergold.problem import ProblemError
    from silverpyr.solver.silvergold.start import parse_marked

    with pytest.raises(ProblemError) as marked:
        parse_marked(f"{number}:C1")
    one_line_error(marked.value)
    if number.strip() and ":" not in number:
        with pytest.raises(InvalidMoveError) as mark:
            parse_mark_texts(f"{number}:B1 B2")
        one_line_error(mark.value)


@QUICK
@given(number=BAD_NUMBER)
def test_silver_and_gold_an_answer_in_a_game_record(number: str) -> None:
    from silverpyr.puzzles.silvergold.realgame.game_record import GameRecordError, parse_answer
    from silverpyr.solver.silvergold.deckfile import load_deck
    from silverpyr.solver.silvergold.game import deal

    state = deal(load_deck(), 2, 3)
    dealt = state.players[0].dealt[0].number
    with pytest.raises(GameRecordError) as raised:
        parse_answer(state, f"{dealt} {number}", where="answers[0]", source="game.json")
    one_line_error(raised.value, "answers[0]")


# --- through the command line: the two cases of the issue ---------------------------------


@pytest.mark.parametrize(
    ("old", "new", "where"),
    [
        ("  k: W ", "  k: '{}' ", "pyramid.k"),
        ("stacks: ['', '', '']", "stacks: ['A ?{}', '', '']", "stacks[0]"),
    ],
)
def test_cheops_solve_a_quoted_huge_number_is_one_line(
    tmp_path: Path, old: str, new: str, where: str
) -> None:
    path = tmp_path / "p.yaml"
    path.write_text(_cheops_template().replace(old, new.format("9" * 5000), 1), encoding="utf-8")
    result = CliRunner().invoke(app, ["cheops", "solve", "--position", str(path)])
    assert result.exit_code == 2, result.output
    assert result.exception is None or isinstance(result.exception, SystemExit)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}: {where}: "), lines
    assert len(lines[0]) < 1000
