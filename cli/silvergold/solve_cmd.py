"""``silverpyr solve``: the proven-optimal line for a card (or a hand of two) and a known
order of expedition cards."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING, Annotated

import typer

from ...solver.silvergold.objective import Objective
from ...solver.silvergold.sheet import MAX_TURNS, TURNS_PER_ROUND
from ..core.options import (
    CardsOption,
    JsonOption,
    PlainOption,
    seed_option,
    time_limit_option,
)
from ..core.output import emit, with_spinner
from .context import deck as sg_deck
from .options import RoundOption, TurnOption

if TYPE_CHECKING:
    from rich.console import Console

    from ...solver.silvergold.problem import Instance
    from ...solver.silvergold.solve import Solution


def solve(
    ctx: typer.Context,
    cards: CardsOption,
    expeditions: Annotated[
        str | None,
        typer.Option(
            help=(
                f"Expedition cards in order, e.g. I3,L4,O4 (1-{MAX_TURNS}). "
                f"Default: a seeded round of {TURNS_PER_ROUND}."
            ),
            show_default=False,
        ),
    ] = None,
    round_number: RoundOption = 1,
    turn_in_round: TurnOption = 1,
    objective: Annotated[
        Objective, typer.Option(help="points: best score; sprint: fewest turns to the tomb.")
    ] = Objective.POINTS,
    marked: Annotated[
        list[str] | None,
        typer.Option(help="Cells already marked, e.g. 17:C1,C2 (repeatable).", show_default=False),
    ] = None,
    skulls: Annotated[int, typer.Option(help="Skull boxes already ticked.")] = 0,
    red: Annotated[int, typer.Option(help="Red gems already held.")] = 0,
    green: Annotated[int, typer.Option(help="Green gems already held.")] = 0,
    torch_ticked: Annotated[
        bool, typer.Option("--torch-ticked", help="This round's torch box is already ticked.")
    ] = False,
    seed: Annotated[int, seed_option("Seed of the default expedition order (default: 0).")] = 0,
    time_limit: Annotated[
        float,
        time_limit_option("Seconds the solver may take; past it, the best line found so far."),
    ] = 10.0,
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """Find the best line of marks for known expedition cards, proven optimal.

    The score is the puzzle score: 10 per completed card, gems held at the end (pairs 5,
    singles 1), 5 per round whose torch was ticked, minus the skull penalty.
    """
    from ...solver.silvergold.limits import hand_problem, round_count_problem
    from ...solver.silvergold.problem import Instance, ProblemError
    from ...solver.silvergold.start import parse_marked, start_position

    deck = sg_deck(ctx)
    hand = hand_problem(cards)
    if hand:
        raise ProblemError(f"--card: {hand}")
    if expeditions is None:
        from ...solver.silvergold.game import seeded_round

        order = seeded_round(seed, deck.expedition_cards(), round_number)[:TURNS_PER_ROUND]
    else:
        parts = [part.strip() for part in expeditions.split(",")]
        if "" in parts:
            raise ProblemError(
                f"--expeditions {expeditions!r}: part {parts.index('') + 1} names no "
                "expedition card (comma- or space-separated, e.g. I3,L4)"
            )
        tokens = [token for part in parts for token in part.split()]
        order = tuple(deck.expedition(token) for token in tokens)
    marks: dict[int, int] = {}
    for text in marked or []:
        try:
            number, cells = parse_marked(text)
        except ProblemError as error:
            raise ProblemError(f"--marked {error}") from None
        marks[number] = marks.get(number, 0) | cells
    start = start_position(
        [deck.card(n) for n in cards],
        marked=marks,
        skulls=skulls,
        red=red,
        green=green,
        torch_rounds=[round_number] if torch_ticked else [],
    )
    instance = Instance(start, order, round_number, turn_in_round)
    counts = round_count_problem(order, round_number, turn_in_round)
    if counts:
        raise ProblemError(f"--expeditions: {counts}")
    solution = _solve_with_spinner(instance, objective, time_limit, quiet=as_json)
    emit(
        solution.to_dict(),
        lambda console: render_solution(console, solution, plain=plain),
        as_json=as_json,
        plain=plain,
    )


def _solve_with_spinner(
    instance: Instance, objective: object, time_limit: float, *, quiet: bool
) -> Solution:
    """Solve; show a spinner on stderr if it takes longer than half a second."""
    from ...solver.silvergold.problem import Objective
    from ...solver.silvergold.solve import solve as solve_line

    assert isinstance(objective, Objective)
    return with_spinner(
        lambda: solve_line(instance, objective, time_limit=time_limit),
        f"Solving (at most {time_limit:g} s)...",
        quiet=quiet,
    )


def render_solution(console: Console, solution: Solution, *, plain: bool) -> None:
    """The solved card(s) with the turn each cell was marked, the line and the score."""
    from rich.columns import Columns
    from rich.console import Group
    from rich.table import Table
    from rich.text import Text

    from ...solver.silvergold.cells import cell_str, cells_of
    from ...solver.silvergold.moves import move_str
    from ...solver.silvergold.problem import turn_reports
    from .render import card_title, room_grid, room_legend

    line = solution.line
    reports = turn_reports(line)
    labels: dict[int, dict[int, str]] = {state.number: {} for state in line.instance.start.cards}
    for state in line.instance.start.cards:
        for cell in cells_of(state.marked):
            labels[state.number][cell] = "*"
    for report in reports:
        for mark in report.move.marks():
            for cell in cells_of(mark.cells):
                labels[mark.card][cell] = str(report.turn)
    views = [
        Group(
            card_title(state.card, plain=plain),
            room_grid(state.room, marked=labels[state.number], plain=plain),
        )
        for state in line.instance.start.cards
    ]
    console.print(Columns(views, padding=(0, 4)))
    rooms = [state.room for state in line.instance.start.cards]
    console.print(room_legend(rooms, plain=plain, marked_note="turn marked (* before)"))
    console.print()

    with_card = len(rooms) > 1
    table = Table(title=f"Best line ({solution.objective.value})", box=None)
    for column in ("Turn", "Round", "Expedition", "Marks", "Gained"):
        table.add_column(column, justify="right" if column in ("Turn", "Round") else "left")
    for report in reports:
        gained = [f"{symbol.label} {cell_str(cell)}" for _, cell, symbol in report.gained]
        gained += [f"card {number} complete" for number in report.completed]
        marks = move_str(report.move, with_card=with_card)
        if report.move.is_pass:
            marks = "pass (no card in play)"
        elif (
            report.move.mark is not None
            and report.move.mark.is_single
            and report.expedition.size > 1
        ):
            marks += " (one cell)"
        table.add_row(
            str(report.turn),
            str(report.round_number),
            report.expedition.name,
            marks,
            ", ".join(gained) or "-",
        )
    console.print(table)
    console.print()

    score = line.score()
    parts = [
        ("completed", score.completed),
        ("gems", score.gems),
        ("torches", score.torches),
        ("skulls", score.skulls),
    ]
    console.print(
        Text(
            "Score: "
            + ", ".join(f"{name} {value:+d}" for name, value in parts)
            + f" = {score.total}",
            style="bold",
        )
    )
    done = ", ".join(
        f"card {card} on turn {turn}" if turn is not None else f"card {card} not completed"
        for card, turn in line.completion_turns().items()
    )
    console.print(f"Completion: {done}.")
    console.print(proof_text(solution), markup=False, highlight=False)
    print(end="", file=sys.stdout, flush=True)


def proof_text(solution: Solution) -> str:
    """What is proven about the line shown, in one sentence."""
    seconds = f"{solution.seconds:.2f} s"
    if solution.is_optimal:
        return f"Proven optimal in {seconds}."
    score = solution.line.score().total
    bound = solution.score_bound()
    again = "Raise --time-limit to prove it."
    if solution.score_proven:
        return (
            f"Best line found in {seconds}: score proven optimal; "
            f"fastest completion not proven. {again}"
        )
    if solution.completion_proven:
        return (
            f"Best line found in {seconds}: fastest completion proven; best score not proven "
            f"(at most {bound}, gap {bound - score}). {again}"
        )
    what = (
        "no line scores more than"
        if solution.objective is Objective.POINTS
        else ("the fastest line scores at most")
    )
    return (
        f"Best line found in {seconds}, not proven optimal: {what} {bound} "
        f"(gap {bound - score}). {again}"
    )
