"""Exact expectimax over the unseen expedition cards of a round (issue 12).

A round reveals 7 of the deck's expedition cards, one a turn; before each reveal a chance
node draws the next card uniformly from the *physical* cards not revealed yet this round
(any of them may turn out to be the hidden one). After the reveal the player picks a
move. The value of a state is the expected puzzle score (:func:`~.sheet.puzzle_score`
against the sheet at the start: 10 per card completed, gems as pairs and singles of the
totals held, 5 for a torch box ticked during the line, minus the skull penalty at the end)
at the end of the round under optimal play.

**Technique (chosen by measurement).** The rules come from the engine alone:

* moves are the engine's generation, :meth:`.CardState.legal_footprints` (the free
  footprints that touch, as :meth:`.Position.legal_marks` uses) and ``single_cells``,
  cached per ``(card, marks)``: the moves of a card depend on its marks alone. The sheet
  change of a mark and the red crosses it earns are the engine's
  :meth:`.Position._resolve`, cached per ``(symbol cells marked, sheet)`` (only cells with
  a symbol change the sheet). Extra marks are the engine's ``_extra_sequences``: with one
  card in play, when every sequence it finds holds at most one mark, the sequences are
  kept per marks and replayed on any sheet through the cached effects (which extra marks
  can be made depends on the marks alone, and one-mark sequences never meet); chains
  and two cards in play ask the engine for every state. ``tests/silvergold/test_exact.py``
  checks these transitions against :meth:`.Position.successors` on random states;
* a state is one ``int`` (marks of each card and a number for the score card: gems,
  skulls, torch boxes, cards completed). Each state is numbered once for the whole graph
  and expanded once, for every kind still in the deal at once (the same position recurs
  on up to four levels); its children are kept as int32 state numbers, and each level's
  edges are gathered from them with numpy;
* graphs built for values (:func:`evaluate`, :func:`move_values`, :func:`policy_value`,
  :func:`build`) keep on their last level one state per end class, the score card and the
  cards completed, all the end of the round values (:meth:`Graph.end_class`): the last
  turn's placements without a symbol fold into their parent's class. :func:`speed_turns`
  keeps whole positions, since it plays on from them;
* the backward pass runs with numpy over *all* multisets of unseen cards at once, on
  column-major value tables (a row per multiset of that level's size, a column per
  state): per kind, only the multisets its draw leads to, each gathered by child and
  reduced per state with a 1-D ``reduceat``; the last level is one column (the end of the
  round values every multiset alike);
* values are integers: a node ``m`` cards from the end of the deck holds
  ``value x m (m-1) ... (m_end + 1)``, so sums of ``count(kind) x child`` stay integral and
  every result is an exact :class:`fractions.Fraction`. The completion chance rides in the
  same int64 as a lexicographic tie-break (``score x B + completions``), so optimal play is
  "best expected score, then the best chance to complete a card".

Measured (``benchmarks/exact.py --states 30``, one core, bundled deck, two runs
alternated with the previous engine on a lightly loaded machine; wall seconds, CPU alike):
one card from turn 1, median 2.1-2.4 -> 0.78-0.82 s, max (card 27) 17.4-18.4 -> 5.1 s,
peak RSS 628 -> 321 MB; one card from turn 3, median 0.110-0.127 -> 0.058 s; two cards
from turn 5, median 0.051-0.062 -> 0.023-0.028 s. What is left is mostly the engine's
own Python: its placement generation and extra-mark sequences take about half of a
turn-3 query and of card 27's build, the backward pass about a tenth. numba was not
needed (nor tried): the gain would be in that engine code, which must stay the rules'
single copy.
"""

from __future__ import annotations

import itertools
from array import array
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TypeVar

import numpy as np
import numpy.typing as npt

from ..core.errors import SilverpyrError
from .cards import Expedition
from .cells import cells_of
from .moves import Mark, Move
from .position import CardState, Position
from .sheet import ROUNDS, TURNS_PER_ROUND, Sheet, puzzle_score

IntArray = npt.NDArray[np.int64]
RowArray = npt.NDArray[np.int32]
Policy = Callable[[Position, Expedition, int], Move]
"""A policy: the move to play in a position for the revealed expedition in a round."""

_CARD_BITS = 25
_SHEET_SHIFT = 2 * _CARD_BITS


class ExactError(SilverpyrError, ValueError):
    """A state the exact engine cannot evaluate (a round already over, unknown cards...)."""


# --- the unseen cards ----------------------------------------------------------------------


@dataclass(frozen=True)
class Deal:
    """The expedition cards of a round: the kinds, and how many of each are still unseen.

    ``counts[i]`` is the number of unseen physical cards of ``kinds[i]``; ``turns`` is the
    number of reveals still to come this round (the rest stay hidden).
    """

    kinds: tuple[Expedition, ...]
    counts: tuple[int, ...]
    turns: int

    @classmethod
    def of_round(cls, deck: Sequence[Expedition], seen: Iterable[Expedition] = ()) -> Deal:
        """The unseen cards of a round after ``seen`` were revealed (before the next reveal).

        ``deck`` lists every physical card (kinds repeated by their count).
        """
        kinds: list[Expedition] = []
        for card in deck:
            if all(card.name != kind.name for kind in kinds):
                kinds.append(card)
        available = Counter(card.name for card in deck)
        shown = Counter(card.name for card in seen)
        for name, times in shown.items():
            if times > available[name]:
                raise ExactError(
                    f"{name} revealed {times} times this round, but the deck holds "
                    f"{available[name]}"
                )
        seen_count = sum(shown.values())
        turns = TURNS_PER_ROUND - seen_count
        if turns <= 0:
            raise ExactError(f"{seen_count} cards seen: the round is over")
        if turns > len(deck) - seen_count:
            raise ExactError(
                f"the deck holds {len(deck)} expedition cards, too few for a round of "
                f"{TURNS_PER_ROUND}"
            )
        counts = tuple(available[k.name] - shown[k.name] for k in kinds)
        return cls(tuple(kinds), counts, turns)

    @property
    def size(self) -> int:
        """Unseen physical cards."""
        return sum(self.counts)

    def index(self, expedition: Expedition) -> int:
        """Index of ``expedition``'s kind."""
        for i, kind in enumerate(self.kinds):
            if kind.name == expedition.name:
                return i
        raise ExactError(f"{expedition.name} is not an expedition card of this deck")

    def after(self, expedition: Expedition) -> Deal:
        """The deal once ``expedition`` is revealed."""
        i = self.index(expedition)
        if self.counts[i] == 0:
            raise ExactError(f"no {expedition.name} is left unseen this round")
        if self.turns == 0:
            raise ExactError("no turn is left this round")
        counts = (*self.counts[:i], self.counts[i] - 1, *self.counts[i + 1 :])
        return Deal(self.kinds, counts, self.turns - 1)

    def multisets(self, depth: int) -> list[tuple[int, ...]]:
        """Every multiset of unseen cards ``depth`` reveals from now, in a fixed order."""
        size = self.size - depth
        ranges = [range(c + 1) for c in self.counts]
        return [combo for combo in itertools.product(*ranges) if sum(combo) == size]

    def orders(self) -> list[tuple[int, ...]]:
        """Every distinct order of the cards still to be revealed (kind indexes), sorted.

        They are equally likely when at most one card stays hidden (the bundled deck's
        10,080 orders of a round); otherwise see :meth:`order_weight`.
        """
        pool = [i for i, c in enumerate(self.counts) for _ in range(c)]
        return sorted(set(itertools.permutations(pool, self.turns)))

    def order_weight(self, order: Sequence[int]) -> int:
        """How many orders of the physical cards reveal ``order`` (its relative probability)."""
        weight = 1
        used = Counter(order)
        for i, count in enumerate(self.counts):
            for k in range(used[i]):
                weight *= count - k
        return weight

    def scale(self, depth: int) -> int:
        """``m (m-1) ... (m_end + 1)`` for ``m`` unseen cards ``depth`` reveals from now."""
        result = 1
        for m in range(self.size - self.turns + 1, self.size - depth + 1):
            result *= m
        return result


# --- the graph -------------------------------------------------------------------------

_MARKS_MASK = (1 << _SHEET_SHIFT) - 1
_CARD_MASK = (1 << _CARD_BITS) - 1
_SHEET_BITS = 63 - _SHEET_SHIFT
"""Score cards of a graph are numbered below ``1 << _SHEET_BITS`` (keys fit an int64)."""


@dataclass
class _Level:
    """The states one turn apart from the roots, and the moves of the live ones."""

    states: IntArray
    """The graph's number of the state of each row (see :meth:`Graph.key_of`)."""
    live: IntArray
    """Rows of states with a card in play (the others are over: their value is fixed)."""
    sinks: IntArray
    """Rows of states with no card in play."""
    children: dict[int, tuple[RowArray, IntArray]] = field(default_factory=dict)
    """Per kind index: children of the live rows (rows of the next level), segment starts."""


class Graph:
    """Every state reachable from a position within the turns left of a round.

    Built once, it answers every question about that root: the optimal value, each move's
    value, a policy's value, the known-order optimum of every order.

    A state is numbered once for the whole graph (a position reached after 3 turns and
    after 5 is expanded once); a level lists the numbers of its states.
    """

    def __init__(
        self,
        roots: Sequence[Position],
        deal: Deal,
        round_number: int,
        start_sheet: Sheet | None = None,
        *,
        end_classes: bool = False,
    ) -> None:
        if not 1 <= round_number <= ROUNDS:
            raise ExactError(f"round {round_number} does not exist (1-{ROUNDS})")
        root = roots[0]
        if len(root.cards) > 2:
            raise ExactError("the exact engine handles one or two cards in play")
        self.root = root
        self.deal = deal
        self.round_number = round_number
        self.start_sheet = root.sheet if start_sheet is None else start_sheet
        self.numbers = tuple(state.number for state in root.cards)
        self.end_classes = end_classes
        """Whether the last level holds end classes (:meth:`end_class`), not positions."""
        self._cards = tuple(state.card for state in root.cards)
        self._symbols = tuple(
            state.room.symbol_cells << (_CARD_BITS * slot) for slot, state in enumerate(root.cards)
        )
        self._tombs = tuple(state.room.tomb for state in root.cards)
        self._tomb_mask = sum(
            1 << (_CARD_BITS * slot + tomb) for slot, tomb in enumerate(self._tombs)
        )
        self._scores: dict[int, int] = {}
        self._sheets: dict[tuple[int, int, int, tuple[bool, ...], int], int] = {}
        self._sheet_list: list[Sheet] = []
        self._kinds: list[Expedition] = list(deal.kinds)
        self._kind_index = {kind.name: i for i, kind in enumerate(deal.kinds)}
        self._moves: dict[int, tuple[tuple[int, ...] | None, ...]] = {}
        self._expanded_kinds = frozenset(i for i, c in enumerate(deal.counts) if c)
        self._effects: dict[int, int] = {}
        self._extras: dict[tuple[int, int], list[int]] = {}
        self._extra_moves: dict[int, tuple[int, ...] | None] = {}
        self._keys: IntArray = np.zeros(0, dtype=np.int64)
        self.root_keys = [self.intern(position) for position in roots]
        self.levels: list[_Level] = []
        self._root_rows: dict[int, int] = {}
        self._columns_cache: dict[int, tuple[list[tuple[int, ...]], dict[tuple[int, ...], int]]]
        self._columns_cache = {}
        self._build()
        self._extras.clear()

    # state keys ---------------------------------------------------------------------

    def _sheet_id(self, sheet: Sheet) -> int:
        key = (sheet.red, sheet.green, sheet.skulls, sheet.torches, len(sheet.completed))
        found = self._sheets.get(key)
        if found is None:
            found = len(self._sheet_list)
            if found >= 1 << _SHEET_BITS:
                raise ExactError("too many distinct score cards for the exact engine's keys")
            self._sheets[key] = found
            self._sheet_list.append(sheet)
        return found

    def intern(self, position: Position) -> int:
        """The int key of ``position`` (marks of each card and the sheet), remembered."""
        key = self._sheet_id(position.sheet) << _SHEET_SHIFT
        for i, state in enumerate(position.cards):
            key |= state.marked << (_CARD_BITS * i)
        return key

    def position(self, key: int) -> Position:
        """The position a key stands for (built on demand: the graph keeps only ints)."""
        cards = tuple(
            CardState(card, key >> (_CARD_BITS * slot) & _CARD_MASK)
            for slot, card in enumerate(self._cards)
        )
        return Position(cards, self._sheet_list[key >> _SHEET_SHIFT])

    def key_of(self, state: int) -> int:
        """The key of the state the graph numbered ``state``."""
        return int(self._keys[state])

    def keys(self) -> list[int]:
        """Every key in the graph, level by level (first seen first)."""
        seen: dict[int, None] = {}
        for level in self.levels:
            for key in self._keys[level.states].tolist():
                seen.setdefault(key, None)
        return list(seen)

    # moves ----------------------------------------------------------------------------

    def _effect(self, symbols: int, sheet_id: int) -> int:
        """``after << 4 | crosses``: the sheet after marking ``symbols`` (symbol cells of one
        card, shifted to its place in a key) on sheet ``sheet_id``, and the red crosses the
        mark earns; the engine's ``_resolve``, whose sheet change and crosses depend only
        on the symbol cells marked and the sheet."""
        slot = 0 if symbols <= _CARD_MASK else 1
        card = self._cards[slot]
        alone = Position((CardState(card),), self._sheet_list[sheet_id])
        after, crosses = alone._resolve(
            Mark(card.number, symbols >> (_CARD_BITS * slot)), self.round_number
        )
        if crosses >= 16:
            raise ExactError("too many red crosses in one mark for the exact engine")
        found = self._sheet_id(after.sheet) << 4 | crosses
        self._effects[symbols << _SHEET_BITS | sheet_id] = found
        return found

    def _moves_of(self, slot: int, marked: int) -> tuple[tuple[int, ...] | None, ...]:
        """The legal moves on the card of ``slot`` with ``marked`` cells (shifted to the
        card's place in a key): the placements of each kind the graph expands (by kind
        number, ``None`` for the others), then the single cells. The engine's generation,
        as in :meth:`.Position.legal_marks` (unsorted), which depends on the marks alone.
        """
        code = slot << _CARD_BITS | marked
        found = self._moves.get(code)
        if found is None:
            state = CardState(self._cards[slot], marked)
            moves: list[list[int] | None] = [
                state.legal_footprints(kind) if i in self._expanded_kinds else None
                for i, kind in enumerate(self._kinds)
            ]
            moves.append([1 << cell for cell in cells_of(state.single_cells())])
            shift = _CARD_BITS * slot
            found = tuple(
                None
                if cells is None
                else tuple(fp << shift for fp in cells)
                if shift
                else tuple(cells)
                for cells in moves
            )
            self._moves[code] = found
        return found

    def _placements(self, slot: int, marked: int, kind: int) -> tuple[int, ...]:
        """The legal placements of a kind the graph does not expand (uncached)."""
        state = CardState(self._cards[slot], marked)
        shift = _CARD_BITS * slot
        return tuple(fp << shift for fp in state.legal_footprints(self._kinds[kind]))

    def _extra_cells(self, marks: int, crosses: int) -> tuple[int, ...] | None:
        """The engine's extra-mark sequences after a mark that earned ``crosses`` and left
        ``marks`` on the one card in play: the cell of each (0: none); ``None`` when there
        are two cards, or a sequence holds more than one mark.

        Which extra marks can be made depends on the marks alone (the engine's
        ``legal_extra_marks`` and the crosses ``_resolve`` counts); only their effects on
        the sheet depend on the sheet. When every sequence holds at most one mark, two
        sequences never meet, so the engine finds the same ones on any sheet.
        """
        if len(self._cards) > 1:
            return None
        code = marks << 4 | crosses
        if code in self._extra_moves:
            return self._extra_moves[code]
        position = Position((CardState(self._cards[0], marks),), self.start_sheet)
        sequences = position._extra_sequences(crosses, self.round_number)
        found: tuple[int, ...] | None = None
        if all(len(extras) <= 1 for extras, _ in sequences):
            found = tuple(extras[0].cells if extras else 0 for extras, _ in sequences)
        self._extra_moves[code] = found
        return found

    def _kind(self, expedition: Expedition) -> int:
        found = self._kind_index.get(expedition.name)
        if found is None or self._kinds[found] != expedition:
            found = len(self._kinds)
            self._kinds.append(expedition)
            self._kind_index[expedition.name] = found
        return found

    def children(self, key: int, expedition: Expedition) -> list[int]:
        """Keys of the distinct positions every legal move for ``expedition`` leads to.

        The same as :meth:`.Position.successors` (checked by the tests): every legal mark
        from the engine's generation, its sheet change and extra marks as the engine
        makes them, cached by marks and sheet.
        """
        if not self.in_play(key):
            return [key]
        return self._expand(key, [self._kind(expedition)], False)[0]

    def _expand(self, key: int, kinds: Sequence[int], last: bool) -> list[list[int]]:
        """The children of a live state for each kind numbered in ``kinds`` (keys, in the
        order of :meth:`.Position.legal_marks` unsorted: per card, placements then single
        cells); on the round's last turn of a graph of end classes, their classes."""
        end = last and self.end_classes
        marks = key & _MARKS_MASK
        cards: list[tuple[int, int, tuple[tuple[int, ...] | None, ...], list[int]]] = []
        for slot, tomb in enumerate(self._tombs):
            marked = marks >> (_CARD_BITS * slot) & _CARD_MASK
            if not marked >> tomb & 1:  # complete: out of play
                moves = self._moves_of(slot, marked)
                singles = moves[-1]
                assert singles is not None
                cards.append((slot, marked, moves, self._reached(key, slot, singles, end)))
        result: list[list[int]] = []
        for kind in kinds:
            children: list[int] = []
            for slot, marked, moves, reached in cards:
                placements = moves[kind] if kind < len(moves) - 1 else None
                if placements is None:
                    placements = self._placements(slot, marked, kind)
                children += self._reached(key, slot, placements, end)
                children += reached
            result.append(list(dict.fromkeys(children)))
        return result

    def _reached(self, key: int, slot: int, placements: Sequence[int], end: bool) -> list[int]:
        """Keys after each of ``placements`` (shifted cells) on the card of ``slot``, with
        its extra marks; with ``end``, their end classes (:meth:`end_class`)."""
        sheet_id = key >> _SHEET_SHIFT
        marks = key & _MARKS_MASK
        symbols = self._symbols[slot]
        effects = self._effects
        mask = self._tomb_mask | ~_MARKS_MASK if end else -1
        reached: list[int] = []
        append = reached.append
        plain = False
        for cells in placements:
            hit = cells & symbols
            if not hit:  # no symbol: the sheet stays as it is, no card completes
                if end:
                    plain = True
                else:
                    append(key | cells)
                continue
            effect = effects.get(hit << _SHEET_BITS | sheet_id)
            if effect is None:
                effect = self._effect(hit, sheet_id)
            child = marks | cells | (effect >> 4) << _SHEET_SHIFT
            if not effect & 15:
                append(child & mask)
                continue
            extras = self._extra_cells(marks | cells, effect & 15)
            if extras is None:
                reached.extend(reach & mask for reach in self._with_extras(child, effect & 15))
                continue
            after = effect >> 4
            for extra in extras:
                hit = extra & symbols
                if not hit:
                    append((child | extra) & mask)
                    continue
                effect = effects.get(hit << _SHEET_BITS | after)
                if effect is None:
                    effect = self._effect(hit, after)
                append((marks | cells | extra | (effect >> 4) << _SHEET_SHIFT) & mask)
        if plain:
            append(key & mask)
        return reached

    def end_class(self, key: int) -> int:
        """The key of the end class of ``key``: its score card and cards completed, all the
        end of the round values (its marks are the tombs of the completed cards only)."""
        return key & (self._tomb_mask | ~_MARKS_MASK)

    def _with_extras(self, key: int, crosses: int) -> list[int]:
        """Keys after a mark that earned ``crosses`` extra marks and led to ``key``: the
        engine's own extra-mark sequences (two cards in play, or chains), cached by key."""
        found = self._extras.get((key, crosses))
        if found is None:
            after = self.position(key)
            found = self._extras[(key, crosses)] = [
                self.intern(reached)
                for _, reached in after._extra_sequences(crosses, self.round_number)
            ]
        return found

    # building -------------------------------------------------------------------------

    def _done(self, keys: IntArray) -> IntArray:
        """Cards of the root completed in each key."""
        done = np.zeros(len(keys), dtype=np.int64)
        for slot, tomb in enumerate(self._tombs):
            done += (keys >> (_CARD_BITS * slot + tomb)) & 1
        return done

    def _build(self) -> None:
        deal = self.deal
        live_kinds = [i for i, c in enumerate(deal.counts) if c]
        if len(deal.kinds) > 8:
            raise ExactError("the exact engine handles at most 8 kinds of expedition card")
        # states are numbered in the order first seen: ``ids`` maps a key to its number
        ids: defaultdict[int, int] = defaultdict(itertools.count().__next__)
        roots = [ids[key] for key in self.root_keys]
        self._root_rows = {key: roots[i] for i, key in enumerate(self.root_keys)}
        states = np.arange(len(ids), dtype=np.int64)
        # the children of every expanded state, per kind: state numbers in ``flat``, the
        # n-th expanded state's between ``bounds[n]`` and ``bounds[n + 1]``
        flat = {i: array("i") for i in live_kinds}
        bounds = {i: array("q", [0]) for i in live_kinds}
        expanded: dict[int, int] = {}
        keys = np.fromiter(ids, dtype=np.int64, count=len(ids))
        for depth in range(deal.turns + 1):
            playing = self._done(keys[states]) < len(self._tombs)
            level = _Level(
                states,
                np.flatnonzero(playing).astype(np.int64),
                np.flatnonzero(~playing).astype(np.int64),
            )
            self.levels.append(level)
            if depth == deal.turns:
                break
            live = states[level.live].tolist()
            last = depth == deal.turns - 1
            for state in live:
                if state in expanded:
                    continue
                expanded[state] = len(expanded)
                key = int(keys[state])
                for i, children in zip(
                    live_kinds, self._expand(key, live_kinds, last), strict=True
                ):
                    flat[i].extend(map(ids.__getitem__, children))
                    bounds[i].append(len(flat[i]))
            keys = np.fromiter(ids, dtype=np.int64, count=len(ids))
            picks = np.asarray([expanded[state] for state in live], dtype=np.int64)
            gathered = {
                i: _segments(
                    np.array(flat[i], dtype=np.int32), np.array(bounds[i], np.int64), picks
                )
                for i in live_kinds
            }
            if last and self.end_classes:
                # the round's end: one state per end class (states expanded at an
                # earlier turn point at whole positions, their classes are taken here)
                mask = self._tomb_mask | ~_MARKS_MASK
                classes = {i: keys[targets] & mask for i, (targets, _) in gathered.items()}
                ends = np.unique(np.concatenate(list(classes.values())))
                states = np.asarray([ids[end] for end in ends.tolist()], dtype=np.int64)
                keys = np.fromiter(ids, dtype=np.int64, count=len(ids))
                for i, (_, offsets) in gathered.items():
                    rows = np.searchsorted(ends, classes[i]).astype(np.int32)
                    level.children[i] = (rows, offsets)
                continue
            reached = np.zeros(len(ids), dtype=bool)
            for targets, _ in gathered.values():
                reached[targets] = True
            following = np.flatnonzero(reached)
            row = np.zeros(len(ids), dtype=np.int32)
            row[following] = np.arange(len(following), dtype=np.int32)
            for i, (targets, offsets) in gathered.items():
                level.children[i] = (row[targets], offsets)
            states = following.astype(np.int64)
        self._keys = keys

    @property
    def states(self) -> int:
        """States in the graph (summed over levels)."""
        return sum(len(level.states) for level in self.levels)

    # scores -----------------------------------------------------------------------------

    def score(self, key: int) -> int:
        """Puzzle score of the position ``key`` against the root's sheet (cached by sheet)."""
        sheet_id = key >> _SHEET_SHIFT
        found = self._scores.get(sheet_id)
        if found is None:
            found = puzzle_score(self.start_sheet, self._sheet_list[sheet_id]).total
            self._scores[sheet_id] = found
        return found

    def completed(self, key: int) -> int:
        """Cards of the root completed in the position ``key``."""
        marks = key & _MARKS_MASK
        return sum(
            1 for slot, tomb in enumerate(self._tombs) if marks >> (_CARD_BITS * slot + tomb) & 1
        )

    def in_play(self, key: int) -> bool:
        """Whether the position ``key`` still has a card to mark."""
        return self.completed(key) < len(self._tombs)

    def per_state(self, value: Callable[[int], int], states: IntArray) -> IntArray:
        """``value(key)`` of each state, for a ``value`` that depends only on the score card
        and the cards completed (called once per distinct pair)."""
        keys = self._keys[states]
        codes = (keys >> _SHEET_SHIFT) * (len(self._tombs) + 1) + self._done(keys)
        _, first, inverse = np.unique(codes, return_index=True, return_inverse=True)
        values = [value(int(keys[i])) for i in first.tolist()]
        result: IntArray = np.asarray(values, dtype=np.int64)[inverse.reshape(-1)]
        return result

    # the backward pass ----------------------------------------------------------------

    def _columns(self, depth: int) -> tuple[list[tuple[int, ...]], dict[tuple[int, ...], int]]:
        found = self._columns_cache.get(depth)
        if found is None:
            sets = self.deal.multisets(depth)
            found = self._columns_cache[depth] = (sets, {s: j for j, s in enumerate(sets)})
        return found

    def solve(
        self,
        terminal: Callable[[int], int],
        *,
        step: Callable[[int], int] | None = None,
    ) -> list[IntArray]:
        """Backward induction over every multiset of unseen cards.

        ``terminal(key)`` values the end of the round; ``step(key)`` adds a reward each
        turn played from ``key`` (before the reveal); both depend only on the score card
        and the cards completed (see :meth:`per_state`). Values are scaled by
        :meth:`Deal.scale` so they stay integers.
        Returns the value table of every level (rows: states, columns: multisets; a
        transposed view of a column-major array).
        """
        deal = self.deal
        last = len(self.levels) - 1
        tables: list[IntArray] = []
        below: IntArray | None = None
        for depth in range(last, -1, -1):
            level = self.levels[depth]
            here, _ = self._columns(depth)
            scale = deal.scale(depth)
            # column-major: a row per multiset, so a column of values is contiguous
            table = np.zeros((len(here), len(level.states)), dtype=np.int64)
            if len(level.sinks):
                fixed = self.per_state(terminal, level.states[level.sinks])
                table[:, level.sinks] = fixed * scale
            if depth == last:
                if len(level.live):
                    ends = self.per_state(terminal, level.states[level.live])
                    table[:, level.live] = ends * scale
            else:
                assert below is not None
                part = np.zeros((len(here), len(level.live)), dtype=np.int64)
                if step is not None:
                    part += self.per_state(step, level.states[level.live]) * scale
                for i, (flat, offsets) in level.children.items():
                    used, weights, columns = self._draws(depth, i)
                    if not len(used):
                        continue  # no card of this kind left to draw
                    if depth + 1 == last:
                        # the round's end: every column of ``below`` holds the same values
                        best = _column_max(below, [0], flat, offsets)
                        part[used] += best * weights[:, None]
                    else:
                        # only the columns of ``below`` this kind's draw leads to
                        needed, where = np.unique(columns, return_inverse=True)
                        best = _column_max(below, needed.tolist(), flat, offsets)
                        part[used] += best[where.reshape(-1)] * weights[:, None]
                table[:, level.live] = part
            tables.insert(0, table.T)
            below = table
        return tables

    def _draws(self, depth: int, kind: int) -> tuple[IntArray, IntArray, IntArray]:
        """For drawing ``kind`` at ``depth``: the columns (multisets) holding it, how many
        of it each holds, and the column of the next level each then leads to."""
        here, _ = self._columns(depth)
        _, below_index = self._columns(depth + 1)
        used = [j for j, s in enumerate(here) if s[kind]]
        weights = np.asarray([here[j][kind] for j in used], dtype=np.int64)
        columns = np.asarray(
            [below_index[(*here[j][:kind], here[j][kind] - 1, *here[j][kind + 1 :])] for j in used],
            dtype=np.int64,
        )
        return np.asarray(used, dtype=np.int64), weights, columns


def _segments(flat: RowArray, bounds: IntArray, picks: IntArray) -> tuple[RowArray, IntArray]:
    """The segments ``flat[bounds[p]:bounds[p + 1]]`` of the ``picks``, one after the other,
    and where each starts."""
    low = bounds[picks]
    lengths = bounds[picks + 1] - low
    offsets = np.cumsum(lengths) - lengths
    total = int(lengths.sum())
    index = np.arange(total, dtype=np.int64) + np.repeat(low - offsets, lengths)
    return flat[index], offsets


_CHUNK_EDGES = 1 << 16


_Table = TypeVar("_Table", bound=np.generic)


def _segment_max(
    table: npt.NDArray[_Table], flat: RowArray, offsets: IntArray
) -> npt.NDArray[_Table]:
    """Per segment of ``flat`` (starting at ``offsets``), the row-wise max of ``table[flat]``.

    Gathered a chunk of segments at a time, so memory stays bounded on large graphs.
    """
    rows = len(offsets)
    result = np.empty((rows, table.shape[1]), dtype=table.dtype)
    start = 0
    while start < rows:
        stop = int(np.searchsorted(offsets, offsets[start] + _CHUNK_EDGES, side="right"))
        stop = max(stop, start + 1)
        low = int(offsets[start])
        high = int(offsets[stop]) if stop < rows else len(flat)
        result[start:stop] = np.maximum.reduceat(
            table[flat[low:high]], offsets[start:stop] - low, axis=0
        )
        start = stop
    return result


def _column_max(
    table: IntArray, columns: Sequence[int], flat: RowArray, offsets: IntArray
) -> IntArray:
    """For each of ``columns`` of the column-major ``table`` (a row per column), the max of
    ``table[column][flat]`` over each segment of ``flat`` (starting at ``offsets``)."""
    result = np.empty((len(columns), len(offsets)), dtype=table.dtype)
    if len(offsets):
        for k, column in enumerate(columns):
            np.maximum.reduceat(table[column][flat], offsets, out=result[k])
    return result


# --- results ---------------------------------------------------------------------------


@dataclass(frozen=True)
class Outcome:
    """An exact expectation: the puzzle score and the expected number of cards completed.

    For one card, ``completion`` is the chance to complete it within the round.
    """

    score: Fraction
    completion: Fraction

    def as_dict(self) -> dict[str, float | str]:
        """JSON-ready: floats and the exact fractions as text."""
        return {
            "score": float(self.score),
            "completion": float(self.completion),
            "score_exact": str(self.score),
            "completion_exact": str(self.completion),
        }


@dataclass(frozen=True)
class MoveValue:
    """A legal move for the revealed card and its exact expected outcome."""

    move: Move
    outcome: Outcome


def _lex_base(graph: Graph) -> int:
    return len(graph.numbers) * graph.deal.scale(0) + 1


def _split(value: int, base: int, scale: int) -> Outcome:
    score, completion = divmod(value, base)
    return Outcome(Fraction(score, scale), Fraction(completion, scale))


def _score_terminal(graph: Graph, base: int) -> Callable[[int], int]:
    return lambda key: graph.score(key) * base + graph.completed(key)


def check_root(position: Position) -> None:
    """Raise :class:`ExactError` unless ``position`` can start an exact evaluation."""
    for state in position.cards:
        if state.is_complete():
            raise ExactError(f"card {state.number} is already complete: it is out of play")


def build(position: Position, deal: Deal, round_number: int) -> Graph:
    """The state graph of ``position`` for the rest of the round ``deal`` describes."""
    check_root(position)
    return Graph([position], deal, round_number, end_classes=True)


def _root_outcomes(graph: Graph) -> list[Outcome]:
    """Optimal expected outcome of each root of ``graph`` (before the next reveal)."""
    base = _lex_base(graph)
    tables = graph.solve(_score_terminal(graph, base))
    _, columns = graph._columns(0)
    column = columns[graph.deal.counts]
    scale = graph.deal.scale(0)
    rows = graph._root_rows
    return [_split(int(tables[0][rows[k], column]), base, scale) for k in graph.root_keys]


def expected_value(graph: Graph) -> Outcome:
    """Optimal expected outcome at the (first) root, before the next reveal."""
    return _root_outcomes(graph)[0]


def evaluate(position: Position, round_number: int, deal: Deal) -> Outcome:
    """Optimal expected outcome of ``position`` before the next reveal of ``deal``."""
    return expected_value(build(position, deal, round_number))


def move_values(
    position: Position, round_number: int, revealed: Expedition, deal: Deal
) -> list[MoveValue]:
    """Exact expected outcome of every legal move for the ``revealed`` card.

    ``deal`` describes the unseen cards *before* the reveal (``revealed`` among them).
    Moves come in :meth:`.Position.successors` order, one per distinct position; the
    positions after the moves are the roots of one graph, so shared futures are solved once.
    """
    check_root(position)
    after = deal.after(revealed)
    pairs = position.successors(revealed, round_number)
    roots = [reached for _, reached in pairs]
    graph = Graph(roots, after, round_number, position.sheet, end_classes=True)
    outcomes = _root_outcomes(graph)
    return [MoveValue(move, outcome) for (move, _), outcome in zip(pairs, outcomes, strict=True)]


# --- a given policy ----------------------------------------------------------------------


class PolicyGraph(Graph):
    """The states a policy reaches: one child per state and revealed card (its move's)."""

    def __init__(
        self,
        roots: Sequence[Position],
        deal: Deal,
        round_number: int,
        policy: Policy,
        start_sheet: Sheet | None = None,
        *,
        end_classes: bool = False,
    ) -> None:
        self.policy = policy
        super().__init__(roots, deal, round_number, start_sheet, end_classes=end_classes)

    def _expand(self, key: int, kinds: Sequence[int], last: bool) -> list[list[int]]:
        return [self.children(key, self.deal.kinds[kind]) for kind in kinds]

    def children(self, key: int, expedition: Expedition) -> list[int]:
        """The position the policy's move leads to (checked by the engine's ``push``)."""
        position = self.position(key)
        move = self.policy(position, expedition, self.round_number)
        return [self.intern(position.push(move, expedition, self.round_number))]


def policy_value(position: Position, round_number: int, deal: Deal, policy: Policy) -> Outcome:
    """Exact expected outcome of playing ``policy`` from ``position`` before the next reveal."""
    check_root(position)
    return expected_value(PolicyGraph([position], deal, round_number, policy, end_classes=True))


def greedy_policy(position: Position, expedition: Expedition, round_number: int) -> Move:
    """The greedy bot's move (:func:`.bots.choose_move`)."""
    from .bots import choose_move

    return choose_move(position, expedition, round_number)


# --- playing for speed -------------------------------------------------------------------


def _speed_round(graph: Graph) -> tuple[Fraction, dict[int, int], int]:
    """Speed play over one round: ``(E[T], {key: mass}, denominator)``.

    ``T`` is the completion turn within the round (turns + 1 when the round ends first);
    play minimises ``E[T]``, ties to the engine's move order. The second item holds the
    positions where the round ends with a card still in play, with their probability as
    ``mass / denominator`` (the number of physical orders of the reveals that lead there).
    """
    deal = graph.deal
    tables = graph.solve(
        lambda key: -1 if graph.in_play(key) else 0,
        step=lambda key: -1 if graph.in_play(key) else 0,
    )
    last = len(graph.levels) - 1
    column_sets = [graph._columns(depth) for depth in range(last + 1)]
    start_column = column_sets[0][1][deal.counts]
    root_row = graph._root_rows[graph.root_keys[0]]
    value = Fraction(int(tables[0][root_row, start_column]), deal.scale(0))
    mass: dict[tuple[int, int], int] = {(root_row, start_column): 1}
    for depth in range(last):
        level = graph.levels[depth]
        live_rank = {int(row): r for r, row in enumerate(level.live.tolist())}
        sets = column_sets[depth][0]
        below_index = column_sets[depth + 1][1]
        following: dict[tuple[int, int], int] = {}
        for (row, column), weight in sorted(mass.items()):
            rank = live_rank.get(row)
            if rank is None:
                continue  # complete: nothing more to play
            counts = sets[column]
            for i, (flat, offsets) in level.children.items():
                if not counts[i]:
                    continue
                low = int(offsets[rank])
                high = int(offsets[rank + 1]) if rank + 1 < len(offsets) else len(flat)
                after = below_index[(*counts[:i], counts[i] - 1, *counts[i + 1 :])]
                options = flat[low:high]
                child = int(options[int(np.argmax(tables[depth + 1][options, after]))])
                target = (child, after)
                following[target] = following.get(target, 0) + weight * counts[i]
        mass = following
    ends: dict[int, int] = {}
    final = graph.levels[last]
    for (row, _), weight in mass.items():
        key = graph.key_of(int(final.states[row]))
        if graph.in_play(key):
            ends[key] = ends.get(key, 0) + weight
    denominator = 1
    for m in range(deal.size - deal.turns + 1, deal.size + 1):
        denominator *= m
    return -value, ends, denominator


def speed_turns(position: Position, deck: Sequence[Expedition], round_number: int = 1) -> Fraction:
    """Expected turns to complete every card in play when playing for speed, across rounds.

    From ``position`` at the start of ``round_number`` (a fresh shuffle of ``deck``), each
    round is played to minimise the expected completion turn within that round (a round
    ending first counts as turns + 1); a card still in play at the round's end goes on in
    the next round, with a fresh shuffle, played the same way. Turns count across rounds
    (round 2's first turn is turn 8). A card still in play after round 4 counts as
    ``4 x 7 + 1`` turns. Exact (a fraction).
    """
    check_root(position)
    deal = Deal.of_round(deck)
    graph = Graph([position], deal, round_number)
    expected, ends, denominator = _speed_round(graph)
    if round_number == ROUNDS or not ends:
        return expected
    turns = deal.turns
    incomplete = Fraction(sum(ends.values()), denominator)
    total = expected - (turns + 1) * incomplete
    for key, weight in sorted(ends.items()):
        later = speed_turns(graph.position(key), deck, round_number + 1)
        total += Fraction(weight, denominator) * (turns + later)
    return total


# --- known orders ------------------------------------------------------------------------


def known_order_optima(graph: Graph, orders: Sequence[Sequence[int]]) -> list[int]:
    """The best puzzle score of the root for each known ``order`` (kind indexes, one a turn).

    The perfect-information optimum, as :func:`.solve.solve` finds it for the same line
    (``tests/silvergold/test_exact.py`` compares the two); computed by backward induction over
    the graph for every order at once (a column per distinct suffix of the orders).
    """
    last = len(graph.levels) - 1
    for order in orders:
        if len(order) != last:
            raise ExactError(f"an order holds {last} cards, not {len(order)}")
    suffixes = [sorted({tuple(order[depth:]) for order in orders}) for depth in range(last + 1)]
    below: npt.NDArray[np.int16] | None = None
    for depth in range(last, -1, -1):
        level = graph.levels[depth]
        columns = suffixes[depth]
        table = np.zeros((len(level.states), len(columns)), dtype=np.int16)
        scores = graph.per_state(graph.score, level.states).astype(np.int16)
        if depth == last:
            table[:, 0] = scores
        else:
            assert below is not None
            table[level.sinks, :] = scores[level.sinks][:, None]
            if len(level.live):
                tail_index = {s: j for j, s in enumerate(suffixes[depth + 1])}
                part = np.zeros((len(level.live), len(columns)), dtype=np.int16)
                for i, (flat, offsets) in level.children.items():
                    here = [j for j, s in enumerate(columns) if s[0] == i]
                    if not here:
                        continue
                    tails = np.asarray([tail_index[columns[j][1:]] for j in here], dtype=np.int64)
                    part[:, here] = _segment_max(below[:, tails], flat, offsets)
                table[level.live, :] = part
        below = table
    assert below is not None
    root_row = graph._root_rows[graph.root_keys[0]]
    index = {s: j for j, s in enumerate(suffixes[0])}
    return [int(below[root_row, index[tuple(order)]]) for order in orders]
