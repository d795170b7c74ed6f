"""Keeping a game of Pyramid of the Sun against bots: one table for both screens.

:class:`KeptGame` holds a game of ``silverpyr sun game`` (seat 0 you, seats 1 on bots of the
registry) for the line mode (:mod:`silverpyr.cli.sun.game_cmd`) and the full-screen game,
which only draw what it returns; every rule is the engine's (:mod:`silverpyr.solver.sun.game`).
The machinery (the methods the screens call, pending moves and undo, the bots, the coach,
events as data, saving after every final decision and resuming by replay) is the core's
:mod:`silverpyr.puzzles.core.kept_table`, shared with Cheops; this module gives the Sun's
rules, texts and what stays pending.

**Rulings.**

* *What is final.* Placements stay pending until ``end`` or a symbol's choice, which makes
  the turn's placements before it final too (a drawn card cannot be put back, and a turn
  is not cut in two). A draw, a discard and ``pass`` are final at once, and so is placing on
  the top, which ends the game. ``u`` takes back the last pending placement (and its points)
  only.
* *The saved row.* Your final moves are in id notation (``#17@1c``: exact even for twin
  cards, Ruling R14). :class:`SavedGame` has no size column: its ``opponents`` text holds
  the size and the bots, ``standard:greedy,expert`` (:func:`table_text`), read against
  :data:`SEATS` (2 to 5, the engine's); bots that with you do not fill its ``players`` seats
  make the row damaged (the core's rulings). A seed, size or bots of another game while one
  is unfinished are refused (:class:`UnfinishedGameError`); another deck (``--cards``) is
  another game.
* *Seats for people.* Seat 0 is "You", seat ``k`` is "Player k+1 (bot)", as in the
  *Silver & Gold* game.
* *The coach when resuming.* The verdicts of the decisions made before leaving are not
  saved, and judging them again would replay every rollout: a resumed game's summary covers
  the decisions made since (a note says so).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias, Unpack

from ...solver.games import GAMES
from ...solver.sun import game
from ...solver.sun.game import (
    Discarded,
    Drew,
    Event,
    Move,
    Outcome,
    Passed,
    Phase,
    Place,
    Reshuffled,
    Scored,
    SunState,
    SunView,
    new_game,
)
from ..core import kept_table
from ..core.kept import GAME_ID, Keeping, SavedTableError, UnfinishedGameError
from ..core.kept_table import HUMAN, GameOver, Happened, Judged, seat_name
from .registry import make_player

if TYPE_CHECKING:
    from ...solver.sun.cards import Deck
    from ..core.store import SavedGame
    from .advice import Advice
    from .coach import Verdict
    from .game_record import GameRecord

DEFAULT_OPPONENTS: tuple[str, ...] = ("greedy",)
DEFAULT_SIZE = "standard"
KEEPING = Keeping.of(GAMES["sun"])
"""The game's declaration to the core's kept game (:mod:`silverpyr.puzzles.core.kept`)."""
SEATS, RESUME_COMMAND = KEEPING.seats, KEEPING.command
"""The table sizes the store reads the saved row against (the engine's); the command that
resumes the unfinished game."""
RULES = kept_table.rules_of(game)
"""The engine the kept game plays by (:mod:`silverpyr.solver.sun.game`)."""


def new_turn(before: SunState, after: SunState) -> bool:
    """Whether a seat's turn began between ``before`` and ``after`` (turns are counted over
    every seat, for :func:`where`)."""
    return not after.over and after.phase is Phase.CHOOSE and after.turn != before.turn


def where(state: SunState, turn: int) -> str:
    """``turn 7``, ``turn 7, after 2 cards``, ``turn 7, discard``: where the game stands at
    ``turn`` (counted over every seat, from 1), for people; ``the end``."""
    if state.over:
        return "the end"
    if state.phase is Phase.PLAYING:
        return f"turn {turn}, after {state.placed} card{'s' * (state.placed != 1)}"
    if state.phase is Phase.CHOOSE:
        return f"turn {turn}"
    return f"turn {turn}, {state.phase.value}"


TURNS = kept_table.Turns(new_turn, where)
"""How the game counts and names its turns (the kept game's, and a review's)."""

TableEvent: TypeAlias = "Happened[Event] | Judged[Verdict] | GameOver[Outcome]"
"""An event of the table: every event has ``text``, ``kind`` and ``seat``."""


# --- events --------------------------------------------------------------------------------


def _points(points: int) -> str:
    return f"{points} point{'' if points == 1 else 's'}"


def describe_event(state: SunState, event: Event, bots: Sequence[str]) -> str:
    """One engine event as a line for seat 0 (``state``: any state of the game, for the
    deck and the top): a bot's drawn card is not named."""
    deck = state.deck
    if isinstance(event, Scored):
        who = seat_name(event.seat, bots)
        label = deck[event.card].label
        if event.kind == "symbol":
            symbol = deck[event.card].symbol or "its"
            return f"{who} took {_points(event.points)} for the {symbol} symbol of {label}"
        where = f"the top {event.slot}" if event.slot == state.pyramid.top else str(event.slot)
        text = f"{who} placed {label} on {where}: {_points(event.points)}"
        return text + ("; the game ends" if event.slot == state.pyramid.top else "")
    if isinstance(event, Drew):
        who = seat_name(event.seat, bots)
        why = " for the symbol" if event.reason == "symbol" else ""
        if event.seat == HUMAN:
            return f"{who} drew {deck[event.card].label} from the {event.pile} pile{why}"
        return f"{who} drew a card from the {event.pile} pile{why}"
    if isinstance(event, Discarded):
        return f"{seat_name(event.seat, bots)} discarded {deck[event.card].label}"
    if isinstance(event, Reshuffled):
        return (
            f"The {event.pile} discards ({event.cards} cards) were shuffled into a new "
            f"{event.pile} pile"
        )
    if isinstance(event, Passed):
        return f"{seat_name(event.seat, bots)} passed: nothing to play, nothing to draw"
    raise TypeError(f"not an event: {event!r}")  # pragma: no cover - every event is above


def describe_outcome(result: Outcome, bots: Sequence[str], top_by: int | None = None) -> str:
    """``The game is over (You placed the top). You win. Scores: ...`` and the like
    (``top_by``: the seat that placed the top, when known)."""
    if result.reason != "top":
        ended = "every player passed in a row"
    elif top_by is None:
        ended = "the top is placed"
    else:
        ended = f"{seat_name(top_by, bots)} placed the top"
    return kept_table.game_over_line(ended, result.winners, result.scores, bots, "Scores")


def top_placer(state: SunState) -> int | None:
    """The seat that placed the top of the pyramid (``None``: nobody yet)."""
    top = state.pyramid.top
    for event in reversed(state.events):
        if isinstance(event, Scored) and event.kind == "card" and event.slot == top:
            return event.seat
    return None


def first_player_note(state: SunState, bots: Sequence[str]) -> str:
    """Who starts (Rule 5: the first player is drawn at random), for the opening lines."""
    who = seat_name(state.first, bots)
    return f"{who} start{'' if state.first == HUMAN else 's'}: the first player is drawn at random."


def table_text(size: str, bots: Sequence[str]) -> str:
    """The saved row's ``opponents`` text: ``standard:greedy,expert`` (module rulings)."""
    return f"{size}:{','.join(bots)}"


def parse_table_text(text: str) -> tuple[str, tuple[str, ...]]:
    """The size and bots of a saved row's ``opponents`` text (:func:`table_text`)."""
    size, colon, names = text.partition(":")
    bots = tuple(name for name in names.split(",") if name)
    if not colon or not size or not bots:
        raise SavedTableError(f"{text!r} does not name a size and bots (size:bot,bot)")
    return size, bots


def _words(seed: int, size: str, bots: Sequence[str]) -> str:
    article = "an" if size[:1] in "aeiou" else "a"
    return f"seed {seed}, {article} {size} pyramid, you against {kept_table.against_words(bots)}"


def describe(saved: SavedGame) -> str:
    """A saved game for people: ``seed 5, a standard pyramid, you against greedy, 7 moves
    made``."""
    return kept_table.describe_saved(
        saved, lambda row: _words(row.seed, *parse_table_text(row.opponents))
    )


def _choice(saved: SavedGame) -> tuple[int, str, tuple[str, ...]]:
    size, bots = parse_table_text(saved.opponents)
    return saved.seed, size, kept_table.seated(saved, bots)


CHOOSING = kept_table.Choosing(
    KEEPING, "--seed, --size, --players or --opponents", describe, _choice
)
"""How the kept game is chosen: its seed, size and bots (the core's
:func:`~.kept_table.start_table`)."""


TABLE = kept_table.TableGame(
    RULES,
    CHOOSING,
    TURNS,
    "nothing to take back: a move is final once you end the turn, draw, discard or choose a "
    "symbol's option",
    make_player,
)
"""The game's declaration to the core's kept table (:class:`~.kept_table.TableGame`)."""


# --- the kept game -------------------------------------------------------------------------


class KeptGame(
    kept_table.KeptTable[SunState, Move, Place, Event, Outcome, Phase, "Verdict", "Advice"]
):
    """A game of Pyramid of the Sun against bots (the module's rulings; the machinery is the
    core's :class:`~.kept_table.KeptTable`). ``bots`` are the registry names of seats 1 on."""

    def __init__(
        self,
        deck: Deck,
        seed: int,
        size: str,
        bots: Sequence[str],
        **options: Unpack[kept_table.Made],
    ) -> None:
        self.deck = deck
        self.size = size
        super().__init__(
            TABLE,
            lambda: new_game(deck, 1 + len(bots), size, seed),
            seed,
            bots,
            fingerprint=deck.fingerprint,
            opponents=table_text(size, bots),
            **options,
        )
        self.notes.append(first_player_note(self.state, self.bots))

    # --- starting --------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        deck: Deck,
        *,
        seed: int | None,
        fresh_seed: int,
        size: str | None = None,
        bots: Sequence[str] | None = None,
        **options: Unpack[kept_table.Starting],
    ) -> KeptGame:
        """A new game, or the unfinished one resumed (see the module's rulings).

        ``seed``, ``size`` and ``bots`` are ``None`` when not asked for; a new game then takes
        ``fresh_seed``, :data:`DEFAULT_SIZE` and :data:`DEFAULT_OPPONENTS`. Raises
        :class:`UnfinishedGameError` when another game is asked for while one is unfinished,
        the store's ``SessionBusyError`` while another session holds the saved game, and the
        engine's or the registry's errors for a bad size, seed or bot name.
        """
        return kept_table.start_table(
            CHOOSING,
            fingerprint=deck.fingerprint,
            asked=(seed, size, None if bots is None else tuple(bots)),
            fresh=(
                fresh_seed if seed is None else seed,
                DEFAULT_SIZE if size is None else size,
                DEFAULT_OPPONENTS if bots is None else tuple(bots),
            ),
            make=lambda choice, kept: cls(deck, *choice, **kept),
            **options,
        )

    # --- the Sun's rules and texts -----------------------------------------------------------

    def _held(self, before: SunState, move: Move, after: SunState) -> Place | None:
        """A placement stays pending unless it ends the game (module rulings)."""
        return move if isinstance(move, Place) and not after.over else None

    def _describe(self, state: SunState, event: Event) -> str:
        return describe_event(state, event, self.bots)

    def _new_record(self) -> GameRecord:
        from .game_record import GameRecord

        return GameRecord(self.fingerprint, self.seed, self.size, self.table)

    def _coach_of(self) -> kept_table.TableCoach[SunState, Move, Verdict, Advice]:
        from .advice import advise
        from .coach import judge, report

        return kept_table.TableCoach(advise, judge, report)

    def _describe_outcome(self, result: Outcome) -> str:
        return describe_outcome(result, self.bots, top_placer(self.state))

    def view(self) -> SunView:
        """What you know of the table now (your pending placements on it)."""
        return self.state.view(HUMAN)

    def is_final(self, move: Move) -> bool:
        """Whether :meth:`play` makes ``move`` final at once (else it stays pending)."""
        return not (isinstance(move, Place) and move.slot != self.state.pyramid.top)

    def label(self, move: Move) -> str:
        """``move`` in notation with card labels (``S4-sun@1c``), for people."""
        return move.notation(self.deck)

    def seed_words(self) -> str:
        """``seed 5, a standard pyramid, you against greedy and expert``."""
        return _words(self.seed, self.size, self.bots)


__all__ = [
    "DEFAULT_OPPONENTS",
    "DEFAULT_SIZE",
    "GAME_ID",
    "SEATS",
    "KeptGame",
    "TableEvent",
    "UnfinishedGameError",
    "describe",
    "describe_event",
    "describe_outcome",
    "parse_table_text",
    "table_text",
]
