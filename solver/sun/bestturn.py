"""Proven best turns of *Pyramid of the Sun*: the plays that score most this turn, in
expected points (issue 21).

The seat to move, in phase ``choose``, may play cards one at a time. Each card scores at
once, and a card that touches its own symbol offers a choice: the points, or one card
drawn (from the pile the player names), which may then be played too. A drawn card is
random, so a turn is valued in **expected points**: the belief over a draw is uniform over
the cards the player has not seen (the engine's :func:`~.game.next_draw`).

**Technique: exhaustive expectimax with a memo**, deepened on the number of symbol draws.
Decision nodes are the engine's states (``choose``, ``playing``, ``symbol``); chance nodes
are the symbol draws. Every transition is the engine's own :func:`~.game.apply_unchecked` on
the engine's :func:`~.game.distinct_moves` (one card of each label: equal labels are
interchangeable), and every move of the answer is replayed through the checked
:func:`~.game.apply`: no rule is written here. A chance outcome is the engine's
:func:`~.game.with_next_card` (the drawn card put on top of its pile, changing only what the
player cannot see), weighted by how many of the :func:`~.game.next_draw` cards share its
label (the lowest id stands for them).

* **Memo key:** what the rest of the turn can depend on: the phase, the card waiting for
  its symbol choice (slot and the points it offers), the pyramid's *shape* (which slots
  are filled, and the symbol of each filled slot that a card may still be placed on: a
  later card sees only its neighbours' symbols, all below it, and a card's value counts
  only when it is placed), the hand and the cards drawn this turn as multisets of labels
  (the drawn cards left the unseen ones), the piles' and discards' sizes.
* **Placements in the pyramid's order** between two draws (see :meth:`_Search.value`): each
  set of placements is searched once, not once per order.
* **Iterative deepening on draws.** A symbol's draw can bring a card that is placed, touches
  its symbol and draws again: the tree grows about thirtyfold with each draw, so a turn
  with a long chain cannot be searched to the end in seconds. The search first finds the
  best plan that draws **no** card for symbols (no chance: quick), then the best that draws
  at most 1, 2, ... Each answer is exact for its plans. When a search finds no draw that
  its limit kept out, its plan is the best of all plans: status ``proven``. When the time
  limit (always given) comes first, the answer is the last completed search's plan, status
  ``best found`` with its draw limit (:attr:`BestTurn.draw_limit`); its value is the exact
  expected points of that plan, and a lower bound of the best turn's. (If even the plans
  without draws are not searched in time, the greedy line is the answer.)
* **Exact values:** :class:`fractions.Fraction` at chance nodes, integers elsewhere.
* **Ties** (equal expected points) are broken the same way on every machine: end the turn
  rather than play on (a card is kept), draw rather than take the points (a card is
  gained), otherwise the smallest move notation.

Measured (``benchmarks/sun_best_turn.py``) and cross-checked against an independent brute
force (``tests/sun/brute_turn.py``, ``tests/sun/test_sun_bestturn.py``); docs/sun-position.md
describes the answer and the position file.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..errors import SilverpyrError, SolverBugError
from .game import (
    Draw,
    EndTurn,
    Move,
    Phase,
    Place,
    SunState,
    SymbolDraw,
    TakePoints,
    apply,
    apply_unchecked,
    distinct_moves,
    legal_moves,
    matching_neighbours,
    next_draw,
    points_for,
    with_next_card,
)
from .pyramid import EMPTY as _EMPTY
from .pyramid import Slot

DEFAULT_TIME_LIMIT = 10.0
"""Seconds a best-turn search may take before it answers "best found" (the CLI default)."""

PLAN_DEPTH = 2
"""Symbol draws deep a plan is shown to people (:meth:`Plan.lines`); JSON has it all."""

PROVEN = "proven"
BEST_FOUND = "best found"

_CHECK_EVERY = 64
"""Nodes between two looks at the clock."""


class BestTurnError(SilverpyrError, ValueError):
    """A state the best-turn search does not answer (not a seat's turn to choose)."""


class _OutOfTime(Exception):
    """The time limit came before the search was complete."""


# --- the result ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    """One move of a plan and the points it scored (as the engine counted them)."""

    move: str
    """The move's notation."""
    points: int


@dataclass(frozen=True)
class Branch:
    """One class of card a symbol's draw may bring, and the best play after it."""

    card: str
    """The class's label (its lowest card id's label)."""
    count: int
    """How many unseen cards have this class."""
    probability: Fraction
    plan: Plan


@dataclass(frozen=True)
class Plan:
    """A policy tree: moves up to the first symbol draw, then a plan per drawn card class."""

    steps: tuple[Step, ...]
    value: Fraction
    """Expected points of this plan from its first step on."""
    draw: str | None = None
    """The symbol draw (``SymbolDraw`` notation) the steps end with, if any."""
    branches: tuple[Branch, ...] = ()

    @property
    def points(self) -> int:
        """Points the steps before the draw score."""
        return sum(step.points for step in self.steps)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: steps, value (exact text and float), the draw and its branches."""
        return {
            "steps": [{"move": s.move, "points": s.points} for s in self.steps],
            "value": str(self.value),
            "expected_points": float(self.value),
            "draw": self.draw,
            "branches": [
                {
                    "card": b.card,
                    "count": b.count,
                    "probability": str(b.probability),
                    "plan": b.plan.to_dict(),
                }
                for b in self.branches
            ],
        }

    def lines(self, indent: str = "", depth: int | None = PLAN_DEPTH) -> list[str]:
        """The plan for people, one move a line, branches indented; after ``depth`` symbol
        draws (``None``: all) a branch shows its expected points only (the JSON form has
        the whole tree)."""
        out = [f"{indent}{step.move}  (+{step.points})" for step in self.steps]
        if self.draw is not None:
            out.append(f"{indent}{self.draw}  (expected {_show(self.value - self.points)} more)")
            total = sum(b.count for b in self.branches)
            deeper = None if depth is None else depth - 1
            for branch in self.branches:
                out.append(
                    f"{indent}  if {branch.card} ({branch.count} of {total}): expected "
                    f"{_show(branch.plan.value)} more"
                    + ("" if deeper is None or deeper > 0 else " (the plan: --json)")
                )
                if deeper is None or deeper > 0:
                    out.extend(branch.plan.lines(indent + "    ", deeper))
        if not self.steps and self.draw is None:
            out.append(f"{indent}end the turn")
        return out


def _show(value: Fraction) -> str:
    """An expected number of points for people: exact when whole, else to 2 decimals."""
    return str(value.numerator) if value.denominator == 1 else f"{float(value):.2f}"


@dataclass(frozen=True)
class BestTurn:
    """The best turn for the seat to move, in expected points scored this turn."""

    status: str
    """``proven`` when the search was complete, ``best found`` when the time limit
    stopped it (better plans may exist; see :attr:`draw_limit`)."""
    draw_limit: int | None
    """For a ``best found`` answer: the plan is the best (exactly valued) of the plans that
    draw at most this many cards for symbols; ``None`` when proven, or when the time limit
    came even before the plans without draws were searched (then the plan is the greedy
    line: each time the card worth most points now, every symbol's points taken)."""
    seat: int
    value: Fraction
    """Expected points the plan scores this turn (exact)."""
    plan: Plan
    can_play: bool
    """Whether any card can be played at all (if not, the plan is empty)."""
    can_draw: bool
    """Whether drawing 2 is open instead (it scores 0 points this turn)."""
    nodes: int
    """Decision and chance nodes the search evaluated."""
    seconds: float
    time_limit: float

    @property
    def proven(self) -> bool:
        """Whether the value is proven best."""
        return self.status == PROVEN

    @property
    def expected_points(self) -> float:
        """The value as a float."""
        return float(self.value)

    @property
    def draw_instead(self) -> int:
        """Points drawing 2 instead scores this turn: always 0 (its cards score later)."""
        return 0

    def to_dict(self) -> dict[str, Any]:
        """The documented JSON form (``silverpyr sun solve --json``): see
        ``docs/sun-position.md``."""
        return {
            "status": self.status,
            "proven": self.proven,
            "draw_limit": self.draw_limit,
            "seat": self.seat,
            "value": str(self.value),
            "expected_points": float(self.value),
            "can_play": self.can_play,
            "plan": self.plan.to_dict(),
            "draw_instead": {
                "possible": self.can_draw,
                "points_this_turn": self.draw_instead,
                "note": "drawing 2 scores no points this turn; its cards score later",
            },
            "nodes": self.nodes,
            "seconds": round(self.seconds, 4),
            "time_limit": self.time_limit,
        }

    def lines(self, depth: int | None = PLAN_DEPTH) -> list[str]:
        """The answer for people (the plan down to ``depth`` symbol draws)."""
        if self.proven:
            head = "proven best"
        elif self.draw_limit is not None:
            cards = "no card" if self.draw_limit == 0 else f"at most {self.draw_limit} card"
            plural = "s" if self.draw_limit > 1 else ""
            head = (
                f"best found (the time limit came first; best of the plans drawing {cards}"
                f"{plural} for symbols)"
            )
        else:
            head = "best found (the time limit came first; the greedy line)"
        if not self.can_play:
            out = ["no card in hand can be played this turn"]
        else:
            out = [f"{head}: {_show(self.value)} expected points this turn"]
            out.extend(self.plan.lines("  ", depth))
        if self.can_draw:
            out.append("drawing 2 instead: 0 points this turn (its cards score later)")
        else:
            out.append("drawing 2 instead: not possible (no card left to draw)")
        return out


# --- the search ------------------------------------------------------------------------------


def _tie_rank(move: Move, notation: str) -> tuple[int, str]:
    """Among moves of equal value, the smaller rank wins (see the module's docstring)."""
    if isinstance(move, EndTurn):
        return (0, "")
    if isinstance(move, SymbolDraw):
        return (1, notation)
    if isinstance(move, TakePoints):
        return (2, "")
    return (3, notation)


_Key = tuple[Any, ...]


class _Search:
    """One expectimax over the rest of ``seat``'s turn, memoised by :meth:`key`.

    The recursion carries two parts of the key along (both functions of the state, kept
    up to date move by move instead of recomputed): the pyramid's :meth:`shape` and the
    classes of the cards drawn for symbols so far this turn (they left the unseen cards).
    """

    def __init__(self, root: SunState, deadline: float, draw_limit: int) -> None:
        self.root = root
        self.draw_limit = draw_limit
        self.limited = False
        """Whether the draw limit kept a symbol draw out somewhere (then the value is the
        best of the plans drawing at most ``draw_limit`` cards, not of all plans)."""
        self.seat = root.turn
        self.deadline = deadline
        deck = root.deck
        labels = {card.id: card.label for card in deck}
        first_of: dict[str, int] = {}
        for card_id in sorted(labels):
            first_of.setdefault(labels[card_id], card_id)
        self.labels = labels
        self.canon = {card_id: first_of[label] for card_id, label in labels.items()}
        names = sorted({card.symbol for card in deck if card.symbol is not None})
        self.symbol = {card.id: 1 + names.index(card.symbol) if card.symbol else 0 for card in deck}
        geometry = root.pyramid.geometry
        self.above = geometry.above
        self.supports = geometry.supports
        self.index = geometry.index
        self.root_hand = tuple(sorted(self.canon[c] for c in root.hands[self.seat]))
        self.empty_at_root = tuple(i for i, c in enumerate(root.pyramid.cells) if c == _EMPTY)
        self.memo: dict[_Key, tuple[Fraction | int, Move | None]] = {}
        self.nodes = 0

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes % _CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise _OutOfTime

    def key(
        self, state: SunState, shape: tuple[int, ...], drawn: tuple[int, ...], floor: int
    ) -> _Key:
        """What the rest of the turn depends on: the card waiting for its symbol choice (by
        its slot and the points it offers; ``None`` in phase ``playing``), the pyramid's
        :meth:`shape`, the hand and the cards drawn this turn by class, the piles' and
        discards' sizes, and the ``floor`` (the slots a card may go on are those after it:
        see :meth:`value`). (The phase need not be in it: ``choose`` is the root's alone,
        the only state with this turn's pyramid; ``symbol`` is a pending card.)"""
        pending = state.pending
        symbol_points = 0
        if pending is not None:
            symbol_points = matching_neighbours(state, state.pyramid.cards[pending], pending)
        return self.key_of(
            pending,
            symbol_points,
            shape,
            tuple(sorted([self.canon[c] for c in state.hands[self.seat]])),
            drawn,
            floor,
            state,
        )

    @staticmethod
    def key_of(
        pending: Slot | None,
        symbol_points: int,
        shape: tuple[int, ...],
        hand: tuple[int, ...],
        drawn: tuple[int, ...],
        floor: int,
        state: SunState,
    ) -> _Key:
        """The key from its parts (piles and discards: those of ``state``)."""
        return (
            floor,
            pending,
            symbol_points,
            shape,
            hand,
            drawn,
            len(state.standard_pile),
            len(state.edge_pile),
            len(state.standard_discards),
            len(state.edge_discards),
        )

    def shape(self, cells: tuple[int, ...]) -> tuple[int, ...]:
        """The pyramid as far as the rest of a turn can tell: which slots are filled (-1:
        empty), and the symbol of each filled slot a card may still be placed on (0: none;
        -2: every slot on it is filled). A card's value counts only when it is placed, and
        a card placed later sees only its neighbours' symbols, all of them below it."""
        symbol = self.symbol
        return tuple(
            -1
            if card == _EMPTY
            else (symbol[card] if any(cells[a] == _EMPTY for a in above) else -2)
            for card, above in zip(cells, self.above, strict=True)
        )

    def placed_shape(
        self, shape: tuple[int, ...], cells: tuple[int, ...], slot: Slot, card: int
    ) -> tuple[int, ...]:
        """:meth:`shape` after ``card`` is put on the empty, open ``slot`` of ``cells``,
        changing only that slot and the two below it (the slots above an empty slot are
        empty: a card rests on two)."""
        changed = list(shape)
        i = self.index[slot]
        above = self.above
        changed[i] = self.symbol[card] if above[i] else -2
        for j in self.supports[i] or ():
            if changed[j] != -2 and all(a == i or cells[a] != _EMPTY for a in above[j]):
                changed[j] = -2
        return tuple(changed)

    def drawn_of(self, state: SunState) -> tuple[int, ...]:
        """The classes of the cards drawn for symbols this turn: the hand and the cards
        placed this turn, less the hand the turn began with."""
        cells = state.pyramid.cells
        came = Counter(self.canon[c] for c in state.hands[self.seat])
        came.update(self.canon[cells[i]] for i in self.empty_at_root if cells[i] != _EMPTY)
        came.subtract(self.root_hand)
        return tuple(sorted(came.elements()))

    def over(self, state: SunState) -> bool:
        """Whether the seat's turn is over (the game ended, or another seat moves)."""
        return state.phase is Phase.OVER or state.turn != self.seat

    def value(
        self, state: SunState, shape: tuple[int, ...], drawn: tuple[int, ...], floor: int
    ) -> Fraction | int:
        """Expected points the seat still scores this turn, playing best.

        **Placements in the pyramid's order.** Between two symbol draws, cards are placed
        on slots of rising index (bottom row first, left to right) only: ``floor`` is the
        index of the last slot filled since the turn began or the last draw (-1 then). No
        value is lost: a card's points and symbol points do not depend on when it is
        placed, a card's supports come before it in that order, and a placement made
        before a draw that the draw's card does not rest on can as well be made after the
        draw, knowing more. So each set of placements is searched once, not once per order.
        """
        if state.phase is Phase.OVER or state.turn != self.seat:
            return 0
        key = self.key(state, shape, drawn, floor)
        known = self.memo.get(key)
        if known is not None:
            return known[0]
        self.tick()
        best: Fraction | int = 0
        best_move: Move | None = None
        best_rank = (9, "")
        seat = self.seat
        before = state.scores[seat]
        hand = sorted([self.canon[c] for c in state.hands[seat]])
        top = state.pyramid.top
        for move in distinct_moves(state):
            if isinstance(move, Place):
                slot = move.slot
                here = self.index[slot]
                if here <= floor:
                    continue
                child = self.placed_shape(shape, state.pyramid.cells, slot, move.card)
                known_child = None
                if slot != top:
                    # the child's key without applying the move: a card placed below the
                    # top waits for its symbol choice exactly when it touches its symbol
                    # (checked against the engine whenever the move is applied)
                    matches = matching_neighbours(state, move.card, slot)
                    rest = list(hand)
                    rest.remove(self.canon[move.card])
                    known_child = self.memo.get(
                        self.key_of(
                            slot if matches else None,
                            matches,
                            child,
                            tuple(rest),
                            drawn,
                            here,
                            state,
                        )
                    )
                if known_child is not None:
                    worth = points_for(state, move.card, slot) + known_child[0]
                else:
                    after = apply_unchecked(state, move)
                    if slot != top and (after.pending is not None) != bool(matches):
                        raise SolverBugError(
                            f"{move.notation(state.deck)}: the engine's symbol phase and the "
                            "search's key disagree: a bug in silverpyr"
                        )
                    worth = after.scores[seat] - before + self.value(after, child, drawn, here)
            elif isinstance(move, SymbolDraw):
                if len(drawn) >= self.draw_limit:
                    self.limited = True
                    continue
                worth = self.draw_value(state, move, shape, drawn)
            elif isinstance(move, TakePoints | EndTurn):
                after = apply_unchecked(state, move)
                worth = after.scores[seat] - before + self.value(after, shape, drawn, floor)
            else:
                continue  # drawing 2 is the turn's other option, compared at the root
            if best_move is None or worth >= best:
                rank = _tie_rank(move, move.notation(state.deck))
                if best_move is None or worth > best or rank < best_rank:
                    best, best_move, best_rank = worth, move, rank
        self.memo[key] = (best, best_move)
        return best

    def draw_value(
        self, state: SunState, move: SymbolDraw, shape: tuple[int, ...], drawn: tuple[int, ...]
    ) -> Fraction:
        """Expected points of a symbol's draw and the best play after each card."""
        seat = self.seat
        total: Fraction | int = 0
        weight = 0
        for card, count, _, after in self.chance(state, move):
            gained = after.scores[seat] - state.scores[seat]
            more = tuple(sorted((*drawn, self.canon[card])))
            total += count * (gained + self.value(after, shape, more, -1))
            weight += count
        return Fraction(total) / weight

    def chance(
        self, state: SunState, move: SymbolDraw
    ) -> list[tuple[int, int, Fraction, SunState]]:
        """(representative card, count, probability, state after) of each class of card
        the draw may bring, classes by their lowest card id."""
        self.tick()
        belief = next_draw(state, self.seat, move.pile)
        groups: dict[int, list[int]] = {}
        for card in belief:
            groups.setdefault(self.canon[card], []).append(card)
        total = len(belief)
        result = []
        for first in sorted(groups):
            cards = groups[first]  # the lowest id of the class the draw may bring first
            after = apply_unchecked(with_next_card(state, self.seat, move.pile, cards[0]), move)
            result.append((cards[0], len(cards), Fraction(len(cards), total), after))
        return result

    def best_move(self, state: SunState, floor: int) -> Move | None:
        """The memoised best move of ``state`` (evaluated first if needed), with the card
        of its class that this state holds."""
        shape, drawn = self.shape(state.pyramid.cells), self.drawn_of(state)
        self.value(state, shape, drawn, floor)
        move = self.memo[self.key(state, shape, drawn, floor)][1]
        if isinstance(move, Place):
            first = self.canon[move.card]
            card = min(c for c in state.hands[self.seat] if self.canon[c] == first)
            move = Place(card, move.slot)
        return move

    def plan(self, state: SunState, floor: int = -1) -> Plan:
        """The memoised best play from ``state`` as a policy tree, every move replayed by
        the engine's checked :func:`~.game.apply`."""
        steps: list[Step] = []
        seat = self.seat
        start = state.scores[seat]
        while not self.over(state):
            move = self.best_move(state, floor)
            if move is None:
                break
            text = move.notation(state.deck)
            if isinstance(move, SymbolDraw):
                branches = []
                for card, count, probability, _ in self.chance(state, move):
                    drawn = apply(with_next_card(state, seat, move.pile, card), move)
                    gained = drawn.scores[seat] - state.scores[seat]
                    branches.append(
                        Branch(
                            self.labels[card], count, probability, _add(self.plan(drawn), gained)
                        )
                    )
                points = state.scores[seat] - start
                expected = sum((b.probability * b.plan.value for b in branches), start=_ZERO)
                return Plan(tuple(steps), points + expected, text, tuple(branches))
            after = apply(state, move)
            steps.append(Step(text, after.scores[seat] - state.scores[seat]))
            if isinstance(move, Place):
                floor = self.index[move.slot]
            state = after
        return Plan(tuple(steps), Fraction(state.scores[seat] - start))


_ZERO = Fraction(0)


def _add(plan: Plan, points: int) -> Plan:
    """``plan`` with ``points`` more in its value (a draw's own points: none by the rules)."""
    return replace(plan, value=plan.value + points) if points else plan


def _greedy_plan(state: SunState) -> Plan:
    """The greedy line, replayed by the engine: each time the placement worth most points
    now (ties: the first in the engine's order), symbols taken as points (so no chance),
    the turn ended when no card can be placed."""
    seat = state.turn
    steps: list[Step] = []
    start = state.scores[seat]
    while state.phase is not Phase.OVER and state.turn == seat:
        moves = legal_moves(state)
        choice: Move
        if state.phase is Phase.SYMBOL:
            choice = TakePoints()
        else:
            places = [m for m in moves if isinstance(m, Place)]
            if not places:
                if state.phase is not Phase.PLAYING:
                    break
                choice = EndTurn()
            else:
                choice = max(places, key=lambda m: apply(state, m).scores[seat])
        after = apply(state, choice)
        steps.append(Step(choice.notation(state.deck), after.scores[seat] - state.scores[seat]))
        state = after
    return Plan(tuple(steps), Fraction(state.scores[seat] - start))


def best_turn(
    state: SunState, *, time_limit: float = DEFAULT_TIME_LIMIT, max_draws: int | None = None
) -> BestTurn:
    """The best plays this turn for the seat to move (phase ``choose``), in expected points.

    ``max_draws`` limits the plans searched to those drawing at most that many cards for
    symbols (tests and benchmarks; the answer is then ``best found`` whenever the limit
    kept a draw out).

    Raises :class:`BestTurnError` when the state is not a turn's start or the time limit is
    not positive.
    """
    if state.phase is not Phase.CHOOSE:
        raise BestTurnError(
            f"the best turn is asked at a turn's start (phase choose), not in phase {state.phase}"
        )
    if not time_limit > 0:
        raise BestTurnError(
            f"the time limit must be a positive number of seconds, not {time_limit}"
        )
    began = time.perf_counter()
    moves = legal_moves(state)
    can_play = any(isinstance(m, Place) for m in moves)
    can_draw = any(isinstance(m, Draw) for m in moves)
    nodes = 0
    plan: Plan | None = None
    limit: int | None = None
    proven = False
    # Iterative deepening on the symbol draws: the best plan that draws at most 0 cards for
    # symbols (no chance: quick), then at most 1, 2, ... Each answer is exact for its
    # plans; when no draw was kept out by the limit, it is the best of all plans: proven.
    draw_limit = 0
    while True:
        search = _Search(state, began + time_limit, draw_limit)
        try:
            value = search.value(state, search.shape(state.pyramid.cells), (), -1)
            found = search.plan(state)
        except _OutOfTime:
            nodes += search.nodes
            break
        nodes += search.nodes
        if found.value != value:
            raise SolverBugError(
                f"the best turn's plan replays to {found.value} expected points, "
                f"but the search valued it {value}: a bug in silverpyr"
            )
        plan, limit = found, draw_limit
        if not search.limited:
            proven, limit = True, None
            break
        if max_draws is not None and draw_limit >= max_draws:
            break
        draw_limit += 1
    if plan is None:
        plan = _greedy_plan(state)
    return BestTurn(
        status=PROVEN if proven else BEST_FOUND,
        draw_limit=limit,
        seat=state.turn,
        value=plan.value,
        plan=plan,
        can_play=can_play,
        can_draw=can_draw,
        nodes=nodes,
        seconds=time.perf_counter() - began,
        time_limit=time_limit,
    )
