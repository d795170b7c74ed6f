"""A recorded Pyramid of the Sun game reviewed by the coach: every decision of one seat
judged against the expert's choice, in expected final points (the core's
:mod:`silverpyr.puzzles.review`). Reads what ``sun game --record`` and ``sun arena
--records`` write."""

from __future__ import annotations

from ...solver.sun.cards import Deck
from ...solver.sun.game import Move, SunState
from ..kept_table import TableCoach
from ..review import Review, reviewed_seat
from .advice import advise
from .coach import CoachReport, Verdict, judge, report
from .game_record import GameRecord, replay_error, start_of
from .kept_game import RULES, TURNS

COACH = TableCoach(advise, judge)


def review(
    record: GameRecord, deck: Deck, seat: int | None = None
) -> Review[SunState, Move, Verdict]:
    """The decisions of ``seat`` (1-based; default: the person's, else the first) in
    ``record``, replayed (:class:`~.game_record.RecordReplayError` for one that does not)."""
    judged = reviewed_seat(record.players, seat)
    return Review(
        start_of(record, deck),
        record.moves,
        record.players,
        judged,
        rules=RULES,
        coach=COACH,
        turns=TURNS,
        error=replay_error,
    )


__all__ = ["COACH", "CoachReport", "report", "review"]
