"""The best-turn search (solver/sun/bestturn.py) against an independent brute force, hand-made
golden positions, and properties over random positions."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace
from fractions import Fraction

import pytest
from clocks import StepClock
from hypothesis import example, given, reject, settings
from hypothesis import strategies as st
from sun.brute_turn import TooBig, turn_value
from sun.reshuffle_positions import reshuffle_position

from silverpyr.solver.sun.bestturn import (
    BEST_FOUND,
    PROVEN,
    BestTurn,
    BestTurnError,
    Plan,
    best_turn,
)
from silverpyr.solver.sun.cards import load_deck
from silverpyr.solver.sun.game import (
    Phase,
    SunState,
    apply,
    legal_moves,
    next_draw,
    parse_move,
    random_position,
)
from silverpyr.solver.sun.positionfile import parse_position

SIZES = ("short", "standard", "long")
BUDGET = 400_000
"""Nodes the brute force may visit before a position counts as too big (none has so far)."""


def cut(state: SunState, keep: int) -> SunState:
    """``state`` with the mover's hand cut to its first ``keep`` cards (the others go back
    on top of their piles)."""
    hand = state.hands[state.turn]
    if len(hand) <= keep:
        return state
    extra = hand[keep:]
    standard = tuple(c for c in extra if state.deck[c].kind == "standard")
    edge = tuple(c for c in extra if c not in standard)
    return replace(
        state,
        hands=(*state.hands[: state.turn], hand[:keep], *state.hands[state.turn + 1 :]),
        standard_pile=standard + state.standard_pile,
        edge_pile=edge + state.edge_pile,
    )


def trimmed(seed: int) -> tuple[SunState, int]:
    """A random position (2-5 players, every size) with the mover's hand cut to what the
    brute force can enumerate, and the draw limit both searches use: by ``seed // 3 % 3``,
    3 cards and no symbol draw, 2 cards and at most 1 draw, or 1 card and at most 2 draws."""
    state = random_position(seed, players=2 + seed % 4, size=SIZES[seed % 3])
    keep, draws = ((3, 0), (2, 1), (1, 2))[seed // 3 % 3]
    return cut(state, keep), draws


def disagreements(seeds: range, exact_budget: int = 2_000) -> list[str]:
    found = []
    for seed in seeds:
        state, draws = trimmed(seed)
        answer = best_turn(state, time_limit=60, max_draws=draws)
        try:
            brute = turn_value(state, max_draws=draws, budget=[BUDGET])
        except TooBig:
            found.append(f"seed {seed}: too big for the brute force")
            continue
        if answer.value != brute:
            found.append(f"seed {seed}: search {answer.value}, brute force {brute}")
        found.extend(bound_problems(seed, answer, state, exact_budget))
    return found


def bound_problems(seed: int, answer: BestTurn, state: SunState, budget: int) -> list[str]:
    """Where ``answer``'s upper bound fails the best turn over all plans, as far as the
    unlimited brute force can tell (within ``budget`` nodes: skipped when it does not end)."""
    problems = []
    if answer.upper_bound < answer.value:
        problems.append(f"seed {seed}: bound {answer.upper_bound} below value {answer.value}")
    if answer.proven != (answer.upper_bound == answer.value):
        problems.append(f"seed {seed}: proven is not 'the bound meets the value'")
    try:
        exact = turn_value(state, budget=[budget])
    except TooBig:
        return problems
    if answer.upper_bound < exact:
        problems.append(f"seed {seed}: bound {answer.upper_bound} below the best turn {exact}")
    if answer.proven and answer.value != exact:
        problems.append(f"seed {seed}: proven {answer.value}, but the best turn is {exact}")
    return problems


@pytest.mark.parametrize("first", range(0, 60, 20))
def test_the_search_agrees_with_the_brute_force_on_60_positions(first: int) -> None:
    """In three parts, so that the workers share them (the slow suite checks 1,000 more)."""
    assert disagreements(range(first, first + 20)) == []


@pytest.mark.slow
@pytest.mark.parametrize("first", range(100_000, 100_500, 250))
def test_the_search_agrees_with_the_brute_force_on_500_positions(first: int) -> None:
    """Seeds apart from the fast test's, in two parts that the workers share. (Issue 30's
    1,000, seeds 100,000-100,999, agreed on 2026-11-28 and 29; CI keeps the first half to
    stay well under its 30 minutes.) The unlimited brute force behind the bound checks gets
    the fast test's 2,000 nodes: at 20,000, of seeds 100,000-100,249, 171 ended, 6 of them
    past 2,000 nodes, and the 79 that did not end took 114 s of the 120 s (2026-11-29)."""
    assert disagreements(range(first, first + 250)) == []


@pytest.mark.slow
def test_proven_answers_agree_with_the_unlimited_brute_force(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Without a draw limit: positions whose whole turn both searches finish (the search's
    clock is the test's, so the same positions are compared on every machine)."""
    from silverpyr.solver.sun import bestturn

    compared = 0
    for seed in range(60):
        state = random_position(seed, players=2 + seed % 4, size=SIZES[seed % 3])
        monkeypatch.setattr(bestturn, "time", StepClock(step=0.001))
        answer = best_turn(state, time_limit=1)
        if not answer.proven:
            continue
        try:
            brute = turn_value(state, budget=[20_000])
        except TooBig:
            continue
        assert answer.value == brute, seed
        compared += 1
    assert compared >= 20


# --- the piles after a reshuffle (Ruling R6; issue 30) --------------------------------------

RESHUFFLE_DRAWS = 3
"""The draw limit of the reshuffle cross-checks: enough to empty a pile of up to 2 cards
during the turn and draw from its reshuffled discards."""


def reshuffle_check(seeds: range, budget: int) -> tuple[list[str], int, int]:
    """Search and brute force on :func:`reshuffle_position`: the disagreements, how many
    positions both finished, and how many of those have a value that depends on a draw."""
    found = []
    compared = by_draw = 0
    for seed in seeds:
        state = reshuffle_position(seed)
        try:
            brute = turn_value(state, max_draws=RESHUFFLE_DRAWS, budget=[budget])
        except TooBig:
            continue
        answer = best_turn(state, time_limit=600, max_draws=RESHUFFLE_DRAWS)
        compared += 1
        if answer.value != brute:
            found.append(f"seed {seed}: search {answer.value}, brute force {brute}")
        if answer.upper_bound < brute or (answer.proven and answer.upper_bound != brute):
            found.append(f"seed {seed}: bound {answer.upper_bound}, brute force {brute}")
        if brute != turn_value(state, max_draws=0):
            by_draw += 1
    return found, compared, by_draw


def test_the_search_agrees_with_the_brute_force_after_reshuffles() -> None:
    found, compared, by_draw = reshuffle_check(range(60), budget=3_000)
    assert found == []
    assert compared >= 40 and by_draw >= 10


@pytest.mark.slow
@pytest.mark.parametrize("first", range(200_000, 200_690, 230))
def test_the_search_agrees_with_the_brute_force_after_690_reshuffles(first: int) -> None:
    """Seeds apart from the fast test's, in three parts that the workers share; the brute
    force ends on most. (Issue 30's whole run, seeds 200,000-201,149: 1,126 of the 1,150
    compared, 452 with a draw in the value, 0 disagreements; CI keeps the first three
    parts of five.)"""
    found, compared, by_draw = reshuffle_check(range(first, first + 230), budget=150_000)
    assert found == []
    assert compared >= 190 and by_draw >= 25


def two_card_reshuffle() -> SunState:
    """:func:`symbol_position` with its standard draw pile empty and only S5-sun and S6 in
    its discards (the other discards set out of the game): a symbol's draw reshuffles those
    two, and the next draw from that pile can only bring the other one."""
    state = parse_position(symbol_position()).state
    deck = state.deck
    two = tuple(c for c in state.standard_pile if deck[c].label in ("S5-sun", "S6"))
    assert len(two) == 2 and len(state.standard_pile) == 2
    return replace(
        state,
        standard_pile=(),
        standard_discards=two,
        removed=tuple(sorted((*state.removed, *state.standard_discards))),
    )


def test_the_second_draw_from_a_two_card_reshuffle_is_certain() -> None:
    """The reported case (issue 30): two draws from a pile reshuffled from two cards; the
    second brings the card the first did not, with probability 1."""
    state = two_card_reshuffle()
    answer = best_turn(state)
    assert answer.proven
    assert answer.value == turn_value(state)
    plan = answer.plan
    assert [s.move for s in plan.steps] == ["S4-sun@2f"] and plan.draw == "symbol standard"
    assert sorted((b.card, b.count) for b in plan.branches) == [("S5-sun", 1), ("S6", 1)]

    def later_standard_draws(plan: Plan) -> list[Plan]:
        found = [plan] if plan.draw == "symbol standard" else []
        for branch in plan.branches:
            found.extend(later_standard_draws(branch.plan))
        return found

    seconds = [p for b in plan.branches for p in later_standard_draws(b.plan)]
    assert seconds, "a drawn card leads to a second standard draw"
    for second in seconds:
        assert [(b.count, b.probability) for b in second.branches] == [(1, 1)]


def test_a_position_file_names_the_cards_of_a_reshuffle() -> None:
    """:func:`symbol_position` with one more card in the other hand and one in the edge
    pile: without ``reshuffled`` the edge draw may bring either unseen edge card; with the
    pile made from a reshuffle of E3-moon, only that one (the other hand held T9 before)."""
    text = symbol_position().replace("hand_sizes: [1, 0]", "hand_sizes: [1, 1]")
    text += "piles: {standard: 2, edge: 1}\n"
    plain = parse_position(text).state
    shuffled = parse_position(text + "reshuffled: {edge: [E3-moon]}\n").state
    labels = [[s.deck[c].label for c in next_draw(s, 0, "edge")] for s in (plain, shuffled)]
    assert labels == [["E3-moon", "T9"], ["E3-moon"]]
    assert shuffled.edge_reshuffled is not None
    assert [shuffled.deck[c].label for c in shuffled.edge_pile] == ["E3-moon"]
    for state in (plain, shuffled):
        assert best_turn(state).value == turn_value(state)
    assert best_turn(shuffled).value > best_turn(plain).value


# --- golden positions ---------------------------------------------------------------------

# A short pyramid filled but for its right edge (1g, 2f, 3e, ... up to the top): only 1g is
# open. The hand holds the rulebook's worked example: two value-2 standard cards and a
# value-2 edge card. A card on 1g opens 2f (an end of level 2), which opens 3e (an end of
# level 3): 1 + 4 + 2 = 7, as the rulebook's turn, or S2 on 2f and the edge card on 3e,
# 1 + 2 + 4 = 7 again. No card touches its symbol.
RULEBOOK = """\
size: short
players: 2
hand: [S2, S2-sun, E2]
marker: E5
pyramid: {
  1a: S1, 1b: S1, 1c: S3, 1d: S4, 1e: S5, 1f: S6,
  2a: S6, 2b: S1-moon, 2c: S2-moon, 2d: S2-moon, 2e: S3-moon,
  3a: S3-moon, 3b: S4-moon, 3c: S4-moon, 3d: S5-moon,
  4a: S5-moon, 4b: S6-moon, 4c: S1-jaguar,
  5a: S2-jaguar, 5b: S2-jaguar,
  6a: S3-jaguar}
"""


def test_the_rulebook_turn_is_proven_best_at_7_points() -> None:
    answer = best_turn(parse_position(RULEBOOK).state)
    assert answer.status == PROVEN and answer.proven and answer.draw_limit is None
    assert answer.value == 7
    assert [(s.move, s.points) for s in answer.plan.steps] == [
        ("S2-sun@1g", 1),  # ties: the smallest notation ("-" sorts before "@")
        ("E2@2f", 4),
        ("S2@3e", 2),
        ("end", 0),
    ]
    assert answer.plan.draw is None and answer.plan.branches == ()


def test_ties_go_to_the_smallest_notation_and_are_the_same_every_time() -> None:
    """S2@1g and S2-sun@1g both lead to 7: the smaller notation comes first."""
    answers = [best_turn(parse_position(RULEBOOK).state).to_dict() for _ in range(2)]
    for answer in answers:
        answer.pop("seconds")
    assert answers[0] == answers[1]


def symbol_position() -> str:
    """A short pyramid filled but for its right edge from 2f up: only 2f is open, above two
    sun cards (1f, 1g). The hand is S4-sun: on 2f it scores 2 and its symbol offers 2 points
    or a card. Most cards are in the discards, so a draw brings one of 2 standard cards
    (S5-sun, S6; the one S1-moon is at 2b) or 2 edge cards (E3-moon, T9); a card on 3e may
    touch the sun of 2f and draw again, and so on up to the top."""
    pyramid = {
        "1a": "S1", "1b": "S1", "1c": "S3", "1d": "S4", "1e": "S5", "1f": "S1-sun",
        "1g": "S2-sun", "2a": "S6", "2b": "S1-moon", "2c": "S2-moon", "2d": "S2-moon",
        "2e": "S3-moon", "3a": "S3-moon", "3b": "S4-moon", "3c": "S4-moon", "3d": "S5-moon",
        "4a": "S5-moon", "4b": "S6-moon", "4c": "S1-jaguar", "5a": "S2-jaguar",
        "5b": "S2-jaguar", "6a": "S3-jaguar",
    }  # fmt: skip
    deck = load_deck()
    named = Counter([*pyramid.values(), "S4-sun", "S5-sun", "S6", "S1-moon", "E3-moon", "T9", "E5"])
    discards: dict[str, list[str]] = {"standard": [], "edge": []}
    for card in deck:
        if card.kind == "base":
            continue
        if named[card.label]:
            named[card.label] -= 1
        else:
            discards["standard" if card.kind == "standard" else "edge"].append(card.label)
    rows = ", ".join(f"{slot}: {label}" for slot, label in pyramid.items())
    return (
        "size: short\nplayers: 2\nhand: [S4-sun]\nhand_sizes: [1, 0]\nmarker: E5\n"
        f"pyramid: {{{rows}}}\n"
        f"discards: {{standard: [{', '.join(discards['standard'])}], "
        f"edge: [{', '.join(discards['edge'])}]}}\n"
    )


def test_a_symbol_draw_is_valued_over_every_card_it_may_bring() -> None:
    state = parse_position(symbol_position()).state
    answer = best_turn(state)
    assert answer.proven
    plan = answer.plan
    assert [s.move for s in plan.steps] == ["S4-sun@2f"]
    # the draw beats the symbol's 2 points: it is the plan's first chance node
    assert plan.draw is not None and plan.draw.startswith("symbol ")
    placed = apply(state, parse_move(state, "S4-sun@2f"))
    pile = "standard" if plan.draw == "symbol standard" else "edge"
    assert sum(b.probability for b in plan.branches) == 1
    assert sum(b.count for b in plan.branches) == len(next_draw(placed, state.turn, pile))
    assert answer.value > 2 + 2
    assert answer.value == turn_value(state, budget=[BUDGET])
    expected = 2 + sum(b.probability * b.plan.value for b in plan.branches)
    assert answer.value == plan.value == expected


def test_a_hand_that_cannot_be_played_scores_nothing_and_draws() -> None:
    state = parse_position(symbol_position().replace("hand: [S4-sun]", "hand: [T9]")).state
    answer = best_turn(state)
    assert not answer.can_play and answer.can_draw
    assert answer.value == 0 and answer.proven
    assert answer.lines()[0] == "no card in hand can be played this turn"
    assert answer.to_dict()["draw_instead"]["points_this_turn"] == 0


def test_the_answer_as_json_and_lines() -> None:
    answer = best_turn(parse_position(symbol_position()).state)
    data = answer.to_dict()
    assert data["status"] == "proven" and data["proven"] is True
    assert Fraction(data["value_exact"]) == answer.value
    assert data["value"] == pytest.approx(float(answer.value))
    assert data["line"]["steps"][0] == {"move": "S4-sun@2f", "points": 2}
    assert data["line"]["branches"][0]["plan"]["steps"]
    lines = answer.lines()
    assert lines[0].startswith("proven best: ")
    assert any(line.strip().startswith("if ") for line in lines)
    assert lines[-1].startswith("drawing 2 instead: 0 points this turn")
    # people see two draws deep (the third: its expected points); --json has all of it
    assert any(line.endswith("(the plan: --json)") for line in lines)
    everything = answer.lines(depth=None)
    assert len(everything) > len(lines)
    assert not any("--json" in line for line in everything)
    assert "S6@5c  (+5)" in "\n".join(everything)


def test_only_a_turn_start_is_asked() -> None:
    state = parse_position(symbol_position()).state
    after = apply(state, parse_move(state, "S4-sun@2f"))
    assert after.phase is Phase.SYMBOL
    with pytest.raises(BestTurnError, match="phase choose"):
        best_turn(after)
    with pytest.raises(BestTurnError, match="positive"):
        best_turn(state, time_limit=0)


# --- the time limit -----------------------------------------------------------------------


def test_a_stopped_search_says_best_found_with_an_exact_lower_value(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """random_position(1003): 4 cards, and a turn whose chains of draws a search does not
    finish in minutes. The search's clock is the test's: it stops after the same reads on
    every machine."""
    from silverpyr.solver.sun import bestturn

    state = random_position(1003)
    with monkeypatch.context() as patched:
        patched.setattr(bestturn, "time", StepClock(step=0.2))
        quick = best_turn(state, time_limit=3)
    assert quick.status == BEST_FOUND and not quick.proven
    assert quick.upper_bound > quick.value
    head = quick.lines()[0]
    assert head.startswith(f"best found {float(quick.value):.1f}, at most ")
    assert f"(gap {quick.gap:.0%})" in head
    if quick.draw_limit is not None:  # why the bound stays above: the draws past the limit
        assert any("docs/sun-position.md" in line for line in quick.lines()[1:3])
    data = quick.to_dict()
    assert data["proven"] is False and Fraction(data["upper_bound"]) == quick.upper_bound
    if quick.draw_limit is None:  # not even the plans without draws were searched
        assert quick.value <= best_turn(state, time_limit=60, max_draws=0).value
    else:  # the best of the plans drawing at most draw_limit cards, exactly valued
        limited = best_turn(state, time_limit=60, max_draws=quick.draw_limit)
        assert quick.value == limited.value and quick.plan == limited.plan
        assert limited.status == BEST_FOUND and limited.draw_limit == quick.draw_limit
        wider = best_turn(state, time_limit=60, max_draws=quick.draw_limit + 1)
        assert wider.value >= quick.value


# --- properties ---------------------------------------------------------------------------


def replay(state: SunState, plan: Plan) -> Fraction:
    """The plan's expected points replayed through the engine (branch by branch, each
    drawn card put on top of its pile by the brute force's own means)."""
    from sun.brute_turn import _put_on_top

    seat = state.turn
    start = state.scores[seat]
    for step in plan.steps:
        after = apply(state, parse_move(state, step.move))
        assert after.scores[seat] - state.scores[seat] == step.points
        state = after
    total = Fraction(state.scores[seat] - start)
    if plan.draw is None:
        assert state.phase is Phase.OVER or state.turn != seat or not plan.steps
        return total
    move = parse_move(state, plan.draw)
    assert move in legal_moves(state)
    for branch in plan.branches:
        possible = next_draw(state, seat, move.pile)  # type: ignore[union-attr]
        card = next(c for c in possible if state.deck[c].label == branch.card)
        assert branch.count == sum(state.deck[c].label == branch.card for c in possible)
        drawn = apply(_put_on_top(state, seat, move.pile, card), move)  # type: ignore[union-attr]
        assert state.deck[drawn.events[-1].card].label == branch.card  # type: ignore[union-attr]
        total += branch.probability * replay(drawn, branch.plan)
    return total


@settings(max_examples=20, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    players=st.integers(2, 5),
    size=st.sampled_from(SIZES),
    keep=st.integers(1, 4),
    draws=st.integers(0, 1),
)
def test_plans_replay_to_their_value_and_beat_fewer_draws(
    seed: int, players: int, size: str, keep: int, draws: int
) -> None:
    state = cut(random_position(seed, players, size), keep)
    answer = best_turn(state, time_limit=30, max_draws=draws)
    assert isinstance(answer, BestTurn)
    assert replay(state, answer.plan) == answer.value == answer.plan.value
    assert answer.value >= 0 and (answer.value > 0) == answer.can_play
    if answer.proven:
        assert answer.draw_limit is None
    else:
        assert answer.draw_limit == draws
        fewer = best_turn(state, time_limit=30, max_draws=draws - 1) if draws else None
        assert fewer is None or fewer.value <= answer.value
    # the same position, the same answer
    again = best_turn(state, time_limit=30, max_draws=draws).to_dict()
    first = answer.to_dict()
    first.pop("seconds")
    again.pop("seconds")
    assert first == again


@settings(max_examples=25, deadline=None)
@given(
    seed=st.integers(0, 10**6),
    reshuffled=st.booleans(),
    keep=st.integers(1, 3),
    nodes=st.one_of(st.none(), st.integers(1, 3_000)),
)
@example(seed=243, reshuffled=True, keep=1, nodes=None)
def test_the_upper_bound_holds_wherever_the_search_stops(
    seed: int, reshuffled: bool, keep: int, nodes: int | None
) -> None:
    """Issue 30: at any node budget (the anytime answer, the greedy line included), the
    bound is at least the best turn the unlimited brute force finds, and meets the value
    exactly when the answer says proven."""
    if reshuffled:
        state = reshuffle_position(seed)
    else:
        state = cut(random_position(seed, 2 + seed % 4, SIZES[seed % 3]), keep)
    try:
        exact = turn_value(state, budget=[2_000])
    except TooBig:
        reject()  # another example instead (at 20,000 nodes these took 85% of the time)
    answer = best_turn(state, time_limit=60, node_limit=nodes)
    assert answer.value <= exact <= answer.upper_bound
    assert answer.proven == (answer.value == answer.upper_bound)
    assert replay(state, answer.plan) == answer.value
