"""``silverpyr sun puzzle``, ``sun daily`` and ``sun stats``: the Pyramid of the Sun trainer in
line mode.

A puzzle is one turn to play (docs/sun-puzzles.md). Moves are the engine's notation
(``S4-sun@2c``, ``symbol points``, ``symbol edge``, ``end``, ``draw standard``), one per line
or separated by ``;`` in ``--moves``; besides them ``undo``, ``hint`` (the next level: aim,
area, move) or ``hint N``, ``give up``, and ``q`` (save and leave: resumed next time).
Scores are expected points with one decimal: par minus what each decision lost; feedback
after each decision shows the better move (silent below 0.05).

The daily is the one of the player's **local** date, the same for everyone on that date. The
first attempt that ends is scored; later plays are practice. An attempt whose moves run out
before the turn ends is saved and resumed by the next play (``--restart`` starts over).
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from enum import StrEnum
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..options import (
    JsonOption,
    MovesFileOption,
    MovesOption,
    NoRecordOption,
    PlainOption,
    RestartOption,
    moves_text,
    random_seed,
    seed_option,
)
from ..output import emit
from .context import deck as sun_deck

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.standings import ArchiveEntry
    from ...puzzles.store import Store
    from ...puzzles.sun.attempt import Sitting
    from ...puzzles.sun.puzzle import SunPuzzle
    from ...solver.sun.cards import Deck
    from ...solver.sun.game import SunState

ARCHIVE_DAYS = 30


class SunKindChoice(StrEnum):
    """``--kind`` values."""

    best_turn = "best-turn"
    final_run = "final-run"


def _store(optional: bool) -> AbstractContextManager[Store | None]:
    """The Sun rows of the results store; none at all when nothing is recorded."""
    from ...puzzles.store import Store

    if optional:
        return nullcontext()
    return Store.open_default(game="sun")


CACHE_VERSION = "sun-puzzle-v1"


def _today() -> dt.date:
    """The player's local date (the daily's date; a seam for tests)."""
    return dt.date.today()


def _cached(
    deck: Deck, puzzle_id: str, make: Callable[[Deck], SunPuzzle], no_record: bool
) -> SunPuzzle:
    """The puzzle of ``puzzle_id`` from the store's cache (by deck and id), else made and
    cached; ``--no-record`` neither reads nor writes the store. A cached entry is read back
    by :meth:`SunPuzzle.from_dict`, which checks the position and recomputes par: a damaged
    entry is warned about and made again."""
    from ...puzzles.store import Store
    from ...puzzles.sun.puzzle import SunPuzzle, SunPuzzleError

    if no_record:
        return make(deck)
    key = f"{CACHE_VERSION}|{deck.fingerprint}|{puzzle_id}"
    with Store.open_default(game="sun") as store:
        data = store.cached_puzzle(key)
        if data is not None:
            try:
                return SunPuzzle.from_dict(data, deck, where=f"cached puzzle {puzzle_id}")
            except SunPuzzleError as error:
                store.warn_cache(key, str(error))
        made = make(deck)
        store.cache_puzzle(key, made.to_dict())
        return made


def _require_out(day: dt.date, today: dt.date) -> None:
    from ...puzzles.sun.puzzle import SunPuzzleError

    if day > today:
        raise SunPuzzleError(
            f"the daily of {day.isoformat()} is not out yet (today is {today.isoformat()})"
        )


def puzzle(
    ctx: typer.Context,
    seed: Annotated[
        int | None,
        seed_option("Seed of the puzzle: same seed, same puzzle everywhere (default: random)."),
    ] = None,
    kind: Annotated[
        SunKindChoice | None,
        typer.Option(
            "--kind", help="Kind of puzzle (default: the seed picks one).", show_default=False
        ),
    ] = None,
    puzzle_id: Annotated[
        str | None,
        typer.Option(
            "--id",
            help="A puzzle id, e.g. sun-123, best-turn-7, final-run-9, daily-2026-11-26.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    moves: MovesOption = None,
    moves_file: MovesFileOption = None,
    plain: PlainOption = False,
    no_record: NoRecordOption = False,
    restart: RestartOption = False,
) -> None:
    """Play a Pyramid of the Sun puzzle: one turn, scored in expected points against par."""
    from ...puzzles.sun.ids import parse_puzzle_id, puzzle_for_id, seed_id
    from ...puzzles.sun.puzzle import SunPuzzleError

    text = moves_text(moves, moves_file)
    if seed is not None and puzzle_id is not None:
        raise SunPuzzleError("give only one of --seed, --id")
    if kind is not None and puzzle_id is not None:
        raise SunPuzzleError("--kind goes with --seed (or no seed), not with --id")
    today = _today()
    if puzzle_id is None:
        chosen = seed if seed is not None else random_seed()
        puzzle_id = seed_id(chosen, kind.value if kind is not None else None)
    parsed = parse_puzzle_id(puzzle_id)
    if parsed.daily_date is not None:
        _require_out(dt.date.fromisoformat(parsed.daily_date), today)
    loaded = _cached(
        sun_deck(ctx), parsed.text, lambda deck: puzzle_for_id(parsed.text, deck), no_record
    )
    _play(loaded, text, as_json=as_json, plain=plain, no_record=no_record, restart=restart)


def daily(
    ctx: typer.Context,
    date: Annotated[
        str | None,
        typer.Option(
            "--date",
            help="Play the daily of this date (YYYY-MM-DD, not after today); default: today.",
            show_default=False,
        ),
    ] = None,
    archive: Annotated[
        bool, typer.Option("--archive", help="List past dailies with your result instead.")
    ] = False,
    days: Annotated[
        int, typer.Option("--days", min=1, max=3660, help="Days listed by --archive.")
    ] = ARCHIVE_DAYS,
    as_json: JsonOption = False,
    moves: MovesOption = None,
    moves_file: MovesFileOption = None,
    plain: PlainOption = False,
    no_record: NoRecordOption = False,
    restart: RestartOption = False,
) -> None:
    """Play today's Pyramid of the Sun daily: the same puzzle for everyone on your date."""
    from ...puzzles.sun.ids import daily_puzzle, parse_date
    from ...puzzles.sun.puzzle import SunPuzzleError

    text = moves_text(moves, moves_file)
    today = _today()
    if archive:
        if date is not None or text is not None or restart:
            raise SunPuzzleError(
                "--archive lists the dailies: it takes only --days, --json, --plain"
            )
        _archive(today, days, as_json=as_json, plain=plain)
        return
    day = parse_date(date) if date is not None else today
    _require_out(day, today)
    loaded = _cached(
        sun_deck(ctx), f"daily-{day.isoformat()}", lambda deck: daily_puzzle(day, deck), no_record
    )
    _play(loaded, text, as_json=as_json, plain=plain, no_record=no_record, restart=restart)


def stats(as_json: JsonOption = False, plain: PlainOption = False) -> None:
    """Your Pyramid of the Sun puzzle statistics: played, at par, streaks, histogram."""
    from ...puzzles.standings import summarise
    from ...puzzles.store import Store

    with Store.open_default(game="sun") as store:
        summary = summarise(store.attempts(), _today())

    def render(console: Console) -> None:
        console.print(
            f"played {summary.played}, at par {summary.at_par}, dailies {summary.dailies_played}, "
            f"streak {summary.current_streak} (best {summary.best_streak}), "
            f"hints {summary.hints_used}, practice {summary.practice}",
            markup=False,
        )
        for label, count in summary.histogram:
            console.print(f"  {label:>10}  {count}", markup=False)

    emit(summary.to_dict(), render, as_json=as_json, plain=plain)


# --- playing ---------------------------------------------------------------------------------


def _answers(text: str | None) -> list[str] | None:
    """The answers of ``--moves`` (``;`` or new lines; ``-`` reads stdin), or ``None``."""
    if text is None:
        return None
    if text.strip() == "-":
        text = sys.stdin.read()
    parts = [
        part.split("#", 1)[0].strip() for line in text.splitlines() for part in line.split(";")
    ]
    return [part for part in parts if part]


def _play(
    loaded: SunPuzzle,
    text: str | None,
    *,
    as_json: bool,
    plain: bool,
    no_record: bool,
    restart: bool,
) -> None:
    from ...puzzles.sun.attempt import open_attempt

    answers = _answers(text)
    if as_json and answers is None:
        emit(public_dict(loaded), lambda c: None, as_json=True)
        return
    today = _today()
    with _store(no_record) as store:
        sitting = open_attempt(store, loaded, today, restart=restart)
        log: list[dict[str, Any]] = []
        console = None
        if not as_json:
            from ..output import stdout_console

            console = stdout_console(plain=plain)
            _print_position(console, loaded, sitting)
            for note in sitting.notes:
                _say(console, note)
        source = answers if answers is not None else _stdin_lines(console)
        try:
            _run(loaded, sitting, source, log, console, scripted=answers is not None, store=store)
        except KeyboardInterrupt:
            # Ctrl-C leaves as q does: the attempt is saved below, then the app says so
            _finish(loaded, sitting, store, today, log, console, as_json=as_json)
            raise
        _finish(loaded, sitting, store, today, log, console, as_json=as_json)


def _stdin_lines(console: Console | None) -> Any:
    """Typed answers, one per line, until the turn ends or the input does."""
    while True:
        if console is not None and sys.stdin.isatty():
            console.print("> ", end="", markup=False)
        line = sys.stdin.readline()
        if not line:
            return
        stripped = line.split("#", 1)[0].strip()
        if stripped:
            yield stripped


def _run(
    loaded: SunPuzzle,
    sitting: Sitting,
    answers: Any,
    log: list[dict[str, Any]],
    console: Console | None,
    *,
    scripted: bool,
    store: Store | None,
) -> None:
    from ...puzzles.sun.attempt import save_progress
    from ...puzzles.sun.session import SunSessionError, points_text

    session = sitting.session
    unused: list[str] = []
    for answer in answers:
        if session.finished:
            unused.append(answer)
            if scripted:
                continue
            break
        word = answer.lower()
        try:
            if word in ("undo", "u"):
                taken = session.undo()
                log.append({"undo": taken})
                _say(console, f"undone: {taken}")
            elif word == "hint" or word.startswith("hint "):
                level = _hint_level(word)
                got, hint = session.hint(level)
                log.append({"hint": got, "text": hint})
                _say(console, f"hint ({('aim', 'area', 'move')[got - 1]}): {hint}")
            elif word in ("give up", "giveup"):
                session.give_up()
                log.append({"gave_up": True})
            elif word in ("q", "quit", "save"):
                log.append({"left": True})
                break
            else:
                seen = len(session.state.events)
                decision = session.play(answer)
                entry: dict[str, Any] = {
                    "move": decision.move,
                    "points": decision.points,
                    "loss": str(decision.loss),
                    "loss_points": float(decision.loss),
                    "best": decision.best,
                    "feedback": decision.feedback(),
                }
                log.append(entry)
                line = f"{decision.move}: +{decision.points}"
                if decision.feedback():
                    line += f"  ({decision.feedback()})"
                _say(console, f"{line}  score so far {points_text(session.score)}")
                for told in _what_happened(session.state, seen):
                    _say(console, told)
        except SunSessionError as error:
            if scripted:
                if store is not None and session.moves:
                    save_progress(store, sitting, loaded)
                raise
            _say(console, f"{error}")
        if session.finished and not scripted:
            break  # typed answers: the end shows at once, not after one more line
    _warn_unused(unused)


def _what_happened(state: SunState, seen: int) -> list[str]:
    """What a move brought that its line does not say: the card a symbol drew (and the
    hand now), and the choice a card that touches its symbol waits for."""
    from ...solver.sun.game import Drew, Phase, matching_neighbours

    deck = state.deck
    told = []
    for event in state.events[seen:]:
        if isinstance(event, Drew) and event.seat == state.turn:
            told.append(f"you drew {deck[event.card].label} from the {event.pile} pile")
    if told:
        told.append(f"your hand: {' '.join(deck[c].label for c in state.hands[state.turn])}")
    if state.phase is Phase.SYMBOL and state.pending is not None:
        card = state.pyramid.cards[state.pending]
        matches = matching_neighbours(state, card, state.pending)
        told.append(
            f"{deck[card].label} touches {matches} card{'s' * (matches != 1)} of its symbol: "
            f"symbol points (+{matches}), or draw a card: symbol standard | symbol edge"
        )
    return told


def _hint_level(word: str) -> int | None:
    """``hint`` (the next level) or ``hint N``."""
    from ...puzzles.sun.session import SunSessionError

    parts = word.split()
    if len(parts) == 1:
        return None
    if len(parts) == 2 and parts[1] in ("1", "2", "3"):
        return int(parts[1])
    raise SunSessionError(f"{word!r}: write hint, or hint 1 (aim), 2 (area) or 3 (move)")


def _warn_unused(unused: list[str]) -> None:
    from ..output import warn

    if unused:
        warn(
            f"the turn is over: {len(unused)} answer{'s' * (len(unused) != 1)} not played "
            f"({'; '.join(unused)})"
        )


def _say(console: Console | None, text: str) -> None:
    if console is not None:
        console.print(text, markup=False, highlight=False)


def _finish(
    loaded: SunPuzzle,
    sitting: Sitting,
    store: Store | None,
    today: dt.date,
    log: list[dict[str, Any]],
    console: Console | None,
    *,
    as_json: bool,
) -> None:
    from ...puzzles.sun.attempt import record, save_progress
    from ...puzzles.sun.session import points_text
    from ...puzzles.sun.share import share_text

    session = sitting.session
    data: dict[str, Any] = {"puzzle": public_dict(loaded), "notes": sitting.notes, "log": log}
    if session.finished:
        result = session.result()
        if store is not None:
            record(store, sitting, loaded, today)
        from dataclasses import replace

        shown = replace(result, practice=sitting.practice)
        data.update(
            finished=True,
            score=str(result.score),
            score_points=round(float(result.score), 1),
            par=str(result.par),
            par_points=round(float(result.par), 1),
            at_par=result.at_par,
            practice=sitting.practice,
            share=share_text(loaded, shown),
        )
        if console is not None:
            _say(console, f"score {points_text(result.score)} / par {points_text(result.par)}")
            _say(console, share_text(loaded, shown))
    else:
        if store is not None and session.moves:
            save_progress(store, sitting, loaded)
        data.update(finished=False, moves=list(session.moves), score_so_far=str(session.score))
        _say(console, "the turn is not over: the attempt is saved; play the same puzzle to go on")
    if as_json:
        emit(data, lambda c: None, as_json=True)


def public_dict(loaded: SunPuzzle) -> dict[str, Any]:
    """What the player may see of a puzzle: no other hand, no pile order, no answer."""
    state = loaded.state
    deck = state.deck
    seat = state.turn
    rows = [[deck[c].label if c is not None else None for c in row] for row in state.pyramid.rows()]
    return {
        "id": loaded.id,
        "kind": loaded.kind,
        "daily_date": loaded.daily_date,
        "difficulty": loaded.difficulty,
        "seat": seat,
        "players": state.players,
        "size": state.size,
        "pyramid": rows,
        "hand": [deck[c].label for c in state.hands[seat]],
        "hand_sizes": [len(h) for h in state.hands],
        "scores": list(state.scores),
        "standard_discards": [deck[c].label for c in state.standard_discards],
        "edge_discards": [deck[c].label for c in state.edge_discards],
        "marker": deck[state.marker].label,
        "par": str(loaded.par),
        "par_points": round(float(loaded.par), 1),
    }


def _print_position(console: Console, loaded: SunPuzzle, sitting: Sitting) -> None:
    from ...puzzles.sun.session import points_text

    state = sitting.session.state
    deck = state.deck
    _say(
        console,
        f"Pyramid of the Sun {loaded.kind_label} {loaded.id} ({loaded.difficulty}): "
        f"par {points_text(loaded.par)}",
    )
    for level, row in reversed(list(enumerate(state.pyramid.rows()))):
        cells = []
        for pos, card in enumerate(row):
            name = f"{level}{'abcdefghij'[pos]}"
            cells.append(f"{name}:{deck[card].label if card is not None else '--'}")
        _say(console, f"  L{level}  " + " ".join(cells))
    _say(console, f"your hand: {' '.join(deck[c].label for c in state.hand)}")
    # Seats are shown from 1, as the game's tables name them ("Player 2").
    scores = ", ".join(
        f"{'you' if seat == state.turn else f'player {seat + 1}'} {points}"
        for seat, points in enumerate(state.scores)
    )
    _say(console, f"scores: {scores}")
    others = ", ".join(
        f"player {seat + 1} {len(hand)}"
        for seat, hand in enumerate(state.hands)
        if seat != state.turn
    )
    _say(console, f"cards in the other hands: {others}")
    for pile in ("standard", "edge"):
        discards = " ".join(deck[c].label for c in state.discards(pile)) or "none"
        _say(console, f"{pile} pile: {len(state.pile(pile))} cards; discards: {discards}")
    _say(console, f"marker (out of the game): {deck[state.marker].label}")
    _say(
        console,
        "moves: S4-sun@2c, symbol points, symbol standard|edge, end, draw standard|edge; "
        "also hint, hint 1-3, undo, give up, q (save and leave)",
    )


def _archive(today: dt.date, days: int, *, as_json: bool, plain: bool) -> None:
    from ...puzzles.standings import archive
    from ...puzzles.store import Store

    with Store.open_default(game="sun") as store:
        entries = archive(store.attempts(), store.all_progress(), today, days)

    def render(console: Console) -> None:
        for entry in entries:
            console.print(f"{entry.date}  {_describe(entry)}", markup=False)

    emit(
        {"today": today.isoformat(), "dailies": [_entry_dict(e) for e in entries]},
        render,
        as_json=as_json,
        plain=plain,
    )


def _entry_dict(entry: ArchiveEntry) -> dict[str, object]:
    """The game-free archive entry with score and par in points (the store keeps tenths)."""
    data = entry.to_dict()
    for key in ("score", "par"):
        value = data[key]
        data[key] = value / 10 if isinstance(value, int) else None
    return data


def _describe(entry: ArchiveEntry) -> str:
    """``11.5 / 12.0 at par``, ``gave up (0.0 / 12.0)``, ``in progress``, ``not played``."""
    scored = entry.scored
    if scored is None:
        text = "in progress" if entry.in_progress is not None else "not played"
    else:
        text = f"{scored.score / 10:.1f} / {scored.par / 10:.1f}"
        text = f"gave up ({text})" if scored.gave_up else text
        text += " at par" if scored.at_par else ""
        if entry.in_progress is not None:
            text += ", practice in progress"
    if entry.practice:
        text += f", {entry.practice} practice"
    return text
