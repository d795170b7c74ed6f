"""Puzzle generation: the seeded stream, ids, determinism, the quality filter and files."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pytest
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.store import Store
from silverpyr.puzzles.silvergold.beginner import (
    beginner_line,
    best_first_choice_value,
    first_choices,
)
from silverpyr.puzzles.silvergold.catalog import (
    cache_key,
    custom_id,
    get_puzzle,
    load_puzzle_file,
)
from silverpyr.puzzles.silvergold.fileformat import file_data, puzzle_from_data, save_puzzle_file
from silverpyr.puzzles.silvergold.generate import (
    MIN_GAP_POINTS,
    MIN_GAP_SHARE,
    MIN_SPRINT_TURNS,
    Draft,
    assess,
    assessments,
    expedition_order,
    puzzle_from_id,
)
from silverpyr.puzzles.silvergold.ids import parse_date, parse_puzzle_id
from silverpyr.puzzles.silvergold.kinds import Kind, PuzzleError
from silverpyr.puzzles.silvergold.par import prove_optimum
from silverpyr.puzzles.silvergold.puzzle import Puzzle, StartState
from silverpyr.puzzles.silvergold.rating import Features, difficulty_points, rate
from silverpyr.solver.core.reader import ReadError
from silverpyr.solver.core.rng import SeededStream
from silverpyr.solver.silvergold.bots import choose_move
from silverpyr.solver.silvergold.cards import Color, Deck, PyramidCard, Room
from silverpyr.solver.silvergold.problem import Objective
from silverpyr.solver.silvergold.solve import solve

JSON_KEYS = {"id", "date", "kind", "objective", "par", "difficulty", "position"}
POSITION_KEYS = {"cards", "round", "turn_in_round", "expeditions", "start"}


@pytest.fixture(scope="module")
def generated(deck: Deck) -> dict[str, Puzzle]:
    """One puzzle of each kind, generated once for the module."""
    return {kind.value: puzzle_from_id(deck, f"{kind.value}-11") for kind in Kind}


# --- the seeded stream -------------------------------------------------------------------


def test_stream_is_pinned_to_sha256_counter_mode() -> None:
    import hashlib

    digest = hashlib.sha256(b"key|0").digest()
    stream = SeededStream("key")
    assert stream.word() == int.from_bytes(digest[:8], "big")
    assert stream.word() == int.from_bytes(digest[8:16], "big")


def test_stream_draws_are_reproducible_and_in_range() -> None:
    first = SeededStream("silverpyr|x")
    second = SeededStream("silverpyr|x")
    draws = [first.below(7) for _ in range(200)]
    assert draws == [second.below(7) for _ in range(200)]
    assert set(draws) == set(range(7))
    assert SeededStream("a").shuffled(range(10)) != SeededStream("b").shuffled(range(10))
    assert sorted(SeededStream("a").shuffled(range(10))) == list(range(10))
    assert all(3 <= SeededStream(f"k{i}").between(3, 5) <= 5 for i in range(50))
    with pytest.raises(ValueError):
        SeededStream("a").below(0)


def test_weighted_choice_follows_the_weights() -> None:
    stream = SeededStream("weights")
    picks = [stream.weighted((("a", 1), ("b", 0), ("c", 3))) for _ in range(400)]
    assert "b" not in picks
    assert 250 < picks.count("c") < 350


# --- ids ---------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("text", "canonical", "kind", "seed", "date"),
    [
        ("123", "123", None, 123, None),
        ("007", "7", None, 7, None),
        ("Sprint-5", "sprint-5", Kind.SPRINT, 5, None),
        ("daily-2026-11-22", "daily-2026-11-22", None, None, "2026-11-22"),
        ("daily-2028-02-29", "daily-2028-02-29", None, None, "2028-02-29"),
    ],
)
def test_ids_parse(
    text: str, canonical: str, kind: Kind | None, seed: int | None, date: str | None
) -> None:
    parsed = parse_puzzle_id(text)
    assert (parsed.text, parsed.kind, parsed.seed, parsed.daily_date) == (
        canonical,
        kind,
        seed,
        date,
    )


@pytest.mark.parametrize(
    "text", ["", "abc", "daily-2026-02-30", "daily-26-1-1", "hard-5", "-5", "1" * 20, str(2**63)]
)
def test_bad_ids_are_refused_with_a_reason(text: str) -> None:
    with pytest.raises(PuzzleError):
        parse_puzzle_id(text)


@pytest.mark.parametrize("text", ["2026-13-01", "2026-1-5", "20261122", "tomorrow"])
def test_bad_dates_are_refused(text: str) -> None:
    with pytest.raises(PuzzleError, match="date"):
        parse_date(text)


# --- determinism -------------------------------------------------------------------------


def test_same_id_same_puzzle(deck: Deck, generated: dict[str, Puzzle]) -> None:
    again = puzzle_from_id(deck, "points-11")
    assert again == generated["points"]
    assert again.solution == generated["points"].solution


def test_expedition_order_follows_rounds_of_the_deck(deck: Deck) -> None:
    stream = SeededStream("order")
    names = expedition_order(deck, stream, 1, 1, 14)
    counts = {e.name: e.count for e in deck.expeditions}
    for round_names in (names[:7], names[7:]):
        for name in set(round_names):
            assert round_names.count(name) <= counts[name]
    # a mid-round start continues the same round's shuffle
    assert expedition_order(deck, SeededStream("order"), 1, 4, 4) == names[3:7]


def _run_cli_json(args: list[str], home: Path, hash_seed: str) -> dict[str, object]:
    env = {**os.environ, "SILVERPYR_HOME": str(home), "PYTHONHASHSEED": hash_seed}
    script = Path(sys.executable).parent / "silverpyr"
    done = subprocess.run([str(script), *args], env=env, capture_output=True, text=True, check=True)
    data = json.loads(done.stdout)
    assert isinstance(data, dict)
    return data


def test_same_seed_same_puzzle_across_processes(tmp_path: Path) -> None:
    first = _run_cli_json(["puzzle", "--seed", "123", "--json"], tmp_path / "a", "1")
    second = _run_cli_json(["puzzle", "--seed", "123", "--json"], tmp_path / "b", "987")
    assert first == second
    assert set(first) >= JSON_KEYS and set(first["position"]) == POSITION_KEYS
    assert first["id"] == "123" and first["date"] is None
    assert isinstance(first["par"], int)
    assert 1 <= int(str(first["difficulty"])) <= 5


def test_daily_json_is_the_same_across_processes(tmp_path: Path) -> None:
    args = ["daily", "--date", "2026-11-22", "--json"]
    assert _run_cli_json(args, tmp_path / "a", "3") == _run_cli_json(args, tmp_path / "b", "4")


# --- the quality filter ------------------------------------------------------------------


def test_beginner_matches_the_greedy_bot_on_points(
    deck: Deck, generated: dict[str, Puzzle]
) -> None:
    instance = generated["points"].instance(deck)
    position = instance.start
    for turn, expedition in enumerate(instance.expeditions):
        round_number = instance.round_of(turn)
        move = first_choices(position, expedition, round_number, Objective.POINTS)[0].move
        assert move == choose_move(position, expedition, round_number)
        position = position.push(move, expedition, round_number)


@pytest.mark.parametrize("kind", list(Kind))
def test_served_puzzles_pass_the_filter(
    deck: Deck, generated: dict[str, Puzzle], kind: Kind
) -> None:
    puzzle = generated[kind.value]
    assert puzzle.kind is kind
    instance = puzzle.instance(deck)
    objective = puzzle.objective
    proof = solve(instance, objective, time_limit=30)
    assert proof.is_optimal
    assert proof.line.score().total == puzzle.par
    assert puzzle.solution_line(deck).objective_value(objective) == proof.value
    greedy = beginner_line(instance, objective)
    missed = puzzle.par_turns is not None and not puzzle.goal_met(
        greedy.completion_turns()[puzzle.cards[0]]
    )
    gap = puzzle.par - greedy.score().total
    assert missed or (gap >= MIN_GAP_POINTS and gap >= MIN_GAP_SHARE * puzzle.par)
    assert best_first_choice_value(instance, objective) < proof.value


def test_sprint_ends_on_its_par_turn(generated: dict[str, Puzzle]) -> None:
    sprint = generated["sprint"]
    assert sprint.par_turns == sprint.turns >= MIN_SPRINT_TURNS
    assert generated["points"].par_turns is None


def test_kinds_have_their_shape(generated: dict[str, Puzzle]) -> None:
    assert len(generated["pair"].cards) == 2
    midround = generated["midround"]
    assert midround.start.marked and midround.start.skulls >= 1
    assert generated["points"].start.is_empty()


CORRIDOR = ["##E##", "##.##", "##.##", "##.##", "##T##"]
TREASURE = ["r.E.g", ".#.#.", "g.x.r", ".#.#.", "t.T.s"]


def _tiny_deck(*rows: list[str]) -> Deck:
    return Deck(
        tuple(PyramidCard(n, Color.GREEN, Room.from_rows(r)) for n, r in enumerate(rows, start=1))
    )


def test_a_trivial_candidate_is_rejected() -> None:
    deck = _tiny_deck(CORRIDOR)
    draft = Draft((1,), 1, 1, ("I3", "I2", "L3"), StartState())
    verdict = assess(deck, draft, Kind.POINTS, "1")
    assert verdict.puzzle is None
    assert verdict.rejected_because is not None and "greedy" in verdict.rejected_because


def test_a_deck_without_interesting_puzzles_is_a_clear_error() -> None:
    with pytest.raises(PuzzleError, match="quality filter"):
        puzzle_from_id(_tiny_deck(CORRIDOR), "points-1")


def test_rejected_candidates_come_before_the_kept_one(deck: Deck) -> None:
    tried = assessments(deck, parse_puzzle_id("sprint-3"))
    assert all(a.puzzle is None and a.rejected_because for a in tried[:-1])
    assert tried[-1].puzzle == puzzle_from_id(deck, "sprint-3")


def test_prove_optimum_agrees_with_solve(deck: Deck, generated: dict[str, Puzzle]) -> None:
    instance = generated["pair"].instance(deck)
    proven = prove_optimum(instance, Objective.POINTS)
    assert proven is not None
    assert proven.value == solve(instance, Objective.POINTS, time_limit=30).value
    assert prove_optimum(instance, Objective.POINTS, work_limit=1e-6) is None


# --- the rating --------------------------------------------------------------------------


def test_rating_grows_with_each_feature() -> None:
    easy = Features(
        greedy_gap=0.15, optimal_first_placements=3, route_cells=3, turns=4, symbol_density=0.1
    )
    hard = Features(
        greedy_gap=0.9, optimal_first_placements=1, route_cells=11, turns=7, symbol_density=0.5
    )
    assert (rate(easy), rate(hard)) == (1, 5)
    harder = [
        replace(easy, greedy_gap=0.9),
        replace(easy, optimal_first_placements=1),
        replace(easy, route_cells=11, turns=7),
        replace(easy, symbol_density=0.5),
    ]
    for features in harder:
        assert difficulty_points(features) > difficulty_points(easy)
        assert rate(features) >= rate(easy)
    ratings = [rate(replace(hard, greedy_gap=g)) for g in (0.1, 0.3, 0.5, 0.9)]
    assert ratings == sorted(ratings)


# --- JSON, files and the cache -----------------------------------------------------------


def test_json_holds_no_solution(generated: dict[str, Puzzle]) -> None:
    for data in (generated["midround"].to_dict(), generated["midround"].shown_dict()):
        assert "solution" not in data
    data = generated["midround"].shown_dict()
    assert set(data) >= JSON_KEYS
    start = data["position"]["start"]
    assert start == generated["midround"].to_dict()["start"] and start["skulls"] >= 1
    assert all(isinstance(cells, list) for cells in start["marked"].values())


def test_save_and_load_keeps_the_id(
    deck: Deck, generated: dict[str, Puzzle], tmp_path: Path
) -> None:
    for suffix in (".yaml", ".json"):
        path = tmp_path / f"p{suffix}"
        save_puzzle_file(generated["midround"], path)
        loaded = load_puzzle_file(deck, path)
        assert loaded == generated["midround"]
        assert loaded.id == "midround-11"
    assert "solution" not in path.read_text(encoding="utf-8")


def test_an_edited_file_gets_a_custom_id(
    deck: Deck, generated: dict[str, Puzzle], tmp_path: Path
) -> None:
    data = file_data(generated["points"])
    data["expeditions"] = data["expeditions"][:-1]
    data.pop("par")
    path = tmp_path / "edited.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    loaded = load_puzzle_file(deck, path)
    assert loaded.id.startswith("custom-")
    assert loaded.id == custom_id(loaded)
    # The library says what is wrong; the command that takes --id adds the flag.
    with pytest.raises(PuzzleError, match=r"was loaded from a puzzle file$"):
        puzzle_from_id(deck, loaded.id)
    home = tmp_path / "home"
    result = CliRunner(env={"SILVERPYR_HOME": str(home)}).invoke(
        app, ["puzzle", "--id", loaded.id, "--moves", "q"]
    )
    assert result.exit_code == 2
    assert "was loaded from a puzzle file; load it again with --file" in result.stderr


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"par": 999}, "proven optimum"),
        ({"colour": "red"}, "unknown field"),
        ({"cards": [99]}, "no pyramid card 99"),
        ({"cards": [1, 2, 3]}, "at most 2 cards"),
        ({"expeditions": ["Z9"]}, "unknown expedition"),
        ({"objective": "fun"}, "expected points or sprint, not the text 'fun'"),
        ({"round": 5}, "from 1 to 4"),
        ({"start": {"marked": {"36": ["A1"]}}}, "not one of the puzzle's cards"),
        ({"format": 2}, "not supported"),
    ],
)
def test_bad_files_are_explained(
    deck: Deck,
    generated: dict[str, Puzzle],
    tmp_path: Path,
    change: dict[str, object],
    message: str,
) -> None:
    data = {**file_data(generated["points"]), **change}
    path = tmp_path / "bad.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(PuzzleError, match=message):
        load_puzzle_file(deck, path)


def test_start_marks_must_be_reachable(
    deck: Deck, generated: dict[str, Puzzle], tmp_path: Path
) -> None:
    puzzle = generated["midround"]
    number = puzzle.cards[0]
    room = deck.card(number).room
    data = file_data(puzzle)
    data["start"]["marked"] = {str(number): ["E5" if room.entrance != 24 else "A5"]}
    path = tmp_path / "marks.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(PuzzleError, match=f"card {number}"):
        load_puzzle_file(deck, path)


def test_cache_returns_what_generation_gives(deck: Deck, tmp_path: Path) -> None:
    with Store(tmp_path / "db.sqlite") as store:
        fresh = get_puzzle(deck, "pair-11", store)
        assert store.cached_puzzle(cache_key(deck, "pair-11")) is not None
        cached = get_puzzle(deck, "pair-11", store)
    assert cached == fresh and cached.solution == fresh.solution
    assert len(deck.fingerprint) == 16


def test_a_bad_cache_entry_is_refused(deck: Deck, generated: dict[str, Puzzle]) -> None:
    data = generated["pair"].to_dict(with_solution=True)
    assert puzzle_from_data(data, deck, source="cache") == generated["pair"]
    with pytest.raises(PuzzleError, match="solution"):
        puzzle_from_data({**data, "par": data["par"] + 1}, deck, source="cache")


# --- the commands ------------------------------------------------------------------------


@pytest.fixture()
def runner(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> CliRunner:
    monkeypatch.setenv("SILVERPYR_HOME", str(tmp_path / "home"))
    return CliRunner()


def test_puzzle_json_with_kind(runner: CliRunner) -> None:
    result = runner.invoke(app, ["puzzle", "--seed", "11", "--kind", "pair", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["id"] == "pair-11" and data["kind"] == "pair"
    assert len(data["position"]["cards"]) == 2


def test_puzzle_id_and_save(runner: CliRunner, tmp_path: Path) -> None:
    path = tmp_path / "shared.yaml"
    saved = runner.invoke(app, ["puzzle", "--id", "sprint-11", "--save", str(path)])
    assert saved.exit_code == 0, saved.output
    loaded = runner.invoke(app, ["puzzle", "--file", str(path), "--json"])
    assert loaded.exit_code == 0, loaded.output
    assert json.loads(loaded.stdout)["id"] == "sprint-11"


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["daily", "--date", "2026-02-30", "--json"], "not a date"),
        (["daily", "--date", "soon"], "not a date"),
        (["puzzle", "--id", "nonsense"], "not a puzzle id"),
        (["puzzle", "--seed", "1", "--id", "2"], "only one of"),
        (["puzzle", "--id", "2", "--kind", "pair"], "--kind"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(runner: CliRunner, args: list[str], message: str) -> None:
    result = runner.invoke(app, args)
    assert result.exit_code == 2
    assert message in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_bad_file_lists_every_problem_with_its_place(
    deck: Deck, generated: dict[str, Puzzle], tmp_path: Path
) -> None:
    data = {
        **file_data(generated["points"]),
        "round": 5,
        "colour": "red",
        "expeditions": ["Z9"],
        "start": {"red": True},
    }
    path = tmp_path / "bad.yaml"
    path.write_text(json.dumps(data), encoding="utf-8")
    with pytest.raises(PuzzleError) as raised:
        load_puzzle_file(deck, path)
    assert isinstance(raised.value, ReadError)
    assert all(problem.source == str(path) for problem in raised.value.problems)
    places = [problem.where for problem in raised.value.problems]
    assert sorted(places) == ["colour", "expeditions", "round", "start.red"]
    message = str(raised.value)  # one line: the source once, then the problems
    assert "\n" not in message and message.startswith(f"{path}: ")
    assert "; " in message
