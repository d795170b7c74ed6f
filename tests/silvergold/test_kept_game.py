"""The kept game (``puzzles/silvergold/realgame/kept_game.py``): one table for every screen, saved
after
every final decision and resumed through the engine."""

from __future__ import annotations

import json
import random
import re
import sqlite3
import tempfile
from pathlib import Path

import kept_checks as checks
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from old_stores import add_attempt_row, close_at_version, old_database

from silverpyr.puzzles.core import store as store_module
from silverpyr.puzzles.core.kept import UnresumableGameError
from silverpyr.puzzles.core.kept_table import GameOver
from silverpyr.puzzles.core.store import DamagedGameError, SavedGame, SessionBusyError, Store
from silverpyr.puzzles.silvergold.realgame import advice as advice_module
from silverpyr.puzzles.silvergold.realgame.advice import (
    Advice,
    Kind,
    Method,
    Rated,
    label_of,
    options_of,
)
from silverpyr.puzzles.silvergold.realgame.game_record import answer_of, load_record, replay
from silverpyr.puzzles.silvergold.realgame.kept_game import (
    GAME_ID,
    SEATS,
    Claimed,
    Completed,
    Judged,
    KeptGame,
    Played,
    Replaced,
    SeatBot,
    UnfinishedGameError,
)
from silverpyr.puzzles.silvergold.realgame.registry import make_player
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.game import GameState, Replacement
from silverpyr.solver.silvergold.moves import IllegalMoveError, Move
from silverpyr.solver.silvergold.players import play_out
from silverpyr.solver.silvergold.rollouts import Choice

DECK = load_deck()


class RandomPlayer:
    """Seat 0 choosing at random among the engine's options (a single option is taken
    without drawing, as the kept game takes it by itself)."""

    name = "random"

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def _pick(self, options: list[Choice]) -> Choice:
        return options[0] if len(options) == 1 else self.rng.choice(options)

    def keep(self, state: GameState, player: int) -> tuple[int, int]:
        choice = self._pick(options_of(state, player))
        assert isinstance(choice, tuple)
        return choice

    def move(self, state: GameState, player: int) -> Move:
        choice = self._pick(list(state.legal_moves(player)))
        assert isinstance(choice, Move)
        return choice

    def replacement(self, state: GameState) -> Replacement:
        choice = self._pick(list(state.replacement_options()))
        assert isinstance(choice, Replacement)
        return choice

    def predicted(self, state: GameState, player: int) -> float | None:
        return None


def decide(kept: KeptGame, choice: Choice) -> list[object]:
    """Make ``choice`` final, whatever the decision due."""
    if kept.waiting is Kind.KEEP:
        assert isinstance(choice, tuple)
        return list(kept.keep(*choice))
    if kept.waiting is Kind.MARK:
        assert isinstance(choice, Move)
        kept.mark(choice)
        return list(kept.end_turn())
    assert isinstance(choice, Replacement)
    return list(kept.replace(choice))


def play_randomly(kept: KeptGame, rng: random.Random, decisions: int | None = None) -> list[object]:
    events: list[object] = []
    made = 0
    while not kept.is_over() and (decisions is None or made < decisions):
        options = kept.options()
        events.extend(decide(kept, options[0] if len(options) == 1 else rng.choice(options)))
        made += 1
    return events


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**63 - 1),
    players=st.integers(1, 4),
    choices=st.integers(0, 2**32),
)
def test_random_choices_reach_the_state_play_out_reaches(
    seed: int, players: int, choices: int
) -> None:
    kept = KeptGame(DECK, seed, players, "greedy")
    events = play_randomly(kept, random.Random(choices))
    bot = make_player("greedy")
    end = play_out(
        kept_start(seed, players), [RandomPlayer(random.Random(choices))] + [bot] * (players - 1)
    )
    assert kept.game == end
    assert kept.waiting is None
    # The events tell the whole game: every completion, every claim, a move per seat a turn.
    for seat in range(players):
        completed = [e.card for e in events if isinstance(e, Completed) and e.player == seat]
        assert tuple(completed) == end.players[seat].sheet.completed
        assert sum(isinstance(e, Played) and e.player == seat for e in events) == 28
    assert tuple(e.claim for e in events if isinstance(e, Claimed)) == end.claims
    replaced = [e for e in events if isinstance(e, Replaced)]
    assert len(replaced) <= sum(len(p.sheet.completed) for p in end.players)


def kept_start(seed: int, players: int) -> GameState:
    from silverpyr.solver.silvergold.game import deal

    return deal(DECK, players, seed)


@pytest.mark.parametrize("players", [1, 3])
def test_the_core_tables_moves_play_a_whole_game_as_play_out_does(players: int) -> None:
    # As the core's screens drive every game: play and settle, seat 0 a greedy bot deciding
    # one seat's choice on the turns' table; the answers replay into a fresh game, the end
    # is told once, and the game is the one the engine's play_out reaches.
    bot = SeatBot(make_player("greedy"))
    kept = checks.assert_answers_replay(lambda: KeptGame(DECK, 11, players, "greedy"), bot)
    greedy = make_player("greedy")
    assert kept.game == play_out(kept_start(11, players), [greedy] * players)
    over = checks.end_told_once(KeptGame(DECK, 11, players, "greedy"), bot, GameOver)
    totals = kept.game.outcome().totals
    assert over.text.startswith("The game is over (its fourth round is played).")
    assert f"Score: You {totals[0]}" in over.text
    assert all(
        f"Player {seat + 1} (greedy) {totals[seat]}" in over.text for seat in range(1, players)
    )
    assert kept.outcome() == kept.game.outcome()


def test_undo_restores_the_table_exactly() -> None:
    kept = KeptGame(DECK, 7, 2, "greedy")
    play_randomly(kept, random.Random(1), decisions=3)
    assert kept.waiting is Kind.MARK
    before = kept.game
    moves = kept.options()
    first, other = moves[0], moves[-1]
    assert isinstance(first, Move) and isinstance(other, Move)
    kept.mark(first)
    assert kept.marked == first and kept.game is before
    assert kept.position() != before.position(0)  # shown with the pending mark
    with pytest.raises(IllegalMoveError):
        kept.mark(other)  # one pending move at a time
    assert kept.undo() == first
    assert kept.marked is None and kept.game is before
    assert kept.position() == before.position(0)
    with pytest.raises(IllegalMoveError, match="nothing to take back"):
        kept.undo()
    kept.mark(other)
    kept.end_turn()
    twin = KeptGame(DECK, 7, 2, "greedy")
    play_randomly(twin, random.Random(1), decisions=3)
    twin.mark(other)
    twin.end_turn()
    assert kept.game == twin.game and kept.answers == twin.answers


def test_a_decision_out_of_turn_or_illegal_is_refused() -> None:
    kept = KeptGame(DECK, 3, 2, "greedy")
    with pytest.raises(IllegalMoveError, match="waits for your keep"):
        kept.end_turn()
    dealt = [card.number for card in kept.game.players[0].dealt]
    with pytest.raises(IllegalMoveError):
        kept.keep(dealt[0], dealt[0])
    with pytest.raises(IllegalMoveError):
        kept.check((dealt[0], 99))
    assert kept.answers == [] and kept.waiting is Kind.KEEP


def test_answers_replay_the_same_game() -> None:
    kept = KeptGame(DECK, 11, 3, "greedy")
    play_randomly(kept, random.Random(4))
    again = KeptGame(DECK, 11, 3, "greedy")
    for answer in kept.answers:
        again.answer(answer)
    assert again.game == kept.game


# --- saved games -------------------------------------------------------------------------


@pytest.fixture()
def store(tmp_path: Path) -> Store:
    return Store(tmp_path / "silverpyr.db")


def start(store: Store | None, seed: int | None = None, **options: object) -> KeptGame:
    return KeptGame.start(DECK, seed=seed, fresh_seed=99, store=store, **options)  # type: ignore[arg-type]


@settings(
    max_examples=6,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(players=st.integers(1, 4), decisions=st.integers(1, 12), choices=st.integers(0, 99))
def test_save_and_resume_mid_game_gives_the_same_state(
    tmp_path_factory: pytest.TempPathFactory, players: int, decisions: int, choices: int
) -> None:
    with Store(tmp_path_factory.mktemp("home") / "silverpyr.db") as store:
        rng = random.Random(choices)
        with start(store, 21, players=players) as kept:
            play_randomly(kept, rng, decisions)
            state, answers = kept.game, list(kept.answers)
            if kept.waiting is Kind.MARK:
                kept.mark(kept.options()[0])  # a pending mark is not final: not saved
        with start(store) as resumed:
            assert resumed.resumed
            assert resumed.game == state and resumed.answers == answers
            assert resumed.marked is None
            assert (resumed.seed, resumed.players, resumed.opponents) == (21, players, "greedy")
            note = resumed.notes[-1]
            assert "seed 21" in note and resumed.where() in note and "--restart" in note
            play_randomly(resumed, rng)
        assert store.saved_game(GAME_ID, SEATS) is None  # the finished game's row is gone


def test_a_second_session_is_refused(store: Store) -> None:
    with start(store, 5) as kept:
        play_randomly(kept, random.Random(0), 1)
        with pytest.raises(SessionBusyError, match="another session"):
            start(store)
    with start(store) as again:  # let go of when the first one left
        assert again.resumed


def test_another_game_while_one_is_unfinished_names_both_remedies(store: Store) -> None:
    with start(store, 5) as kept:
        play_randomly(kept, random.Random(0), 2)
    for other in ({"seed": 6}, {"players": 3}, {"opponents": "expert"}):
        with pytest.raises(UnfinishedGameError) as raised:
            start(store, **other)
        message = str(raised.value)
        assert (
            "seed 5" in message
            and "resumes it (without --seed" in message
            and "--restart" in message
        )
    with start(store, 5, players=2, opponents="greedy") as same:  # the same game: resumed
        assert same.resumed and len(same.answers) == 2
    with start(store, 6, restart=True) as new:
        assert not new.resumed and new.seed == 6
        assert "dropped" in new.notes[0]
    assert store.saved_game(GAME_ID, SEATS) is None  # nothing decided in the new one yet


def test_no_decision_saves_nothing_and_no_store_saves_nothing(store: Store) -> None:
    with start(store, 5) as kept:
        assert kept.leave() == "nothing was decided, so nothing is saved"
    assert store.saved_game(GAME_ID, SEATS) is None
    with start(None, 5) as unsaved:
        play_randomly(unsaved, random.Random(0), 2)
        assert not unsaved.saved and "not saved" in unsaved.leave()
    with start(store) as fresh:
        assert fresh.seed == 99 and not fresh.resumed


def test_a_game_that_no_longer_replays_is_refused_and_kept(store: Store) -> None:
    for opponents, problem in [
        ("greedy", "cannot be resumed (answer 1, '1 2': "),
        ("wizard", "cannot be resumed (no bot is named 'wizard')"),
        ("greedy,wizard", "cannot be resumed (no bot is named 'wizard')"),
        ("greedy,expert", "cannot be resumed ('greedy,expert' names 2 bots for 1 other seat)"),
    ]:
        store.save_game(
            SavedGame(GAME_ID, DECK.fingerprint, 5, 2, opponents, False, ("1 2",), "2026-01-01"),
            SEATS,
        )
        before = store.saved_game(GAME_ID, SEATS)
        with pytest.raises(UnresumableGameError) as refused:
            start(store)
        assert problem in str(refused.value) and "`silverpyr game --restart`" in str(refused.value)
        assert store.saved_game(GAME_ID, SEATS) == before
        with start(store, restart=True) as fresh:
            assert not fresh.resumed and "is dropped" in fresh.notes[0]
        store.drop_game(GAME_ID)


@pytest.mark.parametrize(
    ("column", "value"),
    [
        ("seed", "five"),
        ("players", 9),
        ("coach", 2),
        ("answers", "not json"),
        ("answers", json.dumps([1, 2])),
        ("started_on", "yesterday"),
        ("revision", -1),
    ],
)
def test_a_damaged_saved_game_is_kept_until_restart_drops_it(
    store: Store, column: str, value: object
) -> None:
    with start(store, 5) as kept:
        play_randomly(kept, random.Random(0), 2)
    with sqlite3.connect(store.path) as db:
        db.execute(f"UPDATE saved_games SET {column} = ?", (value,))
        before = db.execute("SELECT * FROM saved_games").fetchall()
    for seed in (None, 8):  # neither resumed nor written over by a new game
        with pytest.raises(DamagedGameError) as refused:
            start(store, seed)
        assert re.search(rf"\(saved_games row \d+: {column} is ", str(refused.value))
        assert "`silverpyr game --restart` drops it" in str(refused.value)
    with sqlite3.connect(store.path) as db:
        assert db.execute("SELECT * FROM saved_games").fetchall() == before
    with start(store, 8, restart=True) as new:
        assert not new.resumed and new.seed == 8
        assert new.notes[0].startswith("Starting a new game: the unfinished one (damaged: ")
        play_randomly(new, random.Random(0), 1)
    saved = store.saved_game(GAME_ID, SEATS)
    assert saved is not None and saved.seed == 8 and len(saved.answers) == 1


def test_saves_are_compare_and_set(store: Store) -> None:
    from silverpyr.puzzles.core.store import GameConflictError

    game = SavedGame(GAME_ID, DECK.fingerprint, 5, 2, "greedy", False, ("1 2",), "2026-01-01")
    first = store.save_game(game, SEATS)
    store.save_game(game, SEATS, revision=first)
    with pytest.raises(GameConflictError, match="another session"):
        store.save_game(game, SEATS, revision=first)
    with pytest.raises(GameConflictError):
        store.save_game(game, SEATS)


def test_a_schema_4_database_gains_the_saved_games_table_and_keeps_its_rows(
    tmp_path: Path,
) -> None:
    path = tmp_path / "silverpyr.db"
    db = old_database(path, 2, 3, 4)
    add_attempt_row(
        db, "'points-1', NULL, '2026-01-03', 'x', 'points', 5, 9, 1, 0, 0, 'A1', 0, 1.0"
    )
    db.execute(
        "INSERT INTO progress (puzzle_id, daily_date, fingerprint, moves, hints_used, "
        "hint_levels, turn_hint_level, practice, saw_solution, seconds, started_on, saved_at, "
        "revision) VALUES ('points-2', NULL, 'f', 'A1', 0, '', 0, 0, 0, 2.0, '2026-01-03', "
        "'x', 3)"
    )
    close_at_version(db, 4)
    with Store(path) as store:
        (attempt,) = store.attempts()
        assert (attempt.puzzle_id, attempt.score) == ("points-1", 5)
        progress = store.progress("points-2")
        assert progress is not None and progress.revision == 3 and progress.moves == ("A1",)
        assert store.saved_game(GAME_ID, SEATS) is None
        with KeptGame.start(DECK, seed=5, fresh_seed=1, store=store) as kept:
            play_randomly(kept, random.Random(0), 1)
        assert store.saved_game(GAME_ID, SEATS) is not None
    with sqlite3.connect(path) as check:
        assert check.execute("PRAGMA user_version").fetchone()[0] == store_module.SCHEMA_VERSION
        assert store_module.SCHEMA_VERSION == 7


# --- record and coach --------------------------------------------------------------------


def test_the_record_holds_every_seats_final_decisions(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    kept = KeptGame(DECK, 13, 3, "greedy", record=path)
    assert load_record(path).moves == ()
    play_randomly(kept, random.Random(2), 5)
    record = load_record(path)
    assert {seat for seat, _ in record.moves} == {0, 1, 2} and record.outcome is None
    replayed = replay(record, DECK)
    assert replayed.state == kept.game  # every seat's moves, the bots' too
    assert [answer_of(d.state, d.choice) for d in replayed.decisions] == kept.answers


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**40),
    players=st.integers(1, 4),
    choices=st.integers(0, 2**32),
    decisions=st.integers(0, 40),
)
def test_any_record_replays_to_the_kept_games_state(
    seed: int, players: int, choices: int, decisions: int
) -> None:
    """The record written after every final decision is the game: replayed, it reaches the
    kept game's state, and its person's decisions are the answers the store keeps."""
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "game.json"
        kept = KeptGame(DECK, seed, players, "greedy", record=path)
        play_randomly(kept, random.Random(choices), decisions)
        replayed = replay(load_record(path), DECK)
    assert replayed.state == kept.game
    assert [answer_of(d.state, d.choice) for d in replayed.decisions] == kept.answers
    assert replayed.due == (None if kept.is_over() else 0)


def test_a_finished_games_record_has_its_outcome(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    kept = KeptGame(DECK, 13, 2, "greedy", record=path)
    play_randomly(kept, random.Random(3), 10_000)
    assert kept.is_over()
    outcome = kept.game.outcome()
    assert load_record(path).outcome == {
        "winners": list(outcome.winners),
        "totals": list(outcome.totals),
        "reason": "rounds",
    }


def fake_advise(state: GameState, player: int, **options: object) -> Advice:
    """Advice in no time: the engine's first option is best, every other loses 3 points."""
    from silverpyr.puzzles.silvergold.realgame.advice import decision_kind

    assert options["rollouts"] == 0  # no second opinion unless asked for
    choices = options_of(state, player)
    rated = tuple(
        Rated(choice, label_of(state, choice), 100.0, 0.0 if index == 0 else 3.0)
        for index, choice in enumerate(choices)
    )
    return Advice(decision_kind(state), Method.EXPERT, rated)


def test_the_coach_judges_before_a_choice_is_final_and_records_it_once_final(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    calls: list[GameState] = []

    def counted(state: GameState, player: int, **options: object) -> Advice:
        calls.append(state)
        return fake_advise(state, player, **options)

    monkeypatch.setattr(advice_module, "advise", counted)
    kept = KeptGame(DECK, 17, 2, "greedy", coach=True)
    options = kept.options()
    best, worse = options[0], options[1]
    warning = kept.check(worse)
    assert warning is not None and warning.grade is not None
    assert "Play it anyway?" in warning.warning()
    silent = kept.check(best)
    assert silent is not None and silent.is_silent
    assert kept.verdicts == [] and len(calls) == 1  # not recorded; advice once per state
    events = decide(kept, worse)
    (judged,) = [e for e in events if isinstance(e, Judged)]
    assert judged.verdict == warning and kept.verdicts == [warning]
    assert events[0] == judged  # the verdict comes first, before what the bots did
    mark = kept.options()[0]
    kept.mark(mark)
    assert kept.verdicts == [warning]
    kept.end_turn()
    assert len(kept.verdicts) == 2 and kept.verdicts[1].is_silent
    lines = kept.report().lines()
    assert lines[0].startswith("Coach's summary: 2 decisions, 3.0 expected points lost")


def test_without_the_coach_check_says_nothing() -> None:
    kept = KeptGame(DECK, 17, 2, "greedy")
    assert kept.check(kept.options()[0]) is None
    decide(kept, kept.options()[0])
    assert kept.verdicts == [] and kept.report().verdicts == ()


def test_a_resumed_game_is_judged_again(store: Store, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(advice_module, "advise", fake_advise)
    with start(store, 5, coach=True) as kept:
        decide(kept, kept.options()[1])
        decide(kept, kept.options()[0])
        verdicts = list(kept.verdicts)
    with start(store) as resumed:  # the coach stays on
        assert resumed.coach and resumed.verdicts == verdicts


def test_every_registered_opponent_takes_a_seat() -> None:
    from silverpyr.puzzles.silvergold.realgame.registry import NAMES

    for name in NAMES:
        kept = KeptGame(DECK, 1, 2, name)
        assert kept.bot.name == name and kept.waiting is Kind.KEEP


def test_each_other_seat_plays_its_own_bot() -> None:
    """``--opponents expert,greedy``: seat 2 is the expert's, seat 3 greedy's, the same
    game play_out plays with those players."""
    kept = KeptGame(DECK, 31, 3, "expert,greedy")
    assert kept.bot.name == "expert,greedy"
    play_randomly(kept, random.Random(4))
    end = play_out(
        kept_start(31, 3),
        [RandomPlayer(random.Random(4)), make_player("expert"), make_player("greedy")],
    )
    assert kept.game == end


def test_one_bot_named_for_every_seat_plays_as_one_a_seat() -> None:
    """``--players 4 --opponents expert``: each other seat holds an expert of its own, and
    the game is the one play_out plays with three experts (the arena seats them so too)."""
    kept = KeptGame(DECK, 17, 4, "expert")
    assert kept.bots == ("expert",) * 3 and len({id(bot) for bot in kept.seated}) == 3
    play_randomly(kept, random.Random(9))
    seats = [make_player("expert") for _ in range(3)]
    end = play_out(kept_start(17, 4), [RandomPlayer(random.Random(9)), *seats])
    assert kept.game == end


def test_a_game_of_several_bots_is_saved_resumed_and_recorded(store: Store, tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    with start(store, 8, players=3, opponents="greedy,hint", record=path) as kept:
        play_randomly(kept, random.Random(2), 3)
        state = kept.game
        assert "3 players against greedy and hint bots" in kept.seed_words()
    record = load_record(path)
    assert record.seats == ("human", "greedy", "hint")
    with start(store) as resumed:
        assert resumed.opponents == "greedy,hint" and resumed.game == state
