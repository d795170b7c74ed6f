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

from ..solver.cards import Deck, UnknownNameError
from ..solver.cells import CellMask, parse_cell
from ..solver.position import CardState
from ..solver.problem import Objective, ProblemError
from ..solver.sheet import GEM_CAP, ROUNDS, SKULL_CAP, TURNS_PER_ROUND
from .ids import parse_puzzle_id
from .puzzle import MAX_DIFFICULTY, MIN_DIFFICULTY, Puzzle, PuzzleError, StartState

FILE_FORMAT = 1
MAX_CARDS = 2
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


class _Fields:
    """Typed access to a mapping read from a file, with errors naming the source and field."""

    def __init__(self, data: Any, source: str) -> None:
        if not isinstance(data, dict):
            raise PuzzleError(
                f"{source}: a puzzle is a mapping of fields (cards, expeditions, ...)"
            )
        self.data = data
        self.source = source

    def fail(self, field: str, message: str) -> PuzzleError:
        return PuzzleError(f"{self.source}: {field}: {message}")

    def integer(self, field: str, low: int, high: int, default: int | None = None) -> int:
        value = self.data.get(field, default)
        if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
            raise self.fail(field, f"{value!r} is not a whole number from {low} to {high}")
        return value

    def optional_integer(self, field: str, low: int, high: int) -> int | None:
        if self.data.get(field) is None:
            return None
        return self.integer(field, low, high)


# --- reading ----------------------------------------------------------------------------


def _read_start(raw: Any, deck: Deck, cards: tuple[int, ...], source: str) -> StartState:
    if raw is None:
        return StartState()
    fields = _Fields(raw, f"{source}: start")
    unknown = set(fields.data) - _START_KEYS
    if unknown:
        raise fields.fail(
            ", ".join(sorted(map(str, unknown))),
            f"unknown field (known: {', '.join(sorted(_START_KEYS))})",
        )
    marked_raw = fields.data.get("marked") or {}
    if not isinstance(marked_raw, dict):
        raise fields.fail("marked", "write card number: [cells], e.g. {17: [B1, B2]}")
    marked: list[tuple[int, CellMask]] = []
    for key, cells_raw in marked_raw.items():
        number = int(key) if isinstance(key, int | str) and str(key).isdigit() else None
        if number is None or number not in cards:
            raise fields.fail("marked", f"{key!r} is not one of the puzzle's cards {list(cards)}")
        mask = _read_cells(cells_raw, fields, f"marked {number}")
        if mask:
            _check_marks(deck, number, mask, fields)
            marked.append((number, mask))
    torches = fields.data.get("torches", [False] * ROUNDS)
    if (
        not isinstance(torches, list)
        or len(torches) != ROUNDS
        or not all(isinstance(t, bool) for t in torches)
    ):
        raise fields.fail("torches", f"write {ROUNDS} true/false values, one per round")
    return StartState(
        marked=tuple(sorted(marked)),
        red=fields.integer("red", 0, GEM_CAP, 0),
        green=fields.integer("green", 0, GEM_CAP, 0),
        skulls=fields.integer("skulls", 0, SKULL_CAP, 0),
        torches=tuple(torches),
    )


def _read_cells(raw: Any, fields: _Fields, field: str) -> CellMask:
    tokens = raw.split() if isinstance(raw, str) else raw
    if not isinstance(tokens, list) or not all(isinstance(t, str) for t in tokens):
        raise fields.fail(field, "write a list of cells, e.g. [B1, B2]")
    mask = 0
    for token in tokens:
        try:
            mask |= 1 << parse_cell(token)
        except ValueError as error:
            raise fields.fail(field, str(error)) from None
    return mask


def _check_marks(deck: Deck, number: int, mask: CellMask, fields: _Fields) -> None:
    """Marks a game could have made (the engine's start-state rule)."""
    problem = CardState(deck.card(number), mask).why_unreachable()
    if problem:
        raise fields.fail(f"marked {number}", f"card {number}: {problem}")


def read_definition(data: Any, deck: Deck, source: str) -> Puzzle:
    """The puzzle a file or cache entry describes, with the par and rating it states.

    Checks the structure and the cards against ``deck``; proves nothing (see
    :func:`~.catalog.load_puzzle_file`).
    """
    fields = _Fields(data, source)
    unknown = set(fields.data) - _KEYS
    if unknown:
        raise fields.fail(
            ", ".join(sorted(map(str, unknown))),
            f"unknown field (known: {', '.join(sorted(_KEYS))})",
        )
    if fields.data.get("format", FILE_FORMAT) != FILE_FORMAT:
        raise fields.fail(
            "format",
            f"{fields.data.get('format')!r} is not supported "
            f"(this silverpyr reads format {FILE_FORMAT})",
        )
    cards_raw = fields.data.get("cards")
    if (
        not isinstance(cards_raw, list)
        or not 1 <= len(cards_raw) <= MAX_CARDS
        or not all(isinstance(n, int) and not isinstance(n, bool) for n in cards_raw)
        or len(set(cards_raw)) != len(cards_raw)
    ):
        raise fields.fail("cards", f"write 1 or {MAX_CARDS} different card numbers, e.g. [17]")
    try:
        for number in cards_raw:
            deck.card(number)
    except UnknownNameError as error:
        raise fields.fail("cards", str(error)) from None
    cards = tuple(sorted(cards_raw))
    names_raw = fields.data.get("expeditions")
    if (
        not isinstance(names_raw, list)
        or not names_raw
        or not all(isinstance(n, str) for n in names_raw)
    ):
        raise fields.fail("expeditions", "write the expedition cards in order, e.g. [I3, L3, O4]")
    try:
        names = tuple(deck.expedition(name).name for name in names_raw)
    except UnknownNameError as error:
        raise fields.fail("expeditions", str(error)) from None
    try:
        objective = Objective(str(fields.data.get("objective")))
    except ValueError:
        raise fields.fail(
            "objective", f"{fields.data.get('objective')!r} is not points or sprint"
        ) from None
    if objective is Objective.SPRINT and len(cards) != 1:
        raise fields.fail("objective", "a sprint puzzle has exactly one card")
    puzzle_id = fields.data.get("id")
    if puzzle_id is not None and not isinstance(puzzle_id, str | int):
        raise fields.fail("id", f"{puzzle_id!r} is not a puzzle id")
    solution = fields.data.get("solution") or []
    if not isinstance(solution, list) or not all(isinstance(m, str) for m in solution):
        raise fields.fail("solution", "write one move in notation per turn")
    puzzle = Puzzle(
        id=str(puzzle_id) if puzzle_id is not None else "",
        cards=cards,
        round=fields.integer("round", 1, ROUNDS, 1),
        turn_in_round=fields.integer("turn_in_round", 1, TURNS_PER_ROUND, 1),
        expeditions=names,
        objective=objective,
        start=_read_start(fields.data.get("start"), deck, cards, source),
        par=fields.optional_integer("par", -1000, 1000) or 0,
        par_turns=fields.optional_integer("par_turns", 1, ROUNDS * TURNS_PER_ROUND),
        difficulty=fields.integer("difficulty", MIN_DIFFICULTY, MAX_DIFFICULTY, MIN_DIFFICULTY),
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
    if not puzzle.id or "par" not in data or len(puzzle.solution) != puzzle.turns:
        raise PuzzleError(f"{source}: the entry lacks its id, par or solution")
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
    import yaml

    source = str(path)
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except yaml.YAMLError as error:
        raise PuzzleError(f"{source}: not YAML or JSON: {error}") from None
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
    """Write ``puzzle`` to ``path`` (JSON for a ``.json`` suffix, YAML otherwise)."""
    data = file_data(puzzle)
    if path.suffix.lower() == ".json":
        text = json.dumps(data, indent=2) + "\n"
    else:
        import yaml

        text = yaml.safe_dump(data, sort_keys=False, default_flow_style=None)
    path.write_text(text, encoding="utf-8")
