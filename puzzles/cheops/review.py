"""A recorded Cheops game reviewed by the coach: every decision of one seat
judged against the expert's choice, in piastres of margin (the core's
:mod:`silverpyr.puzzles.review`). Reads what ``cheops game --record`` and ``cheops arena
--records`` write."""

from __future__ import annotations

from ...solver.cheops.components import Components
from ...solver.cheops.game import CheopsState, Move
from ..kept_table import TableCoach
from ..review import Review, reviewed_seat
from .advice import advise
from .coach import CoachReport, Verdict, judge, report
from .game_record import GameRecord, replay_error, start_of
from .kept_game import RULES, TURNS

COACH = TableCoach(advise, judge)


def review(
    record: GameRecord, components: Components, seat: int | None = None
) -> Review[CheopsState, Move, Verdict]:
    """The decisions of ``seat`` (1-based; default: the person's, else the first) in
    ``record``, replayed (:class:`~.game_record.RecordReplayError` for one that does not)."""
    judged = reviewed_seat(record.players, seat)
    return Review(
        start_of(record, components),
        record.moves,
        record.players,
        judged,
        rules=RULES,
        coach=COACH,
        turns=TURNS,
        error=replay_error,
    )


__all__ = ["COACH", "CoachReport", "report", "review"]
