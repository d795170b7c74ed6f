"""``silverpyr analyze`` on Dask, its cache, the shipped exact values and the exact hints."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
import yaml
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.cluster import SCHEDULER_ENV
from silverpyr.puzzles.core.store import HOME_ENV
from silverpyr.puzzles.silvergold.realgame import analysis
from silverpyr.puzzles.silvergold.realgame.state_file import parse_state
from silverpyr.puzzles.silvergold.realgame.uncertain import Method, rank_moves
from silverpyr.solver.silvergold import exact
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.position import Position

# Two small rooms: their whole-round graphs take a fraction of a second.
ROOMS = {
    1: ["#.E.#", "#x#p#", "#.s.#", "##r##", "##T##"],
    2: ["E.g##", ".#.##", "r.t##", "#..##", "#T###"],
}


@pytest.fixture(scope="session")
def tiny_deck(tmp_path_factory: pytest.TempPathFactory) -> Path:
    pyramids = [
        {"number": n, "color": "green" if n == 1 else "purple", "room": room}
        for n, room in ROOMS.items()
    ]
    path = tmp_path_factory.mktemp("analysis") / "tiny.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "pyramids": pyramids}), encoding="utf-8")
    return path


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """One small local Dask cluster shared by this module's tests: its scheduler address.

    Module scope, not session: a scheduler left running on its IO-loop thread for the rest
    of a worker's session slowed every later full-screen test there by several times."""
    from dask.distributed import LocalCluster

    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0"
    ) as local:
        yield str(local.scheduler_address)


def analyze(deck: Path, home: Path, *args: str) -> dict[str, object]:
    result = CliRunner().invoke(
        app, ["--cards", str(deck), "analyze", "--json", *args], env={HOME_ENV: str(home)}
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert isinstance(data, dict)
    return data


def test_analysis_on_a_cluster_is_cached_and_matches_the_engine(
    tiny_deck: Path, cluster: str, tmp_path: Path
) -> None:
    first = analyze(tiny_deck, tmp_path, "--scheduler", cluster, "--orders", "30")
    assert first["computed"] == 8 and first["cached"] == 0 and first["failures"] == []
    cards = first["cards"]
    assert isinstance(cards, list) and [c["rank"] for c in cards] == [1, 2]
    deck = load_deck(tiny_deck)
    deal = exact.Deal.of_round(deck.expedition_cards())
    for row in cards:
        position = Position.start(deck.card(row["card"]))
        best = exact.evaluate(position, 1, deal)
        assert row["exact"] == float(best.score)
        assert row["completion"] == float(best.completion)
        assert row["greedy"] <= row["exact"] <= row["known_mean"]
        assert row["orders"] == 30
        assert row["known_p10"] <= row["known_p50"] <= row["known_p90"]
        assert row["speed_turns"] >= 1
    again = analyze(tiny_deck, tmp_path, "--scheduler", cluster, "--orders", "30")
    assert again["computed"] == 0 and again["cached"] == 8
    assert again["cards"] == cards


def test_results_do_not_depend_on_the_workers(
    tiny_deck: Path, cluster: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv(SCHEDULER_ENV, cluster)  # the environment names the cluster
    on_cluster = analyze(tiny_deck, tmp_path / "a", "--orders", "25", "--no-cache")
    deck = load_deck(tiny_deck)
    tasks = analysis.make_tasks(deck, None, cards_only=False, orders=25)
    in_process = {(t.card.number, t.task): analysis.run_task(t) for t in tasks}
    report = analysis.RunReport(in_process, 0, len(tasks), (), 0.0, 1)
    rows = analysis.report_dict(analysis.analyses(deck, report), report, deck)["cards"]
    assert on_cluster["cards"] == rows
    assert analysis.sample_orders(exact.Deal.of_round(deck.expedition_cards()), 25, 1) == (
        analysis.sample_orders(exact.Deal.of_round(deck.expedition_cards()), 25, 1)
    )


def test_a_failing_task_is_retried_and_reported_with_its_card(
    tiny_deck: Path, cluster: str
) -> None:
    deck = load_deck(tiny_deck)
    good = analysis.Task(deck.card(2), "exact", deck.expedition_cards())
    bad = analysis.Task(deck.card(1), "no-such-task", deck.expedition_cards())
    report = analysis.run([good, bad], "test", None, scheduler=cluster)
    assert (2, "exact") in report.results
    assert report.failures == ("card 1 no-such-task: AnalysisError: unknown task 'no-such-task'",)


def test_embedded_cluster_csv_and_charts(tiny_deck: Path, tmp_path: Path) -> None:
    out = tmp_path / "out"
    data = analyze(
        tiny_deck, tmp_path, "--card", "2", "--cards-only", "--workers", "1", "--out", str(out)
    )
    assert [row["card"] for row in data["cards"]] == [2]
    assert data["cards"][0]["known_mean"] is None and data["cards"][0]["speed_turns"] is None
    lines = (out / "analysis.csv").read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("rank,card,color,exact") and len(lines) == 2
    assert (out / "scores.png").stat().st_size > 1000


def test_bad_input_is_one_line_and_exit_2(tiny_deck: Path, tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app,
        ["--cards", str(tiny_deck), "analyze", "--card", "7"],
        env={HOME_ENV: str(tmp_path)},
    )
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [f"error: no pyramid card 7 in {tiny_deck}"]


def _wait_for(path: Path, seconds: float) -> None:
    deadline = time.monotonic() + seconds
    while not path.exists() or not path.read_text(encoding="utf-8").strip():
        if time.monotonic() > deadline:
            raise TimeoutError(f"{path} did not appear within {seconds} s")
        time.sleep(0.2)


def test_analyze_against_a_real_dask_scheduler_and_worker(tiny_deck: Path, tmp_path: Path) -> None:
    dask = Path(sys.executable).parent / "dask"
    if not dask.exists():
        pytest.skip("the dask command is not installed beside this Python")
    scheduler_file = tmp_path / "scheduler.json"
    common = {"cwd": tmp_path, "start_new_session": True, "stdout": subprocess.DEVNULL}
    scheduler = subprocess.Popen(
        [
            str(dask),
            "scheduler",
            "--host",
            "127.0.0.1",
            "--port",
            "0",
            "--no-dashboard",
            "--scheduler-file",
            str(scheduler_file),
        ],
        stderr=subprocess.DEVNULL,
        **common,  # type: ignore[call-overload]
    )
    worker = None
    try:
        _wait_for(scheduler_file, 60)
        address = json.loads(scheduler_file.read_text(encoding="utf-8"))["address"]
        worker = subprocess.Popen(
            [
                str(dask),
                "worker",
                "--scheduler-file",
                str(scheduler_file),
                "--nworkers",
                "1",
                "--nthreads",
                "1",
                "--no-nanny",  # the worker itself, not a nanny process that starts it
                "--no-dashboard",
            ],
            stderr=subprocess.DEVNULL,
            **common,  # type: ignore[call-overload]
        )
        script = Path(sys.executable).parent / "silverpyr"
        result = subprocess.run(
            [
                str(script),
                "--cards",
                str(tiny_deck),
                "analyze",
                "--scheduler",
                address,
                "--card",
                "1",
                "--orders",
                "10",
                "--json",
            ],
            capture_output=True,
            text=True,
            timeout=120,
            env={**os.environ, HOME_ENV: str(tmp_path / "home")},
            check=False,
        )
        assert result.returncode == 0, result.stderr
        data = json.loads(result.stdout)
        assert data["computed"] == 4 and [row["card"] for row in data["cards"]] == [1]
    finally:
        for process in (worker, scheduler):
            if process is not None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in (worker, scheduler):
            if process is not None:
                try:
                    process.wait(timeout=20)
                except subprocess.TimeoutExpired:
                    os.killpg(process.pid, signal.SIGKILL)
                    process.wait(timeout=10)


# --- hint --state with the exact engine ---------------------------------------------------


def test_hint_ranks_one_card_exactly_and_agrees_with_enumeration_on_the_last_turn() -> None:
    deck = load_deck(None)
    text = (
        "round: 1\nexpedition: L3\nseen: [I2, I3, I3, O4, L4, T4]\n"
        "cards: [{number: 12, marks: A1 B1 A2 A3 B3}]\n"
    )
    situation = parse_state(text, deck)
    exact_ranking = rank_moves(situation, jobs=1)
    old = rank_moves(situation, jobs=1, use_exact=False, top_k=50)
    assert exact_ranking.method is Method.EXACT and exact_ranking.exact
    assert exact_ranking.legal_count == len(exact_ranking.estimates)
    by_move = {e.move: e.mean for e in exact_ranking.estimates}
    for estimate in old.estimates:
        assert by_move[estimate.move] == pytest.approx(estimate.mean)


def test_hint_keeps_the_sampled_method_for_two_cards_early_in_the_round() -> None:
    deck = load_deck(None)
    text = "round: 1\nexpedition: L3\nseen: [I2]\ncards: [{number: 3}, {number: 9}]\n"
    ranking = rank_moves(parse_state(text, deck), jobs=1, samples=2, top_k=2, lookahead=1)
    assert ranking.method is not Method.EXACT and not ranking.exact
