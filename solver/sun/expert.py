"""The value model of Pyramid of the Sun (``planner``): it plays for the win over the whole
game by hand-written values, under a millisecond a decision. The expert (:mod:`.search`) plays
its proven final run and weighs every other decision by play-outs; advice and the coach play
the seat by this model in their rollouts, and explain choices by its terms.

docs/sun-bots.md ("The value model") tells what it sees and how it weighs the hand, play or
draw, the tempo toward the top, the final run and patience (a ruling); here is where each
part lives. What its seat cannot see it values by
:func:`~silverpyr.solver.sun.game.next_draw`; its own placements and symbol points are
replayed through the engine (:func:`~silverpyr.solver.sun.game.apply_unchecked` on moves the
engine listed as legal), so every rule stays in the engine.

* **Values.** A card in hand is worth a share (:attr:`ExpertWeights.keep`) of the points it
  can still make, shrinking below :attr:`ExpertWeights.horizon` empty slots; a placement's
  *gain* is its points and its symbol's best option minus the worth of the card played.
* **A turn.** The best prefix of the plan by gain counts, after the *tempo* term: leaving an
  opponent able to finish the pyramid costs :attr:`ExpertWeights.danger` when it can cost the
  lead, and gains :attr:`ExpertWeights.hurry` when the expert would stay ahead. In ``choose``
  it is set against drawing 2.
* **Terms.** Every number the expert decides by is a sum of named terms (:data:`Terms`), and
  :meth:`Expert.valuation` gives any option's value in those terms, so advice can say in game
  words why the expert prefers its choice. The final run, patience and a placement forced
  with nothing to draw are rules over the values (:class:`Choice` names the rule).

The constants were chosen by arena runs on tuning seeds (100,000 and up), never on the
report's seeds (900,000 and up): docs/sun-bots.md.
"""

from __future__ import annotations

import functools
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Literal

from .cards import PILES, Card, Deck, PileName
from .game import (
    HAND_LIMIT,
    Discard,
    Draw,
    Drew,
    EndTurn,
    Move,
    Pass,
    Passed,
    Phase,
    Place,
    Scored,
    SunState,
    SymbolDraw,
    TakePoints,
    apply_unchecked,
    matching_neighbours,
    next_draw,
    outcome,
    placements,
    points_for,
)
from .pyramid import EMPTY, geometry

Term = tuple[str, str]
"""A named part of the expert's value of an option: what it is and which card, pile or kind:
``("points", "")`` the cards' points this turn, ``("symbol", "points")`` or ``("symbol",
"card")`` a symbol's best option, ``("hold", "S6-moon")`` minus the worth in hand of a card
given up (placed or discarded), ``("tempo", "danger")`` or ``("tempo", "hurry")``,
``("draw", "edge")`` drawing 2 (``"edge, then standard"``: the two cards' piles), ``("card",
"edge")`` one card of a pile (a symbol's card, the second card of a draw)."""
Terms = dict[Term, float]
"""An option's value in named parts; their sum is the number the expert decides by."""
Rule = Literal["final run", "patience", "must place"]
"""Why the expert's choice overrides the values (module docstring): its winning final run, its
patience when no one builds, or a placement it must make with nothing to draw."""


@dataclass(frozen=True)
class Choice:
    """The expert's decision: its move, and the rule that made it when the values did not."""

    move: Move
    rule: Rule | None = None


@dataclass(frozen=True)
class Plan:
    """A turn's plan: the placements (the best prefix), its value and that value's terms."""

    steps: tuple[Place, ...]
    value: float
    terms: Terms


def _merge(total: Terms, more: Terms) -> None:
    for key, value in more.items():
        total[key] = total.get(key, 0.0) + value


@dataclass(frozen=True)
class ExpertWeights:
    """The expert's constants (tuned by arena runs on tuning seeds only)."""

    keep: float = 0.55
    """Share of a standard card's best future points a card in hand is worth."""
    keep_edge: float = 0.55
    """The same for an edge card."""
    keep_top: float = 0.8
    """The same for the best top card in hand (a second one is worth nothing)."""
    horizon: int = 10
    """Below this many empty slots (the top included), held cards lose worth in proportion."""
    draw: float = 1.0
    """Weight of drawing 2 (the cards' expected worth) against playing."""
    symbol_card: float = 1.0
    """Weight of a symbol's card against its points."""
    danger: float = 25.0
    """Cost of leaving an opponent a pyramid it may finish and so take the lead."""
    hurry: float = 3.0
    """Gain of leaving a finish to opponents that cannot take the lead by it."""
    run_points: float = 3.0
    """Points an opponent is assumed to score per card of a finishing run (the top apart)."""
    top_points: float = 8.0
    """Points an opponent is assumed to score on the top when finishing."""
    patience: int = 1
    """Rounds of turns without a card placed (every seat drew or passed) after which the
    expert places its best card rather than draw (so that experts alone still build)."""


@dataclass(frozen=True)
class Context:
    """What one decision's values depend on, computed once per decision."""

    seat: int
    width: int
    empty: int
    """Empty slots above the base, the top included."""
    high_any: int
    """Highest level with an empty slot a standard card may take (0: none)."""
    high_end: int
    """Highest level with an empty row-end slot (0: none)."""
    top_empty: bool
    fade: float
    """Held cards' worth factor for the pyramid's fullness (1 early, toward 0 at the end)."""


def context(state: SunState, seat: int, weights: ExpertWeights) -> Context:
    """What ``seat``'s decisions in ``state`` are valued by (the levels still open, the fade)."""
    pyramid = state.pyramid
    empty, high_any, high_end, top_empty = _openness(pyramid.width, pyramid.cells)
    fade = min(1.0, empty / weights.horizon) if weights.horizon > 0 else 1.0
    return Context(seat, pyramid.width, empty, high_any, high_end, top_empty, fade)


@functools.lru_cache(maxsize=4096)
def _openness(width: int, cells: tuple[int, ...]) -> tuple[int, int, int, bool]:
    """The empty slots above the base, the highest level with one, the highest with an empty
    row end, and whether the top is empty (a play-out asks this of a few pyramids often)."""
    shape = geometry(width)
    high_any = 0
    high_end = 0
    empty = 0
    for i in range(width, len(cells)):
        if cells[i] != EMPTY:
            continue
        empty += 1
        level = shape.slots[i].level
        high_any = max(high_any, level)
        if shape.ends[i]:
            high_end = max(high_end, level)
    return empty, high_any, high_end, cells[-1] == EMPTY


def card_worth(card: Card, ctx: Context, weights: ExpertWeights, *, first_top: bool) -> float:
    """What ``card`` is worth held in hand now (see the module docstring)."""
    if card.kind == "standard":
        return weights.keep * min(card.value, ctx.high_any) * ctx.fade
    if card.kind == "edge":
        return weights.keep_edge * 2 * min(card.value, ctx.high_end) * ctx.fade
    if card.kind == "top":
        if not ctx.top_empty or not first_top:
            return 0.0
        return weights.keep_top * 3 * min(card.value, ctx.width - 1)
    return 0.0


_MEAN_WORTHS: dict[tuple[object, ...], float] = {}
""":func:`_mean_worth`'s answers, by all they depend on (emptied when large)."""
_MEAN_WORTHS_KEPT = 8192


def _mean_worth(
    deck: Deck,
    cards: tuple[int, ...],
    weights: ExpertWeights,
    levels: tuple[int, int, int, bool, float],
    first_top: bool,
) -> float:
    """The mean :func:`card_worth` of ``cards`` (a pile's belief) under a context's
    ``levels`` (width, highest open levels, top empty, fade): each card's worth summed in the
    pile's order, the same floats as one call a card, worked out once per kind and value.
    Kept for the play-outs, which ask it of the same belief and pyramid again and again (by
    the weights :func:`card_worth` reads, not the whole weights: hashing those costs more)."""
    key = (deck, cards, weights.keep, weights.keep_edge, weights.keep_top, levels, first_top)
    known = _MEAN_WORTHS.get(key)
    if known is not None:
        return known
    width, high_any, high_end, top_empty, fade = levels
    ctx = Context(0, width, 0, high_any, high_end, top_empty, fade)
    keys = _worth_keys(deck)
    worth_of: dict[tuple[str, int], float] = {}
    total = 0.0
    for card_id in cards:
        kind = keys[card_id]
        worth = worth_of.get(kind)
        if worth is None:
            worth = card_worth(deck[card_id], ctx, weights, first_top=first_top)
            worth_of[kind] = worth
        total += worth
    if len(_MEAN_WORTHS) >= _MEAN_WORTHS_KEPT:
        _MEAN_WORTHS.clear()
    _MEAN_WORTHS[key] = mean = total / len(cards)
    return mean


@functools.lru_cache(maxsize=8)
def _worth_keys(deck: Deck) -> tuple[tuple[str, int], ...]:
    """Each card id's kind and value (what :func:`card_worth` reads of a card), by id."""
    top = max(card.id for card in deck)
    keys = [("", 0)] * (top + 1)
    for card in deck:
        keys[card.id] = (card.kind, card.value)
    return tuple(keys)


_FinalRuns = dict[tuple[tuple[int, ...], tuple[int, ...], int], tuple[int, tuple[Move, ...]] | None]
_FINAL_RUNS: OrderedDict[tuple[object, ...], _FinalRuns] = OrderedDict()
"""The final-run searches' memos, kept between calls: a play-out asks for the final run at
each of its last decisions, and each of those searches lies inside the one before."""
_FINAL_RUN_TABLES = 64


def _final_runs(state: SunState, seat: int) -> _FinalRuns:
    """The memo of :meth:`Expert.final_run` for ``seat`` in ``state``: its nodes are the
    pyramid, the seat's hand and its score; what else the result depends on (the deck, the
    others' scores and hand sizes, which decide the winners) is the memo's own key."""
    others = tuple(
        (score, len(hand))
        for other, (score, hand) in enumerate(zip(state.scores, state.hands, strict=True))
        if other != seat
    )
    key = (state.deck, seat, others)
    memo = _FINAL_RUNS.get(key)
    if memo is None:
        memo = _FINAL_RUNS[key] = {}
        if len(_FINAL_RUNS) > _FINAL_RUN_TABLES:
            _FINAL_RUNS.popitem(last=False)
    else:
        _FINAL_RUNS.move_to_end(key)
    return memo


def idle_turns(state: SunState) -> int:
    """Turns since the last card placed (draw-2 actions and passes: public history)."""
    turns = 0.0
    for event in reversed(state.events):
        if isinstance(event, Scored):
            if event.kind == "card":
                break
        elif isinstance(event, Drew):
            if event.reason == "draw":
                turns += 0.5
        elif isinstance(event, Passed):
            turns += 1
    return int(turns)


def hand_worths(
    state: SunState, hand: tuple[int, ...], ctx: Context, weights: ExpertWeights
) -> dict[int, float]:
    """Each held card's worth (only the best top card counts)."""
    deck = state.deck
    tops = [card for card in hand if deck[card].kind == "top"]
    best_top = max(tops, key=lambda card: (deck[card].value, -card)) if tops else None
    return {card: card_worth(deck[card], ctx, weights, first_top=card == best_top) for card in hand}


@dataclass
class Expert:
    """The expert's decisions (see the module docstring); no randomness."""

    weights: ExpertWeights = field(default_factory=ExpertWeights)

    # --- values ---------------------------------------------------------------------------

    def pile_worth(
        self,
        state: SunState,
        seat: int,
        pile: PileName,
        ctx: Context,
        cards: tuple[int, ...] | None = None,
    ) -> float:
        """The expected worth of the next card of ``pile`` to ``seat`` (uniform over the
        cards of that type it has not seen); 0 when the pile cannot be drawn. ``cards``: the
        pile's :func:`next_draw`, when the caller knows it already."""
        if not state.can_draw(pile):
            return 0.0
        if cards is None:
            cards = next_draw(state, seat, pile)  # the discards when it is to be reshuffled
        if not cards:
            return 0.0
        deck = state.deck
        held_top = any(deck[c].kind == "top" for c in state.hands[seat])
        return _mean_worth(
            deck,
            cards,
            self.weights,
            (ctx.width, ctx.high_any, ctx.high_end, ctx.top_empty, ctx.fade),
            not held_top,
        )

    def best_pile(
        self,
        state: SunState,
        seat: int,
        ctx: Context,
        beliefs: dict[PileName, tuple[int, ...]] | None = None,
    ) -> tuple[PileName | None, float]:
        """The pile whose next card is worth most, and that worth (``None``: no pile);
        ``beliefs``: each drawable pile's :func:`next_draw`, when the caller keeps them."""
        best: PileName | None = None
        worth = -1.0
        for pile in PILES:
            if state.can_draw(pile):
                cards = None if beliefs is None else beliefs[pile]
                value = self.pile_worth(state, seat, pile, ctx, cards)
                if value > worth:
                    best, worth = pile, value
        return best, max(worth, 0.0)

    def symbol_worth(self, matches: int, card_worth_: float, can_draw: bool) -> float:
        """The better of a symbol's options: its points, or a card."""
        if matches <= 0:
            return 0.0
        return max(float(matches), self.weights.symbol_card * card_worth_ if can_draw else 0.0)

    def draw_terms(
        self, state: SunState, seat: int, ctx: Context, pile: PileName | None = None
    ) -> Terms:
        """Drawing 2, the first card from ``pile`` (``None``: the best pile) and the second
        from the best pile: the worth the hand gains, after discarding down to the limit
        (empty when no pile can be drawn)."""
        best, best_worth = self.best_pile(state, seat, ctx)
        if best is None:
            return {}
        first_pile = best if pile is None else pile
        first = best_worth if first_pile == best else self.pile_worth(state, seat, first_pile, ctx)
        held = sorted(hand_worths(state, state.hands[seat], ctx, self.weights).values())
        after = sorted([*held, first, best_worth], reverse=True)[:HAND_LIMIT]
        which = first_pile if first_pile == best else f"{first_pile}, then {best}"
        return {("draw", which): self.weights.draw * (sum(after) - sum(held))}

    def draw_worth(self, state: SunState, seat: int, ctx: Context) -> float:
        """Drawing 2: the worth the hand gains, after discarding down to the limit."""
        terms = self.draw_terms(state, seat, ctx)
        return sum(terms.values()) if terms else float("-inf")

    def tempo_terms(self, state: SunState, seat: int, empty: int) -> Terms:
        """The tempo term for leaving ``empty`` empty slots after the turn (see the module
        docstring): ``("tempo", "danger")``, ``("tempo", "hurry")`` or none."""
        if empty <= 0:
            return {}
        mine = state.scores[seat]
        threat = False
        safe_finish = False
        players = state.players
        for step in range(1, players):
            other = (seat + step) % players
            cards = len(state.hands[other])
            if cards < empty:
                continue
            gain = self.weights.run_points * (empty - 1) + self.weights.top_points
            if state.scores[other] + gain >= mine:
                threat = True
            else:
                safe_finish = True
        if threat:
            return {("tempo", "danger"): -self.weights.danger}
        return {("tempo", "hurry"): self.weights.hurry} if safe_finish else {}

    def tempo(self, state: SunState, seat: int, empty: int) -> float:
        """The tempo term's value: ``-danger``, ``+hurry`` or 0."""
        return float(sum(self.tempo_terms(state, seat, empty).values()))

    # --- the turn --------------------------------------------------------------------------

    def _gain_parts(
        self,
        state: SunState,
        move: Place,
        worths: dict[int, float],
        draw_card: float,
        can_draw: bool,
    ) -> tuple[int, int, float, float]:
        """A placement's points, its symbol's matches and best option, and the worth in hand
        of its card: the parts of its gain (points + symbol - worth)."""
        points = points_for(state, move.card, move.slot)
        if move.slot == state.pyramid.top:  # the game ends: no symbol (the engine's R11)
            return points, 0, 0.0, worths[move.card]
        matches = matching_neighbours(state, move.card, move.slot)
        return points, matches, self.symbol_worth(matches, draw_card, can_draw), worths[move.card]

    def gain_terms(
        self,
        state: SunState,
        seat: int,
        move: Place,
        ctx: Context,
        worths: dict[int, float],
        draw_card: float,
        can_draw: bool,
    ) -> Terms:
        """A placement's gain in its terms: its points, its symbol's best option, minus the
        worth of the card in hand."""
        points, matches, symbol, worth = self._gain_parts(state, move, worths, draw_card, can_draw)
        terms: Terms = {("points", ""): float(points)}
        if symbol:
            terms[("symbol", "points" if symbol == matches else "card")] = symbol
        terms[("hold", state.deck[move.card].label)] = -worth
        return terms

    def plan(self, state: SunState, seat: int) -> tuple[list[Place], float]:
        """The best prefix of the turn's plan (possibly empty) and its value: gains plus the
        tempo of the empty slots left."""
        found = self.turn_plan(state, seat)
        return list(found.steps), found.value

    def turn_plan(self, state: SunState, seat: int, first: Place | None = None) -> Plan:
        """The turn's plan with its terms: the placements in order of gain while one gains,
        cut at its best prefix. With ``first``, the plan starts with that placement (whatever
        its gain) and the prefix is at least that card: the value of a turn that starts so."""
        weights = self.weights
        steps: list[Place] = []
        total = 0.0
        made: Terms = {}
        ctx = context(state, seat, weights)
        best: Plan | None = None
        if first is None:
            start = self.tempo_terms(state, seat, ctx.empty)
            best = Plan((), float(sum(start.values())), start)
        current = state
        # the piles' beliefs stay as they are while the seat only lays its own cards (each
        # leaves its hand for the pyramid: both are seen) and takes symbol points
        beliefs = {pile: next_draw(state, seat, pile) for pile in PILES if state.can_draw(pile)}
        while True:
            ctx = context(current, seat, weights)
            if ctx.empty == 0:
                break
            worths = hand_worths(current, current.hands[seat], ctx, weights)
            _, draw_card = self.best_pile(current, seat, ctx, beliefs)
            can_draw = current.can_draw("standard") or current.can_draw("edge")
            chosen: Place | None = None
            chosen_terms: Terms = {}
            chosen_gain = 0.0
            if first is not None and not steps:
                chosen = first
                chosen_terms = self.gain_terms(
                    current, seat, first, ctx, worths, draw_card, can_draw
                )
                chosen_gain = sum(chosen_terms.values())
            else:
                for move in placements(current):
                    if move.slot == current.pyramid.top:
                        continue  # the top only as the end of a final run (final_run)
                    points, _, symbol, worth = self._gain_parts(
                        current, move, worths, draw_card, can_draw
                    )
                    gain = points + symbol - worth  # the sum of gain_terms, without the dict
                    if gain > chosen_gain + 1e-9:
                        chosen, chosen_gain = move, gain
                if chosen is not None:
                    chosen_terms = self.gain_terms(
                        current, seat, chosen, ctx, worths, draw_card, can_draw
                    )
            if chosen is None:
                break
            steps.append(chosen)
            total += chosen_gain
            _merge(made, chosen_terms)
            current = apply_unchecked(current, chosen)
            if current.phase is Phase.SYMBOL:
                current = apply_unchecked(current, TakePoints())
            tempo = self.tempo_terms(current, seat, context(current, seat, weights).empty)
            value = total + float(sum(tempo.values()))
            if best is None or value > best.value + 1e-9:
                terms = dict(made)
                _merge(terms, tempo)
                best = Plan(tuple(steps), value, terms)
        assert best is not None, "a forced first placement is always made"
        return best

    def valuation(self, state: SunState, seat: int, move: Move) -> Terms:
        """The expert's value of ``move`` (a legal move of ``seat``, the seat to move) in its
        named terms, the parts of the numbers :meth:`choose` decides by: a placement is the
        turn's plan starting with it (:meth:`turn_plan`), ``end`` the tempo, ``draw`` drawing 2
        and the tempo; a symbol's points or card, a second card's pile, a discard (minus the
        card's worth in hand). Options the expert never weighs by value (``pass``) have none."""
        ctx = context(state, seat, self.weights)
        phase = state.phase
        if phase in (Phase.CHOOSE, Phase.PLAYING):
            if isinstance(move, Place):
                return self.turn_plan(state, seat, move).terms
            if isinstance(move, EndTurn):
                return self.tempo_terms(state, seat, ctx.empty)
            if isinstance(move, Draw):
                terms = self.draw_terms(state, seat, ctx, move.pile)
                _merge(terms, self.tempo_terms(state, seat, ctx.empty))
                return terms
            return {}
        if phase is Phase.SYMBOL:
            if isinstance(move, SymbolDraw):
                worth = self.pile_worth(state, seat, move.pile, ctx)
                return {("card", move.pile): self.weights.symbol_card * worth}
            matches = self.pending_matches(state)
            return {("symbol", "points"): float(matches)} if matches else {}
        if phase is Phase.DRAWING and isinstance(move, Draw):
            return {("card", move.pile): self.pile_worth(state, seat, move.pile, ctx)}
        if phase is Phase.DISCARD and isinstance(move, Discard):
            worths = hand_worths(state, state.hands[seat], ctx, self.weights)
            return {("hold", state.deck[move.card].label): -worths[move.card]}
        return {}

    @staticmethod
    def pending_matches(state: SunState) -> int:
        """The symbol points the card just placed offers (0 outside a symbol's choice)."""
        slot = state.pending
        card = None if slot is None else state.pyramid.card_at(slot)
        return 0 if slot is None or card is None else matching_neighbours(state, card, slot)

    def final_run(self, state: SunState, seat: int) -> tuple[Move, ...] | None:
        """The placements that fill every empty slot and the top this turn and leave the
        expert among the winners, with the best final score; ``None`` if there are none."""
        pyramid = state.pyramid
        empty = sum(
            1 for i in range(pyramid.width, len(pyramid.cells)) if pyramid.cells[i] == EMPTY
        )
        if empty == 0 or empty > len(state.hands[seat]):
            return None
        memo = _final_runs(state, seat)

        def search(current: SunState) -> tuple[int, tuple[Move, ...]] | None:
            if current.phase is Phase.SYMBOL:
                after = apply_unchecked(current, TakePoints())
                found = search(after)
                return None if found is None else (found[0], (TakePoints(), *found[1]))
            if current.over:
                result = outcome(current)
                if result is None or seat not in result.winners:
                    return None
                return current.scores[seat], ()
            cells = current.pyramid.cells
            left = sum(1 for i in range(current.pyramid.width, len(cells)) if cells[i] == EMPTY)
            if left > len(current.hands[seat]):
                return None
            key = (cells, current.hands[seat], current.scores[seat])
            if key in memo:
                return memo[key]
            best: tuple[int, tuple[Move, ...]] | None = None
            for move in placements(current, distinct=True):
                found = search(apply_unchecked(current, move))
                if found is not None and (best is None or found[0] > best[0]):
                    best = (found[0], (move, *found[1]))
            memo[key] = best
            return best

        found = search(state)
        return None if found is None else found[1]

    def decide(self, state: SunState, seat: int) -> Move:
        """The expert's move for ``seat`` (the seat to move), whatever the phase."""
        return self.choose(state, seat).move

    def choose(self, state: SunState, seat: int) -> Choice:
        """The expert's move for ``seat``, and the rule that made it when the values of
        :meth:`valuation` did not (module docstring)."""
        phase = state.phase
        weights = self.weights
        if phase in (Phase.CHOOSE, Phase.PLAYING):
            run = self.final_run(state, seat)
            if run:
                return Choice(run[0], "final run")
            steps, value = self.plan(state, seat)
            if phase is Phase.PLAYING:
                return Choice(steps[0] if steps else EndTurn())
            ctx = context(state, seat, weights)
            draw = self.draw_worth(state, seat, ctx)
            if steps and value >= draw + self.tempo(state, seat, ctx.empty):
                return Choice(steps[0])
            pile, _ = self.best_pile(state, seat, ctx)
            if self.stalled(state):
                build = steps[0] if steps else self._least_bad(state, seat)
                if build is not None:
                    return Choice(build, "patience")
                if state.can_draw("standard"):
                    return Choice(Draw("standard"), None if pile == "standard" else "patience")
            if pile is not None:
                return Choice(Draw(pile))
            if steps:
                return Choice(steps[0])
            fallback = self._least_bad(state, seat)
            return Choice(fallback, "must place") if fallback is not None else Choice(Pass())
        if phase is Phase.SYMBOL:
            ctx = context(state, seat, weights)
            pile, worth = self.best_pile(state, seat, ctx)
            if pile is not None and weights.symbol_card * worth > self.pending_matches(state):
                return Choice(SymbolDraw(pile))
            return Choice(TakePoints())
        if phase is Phase.DRAWING:
            ctx = context(state, seat, weights)
            pile, _ = self.best_pile(state, seat, ctx)
            if pile is None:
                raise AssertionError("asked for a second card that cannot be drawn")
            if self.stalled(state) and state.can_draw("standard") and pile != "standard":
                return Choice(Draw("standard"), "patience")
            return Choice(Draw(pile))
        if phase is Phase.DISCARD:
            ctx = context(state, seat, weights)
            worths = hand_worths(state, state.hands[seat], ctx, weights)
            deck = state.deck
            hand = state.hands[seat]
            stuck: set[int] = set()
            if self.stalled(state):  # keep the cards that fit an open slot now
                fitting = {move.card for move in placements(state)}
                stuck = {card for card in hand if card not in fitting}
            card = min(hand, key=lambda c: (c not in stuck, worths[c], deck[c].value, c))
            rule: Rule | None = "patience" if stuck and len(stuck) < len(hand) else None
            return Choice(Discard(card), rule)
        raise AssertionError(f"no decision in phase {phase}")

    def stalled(self, state: SunState) -> bool:
        """Whether no one has placed a card for :attr:`ExpertWeights.patience` rounds."""
        return idle_turns(state) >= self.weights.patience * state.players

    def _least_bad(self, state: SunState, seat: int) -> Place | None:
        """With nothing to draw and no gainful placement: the placement losing least (a
        turn that cannot draw must play if it can; the top only when nothing else fits)."""
        ctx = context(state, seat, self.weights)
        worths = hand_worths(state, state.hands[seat], ctx, self.weights)
        best: Place | None = None
        best_key: tuple[int, float, int] | None = None
        for move in placements(state):
            not_top = 0 if move.slot == state.pyramid.top else 1
            gain = points_for(state, move.card, move.slot) - worths[move.card]
            key = (not_top, gain, -move.card)
            if best_key is None or key > best_key:
                best, best_key = move, key
        return best


@dataclass
class ExpertPlayer:
    """The value model as a seat's player: ``planner`` in the registry, and the seat's own
    player in the searching expert's advice rollouts (:mod:`.search` is the expert)."""

    name: str = "planner"
    expert: Expert = field(default_factory=Expert)

    def decide(self, state: SunState, seat: int) -> Move:
        return self.expert.decide(state, seat)


__all__ = [
    "Choice",
    "Context",
    "Expert",
    "ExpertPlayer",
    "ExpertWeights",
    "Plan",
    "Rule",
    "Term",
    "Terms",
    "card_worth",
    "context",
    "hand_worths",
]
