"""Proven best turns of *Pyramid of the Sun*: the plays that score most this turn, in
expected points (issue 21).

The seat to move, in phase ``choose``, may play cards one at a time. Each card scores at
once, and a card that touches its own symbol offers a choice: the points, or one card
drawn (from the pile the player names), which may then be played too. A drawn card is
random, so a turn is valued in **expected points**: the belief over a draw is uniform over
the cards the pile may hold as the player sees it (the engine's :func:`~.game.next_draw`:
for a pile made from reshuffled discards, only cards of that reshuffle; Ruling R6).

docs/sun-position.md ("How it is proven, and when it is not") tells the technique once: an
exhaustive expectimax with a memo on the turn as numbers (:class:`_Search`), every table asked
of the engine once (:func:`~.game.fits`, :func:`~.game.card_points`,
:func:`~.game.next_draw`) and every move of the answer replayed through the engine's checked
:func:`~.game.apply` (a disagreement is a ``SolverBugError``), the dominance rules
(:meth:`_Search.value`), iterative deepening on the symbol draws with the wildcard bound
(:meth:`_Search.bound`), and when an answer is **proven** or ``best found``. Beyond it:

* **Node:** what the rest of the turn can depend on: the filled slots, the symbol of each
  filled slot that a card may still be placed on, the hand and the cards drawn this turn as
  multisets of classes (cards of one label are interchangeable), each marked with the pile it
  came from (the turn's pile or its discards reshuffled this turn: each pile's belief follows
  from them), the segment of the dominance rules and the card waiting for its symbol choice.
  The piles' and discards' sizes follow from the drawn cards.
* **Exact values:** :class:`fractions.Fraction` at chance nodes, integers elsewhere.
* **Ties** (equal expected points) are broken the same way on every machine: end the turn
  rather than play on (a card is kept), draw rather than take the points (a card is
  gained), otherwise the smallest move notation.
* If even the plans without draws are not searched in time, the greedy line is the answer,
  with the bound of the root.

Cross-checked against an independent brute force (``tests/sun/brute_turn.py``,
``tests/sun/test_sun_bestturn.py``) and measured by ``benchmarks/sun_best_turn.py``.
"""

from __future__ import annotations

import time
from collections import Counter
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from ..core.errors import SilverpyrError, SolverBugError
from .cards import PILES, PileName
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
    card_points,
    fits,
    legal_moves,
    matching_neighbours,
    next_draw,
    with_next_card,
)
from .pyramid import EMPTY as _EMPTY

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
    """How many of the cards the draw may bring have this class."""
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
        """The JSON form: steps, value (a number; exact as ``value_exact``), the draw and its
        branches."""
        return {
            "steps": [{"move": s.move, "points": s.points} for s in self.steps],
            "value": float(self.value),
            "value_exact": str(self.value),
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
    """The best turn found for the seat to move, in expected points scored this turn, and
    a proven upper bound on the best turn."""

    status: str
    """``proven`` when the plan's value meets the upper bound, else ``best found`` (the time
    or node limit came first: better plans may exist, worth at most :attr:`upper_bound`)."""
    draw_limit: int | None
    """For a ``best found`` answer: the plan is the best (exactly valued) of the plans that
    draw at most this many cards for symbols; ``None`` when proven, or when the limit came
    even before the plans without draws were searched (then the plan is the greedy line:
    each time the card worth most points now, every symbol's points taken)."""
    seat: int
    value: Fraction
    """Expected points the plan scores this turn (exact)."""
    upper_bound: Fraction
    """Proven: no plan scores more expected points this turn (equal to :attr:`value` when
    proven)."""
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
        """Whether the value is proven best (it meets the upper bound)."""
        return self.status == PROVEN

    @property
    def gap(self) -> float:
        """How far the value may be from the best, as a share of the bound (0 when proven)."""
        if self.upper_bound <= 0:
            return 0.0
        return float((self.upper_bound - self.value) / self.upper_bound)

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
            "value": float(self.value),
            "line": self.plan.to_dict(),
            "value_exact": str(self.value),
            "draw_limit": self.draw_limit,
            "seat": self.seat,
            "upper_bound": float(self.upper_bound),
            "upper_bound_exact": str(self.upper_bound),
            "gap": round(self.gap, 4),
            "can_play": self.can_play,
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
        if not self.can_play:
            out = ["no card in hand can be played this turn"]
        elif self.proven:
            out = [f"proven best: {_show(self.value)} expected points this turn"]
        else:
            out = [
                f"best found {_one(self.value)}, at most {_one(self.upper_bound)} "
                f"(gap {self.gap:.0%}) expected points this turn"
            ]
            if self.draw_limit is None:
                out.append("  (the limit came first: the greedy line)")
            else:
                cards = "no card" if self.draw_limit == 0 else f"at most {self.draw_limit} card"
                plural = "s" if self.draw_limit > 1 else ""
                out.append(f"  (the limit came first: the best plan drawing {cards}{plural})")
                out.append("  (its draws can chain on past that: docs/sun-position.md on proofs)")
        if self.can_play:
            out.extend(self.plan.lines("  ", depth))
        if self.can_draw:
            out.append("drawing 2 instead: 0 points this turn (its cards score later)")
        else:
            out.append("drawing 2 instead: not possible (no card left to draw)")
        return out


def _one(value: Fraction) -> str:
    """Expected points to one decimal (``23.5``)."""
    return f"{float(value):.1f}"


# --- the search ------------------------------------------------------------------------------


_Node = tuple[int, int, tuple[int, ...], tuple[int, ...], int, tuple[int, int] | None]
"""A decision node of the search: (filled slots, symbols, hand, drawn, segment, pending)."""

_GENERATION = 1 << 16
"""A drawn card's class plus this when it came from a pile reshuffled this turn (a node's
``drawn`` keeps the two apart: each pile's belief depends on which cards left which)."""


def _after_draw(node: _Node, generation: int, k: int) -> _Node:
    """The node after a symbol's draw from ``node`` brings a card of class ``k``
    (``generation``: whether it came from a pile reshuffled this turn)."""
    filled, symbols, hand, drawn = node[:4]
    extra = k + generation * _GENERATION
    return (filled, symbols, tuple(sorted((*hand, k))), tuple(sorted((*drawn, extra))), 0, None)


_Choice = tuple[Any, ...]
"""A memoised best move: ``("place", class, slot index)``, ``("end",)``, ``("points",)``,
``("draw", pile)``, or ``()`` (nothing to play)."""


class _Search:
    """One expectimax over the rest of ``seat``'s turn, memoised by node.

    **The turn as numbers.** Each table is asked of the engine once, when the search begins:
    which card fits which slot (:func:`~.game.fits`), the points it scores there
    (:func:`~.game.card_points`), the supports, the slots above and the neighbours of each
    slot (the pyramid's geometry: Ruling R3), the belief over each pile's next card
    (:func:`~.game.next_draw`, the pile's size, its discards). A node is then six small values:

    * the filled slots (a bit per slot index);
    * the symbols that a card placed later can still touch (3 bits per slot: the symbol of
      each filled slot with an empty slot above it; 0 for the others: a card placed later sees
      only its neighbours' symbols, all of them below it, and a card's value counts only when
      it is placed);
    * the hand and the cards drawn for symbols this turn, as sorted tuples of card classes
      (a class: the lowest card id of a label; cards of one label are interchangeable), the
      drawn cards (marked by the pile they came from) because they left the pile;
    * the ``segment`` (the slots filled since the turn began or the last draw: see
      :meth:`value`) and the card waiting for its symbol choice (its slot and the points it
      offers).

    A symbol's points are the filled neighbours with the placed card's symbol (R5: at
    placement only the two below can be filled). The answer is replayed move by move through
    the engine's checked :func:`~.game.apply` (:meth:`plan`): every placement's points, every
    symbol's points and every draw's belief must be the engine's, or the search raises
    :class:`~silverpyr.solver.core.errors.SolverBugError`; the brute force of the tests (plain
    recursion over the engine's moves) checks the values.
    """

    def __init__(
        self, root: SunState, deadline: float, draw_limit: int, node_limit: float = float("inf")
    ) -> None:
        self.root = root
        self.draw_limit = draw_limit
        self.node_limit = node_limit
        """Nodes this search may evaluate before it stops as at the time limit."""
        self.limited = False
        """Whether the draw limit kept a symbol draw out somewhere (then the value is the
        best of the plans drawing at most ``draw_limit`` cards, not of all plans)."""
        self.seat = seat = root.turn
        self.deadline = deadline
        deck = root.deck
        pyramid = root.pyramid
        geometry = pyramid.geometry
        self.slots = geometry.slots
        size = geometry.size
        self.top = geometry.index[pyramid.top]
        labels = {card.id: card.label for card in deck}
        first_of: dict[str, int] = {}
        for card_id in sorted(labels):
            first_of.setdefault(labels[card_id], card_id)
        self.labels = labels
        self.canon = {card_id: first_of[label] for card_id, label in labels.items()}
        names = sorted({card.symbol for card in deck if card.symbol is not None})
        self.symbol = {card.id: 1 + names.index(card.symbol) if card.symbol else 0 for card in deck}
        self.support_mask = tuple(
            sum(1 << j for j in support) if support else 0 for support in geometry.supports
        )
        self.supports = tuple(support or () for support in geometry.supports)
        self.above = geometry.above
        self.neighbours = geometry.neighbours
        cone: list[int] = []  # the slots under each slot (a bit per index), bottom up
        for support in geometry.supports:
            below = 0
            for j in support or ():
                below |= cone[j] | 1 << j
            cone.append(below)
        self.cone = tuple(cone)
        cells = pyramid.cells
        filled = 0
        symbols = 0
        for i, card in enumerate(cells):
            if card != _EMPTY:
                filled |= 1 << i
        for i, card in enumerate(cells):
            if card != _EMPTY and any(not filled >> a & 1 for a in self.above[i]):
                symbols |= self.symbol[card] << 3 * i
        self.root_node: _Node = (
            filled,
            symbols,
            tuple(sorted(self.canon[c] for c in root.hands[seat])),
            (),
            0,
            None,
        )
        # the beliefs: per pile, its first belief, the pile's size and its discards
        self.pile_of: dict[int, PileName] = {}
        self.first: dict[PileName, Counter[int]] = {}
        self.pile_size: dict[PileName, int] = {}
        self.discarded: dict[PileName, Counter[int]] = {}
        for pile in PILES:
            cards = next_draw(root, seat, pile) if root.pile(pile) else ()
            self.first[pile] = Counter(self.canon[c] for c in cards)
            self.pile_size[pile] = len(root.pile(pile))
            self.discarded[pile] = Counter(self.canon[c] for c in root.discards(pile))
        classes = set(self.root_node[2])
        for pile in PILES:
            classes |= set(self.first[pile]) | set(self.discarded[pile])
        self.fit: dict[int, int] = {}
        self.points: dict[int, tuple[int, ...]] = {}
        for k in sorted(classes):
            kind = deck[k]
            if kind.pile is not None:
                self.pile_of[k] = kind.pile
            self.fit[k] = sum(
                1 << i
                for i in range(size)
                if not filled >> i & 1 and fits(kind, pyramid, self.slots[i]) is None
            )
            self.points[k] = tuple(card_points(kind, pyramid, slot) for slot in self.slots)
        self.memo: dict[_Node, tuple[Fraction | int, Fraction | int, _Choice]] = {}
        # the bound's tables: the most any card that may come this turn scores on each slot
        # (its symbol's points at most 2: only the two cards below are there when it is
        # laid), and how many cards the symbol draws may bring at most
        slot_best = [0] * size
        for k in classes:
            bonus = 2 if self.symbol[k] else 0
            for i in range(size):
                if self.fit[k] >> i & 1:
                    extra = 0 if i == self.top else bonus
                    slot_best[i] = max(slot_best[i], self.points[k][i] + extra)
        self.slot_best = tuple(slot_best)
        self.drawable = sum(
            self.pile_size[pile] + sum(self.discarded[pile].values()) for pile in PILES
        )
        self.nodes = 0
        self._notations: dict[tuple[int, int], str] = {}

    def tick(self) -> None:
        self.nodes += 1
        if self.nodes > self.node_limit:
            raise _OutOfTime
        if self.nodes % _CHECK_EVERY == 0 and time.perf_counter() > self.deadline:
            raise _OutOfTime

    def place_notation(self, k: int, i: int) -> str:
        """The notation of placing a card of class ``k`` on slot ``i`` (for ties)."""
        text = self._notations.get((k, i))
        if text is None:
            text = Place(k, self.slots[i]).notation(self.root.deck)
            self._notations[(k, i)] = text
        return text

    def pool(self, pile: PileName, drawn: tuple[int, ...]) -> tuple[int, list[tuple[int, int]]]:
        """What the next card of ``pile`` may be after the symbol draws ``drawn`` this turn:
        the generation of the pile it comes from (0: the pile the turn began with, 1: its
        discards reshuffled) and (class, count) pairs. As the engine's
        :func:`~.game.next_draw` (Ruling R6): the turn's first belief less the cards drawn
        from it while the draw pile holds cards; once it is empty, its discards, reshuffled,
        less the cards drawn from them; nothing once those are gone too (a play turn
        discards nothing, so no third pile comes)."""
        j = 0
        taken: Counter[int] = Counter()
        for entry in drawn:
            if self.pile_of[entry % _GENERATION] == pile:
                j += 1
                if entry >= _GENERATION:
                    taken[entry - _GENERATION] += 1
        size = self.pile_size[pile]
        discards = self.discarded[pile]
        if j < size:
            mine = Counter(e for e in drawn if e < _GENERATION and self.pile_of[e] == pile)
            return 0, sorted((self.first[pile] - mine).items())
        if j < size + sum(discards.values()):
            return 1, sorted((discards - taken).items())
        return 1, []

    def value(self, node: _Node, root: bool = False) -> tuple[Fraction | int, Fraction | int]:
        """Expected points the seat still scores this turn from ``node``, playing best among
        the plans that draw at most ``draw_limit`` cards for symbols (exact), and an upper
        bound on them over all plans: where the limit keeps a draw out (the horizon), the
        draw is valued by :meth:`bound`; everywhere else the bound is the exact
        expectation of the children's bounds (so it is admissible: every number it adds is
        at least the true one).

        ``segment`` (a bit per slot index) holds the slots filled since the turn began or the
        last symbol draw. Two dominance rules cut the orders that cannot do better than
        another order searched anyway (no value is lost; the brute force checks it):

        * **placements in the pyramid's order:** within a segment, cards go on slots of
          rising index only (bottom row first, left to right). A card's points and symbol
          points do not depend on when it is placed, and its supports come first;
        * **draws as early as they can come:** a symbol's draw is searched only when every
          card of the segment lies under the card that draws (its supports, theirs, ...).
          Any other card of the segment could as well be placed after the draw, scoring the
          same, with the drawn card known.
        """
        known = self.memo.get(node)
        if known is not None:
            return known[0], known[1]
        self.tick()
        filled, symbols, hand, drawn, segment, pending = node
        best: Fraction | int
        high: Fraction | int
        choice: _Choice
        if pending is not None:
            slot, matches = pending
            low, up = self.value((filled, symbols, hand, drawn, segment, None))
            best, high = matches + low, matches + up
            choice, rank = ("points",), (2, "")
            if segment & ~(self.cone[slot] | 1 << slot) == 0:  # the draw-first rule
                for pile in PILES:
                    generation, pool = self.pool(pile, drawn)
                    if not pool:
                        continue
                    if len(drawn) >= self.draw_limit:
                        # the horizon: the draw is not searched, only bounded
                        self.limited = True
                        high = max(high, self.bound(filled, hand, drawn, extra=1))
                        continue
                    worth, worth_high = self.draw_value(node, generation, pool)
                    high = max(high, worth_high)
                    draw_rank = (1, f"symbol {pile}")
                    if worth > best or (worth == best and draw_rank < rank):
                        best, choice, rank = worth, ("draw", pile), draw_rank
            self.memo[node] = (best, high, choice)
            return best, high
        if root:
            best, choice, rank = 0, (), (9, "")
        else:
            best, choice, rank = 0, ("end",), (0, "")
        high = 0
        floor = segment.bit_length() - 1
        top = self.top
        support_mask = self.support_mask
        done: set[int] = set()
        for k in hand:
            if k in done:
                continue
            done.add(k)
            rest = list(hand)
            rest.remove(k)
            rest_hand = tuple(rest)
            mine = self.symbol[k]
            points = self.points[k]
            fit = self.fit[k] & ~filled
            fit >>= floor + 1
            i = floor
            while fit:
                step = (fit & -fit).bit_length()
                fit >>= step
                i += step
                if filled & support_mask[i] != support_mask[i]:
                    continue  # not open
                gain: Fraction | int = points[i]
                gain_high: Fraction | int = gain
                if i != top:
                    matches = 0
                    if mine:
                        for j in self.neighbours[i]:
                            if symbols >> 3 * j & 7 == mine:
                                matches += 1
                    now = filled | 1 << i
                    changed = symbols | mine << 3 * i if self.above[i] else symbols
                    for j in self.supports[i]:
                        if all(now >> a & 1 for a in self.above[j]):
                            changed &= ~(7 << 3 * j)
                    low, up = self.value(
                        (
                            now,
                            changed,
                            rest_hand,
                            drawn,
                            segment | 1 << i,
                            (i, matches) if matches else None,
                        )
                    )
                    gain += low
                    gain_high += up
                high = max(high, gain_high)
                if gain > best or choice == ():
                    best, choice, rank = gain, ("place", k, i), (3, self.place_notation(k, i))
                elif gain == best:
                    place_rank = (3, self.place_notation(k, i))
                    if place_rank < rank:
                        choice, rank = ("place", k, i), place_rank
        self.memo[node] = (best, high, choice)
        return best, high

    def bound(self, filled: int, hand: tuple[int, ...], drawn: tuple[int, ...], extra: int) -> int:
        """An upper bound on the points the rest of the turn can score from a decision node
        with ``hand`` and ``extra`` more cards about to come (a draw at the horizon): every
        card placed scores at most the most any card that may come this turn scores on its
        slot, its symbol's 2 points included (:attr:`slot_best`), each slot filled at most
        once, and at most one slot per card held or still drawable. (A wildcard bound: no
        card is worse than the best card that could come.)"""
        left = self.draws_left(drawn) - extra
        cards = len(hand) + extra + max(0, left)
        best = sorted(
            (self.slot_best[i] for i in range(len(self.slot_best)) if not filled >> i & 1),
            reverse=True,
        )
        return sum(best[:cards])

    def draws_left(self, drawn: tuple[int, ...]) -> int:
        """Cards the symbol draws may still bring this turn (both piles, discards included)."""
        return self.drawable - len(drawn)

    def draw_value(
        self, node: _Node, generation: int, pool: list[tuple[int, int]]
    ) -> tuple[Fraction, Fraction]:
        """Expected points of a symbol's draw from ``node`` and the best play after each card
        class (and the same with the bounds of the children)."""
        self.tick()
        total: Fraction | int = 0
        total_high: Fraction | int = 0
        weight = 0
        for k, count in pool:
            low, up = self.value(_after_draw(node, generation, k))
            total += count * low
            total_high += count * up
            weight += count
        return Fraction(total) / weight, Fraction(total_high) / weight

    def plan(self, state: SunState, node: _Node) -> Plan:
        """The memoised best play from ``node`` (the engine's ``state``) as a policy tree,
        every move replayed by the engine's checked :func:`~.game.apply`, and every number
        of the search checked against the engine's."""
        steps: list[Step] = []
        seat = self.seat
        start = state.scores[seat]
        first = node == self.root_node
        while state.phase is not Phase.OVER and state.turn == seat:
            self.value(node, root=first)
            choice = self.memo[node][2]
            drawn, pending = node[3], node[5]
            if not choice:
                break
            if choice[0] == "draw":
                pile = choice[1]
                move: Move = SymbolDraw(pile)
                cards = next_draw(state, seat, pile)
                belief = Counter(self.canon[c] for c in cards)
                generation, pool = self.pool(pile, drawn)
                if sorted(belief.items()) != pool:
                    raise SolverBugError(
                        f"the best turn's belief over the {pile} pile is not the engine's: "
                        "a bug in silverpyr"
                    )
                total = sum(count for _, count in pool)
                branches = []
                for k, count in pool:
                    if time.perf_counter() > self.deadline:  # a big tree takes time to replay
                        raise _OutOfTime
                    card = min(c for c in cards if self.canon[c] == k)
                    after = apply(with_next_card(state, seat, pile, card), move)
                    child = _after_draw(node, generation, k)
                    branches.append(
                        Branch(
                            self.labels[card],
                            count,
                            Fraction(count, total),
                            _add(self.plan(after, child), after.scores[seat] - state.scores[seat]),
                        )
                    )
                points = state.scores[seat] - start
                expected = sum((b.probability * b.plan.value for b in branches), start=_ZERO)
                return Plan(tuple(steps), points + expected, move.notation(), tuple(branches))
            expected_points: int
            if choice[0] == "place":
                _, k, i = choice
                card = min(c for c in state.hands[seat] if self.canon[c] == k)
                move = Place(card, self.slots[i])
                expected_points = self.points[k][i]
            elif choice[0] == "points":
                move = TakePoints()
                assert pending is not None
                expected_points = pending[1]
            else:
                move = EndTurn()
                expected_points = 0
            after = apply(state, move)
            gained = after.scores[seat] - state.scores[seat]
            if gained != expected_points:
                raise SolverBugError(
                    f"{move.notation(state.deck)} scores {gained} by the rules, but the best-turn "
                    f"search counted {expected_points}: a bug in silverpyr"
                )
            steps.append(Step(move.notation(state.deck), gained))
            node = self.next_node(node, choice, after)
            state = after
            first = False
        return Plan(tuple(steps), Fraction(state.scores[seat] - start))

    def next_node(self, node: _Node, choice: _Choice, after: SunState) -> _Node:
        """The node after a placement, the symbol's points or the turn's end, checked
        against the engine's state ``after``."""
        filled, symbols, hand, drawn, segment, _ = node
        if choice[0] == "points":
            return (filled, symbols, hand, drawn, segment, None)
        if choice[0] != "place":
            return node
        _, k, i = choice
        rest = list(hand)
        rest.remove(k)
        now = filled | 1 << i
        changed = symbols | self.symbol[k] << 3 * i if self.above[i] else symbols
        for j in self.supports[i]:
            if all(now >> a & 1 for a in self.above[j]):
                changed &= ~(7 << 3 * j)
        matches = sum(1 for j in self.neighbours[i] if symbols >> 3 * j & 7 == self.symbol[k])
        matches = matches if self.symbol[k] else 0
        if after.phase is not Phase.OVER and (after.pending is not None) != bool(matches):
            raise SolverBugError(
                f"placing on {self.slots[i]}: the engine's symbol phase and the best-turn "
                "search disagree: a bug in silverpyr"
            )
        if (
            after.pending is not None
            and matching_neighbours(after, after.pyramid.cards[after.pending], after.pending)
            != matches
        ):
            raise SolverBugError(
                f"placing on {self.slots[i]}: the engine's symbol points and the best-turn "
                "search's disagree: a bug in silverpyr"
            )
        return (
            now,
            changed,
            tuple(rest),
            drawn,
            segment | 1 << i,
            (i, matches) if matches else None,
        )


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
    state: SunState,
    *,
    time_limit: float = DEFAULT_TIME_LIMIT,
    max_draws: int | None = None,
    node_limit: int | None = None,
) -> BestTurn:
    """The best plays this turn for the seat to move (phase ``choose``), in expected points,
    with a proven upper bound on the best turn.

    ``max_draws`` limits the plans searched to those drawing at most that many cards for
    symbols (tests and benchmarks: the value is then the best of those plans, and the
    bound still bounds all plans). ``node_limit`` stops the search after that many nodes
    as the time limit does (a budget that does not depend on the machine's speed).

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
    budget = float("inf") if node_limit is None else node_limit
    plan: Plan | None = None
    limit: int | None = None
    # Deepening on the symbol draws: the best plan that draws at most 0 cards for symbols
    # (no chance: quick), then at most 1, 2, ... Each search's value is exact for its plans
    # and its bound holds for all plans (the draws past the limit bounded, not searched);
    # the answer is proven when the best plan found meets the lowest bound.
    upper: Fraction | None = None
    draw_limit = 0
    while True:
        search = _Search(state, began + time_limit, draw_limit, budget - nodes)
        if upper is None:
            root = search.root_node
            upper = Fraction(search.bound(root[0], root[2], (), extra=0)) if can_play else _ZERO
        try:
            value, high = search.value(search.root_node, root=True)
            found = search.plan(state, search.root_node)
        except _OutOfTime:
            nodes += search.nodes
            break
        nodes += search.nodes
        if found.value != value:
            raise SolverBugError(
                f"the best turn's plan replays to {found.value} expected points, "
                f"but the search valued it {value}: a bug in silverpyr"
            )
        if high < value:
            raise SolverBugError(
                f"the best turn's bound {high} is below its plan's {value}: a bug in silverpyr"
            )
        plan, limit = found, draw_limit
        upper = min(upper, Fraction(high))
        if upper <= plan.value or not search.limited:
            upper = plan.value
            break
        if max_draws is not None and draw_limit >= max_draws:
            break
        draw_limit += 1
    if plan is None:
        plan = _greedy_plan(state)
    assert upper is not None
    proven = upper == plan.value
    return BestTurn(
        status=PROVEN if proven else BEST_FOUND,
        draw_limit=None if proven else limit,
        seat=state.turn,
        value=plan.value,
        upper_bound=upper,
        plan=plan,
        can_play=can_play,
        can_draw=can_draw,
        nodes=nodes,
        seconds=time.perf_counter() - began,
        time_limit=time_limit,
    )
