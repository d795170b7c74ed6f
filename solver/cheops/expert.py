"""The expert of Cheops: it plays the market and the race, for the win.

docs/cheops-bots.md ("The expert") tells what it sees, its value model and its search, with
their rulings and tests; here is where each part lives.

**What it sees** (Ruling C13): every decision is made on a *canonical determinization*,
:func:`~silverpyr.solver.cheops.game.determinized` with a stream keyed by public facts only,
so what it works with depends on the seat's view alone. An eye is worth the mean worth of
the laws its seat has not seen (:attr:`ExpertWeights.law_worth`), never the law under it.

**The value model**: the seat's *relative final money* (the engine's
:func:`~silverpyr.solver.cheops.game.final_money`, plus kept laws 10-12, minus a blend of the
rivals': :attr:`ExpertWeights.rival_max`) and the *race* (:attr:`ExpertWeights.finish`). A
take is worth its item's gain replayed through the engine (the better of ``Sell`` and
``Store``: the market), less the spaces it opens to the next player
(:attr:`ExpertWeights.deny`), plus the hand it leaves (:attr:`ExpertWeights.kinds`,
:attr:`ExpertWeights.stuck`). A neighbour is bought when a double take pays its 20 piastres
and :attr:`ExpertWeights.neighbour_margin`; kept laws are weighed at a turn's start only; a
law's choice is the position worth most, laws 4-6 aimed by the stores.

**The search** (the default; ``ExpertWeights(search_samples=0)`` is the value model alone):
at a turn's start the value model's best few moves are each applied to a determinization
(keyed by public facts) and followed by one round of the value model at every seat, then
valued by the model; the best wins.

**Its reasons** (:meth:`Expert.explain`): the valuation of every option it weighs, split
into named parts (:data:`Terms`), for the advice to say why its move beats another.

The constants were chosen on tuning seeds, never on the report's seeds (900,000 and up):
docs/cheops-bots.md.
"""

from __future__ import annotations

import math
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..core.rng import SeededStream
from .board import ABOVE, SPACES, SUPPORTS, Space
from .components import COLOURS
from .game import (
    BuyNeighbour,
    CheopsState,
    DrawTile,
    EndTurn,
    LawTarget,
    Move,
    Pass,
    Phase,
    RemoveLaw,
    Sell,
    Store,
    Take,
    UseLaw10,
    UseLaw11,
    UseLaw12,
    apply_unchecked,
    determinized,
    distinct_moves,
    final_money,
    fits,
    open_spaces,
    price,
    stores_scored,
)

NEIGHBOUR_PRICE = 20
"""What a neighbour tile costs (the rulebook's 20 piastres); the engine charges it."""
FAMILY = ("A", "B", "C", "D")
LAWS = tuple(range(1, 13))
MAX_ROLLOUT = 5_000
"""The most moves a rollout makes (a game ends long before: 66 spaces, a few moves a take)."""

Terms = dict[str, float]
"""A valuation in named parts, in piastres of relative final money: the expert's own terms
(:meth:`Expert.explain`), whose :func:`total` is the number it ranks an option by (up to
float rounding: the decisions keep their own arithmetic, so splitting them changed none;
tests/cheops/test_cheops_expert_terms.py holds both to it). The keys:
``money`` (the seat's money), ``store:<colour>`` (what its stores of a colour pay at the end),
``kept`` (its kept laws 10-12), ``rivals:money``, ``rivals:store:<colour>``, ``rivals:kept``
(the same parts of the rivals' blend, counted against), ``race`` (a finished game won or
lost), ``eye`` (the mean law an eye holds), ``opens:<space>`` (a space opened to the next
player), ``hand`` (the kinds of tile left in hand), ``stuck`` (none fits), ``neighbour``
(its price), ``margin`` (what two takes must beat one by), ``second:<space>`` (the take a
neighbour allows), ``next take`` (law 12: the best take after the swap over the best now),
and for laws 4-6 ``target:mine``, ``target:rivals``, ``target:own`` (the stores of the
colour)."""


def total(terms: Terms) -> float:
    """The valuation the parts make: their exact sum, rounded once."""
    return math.fsum(terms.values())


def combined(*parts: Terms) -> Terms:
    """The parts added key by key."""
    out: Terms = {}
    for part in parts:
        for key, value in part.items():
            out[key] = out.get(key, 0.0) + value
    return out


def difference(after: Terms, before: Terms) -> Terms:
    """``after`` minus ``before`` key by key (only the keys that differ)."""
    out: Terms = {}
    for key in (*after, *(key for key in before if key not in after)):
        change = after.get(key, 0.0) - before.get(key, 0.0)
        if change:
            out[key] = change
    return out


def _default_law_worth() -> tuple[float, ...]:
    #         1    2    3    4    5    6    7    8    9    10   11    12
    return (2.0, 2.0, 0.0, 4.0, 5.0, 2.0, 8.0, 4.0, 6.0, 8.0, 20.0, 10.0)


def _default_kept_worth() -> tuple[float, float, float]:
    return (6.0, 18.0, 8.0)


@dataclass(frozen=True)
class ExpertWeights:
    """The expert's constants (tuned by arena runs on tuning seeds only)."""

    rival_max: float = 0.5
    """Weight of the strongest rival against the rivals' mean (2 players: the same)."""
    finish: float = 60.0
    """Worth of a finished game won (its loss when lost)."""
    deny: float = 0.5
    """Share of what a take opens for the next player (beyond what it had) counted against
    the take."""
    kinds: float = 3.0
    """Worth of each distinct tile kind in the hand."""
    stuck: float = 20.0
    """Loss of a hand with no tile fitting an open space."""
    neighbour_margin: float = 4.0
    """What two takes must beat one take by, besides the neighbour's price."""
    law_worth: tuple[float, ...] = field(default_factory=_default_law_worth)
    """Worth of taking each law 1-12 (an eye is the mean over the laws not yet seen)."""
    kept_worth: tuple[float, float, float] = field(default_factory=_default_kept_worth)
    """Worth of holding law 10, 11, 12 (counted for every player, in the relative money)."""
    search_samples: int = 1
    """Determinized search at a turn's start: this many determinizations (0: the value model
    alone; docs/cheops-bots.md measures the two: the search wins)."""
    search_candidates: int = 4
    """The value model's best moves the search compares."""
    search_margin: float = 25.0
    """Only takes the value model puts within this of its best take are searched."""
    search_turns: int | None = 1
    """Rounds each rollout plays (every seat deciding by the value model) before the position
    is valued; ``None``: to the end of the game."""


@dataclass
class Expert:
    """The expert's decisions (see the module docstring); no randomness but the canonical
    determinization, keyed by public facts."""

    weights: ExpertWeights = field(default_factory=ExpertWeights)

    # --- the value model --------------------------------------------------------------------

    def relative(self, money: Sequence[float], seat: int) -> float:
        """``money[seat]`` minus the blend of the rivals' (strongest and mean)."""
        rivals = [m for s, m in enumerate(money) if s != seat]
        if not rivals:
            return float(money[seat])
        blend = self.weights.rival_max * max(rivals) + (1 - self.weights.rival_max) * (
            sum(rivals) / len(rivals)
        )
        return money[seat] - blend

    def worth(self, state: CheopsState, seat: int) -> float:
        """The position's worth to ``seat``: relative final money, kept laws, the race (a
        game waiting for law 9's colour is over: the holder's best colour for its own money
        stands in for its choice)."""
        if state.phase in (Phase.OVER, Phase.LAW9):
            money = [float(m) for m in final_money(state)]  # the outcome's, once over
            winners = [s for s, m in enumerate(money) if m == max(money)]
            value = self.relative(money, seat)
            if seat in winners:
                return value + self.weights.finish / len(winners)
            return value - self.weights.finish
        money = [float(m) for m in final_money(state)]
        kept = self.weights.kept_worth
        for player, laws in enumerate(state.kept_laws):
            money[player] += sum(kept[law - 10] for law in laws if 10 <= law <= 12)
        return self.relative(money, seat)

    def eye_worth(self, state: CheopsState, seat: int) -> float:
        """The mean worth of a law the seat has not seen (what an eye is worth to take)."""
        unseen = unseen_laws(state)
        if not unseen:
            return 0.0
        return sum(self.weights.law_worth[law - 1] for law in unseen) / len(unseen)

    # --- takes --------------------------------------------------------------------------------

    def colour_gains(self, state: CheopsState, seat: int, base: float) -> dict[str, float]:
        """For each colour open to a take: the worth gained by taking one and then selling or
        storing it, whichever is better (replayed through the engine on one take a colour)."""
        gains: dict[str, float] = {}
        for move in distinct_moves(state):
            if not isinstance(move, Take):
                continue
            item = state.cells[move.space.index]
            if not isinstance(item, str) or item in gains:
                continue
            after = apply_unchecked(state, move)
            gains[item] = self._after_take(after, seat) - base
        return gains

    def _after_take(self, after: CheopsState, seat: int) -> float:
        """The worth after a treasure's take: the better of its sale and its storing."""
        if after.phase is Phase.SELL and after.turn == seat:
            return max(
                self.worth(apply_unchecked(after, move), seat)
                for move in distinct_moves(after)
                if isinstance(move, (Sell, Store))
            )
        return self.worth(after, seat)

    def item_gain(
        self, state: CheopsState, space: Space, gains: dict[str, float], eye: float
    ) -> float:
        """What taking the item on ``space`` gains (an eye: the mean law)."""
        item = state.cells[space.index]
        if isinstance(item, int):
            return eye
        return gains.get(item, 0.0)

    def _rival_worths(self, state: CheopsState, eye: float) -> dict[str | int, float]:
        """What each item is worth to the next player, roughly: an eye (every law) the mean
        law, a treasure its colour's store worth or the market price, whichever is more."""
        worths: dict[str | int, float] = {
            colour: float(max(store_worth(state, colour), state.market_price)) for colour in COLOURS
        }
        for law in LAWS:
            worths[law] = eye
        return worths

    def denial(self, state: CheopsState, space: Space, eye: float) -> float:
        """The loss of opening spaces for the next player (see the module docstring; the
        first of :meth:`opening`)."""
        return self.opening(state, space, eye)[0]

    def opening(
        self,
        state: CheopsState,
        space: Space,
        eye: float,
        ranked: Sequence[tuple[float, Space]] | None = None,
        worths: dict[str | int, float] | None = None,
    ) -> tuple[float, Space | None]:
        """:meth:`denial` and the space it counts: the best one the take opens (``None``:
        it opens none)."""
        if worths is None:
            worths = self._rival_worths(state, eye)
        i = space.index
        cells = state.cells
        best_new: float | None = None
        best_up = -1
        for up in ABOVE[i]:
            if cells[up] not in worths:
                continue
            if all(cells[s] not in worths for s in SUPPORTS[up] if s != i):
                value = worths[cells[up]]
                if best_new is None or value > best_new:
                    best_new, best_up = value, up
        if best_new is None:
            return 0.0, None
        if ranked is None:
            ranked = self._ranked(state, worths)
        best_old = next((value for value, other in ranked if other != space), 0.0)
        return self.weights.deny * max(0.0, best_new - best_old), SPACES[best_up]

    def _ranked(
        self, state: CheopsState, worths: dict[str | int, float]
    ) -> list[tuple[float, Space]]:
        """The two open spaces worth most to the next player (enough for :meth:`denial`)."""
        ranked = sorted(
            ((worths.get(state.cells[space.index], 0.0), space) for space in open_spaces(state)),
            key=lambda item: -item[0],
        )
        return ranked[:2]

    def hand_worth(self, state: CheopsState, hand: Sequence[str]) -> float:
        """A hand's worth: the :func:`total` of :meth:`hand_terms`."""
        return total(self.hand_terms(state, hand))

    def hand_terms(self, state: CheopsState, hand: Sequence[str]) -> Terms:
        """A hand's worth in its parts: its distinct kinds (``hand``), less a loss when none
        fits an open space (``stuck``)."""
        family = {kind for kind in hand if kind in FAMILY}
        terms: Terms = {"hand": self.weights.kinds * len(family)}
        if not family or not any(
            fits(state, space, kind) for space in open_spaces(state) for kind in family
        ):
            terms["stuck"] = -self.weights.stuck
        return terms

    def tile_term(self, state: CheopsState, seat: int, kind: str) -> float:
        """The worth of the hand left after placing ``kind`` (a neighbour leaves it whole)."""
        hand = list(state.hands[seat])
        if kind in hand:
            hand.remove(kind)
        return self.weights.kinds * len({k for k in hand if k in FAMILY})

    def take_values(self, state: CheopsState, seat: int) -> list[tuple[float, Move]]:
        """Every take (distinct in effect) with its worth, best first (ties: the engine's
        order)."""
        base = self.worth(state, seat)
        gains = self.colour_gains(state, seat, base)
        eye = self.eye_worth(state, seat)
        worths = self._rival_worths(state, eye)
        ranked = self._ranked(state, worths)
        hand_terms = {kind: self.tile_term(state, seat, kind) for kind in (*FAMILY, "N")}
        scored: list[tuple[float, int, Move]] = []
        for order, move in enumerate(distinct_moves(state)):
            if not isinstance(move, Take):
                continue
            value = (
                self.item_gain(state, move.space, gains, eye)
                - self.opening(state, move.space, eye, ranked, worths)[0]
                + hand_terms[move.kind]
            )
            scored.append((value, order, move))
        scored.sort(key=lambda item: (-item[0], item[1]))
        return [(value, move) for value, _, move in scored]

    # --- the valuation in its parts (the advice's reasons) ------------------------------------

    def worth_terms(self, state: CheopsState, seat: int) -> Terms:
        """:meth:`worth` in its parts: the seat's money, stores by colour and kept laws, the
        same parts of the rivals' blend against them (weighted as :meth:`relative` weighs
        each rival: the strongest's weight and the mean's), the race once over. Their
        :func:`total` is :meth:`worth` up to float rounding."""
        over = state.phase in (Phase.OVER, Phase.LAW9)
        scored = stores_scored(state)
        kept_worth = self.weights.kept_worth
        kept = [
            0.0 if over else float(sum(kept_worth[law - 10] for law in laws if 10 <= law <= 12))
            for laws in state.kept_laws
        ]
        terms: Terms = {"money": float(state.money[seat])}
        for c, amount in enumerate(scored[seat]):
            if amount:
                terms[f"store:{COLOURS[c]}"] = float(amount)
        if kept[seat]:
            terms["kept"] = kept[seat]
        rivals = [s for s in range(state.players) if s != seat]
        if rivals:
            totals = [state.money[r] + sum(scored[r]) + kept[r] for r in rivals]
            strongest = rivals[totals.index(max(totals))]
            share = (1 - self.weights.rival_max) / len(rivals)
            weight = {r: share + self.weights.rival_max * (r == strongest) for r in rivals}
            terms["rivals:money"] = -math.fsum(weight[r] * state.money[r] for r in rivals)
            for c, colour in enumerate(COLOURS):
                part = math.fsum(weight[r] * scored[r][c] for r in rivals)
                if part:
                    terms[f"rivals:store:{colour}"] = -part
            part = math.fsum(weight[r] * kept[r] for r in rivals)
            if part:
                terms["rivals:kept"] = -part
        if over:
            money = [m + sum(row) for m, row in zip(state.money, scored, strict=True)]
            winners = [s for s, m in enumerate(money) if m == max(money)]
            finish = self.weights.finish
            terms["race"] = finish / len(winners) if seat in winners else -finish
        return terms

    def _after_take_terms(self, after: CheopsState, seat: int) -> Terms:
        """:meth:`_after_take` in parts: those of the sale or the storing it chooses."""
        if after.phase is Phase.SELL and after.turn == seat:
            options = [
                apply_unchecked(after, move)
                for move in distinct_moves(after)
                if isinstance(move, (Sell, Store))
            ]
            return self.worth_terms(max(options, key=lambda s: self.worth(s, seat)), seat)
        return self.worth_terms(after, seat)

    def take_terms(self, state: CheopsState, seat: int) -> list[tuple[Terms, Take]]:
        """:meth:`take_values` in parts, in its order: the item's gain (a treasure: the
        parts of the worth it changes, sold or stored; an eye: ``eye``, the mean law), the
        space the take opens to the next player (``opens:<space>``, against), the hand left
        (``hand``)."""
        base = self.worth_terms(state, seat)
        eye = self.eye_worth(state, seat)
        worths = self._rival_worths(state, eye)
        ranked = self._ranked(state, worths)
        colours: dict[str, Terms] = {}
        out: list[tuple[Terms, Take]] = []
        for _, move in self.take_values(state, seat):
            assert isinstance(move, Take)
            item = state.cells[move.space.index]
            if isinstance(item, int):
                terms: Terms = {"eye": eye}
            else:
                if item not in colours:
                    after = apply_unchecked(state, move)
                    colours[item] = difference(self._after_take_terms(after, seat), base)
                terms = dict(colours[item])
            loss, opened = self.opening(state, move.space, eye, ranked, worths)
            if opened is not None and loss:
                terms[f"opens:{opened}"] = -loss
            terms["hand"] = self.tile_term(state, seat, move.kind)
            out.append((terms, move))
        return out

    def explain(self, state: CheopsState, seat: int) -> dict[Move, Terms]:
        """The value model's valuation of each option it weighs in the decision ``seat``
        faces, in parts, on the determinization it decides on (:meth:`view_state`), on one
        scale per decision: its move has the highest :func:`total` (up to float rounding),
        except at a turn's start, where a kept law whose use gains (its total above the best
        take's) goes before a neighbour. Options it does not weigh (a kept law at a turn's
        end or before a second take, law 12's swaps inside the pyramid) are left out; a
        decision of one option has none."""
        view = self.view_state(state, seat)
        moves = distinct_moves(view)
        if len(moves) == 1:
            return {}
        phase = view.phase
        if phase is Phase.START:
            takes = self.take_terms(view, seat)
            if not takes:
                return {move: {} for move in moves if isinstance(move, Pass)}
            options: dict[Move, Terms] = {move: terms for terms, move in takes}
            best = takes[0][0]
            best_value = self.take_values(view, seat)[0][0]
            for move, gain in self._law_use_terms(view, seat, moves, best_value):
                options[move] = combined(best, gain)
            if BuyNeighbour() in moves:
                neighbour = self._neighbour_terms(takes)
                if neighbour is not None:
                    options[BuyNeighbour()] = neighbour
            return options
        if phase is Phase.SECOND:
            second: dict[Move, Terms] = {move: terms for terms, move in self.take_terms(view, seat)}
            second[EndTurn()] = {"hand": self.tile_term(view, seat, "N")}
            return second
        if phase is Phase.LAW:
            targets = [m for m in moves if isinstance(m, LawTarget) and m.entry is None]
            law = pending_law(view)
            if targets and law in (4, 5, 6):
                return {move: self.target_terms(view, seat, move, law) for move in targets}
        if phase in (Phase.SELL, Phase.LAW, Phase.LAW9):
            base = self.worth_terms(view, seat)
            return {
                move: difference(self.worth_terms(apply_unchecked(view, move), seat), base)
                for move in moves
            }
        if phase is Phase.DRAW:
            return self._turn_end_terms(view, seat, moves)
        return {}

    def _neighbour_terms(self, takes: Sequence[tuple[Terms, Take]]) -> Terms | None:
        """Buying a neighbour, in parts (as :meth:`_start` weighs it): the best take, the best
        on another space (``second:<space>``), the price and the margin (``None``: one space
        to take)."""
        first_terms, first = takes[0]
        for terms, move in takes[1:]:
            if move.space != first.space:
                return combined(
                    first_terms,
                    {
                        f"second:{move.space}": total(terms),
                        "neighbour": -float(NEIGHBOUR_PRICE),
                        "margin": -self.weights.neighbour_margin,
                    },
                )
        return None

    def _law_use_terms(
        self, state: CheopsState, seat: int, moves: Sequence[Move], best_take: float
    ) -> list[tuple[Move, Terms]]:
        """:meth:`_kept_law`'s gain of each use it weighs, in parts (law 10: the sale; law
        11: the extra take and its tile, the law's keeping not counted; law 12: the swap, and
        into an open space the best take after it over the best now, ``next take``)."""
        base = self.worth_terms(state, seat)
        out: list[tuple[Move, Terms]] = []
        for move, into_open in _law_uses(state, moves):
            after = apply_unchecked(state, move)
            if isinstance(move, UseLaw11):
                hand = self.tile_term(state, seat, move.kind) - self.tile_term(state, seat, "N")
                gain = combined(
                    difference(self._after_take_terms(after, seat), base),
                    {"kept": self.weights.kept_worth[1], "hand": hand},
                )
            else:
                gain = difference(self.worth_terms(after, seat), base)
                if into_open:
                    takes = self.take_values(after, seat)
                    gain["next take"] = (takes[0][0] if takes else 0.0) - best_take
            out.append((move, gain))
        return out

    def _turn_end_terms(
        self, state: CheopsState, seat: int, moves: Sequence[Move]
    ) -> dict[Move, Terms]:
        """:meth:`_turn_end` in parts: each draw by the hand it leaves (:meth:`hand_terms`),
        ending the turn by the hand as it is, with the race's
        :attr:`ExpertWeights.finish` when that ends the game won (more than any hand is
        worth, so the draw is then skipped); on a tie the draw goes first."""
        hand = list(state.hands[seat])
        options: dict[Move, Terms] = {}
        for move in moves:
            if isinstance(move, DrawTile) and state.stacks[move.stack - 1]:
                top = state.stacks[move.stack - 1][0]
                options[move] = self.hand_terms(state, [*hand, top])
        end = self.hand_terms(state, hand)
        ended = apply_unchecked(state, EndTurn())
        if ended.phase in (Phase.OVER, Phase.LAW9):
            money = final_money(ended)
            if money[seat] == max(money):
                end["race"] = self.weights.finish
        options[EndTurn()] = end
        return options

    # --- decisions ----------------------------------------------------------------------------

    def view_state(self, state: CheopsState, seat: int) -> CheopsState:
        """The canonical determinization the expert decides on (keyed by public facts)."""
        stream = SeededStream(f"cheops-expert|{len(state.events)}|{state.turn}|{seat}")
        return determinized(state, seat, stream)

    def decide(self, state: CheopsState, seat: int) -> Move:
        """The expert's move for ``seat`` (the seat to move), whatever the phase."""
        moves = distinct_moves(state)
        if len(moves) == 1:
            return moves[0]
        if state.phase is Phase.START and self.weights.search_samples > 0:
            return self._search(state, seat)
        return self._decide_on(self.view_state(state, seat), seat)

    def _decide_on(self, state: CheopsState, seat: int) -> Move:
        """The value model's move on a state (a determinization: nothing here is hidden)."""
        moves = distinct_moves(state)
        if len(moves) == 1:
            return moves[0]
        phase = state.phase
        if phase is Phase.START:
            return self._start(state, seat, moves)
        if phase is Phase.SECOND:
            takes = self.take_values(state, seat)
            base_tiles = self.tile_term(state, seat, "N")
            if takes and takes[0][0] > base_tiles:
                return takes[0][1]
            return EndTurn()
        if phase is Phase.SELL:
            return self._best_by_worth(state, seat, moves)
        if phase is Phase.LAW:
            return self._law(state, seat, moves)
        if phase is Phase.DRAW:
            return self._turn_end(state, seat, moves)
        if phase is Phase.LAW9:
            return self._best_by_worth(state, seat, moves)  # the colour best for its race
        return moves[0]

    def _search(self, state: CheopsState, seat: int) -> Move:
        """Determinized search: the value model's best few moves, each followed on
        :attr:`ExpertWeights.search_samples` determinizations (keyed by public facts) by
        :attr:`ExpertWeights.search_turns` rounds of the value model at every seat, valued
        by :meth:`worth`; the best mean wins (ties: the value model's order)."""
        weights = self.weights
        base = self.view_state(state, seat)
        moves = distinct_moves(base)
        candidates: list[Move] = [self._decide_on(base, seat)]
        takes = self.take_values(base, seat)
        for value, move in takes:
            if len(candidates) >= weights.search_candidates:
                break
            if value < takes[0][0] - weights.search_margin:
                break
            if move not in candidates:
                candidates.append(move)
        if BuyNeighbour() in moves and BuyNeighbour() not in candidates:
            candidates.append(BuyNeighbour())
        return self._search_among(state, seat, candidates)

    def _search_among(self, state: CheopsState, seat: int, candidates: list[Move]) -> Move:
        """The candidate whose rollouts (:meth:`_rollout` on determinizations keyed by public
        facts) are worth most on average (ties: the first)."""
        weights = self.weights
        if len(candidates) == 1:
            return candidates[0]
        key = f"cheops-expert-search|{len(state.events)}|{state.turn}|{seat}"
        totals = [0.0] * len(candidates)
        for sample in range(weights.search_samples):
            world = determinized(state, seat, SeededStream(f"{key}|{sample}"))
            for k, move in enumerate(candidates):
                totals[k] += self.worth(self._rollout(apply_unchecked(world, move)), seat)
        best = max(range(len(candidates)), key=lambda k: (totals[k], -k))
        return candidates[best]

    def _rollout(self, state: CheopsState) -> CheopsState:
        """``state`` played on by the value model at every seat for
        :attr:`ExpertWeights.search_turns` rounds (or to the end)."""
        rounds = self.weights.search_turns
        turns = MAX_ROLLOUT if rounds is None else rounds * state.players
        started = state.turn
        changes = 0
        for _ in range(MAX_ROLLOUT):
            if state.phase is Phase.OVER:
                break
            if state.turn != started:
                changes += 1
                started = state.turn
                if changes > turns:
                    break
            state = apply_unchecked(state, self._decide_on(state, state.turn))
        return state

    def _best_by_worth(self, state: CheopsState, seat: int, moves: Sequence[Move]) -> Move:
        best = moves[0]
        best_value: float | None = None
        for move in moves:
            value = self.worth(apply_unchecked(state, move), seat)
            if best_value is None or value > best_value + 1e-9:
                best, best_value = move, value
        return best

    def _start(self, state: CheopsState, seat: int, moves: Sequence[Move]) -> Move:
        takes = self.take_values(state, seat)
        if not takes:
            for move in moves:
                if isinstance(move, Pass):
                    return move
            return moves[0]
        best_value, best_take = takes[0]
        base = self.worth(state, seat)
        # kept laws: used when the position after the use beats keeping them
        law_move, law_gain = self._kept_law(state, seat, moves, base, best_value)
        if law_move is not None and law_gain > 0:
            return law_move
        if any(isinstance(move, BuyNeighbour) for move in moves):
            spaces: list[tuple[float, Space]] = []
            seen: set[Space] = set()
            for value, move in takes:
                assert isinstance(move, Take)
                if move.space not in seen:
                    seen.add(move.space)
                    spaces.append((value, move.space))
            if len(spaces) >= 2:
                double = spaces[0][0] + spaces[1][0]
                if double - NEIGHBOUR_PRICE - self.weights.neighbour_margin > best_value:
                    return BuyNeighbour()
        return best_take

    def _kept_law(
        self,
        state: CheopsState,
        seat: int,
        moves: Sequence[Move],
        base: float,
        best_take: float,
    ) -> tuple[Move | None, float]:
        """The best use of a kept law now and what it gains over keeping it (0 if none)."""
        best: Move | None = None
        best_gain = 0.0
        kept = self.weights.kept_worth
        for move, into_open in _law_uses(state, moves):
            if isinstance(move, UseLaw10):
                gain = self.worth(apply_unchecked(state, move), seat) - base
            elif isinstance(move, UseLaw11):
                after = apply_unchecked(state, move)
                gain = self._after_take(after, seat) - base + kept[1]
                gain += self.tile_term(state, seat, move.kind) - self.tile_term(state, seat, "N")
            else:
                after = apply_unchecked(state, move)
                gain = self.worth(after, seat) - base
                if into_open:
                    takes = self.take_values(after, seat)
                    gain += (takes[0][0] if takes else 0.0) - best_take
            if gain > best_gain + 1e-9:
                best, best_gain = move, gain
        return best, best_gain

    def _law(self, state: CheopsState, seat: int, moves: Sequence[Move]) -> Move:
        targets = [move for move in moves if isinstance(move, LawTarget) and move.entry is None]
        law = pending_law(state)
        if targets and law in (4, 5, 6):
            return self._law_target(state, seat, targets, law)
        if all(isinstance(move, RemoveLaw) for move in moves):
            return self._best_by_worth(state, seat, moves)
        return self._best_by_worth(state, seat, moves)

    def _law_target(
        self, state: CheopsState, seat: int, targets: Sequence[LawTarget], law: int
    ) -> Move:
        """In the rising market: law 4 (no storing, so every later one is sold and raises
        the price) goes to the colour the seat holds most over its rivals (at its worth), law
        5 (no selling, so the price is frozen) to the colour the rivals hold most over the
        seat, law 6 shields the seat's own best colour."""
        best = targets[0]
        best_key: float | None = None
        for move in targets:
            key = total(self.target_terms(state, seat, move, law))
            if best_key is None or key > best_key + 1e-9:
                best, best_key = move, key
        return best

    def target_terms(self, state: CheopsState, seat: int, move: LawTarget, law: int) -> Terms:
        """What :meth:`_law_target` ranks a colour by, in parts: the seat's stores of it at
        their worth (``target:mine``), the most a rival stores (``target:rivals``), for laws 4
        and 6 a tenth a stored one of the seat's (``target:own``, the tie-break); law 5
        freezes the rivals' colour, 4 (only sales from now on) and 6 help the seat's."""
        c = COLOURS.index(move.colour)
        mine = state.stores[seat][c]
        rivals = max((state.stores[s][c] for s in range(state.players) if s != seat), default=0)
        worth = store_worth(state, move.colour)
        if law == 5:
            return {"target:rivals": float(rivals * worth), "target:mine": float(-mine * worth)}
        return {
            "target:mine": float(mine * worth),
            "target:rivals": float(-rivals * worth),
            "target:own": mine * 0.1,
        }

    def _turn_end(self, state: CheopsState, seat: int, moves: Sequence[Move]) -> Move:
        """The turn's end: skip the draw when that ends the game won (nobody can place a
        family tile); else draw by :meth:`_draw` while a draw is allowed; kept laws wait for
        the next turn's start, as before the rulings allowed them here."""
        ended = apply_unchecked(state, EndTurn())
        if ended.phase in (Phase.OVER, Phase.LAW9):
            money = final_money(ended)
            if money[seat] == max(money):
                return EndTurn()
        draws = [move for move in moves if isinstance(move, DrawTile)]
        if draws:
            return self._draw(state, seat, draws)
        return EndTurn()

    def _draw(self, state: CheopsState, seat: int, moves: Sequence[Move]) -> Move:
        """The stack whose top leaves the hand most varied (then fitting; ties: the lowest)."""
        best = moves[0]
        best_value: float | None = None
        hand = list(state.hands[seat])
        for move in moves:
            if not isinstance(move, DrawTile) or not state.stacks[move.stack - 1]:
                continue
            top = state.stacks[move.stack - 1][0]
            value = self.hand_worth(state, [*hand, top])
            if best_value is None or value > best_value + 1e-9:
                best, best_value = move, value
        return best


def _law_uses(state: CheopsState, moves: Sequence[Move]) -> Iterator[tuple[Move, bool]]:
    """The uses of kept laws the expert weighs at a turn's start, each with whether it swaps
    into an open space: every use of laws 10 and 11, and law 12's swaps with the seat's store
    or into an open space, once a pair of items."""
    opened = set(open_spaces(state))
    swaps: set[tuple[str | int, str | int, bool]] = set()
    for move in moves:
        if isinstance(move, (UseLaw10, UseLaw11)):
            yield move, False
        elif isinstance(move, UseLaw12):
            into_open = move.a in opened or (isinstance(move.b, Space) and move.b in opened)
            if isinstance(move.b, Space) and not into_open:
                continue
            b_item = move.b if isinstance(move.b, str) else state.cells[move.b.index]
            key = (state.cells[move.a.index], b_item, isinstance(move.b, str))
            if key in swaps:
                continue
            swaps.add(key)
            yield move, into_open


def _is_law(state: CheopsState, space: Space) -> bool:
    """Whether ``space`` holds a law (face down until taken: its number is not looked at)."""
    return isinstance(state.cells[space.index], int)


def store_worth(state: CheopsState, colour: str) -> int:
    """Roughly what one more stored treasure of ``colour`` is worth at the end as things
    stand: a plain price, a multiplier times the colour's stored count with it, the major
    number of a majority pair (the engine's :func:`final_money` scores exactly)."""
    entry = price(state, colour)
    if entry.kind == "times":
        c = COLOURS.index(colour)
        return entry.a * (sum(store[c] for store in state.stores) + 1)
    return entry.a


def unseen_laws(state: CheopsState) -> tuple[int, ...]:
    """The laws no player has seen (face down on the eyes or out of the game): the same for
    every seat, and the same in every determinization."""
    return tuple(sorted((*(c for c in state.cells if isinstance(c, int)), *state.removed_laws)))


def pending_law(state: CheopsState) -> int | None:
    """The law waiting for its choice (phase ``LAW``), if any."""
    return state.pending if isinstance(state.pending, int) else None


@dataclass
class ExpertPlayer:
    """The expert as a seat's player."""

    name: str = "expert"
    expert: Expert = field(default_factory=Expert)

    def decide(self, state: CheopsState, seat: int) -> Move:
        return self.expert.decide(state, seat)


__all__ = ["Expert", "ExpertPlayer", "ExpertWeights", "Terms", "combined", "difference", "total"]
