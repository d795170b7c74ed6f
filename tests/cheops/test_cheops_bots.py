"""Cheops's bots: only legal moves, in every phase; determinism; what a bot may see (its move
does not change when the hidden laws and stacks are dealt again by `determinized`); greedy's
most margin now; the one-rule market bots and random play; the expert's market, race,
denial, tiles and neighbours; the expert beats greedy on fixed tuning seeds."""

from __future__ import annotations

from dataclasses import replace

import pytest
from arena_checks import expert_win_share
from checked_player import CheckedPlayer
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from silverpyr.solver.cheops.board import parse_space
from silverpyr.solver.cheops.bots import (
    BotError,
    CheopsPlayer,
    GreedyPlayer,
    MarketRulePlayer,
    RandomPlayer,
    greedy_move,
    margin,
    play_game,
    play_out,
)
from silverpyr.solver.cheops.components import COLOURS, load_components
from silverpyr.solver.cheops.expert import Expert, ExpertPlayer, ExpertWeights
from silverpyr.solver.cheops.game import (
    BuyNeighbour,
    CheopsState,
    LawTarget,
    Move,
    Phase,
    Sell,
    Store,
    Take,
    apply,
    determinized,
    final_money,
    legal_moves,
    new_game,
    outcome,
    price,
)
from silverpyr.solver.core.rng import SeededStream

COMPONENTS = load_components()


class Checked(CheckedPlayer):
    """A player checked against Cheops's legal moves."""

    def legal(self, state: CheopsState) -> tuple[Move, ...]:
        return legal_moves(state)


MODEL = ExpertWeights(search_samples=0)
"""The expert's value model alone (no search): fast, for the broad property tests."""


def _player(name: str) -> CheopsPlayer:
    if name == "greedy":
        return GreedyPlayer()
    if name == "model":
        return ExpertPlayer("model", Expert(MODEL))
    if name == "always-sell":
        return MarketRulePlayer("always-sell", sell=True)
    if name == "always-store":
        return MarketRulePlayer("always-store", sell=False)
    if name == "random":
        return RandomPlayer()
    return ExpertPlayer()


def random_states(seed: int, players: int) -> list[CheopsState]:
    """Every state of a game of uniformly random legal moves (phases bots rarely reach)."""
    stream = SeededStream(f"test-cheops-bots|{seed}|{players}")
    state = new_game(COMPONENTS, players, seed)
    states = [state]
    while not state.over:
        state = apply(state, stream.choice(legal_moves(state)))
        states.append(state)
    return states


def _plays_legally_to_the_end(seed: int, seats: list[str]) -> None:
    final, moves = play_game(COMPONENTS, [Checked(_player(name)) for name in seats], seed)
    result = outcome(final)
    assert result is not None
    assert moves
    assert len(result.money) == len(seats)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**9),
    seats=st.lists(
        st.sampled_from(("greedy", "model", "always-sell", "always-store", "random")),
        min_size=2,
        max_size=5,
    ),
)
def test_bots_only_make_legal_moves_to_the_end(seed: int, seats: list[str]) -> None:
    """Greedy and the expert's value model, any mix (a table of experts too)."""
    _plays_legally_to_the_end(seed, seats)


@pytest.mark.parametrize(
    ("seed", "seats"), [(31, ["expert", "greedy", "model"]), (32, ["expert"] * 2)]
)
def test_the_searching_expert_only_makes_legal_moves_to_the_end(
    seed: int, seats: list[str]
) -> None:
    _plays_legally_to_the_end(seed, seats)


@pytest.mark.slow  # about a minute: searching experts at full tables
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10**9),
    seats=st.lists(st.sampled_from(("greedy", "model", "expert")), min_size=2, max_size=5),
)
def test_every_mix_of_bots_only_makes_legal_moves_to_the_end(seed: int, seats: list[str]) -> None:
    _plays_legally_to_the_end(seed, seats)


@settings(max_examples=5, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10**9), players=st.integers(2, 5))
def test_bots_answer_every_phase_of_a_random_game_legally(seed: int, players: int) -> None:
    """Random play reaches phases bots rarely make (laws, kept laws, second takes, passes)."""
    phases = set()
    for state in random_states(seed, players)[::5]:
        if state.over:
            continue
        phases.add(state.phase)
        for bot in (GreedyPlayer(), _player("model"), ExpertPlayer()):
            move = bot.decide(state, state.turn)
            assert move in legal_moves(state), (state.phase, move)
    assert Phase.START in phases


@pytest.mark.parametrize("name", ["greedy", "expert", "random"])
def test_the_same_seed_plays_the_same_game(name: str) -> None:
    players = 2 if name == "expert" else 3
    first = play_game(COMPONENTS, [_player(name) for _ in range(players)], 4242)
    again = play_game(COMPONENTS, [_player(name) for _ in range(players)], 4242)
    assert first[1] == again[1]
    assert outcome(first[0]) == outcome(again[0])


def test_a_table_of_the_wrong_size_is_a_bot_error() -> None:
    with pytest.raises(BotError, match="3 players for a table of 2 seats"):
        play_out(new_game(COMPONENTS, 2, 1), [GreedyPlayer()] * 3)


def _hidden_differs(state: CheopsState, other: CheopsState) -> bool:
    return state.cells != other.cells or state.stacks != other.stacks


@pytest.mark.parametrize("seed", range(5))
def test_a_bots_move_does_not_change_when_the_hidden_parts_are_dealt_again(seed: int) -> None:
    """Each bot decides the same on every determinization of a state (the same view): it
    never looks at the laws face down, the laws out of the game or the stacks below their
    tops (Ruling C13)."""
    states = [s for s in random_states(seed, 2 + seed % 4) if not s.over][::8]
    resampled = 0
    for state in states:
        seat = state.turn
        assert state.view(seat) == state.view(seat)
        for bot in (GreedyPlayer(), ExpertPlayer(), RandomPlayer(), _player("always-store")):
            move = bot.decide(state, seat)
            for k in range(2):
                other = determinized(state, seat, SeededStream(f"resample|{seed}|{k}"))
                assert other.view(seat) == state.view(seat)
                resampled += _hidden_differs(state, other)
                assert bot.decide(other, seat) == move, (state.phase, move)
    assert resampled > 0  # the test really dealt hidden parts again


@pytest.mark.parametrize("seed", range(6))
def test_greedy_plays_the_most_margin_right_after_its_move(seed: int) -> None:
    """Its own final money less the best other seat's, if the game ended right after."""
    for state in random_states(seed, 3)[::5]:
        if state.over:
            continue
        seat = state.turn
        move = greedy_move(state, seat)
        moves = legal_moves(state)

        margins = []
        for m in moves:
            money = final_money(apply(state, m))
            margins.append(money[seat] - max(x for s, x in enumerate(money) if s != seat))
        best = max(margins)
        assert margin(final_money(apply(state, move)), seat) == best
        first = moves[margins.index(best)]
        assert move == first  # ties: the engine's order


def test_greedy_sells_a_cheap_treasure_and_stores_one_its_rival_would_gain_by() -> None:
    """Every opening price is below the market's 10: greedy sells. With the rival holding
    many of the colour, a sale would raise the rival's stores more than it pays: it stores.
    It never buys a neighbour (20 now, nothing back at once)."""
    state = new_game(COMPONENTS, 2, 5)
    seat = state.turn
    rich = replace(state, money=(40, 40))
    assert BuyNeighbour() in legal_moves(rich)
    assert not isinstance(GreedyPlayer().decide(rich, seat), BuyNeighbour)
    state, seat = _sell_or_store(5)
    colour = state.pending
    assert isinstance(colour, str)
    assert price(state, colour).a < 10 and GreedyPlayer().decide(state, seat) == Sell()
    hoard = list(state.stores)
    hoard[1 - seat] = tuple(6 if c == colour else 0 for c in COLOURS)
    assert GreedyPlayer().decide(replace(state, stores=tuple(hoard)), seat) == Store()


@pytest.mark.parametrize("seed", range(3))
def test_the_market_rule_bots_sell_or_store_whenever_they_may(seed: int) -> None:
    for state in random_states(seed, 2):
        if state.phase is not Phase.SELL:
            continue
        moves = legal_moves(state)
        sells = _player("always-sell").decide(state, state.turn)
        stores = _player("always-store").decide(state, state.turn)
        assert sells == (Sell() if Sell() in moves else Store())
        assert stores == (Store() if Store() in moves else Sell())
    state = new_game(COMPONENTS, 3, seed)
    assert _player("always-sell").decide(state, state.turn) == greedy_move(state, state.turn)


def test_random_play_is_uniform_and_seeded() -> None:
    """Every legal move comes up, and a different seed draws differently."""
    state = new_game(COMPONENTS, 2, 9)
    moves = legal_moves(state)
    drawn = {RandomPlayer(seed=s).decide(state, state.turn) for s in range(40 * len(moves))}
    assert drawn == set(moves)
    first = play_game(COMPONENTS, [RandomPlayer(seed=1), RandomPlayer(seed=1)], 9)[1]
    other = play_game(COMPONENTS, [RandomPlayer(seed=2), RandomPlayer(seed=2)], 9)[1]
    assert first != other


def _expert_share(
    players: int, games: int, base: int, weights: ExpertWeights | None = None
) -> float:
    return expert_win_share(
        players,
        games,
        base,
        lambda: ExpertPlayer(expert=Expert(weights or ExpertWeights())),
        GreedyPlayer,
        lambda line_up, seed: outcome(play_game(COMPONENTS, line_up, seed)[0]),
    )


def test_the_value_model_beats_greedy_on_fixed_tuning_seeds() -> None:
    """Fixed tuning seeds (never the report's), so never flaky; the arena measures rates."""
    assert _expert_share(2, 10, 50_000, MODEL) >= 0.75
    assert _expert_share(3, 9, 50_000, MODEL) >= 0.55


@pytest.mark.slow  # about half a minute
def test_the_expert_beats_greedy_on_fixed_tuning_seeds() -> None:
    assert _expert_share(2, 12, 50_000) >= 0.75
    assert _expert_share(3, 9, 50_000) >= 0.55
    assert _expert_share(5, 10, 50_000) >= 0.35


@pytest.mark.slow  # about a minute
def test_the_search_beats_the_value_model_on_fixed_tuning_seeds() -> None:
    """Head to head at 2 players, seats rotated (tools/cheops_search.py measures more)."""
    wins = 0.0
    games = 16
    for g in range(games):
        seat = g % 2
        line_up: list[CheopsPlayer] = [_player("model"), _player("model")]
        line_up[seat] = ExpertPlayer()
        final, _ = play_game(COMPONENTS, line_up, 60_000 + g)
        result = outcome(final)
        assert result is not None
        if seat in result.winners:
            wins += 1 / len(result.winners)
    assert wins / games > 0.5


def test_the_expert_decides_the_same_on_the_same_state() -> None:
    state = random_states(77, 4)[40]
    expert = Expert()
    assert expert.decide(state, state.turn) == expert.decide(state, state.turn)


def _sell_or_store(seed: int) -> tuple[CheopsState, int]:
    """The first state of a greedy game where a treasure waits to be sold or stored."""
    state = new_game(COMPONENTS, 2, seed)
    while state.phase is not Phase.SELL:
        state = apply(state, greedy_move(state, state.turn))
    return state, state.turn


def test_the_expert_sells_a_colour_it_holds_and_not_one_its_rival_hoards() -> None:
    """A sale uncovers a higher number for every stored treasure of the colour (the rising
    market): with the seat holding many of it, a sale pays twice; with the rival holding
    many, it pays the rival more than the seat."""
    state, seat = _sell_or_store(11)
    colour = state.pending
    assert isinstance(colour, str)
    c = COLOURS.index(colour)
    rival = 1 - seat
    hoard = list(state.stores)
    hoard[rival] = tuple(6 if i == c else n for i, n in enumerate(hoard[rival]))
    hoarding = replace(state, stores=tuple(hoard))
    assert Expert(MODEL).decide(hoarding, seat) == Store()
    assert Expert().decide(hoarding, seat) == Store()
    mine = list(state.stores)
    mine[seat] = tuple(6 if i == c else n for i, n in enumerate(mine[seat]))
    keeping = replace(state, stores=tuple(mine))
    assert Expert().decide(keeping, seat) == Sell()


def test_the_expert_ends_a_game_it_leads_and_does_not_end_one_it_trails() -> None:
    """The race: a move that ends the game is worth a win when the seat leads."""
    expert = Expert()
    state = new_game(COMPONENTS, 2, 3)
    seat = state.turn
    ahead = replace(state, money=tuple(500 if s == seat else 0 for s in range(2)))
    behind = replace(state, money=tuple(0 if s == seat else 500 for s in range(2)))
    over_ahead = replace(ahead, phase=Phase.OVER, end="boards")
    over_behind = replace(behind, phase=Phase.OVER, end="boards")
    assert expert.worth(over_ahead, seat) > expert.worth(ahead, seat)
    assert expert.worth(over_behind, seat) < expert.worth(behind, seat)


def test_the_expert_buys_a_neighbour_when_a_double_take_pays() -> None:
    """With every board one sale from full, a stored treasure is worth 20 and more: two takes
    for the neighbour's 20 pay. At the start, a treasure worth 10 sold, they do not."""
    state = new_game(COMPONENTS, 2, 8)
    seat = state.turn
    rich = replace(state, money=(40, 40))
    assert Expert().decide(rich, seat) != BuyNeighbour()
    boards = tuple(replace(b, covered=len(b.board.entries) - 2) for b in state.boards)
    dear = replace(rich, boards=boards)
    assert Expert().decide(dear, seat) == BuyNeighbour()


def test_the_expert_keeps_its_hand_varied() -> None:
    """Of two takes of the same item, it places the tile it holds twice."""
    state = new_game(COMPONENTS, 2, 21)
    seat = state.turn
    hands = tuple(("A", "A", "B", "C") if s == seat else h for s, h in enumerate(state.hands))
    doubled = replace(state, hands=hands, money=tuple(0 for _ in state.money))  # no neighbour
    move = Expert().decide(doubled, seat)
    assert isinstance(move, Take)
    takes = [m for m in legal_moves(doubled) if isinstance(m, Take) and m.space == move.space]
    if any(m.kind == "A" for m in takes):
        assert move.kind == "A"


def test_the_expert_does_not_open_a_rich_space_for_the_next_player() -> None:
    """a2 already empty: taking a1 opens b1 for the next player. With b1 holding the dearest
    colour (its board sold down to a price above the market's 10) and every open space a
    cheap one, taking a1 costs a denial; a far space none."""
    expert = Expert()
    state = new_game(COMPONENTS, 2, 13)
    seat = state.turn
    sold = replace(state.boards[0], covered=len(state.boards[0].board.entries) - 2)
    state = replace(state, boards=(sold, *state.boards[1:]))
    prices = {colour: expert_worth(state, colour) for colour in COLOURS}
    assert max(prices.values()) > 10
    cheap = min(COLOURS, key=lambda colour: (prices[colour], colour))
    dear = max(COLOURS, key=lambda colour: (prices[colour], colour))
    cells = list(state.cells)
    for i in range(11):
        cells[i] = cheap
    cells[1] = "B"  # a2 taken
    cells[parse_space("b1").index] = dear
    shaped = replace(state, cells=tuple(cells))
    eye = expert.eye_worth(shaped, seat)
    assert expert.denial(shaped, parse_space("a1"), eye) > 0
    assert expert.denial(shaped, parse_space("a6"), eye) == 0
    move = expert.decide(replace(shaped, money=(0,) * shaped.players), seat)  # no neighbour
    assert isinstance(move, Take)
    assert move.space != parse_space("a1")


def expert_worth(state: CheopsState, colour: str) -> int:
    from silverpyr.solver.cheops.expert import store_worth

    return store_worth(state, colour)


@pytest.mark.parametrize(("law", "holder"), [(4, "seat"), (6, "seat"), (5, "rival")])
def test_the_expert_aims_laws_4_5_6_by_the_stores(law: int, holder: str) -> None:
    """Ruling, for the rising market: law 4 (no storing: every later one is sold, raising the
    price) goes to the colour the seat holds most over its rivals, law 6 shields it too, law
    5 (no selling: the price is frozen) strikes the colour the rivals hold most."""
    state = new_game(COMPONENTS, 2, 17)
    seat = state.turn
    rival = 1 - seat
    stores = [[0] * len(COLOURS) for _ in range(2)]
    stores[seat][COLOURS.index("green")] = 4
    stores[rival][COLOURS.index("black")] = 4
    waiting = replace(
        state, phase=Phase.LAW, pending=law, stores=tuple(tuple(row) for row in stores)
    )
    move = Expert(MODEL).decide(waiting, seat)
    assert move in legal_moves(waiting)
    assert move == LawTarget("green" if holder == "seat" else "black")


def _law9_choice() -> CheopsState:
    """The end of :func:`cheops.cheops_setups.law9_ending` with seat 1 holding law 9."""
    from cheops.cheops_setups import law9_ending

    return law9_ending(1)


def test_each_bot_names_law_9s_colour_for_its_own_objective() -> None:
    from silverpyr.solver.cheops.game import Law9Colour

    state = _law9_choice()
    assert state.phase is Phase.LAW9 and state.turn == 1
    own = {
        move: final_money(apply(state, move))[1]
        for move in legal_moves(state)
        if isinstance(move, Law9Colour)
    }
    greedy = greedy_move(state, 1)
    assert own[greedy] == max(own.values()) == 60  # greedy: its own money
    assert Expert().decide(state, 1) == Law9Colour("red")  # the expert: its margin too
    assert final_money(apply(state, Law9Colour("red"))) == (45, 60)
    assert final_money(apply(state, Law9Colour("blue"))) == (50, 60)


def test_the_expert_skips_the_draw_only_to_end_a_game_it_wins() -> None:
    """Ending the turn without drawing leaves no one a family tile that fits: the game
    ends. The expert does it when that wins, and draws when it would lose."""
    from cheops.cheops_setups import empty_pyramid, play

    from silverpyr.solver.cheops.game import DrawTile, EndTurn

    state = empty_pyramid(new_game(COMPONENTS, 2, 1), {"a1": "blue", "b2": "red"})
    state = replace(state, turn=0, hands=(("A",), ("B", "C")), stacks=(("D",), ("A",), ()))
    at_end = play(state, Take(parse_space("a1"), "A"), Sell())
    assert at_end.phase is Phase.DRAW
    ahead = replace(at_end, money=(100, 0))
    behind = replace(at_end, money=(0, 100))
    assert Expert().decide(ahead, 0) == EndTurn()
    assert isinstance(Expert().decide(behind, 0), DrawTile)
    assert isinstance(greedy_move(ahead, 0), DrawTile)  # greedy always draws when it can


def test_a_search_rollout_to_the_end_finishes_the_game_and_repeats() -> None:
    """``search_turns=None`` (measured weaker, docs/cheops-bots.md) plays every rollout to the
    game's end, and the decision is a function of the state (a fixed budget, no clock)."""
    expert = Expert(ExpertWeights(search_samples=2, search_turns=None))
    state = random_states(78, 2)[30]
    assert expert._rollout(state).phase is Phase.OVER
    one = Expert(ExpertWeights(search_turns=1))._rollout(state)
    assert one.phase is Phase.OVER or len(one.events) > len(state.events)
    start = next(s for s in random_states(79, 2)[20:] if s.phase is Phase.START)
    assert expert.decide(start, start.turn) == expert.decide(start, start.turn)
