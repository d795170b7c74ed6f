"""The expert of Pyramid of the Sun: it plays for the win over the whole game.

It sees what its seat sees (its hand, the others' hand sizes, the scores, the pyramid, the
discards, the piles' sizes: :meth:`SunState.view`); what it cannot see (the piles' order, the
others' hands) it values by :func:`~silverpyr.solver.sun.game.next_draw`, the uniform belief
over the cards of a pile's type it has not seen (the discards when the pile is empty and
about to be reshuffled). Its own placements and symbol points are replayed
through the engine (:func:`~silverpyr.solver.sun.game.apply_unchecked` on moves the engine
listed as legal), so every rule stays in the engine.

**Values.** A card in hand is worth a share (:attr:`ExpertWeights.keep`) of the points it can
still make: ``min(value, highest level still open to its kind)``, doubled for an edge card
(only row ends, only levels below the top), tripled for a top card (the top; a second top
card in hand is worth nothing), shrinking as the pyramid fills (fewer than
:attr:`ExpertWeights.horizon` empty slots: cards still in hand at the end score nothing). A
placement's *gain* is its points and its symbol's best option (the points, or a card worth
its expected value) minus the worth of the card played. So a high card waits for a high
level, a low card is played at once, and an edge card waits for a row end.

**A turn.** The plan is the placements in order of gain while one gains; of its prefixes
(stop after 0, 1, 2... cards) the one with the best total counts, after the *tempo* term: the
empty slots left after the turn. If an opponent moving before the expert's next turn holds
as many cards as there are empty slots, it may finish the pyramid (and score the top): when
that can cost the expert the lead, leaving so few slots costs
:attr:`ExpertWeights.danger`; when the expert would stay ahead even then, it gains
:attr:`ExpertWeights.hurry` (ending the game while ahead). In ``choose`` the best prefix is
set against drawing 2 (the expected worth of the two cards, after discarding down to 5, by
pile). **Patience:** after a round
of turns in which no one placed a card, it places its best card rather than draw (or, with
none to place, draws from the standard pile, whose cards fit any slot), so that a table of
experts still builds; while so stalled it draws from the standard pile and discards first
the cards that fit no open slot.

**The final run:** whenever the expert can fill every empty slot and the top this turn (an
exhaustive search over its placements, symbol points taken), and the game then ends with the
expert among the winners, it plays that run.

The constants were chosen by arena runs on tuning seeds (100,000 and up), never on the
report's seeds (900,000 and up): docs/sun-bots.md.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from .cards import PILES, Card, PileName
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
from .pyramid import EMPTY


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
class _Context:
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


def _context(state: SunState, seat: int, weights: ExpertWeights) -> _Context:
    pyramid = state.pyramid
    shape = pyramid.geometry
    cells = pyramid.cells
    high_any = 0
    high_end = 0
    empty = 0
    for i in range(pyramid.width, len(cells)):
        if cells[i] != EMPTY:
            continue
        empty += 1
        level = shape.slots[i].level
        high_any = max(high_any, level)
        if shape.ends[i]:
            high_end = max(high_end, level)
    top_empty = cells[-1] == EMPTY
    fade = min(1.0, empty / weights.horizon) if weights.horizon > 0 else 1.0
    return _Context(seat, pyramid.width, empty, high_any, high_end, top_empty, fade)


def card_worth(card: Card, ctx: _Context, weights: ExpertWeights, *, first_top: bool) -> float:
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
    state: SunState, hand: tuple[int, ...], ctx: _Context, weights: ExpertWeights
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

    def pile_worth(self, state: SunState, seat: int, pile: PileName, ctx: _Context) -> float:
        """The expected worth of the next card of ``pile`` to ``seat`` (uniform over the
        cards of that type it has not seen); 0 when the pile cannot be drawn."""
        if not state.can_draw(pile):
            return 0.0
        cards = next_draw(state, seat, pile)  # the discards when the pile is to be reshuffled
        if not cards:
            return 0.0
        deck = state.deck
        held_top = any(deck[c].kind == "top" for c in state.hands[seat])
        total = 0.0
        for card_id in cards:
            card = deck[card_id]
            total += card_worth(card, ctx, self.weights, first_top=not held_top)
        return total / len(cards)

    def best_pile(self, state: SunState, seat: int, ctx: _Context) -> tuple[PileName | None, float]:
        """The pile whose next card is worth most, and that worth (``None``: no pile)."""
        best: PileName | None = None
        worth = -1.0
        for pile in PILES:
            if state.can_draw(pile):
                value = self.pile_worth(state, seat, pile, ctx)
                if value > worth:
                    best, worth = pile, value
        return best, max(worth, 0.0)

    def symbol_worth(self, matches: int, card_worth_: float, can_draw: bool) -> float:
        """The better of a symbol's options: its points, or a card."""
        if matches <= 0:
            return 0.0
        return max(float(matches), self.weights.symbol_card * card_worth_ if can_draw else 0.0)

    def draw_worth(self, state: SunState, seat: int, ctx: _Context) -> float:
        """Drawing 2: the worth the hand gains, after discarding down to the limit."""
        pile, worth = self.best_pile(state, seat, ctx)
        if pile is None:
            return float("-inf")
        held = sorted(hand_worths(state, state.hands[seat], ctx, self.weights).values())
        after = sorted([*held, worth, worth], reverse=True)[:HAND_LIMIT]
        return self.weights.draw * (sum(after) - sum(held))

    def tempo(self, state: SunState, seat: int, empty: int) -> float:
        """The tempo term for leaving ``empty`` empty slots after the turn (see the module
        docstring): ``-danger``, ``+hurry`` or 0."""
        if empty <= 0:
            return 0.0
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
            return -self.weights.danger
        return self.weights.hurry if safe_finish else 0.0

    # --- the turn --------------------------------------------------------------------------

    def _gain(
        self,
        state: SunState,
        seat: int,
        move: Place,
        ctx: _Context,
        worths: dict[int, float],
        draw_card: float,
        can_draw: bool,
    ) -> float:
        points = points_for(state, move.card, move.slot)
        if move.slot == state.pyramid.top:
            return points - worths[move.card]  # the game ends: no symbol (the engine's R11)
        matches = matching_neighbours(state, move.card, move.slot)
        return points + self.symbol_worth(matches, draw_card, can_draw) - worths[move.card]

    def plan(self, state: SunState, seat: int) -> tuple[list[Place], float]:
        """The best prefix of the turn's plan (possibly empty) and its value: gains plus the
        tempo of the empty slots left."""
        weights = self.weights
        steps: list[Place] = []
        total = 0.0
        ctx = _context(state, seat, weights)
        best_prefix: list[Place] = []
        best_value = self.tempo(state, seat, ctx.empty)
        current = state
        while True:
            ctx = _context(current, seat, weights)
            if ctx.empty == 0:
                break
            worths = hand_worths(current, current.hands[seat], ctx, weights)
            _, draw_card = self.best_pile(current, seat, ctx)
            can_draw = current.can_draw("standard") or current.can_draw("edge")
            chosen: Place | None = None
            chosen_gain = 0.0
            for move in placements(current):
                if move.slot == current.pyramid.top:
                    continue  # the top only as the end of a final run (final_run)
                gain = self._gain(current, seat, move, ctx, worths, draw_card, can_draw)
                if gain > chosen_gain + 1e-9:
                    chosen, chosen_gain = move, gain
            if chosen is None:
                break
            steps.append(chosen)
            total += chosen_gain
            current = apply_unchecked(current, chosen)
            if current.phase is Phase.SYMBOL:
                current = apply_unchecked(current, TakePoints())
            value = total + self.tempo(current, seat, _context(current, seat, weights).empty)
            if value > best_value + 1e-9:
                best_prefix, best_value = list(steps), value
        return best_prefix, best_value

    def final_run(self, state: SunState, seat: int) -> tuple[Move, ...] | None:
        """The placements that fill every empty slot and the top this turn and leave the
        expert among the winners, with the best final score; ``None`` if there are none."""
        pyramid = state.pyramid
        empty = sum(
            1 for i in range(pyramid.width, len(pyramid.cells)) if pyramid.cells[i] == EMPTY
        )
        if empty == 0 or empty > len(state.hands[seat]):
            return None
        memo: dict[
            tuple[tuple[int, ...], tuple[int, ...]], tuple[int, tuple[Move, ...]] | None
        ] = {}

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
            key = (cells, current.hands[seat])
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
        phase = state.phase
        weights = self.weights
        if phase in (Phase.CHOOSE, Phase.PLAYING):
            run = self.final_run(state, seat)
            if run:
                return run[0]
            steps, value = self.plan(state, seat)
            if phase is Phase.PLAYING:
                return steps[0] if steps else EndTurn()
            ctx = _context(state, seat, weights)
            draw = self.draw_worth(state, seat, ctx)
            if steps and value >= draw + self.tempo(state, seat, ctx.empty):
                return steps[0]
            pile, _ = self.best_pile(state, seat, ctx)
            if self.stalled(state):
                build = steps[0] if steps else self._least_bad(state, seat)
                if build is not None:
                    return build
                if state.can_draw("standard"):
                    pile = "standard"  # a card any slot takes
            if pile is not None:
                return Draw(pile)
            if steps:
                return steps[0]
            fallback = self._least_bad(state, seat)
            return fallback if fallback is not None else Pass()
        if phase is Phase.SYMBOL:
            ctx = _context(state, seat, weights)
            pile, worth = self.best_pile(state, seat, ctx)
            slot = state.pending
            card = None if slot is None else state.pyramid.card_at(slot)
            matches = 0 if slot is None or card is None else matching_neighbours(state, card, slot)
            if pile is not None and weights.symbol_card * worth > matches:
                return SymbolDraw(pile)
            return TakePoints()
        if phase is Phase.DRAWING:
            ctx = _context(state, seat, weights)
            pile, _ = self.best_pile(state, seat, ctx)
            if pile is None:
                raise AssertionError("asked for a second card that cannot be drawn")
            if self.stalled(state) and state.can_draw("standard"):
                pile = "standard"
            return Draw(pile)
        if phase is Phase.DISCARD:
            ctx = _context(state, seat, weights)
            worths = hand_worths(state, state.hands[seat], ctx, weights)
            deck = state.deck
            stuck: set[int] = set()
            if self.stalled(state):  # keep the cards that fit an open slot now
                fitting = {move.card for move in placements(state)}
                stuck = {card for card in state.hands[seat] if card not in fitting}
            return Discard(
                min(
                    state.hands[seat],
                    key=lambda c: (c not in stuck, worths[c], deck[c].value, c),
                )
            )
        raise AssertionError(f"no decision in phase {phase}")

    def stalled(self, state: SunState) -> bool:
        """Whether no one has placed a card for :attr:`ExpertWeights.patience` rounds."""
        return idle_turns(state) >= self.weights.patience * state.players

    def _least_bad(self, state: SunState, seat: int) -> Place | None:
        """With nothing to draw and no gainful placement: the placement losing least (a
        turn that cannot draw must play if it can; the top only when nothing else fits)."""
        ctx = _context(state, seat, self.weights)
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
    """The expert as a seat's player."""

    name: str = "expert"
    expert: Expert = field(default_factory=Expert)

    def decide(self, state: SunState, seat: int) -> Move:
        return self.expert.decide(state, seat)


__all__ = ["Expert", "ExpertPlayer", "ExpertWeights", "card_worth", "hand_worths"]
