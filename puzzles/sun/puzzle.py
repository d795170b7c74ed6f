"""Pyramid of the Sun puzzles: one turn to play from a reachable mid-game position.

A puzzle is a position at a turn's start, reached by a seeded game played through the
engine, where you, the seat to move, play ONE turn. Its **par** is the exact expected value
of the best turn (:class:`~.values.TurnValues`), a Fraction; scores are ``par`` minus the
expected-point losses of your decisions. docs/sun-puzzles.md tells the kinds, the
generation and its quality filter, and the difficulty (:mod:`.rating`).

**The draw order** (Ruling P3): the position is rebuilt by the engine's
:func:`~silverpyr.solver.sun.game.position` from its parts and the puzzle's ``deal_seed``,
which orders the unseen cards into the piles: a symbol's draw reveals the same card for
everyone. A pile the game had made from reshuffled discards keeps that reshuffle
(``standard_reshuffled``, ``edge_reshuffled``: absent in files made before it was kept,
which read as piles of the setup), so its draws are the cards of that reshuffle only.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from ...solver.core.errors import SilverpyrError
from ...solver.core.rng import MAX_SEED, SeededStream
from ...solver.sun.cards import PILES, Deck
from ...solver.sun.game import (
    SIZES,
    Discard,
    Draw,
    EndTurn,
    Move,
    Phase,
    Place,
    PositionError,
    SunState,
    SymbolDraw,
    TakePoints,
    apply,
    legal_moves,
    new_game,
    position,
)
from ...solver.sun.pyramid import EMPTY, Pyramid, SlotTextError, parse_slot
from ..core.puzzle_fields import PuzzleFields, PuzzleFormat, PuzzleHead
from ..core.puzzle_ids import puzzle_stream
from .values import SearchTooLarge, TurnValues

FORMAT = "silverpyr-sun-puzzle"
FORMAT_VERSION = 1
PUZZLE_FORMAT = PuzzleFormat(
    FORMAT,
    FORMAT_VERSION,
    "Pyramid of the Sun",
    "deck",
    "the puzzle was made with other cards (fingerprint {0}, these cards are {1})",
)
"""What a puzzle file is (the core's :class:`~.puzzle_fields.PuzzleFormat`)."""
PUZZLE_KEY = "silverpyr-sun-puzzle-v1"
"""Prefix of every puzzle's seeded stream (never Silver & Gold's keys)."""
KINDS = ("best-turn", "final-run")
KIND_LABELS = {"best-turn": "best turn", "final-run": "final run"}
MAX_CANDIDATES = 400
"""Candidate positions tried for one seed before generation gives up (never reached in
practice: about one candidate in three passes the filter)."""
MAX_BUILD_MOVES = 2_000


class SunPuzzleError(SilverpyrError, ValueError):
    """A puzzle that cannot be made or read; the message names what and where."""


@dataclass(frozen=True)
class SunPuzzle(PuzzleHead[SunState]):
    """One puzzle (the core's head; its ``state`` is in phase ``choose``: the seat to move
    plays one turn), its par and its rating."""

    deal_seed: int
    """The seed :func:`~silverpyr.solver.sun.game.position` orders the unseen cards with."""
    par: Fraction
    greedy: Fraction
    """The score the greedy turn reaches (most points now, symbols as points)."""
    single: Fraction
    """The score the best single card reaches (the card worth most now, then end)."""
    difficulty: str

    kind_labels = KIND_LABELS

    @property
    def deck(self) -> Deck:
        """The cards."""
        return self.state.deck

    def to_dict(self) -> dict[str, Any]:
        """The JSON form (every generated puzzle's bytes are the same on every machine)."""
        state = self.state
        shape = state.pyramid.geometry
        width = state.pyramid.width
        return {
            **self.head_dict(FORMAT, FORMAT_VERSION),
            "deck": state.deck.fingerprint,
            "size": state.size,
            "players": state.players,
            "seat": state.turn,
            "base": list(state.pyramid.cells[:width]),
            "pyramid": {
                str(shape.slots[i]): card
                for i, card in enumerate(state.pyramid.cells)
                if i >= width and card != EMPTY
            },
            "hands": [list(hand) for hand in state.hands],
            "standard_discards": list(state.standard_discards),
            "edge_discards": list(state.edge_discards),
            **{
                f"{pile}_reshuffled": list(cards)
                for pile in PILES
                if (cards := state.reshuffled(pile)) is not None
            },
            "marker": state.marker,
            "scores": list(state.scores),
            "deal_seed": self.deal_seed,
            "par": str(self.par),
            "par_points": round(float(self.par), 1),
            "greedy": str(self.greedy),
            "single": str(self.single),
            "difficulty": self.difficulty,
        }

    @property
    def level(self) -> int:
        """Difficulty 1-5 (every game's scale, :func:`~...vocabulary.difficulty_level`): the
        better simple policy's share of par, as :attr:`difficulty` words it."""
        from ..core.vocabulary import difficulty_level

        return difficulty_level(self.par, max(self.greedy, self.single))

    def shown_dict(self) -> dict[str, Any]:
        """What the player may see of the puzzle (``daily --json``; :mod:`...vocabulary`):
        no other hand, no pile order, no answer. Par in expected points with one decimal,
        exact as ``par_exact``."""
        from ..core.vocabulary import puzzle_dict, tenths_number

        state = self.state
        deck = state.deck
        seat = state.turn
        rows = [
            [deck[c].label if c is not None else None for c in row] for row in state.pyramid.rows()
        ]
        return puzzle_dict(
            puzzle_id=self.id,
            date=self.daily_date,
            kind=self.kind,
            difficulty=self.level,
            par=tenths_number(self.par),
            unit="expected points",
            proven=True,
            position={
                "seat": seat,
                "players": state.players,
                "size": state.size,
                "pyramid": rows,
                "hand": [deck[c].label for c in state.hands[seat]],
                "hand_sizes": [len(h) for h in state.hands],
                "scores": list(state.scores),
                "standard_discards": [deck[c].label for c in state.standard_discards],
                "edge_discards": [deck[c].label for c in state.edge_discards],
                "marker": deck[state.marker].label,
            },
            par_exact=str(self.par),
        )

    @classmethod
    def from_dict(cls, data: Mapping[str, Any], deck: Deck, *, where: str = "puzzle") -> SunPuzzle:
        """A puzzle from :meth:`to_dict`'s form; :class:`SunPuzzleError` names the key at
        fault. The position is checked by the engine and the par recomputed: a file whose
        par is not the position's is refused."""
        reader = _Fields(data, where)
        reader.check_head(PUZZLE_FORMAT, deck.fingerprint)
        kind = reader.one_of("kind", KINDS)
        base = reader.wholes("base")
        if len(base) - 2 not in SIZES.values():
            raise SunPuzzleError(f"{where}: base: a base row holds 8, 9 or 10 cards")
        pyramid = Pyramid.with_base(tuple(base))
        above = data.get("pyramid")
        if not isinstance(above, Mapping):
            raise SunPuzzleError(f"{where}: pyramid: expected a mapping of slot to card id")
        for text, card in sorted(above.items(), key=lambda item: str(item[0])):
            try:
                slot = parse_slot(str(text), pyramid.width)
            except SlotTextError as error:
                raise SunPuzzleError(f"{where}: pyramid.{text}: {error}") from None
            if isinstance(card, bool) or not isinstance(card, int):
                raise SunPuzzleError(f"{where}: pyramid.{text}: expected a card id")
            pyramid = pyramid.place(slot, card)
        hands_data = data.get("hands")
        if not isinstance(hands_data, list):
            raise SunPuzzleError(f"{where}: hands: expected a list of lists of card ids")
        hands = [reader.wholes(f"hands[{i}]", hand) for i, hand in enumerate(hands_data)]
        seat = reader.whole("seat")
        deal_seed = reader.whole("deal_seed")
        try:
            state = position(
                deck,
                pyramid,
                hands,
                seat,
                scores=reader.wholes("scores"),
                standard_discards=reader.wholes("standard_discards"),
                edge_discards=reader.wholes("edge_discards"),
                marker=reader.whole("marker"),
                seed=deal_seed,
                reshuffled={
                    pile: reader.wholes(f"{pile}_reshuffled")
                    for pile in PILES
                    if f"{pile}_reshuffled" in data
                },
            )
        except PositionError as error:
            raise SunPuzzleError(f"{where}: the position: {error}") from None
        seed = reader.seed()
        daily = reader.daily_date()
        try:
            puzzle = build(reader.text("id"), kind, state, deal_seed, seed=seed, daily_date=daily)
        except SearchTooLarge as error:
            raise SunPuzzleError(f"{where}: the position: {error}") from None

        if reader.text("par") != str(puzzle.par):
            raise SunPuzzleError(
                f"{where}: par: the file says {reader.text('par')!r}, but the position's best "
                f"turn is worth {puzzle.par} expected points"
            )
        return puzzle


class _Fields(PuzzleFields):
    """Strict reads of a puzzle mapping's keys, each error naming the key (the core's
    :class:`~silverpyr.puzzles.core.puzzle_fields.PuzzleFields`)."""

    error = SunPuzzleError


# --- building and rating -----------------------------------------------------------------------


def build(
    puzzle_id: str,
    kind: str,
    state: SunState,
    deal_seed: int,
    *,
    seed: int | None = None,
    daily_date: str | None = None,
    values: TurnValues | None = None,
) -> SunPuzzle:
    """A puzzle of ``state`` with its par and rating computed (no quality filter)."""
    from .rating import difficulty_of, policy_scores

    values = TurnValues(state.turn) if values is None else values
    par = values.value(state)
    greedy, single = policy_scores(state, values)
    return SunPuzzle(
        id=puzzle_id,
        kind=kind,
        seed=seed,
        daily_date=daily_date,
        state=state,
        deal_seed=deal_seed,
        par=par,
        greedy=greedy,
        single=single,
        difficulty=difficulty_of(par, greedy, single),
    )


def quality_problem(puzzle: SunPuzzle) -> str | None:
    """Why a candidate is not a good puzzle, or ``None``: par 0, greedy already at par (too
    easy), or par reached by one card (trivial)."""
    if puzzle.par <= 0:
        return "par is 0"
    if puzzle.greedy >= puzzle.par:
        return "the greedy turn already scores par"
    if puzzle.single >= puzzle.par:
        return "one card reaches par"
    return None


def reaches_top(state: SunState, values: TurnValues) -> bool:
    """Whether playing best from ``state`` may fill the top this turn (on some draw)."""
    while not values.turn_over(state):
        move = values.best_move(state)
        if move is None:
            return False
        if isinstance(move, SymbolDraw):
            return any(
                reaches_top(after, values) for _, _, after in values.outcomes(state, move.pile)
            )
        state = apply(state, move)
    return state.phase is Phase.OVER and state.end == "top"


def _build_game(stream: SeededStream, kind: str, deck: Deck) -> SunState | None:
    """A seeded game played through the engine by a builder policy (places often, draws
    when it cannot, never fills the top) up to a turn start fit for ``kind``."""
    players = stream.between(2, 4)
    size = stream.choice(("short", "standard", "long"))
    game_seed = stream.below(MAX_SEED)
    state = new_game(deck, players, size, game_seed)
    moves = stream.child("moves")
    slots = state.pyramid.geometry.size - state.pyramid.width
    if kind == "best-turn":
        target = stream.between(slots // 2, slots * 3 // 4)
    else:
        target = slots - stream.between(3, 5)
    for _ in range(MAX_BUILD_MOVES):
        if state.over:
            return None
        if state.phase is Phase.CHOOSE and state.pyramid.placed >= target:
            hand = len(state.hand)
            if (kind == "best-turn" and hand >= 4) or (kind == "final-run" and hand >= 3):
                return state
        state = apply(state, _builder_move(state, moves))
    return None


def _builder_move(state: SunState, stream: SeededStream) -> Move:
    moves = legal_moves(state)
    top = state.pyramid.top
    places = [m for m in moves if isinstance(m, Place) and m.slot != top]
    if state.phase is Phase.CHOOSE:
        draws = [m for m in moves if isinstance(m, Draw)]
        if places and (not draws or (len(state.hand) >= 3 and stream.chance(2, 3))):
            return stream.choice(places)
        if draws:
            return stream.choice(draws)
        return moves[0]
    if state.phase is Phase.PLAYING:
        if places and len(state.hand) > 2 and stream.chance(1, 2):
            return stream.choice(places)
        return EndTurn()
    if state.phase is Phase.SYMBOL:
        return stream.choice([m for m in moves if isinstance(m, TakePoints | SymbolDraw)])
    if state.phase is Phase.DISCARD:
        return stream.choice([m for m in moves if isinstance(m, Discard)])
    return stream.choice(moves)


def generate(seed: int, kind: str, deck: Deck, *, puzzle_id: str | None = None) -> SunPuzzle:
    """The puzzle of ``seed`` and ``kind``: the first candidate of the seeded stream that
    passes :func:`quality_problem`. Same seed and kind, same puzzle, on every machine."""
    stream = puzzle_stream(PUZZLE_KEY, seed, kind, KINDS, SunPuzzleError)
    for attempt in range(MAX_CANDIDATES):
        candidate = stream.child(f"candidate|{attempt}")
        game = _build_game(candidate, kind, deck)
        if game is None:
            continue
        deal_seed = candidate.child("deal").below(MAX_SEED)
        state = position(
            deck,
            game.pyramid,
            game.hands,
            game.turn,
            scores=game.scores,
            standard_discards=game.standard_discards,
            edge_discards=game.edge_discards,
            marker=game.marker,
            seed=deal_seed,
            reshuffled={pile: game.reshuffled(pile) for pile in PILES},
        )
        values = TurnValues(state.turn)
        try:
            puzzle = build(
                puzzle_id or f"{kind}-{seed}", kind, state, deal_seed, seed=seed, values=values
            )
        except SearchTooLarge:
            continue  # a par that cannot be proven within the node limit is no puzzle
        if quality_problem(puzzle) is not None:
            continue
        try:
            if kind == "final-run" and not reaches_top(state, values):
                continue
        except SearchTooLarge:
            continue  # whether the top can be filled is not settled within the node limit
        return puzzle
    raise SunPuzzleError(f"no {kind} puzzle passed the quality filter for seed {seed}")
