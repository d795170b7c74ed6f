"""Keeping a game against bots: one table for the line mode and the full-screen game.

:class:`KeptGame` holds a game of ``silverpyr game`` for seat 0 (you) against bots of the
registry. Its machinery is the core's kept table (:class:`~silverpyr.puzzles.core.kept_table.
KeptTable`, as the Sun's and Cheops's), over the engine's simultaneous steps taken as one
seat's decision at a time (:mod:`silverpyr.solver.silvergold.turns`, you first); this module
gives the game's hooks and the methods its screens call:

* **What is yours** (:attr:`KeptGame.waiting`): your keep, your mark or your replacement
  (:class:`~.advice.Kind`). The bots' choices, your pass with no card in play, a replacement
  with one option (forced: not judged, not among your answers) and the claims happen by
  themselves.
* **Your mark waits** in :attr:`KeptGame.marked` (:meth:`KeptGame.mark`) until you end the
  turn (:meth:`KeptGame.end_turn`); :meth:`KeptGame.undo` takes it back. A keep and a
  replacement are final at once.
* **The coach** (:meth:`KeptGame.check`) seats the opponents in its advice as in the game. A
  resumed game's decisions are judged again (it is exact and quick), so its summary covers
  the whole game; the coach is on when it was on before or is asked for now.
* **Saved** answers are written as the prompts take them (``11 23``, ``17:B1 B2``, ``2``,
  ``d``); the record holds every seat's moves in the turns' notation. A game with no final
  decision yet is not saved (there is nothing to resume).

**Ruling (one unfinished game)**, the core's (:mod:`silverpyr.puzzles.core.kept`): resuming
notes the seed, players, opponents, round and turn; a seed, a number of players or opponents
given for another game while one is unfinished raise :class:`UnfinishedGameError`. A game
played with another deck (``--cards``) than the unfinished one is another game.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, Unpack, cast

from ....solver.core.errors import SilverpyrError
from ....solver.core.reader import parse_whole, parse_wholes
from ....solver.games import GAMES
from ....solver.silvergold import turns
from ....solver.silvergold.game import DECK, Outcome, Phase, Replacement
from ....solver.silvergold.moves import PASS, IllegalMoveError, InvalidMoveError, Move, move_str
from ....solver.silvergold.turns import Keep, Table
from ...core import kept_table
from ...core.kept import GAME_ID, Keeping, UnfinishedGameError
from .advice import Kind, decision_kind

if TYPE_CHECKING:
    from ....solver.silvergold.cards import Deck, PyramidCard
    from ....solver.silvergold.game import Claim, GameState
    from ....solver.silvergold.players import Player
    from ....solver.silvergold.position import Position
    from ...core.store import SavedGame
    from .advice import Advice
    from .game_coach import CoachReport, Verdict
    from .game_record import GameRecord

HUMAN = kept_table.HUMAN
"""Your seat (0-based): player 1."""
DEFAULT_PLAYERS = 2
DEFAULT_OPPONENTS = "greedy"
LEASE_NAME = "unfinished game against bots"
RESUME_COMMAND = "silverpyr game"
SEATS = GAMES["silvergold"].seats
"""The table sizes of a game (the engine's): the store reads the saved row against them."""
KEEPING = Keeping(LEASE_NAME, RESUME_COMMAND, SEATS)
"""The game's declaration to the core's kept game (:mod:`silverpyr.puzzles.core.kept`)."""


# --- events ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Played:
    """``player`` played ``move`` (a pass when it had no card in play) in this turn."""

    player: int
    move: Move
    round_number: int
    turn: int


@dataclass(frozen=True)
class Completed:
    """``player`` completed ``card`` this turn."""

    player: int
    card: PyramidCard


@dataclass(frozen=True)
class Replaced:
    """``player`` replaced the completed ``card`` with ``taken`` from ``source``."""

    player: int
    card: PyramidCard
    taken: PyramidCard
    source: Replacement


@dataclass(frozen=True)
class Claimed:
    """A pyramid-point box claimed (``claim.player``, ``claim.points`` of ``claim.color``,
    triggered by card ``claim.card``)."""

    claim: Claim


Judged = kept_table.Judged
"""The coach's verdict on your decision that just became final (the core's)."""

TableEvent = Played | Completed | Replaced | Claimed
"""What the engine did, as the kept table tells it."""
Event = TableEvent | kept_table.Judged["Verdict"]


def happened(before: Table, after: Table, choice: turns.Choice) -> list[TableEvent]:
    """What ``choice`` made happen between two tables: nothing while a step every seat takes
    at once is still being chosen; the step's marks (each seat's, then what each completed),
    a replacement, and the claims it triggered."""
    game, then = before.game, after.game
    if then is game:
        return []
    events: list[TableEvent] = []
    if isinstance(choice, Replacement):
        entry = game.pending[0]
        taken = game.pyramid_deck[0] if choice.slot is None else game.offer[choice.slot]
        events.append(Replaced(entry.player, entry.card, taken, choice))
    elif game.phase is Phase.MARK:
        for seat, played in enumerate((*before.chosen, choice)):
            assert isinstance(played, Move)
            events.append(Played(seat, played, game.round_number, game.turn))
            done = len(game.players[seat].sheet.completed)
            events.extend(
                Completed(seat, card) for card in then.players[seat].sheet.completed[done:]
            )
    events.extend(Claimed(claim) for claim in then.claims[len(game.claims) :])
    return events


def who(player: int) -> str:
    """``You`` for seat 0, ``Player 3`` for the others."""
    return "You" if player == HUMAN else f"Player {player + 1}"


def describe_event(event: TableEvent) -> str:
    """What happened, in a line: ``Player 2: 17:B1 B2``, ``You completed card 17.``,
    ``Player 3 replaced card 17 with card 30 (green) from offer slot 2.``, ``You claimed 5
    pyramid points in red.``"""
    if isinstance(event, Played):
        shown = "passes" if event.move.is_pass else move_str(event.move, with_card=True)
        return f"{who(event.player)}: {shown}"
    if isinstance(event, Completed):
        return f"{who(event.player)} completed card {event.card.number}."
    if isinstance(event, Replaced):
        slot = event.source.slot
        source = "the deck top" if slot is None else f"offer slot {slot + 1}"
        return (
            f"{who(event.player)} replaced card {event.card.number} with card "
            f"{event.taken.number} ({event.taken.color.value}) from {source}."
        )
    claim = event.claim
    return f"{who(claim.player)} claimed {claim.points} pyramid points in {claim.color.value}."


@dataclass(frozen=True)
class SeatBot:
    """A player of the registry deciding one seat's choice on the turns' table (the core's
    table bot): a replacement with one option is taken without asking it."""

    player: Player

    def decide(self, table: Table, seat: int) -> turns.Choice:
        game = table.game
        if game.phase is Phase.REPLACE:
            options = game.replacement_options()
            return options[0] if len(options) == 1 else self.player.replacement(game)
        if game.phase is Phase.KEEP:
            return Keep(*self.player.keep(game, seat))
        return self.player.move(game, seat)


def _choice(choice: turns.Choice | tuple[int, int]) -> turns.Choice:
    """A choice of the turns' table (a keep given as the advice's pair becomes a :class:`Keep`)."""
    return Keep(*choice) if isinstance(choice, tuple) else choice


def _seat_bot(name: str) -> SeatBot:
    from .registry import make_player

    return SeatBot(make_player(name))


def _where(table: Table, _turn: int) -> str:
    """``setup``, ``round 2, turn 3``, ``round 2, turn 3, replacing card 12`` or ``the end``."""
    if table.over:
        return "the end"
    from .game_record import when

    return when(table.game)


def _chosen(saved: SavedGame) -> tuple[int, int, str]:
    return (saved.seed, saved.players, saved.opponents)


# --- the kept game -----------------------------------------------------------------------


class KeptGame(
    kept_table.KeptTable[
        Table, turns.Choice, turns.Choice, TableEvent, Outcome, Kind, "Verdict", "Advice"
    ]
):
    """A game against bots and what the results store keeps of it (module docstring; the
    machinery is the core's :class:`~.kept_table.KeptTable`).

    ``store`` is ``None`` when nothing is saved (``--no-record``, or a store that cannot
    be used). ``notes`` are what starting it has to say (resuming, starting over).
    """

    judges_replay: ClassVar[bool] = True
    """The coach judges a resumed game's decisions again: it is exact and quick."""

    def __init__(
        self,
        deck: Deck,
        seed: int,
        players: int,
        opponents: str,
        **options: Unpack[kept_table.Made],
    ) -> None:
        """``opponents``: one bot for the other seats, or one a seat (comma-separated);
        :class:`TableError` when they do not seat ``players``."""
        bots = _seated(opponents, players)
        self.deck = deck
        self.players = players
        """How many seats (you included)."""
        self.marked: Move | None = None
        """Your mark while it can still be taken back (before :meth:`end_turn`)."""
        super().__init__(
            TABLE,
            lambda: turns.new_game(deck, players, seed),
            seed,
            bots,
            fingerprint=deck.fingerprint,
            opponents=opponents,
            **options,
        )

    # --- starting -----------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        deck: Deck,
        *,
        seed: int | None,
        fresh_seed: int,
        players: int | None = None,
        opponents: str | None = None,
        **options: Unpack[kept_table.Starting],
    ) -> KeptGame:
        """A new game, or the unfinished one resumed (see the module's ruling; the core's
        :func:`~.kept_table.start_table`).

        ``seed``, ``players`` and ``opponents`` are ``None`` when not asked for; a new game
        then takes ``fresh_seed``, :data:`DEFAULT_PLAYERS` and :data:`DEFAULT_OPPONENTS`.
        Raises :class:`UnfinishedGameError` when another game is asked for while one is
        unfinished, and the store's ``SessionBusyError`` while another session holds the
        saved game.
        """
        return kept_table.start_table(
            CHOOSING,
            fingerprint=deck.fingerprint,
            asked=(seed, players, opponents),
            fresh=(
                fresh_seed if seed is None else seed,
                DEFAULT_PLAYERS if players is None else players,
                DEFAULT_OPPONENTS if opponents is None else opponents,
            ),
            make=lambda choice, kept: cls(deck, *choice, **kept),
            **options,
        )

    # --- the table's hooks: Silver & Gold's rules and texts ------------------------------

    def _held(self, before: Table, move: turns.Choice, after: Table) -> turns.Choice | None:
        """Every choice is final when the table takes it: a mark waits in :attr:`marked`,
        outside the table, until you end the turn."""
        return None

    def _forced(self, state: Table) -> turns.Choice | None:
        """A pass when you have no card in play; a replacement with one option."""
        game = state.game
        if game.phase is Phase.MARK and not game.position(HUMAN).has_card_in_play():
            return PASS
        if game.phase is Phase.REPLACE:
            options = game.replacement_options()
            return options[0] if len(options) == 1 else None
        return None

    def _happened(self, before: Table, after: Table, move: turns.Choice) -> list[TableEvent]:
        return happened(before, after, move)

    def _answer(self, move: turns.Choice) -> str:
        """As the prompts take it: ``11 23``, ``17:B1 B2 +C3``, ``2``, ``d``."""
        from .game_record import answer_of

        return answer_of(self.game, move)

    def _resume_note(self, saved: SavedGame) -> str:
        return (
            f"Resuming the unfinished game ({describe(saved)}) at {self.where()}; "
            "--restart starts a new one."
        )

    def _describe(self, state: Table, event: TableEvent) -> str:
        return describe_event(event)

    def _describe_outcome(self, result: Outcome) -> str:
        ended = "its fourth round is played"
        return kept_table.game_over_line(ended, result.winners, result.totals, self.bots, "Score")

    def _new_record(self) -> GameRecord:
        from .game_record import GameRecord

        return GameRecord.start(self.deck, self.seed, self.players, self.opponents)

    def _coach_of(self) -> kept_table.TableCoach[Table, turns.Choice, Verdict, Advice]:
        from .game_coach import judge, report

        def advise(
            state: Table,
            seat: int,
            table: Sequence[str],
            *,
            samples: int | None = None,
            progress: kept_table.Progress | None = None,
        ) -> Advice:
            from .advice import advise

            game = state.game
            opponents = self._advice_opponents()
            return advise(game, seat, opponents=opponents, rollouts=samples or 0, seed=game.seed)

        def judged(
            state: Table,
            seat: int,
            table: Sequence[str],
            move: turns.Choice,
            *,
            where: str,
            samples: int | None = None,
            advice: Advice | None = None,
            progress: kept_table.Progress | None = None,
        ) -> Verdict:
            return judge(advice or self.advice(), move, where)

        coach: kept_table.TableCoach[Table, turns.Choice, Verdict, Advice]
        coach = kept_table.TableCoach(advise, judged, report)
        return coach

    def _advice_opponents(self) -> Player:
        from .registry import make_table

        return make_table(self.opponents, self.players)

    # --- where it stands ----------------------------------------------------------------

    @property
    def bot(self) -> Player:
        """The other seats' players as one (each seat's own:
        :class:`~silverpyr.solver.silvergold.players.Seated`)."""
        from ....solver.silvergold.players import Seated

        seats = {seat: cast("SeatBot", bot).player for seat, bot in enumerate(self.seated, 1)}
        return seats[1] if len(seats) == 1 else Seated(seats)

    @bot.setter
    def bot(self, player: Player) -> None:
        """A player standing in for every other seat (the full screen's foresight of their
        marks, which asks each seat's own player)."""
        self.seated[:] = [SeatBot(player) for _ in self.seated]

    @property
    def game(self) -> GameState:
        """The engine's state after every final decision (your pending mark is not on it)."""
        return self.state.game

    @property
    def waiting(self) -> Kind | None:
        """What the game waits for from you (``None``: the game is over)."""
        if super().waiting is None:  # the game is over, or the bots are due
            return None
        return decision_kind(self.game)

    def where(self) -> str:
        """``setup``, ``round 2, turn 3``, ``round 2, turn 3, replacing card 12`` or ``the
        end``: where the game stands, for people."""
        return _where(self.state, self.turn_number)

    def position(self) -> Position:
        """Your cards and sheet as you see them: with the pending mark on them, if any."""
        game = self.game
        position = game.position(HUMAN)
        if self.marked is None:
            return position
        return position.push(self.marked, game.expedition, game.round_number)

    def why_illegal(self, move: turns.Choice) -> str | None:
        """Why ``move`` is not yours to make now (the engine's sentence), or ``None``."""
        kind = (
            Kind.MARK
            if isinstance(move, Move)
            else Kind.REPLACEMENT
            if isinstance(move, Replacement)
            else Kind.KEEP
        )
        wrong = self._wrong_kind(kind)
        if wrong is not None:
            return wrong
        game = self.game
        if isinstance(move, Replacement) and move not in game.replacement_options():
            slots = len(game.offer)
            deck = " or the deck top" if game.pyramid_deck else ""
            return f"{move} is not an option: an offer slot 1-{slots}{deck}"
        return turns.why_illegal(self.state, _choice(move))

    def check(
        self, move: turns.Choice | tuple[int, int], progress: kept_table.Progress | None = None
    ) -> Verdict | None:
        """The coach's verdict on ``move`` before it is final (a keep may be the advice's pair
        of numbers); ``None`` when the coach is off."""
        return super().check(_choice(move), progress)

    def report(self) -> CoachReport:
        """The coach's summary of the decisions made so far."""
        from .game_coach import report

        return report(self.verdicts)

    # --- your decisions -----------------------------------------------------------------

    def keep(self, first: int, second: int) -> list[Event]:
        """Keep two of the dealt cards (final at once); the bots keep theirs."""
        self._require(Kind.KEEP)
        return self._decided(Keep(first, second))

    def mark(self, move: Move) -> None:
        """Your mark for this turn, pending until :meth:`end_turn` (:meth:`undo` takes it
        back). Raises ``IllegalMoveError`` when it is not legal or a mark is pending."""
        self._require(Kind.MARK)
        if self.marked is not None:
            raise IllegalMoveError("a move is already made this turn: take it back first")
        self._check_legal(move)
        self.marked = move

    def undo(self) -> Move:
        """Take back the pending mark; the mark taken back."""
        if self.marked is None:
            raise IllegalMoveError(self.declared.undo_refusal)
        move, self.marked = self.marked, None
        return move

    def end_turn(self) -> list[Event]:
        """Make the pending mark final: the bots mark, completions, replacements that are
        not yours to choose and claims settle, up to your next decision."""
        self._require(Kind.MARK)
        move = self.marked
        if move is None:
            raise IllegalMoveError("make your move first")
        self.marked = None
        return self._decided(move)

    def replace(self, choice: Replacement) -> list[Event]:
        """Replace your completed card from an offer slot or the deck top (final at once)."""
        self._require(Kind.REPLACEMENT)
        return self._decided(choice)

    def answer(self, text: str) -> list[Event]:
        """A final decision written as the prompts take it (``"11 23"``, ``"11:A1 A2"``,
        ``"2"``, ``"d"``). A mark ends the turn."""
        choice = self.parse(text)
        if isinstance(choice, Move):
            self.mark(choice)
            return self.end_turn()
        if isinstance(choice, Replacement):
            return self.replace(choice)
        return self.keep(*choice)

    def parse(self, text: str) -> turns.Choice:
        """Your answer ``text`` to the decision due now as a choice (``IllegalMoveError`` or
        ``InvalidMoveError`` when it is not one)."""
        kind = self.waiting
        words = text.strip()
        if kind is Kind.KEEP:
            numbers = parse_wholes(words)
            if numbers is None or len(numbers) != 2:
                raise InvalidMoveError(f"{text!r}: write two card numbers")
            return Keep(numbers[0], numbers[1])
        if kind is Kind.REPLACEMENT:
            lowered = words.lower()
            if lowered in {"d", "deck"}:
                return DECK
            slot = parse_whole(lowered, 1)
            if slot is None:
                raise InvalidMoveError(f"{text!r}: answer an offer slot or d for the deck top")
            return Replacement(slot - 1)
        if kind is Kind.MARK:
            return self.game.parse_move(HUMAN, words)
        raise IllegalMoveError("the game is over")

    # --- leaving ------------------------------------------------------------------------

    def leave(self) -> str:
        """You leave before the end: what is kept, and how to come back (a pending mark is
        not kept: it was not final)."""
        return self._left(
            "the game is not saved (--no-record)",
            f"the game is saved at {self.where()} ({self.seed_words()}): "
            f"`{RESUME_COMMAND}` resumes it",
        )

    def seed_words(self) -> str:
        """``seed 5, 2 players against greedy bots``."""
        return _words(self.seed, self.players, self.opponents)

    # --- internals ----------------------------------------------------------------------

    def _wrong_kind(self, kind: Kind) -> str | None:
        waiting = self.waiting
        if waiting is kind:
            return None
        due = "nothing (the game is over)" if waiting is None else waiting.value
        return f"the game waits for your {due}, not a {kind.value}"

    def _require(self, kind: Kind) -> None:
        wrong = self._wrong_kind(kind)
        if wrong is not None:
            raise IllegalMoveError(wrong)

    def _decided(self, choice: turns.Choice) -> list[Event]:
        """``choice`` made final, and everything up to your next decision: what happened."""
        told = self.play(choice) + self.settle()
        return [
            line.event if isinstance(line, kept_table.Happened) else line
            for line in told
            if not isinstance(line, kept_table.GameOver)
        ]


class TableError(SilverpyrError, ValueError):
    """Bots that do not seat the table: a name the registry does not know, or a list of bots
    that is not one a seat (a saved row so damaged cannot be resumed, and is kept)."""


def _seated(opponents: str, players: int) -> tuple[str, ...]:
    """The bots of seats 2 on that ``opponents`` names for a table of ``players``;
    :class:`TableError` when they do not seat it."""
    from .registry import REGISTRY, seat_bots

    names = seat_bots(opponents, players)
    for name in names or (opponents,):
        if name not in REGISTRY:
            raise TableError(f"no bot is named {name!r}")
    seats = players - 1
    if len(names) != seats:
        other = f"{seats} other seat{'s' * (seats != 1)}"
        raise TableError(f"{opponents!r} names {len(names)} bots for {other}")
    return names


def _words(seed: int, players: int, opponents: str) -> str:
    if players == 1:
        return f"seed {seed}, solo"
    return f"seed {seed}, {players} players against {bots_words(players, opponents)}"


def bots_words(players: int, opponents: str) -> str:
    """The other seats' bots for people: ``a greedy bot``, ``an expert bot``, ``greedy
    bots``, ``greedy and expert bots`` (``opponents``: the game's text)."""
    if "," in opponents:
        *rest, last = opponents.split(",")
        return f"{', '.join(rest)} and {last} bots"
    if players > 2:
        return f"{opponents} bots"
    return f"{'an' if opponents[:1] in 'aeiou' else 'a'} {opponents} bot"


def describe(saved: SavedGame) -> str:
    """A saved game for people: ``seed 5, 2 players against a greedy bot, 7 decisions``."""
    count = len(saved.answers)
    return (
        f"{_words(saved.seed, saved.players, saved.opponents)}, "
        f"{count} decision{'s' * (count != 1)} made"
    )


CHOOSING = kept_table.Choosing(KEEPING, "--seed, --players or --opponents", describe, _chosen)
"""How a kept game is chosen and its saved row described."""
TABLE: kept_table.TableGame[Table, turns.Choice, Outcome] = kept_table.TableGame(
    kept_table.TableRules(
        turns.apply,
        turns.legal_moves,
        turns.outcome,
        turns.parse_move,
        turns.why_illegal,
        IllegalMoveError,
    ),
    CHOOSING,
    kept_table.Turns(lambda _before, _after: False, _where),
    "nothing to take back: a move is final once its turn has ended",
    _seat_bot,
)
"""The game's declaration to the core's kept table (:class:`~.kept_table.TableGame`): the
engine's turns as seat decisions (:mod:`silverpyr.solver.silvergold.turns`)."""


__all__ = [
    "GAME_ID",
    "HUMAN",
    "SEATS",
    "Claimed",
    "Completed",
    "Event",
    "Judged",
    "KeptGame",
    "Played",
    "Replaced",
    "UnfinishedGameError",
    "bots_words",
    "describe",
]
