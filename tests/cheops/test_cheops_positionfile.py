"""Cheops position files (solver/cheops/positionfile.py): the template, the round trip of
game states through the file, and bad input as one located line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from position_files import one_line_error

from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.endgame import EndgameError, random_endgame
from silverpyr.solver.cheops.game import (
    CheopsState,
    Phase,
    random_position,
    state_problems,
)
from silverpyr.solver.cheops.positionfile import (
    PositionFileError,
    load_position,
    parse_position,
    position_template,
    position_text,
    solve_position,
)
from silverpyr.solver.core.reader import ReadError

TEMPLATE = position_template()
COMPONENTS = load_components()


def test_the_template_is_a_commented_endgame_that_solves_at_once(tmp_path: Path) -> None:
    assert TEMPLATE.startswith("# A Cheops position")
    state = parse_position(TEMPLATE, source="template").state
    assert state.phase is Phase.START and state.turn == 1
    assert state_problems(state) == ()
    assert state.hands == (("A", "B", "C"), ("A", "A", "B"))
    assert state.money == (30, 30)
    assert state.board("green").law7 == 5 and state.board("blue").law == 5
    assert state.laws_in_force[0] == 3 and state.market_price == 10
    path = tmp_path / "position.yaml"
    path.write_text(TEMPLATE, encoding="utf-8")
    answer = solve_position(load_position(path), time_limit=10)
    assert answer.proven and answer.nodes <= 1_000  # at once, counted (no test reads the clock)
    assert answer.move == "take i3 A" and answer.margin == -15 and answer.win == 0
    assert [m.move for m in answer.moves] == ["take i3 A", "take j1 B", "take i3 B"]


def test_json_reads_the_same(tmp_path: Path) -> None:
    path = tmp_path / "position.json"
    path.write_text(json.dumps(yaml.safe_load(TEMPLATE)), encoding="utf-8")
    assert load_position(path).state == parse_position(TEMPLATE).state


def essence(state: CheopsState) -> tuple[object, ...]:
    """What a position file says of a state (the laws out of the game as one pool)."""
    return (
        state.cells,
        state.boards,
        state.hands,
        state.stacks,
        state.neighbours_left,
        state.money,
        state.stores,
        state.kept_laws,
        sorted(state.laws_in_force),
        [law for law in state.laws_in_force if law in (1, 2, 3)],
        state.market_price,
        sorted((*state.removed_laws, *state.spent_laws)),
        state.law9,
        state.lost,
        state.turn,
        state.phase,
    )


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6), players=st.integers(2, 5), taken=st.integers(0, 60))
def test_a_game_written_as_a_file_reads_back(seed: int, players: int, taken: int) -> None:
    state = random_position(COMPONENTS, players, seed, taken)
    if state.phase is Phase.OVER:
        return
    text = position_text(state)
    assert essence(parse_position(text).state) == essence(state)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**6))
def test_an_endgame_written_as_a_file_solves_the_same(seed: int) -> None:
    try:
        state = random_endgame(COMPONENTS, 2 + seed % 2, seed, 1 + seed % 3)
    except EndgameError:
        return
    loaded = parse_position(position_text(state))
    from silverpyr.solver.cheops.endgame import solve_endgame

    a = solve_endgame(state, time_limit=30).to_dict()
    b = solve_position(loaded, time_limit=30).to_dict()
    assert a | {"seconds": 0, "nodes": 0} == b | {"seconds": 0, "nodes": 0}


def test_unknown_tiles_are_filled_from_what_is_left() -> None:
    """``?`` in a stack stands for the family tiles no one else holds (16 of each)."""
    data = yaml.safe_load(TEMPLATE)
    data["hands"] = ["A B", "A"]  # 3 tiles back: 1 A, 1 B and 1 C are unaccounted
    data["stacks"] = ["C ?2", "", ""]
    state = parse_position(yaml.safe_dump(data)).state
    assert state.stacks[0][0] == "C" and sorted(state.stacks[0][1:]) == ["A", "B"]
    assert state_problems(state) == ()


def bad(change: dict[str, object], drop: tuple[str, ...] = ()) -> str:
    """The one-line error of the template changed by ``change`` (and without ``drop``)."""
    return one_line_error(TEMPLATE, parse_position, PositionFileError, change, drop)


def boards_with(colour: str, **entry: object) -> dict[str, object]:
    boards: dict[str, dict[str, object]] = yaml.safe_load(TEMPLATE)["boards"]
    boards[colour] = {**boards[colour], **entry}
    return dict(boards)


def pyramid_with(row: str, text: str) -> dict[str, object]:
    rows: dict[str, object] = yaml.safe_load(TEMPLATE)["pyramid"]
    rows[row] = text
    return rows


@pytest.mark.parametrize(
    ("change", "where"),
    [
        ({"players": 6}, "players: 6 is not a whole number from 2 to 5"),
        ({"turn": 2}, "turn: 2 is not a whole number from 0 to 1"),
        ({"colour": "red"}, "colour: unknown field"),
        ({"pyramid": pyramid_with("j", "K R W")}, "pyramid.j: row j has 2 spaces, not 3"),
        ({"pyramid": pyramid_with("j", "K X")}, "pyramid.j: 'X' at j2 is not a colour letter"),
        ({"pyramid": pyramid_with("j", "K 13")}, "pyramid.j: '13' at j2 is not"),
        ({"pyramid": ["W"]}, "pyramid: expected a mapping of rows"),
        ({"boards": boards_with("red", board="IV-1")}, "boards.red.board: no price board"),
        ({"boards": boards_with("red", board="I-4")}, "boards.red.board: the board I-4 is also"),
        ({"boards": boards_with("red", covered=9)}, "boards.red.covered: 9 is not a whole number"),
        ({"boards": boards_with("red", law=7)}, "boards.red.law: 7 is not a whole number from 4"),
        ({"boards": boards_with("red", law7=1)}, "boards.red.law7: law 7 on entry 1, but"),
        ({"hands": ["A B C D A", "A"]}, "hands[0]: a hand holds at most 4 tiles, not 5"),
        ({"hands": ["A B"]}, "hands: expected one entry per seat (2), not 1"),
        ({"hands": ["A X", "A"]}, "hands[0]: 'X' is not a family tile"),
        ({"stacks": ["A", ""]}, "stacks: expected 3 to 3 entries, not 2"),
        ({"stacks": ["? A", "", ""]}, "stacks[0]: a stack's top is face up"),
        (
            {"hands": ["A B", "A"], "stacks": ["C ?3", "", ""]},
            "stacks: the stacks hold 3 unknown tiles (?), but 2",
        ),
        ({"stacks": ["A", "", ""]}, "stacks: more than 16 A tiles"),
        ({"money": [30, -1]}, "money[1]: -1 is not a whole number"),
        ({"stores": [{"blue": 11}, {}]}, "12 blue treasures"),
        ({"stores": [{"purple": 1}, {}]}, "stores[0].purple: unknown field"),
        ({"kept": [[9], []]}, "kept[0][0]: 9 is not a whole number from 10 to 12"),
        ({"kept": [[10], [10]]}, "law 10 is named in more than one place"),
        ({"laws": [3, 3]}, "law 3 is named in more than one place"),
        ({"laws": [5]}, "laws[0]: 5 is not a whole number from 1 to 3"),
        ({"law9": 2}, "law9: 2 is not a whole number from 0 to 1"),
        # the engine's own reasons (state_problems)
        ({"pyramid": pyramid_with("a", "D B A C C B A D A C B")}, "no game reaches this"),
        (
            {"pyramid": {**pyramid_with("b", "A D B D N D B C D W"), "k": "N"}},
            "no game reaches this",
        ),
    ],
)
def test_bad_input_is_one_located_line(change: dict[str, object], where: str) -> None:
    assert where in bad(change)


@pytest.mark.parametrize("key", ["players", "pyramid", "hands"])
def test_required_keys(key: str) -> None:
    assert f"{key}: missing" in bad({}, drop=(key,))


def test_a_file_that_is_not_yaml_or_not_there(tmp_path: Path) -> None:
    with pytest.raises(PositionFileError, match="no such file"):
        load_position(tmp_path / "missing.yaml")
    broken = tmp_path / "broken.yaml"
    broken.write_text("players: [2\n", encoding="utf-8")
    with pytest.raises(ReadError):
        load_position(broken)


def test_a_position_with_a_hidden_law_reads_but_is_no_endgame() -> None:
    data = yaml.safe_load(TEMPLATE)
    state = random_position(COMPONENTS, 2, 5, 10)
    loaded = parse_position(position_text(state))
    assert any(isinstance(cell, int) for cell in loaded.state.cells)
    with pytest.raises(EndgameError, match="hidden law"):
        solve_position(loaded, time_limit=1)
    assert data["players"] == 2
