"""``silverpyr game``: a full game driven by scripted answers, as a person would type them."""

from __future__ import annotations

import functools
import json
import re
import stat
from pathlib import Path

import pytest
import yaml
from built_once import BuiltOnceRunner
from typer.testing import Result

from silverpyr.cli.core.app import app
from silverpyr.solver.silvergold.bots import (
    bot_keep_choices,
    bot_moves,
    choose_keep,
    choose_replacement,
)
from silverpyr.solver.silvergold.cards import Color
from silverpyr.solver.silvergold.deckfile import load_deck
from silverpyr.solver.silvergold.game import GameState, Phase, deal
from silverpyr.solver.silvergold.moves import move_str

TEMPLATES = (
    ["..E..", ".#r#.", "xs.pg", ".#t#.", "..T.."],
    ["E.r..", "##.#.", "g..x.", ".#s#t", "p..T."],
    ["..E.g", "r.#..", ".x..s", "#.t.#", "...Tp"],
    ["....E", ".##.x", "gr...", "s.#t.", "T...p"],
    ["E.t.t", "x.x.x", "rgrgr", ".s.s.", "Tp..."],
)
SEED = 4
Answer = tuple[str, str]


@pytest.fixture(scope="module")
def deck_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A 48-card deck file built from a few rooms (independent of the bundled deck)."""
    colors = [color.value for color in Color]
    pyramids = [
        {"number": n, "color": colors[n % 3], "room": TEMPLATES[n % len(TEMPLATES)]}
        for n in range(1, 49)
    ]
    path = tmp_path_factory.mktemp("deck") / "cards.yaml"
    path.write_text(yaml.safe_dump({"format": 1, "pyramids": pyramids}), encoding="utf-8")
    return path


def scripted(deck_file: Path, players: int, seed: int) -> tuple[list[Answer], GameState]:
    """The answers a person plays by typing the bot's choices, with their kind, and the end."""
    answers, end = _scripted(deck_file, players, seed)
    return list(answers), end


@functools.cache  # the bots are deterministic: each game played once for the module
def _scripted(deck_file: Path, players: int, seed: int) -> tuple[tuple[Answer, ...], GameState]:
    state = deal(load_deck(deck_file), players, seed)
    answers: list[Answer] = [("keep", " ".join(map(str, choose_keep(state.players[0].dealt))))]
    state = state.keep(bot_keep_choices(state))
    while not state.is_over():
        if state.phase is Phase.REPLACE:
            choice = choose_replacement(state)
            if state.replacing_player == 0 and len(state.replacement_options()) > 1:
                answers.append(("replace", "d" if choice.slot is None else str(choice.slot + 1)))
            state = state.take_replacement(choice)
        else:
            moves = bot_moves(state)
            if state.position(0).has_card_in_play():
                answers.append(("move", move_str(moves[0], with_card=True)))
            state = state.play(moves)
    return tuple(answers), state


def run(
    deck_file: Path, answers: list[str], *extra: str, stdin: bool = False, players: int = 2
) -> Result:
    runner = BuiltOnceRunner()
    args = [
        "--cards",
        str(deck_file),
        "game",
        "--seed",
        str(SEED),
        "--players",
        str(players),
        "--plain",
        *extra,
    ]
    if stdin:
        return runner.invoke(app, [*args, "--moves", "-"], input="\n".join(answers) + "\n")
    path = deck_file.parent / "moves.txt"
    path.write_text("# my answers\n\n" + "\n".join(answers) + "\n", encoding="utf-8")
    return runner.invoke(app, [*args, "--moves-file", str(path)])


def final_totals(output: str) -> list[int]:
    row = next(line for line in output.splitlines() if line.startswith("| Total"))
    return [int(number) for number in re.findall(r"-?\d+", row)]


def test_scripted_game_ends_with_the_engine_score(deck_file: Path) -> None:
    answers, end = scripted(deck_file, 2, SEED)
    assert any(kind == "replace" for kind, _ in answers)  # the script covers a replacement prompt
    result = run(deck_file, [text for _, text in answers])
    assert result.exit_code == 0, result.output
    assert final_totals(result.stdout) == list(end.outcome().totals)
    winner = end.outcome().winners[0]
    assert result.stdout.rstrip().endswith(
        "You win." if winner == 0 else f"Player {winner + 1} wins."
    )
    assert "Round 4, turn 7 - your move" in result.stdout
    assert "Expedition card:" in result.stdout and "Offer (" in result.stdout
    assert result.stderr == ""


def test_moves_from_stdin_and_solo_game(deck_file: Path) -> None:
    answers, end = scripted(deck_file, 1, SEED)
    result = run(deck_file, [text for _, text in answers], stdin=True, players=1)
    assert result.exit_code == 0, result.output
    assert final_totals(result.stdout) == list(end.outcome().totals)
    assert "you are player 1." in result.stdout


@pytest.mark.parametrize(
    ("where", "bad", "words"),
    [
        ("keep", "1 1", "keep exactly 2 different cards of"),
        ("keep", "two cards", "'two cards': write two card numbers"),
        ("move", "E5", "must include its entrance"),
        ("move", "Z9", "'Z9' is not a cell: use a column A-E and a row 1-5, e.g. C3"),
        ("replace", "9", "'9': answer an offer slot 1-4 or d for the deck top"),
        ("replace", "offer", "'offer': answer an offer slot 1-4 or d for the deck top"),
    ],
)
def test_a_script_stops_at_its_first_bad_answer(
    deck_file: Path, where: str, bad: str, words: str
) -> None:
    # Going on would answer the next question with the answer meant for this one.
    answers, _ = scripted(deck_file, 2, SEED)
    texts = [text for _, text in answers]
    at = 0 if where == "keep" else next(i for i, (k, _) in enumerate(answers) if k == where)
    texts[at:at] = [bad]
    result = run(deck_file, texts)
    assert result.exit_code == 2, result.output
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), lines
    assert f"answer {at + 1} ({bad!r})" in lines[0] and words in lines[0]
    # what was decided before the bad answer is kept (a bad keep: nothing was)
    assert ("the game is saved at" in lines[0]) == (where != "keep")


def test_answers_after_the_end_are_an_error(deck_file: Path) -> None:
    answers, end = scripted(deck_file, 2, SEED)
    result = run(deck_file, [text for _, text in answers] + ["C3"])
    assert result.exit_code == 2
    assert final_totals(result.stdout) == list(end.outcome().totals)
    assert (
        result.stderr.strip()
        .splitlines()[-1]
        .endswith("holds 1 answer after the end, from 'C3' on")
    )


def test_listing_commands_are_not_answers(deck_file: Path) -> None:
    answers, end = scripted(deck_file, 2, SEED)
    texts = [text for _, text in answers]
    first_move = next(i for i, (kind, _) in enumerate(answers) if kind == "move")
    card = texts[first_move].split(":")[0]
    texts[first_move:first_move] = ["?", f"? {card}"]
    result = run(deck_file, texts)
    assert result.exit_code == 0, result.output
    assert final_totals(result.stdout) == list(end.outcome().totals)
    assert re.search(r"\d+ legal moves on your cards \(", result.stdout)
    assert re.search(rf"\d+ legal moves on card {card} \(", result.stdout)


def test_running_out_of_answers_is_an_error(deck_file: Path) -> None:
    answers, _ = scripted(deck_file, 2, SEED)
    result = run(deck_file, [answers[0][1]])
    assert result.exit_code == 2
    assert re.fullmatch(
        r"error: moves file .*moves.txt ran out of answers at: "
        r"Round 1, turn 1 - your move \(\w+; u undo, .*, q quit\); the game is saved at "
        r"round 1, turn 1 \(seed 4, 2 players against a greedy bot\): `silverpyr game` "
        r"resumes it\n",
        result.stderr,
    )


def test_end_of_input_at_a_terminal_leaves_cleanly(deck_file: Path) -> None:
    runner = BuiltOnceRunner()
    args = ["--cards", str(deck_file), "game", "--seed", str(SEED), "--plain"]
    result = runner.invoke(app, args, input="")
    assert result.exit_code == 0
    assert "game abandoned" in result.stderr
    quit_result = runner.invoke(app, args, input="quit\n")
    assert quit_result.exit_code == 0
    assert "game abandoned" in quit_result.stderr


def test_bad_options(deck_file: Path) -> None:
    runner = BuiltOnceRunner()
    result = runner.invoke(
        app, ["--cards", str(deck_file), "game", "--seed", "1", "--players", "5"]
    )
    assert result.exit_code == 2
    missing = runner.invoke(
        app, ["--cards", str(deck_file), "game", "--seed", "1", "--moves-file", "/no/such/file"]
    )
    assert missing.exit_code == 2
    assert missing.stderr.startswith("error: /no/such/file")


def test_without_a_seed_the_game_prints_a_random_one_to_replay(deck_file: Path) -> None:
    runner = BuiltOnceRunner()
    args = ["--cards", str(deck_file), "game", "--players", "3", "--plain", "--moves", "-"]
    first = runner.invoke(app, args, input="")
    assert first.exit_code == 2  # the empty script ran out at the first question
    found = re.match(r"Game seed (\d+): replay it with --seed (\d+)\n", first.stdout)
    assert found is not None and found[1] == found[2]
    assert "players 2-3 are greedy bots" in first.stdout
    again = runner.invoke(app, [*args[:2], "game", "--seed", found[1], *args[3:]], input="")
    assert again.stdout == first.stdout


def _first_move_and_another(deck_file: Path) -> tuple[list[str], str]:
    answers, _ = scripted(deck_file, 2, SEED)
    state = deal(load_deck(deck_file), 2, SEED).keep(
        bot_keep_choices(deal(load_deck(deck_file), 2, SEED))
    )
    texts = [text for _, text in answers]
    other = next(
        move_str(m, with_card=True)
        for m in state.legal_moves(0)
        if move_str(m, with_card=True) != texts[1]
    )
    return texts, other


def test_u_takes_back_a_move_before_the_turn_ends(deck_file: Path) -> None:
    texts, other = _first_move_and_another(deck_file)
    _, end = scripted(deck_file, 2, SEED)
    played = [texts[0], other, "u", texts[1], *texts[2:]]
    result = run(deck_file, played)
    assert result.exit_code == 0, result.output
    assert final_totals(result.stdout) == list(end.outcome().totals)
    assert f"Took back your move {other}; choose again." in result.stdout
    assert "u takes your move back" in " ".join(result.stdout.split())
    # A u with nothing to take back is a script out of step: it stops there.
    stopped = run(deck_file, [texts[0], "u", other])
    assert stopped.exit_code == 2
    assert "nothing to take back: your last move became final" in stopped.stderr


def test_o_h_and_q_at_the_move_prompt(deck_file: Path) -> None:
    texts, _ = _first_move_and_another(deck_file)
    played = [texts[0], "o", "h", "q", "n", texts[1], "o", "q", "y"]
    result = run(deck_file, played)
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert "u undo, ? legal moves, ? N on card N, h hint, o opponents, q quit" in out
    assert "Player 2:" in out and "Player 2's sheet: torches" in out
    assert "Card " in out.split("Player 2:")[1]  # the bot's cards are drawn as rooms
    assert "Expected score" in out and "Confidence:" in out  # the expert's advice
    assert "Leave the game? It is saved (silverpyr game resumes it)" in out
    assert "playing on" in result.stderr
    assert "The game is saved at round 1, turn 1 (seed 4, " in result.stderr
    assert "`silverpyr game` resumes it" in result.stderr
    assert "Final score" not in out


def _special(tmp_path: Path, kind: str) -> Path:
    """A thing at a path that a record must never replace."""
    import os

    path = tmp_path / kind
    if kind == "fifo":
        os.mkfifo(path)
    elif kind == "folder":
        path.mkdir()
    elif kind == "link-to-fifo":
        os.mkfifo(tmp_path / "target")
        path.symlink_to(tmp_path / "target")
    elif kind == "link-to-folder":
        (tmp_path / "target").mkdir()
        path.symlink_to(tmp_path / "target")
    elif kind == "link-to-nothing":
        path.symlink_to(tmp_path / "nothing")
    elif kind == "device":
        if os.geteuid() != 0:
            pytest.skip("making a device node needs root")
        os.mknod(path, 0o600 | stat.S_IFCHR, os.makedev(1, 3))  # like /dev/null
    elif kind == "missing-folder":
        path = tmp_path / "no-such-folder" / "game.json"
    elif kind == "under-a-file":
        (tmp_path / "file").write_text("keep me", encoding="utf-8")
        path = tmp_path / "file" / "game.json"
    return path


def _what_is_at(path: Path) -> tuple[int, bool] | None:
    try:
        info = path.lstat()
    except OSError:
        return None
    return stat.S_IFMT(info.st_mode), path.is_symlink()


@pytest.mark.parametrize(
    "kind",
    [
        "fifo",
        "folder",
        "link-to-fifo",
        "link-to-folder",
        "link-to-nothing",
        "device",
        "missing-folder",
        "under-a-file",
    ],
)
def test_record_refuses_anything_but_a_regular_file_before_the_game(
    deck_file: Path, tmp_path: Path, kind: str
) -> None:
    path = _special(tmp_path, kind)
    before = _what_is_at(path)
    args = ["--cards", str(deck_file), "game", "--seed", "1", "--record", str(path)]
    result = BuiltOnceRunner().invoke(app, [*args, "--moves", "-"], input="q!\n")
    assert result.exit_code == 2
    errors = [line for line in result.stderr.splitlines() if line.startswith("error: ")]
    assert len(errors) == 1 and str(path) in errors[0]
    assert "Game seed" not in result.stdout  # refused before the game starts
    assert _what_is_at(path) == before  # nothing replaced, nothing created
    if kind == "under-a-file":
        assert (tmp_path / "file").read_text(encoding="utf-8") == "keep me"


def test_record_through_a_link_writes_the_file_and_keeps_the_link(
    deck_file: Path, tmp_path: Path
) -> None:
    target = tmp_path / "game.json"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.json"
    link.symlink_to(target)
    args = ["--cards", str(deck_file), "game", "--seed", "1", "--record", str(link)]
    result = BuiltOnceRunner().invoke(app, [*args, "--moves", "-"], input="q!\n")
    assert result.exit_code == 0, result.output
    assert link.is_symlink()
    assert '"seed": 1' in target.read_text(encoding="utf-8")


def test_leaving_names_a_long_record_path_on_one_line(deck_file: Path, tmp_path: Path) -> None:
    folder = tmp_path / ("a-folder-with-a-long-name-[red]-" * 3)
    folder.mkdir()
    path = folder / "game.json"
    args = ["--cards", str(deck_file), "game", "--seed", "1", "--record", str(path)]
    result = BuiltOnceRunner().invoke(app, [*args, "--moves", "q!"], env={"COLUMNS": "40"})
    assert result.exit_code == 0, result.output
    assert result.stderr.splitlines() == [f"game abandoned; the record so far is in {path}"]


# --- saved games, the coach's question ---------------------------------------------------


def _seedless(deck_file: Path, answers: list[str], *extra: str) -> Result:
    args = ["--cards", str(deck_file), "game", "--plain", *extra, "--moves", "-"]
    return BuiltOnceRunner().invoke(app, args, input="\n".join(answers) + "\n")


def test_a_game_left_is_resumed_without_a_seed_and_ends_as_the_whole_game(
    deck_file: Path, home: Path
) -> None:
    answers, end = scripted(deck_file, 2, SEED)
    texts = [text for _, text in answers]
    first = run(deck_file, texts[:3])
    assert first.exit_code == 2  # the script ran out: the game is kept
    saved = re.search(r"the game is saved at (round 1, turn \d[^(]*) \(seed 4, ", first.stderr)
    assert saved is not None, first.stderr
    rest = _seedless(deck_file, texts[3:])
    assert rest.exit_code == 0, rest.output
    assert (
        "Resuming the unfinished game (seed 4, 2 players against a greedy bot, 3 decisions "
        f"made) at {saved[1]}; --restart starts a new one." in " ".join(rest.stdout.split())
    )
    assert final_totals(rest.stdout) == list(end.outcome().totals)
    after = _seedless(deck_file, [])  # the finished game is no longer saved: a new one
    assert "Resuming" not in after.stdout and after.exit_code == 2


def test_another_game_while_one_is_unfinished_is_refused_with_both_remedies(
    deck_file: Path, home: Path
) -> None:
    answers, _ = scripted(deck_file, 2, SEED)
    run(deck_file, [answers[0][1], answers[1][1], "q!"])
    for other in (["--seed", "5"], ["--players", "3"], ["--opponents", "expert"]):
        refused = _seedless(deck_file, ["q!"], *other)
        assert refused.exit_code == 2, refused.output
        lines = refused.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: a game is unfinished (seed 4")
        assert "`silverpyr game` resumes it" in lines[0] and "--restart" in lines[0]
        assert refused.stdout == ""
    same = _seedless(deck_file, ["q!"], "--seed", str(SEED), "--players", "2")
    assert same.exit_code == 0 and "Resuming the unfinished game" in same.stdout
    keep5 = " ".join(map(str, choose_keep(deal(load_deck(deck_file), 2, 5).players[0].dealt)))
    new = _seedless(deck_file, [keep5, "q!"], "--seed", "5", "--restart")
    assert new.exit_code == 0, new.output
    assert "Starting a new game: the unfinished one (seed 4" in " ".join(new.stdout.split())
    resumed = _seedless(deck_file, ["q!"])
    assert "Resuming the unfinished game (seed 5," in " ".join(resumed.stdout.split())


def test_no_record_and_an_unusable_store_play_without_saving(deck_file: Path, home: Path) -> None:
    answers, _ = scripted(deck_file, 2, SEED)
    played = [answers[0][1], "q"]
    unsaved = run(deck_file, [*played, "y"], "--no-record")
    assert unsaved.exit_code == 0, unsaved.output
    assert "Leave the game? It is not saved" in unsaved.stdout
    assert unsaved.stderr.splitlines()[-1] == "game abandoned"
    assert "Resuming" not in _seedless(deck_file, ["q!"]).stdout
    (home / "silverpyr.db").unlink()
    (home / "silverpyr.db").write_text("not a database", encoding="utf-8")
    broken = run(deck_file, [*played, "y"])
    assert broken.exit_code == 0, broken.output
    warnings = [line for line in broken.stderr.splitlines() if line.startswith("warning: ")]
    assert len(warnings) == 1 and "silverpyr.db" in warnings[0]
    assert "played without saving" in warnings[0]
    assert not any(line.startswith("error") for line in broken.stderr.splitlines())
    assert (home / "silverpyr.db").read_text(encoding="utf-8") == "not a database"


def _fake_advice(monkeypatch: pytest.MonkeyPatch) -> None:
    """Advice in no time: the engine's first option is best, every other loses 3 points."""
    from silverpyr.puzzles.silvergold.realgame import advice as advice_module
    from silverpyr.puzzles.silvergold.realgame.advice import Advice, Method, Rated, decision_kind

    def advise(state: GameState, player: int, **options: object) -> Advice:
        choices = advice_module.options_of(state, player)
        rated = tuple(
            Rated(choice, advice_module.label_of(state, choice), 100.0, 3.0 * (index > 0))
            for index, choice in enumerate(choices)
        )
        return Advice(decision_kind(state), Method.EXPERT, rated)

    monkeypatch.setattr(advice_module, "advise", advise)


def test_an_old_script_plays_the_same_game_with_the_coach(
    deck_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_advice(monkeypatch)
    answers, end = scripted(deck_file, 2, SEED)
    result = run(deck_file, [text for _, text in answers], "--coach", "--no-record")
    assert result.exit_code == 0, result.output
    assert final_totals(result.stdout) == list(end.outcome().totals)
    graded = result.stdout.count("Coach (")
    assert graded > 0  # each graded choice: one line after it is final, no question asked
    assert "Play it anyway?" not in result.stdout
    assert "Coach's summary:" in result.stdout


def test_the_coach_asks_before_a_graded_choice_is_final(
    deck_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from silverpyr.puzzles.silvergold.realgame.advice import options_of

    _fake_advice(monkeypatch)
    state = deal(load_deck(deck_file), 2, SEED)
    best, worse = options_of(state, 0)[:2]
    assert isinstance(best, tuple) and isinstance(worse, tuple)
    keep_worse, keep_best = " ".join(map(str, worse)), " ".join(map(str, best))
    # n: choose again; then the best keep (silent); then a graded move heeded with y.
    after = state.keep([best, choose_keep(state.players[1].dealt)])
    moves = options_of(after, 0)
    graded = move_str(moves[1], with_card=True)  # type: ignore[arg-type]
    # "?" is no answer to "End the turn?": the turn ends, and "?" lists the next moves.
    played = [keep_worse, "n", keep_best, graded, "y", "?", "q!"]
    result = run(deck_file, played, "--coach")
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert out.count("Play it anyway? (y plays it, anything else chooses again)") == 2
    assert "Bad: the expert prefers keep" in out
    assert "choose again" in result.stderr
    assert f"Your move: {graded}" in out  # played after the y
    assert "Coach (" not in out  # the question said it: no second line for the same choice
    assert "Coach's summary: 2 decisions, 3.0 expected points lost in all." in out  # q! sums up
    assert "The game is saved at round 1, turn 2" in result.stderr


def test_q_in_a_coached_game_prints_the_summary_so_far(
    deck_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    _fake_advice(monkeypatch)
    answers, _ = scripted(deck_file, 2, SEED)
    result = run(deck_file, [answers[0][1], "q", "y"], "--coach")
    assert result.exit_code == 0, result.output
    assert "Coach's summary: 1 decision," in result.stdout
    assert "Final score" not in result.stdout


def test_rollouts_give_the_advice_a_second_opinion(deck_file: Path) -> None:
    """The hint at the game's last decision (a replacement in round 4, turn 7): a rollout
    plays out that turn alone (0.3 s of CPU), where from the first keep each plays all four
    rounds (1.6 s)."""
    answers, _ = scripted(deck_file, 2, SEED)
    assert answers[-1][0] == "replace"
    result = run(deck_file, [*(text for _, text in answers[:-1]), "h", "q!"], "--rollouts", "2")
    assert result.exit_code == 0, result.output
    text = " ".join(result.stdout.split())
    assert "measured by playing the rest of the game 2 times" in text
    assert "2 rollouts per option against the expert's choice" in text


def test_a_game_open_in_another_session_is_refused(deck_file: Path, home: Path) -> None:
    from silverpyr.puzzles.core.store import Store
    from silverpyr.puzzles.silvergold.realgame.kept_game import KeptGame

    with (
        Store.open_default() as store,
        KeptGame.start(load_deck(deck_file), seed=SEED, fresh_seed=0, store=store),
    ):
        busy = run(deck_file, ["q!"])
        assert busy.exit_code == 2, busy.output
        (line,) = busy.stderr.splitlines()
        assert line.startswith("error: the unfinished game against bots is open in another")
        assert "--no-record" in line
        alone = run(deck_file, ["q!"], "--no-record")  # plays, without saving
        assert alone.exit_code == 0, alone.output
    assert run(deck_file, ["q!"]).exit_code == 0  # let go of when the other session ended


def test_at_a_terminal_the_coach_asks_and_anything_but_y_chooses_again(
    deck_file: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from silverpyr.puzzles.silvergold.realgame.advice import options_of

    _fake_advice(monkeypatch)
    state = deal(load_deck(deck_file), 2, SEED)
    worse = options_of(state, 0)[1]
    typed = [" ".join(map(str, worse)), "maybe", " ".join(map(str, worse)), "y", "q", "y"]
    args = ["--cards", str(deck_file), "game", "--seed", str(SEED), "--plain", "--coach"]
    result = BuiltOnceRunner().invoke(app, args, input="\n".join(typed) + "\n")  # no script
    assert result.exit_code == 0, result.output
    out = " ".join(result.stdout.split())
    assert out.count("Play it anyway?") == 2  # "maybe" chose again; "y" played it
    assert out.count("Keep which two cards?") == 2
    assert "Coach's summary: 1 decision, 3.0 expected points lost in all." in out
    assert "Coach (" not in out


def test_opponents_name_one_bot_a_seat_or_one_for_all(deck_file: Path, home: Path) -> None:
    """``--opponents`` reads as in every game: a list seats one bot a seat (and sets the
    players), one name sits in every other seat."""
    listed = _seedless(deck_file, ["q!"], "--seed", "4", "--opponents", "greedy,expert")
    assert listed.exit_code == 0, listed.output
    assert "players 2-3 are greedy and expert bots" in " ".join(listed.stdout.split())
    every = _seedless(deck_file, ["q!"], "--seed", "4", "--players", "4", "--opponents", "expert")
    assert every.exit_code == 0, every.output
    assert "players 2-4 are expert bots" in " ".join(every.stdout.split())
    for args, named in (
        (("--players", "2", "--opponents", "greedy,expert"), "--players 2"),
        (("--opponents", "greedy,greedy,greedy,greedy"), "1-3"),
        (("--opponents", "greedy,nobody"), "nobody"),
    ):
        refused = _seedless(deck_file, ["q!"], "--seed", "4", *args)
        assert refused.exit_code == 2, refused.output
        lines = refused.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith("error: --") and named in lines[0]


def test_json_prints_the_outcome_alone_as_every_game_writes_it(
    deck_file: Path, tmp_path: Path
) -> None:
    """``game --json``: the game's lines go to stderr, the outcome (the keys of every game's
    ``game --json``) to stdout, at the end or on leaving."""
    answers, end = scripted(deck_file, 2, SEED)
    record = tmp_path / "game.json"
    result = run(deck_file, [text for _, text in answers], "--json", "--record", str(record))
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    outcome = end.outcome()
    assert list(data)[:8] == [
        "seed", "players", "left", "saved", "winners", "scores", "reason", "breakdown"
    ]  # fmt: skip
    assert data["seed"] == SEED and data["players"] == ["human", "greedy"]
    assert data["winners"] == list(outcome.winners) and data["reason"] == "rounds"
    assert data["scores"] == list(outcome.totals) and not data["left"] and not data["saved"]
    assert [seat["total"] for seat in data["breakdown"]] == list(outcome.totals)
    assert data["record"] == str(record) and data["coach"] is None
    assert "| Total" in result.stderr
    left = run(deck_file, [answers[0][1], "q!"], "--json", "--coach")
    assert left.exit_code == 0, left.output
    so_far = json.loads(left.stdout)
    assert so_far["left"] and so_far["winners"] is None and so_far["reason"] is None
    assert so_far["coach"]["decisions"] == 1
