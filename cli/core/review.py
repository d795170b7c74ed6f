"""``GAME hint --game FILE``: advice for the decision due in a recorded game, or with
``--review`` the coach's verdict on every decision of one seat, for the games whose coach
judges by paired rollouts (the Sun's and Cheops's commands hand in their review). The
options and the output are *Silver & Gold*'s ``hint --game``'s."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from pathlib import Path
from typing import Annotated, Any, Protocol, TypeAlias

import typer
from rich.console import Console

from ...puzzles.core.kept_table import Advise as TableAdvise
from ...puzzles.core.review import PERSON, Review, Reviewing, rollout_table
from ...solver.core.errors import SilverpyrError
from .options import file_option
from .output import emit, stderr_console

GameFileOption = Annotated[
    Path,
    file_option(
        "--game",
        "A game record (GAME game --record FILE, or one of GAME arena --records DIR): "
        "advice for the decision due, or with --review the coach's verdict on every decision.",
    ),
]
ReviewOption = Annotated[
    bool, typer.Option("--review", help="Judge every decision of one seat of the --game record.")
]
SeatOption = Annotated[
    int | None,
    typer.Option(
        "--seat",
        min=1,
        help="--review: the seat whose decisions are judged (default: the seat a person "
        "played, else 1).",
        show_default=False,
    ),
]


REVIEW_ROLLOUTS = "option, and per verdict of --review"
"""What ``hint --game``'s ``--rollouts`` samples (:func:`~.line_game.rollouts_option`)."""


class HintInputError(SilverpyrError, ValueError):
    """Options that do not go together (``--seat`` without ``--review``)."""


class Advice(Protocol):
    """A game's advice: its lines for people and its JSON."""

    def lines(self) -> list[str]: ...

    def to_dict(self) -> dict[str, Any]: ...


Advise: TypeAlias = TableAdvise[Any, Advice]
"""A game's ``advice.advise`` giving its :class:`Advice` (the kept table's
:class:`~silverpyr.puzzles.core.kept_table.Advise`: one signature for both)."""


def hint_from_record(
    path: Path,
    game: Reviewing,
    cards: Any,
    advise: Advise,
    *,
    seat: int | None,
    judge_all: bool,
    rollouts: int,
    as_json: bool,
    plain: bool,
) -> None:
    """The record at ``path`` of ``game`` (on its ``cards``): with ``judge_all`` the coach's
    verdicts on one seat's decisions (``seat``, 1-based) and their summary; else ``advise``
    on the decision due after the record's last move."""
    if seat is not None and not judge_all:
        raise HintInputError("--seat goes with --review: whose decisions to judge")
    record = game.load(path)
    review = game.review(record, cards, seat)
    players = record.players
    if not judge_all:
        _advice_due(path, review, players, advise=advise, rollouts=rollouts, as_json=as_json)
        return
    if not review.decisions:
        raise HintInputError(f"{path}: seat {review.seat + 1} made no decision to review")
    status = stderr_console().status("The coach is reviewing the game...", spinner="dots")
    with status:
        verdicts = review.verdicts(samples=rollouts, progress=status.update)
    player = players[review.seat]
    report = game.report(verdicts)
    if player != PERSON:
        report = replace(report, whose=f"Player {review.seat + 1}'s")

    def show(console: Console) -> None:
        from rich.text import Text

        if player != PERSON:
            console.print(Text(f"Player {review.seat + 1} ({player}):"))
        for verdict in verdicts:
            if not verdict.is_silent:
                console.print(Text(verdict.message()))
        console.print()
        for line in report.lines():
            console.print(Text(line))

    data = {"seat": review.seat + 1, "player": player, **report.to_dict()}
    emit(data, show, as_json=as_json, plain=plain)


def _advice_due(
    path: Path,
    review: Review[Any, Any, Any],
    players: Sequence[str],
    *,
    advise: Advise,
    rollouts: int,
    as_json: bool,
) -> None:
    state = review.final
    if state.over:
        raise HintInputError(
            f"{path}: the game is over, so there is nothing to decide; --review judges its "
            "decisions"
        )
    seat = state.turn
    status = stderr_console().status("The expert is weighing the options...", spinner="dots")
    with status:
        advice = advise(
            state,
            seat,
            rollout_table(players, seat),
            samples=rollouts,
            progress=None if as_json else status.update,
        )
    heading = (
        f"{path}: the decision of seat {seat + 1} ({players[seat]}), after {review.moves} moves."
    )

    def show(console: Console) -> None:
        from rich.text import Text

        console.print(Text(heading))
        for line in advice.lines():
            console.print(Text(line))

    emit({"seat": seat + 1, "moves": review.moves, **advice.to_dict()}, show, as_json=as_json)


__all__ = [
    "REVIEW_ROLLOUTS",
    "GameFileOption",
    "HintInputError",
    "ReviewOption",
    "SeatOption",
    "hint_from_record",
]
