"""Cheops puzzles: one turn (or one decision) to play from a position of a seeded game.

docs/cheops-puzzles.md tells the kinds, how par is proven and how the mid-game kinds are
valued, and the generation. Four kinds:

* **Endgame puzzles, proven** (:data:`ENDGAME_KINDS`: ``win-from-here``, ``best-margin``):
  par, and the value of every move you may make, come from the exact search
  :func:`~silverpyr.solver.cheops.endgame.solve_endgame`; a candidate is only kept when its
  game tree holds at most :data:`~.values.MAX_TREE` positions (:func:`~.values.tree_size`, a
  count, not a clock: Ruling T1).
* **Mid-game puzzles, estimated** (:data:`MIDGAME_KINDS`: ``sell-or-store``,
  ``which-treasure``): each answer is valued by the expert's rollouts
  (:class:`~.values.RolloutValues`) with a standard error, **never proven**, and kept only
  when the best answer beats the runner-up (``sell-or-store``) or the greedy bot's answer
  (``which-treasure``) by more than twice the paired error and by at least :data:`MIN_GAP`
  piastres.

**Generation** is deterministic: the seed and the kind key a
:class:`~silverpyr.solver.core.rng.SeededStream`; each candidate is a game played through the
engine by a seeded builder up to a fitting turn start, and the position is rebuilt by the
engine's :func:`~silverpyr.solver.cheops.game.position` from its parts, so what the puzzle
file holds is the whole position.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction
from functools import partial
from typing import Any

from ...solver.cheops.bots import greedy_move
from ...solver.cheops.components import COLOURS, Components
from ...solver.cheops.endgame import hidden_laws
from ...solver.cheops.expert import Expert
from ...solver.cheops.game import (
    FAMILY,
    NEIGHBOUR,
    BoardState,
    CheopsState,
    Move,
    MoveSyntaxError,
    Phase,
    PositionError,
    Sell,
    Store,
    Take,
    apply,
    legal_moves,
    new_game,
    parse_move,
    position,
    why_illegal,
)
from ...solver.core.errors import SilverpyrError
from ...solver.core.rng import MAX_SEED, SeededStream
from ..core.puzzle_fields import PuzzleFields, PuzzleFormat, PuzzleHead
from ..core.puzzle_ids import puzzle_stream
from .values import (
    MARGIN,
    MAX_TREE,
    WIN,
    EndgameValues,
    RolloutValues,
    ValuesError,
    Worth,
    fast_expert,
    paired_error,
    tree_size,
)

FORMAT = "silverpyr-cheops-puzzle"
FORMAT_VERSION = 1
PUZZLE_FORMAT = PuzzleFormat(
    FORMAT,
    FORMAT_VERSION,
    "Cheops",
    "components",
    "the puzzle was made with other components (fingerprint {0}, these are {1})",
)
"""What a puzzle file is (the core's :class:`~.puzzle_fields.PuzzleFormat`)."""
PUZZLE_KEY = "silverpyr-cheops-puzzle-v1"
"""Prefix of every puzzle's seeded stream (no other game's keys)."""
ENDGAME_KINDS = ("win-from-here", "best-margin")
MIDGAME_KINDS = ("sell-or-store", "which-treasure")
KINDS = (*ENDGAME_KINDS, *MIDGAME_KINDS)
KIND_LABELS = {
    "win-from-here": "win from here",
    "best-margin": "best margin",
    "sell-or-store": "sell or store?",
    "which-treasure": "which treasure?",
}
OBJECTIVES = {
    "win-from-here": WIN,
    "best-margin": MARGIN,
    "sell-or-store": MARGIN,
    "which-treasure": MARGIN,
}
MAX_CANDIDATES = 150
"""Candidate games tried for one seed before generation gives up."""
MAX_LEFT = 9
"""An endgame puzzle's position holds at most this many treasures on the pyramid."""
MIN_TREE = 12
"""...and a game tree of at least this many positions (fewer is no puzzle)."""
MAX_TRIED = 4
"""Turn starts of one candidate game an endgame kind tries before the next game."""
MIN_GAP = Fraction(2)
"""A mid-game puzzle's best answer beats the one it is compared with by at least this many
piastres (and by more than twice the paired standard error)."""
MAX_WHICH = 3
"""Answers a ``which-treasure`` puzzle analyses when it is made (others on demand)."""
MAX_BUILD_MOVES = 3_000


class CheopsPuzzleError(SilverpyrError, ValueError):
    """A puzzle that cannot be made or read; the message names what and where."""


@dataclass(frozen=True)
class Analysis:
    """One analysed answer of a mid-game puzzle: its rollouts' mean margin and win share,
    with their standard errors, and the paired error of its difference from the best."""

    move: str
    worth: Worth
    gap_error: Fraction

    def to_dict(self) -> dict[str, Any]:
        w = self.worth
        return {
            "move": self.move,
            "margin": str(w.margin),
            "margin_error": str(w.margin_error),
            "win": str(w.win),
            "win_error": str(w.win_error),
            "gap_error": str(self.gap_error),
        }


@dataclass(frozen=True)
class CheopsPuzzle(PuzzleHead[CheopsState]):
    """One puzzle (the core's head; its ``state`` is at a turn's start, and ``given`` moves
    are then played), its par and its rating."""

    given: tuple[str, ...]
    """Moves already made in the puzzle's turn (``sell-or-store``: the take), in notation."""
    par: Fraction
    """The best value: win share (``win-from-here``) or margin in piastres."""
    best: str
    """The best first move (the exact search's, or the expert's best-rated answer)."""
    greedy: Fraction
    """The greedy bot's score on the same puzzle."""
    difficulty: str
    analysis: tuple[Analysis, ...] = ()
    """Mid-game kinds: the answers analysed by rollouts, best first."""
    rollout_key: str = ""
    """Mid-game kinds: the key of the rollouts' determinizations (an answer not analysed yet
    is played out on the same ones, so every comparison is paired)."""

    kind_labels = KIND_LABELS

    @property
    def proven(self) -> bool:
        """Whether par is the exact search's (the endgame kinds)."""
        return self.kind in ENDGAME_KINDS

    @property
    def objective(self) -> str:
        return OBJECTIVES[self.kind]

    @property
    def components(self) -> Components:
        return self.state.components

    @property
    def level(self) -> int:
        """Difficulty 1-5 (every game's scale, :func:`~...vocabulary.difficulty_level`): the
        greedy bot's share of par, as :attr:`difficulty` words it (a mid-game question's
        from its worst answer analysed, as its score counts)."""
        from ..core.vocabulary import difficulty_level

        floor = self.floor
        return difficulty_level(self.par - floor, self.greedy - floor)

    @property
    def floor(self) -> Fraction:
        """Where a score counts from: 0 for an endgame, a mid-game question's worst answer
        analysed (so a score is never negative)."""
        if self.kind in ENDGAME_KINDS:
            return Fraction(0)
        return min(a.worth.margin for a in self.analysis)

    @property
    def unit(self) -> str:
        """The unit scores are shown in: ``percent`` (a win chance) or ``piastres``."""
        return "percent" if self.objective == WIN else "piastres"

    def in_units(self, value: Fraction) -> Fraction:
        """A value of the puzzle's objective in :attr:`unit` (a win share times 100)."""
        return value * 100 if self.objective == WIN else value

    def shown_dict(self) -> dict[str, Any]:
        """What the player may see of the puzzle (``daily --json``; :mod:`...vocabulary`):
        no law under an eye, no stack below its top, no answer. Par in :attr:`unit` (as a
        score counts against it), exact as ``par_exact``."""
        from ...solver.cheops.board import SPACES
        from ...solver.cheops.game import price
        from ..core.vocabulary import puzzle_dict, tenths_number

        state = self.start()
        view = state.view(self.seat)
        par = self.in_units(self.par - self.floor)
        return puzzle_dict(
            puzzle_id=self.id,
            date=self.daily_date,
            kind=self.kind,
            difficulty=self.level,
            par=tenths_number(par),
            unit=self.unit,
            proven=self.proven,
            position={
                "seat": self.seat,
                "players": state.players,
                "given": list(self.given),
                "phase": state.phase.value,
                "pyramid": {str(SPACES[i]): cell_text(cell) for i, cell in enumerate(view.cells)},
                "boards": {
                    colour: {
                        "board": board.board.name,
                        "covered": board.covered,
                        "entries": [e.label for e in board.board.entries],
                        "price": price(state, colour).label,
                        "law": board.law,
                        "law7_entry": None if board.law7 is None else board.law7 + 1,
                        "full": board.full,
                    }
                    for colour, board in zip(COLOURS, state.boards, strict=True)
                },
                "market_price": state.market_price,
                "money": list(state.money),
                "stores": [dict(zip(COLOURS, row, strict=True)) for row in state.stores],
                "hands": ["".join(hand) for hand in state.hands],
                "stack_tops": list(view.stack_tops),
                "stack_sizes": list(view.stack_sizes),
                "neighbours_left": state.neighbours_left,
                "kept_laws": [list(k) for k in state.kept_laws],
                "laws_in_force": list(state.laws_in_force),
                "unseen_laws": len(view.unseen_laws),
            },
            par_exact=str(par),
        )

    def start(self) -> CheopsState:
        """The position the player decides at (the given moves played)."""
        return play_given(self.state, self.given)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (the same bytes on every machine for a seed or a date)."""
        data = {
            **self.head_dict(FORMAT, FORMAT_VERSION),
            "components": self.components.fingerprint,
            **position_dict(self.state),
            "given": list(self.given),
            "par": str(self.par),
            "best": self.best,
            "greedy": str(self.greedy),
            "difficulty": self.difficulty,
            "proven": self.proven,
        }
        if self.analysis:
            data["analysis"] = [a.to_dict() for a in self.analysis]
            data["rollout_key"] = self.rollout_key
        return data

    @classmethod
    def from_dict(
        cls, data: Mapping[str, Any], components: Components, *, where: str = "puzzle"
    ) -> CheopsPuzzle:
        """A puzzle from :meth:`to_dict`'s form; :class:`CheopsPuzzleError` names the key at
        fault. The position is rebuilt and checked by the engine, the given moves replayed
        through it; an endgame's par is proven again (a file whose par is not the
        position's is refused); a mid-game puzzle's analysis is read as written."""
        reader = _Fields(data, where)
        reader.check_head(PUZZLE_FORMAT, components.fingerprint)
        kind = reader.one_of("kind", KINDS)
        state = read_position(reader, components)
        given = tuple(reader.texts("given"))
        try:
            play_given(state, given)
        except CheopsPuzzleError as error:
            raise CheopsPuzzleError(f"{where}: given: {error}") from None
        seed = reader.seed()
        daily = reader.daily_date()
        par = reader.fraction("par")
        difficulty = reader.one_of("difficulty", DIFFICULTIES)
        analysis: tuple[Analysis, ...] = ()
        rollout_key = ""
        if kind in MIDGAME_KINDS:
            rollout_key = reader.text("rollout_key")
            analysis = tuple(_read_analysis(reader, state, given))
            if not analysis:
                raise CheopsPuzzleError(f"{where}: analysis: a mid-game puzzle needs its answers")
        puzzle = cls(
            id=reader.text("id"),
            kind=kind,
            seed=seed,
            daily_date=daily,
            state=state,
            given=given,
            par=par,
            best=reader.text("best"),
            greedy=reader.fraction("greedy"),
            difficulty=difficulty,
            analysis=analysis,
            rollout_key=rollout_key,
        )
        if kind in ENDGAME_KINDS:
            values = EndgameValues(state.turn, puzzle.objective)
            try:
                proven = values.value(state)
            except (ValuesError, SilverpyrError) as error:
                raise CheopsPuzzleError(f"{where}: the position: {error}") from None
            if proven != par:
                raise CheopsPuzzleError(
                    f"{where}: par: the file says {str(par)!r}, but the position's proven "
                    f"value is {proven}"
                )
        elif analysis[0].worth.margin != par:
            raise CheopsPuzzleError(
                f"{where}: par: the file says {str(par)!r}, but its best answer is worth "
                f"{analysis[0].worth.margin}"
            )
        return puzzle


def cell_text(cell: str | int | None) -> str:
    """A space for people: a treasure by its colour letter (``U`` blue ...), a face-down law
    ``?``, an emptied space by its tile in lower case (``a``-``d``, ``n`` a neighbour)."""
    from ...solver.cheops.game import COLOUR_LETTERS

    if cell is None or isinstance(cell, int):
        return "?"
    if cell in COLOURS:
        return COLOUR_LETTERS[COLOURS.index(cell)]
    return cell.lower()


DIFFICULTIES = ("easy", "medium", "hard")


def difficulty_of(par: Fraction, greedy: Fraction, objective: str) -> str:
    """``easy`` when the greedy bot comes within 80 % of par, ``medium`` within 55 %,
    ``hard`` below (win chances: the greedy bot's chance against par's)."""
    if par <= 0:
        return "easy"
    share = greedy / par
    if share >= Fraction(4, 5):
        return "easy"
    if share >= Fraction(11, 20):
        return "medium"
    return "hard"


# --- the position as data ----------------------------------------------------------------


def position_dict(state: CheopsState) -> dict[str, Any]:
    """A turn-start position as plain data (everything :func:`read_position` needs,
    hidden parts included: the puzzle file is the puzzle's, not a player's view)."""
    return {
        "players": state.players,
        "game_seed": state.seed,
        "turn": state.turn,
        "first": state.first,
        "cells": list(state.cells),
        "boards": [
            {
                "board": b.board.name,
                "covered": b.covered,
                "law": b.law,
                "law7": b.law7,
            }
            for b in state.boards
        ],
        "hands": ["".join(hand) for hand in state.hands],
        "stacks": ["".join(stack) for stack in state.stacks],
        "neighbours_left": state.neighbours_left,
        "money": list(state.money),
        "stores": [list(row) for row in state.stores],
        "kept_laws": [list(k) for k in state.kept_laws],
        "laws_in_force": list(state.laws_in_force),
        "removed_laws": list(state.removed_laws),
        "spent_laws": list(state.spent_laws),
        "law9": state.law9,
        "lost": list(state.lost),
    }


def read_position(reader: _Fields, components: Components) -> CheopsState:
    """The position of a puzzle mapping, checked by the engine's :func:`position`."""
    where = reader.where
    players = reader.whole("players")
    game_seed = reader.whole("game_seed")
    try:
        base = new_game(components, players, game_seed)
    except SilverpyrError as error:
        raise CheopsPuzzleError(f"{where}: players: {error}") from None
    cells_data = reader.get("cells")
    if not isinstance(cells_data, list):
        raise CheopsPuzzleError(f"{where}: cells: expected a list of 66 spaces")
    cells: list[str | int] = []
    for i, cell in enumerate(cells_data):
        if isinstance(cell, bool) or not isinstance(cell, str | int):
            raise CheopsPuzzleError(f"{where}: cells[{i}]: expected a tile, colour or law")
        cells.append(cell)
    by_name = {board.name: board for board in components.boards}
    boards_data = reader.get("boards")
    if not isinstance(boards_data, list) or len(boards_data) != len(COLOURS):
        raise CheopsPuzzleError(f"{where}: boards: expected {len(COLOURS)} boards")
    boards = []
    for i, item in enumerate(boards_data):
        sub = _Fields(item, f"{where}: boards[{i}]")
        name = sub.text("board")
        if name not in by_name:
            raise CheopsPuzzleError(f"{where}: boards[{i}].board: no board named {name!r}")
        boards.append(
            BoardState(
                by_name[name],
                sub.whole("covered"),
                sub.optional_whole("law"),
                sub.optional_whole("law7"),
            )
        )
    hands = tuple(tuple(text) for text in reader.texts("hands"))
    stacks = tuple(tuple(text) for text in reader.texts("stacks"))
    for name, rows in (("hands", hands), ("stacks", stacks)):
        for i, row in enumerate(rows):
            if any(kind not in FAMILY for kind in row):
                raise CheopsPuzzleError(f"{where}: {name}[{i}]: family tiles are A, B, C, D")
    stores_data = reader.get("stores")
    if not isinstance(stores_data, list):
        raise CheopsPuzzleError(f"{where}: stores: expected a list of lists of counts")
    stores = tuple(tuple(reader.wholes(f"stores[{i}]", row)) for i, row in enumerate(stores_data))
    kept_data = reader.get("kept_laws")
    if not isinstance(kept_data, list):
        raise CheopsPuzzleError(f"{where}: kept_laws: expected a list of lists of laws")
    kept = tuple(tuple(reader.wholes(f"kept_laws[{i}]", row)) for i, row in enumerate(kept_data))
    try:
        return position(
            base,
            cells=tuple(cells),
            boards=tuple(boards),
            hands=hands,
            stacks=stacks,
            neighbours_left=reader.whole("neighbours_left"),
            money=tuple(reader.wholes("money")),
            stores=stores,
            kept_laws=kept,
            laws_in_force=tuple(reader.wholes("laws_in_force")),
            removed_laws=tuple(reader.wholes("removed_laws")),
            spent_laws=tuple(reader.wholes("spent_laws")),
            law9=reader.optional_whole("law9"),
            lost=tuple(reader.wholes("lost")),
            turn=reader.whole("turn"),
            first=reader.whole("first"),
        )
    except PositionError as error:
        raise CheopsPuzzleError(f"{where}: the position: {error}") from None


def play_given(state: CheopsState, given: tuple[str, ...]) -> CheopsState:
    """``state`` with the given moves played through the engine."""
    for text in given:
        try:
            move = parse_move(state, text)
        except MoveSyntaxError as error:
            raise CheopsPuzzleError(f"{text!r}: {error}") from None
        reason = why_illegal(state, move)
        if reason is not None:
            raise CheopsPuzzleError(f"{text!r}: {reason}")
        state = apply(state, move)
    return state


def _read_analysis(reader: _Fields, state: CheopsState, given: tuple[str, ...]) -> list[Analysis]:
    where = reader.where
    items = reader.get("analysis")
    if not isinstance(items, list):
        raise CheopsPuzzleError(f"{where}: analysis: expected a list of answers")
    start = play_given(state, given)
    found = []
    for i, item in enumerate(items):
        sub = _Fields(item, f"{where}: analysis[{i}]")
        text = sub.text("move")
        try:
            move = parse_move(start, text)
        except MoveSyntaxError as error:
            raise CheopsPuzzleError(f"{sub.where}.move: {error}") from None
        if why_illegal(start, move) is not None:
            raise CheopsPuzzleError(f"{sub.where}.move: {text!r} is not legal in the position")
        found.append(
            Analysis(
                text,
                Worth(
                    sub.fraction("margin"),
                    sub.fraction("win"),
                    sub.fraction("margin_error"),
                    sub.fraction("win_error"),
                ),
                sub.fraction("gap_error"),
            )
        )
    return found


class _Fields(PuzzleFields):
    """Strict reads of a puzzle mapping's keys, each error naming the key (the core's
    :class:`~silverpyr.puzzles.core.puzzle_fields.PuzzleFields`)."""

    error = CheopsPuzzleError


# --- building ------------------------------------------------------------------------------


def normalised(state: CheopsState) -> CheopsState:
    """A played game's turn start rebuilt from its parts by the engine (no history), as
    :meth:`CheopsPuzzle.from_dict` will rebuild it."""
    return read_position(_Fields(position_dict(state), "position"), state.components)


def items_left(state: CheopsState) -> int:
    """Treasures and laws still on the pyramid."""
    return sum(1 for cell in state.cells if cell not in (*FAMILY, NEIGHBOUR))


def _at_turn_start(state: CheopsState) -> bool:
    return (
        state.phase is Phase.START
        and not state.placed
        and not state.bought
        and not state.took
        and not state.law11_used
        and not state.acted
    )


def _builder_move(
    state: CheopsState, stream: SeededStream, expert: Expert, eyes_first: bool
) -> Move:
    """The seeded builder: eyes early (endgame kinds), stores often (so boards fill slowly
    and the game lasts), the expert three times in four, else a random legal move."""
    moves = legal_moves(state)
    eyes = set(state.components.eyes)
    if eyes_first and state.phase in (Phase.START, Phase.SECOND):
        eye = [m for m in moves if isinstance(m, Take) and m.space in eyes]
        if eye and stream.chance(4, 5):
            return stream.choice(eye)
    if state.phase is Phase.SELL and Store() in moves and Sell() in moves and stream.chance(1, 2):
        return Store()
    if stream.chance(3, 4):
        return expert.decide(state, state.turn)
    return stream.choice(moves)


def greedy_score(start: CheopsState, values: EndgameValues) -> Fraction:
    """The greedy bot's luck-free score on an endgame puzzle: par less the loss of each of
    its decisions in the seat's turn."""
    state = start
    score = values.value(state)
    while not values.turn_over(state):
        move = greedy_move(state, state.turn)
        score -= values.value(state) - values.q(state, move)
        state = apply(state, move)
    return score


Made = Callable[..., CheopsPuzzle]
"""A generated puzzle of the seed and kind asked for, from what its candidate found."""


def _endgame_candidate(
    stream: SeededStream, kind: str, components: Components, made: Made
) -> CheopsPuzzle | None:
    players = 2 if kind == "win-from-here" else stream.between(2, 3)
    state = new_game(components, players, stream.below(MAX_SEED))
    moves = stream.child("moves")
    expert = fast_expert()
    objective = OBJECTIVES[kind]
    tried = 0
    for _ in range(MAX_BUILD_MOVES):
        if state.over:
            return None
        if _at_turn_start(state) and items_left(state) <= MAX_LEFT and not hidden_laws(state):
            size = tree_size(state)
            if size is not None and size >= MIN_TREE:
                tried += 1
                if tried > MAX_TRIED:
                    return None
                start = normalised(state)
                values = EndgameValues(start.turn, objective)
                par = values.value(start)
                options = {worth.of(objective) for _, worth in values.options(start)}
                # a position lost, or decided whatever you do, asks no question; only
                # then is the greedy turn played out (it needs searches of its own)
                if par > 0 and len(options) > 1:
                    best = values.best_move(start)
                    greedy = greedy_score(start, values)
                    if best is not None and (greedy < par or kind == "win-from-here"):
                        return made(
                            state=start,
                            given=(),
                            par=par,
                            best=best.notation(),
                            greedy=greedy,
                            difficulty=difficulty_of(par, greedy, objective),
                        )
            if size is not None and size < MIN_TREE:
                return None  # smaller positions only get smaller
        state = apply(state, _builder_move(state, moves, expert, eyes_first=True))
    return None


def _midgame_start(stream: SeededStream, components: Components) -> CheopsState | None:
    players = stream.between(2, 4)
    state = new_game(components, players, stream.below(MAX_SEED))
    moves = stream.child("moves")
    expert = fast_expert()
    target = stream.between(20, 40)
    for _ in range(MAX_BUILD_MOVES):
        if state.over:
            return None
        if _at_turn_start(state) and 66 - items_left(state) >= target:
            return normalised(state)
        state = apply(state, _builder_move(state, moves, expert, eyes_first=False))
    return None


def _analyse(
    start: CheopsState, moves: list[Move], key: str, values: RolloutValues | None = None
) -> tuple[list[Analysis], RolloutValues]:
    """Each answer's rollouts, best first (ties: the order given), with the paired error of
    its gap to the best."""
    values = RolloutValues(start.turn, key) if values is None else values
    runs = [(move, values.rollouts(start, move)) for move in moves]
    order = sorted(range(len(runs)), key=lambda i: (-runs[i][1].worth().margin, i))
    best = runs[order[0]][1]
    found = [
        Analysis(runs[i][0].notation(), runs[i][1].worth(), paired_error(best, runs[i][1]))
        for i in order
    ]
    return found, values


def _clear(gap: Fraction, error: Fraction) -> bool:
    return gap >= MIN_GAP and gap > 2 * error


def _midgame_candidate(
    stream: SeededStream, kind: str, components: Components, made: Made
) -> CheopsPuzzle | None:
    start = _midgame_start(stream, components)
    if start is None:
        return None
    expert = fast_expert()
    key = stream.key
    if kind == "sell-or-store":
        take = expert.decide(start, start.turn)
        if not isinstance(take, Take) or not isinstance(start.cell(take.space), str):
            return None
        after = apply(start, take)
        if after.phase is not Phase.SELL or set(legal_moves(after)) != {Sell(), Store()}:
            return None
        given: tuple[str, ...] = (take.notation(),)
        answers: list[Move] = [Sell(), Store()]
        analysis, _ = _analyse(after, answers, key)
        gap = analysis[0].worth.margin - analysis[1].worth.margin
        if not _clear(gap, analysis[1].gap_error):
            return None
        greedy_text = greedy_move(after, after.turn).notation()
    else:
        given = ()
        takes = [
            m
            for m in legal_moves(start)
            if isinstance(m, Take) and m.kind != NEIGHBOUR and isinstance(start.cell(m.space), str)
        ]
        if len({m.space for m in takes}) < 3:
            return None
        ranked = [m for _, m in expert.take_values(start, start.turn) if m in takes]
        greedy = greedy_move(start, start.turn)
        if greedy not in takes or not ranked or ranked[0] == greedy:
            return None  # the greedy take is the expert's own: no question to ask
        first, values = _analyse(start, [ranked[0], greedy], key)
        greedy_text = greedy.notation()
        mine = next(a for a in first if a.move == greedy_text)
        if not _clear(first[0].worth.margin - mine.worth.margin, mine.gap_error):
            return None
        chosen: list[Move] = [ranked[0], greedy]
        for move in ranked[1:]:
            if move not in chosen and len(chosen) < MAX_WHICH:
                chosen.append(move)
        analysis, _ = _analyse(start, chosen, key, values)
    par = analysis[0].worth.margin
    greedy_value = next(a.worth.margin for a in analysis if a.move == greedy_text)
    spread = par - analysis[-1].worth.margin
    return made(
        state=start,
        given=given,
        par=par,
        best=analysis[0].move,
        greedy=greedy_value,
        difficulty=difficulty_of(spread, greedy_value - analysis[-1].worth.margin, MARGIN),
        analysis=tuple(analysis),
        rollout_key=key,
    )


def generate(
    seed: int, kind: str, components: Components, *, puzzle_id: str | None = None
) -> CheopsPuzzle:
    """The puzzle of ``seed`` and ``kind``: the first seeded candidate that passes the
    kind's filter (module docstring). Same seed and kind, same puzzle, on every machine."""
    stream = puzzle_stream(PUZZLE_KEY, seed, kind, KINDS, CheopsPuzzleError)
    made = partial(
        CheopsPuzzle, id=puzzle_id or f"{kind}-{seed}", kind=kind, seed=seed, daily_date=None
    )
    for attempt in range(MAX_CANDIDATES):
        candidate = stream.child(f"candidate|{attempt}")
        if kind in ENDGAME_KINDS:
            puzzle = _endgame_candidate(candidate, kind, components, made)
        else:
            puzzle = _midgame_candidate(candidate, kind, components, made)
        if puzzle is not None:
            return puzzle
    raise CheopsPuzzleError(f"no {kind} puzzle passed the filter for seed {seed}")


def with_daily(puzzle: CheopsPuzzle, date: str) -> CheopsPuzzle:
    return replace(puzzle, daily_date=date)


__all__ = [
    "ENDGAME_KINDS",
    "KINDS",
    "MAX_TREE",
    "MIDGAME_KINDS",
    "Analysis",
    "CheopsPuzzle",
    "CheopsPuzzleError",
    "generate",
]
