"""``silverpyr cheops cards``: check a Cheops components file, show the board and the price
boards."""

from __future__ import annotations

from typing import TYPE_CHECKING

import typer

from ..core.context import app_context
from ..core.options import CardFileArgument, JsonOption, PlainOption
from .context import components as cheops_components

if TYPE_CHECKING:
    from rich.console import Console
    from rich.table import Table

    from ...solver.cheops.components import Components, PriceBoard

cards_app = typer.Typer(
    help="Check a Cheops components file (eye spaces, price boards, law 7's number, starting "
    "money), or show it.\n\nA price board's numbers rise from the top entry to the bottom one "
    "(each sale covers the top-most uncovered number and raises what a stored treasure is "
    "worth); a falling board is refused.",
    no_args_is_help=True,
)

EYE = "◉"
"""An eye space in the drawing (``E`` in ASCII)."""
SPACE = "·"
"""Any other space (``.`` in ASCII)."""
CELL = 4
"""Columns per space in the drawing: a row above sits half a space to the right."""


def summary_line(components: Components) -> str:
    """``16 price boards (6 type I, 6 type II, 4 type III); eyes b3 c7 ...; ...``."""
    from ...solver.cheops.components import components_summary

    data = components_summary(components)
    types = ", ".join(f"{count} type {name}" for name, count in data["boards_by_type"].items())
    return (
        f"{len(data['boards'])} price boards ({types}); eyes {' '.join(data['eyes'])}; "
        f"law 7's number {data['law7_number']}; starting money {data['start_money']}; "
        f"fingerprint {data['fingerprint']}"
    )


@cards_app.command("validate")
def validate(
    ctx: typer.Context, path: CardFileArgument = None, as_json: JsonOption = False
) -> None:
    """Check a components file and print every problem, or a one-line summary when it is
    valid. A price board's numbers must rise from the top entry to the bottom one.

    With --json a valid file is printed as data (its problems are error lines all the same)."""
    from ...solver.cheops.components import check_components_file, components_summary
    from ..core.output import print_json, report_checked_file

    components, problems = check_components_file(
        path if path is not None else app_context(ctx).cards_path
    )
    if components is None or problems or not as_json:
        report_checked_file(
            problems.found,
            None if components is None else f"{components.source}: {summary_line(components)}",
        )
        return
    print_json({"valid": True, **components_summary(components)})


def pyramid_lines(components: Components, *, plain: bool = False, names: bool = False) -> list[str]:
    """The board as text, top row first: each row its letter, then its spaces (an eye
    ``◉``, ``E`` when ``plain``), each row indented half a space more than the one below;
    the positions of the bottom row under it. With ``names`` every space shows its name in
    the notation (``b3``), an eye's followed by its mark (``b3◉``), and the positions'
    line is left out (the rules page)."""
    from ...solver.cheops.board import ROW_LETTERS, ROWS, Space

    eye, space = ("E", ".") if plain else (EYE, SPACE)
    eyes = set(components.eyes)

    def mark(at: Space) -> str:
        if not names:
            return f"{eye if at in eyes else space:^{CELL}}"
        name = str(at).rjust(CELL - 1)
        return f"{name}{eye if at in eyes else ' '}"

    lines = []
    for row in reversed(range(ROWS)):
        marks = "".join(mark(Space(row, pos)) for pos in range(ROWS - row))
        lines.append(f"{ROW_LETTERS[row]}  {' ' * (row * CELL // 2)}{marks}".rstrip())
    if not names:
        lines.append("   " + "".join(f"{pos:^{CELL}}" for pos in range(1, ROWS + 1)).rstrip())
    return lines


def _board_table(boards: tuple[PriceBoard, ...], title: str, plain: bool) -> Table:
    from rich import box
    from rich.table import Table

    table = Table(
        title=title,
        box=box.ASCII if plain else box.SIMPLE_HEAD,
        show_edge=plain,
        title_justify="left",
    )
    for board in boards:
        table.add_column(board.name, justify="right")
    depth = max(len(board.entries) for board in boards)
    for row in range(depth):
        cells = []
        for board in boards:
            if row < len(board.entries):
                entry = board.entries[row]
                cells.append(entry.text if plain else entry.label)
            else:
                cells.append("")
        table.add_row(*cells)
    return table


@cards_app.command("show")
def show(ctx: typer.Context, as_json: JsonOption = False, plain: PlainOption = False) -> None:
    """Show the components: the board with its six eye spaces (a law lies face down on each),
    the 16 price boards by type (entries top first; a sale covers the top-most uncovered
    one, the last is never covered), law 7's number and the starting money."""
    from ...solver.cheops.components import BOARD_TYPES, components_summary
    from ..core.output import emit

    components = cheops_components(ctx)
    data = components_summary(components)
    data["pyramid"] = pyramid_lines(components, plain=True)

    def render(console: Console) -> None:
        from rich.text import Text

        console.print(Text(f"Cheops components in {components.source}", style="bold"))
        marker = "E" if plain else EYE
        console.print(
            Text(f"The board: 66 spaces in 11 rows; {marker} an eye: {' '.join(data['eyes'])}")
        )
        for line in pyramid_lines(components, plain=plain):
            console.print(Text(line))
        console.print()
        for board_type in BOARD_TYPES:
            boards = components.of_type(board_type)
            console.print(
                _board_table(boards, f"Price boards of type {board_type} ({len(boards)})", plain)
            )
        console.print(Text(f"Law 7's number: {components.law7_number}"))
        console.print(Text(f"Starting money: {components.start_money} piastres"))
        console.print(Text(f"Fingerprint: {components.fingerprint}"))

    emit(data, render, as_json=as_json, plain=plain)
