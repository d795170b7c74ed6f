"""Puzzle files: save a puzzle, share it, load it back (YAML, or JSON by the ``.json`` suffix).

A file holds the puzzle's definition; par and difficulty are written for reference::

    format: 1
    id: '123'
    cards: [17]
    round: 1
    turn_in_round: 1
    expeditions: [I3, L3, O4, T4, I2]
    objective: points
    start: {marked: {}, red: 0, green: 0, skulls: 0, torches: [false, false, false, false]}
    par: 21
    difficulty: 3

Reading a file proves nothing: :func:`~.catalog.load_puzzle_file` proves the par again (a
``par`` that disagrees is an error), rates the puzzle and settles its id. A file needs
``cards``, ``expeditions`` and ``objective``; ``round`` and ``turn_in_round`` default to 1
and ``start`` to nothing marked.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...solver.core.reader import (
    Field,
    Problems,
    ReadError,
    describe,
    is_whole,
    parse_whole,
    read_data_file,
)
from ...solver.silvergold.cards import Deck, UnknownNameError
from ...solver.silvergold.cells import CellMask, parse_cell
from ...solver.silvergold.limits import MAX_CARDS_IN_PLAY, hand_problem, round_count_problem
from ...solver.silvergold.position import CardState
from ...solver.silvergold.problem import Objective, ProblemError
from ...solver.silvergold.sheet import GEM_CAP, ROUNDS, SKULL_CAP, TURNS_PER_ROUND
from ..core.records_file import save_text
from .ids import parse_puzzle_id
from .kinds import PuzzleError
from .puzzle import MAX_DIFFICULTY, MIN_DIFFICULTY, Puzzle, StartState

FILE_FORMAT = 1
_KEYS = frozenset(
    {
        "format",
        "id",
        "kind",
        "cards",
        "round",
        "turn_in_round",
        "expeditions",
        "objective",
        "start",
        "par",
        "par_turns",
        "difficulty",
        "solution",
    }
)
_START_KEYS = frozenset({"marked", "red", "green", "skulls", "torches"})
_NONE: Any = object()
"""No item of the wrong type found (``None`` is one: YAML's null)."""


class PuzzleFileError(ReadError, PuzzleError):
    """A puzzle file or cache entry that cannot be read; ``problems`` lists every problem."""


# --- reading ----------------------------------------------------------------------------


def _read_start(field: Field, deck: Deck, cards: tuple[int, ...] | None) -> StartState | None:
    if field.missing:
        return StartState()
    if not field.mapping(_START_KEYS):
        return None
    problems = len(field.problems)
    marked_field = field.at("marked")
    marked_raw = marked_field.value if not marked_field.missing else {}
    marked: list[tuple[int, CellMask]] = []
    if not isinstance(marked_raw, dict):
        marked_field.fail(
            f"write card number: [cells], e.g. {{17: [B1, B2]}}, not {describe(marked_raw)}"
        )
    else:
        for key, cells_raw in marked_raw.items():
            number = _card_key(key)
            if number is None or (cards is not None and number not in cards):
                shown = list(cards) if cards is not None else "in 'cards'"
                marked_field.fail(f"{key!r} is not one of the puzzle's cards {shown}")
                continue
            if cards is None:
                continue
            cells = Field(cells_raw, f"{marked_field.where}.{number}", field.problems)
            mask = _read_cells(cells)
            if mask:
                _check_marks(deck, number, mask, cells)
                marked.append((number, mask))
    torches_field = field.at("torches")
    torches = torches_field.value if not torches_field.missing else [False] * ROUNDS
    what = f"write {ROUNDS} true/false values, one per round"
    if not isinstance(torches, list):
        torches_field.fail(f"{what}, not {describe(torches)}")
    elif len(torches) != ROUNDS:
        torches_field.fail(f"{what}, not {len(torches)}")
    elif any(not isinstance(t, bool) for t in torches):
        wrong = next(t for t in torches if not isinstance(t, bool))
        torches_field.fail(f"{what}: each is true or false, not {describe(wrong)}")
    red = field.at("red").integer(0, GEM_CAP, 0)
    green = field.at("green").integer(0, GEM_CAP, 0)
    skulls = field.at("skulls").integer(0, SKULL_CAP, 0)
    if len(field.problems) > problems or red is None or green is None or skulls is None:
        return None
    return StartState(
        marked=tuple(sorted(marked)),
        red=red,
        green=green,
        skulls=skulls,
        torches=tuple(torches),
    )


def _card_key(key: Any) -> int | None:
    """A card number written as a mapping key (``17`` or ``'17'``), else ``None``."""
    if is_whole(key):
        return key
    return parse_whole(key) if isinstance(key, str) else None


def _read_cells(field: Field) -> CellMask:
    raw = field.value
    tokens = raw.split() if isinstance(raw, str) else raw
    if not isinstance(tokens, list):
        field.fail(f"write a list of cells, e.g. [B1, B2], not {describe(raw)}")
        return 0
    wrong = next((t for t in tokens if not isinstance(t, str)), _NONE)
    if wrong is not _NONE:
        field.fail(f"write a list of cells, e.g. [B1, B2]: a cell is text, not {describe(wrong)}")
        return 0
    mask = 0
    for token in tokens:
        try:
            mask |= 1 << parse_cell(token)
        except ValueError as error:
            field.fail(str(error))
            return 0
    return mask


def _check_marks(deck: Deck, number: int, mask: CellMask, field: Field) -> None:
    """Marks a game could have made (the engine's start-state rule)."""
    problem = CardState(deck.card(number), mask).why_unreachable()
    if problem:
        field.fail(f"card {number}: {problem}")


def _read_cards(field: Field, deck: Deck) -> tuple[int, ...] | None:
    raw = field.value
    what = f"write 1 or {MAX_CARDS_IN_PLAY} different card numbers, e.g. [17]"
    if not isinstance(raw, list):
        field.fail(f"{what}, not {describe(raw)}" if field.present else f"missing: {what}")
        return None
    wrong = next((n for n in raw if not is_whole(n)), _NONE)
    if wrong is not _NONE:
        field.fail(f"{what}: a card number is a whole number, not {describe(wrong)}")
        return None
    hand = hand_problem(raw)
    if hand:
        field.fail(hand)
        return None
    try:
        for number in raw:
            deck.card(number)
    except UnknownNameError as error:
        field.fail(str(error))
        return None
    return tuple(sorted(raw))


def _read_expeditions(field: Field, deck: Deck) -> tuple[str, ...] | None:
    raw = field.value
    what = "write the expedition cards in order, e.g. [I3, L3, O4]"
    if not isinstance(raw, list) or not raw:
        field.fail(f"{what}, not {describe(raw)}" if field.present else f"missing: {what}")
        return None
    wrong = next((n for n in raw if not isinstance(n, str)), _NONE)
    if wrong is not _NONE:
        field.fail(f"{what}: a card's name is text, not {describe(wrong)}")
        return None
    try:
        return tuple(deck.expedition(name).name for name in raw)
    except UnknownNameError as error:
        field.fail(str(error))
        return None


def read_definition(data: Any, deck: Deck, source: str) -> Puzzle:
    """The puzzle a file or cache entry describes, with the par and rating it states.

    Checks the structure and the cards against ``deck`` and reports every problem at once
    (:class:`PuzzleFileError`); proves nothing (see :func:`~.catalog.load_puzzle_file`).
    """
    problems = Problems(source)
    top = Field.root(data, problems)
    if not top.mapping(_KEYS, expected="a mapping of fields (cards, expeditions, ...)"):
        problems.raise_if_any(PuzzleFileError)
    version = top.at("format")
    if version.present and version.value != FILE_FORMAT:
        version.fail(
            f"{describe(version.value)} is not supported (this silverpyr reads format "
            f"{FILE_FORMAT})"
        )
    cards = _read_cards(top.at("cards"), deck)
    names = _read_expeditions(top.at("expeditions"), deck)
    objective_field = top.at("objective")
    objective: Objective | None = None
    try:
        objective = Objective(str(objective_field.value if objective_field.present else None))
    except ValueError:
        if objective_field.present:
            objective_field.fail(
                f"expected points or sprint, not {describe(objective_field.value)}"
            )
        else:
            objective_field.fail("missing: expected points or sprint")
    if objective is Objective.SPRINT and cards is not None and len(cards) != 1:
        objective_field.fail("a sprint puzzle has exactly one card")
    id_field = top.at("id")
    puzzle_id = id_field.value if not id_field.missing else None
    if puzzle_id is not None and not isinstance(puzzle_id, str | int):
        id_field.fail(f"expected a puzzle id (text), not {describe(puzzle_id)}")
    solution_field = top.at("solution")
    solution = solution_field.value if not solution_field.missing else []
    if not isinstance(solution, list) or not all(isinstance(m, str) for m in solution):
        wrong = (
            solution
            if not isinstance(solution, list)
            else next(m for m in solution if not isinstance(m, str))
        )
        solution_field.fail(f"write one move in notation per turn, not {describe(wrong)}")
    round_number = top.at("round").integer(1, ROUNDS, 1)
    turn_in_round = top.at("turn_in_round").integer(1, TURNS_PER_ROUND, 1)
    start = _read_start(top.at("start"), deck, cards)
    if names is not None and round_number is not None and turn_in_round is not None:
        order = tuple(deck.expedition(name) for name in names)
        counts = round_count_problem(order, round_number, turn_in_round)
        if counts:
            top.at("expeditions").fail(counts)
    par_field, par_turns_field = top.at("par"), top.at("par_turns")
    par = None if par_field.missing else par_field.integer(-1000, 1000)
    par_turns = (
        None if par_turns_field.missing else par_turns_field.integer(1, ROUNDS * TURNS_PER_ROUND)
    )
    difficulty = top.at("difficulty").integer(MIN_DIFFICULTY, MAX_DIFFICULTY, MIN_DIFFICULTY)
    problems.raise_if_any(PuzzleFileError)
    assert cards is not None and names is not None and objective is not None
    assert round_number is not None and turn_in_round is not None and start is not None
    assert difficulty is not None
    puzzle = Puzzle(
        id=str(puzzle_id) if puzzle_id is not None else "",
        cards=cards,
        round=round_number,
        turn_in_round=turn_in_round,
        expeditions=names,
        objective=objective,
        start=start,
        par=par or 0,
        par_turns=par_turns,
        difficulty=difficulty,
        solution=tuple(solution),
    )
    try:
        puzzle.instance(deck)
    except ProblemError as error:
        raise PuzzleError(f"{source}: {error}") from None
    return puzzle


def puzzle_from_data(data: Any, deck: Deck, *, source: str) -> Puzzle:
    """A puzzle stored with its proven par (the cache): read and checked, not re-proven."""
    puzzle = read_definition(data, deck, source)
    lacks = [key for key, value in (("id", puzzle.id), ("par", data.get("par"))) if not value]
    if lacks:  # par 0 is a par: only an absent or null one is lacking
        lacks = [key for key in lacks if key == "id" or data.get(key) is None]
    if lacks:
        raise PuzzleError(f"{source}: {lacks[0]}: missing: a stored puzzle states its {lacks[0]}")
    if len(puzzle.solution) != puzzle.turns:
        raise PuzzleError(
            f"{source}: solution: {len(puzzle.solution)} moves for the puzzle's "
            f"{puzzle.turns} turns"
        )
    parse_puzzle_id(puzzle.id)
    if puzzle.solution_line(deck).score().total != puzzle.par:
        raise PuzzleError(f"{source}: the stored solution does not score the stored par")
    return puzzle


@dataclass(frozen=True)
class StatedPuzzle:
    """A puzzle file as written: its definition, and the par it states (if any)."""

    puzzle: Puzzle
    """The definition, with the file's id, par and difficulty as stated (nothing proven)."""
    par: int | None
    """The file's ``par``, or ``None`` when it states none."""


def read_puzzle_file(deck: Deck, path: Path) -> StatedPuzzle:
    """Read and check a puzzle file (YAML, or JSON); proves nothing (see the catalog)."""
    source = str(path)
    try:
        # YAML for both suffixes: JSON is YAML, and files were always read so.
        data = read_data_file(path, source=source, as_json=False)
    except ReadError as error:
        raise PuzzleFileError(error.problems) from None
    stated = read_definition(data, deck, source)
    par = stated.par if isinstance(data, dict) and data.get("par") is not None else None
    return StatedPuzzle(stated, par)


# --- writing ----------------------------------------------------------------------------


def file_data(puzzle: Puzzle) -> dict[str, Any]:
    """What a puzzle file holds (no solution: files are for sharing)."""
    data = {"format": FILE_FORMAT, **puzzle.to_dict()}
    data.pop("kind")
    if data["par_turns"] is None:
        data.pop("par_turns")
    return data


def save_puzzle_file(puzzle: Puzzle, path: Path) -> None:
    """Write ``puzzle`` to ``path`` (JSON for a ``.json`` suffix, YAML otherwise), atomically
    and only over a regular file or a new name (a FIFO, a device or a folder is refused,
    :func:`~..records_file.save_text`)."""
    data = file_data(puzzle)
    if path.suffix.lower() == ".json":
        text = json.dumps(data, indent=2) + "\n"
    else:
        import yaml

        text = yaml.safe_dump(data, sort_keys=False, default_flow_style=None)
    save_text(path, text, what="the puzzle")
