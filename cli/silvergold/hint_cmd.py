"""``silverpyr hint``: graded hints and move feedback in a puzzle, move rankings in a real game.

Three ways to say where you are:

* ``--puzzle ID --moves "B1 B2; C3"``: a puzzle and the moves played so far;
* ``--card 17 --expeditions "I3 L3 O4"`` (``--card`` again for a hand of two; ``--round``,
  ``--turn`` and ``--objective`` optional): an ad-hoc line problem, same ``--moves``;
* ``--state FILE``: a real game, where the order of the expedition cards is unknown (see
  :mod:`silverpyr.puzzles.silvergold.realgame.state_file` for the format). The legal moves are
  ranked
  by expected points to the end of the round
  (:mod:`silverpyr.puzzles.silvergold.realgame.uncertain`).

``h`` in ``silverpyr game`` shows the same ranking as ``--state``, and ``h`` in the puzzle
trainer gives the next hint level; both live with the play loop in :mod:`.play`, and the
drawings this command shares with them in :mod:`.views`.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ...puzzles.silvergold.realgame.ranking_defaults import (
    DEFAULT_ROLLOUTS,
    DEFAULT_SAMPLES,
    DEFAULT_TOP_K,
)
from ...solver.core.errors import SilverpyrError
from ...solver.silvergold.game import MAX_PLAYERS
from ...solver.silvergold.objective import Objective
from ..core.options import (
    JsonOption,
    MovesFileOption,
    MovesOption,
    OptionalCardsOption,
    PlainOption,
    WorkersOption,
    file_option,
    moves_text,
    seed_option,
    time_limit_option,
)
from ..core.output import emit
from .context import deck as sg_deck
from .options import RolloutsOption, RoundOption, TurnOption

if TYPE_CHECKING:
    from rich.console import Console

    from ...puzzles.silvergold.hints.feedback import Feedback
    from ...puzzles.silvergold.hints.graded import Hint
    from ...puzzles.silvergold.realgame.state_file import StateView
    from ...solver.silvergold.cards import Deck
    from ...solver.silvergold.line import LinePosition
    from ...solver.silvergold.problem import Instance, LineResult, Objective
    from ...solver.silvergold.situation import Situation

DEFAULT_TIME_LIMIT = 10.0


class Horizon(StrEnum):
    """What ``--state`` values a mark by (``--horizon``)."""

    GAME = "game"
    ROUND = "round"


class HintInputError(SilverpyrError, ValueError):
    """Options that do not describe one position to hint about."""


def hint(
    ctx: typer.Context,
    puzzle: Annotated[
        str | None,
        typer.Option(
            "--puzzle",
            help="Puzzle id (e.g. 123, sprint-123, daily-2026-11-22).",
            show_default=False,
        ),
    ] = None,
    moves: MovesOption = None,
    moves_file: MovesFileOption = None,
    level: Annotated[
        int, typer.Option("--level", min=1, max=3, help="1 the aim, 2 the area, 3 the move.")
    ] = 1,
    review: Annotated[
        bool,
        typer.Option(
            "--review",
            help="Judge every move of --moves, or every decision of a --game record.",
        ),
    ] = False,
    game: Annotated[
        Path | None,
        file_option(
            "--game",
            "A game record (silverpyr game --record FILE): advice for the decision due, or "
            "with --review the coach's verdict on every decision.",
        ),
    ] = None,
    seat: Annotated[
        int | None,
        typer.Option(
            "--seat",
            min=1,
            max=MAX_PLAYERS,
            help="--game --review: the seat whose decisions are judged (default: the seat a "
            "person played, else 1).",
            show_default=False,
        ),
    ] = None,
    cards: OptionalCardsOption = None,
    expeditions: Annotated[
        str | None,
        typer.Option(
            "--expeditions",
            help="Ad-hoc problem: the expedition cards in order.",
            show_default=False,
        ),
    ] = None,
    round_number: RoundOption = 1,
    turn: TurnOption = 1,
    objective: Annotated[
        Objective, typer.Option("--objective", help="Ad-hoc problem: what to optimise.")
    ] = Objective.POINTS,
    state: Annotated[
        Path | None,
        typer.Option(
            "--state",
            help="Real game: a YAML/JSON state file (order unknown; - reads it from stdin); "
            "the format is below, --state-template prints an example.",
            metavar="<file>",
            show_default=False,
        ),
    ] = None,
    state_template: Annotated[
        bool,
        typer.Option(
            "--state-template",
            help="Print a commented example state file for --state and stop.",
        ),
    ] = False,
    samples: Annotated[
        int,
        typer.Option("--samples", min=1, max=200, help="--state --horizon round: orders sampled."),
    ] = DEFAULT_SAMPLES,
    horizon: Annotated[
        Horizon,
        typer.Option(
            "--horizon",
            help="--state marks: the expert's expected final score (game), or expected "
            "points to the round's end, exact where it fits (round).",
        ),
    ] = Horizon.GAME,
    rollouts: RolloutsOption = DEFAULT_ROLLOUTS,
    top: Annotated[
        int, typer.Option("--top", min=1, max=50, help="--state: candidate moves evaluated.")
    ] = DEFAULT_TOP_K,
    seed: Annotated[int, seed_option("--state: seed of the sampled orders (default: 0).")] = 0,
    workers: WorkersOption = None,
    time_limit: Annotated[
        float, time_limit_option("Seconds per solver call.")
    ] = DEFAULT_TIME_LIMIT,
    as_json: JsonOption = False,
    plain: PlainOption = False,
) -> None:
    """Hint for the next turn of a puzzle (aim, area, move), or rank moves in a real game.

    The --state file (YAML, or JSON when it ends in .json) describes your view of a real
    game: round (1-4), expedition (the card just revealed), seen (cards revealed earlier
    this round, in order), cards (one or two, each a number and its marks, e.g. "A1 A2
    B2"), and sheet (red, green, skulls: boxes ticked; torches: rounds whose torch box is
    ticked). Only round, expedition and cards are required. `silverpyr hint
    --state-template > state.yaml` writes a commented example to start from.
    """
    if state_template:
        from ...puzzles.silvergold.realgame.state_file import STATE_TEMPLATE

        sys.stdout.write(STATE_TEMPLATE)
        return
    deck = sg_deck(ctx)
    modes = sum(
        (
            puzzle is not None,
            bool(cards) or expeditions is not None,
            state is not None,
            game is not None,
        )
    )
    if modes != 1:
        raise HintInputError(
            "say where you are with one of --puzzle ID, --card N --expeditions '...', "
            "--state FILE, --game FILE"
        )
    if (state is not None or game is not None) and (moves is not None or moves_file is not None):
        raise HintInputError(
            "--moves and --moves-file go with --puzzle ID or --card N: a --state file or a "
            "--game record already says what was played"
        )
    if seat is not None and (game is None or not review):
        raise HintInputError("--seat goes with --game FILE --review: whose decisions to judge")
    if game is not None:
        _game_hint(
            game, deck, review=review, seat=seat, rollouts=rollouts, as_json=as_json, plain=plain
        )
        return
    if state is not None:
        from ...puzzles.silvergold.realgame.state_file import load_view

        view = load_view(state, deck)
        if view.situation is not None and horizon is Horizon.ROUND:
            _rank(
                view.situation,
                samples=samples,
                top=top,
                seed=seed,
                jobs=workers,
                time_limit=time_limit,
                as_json=as_json,
                plain=plain,
            )
        else:
            _state_advice(view, rollouts=rollouts, seed=seed, as_json=as_json, plain=plain)
        return
    played = _played(moves_text(moves, moves_file))  # a bad file is named before any work
    problem = (
        _puzzle_problem(deck, puzzle)
        if puzzle is not None
        else _adhoc_problem(deck, cards or [], expeditions, round_number, turn, objective)
    )
    _puzzle_hint(
        problem,
        played,
        level=level,
        review=review,
        time_limit=time_limit,
        as_json=as_json,
        plain=plain,
    )


def _played(text: str | None) -> str:
    """The moves played so far, ``;`` between turns, from ``--moves`` (``-``: stdin) or
    ``--moves-file``, read by the one script reader of every game."""
    from ..core.options import script_answers

    return "; ".join(script_answers(text) or [])


# --- where we are -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Problem:
    """A line problem to hint about, and a line already proven best for it (if known)."""

    title: str
    instance: Instance
    objective: Objective
    proven: LineResult | None = None


def _puzzle_problem(deck: Deck, puzzle_id: str) -> _Problem:
    from ...puzzles.silvergold.generate import puzzle_from_id

    puzzle = puzzle_from_id(deck, puzzle_id)
    return _Problem(
        f"Puzzle {puzzle.id} ({puzzle.kind.label}, par {puzzle.par})",
        puzzle.instance(deck),
        puzzle.objective,
        puzzle.solution_line(deck) if puzzle.solution else None,
    )


def _adhoc_problem(
    deck: Deck,
    cards: list[int],
    expeditions: str | None,
    round_number: int,
    turn: int,
    objective: Objective,
) -> _Problem:
    from ...solver.silvergold.limits import hand_problem, round_count_problem
    from ...solver.silvergold.position import Position
    from ...solver.silvergold.problem import Instance

    if not cards or not expeditions:
        raise HintInputError("an ad-hoc problem needs --card N and --expeditions 'I3 L3 ...'")
    hand = hand_problem(cards)
    if hand:
        raise HintInputError(f"--card: {hand}")
    names = expeditions.replace(",", " ").split()
    order = tuple(deck.expedition(name) for name in names)
    instance = Instance(
        Position.start(*(deck.card(number) for number in cards)), order, round_number, turn
    )
    counts = round_count_problem(order, round_number, turn)
    if counts:
        raise HintInputError(f"--expeditions: {counts}")
    which = " and ".join(str(number) for number in cards)
    return _Problem(f"Card{'s' if len(cards) > 1 else ''} {which}", instance, objective)


# --- puzzle hints -----------------------------------------------------------------------


def _puzzle_hint(
    problem: _Problem,
    moves: str,
    *,
    level: int,
    review: bool,
    time_limit: float,
    as_json: bool,
    plain: bool,
) -> None:
    from ...puzzles.silvergold.hints.coach import Coach
    from ...puzzles.silvergold.hints.graded import HintLevel, hint
    from ...solver.silvergold.line import play_moves

    at = play_moves(problem.instance, moves)
    finished = at.is_over() or not at.position.has_card_in_play()
    if finished and not review:
        raise HintInputError(
            "every card is complete or every turn played: nothing to hint; "
            "add --review to judge the moves"
        )
    coach = Coach(problem.instance, problem.objective, proven=problem.proven, time_limit=time_limit)
    reviews = (
        [coach.feedback(at.played[:turn], move) for turn, move in enumerate(at.played)]
        if review
        else []
    )
    given = None
    if not finished:
        given = hint(at, HintLevel(level), problem.objective, best=coach.best(at.played))
    data: dict[str, Any] = given.to_dict() if given is not None else {}
    if review:
        data["feedback"] = [item.to_dict() for item in reviews]
    emit(
        data,
        lambda console: _render_puzzle(console, problem.title, at, given, reviews, plain=plain),
        as_json=as_json,
        plain=plain,
    )


def _render_puzzle(
    console: Console,
    title: str,
    at: LinePosition,
    given: Hint | None,
    reviews: list[Feedback],
    *,
    plain: bool,
) -> None:
    from rich.text import Text

    from .views import hint_cards, hint_lines

    instance = at.instance
    for item in reviews:
        for line in item.text_lines():
            console.print(Text(line))  # wrapped between words
    if given is None:
        return
    if reviews:
        console.print()
    names = [e.name for e in instance.expeditions]
    upcoming = " ".join(
        f"[{name}]" if index == at.turn else name
        for index, name in enumerate(names)
        if index >= at.turn
    )
    console.print(
        Text(f"{title}: turn {at.turn + 1} of {instance.turns}, expeditions to come: {upcoming}"),
    )
    console.print(hint_cards(at, given, plain=plain))
    hint_lines(console, given)
    if given.level < 3:
        console.print(f"(--level {int(given.level) + 1} tells more)", markup=False, highlight=False)


# --- real-game rankings -----------------------------------------------------------------


def _rank(
    situation: Situation,
    *,
    samples: int,
    top: int,
    seed: int,
    jobs: int | None,
    time_limit: float,
    as_json: bool,
    plain: bool,
) -> None:
    from ...puzzles.silvergold.realgame.uncertain import rank_moves
    from .views import render_ranking

    ranking = rank_moves(
        situation, samples=samples, top_k=top, seed=seed, jobs=jobs, time_limit=time_limit
    )
    emit(
        ranking.to_dict(),
        lambda console: render_ranking(console, ranking),
        as_json=as_json,
        plain=plain,
    )


# --- the whole game: a state file's keep and replacement, a game record ---------------------


def _state_advice(view: StateView, *, rollouts: int, seed: int, as_json: bool, plain: bool) -> None:
    """The expert's advice on the decision a state file describes."""
    from ...puzzles.silvergold.realgame.advice import advise, advise_marks
    from ..core.output import stderr_console, warn
    from .views import render_advice

    if view.situation is not None:
        if rollouts:
            warn(
                f"--rollouts {rollouts} is not used for a mark decision in a state file: it "
                "shows your sheet, not a game to play out; the ranking is the expert's "
                "calibrated valuation"
            )
        advice = advise_marks(view.situation)
        situation = view.situation
        heading = (
            f"Round {situation.round_number}, turn {situation.turn}: "
            f"{situation.expedition.name} revealed; the expert's ranking of your marks."
        )
    else:
        assert view.game is not None
        doing = "Playing each option out..." if rollouts else "The expert is weighing..."
        with stderr_console().status(doing, spinner="dots"):
            advice = advise(view.game, 0, rollouts=rollouts, seed=seed, pool=view.pool)
        heading = (
            "Which two cards to keep: the expert's ranking."
            if view.kind.value == "keep"
            else "Where to take the replacement from: the expert's ranking "
            "(alone at the table: a state file does not show the opponents)."
        )
    emit(
        {"decision": view.kind.value, **advice.to_dict()},
        lambda console: render_advice(console, advice, heading=heading),
        as_json=as_json,
        plain=plain,
    )


def _game_hint(
    path: Path,
    deck: Deck,
    *,
    review: bool,
    seat: int | None,
    rollouts: int,
    as_json: bool,
    plain: bool,
) -> None:
    """``--game FILE``: advice for the decision due, or (``--review``) the coach's verdicts
    on one seat's decisions (``seat``, 1-based; default the seat a person played, else 1)."""
    from ...puzzles.silvergold.realgame.advice import advise
    from ...puzzles.silvergold.realgame.game_coach import judge, report
    from ...puzzles.silvergold.realgame.game_record import PERSON, load_record, replay, when
    from ...puzzles.silvergold.realgame.registry import make_player
    from ..core.output import stderr_console
    from .views import render_advice, render_coach_report

    record = load_record(path)
    if seat is not None and seat > len(record.seats):
        raise HintInputError(f"--seat {seat}: the game of {path} has {len(record.seats)} seats")
    judged = record.reviewed_seat if seat is None else seat - 1
    replayed = replay(record, deck, source=str(path), seat=judged)
    opponents = make_player(record.opponents_of(judged))
    if review:
        verdicts = []
        status = stderr_console().status("The coach is reviewing the game...", spinner="dots")
        with status:
            for number, decision in enumerate(replayed.decisions, start=1):
                status.update(
                    f"The coach is reviewing decision {number} of {len(replayed.decisions)}..."
                )
                advice = advise(
                    decision.state, judged, rollouts=rollouts, seed=record.seed, opponents=opponents
                )
                verdicts.append(judge(advice, decision.choice, decision.where))
        summary = report(verdicts)
        player = record.seats[judged]

        def show(console: Console) -> None:
            if player != PERSON:
                console.print(f"Player {judged + 1} ({player}):", highlight=False, markup=False)
            for verdict in verdicts:
                if not verdict.is_silent:
                    console.print(verdict.message(), highlight=False, markup=False)
            render_coach_report(console, summary)

        data = {"seat": judged + 1, "player": player, **summary.to_dict()}
        emit(data, show, as_json=as_json, plain=plain)
        return
    state = replayed.state
    if state.is_over():
        raise HintInputError(
            f"{path}: the game is over, so there is nothing to decide; --review judges "
            "its decisions"
        )
    if replayed.due != judged:
        raise HintInputError(
            f"{path}: the game waits for player {(replayed.due or 0) + 1}'s decision, "
            f"not player {judged + 1}'s; --review judges the decisions made"
        )
    with stderr_console().status("The expert is weighing your options...", spinner="dots"):
        advice = advise(state, judged, rollouts=rollouts, seed=record.seed, opponents=opponents)
    answers = len(replayed.decisions)
    heading = f"{path}: your {advice.kind.value} decision ({when(state)}), after {answers} answers."
    emit(
        {"answers": answers, **advice.to_dict()},
        lambda console: render_advice(console, advice, heading=heading),
        as_json=as_json,
        plain=plain,
    )
