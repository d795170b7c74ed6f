"""The exact engine (solver/silvergold/exact.py) against the rules engine, brute force and
CP-SAT."""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Iterator
from fractions import Fraction
from functools import cache

import pytest
from silvergold.random_rooms import random_instance

from silverpyr.solver.silvergold import exact
from silverpyr.solver.silvergold.cards import (
    STANDARD_EXPEDITIONS,
    Color,
    Expedition,
    PyramidCard,
    Room,
)
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.position import Position
from silverpyr.solver.silvergold.problem import Instance
from silverpyr.solver.silvergold.sheet import TURNS_PER_ROUND, Sheet, puzzle_score
from silverpyr.solver.silvergold.solve import solve

DECK_CARDS = tuple(e for e in STANDARD_EXPEDITIONS for _ in range(e.count))
BY_NAME = {e.name: e for e in STANDARD_EXPEDITIONS}


def _seen(rng: random.Random, count: int) -> tuple[Expedition, ...]:
    cards = list(DECK_CARDS)
    rng.shuffle(cards)
    return tuple(cards[:count])


def brute_force(
    position: Position, round_number: int, deal: exact.Deal, start: Sheet | None = None
) -> tuple[Fraction, Fraction]:
    """Expectimax straight from ``Position.successors``: every order, every move."""
    start = position.sheet if start is None else start
    numbers = len(position.cards)

    @cache
    def value(at: Position, counts: tuple[int, ...], turns: int) -> tuple[Fraction, Fraction]:
        if turns == 0:
            done = sum(1 for s in at.cards if s.is_complete())
            return Fraction(puzzle_score(start, at.sheet).total), Fraction(done)
        total = sum(counts)
        score = completion = Fraction(0)
        for i, c in enumerate(counts):
            if not c:
                continue
            after = (*counts[:i], c - 1, *counts[i + 1 :])
            best = max(
                value(reached, after, turns - 1)
                for _, reached in at.successors(deal.kinds[i], round_number)
            )
            score += Fraction(c, total) * best[0]
            completion += Fraction(c, total) * best[1]
        return score, completion

    assert numbers <= 2
    return value(position, deal.counts, deal.turns)


def _open_starts(rng: random.Random, rounds: int) -> Iterator[Position]:
    """Of ``rounds`` random one-turn starts (1 or 2 cards), those with no card complete. It
    draws from ``rng`` as the caller's loop goes, so the caller's own draws keep their
    place."""
    for _ in range(rounds):
        instance = random_instance(rng, turns=1, cards=rng.choice((1, 2)), start_state=True)
        position = instance.start
        if any(s.is_complete() for s in position.cards):
            continue
        yield position


def _open_graphs(
    seed: int, rounds: int, turns: int
) -> Iterator[tuple[Position, exact.Deal, exact.Graph]]:
    """Each of the open starts of ``rounds`` (:func:`_open_starts`, drawn from ``seed``), a
    deal of the round's last ``turns`` turns, and the start's graph over that deal."""
    rng = random.Random(seed)
    for position in _open_starts(rng, rounds):
        deal = exact.Deal.of_round(DECK_CARDS, _seen(rng, TURNS_PER_ROUND - turns))
        yield position, deal, exact.Graph([position], deal, 1)


def test_fast_transitions_equal_the_engine_successors() -> None:
    checked = 0
    for _, _, graph in _open_graphs(12, 16, turns=2):
        for key in graph.keys()[:40]:
            at = graph.position(key)
            for kind in STANDARD_EXPEDITIONS:
                fast = set(graph.children(key, kind))
                engine = {graph.intern(p) for _, p in at.successors(kind, 1)}
                assert fast == engine
                checked += 1
    assert checked > 500


@pytest.mark.slow  # the whole graph of a full round, checked edge by edge
def test_built_edges_are_the_children_and_end_classes_value_alike() -> None:
    checked = 0
    for position, deal, whole in _open_graphs(5, 10, turns=3):
        for depth, level in enumerate(whole.levels[:-1]):
            below = [whole.key_of(int(s)) for s in whole.levels[depth + 1].states]
            for rank, row in enumerate(level.live.tolist()[:25]):
                key = whole.key_of(int(level.states[row]))
                for i, (flat, offsets) in level.children.items():
                    end = int(offsets[rank + 1]) if rank + 1 < len(offsets) else len(flat)
                    built = {below[r] for r in flat[int(offsets[rank]) : end].tolist()}
                    assert built == set(whole.children(key, deal.kinds[i]))
                    checked += 1
        classes = exact.Graph([position], deal, 1, end_classes=True)
        assert len(classes.levels[-1].states) <= len(whole.levels[-1].states)
        assert exact.expected_value(classes) == exact.expected_value(whole)
        orders = deal.orders()[:40]
        assert exact.known_order_optima(classes, orders) == exact.known_order_optima(whole, orders)
    assert checked > 300


@pytest.mark.parametrize("seed", range(6))
def test_exact_equals_brute_force_on_tiny_cases(seed: int) -> None:
    rng = random.Random(seed)
    instance = random_instance(rng, turns=1, cards=1 + seed % 2, start_state=True)
    seen = _seen(rng, TURNS_PER_ROUND - (3 if seed == 4 else 2))
    deal = exact.Deal.of_round(DECK_CARDS, seen)
    position, round_number = instance.start, 1 + seed % 4
    outcome = exact.evaluate(position, round_number, deal)
    assert (outcome.score, outcome.completion) == brute_force(position, round_number, deal)


def test_move_values_equal_brute_force() -> None:
    rng = random.Random(7)
    instance = random_instance(rng, turns=1, start_state=True)
    seen = _seen(rng, 5)
    revealed = seen[-1]
    deal = exact.Deal.of_round(DECK_CARDS, seen[:-1])
    after = deal.after(revealed)
    values = exact.move_values(instance.start, 2, revealed, deal)
    moves = instance.start.successors(revealed, 2)
    assert len(values) == len(moves)
    for value, (move, reached) in zip(values, moves, strict=True):
        assert value.move == move
        expected = brute_force(reached, 2, after, instance.start.sheet)
        assert (value.outcome.score, value.outcome.completion) == expected


def test_one_possible_order_gives_the_known_order_optimum() -> None:
    deck = load_deck(None)
    l3 = BY_NAME["L3"]
    only = (l3,) * 8  # a deck of eight L3: one order
    for number in (3, 9):
        position = Position.start(deck.card(number))
        graph = exact.build(position, exact.Deal.of_round(only), 1)
        best = solve(Instance(position, (l3,) * 7)).line.score().total
        assert exact.expected_value(graph).score == best
        assert exact.known_order_optima(graph, [(0,) * 7]) == [best]


def test_known_order_optima_equal_cp_sat() -> None:
    deck = load_deck(None)
    position = Position.start(deck.card(12))
    deal = exact.Deal.of_round(deck.expedition_cards())
    graph = exact.build(position, deal, 1)
    orders = deal.orders()
    assert len(orders) == 10080
    rng = random.Random(3)
    sample = [orders[rng.randrange(len(orders))] for _ in range(2)]
    optima = exact.known_order_optima(graph, sample)
    for order, optimum in zip(sample, optima, strict=True):
        line = tuple(deal.kinds[i] for i in order)
        assert solve(Instance(position, line)).line.score().total == optimum
    # no known order does worse than not knowing it
    assert min(exact.known_order_optima(graph, orders)) >= 0
    assert exact.expected_value(graph).score <= Fraction(
        sum(exact.known_order_optima(graph, orders)), len(orders)
    )


def test_greedy_policy_value_agrees_with_simulation() -> None:
    deck = load_deck(None)
    position = Position.start(deck.card(12))
    cards = deck.expedition_cards()
    deal = exact.Deal.of_round(cards)
    value = exact.policy_value(position, 1, deal, exact.greedy_policy)
    rng = random.Random(2026)
    results = []
    for _ in range(120):
        order = list(cards)
        rng.shuffle(order)
        at = position
        for expedition in order[:TURNS_PER_ROUND]:
            at = at.push(exact.greedy_policy(at, expedition, 1), expedition, 1)
        results.append(puzzle_score(position.sheet, at.sheet).total)
    mean = sum(results) / len(results)
    spread = math.sqrt(sum((r - mean) ** 2 for r in results) / (len(results) - 1))
    error = spread / math.sqrt(len(results))
    assert abs(mean - float(value.score)) <= 4 * error + 1e-9
    assert value.score <= exact.evaluate(position, 1, deal).score


def test_speed_turns_matches_brute_force_within_a_round() -> None:
    corridor = Room.from_rows(["#.E.#", "#x#p#", "#.s.#", "##r##", "##T##"])
    cards = DECK_CARDS
    position = Position.start(PyramidCard(1, Color.GREEN, corridor))
    deal = exact.Deal.of_round(cards)

    @cache
    def turns(at: Position, counts: tuple[int, ...], left: int) -> Fraction:
        if not at.has_card_in_play():
            return Fraction(0)
        if left == 0:
            return Fraction(1)
        total = sum(counts)
        result = Fraction(1)
        for i, c in enumerate(counts):
            if c:
                after = (*counts[:i], c - 1, *counts[i + 1 :])
                result += Fraction(c, total) * min(
                    turns(p, after, left - 1) for _, p in at.successors(deal.kinds[i], 1)
                )
        return result

    expected = turns(position, deal.counts, deal.turns)
    assert 1 < expected <= TURNS_PER_ROUND  # the corridor always completes within the round
    assert exact.speed_turns(position, cards) == expected


def test_deal_counts_and_errors() -> None:
    deal = exact.Deal.of_round(DECK_CARDS)
    assert (deal.size, deal.turns) == (8, 7)
    assert deal.scale(0) == math.factorial(8)
    assert len(deal.orders()) == 10080
    assert Counter(len(deal.multisets(d)) for d in range(8))[1] >= 1
    with pytest.raises(exact.ExactError, match="deck holds"):
        exact.Deal.of_round(DECK_CARDS, (BY_NAME["O4"], BY_NAME["O4"]))
    with pytest.raises(exact.ExactError, match="round is over"):
        exact.Deal.of_round(DECK_CARDS, DECK_CARDS[:7])


def test_orders_are_weighted_by_the_physical_cards_when_several_stay_hidden() -> None:
    bundled = exact.Deal.of_round(DECK_CARDS)
    assert {bundled.order_weight(order) for order in bundled.orders()} == {4}
    nine = exact.Deal.of_round((*DECK_CARDS, BY_NAME["I3"]))  # 9 cards: 2 stay hidden
    weights = {nine.order_weight(order) for order in nine.orders()}
    assert len(weights) > 1
    assert sum(nine.order_weight(o) for o in nine.orders()) == math.perm(9, 7)
