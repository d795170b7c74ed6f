"""What the kept-game tests of the Sun and Cheops share (``tests/sun/test_sun_kept_game.py``,
``tests/cheops/test_cheops_kept_game.py``, and the line-mode games' scripts): seat 0 played
by a bot (to the end, noting where a script may stop), a game's answers replayed into a fresh
one (the same table again), the end told once, every event's line, kind and seat, and advice
that leaves the table as it was. Each game hands in its own kept game, bot and moves; what is
checked is the same as when each file spelt it out."""

from __future__ import annotations

import json
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from click.testing import Result

from silverpyr.puzzles.core.kept import UnfinishedGameError
from silverpyr.puzzles.core.store import Store


def play_greedily(
    kept: Any,
    player: Any,
    answers: int | None = None,
    until: Callable[[Any], bool] | None = None,
) -> None:
    """Seat 0 plays as ``player`` (a fresh bot) decides, until ``answers`` moves are final,
    or ``until`` holds at a decision of seat 0 (``None``: to the end)."""
    kept.settle()
    while not kept.is_over() and (answers is None or len(kept.answers) < answers):
        if until is not None and until(kept):
            return
        kept.play(player.decide(kept.state, 0))
        kept.settle()


def play_to_the_end_with_cuts(kept: Any, player: Any) -> list[int]:
    """Seat 0 plays as ``player`` decides to the end; how many answers were final each time
    nothing was pending after its move (where a script may stop)."""
    kept.settle()
    cuts: list[int] = []
    while not kept.is_over():
        kept.play(player.decide(kept.state, 0))
        if not kept.pending:
            cuts.append(len(kept.answers))
        kept.settle()
    return cuts


def replay_answers(kept: Any, again: Any) -> None:
    """Play ``kept``'s answers into ``again`` (a fresh game of the same table), the bots
    settled after each."""
    again.settle()
    for answer in kept.answers:
        again.play(again.parse(answer))
        again.settle()


def assert_answers_replay(start: Callable[[], Any], player: Any) -> Any:
    """The game ``start()`` makes, seat 0 played as ``player`` decides to the end, ends with
    an outcome, and its answers replayed into another ``start()`` give the same table (the
    whole state, as Silver & Gold's tests compare it too); that game back."""
    kept = start()
    play_greedily(kept, player)
    assert kept.is_over() and kept.outcome() is not None
    again = start()
    replay_answers(kept, again)
    assert again.state == kept.state
    return kept


def assert_resumed_as_left(resumed: Any, left: Any) -> None:
    """A kept game started again without a seed resumes the table ``left`` (the whole
    state), nothing pending, and says it resumes."""
    assert resumed.state == left
    assert resumed.pending == ()
    assert any("Resuming" in note for note in resumed.notes)


def assert_refused_naming_the_remedies(
    start: Callable[..., Any], unfinished: type[Exception], command: str
) -> None:
    """Another game (seed 5) while one is unfinished is refused as ``unfinished``, naming
    ``--restart`` and the game's ``command``."""
    with pytest.raises(unfinished) as caught:
        start(seed=5, fresh_seed=0)
    message = str(caught.value)
    assert "--restart" in message and command in message


def assert_restart_drops_the_unfinished(start: Callable[..., Any]) -> None:
    """With ``restart``, the game of seed 5 starts afresh, saying the unfinished one is
    dropped."""
    with start(seed=5, fresh_seed=0, restart=True) as fresh:
        assert fresh.seed == 5 and not fresh.resumed
        assert any("dropped" in note for note in fresh.notes)


def assert_another_game_names_both_remedies(
    game: str,
    start: Callable[..., Any],
    play: Callable[[Any], None],
    also: Callable[[Callable[..., Any]], None] | None = None,
) -> None:
    """The game of seed 4 (``start``: the ``KeptGame.start`` of ``game`` with its cards, in
    that game's default store) left unfinished once ``play`` has played some of it: another
    game is refused as the core's :class:`UnfinishedGameError` naming the remedies
    (:func:`assert_refused_naming_the_remedies`, with ``silverpyr GAME game``), ``also``
    checks more refusals (given the start in the store), and ``--restart`` drops it."""
    with Store.open_default(game=game) as store, start(seed=4, fresh_seed=0, store=store) as kept:
        play(kept)
    with Store.open_default(game=game) as store:
        started = partial(start, store=store)
        assert_refused_naming_the_remedies(started, UnfinishedGameError, f"silverpyr {game} game")
        if also is not None:
            also(started)
        assert_restart_drops_the_unfinished(started)


def end_told_once(kept: Any, player: Any, over: type) -> Any:
    """Seat 0 plays as ``player`` decides to the end: the event ``over`` (the game's
    ``GameOver``) comes once, with the outcome, saying the game is over; that event."""
    told = [e for e in kept.settle() if isinstance(e, over)]
    while not kept.is_over():
        events = kept.play(player.decide(kept.state, 0)) + kept.settle()
        told.extend(e for e in events if isinstance(e, over))
    assert len(told) == 1
    result = kept.outcome()
    assert result is not None and told[0].outcome == result
    assert "The game is over" in told[0].text
    return told[0]


def assert_every_event_has_a_line_a_kind_and_a_seat(kept: Any, player: Any) -> None:
    """A coached game against one bot, seat 0 played as ``player`` decides to the end: each
    event a line, a kind and a seat (or none), every kind seen; the coach's summary after."""
    kinds: set[str] = set()
    kept.settle()
    while not kept.is_over():
        for event in kept.play(player.decide(kept.state, 0)) + kept.settle():
            assert isinstance(event.text, str) and event.kind in {
                "event",
                "pending",
                "coach",
                "over",
            }
            assert event.seat is None or 0 <= event.seat < 2
            kinds.add(event.kind)
    assert {"event", "pending", "coach", "over"} <= kinds
    assert kept.summary_lines()[0].startswith("Coach's summary")
    assert kept.advice_lines() == ["No decision of yours is due."]


def assert_advice_leaves_the_table(
    kept: Any, saved_row: Callable[[], Any], illegal: Any, refused: type
) -> None:
    """A coached kept game (2 rollouts) at its first decision: the advice and the coach's
    check of its last option change neither the table, the pending moves, the answers nor
    the saved row (``saved_row()``); checking ``illegal`` raises ``refused``."""
    kept.rollouts = 2
    kept.settle()
    state, pending, answers = kept.state, kept.pending, list(kept.answers)
    saved = saved_row()
    advice = kept.advice()
    verdict = kept.check(advice.options[-1].move)
    assert verdict is not None and verdict.played == advice.options[-1].label
    assert kept.state is state and kept.pending == pending and kept.answers == answers
    assert saved_row() == saved
    with pytest.raises(refused):
        kept.check(illegal)


def assert_the_rest_resumes(
    run: Callable[..., Result], rest: list[str], record: Path, key: str, totals: Any
) -> None:
    """``game --moves REST --json --record RECORD`` (``run``: the game's command) resumes the
    unfinished game and ends it: ``totals`` under ``key`` in its JSON and in the record's
    outcome."""
    result = run("--moves", ";".join(rest), "--json", "--record", str(record))
    assert result.exit_code == 0, result.output
    assert "Resuming the unfinished game" in result.stderr
    assert json.loads(result.stdout)[key] == list(totals)
    assert json.loads(record.read_text(encoding="utf-8"))["outcome"][key] == list(totals)
