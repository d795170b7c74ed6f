"""Deterministic puzzle generation from an id, with the quality filter and the rating.

Every random choice comes from a :class:`~.rng.SeededStream` keyed by the generator
version and the puzzle id, so an id means the same puzzle on every machine and Python
version (for the same deck and OR-Tools version: the par is proven under a deterministic
work limit, see :mod:`.par`). Candidates are drawn one after another from sub-streams
``candidate-0``, ``candidate-1``, ...; the first one to pass the filter is the puzzle.

A candidate is kept when

1. CP-SAT proves its optimum within the work limit, and the optimum scores more than 0;
2. the optimum beats the naive greedy player of :mod:`.beginner` by a clear margin: at
   least :data:`MIN_GAP_POINTS` points and :data:`MIN_GAP_SHARE` of par (for a sprint,
   the greedy player may instead fail to complete the card in time);
3. no line made only of a beginner's first choices reaches the optimum, so every optimal
   line holds a move a beginner would not play first;
4. the number of optimal first placements is settled within the work limit (it feeds the
   rating), and a sprint needs at least :data:`MIN_SPRINT_TURNS` turns.

Expedition cards come as in a game: each round shuffles the expedition deck and reveals
its cards in order, one a turn, so the cards of one round never repeat beyond the deck.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace

from ...solver.core.rng import SeededStream
from ...solver.silvergold.bots import route_length
from ...solver.silvergold.cards import Deck, Expedition, PyramidCard, Symbol
from ...solver.silvergold.cells import count
from ...solver.silvergold.game import round_order
from ...solver.silvergold.moves import Move, move_str
from ...solver.silvergold.position import CardState, Position
from ...solver.silvergold.problem import Instance, LineResult, Objective, play_line
from ...solver.silvergold.sheet import ROUNDS, TURNS_PER_ROUND
from .beginner import beginner_line, best_first_choice_value, ranked_moves
from .ids import PuzzleId, parse_puzzle_id
from .kinds import Kind, PuzzleError
from .par import ProvenLine, count_optimal_first_placements, prove_optimum
from .puzzle import Puzzle, StartState
from .rating import FIRST_PLACEMENT_CAP, Features, rate

GENERATOR_VERSION = 1
"""Bump when a change makes any id give a different puzzle (the cache keys on it)."""

MAX_CANDIDATES = 60
MIN_GAP_POINTS = 3
MIN_GAP_SHARE = 0.15
MIN_SPRINT_TURNS = 3
SPRINT_SEARCH_TURNS = 7
SPRINT_MIN_ROUTE = 8
PAIR_TURNS = 4

KIND_WEIGHTS: tuple[tuple[Kind, int], ...] = (
    (Kind.POINTS, 30),
    (Kind.SPRINT, 25),
    (Kind.MIDROUND, 25),
    (Kind.PAIR, 20),
)
"""How often each kind comes up for an id that does not name one (the daily, a bare seed)."""

SYMBOLS_OF_NOTE = (
    Symbol.RED_GEM,
    Symbol.GREEN_GEM,
    Symbol.TORCH,
    Symbol.SKULL,
    Symbol.POTION,
    Symbol.CROSS,
)


@dataclass(frozen=True)
class Draft:
    """A candidate puzzle before it is solved."""

    cards: tuple[int, ...]
    round: int
    turn_in_round: int
    expeditions: tuple[str, ...]
    start: StartState

    def instance(self, deck: Deck) -> Instance:
        """The candidate as a line problem."""
        cards = tuple(CardState(deck.card(n), self.start.marks_on(n)) for n in self.cards)
        return Instance(
            Position(cards, self.start.sheet()),
            tuple(deck.expedition(name) for name in self.expeditions),
            self.round,
            self.turn_in_round,
        )


@dataclass(frozen=True)
class Assessment:
    """What the filter measured on a candidate, and the puzzle when it is kept."""

    draft: Draft
    puzzle: Puzzle | None
    rejected_because: str | None
    features: Features | None = None


# --- drafting ---------------------------------------------------------------------------


def round_cards(deck: Deck, stream: SeededStream, round_number: int) -> tuple[Expedition, ...]:
    """The expedition cards of ``round_number`` in the order revealed (turn 1 first)."""
    return round_order(stream, deck.expedition_cards(), round_number)


def expedition_order(
    deck: Deck, stream: SeededStream, first_round: int, first_turn: int, turns: int
) -> tuple[str, ...]:
    """Names of the expedition cards of ``turns`` turns from ``first_round``, ``first_turn``."""
    names: list[str] = []
    round_number, turn = first_round, first_turn
    while len(names) < turns:
        cards = round_cards(deck, stream, round_number)
        while turn <= TURNS_PER_ROUND and len(names) < turns:
            names.append(cards[(turn - 1) % len(cards)].name)
            turn += 1
        round_number, turn = round_number + 1, 1
    return tuple(names)


def _last_start_turn(first_round: int, turns: int) -> int:
    """Latest turn of ``first_round`` from which ``turns`` turns end by round 4."""
    remaining = (ROUNDS - first_round + 1) * TURNS_PER_ROUND
    return min(TURNS_PER_ROUND, remaining - turns + 1)


def _pick_cards(deck: Deck, stream: SeededStream, amount: int) -> tuple[PyramidCard, ...]:
    if len(deck.pyramids) < amount:
        raise PuzzleError(
            f"the deck holds {len(deck.pyramids)} pyramid cards; this puzzle needs {amount}"
        )
    return tuple(sorted(stream.shuffled(deck.pyramids)[:amount], key=lambda card: card.number))


def draft_points(deck: Deck, stream: SeededStream) -> Draft:
    """One fresh card, 5-6 turns from round 1, an empty score card."""
    (card,) = _pick_cards(deck, stream, 1)
    turns = stream.between(5, 6)
    turn = stream.between(1, 5)
    return Draft(
        (card.number,), 1, turn, expedition_order(deck, stream, 1, turn, turns), StartState()
    )


def draft_sprint(deck: Deck, stream: SeededStream) -> Draft:
    """One fresh card with a long route, 7 turns to search; the puzzle keeps the turns the
    fastest line needs (cards with a route under :data:`SPRINT_MIN_ROUTE` cells are often
    done in two turns; a deck without long routes uses every card)."""
    long_routes = tuple(c for c in deck.pyramids if route_length(c) >= SPRINT_MIN_ROUTE)
    (card,) = _pick_cards(replace(deck, pyramids=long_routes) if long_routes else deck, stream, 1)
    first_round = stream.between(1, 3)
    turn = stream.between(1, 7)
    names = expedition_order(deck, stream, first_round, turn, SPRINT_SEARCH_TURNS)
    return Draft((card.number,), first_round, turn, names, StartState())


def draft_pair(deck: Deck, stream: SeededStream) -> Draft:
    """Two fresh cards, 4 turns (two cards are slower to prove)."""
    cards = _pick_cards(deck, stream, 2)
    first_round = stream.between(1, 3)
    turn = stream.between(1, 7)
    names = expedition_order(deck, stream, first_round, turn, PAIR_TURNS)
    return Draft(tuple(c.number for c in cards), first_round, turn, names, StartState())


def draft_midround(deck: Deck, stream: SeededStream) -> Draft:
    """A card started earlier this round by a casual player, gems and skulls on the sheet.

    The casual player's moves (half the time the beginner's, else any legal move, never one
    completing the card) use the round's earlier expedition cards, so the start is one a
    game could reach.
    """
    (card,) = _pick_cards(deck, stream, 1)
    turns = stream.between(4, 6)
    first_round = stream.between(1, ROUNDS)
    last = _last_start_turn(first_round, turns)
    played = min(stream.between(1, 3), last - 1)
    turn = stream.between(played + 1, last)
    earlier = round_cards(deck, stream, first_round)
    torches = [stream.chance(1, 2) for _ in range(first_round - 1)]
    torches.append(stream.chance(1, 3))
    torches.extend([False] * (ROUNDS - len(torches)))
    sheet_start = StartState(
        red=stream.between(0, 4),
        green=stream.between(0, 4),
        skulls=stream.between(1, 4),
        torches=tuple(torches),
    )
    position = Position((CardState(card),), sheet_start.sheet())
    for index in range(turn - played, turn):
        expedition = earlier[(index - 1) % len(earlier)]
        ranked = ranked_moves(position, expedition, first_round, Objective.POINTS)
        options = [r for r in ranked if not r.after.cards[0].is_complete()]
        if not options:
            break
        if stream.chance(1, 2):
            best = max(r.key for r in options)
            position = next(r.after for r in options if r.key == best)
        else:
            position = stream.choice(options).after
    state = position.cards[0]
    sheet = position.sheet
    start = StartState(
        marked=((card.number, state.marked),) if state.marked else (),
        red=sheet.red,
        green=sheet.green,
        skulls=sheet.skulls,
        torches=sheet.torches,
    )
    names = expedition_order(deck, stream, first_round, turn, turns)
    return Draft((card.number,), first_round, turn, names, start)


DRAFTERS: dict[Kind, Callable[[Deck, SeededStream], Draft]] = {
    Kind.POINTS: draft_points,
    Kind.SPRINT: draft_sprint,
    Kind.PAIR: draft_pair,
    Kind.MIDROUND: draft_midround,
}


# --- the filter -------------------------------------------------------------------------


def _reject(draft: Draft, reason: str, features: Features | None = None) -> Assessment:
    return Assessment(draft, None, reason, features)


def _trim(draft: Draft, turns: int) -> Draft:
    return replace(draft, expeditions=draft.expeditions[:turns])


def _trim_line(instance: Instance, line: LineResult) -> LineResult:
    return play_line(instance, line.moves[: instance.turns])


def _symbol_density(instance: Instance) -> float:
    open_cells = symbols = 0
    for state in instance.start.cards:
        free = state.room.open_mask & ~state.marked
        open_cells += count(free)
        symbols += sum(count(free & state.room.mask(s)) for s in SYMBOLS_OF_NOTE)
    return symbols / open_cells if open_cells else 0.0


def _route_cells(instance: Instance) -> int:
    return min(state.cells_to_tomb() for state in instance.start.cards)


def solution_notation(instance: Instance, moves: tuple[Move, ...]) -> tuple[str, ...]:
    """An optimal line in notation, naming cards when there are several."""
    with_card = len(instance.start.cards) > 1
    return tuple(move_str(move, with_card=with_card) for move in moves)


@dataclass(frozen=True)
class Evaluation:
    """A solved candidate: its optimal line, par and the greedy player's result."""

    draft: Draft
    instance: Instance
    proven: ProvenLine
    par: int
    par_turns: int | None
    greedy: LineResult
    greedy_gap: int
    """Par minus the greedy points; all of par when the greedy player misses a sprint."""

    @property
    def greedy_share(self) -> float:
        """The greedy gap as a share of par."""
        return self.greedy_gap / self.par if self.par > 0 else 0.0


def evaluate(
    deck: Deck, draft: Draft, objective: Objective, *, trim_sprint: bool
) -> Evaluation | str:
    """Prove a draft's optimum and play the greedy player; a reason when it cannot be posed.

    A sprint's par turn is the optimal line's completion turn; ``trim_sprint`` cuts the
    turns after it (generated sprints end on their par turn).
    """
    instance = draft.instance(deck)
    greedy = beginner_line(instance, objective)
    proven = prove_optimum(instance, objective, hint=greedy.moves)
    if proven is None:
        return "par not proven within the work limit"
    par_turns: int | None = None
    if objective is Objective.SPRINT:
        if len(draft.cards) != 1:
            raise PuzzleError("a sprint puzzle has exactly one card")
        completed = proven.line.completion_turns()[draft.cards[0]]
        if completed is None:
            return "the card cannot be completed in the puzzle's turns"
        par_turns = completed
        if trim_sprint:
            draft = _trim(draft, completed)
            instance = draft.instance(deck)
            line = _trim_line(instance, proven.line)
            proven = ProvenLine(line, line.objective_value(objective), proven.work)
            greedy = beginner_line(instance, objective)
    par = proven.line.score().total
    greedy_points = greedy.score().total
    greedy_gap = par - greedy_points
    if par_turns is not None:
        greedy_turn = greedy.completion_turns()[draft.cards[0]]
        if greedy_turn is None or greedy_turn > par_turns:
            greedy_gap = par
    return Evaluation(draft, instance, proven, par, par_turns, greedy, greedy_gap)


def measure_features(evaluation: Evaluation, objective: Objective) -> Features | None:
    """The rating features of an evaluated puzzle (``None`` if not settled in the work limit)."""
    instance = evaluation.instance
    first = count_optimal_first_placements(
        instance, objective, evaluation.proven, cap=FIRST_PLACEMENT_CAP
    )
    if first is None:
        return None
    return Features(
        greedy_gap=round(min(1.0, evaluation.greedy_share), 3),
        optimal_first_placements=first,
        route_cells=_route_cells(instance),
        turns=instance.turns,
        symbol_density=round(_symbol_density(instance), 3),
    )


def make_puzzle(
    puzzle_id: str, evaluation: Evaluation, objective: Objective, features: Features
) -> Puzzle:
    """The puzzle of an evaluated draft."""
    draft = evaluation.draft
    return Puzzle(
        id=puzzle_id,
        cards=draft.cards,
        round=draft.round,
        turn_in_round=draft.turn_in_round,
        expeditions=draft.expeditions,
        objective=objective,
        start=draft.start,
        par=evaluation.par,
        par_turns=evaluation.par_turns,
        difficulty=rate(features),
        solution=solution_notation(evaluation.instance, evaluation.proven.line.moves),
    )


def assess(deck: Deck, draft: Draft, kind: Kind, puzzle_id: str) -> Assessment:
    """Solve a candidate, apply the quality filter and rate it."""
    objective = kind.objective
    evaluation = evaluate(deck, draft, objective, trim_sprint=True)
    if isinstance(evaluation, str):
        return _reject(draft, evaluation)
    draft = evaluation.draft
    if evaluation.par_turns is not None and evaluation.par_turns < MIN_SPRINT_TURNS:
        return _reject(draft, f"the card is completed in {evaluation.par_turns} turns")
    if evaluation.par <= 0:
        return _reject(draft, f"par is {evaluation.par}")
    if evaluation.greedy_gap < MIN_GAP_POINTS or evaluation.greedy_share < MIN_GAP_SHARE:
        greedy_points = evaluation.greedy.score().total
        return _reject(draft, f"greedy scores {greedy_points} of par {evaluation.par}")
    if best_first_choice_value(evaluation.instance, objective) >= evaluation.proven.value:
        return _reject(draft, "a beginner's first choices reach par")
    features = measure_features(evaluation, objective)
    if features is None:
        return _reject(draft, "optimal first placements not counted within the work limit")
    return Assessment(
        draft, make_puzzle(puzzle_id, evaluation, objective, features), None, features
    )


def generation_key(puzzle_id: PuzzleId) -> str:
    """The key of the random stream behind ``puzzle_id``."""
    return f"silverpyr-puzzle-v{GENERATOR_VERSION}|{puzzle_id.text}"


def kind_for(puzzle_id: PuzzleId) -> Kind:
    """The kind ``puzzle_id`` names, or the one its stream picks."""
    if puzzle_id.kind is not None:
        return puzzle_id.kind
    return SeededStream(generation_key(puzzle_id)).child("kind").weighted(KIND_WEIGHTS)


def assessments(deck: Deck, puzzle_id: PuzzleId) -> list[Assessment]:
    """Every candidate tried for ``puzzle_id``, the kept one last (for tools and tests)."""
    stream = SeededStream(generation_key(puzzle_id))
    kind = kind_for(puzzle_id)
    tried = []
    for n in range(MAX_CANDIDATES):
        draft = DRAFTERS[kind](deck, stream.child(f"candidate-{n}"))
        tried.append(assess(deck, draft, kind, puzzle_id.text))
        if tried[-1].puzzle is not None:
            break
    return tried


class FileOnlyPuzzleError(PuzzleError):
    """An id of a puzzle that came from a file: it cannot be generated again from the id."""


def generate_puzzle(deck: Deck, puzzle_id: PuzzleId) -> Puzzle:
    """The puzzle ``puzzle_id`` stands for; :class:`PuzzleError` if none passes the filter."""
    if puzzle_id.custom:
        raise FileOnlyPuzzleError(f"{puzzle_id.text} was loaded from a puzzle file")
    tried = assessments(deck, puzzle_id)
    kept = tried[-1].puzzle
    if kept is None:
        raise PuzzleError(
            f"no puzzle for {puzzle_id.text}: none of {MAX_CANDIDATES} candidates passed the "
            f"quality filter with this deck"
        )
    return kept


def puzzle_from_id(deck: Deck, text: str) -> Puzzle:
    """The puzzle of an id such as ``123``, ``sprint-7`` or ``daily-2026-11-22``."""
    return generate_puzzle(deck, parse_puzzle_id(text))
