"""``silverpyr hint``: graded hints and move feedback in a puzzle, move rankings in a real game.

Three ways to say where you are:

* ``--puzzle ID --moves "B1 B2; C3"``: a puzzle and the moves played so far;
* ``--card 17 --expeditions "I3 L3 O4"`` (``--card`` again for a hand of two; ``--round``,
  ``--turn`` and ``--objective`` optional): an ad-hoc line problem, same ``--moves``;
* ``--state FILE``: a real game, where the order of the expedition cards is unknown (see
  :mod:`silverpyr.puzzles.hints.state_file` for the format). The legal moves are ranked
  by expected points to the end of the round (:mod:`silverpyr.puzzles.uncertain`).

``h`` in ``silverpyr game`` shows the same ranking as ``--state`` (:func:`show_game_hint`);
``h`` in the puzzle trainer gives the next hint level (:func:`hint_command`), and every
move played there is judged (:func:`feedback_notes`).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Annotated, Any

import typer

from ..puzzles.ranking_defaults import DEFAULT_SAMPLES, DEFAULT_TOP_K
from ..solver.errors import SilverpyrError
from ..solver.objective import Objective
from .context import app_context
from .output import emit

if TYPE_CHECKING:
    from rich.console import Console, RenderableType

    from ..puzzles.hints.coach import Coach
    from ..puzzles.hints.feedback import Feedback
    from ..puzzles.hints.graded import Hint
    from ..puzzles.hints.line import LinePosition
    from ..puzzles.session import PlaySession
    from ..puzzles.uncertain import Ranking, Situation
    from ..solver.cards import Deck
    from ..solver.game import GameState
    from ..solver.problem import Instance, LineResult, Objective
    from .puzzle_cmd import PlayScreen

DEFAULT_TIME_LIMIT = 10.0
START_LABEL = "*"


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
    moves: Annotated[
        str,
        typer.Option("--moves", help="Moves played so far, ';' between turns.", show_default=False),
    ] = "",
    level: Annotated[
        int, typer.Option("--level", min=1, max=3, help="1 the aim, 2 the area, 3 the move.")
    ] = 1,
    review: Annotated[
        bool, typer.Option("--review", help="Also judge every move of --moves.")
    ] = False,
    cards: Annotated[
        list[int] | None,
        typer.Option(
            "--card", help="Ad-hoc problem: a card in play (repeat for two).", show_default=False
        ),
    ] = None,
    expeditions: Annotated[
        str | None,
        typer.Option(
            "--expeditions",
            help="Ad-hoc problem: the expedition cards in order.",
            show_default=False,
        ),
    ] = None,
    round_number: Annotated[
        int, typer.Option("--round", min=1, max=4, help="Ad-hoc problem: round of turn 1.")
    ] = 1,
    turn: Annotated[
        int,
        typer.Option("--turn", min=1, max=7, help="Ad-hoc problem: turn 1's turn in its round."),
    ] = 1,
    objective: Annotated[
        Objective, typer.Option("--objective", help="Ad-hoc problem: what to optimise.")
    ] = Objective.POINTS,
    state: Annotated[
        Path | None,
        typer.Option(
            "--state",
            help="Real game: a YAML/JSON state file (order unknown).",
            dir_okay=False,
            show_default=False,
        ),
    ] = None,
    samples: Annotated[
        int, typer.Option("--samples", min=1, max=200, help="--state: orders sampled.")
    ] = DEFAULT_SAMPLES,
    top: Annotated[
        int, typer.Option("--top", min=1, max=50, help="--state: candidate moves evaluated.")
    ] = DEFAULT_TOP_K,
    seed: Annotated[int, typer.Option("--seed", help="--state: seed of the sampled orders.")] = 0,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs",
            min=1,
            help="--state: worker processes (default: up to 2).",
            show_default=False,
        ),
    ] = None,
    time_limit: Annotated[
        float, typer.Option("--time-limit", min=0.1, help="Seconds per solver call.")
    ] = DEFAULT_TIME_LIMIT,
    as_json: Annotated[bool, typer.Option("--json", help="Print the hint as JSON.")] = False,
    plain: Annotated[bool, typer.Option("--plain", help="ASCII output without colour.")] = False,
) -> None:
    """Hint for the next turn of a puzzle (aim, area, move), or rank moves in a real game."""
    deck = app_context(ctx).deck()
    modes = sum((puzzle is not None, bool(cards) or expeditions is not None, state is not None))
    if modes != 1:
        raise HintInputError(
            "say where you are with one of --puzzle ID, --card N --expeditions '...', --state FILE"
        )
    if state is not None:
        from ..puzzles.hints.state_file import load_state

        situation = load_state(state, deck)
        _rank(
            situation,
            samples=samples,
            top=top,
            seed=seed,
            jobs=jobs,
            time_limit=time_limit,
            as_json=as_json,
            plain=plain,
        )
        return
    problem = (
        _puzzle_problem(deck, puzzle)
        if puzzle is not None
        else _adhoc_problem(deck, cards or [], expeditions, round_number, turn, objective)
    )
    _puzzle_hint(
        problem,
        moves,
        level=level,
        review=review,
        time_limit=time_limit,
        as_json=as_json,
        plain=plain,
    )


# --- where we are -----------------------------------------------------------------------


@dataclass(frozen=True)
class _Problem:
    """A line problem to hint about, and a line already proven best for it (if known)."""

    title: str
    instance: Instance
    objective: Objective
    proven: LineResult | None = None


def _puzzle_problem(deck: Deck, puzzle_id: str) -> _Problem:
    from ..puzzles.generate import puzzle_from_id

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
    from ..solver.position import Position
    from ..solver.problem import Instance

    if not cards or not expeditions:
        raise HintInputError("an ad-hoc problem needs --card N and --expeditions 'I3 L3 ...'")
    if len(set(cards)) != len(cards):
        raise HintInputError("--card: the same card is given twice")
    names = expeditions.replace(",", " ").split()
    instance = Instance(
        Position.start(*(deck.card(number) for number in cards)),
        tuple(deck.expedition(name) for name in names),
        round_number,
        turn,
    )
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
    from ..puzzles.hints.coach import Coach
    from ..puzzles.hints.graded import HintLevel, hint
    from ..puzzles.hints.line import play_moves

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
    data: dict[str, Any] = given.as_dict() if given is not None else {}
    if review:
        data["feedback"] = [item.as_dict() for item in reviews]
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

    instance = at.instance
    for item in reviews:
        for line in item.text_lines():
            console.print(line, markup=False, highlight=False, soft_wrap=True)
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
    console.print(_cards_row(at, given, plain=plain))
    console.print(
        f"Hint, level {int(given.level)} of 3:", markup=False, highlight=False, soft_wrap=True
    )
    for line in given.text_lines():
        console.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)
    if given.level < 3:
        console.print(f"(--level {int(given.level) + 1} tells more)", markup=False, highlight=False)


def _cards_row(at: LinePosition, given: Hint, *, plain: bool) -> RenderableType:
    """Each card with its marks (labelled by turn) and the hint's highlight."""
    from rich.columns import Columns
    from rich.console import Group

    from ..solver.cells import cells_of
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
    from ..puzzles.uncertain import rank_moves

    ranking = rank_moves(
        situation, samples=samples, top_k=top, seed=seed, jobs=jobs, time_limit=time_limit
    )
    emit(
        ranking_dict(ranking),
        lambda console: render_ranking(console, ranking),
        as_json=as_json,
        plain=plain,
    )


def ranking_dict(ranking: Ranking) -> dict[str, Any]:
    """JSON-ready form of a ranking."""
    from ..solver.moves import move_str

    situation = ranking.situation
    with_card = len(situation.position.cards) > 1
    margin = ranking.margin()
    return {
        "round": situation.round_number,
        "turn": situation.turn,
        "expedition": situation.expedition.name,
        "unseen": [e.name for e in situation.unseen()],
        "method": ranking.method.value,
        "futures": len(ranking.futures),
        "seed": ranking.seed,
        "exact": ranking.exact,
        "legal_moves": ranking.legal_count,
        "candidates": [
            {
                "move": move_str(e.move, with_card=with_card),
                "expected": round(e.mean, 3),
                "stderr": round(e.stderr, 3),
                "best_share": round(e.best_share, 3),
                "heuristic_rank": e.heuristic_rank,
                **({} if e.completion is None else {"completion": round(e.completion, 6)}),
            }
            for e in ranking.estimates
        ],
        "margin": None
        if margin is None
        else {"mean": round(margin[0], 3), "stderr": round(margin[1], 3)},
        "confidence": ranking.confidence(),
    }


def render_ranking(console: Console, ranking: Ranking) -> None:
    """The ranking as a table with the method and its limits."""
    from rich import box
    from rich.table import Table

    from ..puzzles.uncertain import Method
    from ..solver.moves import move_str

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
    table.add_column("Move")
    table.add_column("Expected", justify="right")
    table.add_column("±", justify="right")
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
        console.print(line, markup=False, highlight=False, soft_wrap=True)


def game_situation(state: GameState, player: int) -> Situation:
    """What ``player`` knows in a running game: no peeking at the unrevealed cards."""
    from ..puzzles.uncertain import Situation

    return Situation(
        position=state.position(player),
        round_number=state.round_number,
        expedition=state.expedition,
        seen=state.expedition_order[: state.turn - 1],
        deck=state.expedition_cards,
    )


def show_game_hint(console: Console, state: GameState, player: int) -> None:
    """The ``h`` answer in ``silverpyr game``: the ranking for ``player``'s move now."""
    from ..puzzles.uncertain import rank_moves

    render_ranking(console, rank_moves(game_situation(state, player)))


# --- the puzzle trainer: ``h`` and feedback after every move ------------------------------


def trainer_coach(session: PlaySession, deck: Deck) -> Coach:
    """A coach for an attempt, seeded with the puzzle's proven solution when it has one."""
    from ..puzzles.hints.coach import Coach

    puzzle = session.puzzle
    proven = puzzle.solution_line(deck) if puzzle.solution else None
    return Coach(session.instance, puzzle.objective, proven=proven)


def _screen_coach(screen: PlayScreen) -> Coach:
    if screen.coach is None:
        screen.coach = trainer_coach(screen.session, screen.deck)
    return screen.coach


def hint_command(screen: PlayScreen, rest: str) -> bool:
    """``h`` in the trainer: the next hint level for this turn; counted as a hint used."""
    from ..puzzles.hints.line import LinePosition

    coach = _screen_coach(screen)
    session = screen.session
    given = coach.next_hint(session.moves)
    session.hints_used = coach.hints_given
    console = screen.console
    console.print(f"Hint, level {int(given.level)} of 3:", markup=False, highlight=False)
    for line in given.text_lines():
        console.print(f"  {line}", markup=False, highlight=False, soft_wrap=True)
    if given.level > 1:
        at = LinePosition(session.instance, session.moves)
        console.print(_cards_row(at, given, plain=screen.plain))
    if given.level < 3:
        console.print("(h again tells more)", markup=False, highlight=False)
    return False


def feedback_notes(screen: PlayScreen) -> list[str]:
    """Lines judging the move just played, for the notes under the next drawing."""
    session = screen.session
    played = session.moves
    return _screen_coach(screen).feedback(played[:-1], played[-1]).text_lines()
