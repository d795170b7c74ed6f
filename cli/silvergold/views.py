"""Drawing a puzzle attempt: the board at each turn, what a move did, hints, the end screen.

Every function here reads a :class:`~silverpyr.puzzles.silvergold.session.PlaySession` (or a hint,
or
a ranking) and prints or returns Rich renderables; none asks for input or changes the
session, so the play loop (:mod:`.play`) and the commands can share them without importing
each other. Single rooms are drawn by :mod:`.render`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from rich.console import Console, RenderableType
    from rich.text import Text

    from ...puzzles.silvergold.hints.graded import Hint
    from ...puzzles.silvergold.puzzle import Puzzle
    from ...puzzles.silvergold.realgame.advice import Advice
    from ...puzzles.silvergold.realgame.game_coach import CoachReport
    from ...puzzles.silvergold.realgame.uncertain import Ranking
    from ...puzzles.silvergold.session import PlaySession, Result, TurnPlayed
    from ...solver.silvergold.cards import Deck
    from ...solver.silvergold.line import LinePosition
    from ...solver.silvergold.moves import Move
    from ...solver.silvergold.position import Position
    from ...solver.silvergold.problem import Instance, LineResult

START_LABEL = "*"
"""Label of cells marked before the puzzle starts (turns are labelled by their number)."""


def _sep(plain: bool) -> str:
    return " - " if plain else " \u00b7 "


def _stars(difficulty: int, *, plain: bool) -> str:
    full, empty = ("*", "-") if plain else ("\u2605", "\u2606")
    return full * difficulty + empty * (5 - difficulty)


def puzzle_header(puzzle: Puzzle, *, plain: bool) -> Text:
    """``Daily puzzle 2026-11-22 · mid-round start · difficulty ★★★☆☆ · par 21``."""
    from rich.text import Text

    date = puzzle.daily_date
    sep = _sep(plain)
    text = Text(f"Daily puzzle {date}" if date else f"Puzzle {puzzle.id}", style="bold")
    text.append(f"{sep}{puzzle.kind.label}{sep}difficulty ")
    text.append(_stars(puzzle.difficulty, plain=plain), style="" if plain else "bold yellow")
    text.append(f"{sep}par {puzzle.par}", style="bold")
    return text


def turn_labels(positions: list[Position], number: int) -> dict[int, str]:
    """Cell labels of card ``number``: ``*`` for the start marks, then the turn number."""
    from ...solver.silvergold.cells import cells_of

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


def card_drawing(
    deck: Deck, number: int, labels: dict[int, str], *, plain: bool, note: str = ""
) -> RenderableType:
    """A card's title and room with its cells labelled."""
    from rich.console import Group

    from .render import card_title, room_grid

    title = card_title(deck.card(number), plain=plain)
    if note:
        title.append(note)
    return Group(title, room_grid(deck.card(number).room, marked=labels, plain=plain))


def expedition_strip(session: PlaySession, *, plain: bool) -> RenderableType:
    """Every expedition card in order as a small drawing under a note of the rounds; the
    current one framed heavy (``>`` in plain output), the ones played ticked (``x``) and
    greyed."""
    from rich import box
    from rich.columns import Columns
    from rich.console import Group
    from rich.panel import Panel
    from rich.text import Text

    instance = session.instance
    current = session.turn_index
    block = "X" if plain else "\u25a0"
    rows = max(len(e.pattern()) for e in instance.expeditions)
    panels = []
    for turn, expedition in enumerate(instance.expeditions):
        shape = "\n".join(
            " ".join(block if ch == "X" else " " for ch in row) for row in expedition.pattern()
        )
        style = "bold yellow" if turn == current else ("grey50" if turn < current else "")
        title = f"{turn + 1} {expedition.name}"
        if turn < len(session.moves):
            title += " x" if plain else " \u2713"
        elif turn == current and plain:
            title = f">{title}<"
        heavy = box.HEAVY if turn == current else box.ROUNDED
        panels.append(
            Panel(
                Text(shape, style=style),
                title=title,
                title_align="left",
                box=box.ASCII if plain else heavy,
                border_style=style,
                width=11,
                height=rows + 2,
            )
        )
    return Group(Text(rounds_note(instance)), Columns(panels, padding=(0, 0)))


def rounds_note(instance: Instance) -> str:
    """``Expedition cards, in order (round 1: turns 1-3; round 2: turns 4-6):``."""
    spans: dict[int, list[int]] = {}
    for turn in range(instance.turns):
        spans.setdefault(instance.round_of(turn), []).append(turn + 1)
    parts = [
        f"round {r}: turn{'s' if len(t) > 1 else ''} {t[0]}{f'-{t[-1]}' if len(t) > 1 else ''}"
        for r, t in spans.items()
    ]
    return f"Expedition cards, in order ({'; '.join(parts)}):"


def sheet_line(session: PlaySession, *, plain: bool) -> Text:
    """The score card so far and the score against par."""
    from rich.text import Text

    from ...solver.silvergold.sheet import skull_penalty

    sheet = session.position.sheet
    sep = _sep(plain)
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


def turn_title(session: PlaySession) -> str:
    """``Turn 2/6 - round 1, turn 6/7``: the puzzle's turn and where it falls in the game."""
    from ...solver.silvergold.sheet import TURNS_PER_ROUND

    instance = session.instance
    index = min(session.turn_index, instance.turns - 1)
    round_number, in_round = instance.when(index)
    return (
        f"Turn {index + 1}/{instance.turns} - round {round_number}, "
        f"turn {in_round}/{TURNS_PER_ROUND}"
    )


def print_notes(console: Console, notes: list[str]) -> None:
    """Print the notes left by the last answers, then forget them."""
    for note in notes:
        console.print(note, highlight=False, markup=False)
    notes.clear()


def draw_turn(
    console: Console, session: PlaySession, deck: Deck, *, plain: bool, notes: list[str]
) -> None:
    """The board at the start of a turn: header, cards, expedition cards, sheet, notes."""
    from rich.columns import Columns
    from rich.rule import Rule

    from .render import room_legend

    puzzle = session.puzzle
    console.print()
    console.print(Rule(turn_title(session), characters="-" if plain else "\u2500"))
    console.print(puzzle_header(puzzle, plain=plain))
    console.print(puzzle.goal_text(), highlight=False)
    if not puzzle.start.is_empty():
        console.print(
            f"At the start: {puzzle.start.describe()} (marked cells show {START_LABEL}).",
            highlight=False,
        )
    positions = list(session.positions)
    drawings = [
        card_drawing(
            deck,
            n,
            turn_labels(positions, n),
            plain=plain,
            note=" - complete" if session.position.card(n).is_complete() else "",
        )
        for n in puzzle.cards
    ]
    console.print(Columns(drawings, padding=(0, 6)))
    rooms = [deck.card(number).room for number in puzzle.cards]
    console.print(
        room_legend(rooms, plain=plain, marked_note="marked on turn 3"),
        highlight=False,
    )
    console.print(expedition_strip(session, plain=plain))
    console.print(sheet_line(session, plain=plain))
    print_notes(console, notes)


def describe_turn(session: PlaySession, played: TurnPlayed) -> str:
    """``Turn 2: B2 C2 D2 - red gem, skull: +0 (score 6)`` and completions."""
    from ...solver.silvergold.cards import Symbol
    from ...solver.silvergold.cells import cells_of

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


def move_list(console: Console, moves: list[Move], *, with_card: bool) -> None:
    """Moves separated by ``|``, wrapped between moves (a move never splits across lines)."""
    from ...solver.silvergold.moves import move_str

    if not moves:
        console.print("  none", highlight=False, markup=False)
        return
    width = max(console.width, 20)
    line = ""
    for text in (move_str(m, with_card=with_card) for m in moves):
        if not line:
            line = f"  {text}"
        elif len(line) + 5 + len(text) > width:
            console.print(line, highlight=False, markup=False, soft_wrap=True)
            line = f"  {text}"
        else:
            line += f"  |  {text}"
    console.print(line, highlight=False, markup=False, soft_wrap=True)


def legal_moves(console: Console, session: PlaySession, moves: list[Move]) -> None:
    """``?``: the legal placements of this turn's pattern, then the single cells."""
    patterns = [m for m in moves if m.mark is not None and not m.mark.is_single]
    singles = [m for m in moves if m.mark is not None and m.mark.is_single]
    with_card = session.with_card_numbers
    expedition = session.expedition.name
    console.print(f"{_count(len(patterns), 'placement')} of {expedition}:", highlight=False)
    move_list(console, patterns, with_card=with_card)
    console.print(f"{_count(len(singles), 'single cell')} instead:", highlight=False)
    move_list(console, singles, with_card=with_card)


def _count(amount: int, noun: str) -> str:
    return f"{amount} {noun}{'s' if amount != 1 else ''}"


# --- hints ----------------------------------------------------------------------------------


def hint_lines(console: Console, given: Hint) -> None:
    """``Hint, level 2 of 3:`` and the hint's lines, indented."""
    from rich.padding import Padding
    from rich.text import Text

    console.print(f"Hint, level {int(given.level)} of 3:", markup=False, highlight=False)
    for line in given.text_lines():
        # Rich wraps the words to the terminal, and wrapped lines keep the indent
        console.print(Padding(Text(line), (0, 0, 0, 2)))


def hint_cards(at: LinePosition, given: Hint, *, plain: bool) -> RenderableType:
    """Each card with its marks (labelled by turn) and the hint's highlight."""
    from rich.columns import Columns
    from rich.console import Group

    from ...solver.silvergold.cells import cells_of
    from .render import card_title, room_grid

    panels: list[RenderableType] = []
    for state in at.position.cards:
        labels = dict.fromkeys(cells_of(at.instance.start.card(state.number).marked), START_LABEL)
        for turn, move in enumerate(at.played, start=1):
            for mark in move.marks():
                if mark.card == state.number:
                    labels.update(dict.fromkeys(cells_of(mark.cells), str(turn)))
        highlight: set[int] = set()
        if given.move is not None:
            highlight = {
                cell
                for mark in given.move.marks()
                if mark.card == state.number
                for cell in cells_of(mark.cells)
            }
        elif given.area is not None and given.area.card == state.number:
            highlight = set(cells_of(given.area.cells)) - set(labels)
        panels.append(
            Group(
                card_title(state.card, plain=plain),
                room_grid(state.room, marked=labels, highlight=highlight, plain=plain),
            )
        )
    return Columns(panels, padding=(0, 4))


def render_ranking(console: Console, ranking: Ranking) -> None:
    """A real-game ranking of moves as a table with the method and its limits."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from ...puzzles.silvergold.realgame.uncertain import Method
    from ...solver.silvergold.moves import move_str

    situation = ranking.situation
    with_card = len(situation.position.cards) > 1
    unseen = " ".join(e.name for e in situation.unseen()) or "none"
    console.print(
        f"Round {situation.round_number}, turn {situation.turn}: {situation.expedition.name} "
        f"revealed; unseen this round: {unseen} ({situation.turns_after} more "
        f"turn{'s' if situation.turns_after != 1 else ''}).",
        markup=False,
        highlight=False,
    )
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("#", justify="right")
    table.add_column("Move", no_wrap=True)
    table.add_column("Expected", justify="right")
    table.add_column("\u00b1", justify="right")
    exact_engine = ranking.method is Method.EXACT
    table.add_column("Complete" if exact_engine else "Best in", justify="right")
    for index, estimate in enumerate(ranking.estimates, start=1):
        table.add_row(
            str(index),
            move_str(estimate.move, with_card=with_card),
            f"{estimate.mean:+.2f}",
            "exact" if ranking.exact else f"{estimate.stderr:.2f}",
            f"{estimate.completion or 0.0:.0%}" if exact_engine else f"{estimate.best_share:.0%}",
        )
    console.print(table)
    futures = len(ranking.futures)
    if ranking.method is Method.ENUMERATED:
        how = f"every order of the unseen cards ({futures})"
    else:
        how = f"{futures} sampled orders of the unseen cards (seed {ranking.seed})"
    ahead = ranking.lookahead
    span = "this turn" if ahead == 0 else f"this turn and the next {ahead}"
    if ahead == situation.turns_after:
        span += " (the rest of the round)"
    lines = [
        f"Expected: points gained over {span}, over {how}; "
        f"{len(ranking.estimates)} of {ranking.legal_count} legal moves chosen by a quick "
        "heuristic.",
        f"Confidence: {ranking.confidence()}.",
    ]
    if exact_engine:
        lines[0] = (
            f"Expected: exact expected points gained over {span}, playing on optimally, over "
            f"every order of the unseen cards; all {ranking.legal_count} legal moves; "
            "Complete: the expected number of cards completed by the round's end."
        )
    if not ranking.exact:
        lines.append(
            "Each order is solved as if known in advance, so values are optimistic; later "
            "turns, later rounds and pyramid points are not counted."
        )
    for line in lines:
        console.print(Text(line))  # wrapped between words to the terminal's width


def render_advice(console: Console, advice: Advice, *, top: int = 10, heading: str = "") -> None:
    """The expert's ranking of a decision: expected final score, loss, and how sure."""
    from rich.text import Text

    if heading:
        console.print(Text(heading))
    for part in advice_parts(advice, top=top):
        console.print(part)


def advice_parts(advice: Advice, *, top: int = 10) -> list[RenderableType]:
    """:func:`render_advice`'s table and words, for any console or screen."""
    from rich import box
    from rich.table import Table
    from rich.text import Text

    from ...puzzles.silvergold.realgame.advice import Method

    rollouts = advice.method is Method.ROLLOUTS
    table = Table(box=box.SIMPLE_HEAD, show_edge=False)
    table.add_column("#", justify="right")
    table.add_column("Choice", no_wrap=True)
    table.add_column("Expected score", justify="right")
    table.add_column("Loss", justify="right")
    table.add_column("\u00b1", justify="right")
    if rollouts and advice.players > 1:
        table.add_column("Win", justify="right")
    table.add_column("Why the expert's choice is better")
    shown = [advice.rated(option.choice) for option in advice.options[:top]]
    for index, option in enumerate(shown, start=1):
        row = [str(index), option.label, f"{option.predicted:.1f}", f"{option.loss:.1f}"]
        row.append("-" if option.error is None else f"{option.error:.1f}")
        if rollouts and advice.players > 1:
            row.append(f"{option.win or 0.0:.0%}")
        row.append("; ".join(option.reasons) if option.loss >= 0.05 else "")
        table.add_row(*row)
    parts: list[RenderableType] = [table]
    hidden = len(advice.options) - top
    if hidden > 0:
        parts.append(Text(f"... and {hidden} more (each loses more than those shown)."))
    if rollouts:
        seats = (
            "the expert's fast policy for you, the bots for the others"
            if advice.players > 1
            else "the expert's fast policy"
        )
        win = "; Win: your chance to win." if advice.players > 1 else "."
        how = (
            f"Ranked by the expert (#1 is its choice). Loss: expected final-score points "
            f"given up against #1, measured by playing the rest of the game {advice.samples} "
            f"times on the same seeded deals of what you cannot see ({seats}), \u00b1 its "
            f"standard error{win}"
        )
    else:
        how = (
            f"Ranked by the expert (#1 is its choice, by {advice.ranked_by}). Loss: expected "
            "final-score points given up against #1, from the expert's valuation calibrated "
            "on games played out (\u00b1: how far the true loss typically lies from it)."
        )
    parts.append(Text(how))
    parts.append(Text(f"Confidence: {advice.certainty}."))
    return parts


def render_coach_report(console: Console, report: CoachReport) -> None:
    """The coach's summary of a game."""
    from rich.text import Text

    console.print()
    for line in report.lines():
        console.print(Text(line))


# --- the end of a puzzle ------------------------------------------------------------------


def result_heading(puzzle: Puzzle, result: Result, *, plain: bool) -> Text:
    """``At par! 20/20``, ``You scored 18, par is 20 (2 short).``, ``You gave up ...``."""
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


def lines_table(session: PlaySession, optimal: LineResult, *, plain: bool) -> RenderableType:
    """The player's moves beside an optimal line, turn by turn, with the points of each."""
    from rich import box
    from rich.table import Table

    instance = session.instance
    played = session.line() if not session.gave_up else None
    yours = list(played.positions) if played else list(session.positions)
    your_moves = played.moves if played else session.moves
    table = Table(box=box.ASCII if plain else box.SIMPLE_HEAD, show_footer=True)
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


def draw_end(
    console: Console,
    session: PlaySession,
    deck: Deck,
    result: Result,
    share: str,
    *,
    plain: bool,
    notes: list[str],
) -> None:
    """Score against par, both lines side by side, and the share text."""
    from rich.columns import Columns
    from rich.rule import Rule

    puzzle = session.puzzle
    optimal = puzzle.solution_line(deck)
    console.print()
    console.print(Rule("Result", characters="-" if plain else "\u2500"))
    print_notes(console, notes)
    console.print(result_heading(puzzle, result, plain=plain))
    console.print(lines_table(session, optimal, plain=plain))
    yours = list(session.positions)
    drawings = []
    for number in puzzle.cards:
        drawings.append(
            card_drawing(deck, number, turn_labels(yours, number), plain=plain, note=" - yours")
        )
        drawings.append(
            card_drawing(
                deck,
                number,
                turn_labels(list(optimal.positions), number),
                plain=plain,
                note=" - optimal",
            )
        )
    console.print(Columns(drawings, padding=(0, 6)))
    console.print()
    console.print("Share:", style="bold")
    console.print(share, highlight=False, markup=False, emoji=False)
