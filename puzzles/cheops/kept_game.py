"""Keeping a game of Cheops against bots: one table for both screens.

:class:`KeptGame` holds a game of ``silverpyr cheops game`` (seat 0 you, seats 1 on bots of
the registry) for the line mode (:mod:`silverpyr.cli.cheops.game_cmd`) and the full-screen
game, which only draw what it returns; every rule is the engine's
(:mod:`silverpyr.solver.cheops.game`). Its API is written down for the screens in
``docs/cheops-game.md`` ("The table"). The machinery (pending moves and undo, the bots, the
coach, events as data, saving after every confirmed turn and resuming by replay) is the
core's :mod:`silverpyr.puzzles.core.kept_table`, shared with the Sun; this module gives
Cheops's rules, texts and what stays pending (:func:`confirms`).

**Rulings.**

* *What is final.* Your moves of a turn stay pending until the turn is **confirmed**: by the
  move that ends it (the draw, ``end`` or ``pass``, or a sale or store after which no draw is
  owed) or by a move that **shows something hidden** (Ruling C13: a law taken from an eye, a
  draw's next tile), which makes the turn's moves so far final with it (what is seen cannot
  be unseen). A move that ends the game is final. ``u`` takes back the last pending move only.
* *The saved row* is read against :data:`SEATS` (2 to 5, the engine's): its ``opponents``
  text must name 1 to 4 bots that, with you, fill its ``players`` seats, else the row is
  damaged (the core's rulings). Other components (``--cards``) are another game.
* *Seats for people.* Seat 0 is "You", seat ``k`` is "Player k+1 (bot)", as in the other
  games.
* *The coach when resuming.* The verdicts of the decisions made before leaving are not saved:
  a resumed game's summary covers the decisions made since (a note says so).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, TypeAlias, Unpack

from ...solver.cheops import game
from ...solver.cheops.game import (
    KIND_NAMES,
    MAX_PLAYERS,
    CheopsState,
    CheopsView,
    DrawTile,
    DrewTile,
    Event,
    LawPlayed,
    Lost,
    Move,
    Outcome,
    Paid,
    Passed,
    Phase,
    Scored,
    Sold,
    Stored,
    Take,
    Took,
    apply,
    new_game,
)
from ...solver.games import GAMES
from ..core import kept_table
from ..core.kept import GAME_ID, Keeping, SavedTableError, UnfinishedGameError
from ..core.kept_table import HUMAN, GameOver, Happened, Judged, seat_name
from .registry import make_player

if TYPE_CHECKING:
    from ...solver.cheops.components import Components
    from ..core.store import SavedGame
    from .advice import Advice
    from .coach import Verdict
    from .game_record import GameRecord

KEEPING = Keeping.of(GAMES["cheops"])
"""The game's declaration to the core's kept game (:mod:`silverpyr.puzzles.core.kept`)."""
SEATS, RESUME_COMMAND = KEEPING.seats, KEEPING.command
"""The table sizes the store reads the saved row against (the engine's); the command that
resumes the unfinished game."""
DEFAULT_OPPONENTS: tuple[str, ...] = ("greedy",)
MAX_BOTS = MAX_PLAYERS - 1
RULES = kept_table.rules_of(game)
"""The engine the kept game plays by (:mod:`silverpyr.solver.cheops.game`)."""


def new_turn(before: CheopsState, after: CheopsState) -> bool:
    """Whether a seat's turn began between ``before`` and ``after`` (turns are counted over
    every seat, for :func:`where`)."""
    return not after.over and after.turn != before.turn


def where(state: CheopsState, turn: int) -> str:
    """``turn 7``, ``turn 7, sell``, ``turn 7, draw``: where the game stands at ``turn``
    (counted over every seat, from 1), for people; ``the end``."""
    if state.over:
        return "the end"
    if state.phase is Phase.START and not (state.placed or state.bought or state.acted):
        return f"turn {turn}"
    return f"turn {turn}, {state.phase.value}"


TURNS = kept_table.Turns(new_turn, where)
"""How the game counts and names its turns (the kept game's, and a review's)."""

TableEvent: TypeAlias = "Happened[Event] | Judged[Verdict] | GameOver[Outcome]"
"""An event of the table: every event has ``text``, ``kind`` and ``seat``."""

LAW_WORDS: dict[int, str] = {
    1: "the market price is 5",
    2: "the market price is 15",
    3: "3 full boards end the game",
    4: "no storing",
    5: "no selling",
    6: "blocks a board",
    7: "a new price",
    8: "removes a law",
    9: "pay 25 for a treasure at the end",
    10: "sell a stored treasure",
    11: "an extra take",
    12: "swap two treasures",
}
"""What each law does, in a few words (docs/cheops-rules.md has them in full)."""

ENDS: dict[str, str] = {
    "empty": "the pyramid is empty",
    "boards": "enough price boards are full",
    "blocked": "no player can place a family tile",
}


# --- events --------------------------------------------------------------------------------


def tile_words(kind: str) -> str:
    """``an ankh (A)``, ``a neighbour (N)``."""
    name = KIND_NAMES.get(kind, kind)
    article = "an" if name[:1] in "aeiou" else "a"
    return f"{article} {name} ({kind})"


def law_words(law: int) -> str:
    """``law 4 (no storing)``."""
    return f"law {law} ({LAW_WORDS.get(law, '?')})"


PLAIN_LINES: dict[type[Event], str] = {
    Sold: "{who} sold {event.colour} for {event.paid}",
    Stored: "{who} stored {event.colour}",
    Lost: "{who} lost the {event.colour} treasure (law 4 under a full board)",
    Passed: "{who} passed: no family tile fits",
    Scored: "{who} scored {event.amount} for {event.colour}",
}
"""The lines of the events told as they are (``who``: the seat's name; the other events'
lines are worked out by :func:`describe_event`)."""


def describe_event(event: Event, bots: Sequence[str]) -> str:
    """One engine event as a line for people (Cheops hides nothing an event tells: a law is
    named once taken, and the stacks are face up)."""
    who = seat_name(event.seat, bots)
    plain = PLAIN_LINES.get(type(event))
    if plain is not None:
        return plain.format(who=who, event=event)
    if isinstance(event, Took):
        item = law_words(event.item) if isinstance(event.item, int) else f"a {event.item} treasure"
        return f"{who} took {item} from {event.space} with {tile_words(event.kind)}"
    if isinstance(event, Paid):
        why = "a neighbour" if event.why == "neighbour" else event.why
        return f"{who} paid {event.amount} for {why}"
    if isinstance(event, LawPlayed):
        return _law_line(who, event)
    if isinstance(event, DrewTile):
        return f"{who} drew {tile_words(event.kind)} from stack {event.stack}"
    raise TypeError(f"not an event: {event!r}")  # pragma: no cover - every event is above


def _law_line(who: str, event: LawPlayed) -> str:
    law, target = event.law, event.target
    name = law_words(law)
    if target is None:
        return f"{who} played {name}"
    if target == "kept":
        return f"{who} keeps {name} for a later turn"
    if target == "no effect":
        return f"{who} played {name}: no board is free, so it has no effect"
    if law == 9:
        if target == "paid":
            return f"{who} paid for {name}"
        if target == "declined":
            return f"{who} declined {name}"
        return f"{who}'s {name} counts as a {target} treasure"
    if law == 8:
        return f"{who} played {name}: " + ("nothing removed" if target == "none" else target)
    if law in (10, 11, 12):
        return f"{who} used {name}: {target}"
    return f"{who} played {name} on {target}"


def describe_outcome(result: Outcome, bots: Sequence[str]) -> str:
    """``The game is over (the pyramid is empty). You win. Money: You 140, ...``."""
    return kept_table.game_over_line(
        ENDS[result.reason], result.winners, result.money, bots, "Final money"
    )


def table_text(bots: Sequence[str]) -> str:
    """The saved row's ``opponents`` text: ``greedy,expert``."""
    return ",".join(bots)


def parse_table_text(text: str) -> tuple[str, ...]:
    """The bots of a saved row's ``opponents`` text (:func:`table_text`): 1 to
    :data:`MAX_BOTS` names (a name the registry no longer has does not replay: resuming
    says so)."""
    bots = tuple(name for name in text.split(",") if name)
    if not 1 <= len(bots) <= MAX_BOTS:
        raise SavedTableError(f"{text!r} does not name 1-{MAX_BOTS} bots")
    return bots


def confirms(before: CheopsState, move: Move, after: CheopsState) -> bool:
    """Whether ``move`` (from ``before`` to ``after``) confirms the turn's moves (the
    module's ruling): the turn or the game ends, or something hidden is shown."""
    if after.over or after.phase is Phase.LAW9 or after.turn != before.turn:
        return True  # law 9's colour, due once the game is over, is a move of its own
    if isinstance(move, DrawTile):
        return True
    return isinstance(move, Take) and isinstance(before.cell(move.space), int)


def _words(seed: int, bots: Sequence[str]) -> str:
    return f"seed {seed}, you against {kept_table.against_words(bots)}"


def describe(saved: SavedGame) -> str:
    """A saved game for people: ``seed 5, you against greedy, 7 moves made``."""
    return kept_table.describe_saved(
        saved, lambda row: _words(row.seed, parse_table_text(row.opponents))
    )


def _choice(saved: SavedGame) -> tuple[int, tuple[str, ...]]:
    return saved.seed, kept_table.seated(saved, parse_table_text(saved.opponents))


CHOOSING = kept_table.Choosing(KEEPING, "--seed, --players or --opponents", describe, _choice)
"""How the kept game is chosen: its seed and bots (the core's :func:`~.kept_table.start_table`)."""


TABLE = kept_table.TableGame(
    RULES,
    CHOOSING,
    TURNS,
    "nothing to take back: your moves are final once your turn ends, or once a move shows "
    "something hidden (a law taken from an eye, a draw)",
    make_player,
)
"""The game's declaration to the core's kept table (:class:`~.kept_table.TableGame`)."""


# --- the kept game -------------------------------------------------------------------------


class KeptGame(
    kept_table.KeptTable[CheopsState, Move, Move, Event, Outcome, Phase, "Verdict", "Advice"]
):
    """A game of Cheops against bots (the module's rulings; the machinery is the core's
    :class:`~.kept_table.KeptTable`). ``bots`` are the registry names of seats 1 on."""

    def __init__(
        self,
        components: Components,
        seed: int,
        bots: Sequence[str],
        **options: Unpack[kept_table.Made],
    ) -> None:
        self.components = components
        super().__init__(
            TABLE,
            lambda: new_game(components, 1 + len(bots), seed),
            seed,
            bots,
            fingerprint=components.fingerprint,
            opponents=table_text(bots),
            **options,
        )

    # --- starting --------------------------------------------------------------------------

    @classmethod
    def start(
        cls,
        components: Components,
        *,
        seed: int | None,
        fresh_seed: int,
        bots: Sequence[str] | None = None,
        **options: Unpack[kept_table.Starting],
    ) -> KeptGame:
        """A new game, or the unfinished one resumed (see the module's rulings).

        ``seed`` and ``bots`` are ``None`` when not asked for; a new game then takes
        ``fresh_seed`` and :data:`DEFAULT_OPPONENTS`. Raises :class:`UnfinishedGameError`
        when another game is asked for while one is unfinished, the store's
        ``SessionBusyError`` while another session holds the saved game, and the engine's or
        the registry's errors for a bad seed or bot name.
        """
        return kept_table.start_table(
            CHOOSING,
            fingerprint=components.fingerprint,
            asked=(seed, None if bots is None else tuple(bots)),
            fresh=(
                fresh_seed if seed is None else seed,
                DEFAULT_OPPONENTS if bots is None else tuple(bots),
            ),
            make=lambda choice, kept: cls(components, *choice, **kept),
            **options,
        )

    # --- Cheops's rules and texts ------------------------------------------------------------

    def _held(self, before: CheopsState, move: Move, after: CheopsState) -> Move | None:
        """A move stays pending until the turn is confirmed (:func:`confirms`)."""
        return None if confirms(before, move, after) else move

    def _describe(self, state: CheopsState, event: Event) -> str:
        return describe_event(event, self.bots)

    def _new_record(self) -> GameRecord:
        from .game_record import GameRecord

        return GameRecord(self.fingerprint, self.seed, self.table)

    def _coach_of(self) -> kept_table.TableCoach[CheopsState, Move, Verdict, Advice]:
        from .advice import advise
        from .coach import judge, report

        return kept_table.TableCoach(advise, judge, report)

    def _describe_outcome(self, result: Outcome) -> str:
        return describe_outcome(result, self.bots)

    def view(self) -> CheopsView:
        """What you know of the table now (your pending moves on it)."""
        return self.state.view(HUMAN)

    def is_final(self, move: Move) -> bool:
        """Whether :meth:`play` makes ``move`` (legal now) final at once, confirming the
        turn's pending moves with it (module rulings). Raises :class:`IllegalMove`."""
        self._check_legal(move)
        return confirms(self.state, move, apply(self.state, move))

    def label(self, move: Move) -> str:
        """``move`` in the engine's notation (``take b3 A``)."""
        return move.notation()

    def seed_words(self) -> str:
        """``seed 5, you against greedy and expert``."""
        return _words(self.seed, self.bots)


__all__ = [
    "DEFAULT_OPPONENTS",
    "GAME_ID",
    "LAW_WORDS",
    "SEATS",
    "KeptGame",
    "TableEvent",
    "UnfinishedGameError",
    "confirms",
    "describe",
    "describe_event",
    "describe_outcome",
    "law_words",
    "parse_table_text",
    "table_text",
    "tile_words",
]
