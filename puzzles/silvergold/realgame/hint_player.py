"""The hint-top-move policy as a player: every mark is the top move of ``hint --state``.

Issue 13 compares the expert with the policy a player following the real-game hints
would play: each turn, :func:`.uncertain.rank_moves` on the player's own
:meth:`~silverpyr.solver.silvergold.game.GameState.situation` (no peeking at the order to come),
with the defaults ``silverpyr hint --state`` uses (samples, top-k, look-ahead, seed 0,
its time limit), and its top move played. The hints say nothing about which cards to
keep or take, so keep and replacement follow the greedy bot
(:func:`~silverpyr.solver.silvergold.bots.choose_keep`,
:func:`~silverpyr.solver.silvergold.bots.choose_replacement`).

It lives in ``puzzles/`` because the ranking does (the solver floor knows nothing of
hints); :mod:`.registry` adds it to the solver's players
under the name ``hint``. It is deterministic: the sampled orders come from the seeded
stream of ``seed`` and the futures are solved in this process (``jobs=1``), one CP-SAT
worker each, so a game is fixed by its seed and seats like any other arena game. It makes
no forecast of its final score (the ranking's values are points to the end of the round).
"""

from __future__ import annotations

from dataclasses import dataclass

from ....solver.silvergold import bots
from ....solver.silvergold.game import GameState, Replacement
from ....solver.silvergold.moves import Move
from ....solver.silvergold.objective import DEFAULT_TIME_LIMIT
from .ranking_defaults import DEFAULT_LOOKAHEAD, DEFAULT_SAMPLES, DEFAULT_TOP_K
from .uncertain import rank_moves


@dataclass
class HintPlayer:
    """Marks by the top move of the real-game ranking; keep and replacement greedy."""

    name: str = "hint"
    samples: int = DEFAULT_SAMPLES
    top_k: int = DEFAULT_TOP_K
    lookahead: int = DEFAULT_LOOKAHEAD
    seed: int = 0
    """Seed of the sampled orders (``hint --state --seed``; 0 by default there too)."""
    time_limit: float = DEFAULT_TIME_LIMIT
    """Seconds per solver call (``hint --state --time-limit``'s default)."""

    def keep(self, state: GameState, player: int) -> tuple[int, int]:
        return bots.choose_keep(state.players[player].dealt)

    def move(self, state: GameState, player: int) -> Move:
        situation = state.situation(player)
        legal = situation.legal_moves()
        if len(legal) == 1:  # a forced move (a pass with no card in play): nothing to rank
            return legal[0]
        ranking = rank_moves(
            situation,
            samples=self.samples,
            top_k=self.top_k,
            seed=self.seed,
            jobs=1,
            time_limit=self.time_limit,
            lookahead=self.lookahead,
        )
        return ranking.best.move

    def replacement(self, state: GameState) -> Replacement:
        return bots.choose_replacement(state)

    def predicted(self, state: GameState, player: int) -> float | None:
        return None
