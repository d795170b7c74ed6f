"""The exact endgame search (solver/cheops/endgame.py) against an independent brute force
(tests/cheops/brute_endgame.py), hand-made checks of its objective, and properties over
random endgames."""

from __future__ import annotations

import functools
from dataclasses import replace
from fractions import Fraction

import pytest
from cheops.brute_endgame import TooBig, game_value, move_value
from clocks import StepClock
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from silverpyr.solver.cheops.components import load_components
from silverpyr.solver.cheops.endgame import (
    BEST_FOUND,
    PROVEN,
    WIN,
    WIN_SCALE,
    EndgameAnswer,
    EndgameError,
    items_left,
    money_vector,
    random_endgame,
    rank,
    solve_endgame,
)
from silverpyr.solver.cheops.game import (
    FAMILY,
    CheopsState,
    Phase,
    apply,
    legal_moves,
    new_game,
    parse_move,
)
from silverpyr.solver.core.rng import SeededStream

COMPONENTS = load_components()
COLOURS_ALL = ("blue", "red", "green", "yellow", "black", "white")
BUDGET = 20_000
"""Nodes the brute force may visit before a position counts as too big. Measured on
2026-11-29 at 60,000: of the 190 slow-suite endgames that ended (seeds 100,000-100,129 and
200,000-200,059, win objective), none took over 10,000 nodes, while the 7 that did not end
took 165 s; of seeds 100,130-100,259, one took 38,407 nodes (now skipped)."""


@functools.cache  # several tests start from the same endgame; states are immutable
def some_endgame(players: int, seed: int, left: int) -> CheopsState:
    """:func:`random_endgame` of ``seed``, or of ``seed`` plus a multiple of 10**8 when that
    seed's games all end first."""
    for other in range(seed, seed + 10 * 10**8, 10**8):
        try:
            return random_endgame(COMPONENTS, players, other, left)
        except EndgameError:
            continue
    raise AssertionError(f"no endgame near seed {seed}")


def short_hands(state: CheopsState, seed: int) -> CheopsState:
    """``state`` with the hand of the seat to move cut to 1 tile, every other hand to 0 or
    1 (seeded), and the stacks topped up with 1 to 3 more family tiles each (seeded) under
    their tops: the draws' chance then decides who can take what. This near the end a real
    game has few tiles off the pyramid (64 family tiles for 66 spaces), so its draws seldom
    uncover anything; the topped-up state holds more tiles than the game has (the engine
    plays it all the same), which is what exercises the chance nodes of both searches."""
    stream = SeededStream(f"cheops-endgame-test|stacks|{seed}")
    hands = tuple(
        hand[:1] if seat == state.turn else hand[: stream.below(2)]
        for seat, hand in enumerate(state.hands)
    )
    extra = [tile for seat, hand in enumerate(state.hands) for tile in hand[len(hands[seat]) :]]
    stacks = [list(stack) for stack in state.stacks]
    for _ in stacks:
        extra.extend(stream.choice(FAMILY) for _ in range(1 + stream.below(3)))
    for n, tile in enumerate(extra):
        stacks[n % len(stacks)].append(tile)
    return replace(state, hands=hands, stacks=tuple(tuple(s) for s in stacks))


def with_laws(state: CheopsState, seed: int) -> CheopsState:
    """``state`` with the laws the rulings of issue 31 are about handed out (seeded): by
    ``seed // 36 % 4`` none (as played), a kept law 10, 11 or 12 for the seat to move, law 9
    paid by a seat, or both and a kept law for another seat. Each law is moved from wherever
    it lay (out of the game, spent, kept), so the 12 laws stay one each."""
    variant = seed // 36 % 4
    if variant == 0:
        return state
    stream = SeededStream(f"cheops-endgame-test|laws|{seed}")
    given: dict[int, int] = {}
    if variant in (1, 3):
        given[stream.choice((10, 11, 12))] = state.turn
    if variant in (2, 3):
        given[9] = stream.below(state.players)
    if variant == 3:
        other = (state.turn + 1) % state.players
        spare = [law for law in (10, 11, 12) if law not in given]
        given[stream.choice(spare)] = other
    kept = [[law for law in row if law not in given] for row in state.kept_laws]
    for law, seat in given.items():
        if law != 9:
            kept[seat] = sorted((*kept[seat], law))
    return replace(
        state,
        kept_laws=tuple(tuple(row) for row in kept),
        law9=given.get(9, state.law9),
        removed_laws=tuple(law for law in state.removed_laws if law not in given),
        spent_laws=tuple(law for law in state.spent_laws if law not in given),
    )


def endgame(seed: int) -> CheopsState:
    """A random endgame: 2 or 3 players (by ``seed % 2``), 1 to 3 spaces left (by
    ``seed // 2 % 3``); by ``seed // 6 % 2`` the hands as dealt, or cut short with the
    stacks topped up (:func:`short_hands`); by ``seed // 36 % 4`` kept laws and a paid law
    9 handed out (:func:`with_laws`); and by ``seed // 12 % 3`` played on 0 to 2 random
    moves into the turn (a sell, law, kept-law or draw decision may be due)."""
    players = 2 + seed % 2
    left = 1 + seed // 2 % 3
    state = some_endgame(players, seed, left)
    if seed // 6 % 2:
        state = short_hands(state, seed)
    state = with_laws(state, seed)
    steps = seed // 12 % 3
    stream = SeededStream(f"cheops-endgame-test|{seed}")
    for _ in range(steps):
        moves = legal_moves(state)
        after = apply(state, stream.choice(moves))
        if after.phase is Phase.OVER or after.turn != state.turn:
            break
        state = after
    return state


def as_vector(answer: EndgameAnswer) -> tuple[Fraction, ...]:
    return (*answer.margins, *(w * WIN_SCALE for w in answer.wins))


PRESENT = ("kept law", "law 9's choice", "optional draw")


def present(state: CheopsState) -> set[str]:
    """Which of the decisions of issue 31's rulings a position holds: a kept law, a paid
    law 9 (its holder chooses the colour at the end), a draw that may be skipped."""
    found = set()
    if any(state.kept_laws):
        found.add(PRESENT[0])
    if state.law9 is not None:
        found.add(PRESENT[1])
    if any(state.stacks) and any(len(hand) < 4 for hand in state.hands):
        found.add(PRESENT[2])
    return found


def disagreements(
    seeds: range, objective: str = "margin", seen: dict[str, int] | None = None
) -> tuple[list[str], int]:
    """The seeds where the search and the brute force disagree (value, or the value of the
    search's best move), and how many positions were too big for the brute force;
    ``seen`` counts the compared positions by :func:`present`."""
    found = []
    skipped = 0
    for seed in seeds:
        state = endgame(seed)
        answer = solve_endgame(state, time_limit=120, objective=objective)
        if answer.status != PROVEN:
            found.append(f"seed {seed}: not proven in 120 s")
            continue
        try:
            brute = game_value(state, objective, budget=[BUDGET])
        except TooBig:
            skipped += 1
            continue
        if as_vector(answer) != brute:
            found.append(f"seed {seed}: search {as_vector(answer)}, brute force {brute}")
            continue
        best = move_value(state, parse_move(state, answer.move), objective, [BUDGET])
        if best != brute:
            found.append(f"seed {seed}: the move {answer.move} is worth {best}, not {brute}")
        if seen is not None:
            for what in present(state):
                seen[what] = seen.get(what, 0) + 1
    return found, skipped


CHANCE_SEEDS = (94, 167)
"""Endgames whose value depends on the tile a draw uncovers (found by weighting every
outcome alike in the search: these then disagree with the brute force)."""


def test_the_search_agrees_with_the_brute_force_on_30_endgames() -> None:
    found, skipped = disagreements(range(30))
    assert found == []
    assert skipped <= 3


LAW_SEEDS = (36, 45, 54, 63, 72, 81, 90, 99, 108, 126, 135)
"""Every ninth seed from 36 to 135 but 117, whose brute force alone takes 8 s (the slow
suite checks it)."""


def test_the_search_agrees_with_the_brute_force_with_kept_laws_and_law_9() -> None:
    """Seeds whose positions hold a kept law, a paid law 9 or both (:func:`with_laws`)."""
    seen: dict[str, int] = {}
    found, skipped = disagreements(LAW_SEEDS, seen=seen)
    assert found == []
    assert skipped <= 2
    assert all(seen.get(what, 0) >= 3 for what in PRESENT), seen


@pytest.mark.slow
def test_the_largest_kept_law_endgame_agrees_with_the_brute_force() -> None:
    """Seed 117: a kept law, law 9's choice and an optional draw at once (8 s)."""
    assert disagreements(range(117, 118)) == ([], 0)


def test_chance_is_weighted_by_the_hidden_tiles() -> None:
    for seed in CHANCE_SEEDS:
        found, skipped = disagreements(range(seed, seed + 1))
        assert (found, skipped) == ([], 0)


@pytest.mark.slow
@pytest.mark.parametrize("first", range(100_000, 100_260, 130))
def test_the_search_agrees_with_the_brute_force_on_260_endgames(first: int) -> None:
    """Seeds apart from the fast test's and the benchmark's (which starts at 9,000,000), in
    two parts that the workers share: at least 120 of each 130 compared, with kept laws, law
    9's choice and an optional draw each in at least 15. (Issue 31's 520, seeds
    100,000-100,519: 510 compared, 0 disagreements; CI keeps the first half to stay well
    under its 30 minutes.)"""
    seen: dict[str, int] = {}
    found, skipped = disagreements(range(first, first + 130), seen=seen)
    assert found == []
    assert 130 - skipped >= 120, f"{skipped} positions too big for the brute force"
    assert all(seen.get(what, 0) >= 15 for what in PRESENT), seen


@pytest.mark.slow
def test_the_win_objective_agrees_with_the_brute_force() -> None:
    found, skipped = disagreements(range(200_000, 200_060), objective=WIN)
    assert found == []
    assert skipped <= 6


# --- the objective, by hand ------------------------------------------------------------------


def test_money_vector_margins_and_shares() -> None:
    # margins: own less the best other; win shares in 60ths, a 2-way tie halves
    assert money_vector((50, 30, 50)) == (0, -20, 0, 30, 0, 30)
    assert money_vector((10, 40)) == (-30, 30, 0, 60)


def test_rank_prefers_own_value_then_hurts_the_others() -> None:
    low = money_vector((40, 40, 10))  # seat 0: margin 0, half a win
    high = money_vector((41, 40, 10))
    assert rank(high, 0, "margin") > rank(low, 0, "margin")
    # the same margin and share for seat 2: the one leaving the others less is preferred
    kind = money_vector((50, 20, 10))
    cruel = money_vector((50, 50, 10))
    assert rank(kind, 2, "margin")[0] == -40 and rank(cruel, 2, "margin")[0] == -40
    assert rank(cruel, 2, "margin") > rank(kind, 2, "margin")


# --- refusals --------------------------------------------------------------------------------


def test_a_hidden_law_is_refused_by_name() -> None:
    start = new_game(COMPONENTS, 2, 1)
    with pytest.raises(EndgameError, match="hidden law"):
        solve_endgame(start, time_limit=1)


def test_a_finished_game_is_refused() -> None:
    state = endgame(0)
    while state.phase is not Phase.OVER:
        state = apply(state, legal_moves(state)[0])
    with pytest.raises(EndgameError, match="over"):
        solve_endgame(state, time_limit=1)


@pytest.mark.parametrize("limit", [0, -1.0, float("nan")])
def test_a_bad_time_limit_is_refused(limit: float) -> None:
    with pytest.raises(EndgameError, match="time limit"):
        solve_endgame(endgame(0), time_limit=limit)


def test_an_unknown_objective_is_refused() -> None:
    with pytest.raises(EndgameError, match="objective"):
        solve_endgame(endgame(0), time_limit=1, objective="points")


# --- properties ------------------------------------------------------------------------------

SEEDS = st.integers(min_value=0, max_value=10_000_000)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS)
def test_two_player_values_are_zero_sum_and_the_line_replays(seed: int) -> None:
    state = some_endgame(2, seed, 1 + seed % 3)
    answer = solve_endgame(state, time_limit=30)
    assert answer.status == PROVEN
    assert answer.margins[0] == -answer.margins[1]
    assert answer.wins[0] + answer.wins[1] == 1
    assert 0 <= answer.win <= 1
    assert answer.seat == state.turn
    assert answer.moves[0].move == answer.move
    assert answer.moves[0].margin == answer.margin
    assert all(m.margin <= answer.margin for m in answer.moves)
    # the line starts with the best move and replays through the checked apply
    assert answer.line and answer.line[0].move == answer.move
    assert answer.line[0].seat == state.turn
    # the same question, the same answer
    again = solve_endgame(state, time_limit=30)
    assert again.to_dict() | {"seconds": 0, "nodes": 0} == answer.to_dict() | {
        "seconds": 0,
        "nodes": 0,
    }


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=SEEDS, players=st.integers(min_value=3, max_value=5))
def test_many_player_answers_are_whole_shares(seed: int, players: int) -> None:
    state = some_endgame(players, seed, 1 + seed % 2)
    answer = solve_endgame(state, time_limit=30)
    assert answer.status == PROVEN
    assert len(answer.margins) == players
    assert sum(answer.wins) == 1  # every end has its winners' shares summing to 1
    assert answer.margin == answer.margins[answer.seat]


def test_the_hidden_order_under_the_tops_does_not_change_the_answer() -> None:
    """The search keys the stacks by tops, sizes and the hidden multiset: reversing the
    tiles under each top (what no player sees) gives the same answer."""
    for seed in range(1, 7):  # seed 0 finds no endgame 2 spaces from the end (boards fill)
        state = random_endgame(COMPONENTS, 2, seed, 2)
        flipped = replace(state, stacks=tuple(s[:1] + tuple(reversed(s[1:])) for s in state.stacks))
        a = solve_endgame(state, time_limit=30).to_dict()
        b = solve_endgame(flipped, time_limit=30).to_dict()
        assert a | {"seconds": 0, "nodes": 0} == b | {"seconds": 0, "nodes": 0}


@functools.cache
def big() -> CheopsState:
    """An endgame 9 spaces from the end (made when a test first asks: not while every
    worker collects the tests)."""
    return random_endgame(COMPONENTS, 2, 7, 9)


"""An endgame whose complete search takes 12,054 nodes."""


@pytest.mark.parametrize("budget", [1, 50, 2_000])
def test_a_node_limit_answers_best_found_the_same_every_time(budget: int) -> None:
    """A budget too small for the whole search: best found, said so, a legal move, and the
    same answer on every run (nodes, unlike seconds, are the same on every machine)."""
    answer = solve_endgame(big(), time_limit=600, node_limit=budget)
    assert answer.status == BEST_FOUND and not answer.proven
    assert answer.note().startswith("best found, NOT proven: the node limit came")
    assert answer.nodes <= budget and answer.to_dict()["node_limit"] == budget
    assert parse_move(big(), answer.move) in legal_moves(big())
    again = solve_endgame(big(), time_limit=600, node_limit=budget).to_dict()
    assert again | {"seconds": 0} == answer.to_dict() | {"seconds": 0}


def test_a_node_limit_large_enough_proves_the_same_answer() -> None:
    state = random_endgame(COMPONENTS, 2, 7, 6)  # 1,247 nodes: a tenth of big()'s
    free = solve_endgame(state, time_limit=600)
    assert free.proven and free.to_dict()["node_limit"] is None and free.nodes > 1_000
    budgeted = solve_endgame(state, time_limit=600, node_limit=free.nodes)
    assert budgeted.proven
    assert budgeted.to_dict() | {"seconds": 0, "node_limit": None} == free.to_dict() | {
        "seconds": 0
    }


@pytest.mark.parametrize("limit", [0, -3, 2.5, True])
def test_a_bad_node_limit_is_refused(limit: object) -> None:
    with pytest.raises(EndgameError, match="node limit"):
        solve_endgame(big(), time_limit=1, node_limit=limit)  # type: ignore[arg-type]


def test_the_time_limit_stops_the_search_by_the_clock(monkeypatch: pytest.MonkeyPatch) -> None:
    """The deadline is read from the clock: a clock that runs ahead stops the search (as a
    slow machine would) with a legal best-found move, and says it was the time limit."""
    from silverpyr.solver.cheops import endgame as module

    monkeypatch.setattr(module, "time", StepClock(step=1.0))
    answer = solve_endgame(big(), time_limit=3)
    assert answer.status == BEST_FOUND
    assert answer.note().startswith("best found, NOT proven: the time limit came")
    assert 0 < answer.nodes < 4_056
    assert parse_move(big(), answer.move) in legal_moves(big())


def test_max_turns_stops_the_deepening_and_is_not_proven() -> None:
    state = random_endgame(COMPONENTS, 2, 7, 7)
    answer = solve_endgame(state, time_limit=60, max_turns=1)
    assert answer.status == BEST_FOUND and answer.turns == 1
    assert parse_move(state, answer.move) in legal_moves(state)


def test_items_left_counts_treasures() -> None:
    assert items_left(random_endgame(COMPONENTS, 2, 3, 4)) == 4


def test_without_chance_two_players_win_exactly_when_their_margin_is_positive() -> None:
    """With no draw left to chance, 2 players: the best margin's sign is the game's result,
    so playing for the win share (``objective="win"``) wins exactly as often."""
    compared = 0
    for seed in range(24):
        state = some_endgame(2, seed, 2 + seed % 3)
        if any(len(stack) > 1 for stack in state.stacks):
            continue
        margin = solve_endgame(state, time_limit=30)
        win = solve_endgame(state, time_limit=30, objective=WIN)
        assert margin.proven and win.proven
        assert win.objective == WIN and win.value == win.win
        assert win.win == margin.win
        assert margin.win == (
            1 if margin.margin > 0 else Fraction(1, 2) if margin.margin == 0 else 0
        )
        compared += 1
    assert compared >= 12


def test_law_9s_colour_is_the_holders_searched_decision() -> None:
    """At the end, law 9's holder names its colour: the search compares the six, and of two
    colours equal for the holder's own money takes the one leaving the rival less."""
    from cheops.test_cheops_bots import _law9_choice

    state = _law9_choice()
    answer = solve_endgame(state, time_limit=30)
    assert answer.proven and answer.seat == 1 and answer.move == "law9 red"
    assert answer.margin == 60 - 45
    assert {m.move for m in answer.moves} == {f"law9 {c}" for c in COLOURS_ALL}
    assert game_value(state) == as_vector(answer)
