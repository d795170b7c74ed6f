"""The expert's advice for all three decisions, the coach, and game records (issue 13)."""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import replace
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.silvergold.realgame.advice import (
    Kind,
    Method,
    advise,
    calibration,
    options_of,
)
from silverpyr.puzzles.silvergold.realgame.arena import play_arena_game
from silverpyr.puzzles.silvergold.realgame.game_coach import Grade, grade, judge, report
from silverpyr.puzzles.silvergold.realgame.game_record import (
    AnswersRecord,
    GameRecord,
    GameRecordError,
    answer_of,
    load_record,
    moves_of,
    parse_record,
    replay,
)
from silverpyr.puzzles.silvergold.realgame.state_file import StateFileError, parse_view
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.expert import expert_ranking
from silverpyr.solver.silvergold.game import Phase, deal
from silverpyr.solver.silvergold.players import ExpertPlayer, GreedyPlayer
from silverpyr.solver.silvergold.rollouts import rollout_values
from silverpyr.solver.silvergold.sheet import turns_after

DECK = load_deck()


def played_to(
    seed: int, players: int, phase: Phase, *, skip: int = 0
) -> tuple[AnswersRecord, object]:
    """A record of greedy answers up to the ``skip``-th time player 1 faces ``phase``.

    Player 1's greedy answers come from one all-greedy game (the arena's record), not from
    a replay after every answer (quadratic in the game's length); the record cut before the
    decision asked for is replayed once, and must reach the very state that decision saw."""
    game = parse_record(play_arena_game(DECK, seed, ("greedy",) * players).record(DECK), "g")
    answers = tuple(answer_of(d.state, d.choice) for d in replay(game, DECK, seat=0).decisions)
    start = AnswersRecord.start(DECK, seed, players, "greedy")
    decisions = replay(replace(start, answers=answers), DECK).decisions
    due = [decision for decision in decisions if decision.state.phase is phase]
    if skip >= len(due):
        raise AssertionError(f"no {phase} decision number {skip} in game {seed}")
    record = replace(start, answers=answers[: due[skip].number - 1])
    state = replay(record, DECK).state
    assert state == due[skip].state
    return record, state


# --- what a player cannot see -------------------------------------------------------------


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10_000), players=st.integers(1, 4), sample=st.integers(0, 10**9))
def test_determinized_keeps_what_the_player_sees(seed: int, players: int, sample: int) -> None:
    state = deal(DECK, players, seed)
    other = state.determinized(0, sample)
    assert other.players[0] == state.players[0]
    assert Counter(c.number for c in other.hidden_pyramids(0)) == Counter(
        c.number for c in state.hidden_pyramids(0)
    )
    kept = state.keep([GreedyPlayer().keep(state, p) for p in range(players)])
    later = kept.determinized(0, sample)
    assert later.players == kept.players and later.offer == kept.offer
    assert later.expedition_order[: kept.turn] == kept.expedition_order[: kept.turn]
    assert sorted(e.name for e in later.expedition_order) == sorted(
        e.name for e in kept.expedition_order
    )
    assert sorted(c.number for c in later.pyramid_deck) == sorted(
        c.number for c in kept.pyramid_deck
    )


def test_determinized_deals_differ_by_seed_and_repeat_with_it() -> None:
    state = deal(DECK, 2, 5)
    assert state.determinized(0, 1) == state.determinized(0, 1)
    assert state.determinized(0, 1).pyramid_deck != state.determinized(0, 2).pyramid_deck


# --- the advice ---------------------------------------------------------------------------


def test_mark_advice_is_the_experts_ranking() -> None:
    _, state = played_to(3, 2, Phase.MARK, skip=2)
    advice = advise(state, 0)
    ranking = expert_ranking(state, 0)
    assert advice.kind is Kind.MARK and advice.method is Method.EXPERT
    assert advice.best.choice == ranking[0].choice
    assert advice.best.loss == 0
    losses = [option.loss for option in advice.options]
    assert losses == sorted(losses) and all(loss >= 0 for loss in losses)
    assert len(advice.options) == len(options_of(state, 0))


def test_the_advice_in_lines_names_the_best_and_each_next_option_with_its_loss() -> None:
    _, state = played_to(3, 2, Phase.MARK, skip=2)
    advice = advise(state, 0)
    lines = advice.lines(top=4)
    best = advice.best
    assert lines[0] == (
        f"The expert's choice: {best.label}, {best.predicted:.1f} expected final points. "
        "Against it:"
    )
    listed = [line for line in lines if line.startswith("  ") and not line.startswith("    ")]
    for option, line in zip(advice.options[1:4], listed, strict=False):
        assert line.startswith(f"  {option.label}: {-option.loss:+.1f}")
    hidden = len(advice.options) - 4
    assert (hidden > 0) == any(f"and {hidden} more" in line for line in lines)
    assert lines[-1] == f"Confidence: {advice.certainty}."
    only = replace(advice, options=advice.options[:1])
    assert only.lines() == [
        f"The expert's choice: {best.label}, {best.predicted:.1f} expected final points "
        "(the only option)."
    ]


def test_keep_advice_is_the_experts_ranking_and_its_forecast_depends_on_the_keep() -> None:
    state = deal(DECK, 2, 8)
    advice = advise(state, 0)
    assert advice.kind is Kind.KEEP and advice.method is Method.EXPERT
    assert len(advice.options) == 6 and advice.best.loss == 0 and advice.best.error is None
    assert sorted(advice.best.choice) == sorted(ExpertPlayer().keep(state, 0))  # type: ignore[arg-type]
    forecasts = [option.predicted for option in advice.options]
    assert forecasts == sorted(forecasts, reverse=True)
    for option in advice.options:  # the keep forecast is the best's, less what a keep gives up
        assert option.predicted == pytest.approx(advice.best.predicted - option.loss)
    worse = [o for o in advice.options if o.loss > 0]
    assert worse and len({round(o.predicted, 6) for o in advice.options}) > 1
    assert advise(state, 0) == advice  # deterministic


def test_losses_are_the_calibrated_heuristic_differences() -> None:
    for phase, skip in ((Phase.KEEP, 0), (Phase.MARK, 5), (Phase.MARK, 20), (Phase.REPLACE, 0)):
        _, state = played_to(5, 1, phase, skip=skip)
        advice = advise(state, 0)
        left = 28 if phase is Phase.KEEP else turns_after(state.round_number, state.turn)
        scale = calibration(advice.kind, left)
        for option in advice.options:
            assert option.loss == pytest.approx(scale.points_per_unit * option.raw_loss)
            expected = None if option is advice.best else scale.error(option.raw_loss)
            assert option.error == expected


def test_a_second_opinion_by_rollouts_is_measured_against_the_experts_choice() -> None:
    # Round 3 (short play-outs), where the opponents' bot changes the rollouts' scores and
    # some measured losses come out negative.
    _, state = played_to(4, 2, Phase.REPLACE, skip=5)
    advice = advise(state, 0, rollouts=3, seed=1)
    expert = advise(state, 0)
    assert advice.method is Method.ROLLOUTS and advice.samples == 3
    # the same ranking: the reference is fixed before any rollout (no winner's curse) ...
    assert [o.choice for o in advice.options] == [o.choice for o in expert.options]
    assert advice.best.loss == 0 and advice.best.error is None
    # ... so a loss may come out negative: the measurement is not the selection
    values = rollout_values(
        state, 0, [o.choice for o in advice.options], samples=3, seed=1, opponents=GreedyPlayer()
    )
    for option, value in zip(advice.options, values, strict=True):
        assert option.loss == pytest.approx(value.loss_against(values[0])[0])
    assert advise(state, 0, rollouts=3, seed=1) == advice


@settings(max_examples=12, deadline=None)
@given(
    seed=st.integers(0, 10_000),
    players=st.integers(1, 4),
    phase=st.sampled_from([Phase.KEEP, Phase.MARK, Phase.REPLACE]),
    skip=st.integers(0, 12),
)
def test_the_advice_recommends_what_the_expert_bot_plays(
    seed: int, players: int, phase: Phase, skip: int
) -> None:
    try:
        _, state = played_to(seed, players, phase, skip=skip)
    except AssertionError:
        return  # no such decision in this game
    advice = advise(state, 0)
    bot = ExpertPlayer()
    if phase is Phase.KEEP:
        assert sorted(advice.best.choice) == sorted(bot.keep(state, 0))  # type: ignore[arg-type]
    elif phase is Phase.REPLACE:
        assert advice.best.choice == bot.replacement(state)
    else:
        assert advice.best.choice == bot.move(state, 0)
    assert all(option.loss >= 0 for option in advice.options)


def test_reasons_name_what_the_better_mark_gains() -> None:
    _, state = played_to(9, 1, Phase.MARK, skip=6)
    advice = advise(state, 0)
    costly = [o for o in advice.options if o.loss >= 1]
    assert costly
    for option in costly[:5]:
        explained = advice.rated(option.choice)
        assert explained.reasons and explained.loss == option.loss
        assert all("(+" in reason or "(-" in reason for reason in explained.reasons)
    assert advice.rated(advice.best.choice).reasons == ()
    data = advice.to_dict()
    assert data["ranked_by"] == "expected final score"
    assert all("reasons" in option for option in data["options"])


def test_rollouts_share_their_deals() -> None:
    _, state = played_to(4, 1, Phase.REPLACE, skip=4)  # round 3: scores still differ by deal
    choices = options_of(state, 0)
    values = rollout_values(state, 0, choices, samples=4, seed=1, opponents=GreedyPlayer())
    assert [v.choice for v in values] == choices
    assert all(len(v.scores) == 4 for v in values)
    assert values[0].loss_against(values[0]) == (0.0, 0.0)
    # The same option twice gets the same scores: the deals are common to all options.
    again = rollout_values(
        state, 0, [choices[0], choices[0]], samples=4, seed=1, opponents=GreedyPlayer()
    )
    assert again[0].scores == again[1].scores == values[0].scores


# --- the coach ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("loss", "error", "expected"),
    [
        (0.0, None, None),
        (0.49, None, None),
        (0.5, None, Grade.DOUBTFUL),
        (1.99, None, Grade.DOUBTFUL),
        (2.0, None, Grade.BAD),
        (5.0, None, Grade.VERY_BAD),
        (3.0, 1.0, Grade.BAD),
        (3.0, 1.5, None),  # within twice the standard error: the coach cannot tell
        (12.0, 2.0, Grade.VERY_BAD),
    ],
)
def test_grades(loss: float, error: float | None, expected: Grade | None) -> None:
    assert grade(loss, error) == expected


def test_the_coach_is_silent_on_the_experts_choice_and_grades_the_rest() -> None:
    _, state = played_to(6, 2, Phase.MARK, skip=3)
    advice = advise(state, 0)
    best = judge(advice, advice.best.choice, "here")
    assert best.loss == 0 and best.is_silent and best.message() == ""
    worst = judge(advice, advice.options[-1].choice, "here")
    assert worst.loss == advice.options[-1].loss > 0
    if worst.grade is not None:
        assert worst.message().startswith(f"Coach (here): {worst.grade.value}")
    summary = report([best, worst])
    assert summary.mean_loss()[Kind.MARK] == (2, worst.loss / 2)
    assert summary.costliest() == [worst]


@pytest.mark.slow  # a whole game played by the advice; CI runs it
def test_playing_the_advice_costs_nothing_in_a_whole_game() -> None:
    record = AnswersRecord.start(DECK, 11, 2, "greedy")
    replayed = replay(record, DECK)
    verdicts = []
    while not replayed.state.is_over():
        state = replayed.state
        advice = advise(state, 0)
        verdicts.append(judge(advice, advice.best.choice, "x"))
        record = record.with_answer(answer_of(state, advice.best.choice))
        replayed = replay(record, DECK)
    summary = report(verdicts)
    assert summary.total_loss == 0 and summary.costliest() == []
    assert {v.kind for v in verdicts} >= {Kind.KEEP, Kind.MARK}
    assert "Every decision was the expert's." in summary.lines()


# --- game records -------------------------------------------------------------------------


def test_a_record_round_trips_and_replays(tmp_path: Path) -> None:
    answered, state = played_to(2, 2, Phase.REPLACE)
    record = GameRecord(answered.deck, answered.seed, answered.seats, moves_of(answered, DECK))
    path = tmp_path / "game.json"
    record.save(path)
    assert load_record(path) == record
    replayed = replay(load_record(path), DECK)
    assert replayed.state == state
    answers = [answer_of(d.state, d.choice) for d in replayed.decisions]
    assert answers == list(answered.answers)
    assert replayed.decisions[0].kind is Kind.KEEP and replayed.decisions[0].where == "setup"


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ({"format": "chess"}, "format: expected 'silverpyr game record'"),
        ({"seed": -1}, "seed: -1 is not a seed"),
        ({"players": 5}, "players: 5 is not a whole number from 1 to 4"),
        ({"opponents": "shark"}, "opponents: 'shark' is not one of"),
        ({"answers": "12 30"}, "answers: expected a list of answers"),
        ({"colour": 1}, "colour: unknown field"),
    ],
)
def test_bad_records_say_where(change: dict[str, object], message: str) -> None:
    version_1 = {"version": 1, "players": 2, "opponents": "greedy", "answers": []}
    data = {**AnswersRecord.start(DECK, 1, 2, "greedy").to_dict(), **version_1} | change
    del data["seats"]  # version 2's (tests/silvergold/test_arena_records.py reads it)
    with pytest.raises(GameRecordError, match=r"^g\.json: ") as raised:
        parse_record(data, "g.json")
    assert message in str(raised.value)


def test_answers_that_do_not_replay_are_named() -> None:
    record, _ = played_to(2, 1, Phase.MARK, skip=1)
    bad = AnswersRecord(record.deck, record.seed, 1, "greedy", (*record.answers, "Z9"))
    with pytest.raises(GameRecordError, match=r"answers\[2\]: 'Z9' does not replay \(mark"):
        replay(bad, DECK, source="g.json")
    other_deck = GameRecord("0" * 16, 1, ("human",))
    with pytest.raises(GameRecordError, match="deck: the game was played with another deck"):
        replay(other_deck, DECK, source="g.json")


# --- state files for keep and replacement --------------------------------------------------


def test_keep_and_replacement_state_files() -> None:
    keep = parse_view("dealt: [12, 30, 5, 44]\nplayers: 3\n", DECK)
    assert keep.kind is Kind.KEEP and keep.game is not None
    assert len(keep.game.players) == 3
    assert [c.number for c in keep.game.players[0].dealt] == [12, 30, 5, 44]
    replacement = parse_view(
        "round: 2\nexpedition: L3\nseen: [I3]\ncards:\n  - number: 30\n    marks: A1\n"
        "replace: 12\noffer: [5, 17]\ndeck: 3\n"
        "sheet: {completed: [1, 3], red: 1}\n",
        DECK,
    )
    game = replacement.game
    assert replacement.kind is Kind.REPLACEMENT and game is not None
    assert game.phase is Phase.REPLACE and len(game.replacement_options()) == 3
    assert [c.number for c in game.players[0].sheet.completed] == [1, 3, 12]
    assert replacement.pool is not None and len(replacement.pool) == 48 - 6
    advice = advise(game, 0, rollouts=2, pool=replacement.pool)
    assert advice.kind is Kind.REPLACEMENT and len(advice.options) == 3


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("dealt: [1, 2, 3]\n", "dealt: expected 4 to 4 entries"),
        ("dealt: [1, 2, 3, 3]\n", "dealt: the same card is listed twice"),
        ("dealt: [1, 2, 3, 4]\nround: 2\n", "round: a keep decision (with dealt) takes only"),
        (
            "round: 1\nexpedition: L3\ncards:\n  - number: 2\noffer: [5]\n",
            "offer: only for a replacement",
        ),
        (
            "round: 1\nexpedition: L3\nreplace: 2\noffer: [2]\ndeck: 1\n",
            "card 2 appears twice",
        ),
        (
            "round: 1\nexpedition: L3\nreplace: 2\noffer: []\ndeck: 0\n",
            "offer: the offer and the deck are both empty",
        ),
        (
            "round: 1\nexpedition: L3\nreplace: 2\noffer: [3]\ndeck: 47\n",
            "deck: only 46 cards are out of sight, not 47",
        ),
    ],
)
def test_bad_keep_and_replacement_states(text: str, message: str) -> None:
    with pytest.raises(StateFileError) as raised:
        parse_view(text, DECK)
    assert message in str(raised.value)


# --- the command line ---------------------------------------------------------------------


@pytest.mark.slow  # a whole coached game, then its review; CI runs it
def test_game_with_coach_and_record_then_review(tmp_path: Path) -> None:
    """A scripted 1-player game with --coach and --record; --review says the same."""
    record, _ = played_to(9, 1, Phase.MARK, skip=6)
    moves = tmp_path / "moves.txt"
    moves.write_text("\n".join((*record.answers, "q", "y")) + "\n", encoding="utf-8")
    path = tmp_path / "game.json"
    args = ["game", "--seed", "9", "--players", "1", "--plain", "--moves-file", str(moves)]
    played = CliRunner().invoke(app, [*args, "--coach", "--rollouts", "2", "--record", str(path)])
    assert played.exit_code == 0, played.output
    assert f"the record so far is in {path}" in " ".join(played.stderr.split())
    # The last move is not final (q came at "End the turn?"), so it is not recorded.
    kept = replay(load_record(path), DECK).decisions
    assert [answer_of(d.state, d.choice) for d in kept] == list(record.answers[:-1])
    reviewed = CliRunner().invoke(
        app, ["hint", "--game", str(path), "--review", "--rollouts", "2", "--json"]
    )
    assert reviewed.exit_code == 0, reviewed.output
    data = json.loads(reviewed.stdout)
    assert data["decisions"] == len(record.answers) - 1
    live = [line for line in played.stdout.splitlines() if line.startswith("Coach (")]
    flagged = [v for v in data["verdicts"] if v["grade"]]
    assert len(live) == len(flagged)
    advice = CliRunner().invoke(app, ["hint", "--game", str(path), "--json"])
    assert advice.exit_code == 0, advice.output
    assert json.loads(advice.stdout)["decision"] == "mark"


def test_hint_game_errors_are_one_line(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    path.write_text('{"format": "silverpyr game record"}', encoding="utf-8")
    result = CliRunner().invoke(app, ["hint", "--game", str(path)])
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(f"error: {path}: ")


def test_a_record_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    missing = tmp_path / "no" / "game.json"
    result = CliRunner().invoke(
        app, ["game", "--seed", "1", "--record", str(missing), "--moves", "-"], input="q!\n"
    )
    assert result.exit_code == 2
    [line] = result.stderr.strip().splitlines()
    assert line.startswith(f"error: cannot save the game record to {missing}: the folder ")
