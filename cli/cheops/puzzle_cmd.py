"""``silverpyr cheops puzzle``, ``cheops daily`` and ``cheops stats``: the Cheops trainer in
line mode.

A puzzle (docs/cheops-puzzles.md) is your turn in a proven endgame (``win-from-here``,
``best-margin``) or one decision of a mid-game (``sell-or-store``, ``which-treasure``,
valued by the expert's rollouts, never proven). Moves are the engine's notation (``take h2
D``, ``sell``, ``store``, ``buy``, ``draw 2``, ``end``, ...), one per line or separated by
``;`` in ``--moves``; besides them ``undo``, ``hint`` (the next level: aim, area, move) or
``hint N``, ``give up``, and ``q`` (save and leave: resumed next time).

The daily is an endgame puzzle of the player's **local** date, the same for everyone on that
date. The first attempt that ends is scored; later plays are practice.
"""

from __future__ import annotations

import datetime as dt
import sys
from collections.abc import Callable, Iterator
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
from .context import GAME
from .context import components as cheops_components

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.cheops.attempt import Sitting
    from ...puzzles.cheops.puzzle import CheopsPuzzle
    from ...puzzles.cheops.session import CheopsSession
    from ...puzzles.standings import ArchiveEntry
    from ...puzzles.store import Store
    from ...solver.cheops.components import Components
    from ...solver.cheops.game import CheopsState

CACHE_VERSION = "cheops-puzzle-v1"
ARCHIVE_DAYS = 30


class CheopsKindChoice(StrEnum):
    """``--kind`` values."""

    win_from_here = "win-from-here"
    best_margin = "best-margin"
    sell_or_store = "sell-or-store"
    which_treasure = "which-treasure"


def _store(optional: bool) -> AbstractContextManager[Store | None]:
    """The Cheops rows of the results store; none at all when nothing is recorded."""
    from ...puzzles.store import Store

    if optional:
        return nullcontext()
    return Store.open_default(game=GAME)


def _today() -> dt.date:
    """The player's local date (the daily's date; a seam for tests)."""
    return dt.date.today()


def _made(make: Callable[[], CheopsPuzzle], as_json: bool) -> CheopsPuzzle:
    from ..output import with_spinner

    return with_spinner(make, "Making the puzzle (proving its par)...", quiet=as_json)


def _cached(
    components: Components,
    puzzle_id: str,
    make: Callable[[Components], CheopsPuzzle],
    no_record: bool,
    as_json: bool,
) -> CheopsPuzzle:
    """The puzzle of ``puzzle_id`` from the store's cache (by components and id), else made
    and cached; ``--no-record`` neither reads nor writes the store. A cached entry is read
    back by :meth:`CheopsPuzzle.from_dict`, which checks the position and proves par again:
    a damaged entry is warned about and made again."""
    from ...puzzles.cheops.puzzle import CheopsPuzzle, CheopsPuzzleError
    from ...puzzles.store import Store

    if no_record:
        return _made(lambda: make(components), as_json)
    key = f"{CACHE_VERSION}|{components.fingerprint}|{puzzle_id}"
    with Store.open_default(game=GAME) as store:
        data = store.cached_puzzle(key)
        if data is not None:
            try:
                return _made(
                    lambda: CheopsPuzzle.from_dict(
                        data, components, where=f"cached puzzle {puzzle_id}"
                    ),
                    as_json,
                )
            except CheopsPuzzleError as error:
                store.warn_cache(key, str(error))
        made = _made(lambda: make(components), as_json)
        store.cache_puzzle(key, made.to_dict())
        return made


def _require_out(day: dt.date, today: dt.date) -> None:
    from ...puzzles.cheops.puzzle import CheopsPuzzleError

    if day > today:
        raise CheopsPuzzleError(
            f"the daily of {day.isoformat()} is not out yet (today is {today.isoformat()})"
        )


def puzzle(
    ctx: typer.Context,
    seed: Annotated[
        int | None,
        seed_option("Seed of the puzzle: same seed, same puzzle everywhere (default: random)."),
    ] = None,
    kind: Annotated[
        CheopsKindChoice | None,
        typer.Option(
            "--kind", help="Kind of puzzle (default: the seed picks one).", show_default=False
        ),
    ] = None,
    puzzle_id: Annotated[
        str | None,
        typer.Option(
            "--id",
            help="A puzzle id, e.g. cheops-123, win-from-here-7, best-margin-9, "
            "sell-or-store-3, which-treasure-4, daily-2026-11-26.",
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
    """Play a Cheops puzzle: your turn in a proven endgame, or a mid-game decision."""
    from ...puzzles.cheops.ids import parse_puzzle_id, puzzle_for_id, seed_id
    from ...puzzles.cheops.puzzle import CheopsPuzzleError

    text = moves_text(moves, moves_file)
    if seed is not None and puzzle_id is not None:
        raise CheopsPuzzleError("give only one of --seed, --id")
    if kind is not None and puzzle_id is not None:
        raise CheopsPuzzleError("--kind goes with --seed (or no seed), not with --id")
    today = _today()
    if puzzle_id is None:
        chosen = seed if seed is not None else random_seed()
        puzzle_id = seed_id(chosen, kind.value if kind is not None else None)
    parsed = parse_puzzle_id(puzzle_id)
    if parsed.daily_date is not None:
        _require_out(dt.date.fromisoformat(parsed.daily_date), today)
    loaded = _cached(
        cheops_components(ctx),
        parsed.text,
        lambda components: puzzle_for_id(parsed.text, components),
        no_record,
        as_json,
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
    """Play today's Cheops daily: a proven endgame, the same for everyone on your date."""
    from ...puzzles.cheops.ids import daily_puzzle, parse_date
    from ...puzzles.cheops.puzzle import CheopsPuzzleError

    text = moves_text(moves, moves_file)
    today = _today()
    if archive:
        if date is not None or text is not None or restart:
            raise CheopsPuzzleError(
                "--archive lists the dailies: it takes only --days, --json, --plain"
            )
        _archive(today, days, as_json=as_json, plain=plain)
        return
    day = parse_date(date) if date is not None else today
    _require_out(day, today)
    loaded = _cached(
        cheops_components(ctx),
        f"daily-{day.isoformat()}",
        lambda components: daily_puzzle(day, components),
        no_record,
        as_json,
    )
    _play(loaded, text, as_json=as_json, plain=plain, no_record=no_record, restart=restart)


def stats(as_json: JsonOption = False, plain: PlainOption = False) -> None:
    """Your Cheops puzzle statistics: played, at par, streaks, histogram."""
    from ...puzzles.standings import summarise
    from ...puzzles.store import Store

    with Store.open_default(game=GAME) as store:
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
    loaded: CheopsPuzzle,
    text: str | None,
    *,
    as_json: bool,
    plain: bool,
    no_record: bool,
    restart: bool,
) -> None:
    from ...puzzles.cheops.attempt import open_attempt
    from ...puzzles.cheops.session import CheopsSession
    from ..output import with_spinner

    answers = _answers(text)
    if as_json and answers is None:
        emit(public_dict(loaded), lambda c: None, as_json=True)
        return
    today = _today()
    with _store(no_record) as store:
        fresh = with_spinner(
            lambda: CheopsSession(loaded), "Proving the position's values...", quiet=as_json
        )
        sitting = open_attempt(store, loaded, today, restart=restart, session=fresh)
        log: list[dict[str, Any]] = []
        console = None
        if not as_json:
            from ..output import stdout_console

            console = stdout_console(plain=plain)
            _print_position(console, loaded, sitting.session)
            for note in sitting.notes:
                _say(console, note)
        source = answers if answers is not None else _stdin_lines(console)
        try:
            _run(loaded, sitting, source, log, console, scripted=answers is not None, store=store)
        except KeyboardInterrupt:
            _finish(loaded, sitting, store, today, log, console, as_json=as_json)
            raise
        _finish(loaded, sitting, store, today, log, console, as_json=as_json)


def _stdin_lines(console: Console | None) -> Iterator[str]:
    """Typed answers, one per line, until the puzzle ends or the input does."""
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
    loaded: CheopsPuzzle,
    sitting: Sitting,
    answers: Any,
    log: list[dict[str, Any]],
    console: Console | None,
    *,
    scripted: bool,
    store: Store | None,
) -> None:
    from ...puzzles.cheops.attempt import save_progress
    from ...puzzles.cheops.session import CheopsSessionError

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
                got, hint = session.hint(_hint_level(word))
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
                feedback = decision.feedback()
                log.append(
                    {
                        "move": decision.move,
                        "best": decision.best,
                        "loss": str(decision.loss),
                        "loss_error": None
                        if decision.loss_error is None
                        else str(decision.loss_error),
                        "feedback": feedback,
                    }
                )
                line = decision.move + ("  (best)" if feedback is None else f"  ({feedback})")
                _say(console, line)
                for told in _what_happened(session.state, seen, loaded.seat):
                    _say(console, told)
                if not session.finished and console is not None:
                    _say(console, _prompt(session))
        except CheopsSessionError as error:
            if scripted:
                if store is not None and session.moves:
                    save_progress(store, sitting, loaded)
                raise
            _say(console, f"{error}")
        if session.finished and not scripted:
            break
    _warn_unused(unused)


def _what_happened(state: CheopsState, seen: int, seat: int) -> list[str]:
    """What a move brought that its line does not say: money paid, a tile drawn."""
    from ...solver.cheops.game import DrewTile, LawPlayed, Lost, Paid, Sold, Stored, Took

    told = []
    for event in state.events[seen:]:
        if isinstance(event, Took) and event.seat == seat:
            what = event.item if isinstance(event.item, str) else f"law {event.item}"
            told.append(f"you took {what} from {event.space}")
        elif isinstance(event, LawPlayed) and event.seat == seat and event.target:
            told.append(f"law {event.law}: {event.target}")
        elif isinstance(event, Sold) and event.seat == seat:
            told.append(f"sold {event.colour} for {event.paid} piastres")
        elif isinstance(event, Stored) and event.seat == seat:
            told.append(f"stored {event.colour}")
        elif isinstance(event, Lost) and event.seat == seat:
            told.append(f"the {event.colour} treasure is lost (law 4 on a full board)")
        elif isinstance(event, Paid) and event.seat == seat:
            told.append(f"paid {event.amount} piastres ({event.why})")
        elif isinstance(event, DrewTile) and event.seat == seat:
            told.append(f"you drew {event.kind} from stack {event.stack}")
    if state.over:
        told.append(f"the game is over ({state.end})")
    return told


def _prompt(session: CheopsSession) -> str:
    moves = session.options_now()
    shown = ", ".join(moves[:12]) + (f", ... ({len(moves)} in all)" if len(moves) > 12 else "")
    return f"your move ({session.state.phase.value}): {shown}"


def _hint_level(word: str) -> int | None:
    from ...puzzles.cheops.session import CheopsSessionError

    parts = word.split()
    if len(parts) == 1:
        return None
    if len(parts) == 2 and parts[1] in ("1", "2", "3"):
        return int(parts[1])
    raise CheopsSessionError(f"{word!r}: write hint, or hint 1 (aim), 2 (area) or 3 (move)")


def _warn_unused(unused: list[str]) -> None:
    from ..output import warn

    if unused:
        warn(
            f"the puzzle is over: {len(unused)} answer{'s' * (len(unused) != 1)} not played "
            f"({'; '.join(unused)})"
        )


def _say(console: Console | None, text: str) -> None:
    if console is not None:
        console.print(text, markup=False, highlight=False)


def _finish(
    loaded: CheopsPuzzle,
    sitting: Sitting,
    store: Store | None,
    today: dt.date,
    log: list[dict[str, Any]],
    console: Console | None,
    *,
    as_json: bool,
) -> None:
    from dataclasses import replace

    from ...puzzles.cheops.attempt import record, save_progress
    from ...puzzles.cheops.share import share_text

    session = sitting.session
    data: dict[str, Any] = {"puzzle": public_dict(loaded), "notes": sitting.notes, "log": log}
    if session.finished:
        result = session.result()
        if store is not None:
            record(store, sitting, loaded, today)
        result = replace(result, practice=sitting.practice)
        data.update(
            finished=True,
            score=str(result.score),
            par=str(result.par),
            unit=result.unit,
            at_par=result.at_par,
            percent=result.percent,
            proven=result.proven,
            practice=sitting.practice,
            best=loaded.best,
            share=share_text(loaded, result),
        )
        if console is not None:
            how = "proven" if result.proven else "the expert's estimate, not proven"
            _say(console, f"score {result.score_text()} ({result.percent}% of par; par {how})")
            _say(console, f"the best first move: {loaded.best}")
            _say(console, share_text(loaded, result))
    else:
        if store is not None and session.moves:
            save_progress(store, sitting, loaded)
        data.update(finished=False, moves=list(session.moves), score_so_far=str(session.score))
        if store is not None and session.moves:
            _say(console, "the puzzle is not over: the attempt is saved; play it again to go on")
        else:
            _say(console, "the puzzle is not over; no move was made, so nothing is saved")
    if as_json:
        emit(data, lambda c: None, as_json=True)


# --- what the player sees -------------------------------------------------------------------------


def _cell_text(cell: str | int | None) -> str:
    """A space for people: a treasure by its colour letter (``U`` blue ...), a face-down law
    ``?``, an emptied space by its tile in lower case (``a``-``d``, ``n`` a neighbour)."""
    from ...solver.cheops.components import COLOURS
    from ...solver.cheops.game import COLOUR_LETTERS

    if cell is None or isinstance(cell, int):
        return "?"
    if cell in COLOURS:
        return COLOUR_LETTERS[COLOURS.index(cell)]
    return cell.lower()


def public_dict(loaded: CheopsPuzzle) -> dict[str, Any]:
    """What the player may see of a puzzle: no law under an eye, no stack below its top, no
    answer."""
    from ...solver.cheops.board import SPACES
    from ...solver.cheops.components import COLOURS
    from ...solver.cheops.game import price

    state = loaded.start()
    view = state.view(loaded.seat)
    return {
        "id": loaded.id,
        "kind": loaded.kind,
        "daily_date": loaded.daily_date,
        "difficulty": loaded.difficulty,
        "proven": loaded.proven,
        "seat": loaded.seat,
        "players": state.players,
        "given": list(loaded.given),
        "phase": state.phase.value,
        "pyramid": {str(SPACES[i]): _cell_text(cell) for i, cell in enumerate(view.cells)},
        "boards": {
            colour: {
                "board": board.board.name,
                "covered": board.covered,
                "entries": [e.label for e in board.board.entries],
                "price": price(state, colour).label,
                "law": board.law,
                "law7_entry": None if board.law7 is None else board.law7 + 1,
                "full": board.full,
            }
            for colour, board in zip(COLOURS, state.boards, strict=True)
        },
        "market_price": state.market_price,
        "money": list(state.money),
        "stores": [dict(zip(COLOURS, row, strict=True)) for row in state.stores],
        "hands": ["".join(hand) for hand in state.hands],
        "stack_tops": list(view.stack_tops),
        "stack_sizes": list(view.stack_sizes),
        "neighbours_left": state.neighbours_left,
        "kept_laws": [list(k) for k in state.kept_laws],
        "laws_in_force": list(state.laws_in_force),
        "unseen_laws": len(view.unseen_laws),
        "unit": "percent" if loaded.kind == "win-from-here" else "piastres",
    }


def _print_position(console: Console, loaded: CheopsPuzzle, session: CheopsSession) -> None:
    from ...solver.cheops.board import ROW_LETTERS, ROWS, Space
    from ...solver.cheops.components import COLOURS
    from ...solver.cheops.game import COLOUR_LETTERS, price

    state = session.state
    seat = loaded.seat
    how = "proven par" if loaded.proven else "par by the expert's rollouts, not proven"
    _say(console, f"Cheops {loaded.kind_label} {loaded.id} ({loaded.difficulty}, {how})")
    view = state.view(seat)
    for row in reversed(range(ROWS)):
        cells = "".join(
            f"{_cell_text(view.cells[Space(row, pos).index]):^4}" for pos in range(ROWS - row)
        )
        _say(console, f"  {ROW_LETTERS[row]}  {' ' * (row * 2)}{cells}".rstrip())
    _say(console, "     " + "".join(f"{pos:^4}" for pos in range(1, ROWS + 1)).rstrip())
    legend = ", ".join(
        f"{letter} {colour}" for letter, colour in zip(COLOUR_LETTERS, COLOURS, strict=True)
    )
    _say(console, f"treasures: {legend}; ? a face-down law; a-d, n: tiles on emptied spaces")
    for colour, board in zip(COLOURS, state.boards, strict=True):
        entries = " ".join(
            f"[{e.label}]" if i < board.covered else e.label
            for i, e in enumerate(board.board.entries)
        )
        laws = f", law {board.law} under it" if board.law else ""
        law7 = f", law 7 on entry {board.law7 + 1}" if board.law7 is not None else ""
        full = ", FULL" if board.full else ""
        _say(
            console,
            f"  {colour:<6} price {price(state, colour).label:<6} "
            f"board {entries}{laws}{law7}{full}",
        )
    _say(
        console,
        f"market price {state.market_price}; laws in force: "
        f"{', '.join(map(str, state.laws_in_force)) or 'none'}; neighbours left "
        f"{state.neighbours_left}",
    )
    for player in range(state.players):
        who = "you" if player == seat else f"player {player + 1}"
        stored = ", ".join(
            f"{n} {colour}" for colour, n in zip(COLOURS, state.stores[player], strict=True) if n
        )
        kept = (
            f"; kept laws {', '.join(map(str, state.kept_laws[player]))}"
            if state.kept_laws[player]
            else ""
        )
        _say(
            console,
            f"  {who}: {state.money[player]} piastres, tiles {''.join(state.hands[player]) or '-'}"
            f", stored {stored or 'nothing'}{kept}",
        )
    stacks = ", ".join(
        f"{i + 1}: {top or '-'} ({size})"
        for i, (top, size) in enumerate(zip(view.stack_tops, view.stack_sizes, strict=True))
    )
    _say(console, f"stacks (top, size): {stacks}")
    if loaded.given:
        _say(console, f"you have played: {'; '.join(loaded.given)}")
    questions = {
        "win-from-here": "Play your turn so as to win with the highest chance.",
        "best-margin": "Play your turn for the best final margin over the best other player.",
        "sell-or-store": "Sell or store the treasure you just took?",
        "which-treasure": "Which treasure do you take (take SPACE TILE)?",
    }
    _say(console, questions[loaded.kind])
    _say(console, _prompt(session))
    _say(console, "also: hint, hint 1-3, undo, give up, q (save and leave)")


def _archive(today: dt.date, days: int, *, as_json: bool, plain: bool) -> None:
    from ...puzzles.standings import archive
    from ...puzzles.store import Store

    with Store.open_default(game=GAME) as store:
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
    """The game-free archive entry with score and par in the puzzle's unit (the store keeps
    tenths)."""
    data = entry.to_dict()
    for key in ("score", "par"):
        value = data[key]
        data[key] = value / 10 if isinstance(value, int) else None
    return data


def _describe(entry: ArchiveEntry) -> str:
    """``64.0 / 64.0 at par``, ``gave up (0.0 / 100.0)``, ``in progress``, ``not played``."""
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
