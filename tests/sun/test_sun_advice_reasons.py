"""The Sun advice's reasons (``puzzles/sun/advice.py``, issue 32): in game words and points,
from the expert's own value terms, under every option that is not the expert's choice."""

from __future__ import annotations

import io
import json
import math
import re
from pathlib import Path

import pytest
from tui_pilot import check_reading_keeps_reasons
from typer.testing import CliRunner

from silverpyr.cli.core.app import app
from silverpyr.puzzles.core.grading import REASON_WIDTH, reason_lines
from silverpyr.puzzles.sun import advice as advice_module
from silverpyr.puzzles.sun.advice import (
    REASON_POINTS,
    Advice,
    Reasons,
    advise,
    reference_move,
)
from silverpyr.puzzles.sun.kept_game import KeptGame
from silverpyr.solver.sun.bots import GreedyPlayer
from silverpyr.solver.sun.cards import load_deck
from silverpyr.solver.sun.expert import Expert
from silverpyr.solver.sun.game import (
    Move,
    SunState,
    distinct_moves,
    random_game,
    random_position,
)

SAMPLES = 2
TABLE = ("greedy", "greedy", "greedy")
POINTS = re.compile(r"\(([+-]\d+\.\d)\)$")


def _advice(state: SunState) -> Advice:
    return advise(state, state.turn, TABLE[: state.players], samples=SAMPLES)


def _gaps(state: SunState, option_move: Move) -> dict[tuple[str, str], float]:
    """The expert's choice's terms minus the option's (the piles of two draws as one)."""
    expert = Expert()
    reference = reference_move(state, state.turn)

    def merged(move: Move) -> dict[tuple[str, str], float]:
        found: dict[tuple[str, str], float] = {}
        for (name, which), value in expert.valuation(state, state.turn, move).items():
            key = (name, "" if name in ("draw", "card") else which)
            found[key] = found.get(key, 0.0) + value
        return found

    mine, theirs = merged(reference), merged(option_move)
    return {key: mine.get(key, 0.0) - theirs.get(key, 0.0) for key in {*mine, *theirs}}


@pytest.mark.parametrize("seed", [2, 6, 7])
def test_an_option_whose_terms_differ_is_told_why_in_words_and_points(seed: int) -> None:
    state = random_position(seed, players=3)
    found = _advice(state)
    assert found.best.reasons == ()
    told = 0
    for option in found.options[1:]:
        gaps = _gaps(state, option.move)
        gains = sorted((gap for gap in gaps.values() if gap >= REASON_POINTS), reverse=True)
        said = [POINTS.search(reason) for reason in option.reasons]
        plus = [float(m.group(1)) for m in said if m and m.group(1).startswith("+")]
        assert plus[: len(gains[:2])] == pytest.approx([round(g, 1) for g in gains[:2]], abs=0.051)
        worst = min(gaps.values(), default=0.0)
        yours = [reason for reason in option.reasons if reason.startswith("yours: ")]
        assert len(yours) == (1 if worst <= -REASON_POINTS else 0)
        if yours:
            assert yours[0].endswith(f"({worst:.1f})")
        told += bool(gains)
    assert told, "no option differed from the expert's choice in its terms: a weak test"


def test_reasons_name_the_games_things() -> None:
    state = random_position(2, players=3)  # the expert places S4-serpent on 4c; draws do not
    draw = next(o for o in _advice(state).options if o.label == "draw edge")
    assert draw.reasons[0] == "15 points for cards this turn, not 0 (+15.0)"
    assert any(reason.startswith("yours: keeps S6-sun for level 6 (") for reason in draw.reasons)


def test_the_rest_of_the_loss_is_told_only_beyond_a_clear_margin() -> None:
    state = random_position(2, players=3)
    reference = reference_move(state, state.turn)
    option = next(m for m in distinct_moves(state) if m.notation(state.deck) == "draw edge")
    reasons = Reasons(state, state.turn, reference)
    total = math.fsum(_gaps(state, option).values())
    assert not any("the rest" in r for r in reasons(option, total + 0.4, 0.1))
    assert not any("the rest" in r for r in reasons(option, total + 3.0, 4.0))  # in the noise
    assert not any("the rest" in r for r in reasons(option, total + 3.0, 3.0))
    assert reasons(option, total + 3.0, 0.5)[-1] == "the rest (+3.0) from later turns, by rollouts"
    assert reasons(option, total - 2.5, None)[-1] == (
        "the rest (-2.5) from later turns, by rollouts"
    )


def test_a_rule_made_choice_says_its_rule_first() -> None:
    expert = Expert()
    found = None
    for seed in range(40):
        for state in random_game(seed, 3):
            if not state.over and expert.choose(state, state.turn).rule == "final run":
                found = state
                break
        if found is not None:
            break
    assert found is not None
    advice = _advice(found)
    assert len(advice.options) > 1
    for option in advice.options[1:]:
        assert option.reasons[0].startswith("the expert's final run: it fills the pyramid")


def _regrouped(lines: list[str]) -> list[str]:
    """The reasons of an option's lines: each starts a line, its wrapped lines go on."""
    reasons: list[str] = []
    for line in lines:
        if line.startswith("      "):
            reasons[-1] += " " + line.strip()
        else:
            reasons.append(line.strip())
    return reasons


def test_the_lines_fit_80_columns_and_the_reasons_sit_under_their_option() -> None:
    shown = 0
    for seed in (1, 7, 8):
        found = _advice(random_position(seed, players=3))
        lines = found.lines()
        for line in lines[1:]:  # the head and a note are sentences the console wraps
            assert len(line) <= REASON_WIDTH or line.startswith("  ("), line
        reasons = [line for line in lines if line.startswith("    ")]
        shown += len(reasons)
        for option in found.options[1:]:  # one reason a line, as Cheops's (the core's format)
            head = next(i for i, line in enumerate(lines) if line.startswith(f"  {option.label}:"))
            told = reason_lines(option.reasons)
            assert lines[head + 1 : head + 1 + len(told)] == told
            assert _regrouped(told) == list(option.reasons)  # one a line, whole
        # the full screen's reading dialog, 76 columns inside at 80: as in Cheops
        check_reading_keeps_reasons(lines, [(o.label, o.reasons) for o in found.options[1:]])
    assert shown


def test_reasons_are_in_the_json_and_the_same_for_the_same_state() -> None:
    state = random_position(7, players=3)
    found = _advice(state)
    data = found.to_dict()
    assert [option["reasons"] for option in data["options"]] == [
        list(option.reasons) for option in found.options
    ]
    assert data["options"][0]["reasons"] == []
    assert any(option["reasons"] for option in data["options"])
    advice_module._CACHE.clear()
    assert _advice(state) == found


def test_a_decision_with_one_option_has_no_reasons() -> None:
    single = None
    for seed in range(30):
        for state in random_game(seed, 2):
            if not state.over and len(distinct_moves(state)) == 1:
                single = state
                break
        if single is not None:
            break
    assert single is not None
    found = _advice(single)
    assert len(found.options) == 1 and found.options[0].reasons == ()
    assert [option["reasons"] for option in found.to_dict()["options"]] == [[]]


def test_sun_hint_json_gives_every_options_reasons(tmp_path: Path, home: Path) -> None:
    path = tmp_path / "game.json"
    deck = load_deck()
    kept = KeptGame(deck, 7, "short", ("greedy",), record=path, rollouts=SAMPLES)
    kept.settle()
    greedy = GreedyPlayer()
    while len(kept.state.events) < 30 and not kept.is_over():
        kept.play(greedy.decide(kept.state, 0))
        kept.settle()
    result = CliRunner().invoke(
        app, ["sun", "hint", "--game", str(path), "--json", "--rollouts", str(SAMPLES)]
    )
    assert result.exit_code == 0, result.output
    options = json.loads(result.stdout)["options"]
    assert options[0]["reasons"] == []
    assert all(isinstance(o["reasons"], list) for o in options)
    assert all(isinstance(r, str) for o in options for r in o["reasons"])


def test_an_option_clearly_better_than_the_expert_is_named_with_its_bias() -> None:
    """As in Cheops (the core's ``clearly_better``): the reference stays the expert's move,
    but an option the rollouts put more than twice its error above it is named, with the
    warning that a best-of-the-samples figure leans high; within the noise, nothing."""
    from silverpyr.puzzles.sun.advice import Advice, Rated

    state = random_position(7, players=3)
    a, b, c = distinct_moves(state)[:3]
    deck = state.deck

    def advice(loss_b: float, error_b: float) -> Advice:
        return Advice(
            state.phase,
            (
                Rated(a, a.notation(deck), 20.0, 0.0, None, 8),
                Rated(b, b.notation(deck), 20 - loss_b, loss_b, error_b, 8),
                Rated(c, c.notation(deck), 19.0, 1.0, 0.5, 8),
                Rated(c, "screened", 60.0, -40.0, 1.0, 2),  # screened only: never named
            ),
            8,
        )

    clear = advice(-5.0, 2.0)
    assert clear.clearly_better() is clear.options[1]
    assert clear.lines()[1].startswith(f"  (the rollouts favour {b.notation(deck)}: +5.0 ± 2.0")
    assert "leans high" in clear.lines()[1]
    assert advice(-5.0, 3.0).clearly_better() is None
    assert not any("favour" in line for line in advice(-5.0, 3.0).lines())


def test_a_single_option_is_said_to_be_the_only_move() -> None:
    from silverpyr.puzzles.sun.advice import Advice, Rated

    state = random_position(7, players=3)
    only = distinct_moves(state)[0]
    advice = Advice(state.phase, (Rated(only, only.notation(state.deck), None, 0.0, None, 0),), 0)
    assert advice.lines() == [f"The expert plays {only.notation(state.deck)} (the only move)."]


def test_an_option_above_the_expert_within_the_noise_is_not_shown_as_better() -> None:
    """A mean above the expert's move by at most twice its error says so under it, after its
    reasons (issue 32: no option is listed as better than the expert's choice); beyond it,
    the favour line does."""
    from silverpyr.puzzles.core.grading import NOISE_NOTE, REASON_INDENT, noise_lines
    from silverpyr.puzzles.sun.advice import Advice, Rated

    state = random_position(7, players=3)
    a, b, c = distinct_moves(state)[:3]
    deck = state.deck
    advice = Advice(
        state.phase,
        (
            Rated(a, a.notation(deck), 20.0, 0.0, None, 8),
            Rated(b, b.notation(deck), 21.0, -1.0, 0.6, 8, reasons=("keeps S6 (+2.0)",)),
            Rated(c, c.notation(deck), 19.0, 1.0, 0.2, 8),
        ),
        8,
    )
    lines = advice.lines()
    at = next(i for i, line in enumerate(lines) if line.startswith(f"  {b.notation(deck)}:"))
    assert lines[at + 1 : at + 3] == ["    keeps S6 (+2.0)", REASON_INDENT + NOISE_NOTE]
    assert sum(NOISE_NOTE in line for line in lines) == 1  # not under c, worse than a
    note = [REASON_INDENT + NOISE_NOTE]
    assert noise_lines(-1.0, 0.5) == note  # exactly twice its error
    assert noise_lines(-1.01, 0.5) == []  # beyond: clearly better, the favour line's case
    assert noise_lines(-1.0, None) == []  # no error, no claim
    assert noise_lines(0.0, 1.0) == []  # the same mean is not above


def test_the_reading_dialog_shows_a_noise_note_as_a_note_not_a_reason() -> None:
    """The note under an option is not one of its reasons: alone it does not bring the
    dialog's line about whose the reasons are, and it is drawn whole, under its option."""
    from rich.console import Console

    from silverpyr.cli.core.tui.game_screen import REASONS_SAY, advice_reading
    from silverpyr.puzzles.core.grading import NOISE_NOTE, REASON_INDENT

    lines = [
        "The expert plays S4-sun@1c: 40.0 expected final points. Against it:",
        "  S2@1a: +0.4 ± 1.0, 40.4 expected",
        REASON_INDENT + NOISE_NOTE,
    ]
    console = Console(width=76, no_color=True, record=True, file=io.StringIO())
    console.print(advice_reading(lines))
    rows = [row.rstrip() for row in console.export_text().splitlines()]
    assert REASONS_SAY not in " ".join(rows)
    assert rows[rows.index("  S2@1a: +0.4 ± 1.0, 40.4 expected") + 1] == REASON_INDENT + NOISE_NOTE
