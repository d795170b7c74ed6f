"""Game records of every seat (version 3, and the arena's): ``arena --records DIR``, and
``hint --game FILE --review --seat N`` on any bot's game (issues 20 and 33); versions 1 and 2
still read."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from fake_cluster import FakeCluster
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.cluster import SchedulerLostError
from silverpyr.puzzles.silvergold.realgame.arena import (
    ArenaError,
    ArenaRecords,
    GameResult,
    play_arena_game,
    run_arena,
)
from silverpyr.puzzles.silvergold.realgame.game_record import (
    PERSON,
    AnswersRecord,
    GameRecord,
    GameRecordError,
    RecordPathError,
    answer_of,
    load_record,
    moves_of,
    parse_record,
    replay,
)
from silverpyr.solver.silvergold import turns
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.game import Phase
from silverpyr.solver.silvergold.players import GreedyPlayer

DECK = load_deck()
RUNNER = CliRunner()


def error_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.strip()]


# --- the record of a game the bots played ---------------------------------------------------


def arena_record(seed: int, seats: tuple[str, ...]) -> GameRecord:
    record = parse_record(play_arena_game(DECK, seed, seats).record(DECK), "g.json")
    assert isinstance(record, GameRecord)
    return record


@settings(max_examples=6, deadline=None)
@given(seed=st.integers(0, 10**6), seats=st.integers(1, 4))
def test_an_arena_game_replays_through_the_engine_to_its_scores(seed: int, seats: int) -> None:
    line_up = tuple(["greedy"] * seats)
    result = play_arena_game(DECK, seed, line_up)
    data = result.record(DECK)
    assert data["format"] == 1 and data["game"] == "silvergold"
    record = parse_record(data, "g.json")
    assert record.seats == line_up and record.person is None and record.reviewed_seat == 0
    replayed = replay(record, DECK)
    assert replayed.state.is_over()
    assert tuple(s.to_dict() for s in replayed.state.outcome().scores) == result.scores
    assert replayed.state.outcome().winners == result.winners
    for seat in range(seats):  # each seat's decisions: its moves that were its to make
        decisions = replay(record, DECK, seat=seat).decisions
        assert {d.seat for d in decisions} == {seat}
        assert decisions[0].kind.value == "keep" and decisions[0].answer.startswith("keep ")
        assert all(d.answer != "-" for d in decisions)  # a pass is no decision


def test_the_experts_game_replays_without_playing_a_bot(monkeypatch: pytest.MonkeyPatch) -> None:
    result = play_arena_game(DECK, 3, ("expert", "greedy"))
    record = parse_record(result.record(DECK), "g.json")

    def no_bot(name: str) -> None:
        raise AssertionError(f"the replay asked the {name} bot")

    monkeypatch.setattr("silverpyr.puzzles.silvergold.realgame.game_record.make_player", no_bot)
    replayed = replay(record, DECK, seat=0)
    assert tuple(s.to_dict() for s in replayed.state.outcome().scores) == result.scores


def test_a_record_round_trips_with_every_seats_moves(tmp_path: Path) -> None:
    arena = arena_record(5, ("greedy", "expert", "greedy"))
    seated = tuple(zip(_seats_of(arena), (text for _, text in arena.moves), strict=True))
    record = GameRecord(arena.deck, arena.seed, arena.players, seated)
    path = tmp_path / "game.json"
    record.save(path)
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["version"] == 3 and data["players"] == ["greedy", "expert", "greedy"]
    assert [tuple(move) for move in data["moves"]] == list(seated)
    assert load_record(path) == record
    assert record.opponents_of(0) == "expert" and record.opponents_of(1) == "greedy"
    assert replay(record, DECK).state == replay(arena, DECK).state


def _seats_of(record: GameRecord) -> list[int]:
    """The seat of each of an arena record's moves (whose turn it was)."""
    seats = []
    table = turns.new_game(DECK, len(record.players), record.seed)
    for _, text in record.moves:
        seats.append(table.turn)
        table = turns.apply(table, turns.parse_move(table, text))
    return seats


def test_a_game_record_names_the_person_and_the_bots() -> None:
    record = GameRecord.start(DECK, 4, 3, "expert")
    data = record.to_dict()
    assert data["players"] == [PERSON, "expert", "expert"] and data["moves"] == []
    assert parse_record(data, "g.json") == record
    assert record.reviewed_seat == 0 and record.opponents_of(0) == "expert"


def test_version_1_is_still_read_and_replays_as_before() -> None:
    old = {
        "format": "silverpyr game record",
        "version": 1,
        "deck": DECK.fingerprint,
        "seed": 4,
        "players": 2,
        "opponents": "greedy",
        "answers": ["19 43", "19:B1 B2 B3 C3 +19:A3"],
    }
    record = parse_record(old, "old.json")
    assert isinstance(record, AnswersRecord)
    assert record.seats == (PERSON, "greedy") and record.answers_of(1) is None
    assert record == parse_record(record.to_dict(), "new.json")
    replayed = replay(record, DECK)
    assert [d.answer for d in replayed.decisions] == ["keep 19 43", "19:B1 B2 B3 C3 +19:A3"]
    assert replayed.state.phase is Phase.MARK  # the decision due: the third answer
    bad = old | {"answers": ["19 43", "Z9"]}
    with pytest.raises(GameRecordError, match=r"^old\.json: answers\[1\]: 'Z9' does not"):
        replay(parse_record(bad, "old.json"), DECK, source="old.json")


def _answers_record(seed: int, seats: tuple[str, ...]) -> AnswersRecord:
    """The version 2 record the arena wrote of the game of ``seed``: each seat's answers."""
    record = arena_record(seed, seats)
    answers = [
        [answer_of(d.state, d.choice) for d in replay(record, DECK, seat=seat).decisions]
        for seat in range(len(seats))
    ]
    return AnswersRecord.of_bots(record.deck, seed, seats, answers)


def test_version_2_is_still_read_and_replays_to_the_same_game() -> None:
    record = _answers_record(2, ("greedy", "expert"))
    data = record.to_dict()
    assert data["version"] == 2 and [s["player"] for s in data["seats"]] == ["greedy", "expert"]
    again = parse_record(data, "g.json")
    assert again == record
    assert replay(again, DECK).state == replay(arena_record(2, ("greedy", "expert")), DECK).state
    arena = arena_record(2, ("greedy", "expert"))
    assert [text for _, text in moves_of(again, DECK)] == [text for _, text in arena.moves]


def test_a_bots_bad_answer_is_named_by_its_seat() -> None:
    record = _answers_record(2, ("greedy", "greedy"))
    second = list(record.answers_of(1) or ())
    second[1] = "Z9"
    data = record.to_dict()
    data["seats"][1]["answers"] = second
    with pytest.raises(GameRecordError, match=r"seats\[1\]\.answers\[1\]: 'Z9' does not replay"):
        replay(parse_record(data, "g.json"), DECK, source="g.json")
    data["seats"][1]["answers"] = [*(record.answers_of(1) or ()), "1"]
    with pytest.raises(GameRecordError, match=r"seats\[1\]\.answers\[\d+\]: '1' comes after"):
        replay(parse_record(data, "g.json"), DECK, source="g.json")


def test_a_move_that_does_not_replay_is_named_by_its_index() -> None:
    record = arena_record(2, ("greedy", "greedy"))
    bad = GameRecord(record.deck, record.seed, record.players, (*record.moves[:3], (None, "Z9")))
    with pytest.raises(GameRecordError, match=r"^g\.json: moves\[3\] \('Z9'\): "):
        replay(bad, DECK, source="g.json")
    wrong_seat = GameRecord(record.deck, record.seed, record.players, ((1, "keep 1 2"),))
    with pytest.raises(GameRecordError, match=r"moves\[0\] \('keep 1 2'\): seat 1 moves"):
        replay(wrong_seat, DECK, source="g.json")
    over = GameRecord(record.deck, record.seed, record.players, (*record.moves, (0, "-")))
    with pytest.raises(GameRecordError, match=r"the game is already over"):
        replay(over, DECK, source="g.json")


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ([], "seats: expected 1 to 4 entries, not 0"),
        ("greedy", "seats: expected a list of seats, not the text 'greedy'"),
        ([{"player": "shark", "answers": []}], "seats[0].player: 'shark' is not one of"),
        ([{"player": "greedy"}], "seats[0].answers: missing: expected the answers of player 1"),
        (
            [{"player": "greedy", "answers": []}, {"player": PERSON}],
            "seats[1].answers: missing: expected the answers of a seat a person played",
        ),
        ([{"player": "greedy", "answers": [], "x": 1}], "seats[0].x: unknown field"),
        ([{"player": "greedy", "answers": "12 30"}], "seats[0].answers: expected a list"),
        ([{"player": "greedy", "answers": []}] * 5, "seats: expected 1 to 4 entries, not 5"),
    ],
)
def test_bad_version_2_records_say_where(seats: object, message: str) -> None:
    data = AnswersRecord.start(DECK, 1, 2, "greedy").to_dict() | {"seats": seats}
    with pytest.raises(GameRecordError, match=r"^g\.json: ") as raised:
        parse_record(data, "g.json")
    assert message in str(raised.value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"players": []}, "players: expected at least 1"),
        ({"players": ["shark"]}, "players: 'shark' is not one of"),
        ({"players": ["greedy"] * 5}, "players: 5 players: a game has 1-4"),
        ({"moves": [[4, "keep 1 2"]]}, "moves[0][0]: "),
        ({"moves": ["keep 1 2"]}, "moves[0]: "),
        ({"version": 4}, "version: "),
        ({"outcome": 3}, "outcome: expected null or a mapping (winners, totals, reason)"),
        ({"seats": []}, "seats: unknown field"),
    ],
)
def test_bad_records_say_where(change: dict[str, object], message: str) -> None:
    data = GameRecord.start(DECK, 1, 2, "greedy").to_dict() | change
    with pytest.raises(GameRecordError, match=r"^g\.json: ") as raised:
        parse_record(data, "g.json")
    assert message in str(raised.value)


def test_a_record_of_version_1_keys_in_version_2_is_refused() -> None:
    data = AnswersRecord.start(DECK, 1, 2, "greedy").to_dict() | {"opponents": "greedy"}
    with pytest.raises(GameRecordError, match=r"opponents: unknown field"):
        parse_record(data, "g.json")


def test_a_person_record_of_version_2_still_replays_its_bots() -> None:
    """``game --record`` before version 3: player 1's answers, the bots decide again."""
    record = AnswersRecord.start(DECK, 8, 2, "greedy")
    bot = GreedyPlayer()
    for _ in range(4):
        state = replay(record, DECK).state
        choice = (
            bot.keep(state, 0)
            if state.phase is Phase.KEEP
            else bot.replacement(state)
            if state.phase is Phase.REPLACE
            else bot.move(state, 0)
        )
        record = record.with_answer(answer_of(state, choice))
    seat_2 = replay(record, DECK, seat=1).decisions
    assert seat_2 and all(d.seat == 1 for d in seat_2)
    with pytest.raises(GameRecordError, match="the game has 2 seats, not a seat 3"):
        replay(record, DECK, seat=2)


# --- arena --records DIR ----------------------------------------------------------------------


def test_the_arena_writes_one_record_a_game(tmp_path: Path) -> None:
    folder = tmp_path / "new" / "records"
    args = ["arena", "--bots", "greedy,greedy", "--games", "3", "--seed", "98"]
    result = RUNNER.invoke(app, [*args, "--workers", "0", "--records", str(folder), "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["records"] == str(folder)
    names = sorted(path.name for path in folder.iterdir())
    assert names == ["game-000098.json", "game-000099.json", "game-000100.json"]
    for path, seed in zip(sorted(folder.iterdir()), (98, 99, 100), strict=True):
        record = load_record(path)
        assert record.seed == seed and record.seats == (("greedy",) * 2)
        assert replay(record, DECK).state.is_over()
    shown = RUNNER.invoke(app, [*args, "--workers", "0", "--records", str(folder), "--plain"])
    assert shown.exit_code == 0, shown.output
    assert f"records are in {folder}" in " ".join(shown.stdout.split())


def test_record_names_sort_by_seed_whatever_its_width(tmp_path: Path) -> None:
    records = ArenaRecords.open(tmp_path, DECK, 1_234_567)
    names = [records.name(seed).name for seed in (9, 10, 1_234_567)]
    assert names == sorted(names) and names[0] == "game-0000009.json"


@pytest.mark.parametrize("kind", ["file", "parent-file", "dangling-link", "fifo"])
def test_a_records_folder_that_cannot_be_is_one_error_before_any_game(
    tmp_path: Path, kind: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    target = tmp_path / "records"
    if kind == "file":
        target.write_text("", encoding="utf-8")
        why = "it is a file, not a folder"
    elif kind == "parent-file":
        (tmp_path / "file").write_text("", encoding="utf-8")
        target = tmp_path / "file" / "records"
        why = ""  # the system's words for ENOTDIR
    elif kind == "fifo":
        os.mkfifo(target)
        why = "it is a FIFO (named pipe), not a folder"  # as game --record words it
    else:
        target.symlink_to(tmp_path / "nowhere")
        why = f"it is a link to nothing ({os.path.realpath(target)})"

    def no_game(*args: object) -> GameResult:
        raise AssertionError("a game was played")

    monkeypatch.setattr("silverpyr.puzzles.silvergold.realgame.arena.play_arena_game", no_game)
    args = ["arena", "--bots", "greedy", "--games", "2", "--workers", "0", "--records"]
    result = RUNNER.invoke(app, [*args, str(target)])
    assert result.exit_code == 2
    [line] = error_lines(result.stderr)
    assert line.startswith(f"error: cannot write game records to {target}: ")
    if why:
        assert line == f"error: cannot write game records to {target}: {why}"
    with pytest.raises(RecordPathError):
        ArenaRecords.open(target, DECK, 1)


def _second_record_refused(folder: Path) -> str:
    """``arena`` of 3 games with records in ``folder``, the second game's name taken by a
    folder: exit 2 and one error line saving that record; the line."""
    (folder / "game-000001.json").mkdir()
    args = ["arena", "--bots", "greedy", "--games", "3", "--workers", "0"]
    result = RUNNER.invoke(app, [*args, "--records", str(folder)])
    assert result.exit_code == 2
    [line] = error_lines(result.stderr)
    assert line.startswith(f"error: cannot save the game record to {folder}/game-000001.json")
    return line


def test_a_record_name_taken_by_a_folder_is_refused_before_any_game(tmp_path: Path) -> None:
    line = _second_record_refused(tmp_path)
    assert "written before" not in line
    assert not (tmp_path / "game-000000.json").exists()  # no game was played


def test_a_record_that_cannot_be_written_is_one_error_and_the_others_stay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(ArenaRecords, "check", lambda self, seeds: None)  # taken after it
    line = _second_record_refused(tmp_path)
    assert "the 1 records written before it stay" in line
    assert load_record(tmp_path / "game-000000.json").seed == 0


def test_a_lost_scheduler_says_how_far_the_arena_got_and_where_its_records_stay(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    FakeCluster(good=2).install(monkeypatch)
    records = ArenaRecords.open(tmp_path, DECK, 4)
    with pytest.raises(SchedulerLostError) as lost:
        run_arena(DECK, ["greedy", "greedy"], 5, seed=0, workers=1, records=records)
    assert str(lost.value) == (
        "lost the Dask scheduler at tcp://fake:1 after 2 of 5 games (an arena keeps no "
        f"partial results: run it again); their records stay in {tmp_path}"
    )
    assert sorted(path.name for path in tmp_path.iterdir()) == [
        "game-000000.json",
        "game-000001.json",
    ]
    FakeCluster(good=1).install(monkeypatch)
    with pytest.raises(SchedulerLostError, match=r"1 of 5 games \(an arena [^;]*\)$"):
        run_arena(DECK, ["greedy", "greedy"], 5, seed=0, workers=1)  # no records: no "stay"


def test_a_game_that_fails_on_its_worker_is_an_arena_error_naming_its_seed(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    FakeCluster(good=1, failure=ValueError("boom")).install(monkeypatch)
    with pytest.raises(ArenaError) as failed:
        run_arena(DECK, ["greedy"], 3, seed=7, workers=1)
    assert str(failed.value) == "the game of seed 8 failed: ValueError: boom"


@pytest.mark.slow  # starts an embedded Dask cluster (about 8 s)
def test_the_records_do_not_depend_on_the_workers(tmp_path: Path) -> None:
    here, there = tmp_path / "here", tmp_path / "there"
    line_up = ["greedy", "expert", "greedy"]
    run_arena(DECK, line_up, 3, seed=40, workers=0, records=ArenaRecords.open(here, DECK, 42))
    run_arena(DECK, line_up, 3, seed=40, workers=2, records=ArenaRecords.open(there, DECK, 42))
    files = sorted(path.name for path in here.iterdir())
    assert files == sorted(path.name for path in there.iterdir()) and len(files) == 3
    for name in files:
        assert (here / name).read_bytes() == (there / name).read_bytes()


# --- hint --game FILE --review --seat N --------------------------------------------------------


def test_review_any_seat_of_an_arena_game(tmp_path: Path) -> None:
    data = play_arena_game(DECK, 6, ("greedy", "greedy")).record(DECK)
    end = next(  # an unfinished game: up to seat 2's third decision
        end
        for end in range(len(data["moves"]))
        if len(
            replay(parse_record(data | {"moves": data["moves"][:end]}, "g"), DECK, seat=1).decisions
        )
        == 3
    )
    path = tmp_path / "g.json"
    path.write_text(json.dumps(data | {"moves": data["moves"][:end]}), encoding="utf-8")
    args = ["hint", "--game", str(path), "--review", "--rollouts", "1", "--json"]
    result = RUNNER.invoke(app, [*args, "--seat", "2"])
    assert result.exit_code == 0, result.output
    judged = json.loads(result.stdout)
    assert judged["seat"] == 2 and judged["player"] == "greedy"
    assert judged["decisions"] == 3


def test_advice_is_for_the_seat_whose_decision_is_due(tmp_path: Path) -> None:
    """A record that ends between seat 1's mark and seat 2's gives no advice to seat 1."""
    record = GameRecord.start(DECK, 4, 2, "greedy")
    moves = ((0, "keep 19 43"), (1, "keep 23 21"), (0, "19:B1 B2 B3 C3 +19:A3"))
    path = tmp_path / "g.json"
    kept = GameRecord(record.deck, record.seed, record.players, moves[:2])
    kept.save(path)
    due = replay(kept, DECK)
    assert due.due == 0 and due.state.phase is Phase.MARK
    assert RUNNER.invoke(app, ["hint", "--game", str(path), "--json"]).exit_code == 0
    GameRecord(record.deck, record.seed, record.players, moves).save(path)
    assert replay(load_record(path), DECK).due == 1
    result = RUNNER.invoke(app, ["hint", "--game", str(path)])
    assert result.exit_code == 2
    [line] = error_lines(result.stderr)
    assert line.startswith(f"error: {path}: the game waits for player 2's decision, not player 1's")


@pytest.mark.parametrize(
    ("extra", "message"),
    [
        (["--review", "--seat", "3"], "--seat 3: the game of"),
        (["--seat", "1"], "--seat goes with --game FILE --review"),
    ],
)
def test_a_seat_that_is_not_there_is_one_error(
    tmp_path: Path, extra: list[str], message: str
) -> None:
    path = tmp_path / "g.json"
    GameRecord.start(DECK, 1, 2, "greedy").save(path)
    result = RUNNER.invoke(app, ["hint", "--game", str(path), *extra])
    assert result.exit_code == 2
    [line] = error_lines(result.stderr)
    assert line.startswith(f"error: {message}")
