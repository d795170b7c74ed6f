"""The kept Sun game (``puzzles/sun/kept_game.py``): pending placements and undo, the bots
settled apart, events told from your seat, saved after every final decision and resumed by
replaying through the engine, and the game record."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import kept_checks as checks
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from silverpyr.puzzles.core.store import Store
from silverpyr.puzzles.sun import kept_game
from silverpyr.puzzles.sun.game_record import (
    GameRecordError,
    RecordReplayError,
    load_record,
    replay,
)
from silverpyr.puzzles.sun.kept_game import KeptGame
from silverpyr.solver.core.errors import SilverpyrError
from silverpyr.solver.sun.bots import GreedyPlayer
from silverpyr.solver.sun.cards import load_deck
from silverpyr.solver.sun.game import (
    Drew,
    EndTurn,
    IllegalMove,
    Phase,
    Place,
    TakePoints,
    apply,
    new_game,
    outcome,
)

DECK = load_deck()


def _play_greedily(kept: KeptGame, answers: int | None = None) -> None:
    """Seat 0 plays as the greedy bot would, until ``answers`` moves are final (``None``: to
    the end)."""
    checks.play_greedily(kept, GreedyPlayer(), answers)


def _first_placement(kept: KeptGame) -> Place:
    return next(m for m in kept.options() if isinstance(m, Place))


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 10_000),
    size=st.sampled_from(["short", "standard", "long"]),
    bots=st.lists(st.sampled_from(["greedy", "planner"]), min_size=1, max_size=4),
)
def test_a_whole_game_ends_and_its_answers_replay_to_the_same_table(
    seed: int, size: str, bots: list[str]
) -> None:
    kept = checks.assert_answers_replay(partial(KeptGame, DECK, seed, size, bots), GreedyPlayer())
    assert sum(1 for seat, _ in kept.moves if seat == 0) == len(kept.answers)


def test_placements_stay_pending_until_end_and_undo_takes_the_last_back() -> None:
    kept = KeptGame(DECK, 3, "standard", ["greedy"])
    kept.settle()
    assert kept.waiting is Phase.CHOOSE
    before = kept.state
    move = _first_placement(kept)
    events = kept.play(move)
    assert kept.pending == (move,)
    assert kept.committed is before
    assert all(isinstance(e, kept_game.Happened) and e.pending for e in events)
    assert not kept.is_final(move)
    assert kept.undo() == move
    assert kept.state == before and kept.pending == ()
    with pytest.raises(IllegalMove, match="nothing to take back"):
        kept.undo()
    assert kept.answers == []  # nothing final, nothing saved


def test_end_makes_the_turn_final_and_the_bots_then_move() -> None:
    kept = KeptGame(DECK, 3, "standard", ["greedy", "greedy"])
    kept.settle()
    kept.play(_first_placement(kept))
    assert kept.answers == []
    if kept.waiting is Phase.SYMBOL:
        kept.play(TakePoints())  # a symbol's choice makes the placement final too
        assert kept.pending == () and len(kept.answers) == 2
    kept.play(EndTurn())
    assert kept.pending == ()
    assert kept.answers[-1] == "end" and len(kept.answers) in (2, 3)
    with pytest.raises(IllegalMove):
        kept.undo()
    assert kept.bots_due and kept.waiting is None
    with pytest.raises(IllegalMove, match="not your turn"):
        kept.play(EndTurn())
    lines: list[str] = []
    kept.settle(lines.append)
    assert lines and all("is playing" in line for line in lines)
    assert kept.waiting is not None or kept.is_over()


def test_a_bots_drawn_card_is_not_named_but_yours_is() -> None:
    kept = KeptGame(DECK, 5, "short", ["greedy"])
    _play_greedily(kept)
    seen = {"bot": 0, "you": 0}
    for seat, move in kept.moves:
        del seat, move
    state = kept.state
    for event in state.events:
        if isinstance(event, Drew):
            from silverpyr.puzzles.sun.kept_game import describe_event

            text = describe_event(state, event, kept.bots)
            label = DECK[event.card].label
            if event.seat == 0:
                assert label in text
                seen["you"] += 1
            else:
                assert label not in text and "a card" in text
                seen["bot"] += 1
    assert seen["bot"] > 0 and seen["you"] > 0


def test_the_end_is_told_once_with_the_winner() -> None:
    kept = KeptGame(DECK, 9, "short", ["greedy"])
    checks.end_told_once(kept, GreedyPlayer(), kept_game.GameOver)


@pytest.mark.parametrize("seed", range(6))
def test_the_opening_says_who_starts_and_the_end_who_placed_the_top(seed: int) -> None:
    """Issue 32: the Sun never said who starts (Rule 5: drawn at random) or who placed the
    top. Here the seat that placed it is whoever moved last, played through the engine."""
    kept = KeptGame(DECK, seed, "short", ["greedy", "greedy"])
    first = kept.state.first
    starts = "You start" if first == 0 else f"Player {first + 1} (greedy) starts"
    assert f"{starts}: the first player is drawn at random." in kept.notes
    player = GreedyPlayer()
    state = new_game(DECK, 3, "short", seed)
    mover = state.turn
    while not state.over:
        mover = state.turn
        state = apply(state, player.decide(state, mover))
    result = outcome(state)
    assert result is not None
    line = kept_game.describe_outcome(result, ("greedy", "greedy"), kept_game.top_placer(state))
    if result.reason == "top":
        who = "You" if mover == 0 else f"Player {mover + 1} (greedy)"
        assert kept_game.top_placer(state) == mover
        assert line.startswith(f"The game is over ({who} placed the top). ")
    else:
        assert line.startswith("The game is over (every player passed in a row). ")


def test_the_size_and_bots_survive_the_saved_row() -> None:
    assert kept_game.parse_table_text(kept_game.table_text("long", ("greedy", "expert"))) == (
        "long",
        ("greedy", "expert"),
    )
    with pytest.raises(SilverpyrError):
        kept_game.parse_table_text("greedy")


def test_saved_after_every_final_decision_and_resumed_to_the_same_table(home: Path) -> None:
    with (
        Store.open_default(game="sun") as store,
        KeptGame.start(
            DECK, seed=21, fresh_seed=0, size="short", bots=("planner",), store=store
        ) as kept,
    ):
        _play_greedily(kept, answers=6)
        player = GreedyPlayer()
        while not (
            kept.waiting is Phase.CHOOSE and any(isinstance(m, Place) for m in kept.options())
        ):
            kept.play(player.decide(kept.state, 0))
            kept.settle()
        table = kept.committed
        kept.play(_first_placement(kept))  # pending: not saved
        saved = store.saved_game(kept_game.GAME_ID, kept_game.SEATS)
        assert saved is not None and list(saved.answers) == kept.answers
        kept.leave()
    with (
        Store.open_default(game="sun") as store,
        KeptGame.start(DECK, seed=None, fresh_seed=99, store=store) as resumed,
    ):
        assert resumed.resumed and resumed.seed == 21 and resumed.size == "short"
        assert resumed.bots == ("planner",)
        checks.assert_resumed_as_left(resumed, table)


def test_another_game_while_one_is_unfinished_names_both_remedies(home: Path) -> None:
    checks.assert_another_game_names_both_remedies(
        "sun",
        partial(KeptGame.start, DECK),
        partial(_play_greedily, answers=2),
    )


def test_a_finished_game_drops_its_saved_row(home: Path) -> None:
    with Store.open_default(game="sun") as store:
        with KeptGame.start(DECK, seed=8, fresh_seed=0, size="short", store=store) as kept:
            _play_greedily(kept)
        assert store.saved_game(kept_game.GAME_ID, kept_game.SEATS) is None


def test_the_record_replays_through_the_engine(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    kept = KeptGame(DECK, 13, "short", ["greedy", "expert"], record=path)
    _play_greedily(kept)
    record = load_record(path)
    assert record.players == ("human", "greedy", "expert")
    assert record.outcome is not None and record.outcome["scores"] == list(kept.state.scores)
    assert replay(record, DECK) == kept.state


def test_a_record_whose_moves_do_not_replay_names_the_move(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    kept = KeptGame(DECK, 13, "short", ["greedy"], record=path)
    _play_greedily(kept, answers=3)
    record = load_record(path)
    broken = type(record)(record.deck, record.seed, record.size, record.players, ((1, "end"),))
    with pytest.raises(RecordReplayError, match=r"moves\[0\]"):
        replay(broken, DECK)
    path.write_text('{"format": "silverpyr sun game record", "version": 1}', encoding="utf-8")
    with pytest.raises(GameRecordError, match="seed"):
        load_record(path)


def test_every_event_has_a_line_a_kind_and_a_seat() -> None:
    kept = KeptGame(DECK, 6, "short", ["greedy"], coach=True, rollouts=2)
    checks.assert_every_event_has_a_line_a_kind_and_a_seat(kept, GreedyPlayer())


def test_advice_and_the_coachs_check_leave_the_table_as_it_was(home: Path) -> None:
    with (
        Store.open_default(game="sun") as store,
        KeptGame.start(DECK, seed=2, fresh_seed=0, size="short", coach=True, store=store) as kept,
    ):
        checks.assert_advice_leaves_the_table(
            kept,
            lambda: store.saved_game(kept_game.GAME_ID, kept_game.SEATS),
            EndTurn(),  # not legal before a card is laid
            IllegalMove,
        )
