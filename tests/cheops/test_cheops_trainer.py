"""The Cheops trainer's library: puzzles (made, read, proven), the session (scores, feedback,
hints, undo, give up), ids, the share line, attempts in the store.

The puzzles used here are golden files (``tests/cheops/data/trainer_puzzles.json``, written
by :func:`~silverpyr.puzzles.cheops.puzzle.generate`): reading one proves its par again, so
the fast tests need no generation; the slow tests generate them again and compare the bytes
(the same puzzles on every machine).
"""

from __future__ import annotations

import datetime as dt
import json
import re
from fractions import Fraction
from pathlib import Path

import pytest
from cheops_golden import COMPONENTS, DATA, best_line
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from store_rows import attempt, progress

from silverpyr.puzzles.cheops.attempt import attempt_of, open_attempt, record, save_progress
from silverpyr.puzzles.cheops.ids import (
    daily_puzzle,
    daily_seed,
    kind_of_seed,
    parse_date,
    parse_puzzle_id,
    seed_id,
)
from silverpyr.puzzles.cheops.puzzle import (
    KINDS,
    MIDGAME_KINDS,
    CheopsPuzzle,
    CheopsPuzzleError,
    generate,
)
from silverpyr.puzzles.cheops.session import CheopsSession, CheopsSessionError, tenths_of
from silverpyr.puzzles.cheops.share import share_text
from silverpyr.puzzles.cheops.values import (
    MAX_TREE,
    EndgameValues,
    standard_error,
    tree_size,
)
from silverpyr.puzzles.core.standings import archive, summarise
from silverpyr.puzzles.core.store import Store
from silverpyr.solver.cheops.components import COLOURS
from silverpyr.solver.cheops.endgame import solve_endgame
from silverpyr.solver.cheops.game import legal_moves

WIN = "win-from-here-2"
"""Its best line: take i2 C, sell, draw 3 (three decisions; rising boards, issue 31's rulings)."""
MARGIN = "best-margin-2"
SELL = "sell-or-store-0"
WHICH = "which-treasure-2"
DAY = dt.date(2026, 11, 16)


def puzzle(name: str) -> CheopsPuzzle:
    return CheopsPuzzle.from_dict(DATA[name], COMPONENTS, where=name)


def _store(tmp_path: Path) -> Store:
    return Store(tmp_path / "results.sqlite3", game="cheops")


# --- puzzles -------------------------------------------------------------------------------------


@pytest.mark.parametrize("name", sorted(DATA))
def test_a_golden_puzzle_reads_back_to_the_same_bytes(name: str) -> None:
    loaded = puzzle(name)
    assert json.dumps(loaded.to_dict(), sort_keys=True) == json.dumps(DATA[name], sort_keys=True)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("kind", "seed"),
    [("win-from-here", 2), ("best-margin", 2), ("sell-or-store", 0), ("which-treasure", 2)],
)
def test_the_same_seed_makes_the_same_puzzle_to_the_byte(kind: str, seed: int) -> None:
    made = generate(seed, kind, COMPONENTS).to_dict()
    assert json.dumps(made, sort_keys=True) == json.dumps(DATA[f"{kind}-{seed}"], sort_keys=True)


@pytest.mark.slow
def test_the_same_day_makes_the_same_daily_to_the_byte() -> None:
    made = daily_puzzle(DAY, COMPONENTS).to_dict()
    assert made["daily_date"] == DAY.isoformat() and made["id"] == "daily-2026-11-16"
    assert json.dumps(made, sort_keys=True) == json.dumps(DATA["daily-2026-11-16"], sort_keys=True)


@pytest.mark.parametrize("name", [WIN, MARGIN, "daily-2026-11-16"])
def test_an_endgame_puzzles_par_is_proven_by_the_exact_search(name: str) -> None:
    p = puzzle(name)
    assert p.proven and p.kind not in MIDGAME_KINDS
    size = tree_size(p.state)
    assert size is not None and size <= MAX_TREE
    answer = solve_endgame(p.state, time_limit=300, objective=p.objective)
    assert answer.proven
    assert answer.value == p.par and answer.move == p.best
    assert p.par > 0


def test_a_mid_game_puzzle_is_estimated_never_proven() -> None:
    for name in (SELL, WHICH):
        p = puzzle(name)
        assert not p.proven and p.to_dict()["proven"] is False
        assert p.analysis and p.analysis[0].move == p.best
        assert all(a.worth.margin_error is not None for a in p.analysis)
        best, *rest = p.analysis
        assert all(best.worth.margin >= a.worth.margin for a in rest)


def test_a_tree_too_big_is_counted_not_timed() -> None:
    p = puzzle(WIN)
    size = tree_size(p.state)
    assert size is not None
    assert tree_size(p.state, cap=size) == size
    assert tree_size(p.state, cap=size - 1) is None


@pytest.mark.parametrize(
    ("key", "value", "named"),
    [
        ("format", "other", "format"),
        ("version", 9, "version"),
        ("components", "abc", "components"),
        ("kind", "riddle", "kind"),
        ("money", "lots", "money"),
        ("money", [1, -2], "money"),
        ("cells", [], "the position"),
        ("hands", ["AZ", "B"], "hands[0]"),
        ("boards", [{"board": "nope"}] * 6, "boards[0]"),
        ("par", "7/0", "par"),
        ("par", "2", "par"),
        ("given", ["take a1 Z"], "given"),
        ("seed", -1, "seed"),
        ("turn", 9, "the position"),
    ],
)
def test_a_bad_puzzle_dict_is_one_error_naming_its_key(key: str, value: object, named: str) -> None:
    data = {**DATA[MARGIN], key: value}
    with pytest.raises(CheopsPuzzleError) as caught:
        CheopsPuzzle.from_dict(data, COMPONENTS, where="file")
    message = str(caught.value)
    assert "\n" not in message and f"file: {named}" in message


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    key=st.sampled_from(sorted(DATA[SELL])),
    value=st.one_of(
        st.none(),
        st.booleans(),
        st.integers(-3, 70),
        st.text(max_size=5),
        st.lists(st.integers(-1, 12), max_size=7),
        st.dictionaries(st.text(max_size=3), st.integers(), max_size=2),
    ),
)
def test_any_damaged_puzzle_dict_is_a_puzzle_or_one_error(key: str, value: object) -> None:
    data = {**DATA[SELL], key: value}
    try:
        CheopsPuzzle.from_dict(data, COMPONENTS, where="file")
    except CheopsPuzzleError as error:
        assert "\n" not in str(error) and str(error).startswith("file")


def test_other_components_do_not_read_the_puzzle() -> None:
    data = {**DATA[WIN], "components": "0" * 12}
    with pytest.raises(CheopsPuzzleError, match="other components"):
        CheopsPuzzle.from_dict(data, COMPONENTS)


def test_generation_refuses_bad_seeds_and_kinds() -> None:
    with pytest.raises(CheopsPuzzleError):
        generate(-1, "best-margin", COMPONENTS)
    with pytest.raises(CheopsPuzzleError, match="not a puzzle kind"):
        generate(1, "riddle", COMPONENTS)


# --- ids -----------------------------------------------------------------------------------------


def test_ids_parse_and_say_what_ids_look_like() -> None:
    assert parse_puzzle_id("Cheops-12").seed == 12 and parse_puzzle_id("cheops-12").kind is None
    assert parse_puzzle_id("best-margin-7").kind == "best-margin"
    assert parse_puzzle_id(" daily-2026-11-16 ").daily_date == "2026-11-16"
    assert seed_id(5) == "cheops-5" and seed_id(5, "sell-or-store") == "sell-or-store-5"
    for bad in ("sun-3", "cheops", "daily-2026-13-01", "best-margin--1"):
        with pytest.raises(CheopsPuzzleError):
            parse_puzzle_id(bad)
    with pytest.raises(CheopsPuzzleError, match="not a date"):
        parse_date("16.11.2026")


def test_seeds_and_dates_pick_kinds_the_same_way_everywhere() -> None:
    assert kind_of_seed(3) == kind_of_seed(3) and kind_of_seed(3) in KINDS
    seed, kind = daily_seed(DAY)
    assert (seed, kind) == daily_seed(DAY) and kind in ("win-from-here", "best-margin")
    assert daily_seed(DAY) != daily_seed(DAY + dt.timedelta(days=1))


# --- the session ---------------------------------------------------------------------------------


def test_the_best_line_scores_par_exactly() -> None:
    p = puzzle(WIN)
    session = CheopsSession(p)
    line = best_line(p)
    assert len(line) >= 3
    for move in line:
        decision = session.play(move)
        assert decision.loss == 0 and decision.feedback() is None
    assert session.finished
    result = session.result()
    assert result.at_par and result.score == result.par == 100 and result.unit == "percent"


def test_a_bad_move_loses_v_star_minus_q_and_names_the_better_move() -> None:
    p = puzzle(MARGIN)
    values = EndgameValues(p.seat, p.objective)
    state = p.start()
    worst = min(legal_moves(state), key=lambda m: values.q(state, m))
    session = CheopsSession(p)
    decision = session.play(worst.notation())
    assert decision.loss == p.par - values.q(state, worst) > 0
    feedback = decision.feedback()
    assert feedback is not None and p.best in feedback and "piastres" in feedback
    assert session.score == p.par - decision.loss


def _losing_option(p: CheopsPuzzle, session: CheopsSession) -> str:
    """The first option of the puzzle's first decision that loses value against par."""
    from silverpyr.solver.cheops.game import parse_move

    values = EndgameValues(p.seat, p.objective)
    state = p.start()
    par = values.value(state)
    return next(
        m
        for m in session.options_now()
        if m != p.best and values.q(state, parse_move(state, m)) < par
    )


def test_a_win_puzzles_feedback_gives_the_chance_and_the_piastres() -> None:
    p = puzzle(WIN)
    session = CheopsSession(p)
    wrong = _losing_option(p, session)
    decision = session.play(wrong)
    feedback = decision.feedback()
    assert feedback is not None
    assert "win chance" in feedback and "piastres" in feedback and p.best in feedback


def test_every_legal_move_is_valued_even_those_the_search_merged() -> None:
    p = puzzle(WIN)
    values = EndgameValues(p.seat, p.objective)
    state = p.start()
    par = values.value(state)
    for move in legal_moves(state):
        assert values.q(state, move) <= par
    assert max(values.q(state, m) for m in legal_moves(state)) == par


def test_illegal_and_unreadable_moves_say_why() -> None:
    session = CheopsSession(puzzle(MARGIN))
    with pytest.raises(CheopsSessionError, match="is not a move"):
        session.play("fly away")
    with pytest.raises(CheopsSessionError, match="'take k1 A'"):
        session.play("take k1 A")
    with pytest.raises(CheopsSessionError, match="nothing to undo"):
        session.undo()


def test_hints_grade_aim_area_move_and_count_once_per_node() -> None:
    p = puzzle(WIN)
    session = CheopsSession(p)
    level, aim = session.hint()
    assert level == 1 and "wins" in aim and p.best not in aim
    level, area = session.hint()
    assert level == 2 and p.best not in area
    level, move = session.hint()
    assert level == 3 and move.startswith(p.best)
    session.hint(1)  # asking again at the same node costs nothing more
    assert session.hint_levels == [1, 1, 1] and session.saw_solution
    session.play(p.best)
    assert session.turn_hint_level == 0
    session.hint(2)  # straight to level 2 counts level 1 too
    assert session.hint_levels == [2, 2, 1]
    with pytest.raises(CheopsSessionError, match="levels are 1"):
        session.hint(4)


def test_undo_after_feedback_counts_as_a_move_hint() -> None:
    p = puzzle(WIN)
    session = CheopsSession(p)
    wrong = _losing_option(p, session)
    session.play(wrong)
    assert session.undo() == wrong
    assert session.hint_levels == [0, 0, 1] and session.saw_solution
    session.play(p.best)
    assert session.undo() == p.best
    assert session.hint_levels == [0, 0, 1]  # a best move's undo is free


def test_giving_up_scores_nothing() -> None:
    session = CheopsSession(puzzle(MARGIN))
    session.give_up()
    assert session.finished
    result = session.result()
    assert result.gave_up and result.score == 0 and not result.at_par
    with pytest.raises(CheopsSessionError):
        session.play("store")


def test_a_sell_or_store_answer_is_an_estimate_with_its_error() -> None:
    p = puzzle(SELL)
    session = CheopsSession(p)
    assert set(session.options_now()) == {"sell", "store"}
    wrong = next(a.move for a in p.analysis if a.move != p.best)
    decision = session.play(wrong)
    feedback = decision.feedback()
    assert feedback is not None and "±" in feedback and "not proven" in feedback
    assert "proven" not in feedback.replace("not proven", "")
    assert session.finished
    result = session.result()
    assert result.score == 0 and result.par == p.par - p.analysis[-1].worth.margin
    assert not result.proven


def test_a_which_treasure_answer_must_be_a_take_of_a_treasure() -> None:
    p = puzzle(WHICH)
    session = CheopsSession(p)
    if "buy" in session.options_now():
        with pytest.raises(CheopsSessionError, match="which treasure"):
            session.play("buy")
    decision = session.play(p.best)
    assert decision.loss == 0 and session.result().at_par


@pytest.mark.slow
def test_a_take_not_analysed_is_played_out_on_the_same_worlds() -> None:
    from dataclasses import replace

    p = puzzle(WHICH)
    dropped = p.analysis[-1]
    session = CheopsSession(replace(p, analysis=p.analysis[:-1]))
    decision = session.play(dropped.move)
    # played out on demand, on the same seeded worlds: the very numbers of the analysis
    assert decision.played_worth.margin == dropped.worth.margin
    assert decision.loss_error == dropped.gap_error
    assert decision.loss == p.par - dropped.worth.margin


@pytest.mark.slow
@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    name=st.sampled_from([WIN, MARGIN, "daily-2026-11-16"]),
    picks=st.lists(st.integers(0, 1_000), min_size=8, max_size=8),
)
def test_any_play_scores_par_minus_its_losses_and_hints_never_lie(
    name: str, picks: list[int]
) -> None:
    p = puzzle(name)
    session = CheopsSession(p)
    values = EndgameValues(p.seat, p.objective)
    losses = Fraction(0)
    for pick in picks:
        if session.finished:
            break
        state = session.state
        _, told = session.hint(3)
        hinted = told.split(" (worth")[0]
        assert values.q(state, next(m for m in legal_moves(state) if m.notation() == hinted)) == (
            values.value(state)
        )
        moves = legal_moves(state)
        decision = session.play(moves[pick % len(moves)].notation())
        assert decision.loss >= 0
        losses += decision.loss
        assert session.score == p.par - losses <= p.par
    if session.finished:
        unit = 100 if p.objective == "win" else 1
        assert session.result().score == (p.par - losses) * unit


def test_scores_and_errors_are_exact_and_portable() -> None:
    assert tenths_of(Fraction(1, 20)) == 1 and tenths_of(Fraction(-1, 20)) == 0
    assert standard_error([Fraction(x) for x in (1, 1, 1)]) == 0
    assert standard_error([Fraction(x) for x in (0, 2)]) == 1  # sqrt(2 / 2)


# --- share ---------------------------------------------------------------------------------------


def test_the_share_text_is_honest_and_spoils_nothing() -> None:
    for name in (WIN, MARGIN, SELL, "daily-2026-11-16"):
        p = puzzle(name)
        session = CheopsSession(p)
        session.hint(3)
        session.play(p.best)
        text = share_text(p, session.result())
        assert text.startswith("Cheops ") and len(text.splitlines()) == 2
        assert not re.search(r"\b[a-k](1[01]|[1-9])\b", text)  # no space
        assert not any(colour in text for colour in COLOURS)
        told = text.replace(p.id, "").replace(p.kind_label, "")  # the kind is no spoiler
        assert not any(word in told for word in ("take", "sell", "store", "buy", "draw"))
        # no value of the position: the score is its share of par
        assert text.splitlines()[1].startswith("\u2b50 100%/100% at par \u00b7 ")
        assert "3 hints (aim 1, area 1, move 1)" in text
        assert ("estimate" in text) != p.proven
    p = puzzle("daily-2026-11-16")
    session = CheopsSession(p)
    session.give_up()
    text = share_text(p, session.result())
    assert "daily 2026-11-16" in text and "\ngave up after 0 moves (0%/100%)" in text


# --- attempts ------------------------------------------------------------------------------------


def test_one_scored_attempt_per_puzzle_later_plays_are_practice(tmp_path: Path) -> None:
    p = puzzle("daily-2026-11-16")
    with _store(tmp_path) as store:
        for _ in range(2):
            sitting = open_attempt(store, p, DAY)
            for move in best_line(p):
                sitting.session.play(move)
            record(store, sitting, p, DAY)
        attempts = store.attempts(puzzle_id=p.id)
        assert sorted(a.practice for a in attempts) == [False, True]
        assert all(a.game == "cheops" for a in attempts)
        scored = next(a for a in attempts if not a.practice)
        assert scored.at_par and scored.score == scored.par == tenths_of(p.par)
        stats = summarise(store.attempts(), DAY)
        assert stats.played == 1 and stats.practice == 1 and stats.current_streak == 1
        with pytest.raises(CheopsPuzzleError, match="scored already"):
            open_attempt(store, p, DAY, restart=True)
    with Store(tmp_path / "results.sqlite3", game="sun") as other:
        assert other.attempts() == []  # the game's rows stay its own


def test_an_unfinished_attempt_is_resumed_and_restart_drops_it(tmp_path: Path) -> None:
    p = puzzle(WIN)
    line = best_line(p)
    with _store(tmp_path) as store:
        sitting = open_attempt(store, p, DAY)
        sitting.session.play(line[0])
        sitting.session.hint(1)
        save_progress(store, sitting, p)
        again = open_attempt(store, p, DAY)
        assert again.session.moves == (line[0],)
        assert again.session.hint_levels == [1, 0, 0]
        assert any(note.startswith("Resuming") for note in again.notes)
        for move in line[1:]:
            again.session.play(move)
        assert again.session.result().at_par
        fresh = open_attempt(store, p, DAY, restart=True)
        assert fresh.session.moves == ()
        assert store.progress(p.id) is None


OLD_FINGERPRINT = "d4cb0e6e5f0da0af"
"""The bundled components before issue 31's rising boards (the falling ones)."""


def test_a_daily_keeps_its_id_and_old_results_stay_readable_when_the_components_change(
    tmp_path: Path,
) -> None:
    """Issue 31 changed the bundled price boards. A daily's id is its date (not the
    components), its record names the components' fingerprint, a result scored under the old
    components stays in the store, its stats and its archive, and progress saved under them
    is dropped with a note (its moves were for another position)."""
    p = puzzle("daily-2026-11-16")
    assert p.id == "daily-2026-11-16" and p.to_dict()["components"] == COMPONENTS.fingerprint
    assert COMPONENTS.fingerprint != OLD_FINGERPRINT
    with _store(tmp_path) as store:
        old = attempt(
            puzzle_id=p.id,
            daily_date=DAY.isoformat(),
            played_on=DAY.isoformat(),
            kind="best-margin",
            score=400,
            par=640,
            goal_met=False,
            at_par=False,
            moves="take i3 D; store",
            seconds=30.0,
            game="cheops",
        )
        store.add_attempt(old)
        other = puzzle(WIN)
        store.save_progress(
            progress(
                puzzle_id=other.id,
                fingerprint=OLD_FINGERPRINT,
                moves=("take a1 A",),
                seconds=5.0,
                started_on=DAY.isoformat(),
                game="cheops",
            )
        )
        assert store.attempts(puzzle_id=p.id) == [old]
        assert summarise(store.attempts(), DAY).played == 1
        (entry,) = archive(store.attempts(), store.all_progress(), DAY, 1)
        assert entry.scored == old
        replay = open_attempt(store, p, DAY)
        assert replay.practice and any("stands (40.0 / 64.0)" in note for note in replay.notes)
        resumed = open_attempt(store, other, DAY)
        assert resumed.session.moves == ()
        assert any("played with other components" in note for note in resumed.notes)
        assert store.progress(other.id) is None


def test_the_store_keeps_tenths_of_percent_or_piastres() -> None:
    p = puzzle(WIN)
    session = CheopsSession(p)
    for move in best_line(p):
        session.play(move)
    attempt = attempt_of(p, session.result(), DAY, 1.0)
    assert attempt.par == 1000 and attempt.score == 1000 and attempt.at_par
