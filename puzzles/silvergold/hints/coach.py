"""A coach for one attempt at a puzzle: the next hint level on request, feedback per move.

The play loop keeps one :class:`Coach` per attempt. Asking again for a hint on the same
turn gives the next level (aim, then area, then move); the level reached on a position is
remembered, so undoing and asking again does not start over. Best lines are solved once
per position and reused: the best line after a move is the one the next hint needs.
"""

from __future__ import annotations

from ....solver.silvergold.line import BestLine, LinePosition, best_reachable
from ....solver.silvergold.moves import Move
from ....solver.silvergold.objective import DEFAULT_TIME_LIMIT
from ....solver.silvergold.problem import Instance, LineResult, Objective, play_line
from .feedback import Feedback, feedback
from .graded import Hint, HintLevel, hint


class Coach:
    """Hints and move feedback for one attempt at ``instance``.

    ``proven`` is a line of ``instance`` already proven best under ``objective`` (a
    puzzle's solution). While the player's position is the one the proven line reaches,
    its continuation is best from there too (any better continuation would improve the
    whole line), so the coach needs no solver call until the player leaves that line.
    """

    def __init__(
        self,
        instance: Instance,
        objective: Objective = Objective.POINTS,
        *,
        proven: LineResult | None = None,
        time_limit: float = DEFAULT_TIME_LIMIT,
    ) -> None:
        if proven is not None and proven.instance != instance:
            raise ValueError("the proven line belongs to another problem")
        self.instance = instance
        self.objective = objective
        self.time_limit = time_limit
        self.hints_given = 0
        self._proven = proven
        self._best: dict[tuple[Move, ...], BestLine] = {}
        self._levels: dict[tuple[Move, ...], HintLevel] = {}

    def best(self, played: tuple[Move, ...]) -> BestLine:
        """The best line still open after ``played`` (solved once per position)."""
        if played not in self._best:
            at = LinePosition(self.instance, played)
            self._best[played] = self._on_proven_line(at) or best_reachable(
                at, self.objective, time_limit=self.time_limit
            )
        return self._best[played]

    def _on_proven_line(self, at: LinePosition) -> BestLine | None:
        proven = self._proven
        if proven is None or at.position != proven.positions[at.turn]:
            return None
        line = play_line(self.instance, (*at.played, *proven.moves[at.turn :]))
        score = line.score().total
        return BestLine(at, line, self.objective, exact=True, score_bound=score)

    def level(self, played: tuple[Move, ...]) -> HintLevel | None:
        """The hint level already given after ``played`` (``None``: no hint yet)."""
        return self._levels.get(played)

    def remember_level(self, played: tuple[Move, ...], level: HintLevel) -> None:
        """Take ``level`` as already given after ``played`` (a resumed attempt's hints)."""
        self._levels[played] = level

    def next_hint(self, played: tuple[Move, ...]) -> Hint:
        """The next hint level for the turn after ``played`` (the move itself stays at 3)."""
        given = self._levels.get(played)
        level = HintLevel.AIM if given is None else HintLevel(min(given + 1, HintLevel.MOVE))
        if given != level:
            self.hints_given += 1
        self._levels[played] = level
        at = LinePosition(self.instance, played)
        return hint(at, level, self.objective, best=self.best(played))

    def feedback(self, played: tuple[Move, ...], move: Move) -> Feedback:
        """Feedback on ``move`` played after ``played``."""
        at = LinePosition(self.instance, played)
        result = feedback(
            at, move, self.objective, before=self.best(played), time_limit=self.time_limit
        )
        self._best.setdefault((*played, move), result.after)
        return result
