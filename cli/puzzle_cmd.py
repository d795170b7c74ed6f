"""``silverpyr puzzle``, ``silverpyr daily`` and ``silverpyr stats``: the puzzle trainer.

A puzzle shows everything up front (the card or cards, the start, every expedition card in
order) and asks for one move a turn in notation (``B1 B2 C2``, ``C3``, ``17:B1 B2 +C3``).
Other answers are commands, looked up in :data:`PLAY_COMMANDS` (``u`` undo, ``?`` legal
moves, ``h`` the next hint level, ``q`` give up), so a new command is one more entry
there; every move played is judged by the solver (:data:`AFTER_MOVE`). At the end: score
against par, the optimal line beside the player's, and a share text. Results go to the
results database (:mod:`silverpyr.puzzles.store`).

Answers come from the terminal, from ``--moves "B1 B2 C2; C3; u; ..."`` (``-`` reads them
from stdin), or from stdin when it is not a terminal.

The daily puzzle is the one of the player's **local** calendar date (the computer's time
zone), the same puzzle for everyone on that date; ``--date`` picks another date.
"""

from __future__ import annotations

import datetime as dt
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..solver.errors import SilverpyrError
from .context import app_context
from .output import emit, stderr_console, stdout_console

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.text import Text

    from ..puzzles.hints.coach import Coach
    from ..puzzles.puzzle import Puzzle
    from ..puzzles.session import PlaySession, Result, TurnPlayed
    from ..puzzles.store import Store
    from ..solver.cards import Deck
    from ..solver.moves import Move
    from ..solver.position import Position
    from ..solver.problem import Instance, LineResult

START_LABEL = "*"
"""Label of cells marked before the puzzle starts (turns are labelled by their number)."""


class KindChoice(StrEnum):
    """``--kind`` values."""

    points = "points"
    sprint = "sprint"
    pair = "pair"
    midround = "midround"


class MovesExhaustedError(SilverpyrError):
    """Scripted answers ended before the puzzle did."""


class _Quit(Exception):
    """End of input at a terminal: the player leaves (the attempt counts as given up)."""


# --- options shared by the commands -------------------------------------------------------

JsonOption = Annotated[
    bool, typer.Option("--json", help="Print the puzzle (or, with --moves, the result) as JSON.")
]
MovesOption = Annotated[
    str | None,
    typer.Option(
        "--moves",
        help="Play these answers, turns separated by ';' (e.g. \"B1 B2 C2; C3; u; C4\"); "
        "'-' reads them from stdin.",
        show_default=False,
    ),
]
PlainOption = Annotated[bool, typer.Option("--plain", help="ASCII output without colour.")]
NoRecordOption = Annotated[
    bool, typer.Option("--no-record", help="Do not record the attempt in your stats.")
]


# --- answers ------------------------------------------------------------------------------


class Answers:
    """Where the player's answers come from: a terminal, or a script of answers."""

    def __init__(self, console: Console, script: list[str] | None) -> None:
        self._console = console
        self._script: Iterator[str] | None = iter(script) if script is not None else None

    def ask(self, prompt: Text) -> str:
        """The next answer to ``prompt``."""
        if self._script is None:
            try:
                return self._console.input(prompt)
            except EOFError:
                self._console.print()
                raise _Quit from None
        for answer in self._script:
            self._console.print(prompt, answer, sep="", highlight=False, markup=False)
            return answer
        raise MovesExhaustedError("the moves ran out before the puzzle ended")


def script_from_text(text: str) -> list[str]:
    """Answers from ``--moves`` text or stdin: split on ';' and lines; ``#`` starts a comment."""
    answers: list[str] = []
    for line in text.splitlines():
        if line.strip().startswith("#"):
            continue
        answers.extend(part.strip() for part in line.split(";") if part.strip())
    return answers


def _script(moves: str | None) -> list[str] | None:
    if moves == "-" or (moves is None and not sys.stdin.isatty()):
        return script_from_text(sys.stdin.read())
    if moves is None:
        return None
    return script_from_text(moves)


# --- the play screen ----------------------------------------------------------------------


@dataclass
class PlayScreen:
    """Everything the play loop and its commands share."""

    console: Console
    session: PlaySession
    deck: Deck
    plain: bool
    notes: list[str] = field(default_factory=list)
    """Lines shown once under the next drawing of the board (what the last move did)."""
    coach: Coach | None = None
    """The hints helper's coach for this attempt, made when first needed."""

    def explain(self, message: str) -> None:
        """Tell the player why an answer was not taken (stderr, so data stays clean)."""
        from rich.text import Text

        text = Text("illegal: ", style="bold")
        text.append(message)
        stderr_console().print(text, highlight=False, soft_wrap=True)


PlayCommand = Callable[[PlayScreen, str], bool]
"""A play command: gets the screen and the rest of the answer; True to redraw the board."""


def _undo(screen: PlayScreen, rest: str) -> bool:
    undone = screen.session.undo()
    if undone is None:
        screen.explain("nothing to undo")
        return False
    screen.notes.append(
        f"Took back turn {screen.session.turn_index + 1}: {screen.session.notation(undone)}"
    )
    return True


def _legal(screen: PlayScreen, rest: str) -> bool:
    from ..solver.moves import move_str

    session = screen.session
    moves = session.legal_moves()
    if rest.strip():
        wanted = rest.strip()
        in_play = [str(state.number) for state in session.position.in_play()]
        if wanted not in in_play:
            screen.explain(f"{wanted!r} is not one of your cards in play ({', '.join(in_play)})")
            return False
        moves = [m for m in moves if m.mark is not None and str(m.mark.card) == wanted]
    patterns = [m for m in moves if m.mark is not None and not m.mark.is_single]
    singles = [m for m in moves if m.mark is not None and m.mark.is_single]
    with_card = session.with_card_numbers
    expedition = session.expedition.name
    console = screen.console
    console.print(f"{_count(len(patterns), 'placement')} of {expedition}:", highlight=False)
    console.print(
        "  " + ("  |  ".join(move_str(m, with_card=with_card) for m in patterns) or "none"),
        highlight=False,
        markup=False,
        soft_wrap=False,
    )
    console.print(f"{_count(len(singles), 'single cell')} instead:", highlight=False)
    console.print(
        "  " + ("  |  ".join(move_str(m, with_card=with_card) for m in singles) or "none"),
        highlight=False,
        markup=False,
    )
    return False


def _count(amount: int, noun: str) -> str:
    return f"{amount} {noun}{'s' if amount != 1 else ''}"


def _give_up(screen: PlayScreen, rest: str) -> bool:
    screen.session.give_up()
    return False


def _hint(screen: PlayScreen, rest: str) -> bool:
    from .hint_cmd import hint_command

    return hint_command(screen, rest)


def _feedback(screen: PlayScreen) -> list[str]:
    from .hint_cmd import feedback_notes

    return feedback_notes(screen)


PLAY_COMMANDS: dict[str, tuple[PlayCommand, str]] = {
    "u": (_undo, "undo"),
    "?": (_legal, "legal moves"),
    "h": (_hint, "hint"),
    "q": (_give_up, "give up"),
}
"""Answers that are commands rather than moves: the first word picks the command."""

AfterMove = Callable[[PlayScreen], list[str]]
"""Called after each legal move; the lines returned are shown under the next drawing."""

AFTER_MOVE: list[AfterMove] = [_feedback]
"""Hooks run after every legal move (e.g. feedback on the move), in order."""


def _command_of(answer: str) -> tuple[PlayCommand, str] | None:
    stripped = answer.strip()
    if stripped.startswith("?"):
        return PLAY_COMMANDS["?"][0], stripped[1:]
    word, _, rest = stripped.partition(" ")
    aliases = {"undo": "u", "quit": "q", "help": "?"}
    entry = PLAY_COMMANDS.get(aliases.get(word.lower(), word.lower()))
    return (entry[0], rest) if entry else None


def play_loop(screen: PlayScreen, answers: Answers) -> None:
    """Ask for answers until the puzzle is over (or the player gives up)."""
    from ..solver.moves import AmbiguousMoveError, IllegalMoveError, InvalidMoveError

    session = screen.session
    redraw = True
    while not session.finished:
        if redraw:
            draw_turn(screen)
        try:
            answer = answers.ask(_prompt(screen))
        except _Quit:
            session.give_up()
            break
        command = _command_of(answer)
        if command is not None:
            redraw = command[0](screen, command[1])
            continue
        try:
            played = session.play(answer)
        except (InvalidMoveError, IllegalMoveError, AmbiguousMoveError) as error:
            screen.explain(str(error))
            redraw = False
            continue
        screen.notes.append(describe_turn(session, played))
        for hook in AFTER_MOVE:
            screen.notes.extend(hook(screen))
        redraw = True


def _prompt(screen: PlayScreen) -> Text:
    from rich.text import Text

    session = screen.session
    commands = ", ".join(f"{key} {name}" for key, (_, name) in PLAY_COMMANDS.items())
    text = Text()
    text.append(
        f"Turn {session.turn_index + 1}/{session.instance.turns} ({session.expedition.name})",
        style="bold",
    )
    text.append(f" - your move ({commands}): ")
    return text


# --- drawing ------------------------------------------------------------------------------


def _stars(difficulty: int, *, plain: bool) -> str:
    full, empty = ("*", "-") if plain else ("\u2605", "\u2606")
    return full * difficulty + empty * (5 - difficulty)


def puzzle_header(puzzle: Puzzle, *, plain: bool) -> Text:
    """``Daily puzzle 2026-11-22 · mid-round start · difficulty ★★★☆☆ · par 21``."""
    from rich.text import Text

    date = puzzle.daily_date
    sep = " - " if plain else " \u00b7 "
    text = Text(f"Daily puzzle {date}" if date else f"Puzzle {puzzle.id}", style="bold")
    text.append(f"{sep}{puzzle.kind.label}{sep}difficulty ")
    text.append(_stars(puzzle.difficulty, plain=plain), style="" if plain else "bold yellow")
    text.append(f"{sep}par {puzzle.par}", style="bold")
    return text


def _turn_labels(positions: list[Position], number: int) -> dict[int, str]:
    """Cell labels of card ``number``: ``*`` for the start marks, then the turn number."""
    from ..solver.cells import cells_of

    labels: dict[int, str] = {}
    previous = positions[0].card(number).marked
    for cell in cells_of(previous):
        labels[cell] = START_LABEL
    for turn, position in enumerate(positions[1:], start=1):
        marked = position.card(number).marked
        for cell in cells_of(marked & ~previous):
            labels[cell] = str(turn)
        previous = marked
    return labels


def _card_drawing(
    deck: Deck, number: int, labels: dict[int, str], *, plain: bool, note: str = ""
) -> RenderableType:
    from rich.console import Group

    from .render import card_title, room_grid

    title = card_title(deck.card(number), plain=plain)
    if note:
        title.append(note)
    return Group(title, room_grid(deck.card(number).room, marked=labels, plain=plain))


def _expedition_strip(screen: PlayScreen) -> RenderableType:
    """Every expedition card in order as a small drawing under a note of the rounds; the
    current one framed heavy (``>`` in plain output), the ones played ticked (``x``) and
    greyed."""
    from rich import box
    from rich.columns import Columns
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    session = screen.session
    instance = session.instance
    current = session.turn_index
    block = "X" if screen.plain else "\u25a0"
    rows = max(len(e.pattern()) for e in instance.expeditions)
    panels = []
    for turn, expedition in enumerate(instance.expeditions):
        shape = "\n".join(
            " ".join(block if ch == "X" else " " for ch in row) for row in expedition.pattern()
        )
        style = "bold yellow" if turn == current else ("grey50" if turn < current else "")
        title = f"{turn + 1} {expedition.name}"
        if turn < len(session.moves):
            title += " x" if screen.plain else " \u2713"
        elif turn == current and screen.plain:
            title = f">{title}<"
        heavy = box.HEAVY if turn == current else box.ROUNDED
        panels.append(
            Panel(
                Text(shape, style=style),
                title=title,
                title_align="left",
                box=box.ASCII if screen.plain else heavy,
                border_style=style,
                width=11,
                height=rows + 2,
            )
        )
    return Group(Text(_rounds_note(instance)), Columns(panels, padding=(0, 0)))


def _rounds_note(instance: Instance) -> str:
    """``Expedition cards, in order (round 1: turns 1-3; round 2: turns 4-6):``."""
    spans: dict[int, list[int]] = {}
    for turn in range(instance.turns):
        spans.setdefault(instance.round_of(turn), []).append(turn + 1)
    parts = [
        f"round {r}: turn{'s' if len(t) > 1 else ''} {t[0]}{f'-{t[-1]}' if len(t) > 1 else ''}"
        for r, t in spans.items()
    ]
    return f"Expedition cards, in order ({'; '.join(parts)}):"


def _sheet_line(screen: PlayScreen) -> Text:
    from rich.text import Text

    from ..solver.sheet import skull_penalty

    session = screen.session
    sheet = session.position.sheet
    sep = " - " if screen.plain else " \u00b7 "
    round_number = session.round_number
    torch = "ticked" if sheet.has_torch(round_number) else "open"
    skulls = f"skulls {sheet.skulls}"
    if sheet.skulls:
        skulls += f" (-{skull_penalty(sheet.skulls)})"
    text = Text()
    text.append("Score card: ", style="bold")
    text.append(f"red {sheet.red}{sep}green {sheet.green}{sep}{skulls}")
    text.append(f"{sep}torch box of round {round_number} {torch}")
    text.append(f"\nScore so far {session.score().total}", style="bold")
    text.append(f"{sep}par {session.puzzle.par}")
    return text


def _turn_title(session: PlaySession) -> str:
    """``Turn 2/6 - round 1, turn 6/7``: the puzzle's turn and where it falls in the game."""
    from ..solver.sheet import TURNS_PER_ROUND

    instance = session.instance
    index = min(session.turn_index, instance.turns - 1)
    round_number, in_round = instance.when(index)
    return (
        f"Turn {index + 1}/{instance.turns} - round {round_number}, "
        f"turn {in_round}/{TURNS_PER_ROUND}"
    )


def draw_turn(screen: PlayScreen) -> None:
    """The board at the start of a turn: header, cards, expedition cards, sheet, notes."""
    from rich.columns import Columns
    from rich.rule import Rule

    from .render import room_legend

    session = screen.session
    console = screen.console
    puzzle = session.puzzle
    console.print()
    console.print(Rule(_turn_title(session), characters="-" if screen.plain else "\u2500"))
    console.print(puzzle_header(puzzle, plain=screen.plain))
    console.print(puzzle.goal_text(), highlight=False)
    if not puzzle.start.is_empty():
        console.print(
            f"At the start: {puzzle.start.describe()} (marked cells show {START_LABEL}).",
            highlight=False,
        )
    positions = list(session.positions)
    drawings = [
        _card_drawing(
            screen.deck,
            n,
            _turn_labels(positions, n),
            plain=screen.plain,
            note=" - complete" if session.position.card(n).is_complete() else "",
        )
        for n in puzzle.cards
    ]
    console.print(Columns(drawings, padding=(0, 6)))
    legend_room = screen.deck.card(puzzle.cards[0]).room if len(puzzle.cards) == 1 else None
    console.print(
        room_legend(legend_room, plain=screen.plain, marked_note="marked on turn 3"),
        highlight=False,
    )
    console.print(_expedition_strip(screen))
    console.print(_sheet_line(screen))
    for note in screen.notes:
        console.print(note, highlight=False, markup=False)
    screen.notes.clear()


def describe_turn(session: PlaySession, played: TurnPlayed) -> str:
    """``Turn 2: B2 C2 D2 - red gem, skull: +0 (score 6)`` and completions."""
    from ..solver.cards import Symbol
    from ..solver.cells import cells_of

    hits: list[str] = []
    for mark in played.move.marks():
        room = played.before.card(mark.card).room
        for cell in cells_of(mark.cells):
            symbol = room.symbol_at(cell)
            if symbol not in (Symbol.PLAIN, Symbol.ENTRANCE):
                hits.append(symbol.label)
    gained = played.points
    what = f" - {', '.join(hits)}" if hits else ""
    score = session.score().total
    text = f"Turn {played.turn}: {session.notation(played.move)}{what}: {gained:+d} (score {score})"
    for number in played.completed:
        text += f"; card {number} complete"
    return text


# --- the end of a puzzle ------------------------------------------------------------------


def _result_heading(puzzle: Puzzle, result: Result, *, plain: bool) -> Text:
    from rich.text import Text

    text = Text()
    if result.gave_up:
        text.append(f"You gave up with {result.points} points (par {result.par}).", style="bold")
    elif not result.goal_met:
        text.append(
            f"The card was not completed by turn {puzzle.par_turns}: "
            f"{result.points} points, par {result.par}.",
            style="bold",
        )
    elif result.at_par:
        text.append(
            f"At par! {result.points}/{result.par}", style="bold" if plain else "bold green"
        )
    else:
        text.append(
            f"You scored {result.points}, par is {result.par} "
            f"({result.par - result.points} short).",
            style="bold",
        )
    return text


def lines_table(screen: PlayScreen, optimal: LineResult) -> RenderableType:
    """The player's moves beside an optimal line, turn by turn, with the points of each."""
    from rich import box
    from rich.table import Table

    session = screen.session
    instance = session.instance
    played = session.line() if not session.gave_up else None
    yours = list(played.positions) if played else list(session.positions)
    your_moves = played.moves if played else session.moves
    table = Table(box=box.ASCII if screen.plain else box.SIMPLE_HEAD, show_footer=True)
    table.add_column("Turn", justify="right", footer="Total")
    table.add_column("Pattern")
    table.add_column("Your move", footer=str(session.score().total))
    table.add_column("Pts", justify="right")
    table.add_column("Optimal line", footer=str(optimal.score().total))
    table.add_column("Pts", justify="right")

    def gain(positions: list[Position], turn: int) -> str:
        if turn + 1 >= len(positions):
            return ""
        return f"{positions[turn].gain(positions[turn + 1]):+d}"

    best = list(optimal.positions)
    for turn, expedition in enumerate(instance.expeditions):
        mine = _shown(session, your_moves[turn]) if turn < len(your_moves) else ""
        theirs = _shown(session, optimal.moves[turn])
        table.add_row(
            str(turn + 1), expedition.name, mine, gain(yours, turn), theirs, gain(best, turn)
        )
    return table


def _shown(session: PlaySession, move: Move) -> str:
    return "(all complete)" if move.is_pass else session.notation(move)


def draw_end(screen: PlayScreen, result: Result, share: str) -> None:
    """Score against par, both lines side by side, and the share text."""
    from rich.columns import Columns
    from rich.rule import Rule

    session = screen.session
    puzzle = session.puzzle
    console = screen.console
    optimal = puzzle.solution_line(screen.deck)
    console.print()
    console.print(Rule("Result", characters="-" if screen.plain else "\u2500"))
    for note in screen.notes:
        console.print(note, highlight=False, markup=False)
    screen.notes.clear()
    console.print(_result_heading(puzzle, result, plain=screen.plain))
    console.print(lines_table(screen, optimal))
    yours = list(session.positions)
    drawings = []
    for number in puzzle.cards:
        drawings.append(
            _card_drawing(
                screen.deck,
                number,
                _turn_labels(yours, number),
                plain=screen.plain,
                note=" - yours",
            )
        )
        drawings.append(
            _card_drawing(
                screen.deck,
                number,
                _turn_labels(list(optimal.positions), number),
                plain=screen.plain,
                note=" - optimal",
            )
        )
    console.print(Columns(drawings, padding=(0, 6)))
    console.print()
    console.print("Share:", style="bold")
    console.print(share, highlight=False, markup=False, emoji=False)


# --- running a puzzle ---------------------------------------------------------------------


@dataclass(frozen=True)
class PlayOptions:
    """How to run an attempt."""

    moves: str | None
    as_json: bool
    plain: bool
    record: bool


def _silent_console() -> Console:
    """A console that shows nothing (``--json`` play: only the result is printed)."""
    import io

    from rich.console import Console

    return Console(file=io.StringIO())


def _open_store() -> Store:
    from ..puzzles.store import Store

    return Store.open_default()


def _best_before(store: Store, puzzle: Puzzle) -> str | None:
    attempts = store.attempts(puzzle_id=puzzle.id)
    if not attempts:
        return None
    best = max(attempts, key=lambda a: (a.at_par, a.goal_met and not a.gave_up, a.score))
    times = f"{len(attempts)} time{'s' * (len(attempts) != 1)}"
    at_par = " (at par)" if best.at_par else ""
    return f"You played this puzzle {times} before; best {best.score}/{best.par}{at_par}."


def run_puzzle(ctx: typer.Context, puzzle: Puzzle, store: Store, options: PlayOptions) -> None:
    """Play ``puzzle`` with the chosen answers, show the end, record the attempt."""
    from ..puzzles.session import PlaySession
    from ..puzzles.share import share_text
    from ..puzzles.stats import Attempt

    deck = app_context(ctx).deck()
    script = _script(options.moves)
    if options.as_json:
        if script is None:
            raise MovesExhaustedError("--json with play needs the moves: give --moves")
        console = _silent_console()
    else:
        console = stdout_console(plain=options.plain)
    session = PlaySession(puzzle, deck)
    screen = PlayScreen(console=console, session=session, deck=deck, plain=options.plain)
    answers = Answers(console, script)
    before = _best_before(store, puzzle)
    if before and not options.as_json:
        console.print(before, highlight=False)
    played_on = dt.date.today()
    began = time.monotonic()
    play_loop(screen, answers)
    seconds = time.monotonic() - began
    result = session.result()
    completed = tuple(state.number for state in session.position.cards if state.is_complete())
    share = share_text(puzzle, result, deck, completed, plain=options.plain)
    if options.record:
        store.add_attempt(
            Attempt.from_result(
                result,
                puzzle_id=puzzle.id,
                daily_date=puzzle.daily_date,
                kind=puzzle.kind.value,
                played_on=played_on,
                seconds=seconds,
            )
        )
    if options.as_json:
        data = {
            "id": puzzle.id,
            "score": result.points,
            "par": result.par,
            "at_par": result.at_par,
            "goal_met": result.goal_met,
            "gave_up": result.gave_up,
            "moves": list(result.moves),
            "optimal": list(puzzle.solution),
            "hints_used": result.hints_used,
            "share": share,
        }
        emit(data, lambda _: None, as_json=True)
    else:
        draw_end(screen, result, share)


def _show_puzzle(puzzle: Puzzle, deck: Deck, *, as_json: bool, plain: bool) -> None:
    """``--json`` (or ``--save``'s note): the puzzle without playing it."""
    emit(
        puzzle.to_dict(),
        lambda console: _print_summary(console, puzzle, plain=plain),
        as_json=as_json,
        plain=plain,
    )


def _print_summary(console: Console, puzzle: Puzzle, *, plain: bool) -> None:
    console.print(puzzle_header(puzzle, plain=plain))
    console.print(puzzle.goal_text(), highlight=False)


# --- the commands -------------------------------------------------------------------------


def puzzle(
    ctx: typer.Context,
    seed: Annotated[
        int | None,
        typer.Option(
            "--seed",
            min=0,
            help="Seed of the puzzle: same seed, same puzzle everywhere.",
            show_default=False,
        ),
    ] = None,
    kind: Annotated[
        KindChoice | None,
        typer.Option(
            "--kind", help="Kind of puzzle (default: the seed picks one).", show_default=False
        ),
    ] = None,
    puzzle_id: Annotated[
        str | None,
        typer.Option(
            "--id",
            "--puzzle",
            help="A puzzle id, e.g. 123, sprint-7, daily-2026-11-22.",
            show_default=False,
        ),
    ] = None,
    file: Annotated[
        Path | None,
        typer.Option(
            "--file",
            help="Load the puzzle from a YAML or JSON file.",
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    save: Annotated[
        Path | None,
        typer.Option(
            "--save",
            help="Save the puzzle to this file (.json for JSON, else YAML) and stop.",
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    moves: MovesOption = None,
    plain: PlainOption = False,
    no_record: NoRecordOption = False,
) -> None:
    """Play a puzzle: a seed, an id or a file (a random seed when none is given)."""
    from ..puzzles.catalog import get_puzzle, load_puzzle_file
    from ..puzzles.fileformat import save_puzzle_file
    from ..puzzles.ids import seed_id
    from ..puzzles.kinds import Kind, PuzzleError

    chosen = [
        name
        for name, value in (("--seed", seed), ("--id", puzzle_id), ("--file", file))
        if value is not None
    ]
    if len(chosen) > 1:
        raise PuzzleError(f"give only one of {', '.join(chosen)}")
    if kind is not None and (puzzle_id is not None or file is not None):
        raise PuzzleError("--kind goes with --seed (or no seed), not with --id or --file")
    deck = app_context(ctx).deck()
    with _open_store() as store:
        if file is not None:
            loaded = load_puzzle_file(deck, file)
        else:
            if puzzle_id is None:
                import secrets

                chosen_seed = seed if seed is not None else secrets.randbelow(1_000_000)
                puzzle_id = seed_id(chosen_seed, Kind(kind.value) if kind is not None else None)
            loaded = get_puzzle(deck, puzzle_id, store)
        if save is not None:
            save_puzzle_file(loaded, save)
            stderr_console().print(f"saved puzzle {loaded.id} to {save}", highlight=False)
            return
        if as_json and moves is None:
            _show_puzzle(loaded, deck, as_json=True, plain=plain)
            return
        options = PlayOptions(moves=moves, as_json=as_json, plain=plain, record=not no_record)
        run_puzzle(ctx, loaded, store, options)


def daily(
    ctx: typer.Context,
    date: Annotated[
        str | None,
        typer.Option(
            "--date",
            help="Play the daily puzzle of this date (YYYY-MM-DD); default: your local date.",
            show_default=False,
        ),
    ] = None,
    as_json: JsonOption = False,
    moves: MovesOption = None,
    plain: PlainOption = False,
    no_record: NoRecordOption = False,
) -> None:
    """Play today's daily puzzle: the same for everyone on your local date."""
    from ..puzzles.catalog import get_puzzle
    from ..puzzles.ids import daily_id, parse_date

    day = parse_date(date) if date is not None else dt.date.today()
    deck = app_context(ctx).deck()
    with _open_store() as store:
        loaded = get_puzzle(deck, daily_id(day), store)
        if as_json and moves is None:
            _show_puzzle(loaded, deck, as_json=True, plain=plain)
            return
        options = PlayOptions(moves=moves, as_json=as_json, plain=plain, record=not no_record)
        run_puzzle(ctx, loaded, store, options)


def stats(
    today: Annotated[
        str | None,
        typer.Option(
            "--today",
            help="Count the current streak as of this date (YYYY-MM-DD); default: your local date.",
            show_default=False,
        ),
    ] = None,
    as_json: Annotated[bool, typer.Option("--json", help="Print the statistics as JSON.")] = False,
    plain: PlainOption = False,
) -> None:
    """Your puzzle record: played, at par, streaks of dailies at par, score/par histogram."""
    from ..puzzles.ids import parse_date
    from ..puzzles.stats import summarise

    day = parse_date(today) if today is not None else dt.date.today()
    with _open_store() as store:
        summary = summarise(store.attempts(), day)
    emit(
        summary.to_dict(),
        lambda console: _print_stats(console, summary, plain=plain),
        as_json=as_json,
        plain=plain,
    )


def _print_stats(console: Console, summary: Any, *, plain: bool) -> None:
    from rich.table import Table
    from rich.text import Text

    sep = " - " if plain else " \u00b7 "
    days = "day" if summary.current_streak == 1 else "days"
    best_days = "day" if summary.best_streak == 1 else "days"
    console.print(
        Text(
            f"Played {summary.played}{sep}at par {summary.at_par} ({summary.at_par_percent:.0f}%)"
            f"{sep}dailies {summary.dailies_played}{sep}hints used {summary.hints_used}",
            style="bold",
        )
    )
    console.print(
        f"Current streak {summary.current_streak} {days}"
        f"{sep}best streak {summary.best_streak} {best_days}",
        highlight=False,
    )
    if not summary.played:
        console.print(
            "No puzzles played yet: try `silverpyr daily`.", highlight=False, markup=False
        )
        return
    top = max(count for _, count in summary.histogram) or 1
    table = Table.grid(padding=(0, 2))
    table.add_column(justify="right")
    table.add_column()
    table.add_column(justify="right")
    bar_char = "#" if plain else "\u2588"
    for label, count in summary.histogram:
        bar = bar_char * max(1 if count else 0, round(20 * count / top))
        table.add_row(label, Text(bar, style="" if plain else "cyan"), str(count))
    console.print("Score / par:", style="bold")
    console.print(table)
