"""The expert player: keep, mark and replacement decisions for the whole game.

**Method (chosen by measurement, ``silverpyr arena``).** A decision is valued by the
points it earns now plus an estimate of the points its position is still worth, the
*potential* of every card in play:

* a card's potential is its progress toward the tomb, ``beta x 10 x ((route - to_go) /
  route) ** progress_power`` points, weighted by the chance of reaching the tomb in the
  turns the game has left (``to_go`` cells at about :attr:`Weights.cells_per_turn` cells a
  turn). The power below 1 makes the first cells of a route worth more than the last ones,
  so the expert opens a card's way to its tomb rather than hoarding marks beside it. Progress
  carries into later rounds, which the greedy bot and the round-bound hints value at
  nothing; ``beta < 1`` keeps completing a card (10 points and a fresh card: tempo) worth
  more than standing next to the tomb;
* a mark is chosen by a two-ply expectimax: for the best few moves by that value, the
  expected value of the best answer to the *next* expedition card, drawn from the cards
  not yet revealed this round (a fresh shuffle after the round's last turn). This is an
  exact expectation over the next card, not a sampled future, so no move is rewarded for
  knowing the order of the cards in advance (no strategy fusion);
* keep and replacement choose the cards with the shortest routes (the potential's scale),
  plus the pyramid points the card would trigger if completed next in its colour.

Every rule comes from the engine: moves and their effects from
:meth:`.Position.successors`, points from :meth:`.Position.gain`, distances from
:meth:`.CardState.cells_to_tomb`.

**Predicted final score** (advice, calibration; it never changes a choice): for a mark,
the score on the sheet, plus the option's value, plus :func:`baseline`, the points an
expert's position is still worth beyond its potentials at that point of the game; for
the keep, the mean final score of an expert at that table; keep and replacement options
below the best lose what their value loses. Opponents matter: they win pyramid-point
races the expert wins alone (docs/silvergold-rules.md: the first claim of a colour takes
its 10), so the baseline depends on the :class:`Race`, the number of players and the
pyramid points the table still leaves open (:meth:`.GameState.open_pyramid_points`): one
set of constants per player count (:data:`BASELINES`), each fitted on games of the
expert against greedy opponents by ``tools/expert_baseline.py``. Against stronger
opponents it is optimistic.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import Color, Expedition, PyramidCard, Symbol
from .cells import cells_of
from .game import CLAIM_COUNTS, GameState, Phase, Replacement
from .moves import Move
from .position import CardState, Position
from .sheet import (
    COMPLETED_CARD_POINTS,
    MAX_PYRAMID_POINTS,
    MAX_TURNS,
    PYRAMID_POINT_BOXES,
    TORCH_POINTS,
    TURNS_PER_ROUND,
    turn_at,
    turns_after,
)
from .situation import Situation


@dataclass(frozen=True)
class Weights:
    """The expert's tuned constants (see ``silverpyr arena`` for how they were chosen)."""

    beta: float = 0.6
    """Share of a completion's 10 points that full progress is worth before completing."""
    progress_power: float = 0.75
    """Exponent of the share of the route done in a card's potential (1 would be linear).

    Paired solo games against the linear 1.0, on held-out seeds: 0.8 +1.3 +/- 0.6 and 0.6
    +1.1 +/- 0.8 (200 games from 50,000), 0.75 +0.5 +/- 0.6 (300 games from 70,000), 1.5
    -3.1 +/- 0.8; on seeds 0..999 the expert's mean went from 174.08 to 175.07."""
    cells_per_turn: float = 2.6
    """Cells a turn is expected to bring a card closer to its tomb."""
    top_k: int = 5
    """Moves (by the one-ply value) searched a second ply deep."""
    route: float = 1.0
    """Points per cell of route length when choosing a card to keep or take."""
    pyramid: float = 0.0
    """Share of a pyramid-point box counted for a card whose completion would claim it."""
    unknown_route: float = 8.2
    """Expected route length of the unknown top card of the deck (the bundled deck's mean)."""
    torch: float = 0.3
    """Share of this round's 5 torch points counted for an unticked torch within reach."""
    gem: float = 0.1
    """Share of a gem's points counted for a gem cell within reach."""


@dataclass(frozen=True)
class Clock:
    """Where a decision falls: the round, the turn in it, and the game's turns still to come."""

    round_number: int
    turn: int
    """Turn within the round (1-7)."""

    @property
    def turns_after(self) -> int:
        """Turns of the game after this one."""
        return turns_after(self.round_number, self.turn)

    @property
    def turns_after_in_round(self) -> int:
        """Turns of this round after this one."""
        return TURNS_PER_ROUND - self.turn

    def next(self) -> Clock:
        """The following turn (the first of the next round after a round's 7th)."""
        return Clock(*turn_at(self.round_number, self.turn, 1))


@dataclass(frozen=True)
class Race:
    """What the forecast needs of the table: who plays, and what the races still offer."""

    players: int = 1
    open_points: int = MAX_PYRAMID_POINTS
    """Pyramid points no one has claimed yet (:meth:`.GameState.open_pyramid_points`)."""

    @classmethod
    def of(cls, state: GameState) -> Race:
        """The race of ``state``'s table now."""
        return cls(len(state.players), state.open_pyramid_points())


SOLO = Race()
"""A solo game before any claim."""


@dataclass(frozen=True)
class Option:
    """A choice and what the expert thinks of it."""

    choice: object
    """A :class:`~.moves.Move`, a pair of card numbers to keep, or a :class:`~.game.Replacement`."""
    value: float
    """Points now plus the potential left (what the expert maximises)."""
    predicted: float
    """Predicted final score of the player if this is chosen and the expert plays on."""


@dataclass
class Expert:
    """The expert player (stateless apart from a cache of route lengths)."""

    weights: Weights = field(default_factory=Weights)
    _routes: dict[int, int] = field(default_factory=dict, repr=False)

    # --- values ---------------------------------------------------------------------------

    def route_length(self, card: PyramidCard) -> int:
        """Cells on the card's shortest entrance-to-tomb route (cached)."""
        length = self._routes.get(card.number)
        if length is None:
            length = self._routes[card.number] = CardState(card).cells_to_tomb()
        return length

    def _reach(self, cells: int, turns: int) -> float:
        """Rough chance to mark ``cells`` more cells in ``turns`` turns."""
        need = cells / self.weights.cells_per_turn
        return max(0.0, min(1.0, (turns - need + 1.5) / 3))

    def potential(self, state: CardState, clock: Clock, torch_open: bool = False) -> float:
        """Points the progress on a card in play is worth after the turn of ``clock``."""
        return sum(self.potential_terms(state, clock, torch_open))

    def potential_terms(
        self, state: CardState, clock: Clock, torch_open: bool = False
    ) -> tuple[float, float, float]:
        """:meth:`potential` in its three terms: the route's progress, a torch in reach this
        round, gems in reach (the advice's reasons name them)."""
        if state.is_complete():
            return 0.0, 0.0, 0.0
        weights = self.weights
        route = self.route_length(state.card)
        distances = state.mark_distances()
        room = state.room
        to_go = distances[room.tomb]
        done: float = ((route - to_go) / route) ** weights.progress_power
        progress = (
            weights.beta * COMPLETED_CARD_POINTS * done * self._reach(to_go, clock.turns_after)
        )
        torch = 0.0
        if weights.torch and torch_open:
            reach = max(
                (
                    self._reach(distances[c], clock.turns_after_in_round)
                    for c in cells_of(room.mask(Symbol.TORCH) & ~state.marked)
                ),
                default=0.0,
            )
            torch = weights.torch * TORCH_POINTS * reach
        gems = 0.0
        if weights.gem:
            for symbol in (Symbol.RED_GEM, Symbol.GREEN_GEM):
                for cell in cells_of(room.mask(symbol) & ~state.marked):
                    detour = max(0, distances[cell] - to_go)
                    gems += (
                        weights.gem
                        * 2
                        * self._reach(distances[cell], clock.turns_after)
                        * max(0.0, 1 - detour / 4)
                    )
        return progress, torch, gems

    def afterstate(self, before: Position, after: Position, clock: Clock) -> float:
        """Points a move earns now plus the potential of every card after it."""
        torch_open = not after.sheet.has_torch(clock.round_number)
        return before.gain(after) + sum(self.potential(s, clock, torch_open) for s in after.cards)

    # --- marks ------------------------------------------------------------------------------

    def rank_moves(
        self,
        position: Position,
        expedition: Expedition,
        clock: Clock,
        unseen: Sequence[Expedition],
        deck: Sequence[Expedition],
        race: Race = SOLO,
    ) -> list[Option]:
        """Every legal move, best first, valued two plies deep (see the module docstring).

        ``unseen`` are the cards of this round not revealed yet (the next card comes from
        them), ``deck`` every physical expedition card (the next round's shuffle); ``race``
        only moves the forecasts (:func:`baseline`), never the order.
        """
        scored = [
            (self.afterstate(position, after, clock), move, after)
            for move, after in position.successors(expedition, clock.round_number)
        ]
        scored.sort(key=lambda item: -item[0])
        deep = clock.turns_after > 0
        following = clock.next()
        pool = unseen if clock.turns_after_in_round > 0 else deck
        kinds = _kinds(pool)
        searched: list[tuple[float, float, Move]] = []
        ended: list[Option] = []
        shallow: list[tuple[float, Move]] = []
        for rank, (value, move, after) in enumerate(scored):
            if not deep or rank >= self.weights.top_k:
                shallow.append((value, move))
            elif after.has_card_in_play():
                searched.append((value, self._two_ply(position, after, following, kinds), move))
            else:  # no card left in play: nothing more to gain, one ply is the whole value
                ended.append(Option(move, value, 0.0))
        # Moves outside the searched few keep their one-ply order, lifted to the two-ply
        # scale by the least any searched move gained from the second ply: one scale for
        # every option (the advice's losses), never above the searched best, so the
        # choice is among the searched moves.
        lift = min((deep_value - value for value, deep_value, _ in searched), default=0.0)
        options = [Option(move, deep_value, 0.0) for _, deep_value, move in searched]
        options += ended
        options += [Option(move, value + lift - 1e-6, 0.0) for value, move in shallow]
        options.sort(key=lambda option: -option.value)
        base = position.sheet.score().total + baseline(clock.turns_after, race)
        return [Option(o.choice, o.value, base + o.value) for o in options]

    def _two_ply(
        self,
        position: Position,
        after: Position,
        following: Clock,
        kinds: Sequence[tuple[Expedition, float]],
    ) -> float:
        return position.gain(after) + sum(
            share * self._best_answer(after, kind, following) for kind, share in kinds
        )

    def _best_answer(self, position: Position, expedition: Expedition, clock: Clock) -> float:
        return max(
            self.afterstate(position, after, clock)
            for _, after in position.successors(expedition, clock.round_number)
        )

    def choose_move(self, state: GameState, player: int) -> Move:
        """The expert's mark for ``player`` in a game waiting for marks."""
        best = self.rank_moves(*_mark_inputs(state.situation(player), Race.of(state)))[0].choice
        assert isinstance(best, Move)
        return best

    # --- cards ------------------------------------------------------------------------------

    def card_value(self, card: PyramidCard, completed: Counter[Color], state: GameState) -> float:
        """What taking ``card`` is worth: short routes, and a pyramid-point box in reach."""
        value = -self.weights.route * self.route_length(card)
        count = completed[card.color] + 1
        if count in CLAIM_COUNTS:
            box = state.next_box(card.color)
            if box is not None:
                value += self.weights.pyramid * box
        return value

    def rank_keeps(self, state: GameState, player: int) -> list[Option]:
        """Every pair of dealt cards to keep, best first."""
        dealt = state.players[player].dealt
        none: Counter[Color] = Counter()
        options = []
        for first, second in itertools.combinations(dealt, 2):
            value = self.card_value(first, none, state) + self.card_value(second, none, state)
            if first.color == second.color:
                value += self.weights.pyramid * PYRAMID_POINT_BOXES[0]
            options.append(Option((first.number, second.number), value, 0.0))
        return _forecast(options, BASELINES[len(state.players)].keep)

    def rank_replacements(self, state: GameState) -> list[Option]:
        """Every way to replace the completed card now due, best first."""
        player = state.replacing_player
        assert player is not None
        counts = _colour_counts(state, player)
        options = []
        for option in state.replacement_options():
            if option.slot is None:
                value = -self.weights.route * self.weights.unknown_route
            else:
                value = self.card_value(state.offer[option.slot], counts, state)
            options.append(Option(option, value, 0.0))
        turns = turns_after(state.round_number, state.turn)
        return _forecast(
            options,
            state.players[player].sheet.score().total + baseline(turns, Race.of(state)),
        )

    def choose_keep(self, state: GameState, player: int) -> tuple[int, int]:
        """The two dealt cards ``player`` keeps."""
        choice = self.rank_keeps(state, player)[0].choice
        assert isinstance(choice, tuple)
        return choice

    def choose_replacement(self, state: GameState) -> Replacement:
        """Where the due replacement comes from."""
        choice = self.rank_replacements(state)[0].choice
        assert isinstance(choice, Replacement)
        return choice


@dataclass(frozen=True)
class Baseline:
    """The forecast's constants for one player count (``tools/expert_baseline.py``)."""

    at_end: float
    """Points after the game's last decision (the fit's intercept)."""
    per_turn: float
    """Points per turn of the game still to come."""
    per_open_point: float
    """Points per pyramid point still open, scaled by the share of the game still to come."""
    keep: float
    """Mean final score of the expert at this table: the forecast at the keep decision."""


BASELINES: dict[int, Baseline] = {
    1: Baseline(at_end=0.25, per_turn=4.053, per_open_point=1.050, keep=173.4),
    2: Baseline(at_end=-2.23, per_turn=4.807, per_open_point=0.557, keep=165.3),
    3: Baseline(at_end=-3.53, per_turn=4.871, per_open_point=0.411, keep=158.0),
    4: Baseline(at_end=-4.87, per_turn=4.818, per_open_point=0.349, keep=153.2),
}
"""By number of players: fitted on games of the expert (seat rotated) against greedy
opponents, seeds 10,000 on, disjoint from the arena's default ones
(``python tools/expert_baseline.py --players 1,2,3,4 --games 400``)."""


def baseline(turns_after: int, race: Race = SOLO) -> float:
    """Expected points still to come beyond a decision's value (measured; see the module).

    ``a + b t + c O t / T`` for ``t`` turns still to come of ``T``, with ``O`` the
    pyramid points the table still leaves open: the open boxes are worth the most early
    and to a player alone, nothing once the game is over.
    """
    constants = BASELINES[race.players]
    return (
        constants.at_end
        + constants.per_turn * turns_after
        + constants.per_open_point * race.open_points * turns_after / MAX_TURNS
    )


def _forecast(options: list[Option], best_forecast: float) -> list[Option]:
    """Options best first; the best is forecast at ``best_forecast``, the others by their loss.

    A keep or replacement value is on the scale of route cells (about a point each), so its
    forecast is the position's baseline less the option's loss against the best.
    """
    options.sort(key=lambda option: -option.value)
    top = options[0].value if options else 0.0
    return [Option(o.choice, o.value, best_forecast + o.value - top) for o in options]


def _kinds(cards: Sequence[Expedition]) -> list[tuple[Expedition, float]]:
    """Each kind among ``cards`` with its share (the chance it is the next one drawn)."""
    counts = Counter(card.name for card in cards)
    first = {card.name: card for card in reversed(cards)}
    total = sum(counts.values())
    return [(first[name], counts[name] / total) for name in sorted(counts)]


def _colour_counts(state: GameState, player: int) -> Counter[Color]:
    """Cards of each colour the player has completed or holds in play (the next would add)."""
    counts: Counter[Color] = Counter(card.color for card in state.players[player].sheet.completed)
    for card_state in state.position(player).cards:
        if not card_state.is_complete():
            counts[card_state.card.color] += 1
    return counts


def _mark_inputs(
    situation: Situation, race: Race = SOLO
) -> tuple[Position, Expedition, Clock, tuple[Expedition, ...], tuple[Expedition, ...], Race]:
    return (
        situation.position,
        situation.expedition,
        Clock(situation.round_number, situation.turn),
        situation.unseen(),
        situation.deck,
        race,
    )


def situation_ranking(
    situation: Situation, expert: Expert | None = None, race: Race = SOLO
) -> list[Option]:
    """The expert's ranking of the marks for what a player knows (a real game's state)."""
    return (expert or Expert()).rank_moves(*_mark_inputs(situation, race))


def expert_ranking(state: GameState, player: int, expert: Expert | None = None) -> list[Option]:
    """The expert's ranking of ``player``'s options in whatever decision ``state`` waits for."""
    expert = expert or Expert()
    if state.phase is Phase.KEEP:
        return expert.rank_keeps(state, player)
    if state.phase is Phase.REPLACE:
        return expert.rank_replacements(state)
    return expert.rank_moves(*_mark_inputs(state.situation(player), Race.of(state)))


__all__ = [
    "BASELINES",
    "SOLO",
    "Baseline",
    "Clock",
    "Expert",
    "Option",
    "Race",
    "Weights",
    "baseline",
    "expert_ranking",
    "situation_ranking",
]
