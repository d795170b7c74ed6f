"""Hints in a real game, where the order of the expedition cards is not known.

**Method.** The player has just seen this turn's expedition card and knows which cards
were revealed earlier in the round; the deck's composition is known (8 cards, 7 revealed
per round), so the unseen cards are known too, only not their order. Each candidate move
is valued by the points it gains over this turn and the next :data:`DEFAULT_LOOKAHEAD`
turns (never past the end of the round), scored like a puzzle (10 per card completed, 5
for a torch box, gem and skull points as held at the end), averaged over the orders in
which the unseen cards can come:

* when the next cards have at most ``samples`` distinct orders, every order is evaluated,
  weighted by its probability (:attr:`Method.ENUMERATED`);
* otherwise ``samples`` orders are drawn from the seeded stream ``seed``
  (:attr:`Method.SAMPLED`); every candidate is valued on the *same* orders (common
  random numbers), so differences between moves are measured more precisely than the
  values themselves.

For one order, a move's value is the best the player could score knowing that order: the
turns after the move are solved exactly (CP-SAT, or the exhaustive search for two turns).

**Why a look-ahead of 3 turns and not the whole round.** Speed: with two fresh cards a
six-turn solve takes about half a second, and a ranking needs ``top_k x samples`` of them.
And sense: over a whole round a perfect-information player reaches the same optimistic
maximum from almost any first move, so long look-aheads rank everything as a tie.

**Limits** (say them to users):

* Perfect-information futures *overestimate*: each order is solved as if the player knew
  it in advance, which nobody does. Values are optimistic, and a move that keeps options
  open is undervalued against one that bets on a particular card. With at most one turn
  looked at after the move the estimate is exact (the last choice is made with its card
  revealed); with more it is an upper bound on the true expectation.
* The look-ahead is short: later turns, later rounds, the replacement of completed cards
  and pyramid points are not counted, so progress toward a tomb that cannot be reached
  within it is worth nothing except as a tie-break (fewer cells still to the tomb).
* Only the top :data:`DEFAULT_TOP_K` moves by a quick heuristic are evaluated (see
  :func:`heuristic_key`), plus the heuristic's best move on each card not among them; a
  move the heuristic ranks low is never considered.
* Sampled estimates carry sampling error: the ranking reports the standard error of the
  top move's lead and how often the top move was best among the orders evaluated.
"""

from __future__ import annotations

import math
import os
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from itertools import permutations
from typing import Any

from ....solver.core.rng import SeededStream
from ....solver.silvergold.cards import Expedition
from ....solver.silvergold.line import LinePosition, best_reachable
from ....solver.silvergold.moves import Move
from ....solver.silvergold.objective import DEFAULT_TIME_LIMIT
from ....solver.silvergold.position import Position
from ....solver.silvergold.problem import Instance
from ....solver.silvergold.sheet import puzzle_score
from ....solver.silvergold.situation import Situation, SituationError
from .ranking_defaults import DEFAULT_LOOKAHEAD, DEFAULT_SAMPLES, DEFAULT_TOP_K


class Method(StrEnum):
    """How the futures were chosen."""

    EXACT = "exact"
    """Exact expectimax over every order to the end of the round, every legal move
    (:mod:`silverpyr.solver.silvergold.exact`); no futures are listed."""
    ENUMERATED = "enumerated"
    """Every order of the unseen cards, weighted by its probability."""
    SAMPLED = "sampled"
    """Orders drawn at random (seeded)."""


@dataclass(frozen=True)
class Future:
    """One order of the cards still to come this round, with its probability weight."""

    order: tuple[Expedition, ...]
    weight: float


@dataclass(frozen=True)
class MoveEstimate:
    """A candidate move and its value over the futures (points gained to the round's end)."""

    move: Move
    values: tuple[int, ...]
    """The move's value in each future, in the order of :attr:`Ranking.futures`."""
    mean: float
    stderr: float
    """Standard error of :attr:`mean` (0 when every order was evaluated)."""
    best_share: float
    """Probability weight of the futures in which this move is best or tied for best."""
    heuristic_rank: int
    """1-based rank by the pruning heuristic among all legal moves."""
    cells_to_tombs: tuple[int, int]
    """After the move: fewest cells still to a tomb on one card, and summed over cards."""
    completion: float | None = None
    """Exact method: the expected number of cards completed by the round's end (for one
    card, the chance to complete it) under optimal play after the move."""


@dataclass(frozen=True)
class Ranking:
    """Candidate moves ranked by expected value, and how sure the ranking is."""

    situation: Situation
    method: Method
    futures: tuple[Future, ...]
    estimates: tuple[MoveEstimate, ...]
    """Best first: by mean, then fewer cells to the tombs, then the heuristic's order."""
    legal_count: int
    exact: bool
    """Whether the means are true expectations over the look-ahead (at most one turn looked
    at after this one, every order enumerated, every solve proven optimal)."""
    seed: int
    lookahead: int
    """Turns looked at after this one."""

    @property
    def best(self) -> MoveEstimate:
        """The top-ranked move."""
        return self.estimates[0]

    def margin(self) -> tuple[float, float] | None:
        """Mean and standard error of (top move - runner-up), paired over the futures."""
        if len(self.estimates) < 2:
            return None
        top, second = self.estimates[0], self.estimates[1]
        if self.method is Method.EXACT:
            return top.mean - second.mean, 0.0
        differences = [a - b for a, b in zip(top.values, second.values, strict=True)]
        weights = [f.weight for f in self.futures]
        mean = math.fsum(w * d for w, d in zip(weights, differences, strict=True))
        if self.method is Method.ENUMERATED:
            return mean, 0.0
        return mean, _stderr(differences)

    def confidence(self) -> str:
        """How sure the ranking of the top move is, in words."""
        margin = self.margin()
        if margin is None:
            return "only one legal move"
        mean, error = margin
        if self.method is Method.EXACT:
            if mean <= 1e-9:
                return "exact, tied with the runner-up (exact expectimax to the round's end)"
            return (
                f"exact: ahead of the runner-up by {mean:.2f} expected points "
                "(exact expectimax to the round's end)"
            )
        share = self.best.best_share
        futures = f"best or tied in {share:.0%} of the futures"
        if self.exact:
            certainty = "exact" if mean > 0 else "exact, tied with the runner-up"
            return f"{certainty} ({futures})"
        if mean <= 0:
            return f"a toss-up: tied with the runner-up ({futures})"
        orders = len(self.futures)
        if self.method is Method.ENUMERATED:
            return f"ahead of the runner-up by {mean:.2f} over all {orders} orders ({futures})"
        if error == 0:
            return (
                f"ahead of the runner-up by {mean:.2f} in each of the {orders} sampled orders "
                f"({futures})"
            )
        z = mean / error
        word = "clear" if z >= 2 else "likely" if z >= 1 else "uncertain"
        return (
            f"{word}: ahead of the runner-up by {mean:.2f} ± {error:.2f} points "
            f"({z:.1f} standard errors; {futures})"
        )

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (``silverpyr hint --state ... --json``)."""
        from ....solver.silvergold.moves import move_str

        situation = self.situation
        with_card = len(situation.position.cards) > 1
        margin = self.margin()
        return {
            "round": situation.round_number,
            "turn": situation.turn,
            "expedition": situation.expedition.name,
            "unseen": [e.name for e in situation.unseen()],
            "method": self.method.value,
            "futures": len(self.futures),
            "seed": self.seed,
            "exact": self.exact,
            "legal_moves": self.legal_count,
            "candidates": [
                {
                    "move": move_str(e.move, with_card=with_card),
                    "expected": round(e.mean, 3),
                    "stderr": round(e.stderr, 3),
                    "best_share": round(e.best_share, 3),
                    "heuristic_rank": e.heuristic_rank,
                    **({} if e.completion is None else {"completion": round(e.completion, 6)}),
                }
                for e in self.estimates
            ],
            "margin": None
            if margin is None
            else {"mean": round(margin[0], 3), "stderr": round(margin[1], 3)},
            "confidence": self.confidence(),
        }


def heuristic_key(situation: Situation, move: Move) -> tuple[int, int, int]:
    """The quick pruning score of ``move`` (higher is better), the greedy bot's own key.

    Points gained now; then fewer cells still to the nearest tomb; then fewer cells to all
    tombs. Measured on 60 states of seeded bot games against evaluating every legal move
    on the same futures: the best move was among the top 5 in 53 states (top 4: 50, top 6:
    55), and pruning to 5 cost 0.25 expected points on average (5 at most). Adding a bonus
    for the symbols next to the marked area did no better.
    """
    from ....solver.silvergold.bots import greedy_key

    position = situation.position
    return greedy_key(position, position.push(move, situation.expedition, situation.round_number))


def candidates(situation: Situation, top_k: int) -> list[tuple[int, Move]]:
    """The ``top_k`` legal moves by :func:`heuristic_key`, with their 1-based heuristic rank.

    The best move of every card in play is kept even when it falls outside the top ``k``,
    so no card is dismissed by the heuristic alone.
    """
    moves = situation.legal_moves()
    keys = [heuristic_key(situation, move) for move in moves]
    order = sorted(range(len(moves)), key=lambda i: (-keys[i][0], -keys[i][1], -keys[i][2], i))
    ranked = [(rank, moves[i]) for rank, i in enumerate(order, start=1)]
    chosen = ranked[:top_k]
    cards_seen = {move.mark.card for _, move in chosen if move.mark is not None}
    for rank, move in ranked[top_k:]:
        if move.mark is not None and move.mark.card not in cards_seen:
            chosen.append((rank, move))
            cards_seen.add(move.mark.card)
    return chosen


EXACT_TWO_CARD_TURN = 5
"""From this turn of the round on, a hand of two cards is ranked exactly (one card always):
measured with ``benchmarks/exact.py``, two cards from turn 5 take well under a second."""


def exact_fits(situation: Situation) -> bool:
    """Whether the exact engine ranks this situation within the time budget."""
    return len(situation.position.in_play()) <= 1 or situation.turn >= EXACT_TWO_CARD_TURN


def exact_ranking(situation: Situation, *, seed: int = 0) -> Ranking:
    """Every legal move ranked by its exact expected points to the end of the round.

    The expected puzzle points gained over the rest of the round (as the sampled method
    counts them), under optimal play after the move, averaged over every order of the
    unseen cards with the physical cards' probabilities (:mod:`silverpyr.solver.silvergold.exact`).
    """
    from ....solver.silvergold import exact
    from ....solver.silvergold.position import Position as _Position

    position = situation.position
    if any(state.is_complete() for state in position.cards):
        position = _Position(position.in_play(), position.sheet)
    try:
        deal = exact.Deal.of_round(situation.deck, situation.seen)
        values = exact.move_values(position, situation.round_number, situation.expedition, deal)
    except exact.ExactError as error:
        raise SituationError(str(error)) from None
    baseline = _baseline(position)
    heuristic = {move: rank for rank, move in candidates(situation, len(values) or 1)}
    means = [float(value.outcome.score) - baseline for value in values]
    top = max(means, default=0.0)
    estimates = []
    for value, mean in zip(values, means, strict=True):
        after = position.push(value.move, situation.expedition, situation.round_number)
        estimates.append(
            MoveEstimate(
                move=value.move,
                values=(),
                mean=mean,
                stderr=0.0,
                best_share=1.0 if abs(mean - top) <= 1e-9 else 0.0,
                heuristic_rank=heuristic.get(value.move, len(values)),
                cells_to_tombs=after.cells_to_tombs(),
                completion=float(value.outcome.completion),
            )
        )
    estimates.sort(
        key=lambda e: (
            -round(e.mean, 9),
            -(e.completion or 0.0),
            e.cells_to_tombs,
            e.heuristic_rank,
        )
    )
    return Ranking(
        situation=situation,
        method=Method.EXACT,
        futures=(),
        estimates=tuple(estimates),
        legal_count=len(values),
        exact=True,
        seed=seed,
        lookahead=situation.turns_after,
    )


def lookahead_turns(situation: Situation, lookahead: int) -> int:
    """Turns looked at after this one: ``lookahead``, or fewer at the end of the round."""
    return max(0, min(lookahead, situation.turns_after))


def futures(
    situation: Situation, samples: int, seed: int, lookahead: int = DEFAULT_LOOKAHEAD
) -> tuple[Method, tuple[Future, ...]]:
    """The orders to evaluate: all of them when there are at most ``samples``, else a sample.

    An order holds the next ``lookahead`` cards (fewer at the end of the round), drawn from
    the unseen ones; each distinct order is weighted by how many shuffles deal it.
    """
    unseen = situation.unseen()
    turns = lookahead_turns(situation, lookahead)
    counted = Counter(permutations(unseen, turns))
    if len(counted) <= samples:
        total = sum(counted.values())
        ordered = sorted(counted.items(), key=lambda item: [e.name for e in item[0]])
        return Method.ENUMERATED, tuple(Future(order, times / total) for order, times in ordered)
    stream = SeededStream(f"silverpyr-ranking|{seed}")
    drawn = []
    for _ in range(samples):
        cards = stream.shuffled(unseen)
        drawn.append(Future(tuple(cards[:turns]), 1.0 / samples))
    return Method.SAMPLED, tuple(drawn)


@dataclass(frozen=True)
class _Task:
    instance: Instance
    move: Move
    time_limit: float


def _evaluate(task: _Task) -> tuple[int, bool]:
    """Points the move gains through the line's end when the rest is played best (and exactness)."""
    best = best_reachable(LinePosition(task.instance, (task.move,)), time_limit=task.time_limit)
    return best.score - _baseline(task.instance.start), best.exact


def _baseline(position: Position) -> int:
    """Puzzle points the position holds already (gems and skulls count as held)."""
    return puzzle_score(position.sheet, position.sheet).total


def rank_moves(
    situation: Situation,
    *,
    samples: int = DEFAULT_SAMPLES,
    top_k: int = DEFAULT_TOP_K,
    seed: int = 0,
    jobs: int | None = None,
    time_limit: float = DEFAULT_TIME_LIMIT,
    lookahead: int = DEFAULT_LOOKAHEAD,
    use_exact: bool = True,
) -> Ranking:
    """Rank the legal moves of ``situation`` by expected points over the look-ahead.

    With ``use_exact`` and when :func:`exact_fits`, every legal move is ranked exactly to
    the end of the round (:func:`exact_ranking`); otherwise the orders are enumerated or
    sampled as described above. ``jobs`` processes solve the futures (default: up to 2,
    the CPUs there are); the result does not depend on it.
    """
    if samples < 1 or top_k < 1 or lookahead < 0:
        raise SituationError("samples and top-k must be at least 1, the look-ahead at least 0")
    if use_exact and exact_fits(situation):
        return exact_ranking(situation, seed=seed)
    method, chosen_futures = futures(situation, samples, seed, lookahead)
    chosen = candidates(situation, top_k)
    tasks = [
        _Task(
            Instance(
                situation.position,
                (situation.expedition, *future.order),
                situation.round_number,
                situation.turn,
            ),
            move,
            time_limit,
        )
        for _, move in chosen
        for future in chosen_futures
    ]
    results = _run(tasks, jobs)
    count = len(chosen_futures)
    table = [
        tuple(value for value, _ in results[i * count : (i + 1) * count])
        for i in range(len(chosen))
    ]
    weights = [future.weight for future in chosen_futures]
    best_per_future = [max(row[f] for row in table) for f in range(count)]
    estimates = []
    for (rank, move), values in zip(chosen, table, strict=True):
        after = situation.position.push(move, situation.expedition, situation.round_number)
        estimates.append(
            MoveEstimate(
                move=move,
                values=values,
                mean=math.fsum(w * v for w, v in zip(weights, values, strict=True)),
                stderr=0.0 if method is Method.ENUMERATED else _stderr(values),
                best_share=math.fsum(
                    w for w, v, b in zip(weights, values, best_per_future, strict=True) if v == b
                ),
                heuristic_rank=rank,
                cells_to_tombs=after.cells_to_tombs(),
            )
        )
    estimates.sort(key=lambda e: (-round(e.mean, 9), e.cells_to_tombs, e.heuristic_rank))
    exact = (
        method is Method.ENUMERATED
        and lookahead_turns(situation, lookahead) <= 1
        and all(exactness for _, exactness in results)
    )
    return Ranking(
        situation=situation,
        method=method,
        futures=chosen_futures,
        estimates=tuple(estimates),
        legal_count=len(situation.legal_moves()),
        exact=exact,
        seed=seed,
        lookahead=lookahead_turns(situation, lookahead),
    )


def _stderr(values: Sequence[float]) -> float:
    if len(values) < 2:
        return 0.0
    mean = sum(values) / len(values)
    variance = sum((v - mean) ** 2 for v in values) / (len(values) - 1)
    return math.sqrt(variance / len(values))


def default_jobs() -> int:
    """Worker processes used by default: 2, or 1 on a single CPU."""
    return max(1, min(2, os.cpu_count() or 1))


def _run(tasks: list[_Task], jobs: int | None) -> list[tuple[int, bool]]:
    """Evaluate ``tasks`` in order, in ``jobs`` processes when there is enough to share."""
    workers = default_jobs() if jobs is None else max(1, jobs)
    if workers == 1 or len(tasks) < 2 * workers:
        return [_evaluate(task) for task in tasks]
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else None)
    with ProcessPoolExecutor(max_workers=workers, mp_context=context) as pool:
        return list(pool.map(_evaluate, tasks, chunksize=max(1, len(tasks) // (4 * workers))))
