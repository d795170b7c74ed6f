"""The multi-player game: setup, the four steps of a turn, rounds and the end.

The rules and rulings are in docs/silvergold-rules.md, among them those beyond the published
rules that live here (R2, setup and randomness; R8-R10, replacements and the refill; R11,
which card earns the box; R12, a tie without completed cards), each with its test in
``tests/silvergold/test_game.py``.

A :class:`GameState` is immutable, python-chess style: every step returns a new state.
The game is a sequence of decisions, and the state says which one is due (:class:`Phase`):

1. ``KEEP``: :func:`deal` hands every player 4 cards; :meth:`GameState.keep` takes the 2
   numbers each player keeps, returns the others to the deck, shuffles it, reveals the
   offer and shuffles the expedition cards.
2. ``MARK``: :attr:`GameState.expedition` is the revealed card; :meth:`GameState.play`
   takes one :class:`~.moves.Move` per player (checked by :meth:`.Position.push`).
3. ``REPLACE``: while :attr:`GameState.pending` is not empty, its first player replaces a
   completed card with :meth:`GameState.take_replacement` (an offer slot or the deck top).
4. Pyramid points are claimed and the next turn (or round) starts by itself; after the
   7th turn of round 4 the phase is ``OVER`` and :meth:`GameState.outcome` scores it.

All randomness comes from ``seed``: each shuffle draws from its own
:class:`~.rng.SeededStream` (the same on every machine and Python version, which
``random.shuffle`` does not promise), keyed by ``seed`` and what is shuffled, so the same
seed and the same decisions always give the same game, and a state holds no mutable
generator.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from enum import StrEnum

from ..core.engine import Ended
from ..core.errors import SilverpyrError
from ..core.rng import SeededStream
from .cards import Color, Deck, Expedition, PyramidCard
from .limits import MAX_CARDS_IN_PLAY
from .moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError, Move
from .position import CardState, Position
from .sheet import PYRAMID_POINT_BOXES, ROUNDS, TURNS_PER_ROUND, ScoreBreakdown, Sheet
from .situation import Situation

DEALT_CARDS = 4
KEPT_CARDS = 2
OFFER_SIZE = 4
MIN_PLAYERS = 1
"""A game is for 1 (solo) to :data:`MAX_PLAYERS` players."""
MAX_PLAYERS = 4
CLAIM_COUNTS = (2, 4, 6)
"""Completing the 2nd, 4th or 6th card of one colour claims a pyramid-point box."""


class GameSetupError(SilverpyrError, ValueError):
    """A game cannot start with these cards or this number of players."""


class Phase(StrEnum):
    """The decision a game is waiting for."""

    KEEP = "keep"
    MARK = "mark"
    REPLACE = "replace"
    OVER = "over"


@dataclass(frozen=True)
class PlayerState:
    """One player: the cards in play with their marks and the score card (a Position).

    ``dealt`` holds the 4 cards dealt at setup while the keep choice is due, else ``()``.
    """

    position: Position
    dealt: tuple[PyramidCard, ...] = ()

    @property
    def sheet(self) -> Sheet:
        """The player's score card."""
        return self.position.sheet

    @property
    def cards(self) -> tuple[CardState, ...]:
        """The player's cards in play (completed ones stay until replaced)."""
        return self.position.cards


@dataclass(frozen=True)
class Replacement:
    """Where a replacement card comes from: offer ``slot`` (0-based), or the deck top (``None``)."""

    slot: int | None = None

    @property
    def is_deck(self) -> bool:
        """Whether this takes the top card of the deck."""
        return self.slot is None

    def __str__(self) -> str:
        return "deck" if self.slot is None else f"offer slot {self.slot + 1}"

    def notation(self) -> str:
        """As records take it: ``deck`` or ``slot 2``."""
        return "deck" if self.slot is None else f"slot {self.slot + 1}"


DECK = Replacement(None)


@dataclass(frozen=True)
class PendingReplacement:
    """A completed ``card`` that ``player`` (0-based) still has to replace."""

    player: int
    card: PyramidCard


@dataclass(frozen=True)
class Claim:
    """A pyramid-point box claimed: ``points`` of ``color`` by ``player``, triggered by ``card``."""

    player: int
    color: Color
    points: int
    card: int
    round_number: int
    turn: int


@dataclass(frozen=True)
class Outcome(Ended):
    """The end of a game (the core's :class:`~silverpyr.solver.core.engine.Ended`: the
    ``winners``, 0-based), with each player's score breakdown."""

    scores: tuple[ScoreBreakdown, ...]

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's total."""
        return tuple(score.total for score in self.scores)

    @property
    def reason(self) -> str:
        """How the game ended, as every game says it: :data:`END_REASON`."""
        return END_REASON


END_REASON = "rounds"
"""Why every game of Silver & Gold ends: its fourth round has been played."""


@dataclass(frozen=True)
class GameState:
    """Everything about a game between two decisions (see the module docstring).

    ``pyramid_deck`` and ``expedition_order`` list cards top first; ``expedition_cards``
    are the physical expedition cards reshuffled each round; ``completed_this_turn[p]``
    holds player ``p``'s cards completed in the turn being resolved (in order).
    """

    seed: int
    expedition_cards: tuple[Expedition, ...]
    players: tuple[PlayerState, ...]
    offer: tuple[PyramidCard, ...] = ()
    pyramid_deck: tuple[PyramidCard, ...] = ()
    expedition_order: tuple[Expedition, ...] = ()
    round_number: int = 1
    turn: int = 1
    phase: Phase = Phase.MARK
    claims: tuple[Claim, ...] = ()
    completed_this_turn: tuple[tuple[PyramidCard, ...], ...] = ()
    pending: tuple[PendingReplacement, ...] = ()

    # --- reading the state ----------------------------------------------------------

    @property
    def expedition(self) -> Expedition:
        """The expedition card revealed this turn."""
        return self.expedition_order[self.turn - 1]

    def is_over(self) -> bool:
        """Whether round 4 has been played out."""
        return self.phase is Phase.OVER

    def position(self, player: int) -> Position:
        """Player ``player``'s (0-based) position."""
        return self.players[player].position

    def situation(self, player: int) -> Situation:
        """What ``player`` knows now: no peeking at the unrevealed expedition cards."""
        return Situation(
            position=self.position(player),
            round_number=self.round_number,
            expedition=self.expedition,
            seen=self.expedition_order[: self.turn - 1],
            deck=self.expedition_cards,
        )

    def claimed_boxes(self, color: Color) -> int:
        """How many pyramid-point boxes of ``color`` are taken (3 means the colour is closed)."""
        return sum(1 for claim in self.claims if claim.color is color)

    def next_box(self, color: Color) -> int | None:
        """Points of ``color``'s next unclaimed box; ``None`` once the colour is closed."""
        taken = self.claimed_boxes(color)
        return PYRAMID_POINT_BOXES[taken] if taken < len(PYRAMID_POINT_BOXES) else None

    def open_pyramid_points(self) -> int:
        """Points of every pyramid-point box no one has claimed yet, all colours together.

        What the race still offers the table: :data:`~.sheet.MAX_PYRAMID_POINTS` at the
        start, 0 once every colour is closed.
        """
        return sum(sum(PYRAMID_POINT_BOXES[self.claimed_boxes(color) :]) for color in Color)

    def legal_moves(self, player: int) -> list[Move]:
        """Every legal move of ``player`` for the revealed expedition card."""
        self._require(Phase.MARK)
        return self.position(player).legal_moves(self.expedition, self.round_number)

    def parse_move(self, player: int, text: str) -> Move:
        """Parse ``player``'s move in notation (see :meth:`.Position.parse_move`)."""
        self._require(Phase.MARK)
        return self.position(player).parse_move(text, self.expedition, self.round_number)

    @property
    def replacing_player(self) -> int | None:
        """The player whose replacement choice is due, if any."""
        return self.pending[0].player if self.pending else None

    def replacement_options(self) -> tuple[Replacement, ...]:
        """Where the due replacement may come from: each offer slot, then the deck if not empty."""
        self._require(Phase.REPLACE)
        return _options(self.offer, self.pyramid_deck)

    def scores(self) -> tuple[ScoreBreakdown, ...]:
        """Each player's score as things stand (incomplete cards score nothing)."""
        return tuple(player.sheet.score() for player in self.players)

    def outcome(self) -> Outcome:
        """Scores and winners of a finished game.

        The highest total wins; on a tie the tied player who completed the lowest-numbered
        card wins. Ruling: a tied player who completed no card loses the tie-break to one
        who did; when no tied player completed a card, they share the win.
        """
        self._require(Phase.OVER)
        scores = self.scores()
        best = max(score.total for score in scores)
        tied = [p for p, score in enumerate(scores) if score.total == best]
        lowest = {
            p: min(card.number for card in self.players[p].sheet.completed)
            for p in tied
            if self.players[p].sheet.completed
        }
        if not lowest:
            return Outcome(winners=tuple(tied), scores=scores)
        return Outcome(winners=(min(lowest, key=lowest.__getitem__),), scores=scores)

    def hidden_pyramids(self, player: int) -> tuple[PyramidCard, ...]:
        """The pyramid cards ``player`` cannot see: the deck, and the others' dealt hands."""
        others = (
            card
            for seat, state in enumerate(self.players)
            if seat != player
            for card in state.dealt
        )
        return (*self.pyramid_deck, *others)

    def out_of_sight(self, deck: Deck, player: int) -> tuple[PyramidCard, ...]:
        """The pyramid cards of ``deck`` that ``player`` has not seen face up, in the deck's
        order: neither in the offer, nor in anyone's cards in play or completed, nor dealt to
        ``player``. The hidden deck and the others' dealt cards are drawn from them."""
        seen = {card.number for card in self.offer}
        seen.update(card.number for card in self.players[player].dealt)
        for state in self.players:
            seen.update(card.number for card in state.sheet.completed)
            seen.update(card.number for card in state.cards)
        return tuple(card for card in deck.pyramids if card.number not in seen)

    def determinized(
        self, player: int, seed: int, pool: Sequence[PyramidCard] | None = None
    ) -> GameState:
        """A game ``player`` cannot tell from this one: what they cannot see, dealt anew.

        The hidden pyramid cards (:meth:`hidden_pyramids`, or ``len(pyramid_deck)`` cards
        drawn from ``pool`` when the deck's contents are unknown too) and the expedition
        cards not revealed yet this round are shuffled with ``seed``, which also becomes
        the seed of the rounds to come. Everything ``player`` knows stays as it is, so a
        decision judged on many of these never profits from knowing the hidden order.
        """
        stream = _stream(seed).child(f"determinized-{player}")
        hidden = list(self.hidden_pyramids(player) if pool is None else pool)
        shuffled = stream.child("pyramids").shuffled(hidden)
        players = list(self.players)
        at = 0
        for seat, state in enumerate(self.players):
            if seat != player and state.dealt:
                players[seat] = replace(state, dealt=tuple(shuffled[at : at + len(state.dealt)]))
                at += len(state.dealt)
        deck = tuple(shuffled[at : at + len(self.pyramid_deck)])
        order = self.expedition_order
        if self.phase is not Phase.KEEP and order:
            revealed = order[: self.turn]
            order = (*revealed, *stream.child("expeditions").shuffled(order[self.turn :]))
        return replace(
            self, seed=seed, players=tuple(players), pyramid_deck=deck, expedition_order=order
        )

    # --- setup ----------------------------------------------------------------------

    def keep(self, choices: Sequence[Sequence[int]]) -> GameState:
        """Each player keeps the 2 dealt cards numbered in ``choices[player]``; play starts.

        The other dealt cards go back to the deck, which is shuffled; its top 4 cards form
        the offer and the expedition cards are shuffled for round 1.
        """
        self._require(Phase.KEEP)
        if len(choices) != len(self.players):
            raise IllegalMoveError(f"{len(self.players)} players must each keep 2 cards")
        players: list[PlayerState] = []
        returned: list[PyramidCard] = []
        for index, (player, numbers) in enumerate(zip(self.players, choices, strict=True)):
            kept = kept_cards(player.dealt, numbers, index, len(self.players))
            returned.extend(card for card in player.dealt if card not in kept)
            players.append(PlayerState(Position.start(*kept)))
        deck = tuple(
            _stream(self.seed).child("pyramid-deck").shuffled((*self.pyramid_deck, *returned))
        )
        return replace(
            self,
            players=tuple(players),
            offer=deck[:OFFER_SIZE],
            pyramid_deck=deck[OFFER_SIZE:],
            expedition_order=round_order(_stream(self.seed), self.expedition_cards, 1),
            round_number=1,
            turn=1,
            phase=Phase.MARK,
        )

    # --- a turn -------------------------------------------------------------------------

    def play(self, moves: Sequence[Move]) -> GameState:
        """Step 2 (Mark): every player's move at once; then replacements or the next turn.

        Raises :class:`~.moves.IllegalMoveError` naming the player whose move breaks a rule.
        """
        self._require(Phase.MARK)
        if len(moves) != len(self.players):
            raise IllegalMoveError(
                f"expected {len(self.players)} moves, one per player, got {len(moves)}"
            )
        players: list[PlayerState] = []
        completed: list[tuple[PyramidCard, ...]] = []
        for index, (player, move) in enumerate(zip(self.players, moves, strict=True)):
            try:
                position = player.position.push(move, self.expedition, self.round_number)
            except (IllegalMoveError, InvalidMoveError, AmbiguousMoveError) as error:
                if len(self.players) == 1:
                    raise
                raise type(error)(f"player {index + 1}: {error}") from None
            players.append(replace(player, position=position))
            completed.append(position.sheet.completed[len(player.sheet.completed) :])
        order = sorted(
            (p for p in range(len(players)) if completed[p]),
            key=lambda p: min(card.number for card in completed[p]),
        )
        pending = tuple(
            PendingReplacement(p, card)
            for p in order
            for card in sorted(completed[p], key=lambda card: card.number)
        )
        state = replace(
            self,
            players=tuple(players),
            completed_this_turn=tuple(completed),
            pending=pending,
            phase=Phase.REPLACE,
        )
        return state._settle()

    def take_replacement(self, choice: Replacement) -> GameState:
        """Step 3: the due replacement of a completed card, from ``choice``."""
        self._require(Phase.REPLACE)
        options = self.replacement_options()
        if choice not in options:
            if choice.is_deck:
                raise IllegalMoveError("the deck is empty: take a card from the offer")
            raise IllegalMoveError(f"{choice} is empty (the offer has {len(self.offer)} cards)")
        entry = self.pending[0]
        if choice.slot is None:
            card, offer, deck = self.pyramid_deck[0], self.offer, self.pyramid_deck[1:]
        else:
            card = self.offer[choice.slot]
            offer = self.offer[: choice.slot] + self.offer[choice.slot + 1 :]
            deck = self.pyramid_deck
        state = replace(
            self._with_position(
                entry.player, _swap_card(self.position(entry.player), entry.card, card)
            ),
            offer=offer,
            pyramid_deck=deck,
        )
        return state._next_replacement()

    # --- internals ------------------------------------------------------------------

    def _require(self, phase: Phase) -> None:
        if self.phase is not phase:
            reasons = {
                Phase.KEEP: "the players must first choose which dealt cards to keep",
                Phase.MARK: "every player must first mark the revealed expedition card",
                Phase.REPLACE: "a completed card must first be replaced",
                Phase.OVER: "the game is over",
            }
            raise IllegalMoveError(reasons[self.phase])

    def _with_position(self, player: int, position: Position) -> GameState:
        players = list(self.players)
        players[player] = replace(players[player], position=position)
        return replace(self, players=tuple(players))

    def _next_replacement(self) -> GameState:
        """Drop the replacement just made; refill the offer after a player's last one."""
        done, rest = self.pending[0], self.pending[1:]
        state = replace(self, pending=rest)
        if not rest or rest[0].player != done.player:
            missing = max(0, OFFER_SIZE - len(state.offer))
            state = replace(
                state,
                offer=state.offer + state.pyramid_deck[:missing],
                pyramid_deck=state.pyramid_deck[missing:],
            )
        return state._settle()

    def _settle(self) -> GameState:
        """Set aside completed cards that nothing is left to replace; end the turn when done."""
        state = self
        while state.pending and not _options(state.offer, state.pyramid_deck):
            entry = state.pending[0]
            position = state.position(entry.player)
            kept = tuple(s for s in position.cards if s.number != entry.card.number)
            state = state._with_position(entry.player, replace(position, cards=kept))
            state = replace(state, pending=state.pending[1:])
        if state.pending:
            return state
        return state._claim_pyramid_points()._advance()

    def _claim_pyramid_points(self) -> GameState:
        """Step 4: claims of this turn, per colour in order of the triggering card's number."""
        triggers: list[tuple[int, int, Color]] = []
        for p, player in enumerate(self.players):
            new = self.completed_this_turn[p] if self.completed_this_turn else ()
            before = player.sheet.completed[: len(player.sheet.completed) - len(new)]
            triggers.extend((card.number, p, card.color) for card in claiming_cards(before, new))
        state = self
        for number, p, color in sorted(triggers):
            points = state.next_box(color)
            if points is None:
                continue
            claim = Claim(p, color, points, number, self.round_number, self.turn)
            position = state.position(p)
            state = state._with_position(
                p, replace(position, sheet=position.sheet.with_pyramid_points(points))
            )
            state = replace(state, claims=(*state.claims, claim))
        return state

    def _advance(self) -> GameState:
        """Start the next turn, the next round (reshuffling the expeditions), or end the game."""
        state = replace(self, completed_this_turn=(), pending=(), phase=Phase.MARK)
        if self.turn < TURNS_PER_ROUND:
            return replace(state, turn=self.turn + 1)
        if self.round_number < ROUNDS:
            next_round = self.round_number + 1
            return replace(
                state,
                round_number=next_round,
                turn=1,
                expedition_order=round_order(_stream(self.seed), self.expedition_cards, next_round),
            )
        return replace(state, phase=Phase.OVER)


def claiming_cards(before: Sequence[PyramidCard], new: Sequence[PyramidCard]) -> list[PyramidCard]:
    """The cards of ``new`` (completed after ``before``, in order) that trigger a claim.

    Completing the 2nd, 4th or 6th card of a colour (:data:`CLAIM_COUNTS`) claims its next
    pyramid-point box.
    """
    counts = {color: sum(1 for c in before if c.color is color) for color in Color}
    found = []
    for card in new:
        counts[card.color] += 1
        if counts[card.color] in CLAIM_COUNTS:
            found.append(card)
    return found


def solo_claims(completed: Sequence[PyramidCard]) -> list[tuple[Color, int]]:
    """The boxes (colour, points) ``completed`` claims in order, alone at the table."""
    taken = {color: 0 for color in Color}
    claims = []
    for card in claiming_cards((), completed):
        claims.append((card.color, PYRAMID_POINT_BOXES[taken[card.color]]))
        taken[card.color] += 1
    return claims


def deal(deck: Deck, players: int, seed: int) -> GameState:
    """Setup step 1: shuffle the pyramid cards and deal 4 to each of ``players`` players.

    The returned state waits for :meth:`GameState.keep`.
    """
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise GameSetupError(f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {players}")
    if len(deck.pyramids) < DEALT_CARDS * players:
        raise GameSetupError(
            f"{players} players need at least {DEALT_CARDS * players} pyramid cards; "
            f"{deck.source} has {len(deck.pyramids)}"
        )
    expedition_cards = deck.expedition_cards()
    if len(expedition_cards) < TURNS_PER_ROUND:
        raise GameSetupError(
            f"a round reveals {TURNS_PER_ROUND} expedition cards; "
            f"{deck.source} has {len(expedition_cards)}"
        )
    shuffled = tuple(_stream(seed).child("deal").shuffled(deck.pyramids))
    hands = tuple(shuffled[p * DEALT_CARDS : (p + 1) * DEALT_CARDS] for p in range(players))
    return GameState(
        seed=seed,
        expedition_cards=expedition_cards,
        players=tuple(PlayerState(Position(()), dealt=hand) for hand in hands),
        pyramid_deck=shuffled[DEALT_CARDS * players :],
        phase=Phase.KEEP,
    )


# --- a table from its parts ---------------------------------------------------------------


class TablePart(StrEnum):
    """A part of a table described from outside a game (:func:`table`)."""

    PLAYERS = "players"
    DEALT = "dealt"
    CARDS = "cards"
    """The cards in play, the completed cards, and any card in two places."""
    COMPLETED = "completed"
    """The card just completed, to replace."""
    OFFER = "offer"
    DECK = "deck"
    CLAIMS = "claims"


class TableError(SilverpyrError, ValueError):
    """A table whose parts cannot be together; :attr:`part` names the part at fault."""

    def __init__(self, message: str, part: TablePart) -> None:
        super().__init__(message)
        self.part = part


@dataclass(frozen=True)
class TableParts:
    """What one player (player 1) sees of a table, for :func:`table`.

    * **setup** (a keep is due): ``dealt``, the cards dealt to player 1, and ``players``;
    * **a turn** (a mark is due): ``situation``, player 1's cards, sheet and the round;
    * **a replacement**: ``situation`` as the turn stood, ``completed`` (the card player 1
      just completed, not among the cards in play), the ``offer``, ``deck_size`` (the cards
      left in the pyramid deck) and ``claimed``, the pyramid-point boxes taken per colour by
      anyone (``None``: those player 1's own completions claimed).
    """

    players: int = 1
    dealt: tuple[PyramidCard, ...] = ()
    situation: Situation | None = None
    completed: PyramidCard | None = None
    offer: tuple[PyramidCard, ...] = ()
    deck_size: int = 0
    claimed: Mapping[Color, int] | None = None


def table(deck: Deck, parts: TableParts, *, seed: int = 0) -> GameState:
    """The game state ``parts`` describe with the cards of ``deck``, checked to be a table
    the rules can reach; :class:`TableError` names the part at fault otherwise.

    What player 1 cannot see is filled in from the cards of ``deck`` out of sight, in the
    deck's order (the other seats' dealt cards, the pyramid deck); advice deals it anew
    (:meth:`GameState.determinized`). Only player 1 sits at a turn's or a replacement's
    table: the parts do not show the others. ``seed`` is the seed of the rounds to come.
    """
    if not MIN_PLAYERS <= parts.players <= MAX_PLAYERS:
        raise TableError(
            f"a game has {MIN_PLAYERS} to {MAX_PLAYERS} players, not {parts.players}",
            TablePart.PLAYERS,
        )
    if parts.dealt:
        return _setup_table(deck, parts, seed)
    if parts.situation is None:
        raise TableError("a turn's table needs the situation of the turn", TablePart.CARDS)
    if parts.players != 1:
        raise TableError("a turn's table seats player 1 alone", TablePart.PLAYERS)
    situation = parts.situation
    position = situation.position
    in_play = [state.card for state in position.cards]
    if len(in_play) > MAX_CARDS_IN_PLAY - (parts.completed is not None):
        raise TableError(
            f"{len(in_play)} cards in play and one to replace: a player holds {MAX_CARDS_IN_PLAY}",
            TablePart.CARDS,
        )
    for state in position.cards:
        if state.is_complete():
            raise TableError(
                f"card {state.number} is complete: it is replaced, not in play", TablePart.CARDS
            )
    places = {
        "as the card to replace": (parts.completed,) if parts.completed is not None else (),
        "in the offer": parts.offer,
        "in play": tuple(in_play),
        "among the completed cards": position.sheet.completed,
    }
    numbers = [card.number for cards in places.values() for card in cards]
    repeated = sorted({n for n in numbers if numbers.count(n) > 1})
    if repeated:
        where = [
            place for place, cards in places.items() for card in cards if card.number == repeated[0]
        ]
        raise TableError(
            f"card {repeated[0]} appears twice: {' and '.join(dict.fromkeys(where))}",
            TablePart.CARDS,
        )
    order = (*situation.seen, situation.expedition, *situation.unseen())
    player = PlayerState(position)
    base = GameState(
        seed=seed,
        expedition_cards=situation.deck,
        players=(player,),
        expedition_order=order,
        round_number=situation.round_number,
        turn=situation.turn,
        phase=Phase.MARK,
    )
    if parts.completed is None:
        if parts.offer or parts.deck_size or parts.claimed is not None:
            raise TableError(
                "a turn's table takes no offer, deck or claims: they are a replacement's",
                TablePart.OFFER,
            )
        return base
    return _replacement_table(deck, parts, base, parts.completed)


def _setup_table(deck: Deck, parts: TableParts, seed: int) -> GameState:
    dealt = parts.dealt
    if len(dealt) != DEALT_CARDS or len(set(dealt)) != DEALT_CARDS:
        raise TableError(f"a player is dealt {DEALT_CARDS} different cards", TablePart.DEALT)
    stray = [card.number for card in dealt if card not in deck.pyramids]
    if stray:
        raise TableError(f"card {stray[0]} is not in {deck.source}", TablePart.DEALT)
    if parts.situation is not None or parts.completed is not None or parts.offer:
        raise TableError("setup has no turn, offer or card to replace yet", TablePart.DEALT)
    rest = [card for card in deck.pyramids if card not in dealt]
    others = DEALT_CARDS * (parts.players - 1)
    if len(rest) < others:
        raise TableError(
            f"{parts.players} players need {DEALT_CARDS * parts.players} pyramid cards",
            TablePart.PLAYERS,
        )
    seats = [PlayerState(Position(()), dealt=dealt)]
    seats.extend(
        PlayerState(Position(()), dealt=tuple(rest[i * DEALT_CARDS : (i + 1) * DEALT_CARDS]))
        for i in range(parts.players - 1)
    )
    return GameState(
        seed=seed,
        expedition_cards=deck.expedition_cards(),
        players=tuple(seats),
        pyramid_deck=tuple(rest[others:]),
        phase=Phase.KEEP,
    )


def _replacement_table(
    deck: Deck, parts: TableParts, base: GameState, completed: PyramidCard
) -> GameState:
    if len(parts.offer) > OFFER_SIZE:
        raise TableError(
            f"the offer holds at most {OFFER_SIZE} cards, not {len(parts.offer)}",
            TablePart.OFFER,
        )
    position = base.position(0)
    done = CardState(completed, completed.room.open_mask)
    player = PlayerState(
        Position((*position.cards, done), position.sheet.with_completed(completed))
    )
    state = replace(base, players=(player,), offer=parts.offer)
    pool = state.out_of_sight(deck, 0)
    if not 0 <= parts.deck_size <= len(pool):
        raise TableError(
            f"only {len(pool)} cards are out of sight, not {parts.deck_size}", TablePart.DECK
        )
    if not parts.offer and not parts.deck_size:
        raise TableError("the offer and the deck are both empty: nothing to take", TablePart.OFFER)
    claims = _table_claims(position.sheet.completed, parts.claimed, base)
    return replace(
        state,
        pyramid_deck=pool[: parts.deck_size],
        phase=Phase.REPLACE,
        claims=claims,
        completed_this_turn=((completed,),),
        pending=(PendingReplacement(0, completed),),
    )


def _table_claims(
    completed: Sequence[PyramidCard], claimed: Mapping[Color, int] | None, base: GameState
) -> tuple[Claim, ...]:
    """The boxes taken: ``claimed`` per colour, or those ``completed`` claimed alone; never
    fewer in a colour than ``completed`` triggered (a trigger takes a box, or finds none)."""
    triggered = Counter(card.color for card in claiming_cards((), completed))
    taken = Counter(triggered) if claimed is None else Counter(claimed)
    for color in Color:
        boxes = taken[color]
        if not 0 <= boxes <= len(PYRAMID_POINT_BOXES):
            raise TableError(
                f"{color.value}: {boxes} boxes taken; a colour has {len(PYRAMID_POINT_BOXES)}",
                TablePart.CLAIMS,
            )
        least = min(triggered[color], len(PYRAMID_POINT_BOXES))
        if boxes < least:
            raise TableError(
                f"{color.value}: {boxes} box{'es' if boxes != 1 else ''} taken, but the "
                f"completed {color.value} cards claimed {least}",
                TablePart.CLAIMS,
            )
    return tuple(
        Claim(0, color, PYRAMID_POINT_BOXES[box], 0, base.round_number, base.turn)
        for color in Color
        for box in range(taken[color])
    )


def _stream(seed: int) -> SeededStream:
    """The root of every shuffle of the game of ``seed``."""
    return SeededStream(f"silverpyr-game|{seed}")


def seeded_round(
    seed: int, cards: Sequence[Expedition], round_number: int = 1
) -> tuple[Expedition, ...]:
    """The expedition cards of ``round_number`` in the game of ``seed``, in reveal order."""
    return round_order(_stream(seed), cards, round_number)


def round_order(
    stream: SeededStream, cards: Sequence[Expedition], round_number: int
) -> tuple[Expedition, ...]:
    """The expedition cards shuffled for ``round_number``: turn ``t`` reveals index ``t - 1``.

    The one seeded round of the project: games, puzzles and ``solve`` without an order all
    draw it from their own ``stream`` (the child ``round-N`` of it).
    """
    return tuple(stream.child(f"round-{round_number}").shuffled(cards))


def _options(
    offer: tuple[PyramidCard, ...], deck: tuple[PyramidCard, ...]
) -> tuple[Replacement, ...]:
    slots = tuple(Replacement(slot) for slot in range(len(offer)))
    return (*slots, DECK) if deck else slots


def kept_cards(
    dealt: tuple[PyramidCard, ...], numbers: Sequence[int], player: int, players: int
) -> tuple[PyramidCard, ...]:
    """The cards of ``dealt`` numbered ``numbers``: exactly 2 different ones (the keep's rule);
    :class:`~.moves.IllegalMoveError` saying why not otherwise."""
    who = f"player {player + 1}" if players > 1 else "you"
    dealt_numbers = ", ".join(str(card.number) for card in dealt)
    if len(set(numbers)) != KEPT_CARDS or len(numbers) != KEPT_CARDS:
        raise IllegalMoveError(f"keep exactly 2 different cards of {dealt_numbers}")
    by_number = {card.number: card for card in dealt}
    for number in numbers:
        if number not in by_number:
            raise IllegalMoveError(f"card {number} was not dealt to {who} (dealt: {dealt_numbers})")
    return tuple(by_number[number] for number in numbers)


def _swap_card(position: Position, old: PyramidCard, new: PyramidCard) -> Position:
    """``position`` with the completed ``old`` card replaced by a fresh ``new`` one in its place."""
    cards = tuple(CardState(new) if s.number == old.number else s for s in position.cards)
    return replace(position, cards=cards)
